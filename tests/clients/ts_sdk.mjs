// The official TypeScript SDK (v1, @modelcontextprotocol/sdk) as a real client of the release binary.
//
// Run: node --test tests/clients/ts_sdk.mjs   (after scripts/deps.sh and a release build)
//
// One Client + StdioClientTransport session for the whole file, against a fixture backend this file
// starts itself: initialize, tools/list, every tool, isError cases, ping, close.
//
// Env: OJ_MCP_BIN (default target/release/oj-mcp-rs), OJ_FIXTURE_BACKEND (default
// target/release/examples/fixture_backend), OJ_CLIENTS_NODE (default .deps/clients-node).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const fromRoot = (p) => resolve(root, p);
const BIN = fromRoot(process.env.OJ_MCP_BIN ?? "target/release/oj-mcp-rs");
const FIXTURE = fromRoot(process.env.OJ_FIXTURE_BACKEND ?? "target/release/examples/fixture_backend");
const DEPS = fromRoot(process.env.OJ_CLIENTS_NODE ?? ".deps/clients-node");
const TOKEN = "fixture-token-0123456789abcdef";
// 2024-06-10T06:13:20Z: "today" is a day the fixtures answer with their "any other date" daily.
const NOW = "1718000000";

// The SDK lives in the git-ignored .deps/, not beside this file: load it through a require rooted there.
const require = createRequire(join(DEPS, "package.json"));
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
const { McpError } = require("@modelcontextprotocol/sdk/types.js");
// (the package's exports map hides its package.json)
const SDK_VERSION = JSON.parse(
  readFileSync(join(DEPS, "node_modules/@modelcontextprotocol/sdk/package.json"), "utf8"),
).version;

// tools/list, in order: the tools the MCP Bundle's manifest declares (the one list outside src/).
const TOOLS = JSON.parse(readFileSync(fromRoot("mcpb/manifest.json"), "utf8")).tools.map((t) => t.name);

/** Starts the fixture backend; resolves to { url, close() } once it has printed its URL line. */
async function startBackend() {
  for (const f of [BIN, FIXTURE]) {
    assert.ok(existsSync(f), `${f} is missing: run \`cargo build --release --bin oj-mcp-rs --example fixture_backend\``);
  }
  const child = spawn(FIXTURE, ["--token", TOKEN], { stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise((res) => child.once("exit", (code, signal) => res({ code, signal })));
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error("fixture backend printed no URL in 10 s")), 10_000);
    lines.once("line", (l) => (clearTimeout(timer), res(l.trim())));
    child.once("error", (e) => (clearTimeout(timer), rej(e)));
    exited.then(({ code }) => (clearTimeout(timer), rej(new Error(`fixture backend exited (${code})`))));
  });
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
  return {
    url,
    async close() {
      lines.close();
      child.stdin.end(); // it serves until stdin reaches EOF
      const t = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(t);
    },
  };
}

let backend;
let client;
let transport;
let negotiated; // the protocolVersion of the initialize result, as the SDK hands it to its transport
let serverStderr = "";
const withOutputSchema = new Set(); // tools listed with an outputSchema (all of them)

before(async () => {
  backend = await startBackend();
  transport = new StdioClientTransport({
    command: BIN,
    args: [],
    env: { OJ_BASE_URL: backend.url, OJ_TOKEN: TOKEN, OJ_MCP_NOW: NOW, OJ_LOG: "debug" },
    stderr: "pipe",
  });
  transport.stderr.on("data", (d) => (serverStderr += d));
  // Client.connect() calls transport.setProtocolVersion(result.protocolVersion) when it exists
  // (the HTTP transports use it for their header); stdio has none, so this records it.
  transport.setProtocolVersion = (v) => (negotiated = v);
  client = new Client({ name: "oj-mcp-rs-client-tests", version: "0.0.0" });
});

after(async () => {
  await client?.close().catch(() => {});
  await backend?.close();
});

/** Dumps the server's stderr when a test fails, so the wire log is in the CI output. */
async function check(fn) {
  try {
    await fn();
  } catch (e) {
    e.message += `\n--- oj-mcp-rs stderr (OJ_LOG=debug) ---\n${serverStderr.slice(-20_000)}`;
    throw e;
  }
}

