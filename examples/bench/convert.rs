//! The converter figures, measured in process: throughput over the corpus, time against size,
//! peak memory.

use crate::backend;
use crate::pipes::proc_status_kb;
use crate::server::note;
use crate::table::{Cell, Row, Stats, Target, cell_or, fmt_mb, fmt_ms, stats};
use crate::{MB, ORDINARY_MAX, Opts};
use serde_json::Value;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

pub(crate) struct Statement {
    pub(crate) name: String,
    pub(crate) text: String,
}

/// The corpus (`*.html`, `*.md` but SOURCES/README), or the statements in tests/fixtures.
pub(crate) fn load_statements(opts: &Opts) -> (Vec<Statement>, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = opts.corpus.clone().unwrap_or_else(|| root.join("../shared/corpus"));
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string();
            let ext_ok = name.ends_with(".html") || name.ends_with(".md");
            if !ext_ok || name == "SOURCES.md" || name == "README.md" {
                continue;
            }
            if let Ok(text) = std::fs::read_to_string(&path) {
                out.push(Statement { name, text });
            }
        }
    }
    if !out.is_empty() {
        out.sort_by(|a, b| a.name.cmp(&b.name));
        let source = format!("corpus {} ({} statements)", dir.display(), out.len());
        return (out, source);
    }
    // A fresh clone without ../shared: the statements the fixture backend serves.
    let fixtures = backend::fixtures_dir();
    if let Ok(entries) = std::fs::read_dir(&fixtures) {
        for entry in entries.flatten() {
            let path = entry.path();
            let name = path.file_stem().and_then(|n| n.to_str()).unwrap_or("").to_string();
            if !name.starts_with("problem_") || path.extension().is_none_or(|e| e != "http") {
                continue;
            }
            let Some(v) = fixture_json(&path) else { continue };
            for key in ["content", "content_cn"] {
                if let Some(text) = v[key].as_str().filter(|t| !t.is_empty()) {
                    out.push(Statement { name: format!("{name}.{key}"), text: text.to_string() });
                }
            }
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    let source = format!(
        "{} absent: the {} statements of tests/fixtures instead (run with ../shared/corpus for the real figure)",
        dir.display(),
        out.len()
    );
    (out, source)
}

/// Median seconds of one conversion of `html`, converting for about `budget` seconds.
pub(crate) fn time_conversion(html: &str, budget: f64) -> f64 {
    conversion_times(html, budget).median
}

/// Times of converting `html`, repeated (after a warm-up) for about `budget` seconds, 3 to 2000 times.
pub(crate) fn conversion_times(html: &str, budget: f64) -> Stats {
    let convert = |s: &str| std::hint::black_box(oj_mcp_rs::convert::to_markdown(Some(std::hint::black_box(s))));
    let t0 = Instant::now();
    drop(convert(html)); // warm-up
    let once = t0.elapsed().as_secs_f64();
    let reps = ((budget / once.max(1e-7)) as usize).clamp(3, 2000);
    let mut times = Vec::with_capacity(reps);
    for _ in 0..reps {
        let t = Instant::now();
        drop(convert(html));
        times.push(t.elapsed().as_secs_f64());
    }
    stats(&times)
}

pub(crate) struct ConvertFigures {
    pub(crate) ordinary: (usize, usize, f64),
    pub(crate) large: Option<(usize, usize, f64)>,
    pub(crate) linear: Result<Linearity, String>,
    pub(crate) peak: Result<(usize, u64), String>,
    /// Bytes and seconds of converting get_problem's 5 KB statement.
    pub(crate) five_kb: Result<(usize, f64), String>,
}

/// The statement get_problem serves in the 5 KB call (tests/fixtures).
pub(crate) fn five_kb_statement() -> Result<String, String> {
    let path = backend::fixtures_dir().join("problem_lc_3000_5kb.http");
    let v = fixture_json(&path).ok_or_else(|| format!("{}: no JSON body", path.display()))?;
    v["content"].as_str().map(str::to_string).ok_or_else(|| "no content".into())
}

/// The JSON body of a recorded response (`tests/fixtures/*.http`).
pub(crate) fn fixture_json(path: &Path) -> Option<Value> {
    let raw = std::fs::read_to_string(path).ok()?;
    let (_, body) = raw.split_once("\r\n\r\n")?;
    serde_json::from_str(body).ok()
}

pub(crate) struct Linearity {
    pub(crate) exponent: f64,
    pub(crate) per_mb_ms: f64,
    pub(crate) fixed_ms: f64,
    pub(crate) ratio_spread: f64,
}

pub(crate) fn measure_converter(opts: &Opts, failed: &mut bool) -> ConvertFigures {
    let (statements, source) = load_statements(opts);
    println!("\n== HTML → Markdown (oj_mcp_rs::convert::to_markdown, in process): {source}");
    println!("{:<44} {:>9} {:>11} {:>9}", "statement", "bytes", "time", "MB/s");
    let (mut ord_bytes, mut ord_secs, mut ord_n) = (0usize, 0f64, 0usize);
    let (mut big_bytes, mut big_secs, mut big_n) = (0usize, 0f64, 0usize);
    for s in &statements {
        let secs = time_conversion(&s.text, opts.convert_budget);
        let len = s.text.len();
        println!("{:<44} {:>9} {:>11} {:>9.1}", s.name, len, fmt_ms(secs * 1e3), len as f64 / secs / MB);
        if len <= ORDINARY_MAX {
            (ord_bytes, ord_secs, ord_n) = (ord_bytes + len, ord_secs + secs, ord_n + 1);
        } else {
            (big_bytes, big_secs, big_n) = (big_bytes + len, big_secs + secs, big_n + 1);
        }
    }
    let ordinary = (ord_n, ord_bytes, if ord_secs > 0.0 { ord_bytes as f64 / ord_secs / MB } else { 0.0 });
    let five_kb = note(
        "the 5 KB statement",
        five_kb_statement().map(|text| (text.len(), time_conversion(&text, opts.convert_budget))),
        failed,
    );
    let large = (big_n > 0).then(|| (big_n, big_bytes, big_bytes as f64 / big_secs / MB));

    // Time against size: one statement repeated from 1 KiB to 1 MiB.
    let unit = statements
        .iter()
        .filter(|s| s.name.ends_with(".html") || s.name.contains(".content"))
        .min_by_key(|s| s.text.len().abs_diff(1100))
        .map(|s| (s.name.clone(), s.text.clone()));
    let linear = note(
        "time against size",
        unit.clone()
            .ok_or_else(|| "no statement to repeat".to_string())
            .map(|(name, text)| time_vs_size(&name, &text, opts)),
        failed,
    );
    let peak = note(
        "converter peak memory",
        unit.ok_or_else(|| "no statement to repeat".to_string()).and_then(|(_, text)| convert_peak(&text)),
        failed,
    );
    ConvertFigures { ordinary, large, linear, peak, five_kb }
}

pub(crate) fn repeat_to(unit: &str, size: usize) -> String {
    let copies = ((size as f64 / unit.len() as f64).round() as usize).max(1);
    unit.repeat(copies)
}

pub(crate) fn time_vs_size(name: &str, unit: &str, opts: &Opts) -> Linearity {
    println!("\ntime against input size: {name} ({} bytes) repeated", unit.len());
    println!("{:>9} {:>9} {:>11} {:>10} {:>12}", "target", "bytes", "time", "µs/KB", "t / t(prev)");
    let mut points = Vec::new();
    let mut prev: Option<f64> = None;
    for k in 0..=10 {
        let html = repeat_to(unit, 1024 << k);
        // The fastest run: the shape of the curve, not this VM's hiccups (a stolen slice in one
        // 100 ms run of 1 MiB would bend it).
        let secs = conversion_times(&html, opts.convert_budget * 2.0).min;
        let per_kb = secs * 1e6 / (html.len() as f64 / 1e3);
        let step = prev.map(|p| format!("{:.2}×", secs / p)).unwrap_or_default();
        println!("{:>7}Ki {:>9} {:>11} {:>10.2} {:>12}", 1 << k, html.len(), fmt_ms(secs * 1e3), per_kb, step);
        prev = Some(secs);
        points.push((html.len() as f64, secs));
    }
    // Least squares t = a + b·n over every step; the exponent of t ∝ n^k over 16 KiB and up
    // (where the fixed cost no longer matters); the spread of time/size over those steps.
    let fit = |pts: &[(f64, f64)]| {
        let n = pts.len() as f64;
        let (sx, sy) = pts.iter().fold((0.0, 0.0), |(a, b), (x, y)| (a + x, b + y));
        let (mx, my) = (sx / n, sy / n);
        let sxy: f64 = pts.iter().map(|(x, y)| (x - mx) * (y - my)).sum();
        let sxx: f64 = pts.iter().map(|(x, _)| (x - mx) * (x - mx)).sum();
        let b = sxy / sxx;
        (my - b * mx, b)
    };
    let (a, b) = fit(&points);
    let upper: Vec<(f64, f64)> = points.iter().filter(|(n, _)| *n >= 16.0 * 1024.0).copied().collect();
    let logs: Vec<(f64, f64)> = upper.iter().map(|(n, t)| (n.ln(), t.ln())).collect();
    let (_, exponent) = fit(&logs);
    let ratios: Vec<f64> = upper.iter().map(|(n, t)| t / n).collect();
    let spread = ratios.iter().copied().fold(f64::MIN, f64::max) / ratios.iter().copied().fold(f64::MAX, f64::min);
    println!(
        "fit: t = {} + {} per MB (≈ {:.1} MB/s); t ∝ size^{exponent:.2} from 16 KiB up; time/size spread {spread:.2}× \
         from 16 KiB up",
        fmt_ms(a * 1e3),
        fmt_ms(b * 1e3 * MB),
        1.0 / (b * MB),
    );
    Linearity { exponent, per_mb_ms: b * 1e3 * MB, fixed_ms: a * 1e3, ratio_spread: spread }
}

/// The converter's peak memory on a 1 MiB input, in a child process of this very binary.
pub(crate) fn convert_peak(unit: &str) -> Result<(usize, u64), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut child = Command::new(exe)
        .arg("--internal-convert-peak")
        .arg((1usize << 20).to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(unit.as_bytes()).map_err(|e| e.to_string())?;
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out.stdout);
    let nums: Vec<u64> = text.split_whitespace().filter_map(|w| w.parse().ok()).collect();
    match nums[..] {
        [input, base, peak] => Ok((input as usize, peak.saturating_sub(base))),
        _ => Err(format!("the child printed {text:?} ({})", out.status)),
    }
}

