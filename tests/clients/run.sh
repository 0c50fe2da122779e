#!/usr/bin/env bash
# Runs the real-client suites (TypeScript SDK v1, TypeScript SDK v2 in both protocol eras, Python SDK
# in both eras, Inspector CLI) one after the other, all of them even when one fails, then prints
# how long each took; exits 1 if any failed.
#
# Needs the release binary + fixture backend (`make client-tests` builds them) and scripts/deps.sh.
# Env (passed through to every suite): OJ_MCP_BIN, OJ_FIXTURE_BACKEND, OJ_CLIENTS_NODE.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root" || exit 1

venv=${OJ_DEPS_DIR:-$root/.deps}/venv
summary=()
status=0

suite() { # name, command...
  local name=$1 t0 rc ms
  shift
  echo "=== client tests: $name" >&2
  t0=${EPOCHREALTIME/./}
  "$@"
  rc=$?
  ms=$(((${EPOCHREALTIME/./} - t0) / 1000))
  summary+=("$(printf '%-17s %-4s %4d.%d s' "$name" "$( ((rc == 0)) && echo ok || echo FAIL)" $((ms / 1000)) $((ms % 1000 / 100)))")
  ((rc == 0)) || status=1
}

suite "typescript-sdk-v1" node --test tests/clients/ts_sdk.mjs
suite "typescript-sdk-v2" node --test tests/clients/ts_sdk_v2.mjs
# -p no:cacheprovider: no .pytest_cache in the tree.
suite "python-sdk" env PYTHONDONTWRITEBYTECODE=1 "$venv/bin/python" -m pytest -p no:cacheprovider \
  tests/clients/test_python_sdk.py
suite "inspector-cli" tests/clients/inspector.sh

echo "=== client tests summary" >&2
printf '%s\n' "${summary[@]}" >&2
exit "$status"
