//! The judge's own overhead per sample (`test_solution`): a trivial C program run directly,
//! against the same program judged through the server on a one-sample problem (Codeforces 1A),
//! minus the `get_problem` round trip of that problem (the fetch both share). What is left is
//! the judge: argument checks, statement reading, the folder, the sandbox's wrappers (`prlimit`,
//! then `bwrap`, or `unshare` and the mount table, and the init: the binary again), the pipes,
//! the comparison and the reply. Measured each way the judge confines a run: with bubblewrap,
//! with it hidden from the server's `PATH` (`unshare` with the mount table), and without
//! namespaces (`OJ_JUDGE_NO_NAMESPACES=1`), to show what each costs.
//!
//! Split in two at the program's run: the server, at `--log-level debug` (read from its stderr),
//! says when it saw the program exit, counted from the call's start. Call → program start is that
//! instant minus the fetch and minus the program's own run (as run directly; the wrappers start
//! before the program, so their cost is counted here); program exit → reply is the call's round
//! trip after that instant (the reply's serialisation and the pipe, and the request's way in).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
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
    /// Each way, in [`WAYS`]' order: `n/a` where this machine lacks it.
    ways: Vec<Result<Judged, String>>,
}

/// How the server confines the runs being measured.
#[derive(Clone, Copy, PartialEq)]
enum Way {
    /// bubblewrap on the server's `PATH`.
    Bwrap,
    /// bubblewrap hidden: `unshare`, and the mount table the init applies.
    Unshare,
    /// `OJ_JUDGE_NO_NAMESPACES=1`: only `setpriv`/`prlimit`, and a `kill` of the process group
    /// after each run, since no PID namespace ends the program's children.
    Plain,
}

const WAYS: [Way; 3] = [Way::Bwrap, Way::Unshare, Way::Plain];

impl Way {
    /// The row's words, and the `confinement.engine` the result must name.
    fn words(self) -> (&'static str, &'static str) {
        match self {
            Way::Bwrap => ("confined (bubblewrap)", "bwrap"),
            Way::Unshare => ("confined (unshare, bwrap hidden)", "unshare"),
            Way::Plain => ("without namespaces", "none"),
        }
    }
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

/// A folder of links to every program on `PATH` but `bwrap` (the first of each name): a `PATH`
/// without bubblewrap, in target/bench/judge/no-bwrap.
fn path_without_bwrap() -> Result<String, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench/judge/no-bwrap");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = std::env::var_os("PATH").unwrap_or_default();
    for folder in std::env::split_paths(&path) {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let link = dir.join(entry.file_name());
            if entry.file_name() != "bwrap" && !link.exists() {
                #[cfg(unix)]
                std::os::unix::fs::symlink(entry.path(), &link).map_err(|e| format!("{}: {e}", link.display()))?;
            }
        }
    }
    Ok(dir.display().to_string())
}

/// `test_solution` minus `get_problem`, call by call, split at the program's exit.
fn judged_runs(cmd: &[String], exe: &str, n: usize, opts: &Opts, way: Way) -> Result<Judged, String> {
    let served = backend::Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let mut c = Proc::command(cmd, &served.url());
    c.env("OJ_ALLOW_RUN", "1").env("OJ_LOG", "debug").stderr(Stdio::piped());
    match way {
        Way::Bwrap => {}
        Way::Unshare => {
            c.env("PATH", path_without_bwrap()?);
        }
        Way::Plain => {
            c.env("OJ_JUDGE_NO_NAMESPACES", "1");
        }
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
        let result = p.reply_result("test_solution")?["structuredContent"].clone();
        if result["verdict"] != "AC" {
            return Err(format!("test_solution: verdict {}", result["verdict"]));
        }
        // A server from before `engine` (an older build, to compare with) confines its own way.
        let engine = &result["confinement"]["engine"];
        if !engine.is_null() && engine != way.words().1 {
            return na(&format!("the runs were confined with {engine} here"));
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
    let exe = note("judge overhead", build(), failed)?;
    let direct = note("judge overhead", direct_runs(&exe, n), failed)?;
    let mut ways = Vec::new();
    for way in WAYS {
        let what = way.words().0;
        let j = note(&format!("judge overhead, {what}"), judged_runs(&opts.server, &exe, n, opts, way), failed);
        match &j {
            Ok(j) => println!(
                "{what}: judged − fetched {:.2} ms = call → program start {:.2} ms (the first wrapper spawned at \
{:.2} ms) + the program {:.2} ms (run directly) + its exit → reply {:.2} ms (medians of {n})",
                j.total.median,
                j.to_exit.median - direct.median,
                j.to_spawn.median,
                direct.median,
                j.after.median
            ),
            Err(e) => println!("{what}: {e}"),
        }
        ways.push(j);
    }
    Ok(JudgeFigures { direct, ways })
}

pub(crate) fn judge_rows(figures: &Result<JudgeFigures, String>, rows: &mut Vec<Row>) {
    let direct = |f: &Result<JudgeFigures, String>| match f {
        Ok(j) => Cell::ms(j.direct.median),
        Err(e) => Cell::text(e.clone()),
    };
    rows.push(Row::info("judge: one sample run directly (spawn → exit)", direct(figures), Cell::default()));
    for (i, way) in WAYS.iter().enumerate() {
        let what = way.words().0;
        let cell = |f: &dyn Fn(&Judged, f64) -> f64| match figures.as_ref().map(|j| (j.ways.get(i), j.direct.median)) {
            Ok((Some(Ok(j)), direct)) => Cell::ms(f(j, direct)),
            Ok((Some(Err(e)), _)) => Cell::text(e.clone()),
            Ok((None, _)) => Cell::default(),
            Err(e) => Cell::text(e.clone()),
        };
        let rows_of: [(String, Cell, &str, f64); 3] = [
            (format!("judge: overhead per sample, {what}"), cell(&|j, d| j.total.median - d), "≤ 10 ms", 10.0),
            (
                format!("  of which call → program start (fetch excluded), {what}"),
                cell(&|j, d| j.to_exit.median - d),
                "≤ 5 ms",
                5.0,
            ),
            (format!("  and program exit → reply, {what}"), cell(&|j, _| j.after.median), "≤ 5 ms", 5.0),
        ];
        for (name, value, words, at_most) in rows_of {
            rows.push(Row::target(name, value, Cell::default(), words, Target::AtMost(at_most)));
        }
    }
}
