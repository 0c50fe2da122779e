//! The benchmark job (`make bench`): figures and a verdict per target, never a pass/fail test.
//!
//! `bench [--server CMD] [--compare CMD] [--launcher CMD] [--corpus DIR] [--quick] [--markdown]`
//! spawns the server command over pipes (newline-delimited JSON-RPC 2.0) against the in-process
//! fixture backend (`tests/support/backend.rs`) and measures: binary size, spawn → `initialize`
//! and spawn → `server/discover` responses, `tools/list` and `get_problem` round trips beside the
//! backend's own round trip (a raw HTTP GET over a kept-alive socket, measured the same way), peak
//! RSS (`VmHWM`), stdin EOF → exit, the backend's TCP connections, the HTML → Markdown converter
//! (in process: throughput over the corpus, time against input size) and the npm launcher's
//! overhead. `--compare CMD` measures another stdio MCP server in the same run, side by side.
//! Exit status: 0 whatever the verdicts (a benchmark, not a test), 1 when a measurement broke.

#[path = "../tests/support/backend.rs"]
mod backend;

/// The converter is measured with the allocator the static binary ships with (src/main.rs).
#[cfg(target_env = "musl")]
#[global_allocator]
static GLOBAL: oj_mcp_rs::alloc::Cache = oj_mcp_rs::alloc::Cache::new();

use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::net::TcpStream;
#[cfg(unix)]
use std::os::fd::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const TOKEN: &str = "fixture-token-0123456789abcdef";
/// The ~5 KB and ~300 KB statements of the fixtures (tests/fixtures/INDEX.tsv).
const PROBLEM_5KB: (&str, &str) = ("leetcode", "3000");
const PROBLEM_300KB: (&str, &str) = ("atcoder", "ahc001_a");
const PROTOCOL_VERSION: &str = "2025-11-25";
const MODERN_VERSION: &str = "2026-07-28";
/// Statements up to this size count as "ordinary" for the throughput target.
const ORDINARY_MAX: usize = 64 * 1024;
/// Unreported runs before each spawn series (page cache, dynamic loader, CPU frequency).
const WARM_UP: usize = 3;
const MB: f64 = 1e6;

const HELP: &str = "\
Usage: bench [--server CMD] [--compare CMD] [--launcher CMD] [--node CMD] [--corpus DIR]
             [--spawns N] [--calls N] [--long N] [--timeout SECS] [--only LIST] [--quick]
             [--markdown]
       bench --profile-convert FILE N

Benchmarks a stdio MCP server against the project's fixture backend and prints a table of
figures with a verdict per target (a benchmark: the exit status ignores the verdicts).
  --server CMD    the server to measure (default: $OJ_MCP_BIN, else the static release binary
                  target/x86_64-unknown-linux-musl/release/oj-mcp-rs)
  --compare CMD   another stdio MCP server, measured the same way and printed beside it with the
                  ratio other / ours (tool-call rows need a get_problem tool)
  --launcher CMD  the installed npm launcher (node_modules/.bin/oj-mcp-rs); without it the
                  launcher row is skipped
  --node CMD      Node, for Node's own start-up (default: node)
  --corpus DIR    statements for the converter (default: ../shared/corpus beside the repo, else
                  the statements in tests/fixtures)
  --spawns N      spawn runs per start-up figure (default 50)
  --calls N       calls per round-trip figure (default 200)
  --long N        calls before the last peak-RSS reading (default 1000)
  --timeout SECS  longest wait for any one answer (default 20)
  --only LIST     measure only these, comma-separated: size, start (spawn → initialize/discover,
                  EOF → exit), list (tools/list), calls (get_problem, RSS, connections),
                  convert, launcher
  --quick         a fast, rough run: 10 spawns, 40 calls, 100 long calls, shorter timings
  --markdown      print the summary as a Markdown table (for the README)
  --profile-convert FILE N   convert FILE N times in process and exit: for perf or callgrind
A CMD is split on whitespace (no quoting): wrap anything fancier in a script, or profile a
server by prefixing it: --server \"valgrind --tool=callgrind BIN\" --only calls --timeout 300.";

const SECTIONS: [&str; 6] = ["size", "start", "list", "calls", "convert", "launcher"];

struct Opts {
    server: Vec<String>,
    compare: Option<Vec<String>>,
    launcher: Option<Vec<String>>,
    node: Vec<String>,
    corpus: Option<PathBuf>,
    spawns: usize,
    calls: usize,
    long: usize,
    timeout: Duration,
    /// Seconds spent converting each corpus file / each size step.
    convert_budget: f64,
    markdown: bool,
    only: Option<Vec<String>>,
}

impl Opts {
    /// Whether section `name` is measured (see `--only`).
    fn wants(&self, name: &str) -> bool {
        self.only.as_ref().is_none_or(|only| only.iter().any(|o| o == name))
    }
}

