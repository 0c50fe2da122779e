#!/usr/bin/env bash
# Offline end-to-end test of the npx path (`make npm-smoke`).
#
#   scripts/ship/npm-smoke.sh <release binary> <its rust target>
#
# Packs the root package (the compiled launcher) and this machine's platform package, installs both
# tarballs into a temporary prefix with no registry at all (npm --offline, registry set to a
# closed port, empty user config, install scripts off), then drives the installed `oj-mcp-rs`
# command the way npx runs it (node_modules/.bin/oj-mcp-rs): --version (also through a real
# `npx`), a full MCP session against the fixture backend (examples/smoke.rs), exit codes,
# signal deaths (128 + n), the OJ_MCP_RS_BINARY override, the message for a missing or
# unsupported platform, what the launcher loads, and its start-up overhead.
# Needs: node + npm, the launcher built (`make npm-launcher`), cargo for the smoke session.
set -uo pipefail

BIN=${1:?usage: npm-smoke.sh <release binary> <rust target>}
TARGET=${2:?usage: npm-smoke.sh <release binary> <rust target>}
CARGO=${CARGO:-cargo}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
STUB=$ROOT/scripts/ship/stub-binary.sh
WORK=$ROOT/target/ship/npm-smoke
TMP=$(mktemp -d "${TMPDIR:-/tmp}/oj-npm-smoke.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
rm -rf "$WORK" && mkdir -p "$WORK/pkg" "$WORK/tgz"

passed=0 failed=0
ok() { echo "ok - $1"; passed=$((passed + 1)); }
not_ok() {
	echo "not ok - $1"
	failed=$((failed + 1))
	[ -n "${2:-}" ] && [ -s "$2" ] && tail -n 40 "$2" | sed 's/^/    | /'
	return 0
}
die() {
	echo "npm-smoke: $1" >&2
	echo "npm-smoke: $passed passed, $((failed + 1)) failed"
	exit 1
}
# check LABEL WANT_CODE CMD... : run CMD (stdout+stderr to $TMP/out) and compare its exit code.
check() {
	local label=$1 want=$2
	shift 2
	"$@" >"$TMP/out" 2>&1 </dev/null
	local got=$?
	if [ "$got" = "$want" ]; then ok "$label (exit $got)"; else not_ok "$label: exit $got, want $want" "$TMP/out"; fi
}
# has LABEL TEXT : the last check's output contains TEXT.
has() {
	if grep -qF -- "$2" "$TMP/out"; then ok "$1"; else not_ok "$1: no \"$2\" in the output" "$TMP/out"; fi
}

# npm with nothing from outside: no registry, no user config, no cache of the user's, no scripts.
export npm_config_userconfig=$TMP/npmrc npm_config_globalconfig=$TMP/npmrc-global
export npm_config_registry=http://127.0.0.1:9/ npm_config_offline=true npm_config_cache=$TMP/npm-cache
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
export npm_config_ignore_scripts=true npm_config_loglevel=error
: >"$TMP/npmrc" && : >"$TMP/npmrc-global"

VERSION=$(node -p 'require("./npm/oj-mcp-rs/package.json").version') || die "cannot read the root package's version"
check "the version gate (Cargo.toml, package.json, server.json, mcpb manifest agree)" 0 \
	node scripts/ship/check-versions.mjs

# --- build and pack ------------------------------------------------------------------------------
ROOT_DIR=$(node scripts/ship/stage-root-package.mjs --out "$WORK/pkg") || die "staging the root package failed (run make npm-launcher)"
PLAT_DIR=$(node scripts/ship/gen-platform-package.mjs --target "$TARGET" --bin "$BIN" --out "$WORK/pkg") ||
	die "generating the platform package failed"
PLAT=$(basename "$PLAT_DIR")
PLAT_BIN=$(node --input-type=module -e "
import { findTarget } from './scripts/ship/targets.mjs';
console.log(findTarget(process.argv[1]).binary);" "$TARGET") || die "unknown target $TARGET"
for d in "$ROOT_DIR" "$PLAT_DIR"; do
	(cd "$WORK/tgz" && npm pack --silent "$d" >/dev/null) || die "npm pack $d failed"
done
ROOT_TGZ=$WORK/tgz/oj-mcp-rs-$VERSION.tgz
PLAT_TGZ=$WORK/tgz/$PLAT-$VERSION.tgz

tar tzf "$ROOT_TGZ" | sort >"$TMP/out"
printf '%s\n' package/LICENSE package/README.md package/lib/index.js package/package.json >"$TMP/want"
if cmp -s "$TMP/out" "$TMP/want"; then ok "the root tarball holds only the launcher, README, LICENSE, package.json"; else not_ok "root tarball contents" "$TMP/out"; fi
tar tzf "$PLAT_TGZ" | sort >"$TMP/out"
printf '%s\n' package/LICENSE package/README.md "package/bin/$PLAT_BIN" package/package.json >"$TMP/want"
if cmp -s "$TMP/out" "$TMP/want"; then ok "the $PLAT tarball holds only the binary, README, LICENSE, package.json"; else not_ok "$PLAT tarball contents" "$TMP/out"; fi
tar tvzf "$PLAT_TGZ" "package/bin/$PLAT_BIN" >"$TMP/out"
if grep -q '^-rwxr-xr-x' "$TMP/out"; then ok "the packed binary is executable (no install script needed to chmod it)"; else not_ok "the packed binary's mode" "$TMP/out"; fi

# --- install without a registry, as npx lays it out ------------------------------------------------
PREFIX=$TMP/prefix
mkdir -p "$PREFIX"
check "npm install of both tarballs, offline, install scripts off" 0 \
	npm install --prefix "$PREFIX" "$ROOT_TGZ" "$PLAT_TGZ"
CMD=$PREFIX/node_modules/.bin/oj-mcp-rs
[ -x "$CMD" ] || die "$CMD was not installed"
(cd "$PREFIX/node_modules" && printf '%s\n' oj-mcp-rs*) >"$TMP/out"
printf '%s\n' oj-mcp-rs "$PLAT" >"$TMP/want"
if cmp -s "$TMP/out" "$TMP/want"; then ok "installed: the launcher and only the $PLAT package"; else not_ok "installed packages" "$TMP/out"; fi

# --- through the installed command -----------------------------------------------------------------
check "oj-mcp-rs --version through the launcher" 0 "$CMD" --version
has "it prints \"oj-mcp-rs $VERSION\"" "oj-mcp-rs $VERSION"
check "oj-mcp-rs --version through a real npx (offline, the two tarballs)" 0 \
	npx --yes --package "$ROOT_TGZ" --package "$PLAT_TGZ" -- oj-mcp-rs --version
has "npx prints \"oj-mcp-rs $VERSION\"" "oj-mcp-rs $VERSION"

check "MCP over the launcher's inherited stdio, with a token" 0 \
	node scripts/ship/mcp-check.mjs --label launcher --token ship-check-token -- "$CMD"
check "MCP over the launcher's inherited stdio, no token" 0 \
	node scripts/ship/mcp-check.mjs --label launcher -- "$CMD"

if [ -f examples/smoke.rs ]; then
	# The full scripted session against the fixture backend; build first so its time is not the session's.
	if ! "$CARGO" build --quiet --release --example smoke >"$TMP/out" 2>&1; then
		not_ok "building examples/smoke.rs" "$TMP/out"
	elif "$CARGO" run --quiet --release --example smoke -- --bin "$CMD" >"$TMP/out" 2>&1; then
		ok "a full MCP session against the fixture backend through the launcher (examples/smoke.rs)"
	else
		not_ok "examples/smoke.rs --bin $CMD failed" "$TMP/out"
	fi
elif [ "${NPM_SMOKE_SKIP_SESSION:-}" = 1 ]; then
	echo "skip - examples/smoke.rs is missing (NPM_SMOKE_SKIP_SESSION=1)"
else
	not_ok "examples/smoke.rs is missing: no full MCP session (NPM_SMOKE_SKIP_SESSION=1 to skip)"
fi

# A non-zero exit code of the real binary comes through unchanged.
"$BIN" --no-such-flag >/dev/null 2>&1 </dev/null
direct=$?
check "a bad flag: the launcher passes the binary's exit code on" "$direct" "$CMD" --no-such-flag
if [ "$direct" != 0 ]; then ok "that code is non-zero ($direct)"; else not_ok "the binary exits 0 on a bad flag"; fi

# The real binary killed by a signal while it serves: the launcher exits 128 + 9.
mkfifo "$TMP/stdin"
OJ_BASE_URL=http://127.0.0.1:9 "$CMD" <"$TMP/stdin" >/dev/null 2>&1 &
launcher_pid=$!
exec 7>"$TMP/stdin"
child=""
for _ in $(seq 100); do
	child=$(pgrep -P "$launcher_pid" || true)
	[ -n "$child" ] && break
	sleep 0.05
done
if [ -n "$child" ]; then
	kill -KILL "$child"
	wait "$launcher_pid"
	code=$?
	if [ "$code" = 137 ]; then
		ok "the served binary killed by SIGKILL: the launcher exits 137"
	else
		not_ok "the served binary killed by SIGKILL: the launcher exits $code, want 137"
	fi
else
	not_ok "the launcher did not start the binary within 5 s"
	kill "$launcher_pid" 2>/dev/null
fi
exec 7>&-

# The override, with a stub binary: arguments, exit codes, signals, a missing or unrunnable file.
export OJ_MCP_RS_BINARY=$STUB
check "OJ_MCP_RS_BINARY=stub: exit 0" 0 "$CMD" --hello "two words"
has "the override is honoured and the arguments arrive intact" "stub-binary argv: --hello two words"
check "stub exits 42: the launcher exits 42" 42 "$CMD" --exit 42
check "stub exits 255: the launcher exits 255" 255 "$CMD" --exit 255
check "stub dies of SIGTERM: the launcher exits 128 + 15" 143 "$CMD" --signal TERM
check "stub dies of SIGKILL: the launcher exits 128 + 9" 137 "$CMD" --signal KILL
OJ_MCP_RS_BINARY=$TMP/no-such-binary check "OJ_MCP_RS_BINARY names no file: exit 127" 127 "$CMD" --version
has "with a message naming the file" "cannot run $TMP/no-such-binary"
OJ_MCP_RS_BINARY=$ROOT/LICENSE check "OJ_MCP_RS_BINARY names a non-executable file: exit 126" 126 "$CMD" --version
OJ_MCP_RS_BINARY='' check "OJ_MCP_RS_BINARY empty counts as unset" 0 "$CMD" --version
has "and runs the packaged binary" "oj-mcp-rs $VERSION"
unset OJ_MCP_RS_BINARY

# No platform package: the message names the package and the supported platforms.
SUPPORTED="Supported platforms: linux-x64, linux-arm64, darwin-x64, darwin-arm64, windows-x64, windows-arm64."
mv "$PREFIX/node_modules/$PLAT" "$TMP/$PLAT"
check "the $PLAT package missing: exit 1" 1 "$CMD" --version
has "the message says which package is missing" "the package $PLAT is not installed"
has "the message lists the supported platforms" "$SUPPORTED"
has "the message names the override" "OJ_MCP_RS_BINARY"
cat >"$TMP/fake-platform.cjs" <<'EOF'
Object.defineProperty(process, "platform", { value: "freebsd" });
Object.defineProperty(process, "arch", { value: "riscv64" });
EOF
NODE_OPTIONS="--require $TMP/fake-platform.cjs" check "an unsupported platform (freebsd riscv64): exit 1" 1 "$CMD" --version
has "the message says there is no binary for it" "there is no prebuilt binary for this platform (freebsd riscv64)"
has "and lists the supported platforms" "$SUPPORTED"
mv "$TMP/$PLAT" "$PREFIX/node_modules/$PLAT"

# The launcher loads no JavaScript but itself (no run-time dependencies, nothing lazy-loaded).
cat >"$TMP/trace.cjs" <<EOF
process.on("exit", () => require("fs").writeFileSync("$TMP/loaded", Object.keys(require.cache).join("\n") + "\n"));
EOF
NODE_OPTIONS="--require $TMP/trace.cjs" check "the launcher under a module trace" 0 "$CMD" --version
grep -v "trace.cjs" "$TMP/loaded" >"$TMP/out"
if [ "$(wc -l <"$TMP/out")" = 1 ] && grep -q 'oj-mcp-rs/lib/index.js$' "$TMP/out"; then
	ok "the launcher loads no JavaScript file but its own"
else
	not_ok "the launcher loaded more JavaScript than itself" "$TMP/out"
fi

# Start-up overhead over running the binary directly (informative; fails only if absurd).
node scripts/ship/bench-launcher.mjs --bin "$BIN" --launcher "$CMD" --runs "${NPM_SMOKE_BENCH_RUNS:-21}" \
	--max-overhead-ms 1000 >"$TMP/out" 2>&1
code=$?
sed 's/^/    /' "$TMP/out"
if [ "$code" = 0 ]; then ok "launcher start-up overhead measured"; else not_ok "launcher start-up overhead" "$TMP/out"; fi

echo "npm-smoke: $passed passed, $failed failed"
[ "$failed" = 0 ]
