//! The converter A/B: today's one-parse converter against the one before it (`old_convert`, two
//! parses and sentinels), in one process, on the same statements: time, peak memory and whether
//! the outputs agree; and the whole of what a problem costs the server (its Markdown and its
//! samples: one parse now, the old converter plus the old sample reader's own tokenizer pass
//! before). Kept until the rewrite has landed.

use std::io::{self, Read};
use std::process::{Command, ExitCode, Stdio};

use crate::Opts;
use crate::convert::{ConvertFigures, five_kb_statement, load_statements};
use crate::pipes::proc_status_kb;
use crate::table::{Cell, Row, Target, fmt_mb, fmt_ms};

/// A converter: the statement → the Markdown a tool shows (cut to 100 KiB).
type Conv = fn(&str) -> String;

fn new(s: &str) -> String {
    oj_mcp_rs::format::truncate(oj_mcp_rs::convert::to_markdown(Some(s)), oj_mcp_rs::format::MAX_TEXT_BYTES)
}

fn old(s: &str) -> String {
    crate::old_convert::to_markdown(Some(s))
}

/// A problem's Markdown and samples, as `problem_output` makes them: one parse for both, the
/// Markdown first (the samples then read the text the converter kept).
fn new_problem(s: &str) -> String {
    let parsed = oj_mcp_rs::convert::Statement::parse(s);
    let mut md = new_of(&parsed);
    let n = oj_mcp_rs::samples::extract_from(&parsed, "leetcode").tests.len();
    md.push_str(&n.to_string());
    md
}

fn new_of(parsed: &oj_mcp_rs::convert::Statement) -> String {
    oj_mcp_rs::format::truncate(parsed.markdown(), oj_mcp_rs::format::MAX_TEXT_BYTES)
}

/// The same before: the old converter, then the old sample reader's own pass.
fn old_problem(s: &str) -> String {
    let n = crate::old_samples::extract(s, "leetcode").tests.len();
    let mut md = old(s);
    md.push_str(&n.to_string());
    md
}

pub(crate) struct AbFigures {
    /// Seconds over the ordinary corpus statements: (old, new), and how many outputs differ.
    corpus: (f64, f64, usize, usize),
    five_kb: Option<(f64, f64)>,
    /// The largest statement of the fixtures (the 300 KB AtCoder one): (bytes, old s, new s).
    large: Option<(usize, f64, f64)>,
    /// Peak RSS over the start of a child converting the large statement: (old kB, new kB).
    peak: Option<(u64, u64)>,
    /// Seconds over the corpus of a problem's Markdown and samples: (old, new).
    problem: (f64, f64),
    /// The same for the 5 KB statement.
    problem_5kb: Option<(f64, f64)>,
}

pub(crate) fn measure_ab(opts: &Opts, conv: Option<&ConvertFigures>) -> AbFigures {
    let _ = conv;
    let (statements, source) = load_statements(opts);
    println!("\n== A/B: the one-parse converter against the one before it, {source}");
    println!("{:<44} {:>9} {:>11} {:>11} {:>8} {:>5}", "statement", "bytes", "old", "new", "new/old", "same");
    let (mut t_old, mut t_new, mut differ, mut n) = (0.0, 0.0, 0, 0);
    for s in statements.iter().filter(|s| s.text.len() <= crate::ORDINARY_MAX) {
        let (a, b) = pair(&s.text, opts.convert_budget);
        let same = old(&s.text) == new(&s.text);
        println!(
            "{:<44} {:>9} {:>11} {:>11} {:>7.2}× {:>5}",
            s.name,
            s.text.len(),
            fmt_ms(a * 1e3),
            fmt_ms(b * 1e3),
            b / a,
            if same { "yes" } else { "NO" }
        );
        (t_old, t_new, n) = (t_old + a, t_new + b, n + 1);
        differ += usize::from(!same);
    }
    // The two headline figures get a longer budget: more rounds of a short statement.
    let five_kb = five_kb_statement().ok().map(|t| pair(&t, opts.convert_budget * 8.0));
    let large = largest_fixture().map(|t| {
        let (a, b) = pair(&t, opts.convert_budget * 2.0);
        (t.len(), a, b)
    });
    let peak = largest_fixture().and_then(|t| Some((child_peak("old", &t)?, child_peak("new", &t)?)));
    let (mut p_old, mut p_new) = (0.0, 0.0);
    for s in statements.iter().filter(|s| s.text.len() <= crate::ORDINARY_MAX) {
        let (a, b) = pair_of(old_problem, new_problem, &s.text, opts.convert_budget / 2.0);
        (p_old, p_new) = (p_old + a, p_new + b);
    }
    let problem_5kb =
        five_kb_statement().ok().map(|t| pair_of(old_problem, new_problem, &t, opts.convert_budget * 8.0));
    println!(
        "a problem's Markdown and samples over the corpus: old {}, new {}",
        fmt_ms(p_old * 1e3),
        fmt_ms(p_new * 1e3)
    );
    AbFigures { corpus: (t_old, t_new, differ, n), five_kb, large, peak, problem: (p_old, p_new), problem_5kb }
}

/// Median seconds of each converter on `s`, measured alternately (old, new, old, new, …) so that
/// the machine's drift falls on both.
fn pair(s: &str, budget: f64) -> (f64, f64) {
    pair_of(old, new, s, budget)
}

