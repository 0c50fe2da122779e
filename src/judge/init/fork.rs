//! Python's fork servers, for a batch's `fork` records (`batch.rs`): a stress round's Python
//! program starts three interpreters, 0.03 to 0.2 s of CPU each, more than the round's work.
//! So a batch starts one interpreter per program (`python [OPTIONS] -c FORK_PY SCRIPT`, in the
//! same sandbox and under the same limits as a run, the program's own words and options), which
//! compiles the script once, imports nothing of it, and for each run forks a child that runs the
//! compiled code as `__main__` on that run's files: fresh descriptors and `sys.std*` objects, a
//! fresh module (nothing a round does reaches the next: each is a fork of a server that never ran
//! the program), the run's `sys.argv`, and the interpreter's exit as a fresh run has it: a
//! traceback and 1 for an exception, `sys.exit`'s code, then the threads joined, `atexit`, the
//! output flushed (120 where that fails), `__main__` cleared, and `os._exit`. Not the
//! interpreter's teardown, which touched (so copied) the whole heap: 40 ms a child against 5.
//! The server freezes its objects (`gc.freeze`) so that a child's collections leave them alone.
//! A child runs one frame deeper than a script (`exec` from the server's module): a recursion
//! at the limit fails there first, and a run that fails in a batch is run again alone.
//!
//! The protocol, on the server's standard input and output: the server says `up` once compiled;
//! then a request is a line `STDIN\0STDOUT\0ARG…` (absolute paths; STDIN empty for none), its
//! answer a line: the child's raw wait status (0: it exited with 0). The time limit counts from
//! the request, less the server's own start (which a fresh run would have spent): the child has
//! the time a fresh run has for its work. A server that does not start or dies is dropped: its
//! runs of the rest of the batch start fresh (`batch::step`); one that hangs is a time-out (the
//! batch ends). The init kills and waits for its servers at the batch's end (so that their CPU
//! time counts in the run's); they would die with its namespace anyway. They write only the
//! run's folder, through their children.
//!
//! A child can reach its server (same user: `/proc/PPID/fd`) and forge answers, as a program can
//! already overwrite its round's files in the folder: only its own rounds' verdicts change, and
//! any round that fails is run again alone, fresh, for its report.

use std::ffi::{OsStr, OsString};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A run of a batch's plan (a `run`, `try` or `fork` record, `batch.rs`): its time limit, folder,
/// files (in the run's folder), words, and the prefix and variables the init gives every run.
pub(super) struct Run<'a> {
    pub(super) ms: u64,
    pub(super) cwd: &'a str,
    pub(super) stdin: &'a str,
    pub(super) stdout: &'a str,
    pub(super) words: Vec<&'a str>,
    pub(super) prefix: &'a [OsString],
    pub(super) vars: &'a [(&'a str, &'a str)],
}

/// The server's Python (2.4 KB).
const FORK_PY: &str = include_str!("fork.py");

/// A running server: its process, its requests' pipe, its answers (a line each, read by a thread
/// so that each wait is timed), and how long it took to start.
struct Server {
    child: Child,
    to: ChildStdin,
    from: Receiver<bool>,
    start: Duration,
}

/// The batch's servers, by the words that start them (the program's, with its folder); `None`
/// for one that could not start or died: its runs start fresh.
#[derive(Default)]
pub(super) struct Servers(Vec<(Vec<String>, Option<Server>)>);

impl Servers {
    /// Runs `run` through the server of its first `k` words (started at its first run): whether
    /// it exited with 0, `None` where it ran out of time. Where no server is there, `fresh`.
    pub(super) fn run(
        &mut self,
        k: usize,
        run: &Run,
        dir: &Path,
        fresh: &dyn Fn(&Run) -> Option<bool>,
    ) -> Option<bool> {
        let (Some(words), Some(extra)) = (run.words.get(..k), run.words.get(k..)) else { return None };
        let key: Vec<String> = std::iter::once(run.cwd).chain(words.iter().copied()).map(String::from).collect();
        let at = match self.0.iter().position(|(w, _)| *w == key) {
            Some(at) => at,
            None => {
                self.0.push((key, start(words, run)));
                self.0.len() - 1
            }
        };
        let Some(server) = &mut self.0[at].1 else { return fresh(run) };
        match call(server, run, dir, extra) {
            Some(Ok(done)) => Some(done),
            Some(Err(RecvTimeoutError::Timeout)) => None,
            _ => {
                self.0[at].1 = None;
                fresh(run)
            }
        }
    }
}

impl Drop for Servers {
    /// Ends the servers and waits for them, so that their CPU time counts in the run's (a
    /// process the namespace's end kills is waited for by nobody).
    fn drop(&mut self) {
        for s in self.0.iter_mut().filter_map(|(_, s)| s.as_mut()) {
            let _ = s.child.kill();
            let _ = s.child.wait();
        }
    }
}

/// Starts the server of `words` (the interpreter, its options, the script last) for `run`'s
/// prefix, variables and folder; `None` where it did not say `up` within the run's time.
fn start(words: &[&str], run: &Run) -> Option<Server> {
    let (script, python) = words.split_last()?;
    let mut argv = run.prefix.iter().map(OsString::as_os_str).chain(python.iter().map(OsStr::new));
    let mut cmd = Command::new(argv.next()?);
    cmd.args(argv).args(["-c", FORK_PY, script]).envs(run.vars.iter().copied());
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
    if !run.cwd.is_empty() {
        cmd.current_dir(run.cwd);
    }
    let began = Instant::now();
    let mut child = cmd.spawn().ok()?;
    let (to, out) = (child.stdin.take()?, child.stdout.take()?);
    let (tx, from) = mpsc::channel();
    // Each line as whether it says `up` or 0 (a `bool` channel, as `batch::step`'s: no new code).
    let reader =
        move || BufReader::new(out).lines().map_while(Result::ok).try_for_each(|l| tx.send(l == "up" || l == "0"));
    let up = std::thread::Builder::new()
        .spawn(reader)
        .is_ok()
        .then(|| from.recv_timeout(Duration::from_millis(run.ms)))
        .is_some_and(|l| l == Ok(true));
    if !up {
        let _ = child.kill();
        return None;
    }
    Some(Server { child, to, from, start: began.elapsed() })
}

/// One request: the child's success, or why there is none (a time-out; `Disconnected` for a
/// server gone); `None` where the request cannot be said (a newline in a word).
fn call(s: &mut Server, run: &Run, dir: &Path, extra: &[&str]) -> Option<Result<bool, RecvTimeoutError>> {
    let file = |name: &str| if name.is_empty() { String::new() } else { dir.join(name).to_string_lossy().into_owned() };
    let mut line = [file(run.stdin), file(run.stdout)].join("\0");
    extra.iter().for_each(|w| line.extend(["\0", w]));
    if line.contains('\n') {
        return None;
    }
    line.push('\n');
    let limit = Duration::from_millis(run.ms).saturating_sub(s.start);
    if s.to.write_all(line.as_bytes()).is_err() {
        return Some(Err(RecvTimeoutError::Disconnected));
    }
    Some(s.from.recv_timeout(limit))
}
