// The view's TeX → MathML converter over every formula of real statements (never in CI: the
// archives are not ours to commit). Usage:
//   node scripts/app/math_measure.mjs DIR...   (Markdown and HTML files under each DIR, recursively)
// e.g. a checkout of github.com/Molmin/atcoder-problems (data/statement/*/{en,ja}.md) and
// ../shared/corpus. Prints the formulas counted, the share typeset without an error marker, and
// what is left, grouped by the converter's reason.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { math } from "./load.mjs";

const files = [];
const walk = d => { for (const n of readdirSync(d)) { const p = join(d, n); if (statSync(p).isDirectory()) { if (n !== ".git" && n !== "node_modules") walk(p); } else if (/\.(md|html?)$/.test(n)) files.push(p); } };
process.argv.slice(2).forEach(walk);

const decode = s => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
// The formulas of a file, as the server hands them to the view: $$…$$ and $…$ in Markdown
// (code spans and fences left out), <var>…</var> and \(…\) in an HTML statement.
function formulas(text, html) {
  const out = [];
  if (html) {
    text = text.replace(/<(pre|script|style)[\s\S]*?<\/\1>/g, "");
    for (const m of text.matchAll(/<var>([\s\S]*?)<\/var>|\\\(([\s\S]*?)\\\)|\$\$\$([\s\S]*?)\$\$\$/g)) out.push([decode(m[1] || m[2] || m[3]).replace(/<[^>]+>/g, ""), false]);
    return out;
  }
  // Markdown may hold HTML references (the archive's files do; the server decodes them).
  text = decode(text.replace(/^(```|~~~)[\s\S]*?^\1.*$/gm, "").replace(/(`+)[\s\S]*?[^`]\1(?!`)/g, ""));
  text = text.replace(/(^|\s)\$\$([^$]+?)\$\$(?=\s|$|[.,;:)])/g, (m, pre, t) => { out.push([t.trim(), true]); return pre; });
  for (const m of text.matchAll(/\$(?=\S)((?:\\.|[^$\\])+?)\$(?![0-9])/g)) if (!/\s$/.test(m[1])) out.push([m[1], false]);
  return out;
}

let total = 0, bad = 0;
const reasons = new Map();
for (const f of files) {
  const text = readFileSync(f, "utf8");
  for (const [src, display] of formulas(text, /\.html?$/.test(f))) {
    total++;
    const out = math(src, display);
    if (out.startsWith("<code")) {
      bad++;
      const why = /not typeset: ([^"]*)"/.exec(out)[1].replace(/&amp;/g, "&");
      const r = reasons.get(why) || { n: 0, example: src, file: f, files: new Set() };
      r.n++;
      r.files.add(f.split("/").slice(-2).join("/"));
      reasons.set(why, r);
    }
  }
}
console.log(`${files.length} files, ${total} formulas, ${total - bad} typeset (${(100 * (total - bad) / Math.max(total, 1)).toFixed(3)}%), ${bad} left as TeX`);
for (const [why, r] of [...reasons].sort((a, b) => b[1].n - a[1].n).slice(0, 40)) console.log(`${String(r.n).padStart(6)}  ${why}   e.g. ${JSON.stringify(r.example.slice(0, 80))}  in ${[...r.files].slice(0, 5).join(", ")}${r.files.size > 5 ? ", …" : ""}`);