/// [`pair`] for any two ways of doing the same work: one call of each in turn (which goes first
/// alternating), then the median call of each. This VM's speed drifts within seconds (the same
/// binary 0.31 then 0.58 ms on the 5 KB statement): nine alternating rounds of many calls still
/// let a slow spell fall on one side (1.28x one run, 0.98x the next); calls interleaved one by
/// one share every spell.
fn pair_of(old: Conv, new: Conv, s: &str, budget: f64) -> (f64, f64) {
    let once = |f: Conv| {
        let t = std::time::Instant::now();
        drop(std::hint::black_box(f(std::hint::black_box(s))));
        t.elapsed().as_secs_f64()
    };
    let first = once(old) + once(new);
    let reps = ((budget / first.max(1e-7)) as usize).clamp(9, 4000);
    let (mut a, mut b) = (Vec::with_capacity(reps), Vec::with_capacity(reps));
    for k in 0..reps {
        if k % 2 == 0 {
            a.push(once(old));
            b.push(once(new));
        } else {
            b.push(once(new));
            a.push(once(old));
        }
    }
    a.sort_by(f64::total_cmp);
    b.sort_by(f64::total_cmp);
    (a[reps / 2], b[reps / 2])
}

/// The statement of the 300 KB fixture (tests/fixtures/problem_ac_ahc001_a_300kb.http).
fn largest_fixture() -> Option<String> {
    let path = crate::backend::fixtures_dir().join("problem_ac_ahc001_a_300kb.http");
    let v = crate::convert::fixture_json(&path)?;
    v["content"].as_str().map(str::to_string)
}

/// The peak RSS (VmHWM) of a child of this binary converting `text` once with `which`, over its
/// RSS before (kB).
fn child_peak(which: &str, text: &str) -> Option<u64> {
    let exe = std::env::current_exe().ok()?;
    let mut child = Command::new(exe)
        .args(["--internal-ab-peak", which])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    io::Write::write_all(&mut child.stdin.take()?, text.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    let nums: Vec<u64> =
        String::from_utf8_lossy(&out.stdout).split_whitespace().filter_map(|w| w.parse().ok()).collect();
    match nums[..] {
        [base, peak] => Some(peak.saturating_sub(base)),
        _ => None,
    }
}

/// Child side of [`child_peak`]: converts stdin once, prints `VmRSS-before-kB VmHWM-after-kB`.
pub(crate) fn ab_peak_child(which: Option<&str>) -> ExitCode {
    let mut text = String::new();
    if io::stdin().read_to_string(&mut text).is_err() {
        return ExitCode::FAILURE;
    }
    let f: Conv = if which == Some("old") { old } else { new };
    let pid = std::process::id();
    let base = proc_status_kb(pid, "VmRSS:").unwrap_or(0);
    let md = f(&text);
    let peak = proc_status_kb(pid, "VmHWM:").unwrap_or(0);
    println!("{base} {peak}");
    drop(std::hint::black_box(md));
    ExitCode::SUCCESS
}

pub(crate) fn ab_rows(ab: &AbFigures, rows: &mut Vec<Row>) {
    let (a, b, differ, n) = ab.corpus;
    rows.push(Row::target(
        format!("A/B: corpus conversion time, new / old ({n} statements, {differ} outputs differ)"),
        Cell::new(format!("{:.2}× ({} → {})", b / a, fmt_ms(a * 1e3), fmt_ms(b * 1e3)), b / a),
        Cell::default(),
        "≤ 1.00× (no slower)",
        Target::AtMost(1.0),
    ));
    if let Some((a, b)) = ab.five_kb {
        rows.push(Row::target(
            "A/B: the 5 KB statement, new / old",
            Cell::new(format!("{:.2}× ({} → {})", b / a, fmt_ms(a * 1e3), fmt_ms(b * 1e3)), b / a),
            Cell::default(),
            "≤ 1.00× (no slower)",
            Target::AtMost(1.0),
        ));
    }
    let (a, b) = ab.problem;
    rows.push(Row::target(
        "A/B: a problem's Markdown and samples over the corpus (one parse vs two passes), new / old",
        Cell::new(format!("{:.2}× ({} → {})", b / a, fmt_ms(a * 1e3), fmt_ms(b * 1e3)), b / a),
        Cell::default(),
        "≤ 1.00× (no slower)",
        Target::AtMost(1.0),
    ));
    if let Some((a, b)) = ab.problem_5kb {
        rows.push(Row::target(
            "A/B: the 5 KB problem's Markdown and samples, new / old",
            Cell::new(format!("{:.2}× ({} → {})", b / a, fmt_ms(a * 1e3), fmt_ms(b * 1e3)), b / a),
            Cell::default(),
            "≤ 1.00× (no slower)",
            Target::AtMost(1.0),
        ));
    }
    if let Some((len, a, b)) = ab.large {
        rows.push(Row::info(
            format!("A/B: the 300 KB statement ({len} B), new / old"),
            Cell::new(format!("{:.2}× ({} → {})", b / a, fmt_ms(a * 1e3), fmt_ms(b * 1e3)), b / a),
            Cell::default(),
        ));
    }
    if let Some((a, b)) = ab.peak {
        rows.push(Row::info(
            "A/B: peak memory converting the 300 KB statement (one tree), new vs old",
            Cell::new(
                format!("+{} vs +{}", fmt_mb(b as f64 * 1024.0), fmt_mb(a as f64 * 1024.0)),
                b as f64 / a.max(1) as f64,
            ),
            Cell::default(),
        ));
    }
}
