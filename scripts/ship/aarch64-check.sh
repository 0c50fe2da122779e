#!/bin/sh
# The arm64 Linux binary, built exactly as release.yml builds it (cargo-zigbuild, std rebuilt for
# size: scripts/ship/cargo-release.sh), then tested under qemu-user: the integration suite but the
# judge's per-language modules (tests/it, through OJ_MCP_BIN; below) and the smoke session.
# `make aarch64-tests` (part of `make test`).
#
# Installs what it needs: the Rust target (rustup); ziglang and cargo-zigbuild from PyPI, pinned to
# release.yml's versions (checked here), into .deps/zig; qemu-user-static with apt-get (as root).
# Without qemu and no way to install it, it says so and stops: an error under CI=true, a skip
# otherwise.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
target=aarch64-unknown-linux-musl
zig=0.15.2
zigbuild=0.24.0
venv=${OJ_DEPS_DIR:-$root/.deps}/zig
say() { echo "aarch64-check: $*" >&2; }

grep -q "ziglang==$zig cargo-zigbuild==$zigbuild" .github/workflows/release.yml ||
	{ say "release.yml pins other ziglang/cargo-zigbuild versions than $zig/$zigbuild"; exit 1; }

qemu=$(command -v qemu-aarch64-static || command -v qemu-aarch64 || true)
if [ -z "$qemu" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	say "installing qemu-user-static"
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y -q qemu-user-static >&2 ||
		{ apt-get update -q >&2 && apt-get install -y -q qemu-user-static >&2; } || true
	qemu=$(command -v qemu-aarch64-static || true)
fi
if [ -z "$qemu" ]; then
	say "no qemu-aarch64 (apt-get install qemu-user-static): the arm64 binary is not tested"
	[ "${CI:-}" = true ] && exit 1
	exit 0
fi

if command -v rustup >/dev/null 2>&1 && ! rustup target list --installed | grep -qx "$target"; then
	say "rustup target add $target"
	rustup target add "$target" >&2
fi
stamp=$venv/.installed-$zig-$zigbuild
if [ ! -e "$stamp" ]; then
	say "installing ziglang $zig and cargo-zigbuild $zigbuild into $venv"
	rm -rf "$venv"
	python3 -m venv "$venv"
	"$venv/bin/pip" install --quiet --disable-pip-version-check "ziglang==$zig" "cargo-zigbuild==$zigbuild"
	touch "$stamp"
fi

PATH=$venv/bin:$PATH CARGO_BUILD=zigbuild OJ_BUILD_STD=1 scripts/ship/cargo-release.sh "$target" --locked
bin=$root/target/$target/release/oj-mcp-rs
wrapper=$root/target/$target/release/oj-mcp-rs-qemu
printf '#!/bin/sh\nexec %s %s "$@"\n' "$qemu" "$bin" >"$wrapper"
chmod +x "$wrapper"
say "$(wc -c <"$bin") bytes; $("$wrapper" --version) under $qemu"

# EMULATED: the binary cannot start itself (the judge's init) where the system runs no arm64 code.
# The suite but its judge_* modules (per-language drivers, stress, precompiled headers, sandbox
# rules): there the time goes to the host's compilers and programs, run natively, while the
# server's part is the same 64-bit little-endian logic the x86_64 run tests; they were two thirds
# of this check's time. `judge::` (a run per language and verdict) and parity's judge calls stay.
# Four at once: half of these tests wait (on a slow backend, a retry's pause, a deadline), which
# leaves two of qemu's threads idle (79 s with two, 51 s with four, at rest).
OJ_MCP_BIN=$wrapper OJ_MCP_BIN_EMULATED=1 ${CARGO:-cargo} test --test it -- --skip judge_ --test-threads=4
${CARGO:-cargo} run --example smoke -- --bin "$wrapper" >/dev/null
say "the smoke session passed on $target"
