#!/usr/bin/env node
// Measure what the npm launcher adds to a start of the binary: spawn -> exit of `--version`.
//
//   node scripts/ship/bench-launcher.mjs --bin <binary> --launcher <installed oj-mcp-rs> [--runs 21]
//        [--max-overhead-ms N]   (fail if the launcher's median overhead exceeds N)
//
// Runs, interleaved, the binary directly, `node -e ""` (Node's own start-up, the floor of any JS
// launcher) and the launcher, and prints each median and the launcher's overhead over the binary.

import { spawnSync } from "node:child_process";
import { parseArgs } from "./targets.mjs";

const args = parseArgs(process.argv.slice(2));
const runs = Number(args.runs ?? 21);
const cases = [
  { label: "binary --version", cmd: args.bin, argv: ["--version"] },
  { label: 'node -e ""', cmd: process.execPath, argv: ["-e", ""] },
  { label: "launcher --version", cmd: args.launcher, argv: ["--version"] },
];
const times = cases.map(() => []);
for (let i = 0; i < runs + 1; i++) {
  cases.forEach((c, k) => {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(c.cmd, c.argv, { stdio: ["ignore", "pipe", "inherit"] });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== 0) throw new Error(`${c.label}: exit ${r.status} ${r.signal ?? ""} ${r.error ?? ""}`);
    if (i > 0) times[k].push(ms); // the first round only warms the caches
  });
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const med = times.map(median);
cases.forEach((c, k) => {
  const min = Math.min(...times[k]);
  console.log(`${c.label.padEnd(20)} median ${med[k].toFixed(1).padStart(6)} ms  (min ${min.toFixed(1)} ms, ${runs} runs)`);
});
const overhead = med[2] - med[0];
console.log(
  `launcher overhead over the binary: ${overhead.toFixed(1)} ms median ` +
    `(of which Node's own start-up ${(med[1] - med[0]).toFixed(1)} ms; the launcher's JS ${(med[2] - med[1]).toFixed(1)} ms)`,
);
if (args["max-overhead-ms"] && overhead > Number(args["max-overhead-ms"])) {
  console.error(`not ok - launcher overhead ${overhead.toFixed(1)} ms is over ${args["max-overhead-ms"]} ms`);
  process.exit(1);
}
