//! The init's batch mode: many runs in one sandbox, for `stress_test`'s rounds (one sandbox's
//! start, 5 to 9 ms, instead of three per round). The server writes a plan (`stress/batch.rs`)
//! as the run's input file; the init reads it whole before anything runs, then follows it:
//!
//! - `write NAME DATA`: writes DATA to the file NAME of the run's folder (the inputs the server
//!   made; all written before the first run);
//! - `run TIME_MS CWD STDIN STDOUT N ARG…`: runs the N words (after the prefix the sandbox put
//!   before the batch's marker: `setpriv`'s capability drop under `unshare`), its standard input
//!   the file STDIN (none when empty) and its output the new file STDOUT, standard error thrown
//!   away, in CWD (the init's when empty), killed at TIME_MS;
//! - `fork K …`: as `run`, for a Python script (its first K words: the interpreter, its options,
//!   the script; the rest its arguments), through the batch's fork server of those words
//!   (`fork.rs`): the interpreter starts once per batch, not once per run;
//! - `try …`: as `run`, but a program that exits with another code than 0 does not stop the
//!   batch (a LeetCode driver that ran many testcases and stopped at one: `stress/batch.rs`); a
//!   time-out does;
//! - `done ROUND`: prints ROUND on a line: all its runs succeeded.
//!
//! Fields are separated by NUL bytes; names are relative to the run's folder. At the first run
//! that does not exit with 0 (a crash, a time-out, a file it cannot create) the init exits with 1,
//! and as PID 1 takes every process of the run with it; the server runs that round again alone
//! for its report. The limits of `prlimit` hold for each process on its own (address space, CPU
//! seconds, and here the size of a file: an endless output stops at the cap, not at the disk's end).

use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use super::fork::{Run, Servers};

/// The word that makes the init's program a batch: `--oj-judge-init … -- [PREFIX…] BATCH [WORDS…]`
/// (the words after it only tell the sandbox which folders to keep readable).
pub const BATCH: &str = "--oj-judge-batch";

/// Follows the plan in `plan` (the run's input file); `dir` is the run's folder, `prefix` the
/// words before [`BATCH`], `vars` the variables the init gives its programs.
pub(super) fn run(plan: &Path, dir: &Path, prefix: &[OsString], vars: &[(&str, &str)]) -> ExitCode {
    let (Ok(bytes), Ok(dir)) = (std::fs::read(plan), std::path::absolute(dir)) else { return ExitCode::from(127) };
    let text = String::from_utf8_lossy(&bytes);
    let mut f = text.split('\0');
    let mut out = std::io::stdout().lock();
    let mut servers = Servers::default();
    let fresh = |r: &Run| step(r, &dir);
    while let Some(kind) = f.next() {
        let ok = match kind {
            "write" => f.next().zip(f.next()).is_some_and(|(name, data)| std::fs::write(dir.join(name), data).is_ok()),
            "done" => f.next().is_some_and(|round| writeln!(out, "{round}").and_then(|()| out.flush()).is_ok()),
            "run" => record(&mut f, prefix, vars).and_then(|r| step(&r, &dir)) == Some(true),
            "try" => record(&mut f, prefix, vars).and_then(|r| step(&r, &dir)).is_some(),
            "fork" => {
                let k = f.next().and_then(|k| k.parse().ok());
                let r = record(&mut f, prefix, vars);
                k.zip(r).and_then(|(k, r)| servers.run(k, &r, &dir, &fresh)) == Some(true)
            }
            "" => f.next().is_none(),
            _ => false,
        };
        if !ok {
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

/// The fields of a record after its kind; `None` where they are not all there.
fn record<'a>(
    f: &mut impl Iterator<Item = &'a str>,
    prefix: &'a [OsString],
    vars: &'a [(&'a str, &'a str)],
) -> Option<Run<'a>> {
    let (Some(ms), Some(cwd), Some(stdin), Some(stdout), Some(n)) = (f.next(), f.next(), f.next(), f.next(), f.next())
    else {
        return None;
    };
    let (Ok(ms), Ok(n)) = (ms.parse::<u64>(), n.parse::<usize>()) else { return None };
    let words: Vec<&str> = f.take(n).collect();
    (words.len() == n).then_some(Run { ms, cwd, stdin, stdout, words, prefix, vars })
}

/// One run, started fresh: whether the program exited with 0, `None` where it did not end
/// within its time (or could not start).
fn step(r: &Run, dir: &Path) -> Option<bool> {
    let mut argv = r.prefix.iter().map(OsString::as_os_str).chain(r.words.iter().map(|w| w.as_ref()));
    let program = argv.next()?;
    let input = if r.stdin.is_empty() { Ok(Stdio::null()) } else { File::open(dir.join(r.stdin)).map(Stdio::from) };
    // A new file: one a program of an earlier round put there (a link elsewhere) fails the run.
    let output = OpenOptions::new().write(true).create_new(true).open(dir.join(r.stdout));
    let (Ok(input), Ok(output)) = (input, output) else { return None };
    let mut cmd = Command::new(program);
    cmd.args(argv).envs(r.vars.iter().copied()).stdin(input).stdout(output).stderr(Stdio::null());
    if !r.cwd.is_empty() {
        cmd.current_dir(r.cwd);
    }
    let mut child = cmd.spawn().ok()?;
    // A waiter thread, so that the time limit is a timed receive: no polling. At the limit the
    // init exits (the caller's 1), and the kernel kills the program with the namespace.
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new().spawn(move || tx.send(child.wait().is_ok_and(|s| s.success()))).ok()?;
    rx.recv_timeout(Duration::from_millis(r.ms)).ok()
}
