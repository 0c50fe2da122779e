//! The demo job: a scripted MCP session of the real server against the in-process fixture backend.
//!
//! `cargo run --release --example smoke -- [--bin PATH] [--arg X]... [--timeout SECS] [-- SERVER ARGS]`
//! starts the fixture backend (with the fixture token), spawns `PATH ARG... SERVER-ARGS` with
//! `OJ_BASE_URL` and `OJ_TOKEN` set, speaks newline-delimited JSON-RPC 2.0 on its stdin/stdout,
//! prints what every tool returns and exits non-zero if anything is missing or wrong.

#[path = "../tests/support/backend.rs"]
mod backend;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const TOKEN: &str = "fixture-token-0123456789abcdef";
const PROTOCOL_VERSION: &str = "2025-11-25";
/// Lines of each tool result printed before a "…" marker.
const MAX_LINES: usize = 40;

const HELP: &str = "\
Usage: smoke [--bin PATH] [--arg X]... [--timeout SECS] [--judge] [-- SERVER ARGS...]

Runs a scripted MCP session of the oj-mcp-rs server against the fixture backend.
  --bin PATH      the server, or a wrapper such as `node` (default: $OJ_MCP_BIN,
                  else target/release/oj-mcp-rs)
  --arg X         an argument for PATH, before SERVER ARGS (repeatable)
  --timeout SECS  how long to wait for all responses (default 30)
  --judge         also judge a C++ solution with test_solution (OJ_ALLOW_RUN=1), when
                  g++ (or $OJ_CXX) is on PATH
Exit status: 0 when every call answered as expected, 1 otherwise, 2 on bad usage.";

struct Opts {
    bin: PathBuf,
    args: Vec<String>,
    timeout: Duration,
    judge: bool,
}

/// One scripted `tools/call`.
struct Call {
    tool: &'static str,
    args: Value,
    /// Whether the result must have `isError: true`.
    expect_error: bool,
}

/// What the stdout reader thread passes on.
enum Line {
    Message(Value),
    Garbage(String),
    Eof,
}

