#!/usr/bin/env node
// Release gate: every place that states the version states the same one.
//
//   node scripts/ship/check-versions.mjs [<expected version>]   (e.g. "${GITHUB_REF_NAME#v}")
//
// Checks Cargo.toml's [package] version, the root npm package (version and each optional
// dependency), the platform package template's name list (against targets.mjs), server.json
// (version, npm package version, name == the root package's mcpName) and mcpb/manifest.json.
// Prints every mismatch and exits 1 if there is any.

import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { TARGETS } from "./targets.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const read = (p) => readFileSync(join(root, p), "utf8");
const json = (p) => JSON.parse(read(p));

const cargo = read("Cargo.toml");
const pkgSection = cargo.split(/^\[/m).find((s) => s.startsWith("package]")) ?? "";
const cargoVersion = pkgSection.match(/^version\s*=\s*"([^"]+)"/m)?.[1];

const expected = process.argv[2] ?? cargoVersion;
const errors = [];
const same = (where, v) => {
  if (v !== expected) errors.push(`${where} is ${JSON.stringify(v)}, expected ${JSON.stringify(expected)}`);
};

if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(expected ?? "")) {
  errors.push(`the expected version ${JSON.stringify(expected)} is not a plain semver version`);
}
same("Cargo.toml [package] version", cargoVersion);
// The statement pipeline's crate (crates/text) is published beside the server, at its version.
const text = read("crates/text/Cargo.toml");
same("crates/text/Cargo.toml [package] version", (text.split(/^\[/m).find((s) => s.startsWith("package]")) ?? "").match(/^version\s*=\s*"([^"]+)"/m)?.[1]);
same("Cargo.toml's dependency on oj-mcp-rs-text", cargo.match(/^oj-mcp-rs-text\s*=\s*\{[^}]*version\s*=\s*"([^"]+)"/m)?.[1]);

const npmRoot = json("npm/oj-mcp-rs/package.json");
same("npm/oj-mcp-rs/package.json version", npmRoot.version);
const optional = npmRoot.optionalDependencies ?? {};
const wanted = TARGETS.map((t) => t.pkg).sort();
if (JSON.stringify(Object.keys(optional).sort()) !== JSON.stringify(wanted)) {
  errors.push(`npm/oj-mcp-rs/package.json optionalDependencies are ${Object.keys(optional)}, expected ${wanted}`);
}
for (const [name, v] of Object.entries(optional)) same(`npm/oj-mcp-rs optionalDependencies.${name}`, v);
if (Object.keys(npmRoot.dependencies ?? {}).length) errors.push("the root npm package must have no dependencies");
for (const s of ["preinstall", "install", "postinstall"]) {
  if (npmRoot.scripts?.[s]) errors.push(`the root npm package must not rely on an install script (${s})`);
}

const server = json("server.json");
same("server.json version", server.version);
for (const p of server.packages ?? []) same(`server.json package ${p.identifier} version`, p.version);
if (server.name !== npmRoot.mcpName) {
  errors.push(`server.json name ${server.name} differs from the npm package's mcpName ${npmRoot.mcpName}`);
}
if ((server.description ?? "").length > 100) errors.push("server.json description is over 100 characters");

same("mcpb/manifest.json version", json("mcpb/manifest.json").version);

if (errors.length) {
  for (const e of errors) console.error(`version gate: ${e}`);
  process.exit(1);
}
console.log(`version gate: ${expected} everywhere (Cargo.toml, npm packages, server.json, mcpb manifest)`);
