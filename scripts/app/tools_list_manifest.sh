#!/usr/bin/env bash
# Prints tests/golden/tools_list.manifest: the tools/list replies a client without the MCP Apps
# extension gets, as length and 64-bit FNV-1a of each reply line (tests/it/app_view.rs checks
# them). Take it from the binary before a change that should not touch them (e.g. main's), or
# with --ui never after a change to the tools themselves:
#   scripts/app/tools_list_manifest.sh target/debug/oj-mcp-rs > tests/golden/tools_list.manifest
set -euo pipefail
bin=${1:?usage: $0 path/to/oj-mcp-rs}
init() { printf '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"%s","capabilities":{},"clientInfo":{"name":"g","version":"0"}}}' "$1"; }
list='{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
modern='{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}'
reply() { # args, lines…: the last reply line
  local args=$1
  shift
  # shellcheck disable=SC2086
  printf '%s\n' "$@" | env -i OJ_BASE_URL=http://127.0.0.1:9 "$bin" $args 2>/dev/null | tail -n1
}
row() { python3 -c '
import sys
b = sys.stdin.buffer.read().rstrip(b"\n")
h = 0xcbf29ce484222325
for c in b:
    h = ((h ^ c) * 0x100000001b3) & 0xffffffffffffffff
print(f"{sys.argv[1]}\t{len(b)}\t{h:016x}")' "$1"; }
echo "# tools/list replies of a client without the MCP Apps extension (#34): name, length, FNV-1a 64"
echo "# of the reply line. tests/it/app_view.rs checks; scripts/app/tools_list_manifest.sh writes."
reply "" "$(init 2025-11-25)" "$list" | row legacy
reply "--allow-run" "$(init 2025-11-25)" "$list" | row legacy_allow_run
reply "--allow-run" "$modern" | row modern_allow_run
reply "--allow-run" "$(init 2024-11-05)" "$list" | row v2024_allow_run