/** The single text block of a tool result. */
function textOf(result) {
  assert.ok(Array.isArray(result.content) && result.content.length >= 1, "content is a non-empty array");
  const [first] = result.content;
  assert.equal(first.type, "text");
  assert.equal(typeof first.text, "string");
  return first.text;
}

/**
 * Calls a tool that succeeds; returns its text and structuredContent, which the SDK has already
 * validated against the tool's outputSchema (Client.callTool does, once listTools cached them).
 */
async function callBoth(name, args) {
  const result = await client.callTool({ name, arguments: args });
  const text = textOf(result);
  assert.equal(result.isError ?? false, false, `${name} ${JSON.stringify(args)}: isError\n${text}`);
  const sc = result.structuredContent;
  assert.ok(sc !== null && typeof sc === "object" && Array.isArray(sc.notes), `${name}: structuredContent.notes`);
  return { text, sc };
}

/**
 * Calls a tool and checks isError; returns its text. (The SDK itself checks structuredContent
 * against the tool's outputSchema; this checks that a success has it at all.)
 */
async function call(name, args, { isError = false } = {}) {
  const result = await client.callTool({ name, arguments: args });
  const text = textOf(result);
  assert.equal(result.isError ?? false, isError, `${name} ${JSON.stringify(args)}: isError\n${text}`);
  if (!isError && withOutputSchema.has(name)) {
    const sc = result.structuredContent;
    assert.ok(sc !== null && typeof sc === "object" && !Array.isArray(sc), `${name}: structuredContent`);
  }
  return text;
}

test("initialize: the SDK's handshake succeeds at 2025-11-25", (t) =>
  check(async () => {
    const t0 = performance.now();
    await client.connect(transport);
    const ms = performance.now() - t0;
    assert.equal(negotiated, "2025-11-25");
    assert.equal(client.getServerVersion()?.name, "oj-mcp-rs");
    assert.ok(client.getServerCapabilities()?.tools, "tools capability advertised");
    assert.match(client.getInstructions() ?? "", /get_problem/);
    t.diagnostic(`@modelcontextprotocol/sdk ${SDK_VERSION}: initialize -> ${negotiated} in ${ms.toFixed(0)} ms`);
  }));

test("tools/list: every tool, in order, with object schemas", () =>
  check(async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      TOOLS,
    );
    for (const t of tools) {
      assert.equal(t.inputSchema?.type, "object", `${t.name}: inputSchema.type`);
      assert.ok(t.description?.length > 20, `${t.name}: has a description`);
      assert.equal(t.outputSchema?.type, "object", `${t.name}: outputSchema.type`);
      withOutputSchema.add(t.name);
    }
  }));

