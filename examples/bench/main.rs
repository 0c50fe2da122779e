//! The benchmark job (`make bench`): figures and a verdict per target, never a pass/fail test.
//!
//! `bench [--server CMD] [--compare CMD] [--launcher CMD] [--corpus DIR] [--quick] [--markdown]`
//! spawns the server command over pipes (newline-delimited JSON-RPC 2.0) against the in-process
//! fixture backend (`tests/support/backend.rs`) and measures: binary size, spawn → `initialize`
//! and spawn → `server/discover` responses, `tools/list` and `get_problem` round trips beside the
//! backend's own round trip (a raw HTTP GET over a kept-alive socket, measured the same way), peak
//! RSS (`VmHWM`), stdin EOF → exit, the backend's TCP connections, the HTML → Markdown converter
//! (in process: throughput over the corpus, time against input size), the npm launcher's
//! overhead, `test_solution`'s own overhead per sample against running the program directly, split
//! into call → program start and program exit → reply (`judge.rs`), C++ builds without and with
//! the precompiled `<bits/stdc++.h>` (`cpp.rs`), the memory of a session's whole process tree
//! (binary alone, launcher on its spawn and `execve` paths), and the CPU time a `get_problem`
//! call costs the server (`cpu.rs`), and the solve log: a 100,000-line log read back and one
//! call's line recorded (`solvelog.rs`). `--compare CMD` measures another stdio MCP server in the same
//! run, side by side (the CPU rounds interleaved, with the ratio's target).
//! Exit status: 0 whatever the verdicts (a benchmark, not a test), 1 when a measurement broke.

// The shipped build's `oj_size` (scripts/ship/cargo-release.sh): the allocator, compiled in here
// too, keeps its hot paths built for speed as in the binary.
#![cfg_attr(oj_size, feature(optimize_attribute))]

#[path = "../../tests/support/backend.rs"]
mod backend;
mod convert;
mod cpp;
mod cpu;
mod judge;
mod launcher;
mod pipes;
mod report;
mod samples;
mod server;
mod solvelog;
mod stress;
mod table;
mod tree;

/// The converter is measured with the allocator the static binary ships with (src/main.rs).
#[cfg(target_env = "musl")]
#[global_allocator]
static GLOBAL: alloc::Cache = alloc::Cache::new();

// The binary's allocator, compiled in here too (it is not part of the library, which forbids
// unsafe code).
#[cfg(target_env = "musl")]
#[allow(unsafe_code)]
#[path = "../../src/alloc.rs"]
mod alloc;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

pub(crate) const TOKEN: &str = "fixture-token-0123456789abcdef";
/// The ~5 KB and ~300 KB statements of the fixtures (tests/fixtures/INDEX.tsv).
pub(crate) const PROBLEM_5KB: (&str, &str) = ("leetcode", "3000");
pub(crate) const PROBLEM_300KB: (&str, &str) = ("atcoder", "ahc001_a");
pub(crate) const PROTOCOL_VERSION: &str = "2025-11-25";
pub(crate) const MODERN_VERSION: &str = "2026-07-28";
/// Statements up to this size count as "ordinary" for the throughput target.
pub(crate) const ORDINARY_MAX: usize = 64 * 1024;
/// Unreported runs before each spawn series (page cache, dynamic loader, CPU frequency).
pub(crate) const WARM_UP: usize = 3;
pub(crate) const MB: f64 = 1e6;

pub(crate) const HELP: &str = "\
Usage: bench [--server CMD] [--compare CMD] [--launcher CMD] [--launcher-node CMD] [--node CMD] [--corpus DIR]
             [--spawns N] [--calls N] [--long N] [--timeout SECS] [--only LIST] [--quick]
             [--markdown]
       bench --profile-convert FILE N

