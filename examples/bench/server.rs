//! The server figures: size, start-up, round trips beside the backend's, RSS, exit, connections.

use crate::backend;
use crate::pipes::{Proc, RawHttp, ToolCall, discover_request, initialize_request, request};
use crate::table::{Stats, ms, stats};
use crate::{Opts, PROBLEM_5KB, PROBLEM_300KB, TOKEN, WARM_UP, skipped};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[derive(Clone)]
pub(crate) struct CallFigures {
    pub(crate) server: Stats,
    pub(crate) backend: Stats,
    /// Markdown characters of the statement the server returned.
    pub(crate) text_len: usize,
}

impl CallFigures {
    pub(crate) fn diff_median(&self) -> f64 {
        self.server.median - self.backend.median
    }
    pub(crate) fn diff_p99(&self) -> f64 {
        self.server.p99 - self.backend.p99
    }
}

pub(crate) struct ServerFigures {
    pub(crate) size: Result<(u64, u64, bool), String>,
    pub(crate) spawn_init: Result<Stats, String>,
    pub(crate) spawn_discover: Result<(Stats, bool), String>,
    pub(crate) eof_exit: Result<Stats, String>,
    pub(crate) idle_rss_kb: Result<u64, String>,
    pub(crate) tools_list: Result<Stats, String>,
    pub(crate) first_call: Result<f64, String>,
    pub(crate) small: Result<CallFigures, String>,
    /// get_platform_status: the same path without a statement to convert.
    pub(crate) floor: Result<CallFigures, String>,
    pub(crate) large: Result<CallFigures, String>,
    pub(crate) rss_calls: Result<u64, String>,
    pub(crate) rss_long: Result<u64, String>,
    pub(crate) rss_large: Result<u64, String>,
    pub(crate) connections: Result<(usize, usize), String>,
    pub(crate) eof_after_long: Result<f64, String>,
}

pub(crate) fn na<T>(why: &str) -> Result<T, String> {
    Err(format!("n/a ({why})"))
}

/// Logs a failed measurement and remembers that one failed.
pub(crate) fn note<T>(name: &str, r: Result<T, String>, failed: &mut bool) -> Result<T, String> {
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
pub(crate) fn program_path(program: &str) -> Option<PathBuf> {
    if program.contains('/') {
        return Some(PathBuf::from(program));
    }
    std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).map(|d| d.join(program)).find(|p| p.is_file()))
}

/// (file size, stripped size, whether `strip` ran) of an ELF program.
pub(crate) fn binary_size(cmd: &[String]) -> Result<(u64, u64, bool), String> {
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
pub(crate) fn spawn_once(
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
pub(crate) fn spawn_series(cmds: &[&[String]], url: &str, req: &[u8], n: usize, timeout: Duration) -> Vec<SpawnSeries> {
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
pub(crate) struct SpawnSeriesData {
    pub(crate) spawn: Vec<f64>,
    pub(crate) exit: Vec<f64>,
    pub(crate) hwm_kb: Option<u64>,
    pub(crate) first_reply: Option<Value>,
}
pub(crate) type SpawnSeries = Result<SpawnSeriesData, String>;

/// Checks a `tools/call` result: not an error, with text; returns the text's length.
pub(crate) fn check_tool_result(result: &Value) -> Result<usize, String> {
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
pub(crate) struct CallRun {
    pub(crate) figures: CallFigures,
    pub(crate) first_ms: f64,
    pub(crate) hwm_n: Option<u64>,
    pub(crate) hwm_all: Option<u64>,
    pub(crate) connections_n: usize,
    pub(crate) requests_n: usize,
    pub(crate) eof_exit: Result<f64, String>,
}

pub(crate) fn call_run(cmd: &[String], call: &ToolCall, n: usize, more: usize, opts: &Opts) -> Result<CallRun, String> {
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
pub(crate) struct StartSeries {
    pub(crate) init: SpawnSeries,
    pub(crate) discover: SpawnSeries,
}

/// Start-up series of every command, interleaved (see [`spawn_series`]).
pub(crate) fn start_series(cmds: &[&[String]], opts: &Opts) -> Vec<StartSeries> {
    if !opts.wants("start") {
        return cmds.iter().map(|_| StartSeries { init: skipped(), discover: skipped() }).collect();
    }
    let backend = backend::Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let init = spawn_series(cmds, &backend.url(), &initialize_request(), opts.spawns, opts.timeout);
    let discover = spawn_series(cmds, &backend.url(), &discover_request(), opts.spawns, opts.timeout);
    init.into_iter().zip(discover).map(|(init, discover)| StartSeries { init, discover }).collect()
}

pub(crate) fn measure_server(
    name: &str,
    cmd: &[String],
    start: StartSeries,
    opts: &Opts,
    failed: &mut bool,
) -> ServerFigures {
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

    let (mut has_get_problem, mut has_status) = (false, false);
    let tools_list =
        note("tools/list", list_round_trips(cmd, &url, opts, &mut has_get_problem, &mut has_status), failed);

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
    print_call_runs(&small_run, &large_run, opts);
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

/// `tools/list` round trips, and which of the tools the other rows call the server has.
fn list_round_trips(
    cmd: &[String],
    url: &str,
    opts: &Opts,
    has_get_problem: &mut bool,
    has_status: &mut bool,
) -> Result<Stats, String> {
    (*has_get_problem, *has_status) = (false, false);
    if !(opts.wants("list") || opts.wants("calls")) {
        return skipped();
    }
    let mut p = Proc::spawn(Proc::command(cmd, url), opts.timeout)?;
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
            *has_get_problem = names.contains(&"get_problem");
            *has_status = names.contains(&"get_platform_status");
        }
    }
    p.close()?;
    if opts.wants("list") { Ok(stats(&times)) } else { skipped() }
}

/// What the `get_problem` runs returned, for the log.
fn print_call_runs(small_run: &Result<CallRun, String>, large_run: &Result<CallRun, String>, opts: &Opts) {
    if let Ok(r) = &small_run {
        println!(
            "get_problem {}/{}: {} chars of Markdown; the backend saw {} requests on {} connection(s) for {} calls",
            PROBLEM_5KB.0, PROBLEM_5KB.1, r.figures.text_len, r.requests_n, r.connections_n, opts.calls
        );
    }
    if let Ok(r) = &large_run {
        println!("get_problem {}/{}: {} chars of Markdown", PROBLEM_300KB.0, PROBLEM_300KB.1, r.figures.text_len);
    }
}
