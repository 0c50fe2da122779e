#!/usr/bin/env bash
# Offline end-to-end test of the npx path (`make npm-smoke`).
#
#   scripts/ship/npm-smoke.sh <release binary> <its rust target> [more node binaries...]
#
# Packs the root package (the compiled launcher) and this machine's platform package, installs both
# tarballs into a temporary prefix with no registry at all (npm --offline, registry set to a
# closed port, empty user config, install scripts off), then drives the installed `oj-mcp-rs`
# command the way npx runs it (node_modules/.bin/oj-mcp-rs): --version (also through a real
# `npx`), a full MCP session against the fixture backend (examples/smoke.rs), exit codes,
# signal deaths (128 + n), the OJ_MCP_RS_BINARY override, the message for a missing or
# unsupported platform, what the launcher loads, and its start-up overhead. Then the launcher's
# two ways of running the binary: the session's process tree after `initialize` (the server alone
# where Node has process.execve, else Node and one oj-mcp-rs child), SIGTERM/SIGINT/SIGHUP to
# the launched pid (exit 0, no oj-mcp-rs left behind), and binaries execve would abort Node on (a
# missing ELF loader or `#!` interpreter, a foreign format), which must go to spawn instead.
# All of it runs once per Node: the one in PATH, then each given on the command line.
# Needs: node + npm, the launcher built (`make npm-launcher`), cargo for the smoke session.
set -uo pipefail

BIN=${1:?usage: npm-smoke.sh <release binary> <rust target> [node...]}
TARGET=${2:?usage: npm-smoke.sh <release binary> <rust target> [node...]}
shift 2
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

# --- through the installed command, on each Node ---------------------------------------------------
INIT='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"npm-smoke","version":"0"}}}'

# start_session: the installed command as a host starts it (stdin a pipe kept open on fd 7, so the
# server never sees EOF), `initialize` sent and its reply awaited. Sets launcher_pid.
start_session() {
	rm -f "$TMP/stdin" "$TMP/session.out"
	mkfifo "$TMP/stdin"
	OJ_BASE_URL=http://127.0.0.1:9 "$CMD" <"$TMP/stdin" >"$TMP/session.out" 2>"$TMP/session.err" &
	launcher_pid=$!
	exec 7>"$TMP/stdin"
	printf '%s\n' "$INIT" >&7
	for _ in $(seq 200); do
		grep -q '"id":1,.*"result"' "$TMP/session.out" && return 0
		sleep 0.05
	done
	return 1
}
end_session() {
	exec 7>&-
	kill "$launcher_pid" 2>/dev/null
	wait "$launcher_pid" 2>/dev/null
}
comm() { ps -o comm= -p "$1" 2>/dev/null; }
# server_of PID: the session's oj-mcp-rs process: PID itself after an execve, else its child.
server_of() {
	if [ "$(comm "$1")" = oj-mcp-rs ]; then echo "$1"; else pgrep -P "$1"; fi
}
# tree PID: PID and its descendants, one "pid comm" a line.
tree() {
	local p
	echo "$1 $(comm "$1")"
	for p in $(pgrep -P "$1"); do tree "$p"; done
}

