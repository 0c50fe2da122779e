#!/bin/sh
# rustc for the shipped build (RUSTC_WORKSPACE_WRAPPER, set by cargo-release.sh): the server's
# library (crate `oj_mcp_rs`, everything but `main.rs` and the statement pipeline of crates/text)
# is built for the smallest code, opt-level "z", while the binary stays at the profile's "s".
# Why not a profile override: a crate has one level, and under fat LTO the whole program is
# optimised once more at the level of the crate that links it (the binary). With the binary at "z"
# that last pass inlines almost nothing anywhere, and the statement pipeline, html5ever included,
# lost 11-14% in instructions per get_problem call (docs/benchmarks.md). Functions keep the level
# of the crate they were built in (LLVM's optsize and minsize attributes), so this way the library's
# code is small and the hot path is built as before. The last -C opt-level given wins.
rustc=$1
shift
lib=0 name=
for arg in "$@"; do
	case "$name$arg" in
	--crate-nameoj_mcp_rs) lib=$((lib + 1)) ;;
	--crate-typelib) lib=$((lib + 1)) ;;
	esac
	name=
	case "$arg" in --crate-name | --crate-type) name=$arg ;; esac
done
if [ "$lib" = 2 ]; then
	exec "$rustc" "$@" -C opt-level=z
fi
exec "$rustc" "$@"
