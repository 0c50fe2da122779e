#!/usr/bin/env node
// Generate one platform package (oj-mcp-rs-<os>-<cpu>) from npm/package.json.tmpl and a binary.
//
//   node scripts/ship/gen-platform-package.mjs --target <triple>|host --bin <path> --out <dir>
//        [--version <v>]   (default: the root package's version)
//
// Writes <dir>/<package>/{package.json, bin/oj-mcp-rs[.exe], README.md, LICENSE} and prints the
// package directory. The binary is made executable here: CI artifacts lose the mode bit, and
// npm keeps the tarball's mode on install (no install script is needed or used).

import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { findTarget, parseArgs } from "./targets.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const args = parseArgs(process.argv.slice(2));
for (const k of ["target", "bin", "out"]) {
  if (!args[k]) throw new Error(`--${k} is required`);
}
const t = findTarget(args.target);
const version =
  args.version ?? JSON.parse(readFileSync(join(root, "npm/oj-mcp-rs/package.json"), "utf8")).version;

const vars = {
  node_pkg: t.pkg,
  node_version: version,
  node_os: t.os,
  node_arch: t.cpu,
  rust_target: t.target,
};
const text = readFileSync(join(root, "npm/package.json.tmpl"), "utf8").replace(
  /\$\{(\w+)\}/g,
  (m, k) => {
    if (!(k in vars)) throw new Error(`npm/package.json.tmpl: unknown placeholder ${m}`);
    return vars[k];
  },
);
const manifest = JSON.parse(text); // fails loudly if the template is not JSON once filled in

const dir = join(resolve(args.out), t.pkg);
rmSync(dir, { recursive: true, force: true });
mkdirSync(join(dir, "bin"), { recursive: true });
writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
const bin = join(dir, "bin", t.binary);
copyFileSync(resolve(args.bin), bin);
chmodSync(bin, 0o755);
copyFileSync(join(root, "LICENSE"), join(dir, "LICENSE"));
writeFileSync(
  join(dir, "README.md"),
  `# ${t.pkg}\n\nThe \`${t.target}\` binary of [oj-mcp-rs](https://www.npmjs.com/package/oj-mcp-rs), ` +
    `an MCP server for online-judge problems.\n\nDo not install this package directly: install or ` +
    `\`npx -y oj-mcp-rs\`, whose launcher picks the right platform package.\n`,
);
process.stdout.write(`${dir}\n`);
