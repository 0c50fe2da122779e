"""The official Python SDK (mcp 2.x) as a real client of the release binary.

Run: .deps/venv/bin/python -m pytest tests/clients/test_python_sdk.py   (after scripts/deps.sh)

Its default mode `auto` probes `server/discover` at 2026-07-28 first, waits up to 10 s for an
answer, then falls back to `initialize`: the first tests prove the server answers the probe (the
session is up well under that), the same calls then run in both eras (`auto` and `legacy`), each
on its own server process against one shared fixture backend (conftest.py).
"""

from __future__ import annotations

import atexit
import json
import re
import shutil
import tempfile
import time
from contextlib import AsyncExitStack

import pytest
from conftest import BIN, NOW, ROOT, TOKEN

from mcp import Client, MCPError, StdioServerParameters
from mcp.client.session import DISCOVER_TIMEOUT_SECONDS

pytestmark = pytest.mark.anyio

# tools/list, in order: the tools the MCP Bundle's manifest declares (the one list outside src/).
# The servers' solve log: a folder of this run's, never the user's data folder (the SDK passes
# HOME on), removed at exit.
LOG_DIR = tempfile.mkdtemp(prefix="oj-mcp-clients-")
atexit.register(shutil.rmtree, LOG_DIR, True)
LOG_FILE = f"{LOG_DIR}/solves.jsonl"
TOOLS = [t["name"] for t in json.loads((ROOT / "mcpb/manifest.json").read_text())["tools"]]
MODES = ["auto", "legacy"]


def server(url: str, args: list[str] | None = None) -> StdioServerParameters:
    # OJ_LOG=debug: the wire log goes to stderr, which pytest shows when a test fails.
    env = {"OJ_BASE_URL": url, "OJ_TOKEN": TOKEN, "OJ_MCP_NOW": NOW, "OJ_LOG": "debug", "OJ_LOG_FILE": LOG_FILE}
    return StdioServerParameters(command=str(BIN), args=args or [], env=env)


async def connect(stack: AsyncExitStack, url: str, mode: str, args: list[str] | None = None) -> tuple[Client, float]:
    """An entered Client and how long entering it (spawn + negotiation) took, in seconds."""
    t0 = time.monotonic()
    client = await stack.enter_async_context(Client(server(url, args), mode=mode))
    return client, time.monotonic() - t0


async def test_auto_mode_is_answered_by_server_discover(backend_url, note):
    async with AsyncExitStack() as stack:
        client, took = await connect(stack, backend_url, "auto")
        discover = client.session.discover_result
        era = f"server/discover (supports {discover.supported_versions})" if discover else "initialize (fallback)"
        note(f"mcp auto:   {client.protocol_version} via {era} in {took * 1000:.0f} ms")
        # A server that ignored the probe would cost DISCOVER_TIMEOUT_SECONDS (10 s) here.
        assert took < 3.0, f"connect took {took:.1f} s (probe timeout is {DISCOVER_TIMEOUT_SECONDS} s)"
        assert client.protocol_version == "2026-07-28"
        assert discover is not None and client.session.initialize_result is None
        assert "2026-07-28" in discover.supported_versions
        assert client.server_info is not None and client.server_info.name == "oj-mcp-rs"
        assert client.server_capabilities.tools is not None
        assert "get_problem" in (client.instructions or "")


async def test_legacy_mode_initialize_and_ping(backend_url, note):
    async with AsyncExitStack() as stack:
        client, took = await connect(stack, backend_url, "legacy")
        note(f"mcp legacy: {client.protocol_version} via initialize in {took * 1000:.0f} ms")
        assert client.protocol_version == "2025-11-25"
        init = client.session.initialize_result
        assert init is not None and client.session.discover_result is None
        assert init.server_info.name == "oj-mcp-rs"
        # ping exists only in the handshake era (the Client-level wrapper is deprecated for that).
        await client.session.send_ping()


