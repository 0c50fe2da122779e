//! The judge's own overhead per sample (`test_solution`): a trivial C program run directly,
//! against the same program judged through the server on a one-sample problem (Codeforces 1A),
//! minus the `get_problem` round trip of that problem (the fetch both share). What is left is
//! the judge: argument checks, statement reading, the folder, the confinement wrappers
//! (`setpriv`, `prlimit`, `unshare`, and the init: the binary again), the pipes, the comparison
//! and the reply. Measured with the namespaces and again without them
//! (`OJ_JUDGE_NO_NAMESPACES=1`) to show what they cost.
//!
//! Split in two at the program's run: the server, at `--log-level debug` (read from its stderr),
//! says when it saw the program exit, counted from the call's start. Call → program start is that
//! instant minus the fetch and minus the program's own run (as run directly; the wrappers start
//! before the program, so their cost is counted here); program exit → reply is the call's round
//! trip after that instant (the reply's serialisation and the pipe, and the request's way in).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::backend;
use crate::pipes::{Proc, ToolCall, initialize_request, request};
use crate::server::{na, note};
use crate::table::{Cell, Row, Stats, Target, ms, stats};
use crate::{Opts, TOKEN, WARM_UP};

pub(crate) struct JudgeFigures {
    /// The program run directly: spawn, input, output, exit.
    direct: Stats,
    /// With namespaces.
    confined: Judged,
    /// The same without namespaces (only `setpriv`/`prlimit`; a `kill` of the process group after
    /// each run, since no PID namespace ends the program's children).
    plain: Judged,
}

/// One series of judged calls.
struct Judged {
    /// `test_solution` call − `get_problem` call.
    total: Stats,
    /// Call → the spawn returning (the first wrapper started), − `get_problem` call.
    to_spawn: Stats,
    /// Call → the program's exit as the server saw it, − `get_problem` call.
    to_exit: Stats,
    /// The program's exit → the reply.
    after: Stats,
}

/// Compiles the program once, into target/bench/judge.
fn build() -> Result<String, String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench/judge");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let src = dir.join("six.c");
    std::fs::write(&src, "#include <stdio.h>\nint main(void){char b[64];if(fgets(b,64,stdin))puts(\"6\");return 0;}\n")
        .map_err(|e| e.to_string())?;
    let exe = dir.join("six");
    let ok = Command::new("gcc").arg("-O2").arg("-o").arg(&exe).arg(&src).status();
    match ok {
        Ok(s) if s.success() => Ok(exe.display().to_string()),
        _ => na("n/a (no gcc)"),
    }
}

fn direct_runs(exe: &str, n: usize) -> Result<Stats, String> {
    let mut times = Vec::with_capacity(n);
    for i in 0..n + WARM_UP {
        let t0 = Instant::now();
        let mut child = Command::new(exe)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{exe}: {e}"))?;
        child.stdin.take().ok_or("no stdin")?.write_all(b"7 5 3\n").map_err(|e| e.to_string())?;
        let out = child.wait_with_output().map_err(|e| e.to_string())?;
        if i >= WARM_UP {
            times.push(ms(t0.elapsed()));
        }
        if out.stdout != b"6\n" {
            return Err(format!("the program printed {:?}", String::from_utf8_lossy(&out.stdout)));
        }
    }
    Ok(stats(&times))
}

/// The server's debug lines, "spawned at N µs, exited at M µs" of each judged sample, as they
/// come.
fn exits(p: &mut Proc) -> Result<mpsc::Receiver<(u64, u64)>, String> {
    let err = p.child.stderr.take().ok_or("no stderr pipe")?;
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(err).lines().map_while(Result::ok) {
            let at = |what: &str| line.split_once(what).and_then(|(_, r)| r.split(' ').next()?.parse::<u64>().ok());
            if let (Some(spawned), Some(exited)) = (at("since the call: spawned at "), at(", exited at ")) {
                let _ = tx.send((spawned, exited));
            }
        }
    });
    Ok(rx)
}

