//! The judge's own overhead per sample (`test_solution`): a trivial C program run directly,
//! against the same program judged through the server on a one-sample problem (Codeforces 1A),
//! minus the `get_problem` round trip of that problem (the fetch both share). What is left is
//! the judge: argument checks, statement reading, the folder, the confinement wrappers
//! (`setpriv`, `prlimit`, `unshare`), the pipes, the comparison and the reply. Measured with the
//! namespaces and again without them (`OJ_JUDGE_NO_NAMESPACES=1`) to show what they cost.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

use serde_json::json;

use crate::backend;
use crate::pipes::{Proc, ToolCall, initialize_request, request};
use crate::server::{na, note};
use crate::table::{Cell, Row, Stats, Target, ms, stats};
use crate::{Opts, TOKEN, WARM_UP};

pub(crate) struct JudgeFigures {
    /// The program run directly: spawn, input, output, exit.
    direct: Stats,
    /// `test_solution` call − `get_problem` call, with namespaces.
    confined: Stats,
    /// The same without namespaces (only `setpriv`/`prlimit`; a `kill` of the process group after
    /// each run, since no PID namespace ends the program's children).
    plain: Stats,
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

/// Medians of `test_solution` minus `get_problem`, call by call.
fn judged_runs(cmd: &[String], exe: &str, n: usize, opts: &Opts, namespaces: bool) -> Result<Stats, String> {
    let served = backend::Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let mut c = Proc::command(cmd, &served.url());
    c.env("OJ_ALLOW_RUN", "1");
    if !namespaces {
        c.env("OJ_JUDGE_NO_NAMESPACES", "1");
    }
    let mut p = Proc::spawn(c, opts.timeout)?;
    p.send(&initialize_request())?;
    p.reply(1)?;
    let fetch = ToolCall::problem(("codeforces", "1A"));
    let args = json!({"source": "codeforces", "id": "1A", "command": [exe]});
    let mut diffs = Vec::with_capacity(n);
    for i in 0..n + WARM_UP {
        let id = 2 + 2 * i as u64;
        let judged = p.call(id, &request(id, "tools/call", json!({"name": "test_solution", "arguments": args})))?;
        let verdict = p.reply_result("test_solution")?["structuredContent"]["verdict"].clone();
        if verdict != "AC" {
            return Err(format!("test_solution: verdict {verdict}"));
        }
        let fetched = p.call(id + 1, &fetch.request(id + 1))?;
        if i >= WARM_UP {
            diffs.push(ms(judged) - ms(fetched));
        }
    }
    Ok(stats(&diffs))
}

pub(crate) fn measure_judge(opts: &Opts, failed: &mut bool) -> Result<JudgeFigures, String> {
    println!("\n== the judge's overhead per sample (test_solution − get_problem − the program run directly)");
    let n = (opts.calls / 4).max(10);
    let run = || -> Result<JudgeFigures, String> {
        let exe = build()?;
        let direct = direct_runs(&exe, n)?;
        let confined = judged_runs(&opts.server, &exe, n, opts, true)?;
        let plain = judged_runs(&opts.server, &exe, n, opts, false)?;
        println!(
            "direct run {:.2} ms; judged − fetched {:.2} ms with namespaces, {:.2} ms without (medians of {n})",
            direct.median, confined.median, plain.median
        );
        Ok(JudgeFigures { direct, confined, plain })
    };
    note("judge overhead", run(), failed)
}

pub(crate) fn judge_rows(figures: &Result<JudgeFigures, String>, rows: &mut Vec<Row>) {
    let cell = |f: fn(&JudgeFigures) -> f64| match figures {
        Ok(j) => Cell::ms(f(j)),
        Err(e) => Cell::text(e.clone()),
    };
    rows.push(Row::info("judge: one sample run directly (spawn → exit)", cell(|j| j.direct.median), Cell::default()));
    rows.push(Row::target(
        "judge: overhead per sample, confined (namespaces)",
        cell(|j| j.confined.median - j.direct.median),
        Cell::default(),
        "≤ 10 ms",
        Target::AtMost(10.0),
    ));
    rows.push(Row::target(
        "judge: overhead per sample, without namespaces",
        cell(|j| j.plain.median - j.direct.median),
        Cell::default(),
        "≤ 10 ms",
        Target::AtMost(10.0),
    ));
}