# The process tree of a session after `initialize`, and what a stop signal to the launched pid
# leaves behind. EXECVE=true: the launched pid is the server itself, no Node anywhere.
session_checks() {
	local sig server code
	if ! start_session; then
		not_ok "$NODE_LABEL: no reply to initialize through the launcher" "$TMP/session.err"
		end_session
		return
	fi
	tree "$launcher_pid" >"$TMP/out"
	if [ "$EXECVE" = true ]; then
		if [ "$(cat "$TMP/out")" = "$launcher_pid oj-mcp-rs" ]; then
			ok "$NODE_LABEL: after initialize the session's tree is the server alone, no Node (execve)"
		else
			not_ok "$NODE_LABEL: after initialize the tree is not the server alone (execve expected)" "$TMP/out"
		fi
	elif [ "$(comm "$launcher_pid")" != oj-mcp-rs ] && [ "$(pgrep -P "$launcher_pid" | wc -l)" = 1 ] &&
		[ "$(comm "$(pgrep -P "$launcher_pid")")" = oj-mcp-rs ]; then
		# (Node 24 names its main thread, and so the process, MainThread.)
		ok "$NODE_LABEL: after initialize the tree is Node ($(comm "$launcher_pid")) and its one oj-mcp-rs child (spawn)"
	else
		not_ok "$NODE_LABEL: the spawn path's tree is not node -> oj-mcp-rs" "$TMP/out"
	fi
	end_session
	for sig in TERM INT HUP; do
		start_session || { not_ok "$NODE_LABEL: no reply to initialize" "$TMP/session.err" && end_session && continue; }
		server=$(server_of "$launcher_pid")
		kill -s "$sig" "$launcher_pid"
		wait "$launcher_pid"
		code=$?
		exec 7>&-
		if [ "$code" = 0 ]; then ok "$NODE_LABEL: SIG$sig to the launched pid: the session ends with exit 0"; else
			not_ok "$NODE_LABEL: SIG$sig to the launched pid: exit $code, want 0 (the server's own)" "$TMP/session.err"
		fi
		if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then
			not_ok "$NODE_LABEL: SIG$sig to the launched pid left oj-mcp-rs ($server, parent $(ps -o ppid= -p "$server")) running"
			kill -KILL "$server" 2>/dev/null
		else
			ok "$NODE_LABEL: and no oj-mcp-rs process is left behind"
		fi
	done

	# The real binary killed by a signal while it serves: the session exits 128 + 9 either way.
	start_session || { not_ok "$NODE_LABEL: no reply to initialize" "$TMP/session.err" && end_session && return; }
	server=$(server_of "$launcher_pid")
	kill -KILL "$server"
	wait "$launcher_pid"
	code=$?
	exec 7>&-
	if [ "$code" = 137 ]; then ok "$NODE_LABEL: the served binary killed by SIGKILL: exit 137"; else
		not_ok "$NODE_LABEL: the served binary killed by SIGKILL: exit $code, want 137"
	fi
}