fn main() -> ExitCode {
    let opts = match parse_args(std::env::args().skip(1)) {
        Ok(Some(opts)) => opts,
        Ok(None) => {
            println!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("smoke: {e}\n\n{HELP}");
            return ExitCode::from(2);
        }
    };
    match run(&opts) {
        Ok(true) => {
            println!("\nsmoke: OK");
            ExitCode::SUCCESS
        }
        Ok(false) => {
            println!("\nsmoke: FAILED");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("smoke: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The options (lexopt); `None` for `--help`. Words after `--` go to the server.
fn parse_args(args: impl Iterator<Item = String>) -> Result<Option<Opts>, String> {
    use lexopt::prelude::*;
    let mut bin = std::env::var_os("OJ_MCP_BIN").map(PathBuf::from);
    let mut bin_args = Vec::new();
    let mut timeout = Duration::from_secs(30);
    let mut judge = false;
    let mut parser = lexopt::Parser::from_args(args);
    let err = |e: lexopt::Error| e.to_string();
    while let Some(arg) = parser.next().map_err(err)? {
        match arg {
            Long("bin") => bin = Some(parser.value().map_err(err)?.into()),
            Long("arg") => bin_args.push(parser.value().and_then(|v| v.string()).map_err(err)?),
            Long("timeout") => {
                let v = parser.value().and_then(|v| v.string()).map_err(err)?;
                let secs: f64 = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s > 0.0)
                    .ok_or_else(|| format!("--timeout {v}: not a positive number"))?;
                timeout = Duration::from_secs_f64(secs);
            }
            Long("judge") => judge = true,
            Short('h') | Long("help") => return Ok(None),
            Value(v) => {
                // Only after `--` (lexopt hands those over as values): the server's own arguments.
                bin_args.push(v.string().map_err(err)?);
                for rest in parser.raw_args().map_err(err)? {
                    bin_args.push(rest.string().map_err(err)?);
                }
            }
            other => return Err(other.unexpected().to_string()),
        }
    }
    let bin = bin.unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/release/oj-mcp-rs"));
    Ok(Some(Opts { bin, args: bin_args, timeout, judge }))
}

/// Whether a C++ compiler is on PATH: then the session also shows one judged run.
fn have_cxx() -> bool {
    let cxx = std::env::var("OJ_CXX").ok().and_then(|c| c.split_whitespace().next().map(str::to_string));
    let cxx = cxx.unwrap_or_else(|| "g++".into());
    std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(&cxx).is_file()))
}

/// Codeforces 1A, solved in C++: `test_solution` with `--allow-run`.
const THEATRE_SQUARE: &str =
    "#include <iostream>\nint main(){long long n,m,a;std::cin>>n>>m>>a;std::cout<<((n+a-1)/a)*((m+a-1)/a)<<'\\n';}\n";

fn script(judge: bool) -> Vec<Call> {
    let ok = |tool, args| Call { tool, args, expect_error: false };
    let mut calls = vec![
        ok("get_daily_challenge", json!({})),
        ok("get_daily_challenge", json!({"domain": "cn", "date": "2024-01-15"})),
        ok("get_problem", json!({"source": "leetcode", "id": "1"})),
        ok("get_problem", json!({"source": "codeforces", "id": "4A"})),
        ok("find_similar_problems", json!({"source": "leetcode", "id": "1", "limit": 3})),
        ok("find_similar_problems", json!({"query": "two numbers adding to a target"})),
        ok("resolve_problem", json!({"query": "https://leetcode.com/problems/two-sum/"})),
        ok("get_platform_status", json!({})),
        Call { tool: "get_problem", args: json!({"source": "leetcode", "id": "99999"}), expect_error: true },
        // The solve log (a temporary file of this run's): a solve recorded, then the summary.
        ok("record_solve", json!({"source": "leetcode", "id": "1", "model": "smoke", "outcome": "accepted"})),
        ok("solve_stats", json!({})),
    ];
    if judge {
        let args = json!({"source": "codeforces", "id": "1A", "language": "cpp", "code": THEATRE_SQUARE});
        calls.push(ok("test_solution", args));
    }
    calls
}

fn run(opts: &Opts) -> Result<bool, String> {
    let backend = backend::Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    println!("fixture backend: {}", backend.url());
    println!("server: {} {}", opts.bin.display(), opts.args.join(" "));
    let judge = opts.judge && have_cxx();
    if opts.judge && !judge {
        println!("no C++ compiler on PATH: the session shows no judged run (test_solution)");
    }
    // The solve log goes to a folder of this run's, never the user's data folder.
    let log_dir = std::env::temp_dir().join(format!("oj-mcp-smoke-{}", std::process::id()));
    let mut child = Command::new(&opts.bin)
        .args(&opts.args)
        .env("OJ_LOG_FILE", log_dir.join("solves.jsonl"))
        .env("OJ_ALLOW_RUN", if judge { "1" } else { "0" })
        .env("OJ_BASE_URL", backend.url())
        .env("OJ_TOKEN", TOKEN)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", opts.bin.display()))?;
    let stdout = child.stdout.take().ok_or("no stdout pipe")?;
    let (tx, rx) = mpsc::channel();
    let reader = thread::Builder::new()
        .name("smoke-stdout".into())
        .spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if line.trim().is_empty() {
                    continue;
                }
                let msg = serde_json::from_str(&line).map(Line::Message).unwrap_or(Line::Garbage(line));
                if tx.send(msg).is_err() {
                    return;
                }
            }
            let _ = tx.send(Line::Eof);
        })
        .map_err(|e| format!("cannot spawn the reader thread: {e}"))?;

    let mut session = Session { stdin: child.stdin.take(), rx, replies: HashMap::new(), eof: false, ok: true };
    let deadline = Instant::now() + opts.timeout;
    let calls = script(judge);
    let result = session.converse(&calls, deadline);

    // Close stdin: the server must exit on EOF.
    drop(session.stdin.take());
    let exited = session.wait_for_exit(&mut child, Instant::now() + Duration::from_secs(10));
    let _ = reader.join();
    let _ = std::fs::remove_dir_all(&log_dir);

    println!("\n--- backend saw {} requests", backend.requests().len());
    for req in backend.requests() {
        println!("  {} {}", req.method, req.target);
    }
    result?;
    Ok(session.ok && exited)
}

struct Session {
    stdin: Option<ChildStdin>,
    rx: Receiver<Line>,
    replies: HashMap<i64, Value>,
    eof: bool,
    ok: bool,
}

