#!/usr/bin/env bash
# Turn built binaries into everything a release publishes (`make dist`; the release workflow).
#
#   scripts/ship/dist.sh <bins dir> <out dir>
#
# <bins dir>/<rust target>/oj-mcp-rs[.exe] for each target built. Writes to <out dir>:
#   oj-mcp-rs-<target>.tar.gz (.zip for Windows)  the binary, LICENSE, README.md, docs/
#   oj-mcp-rs-<platform>.mcpb                     the MCP Bundle (scripts/ship/mcpb.mjs)
#   SHA256SUMS                                    of all of the above, checked once written
#   npm/*.tgz                                     the platform packages and the root package
# The bundle of the platform this runs on is also started and driven (mcpb.mjs --check).
# Needs: node, npm, tar, python3, the pinned tools (`make ship-tools`) and the compiled launcher
# (`make npm-launcher`).
set -euo pipefail

BINS=$(cd "${1:?usage: dist.sh <bins dir> <out dir>}" && pwd)
OUT=${2:?usage: dist.sh <bins dir> <out dir>}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
cd "$ROOT"
rm -rf "$OUT/npm" "$OUT"/oj-mcp-rs-*.tar.gz "$OUT"/oj-mcp-rs-*.zip "$OUT"/oj-mcp-rs-*.mcpb "$OUT/SHA256SUMS"
mkdir -p "$OUT/npm"
STAGE=$ROOT/target/ship/dist
rm -rf "$STAGE" && mkdir -p "$STAGE"

# target, binary name and archive name of each known target (scripts/ship/targets.mjs)
node --input-type=module -e '
import { TARGETS } from "./scripts/ship/targets.mjs";
for (const t of TARGETS) console.log([t.target, t.binary, t.archive].join(" "));' >"$STAGE/targets"
host=$(node --input-type=module -e '
import { findTarget } from "./scripts/ship/targets.mjs";
try { console.log(findTarget("host").target) } catch { console.log("none") }')

built=0
while read -r target binary archive; do
	bin=$BINS/$target/$binary
	[ -f "$bin" ] || continue
	built=$((built + 1))
	echo "dist: $target"
	dir=$STAGE/$target
	mkdir -p "$dir"
	cp "$bin" "$dir/$binary"
	chmod 755 "$dir/$binary" # artifacts lose the mode bit
	cp LICENSE "$dir/"
	[ -f README.md ] && cp README.md "$dir/"
	[ -d docs ] && cp -R docs "$dir/" # the README's links lead there
	files=("$binary" LICENSE)
	[ -f README.md ] && files+=(README.md)
	[ -d docs ] && files+=(docs)
	case "$archive" in
	*.zip) (cd "$dir" && python3 -m zipfile -c "$OUT/$archive" "${files[@]}") ;;
	*) tar -C "$dir" --owner=0 --group=0 --numeric-owner -czf "$OUT/$archive" "${files[@]}" ;;
	esac
	check=()
	[ "$target" = "$host" ] && check=(--check)
	node scripts/ship/mcpb.mjs --target "$target" --bin "$dir/$binary" --out "$OUT" "${check[@]}"
	pkg=$(node scripts/ship/gen-platform-package.mjs --target "$target" --bin "$dir/$binary" --out "$STAGE/npm")
	(cd "$OUT/npm" && npm pack --silent "$pkg" >/dev/null)
done <"$STAGE/targets"
[ "$built" -gt 0 ] || {
	echo "dist: no binaries under $BINS/<target>/" >&2
	exit 1
}

root_pkg=$(node scripts/ship/stage-root-package.mjs --out "$STAGE/npm")
(cd "$OUT/npm" && npm pack --silent "$root_pkg" >/dev/null)

cd "$OUT"
shopt -s nullglob
assets=(oj-mcp-rs-*.tar.gz oj-mcp-rs-*.zip oj-mcp-rs-*.mcpb)
if command -v sha256sum >/dev/null; then sum=(sha256sum); else sum=(shasum -a 256); fi
"${sum[@]}" "${assets[@]}" >SHA256SUMS
"${sum[@]}" -c SHA256SUMS
echo "dist: $built target(s) in $OUT:"
ls -l "$OUT" "$OUT/npm"