/// Child side of [`convert_peak`]: reads the unit on stdin, converts it repeated to `size` bytes
/// once, prints `input-bytes VmRSS-before-kB VmHWM-after-kB`.
pub(crate) fn convert_peak_child(size: Option<&str>) -> ExitCode {
    let size: usize = size.and_then(|s| s.parse().ok()).unwrap_or(1 << 20);
    let mut unit = String::new();
    if io::stdin().read_to_string(&mut unit).is_err() || unit.is_empty() {
        return ExitCode::FAILURE;
    }
    let html = repeat_to(&unit, size);
    let pid = std::process::id();
    let base = proc_status_kb(pid, "VmRSS:").unwrap_or(0);
    let md = oj_mcp_rs::convert::to_markdown(Some(&html));
    let peak = proc_status_kb(pid, "VmHWM:").unwrap_or(0);
    println!("{} {base} {peak}", html.len());
    drop(std::hint::black_box(md));
    ExitCode::SUCCESS
}

pub(crate) fn converter_rows(conv: &ConvertFigures, rows: &mut Vec<Row>) {
    let (n, bytes, mbs) = conv.ordinary;
    rows.push(Row::target(
        format!("conversion throughput, ordinary statements (≤ 64 KiB: {n}, {bytes} B)"),
        Cell::new(format!("{mbs:.1} MB/s"), mbs),
        Cell::default(),
        "≥ 20 MB/s",
        Target::AtLeast(20.0),
    ));
    rows.push(Row::info(
        "converting get_problem's 5 KB statement (in process, warm)",
        cell_or(&conv.five_kb, |&(len, secs)| {
            Cell::new(format!("{} ({:.1} MB/s, {len} B)", fmt_ms(secs * 1e3), len as f64 / secs / MB), secs * 1e3)
        }),
        Cell::default(),
    ));
    if let Some((n, bytes, mbs)) = conv.large {
        rows.push(Row::info(
            format!("conversion throughput, large statements (> 64 KiB: {n}, {bytes} B)"),
            Cell::new(format!("{mbs:.1} MB/s"), mbs),
            Cell::default(),
        ));
    }
    let lin = cell_or(&conv.linear, |l| {
        Cell::new(
            format!(
                "size^{:.2}, {} + {}/MB, spread {:.2}×",
                l.exponent,
                fmt_ms(l.fixed_ms),
                fmt_ms(l.per_mb_ms),
                l.ratio_spread
            ),
            l.exponent,
        )
    });
    rows.push(Row::target(
        "conversion time against size, 1 KiB → 1 MiB",
        lin,
        Cell::default(),
        "linear (exponent ≤ 1.15)",
        Target::AtMost(1.15),
    ));
    rows.push(Row::info(
        "converter peak memory on a 1 MiB input",
        cell_or(&conv.peak, |(input, kb)| {
            Cell::new(format!("+{} over its input ({input} B)", fmt_mb(*kb as f64 * 1024.0)), *kb as f64 * 1024.0 / MB)
        }),
        Cell::default(),
    ));
}