fn skipped<T>() -> Result<T, String> {
    Err("skipped (--only)".into())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("--internal-convert-peak") => return convert_peak_child(args.get(1).map(String::as_str)),
        Some("--profile-convert") => return profile_convert(args.get(1), args.get(2)),
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
    if run(&opts) { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

fn split_cmd(s: &str) -> Result<Vec<String>, String> {
    let words: Vec<String> = s.split_whitespace().map(str::to_string).collect();
    if words.is_empty() { Err("an empty command".into()) } else { Ok(words) }
}

fn parse_args(args: Vec<String>) -> Result<Option<Opts>, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let default_server = std::env::var("OJ_MCP_BIN")
        .ok()
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| root.join("target/x86_64-unknown-linux-musl/release/oj-mcp-rs").display().to_string());
    let mut opts = Opts {
        server: vec![default_server],
        compare: None,
        launcher: None,
        node: vec!["node".into()],
        corpus: None,
        spawns: 50,
        calls: 200,
        long: 1000,
        timeout: Duration::from_secs(20),
        convert_budget: 0.25,
        markdown: false,
        only: None,
    };
    let (mut spawns, mut calls, mut long) = (None, None, None);
    let mut quick = false;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        let count = |name: &str, v: String| -> Result<usize, String> {
            v.parse().ok().filter(|n| *n > 0).ok_or_else(|| format!("{name} {v}: not a positive integer"))
        };
        match arg.as_str() {
            "--server" => opts.server = split_cmd(&value("--server")?)?,
            "--compare" => opts.compare = Some(split_cmd(&value("--compare")?)?),
            "--launcher" => opts.launcher = Some(split_cmd(&value("--launcher")?)?),
            "--node" => opts.node = split_cmd(&value("--node")?)?,
            "--corpus" => opts.corpus = Some(PathBuf::from(value("--corpus")?)),
            "--spawns" => spawns = Some(count("--spawns", value("--spawns")?)?),
            "--calls" => calls = Some(count("--calls", value("--calls")?)?),
            "--long" => long = Some(count("--long", value("--long")?)?),
            "--timeout" => {
                let v = value("--timeout")?;
                let secs: f64 = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s > 0.0)
                    .ok_or_else(|| format!("--timeout {v}: not a positive number"))?;
                opts.timeout = Duration::from_secs_f64(secs);
            }
            "--only" => {
                let list: Vec<String> = value("--only")?.split(',').map(|s| s.trim().to_string()).collect();
                if let Some(bad) = list.iter().find(|s| !SECTIONS.contains(&s.as_str())) {
                    return Err(format!("--only: unknown section {bad:?} (sections: {})", SECTIONS.join(", ")));
                }
                opts.only = Some(list);
            }
            "--quick" => quick = true,
            "--markdown" => opts.markdown = true,
            "-h" | "--help" => return Ok(None),
            other => return Err(format!("unknown argument {other:?}")),
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

// ------------------------------------------------------------------------------------------------
// Statistics and formatting

#[derive(Clone, Debug)]
struct Stats {
    min: f64,
    median: f64,
    p95: f64,
    p99: f64,
}

/// Minimum, median and nearest-rank percentiles of `xs` (any unit).
fn stats(xs: &[f64]) -> Stats {
    let mut s = xs.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    let rank = |p: f64| s[((p * n as f64).ceil() as usize).clamp(1, n) - 1];
    let median = if n % 2 == 1 { s[n / 2] } else { (s[n / 2 - 1] + s[n / 2]) / 2.0 };
    Stats { min: s[0], median, p95: rank(0.95), p99: rank(0.99) }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Milliseconds with three significant decimals below 10 ms.
fn fmt_ms(v: f64) -> String {
    if v.abs() < 10.0 { format!("{v:.3} ms") } else { format!("{v:.1} ms") }
}

fn fmt_mb(bytes: f64) -> String {
    format!("{:.2} MB", bytes / MB)
}

/// A cell of the summary: its text, and the number a ratio and a verdict are taken of.
#[derive(Clone, Default)]
struct Cell {
    text: String,
    value: Option<f64>,
}

impl Cell {
    fn new(text: impl Into<String>, value: f64) -> Cell {
        Cell { text: text.into(), value: Some(value) }
    }
    fn text(text: impl Into<String>) -> Cell {
        Cell { text: text.into(), value: None }
    }
    fn ms(v: f64) -> Cell {
        Cell::new(fmt_ms(v), v)
    }
    /// `median / pNN` in ms; the value is the median.
    fn dist(s: &Stats, p: f64) -> Cell {
        let tail = if p >= 0.99 { s.p99 } else { s.p95 };
        Cell::new(format!("{} / {}", fmt_ms(s.median), fmt_ms(tail)), s.median)
    }
    fn rss_kb(kb: u64) -> Cell {
        let bytes = kb as f64 * 1024.0;
        Cell::new(format!("{} ({kb} kB)", fmt_mb(bytes)), bytes / MB)
    }
}

fn cell_or<T>(r: &Result<T, String>, f: impl FnOnce(&T) -> Cell) -> Cell {
    match r {
        Ok(v) => f(v),
        Err(e) if e.starts_with("n/a") || e.starts_with("skipped") => Cell::text(e.clone()),
        Err(_) => Cell::text("error (see above)"),
    }
}

#[derive(Clone, Copy)]
enum Target {
    AtMost(f64),
    AtLeast(f64),
    Exactly(f64),
}

impl Target {
    fn met(self, v: f64) -> bool {
        match self {
            Target::AtMost(t) => v <= t,
            Target::AtLeast(t) => v >= t,
            Target::Exactly(t) => v == t,
        }
    }
}

struct Row {
    figure: String,
    ours: Cell,
    other: Cell,
    /// What the target says, and the target itself (checked against `ours.value`).
    target: Option<(String, Target)>,
}

impl Row {
    fn info(figure: impl Into<String>, ours: Cell, other: Cell) -> Row {
        Row { figure: figure.into(), ours, other, target: None }
    }
    fn target(figure: impl Into<String>, ours: Cell, other: Cell, text: impl Into<String>, t: Target) -> Row {
        Row { figure: figure.into(), ours, other, target: Some((text.into(), t)) }
    }
    fn verdict(&self) -> &'static str {
        match (&self.target, self.ours.value) {
            (None, _) => "",
            (Some(_), None) => "n/a",
            (Some((_, t)), Some(v)) if t.met(v) => "met",
            (Some(_), Some(_)) => "NOT MET",
        }
    }
    fn ratio(&self) -> String {
        match (self.ours.value, self.other.value) {
            (Some(a), Some(b)) if a > 0.0 => format!("{:.2}×", b / a),
            _ => String::new(),
        }
    }
}

fn print_table(rows: &[Row], other_name: Option<&str>, markdown: bool) {
    let mut head = vec!["figure", "oj-mcp-rs"];
    if let Some(name) = other_name {
        head.push(name);
        head.push("ratio");
    }
    head.extend(["target", "verdict"]);
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let mut cols = vec![r.figure.clone(), r.ours.text.clone()];
            if other_name.is_some() {
                cols.push(r.other.text.clone());
                cols.push(r.ratio());
            }
            cols.push(r.target.as_ref().map(|(t, _)| t.clone()).unwrap_or_default());
            cols.push(r.verdict().to_string());
            cols
        })
        .collect();
    let width = |s: &str| s.chars().count();
    let mut widths: Vec<usize> = head.iter().map(|h| width(h)).collect();
    for row in &body {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(width(c));
        }
    }
    let line = |cols: &[String]| {
        let mut s = String::new();
        for (i, (c, w)) in cols.iter().zip(&widths).enumerate() {
            let pad = " ".repeat(w - width(c));
            if markdown {
                let _ = write!(s, "| {c}{pad} ");
            } else if i + 1 == cols.len() {
                s.push_str(c);
            } else {
                let _ = write!(s, "{c}{pad}  ");
            }
        }
        if markdown {
            s.push('|');
        }
        println!("{}", s.trim_end());
    };
    let head: Vec<String> = head.iter().map(|h| h.to_string()).collect();
    line(&head);
    if markdown {
        let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
        line(&rule);
    } else {
        println!("{}", "-".repeat(widths.iter().sum::<usize>() + 2 * (widths.len() - 1)));
    }
    for row in &body {
        line(row);
    }
}

// ------------------------------------------------------------------------------------------------
// Pipes with deadlines

#[cfg(unix)]
mod sys {
    use std::ffi::{c_int, c_short, c_ulong};

    #[repr(C)]
    pub struct PollFd {
        pub fd: c_int,
        pub events: c_short,
        pub revents: c_short,
    }

