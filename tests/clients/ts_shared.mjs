// What the TypeScript SDK suites share (ts_sdk.mjs: SDK v1; ts_sdk_v2.mjs: SDK v2, in both protocol
// eras): the paths, the fixture backend, the call helpers, and the tests one connected session runs.
//
// Not a test file: run.sh runs the suites, which import it. The tests here run against whichever
// SDK and era the suite connected with; the SDK validates every structuredContent against its
// tool's outputSchema, and the call helpers check that it did (a counting validator).
//
// Env: OJ_MCP_BIN (default target/release/oj-mcp-rs), OJ_FIXTURE_BACKEND (default
// target/release/examples/fixture_backend), OJ_CLIENTS_NODE (default .deps/clients-node).

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { createRequire } from "node:module";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const fromRoot = (p) => resolve(root, p);
export const BIN = fromRoot(process.env.OJ_MCP_BIN ?? "target/release/oj-mcp-rs");
const FIXTURE = fromRoot(process.env.OJ_FIXTURE_BACKEND ?? "target/release/examples/fixture_backend");
const DEPS = fromRoot(process.env.OJ_CLIENTS_NODE ?? ".deps/clients-node");
const TOKEN = "fixture-token-0123456789abcdef";
// 2024-06-10T06:13:20Z: "today" is a day the fixtures answer with their "any other date" daily.
const NOW = "1718000000";

/** The SDKs live in the git-ignored .deps/, not beside this file: a require rooted there loads them. */
export const requireDeps = createRequire(join(DEPS, "package.json"));

/** An installed package's version (the packages' exports maps hide their package.json). */
export const depVersion = (name) =>
  JSON.parse(readFileSync(join(DEPS, "node_modules", name, "package.json"), "utf8")).version;

// tools/list, in order: the tools the MCP Bundle's manifest declares (the one list outside src/).
export const TOOLS = JSON.parse(readFileSync(fromRoot("mcpb/manifest.json"), "utf8")).tools.map((t) => t.name);
const RESOURCE_TEMPLATES = JSON.parse(readFileSync(fromRoot("tests/resource-templates.json"), "utf8"));

// The servers' solve log: a folder of this run's, never the user's data folder (the SDKs pass
// HOME on), removed at exit.
const LOG_DIR = mkdtempSync(join(tmpdir(), "oj-mcp-clients-"));
process.on("exit", () => rmSync(LOG_DIR, { recursive: true, force: true }));

/** The server's environment against `url`; OJ_LOG=debug puts the wire log on its stderr. */
export const serverEnv = (url, extra = {}) => ({
  OJ_BASE_URL: url,
  OJ_TOKEN: TOKEN,
  OJ_MCP_NOW: NOW,
  OJ_LOG_FILE: join(LOG_DIR, "solves.jsonl"),
  ...extra,
});