/// `--profile-convert FILE N`: converts FILE N times, then prints the time per conversion.
pub(crate) fn profile_convert(file: Option<&String>, reps: Option<&String>) -> ExitCode {
    let (Some(file), Some(reps)) = (file, reps.and_then(|r| r.parse::<usize>().ok())) else {
        eprintln!("usage: bench --profile-convert FILE N");
        return ExitCode::from(2);
    };
    let html = match std::fs::read_to_string(file) {
        Ok(h) => h,
        Err(e) => {
            eprintln!("bench: {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    // BENCH_SAMPLES=1: the sample extraction from one parse (after its conversion), N times (as
    // `--only samples`).
    if std::env::var_os("BENCH_SAMPLES").is_some() {
        let parsed = oj_mcp_rs::convert::Statement::parse(&html);
        drop(parsed.markdown());
        let t0 = Instant::now();
        for _ in 0..reps {
            drop(std::hint::black_box(oj_mcp_rs::samples::extract_from(std::hint::black_box(&parsed), "leetcode")));
        }
        println!("{file}: {} per extraction", fmt_ms(t0.elapsed().as_secs_f64() / reps.max(1) as f64 * 1e3));
        return ExitCode::SUCCESS;
    }
    if std::env::var_os("BENCH_PROBLEM").is_some() {
        return profile_problem(file, &html, reps);
    }
    let convert = |s: &str| oj_mcp_rs::convert::to_markdown(Some(s));
    let t0 = Instant::now();
    let mut out_len = 0;
    for _ in 0..reps {
        out_len = std::hint::black_box(convert(std::hint::black_box(&html))).len();
    }
    let per = t0.elapsed().as_secs_f64() / reps.max(1) as f64;
    println!(
        "{file}: {} bytes → {out_len} bytes, {} per conversion ({:.1} MB/s)",
        html.len(),
        fmt_ms(per * 1e3),
        html.len() as f64 / per / MB
    );
    ExitCode::SUCCESS
}

/// BENCH_PROBLEM=1: what `get_problem` does with a backend's reply, but the I/O, N times: FILE is
/// a fixture (`tests/fixtures/*.http`, its body a problem object) or the JSON alone; the problem
/// is parsed, made into the tool's output (statement, samples, limits, notes) and written as the
/// reply's JSON.
fn profile_problem(file: &str, http: &str, reps: usize) -> ExitCode {
    let body = http.split_once("\r\n\r\n").map_or(http, |(_, body)| body);
    let mut out_len = 0;
    let t0 = Instant::now();
    for _ in 0..reps {
        let p: oj_mcp_rs::models::Problem = match serde_json::from_str(std::hint::black_box(body)) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("bench: {file}: not a problem object: {e}");
                return ExitCode::FAILURE;
            }
        };
        let out = oj_mcp_rs::problems::problem_output(
            &p,
            oj_mcp_rs::language::Language::En,
            &[],
            |problem| serde_json::json!({ "problem": problem }),
        );
        let reply =
            serde_json::json!({"content": [{"type": "text", "text": out.text}], "structuredContent": out.structured});
        out_len = std::hint::black_box(serde_json::to_vec(&reply).map_or(0, |v| v.len()));
    }
    let per = t0.elapsed().as_secs_f64() / reps.max(1) as f64;
    println!("{file}: {} bytes → a {out_len}-byte reply, {} per problem", body.len(), fmt_ms(per * 1e3));
    ExitCode::SUCCESS
}