# launcher_checks: everything the installed command must do, on the Node first in PATH.
launcher_checks() {
	check "$NODE_LABEL: oj-mcp-rs --version through the launcher" 0 "$CMD" --version
	has "it prints \"oj-mcp-rs $VERSION\"" "oj-mcp-rs $VERSION"
	check "$NODE_LABEL: oj-mcp-rs --version through a real npx (offline, the two tarballs)" 0 \
		npx --yes --package "$ROOT_TGZ" --package "$PLAT_TGZ" -- oj-mcp-rs --version
	has "npx prints \"oj-mcp-rs $VERSION\"" "oj-mcp-rs $VERSION"

	check "$NODE_LABEL: MCP over the launcher's inherited stdio, with a token" 0 \
		node scripts/ship/mcp-check.mjs --label launcher --token ship-check-token -- "$CMD"
	check "$NODE_LABEL: MCP over the launcher's inherited stdio, no token" 0 \
		node scripts/ship/mcp-check.mjs --label launcher -- "$CMD"

	if [ -n "$SMOKE" ]; then
		if "$SMOKE" --bin "$CMD" >"$TMP/out" 2>&1; then
			ok "$NODE_LABEL: a full MCP session against the fixture backend through the launcher (examples/smoke.rs)"
		else
			not_ok "$NODE_LABEL: examples/smoke.rs --bin $CMD failed" "$TMP/out"
		fi
	fi

	session_checks

	# A non-zero exit code of the real binary comes through unchanged.
	"$BIN" --no-such-flag >/dev/null 2>&1 </dev/null
	direct=$?
	check "$NODE_LABEL: a bad flag: the launcher passes the binary's exit code on" "$direct" "$CMD" --no-such-flag
	if [ "$direct" != 0 ]; then ok "that code is non-zero ($direct)"; else not_ok "the binary exits 0 on a bad flag"; fi

	# The override, with a stub binary: arguments, exit codes, signals, a missing or unrunnable file.
	export OJ_MCP_RS_BINARY=$STUB
	check "$NODE_LABEL: OJ_MCP_RS_BINARY=stub: exit 0" 0 "$CMD" --hello "two words"
	has "the override is honoured and the arguments arrive intact" "stub-binary argv: --hello two words"
	check "$NODE_LABEL: stub exits 42: the launcher exits 42" 42 "$CMD" --exit 42
	check "$NODE_LABEL: stub exits 255: the launcher exits 255" 255 "$CMD" --exit 255
	check "$NODE_LABEL: stub dies of SIGTERM: the launcher exits 128 + 15" 143 "$CMD" --signal TERM
	check "$NODE_LABEL: stub dies of SIGKILL: the launcher exits 128 + 9" 137 "$CMD" --signal KILL
	OJ_MCP_RS_BINARY=$TMP/no-such-binary check "$NODE_LABEL: OJ_MCP_RS_BINARY names no file: exit 127" 127 "$CMD" --version
	has "with a message naming the file" "cannot run $TMP/no-such-binary"
	OJ_MCP_RS_BINARY=$ROOT/LICENSE check "$NODE_LABEL: OJ_MCP_RS_BINARY names a non-executable file: exit 126" 126 "$CMD" --version
	# What execve cannot run aborts Node (uncatchable): the launcher's checks send these to spawn.
	OJ_MCP_RS_BINARY=$TMP/no-loader check "$NODE_LABEL: an ELF whose loader is missing: exit 127, no abort" 127 "$CMD" --version
	has "with a message naming the file" "cannot run $TMP/no-loader"
	OJ_MCP_RS_BINARY=$TMP/bad-shebang check "$NODE_LABEL: a script whose interpreter is missing: exit 127, no abort" 127 "$CMD"
	OJ_MCP_RS_BINARY=$TMP/foreign.exe "$CMD" >"$TMP/out" 2>&1 </dev/null
	code=$?
	if [ "$code" != 134 ] && ! grep -q "execve failed" "$TMP/out"; then
		ok "$NODE_LABEL: an executable of another format (a Windows .exe): no abort (exit $code)"
	else
		not_ok "$NODE_LABEL: an executable of another format: exit $code" "$TMP/out"
	fi
	OJ_MCP_RS_BINARY='' check "$NODE_LABEL: OJ_MCP_RS_BINARY empty counts as unset" 0 "$CMD" --version
	has "and runs the packaged binary" "oj-mcp-rs $VERSION"
	unset OJ_MCP_RS_BINARY

	# No platform package: the message names the package and the supported platforms.
	mv "$PREFIX/node_modules/$PLAT" "$TMP/$PLAT"
	check "$NODE_LABEL: the $PLAT package missing: exit 1" 1 "$CMD" --version
	has "the message says which package is missing" "the package $PLAT is not installed"
	has "the message lists the supported platforms" "$SUPPORTED"
	has "the message names the override" "OJ_MCP_RS_BINARY"
	NODE_OPTIONS="--require $TMP/fake-platform.cjs" check "$NODE_LABEL: an unsupported platform (freebsd riscv64): exit 1" 1 "$CMD" --version
	has "the message says there is no binary for it" "there is no prebuilt binary for this platform (freebsd riscv64)"
	has "and lists the supported platforms" "$SUPPORTED"
	mv "$TMP/$PLAT" "$PREFIX/node_modules/$PLAT"

	# The launcher loads no JavaScript but itself (no run-time dependencies, nothing lazy-loaded).
	rm -f "$TMP/loaded"
	NODE_OPTIONS="--require $TMP/trace.cjs" check "$NODE_LABEL: the launcher under a module trace" 0 "$CMD" --version
	grep -v "trace.cjs" "$TMP/loaded" >"$TMP/out" 2>&1
	if [ "$(wc -l <"$TMP/out")" = 1 ] && grep -q 'oj-mcp-rs/lib/index.js$' "$TMP/out"; then
		ok "$NODE_LABEL: the launcher loads no JavaScript file but its own"
	else
		not_ok "$NODE_LABEL: the launcher loaded more JavaScript than itself" "$TMP/out"
	fi

	# Start-up overhead over running the binary directly (informative; fails only if absurd).
	node scripts/ship/bench-launcher.mjs --bin "$BIN" --launcher "$CMD" --runs "${NPM_SMOKE_BENCH_RUNS:-21}" \
		--max-overhead-ms 1000 >"$TMP/out" 2>&1
	code=$?
	sed 's/^/    /' "$TMP/out"
	if [ "$code" = 0 ]; then ok "$NODE_LABEL: launcher start-up overhead measured"; else not_ok "$NODE_LABEL: launcher start-up overhead" "$TMP/out"; fi
}

