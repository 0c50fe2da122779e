#!/usr/bin/env node
// Stage the root npm package (`oj-mcp-rs`, the launcher) for `npm pack` / `npm publish`.
//
//   node scripts/ship/stage-root-package.mjs --out <dir>     -> <dir>/oj-mcp-rs/
//
// Copies package.json, README.md, the compiled lib/index.js (build it first: `make npm-launcher`)
// and the top-level LICENSE, so that the package carries the licence without a copy in git.

import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "./targets.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { out } = parseArgs(process.argv.slice(2));
if (!out) throw new Error("--out is required");
const src = join(root, "npm/oj-mcp-rs");
const launcher = join(src, "lib/index.js");
if (!readFileSync(launcher, "utf8").startsWith("#!/usr/bin/env node\n")) {
  throw new Error(`${launcher} does not start with the node shebang`);
}
const dir = join(resolve(out), "oj-mcp-rs");
rmSync(dir, { recursive: true, force: true });
mkdirSync(join(dir, "lib"), { recursive: true });
for (const f of ["package.json", "README.md", "lib/index.js"]) copyFileSync(join(src, f), join(dir, f));
chmodSync(join(dir, "lib/index.js"), 0o755);
copyFileSync(join(root, "LICENSE"), join(dir, "LICENSE"));
process.stdout.write(`${dir}\n`);