/// `test_solution` minus `get_problem`, call by call, split at the program's exit.
fn judged_runs(cmd: &[String], exe: &str, n: usize, opts: &Opts, namespaces: bool) -> Result<Judged, String> {
    let served = backend::Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let mut c = Proc::command(cmd, &served.url());
    c.env("OJ_ALLOW_RUN", "1").env("OJ_LOG", "debug").stderr(Stdio::piped());
    if !namespaces {
        c.env("OJ_JUDGE_NO_NAMESPACES", "1");
    }
    let mut p = Proc::spawn(c, opts.timeout)?;
    let exited = exits(&mut p)?;
    p.send(&initialize_request())?;
    p.reply(1)?;
    let fetch = ToolCall::problem(("codeforces", "1A"));
    let args = json!({"source": "codeforces", "id": "1A", "command": [exe]});
    let (mut total, mut to_spawn, mut to_exit, mut after) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for i in 0..n + WARM_UP {
        let id = 2 + 2 * i as u64;
        let judged = p.call(id, &request(id, "tools/call", json!({"name": "test_solution", "arguments": args})))?;
        let verdict = p.reply_result("test_solution")?["structuredContent"]["verdict"].clone();
        if verdict != "AC" {
            return Err(format!("test_solution: verdict {verdict}"));
        }
        let (spawn_us, exit_us) =
            exited.recv_timeout(Duration::from_secs(5)).map_err(|_| "no debug line for the sample")?;
        let (spawn_ms, exit_ms) = (spawn_us as f64 / 1e3, exit_us as f64 / 1e3);
        let fetched = p.call(id + 1, &fetch.request(id + 1))?;
        if i >= WARM_UP {
            total.push(ms(judged) - ms(fetched));
            to_spawn.push(spawn_ms - ms(fetched));
            to_exit.push(exit_ms - ms(fetched));
            after.push(ms(judged) - exit_ms);
        }
    }
    Ok(Judged { total: stats(&total), to_spawn: stats(&to_spawn), to_exit: stats(&to_exit), after: stats(&after) })
}

pub(crate) fn measure_judge(opts: &Opts, failed: &mut bool) -> Result<JudgeFigures, String> {
    println!("\n== the judge's overhead per sample (test_solution − get_problem − the program run directly)");
    let n = (opts.calls / 4).max(10);
    let run = || -> Result<JudgeFigures, String> {
        let exe = build()?;
        let direct = direct_runs(&exe, n)?;
        let confined = judged_runs(&opts.server, &exe, n, opts, true)?;
        let plain = judged_runs(&opts.server, &exe, n, opts, false)?;
        for (what, j) in [("with namespaces", &confined), ("without", &plain)] {
            println!(
                "{what}: judged − fetched {:.2} ms = call → program start {:.2} ms (the first wrapper spawned at \
{:.2} ms) + the program {:.2} ms (run directly) + its exit → reply {:.2} ms (medians of {n})",
                j.total.median,
                j.to_exit.median - direct.median,
                j.to_spawn.median,
                direct.median,
                j.after.median
            );
        }
        Ok(JudgeFigures { direct, confined, plain })
    };
    note("judge overhead", run(), failed)
}

/// The series with namespaces or without.
fn series(j: &JudgeFigures, confined: bool) -> &Judged {
    if confined { &j.confined } else { &j.plain }
}

pub(crate) fn judge_rows(figures: &Result<JudgeFigures, String>, rows: &mut Vec<Row>) {
    let cell = |f: &dyn Fn(&JudgeFigures) -> f64| match figures {
        Ok(j) => Cell::ms(f(j)),
        Err(e) => Cell::text(e.clone()),
    };
    rows.push(Row::info("judge: one sample run directly (spawn → exit)", cell(&|j| j.direct.median), Cell::default()));
    for confined in [true, false] {
        let what = if confined { "confined (namespaces)" } else { "without namespaces" };
        rows.push(Row::target(
            format!("judge: overhead per sample, {what}"),
            cell(&|j| series(j, confined).total.median - j.direct.median),
            Cell::default(),
            "≤ 10 ms",
            Target::AtMost(10.0),
        ));
        rows.push(Row::target(
            format!("  of which call → program start (fetch excluded), {what}"),
            cell(&|j| series(j, confined).to_exit.median - j.direct.median),
            Cell::default(),
            "≤ 5 ms",
            Target::AtMost(5.0),
        ));
        rows.push(Row::target(
            format!("  and program exit → reply, {what}"),
            cell(&|j| series(j, confined).after.median),
            Cell::default(),
            "≤ 5 ms",
            Target::AtMost(5.0),
        ));
    }
}
