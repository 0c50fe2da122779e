//! CPU time per `get_problem` call, each server's own (utime + stime of the whole process, all
//! threads, from `/proc/PID/stat`): wall time on this shared VM drifts with the other work on it,
//! the CPU a process spends on a call much less. With `--compare`, both servers run side by side
//! and are measured in alternate rounds (A B, B A, …), so that a slow spell of the machine falls
//! on both; the ratio ours / theirs is the figure with a target (≤ 1.0× on the 5 KB statement,
//! ≤ 1.2× on a 300 KB one). Two 300 KB statements: the fixtures' AtCoder one (ahc001, mostly
//! `<pre>` blocks of test data) and a Codeforces-shaped one made here from Codeforces 1A's
//! statement, its legend and note repeated (prose with `$$$` TeX), as issue 25 measured. /proc
//! counts in clock ticks (10 ms): a round is 400 calls of the 5 KB statement or 50 of a 300 KB
//! one, a few tenths of a second each.

use crate::backend::{self, Backend};
use crate::pipes::{Proc, ToolCall, initialize_request, sys};
use crate::server::check_tool_result;
use crate::table::{Cell, Row, Target, fmt_ms};
use crate::{Opts, PROBLEM_5KB, PROBLEM_300KB, TOKEN};
use std::time::Instant;

/// One statement's series: calls per round, rounds, unmeasured calls first.
struct Series {
    label: &'static str,
    problem: (&'static str, &'static str),
    /// The backend's reply for a statement that is not a fixture (made here).
    made: Option<Vec<u8>>,
    calls: usize,
    rounds: usize,
    warm_up: usize,
    /// The target on ours / theirs.
    target: f64,
}

/// Per-call CPU and wall time of one server in each round, in ms.
#[derive(Default)]
struct PerRound {
    cpu: Vec<f64>,
    wall: Vec<f64>,
}

impl PerRound {
    /// Mean over the rounds (each round has the same number of calls).
    fn cpu_mean(&self) -> f64 {
        self.cpu.iter().sum::<f64>() / self.cpu.len() as f64
    }
    fn wall_mean(&self) -> f64 {
        self.wall.iter().sum::<f64>() / self.wall.len() as f64
    }
}

/// One statement's figures: ours, and theirs with `--compare`.
pub(crate) struct CpuFigures {
    series: Series,
    ours: Result<PerRound, String>,
    other: Option<Result<PerRound, String>>,
}

/// The process's CPU time so far, all threads (living and ended), in ms.
fn cpu_ms(pid: u32) -> Result<f64, String> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).map_err(|e| format!("/proc/{pid}/stat: {e}"))?;
    // The command name may hold spaces and parentheses: the fields follow the last `)`.
    let rest = stat.rsplit_once(')').map(|(_, r)| r).ok_or("a /proc stat without a command")?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12th and 13th after the command.
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<u64>().ok()).ok_or("a short /proc stat");
    let total = ticks(11)? + ticks(12)?;
    Ok(total as f64 * 1e3 / sys::clock_ticks() as f64)
}

/// A server started and initialized against a backend of its own.
struct Running {
    proc: Proc,
    _backend: Backend,
    next_id: u64,
}

