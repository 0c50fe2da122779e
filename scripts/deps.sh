#!/usr/bin/env bash
# Installs the client-test dependencies (the official MCP clients) into the git-ignored .deps/:
#
#   .deps/clients-node/  npm ci of tests/clients/package.json + package-lock.json:
#                        @modelcontextprotocol/sdk 1.32.2 (TypeScript SDK v1),
#                        @modelcontextprotocol/client 2.4.0 (v2), @modelcontextprotocol/inspector 0.15.0
#   .deps/venv/          python3 venv with tests/clients/requirements.txt: mcp 2.3.0, pytest 9.2.0
#
# Idempotent: a stamp per side records a hash of its pin files and interpreter version; when it
# matches (and the installed entry points exist) that side is skipped. Progress goes to stderr.
#
# The npm prefix is not .deps/node: mk/ship.mk owns that one (npm ci of scripts/ship/tools), and an
# `npm ci` there would delete anything else installed into it.
#
# Env: OJ_DEPS_DIR (default <repo>/.deps), PYTHON (default python3), NPM (default npm).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
deps=${OJ_DEPS_DIR:-$root/.deps}
spec=$root/tests/clients
python=${PYTHON:-python3}
npm=${NPM:-npm}

say() { printf 'deps.sh: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

command -v node >/dev/null || die "node not found (Node >= 18 is needed for the TypeScript SDK and the Inspector)"
command -v "$npm" >/dev/null || die "$npm not found"
command -v "$python" >/dev/null || die "$python not found (Python >= 3.10 is needed for mcp 2.x)"

node_dir=$deps/clients-node
venv=$deps/venv

# What each install depends on: its pin files and the interpreter it is installed for.
node_print() { cat "$spec/package.json" "$spec/package-lock.json"; node --version; }
python_print() { cat "$spec/requirements.txt"; "$python" -c 'import sys; print(sys.version)'; }

# The stamp holds the hash of what was installed; the probe files catch a half-deleted .deps/.
up_to_date() { # name, probe file...
  local file=$deps/.clients-$1.stamp want f
  want=$("$1_print" | sha256sum | cut -d' ' -f1)
  [[ -f $file && $(cat "$file") == "$want" ]] || return 1
  shift
  for f in "$@"; do [[ -e $f ]] || return 1; done
}
stamp() { "$1_print" | sha256sum | cut -d' ' -f1 >"$deps/.clients-$1.stamp"; }

mkdir -p "$deps"

if up_to_date node "$node_dir/node_modules/.bin/mcp-inspector" \
  "$node_dir/node_modules/@modelcontextprotocol/sdk/package.json" \
  "$node_dir/node_modules/@modelcontextprotocol/client/package.json"; then
  say "node clients up to date in ${node_dir#"$root"/}"
else
  say "installing node clients into ${node_dir#"$root"/} (npm ci: $(node -p "Object.entries(require('$spec/package.json').dependencies).map(([k, v]) => k + '@' + v).join(', ')"))"
  mkdir -p "$node_dir"
  cp "$spec/package.json" "$spec/package-lock.json" "$node_dir/"
  # npm ci installs exactly the lock file; its progress goes to stderr with everything else.
  "$npm" ci --prefix "$node_dir" --no-audit --no-fund --loglevel=error 1>&2
  stamp node
fi

if up_to_date python "$venv/bin/python" "$venv/bin/pytest"; then
  say "python clients up to date in ${venv#"$root"/}"
else
  say "installing python clients into ${venv#"$root"/} ($(grep -E '^(mcp|pytest)==' "$spec/requirements.txt" | paste -sd' '))"
  # --clear: a pin or interpreter change starts from an empty venv, so nothing stale survives.
  "$python" -m venv --clear "$venv" ||
    die "$python -m venv failed (on Debian/Ubuntu: apt-get install python3-venv)"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    -r "$spec/requirements.txt" 1>&2
  stamp python
fi
