#!/bin/sh
# The release build of oj-mcp-rs for <target>, as it ships:
#
#   scripts/ship/cargo-release.sh <target> [cargo args…]    e.g. --bin oj-mcp-rs --example bench
#
# runs `$CARGO build --release --target <target> [args]` (`CARGO_BUILD=zigbuild` for
# cargo-zigbuild). For the static Linux (musl) targets it also rebuilds the standard library with
# the binary (-Zbuild-std): std is then optimised with the release profile (opt-level "s", LTO)
# and built without its backtrace symboliser (gimli, addr2line, miniz_oxide: ~180 KB that a
# `panic = "unwind"` binary otherwise carries). 3.12 MB → 2.82 MB; speed measured the same
# (docs/benchmarks.md). std's `optimize_for_size` feature (its smaller sorts, integer formatting
# and float parsing) saves 57 KB more (3,456,344 → 3,399,000 B) at the same instruction counts;
# `-Zlocation-detail=none` (added to .cargo/config.toml's rustflags for the target, std included)
# 61 KB more (3,358,040 → 3,296,600 B): a panic's message on stderr no longer names its file,
# line and column (none reaches the protocol; the converter's are caught and fall back); frame
# pointers 45 KB more (3,296,600 → 3,251,544 B: a function's unwind entry is then a few fixed
# rules, 33 KB less of .eh_frame, and 10 KB less code), for 5% more instructions per get_problem
# call (267.4M against 253.6M for 100 calls of the 5 KB statement; CPU per call within the
# noise: 0.70–0.72× 0.1.4's against 0.69–0.70×); `-Zpanic-in-drop=abort` 65 KB more (3,251,544 →
# 3,186,008 B: drops cannot unwind, so a frame's clean-up needs no landing pad for them; 1.4% fewer
# instructions): a panic raised inside a `Drop` impl aborts instead of unwinding (ours, TempDir's,
# logs and never panics; one during unwinding aborted already).
# `-Zfmt-debug=shallow` 37 KB more (3,153,240 → 3,116,376 B): a derived `Debug` prints only the
# type's or variant's name, without fields (what a panic's message or a log line at debug level
# shows of a value); no message a client or a model reads goes through a derived `Debug`
# (`End` and the rest have `Display`), and dependencies' errors print fieldless variants there.
# -Zbuild-std is a Cargo feature not yet stable, so this sets RUSTC_BOOTSTRAP=1 for this one
# cargo run, on the pinned toolchain (release.yml's RUST_TOOLCHAIN, Cargo.toml's rust-version),
# and needs the rust-src component (added here with rustup when missing; if that fails, the
# build falls back to the prebuilt std with a warning, unless OJ_BUILD_STD=1 was asked for). OJ_BUILD_STD=0 builds with the prebuilt std (what a plain
# `cargo build --release` or `cargo install` does); OJ_BUILD_STD=1 forces it for other targets.
set -eu
target=${1:?usage: cargo-release.sh <target> [cargo args...]}
shift
case "$target" in
*-linux-musl*) build_std=${OJ_BUILD_STD:-auto} ;;
*) build_std=${OJ_BUILD_STD:-0} ;;
esac
if [ "$build_std" != 0 ] && command -v rustup >/dev/null 2>&1 &&
	! rustup component list --installed 2>/dev/null | grep -q '^rust-src'; then
	echo "cargo-release: rustup component add rust-src" >&2
	if ! rustup component add rust-src >&2; then
		if [ "$build_std" = 1 ]; then
			echo "cargo-release: no rust-src: cannot rebuild std" >&2
			exit 1
		fi
		echo "cargo-release: WARNING: no rust-src; building with the prebuilt std (a larger binary)" >&2
		build_std=0
	fi
fi
if [ "$build_std" != 0 ]; then
	set -- -Zbuild-std=std,panic_unwind -Zbuild-std-features=panic-unwind,optimize_for_size \
		--config "target.$target.rustflags=[\"-Zlocation-detail=none\", \"-Cforce-frame-pointers=yes\", \"-Zpanic-in-drop=abort\", \"--cfg\", \"oj_size\", \"-Zfmt-debug=shallow\", \"-Cforce-unwind-tables=no\"]" "$@"
	RUSTC_BOOTSTRAP=1
	RUSTC_WORKSPACE_WRAPPER=$(cd "$(dirname "$0")" && pwd)/rustc-size.sh
	export RUSTC_BOOTSTRAP RUSTC_WORKSPACE_WRAPPER
fi
# shellcheck disable=SC2086 # CARGO may carry arguments (e.g. "cargo +1.95").
exec ${CARGO:-cargo} "${CARGO_BUILD:-build}" --release --target "$target" "$@"