impl Running {
    fn start(cmd: &[String], series: &Series, opts: &Opts) -> Result<Running, String> {
        let backend = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
        if let Some(reply) = &series.made {
            let (source, id) = series.problem;
            backend.route(&format!("/api/v1/problems/{source}/{id}"), backend::Reply::Raw(reply.clone()));
        }
        let mut proc = Proc::spawn(Proc::command(cmd, &backend.url()), opts.timeout)?;
        proc.send(&initialize_request())?;
        proc.reply(1)?;
        proc.reply_result("initialize")?;
        proc.send(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n")?;
        Ok(Running { proc, _backend: backend, next_id: 2 })
    }

    /// `n` calls; the first and the last checked. Returns (CPU ms, wall ms) per call.
    fn calls(&mut self, call: &ToolCall, n: usize) -> Result<(f64, f64), String> {
        let pid = self.proc.child.id();
        let cpu0 = cpu_ms(pid)?;
        let t0 = Instant::now();
        for i in 0..n {
            let id = self.next_id;
            self.next_id += 1;
            self.proc.call(id, &call.request(id))?;
            if i == 0 || i + 1 == n {
                check_tool_result(&self.proc.reply_result(call.tool)?)?;
            }
        }
        let wall = t0.elapsed().as_secs_f64() * 1e3;
        let cpu = cpu_ms(pid)? - cpu0;
        Ok((cpu / n as f64, wall / n as f64))
    }
}

/// The series of `get_problem` calls, both servers interleaved round by round.
fn measure_series(series: Series, opts: &Opts) -> CpuFigures {
    let mut cmds: Vec<&[String]> = vec![&opts.server];
    cmds.extend(opts.compare.as_deref());
    let call = ToolCall::problem(series.problem);
    let mut servers: Vec<Result<(Running, PerRound), String>> = cmds
        .iter()
        .map(|cmd| {
            let mut r = Running::start(cmd, &series, opts)?;
            r.calls(&call, series.warm_up)?;
            Ok((r, PerRound::default()))
        })
        .collect();
    for round in 0..series.rounds {
        let order: Vec<usize> =
            if round % 2 == 0 { (0..servers.len()).collect() } else { (0..servers.len()).rev().collect() };
        for i in order {
            let Ok((running, per)) = &mut servers[i] else { continue };
            match running.calls(&call, series.calls) {
                Ok((cpu, wall)) => {
                    per.cpu.push(cpu);
                    per.wall.push(wall);
                }
                Err(e) => servers[i] = Err(e),
            }
        }
    }
    let mut results = servers.into_iter().map(|s| s.map(|(_, per)| per));
    let ours = results.next().unwrap_or_else(|| Err("no server".into()));
    CpuFigures { series, ours, other: results.next() }
}

/// Both statements' series (`--only cpu`; part of a full run).
pub(crate) fn measure_cpu(opts: &Opts, failed: &mut bool) -> Vec<CpuFigures> {
    let (small, large, rounds) = if opts.calls < 200 { (100, 10, 2) } else { (400, 50, 4) };
    let series =
        |label, problem, made, calls, warm_up, target| Series { label, problem, made, calls, rounds, warm_up, target };
    let mut all = vec![
        series("5 KB", PROBLEM_5KB, None, small, 20, 1.0),
        series("300 KB AtCoder", PROBLEM_300KB, None, large, 2, 1.2),
    ];
    match synthetic_codeforces() {
        Ok(reply) => {
            all.push(series("300 KB Codeforces-shaped", ("codeforces", "1A-300kb"), Some(reply), large, 2, 1.2))
        }
        Err(e) => {
            eprintln!("bench: the Codeforces-shaped statement: {e}");
            *failed = true;
        }
    }
    println!("\n== CPU per get_problem call (utime + stime from /proc/PID/stat, rounds alternating)");
    all.into_iter()
        .map(|s| {
            let f = measure_series(s, opts);
            print_series(&f);
            let name = format!("CPU per call {}", f.series.label);
            crate::server::note(&name, f.ours.as_ref().map(|_| ()).map_err(Clone::clone), failed).ok();
            if let Some(other) = &f.other {
                crate::server::note(&name, other.as_ref().map(|_| ()).map_err(Clone::clone), failed).ok();
            }
            f
        })
        .collect()
}

fn print_series(f: &CpuFigures) {
    let show = |name: &str, r: &Result<PerRound, String>| match r {
        Ok(p) => println!(
            "{} {name}: CPU per call by round {} (wall {})",
            f.series.label,
            p.cpu.iter().map(|v| fmt_ms(*v)).collect::<Vec<_>>().join(", "),
            p.wall.iter().map(|v| fmt_ms(*v)).collect::<Vec<_>>().join(", "),
        ),
        Err(e) => println!("{} {name}: {e}", f.series.label),
    };
    show("oj-mcp-rs", &f.ours);
    if let Some(other) = &f.other {
        show("other", other);
    }
}

/// A Codeforces-shaped statement of 300 KB: Codeforces 1A's (tests/fixtures), its header and
/// samples once, its legend and note repeated between them; the backend's whole reply.
fn synthetic_codeforces() -> Result<Vec<u8>, String> {
    let path = backend::fixtures_dir().join("problem_cf_1A_legacy_html.http");
    let http = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let body = http.split_once("\r\n\r\n").map_or(http.as_str(), |(_, b)| b);
    let mut p: serde_json::Value = serde_json::from_str(body).map_err(|e| e.to_string())?;
    let c = p["content"].as_str().ok_or("no content")?.to_string();
    let cut = |from: &str, to: &str| -> Result<(usize, usize), String> {
        let a = c.find(from).ok_or_else(|| format!("no {from:?}"))?;
        Ok((a, a + c[a..].find(to).ok_or_else(|| format!("no {to:?}"))?))
    };
    let (legend_at, legend_end) = cut("<div><p>", "</div>")?;
    let (note_at, note_end) = cut("<div class=\"note\">", "</div></div>")?;
    let note = &c[note_at..note_end];
    let prose = format!("{}{}", &c[legend_at + "<div>".len()..legend_end], &note[note.find("<p>").unwrap_or(0)..]);
    let mut made = c[..legend_at + "<div>".len()].to_string();
    while made.len() + prose.len() + c.len() - legend_end < 300 * 1024 {
        made.push_str(&prose);
    }
    made.push_str(&c[legend_end..]);
    p["content"] = made.into();
    p["id"] = "1A-300kb".into();
    let json = p.to_string();
    Ok(format!("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{json}", json.len())
        .into_bytes())
}

/// The rows: CPU per call of each server, then the ratio with its target.
pub(crate) fn cpu_rows(figures: &[CpuFigures], rows: &mut Vec<Row>) {
    for f in figures {
        let s = &f.series;
        let cell = |r: &Result<PerRound, String>| match r {
            Ok(p) => Cell::new(format!("{} (wall {})", fmt_ms(p.cpu_mean()), fmt_ms(p.wall_mean())), p.cpu_mean()),
            Err(_) => Cell::text("error (see above)"),
        };
        let other = f.other.as_ref().map(cell).unwrap_or_default();
        rows.push(Row::info(
            format!("CPU per get_problem call, {}, {} calls × {} rounds", s.label, s.calls, s.rounds),
            cell(&f.ours),
            other,
        ));
        let target = format!("≤ {:.1}×", s.target);
        let ratio = match (&f.ours, &f.other) {
            (Ok(a), Some(Ok(b))) => {
                let per: Vec<f64> = a.cpu.iter().zip(&b.cpu).map(|(a, b)| a / b).collect();
                let (lo, hi) = per.iter().fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(*v), hi.max(*v)));
                let r = a.cpu_mean() / b.cpu_mean();
                Cell::new(format!("{r:.2}× (rounds {lo:.2}–{hi:.2}×)"), r)
            }
            (_, None) => Cell::text("n/a (no --compare)"),
            _ => Cell::text("error (see above)"),
        };
        rows.push(Row::target(
            format!("  CPU per call, ours / the other's, {}", s.label),
            ratio,
            Cell::default(),
            target,
            Target::AtMost(s.target),
        ));
    }
}