@pytest.mark.parametrize("mode", MODES)
async def test_list_tools(backend_url, mode):
    async with AsyncExitStack() as stack:
        client, _ = await connect(stack, backend_url, mode)
        tools = (await client.list_tools()).tools
        assert [t.name for t in tools] == TOOLS
        for t in tools:
            assert t.input_schema.get("type") == "object", t.name
            assert t.output_schema is not None and t.output_schema.get("type") == "object", t.name


# tool, arguments, isError, patterns its text must match (re.MULTILINE).
CALLS = [
    ("get_problem", {"source": "leetcode", "id": "1"}, False,
     [r"^# Two Sum$", r"Source: leetcode \| ID: 1 \| Difficulty: Easy", r"https://leetcode\.com/problems/two-sum/"]),
    ("get_problem", {"source": "codeforces", "id": "4A"}, False, [r"^# Watermelon$", r"\$w\$", r"^```"]),
    ("get_problem", {"source": "leetcode", "id": "99999"}, True, [r"404", r"problem not found"]),
    ("get_problem", {"source": "leetcode"}, True, [r"Invalid arguments", r"`id`"]),
    ("find_similar_problems", {"source": "leetcode", "id": "1", "limit": 3}, False,
     [r"^# Similar Problems$", r"Two Sum II - Input Array Is Sorted", r"^\| 3 \|"]),
    ("find_similar_problems", {"query": "two numbers adding to a target"}, False,
     [r"^# Similar Problems$", r"\| leetcode \| 1 \| Two Sum \|"]),
    ("resolve_problem", {"query": "https://leetcode.com/problems/two-sum/"}, False,
     [r"^# Two Sum$", r"Source: leetcode \| ID: 1"]),
    ("get_platform_status", {}, False, [r"OJ Platform Status \(v0\.2\.1\)", r"12,984"]),
    ("get_daily_challenge", {}, False, [r"^# Network Delay Time$", r"leetcode\.com"]),
    ("get_daily_challenge", {"domain": "cn", "date": "2024-01-15"}, False,
     [r"^# Trapping Rain Water$", r"https://leetcode\.cn/problems/trapping-rain-water/", r"2024-01-15"]),
    ("get_daily_challenge", {"date": "2024-02-01"}, False, [r"being fetched", r"30 seconds"]),
    ("get_daily_challenge", {"domain": "jp"}, True, [r"Invalid arguments", r"`domain`"]),
    ("search_problems", {"source": "leetcode", "page": 2, "per_page": 3}, False,
     [r"^# Problems on leetcode$", r"Page 2 of 3", r"^\| 167 \| Two Sum II"]),
    ("list_tags", {"source": "leetcode"}, False, [r"Tags on leetcode \(15\)", r"dynamic programming"]),
]


def call_id(case) -> str:
    tool, args, _, _ = case
    return f"{tool}({','.join(f'{k}={v}' for k, v in args.items())})"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("tool", "args", "is_error", "patterns"), CALLS, ids=[call_id(c) for c in CALLS])
async def test_call_tool(backend_url, mode, tool, args, is_error, patterns):
    async with AsyncExitStack() as stack:
        client, _ = await connect(stack, backend_url, mode)
        result = await client.call_tool(tool, args)
        assert result.content, "content is not empty"
        assert result.content[0].type == "text"
        text = result.content[0].text
        assert bool(result.is_error) == is_error, text
        for p in patterns:
            assert re.search(p, text, re.MULTILINE), f"{p!r} not in:\n{text}"
        if tool == "find_similar_problems" and "limit" in args:
            rows = [line for line in text.splitlines() if re.match(r"^\| \d+ \|", line)]
            assert len(rows) == args["limit"], text
        # The SDK checks structuredContent against the tool's outputSchema; every tool has one
        # and a success carries it.
        if not is_error:
            assert isinstance(result.structured_content, dict), result


NO_ZH = "No Chinese statement is available for this problem; showing the English one."

