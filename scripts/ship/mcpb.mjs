#!/usr/bin/env node
// Build (and, for this machine's platform, try out) the MCP Bundle of one target.
//
//   node scripts/ship/mcpb.mjs --target <triple>|host --bin <path> --out <dir> [--check]
//
// Stages manifest.json (mcpb/manifest.json narrowed to the target: its platform, its binary
// name, no overrides), server/oj-mcp-rs[.exe], LICENSE and mcpb/icon.png when present; then
// `mcpb validate` and `mcpb pack` (the official CLI, pinned in scripts/ship/tools) write
// <out>/oj-mcp-rs-<platform>.mcpb. With --check it also runs `mcpb info`, unpacks the bundle,
// and starts the server as a host would (mcp_config resolved by the mcpb library) for an MCP
// session with and without the sensitive token (scripts/ship/mcp-check.mjs).

import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { findTarget, parseArgs } from "./targets.mjs";
import { bundleLaunch, mcpCheck } from "./mcp-check.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const args = parseArgs(process.argv.slice(2), ["check"]);
for (const k of ["target", "bin", "out"]) {
  if (!args[k]) throw new Error(`--${k} is required`);
}
const t = findTarget(args.target);
const mcpbCli = join(root, ".deps/node/node_modules/@anthropic-ai/mcpb/dist/cli/cli.js");
const mcpb = (...a) => execFileSync(process.execPath, [mcpbCli, ...a], { encoding: "utf8" });

const stage = join(root, "target/ship/mcpb", t.platform);
rmSync(stage, { recursive: true, force: true });
mkdirSync(join(stage, "server"), { recursive: true });

const manifest = JSON.parse(readFileSync(join(root, "mcpb/manifest.json"), "utf8"));
manifest.server.entry_point = `server/${t.binary}`;
manifest.server.mcp_config.command = `\${__dirname}/server/${t.binary}`;
delete manifest.server.mcp_config.platform_overrides;
manifest.compatibility = { ...manifest.compatibility, platforms: [t.os] };
writeFileSync(join(stage, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
copyFileSync(resolve(args.bin), join(stage, "server", t.binary));
chmodSync(join(stage, "server", t.binary), 0o755);
copyFileSync(join(root, "LICENSE"), join(stage, "LICENSE"));
if (existsSync(join(root, "mcpb/icon.png"))) {
  copyFileSync(join(root, "mcpb/icon.png"), join(stage, "icon.png"));
  manifest.icon = "icon.png";
  writeFileSync(join(stage, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
}

process.stdout.write(mcpb("validate", join(stage, "manifest.json")));
mkdirSync(resolve(args.out), { recursive: true });
const bundle = join(resolve(args.out), t.mcpb);
rmSync(bundle, { force: true });
mcpb("pack", stage, bundle);
console.log(`built ${bundle} (${statSync(bundle).size} bytes)`);

if (args.check) {
  let passed = 0;
  const ok = (what) => {
    passed++;
    console.log(`ok - ${what}`);
  };
  const must = (cond, what) => {
    if (!cond) throw new Error(what);
  };
  const out = mkdtempSync(join(tmpdir(), "oj-mcpb-"));
  let failure;
  try {
    mcpb("info", bundle); // throws unless it can read the bundle
    mcpb("unpack", bundle, out);
    const packed = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8"));
    must(JSON.stringify(packed) === JSON.stringify(manifest), "the packed manifest differs from the staged one");
    process.stdout.write(mcpb("validate", join(out, "manifest.json")));
    ok(`${t.mcpb}: mcpb info reads it; unpacked, its manifest validates`);
    const bin = join(out, "server", t.binary);
    must(process.platform === "win32" || statSync(bin).mode & 0o100, "the binary lost its mode bit");
    const launch = await bundleLaunch(out, { base_url: "http://127.0.0.1:9" });
    const version = execFileSync(launch.command, ["--version"], { encoding: "utf8" }).trim();
    must(version === `oj-mcp-rs ${manifest.version}`, `--version printed ${JSON.stringify(version)}`);
    ok(`${t.mcpb}: the unpacked server prints "${version}"`);
    for (const token of ["ship-check-token", undefined]) {
      const cfg = await bundleLaunch(out, { base_url: "@BACKEND@", ...(token ? { token } : {}) });
      const label = `${t.mcpb} (${token ? "with" : "without"} token)`;
      // An unset optional user_config value stays a literal placeholder: the server reads it as unset.
      must(token || cfg.env.OJ_TOKEN === "${user_config.token}", `OJ_TOKEN is ${cfg.env.OJ_TOKEN}`);
      for (const c of await mcpCheck({ command: cfg.command, args: cfg.args, env: cfg.env, token, label })) {
        ok(`${label}: ${c}`);
      }
    }
  } catch (e) {
    failure = e;
    console.log(`not ok - ${t.mcpb}: ${e.message}`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  console.log(`mcpb: ${passed} passed, ${failure ? 1 : 0} failed`);
  if (failure) process.exit(1);
}
