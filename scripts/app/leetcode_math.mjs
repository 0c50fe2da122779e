// LeetCode's formulas through the server and the view (never in CI: the archive is not ours to
// commit). LeetCode statements have no TeX: their formulas are HTML scripts (`10<sup>4</sup>`,
// `a<sub>i</sub>`). Each description of doocs/leetcode's solution/*/README_EN.md goes through the
// server's converter (examples/to_markdown.rs) and the view's `md` (scripts/app/load.mjs); each
// <sup>/<sub> outside <pre> example blocks is matched with a script the view typeset (MathML
// msup/msub/…) of the same text. Usage (after `cargo build --example to_markdown`):
//   node scripts/app/leetcode_math.mjs GIT_DIR [--list N]
// GIT_DIR: a clone or bare mirror of doocs/leetcode. Prints the figure, with and without the
// ordinals (`1<sup>st</sup>`, written `1st` on purpose), and the statements with scripts not
// typeset (up to N of them, default 40), each script with the text before it.
import { execFileSync, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { md } from "./load.mjs";

const [gitDir, ...rest] = process.argv.slice(2);
const list = rest[0] === "--list" ? Number(rest[1]) : 40;
const git = (...a) => execFileSync("git", ["--git-dir=" + gitDir, ...a], { maxBuffer: 1 << 30, encoding: "utf8" });
const paths = git("ls-tree", "-r", "--name-only", "HEAD", "solution/").split("\n").filter(p => p.endsWith("/README_EN.md"));
const blobs = execFileSync("git", ["--git-dir=" + gitDir, "cat-file", "--batch"], { input: paths.map(p => "HEAD:" + p).join("\n") + "\n", maxBuffer: 1 << 30 });
const texts = [];
for (let at = 0; at < blobs.length;) {
  const nl = blobs.indexOf(10, at);
  const size = Number(blobs.toString("utf8", at, nl).split(" ")[2]);
  texts.push(blobs.toString("utf8", nl + 1, nl + 1 + size));
  at = nl + 1 + size + 1;
}
const descs = texts.map((t, i) => [paths[i].split("/")[2], (/<!-- description:start -->\n?([\s\S]*?)\n?<!-- description:end -->/.exec(t) || [])[1]]).filter(d => d[1]);

const bin = fileURLToPath(new URL("../../target/debug/examples/to_markdown", import.meta.url));
const conv = spawnSync(process.env.TO_MARKDOWN || bin, { input: descs.map(d => JSON.stringify(d[1])).join("\n") + "\n", maxBuffer: 1 << 30, encoding: "utf8" });
if (conv.status !== 0) throw new Error("to_markdown failed: " + conv.stderr);
const mds = conv.stdout.trimEnd().split("\n").map(l => JSON.parse(l));

// Example blocks in <pre> are shown as code; the newer <div class="example-block"> is text.
const PRE = /<pre[\s>][\s\S]*?<\/pre>/g;
const SCRIPT = /<su([bp])(?:\s[^>]*)?>((?:(?!<su[bp][\s>])[\s\S])*?)<\/su\1>/g;
const ENTITIES = { lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", minus: "−", times: "×", le: "≤", ge: "≥", ne: "≠", hellip: "…", lfloor: "⌊", rfloor: "⌋", lceil: "⌈", rceil: "⌉", amp: "&" };
const decode = s => s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e) => e[0] === "#" ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e] ?? m);
// A script's text as both sides are compared: no tags, spaces, braces or zero-width characters.
const norm = s => decode(s.replace(/<[^>]*>/g, "")).replace(/[\s{}\u200b-\u200d\u2060\ufeff]/g, "").replace(/−/g, "-");
// The scripts of a statement: [op, text, context]; a nested script is its own (innermost first).
function sources(html) {
  const out = [];
  for (let s = html, again = true; again;) {
    again = false;
    s = s.replace(SCRIPT, (m, k, body, at, all) => {
      again = true;
      const before = decode(all.slice(Math.max(0, at - 60), at).replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").slice(-14);
      // A comma or full stop that ends a script is put after it by the server.
      out.push([k === "p" ? "^" : "_", norm(body).replace(/(?<=.)[,;]$|(?<=[^.])\.$/, "").replace(/^[,;.]$/, ""), before + "<su" + k + ">" + body.replace(/<[^>]*>/g, "") + "</su" + k + ">"]);
      return body.replace(/<[^>]*>/g, "");
    });
  }
  return out;
}
// The scripts the view typeset: each msub/msup/… of its MathML, [op, the script's text].
function typeset(html) {
  const out = [], stack = [{ kids: [] }];
  const flat = e => typeof e === "string" ? e : e.kids.map(flat).join("");
  for (const m of html.replace(PRE, "").matchAll(/<(\/?)([a-z]+)[^>]*>|([^<]+)/g)) {
    if (m[3] !== undefined) stack[stack.length - 1].kids.push(m[3]);
    else if (!m[1]) stack.push({ name: m[2], kids: [] });
    else if (stack.length > 1) {
      const e = stack.pop();
      stack[stack.length - 1].kids.push(e);
      const t = k => norm(e.kids[k] === undefined ? "" : flat(e.kids[k]));
      if (/^m(sub|under)$/.test(e.name)) out.push(["_", t(1)]);
      if (/^m(sup|over)$/.test(e.name)) out.push(["^", t(1)]);
      if (/^m(subsup|underover)$/.test(e.name)) out.push(["_", t(1)], ["^", t(2)]);
    }
  }
  return out;
}

let total = 0, inPre = 0, ordinals = 0, empty = 0, done = 0, extra = 0, marked = 0;
const misses = [], extras = [];
descs.forEach(([name, html], i) => {
  inPre += (html.match(PRE) || []).join("").match(/<su[bp][\s>]/g)?.length || 0;
  const view = md(mds[i]);
  marked += view.match(/class="tex"/g)?.length || 0;
  // Each script of the source against the typeset ones, in order where it can (the nearest
  // unused one after the last matched, else any unused one).
  const got = typeset(view), used = got.map(() => false);
  let j = 0;
  for (const [op, t, ctx] of sources(html.replace(PRE, ""))) {
    total++;
    if (t === "") { empty++; continue; }
    // An ordinal after a number (`1<sup>st</sup>`, or split as `4t<sup>h</sup>`) is text.
    if (op === "^" && /\d(?:<sup>(st|nd|rd|th)|[snrt]<sup>(t|d|h))<\/sup>$/.test(ctx.replace(/\s+(?=<\/?sup>)/g, ""))) { ordinals++; continue; }
    const fits = k => !used[k] && got[k][0] === op && got[k][1] === t;
    let k = got.findIndex((g, n) => n >= j && fits(n));
    if (k < 0) k = got.findIndex((g, n) => fits(n));
    if (k >= 0) { used[k] = true; j = k + 1; done++; }
    else misses.push([name, ctx]);
  }
  got.forEach((g, n) => used[n] || extras.push([name, g.join("")]));
});
extra = extras.length;
const pct = (a, b) => (100 * a / Math.max(b, 1)).toFixed(2) + "%";
const formulas = total - empty - ordinals;
console.log(`${descs.length} statements; ${total} scripts outside <pre> blocks (${inPre} inside them, shown as code); of them ${empty} empty (spaces, zero-width characters, a lone comma or full stop) and ${ordinals} ordinals after a number, written as text`);
console.log(`typeset: ${done} of ${total - empty} (${pct(done, total - empty)}); without the ordinals: ${done} of ${formulas} (${pct(done, formulas)}); ${marked} error markers`);
console.log(`typeset with no script in the source: ${extra}`);
console.log(`not typeset (ordinals aside): ${misses.length}, in ${new Set(misses.map(m => m[0])).size} statements`);
for (const [name, ctx] of misses.slice(0, list)) console.log(`  ${name}: ${JSON.stringify(ctx)}`);
if (process.env.DUMP) (await import("node:fs")).writeFileSync(process.env.DUMP, JSON.stringify({ misses, extras }));
