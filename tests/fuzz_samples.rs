//! A dependency-free mutation fuzzer of sample extraction (`samples::extract`), for `cargo test`
//! and CI, beside `tests/fuzz_dispatch.rs`. Seeds: the hand-written statements of
//! `fuzz/seeds-samples/` and the statements of `tests/fixtures/` (texts written for this
//! repository). Each input is mutated with a small xorshift PRNG (bit flips, deletions,
//! duplications, splices, the platforms' sample markup, deep nesting, long runs) and checked by
//! `fuzz/src/samples_oracle.rs` as every platform: no panic, the text rules hold.
//!
//! `FUZZ_SECONDS` (default 3) bounds the run, `FUZZ_ITERS` the number of inputs, `FUZZ_SEED`
//! picks the sequence. A failing input is saved under `target/fuzz-failures/`.

#[path = "support/mutator.rs"]
mod mutator;
#[path = "../fuzz/src/samples_oracle.rs"]
mod samples_oracle;

use std::path::Path;
use std::time::Instant;

use mutator::{Rng, save_failure};

/// The markup that steers the extractor.
const TOKENS: &[&str] = &[
    "<pre>",
    "</pre>",
    "<div>",
    "</div>",
    "<div class=\"title\">",
    "<div class=\"section-title\">",
    "<div class=\"example-block\">",
    "<div class=\"test-example-line\">",
    "<h3>",
    "</h3>",
    "<br>",
    "<br />",
    "<sup>",
    "</sup>",
    "<sub>",
    "<td>",
    "<th>",
    "<tr>",
    "<p>",
    "</p>",
    "<script>",
    "</script>",
    "<!--",
    "-->",
    "<strong>Input:</strong>",
    "<strong>Output:</strong>",
    "<strong>Explanation:</strong>",
    "Input:",
    "Output:",
    "Explanation:",
    "输入：",
    "输出：",
    "解释：",
    "Input\n",
    "Output\n",
    "Sample Input 1",
    "Sample Output 1",
    "Sample Input",
    "入力例 1",
    "出力例 1",
    "样例输入 #1",
    "样例输出 #1",
    "输入 #2",
    "输出 #2",
    "## Examples\n",
    "## 样例\n",
    "## 输入输出样例\n",
    "### ",
    "```\n",
    "```input1\n",
    "```output1\n",
    "~~~\n",
    "\n",
    "\r\n",
    "\r",
    " ",
    "\t",
    "\u{a0}",
    "&nbsp;",
    "&amp;",
    "&lt;",
    "&#x1F980;",
    "&#0;",
    "&#xFFFFFFFF;",
    "&",
    "<",
    ">",
    "#",
    "99999999999999999999",
    "Interaction",
    "interactive problem",
    "é🦀",
    "\u{feff}",
];

fn seeds() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(root.join("fuzz/seeds-samples"))
        .map(|d| d.flatten().filter_map(|e| std::fs::read(e.path()).ok()).collect())
        .unwrap_or_default();
    for e in std::fs::read_dir(root.join("tests/fixtures")).into_iter().flatten().flatten() {
        let Ok(raw) = std::fs::read_to_string(e.path()) else { continue };
        let Some((_, body)) = raw.split_once("\r\n\r\n") else { continue };
        let Ok(v) = serde_json::from_str::<serde_json::Value>(body) else { continue };
        let p = if v["problem"].is_object() { &v["problem"] } else { &v };
        for field in ["content", "content_cn"] {
            // The 300 KB statement is left to the benchmark: it would slow every iteration.
            if let Some(c) = p[field].as_str().filter(|c| c.len() < 20_000) {
                seeds.push(c.as_bytes().to_vec());
            }
        }
    }
    assert!(seeds.len() >= 4, "seeds missing");
    seeds
}

fn range(rng: &mut Rng, len: usize) -> (usize, usize) {
    let a = rng.below(len + 1);
    let b = a + rng.below(len - a + 1).min(1 + rng.below(256));
    (a, b.min(len))
}

