#!/usr/bin/env node
// Set the version of everything shipping owns, before tagging a release:
//
//   node scripts/ship/set-version.mjs 0.2.0
//
// Rewrites npm/oj-mcp-rs/package.json (version and the six optional dependencies), server.json
// (version and its npm package's version) and mcpb/manifest.json. Cargo.toml's version is set
// by hand (or `cargo set-version`); then check-versions.mjs (the release gate) must pass.

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const version = process.argv[2];
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version ?? "")) {
  console.error("usage: set-version.mjs <semver version>");
  process.exit(2);
}
const edit = (path, change) => {
  const file = join(root, path);
  const data = JSON.parse(readFileSync(file, "utf8"));
  change(data);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`set-version: ${path} -> ${version}`);
};
edit("npm/oj-mcp-rs/package.json", (p) => {
  p.version = version;
  for (const k of Object.keys(p.optionalDependencies)) p.optionalDependencies[k] = version;
});
edit("server.json", (s) => {
  s.version = version;
  for (const p of s.packages) p.version = version;
});
edit("mcpb/manifest.json", (m) => {
  m.version = version;
});
