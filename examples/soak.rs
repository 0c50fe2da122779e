//! The soak job: many tool calls against the real server and the in-process fixture backend, with
//! a fixed number always in flight, watching the server's memory.
//!
//! `cargo run --release --example soak -- [--bin PATH] [--calls N] [--inflight N] [--every N]
//! [--timeout SECS]` starts the fixture backend (with the fixture token), spawns PATH (default
//! `$OJ_MCP_BIN`, else `target/release/oj-mcp-rs`), initializes, and makes N `tools/call`s
//! (default 10 000: a fixed mix of every tool, backend errors and argument errors) keeping
//! `--inflight` (default 8) outstanding. Every reply must arrive exactly once, with its id and
//! the expected `isError`. Every `--every` (default 1000) calls it prints the server's VmRSS and
//! VmHWM (from /proc/PID/status); at the end a summary: calls, wall time, calls/s, latency, RSS
//! first/last/peak, and whether RSS stayed flat (the last sample within 1 MiB of the one after
//! the first `--every` calls). Exits 1 if anything is missing, doubled, unexpected or leaked.

#[path = "../tests/support/backend.rs"]
mod backend;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const TOKEN: &str = "fixture-token-0123456789abcdef";
/// 2026-11-21T23:30:00Z, as the integration tests pin it.
const NOW: &str = "1795303800";
/// "Flat": the last RSS sample within this of the first.
const FLAT_KIB: i64 = 1024;

const HELP: &str = "\
Usage: soak [--bin PATH] [--calls N] [--inflight N] [--every N] [--timeout SECS]

Runs N tools/call requests (default 10000) with --inflight (default 8) outstanding against
the fixture backend, checks every reply, and reports throughput and the server's memory.
  --bin PATH      the server (default: $OJ_MCP_BIN, else target/release/oj-mcp-rs)
  --every N       print progress every N calls (default 1000)
  --timeout SECS  the longest any one reply may take (default 30)
Exit status: 0 when every call was answered once as expected and RSS stayed flat, 1 otherwise,
2 on bad usage.";

struct Opts {
    bin: PathBuf,
    calls: usize,
    inflight: usize,
    every: usize,
    timeout: Duration,
}

/// One kind of call and what its result must say.
struct Kind {
    tool: &'static str,
    args: Value,
    is_error: bool,
    /// How many of each 100 calls are of this kind.
    weight: usize,
}

fn kinds() -> Vec<Kind> {
    let k = |tool, args, is_error, weight| Kind { tool, args, is_error, weight };
    vec![
        k("get_problem", json!({"source": "leetcode", "id": "1"}), false, 12),
        k("get_problem", json!({"source": "codeforces", "id": "4A"}), false, 8),
        k("get_problem", json!({"source": "atcoder", "id": "abc300_a"}), false, 5),
        k("get_problem", json!({"source": "luogu", "id": "P1002"}), false, 5),
        k("get_problem", json!({"source": "leetcode", "id": "99999"}), true, 4),
        k("find_similar_problems", json!({"source": "leetcode", "id": "1", "limit": 3}), false, 8),
        k("find_similar_problems", json!({"query": "two numbers adding to a target"}), false, 6),
        k("find_similar_problems", json!({"query": "x"}), true, 3),
        k("resolve_problem", json!({"query": "https://leetcode.com/problems/two-sum/"}), false, 8),
        k("resolve_problem", json!({"query": "codeforces:4A"}), false, 4),
        k("get_daily_challenge", json!({}), false, 6),
        k("get_daily_challenge", json!({"domain": "cn", "date": "2024-01-15"}), false, 4),
        k("search_problems", json!({"source": "leetcode"}), false, 6),
        k("search_problems", json!({"source": "leetcode", "page": 2, "per_page": 3}), false, 3),
        k("list_tags", json!({"source": "leetcode"}), false, 6),
        k("list_tags", json!({"source": "uva"}), true, 2),
        k("get_platform_status", json!({}), false, 4),
        // Argument errors: answered without a backend request.
        k("get_problem", json!({}), true, 2),
        k("get_problem", json!({"source": "leetcode", "id": "1", "extra": 1}), true, 1),
        k("search_problems", json!({"source": "leetcode", "per_page": 100_000}), true, 1),
        k("list_tags", json!({"source": 7}), true, 1),
        k("get_daily_challenge", json!({"domain": "jp"}), true, 1),
    ]
}