/// Applies one mutation.
fn mutate(rng: &mut Rng, input: &mut Vec<u8>, seeds: &[Vec<u8>]) {
    let len = input.len();
    match rng.below(8) {
        0 if len > 0 => {
            let i = rng.below(len);
            input[i] ^= 1 << rng.below(8);
        }
        1 => {
            let (a, b) = range(rng, len);
            input.drain(a..b);
        }
        2 => {
            let (a, b) = range(rng, len);
            let copy = input[a..b].to_vec();
            let at = rng.below(input.len() + 1);
            input.splice(at..at, copy);
        }
        3 => {
            let other = &seeds[rng.below(seeds.len())];
            let (a, b) = range(rng, other.len());
            let at = rng.below(len + 1);
            input.splice(at..at, other[a..b].iter().copied());
        }
        4 => {
            // Deep nesting or a long run of one token.
            let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
            let n = 1 + rng.below(2000);
            let at = rng.below(len + 1);
            input.splice(at..at, t.iter().copied().cycle().take(t.len() * n));
        }
        _ => {
            let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
            let at = rng.below(len + 1);
            input.splice(at..at, t.iter().copied());
        }
    }
}

#[test]
fn mutated_statements_keep_the_text_rules() {
    let (budget, max_iters, seed) = mutator::knobs(3);
    let seeds = seeds();
    let mut found = 0usize;
    for s in &seeds {
        found += samples_oracle::check(s).unwrap_or_else(|e| panic!("a seed fails: {e}"));
    }
    assert!(found > 0, "the seeds hold samples");
    let mut rng = Rng::new(seed);
    let started = Instant::now();
    let (mut iters, mut bytes) = (0u64, 0usize);
    while iters < max_iters && started.elapsed() < budget {
        let mut input = seeds[rng.below(seeds.len())].clone();
        for _ in 0..1 + rng.below(8) {
            mutate(&mut rng, &mut input, &seeds);
        }
        iters += 1;
        bytes += input.len();
        match samples_oracle::check(&input) {
            Ok(n) => found += n,
            Err(e) => {
                let path = save_failure("samples", &input);
                panic!(
                    "fuzz_samples: invariant broken after {iters} inputs (FUZZ_SEED={seed}): {e}\ninput saved to {}",
                    path.display()
                );
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "fuzz_samples: {iters} executions in {secs:.1} s ({:.0} exec/s), {:.1} MiB of input, {found} samples; \
         0 failures (FUZZ_SEED={seed})",
        iters as f64 / secs.max(1e-9),
        bytes as f64 / (1024.0 * 1024.0),
    );
    assert!(iters > 0, "no input was run");
}

/// Sanity of the oracle itself.
#[test]
fn the_oracle_rejects_broken_samples() {
    use oj_mcp_rs::samples::{Io, Sample, Samples};
    let one = |io, input: &str, explanation: Option<&str>| Samples {
        io,
        tests: vec![Sample { input: input.into(), output: "1\n".into(), explanation: explanation.map(Into::into) }],
    };
    let doc = "x".repeat(10);
    assert!(samples_oracle::verify(&doc, "atcoder", &one(Io::Stdin, "1 2\n", None)).is_ok());
    for (io, input, e) in [
        (Io::Stdin, "1 2", None),
        (Io::Stdin, "1 2\n\n", None),
        (Io::Stdin, "1 \n", None),
        (Io::Stdin, "\n1\n", None),
        (Io::Stdin, "1\r\n", None),
        (Io::Stdin, "1\n", Some("")),
        (Io::Stdin, "1\n", Some(" x")),
    ] {
        assert!(samples_oracle::verify(&doc, "atcoder", &one(io, input, e)).is_err(), "{input:?} {e:?}");
    }
    assert!(samples_oracle::verify(&doc, "leetcode", &one(Io::Function, " n = 1", None)).is_err());
    assert!(samples_oracle::verify(&doc, "atcoder", &one(Io::Function, "n = 1", None)).is_err());
    assert!(samples_oracle::verify("", "atcoder", &one(Io::Stdin, "1\n", None)).is_ok());
}