# tool, arguments, checks on (text, structuredContent): the new arguments and every outcome
# (language, its fallback, 202, paging, empty results, truncation), each a success whose
# structuredContent the SDK validates against the tool's outputSchema.
STRUCTURED = [
    ("get_problem", {"source": "leetcode", "id": "1", "language": "zh"},
     lambda t, s: s["language"] == "zh" and s["notes"] == [] and t.startswith("# 两数之和\n")),
    ("get_problem", {"source": "leetcode", "id": "743", "language": "zh"},
     lambda t, s: s["language"] == "en" and s["notes"] == [NO_ZH] and f"- Note: {NO_ZH}" in t),
    ("get_problem", {"source": "luogu", "id": "P1002"},
     lambda t, s: s["language"] == "zh" and "No English statement" in s["notes"][0]),
    ("get_problem", {"source": "atcoder", "id": "ahc001_a"},
     lambda t, s: s["problem"]["truncated"] is True and f"- Note: {s['notes'][0]}" in t),
    ("get_problem", {"source": "leetcode", "id": "1"},
     lambda t, s: s["problem"]["similar_questions"] == ["two-sum-ii-input-array-is-sorted", "3sum"]
     and "- Similar questions: two-sum-ii-input-array-is-sorted, 3sum" in t),
    ("resolve_problem", {"query": "https://leetcode.com/problems/two-sum/", "language": "zh"},
     lambda t, s: s["language"] == "zh" and s["detected_source"] == "leetcode"),
    ("get_daily_challenge", {"domain": "cn"}, lambda t, s: s["language"] == "zh" and t.startswith("# 两数之和\n")),
    ("get_daily_challenge", {"domain": "cn", "language": "en"}, lambda t, s: s["language"] == "en"),
    ("get_daily_challenge", {"date": "2024-02-01"},
     lambda t, s: s["status"] == "fetching" and s["retry_after"] == 30 and s["notes"] == [t.strip()]),
    ("search_problems", {"source": "leetcode", "page": 2, "per_page": 3},
     lambda t, s: (s["page"], s["total_pages"], s["total"]) == (2, 3, 7)
     and s["next_page_arguments"] == {"source": "leetcode", "page": 3, "per_page": 3}
     and all(n in t for n in s["notes"])),
    ("search_problems", {"source": "leetcode", "page": 9, "per_page": 5},
     lambda t, s: s["next_page_arguments"] is None and "No problems on this page." in s["notes"]),
    ("search_problems", {"source": "leetcode"},
     lambda t, s: s["problems"][0]["title_cn"] == "两数之和" and "| Two Sum (两数之和) |" in t),
    ("find_similar_problems", {"source": "atcoder", "id": "agc001_a"},
     lambda t, s: s["results"] == [] and len(s["notes"]) == 1 and s["notes"][0] in t),
    ("list_tags", {"source": "atcoder"}, lambda t, s: s["tags"] == [] and s["notes"][0] in t),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("tool", "args", "ok"), STRUCTURED, ids=[call_id((*c, None)) for c in STRUCTURED])
async def test_structured_outcomes(backend_url, mode, tool, args, ok):
    async with AsyncExitStack() as stack:
        client, _ = await connect(stack, backend_url, mode)
        await client.list_tools()  # the SDK validates structuredContent with the schemas it listed
        result = await client.call_tool(tool, args)
        text = result.content[0].text
        assert not result.is_error, text
        sc = result.structured_content
        assert isinstance(sc, dict) and isinstance(sc.get("notes"), list), result
        assert ok(text, sc), f"{json.dumps(sc, ensure_ascii=False)[:2000]}\n{text[:2000]}"


@pytest.mark.parametrize("mode", MODES)
async def test_structured_content_off(backend_url, mode):
    async with AsyncExitStack() as stack:
        client, _ = await connect(stack, backend_url, mode, ["--structured-content", "off"])
        tools = (await client.list_tools()).tools
        assert [t.name for t in tools] == TOOLS
        assert all(t.output_schema is None for t in tools), tools
        result = await client.call_tool("get_problem", {"source": "leetcode", "id": "1"})
        assert result.structured_content is None, result
        assert re.search(r"^# Two Sum$", result.content[0].text, re.MULTILINE)


