//! The solve log (issue 33): reading a 100,000-line log back (in process, as `oj://log` reads it,
//! and through the server as a `solve_stats` round trip), and what recording one call costs (the
//! file opened for append, one write, closed), in process. The budget: the summary well
//! under a second, a call's line a few microseconds.

use crate::pipes::{Proc, initialize_request, request};
use crate::server::note;
use crate::table::{Cell, Row, Target, fmt_ms, ms, stats};
use crate::{Opts, TOKEN};
use oj_mcp_rs::solvelog::SolveLog;
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Lines in the log read back.
const LINES: usize = 100_000;
/// Calls recorded for the per-call figure.
const RECORDS: usize = 5_000;

pub(crate) struct LogFigures {
    /// Bytes, lines summarised and the median seconds of the in-process summary.
    read: Result<(u64, u64, f64), String>,
    /// The `solve_stats` round trip through the server, median seconds.
    server: Result<f64, String>,
    /// Microseconds per recorded `get_problem` and `test_solution` (2 KB of code) call.
    record: Result<(f64, f64), String>,
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("oj-mcp-bench-{}-{name}", std::process::id()))
}

/// A log of `LINES` lines as the server writes them: per problem, a read, three runs and a solve.
fn write_log(path: &Path) -> Result<u64, String> {
    let mut text = String::with_capacity(LINES * 200);
    let sources = ["atcoder", "codeforces", "leetcode", "luogu", "spoj"];
    for i in 0..LINES {
        let (p, step) = (i / 5, i % 5);
        let source = sources[p % 5];
        let (min, sec) = (p % 60, step * 7);
        let head = format!(
            "{{\"time\":\"2026-{:02}-{:02}T{:02}:{min:02}:{sec:02}.000Z\",",
            1 + p / 2000 % 12,
            1 + p / 80 % 28,
            p / 3 % 24
        );
        let tail = match step {
            0 => format!(
                "\"event\":\"get_problem\",\"source\":\"{source}\",\"id\":\"p{p}\",\"title\":\"Problem {p}\",\"difficulty\":\"Medium\""
            ),
            1..=3 => format!(
                "\"event\":\"test_solution\",\"source\":\"{source}\",\"id\":\"p{p}\",\"language\":\"cpp\",\"verdict\":\"{}\",\
\"passed\":2,\"total\":3,\"compile_ms\":812,\"run_ms\":40,\"code_bytes\":1500,\"code_hash\":\"fnv1a64:0123456789abcdef\"",
                ["WA", "TLE", "AC"][step - 1]
            ),
            _ => format!(
                "\"event\":\"record_solve\",\"source\":\"{source}\",\"id\":\"p{p}\",\"outcome\":\"accepted\",\"time_ms\":{},\"attempts\":3",
                60_000 + p % 900 * 1000
            ),
        };
        let _ = writeln!(text, "{head}{tail},\"client\":\"claude-code\",\"model\":\"model-{}\"}}", p % 3);
    }
    std::fs::write(path, &text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(text.len() as u64)
}

/// The in-process summary of the log, five times.
fn read_back(path: &Path) -> Result<(u64, u64, f64), String> {
    let bytes = write_log(path)?;
    let log = SolveLog::new(Some(path.to_path_buf()));
    let mut times = Vec::new();
    let mut lines = 0;
    let cpu0 = cpu_seconds();
    for _ in 0..5 {
        let t0 = Instant::now();
        let (events, skipped) = std::hint::black_box(log.summarise());
        times.push(t0.elapsed().as_secs_f64());
        if skipped != 0 {
            return Err(format!("{skipped} lines skipped"));
        }
        lines = events;
    }
    if let (Some(a), Some(b)) = (cpu0, cpu_seconds()) {
        println!(
            "CPU time per summary: {} (this process's, over the 5; the wall time below counts the machine's load)",
            fmt_ms((b - a) / 5.0 * 1e3)
        );
    }
    Ok((bytes, lines, stats(&times).median))
}

/// This process's CPU time (user + system) from `/proc/self/stat`, in seconds (10 ms ticks).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// `solve_stats` through the server over the same log, five round trips after one.
fn through_server(opts: &Opts, path: &Path) -> Result<f64, String> {
    // The backend is never asked: any URL will do.
    let mut cmd = Proc::command(&opts.server, "http://127.0.0.1:9");
    cmd.env("OJ_LOG_FILE", path).env("OJ_TOKEN", TOKEN);
    let mut p = Proc::spawn(cmd, opts.timeout.max(std::time::Duration::from_secs(30)))?;
    p.send(&initialize_request())?;
    p.reply(1)?;
    let mut times = Vec::new();
    for id in 2..8u64 {
        let took = p.call(id, &request(id, "tools/call", json!({"name": "solve_stats", "arguments": {}})))?;
        let result = p.reply_result("solve_stats")?;
        if result["structuredContent"]["events"] != json!(LINES) {
            return Err(format!("solve_stats summarised {} lines", result["structuredContent"]["events"]));
        }
        if id > 2 {
            times.push(ms(took) / 1e3);
        }
    }
    p.close()?;
    Ok(stats(&times).median)
}

/// Microseconds per recorded call of `tool` with `out` as its structured output.
fn per_call(path: &Path, tool: &str, out: &Value, code: Option<&[u8]>) -> f64 {
    let _ = std::fs::remove_file(path);
    let log = SolveLog::new(Some(path.to_path_buf()));
    log.record_call(tool, Some(out), code);
    let t0 = Instant::now();
    for _ in 0..RECORDS {
        log.record_call(tool, Some(out), code);
    }
    t0.elapsed().as_secs_f64() * 1e6 / RECORDS as f64
}

fn recording(path: &Path) -> Result<(f64, f64), String> {
    let problem = json!({"problem": {"source": "atcoder", "id": "abc321_c", "title": "321-like Searcher",
        "difficulty": null, "rating": null, "problem_index": "C", "content": "x".repeat(5000)}, "notes": []});
    let test = json!({"source": "atcoder", "id": "abc321_c", "title": "321-like Searcher", "verdict": "AC",
        "passed": 3, "total": 3, "language": "cpp", "compile": {"ms": 812}, "samples": [{"time_ms": 3}, {"time_ms": 4}]});
    let code = vec![b'x'; 2048];
    let fetch = per_call(path, "get_problem", &problem, None);
    let run = per_call(path, "test_solution", &test, Some(&code));
    let lines = std::fs::read_to_string(path).map_err(|e| e.to_string())?.lines().count();
    if lines != RECORDS + 1 {
        return Err(format!("{lines} lines recorded, {} expected", RECORDS + 1));
    }
    Ok((fetch, run))
}

pub(crate) fn measure_solvelog(opts: &Opts, failed: &mut bool) -> LogFigures {
    println!("\n== solve log: a {LINES}-line log read back, and one call's line recorded");
    let (big, small) = (temp("read.jsonl"), temp("record.jsonl"));
    let read = note("solve log read back", read_back(&big), failed);
    if let Ok((bytes, lines, secs)) = &read {
        println!("{lines} lines ({bytes} B) summarised in process in {} (median of 5)", fmt_ms(secs * 1e3));
    }
    let server = note("solve_stats through the server", through_server(opts, &big), failed);
    if let Ok(secs) = &server {
        println!("solve_stats round trip over it: {} (median of 5)", fmt_ms(secs * 1e3));
    }
    let record = note("recording calls", recording(&small), failed);
    if let Ok((fetch, run)) = &record {
        println!("recording a get_problem call: {fetch:.1} µs, a test_solution call (2 KB of code): {run:.1} µs");
    }
    let _ = (std::fs::remove_file(&big), std::fs::remove_file(&small));
    LogFigures { read, server, record }
}

pub(crate) fn log_rows(f: &LogFigures, rows: &mut Vec<Row>) {
    let cell = match &f.read {
        Ok((_, _, secs)) => Cell::ms(secs * 1e3),
        Err(e) => Cell::text(e.clone()),
    };
    rows.push(Row::target(
        format!("solve log: summary of a {LINES}-line log (oj://log, in process), median of 5"),
        cell,
        Cell::default(),
        "≤ 500 ms",
        Target::AtMost(500.0),
    ));
    let cell = match &f.server {
        Ok(secs) => Cell::ms(secs * 1e3),
        Err(e) => Cell::text(e.clone()),
    };
    rows.push(Row::info("  the same as a solve_stats round trip through the server", cell, Cell::default()));
    let cell = match &f.record {
        Ok((fetch, run)) => Cell::new(format!("{fetch:.1} µs / {run:.1} µs"), *fetch),
        Err(e) => Cell::text(e.clone()),
    };
    rows.push(Row::target(
        "solve log: one call's line (open, one append, close): get_problem / test_solution",
        cell,
        Cell::default(),
        "≤ 50 µs",
        Target::AtMost(50.0),
    ));
}
