#!/usr/bin/env bash
# The MCP Inspector CLI (@modelcontextprotocol/inspector 0.15.0) as a real client of the release
# binary: one `mcp-inspector --cli` process per check, against a fixture backend started here.
#
# Run: tests/clients/inspector.sh   (after scripts/deps.sh and a release build)
# Last line: "N passed, M failed"; exit 1 if any failed.
#
# What 0.15.0 does (read in inspector-cli/build, and checked here):
# - the server gets the Inspector's own environment plus `-e KEY=VAL`; the checks unset OJ_* so
#   that only -e can deliver them;
# - `--tool-arg k=v` values are strings, converted by the tool's inputSchema after a tools/list:
#   "integer"/"number" -> Number, "boolean" -> true/false, "object"/"array" -> JSON. So `limit=3`
#   goes out as the number 3. There is no --tool-args-json in 0.15.0;
# - it prints the result as JSON on stdout and exits 0, also when the result has isError: true
#   (later CLIs exit 5 there); a JSON-RPC error or a failed connection exits 1.
#
# Env: OJ_MCP_BIN (default target/release/oj-mcp-rs), OJ_FIXTURE_BACKEND (default
# target/release/examples/fixture_backend), OJ_CLIENTS_NODE (default .deps/clients-node).
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
abs() { [[ $1 == /* ]] && printf '%s' "$1" || printf '%s/%s' "$root" "$1"; }
bin=$(abs "${OJ_MCP_BIN:-target/release/oj-mcp-rs}")
fixture=$(abs "${OJ_FIXTURE_BACKEND:-target/release/examples/fixture_backend}")
inspector=$(abs "${OJ_CLIENTS_NODE:-.deps/clients-node}")/node_modules/.bin/mcp-inspector
token="fixture-token-0123456789abcdef"
now=1718000000 # 2024-06-10: a day the fixtures answer with their "any other date" daily

for f in "$bin" "$fixture" "$inspector"; do
  if [[ ! -x $f ]]; then
    echo "inspector.sh: $f is missing (cargo build --release --bin oj-mcp-rs --example fixture_backend; scripts/deps.sh)" >&2
    echo "0 passed, 1 failed"
    exit 1
  fi
done

# The fixture backend prints its URL and serves until its stdin reaches EOF.
coproc backend { exec "$fixture" --token "$token"; }
backend_in=${backend[1]}
stop_backend() {
  exec {backend_in}>&-
  # shellcheck disable=SC2154 # backend_PID is set by coproc
  wait "$backend_PID" 2>/dev/null
}
# The servers' solve log: a folder of this run's, never the user's data folder (the Inspector
# passes its environment, HOME included, on).
log_dir=$(mktemp -d)
trap 'stop_backend; rm -rf "$log_dir"' EXIT
if ! read -r -t 10 url <&"${backend[0]}"; then
  echo "inspector.sh: the fixture backend printed no URL" >&2
  echo "0 passed, 1 failed"
  exit 1
fi

passed=0
failed=0

# check NAME EXIT_CODE PATTERN... -- INSPECTOR_ARGS...
# Each PATTERN is a fixed string the output (stdout + stderr) must contain; "!PATTERN" must not.
check() {
  local name=$1 want_rc=$2
  shift 2
  local patterns=()
  while [[ $1 != -- ]]; do
    patterns+=("$1")
    shift
  done
  shift
  local out rc problems=() p
  out=$(env -u OJ_BASE_URL -u OJ_TOKEN -u OJ_TIMEOUT -u OJ_LOG -u OJ_MCP_NOW \
    timeout 60 "$inspector" --cli "$bin" \
    -e "OJ_BASE_URL=$url" -e "OJ_TOKEN=$token" -e "OJ_MCP_NOW=$now" -e "OJ_LOG_FILE=$log_dir/solves.jsonl" "$@" 2>&1)
  rc=$?
  [[ $rc == "$want_rc" ]] || problems+=("exit code $rc, expected $want_rc")
  for p in "${patterns[@]}"; do
    if [[ $p == '!'* ]]; then
      ! grep -qF -- "${p:1}" <<<"$out" || problems+=("unexpected: ${p:1}")
    else
      grep -qF -- "$p" <<<"$out" || problems+=("missing: $p")
    fi
  done
  if ((${#problems[@]} == 0)); then
    passed=$((passed + 1))
    echo "ok    $name"
  else
    failed=$((failed + 1))
    echo "FAIL  $name"
    printf '      %s\n' "${problems[@]}"
    echo "      --- mcp-inspector $* ---"
    head -c 4000 <<<"$out" | sed 's/^/      | /'
  fi
}

# Every tool the MCP Bundle's manifest declares (the one list of tool names outside src/).
mapfile -t tool_names < <(node -e 'for (const t of require(process.argv[1]).tools) console.log(t.name)' "$root/mcpb/manifest.json")
tool_checks=()
for name in "${tool_names[@]}"; do tool_checks+=("\"name\": \"$name\""); done
check "tools/list: every tool" 0 "${tool_checks[@]}" '"inputSchema"' '"outputSchema"' \
  -- --method tools/list

check "get_problem leetcode/1" 0 '"text": "# Two Sum\n' 'Source: leetcode | ID: 1' '!"isError": true' \
  -- --method tools/call --tool-name get_problem --tool-arg source=leetcode --tool-arg id=1

# shellcheck disable=SC2016 # $w$ is TeX, not a variable
check "get_problem codeforces/4A" 0 '"text": "# Watermelon\n' '$w$' '!"isError": true' \
  -- --method tools/call --tool-name get_problem --tool-arg source=codeforces id=4A

check "get_problem leetcode/99999: isError (exit 0 in 0.15.0)" 0 '"isError": true' 'problem not found' \
  -- --method tools/call --tool-name get_problem --tool-arg source=leetcode --tool-arg id=99999

check "get_problem without id: isError" 0 '"isError": true' 'Invalid arguments' \
  -- --method tools/call --tool-name get_problem --tool-arg source=leetcode

# limit=3 must reach the server as the number 3: a string "3" is an argument error (isError).
check "find_similar_problems leetcode/1 limit=3 (sent as a number)" 0 \
  '# Similar Problems' '| 3 | luogu | P1001 |' '!| 4 |' '!"isError": true' \
  -- --method tools/call --tool-name find_similar_problems --tool-arg source=leetcode id=1 limit=3

check "get_problem language=zh: the Chinese statement" 0 '"text": "# 两数之和\n' '"language": "zh"' '!"isError": true' \
  -- --method tools/call --tool-name get_problem --tool-arg source=leetcode id=1 language=zh

check "get_problem language=zh without one: the English one and a note in text and notes" 0 \
  '- Note: No Chinese statement is available' '"notes": [' '"language": "en"' '!"isError": true' \
  -- --method tools/call --tool-name get_problem --tool-arg source=leetcode id=743 language=zh

check "find_similar_problems by text" 0 '# Similar Problems' '| 1 | leetcode | 1 | Two Sum |' '!"isError": true' \
  -- --method tools/call --tool-name find_similar_problems --tool-arg "query=two numbers adding to a target"

check "resolve_problem a LeetCode URL" 0 '"text": "# Two Sum\n' '!"isError": true' \
  -- --method tools/call --tool-name resolve_problem --tool-arg query=https://leetcode.com/problems/two-sum/

check "get_platform_status" 0 'OJ Platform Status (v0.2.1)' '12,984' '!"isError": true' \
  -- --method tools/call --tool-name get_platform_status

check "get_daily_challenge today" 0 '"text": "# Network Delay Time\n' '!"isError": true' \
  -- --method tools/call --tool-name get_daily_challenge

check "get_daily_challenge cn 2024-01-15" 0 '"text": "# Trapping Rain Water\n' 'leetcode.cn/problems/trapping-rain-water' \
  '!"isError": true' \
  -- --method tools/call --tool-name get_daily_challenge --tool-arg domain=cn date=2024-01-15

check "get_daily_challenge 2024-02-01: being fetched, not an error" 0 'being fetched' '!"isError": true' \
  -- --method tools/call --tool-name get_daily_challenge --tool-arg date=2024-02-01

# page/per_page are "integer" and tags an "array" in the schema: sent as 2, 3 and ["graph"].
check "search_problems page=2 per_page=3 (numbers)" 0 'Page 2 of 3' '| 167 | Two Sum II' '!"isError": true' \
  -- --method tools/call --tool-name search_problems --tool-arg source=leetcode page=2 per_page=3

check "search_problems tags=[\"graph\"] (a JSON array)" 0 '# Problems on leetcode' '!"isError": true' \
  -- --method tools/call --tool-name search_problems --tool-arg source=leetcode 'tags=["graph"]'

check "list_tags leetcode" 0 'Tags on leetcode (15)' '"structuredContent"' '!"isError": true' \
  -- --method tools/call --tool-name list_tags --tool-arg source=leetcode

check "resources/templates/list" 0 'oj://problem/{source}/{id}' 'oj://daily/{domain}/{date}' 'oj://daily/{domain}/{date}/{language}' \
  -- --method resources/templates/list

check "resources/read oj://problem/leetcode/1" 0 '"mimeType": "text/markdown"' '# Two Sum' \
  -- --method resources/read --uri oj://problem/leetcode/1

check "prompts/get solve_problem" 0 '"type": "resource"' 'oj://problem/leetcode/1' 'hint' \
  -- --method prompts/get --prompt-name solve_problem --prompt-args source=leetcode id=1

check "unknown tool: JSON-RPC error, exit 1" 1 'MCP error -32602' \
  -- --method tools/call --tool-name no_such_tool

echo "$passed passed, $failed failed"
((failed == 0))