/// The options (lexopt); `None` for `--help`.
fn parse_args(args: impl Iterator<Item = String>) -> Result<Option<Opts>, String> {
    use lexopt::prelude::*;
    let mut opts = Opts {
        bin: std::env::var_os("OJ_MCP_BIN")
            .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/release/oj-mcp-rs"), PathBuf::from),
        calls: 10_000,
        inflight: 8,
        every: 1000,
        timeout: Duration::from_secs(30),
    };
    let mut parser = lexopt::Parser::from_args(args);
    let err = |e: lexopt::Error| e.to_string();
    let count = |parser: &mut lexopt::Parser, name: &str| -> Result<usize, String> {
        let v = parser.value().and_then(|v| v.string()).map_err(err)?;
        v.parse::<usize>().ok().filter(|n| *n > 0).ok_or_else(|| format!("--{name} {v}: not a positive whole number"))
    };
    while let Some(arg) = parser.next().map_err(err)? {
        match arg {
            Long("bin") => opts.bin = parser.value().map_err(err)?.into(),
            Long("calls") => opts.calls = count(&mut parser, "calls")?,
            Long("inflight") => opts.inflight = count(&mut parser, "inflight")?,
            Long("every") => opts.every = count(&mut parser, "every")?,
            Long("timeout") => opts.timeout = Duration::from_secs(count(&mut parser, "timeout")? as u64),
            Short('h') | Long("help") => return Ok(None),
            other => return Err(other.unexpected().to_string()),
        }
    }
    Ok(Some(opts))
}