    pub const POLLIN: c_short = 1;

    unsafe extern "C" {
        pub fn poll(fds: *mut PollFd, nfds: c_ulong, timeout: c_int) -> c_int;
    }
}

/// Waits until `fd` is readable (or closed); an error once `deadline` passes.
#[cfg(unix)]
fn wait_readable(fd: RawFd, deadline: Instant) -> io::Result<()> {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::Error::new(io::ErrorKind::TimedOut, "no answer in time"));
        }
        let mut pfd = sys::PollFd { fd, events: sys::POLLIN, revents: 0 };
        let timeout = left.as_millis().clamp(1, i32::MAX as u128) as i32;
        // SAFETY: one valid pollfd, and its count.
        let n = unsafe { sys::poll(&mut pfd, 1, timeout) };
        if n > 0 {
            return Ok(());
        }
        if n < 0 {
            let e = io::Error::last_os_error();
            if e.kind() != io::ErrorKind::Interrupted {
                return Err(e);
            }
        }
    }
}

/// Position of the first `\n`, eight bytes at a time (a 300 KB reply is one line).
fn find_newline(hay: &[u8]) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    const NL: u64 = LO * b'\n' as u64;
    let mut i = 0;
    for chunk in hay.chunks_exact(8) {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])) ^ NL;
        if w.wrapping_sub(LO) & !w & HI != 0 {
            break;
        }
        i += 8;
    }
    hay[i..].iter().position(|&b| b == b'\n').map(|p| p + i)
}

/// Reads lines from a child's stdout, each read guarded by a deadline.
struct LineReader {
    src: ChildStdout,
    buf: Vec<u8>,
    pos: usize,
}

impl LineReader {
    fn new(src: ChildStdout) -> LineReader {
        LineReader { src, buf: Vec::with_capacity(1 << 16), pos: 0 }
    }

    /// Reads more into `buf`; Ok(false) at EOF.
    fn fill(&mut self, deadline: Instant) -> io::Result<bool> {
        if self.pos == self.buf.len() {
            self.buf.clear();
            self.pos = 0;
        }
        // Elsewhere reads simply block (the harness is meant for Linux; it still builds everywhere).
        #[cfg(unix)]
        wait_readable(self.src.as_raw_fd(), deadline)?;
        #[cfg(not(unix))]
        let _ = deadline;
        let len = self.buf.len();
        if self.buf.capacity() - len < 1 << 15 {
            self.buf.reserve(1 << 16);
        }
        let cap = self.buf.capacity();
        self.buf.resize(cap, 0);
        match self.src.read(&mut self.buf[len..]) {
            Ok(n) => {
                self.buf.truncate(len + n);
                Ok(n > 0)
            }
            Err(e) => {
                self.buf.truncate(len);
                if e.kind() == io::ErrorKind::Interrupted { Ok(true) } else { Err(e) }
            }
        }
    }

    /// The next line, without its `\n`, into `line`.
    fn read_line(&mut self, line: &mut Vec<u8>, deadline: Instant) -> io::Result<()> {
        line.clear();
        loop {
            let rest = &self.buf[self.pos..];
            if let Some(i) = find_newline(rest) {
                line.extend_from_slice(&rest[..i]);
                self.pos += i + 1;
                return Ok(());
            }
            line.extend_from_slice(rest);
            self.pos = self.buf.len();
            if !self.fill(deadline)? {
                return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "the server closed stdout"));
            }
        }
    }

    /// Reads and drops everything until EOF.
    fn drain_to_eof(&mut self, deadline: Instant) -> io::Result<()> {
        self.pos = self.buf.len();
        while self.fill(deadline)? {
            self.pos = self.buf.len();
        }
        Ok(())
    }
}

/// Whether `line` is the response with numeric id `id`: looked for at both ends first (where
/// servers put it), so that a 300 KB reply is not scanned by the harness.
fn is_response_to(line: &[u8], id: u64) -> bool {
    let has = |hay: &[u8]| {
        for pat in [format!("\"id\":{id}"), format!("\"id\": {id}")] {
            let pat = pat.as_bytes();
            let mut from = 0;
            while let Some(p) = hay[from..].windows(pat.len()).position(|w| w == pat) {
                let end = from + p + pat.len();
                if hay.get(end).is_none_or(|b| !b.is_ascii_digit()) {
                    return true;
                }
                from = end;
            }
        }
        false
    };
    let edge = 160.min(line.len());
    if has(&line[..edge]) || has(&line[line.len() - edge..]) {
        return true;
    }
    // A notification carries no id; anything else gets the full (slow) look.
    !line.starts_with(b"{\"jsonrpc\":\"2.0\",\"method\"") && has(line)
}

fn request(id: u64, method: &str, params: Value) -> Vec<u8> {
    let mut v = serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
        .unwrap_or_default();
    v.push(b'\n');
    v
}

fn initialize_request() -> Vec<u8> {
    request(
        1,
        "initialize",
        json!({
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "oj-mcp-rs-bench", "version": "0"}
        }),
    )
}

fn discover_request() -> Vec<u8> {
    request(
        1,
        "server/discover",
        json!({"_meta": {
            "io.modelcontextprotocol/protocolVersion": MODERN_VERSION,
            "io.modelcontextprotocol/clientCapabilities": {}
        }}),
    )
}

/// A tool call to time, and the backend path it reads.
struct ToolCall {
    tool: &'static str,
    args: Value,
    path: String,
}

impl ToolCall {
    fn problem((source, id): (&str, &str)) -> ToolCall {
        let path = format!("/api/v1/problems/{source}/{id}");
        ToolCall { tool: "get_problem", args: json!({"source": source, "id": id}), path }
    }

    /// A call on the same path through the server that converts nothing: the floor under
    /// get_problem (pipes, thread hand-off, HTTP client, JSON, formatting).
    fn status() -> ToolCall {
        ToolCall { tool: "get_platform_status", args: json!({}), path: "/status".into() }
    }

    fn request(&self, id: u64) -> Vec<u8> {
        request(id, "tools/call", json!({"name": self.tool, "arguments": self.args}))
    }
}

/// A spawned server, talking over pipes.
struct Proc {
    child: Child,
    stdin: Option<ChildStdin>,
    out: LineReader,
    timeout: Duration,
    line: Vec<u8>,
}

impl Proc {
    fn command(cmd: &[String], backend_url: &str) -> Command {
        let mut c = Command::new(&cmd[0]);
        c.args(&cmd[1..])
            .env("OJ_BASE_URL", backend_url)
            .env("OJ_TOKEN", TOKEN)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            // Default log level: the server's stderr lines go where a client would drop them.
            .stderr(Stdio::null());
        c
    }

