#!/bin/sh
# Make sure a static musl build of <target> can be made here; print the environment it needs.
#
#   env $(scripts/ship/ensure-musl.sh x86_64-unknown-linux-musl) cargo build --release --target ...
#
# Adds the Rust target with rustup when it is missing. ring (under rustls) compiles C, so the
# build needs a C compiler for the target: Debian's musl-tools provides x86_64-linux-musl-gcc,
# which cc-rs finds by itself; it is installed with apt-get when we are root and it is missing.
# Failing that, plain gcc works too for ring's freestanding C: then this prints
# CC_<target>=gcc. With neither, or without the Rust target and no rustup to add it, it stops
# (exit 1) with one line saying what to install (tests/it/fresh_machine.rs). Prints nothing for a
# target that is not linux-musl. Messages go to stderr.
set -eu
target=${1:?usage: ensure-musl.sh <rust target>}
case "$target" in
*-linux-musl*) ;;
*) exit 0 ;;
esac
if command -v rustup >/dev/null 2>&1 && ! rustup target list --installed | grep -qx "$target"; then
	echo "ensure-musl: rustup target add $target" >&2
	rustup target add "$target" >&2
elif ! command -v rustup >/dev/null 2>&1 && command -v rustc >/dev/null 2>&1 &&
	[ ! -d "$(rustc --print sysroot)/lib/rustlib/$target" ]; then
	echo "ensure-musl: no Rust standard library for $target: install it (rustup target add $target)" >&2
	exit 1
fi
arch=${target%%-*}
cc="$arch-linux-musl-gcc"
if ! command -v "$cc" >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "ensure-musl: installing musl-tools for $cc" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y -q musl-tools >&2 ||
		{ apt-get update -q >&2 && apt-get install -y -q musl-tools >&2; } ||
		echo "ensure-musl: could not install musl-tools" >&2
fi
if ! command -v "$cc" >/dev/null 2>&1 && ! command -v gcc >/dev/null 2>&1; then
	echo "ensure-musl: no C compiler for $target: install musl-tools (apt-get install musl-tools)" >&2
	exit 1
fi
if ! command -v "$cc" >/dev/null 2>&1; then
	var=CC_$(echo "$target" | tr '-' '_')
	echo "ensure-musl: no $cc; building with $var=gcc" >&2
	echo "$var=gcc"
fi
