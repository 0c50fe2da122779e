//! Sample extraction, measured in process against the conversion of the same statement:
//! get_problem's 5 KB statement, the whole corpus, and time against size. As the server does it,
//! the statement is parsed once (`convert::Statement::parse`, timed with the conversion) and the
//! samples are read from that parse after the conversion (`samples::extract_from`, reading the text
//! the converter kept): the figure is what the samples add.
//! The budget: extraction costs under 10% of the conversion, and stays linear.

use crate::Opts;
use crate::convert::{Statement, conversion_times, five_kb_statement, load_statements, repeat_to};
use crate::server::note;
use crate::table::{Cell, Row, Stats, Target, cell_or, fmt_ms, stats};
use std::time::Instant;

pub(crate) struct SampleFigures {
    /// Bytes, extraction seconds, conversion seconds of the 5 KB statement.
    five_kb: Result<(usize, f64, f64), String>,
    /// Statements, extraction and conversion seconds summed over the corpus.
    corpus: Result<(usize, f64, f64), String>,
    /// Exponent of t ∝ size^k from 16 KiB up, and µs per KB at 1 MiB.
    linear: Result<(f64, f64), String>,
}

/// The platform a statement's file name implies (the corpus and fixture names start with it).
fn source_of(name: &str) -> &'static str {
    ["leetcode", "codeforces", "atcoder", "luogu", "spoj"]
        .into_iter()
        .find(|s| name.contains(s) || (*s == "leetcode" && name.contains("_lc_")))
        .unwrap_or("codeforces")
}

/// Times of extracting the samples of `text` from its parse, repeated (after a warm-up) for about
/// `budget` seconds.
fn extraction_times(text: &str, source: &str, budget: f64) -> Stats {
    // As `get_problem` reads them: after the conversion, which kept the text nodes' text.
    let parsed = oj_mcp_rs::convert::Statement::parse(text);
    drop(parsed.markdown());
    let run = |_: &str| std::hint::black_box(oj_mcp_rs::samples::extract_from(std::hint::black_box(&parsed), source));
    let t0 = Instant::now();
    drop(run(text));
    let once = t0.elapsed().as_secs_f64();
    let reps = ((budget / once.max(1e-7)) as usize).clamp(3, 20_000);
    let mut times = Vec::with_capacity(reps);
    for _ in 0..reps {
        let t = Instant::now();
        drop(run(text));
        times.push(t.elapsed().as_secs_f64());
    }
    stats(&times)
}

pub(crate) fn measure_samples(opts: &Opts, failed: &mut bool) -> SampleFigures {
    println!(
        "\n== sample extraction (oj_mcp_rs::samples::extract_from the statement's parse, in process) against conversion"
    );
    let budget = opts.convert_budget;
    let five_kb = note(
        "samples of the 5 KB statement",
        five_kb_statement().map(|t| {
            let (e, c) = (extraction_times(&t, "leetcode", budget).median, conversion_times(&t, budget).median);
            println!("5 KB statement ({} B): extraction {}, conversion {}", t.len(), fmt_ms(e * 1e3), fmt_ms(c * 1e3));
            (t.len(), e, c)
        }),
        failed,
    );
    let (statements, source) = load_statements(opts);
    let corpus = note("samples of the corpus", corpus_ratio(&statements, &source, budget), failed);
    let linear = note("sample extraction against size", five_kb_statement().map(|t| time_vs_size(&t, budget)), failed);
    SampleFigures { five_kb, corpus, linear }
}

fn corpus_ratio(statements: &[Statement], source: &str, budget: f64) -> Result<(usize, f64, f64), String> {
    if statements.is_empty() {
        return Err("no statements".into());
    }
    println!("{source}");
    println!(
        "{:<44} {:>9} {:>11} {:>11} {:>7} {:>8}",
        "statement", "bytes", "extraction", "conversion", "ratio", "samples"
    );
    let (mut ext, mut conv) = (0.0, 0.0);
    for s in statements {
        let platform = source_of(&s.name);
        let e = extraction_times(&s.text, platform, budget / 2.0).median;
        let c = conversion_times(&s.text, budget / 2.0).median;
        let n = oj_mcp_rs::samples::extract(&s.text, platform).tests.len();
        println!(
            "{:<44} {:>9} {:>11} {:>11} {:>6.1}% {:>8}",
            s.name,
            s.text.len(),
            fmt_ms(e * 1e3),
            fmt_ms(c * 1e3),
            100.0 * e / c,
            n
        );
        (ext, conv) = (ext + e, conv + c);
    }
    Ok((statements.len(), ext, conv))
}

/// The 5 KB statement repeated from 8 KiB to 1 MiB (its examples repeat with it).
fn time_vs_size(unit: &str, budget: f64) -> (f64, f64) {
    println!("\nsample extraction against input size: the 5 KB statement repeated");
    println!("{:>9} {:>9} {:>11} {:>10} {:>8}", "target", "bytes", "time", "µs/KB", "samples");
    let mut upper = Vec::new();
    let mut per_kb = 0.0;
    for k in 3..=10 {
        let text = repeat_to(unit, 1024 << k);
        // The fastest run: the curve's shape, not the machine's hiccups.
        let secs = extraction_times(&text, "leetcode", budget * 2.0).min;
        per_kb = secs * 1e6 / (text.len() as f64 / 1e3);
        let n = oj_mcp_rs::samples::extract(&text, "leetcode").tests.len();
        println!("{:>7}Ki {:>9} {:>11} {:>10.2} {:>8}", 1 << k, text.len(), fmt_ms(secs * 1e3), per_kb, n);
        if text.len() >= 16 * 1024 {
            upper.push(((text.len() as f64).ln(), secs.ln()));
        }
    }
    // Least-squares slope of ln t against ln n: the exponent of t ∝ n^k.
    let n = upper.len() as f64;
    let (mx, my) = upper.iter().fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
    let sxy: f64 = upper.iter().map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = upper.iter().map(|(x, _)| (x - mx) * (x - mx)).sum();
    let exponent = sxy / sxx;
    println!("t ∝ size^{exponent:.2} from 16 KiB up; {per_kb:.2} µs/KB ({:.1} MB/s) at 1 MiB", 1e3 / per_kb);
    (exponent, per_kb)
}

pub(crate) fn sample_rows(f: &SampleFigures, rows: &mut Vec<Row>) {
    let ratio = |e: f64, c: f64| 100.0 * e / c;
    rows.push(Row::target(
        "sample extraction of the 5 KB statement, % of its conversion",
        cell_or(&f.five_kb, |&(len, e, c)| {
            Cell::new(format!("{:.1}% ({} vs {}, {len} B)", ratio(e, c), fmt_ms(e * 1e3), fmt_ms(c * 1e3)), ratio(e, c))
        }),
        Cell::default(),
        "< 10%",
        Target::AtMost(10.0),
    ));
    rows.push(Row::info(
        "sample extraction over the corpus, % of its conversion",
        cell_or(&f.corpus, |&(n, e, c)| {
            Cell::new(
                format!("{:.1}% ({n} statements, {} vs {})", ratio(e, c), fmt_ms(e * 1e3), fmt_ms(c * 1e3)),
                ratio(e, c),
            )
        }),
        Cell::default(),
    ));
    rows.push(Row::target(
        "sample extraction time against size, 8 KiB → 1 MiB",
        cell_or(&f.linear, |&(k, per_kb)| Cell::new(format!("size^{k:.2}, {per_kb:.2} µs/KB at 1 MiB"), k)),
        Cell::default(),
        "linear (exponent ≤ 1.15)",
        Target::AtMost(1.15),
    ));
}