    fn spawn(mut cmd: Command, timeout: Duration) -> Result<Proc, String> {
        let mut child = cmd.spawn().map_err(|e| format!("cannot start {:?}: {e}", cmd.get_program()))?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().ok_or("no stdout pipe")?;
        Ok(Proc { child, stdin, out: LineReader::new(stdout), timeout, line: Vec::new() })
    }

    fn send(&mut self, bytes: &[u8]) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("stdin already closed")?;
        stdin.write_all(bytes).map_err(|e| format!("writing to the server: {e}"))
    }

    /// Reads until the response to `id`, left in `self.line`.
    fn reply(&mut self, id: u64) -> Result<(), String> {
        let deadline = Instant::now() + self.timeout;
        loop {
            self.out.read_line(&mut self.line, deadline).map_err(|e| format!("waiting for reply {id}: {e}"))?;
            if is_response_to(&self.line, id) {
                return Ok(());
            }
        }
    }

    /// Sends `req` (with id `id`) and times the round trip to its response.
    fn call(&mut self, id: u64, req: &[u8]) -> Result<Duration, String> {
        let t0 = Instant::now();
        self.send(req)?;
        self.reply(id)?;
        Ok(t0.elapsed())
    }

    /// The last reply, parsed.
    fn reply_value(&self) -> Result<Value, String> {
        serde_json::from_slice(&self.line).map_err(|e| format!("a reply that is not JSON ({e})"))
    }

    /// The last reply's `result`, or why there is none.
    fn reply_result(&self, what: &str) -> Result<Value, String> {
        let mut v = self.reply_value()?;
        if let Some(e) = v.get("error") {
            return Err(format!("{what}: error reply {e}"));
        }
        v.get_mut("result").map(Value::take).ok_or_else(|| format!("{what}: a reply without a result"))
    }

    fn hwm_kb(&self) -> Option<u64> {
        proc_status_kb(self.child.id(), "VmHWM:")
    }

    /// Closes stdin and times it until the process has exited (stdout EOF, then the wait).
    fn close(&mut self) -> Result<Duration, String> {
        let deadline = Instant::now() + self.timeout;
        let t0 = Instant::now();
        drop(self.stdin.take());
        let eof = self.out.drain_to_eof(deadline);
        if let Err(e) = eof {
            return Err(format!("no exit after stdin closed: {e}"));
        }
        let status = self.child.wait().map_err(|e| format!("wait: {e}"))?;
        let took = t0.elapsed();
        if !status.success() {
            return Err(format!("the server exited with {status} after stdin closed"));
        }
        Ok(took)
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn proc_status_kb(pid: u32, key: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find_map(|l| l.strip_prefix(key)).and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// A raw HTTP/1.1 GET client over one kept-alive socket: the backend's own round trip.
struct RawHttp {
    stream: TcpStream,
    host: String,
    buf: Vec<u8>,
}

impl RawHttp {
    fn connect(addr: std::net::SocketAddr) -> io::Result<RawHttp> {
        let stream = TcpStream::connect(addr)?;
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(Duration::from_secs(20)))?;
        Ok(RawHttp { stream, host: addr.to_string(), buf: Vec::with_capacity(1 << 16) })
    }

    /// One GET, read to the end of its body; returns the status and the body length.
    fn get(&mut self, path: &str) -> io::Result<(u16, usize)> {
        let req = format!(
            "GET {path} HTTP/1.1\r\nhost: {}\r\nauthorization: Bearer {TOKEN}\r\naccept: application/json\r\n\r\n",
            self.host
        );
        self.stream.write_all(req.as_bytes())?;
        self.buf.clear();
        let mut chunk = [0u8; 1 << 16];
        let head_end = loop {
            if let Some(p) = self.buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break p + 4;
            }
            let n = self.stream.read(&mut chunk)?;
            if n == 0 {
                return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "backend closed"));
            }
            self.buf.extend_from_slice(&chunk[..n]);
        };
        let head = String::from_utf8_lossy(&self.buf[..head_end]).to_string();
        let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        let len = head
            .lines()
            .find_map(|l| {
                let (k, v) = l.split_once(':')?;
                k.trim().eq_ignore_ascii_case("content-length").then(|| v.trim().parse::<usize>().ok())?
            })
            .ok_or_else(|| io::Error::other("no content-length"))?;
        while self.buf.len() < head_end + len {
            let n = self.stream.read(&mut chunk)?;
            if n == 0 {
                return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "backend closed mid-body"));
            }
            self.buf.extend_from_slice(&chunk[..n]);
        }
        Ok((status, len))
    }
}

// ------------------------------------------------------------------------------------------------
// Server figures

#[derive(Clone)]
struct CallFigures {
    server: Stats,
    backend: Stats,
    /// Markdown characters of the statement the server returned.
    text_len: usize,
}

impl CallFigures {
    fn diff_median(&self) -> f64 {
        self.server.median - self.backend.median
    }
    fn diff_p99(&self) -> f64 {
        self.server.p99 - self.backend.p99
    }
}

struct ServerFigures {
    size: Result<(u64, u64, bool), String>,
    spawn_init: Result<Stats, String>,
    spawn_discover: Result<(Stats, bool), String>,
    eof_exit: Result<Stats, String>,
    idle_rss_kb: Result<u64, String>,
    tools_list: Result<Stats, String>,
    first_call: Result<f64, String>,
    small: Result<CallFigures, String>,
    /// get_platform_status: the same path without a statement to convert.
    floor: Result<CallFigures, String>,
    large: Result<CallFigures, String>,
    rss_calls: Result<u64, String>,
    rss_long: Result<u64, String>,
    rss_large: Result<u64, String>,
    connections: Result<(usize, usize), String>,
    eof_after_long: Result<f64, String>,
}

fn na<T>(why: &str) -> Result<T, String> {
    Err(format!("n/a ({why})"))
}

/// Logs a failed measurement and remembers that one failed.
fn note<T>(name: &str, r: Result<T, String>, failed: &mut bool) -> Result<T, String> {
    if let Err(e) = &r
        && !e.starts_with("n/a")
        && !e.starts_with("skipped")
    {
        eprintln!("bench: {name}: {e}");
        *failed = true;
    }
    r
}

/// The program a command runs, found on PATH when it has no slash.
fn program_path(program: &str) -> Option<PathBuf> {
    if program.contains('/') {
        return Some(PathBuf::from(program));
    }
    std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).map(|d| d.join(program)).find(|p| p.is_file()))
}

