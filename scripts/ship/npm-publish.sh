#!/usr/bin/env bash
# Publish npm tarballs with provenance, skipping any version already on the registry (so that
# a re-run of the release workflow picks up where it stopped). Used by release.yml, where npm
# authenticates by trusted publishing (OIDC): no token is read or needed here.
#
#   scripts/ship/npm-publish.sh <tarball>...
set -euo pipefail
[ "$#" -gt 0 ] || {
	echo "npm-publish: no tarballs" >&2
	exit 1
}
for tgz in "$@"; do
	# shellcheck disable=SC2016 # a JavaScript template literal, not a shell expansion
	spec=$(tar xzf "$tgz" -O package/package.json |
		node -p 'const p = JSON.parse(require("fs").readFileSync(0, "utf8")); `${p.name}@${p.version}`')
	if npm view "$spec" version >/dev/null 2>&1; then
		echo "npm-publish: $spec is already published"
	else
		echo "npm-publish: $spec"
		npm publish "$tgz" --provenance --access public
	fi
done