fn main() -> ExitCode {
    let opts = match parse_args(std::env::args().skip(1)) {
        Ok(Some(opts)) => opts,
        Ok(None) => {
            println!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("soak: {e}\n\n{HELP}");
            return ExitCode::from(2);
        }
    };
    let result = run(&opts);
    let _ = std::fs::remove_file(log_file());
    match result {
        Ok(true) => {
            println!("soak: OK");
            ExitCode::SUCCESS
        }
        Ok(false) => {
            println!("soak: FAILED");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("soak: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The servers' solve log: a file of this run's in the temporary folder, removed at the end.
fn log_file() -> PathBuf {
    std::env::temp_dir().join(format!("oj-mcp-soak-{}.jsonl", std::process::id()))
}

/// VmRSS and VmHWM of `pid`, in KiB.
fn memory(pid: u32) -> Option<(i64, i64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status.lines().find_map(|l| l.strip_prefix(name)?.trim().strip_suffix("kB")?.trim().parse::<i64>().ok())
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

fn mib(kib: i64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// A call on the wire.
struct Pending {
    kind: usize,
    sent: Instant,
}

/// The problems found, capped so that a broken server does not flood the terminal.
#[derive(Default)]
struct Problems {
    count: usize,
}

impl Problems {
    fn report(&mut self, what: String) {
        self.count += 1;
        if self.count <= 20 {
            println!("soak: PROBLEM: {what}");
        } else if self.count == 21 {
            println!("soak: (further problems not shown)");
        }
    }
}

/// The server under test, spoken to over its pipes.
struct Session {
    child: Child,
    pid: u32,
    stdin: ChildStdin,
    /// Each stdout line, parsed (every line must be JSON).
    rx: Receiver<Result<Value, String>>,
    readers: [JoinHandle<()>; 2],
    /// ERROR and panic lines seen on stderr: how many, and the lines.
    stderr_bad: Arc<Mutex<(usize, Vec<String>)>>,
}

impl Session {
    fn start(bin: &Path, backend_url: &str) -> Result<Session, String> {
        let mut child = Command::new(bin)
            .env_clear()
            .env("OJ_BASE_URL", backend_url)
            .env("OJ_TOKEN", TOKEN)
            .env("OJ_MCP_NOW", NOW)
            // Every call's line is written, as in use, to a file removed at the end.
            .env("OJ_LOG_FILE", log_file())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", bin.display()))?;
        let (tx, rx) = mpsc::channel::<Result<Value, String>>();
        let stdout = child.stdout.take().ok_or("no stdout pipe")?;
        let reader = thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let msg =
                    serde_json::from_str(&line).map_err(|e| format!("a stdout line that is not JSON ({e}): {line:?}"));
                if tx.send(msg).is_err() {
                    break;
                }
            }
        });
        // stderr is drained (one line per call at info level); only bad lines are kept.
        let stderr_bad = Arc::new(Mutex::new((0usize, Vec::<String>::new())));
        let stderr = child.stderr.take().ok_or("no stderr pipe")?;
        let sink = stderr_bad.clone();
        let err_reader = thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                let mut s = sink.lock().unwrap_or_else(PoisonError::into_inner);
                if line.contains("panicked at") || line.contains("ERROR") {
                    s.0 += 1;
                    s.1.push(line);
                }
            }
        });
        let stdin = child.stdin.take().ok_or("no stdin pipe")?;
        let pid = child.id();
        Ok(Session { child, pid, stdin, rx, readers: [reader, err_reader], stderr_bad })
    }

    fn send(&mut self, v: &Value) -> Result<(), String> {
        let mut line = serde_json::to_vec(v).map_err(|e| e.to_string())?;
        line.push(b'\n');
        self.stdin.write_all(&line).and_then(|()| self.stdin.flush()).map_err(|e| format!("writing to the server: {e}"))
    }

    fn recv(&self, timeout: Duration) -> Result<Value, String> {
        match self.rx.recv_timeout(timeout) {
            Ok(msg) => msg,
            Err(RecvTimeoutError::Timeout) => Err(format!("no reply within {timeout:?}")),
            Err(RecvTimeoutError::Disconnected) => Err("the server closed stdout".into()),
        }
    }

    fn initialize(&mut self, timeout: Duration) -> Result<(), String> {
        self.send(&json!({"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "soak", "version": "0"}}}))?;
        let init = self.recv(timeout)?;
        if init["id"] != "init" || init["result"]["protocolVersion"] != "2025-11-25" {
            return Err(format!("initialize failed: {init}"));
        }
        self.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
    }

    /// Checks that nothing more arrives, closes stdin (which ends the server) and reports how it
    /// exited and what it said on stderr.
    fn finish(self, problems: &mut Problems) -> Result<(), String> {
        let Session { mut child, stdin, rx, readers, stderr_bad, .. } = self;
        thread::sleep(Duration::from_millis(300));
        while let Ok(msg) = rx.try_recv() {
            problems.report(format!("a line after the last reply: {msg:?}"));
        }
        drop(stdin);
        let exit_deadline = Instant::now() + Duration::from_secs(10);
        let status = loop {
            if let Some(st) = child.try_wait().map_err(|e| e.to_string())? {
                break Some(st);
            }
            if Instant::now() > exit_deadline {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            thread::sleep(Duration::from_millis(5));
        };
        for reader in readers {
            let _ = reader.join();
        }
        match status {
            Some(st) if st.success() => {}
            Some(st) => problems.report(format!("the server exited with {st}")),
            None => problems.report("the server did not exit within 10 s of stdin closing".into()),
        }
        let (bad, lines) = std::mem::take(&mut *stderr_bad.lock().unwrap_or_else(PoisonError::into_inner));
        for line in lines.iter().take(5) {
            problems.report(format!("stderr: {line}"));
        }
        if bad > 5 {
            problems.report(format!("{} more ERROR or panic lines on stderr", bad - 5));
        }
        Ok(())
    }
}

/// Each block of 100 calls holds every kind `weight` times, in a fixed shuffled order (xorshift,
/// Fisher-Yates), so runs are comparable.
fn schedule(kinds: &[Kind]) -> Vec<usize> {
    let mut schedule: Vec<usize> =
        kinds.iter().enumerate().flat_map(|(i, k)| std::iter::repeat_n(i, k.weight)).collect();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for i in (1..schedule.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        schedule.swap(i, (state % (i as u64 + 1)) as usize);
    }
    schedule
}

/// What the calls came to.
struct Tally {
    done: usize,
    latencies: Vec<Duration>,
    per_kind: Vec<usize>,
    /// (calls done, VmRSS, VmHWM) at each progress line.
    samples: Vec<(usize, i64, i64)>,
    wall: Duration,
    /// Calls never answered.
    outstanding: usize,
}

fn run(opts: &Opts) -> Result<bool, String> {
    let backend = backend::Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let mut session = Session::start(&opts.bin, &backend.url())?;
    println!(
        "soak: {} calls, {} in flight, server {} (pid {}), fixture backend {}",
        opts.calls,
        opts.inflight,
        opts.bin.display(),
        session.pid,
        backend.url()
    );
    session.initialize(opts.timeout)?;
    let kinds = kinds();
    let mut problems = Problems::default();
    let tally = drive(&mut session, opts, &kinds, &mut problems)?;
    session.finish(&mut problems)?;
    if tally.outstanding > 0 {
        problems.report(format!("{} calls never answered", tally.outstanding));
    }
    summary(opts, &kinds, tally, &mut problems)
}

/// Makes the calls, `--inflight` at a time, checking each reply as it comes.
fn drive(session: &mut Session, opts: &Opts, kinds: &[Kind], problems: &mut Problems) -> Result<Tally, String> {
    let schedule = schedule(kinds);
    let mut pending: HashMap<u64, Pending> = HashMap::new();
    let mut tally = Tally {
        done: 0,
        latencies: Vec::with_capacity(opts.calls),
        per_kind: vec![0; kinds.len()],
        samples: Vec::new(),
        wall: Duration::ZERO,
        outstanding: 0,
    };
    let mut sent = 0usize;
    let started = Instant::now();
    let mut mark = (started, 0usize);
    while tally.done < opts.calls {
        while sent < opts.calls && pending.len() < opts.inflight {
            let kind = schedule[sent % schedule.len()];
            let k = &kinds[kind];
            let id = sent as u64;
            session.send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                "params": {"name": k.tool, "arguments": k.args}}))?;
            pending.insert(id, Pending { kind, sent: Instant::now() });
            sent += 1;
        }
        let reply = match session.recv(opts.timeout) {
            Ok(v) => v,
            Err(e) => {
                problems.report(format!("{e} ({} calls outstanding)", pending.len()));
                break;
            }
        };
        let Some(call) = reply["id"].as_u64().and_then(|id| pending.remove(&id)) else {
            problems.report(format!("a reply for no outstanding call (doubled, unknown or unsolicited): {reply}"));
            continue;
        };
        tally.done += 1;
        tally.latencies.push(call.sent.elapsed());
        tally.per_kind[call.kind] += 1;
        check_reply(&kinds[call.kind], &reply, problems);
        if tally.done.is_multiple_of(opts.every) || tally.done == opts.calls {
            progress(session.pid, opts, started, &mut mark, &mut tally);
        }
    }
    tally.wall = started.elapsed();
    tally.outstanding = pending.len();
    Ok(tally)
}

/// A reply must be JSON-RPC 2.0 with the `isError` its kind of call expects.
fn check_reply(k: &Kind, reply: &Value, problems: &mut Problems) {
    if reply["jsonrpc"] == "2.0" && reply["result"]["isError"] == json!(k.is_error) {
        return;
    }
    let text = reply["result"]["content"][0]["text"].as_str().unwrap_or("");
    let text: String = text.chars().take(200).collect();
    let got = if reply.get("error").is_some() { &reply["error"] } else { &reply["result"]["isError"] };
    problems.report(format!("{} {}: expected isError {}, got {got} {text:?}", k.tool, k.args, k.is_error));
}

/// A progress line with the server's memory, which is also kept as a sample.
fn progress(pid: u32, opts: &Opts, started: Instant, mark: &mut (Instant, usize), tally: &mut Tally) {
    let done = tally.done;
    let (rss, hwm) = memory(pid).unwrap_or((-1, -1));
    tally.samples.push((done, rss, hwm));
    let now = Instant::now();
    let rate = (done - mark.1) as f64 / now.duration_since(mark.0).as_secs_f64().max(1e-9);
    *mark = (now, done);
    println!(
        "soak: {done:>6}/{} calls  {:>6.1} s  {rate:>7.0} calls/s  VmRSS {}  VmHWM {}",
        opts.calls,
        started.elapsed().as_secs_f64(),
        mib(rss),
        mib(hwm)
    );
}

/// Prints the summary; true when every call was answered as expected and RSS stayed flat.
fn summary(opts: &Opts, kinds: &[Kind], mut tally: Tally, problems: &mut Problems) -> Result<bool, String> {
    let latencies = &mut tally.latencies;
    latencies.sort();
    let pct = |p: f64| latencies.get(((latencies.len() as f64 * p) as usize).min(latencies.len().saturating_sub(1)));
    let ms = |d: Option<&Duration>| d.map_or("-".to_string(), |d| format!("{:.2} ms", d.as_secs_f64() * 1000.0));
    println!("\nsoak: per kind of call:");
    for (k, n) in kinds.iter().zip(&tally.per_kind) {
        println!("  {n:>6}  {} {}{}", k.tool, k.args, if k.is_error { "  (isError)" } else { "" });
    }
    let first = tally.samples.first().copied();
    let last = tally.samples.last().copied();
    let peak = tally.samples.iter().map(|s| s.2).max().unwrap_or(-1);
    let flat = match (first, last) {
        (Some((_, a, _)), Some((_, b, _))) if a > 0 && b > 0 => (b - a).abs() <= FLAT_KIB,
        _ => false,
    };
    let (done, wall) = (tally.done, tally.wall.as_secs_f64());
    println!("\nsoak: summary");
    println!("  calls          {done} of {} answered, {} problems", opts.calls, problems.count);
    println!("  wall time      {wall:.2} s");
    println!("  throughput     {:.0} calls/s with {} in flight", done as f64 / wall.max(1e-9), opts.inflight);
    println!(
        "  latency        p50 {}  p90 {}  p99 {}  max {}",
        ms(pct(0.50)),
        ms(pct(0.90)),
        ms(pct(0.99)),
        ms(latencies.last())
    );
    if let (Some((n1, rss1, _)), Some((_, rss2, _))) = (first, last) {
        println!(
            "  RSS            after {n1} calls {}, last {}, peak (VmHWM) {}: {} ({:+} KiB)",
            mib(rss1),
            mib(rss2),
            mib(peak),
            if flat { "flat" } else { "NOT flat" },
            rss2 - rss1
        );
    }
    if !flat {
        problems.report(format!("RSS not flat within {FLAT_KIB} KiB"));
    }
    Ok(problems.count == 0 && done == opts.calls)
}
