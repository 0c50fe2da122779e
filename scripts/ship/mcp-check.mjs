#!/usr/bin/env node
// A short MCP session against an installed server command, with a stub backend on 127.0.0.1.
//
//   node scripts/ship/mcp-check.mjs [--token T] -- <command> [args...]
//        runs <command> with OJ_BASE_URL=<stub> (and OJ_TOKEN=T when given)
//   node scripts/ship/mcp-check.mjs --mcpb <unpacked bundle dir> [--token T]
//        runs the bundle's server the way a host does: mcp_config from its manifest.json,
//        resolved by @anthropic-ai/mcpb with user_config {base_url: <stub>, token: T}
//
// The session: initialize, notifications/initialized, ping, tools/list (the manifest's tools),
// tools/call get_platform_status (with a token: the table, and the stub saw `Bearer T`; without:
// isError and no request at all), then stdin is closed and the server must exit 0. This checks
// the packaging (stdio through the launcher, env wiring of the bundle), not the tools: the full
// session is examples/smoke.rs.

import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

// The tools the server must list: exactly those the MCP Bundle's manifest declares, so that a
// new tool without a manifest entry (or a stale entry) fails here.
const ROOT = resolve(fileURLToPath(import.meta.url), "../../..");
const TOOLS = JSON.parse(readFileSync(join(ROOT, "mcpb/manifest.json"), "utf8")).tools.map((t) => t.name);
const STATUS_BODY = JSON.stringify({
  version: "9.8.7",
  platforms: [{ source: "leetcode", total: 12984, missing_content: 1, not_embedded: 1000 }],
});

export async function mcpCheck({ command, args = [], env = {}, token, label = command }) {
  const seen = [];
  const backend = createServer((req, res) => {
    seen.push({ url: req.url, auth: req.headers.authorization });
    if (req.url === "/status" && token && req.headers.authorization === `Bearer ${token}`) {
      res.writeHead(200, { "content-type": "application/json" }).end(STATUS_BODY);
    } else {
      res
        .writeHead(401, { "content-type": "application/problem+json" })
        .end(JSON.stringify({ type: "about:blank", title: "Unauthorized", status: 401 }));
    }
  });
  await new Promise((ok) => backend.listen(0, "127.0.0.1", ok));
  const base = `http://127.0.0.1:${backend.address().port}`;
  const fill = (v) => (typeof v === "string" ? v.replaceAll("@BACKEND@", base) : v);
  const childEnv = { ...process.env };
  delete childEnv.OJ_BASE_URL;
  delete childEnv.OJ_TOKEN;
  for (const [k, v] of Object.entries(env)) childEnv[k] = fill(v);

  const child = spawn(command, args.map(fill), { env: childEnv, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise((ok) => child.on("exit", (code, signal) => ok({ code, signal })));
  const pending = new Map();
  let buf = "";
  child.stdout.on("data", (d) => {
    buf += d;
    let i;
    while ((i = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      if (!line.trim()) continue;
      const msg = JSON.parse(line); // a non-JSON line on stdout is a failure in itself
      if (msg.id !== undefined && pending.has(msg.id)) {
        pending.get(msg.id)(msg);
        pending.delete(msg.id);
      }
    }
  });
  let nextId = 1;
  const send = (msg) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...msg })}\n`);
  const request = (method, params) =>
    new Promise((ok, fail) => {
      const id = nextId++;
      const timer = setTimeout(() => fail(new Error(`${method}: no answer in 10 s`)), 10_000);
      pending.set(id, (m) => {
        clearTimeout(timer);
        if (m.error) fail(new Error(`${method}: error ${JSON.stringify(m.error)}`));
        else ok(m.result);
      });
      send({ id, method, params });
    });

  const checks = [];
  const check = (ok, what) => {
    checks.push(what);
    if (!ok) throw new Error(`${label}: ${what}`);
  };
  try {
    const init = await request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "oj-mcp-rs-ship-check", version: "0" },
    });
    check(init?.serverInfo?.name && typeof init.protocolVersion === "string", "initialize answered");
    send({ method: "notifications/initialized" });
    check((await request("ping", {})) !== undefined, "ping answered");
    const names = (await request("tools/list", {})).tools.map((t) => t.name);
    check(
      JSON.stringify([...names].sort()) === JSON.stringify([...TOOLS].sort()),
      `tools/list names the tools of mcpb/manifest.json (got ${names.join(", ")})`,
    );
    const status = await request("tools/call", { name: "get_platform_status", arguments: {} });
    const text = (status.content ?? []).map((c) => c.text ?? "").join("\n");
    if (token) {
      check(!status.isError && text.includes("9.8.7"), "get_platform_status reads the backend");
      check(
        seen.some((r) => r.url === "/status" && r.auth === `Bearer ${token}`),
        "the token reached the backend as a Bearer header",
      );
    } else {
      check(status.isError === true, "get_platform_status without a token is an isError result");
      check(seen.length === 0, `no backend request without a token (saw ${JSON.stringify(seen)})`);
    }
    child.stdin.end();
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    const { code, signal } = await exited;
    clearTimeout(timer);
    check(code === 0, `exit 0 on stdin EOF (got code ${code}, signal ${signal})`);
  } catch (e) {
    child.kill("SIGKILL");
    e.message += `\n--- server stderr ---\n${stderr}`;
    throw e;
  } finally {
    backend.close();
  }
  return checks;
}

/** The host's view of a bundle: command, args and env as Claude Desktop would compute them. */
export async function bundleLaunch(dir, userConfig) {
  const require = createRequire(join(ROOT, ".deps/node/package.json"));
  const lib = pathToFileURL(require.resolve("@anthropic-ai/mcpb")).href;
  const { getMcpConfigForManifest } = await import(lib);
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  const sep = process.platform === "win32" ? "\\" : "/";
  const cfg = await getMcpConfigForManifest({
    manifest,
    extensionPath: resolve(dir),
    systemDirs: {},
    userConfig,
    pathSeparator: sep,
  });
  if (!cfg) throw new Error(`${dir}: the host would not start this bundle with ${JSON.stringify(userConfig)}`);
  return cfg;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const dash = argv.indexOf("--");
  const opts = {};
  const own = dash >= 0 ? argv.slice(0, dash) : argv;
  for (let i = 0; i < own.length; i += 2) opts[own[i].replace(/^--/, "")] = own[i + 1];
  let run;
  if (opts.mcpb) {
    const userConfig = { base_url: "@BACKEND@", ...(opts.token ? { token: opts.token } : {}) };
    const cfg = await bundleLaunch(opts.mcpb, userConfig);
    run = { command: cfg.command, args: cfg.args ?? [], env: cfg.env ?? {}, token: opts.token };
  } else {
    const [command, ...args] = argv.slice(dash + 1);
    const env = { OJ_BASE_URL: "@BACKEND@", ...(opts.token ? { OJ_TOKEN: opts.token } : {}) };
    run = { command, args, env, token: opts.token };
  }
  const label = opts.label ?? run.command;
  try {
    const checks = await mcpCheck({ ...run, label });
    for (const c of checks) console.log(`ok - ${label}: ${c}`);
  } catch (e) {
    console.error(`not ok - ${e.message}`);
    process.exit(1);
  }
}