@pytest.mark.parametrize("mode", MODES)
async def test_unknown_tool_is_a_protocol_error(backend_url, mode):
    async with AsyncExitStack() as stack:
        client, _ = await connect(stack, backend_url, mode)
        with pytest.raises(MCPError) as err:
            await client.call_tool("no_such_tool", {})
        assert err.value.error.code == -32602, err.value


@pytest.mark.parametrize("mode", MODES)
async def test_resources(backend_url, mode):
    async with AsyncExitStack() as stack:
        client, _ = await connect(stack, backend_url, mode)
        assert client.server_capabilities.resources is not None
        templates = (await client.list_resource_templates()).resource_templates
        expected = json.loads((ROOT / "tests/resource-templates.json").read_text())
        assert [t.uri_template for t in templates] == expected
        listed = (await client.list_resources()).resources
        assert [str(r.uri) for r in listed] == ["oj://status", "oj://log"]
        read = await client.read_resource("oj://problem/leetcode/1")
        assert read.contents[0].mime_type == "text/markdown"
        zh = await client.read_resource("oj://problem/leetcode/1/zh")
        assert re.search(r"^# 两数之和$", zh.contents[0].text, re.MULTILINE)
        assert re.search(r"^# Two Sum$", read.contents[0].text, re.MULTILINE)
        daily = await client.read_resource("oj://daily/cn/2024-01-15")
        assert "Trapping Rain Water" in daily.contents[0].text
        with pytest.raises(MCPError) as err:
            await client.read_resource("oj://nope")
        assert err.value.error.code == -32602, err.value


@pytest.mark.parametrize("mode", MODES)
async def test_prompts(backend_url, mode):
    async with AsyncExitStack() as stack:
        client, _ = await connect(stack, backend_url, mode)
        assert client.server_capabilities.prompts is not None
        prompts = (await client.list_prompts()).prompts
        assert [p.name for p in prompts] == ["solve_problem", "daily_practice", "practice_similar", "weekly_review"]
        got = await client.get_prompt("solve_problem", {"source": "leetcode", "id": "1", "mode": "walkthrough"})
        first, second = got.messages[0].content, got.messages[1].content
        assert first.type == "resource" and str(first.resource.uri) == "oj://problem/leetcode/1"
        assert re.search(r"^# Two Sum$", first.resource.text, re.MULTILINE)
        assert "reference implementation" in second.text
        daily = await client.get_prompt("daily_practice", {"domain": "com"})
        assert str(daily.messages[0].content.resource.uri) == "oj://daily/com"
        with pytest.raises(MCPError) as err:
            await client.get_prompt("solve_problem", {"source": "leetcode"})
        assert err.value.error.code == -32602, err.value


@pytest.mark.parametrize("mode", MODES)
async def test_completions(backend_url, mode):
    from mcp_types import PromptReference, ResourceTemplateReference

    async with AsyncExitStack() as stack:
        client, _ = await connect(stack, backend_url, mode)
        assert client.server_capabilities.completions is not None
        prompt = PromptReference(name="solve_problem")
        sources = await client.complete(prompt, {"name": "source", "value": "co"})
        assert sources.completion.values == ["codeforces"]
        modes = await client.complete(prompt, {"name": "mode", "value": ""})
        assert modes.completion.values == ["hints", "walkthrough", "review"]
        template = ResourceTemplateReference(uri="oj://problem/{source}/{id}")
        ids = await client.complete(template, {"name": "id", "value": "1"}, {"source": "leetcode"})
        assert ids.completion.values and ids.completion.values[0].startswith("1"), ids
        by_language = ResourceTemplateReference(uri="oj://problem/{source}/{id}/{language}")
        languages = await client.complete(by_language, {"name": "language", "value": "z"})
        assert languages.completion.values == ["zh"]