Benchmarks a stdio MCP server against the project's fixture backend and prints a table of
figures with a verdict per target (a benchmark: the exit status ignores the verdicts).
  --server CMD    the server to measure (default: $OJ_MCP_BIN, else the static release binary
                  target/x86_64-unknown-linux-musl/release/oj-mcp-rs)
  --compare CMD   another stdio MCP server, measured the same way and printed beside it with the
                  ratio other / ours (tool-call rows need a get_problem tool); a word {base_url}
                  or {token} is replaced by the fixture backend's (for a server that takes them
                  only as flags)
  --launcher CMD  the installed npm launcher (node_modules/.bin/oj-mcp-rs); without it the
                  launcher row is skipped
  --launcher-node CMD
                  also run the launcher under this Node (make bench: Node 24, which has
                  process.execve, so the two launcher rows show the execve and spawn paths)
  --node CMD      Node, for Node's own start-up and the launcher's shebang (default: node)
  --corpus DIR    statements for the converter (default: ../shared/corpus beside the repo, else
                  the statements in tests/fixtures)
  --spawns N      spawn runs per start-up figure (default 50)
  --calls N       calls per round-trip figure (default 200)
  --long N        calls before the last peak-RSS reading (default 1000)
  --timeout SECS  longest wait for any one answer (default 20)
  --only LIST     measure only these, comma-separated: size, start (spawn → initialize/discover,
                  EOF → exit), list (tools/list), calls (get_problem, RSS, connections), cpu
                  (CPU time per get_problem call, both servers in alternate rounds), convert,
                  samples (sample extraction against conversion), judge (test_solution's
                  overhead per sample, and cpp), cpp (C++ builds without and with the
                  precompiled include block, with and without the AtCoder Library, and
                  BENCH_CPP_SOURCES=DIR's .cpp files), stress (stress_test's rounds per
                  second, C++ and Python), launcher (start-up and the session tree RSS), log
                  (the solve log: a 100,000-line log read back, one call's line recorded)
  --quick         a fast, rough run: 10 spawns, 40 calls, 100 long calls, shorter timings
  --markdown      print the summary as a Markdown table (for docs/benchmarks.md)
  --profile-convert FILE N   convert FILE N times in process and exit: for perf or callgrind
                             (BENCH_SAMPLES=1: extract its samples from one parse instead;
                             BENCH_PROBLEM=1: FILE is a problem fixture (tests/fixtures/*.http),
                             made into get_problem's reply, the I/O left out)
A CMD is split on whitespace (no quoting): wrap anything fancier in a script, or profile a
server by prefixing it: --server \"valgrind --tool=callgrind BIN\" --only calls --timeout 300.";

pub(crate) const SECTIONS: [&str; 12] =
    ["size", "start", "list", "calls", "cpu", "convert", "samples", "judge", "cpp", "stress", "launcher", "log"];

pub(crate) struct Opts {
    pub(crate) server: Vec<String>,
    pub(crate) compare: Option<Vec<String>>,
    pub(crate) launcher: Option<Vec<String>>,
    pub(crate) launcher_node: Option<Vec<String>>,
    pub(crate) node: Vec<String>,
    pub(crate) corpus: Option<PathBuf>,
    pub(crate) spawns: usize,
    pub(crate) calls: usize,
    pub(crate) long: usize,
    pub(crate) timeout: Duration,
    /// Seconds spent converting each corpus file / each size step.
    pub(crate) convert_budget: f64,
    pub(crate) markdown: bool,
    pub(crate) only: Option<Vec<String>>,
}

impl Opts {
    /// Whether section `name` is measured (see `--only`).
    pub(crate) fn wants(&self, name: &str) -> bool {
        self.only.as_ref().is_none_or(|only| only.iter().any(|o| o == name))
    }
}

pub(crate) fn skipped<T>() -> Result<T, String> {
    Err("skipped (--only)".into())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("--internal-convert-peak") => return convert::convert_peak_child(args.get(1).map(String::as_str)),
        Some("--profile-convert") => return convert::profile_convert(args.get(1), args.get(2)),
        _ => {}
    }
    let opts = match parse_args(args) {
        Ok(Some(opts)) => opts,
        Ok(None) => {
            println!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("bench: {e}\n\n{HELP}");
            return ExitCode::from(2);
        }
    };
    let ok = report::run(&opts);
    let _ = std::fs::remove_file(log_file());
    if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// The measured servers' solve log: a file of this run's in the temporary folder, removed at the
/// end (every server writes its calls' lines there, as in use).
pub(crate) fn log_file() -> PathBuf {
    std::env::temp_dir().join(format!("oj-mcp-bench-{}.jsonl", std::process::id()))
}

fn split_cmd(s: &str) -> Result<Vec<String>, String> {
    let words: Vec<String> = s.split_whitespace().map(str::to_string).collect();
    if words.is_empty() { Err("an empty command".into()) } else { Ok(words) }
}

/// The next value as a string (lexopt's errors name the option).
fn value(parser: &mut lexopt::Parser) -> Result<String, String> {
    use lexopt::ValueExt;
    parser.value().and_then(|v| v.string()).map_err(|e| e.to_string())
}

fn count(name: &str, v: String) -> Result<usize, String> {
    v.parse().ok().filter(|n| *n > 0).ok_or_else(|| format!("--{name} {v}: not a positive integer"))
}

fn seconds(v: String) -> Result<Duration, String> {
    let secs: f64 = v
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s > 0.0)
        .ok_or_else(|| format!("--timeout {v}: not a positive number"))?;
    Ok(Duration::from_secs_f64(secs))
}

fn sections(v: String) -> Result<Vec<String>, String> {
    let list: Vec<String> = v.split(',').map(|s| s.trim().to_string()).collect();
    match list.iter().find(|s| !SECTIONS.contains(&s.as_str())) {
        Some(bad) => Err(format!("--only: unknown section {bad:?} (sections: {})", SECTIONS.join(", "))),
        None => Ok(list),
    }
}

fn default_opts() -> Opts {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let default_server = std::env::var("OJ_MCP_BIN")
        .ok()
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| root.join("target/x86_64-unknown-linux-musl/release/oj-mcp-rs").display().to_string());
    Opts {
        server: vec![default_server],
        compare: None,
        launcher: None,
        launcher_node: None,
        node: vec!["node".into()],
        corpus: None,
        spawns: 50,
        calls: 200,
        long: 1000,
        timeout: Duration::from_secs(20),
        convert_budget: 0.25,
        markdown: false,
        only: None,
    }
}

/// The options (lexopt); `None` for `--help`.
fn parse_args(args: Vec<String>) -> Result<Option<Opts>, String> {
    use lexopt::prelude::*;
    let mut opts = default_opts();
    let (mut spawns, mut calls, mut long) = (None, None, None);
    let mut quick = false;
    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Long("server") => opts.server = split_cmd(&value(&mut parser)?)?,
            Long("compare") => opts.compare = Some(split_cmd(&value(&mut parser)?)?),
            Long("launcher") => opts.launcher = Some(split_cmd(&value(&mut parser)?)?),
            Long("launcher-node") => opts.launcher_node = Some(split_cmd(&value(&mut parser)?)?),
            Long("node") => opts.node = split_cmd(&value(&mut parser)?)?,
            Long("corpus") => opts.corpus = Some(PathBuf::from(value(&mut parser)?)),
            Long("spawns") => spawns = Some(count("spawns", value(&mut parser)?)?),
            Long("calls") => calls = Some(count("calls", value(&mut parser)?)?),
            Long("long") => long = Some(count("long", value(&mut parser)?)?),
            Long("timeout") => opts.timeout = seconds(value(&mut parser)?)?,
            Long("only") => opts.only = Some(sections(value(&mut parser)?)?),
            Long("quick") => quick = true,
            Long("markdown") => opts.markdown = true,
            Short('h') | Long("help") => return Ok(None),
            other => return Err(other.unexpected().to_string()),
        }
    }
    if quick {
        (opts.spawns, opts.calls, opts.long, opts.convert_budget) = (10, 40, 100, 0.05);
    }
    opts.spawns = spawns.unwrap_or(opts.spawns);
    opts.calls = calls.unwrap_or(opts.calls);
    opts.long = long.unwrap_or(opts.long).max(opts.calls);
    Ok(Some(opts))
}