/// (file size, stripped size, whether `strip` ran) of an ELF program.
fn binary_size(cmd: &[String]) -> Result<(u64, u64, bool), String> {
    let path = program_path(&cmd[0]).ok_or_else(|| format!("{} not found", cmd[0]))?;
    let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !bytes.starts_with(b"\x7fELF") {
        return na("not an ELF executable");
    }
    let size = bytes.len() as u64;
    let tmp = std::env::temp_dir().join(format!("oj-mcp-bench-strip-{}", std::process::id()));
    let stripped = Command::new("strip")
        .arg("-o")
        .arg(&tmp)
        .arg(&path)
        .stderr(Stdio::null())
        .status()
        .ok()
        .filter(|s| s.success())
        .and_then(|_| std::fs::metadata(&tmp).ok())
        .map(|m| m.len());
    let _ = std::fs::remove_file(&tmp);
    Ok(match stripped {
        Some(s) => (size, s, true),
        None => (size, size, false),
    })
}

/// One spawn → first response of `req` (id 1), then stdin EOF → exit: (spawn ms, exit ms,
/// VmHWM after the response, the response).
fn spawn_once(
    cmd: &[String],
    url: &str,
    req: &[u8],
    timeout: Duration,
) -> Result<(f64, f64, Option<u64>, Value), String> {
    let command = Proc::command(cmd, url);
    let t0 = Instant::now();
    let mut p = Proc::spawn(command, timeout)?;
    p.send(req)?;
    p.reply(1)?;
    let took = t0.elapsed();
    let hwm = p.hwm_kb();
    let reply = p.reply_value()?;
    let exit = p.close()?;
    Ok((ms(took), ms(exit), hwm, reply))
}

/// `n` spawn runs (after warm-up runs) of each command, interleaved run by run so that every
/// command sees the same machine.
fn spawn_series(cmds: &[&[String]], url: &str, req: &[u8], n: usize, timeout: Duration) -> Vec<SpawnSeries> {
    let mut out: Vec<SpawnSeries> = cmds.iter().map(|_| Ok(SpawnSeriesData::default())).collect();
    for i in 0..WARM_UP + n {
        for (cmd, series) in cmds.iter().zip(out.iter_mut()) {
            let Ok(s) = series else { continue };
            match spawn_once(cmd, url, req, timeout) {
                Ok((spawn, exit, hwm, reply)) => {
                    if s.first_reply.is_none() {
                        s.first_reply = Some(reply);
                    }
                    if i >= WARM_UP {
                        s.spawn.push(spawn);
                        s.exit.push(exit);
                        s.hwm_kb = s.hwm_kb.max(hwm);
                    }
                }
                Err(e) => *series = Err(e),
            }
        }
    }
    out
}

#[derive(Default)]
struct SpawnSeriesData {
    spawn: Vec<f64>,
    exit: Vec<f64>,
    hwm_kb: Option<u64>,
    first_reply: Option<Value>,
}
type SpawnSeries = Result<SpawnSeriesData, String>;

/// Checks a `tools/call` result: not an error, with text; returns the text's length.
fn check_tool_result(result: &Value) -> Result<usize, String> {
    if result["isError"].as_bool() == Some(true) {
        return Err(format!("the tool returned an error: {}", result["content"][0]["text"]));
    }
    match result["content"][0]["text"].as_str() {
        Some(t) if !t.is_empty() => Ok(t.chars().count()),
        _ => Err("a tool result without text".into()),
    }
}

/// `n` get_problem calls, each followed by the backend's own round trip on the same path.
/// `more` further calls (not timed) follow, with VmHWM read after `n` and after `n + more`.
struct CallRun {
    figures: CallFigures,
    first_ms: f64,
    hwm_n: Option<u64>,
    hwm_all: Option<u64>,
    connections_n: usize,
    requests_n: usize,
    eof_exit: Result<f64, String>,
}