# Fixtures of the launcher checks.
SUPPORTED="Supported platforms: linux-x64, linux-arm64, darwin-x64, darwin-arm64, windows-x64, windows-arm64."
cat >"$TMP/fake-platform.cjs" <<'EOF'
Object.defineProperty(process, "platform", { value: "freebsd" });
Object.defineProperty(process, "arch", { value: "riscv64" });
EOF
# The module list is written at exit, or just before process.execve replaces the process.
cat >"$TMP/trace.cjs" <<EOF
const dump = () => require("fs").writeFileSync("$TMP/loaded", Object.keys(require.cache).join("\n") + "\n");
process.on("exit", dump);
const execve = process.execve;
if (execve) process.execve = (...args) => (dump(), execve.apply(process, args));
EOF
# A dynamic ELF whose loader path names no file (same length: the file stays valid otherwise).
python3 - "$TMP/no-loader" <<'EOF'
import os, sys
data = open("/bin/true", "rb").read()
for loader in (b"/lib64/ld-linux-x86-64.so.2", b"/lib/ld-linux-aarch64.so.1"):
    data = data.replace(loader, b"/no-such-loader".ljust(len(loader), b"x"))
open(sys.argv[1], "wb").write(data)
os.chmod(sys.argv[1], 0o755)
EOF
printf '#!/no/such/interpreter\n' >"$TMP/bad-shebang" && chmod +x "$TMP/bad-shebang"
printf 'MZ\220\0\3\0\0\0\4\0\0\0\377\377\0\0' >"$TMP/foreign.exe" && chmod +x "$TMP/foreign.exe"

SMOKE=
if [ -f examples/smoke.rs ]; then
	# The full scripted session against the fixture backend; built once, before any timing.
	# The debug build (the scripted client's own speed is not measured; `cargo test` built it).
	if "$CARGO" build --quiet --example smoke >"$TMP/out" 2>&1; then
		SMOKE=$ROOT/target/debug/examples/smoke
	else
		not_ok "building examples/smoke.rs" "$TMP/out"
	fi
elif [ "${NPM_SMOKE_SKIP_SESSION:-}" = 1 ]; then
	echo "skip - examples/smoke.rs is missing (NPM_SMOKE_SKIP_SESSION=1)"
else
	not_ok "examples/smoke.rs is missing: no full MCP session (NPM_SMOKE_SKIP_SESSION=1 to skip)"
fi

# The machine's Node, then each one named on the command line (make npm-smoke adds a Node 24 from
# the npm registry): the launcher execs the binary where Node has process.execve, else spawns it.
SAVED_PATH=$PATH
for node in node "$@"; do
	node=$(command -v "$node") || { not_ok "no node at $node"; continue; }
	PATH=$(dirname "$node"):$SAVED_PATH
	EXECVE=$(node -p 'typeof process.execve === "function"')
	NODE_LABEL="node $(node --version) ($([ "$EXECVE" = true ] && echo execve || echo spawn))"
	echo "# $NODE_LABEL: $node"
	launcher_checks
done
PATH=$SAVED_PATH

echo "npm-smoke: $passed passed, $failed failed"
[ "$failed" = 0 ]