/** Starts the fixture backend; resolves to { url, close() } once it has printed its URL line. */
export async function startBackend() {
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

/**
 * Wraps an SDK's JSON Schema validator provider (both SDKs take one as `jsonSchemaValidator`) and
 * counts the values it validates: the proof that the SDK checked a result, not just that it could.
 */
export function countingValidator(inner) {
  const counter = {
    validated: 0,
    getValidator(schema) {
      const validate = inner.getValidator(schema);
      return (input) => {
        counter.validated += 1;
        return validate(input);
      };
    },
  };
  return counter;
}

/** The single text block of a tool result. */
export function textOf(result) {
  assert.ok(Array.isArray(result.content) && result.content.length >= 1, "content is a non-empty array");
  const [first] = result.content;
  assert.equal(first.type, "text");
  assert.equal(typeof first.text, "string");
  return first.text;
}

/**
 * One connected session as the shared tests use it. The suite sets `client` and `transport` when
 * it connects and passes the rest here:
 * - `era`: "legacy" (initialize) or "modern" (server/discover, 2026-07-28);
 * - `ProtocolError`: the class the SDK throws for a JSON-RPC error (v1: McpError);
 * - `validator`: the countingValidator the client was built with;
 * - `open(args)`: resolves to another connected client of the same SDK and era, for a server
 *   started with extra arguments (the caller closes it).
 */
export class Session {
  client;
  transport;
  stderr = "";
  errors = []; // what the SDK reported through client.onerror
  sent = []; // the JSON-RPC messages the client wrote, and those it read
  received = [];
  withOutputSchema = new Set(); // tools listed with an outputSchema (all of them)

  constructor({ era, ProtocolError, validator, open }) {
    Object.assign(this, { era, ProtocolError, validator, open });
  }

  /**
   * Collects the server's stderr (OJ_LOG=debug), the SDK's errors, and every message the transport
   * sends and receives (the SDK sets `transport.onmessage` when it connects: the accessor wraps it).
   */
  watch(client, transport) {
    Object.assign(this, { client, transport });
    transport.stderr.on("data", (d) => (this.stderr += d));
    client.onerror = (e) => this.errors.push(e);
    const send = transport.send.bind(transport);
    transport.send = (message, options) => (this.sent.push(message), send(message, options));
    let handler;
    Object.defineProperty(transport, "onmessage", {
      get: () => handler && ((message, extra) => (this.received.push(message), handler(message, extra))),
      set: (fn) => (handler = fn),
    });
  }

  /** Runs fn; on failure adds the server's stderr to the message, so the wire log is in the CI output. */
  async check(fn) {
    try {
      await fn();
    } catch (e) {
      e.message += `\n--- oj-mcp-rs stderr (OJ_LOG=debug) ---\n${this.stderr.slice(-20_000)}`;
      throw e;
    }
  }

  /**
   * Calls a tool and checks isError; returns its text and structuredContent. A success of a tool
   * listed with an outputSchema must carry an object, and the SDK must have validated it (exactly
   * one more validation); an isError result is exempt from validation.
   */
  async callTool(name, args, { isError = false } = {}) {
    const before = this.validator.validated;
    const result = await this.client.callTool({ name, arguments: args });
    const text = textOf(result);
    assert.equal(result.isError ?? false, isError, `${name} ${JSON.stringify(args)}: isError\n${text}`);
    const sc = result.structuredContent;
    if (this.withOutputSchema.has(name)) {
      const validated = this.validator.validated - before;
      assert.equal(validated, isError ? 0 : 1, `${name}: structuredContent validated by the SDK ${validated} times`);
      const isObject = sc !== null && typeof sc === "object" && !Array.isArray(sc);
      if (!isError) assert.ok(isObject, `${name}: structuredContent`);
    }
    return { text, sc };
  }

  /** callTool's text. */
  async call(name, args, options) {
    return (await this.callTool(name, args, options)).text;
  }

  /** A success's text and structuredContent, which has the `notes` every tool's schema requires. */
  async callBoth(name, args) {
    const out = await this.callTool(name, args);
    assert.ok(Array.isArray(out.sc?.notes), `${name}: structuredContent.notes`);
    return out;
  }
}

/** Registers the tests one connected session runs, in order, from tools/list to close. */
export function sessionTests(s) {
  const t = (name, fn) => test(name, () => s.check(fn));
  t("tools/list: every tool, in order, with object schemas", () => toolsList(s));
  t("get_problem: leetcode/1 and codeforces/4A", () => getProblem(s));
  t("get_problem: isError for a backend 404 and for a missing argument", () => getProblemErrors(s));
  t("find_similar_problems: by id with limit 3, and by text", () => findSimilar(s));
  t("resolve_problem: a LeetCode URL", () => resolveProblem(s));
  t("get_platform_status: version and grouped totals", () => platformStatus(s));
  t("get_daily_challenge: today, a past cn day, and a day being fetched", () => daily(s));
  t("search_problems: page 2 of 3, and list_tags", () => searchAndTags(s));
  t("language: zh under the Chinese title, the fallback note in text and JSON, the daily's default", () =>
    language(s));
  t("structuredContent carries what the text says: 202, paging, empty results, truncation, similar questions", () =>
    structuredOutcomes(s));
  t("--structured-content off: no outputSchema, no structuredContent, the same text", () => structuredOff(s));
  t("samples: structuredContent (validated by the SDK) and the samples resource", () => samples(s));
  t("resources: templates, the status resource, reads, and -32602 for an unknown URI", () => resources(s));
  t("prompts: list, solve_problem with the statement embedded, and argument errors", () => prompts(s));
  t("completions: sources by prefix, and ids from the backend", () => completions(s));
  t("an unknown tool is a JSON-RPC error (-32602), not a result", () => unknownTool(s));
  // 2026-07-28 has no ping (the v2 SDK refuses to send it in that era).
  if (s.era === "legacy") t("ping", async () => assert.equal(typeof (await s.client.ping()), "object"));
  t(`the wire: every request and result of the session in the ${s.era} era`, () => wire(s));
  t("the SDK reported no error (client.onerror)", () => assert.deepEqual(s.errors.map(String), []));
  t("close: the server exits on stdin EOF (before the SDK's 2 s SIGTERM)", () => close(s));
}

async function toolsList(s) {
  const { tools } = await s.client.listTools();
  assert.deepEqual(
    tools.map((t) => t.name),
    TOOLS,
  );
  for (const t of tools) {
    assert.equal(t.inputSchema?.type, "object", `${t.name}: inputSchema.type`);
    assert.ok(t.description?.length > 20, `${t.name}: has a description`);
    assert.equal(t.outputSchema?.type, "object", `${t.name}: outputSchema.type`);
    s.withOutputSchema.add(t.name);
  }
}

async function getProblem(s) {
  const lc = await s.call("get_problem", { source: "leetcode", id: "1" });
  assert.match(lc, /^# Two Sum$/m);
  assert.match(lc, /Source: leetcode \| ID: 1 \| Difficulty: Easy/);
  assert.match(lc, /https:\/\/leetcode\.com\/problems\/two-sum\//);
  const cf = await s.call("get_problem", { source: "codeforces", id: "4A" });
  assert.match(cf, /^# Watermelon$/m);
  assert.match(cf, /\$w\$/, "TeX math kept as $…$");
  assert.match(cf, /^```/m, "the example block is fenced");
}

async function getProblemErrors(s) {
  const missing = await s.call("get_problem", { source: "leetcode", id: "99999" }, { isError: true });
  assert.match(missing, /404/);
  assert.match(missing, /problem not found/);
  const bad = await s.call("get_problem", { source: "leetcode" }, { isError: true });
  assert.match(bad, /Invalid arguments/);
  assert.match(bad, /`id`/);
}

async function findSimilar(s) {
  const byId = await s.call("find_similar_problems", { source: "leetcode", id: "1", limit: 3 });
  assert.match(byId, /^# Similar Problems$/m);
  const rows = byId.split("\n").filter((l) => /^\| \d+ \|/.test(l));
  assert.equal(rows.length, 3, `three result rows\n${byId}`);
  assert.match(byId, /Two Sum II - Input Array Is Sorted/);
  const byText = await s.call("find_similar_problems", { query: "two numbers adding to a target" });
  assert.match(byText, /^# Similar Problems$/m);
  assert.match(byText, /\| leetcode \| 1 \| Two Sum \|/);
}

async function resolveProblem(s) {
  const text = await s.call("resolve_problem", { query: "https://leetcode.com/problems/two-sum/" });
  assert.match(text, /^# Two Sum$/m);
  assert.match(text, /Source: leetcode \| ID: 1/);
}

async function platformStatus(s) {
  const text = await s.call("get_platform_status", {});
  assert.match(text, /OJ Platform Status \(v0\.2\.1\)/);
  assert.match(text, /12,984/);
  assert.match(text, /\| spoj +\| 100 /);
}

async function daily(s) {
  const today = await s.call("get_daily_challenge", {});
  assert.match(today, /^# Network Delay Time$/m);
  assert.match(today, /leetcode\.com/);
  const cn = await s.call("get_daily_challenge", { domain: "cn", date: "2024-01-15" });
  assert.match(cn, /^# Trapping Rain Water$/m);
  assert.match(cn, /https:\/\/leetcode\.cn\/problems\/trapping-rain-water\//);
  assert.match(cn, /2024-01-15/);
  const fetching = await s.call("get_daily_challenge", { date: "2024-02-01" });
  assert.match(fetching, /being fetched/);
  assert.match(fetching, /30 seconds/);
}

async function searchAndTags(s) {
  const page = await s.call("search_problems", { source: "leetcode", page: 2, per_page: 3 });
  assert.match(page, /^# Problems on leetcode$/m);
  assert.match(page, /Page 2 of 3/);
  assert.equal(page.split("\n").filter((l) => /^\| \d+ \|/.test(l)).length, 3, page);
  const tags = await s.call("list_tags", { source: "leetcode" });
  assert.match(tags, /Tags on leetcode \(15\)/);
  assert.match(tags, /dynamic programming/);
}

async function language(s) {
  const noZh = "No Chinese statement is available for this problem; showing the English one.";
  const zh = await s.callBoth("get_problem", { source: "leetcode", id: "1", language: "zh" });
  assert.match(zh.text, /^# 两数之和$/m);
  assert.equal(zh.sc.language, "zh");
  assert.deepEqual(zh.sc.notes, []);
  assert.match(zh.sc.problem.content, /给定一个整数数组/);
  const fallback = await s.callBoth("get_problem", { source: "leetcode", id: "743", language: "zh" });
  assert.ok(fallback.text.includes(`- Note: ${noZh}`), fallback.text);
  assert.equal(fallback.sc.language, "en");
  assert.deepEqual(fallback.sc.notes, [noZh]);
  const luogu = await s.callBoth("get_problem", { source: "luogu", id: "P1002" });
  assert.equal(luogu.sc.language, "zh");
  assert.match(luogu.sc.notes[0], /No English statement/);
  const cnDaily = await s.callBoth("get_daily_challenge", { domain: "cn" });
  assert.equal(cnDaily.sc.language, "zh");
  assert.match(cnDaily.text, /^# 两数之和$/m);
  const enDaily = await s.callBoth("get_daily_challenge", { domain: "cn", language: "en" });
  assert.equal(enDaily.sc.language, "en");
  const resolved = await s.callBoth("resolve_problem", {
    query: "https://leetcode.com/problems/two-sum/",
    language: "zh",
  });
  assert.equal(resolved.sc.language, "zh");
  assert.equal(resolved.sc.detected_source, "leetcode");
  const bad = await s.call("get_problem", { source: "leetcode", id: "1", language: "fr" }, { isError: true });
  assert.match(bad, /`language`/);
}

async function structuredOutcomes(s) {
  const fetching = await s.callBoth("get_daily_challenge", { date: "2024-02-01" });
  assert.equal(fetching.sc.status, "fetching");
  assert.equal(fetching.sc.retry_after, 30);
  assert.equal(fetching.sc.problem, null);
  assert.equal(fetching.sc.notes[0], fetching.text.trim());
  const page = await s.callBoth("search_problems", { source: "leetcode", page: 2, per_page: 3 });
  assert.deepEqual([page.sc.page, page.sc.total_pages, page.sc.total], [2, 3, 7]);
  assert.deepEqual(page.sc.next_page_arguments, { source: "leetcode", page: 3, per_page: 3 });
  for (const n of page.sc.notes) assert.ok(page.text.includes(n), n);
  const past = await s.callBoth("search_problems", { source: "leetcode", page: 9, per_page: 5 });
  assert.equal(past.sc.next_page_arguments, null);
  assert.ok(past.sc.notes.includes("No problems on this page."), JSON.stringify(past.sc));
  const listing = await s.callBoth("search_problems", { source: "leetcode" });
  assert.equal(listing.sc.problems[0].title_cn, "两数之和");
  assert.match(listing.text, /\| Two Sum \(两数之和\) \|/);
  const empty = await s.callBoth("find_similar_problems", { source: "atcoder", id: "agc001_a" });
  assert.deepEqual(empty.sc.results, []);
  assert.equal(empty.sc.notes.length, 1);
  assert.ok(empty.text.includes(empty.sc.notes[0]));
  const noTags = await s.callBoth("list_tags", { source: "atcoder" });
  assert.deepEqual(noTags.sc.tags, []);
  assert.ok(noTags.text.includes(noTags.sc.notes[0]));
  const big = await s.callBoth("get_problem", { source: "atcoder", id: "ahc001_a" });
  assert.equal(big.sc.problem.truncated, true);
  assert.ok(big.text.includes(`- Note: ${big.sc.notes[0]}`), big.sc.notes.join("\n"));
  const lc = await s.callBoth("get_problem", { source: "leetcode", id: "1" });
  assert.deepEqual(lc.sc.problem.similar_questions, ["two-sum-ii-input-array-is-sorted", "3sum"]);
  assert.match(lc.text, /^- Similar questions: two-sum-ii-input-array-is-sorted, 3sum$/m);
}

async function structuredOff(s) {
  const off = await s.open(["--structured-content", "off"]);
  try {
    const { tools } = await off.listTools();
    assert.ok(tools.length === TOOLS.length && tools.every((t) => t.outputSchema === undefined && t.title));
    const r = await off.callTool({ name: "get_problem", arguments: { source: "leetcode", id: "1" } });
    assert.equal(r.structuredContent, undefined);
    assert.equal(textOf(r), await s.call("get_problem", { source: "leetcode", id: "1" }));
  } finally {
    await off.close();
  }
}

async function samples(s) {
  const lc = await s.callBoth("get_problem", { source: "leetcode", id: "1" });
  assert.equal(lc.sc.problem.io, "function");
  assert.deepEqual(lc.sc.problem.samples[0], {
    input: "nums = [3,8,11,5], target = 16",
    output: "[2,3]",
    explanation: "nums[2] + nums[3] = 11 + 5 = 16.",
  });
  const ac = await s.callBoth("get_problem", { source: "atcoder", id: "abc321_a" });
  assert.equal(ac.sc.problem.io, "stdin");
  assert.deepEqual(
    ac.sc.problem.samples.map((t) => [t.input, t.output]),
    [
      ["4310\n", "Yes\n"],
      ["4410\n", "No\n"],
    ],
  );
  const r = await s.client.readResource({ uri: "oj://problem/codeforces/4A/samples" });
  assert.equal(r.contents[0].mimeType, "application/json");
  const cc = JSON.parse(r.contents[0].text);
  assert.deepEqual(
    { name: cc.name, interactive: cc.interactive, tests: cc.tests },
    { name: "Watermelon", interactive: false, tests: [{ input: "8\n", output: "YES\n" }] },
  );
}

async function resources(s) {
  const caps = s.client.getServerCapabilities();
  assert.ok(caps?.resources && caps?.prompts && caps?.completions, "resources, prompts, completions advertised");
  const { resourceTemplates } = await s.client.listResourceTemplates();
  assert.deepEqual(
    resourceTemplates.map((t) => t.uriTemplate),
    RESOURCE_TEMPLATES,
  );
  const zh = await s.client.readResource({ uri: "oj://problem/leetcode/1/zh" });
  assert.match(zh.contents[0].text, /^# 两数之和$/m);
  const { resources } = await s.client.listResources();
  assert.deepEqual(
    resources.map((r) => r.uri),
    ["oj://status", "oj://log"],
  );
  const problem = await s.client.readResource({ uri: "oj://problem/leetcode/1" });
  assert.equal(problem.contents[0].mimeType, "text/markdown");
  assert.match(problem.contents[0].text, /^# Two Sum$/m);
  const status = await s.client.readResource({ uri: "oj://status" });
  assert.match(status.contents[0].text, /12,984/);
  const daily = await s.client.readResource({ uri: "oj://daily/cn/2024-01-15" });
  assert.match(daily.contents[0].text, /Trapping Rain Water/);
  await assert.rejects(s.client.readResource({ uri: "oj://nope" }), (e) => {
    assert.ok(e instanceof s.ProtocolError, `${s.ProtocolError.name}, got ${e}`);
    assert.equal(e.code, -32602);
    assert.match(e.message, /oj:\/\/problem\/\{source\}\/\{id\}/);
    return true;
  });
}

async function prompts(s) {
  const { prompts } = await s.client.listPrompts();
  assert.deepEqual(
    prompts.map((p) => p.name),
    ["solve_problem", "daily_practice", "practice_similar", "weekly_review"],
  );
  const solve = await s.client.getPrompt({ name: "solve_problem", arguments: { source: "leetcode", id: "1" } });
  assert.equal(solve.messages[0].content.type, "resource");
  assert.equal(solve.messages[0].content.resource.uri, "oj://problem/leetcode/1");
  assert.match(solve.messages[0].content.resource.text, /^# Two Sum$/m);
  assert.match(solve.messages[1].content.text, /hint/);
  const plan = await s.client.getPrompt({ name: "practice_similar", arguments: { source: "leetcode", id: "1" } });
  assert.match(plan.messages[1].content.text, /# Similar Problems/);
  await assert.rejects(s.client.getPrompt({ name: "solve_problem", arguments: { source: "leetcode" } }), (e) => {
    assert.equal(e.code, -32602);
    return true;
  });
}

async function completions(s) {
  const ref = { type: "ref/prompt", name: "solve_problem" };
  const sources = await s.client.complete({ ref, argument: { name: "source", value: "l" } });
  assert.deepEqual(sources.completion.values, ["leetcode", "luogu"]);
  const ids = await s.client.complete({
    ref,
    argument: { name: "id", value: "1" },
    context: { arguments: { source: "leetcode" } },
  });
  assert.ok(ids.completion.values.length > 0 && ids.completion.values[0].startsWith("1"), JSON.stringify(ids));
  const languages = await s.client.complete({
    ref: { type: "ref/resource", uri: "oj://problem/{source}/{id}/{language}" },
    argument: { name: "language", value: "" },
  });
  assert.deepEqual(languages.completion.values, ["en", "zh"]);
}

async function unknownTool(s) {
  await assert.rejects(s.client.callTool({ name: "no_such_tool", arguments: {} }), (e) => {
    assert.ok(e instanceof s.ProtocolError, `${s.ProtocolError.name}, got ${e}`);
    assert.equal(e.code, -32602);
    return true;
  });
}

// The per-request era marker of 2026-07-28 (absent in the legacy era).
const VERSION_KEY = "io.modelcontextprotocol/protocolVersion";

function wire(s) {
  const requests = s.sent.filter((m) => m.method !== undefined && m.id !== undefined);
  const results = s.received.filter((m) => m.result !== undefined);
  assert.ok(requests.length >= 40 && results.length >= 35, `${requests.length} requests, ${results.length} results`);
  const show = (m) => JSON.stringify(m).slice(0, 300);
  if (s.era === "modern") {
    for (const r of requests) {
      assert.equal(r.params?._meta?.[VERSION_KEY], "2026-07-28", show(r));
      assert.equal(typeof r.params._meta["io.modelcontextprotocol/clientCapabilities"], "object", show(r));
    }
    for (const r of results) assert.equal(r.result.resultType, "complete", show(r));
  } else {
    assert.equal(requests[0].method, "initialize");
    for (const r of requests) assert.equal(r.params?._meta?.[VERSION_KEY], undefined, show(r));
    for (const r of results) assert.equal(r.result.resultType, undefined, show(r));
  }
}

async function close(s) {
  const pid = s.transport.pid;
  assert.ok(pid, "server pid");
  const t0 = performance.now();
  await s.client.close();
  const ms = performance.now() - t0;
  assert.ok(ms < 1500, `close took ${ms.toFixed(0)} ms: the server did not exit on stdin EOF`);
  assert.throws(() => process.kill(pid, 0), { code: "ESRCH" }, "server process is gone");
}