fn call_run(cmd: &[String], call: &ToolCall, n: usize, more: usize, opts: &Opts) -> Result<CallRun, String> {
    let served = backend::Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let raw_backend = backend::Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let path = &call.path;
    let mut raw = RawHttp::connect(raw_backend.addr()).map_err(|e| format!("raw backend: {e}"))?;
    let mut p = Proc::spawn(Proc::command(cmd, &served.url()), opts.timeout)?;
    p.send(&initialize_request())?;
    p.reply(1)?;
    p.reply_result("initialize")?;
    p.send(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n")?;
    let (mut server_ms, mut backend_ms) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let mut text_len = 0;
    let (mut hwm_n, mut connections_n, mut requests_n) = (None, 0, 0);
    for i in 0..n + more {
        let id = 2 + i as u64;
        let took = p.call(id, &call.request(id))?;
        if i == 0 || i + 1 == n + more {
            text_len = check_tool_result(&p.reply_result(call.tool)?)?;
        }
        if i < n {
            server_ms.push(ms(took));
            let t0 = Instant::now();
            let (status, _) = raw.get(path).map_err(|e| format!("raw GET {path}: {e}"))?;
            backend_ms.push(ms(t0.elapsed()));
            if status != 200 {
                return Err(format!("raw GET {path}: HTTP {status}"));
            }
        }
        if i + 1 == n {
            hwm_n = p.hwm_kb();
            connections_n = served.connections();
            requests_n = served.requests().len();
        }
    }
    let hwm_all = p.hwm_kb();
    let eof_exit = p.close().map(ms);
    Ok(CallRun {
        first_ms: server_ms[0],
        figures: CallFigures { server: stats(&server_ms), backend: stats(&backend_ms), text_len },
        hwm_n,
        hwm_all,
        connections_n,
        requests_n,
        eof_exit,
    })
}

/// The start-up series of one server: spawn → initialize, spawn → server/discover.
struct StartSeries {
    init: SpawnSeries,
    discover: SpawnSeries,
}

/// Start-up series of every command, interleaved (see [`spawn_series`]).
fn start_series(cmds: &[&[String]], opts: &Opts) -> Vec<StartSeries> {
    if !opts.wants("start") {
        return cmds.iter().map(|_| StartSeries { init: skipped(), discover: skipped() }).collect();
    }
    let backend = backend::Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let init = spawn_series(cmds, &backend.url(), &initialize_request(), opts.spawns, opts.timeout);
    let discover = spawn_series(cmds, &backend.url(), &discover_request(), opts.spawns, opts.timeout);
    init.into_iter().zip(discover).map(|(init, discover)| StartSeries { init, discover }).collect()
}

fn measure_server(name: &str, cmd: &[String], start: StartSeries, opts: &Opts, failed: &mut bool) -> ServerFigures {
    println!("\n== {name}: {}", cmd.join(" "));
    let backend = backend::Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let url = backend.url();
    let size = if opts.wants("size") { note("binary size", binary_size(cmd), failed) } else { skipped() };

    let init = note("spawn → initialize", start.init, failed);
    let spawn_init = init.as_ref().map(|s| stats(&s.spawn)).map_err(Clone::clone);
    let eof_exit = init.as_ref().map(|s| stats(&s.exit)).map_err(Clone::clone);
    let idle_rss_kb = init.as_ref().map_err(Clone::clone).and_then(|s| s.hwm_kb.ok_or_else(|| "no VmHWM".into()));
    if let Ok(s) = &init
        && let Some(reply) = &s.first_reply
    {
        let info = &reply["result"]["serverInfo"];
        println!("initialize: {} {}, protocol {}", info["name"], info["version"], reply["result"]["protocolVersion"]);
    }

    let disc = note("spawn → server/discover", start.discover, failed);
    let spawn_discover = disc.map(|s| {
        let ok = s.first_reply.as_ref().is_some_and(|r| r.get("result").is_some());
        if !ok {
            println!("server/discover: answered with an error: {}", s.first_reply.unwrap_or_default()["error"]);
        }
        (stats(&s.spawn), ok)
    });

    // tools/list round trips, and whether get_problem exists.
    let (mut has_get_problem, mut has_status) = (false, false);
    let list_or_calls = opts.wants("list") || opts.wants("calls");
    let tools_list = note(
        "tools/list",
        (|| {
            if !list_or_calls {
                return skipped();
            }
            let mut p = Proc::spawn(Proc::command(cmd, &url), opts.timeout)?;
            p.send(&initialize_request())?;
            p.reply(1)?;
            p.reply_result("initialize")?;
            p.send(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n")?;
            let mut times = Vec::with_capacity(opts.calls);
            let n = if opts.wants("list") { opts.calls } else { 1 };
            for i in 0..n {
                let id = 2 + i as u64;
                times.push(ms(p.call(id, &request(id, "tools/list", json!({})))?));
                if i == 0 {
                    let tools = p.reply_result("tools/list")?;
                    let names: Vec<&str> = tools["tools"]
                        .as_array()
                        .map(|t| t.iter().filter_map(|t| t["name"].as_str()).collect())
                        .unwrap_or_default();
                    println!("tools/list: {} tools ({} bytes): {}", names.len(), p.line.len(), names.join(", "));
                    has_get_problem = names.contains(&"get_problem");
                    has_status = names.contains(&"get_platform_status");
                }
            }
            p.close()?;
            if opts.wants("list") { Ok(stats(&times)) } else { skipped() }
        })(),
        failed,
    );

    let (small_run, large_run) = if !opts.wants("calls") {
        (skipped(), skipped())
    } else if has_get_problem {
        let (calls, more) = (opts.calls, opts.long - opts.calls);
        let small = note("get_problem 5 KB", call_run(cmd, &ToolCall::problem(PROBLEM_5KB), calls, more, opts), failed);
        let large =
            note("get_problem 300 KB", call_run(cmd, &ToolCall::problem(PROBLEM_300KB), calls, 0, opts), failed);
        (small, large)
    } else {
        (na("no get_problem tool"), na("no get_problem tool"))
    };
    if let Ok(r) = &small_run {
        println!(
            "get_problem {}/{}: {} chars of Markdown; the backend saw {} requests on {} connection(s) for {} calls",
            PROBLEM_5KB.0, PROBLEM_5KB.1, r.figures.text_len, r.requests_n, r.connections_n, opts.calls
        );
    }
    if let Ok(r) = &large_run {
        println!("get_problem {}/{}: {} chars of Markdown", PROBLEM_300KB.0, PROBLEM_300KB.1, r.figures.text_len);
    }
    let hwm = |r: &Result<CallRun, String>, f: fn(&CallRun) -> Option<u64>| {
        r.as_ref().map_err(Clone::clone).and_then(|r| f(r).ok_or_else(|| "no VmHWM".to_string()))
    };
    ServerFigures {
        size,
        spawn_init,
        spawn_discover,
        eof_exit,
        idle_rss_kb,
        tools_list,
        first_call: small_run.as_ref().map(|r| r.first_ms).map_err(Clone::clone),
        floor: if !opts.wants("calls") {
            skipped()
        } else if has_status {
            note("get_platform_status", call_run(cmd, &ToolCall::status(), opts.calls, 0, opts), failed)
                .map(|r| r.figures)
        } else {
            na("no get_platform_status tool")
        },
        small: small_run.as_ref().map(|r| r.figures.clone()).map_err(Clone::clone),
        large: large_run.as_ref().map(|r| r.figures.clone()).map_err(Clone::clone),
        rss_calls: hwm(&small_run, |r| r.hwm_n),
        rss_long: hwm(&small_run, |r| r.hwm_all),
        rss_large: hwm(&large_run, |r| r.hwm_all),
        connections: small_run.as_ref().map(|r| (r.connections_n, r.requests_n)).map_err(Clone::clone),
        eof_after_long: note(
            "stdin EOF → exit after the long run",
            small_run.as_ref().map_err(Clone::clone).and_then(|r| r.eof_exit.clone()),
            failed,
        ),
    }
}

// ------------------------------------------------------------------------------------------------
// Converter

struct Statement {
    name: String,
    text: String,
}

/// The corpus (`*.html`, `*.md` but SOURCES/README), or the statements in tests/fixtures.
fn load_statements(opts: &Opts) -> (Vec<Statement>, String) {
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
fn time_conversion(html: &str, budget: f64) -> f64 {
    conversion_times(html, budget).median
}

/// Times of converting `html`, repeated (after a warm-up) for about `budget` seconds, 3 to 2000 times.
fn conversion_times(html: &str, budget: f64) -> Stats {
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

struct ConvertFigures {
    ordinary: (usize, usize, f64),
    large: Option<(usize, usize, f64)>,
    linear: Result<Linearity, String>,
    peak: Result<(usize, u64), String>,
    /// Bytes and seconds of converting get_problem's 5 KB statement.
    five_kb: Result<(usize, f64), String>,
}

/// The statement get_problem serves in the 5 KB call (tests/fixtures).
fn five_kb_statement() -> Result<String, String> {
    let path = backend::fixtures_dir().join("problem_lc_3000_5kb.http");
    let v = fixture_json(&path).ok_or_else(|| format!("{}: no JSON body", path.display()))?;
    v["content"].as_str().map(str::to_string).ok_or_else(|| "no content".into())
}

/// The JSON body of a recorded response (`tests/fixtures/*.http`).
fn fixture_json(path: &Path) -> Option<Value> {
    let raw = std::fs::read_to_string(path).ok()?;
    let (_, body) = raw.split_once("\r\n\r\n")?;
    serde_json::from_str(body).ok()
}

struct Linearity {
    exponent: f64,
    per_mb_ms: f64,
    fixed_ms: f64,
    ratio_spread: f64,
}

fn measure_converter(opts: &Opts, failed: &mut bool) -> ConvertFigures {
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

fn repeat_to(unit: &str, size: usize) -> String {
    let copies = ((size as f64 / unit.len() as f64).round() as usize).max(1);
    unit.repeat(copies)
}

fn time_vs_size(name: &str, unit: &str, opts: &Opts) -> Linearity {
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
fn convert_peak(unit: &str) -> Result<(usize, u64), String> {
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
fn convert_peak_child(size: Option<&str>) -> ExitCode {
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

// ------------------------------------------------------------------------------------------------
// The npm launcher

struct LauncherFigures {
    binary: Stats,
    launcher: Stats,
    node: Stats,
}

fn measure_launcher(opts: &Opts) -> Result<LauncherFigures, String> {
    let Some(launcher) = &opts.launcher else {
        return Err("skipped (no launcher: run make npm-smoke first)".into());
    };
    println!(
        "\n== npm launcher: {} (vs {}; Node: {} -e \"\")",
        launcher.join(" "),
        opts.server.join(" "),
        opts.node.join(" ")
    );
    let backend = backend::Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let url = backend.url();
    let init = initialize_request();
    let (mut bin, mut launch, mut node) = (Vec::new(), Vec::new(), Vec::new());
    let spawn_init = |cmd: &[String]| -> Result<f64, String> {
        let command = Proc::command(cmd, &url);
        let t0 = Instant::now();
        let mut p = Proc::spawn(command, opts.timeout)?;
        p.send(&init)?;
        p.reply(1)?;
        let took = ms(t0.elapsed());
        p.reply_result("initialize through the launcher")?;
        p.close()?;
        Ok(took)
    };
    // Interleaved, so that all three see the same machine.
    for i in 0..WARM_UP + opts.spawns {
        let b = spawn_init(&opts.server)?;
        let mut c = Command::new(&opts.node[0]);
        c.args(&opts.node[1..]).args(["-e", ""]).stdin(Stdio::null()).stdout(Stdio::null());
        let t0 = Instant::now();
        let status = c.status().map_err(|e| format!("cannot run {}: {e}", opts.node[0]))?;
        let n = ms(t0.elapsed());
        if !status.success() {
            return Err(format!("node -e \"\" exited with {status}"));
        }
        let l = spawn_init(launcher)?;
        if i >= WARM_UP {
            bin.push(b);
            node.push(n);
            launch.push(l);
        }
    }
    Ok(LauncherFigures { binary: stats(&bin), launcher: stats(&launch), node: stats(&node) })
}

// ------------------------------------------------------------------------------------------------
// The run

fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| {
            c.lines()
                .find_map(|l| l.strip_prefix("model name").map(|v| v.trim_start_matches([' ', '\t', ':']).to_string()))
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    let mem_kb = proc_meminfo_kb("MemTotal:").unwrap_or(0);
    format!("{cpu}, {cores} cores, {:.0} GB RAM, Linux {}", mem_kb as f64 / 1e6 * 1.024, kernel.trim())
}

fn proc_meminfo_kb(key: &str) -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    info.lines().find_map(|l| l.strip_prefix(key)).and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// The 1-minute load average, and a warning when other work competes for the cores.
fn load() -> (f64, Option<String>) {
    let load1 = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().and_then(|v| v.parse().ok()))
        .unwrap_or(0.0);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    let warn = (load1 > 0.5 * cores).then(|| {
        format!("WARNING: load average {load1:.2} on {cores} cores: other work competes, figures are pessimistic")
    });
    (load1, warn)
}

fn run(opts: &Opts) -> bool {
    let mut failed = false;
    let (load1, warn) = load();
    println!("oj-mcp-rs benchmark: {}, load average {load1:.2} at start", machine());
    if let Some(w) = &warn {
        println!("{w}");
    }
    println!(
        "{} spawns per start-up figure (after {WARM_UP} warm-up runs), {} calls per round trip, {} calls before the \
         last peak-RSS reading; MB = 10^6 bytes",
        opts.spawns, opts.calls, opts.long
    );
    let mut cmds: Vec<&[String]> = vec![&opts.server];
    cmds.extend(opts.compare.as_deref());
    let mut starts = start_series(&cmds, opts).into_iter();
    let ours =
        measure_server("oj-mcp-rs", &opts.server, starts.next().expect("one series per command"), opts, &mut failed);
    let other = opts
        .compare
        .as_ref()
        .map(|cmd| measure_server("other", cmd, starts.next().expect("one series per command"), opts, &mut failed));
    let conv = opts.wants("convert").then(|| measure_converter(opts, &mut failed));
    let launcher = if opts.wants("launcher") { measure_launcher(opts) } else { skipped() };
    let launcher = note("npm launcher", launcher, &mut failed);

    let mut rows = Vec::new();
    let both =
        |f: &dyn Fn(&ServerFigures) -> Cell| -> (Cell, Cell) { (f(&ours), other.as_ref().map(f).unwrap_or_default()) };
    let calls = opts.calls;

    let (a, b) = both(&|s| {
        cell_or(&s.size, |(file, stripped, did)| {
            let how = match (did, file == stripped) {
                (false, _) => ", strip unavailable".to_string(),
                (true, true) => ", as built".to_string(),
                (true, false) => format!(", file {file} B"),
            };
            Cell::new(format!("{} ({stripped} B{how})", fmt_mb(*stripped as f64)), *stripped as f64 / MB)
        })
    });
    rows.push(Row::target("binary size, stripped", a, b, "≤ 3.0 MB", Target::AtMost(3.0)));
    let (a, b) = both(&|s| cell_or(&s.spawn_init, |st| Cell::dist(st, 0.95)));
    rows.push(Row::target(
        format!("spawn → initialize response, median / p95 of {}", opts.spawns),
        a,
        b,
        "median ≤ 0.8 ms",
        Target::AtMost(0.8),
    ));
    let (a, b) = both(&|s| {
        cell_or(&s.spawn_discover, |(st, ok)| {
            let mut c = Cell::dist(st, 0.95);
            if !ok {
                c.text.push_str(" (error reply)");
            }
            c
        })
    });
    rows.push(Row::info(format!("spawn → server/discover response, median / p95 of {}", opts.spawns), a, b));
    let (a, b) = both(&|s| cell_or(&s.tools_list, |st| Cell::dist(st, 0.99)));
    rows.push(Row::info(format!("tools/list round trip, median / p99 of {calls}"), a, b));
    for (label, pick) in [
        ("5 KB", (|s: &ServerFigures| s.small.clone()) as fn(&ServerFigures) -> Result<CallFigures, String>),
        ("300 KB", |s: &ServerFigures| s.large.clone()),
    ] {
        let (a, b) = both(&|s| cell_or(&pick(s), |f| Cell::dist(&f.server, 0.99)));
        rows.push(Row::info(format!("get_problem {label} round trip, median / p99 of {calls}"), a, b));
        let (a, b) = both(&|s| cell_or(&pick(s), |f| Cell::dist(&f.backend, 0.99)));
        rows.push(Row::info(format!("  backend's own round trip {label}, median / p99"), a, b));
        let (a, b) = both(&|s| {
            cell_or(&pick(s), |f| {
                Cell::new(format!("{} / {}", fmt_ms(f.diff_median()), fmt_ms(f.diff_p99())), f.diff_median())
            })
        });
        if label == "5 KB" {
            rows.push(Row::target(
                format!("  get_problem − backend, {label}, median / p99"),
                a,
                b,
                "median ≤ 0.15 ms",
                Target::AtMost(0.15),
            ));
            let (a, b) = both(&|s| {
                cell_or(&s.floor, |f| {
                    Cell::new(format!("{} / {}", fmt_ms(f.diff_median()), fmt_ms(f.diff_p99())), f.diff_median())
                })
            });
            rows.push(Row::info("  the floor: get_platform_status − backend (no statement), median / p99", a, b));
        } else {
            rows.push(Row::info(format!("  get_problem − backend, {label}, median / p99"), a, b));
        }
    }
    let (a, b) = both(&|s| cell_or(&s.first_call, |v| Cell::ms(*v)));
    rows.push(Row::info("first get_problem of a process (connect)", a, b));
    let (a, b) = both(&|s| cell_or(&s.idle_rss_kb, |kb| Cell::rss_kb(*kb)));
    rows.push(Row::info("peak RSS after initialize", a, b));
    let (a, b) = both(&|s| cell_or(&s.rss_calls, |kb| Cell::rss_kb(*kb)));
    rows.push(Row::info(format!("peak RSS after {calls} get_problem calls (5 KB)"), a, b));
    let (a, b) = both(&|s| cell_or(&s.rss_long, |kb| Cell::rss_kb(*kb)));
    rows.push(Row::target(
        format!("peak RSS after {} get_problem calls (5 KB)", opts.long),
        a,
        b,
        "≤ 4 MB",
        Target::AtMost(4.0),
    ));
    let (a, b) = both(&|s| cell_or(&s.rss_large, |kb| Cell::rss_kb(*kb)));
    rows.push(Row::info(format!("peak RSS after {calls} get_problem calls (300 KB)"), a, b));
    let (a, b) = both(&|s| cell_or(&s.eof_exit, |st| Cell::dist(st, 0.95)));
    rows.push(Row::target(
        format!("stdin EOF → exit, median / p95 of {} (after initialize)", opts.spawns),
        a,
        b,
        "median ≤ 0.5 ms",
        Target::AtMost(0.5),
    ));
    let (a, b) = both(&|s| cell_or(&s.eof_after_long, |v| Cell::ms(*v)));
    rows.push(Row::info(format!("stdin EOF → exit after {} calls", opts.long), a, b));
    let (a, b) = both(&|s| cell_or(&s.connections, |(c, r)| Cell::new(format!("{c} ({r} requests)"), *c as f64)));
    rows.push(Row::target(
        format!("backend TCP connections for {calls} sequential calls"),
        a,
        b,
        "1",
        Target::Exactly(1.0),
    ));

    match &conv {
        Some(conv) => converter_rows(conv, &mut rows),
        None => {
            let skip = || Cell::text("skipped (--only)");
            rows.push(Row::target(
                "conversion throughput, ordinary statements",
                skip(),
                Cell::default(),
                "≥ 20 MB/s",
                Target::AtLeast(20.0),
            ));
            rows.push(Row::target(
                "conversion time against size, 1 KiB → 1 MiB",
                skip(),
                Cell::default(),
                "linear (exponent ≤ 1.15)",
                Target::AtMost(1.15),
            ));
        }
    }

    match &launcher {
        Ok(l) => {
            let overhead = l.launcher.median - l.binary.median;
            rows.push(Row::info(
                format!("spawn → initialize through the npm launcher, median / p95 of {}", opts.spawns),
                Cell::dist(&l.launcher, 0.95),
                Cell::default(),
            ));
            rows.push(Row::info(
                "  the same, binary direct (interleaved runs)",
                Cell::dist(&l.binary, 0.95),
                Cell::default(),
            ));
            rows.push(Row::info(
                "  Node's own start-up (node -e \"\" → exit)",
                Cell::dist(&l.node, 0.95),
                Cell::default(),
            ));
            let limit = l.node.median + 10.0;
            rows.push(Row::target(
                "npm launcher overhead (launcher − binary, medians)",
                Cell::ms(overhead),
                Cell::default(),
                format!("≤ Node start-up + 10 ms = {}", fmt_ms(limit)),
                Target::AtMost(limit),
            ));
        }
        Err(e) => rows.push(Row::target(
            "npm launcher overhead (launcher − binary, medians)",
            Cell::text(e.clone()),
            Cell::default(),
            "≤ Node start-up + 10 ms",
            Target::AtMost(10.0),
        )),
    }

    let (load_end, warn_end) = load();
    println!("\n== summary: {}; load average {load1:.2} at start, {load_end:.2} at the end", machine());
    if let Some(w) = warn.or(warn_end) {
        println!("{w}");
    }
    let other_name = opts.compare.as_ref().map(|c| {
        let prog = Path::new(&c[0]).file_name().and_then(|f| f.to_str()).unwrap_or("other");
        if prog == "oj-mcp-rs" { "other".to_string() } else { prog.to_string() }
    });
    let skip = |c: &Cell| c.text.starts_with("skipped (--only)");
    rows.retain(|r| !(skip(&r.ours) && (r.other.text.is_empty() || skip(&r.other))));
    print_table(&rows, other_name.as_deref(), opts.markdown);
    let missed: Vec<&str> = rows.iter().filter(|r| r.verdict() == "NOT MET").map(|r| r.figure.trim()).collect();
    let met = rows.iter().filter(|r| r.verdict() == "met").count();
    println!(
        "\ntargets: {met} met, {} not met{}",
        missed.len(),
        if missed.is_empty() { String::new() } else { format!(": {}", missed.join("; ")) }
    );
    if failed {
        println!("bench: some measurements failed (see the messages above)");
    }
    !failed
}

fn converter_rows(conv: &ConvertFigures, rows: &mut Vec<Row>) {
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
fn profile_convert(file: Option<&String>, reps: Option<&String>) -> ExitCode {
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
    let t0 = Instant::now();
    let mut out_len = 0;
    for _ in 0..reps {
        out_len = std::hint::black_box(oj_mcp_rs::convert::to_markdown(Some(std::hint::black_box(&html)))).len();
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