impl Session {
    fn send(&mut self, msg: &Value) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("stdin already closed")?;
        let mut line = serde_json::to_string(msg).map_err(|e| e.to_string())?;
        line.push('\n');
        stdin.write_all(line.as_bytes()).and_then(|()| stdin.flush()).map_err(|e| format!("writing to the server: {e}"))
    }

    /// Collects replies until every id in `ids` has one, stdout closes, or the deadline passes.
    fn collect(&mut self, ids: &[i64], deadline: Instant) {
        while !self.eof && ids.iter().any(|id| !self.replies.contains_key(id)) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(Line::Message(msg)) => {
                    if msg.get("method").is_some() {
                        // A notification or a request from the server: shown, not answered.
                        println!("(server sent {})", msg["method"]);
                    } else if let Some(id) = msg.get("id").and_then(Value::as_i64) {
                        self.replies.insert(id, msg);
                    } else {
                        println!("FAIL: a reply without a numeric id: {msg}");
                        self.ok = false;
                    }
                }
                Ok(Line::Garbage(line)) => {
                    println!("FAIL: a stdout line that is not JSON: {line}");
                    self.ok = false;
                }
                Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => self.eof = true,
                Err(RecvTimeoutError::Timeout) => return,
            }
        }
    }

    fn converse(&mut self, calls: &[Call], deadline: Instant) -> Result<(), String> {
        self.send(&json!({
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {
                "protocolVersion": PROTOCOL_VERSION,
                "capabilities": {},
                "clientInfo": {"name": "smoke", "version": "0"}
            }
        }))?;
        self.collect(&[1], deadline);
        let init = self.result_of(1, "initialize");
        if let Some(init) = &init {
            println!(
                "=== initialize\nserver {} {}, protocol {}",
                init["serverInfo"]["name"], init["serverInfo"]["version"], init["protocolVersion"]
            );
        } else {
            return Ok(());
        }
        self.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))?;
        self.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}))?;
        // All calls at once: the server may answer them in any order.
        let mut ids = vec![2];
        for (n, call) in calls.iter().enumerate() {
            let id = 3 + n as i64;
            ids.push(id);
            self.send(&json!({
                "jsonrpc": "2.0", "id": id, "method": "tools/call",
                "params": {"name": call.tool, "arguments": call.args}
            }))?;
        }
        self.collect(&ids, deadline);

        println!("\n=== tools/list");
        if let Some(list) = self.result_of(2, "tools/list") {
            let names: Vec<&str> = list["tools"]
                .as_array()
                .map(|tools| tools.iter().filter_map(|t| t["name"].as_str()).collect())
                .unwrap_or_default();
            if names.is_empty() {
                println!("FAIL: no tools listed");
                self.ok = false;
            }
            for name in names {
                println!("{name}");
            }
        }
        for (n, call) in calls.iter().enumerate() {
            self.report(3 + n as i64, call);
        }
        Ok(())
    }

    /// The `result` of reply `id`, or None (and a failure) if it is missing or an error.
    fn result_of(&mut self, id: i64, what: &str) -> Option<Value> {
        match self.replies.get(&id) {
            None => {
                println!("FAIL: no reply to {what} (id {id})");
                self.ok = false;
                None
            }
            Some(reply) if reply.get("error").is_some() => {
                println!("FAIL: {what} (id {id}) got a JSON-RPC error: {}", reply["error"]);
                self.ok = false;
                None
            }
            Some(reply) => match reply.get("result") {
                Some(result) => Some(result.clone()),
                None => {
                    println!("FAIL: {what} (id {id}): a reply with neither result nor error");
                    self.ok = false;
                    None
                }
            },
        }
    }

    fn report(&mut self, id: i64, call: &Call) {
        println!("\n=== {} {}", call.tool, call.args);
        let Some(result) = self.result_of(id, call.tool) else {
            return;
        };
        let text = result["content"][0]["text"].as_str();
        match text {
            Some(text) => print_truncated(text),
            None => {
                println!("FAIL: no content[0].text in {result}");
                self.ok = false;
            }
        }
        let is_error = result["isError"].as_bool().unwrap_or(false);
        println!("isError: {is_error}");
        if is_error != call.expect_error {
            println!("FAIL: expected isError {}, got {is_error}", call.expect_error);
            self.ok = false;
        }
    }

    /// Waits for stdout EOF and the exit; kills the server after `deadline`. True on exit code 0.
    fn wait_for_exit(&mut self, child: &mut Child, deadline: Instant) -> bool {
        while !self.eof {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(Line::Message(msg)) => println!("(after stdin closed) {msg}"),
                Ok(Line::Garbage(line)) => println!("(after stdin closed) {line}"),
                Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => self.eof = true,
                Err(RecvTimeoutError::Timeout) => {
                    println!("FAIL: the server did not exit after stdin closed; killing it");
                    let _ = child.kill();
                    let _ = child.wait();
                    return false;
                }
            }
        }
        // Stdout is closed; the exit follows at once, unless a child of its keeps the pipe.
        loop {
            match child.try_wait() {
                Ok(Some(status)) if status.success() => {
                    println!("\nserver exited: {status}");
                    return true;
                }
                Ok(Some(status)) => {
                    println!("\nFAIL: server exited with {status}");
                    return false;
                }
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                Ok(None) | Err(_) => {
                    println!("FAIL: the server closed stdout but did not exit; killing it");
                    let _ = child.kill();
                    let _ = child.wait();
                    return false;
                }
            }
        }
    }
}

fn print_truncated(text: &str) {
    let mut lines = text.lines();
    for line in lines.by_ref().take(MAX_LINES) {
        println!("{line}");
    }
    if lines.next().is_some() {
        println!("…");
    }
}