test("get_problem: leetcode/1 and codeforces/4A", () =>
  check(async () => {
    const lc = await call("get_problem", { source: "leetcode", id: "1" });
    assert.match(lc, /^# Two Sum$/m);
    assert.match(lc, /Source: leetcode \| ID: 1 \| Difficulty: Easy/);
    assert.match(lc, /https:\/\/leetcode\.com\/problems\/two-sum\//);
    const cf = await call("get_problem", { source: "codeforces", id: "4A" });
    assert.match(cf, /^# Watermelon$/m);
    assert.match(cf, /\$w\$/, "TeX math kept as $…$");
    assert.match(cf, /^```/m, "the example block is fenced");
  }));

test("get_problem: isError for a backend 404 and for a missing argument", () =>
  check(async () => {
    const missing = await call("get_problem", { source: "leetcode", id: "99999" }, { isError: true });
    assert.match(missing, /404/);
    assert.match(missing, /problem not found/);
    const bad = await call("get_problem", { source: "leetcode" }, { isError: true });
    assert.match(bad, /Invalid arguments/);
    assert.match(bad, /`id`/);
  }));

test("find_similar_problems: by id with limit 3, and by text", () =>
  check(async () => {
    const byId = await call("find_similar_problems", { source: "leetcode", id: "1", limit: 3 });
    assert.match(byId, /^# Similar Problems$/m);
    const rows = byId.split("\n").filter((l) => /^\| \d+ \|/.test(l));
    assert.equal(rows.length, 3, `three result rows\n${byId}`);
    assert.match(byId, /Two Sum II - Input Array Is Sorted/);
    const byText = await call("find_similar_problems", { query: "two numbers adding to a target" });
    assert.match(byText, /^# Similar Problems$/m);
    assert.match(byText, /\| leetcode \| 1 \| Two Sum \|/);
  }));

test("resolve_problem: a LeetCode URL", () =>
  check(async () => {
    const text = await call("resolve_problem", { query: "https://leetcode.com/problems/two-sum/" });
    assert.match(text, /^# Two Sum$/m);
    assert.match(text, /Source: leetcode \| ID: 1/);
  }));

test("get_platform_status: version and grouped totals", () =>
  check(async () => {
    const text = await call("get_platform_status", {});
    assert.match(text, /OJ Platform Status \(v0\.2\.1\)/);
    assert.match(text, /12,984/);
    assert.match(text, /\| spoj +\| 100 /);
  }));

test("get_daily_challenge: today, a past cn day, and a day being fetched", () =>
  check(async () => {
    const today = await call("get_daily_challenge", {});
    assert.match(today, /^# Network Delay Time$/m);
    assert.match(today, /leetcode\.com/);
    const cn = await call("get_daily_challenge", { domain: "cn", date: "2024-01-15" });
    assert.match(cn, /^# Trapping Rain Water$/m);
    assert.match(cn, /https:\/\/leetcode\.cn\/problems\/trapping-rain-water\//);
    assert.match(cn, /2024-01-15/);
    const fetching = await call("get_daily_challenge", { date: "2024-02-01" });
    assert.match(fetching, /being fetched/);
    assert.match(fetching, /30 seconds/);
  }));

test("search_problems: page 2 of 3, and list_tags", () =>
  check(async () => {
    const page = await call("search_problems", { source: "leetcode", page: 2, per_page: 3 });
    assert.match(page, /^# Problems on leetcode$/m);
    assert.match(page, /Page 2 of 3/);
    assert.equal(page.split("\n").filter((l) => /^\| \d+ \|/.test(l)).length, 3, page);
    const tags = await call("list_tags", { source: "leetcode" });
    assert.match(tags, /Tags on leetcode \(15\)/);
    assert.match(tags, /dynamic programming/);
  }));

test("language: zh under the Chinese title, the fallback note in text and JSON, the daily's default", () =>
  check(async () => {
    const noZh = "No Chinese statement is available for this problem; showing the English one.";
    const zh = await callBoth("get_problem", { source: "leetcode", id: "1", language: "zh" });
    assert.match(zh.text, /^# 两数之和$/m);
    assert.equal(zh.sc.language, "zh");
    assert.deepEqual(zh.sc.notes, []);
    assert.match(zh.sc.problem.content, /给定一个整数数组/);
    const fallback = await callBoth("get_problem", { source: "leetcode", id: "743", language: "zh" });
    assert.ok(fallback.text.includes(`- Note: ${noZh}`), fallback.text);
    assert.equal(fallback.sc.language, "en");
    assert.deepEqual(fallback.sc.notes, [noZh]);
    const luogu = await callBoth("get_problem", { source: "luogu", id: "P1002" });
    assert.equal(luogu.sc.language, "zh");
    assert.match(luogu.sc.notes[0], /No English statement/);
    const cnDaily = await callBoth("get_daily_challenge", { domain: "cn" });
    assert.equal(cnDaily.sc.language, "zh");
    assert.match(cnDaily.text, /^# 两数之和$/m);
    const resolved = await callBoth("resolve_problem", { query: "https://leetcode.com/problems/two-sum/", language: "zh" });
    assert.equal(resolved.sc.language, "zh");
    const bad = await call("get_problem", { source: "leetcode", id: "1", language: "fr" }, { isError: true });
    assert.match(bad, /`language`/);
  }));

test("structuredContent carries what the text says: 202, paging, empty results, truncation, similar questions", () =>
  check(async () => {
    const fetching = await callBoth("get_daily_challenge", { date: "2024-02-01" });
    assert.equal(fetching.sc.status, "fetching");
    assert.equal(fetching.sc.retry_after, 30);
    assert.equal(fetching.sc.problem, null);
    assert.equal(fetching.sc.notes[0], fetching.text.trim());
    const page = await callBoth("search_problems", { source: "leetcode", page: 2, per_page: 3 });
    assert.deepEqual([page.sc.page, page.sc.total_pages, page.sc.total], [2, 3, 7]);
    assert.deepEqual(page.sc.next_page_arguments, { source: "leetcode", page: 3, per_page: 3 });
    for (const n of page.sc.notes) assert.ok(page.text.includes(n), n);
    const past = await callBoth("search_problems", { source: "leetcode", page: 9, per_page: 5 });
    assert.equal(past.sc.next_page_arguments, null);
    assert.ok(past.sc.notes.includes("No problems on this page."), JSON.stringify(past.sc));
    const listing = await callBoth("search_problems", { source: "leetcode" });
    assert.equal(listing.sc.problems[0].title_cn, "两数之和");
    assert.match(listing.text, /\| Two Sum \(两数之和\) \|/);
    const empty = await callBoth("find_similar_problems", { source: "atcoder", id: "agc001_a" });
    assert.deepEqual(empty.sc.results, []);
    assert.equal(empty.sc.notes.length, 1);
    assert.ok(empty.text.includes(empty.sc.notes[0]));
    const noTags = await callBoth("list_tags", { source: "atcoder" });
    assert.deepEqual(noTags.sc.tags, []);
    assert.ok(noTags.text.includes(noTags.sc.notes[0]));
    const big = await callBoth("get_problem", { source: "atcoder", id: "ahc001_a" });
    assert.equal(big.sc.problem.truncated, true);
    assert.ok(big.text.includes(`- Note: ${big.sc.notes[0]}`), big.sc.notes.join("\n"));
    const lc = await callBoth("get_problem", { source: "leetcode", id: "1" });
    assert.deepEqual(lc.sc.problem.similar_questions, ["two-sum-ii-input-array-is-sorted", "3sum"]);
    assert.match(lc.text, /^- Similar questions: two-sum-ii-input-array-is-sorted, 3sum$/m);
  }));

test("--structured-content off: no outputSchema, no structuredContent, the same text", () =>
  check(async () => {
    const offTransport = new StdioClientTransport({
      command: BIN,
      args: ["--structured-content", "off"],
      env: { OJ_BASE_URL: backend.url, OJ_TOKEN: TOKEN, OJ_MCP_NOW: NOW },
      stderr: "pipe",
    });
    const off = new Client({ name: "oj-mcp-rs-client-tests-off", version: "0.0.0" });
    await off.connect(offTransport);
    try {
      const { tools } = await off.listTools();
      assert.ok(tools.length === TOOLS.length && tools.every((t) => t.outputSchema === undefined && t.title));
      const r = await off.callTool({ name: "get_problem", arguments: { source: "leetcode", id: "1" } });
      assert.equal(r.structuredContent, undefined);
      assert.equal(textOf(r), await call("get_problem", { source: "leetcode", id: "1" }));
    } finally {
      await off.close();
    }
  }));

test("samples: structuredContent (validated by the SDK) and the samples resource", () =>
  check(async () => {
    const lc = await callBoth("get_problem", { source: "leetcode", id: "1" });
    assert.equal(lc.sc.problem.io, "function");
    assert.deepEqual(lc.sc.problem.samples[0], {
      input: "nums = [3,8,11,5], target = 16",
      output: "[2,3]",
      explanation: "nums[2] + nums[3] = 11 + 5 = 16.",
    });
    const ac = await callBoth("get_problem", { source: "atcoder", id: "abc321_a" });
    assert.equal(ac.sc.problem.io, "stdin");
    assert.deepEqual(ac.sc.problem.samples.map((t) => [t.input, t.output]), [["4310\n", "Yes\n"], ["4410\n", "No\n"]]);
    const r = await client.readResource({ uri: "oj://problem/codeforces/4A/samples" });
    assert.equal(r.contents[0].mimeType, "application/json");
    const cc = JSON.parse(r.contents[0].text);
    assert.deepEqual(
      { name: cc.name, interactive: cc.interactive, tests: cc.tests },
      { name: "Watermelon", interactive: false, tests: [{ input: "8\n", output: "YES\n" }] },
    );
  }));

test("resources: templates, the status resource, reads, and -32602 for an unknown URI", () =>
  check(async () => {
    const caps = client.getServerCapabilities();
    assert.ok(caps?.resources && caps?.prompts && caps?.completions, "resources, prompts, completions advertised");
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.deepEqual(
      resourceTemplates.map((t) => t.uriTemplate),
      JSON.parse(readFileSync(fromRoot("tests/resource-templates.json"), "utf8")),
    );
    const zh = await client.readResource({ uri: "oj://problem/leetcode/1/zh" });
    assert.match(zh.contents[0].text, /^# 两数之和$/m);
    const { resources } = await client.listResources();
    assert.deepEqual(resources.map((r) => r.uri), ["oj://status"]);
    const problem = await client.readResource({ uri: "oj://problem/leetcode/1" });
    assert.equal(problem.contents[0].mimeType, "text/markdown");
    assert.match(problem.contents[0].text, /^# Two Sum$/m);
    const status = await client.readResource({ uri: "oj://status" });
    assert.match(status.contents[0].text, /12,984/);
    await assert.rejects(client.readResource({ uri: "oj://nope" }), (e) => {
      assert.ok(e instanceof McpError, `McpError, got ${e}`);
      assert.equal(e.code, -32602);
      assert.match(e.message, /oj:\/\/problem\/\{source\}\/\{id\}/);
      return true;
    });
  }));

test("prompts: list, solve_problem with the statement embedded, and argument errors", () =>
  check(async () => {
    const { prompts } = await client.listPrompts();
    assert.deepEqual(prompts.map((p) => p.name), ["solve_problem", "daily_practice", "practice_similar"]);
    const solve = await client.getPrompt({ name: "solve_problem", arguments: { source: "leetcode", id: "1" } });
    assert.equal(solve.messages[0].content.type, "resource");
    assert.equal(solve.messages[0].content.resource.uri, "oj://problem/leetcode/1");
    assert.match(solve.messages[0].content.resource.text, /^# Two Sum$/m);
    assert.match(solve.messages[1].content.text, /hint/);
    const plan = await client.getPrompt({ name: "practice_similar", arguments: { source: "leetcode", id: "1" } });
    assert.match(plan.messages[1].content.text, /# Similar Problems/);
    await assert.rejects(client.getPrompt({ name: "solve_problem", arguments: { source: "leetcode" } }), (e) => {
      assert.equal(e.code, -32602);
      return true;
    });
  }));

test("completions: sources by prefix, and ids from the backend", () =>
  check(async () => {
    const ref = { type: "ref/prompt", name: "solve_problem" };
    const sources = await client.complete({ ref, argument: { name: "source", value: "l" } });
    assert.deepEqual(sources.completion.values, ["leetcode", "luogu"]);
    const ids = await client.complete({
      ref,
      argument: { name: "id", value: "1" },
      context: { arguments: { source: "leetcode" } },
    });
    assert.ok(ids.completion.values.length > 0 && ids.completion.values[0].startsWith("1"), JSON.stringify(ids));
    const languages = await client.complete({
      ref: { type: "ref/resource", uri: "oj://problem/{source}/{id}/{language}" },
      argument: { name: "language", value: "" },
    });
    assert.deepEqual(languages.completion.values, ["en", "zh"]);
  }));

test("an unknown tool is a JSON-RPC error (-32602), not a result", () =>
  check(async () => {
    await assert.rejects(client.callTool({ name: "no_such_tool", arguments: {} }), (e) => {
      assert.ok(e instanceof McpError, `McpError, got ${e}`);
      assert.equal(e.code, -32602);
      return true;
    });
  }));

test("ping", () =>
  check(async () => {
    const pong = await client.ping();
    assert.equal(typeof pong, "object");
  }));

test("close: the server exits on stdin EOF (before the SDK's 2 s SIGTERM)", () =>
  check(async () => {
    const pid = transport.pid;
    assert.ok(pid, "server pid");
    const t0 = performance.now();
    await client.close();
    const ms = performance.now() - t0;
    assert.ok(ms < 1500, `close took ${ms.toFixed(0)} ms: the server did not exit on stdin EOF`);
    assert.throws(() => process.kill(pid, 0), { code: "ESRCH" }, "server process is gone");
  }));
