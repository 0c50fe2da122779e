//! One run of one program: spawned in its own process group with a clean environment, its input
//! written and its output read on threads (output capped), stopped at the wall-clock limit, on
//! cancellation or on too much output, with every process it started.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// How much of stderr is kept (its end: where the error usually is). An AddressSanitizer report
/// (`verdict::shown_stderr`) with its two stacks of templates' long names and its shadow map
/// took 5 to 8 KB: its head, the error, must be kept.
const STDERR_TAIL: usize = 16 << 10;
/// How often a waiting run looks at the cancellation flag.
const POLL: Duration = Duration::from_millis(20);
/// How long the readers may take to see end of file once the program is gone: long enough for
/// a busy machine (at load 20 a reader thread waited past 500 ms, and a run that printed its
/// answer was judged on no output). It is waited out only when a process outside the run still
/// holds the pipe (without a PID namespace, one that left the process group).
const DRAIN: Duration = Duration::from_secs(5);
/// How long a killed program may take to be seen gone before it is killed again.
const KILL_AGAIN: Duration = Duration::from_secs(1);

/// What to run.
pub(crate) struct Spec<'a> {
    /// The command, already wrapped by `sandbox::wrap`.
    pub(crate) argv: &'a [String],
    pub(crate) cwd: &'a Path,
    pub(crate) env: &'a [(String, String)],
    pub(crate) stdin: &'a [u8],
    /// Where `stdin` goes for the judge's init to open instead (`sandbox::wrap`): the child's
    /// standard input is then the run's lifeline, held open and never written until the run is
    /// over.
    pub(crate) stdin_file: Option<&'a Path>,
    /// Wall-clock limit.
    pub(crate) time_ms: u64,
    /// Bytes of stdout kept; one more is an output-limit failure.
    pub(crate) output_cap: usize,
    /// Whether to kill the process group after a normal exit too (no PID namespace: children
    /// the program left behind would otherwise live on).
    pub(crate) kill_group_after: bool,
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum End {
    /// Exited with this code.
    Code(i32),
    /// Killed by this signal (Unix), not by us.
    #[cfg_attr(not(unix), allow(dead_code))]
    Signal(i32),
    /// Killed by us at the wall-clock limit.
    TimedOut,
    /// Killed by us: more output than the cap.
    OutputLimit,
    /// Killed by us: the call was cancelled.
    Cancelled,
    /// Could not be started (the message says why).
    NotStarted(String),
}

/// How a run ended, in words: for messages, which never rely on a derived `Debug` (the shipped
/// build prints only a variant's name there, `-Zfmt-debug=shallow`).
impl std::fmt::Display for End {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            End::Code(c) => write!(f, "exited with code {c}"),
            End::Signal(s) => write!(f, "killed by signal {s}"),
            End::TimedOut => f.write_str("stopped at the time limit"),
            End::OutputLimit => f.write_str("stopped: more output than the cap"),
            End::Cancelled => f.write_str("cancelled"),
            End::NotStarted(why) => write!(f, "not started: {why}"),
        }
    }
}

/// The result of one run.
#[derive(Debug)]
pub(crate) struct Outcome {
    pub(crate) end: End,
    /// Wall-clock time from spawn to exit.
    pub(crate) time_ms: u64,
    /// Standard output, at most the cap.
    pub(crate) stdout: Vec<u8>,
    /// The end of standard error, lossily decoded.
    pub(crate) stderr: String,
    /// Microseconds from entering [`run`] to the spawn returning, and from the exit being seen to
    /// returning (the judge's own overhead, for `make bench`).
    pub(crate) overhead_us: (u64, u64),
    /// When the spawn returned and when the exit was seen (`make bench` places them in the call).
    pub(crate) spawned: Instant,
    pub(crate) exited: Instant,
}

/// What the waiter and the stdout reader tell the supervisor, each followed by a wake-up on a
/// `()` channel (the type the server's channels already use: no second copy of the channel code).
#[derive(Default)]
struct Signals {
    /// The exit status, and when it was seen.
    exit: Mutex<Option<(std::io::Result<ExitStatus>, Instant)>>,
    /// More output than the cap.
    overflow: AtomicBool,
}

/// Runs `spec` to the end; `cancelled` is polled while it runs.
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn run(spec: &Spec, cancelled: &dyn Fn() -> bool) -> Outcome {
    let entered = Instant::now();
    let input = spec.stdin_file.map_or(Ok(()), |f| std::fs::write(f, spec.stdin));
    let mut child = match input.and_then(|()| command(spec).spawn()) {
        Ok(c) => c,
        Err(e) => {
            let what = spec.argv.first().map_or("", String::as_str);
            return Outcome {
                end: End::NotStarted(format!("cannot start {what}: {e}")),
                time_ms: 0,
                stdout: Vec::new(),
                stderr: String::new(),
                overhead_us: (0, 0),
                spawned: entered,
                exited: entered,
            };
        }
    };
    let started = Instant::now();
    let pid = child.id();
    let (tx, wake) = mpsc::channel();
    let signals = Arc::new(Signals::default());
    let io = Io::start(&mut child, spec, &tx, &signals);
    let shared = signals.clone();
    let waiter = thread::Builder::new().name("oj-judge-wait".into()).spawn(move || {
        let status = child.wait();
        *shared.exit.lock().unwrap_or_else(PoisonError::into_inner) = Some((status, Instant::now()));
        let _ = tx.send(());
    });
    let (status, exited, ours) = supervise(&wake, &signals, pid, spec, started, cancelled);
    let seen = Instant::now();
    if let Ok(w) = waiter {
        let _ = w.join();
    }
    if spec.kill_group_after {
        kill_tree(pid);
    }
    let (stdout, stderr) = io.finish();
    let end = match (ours, status) {
        (Some(end), _) => end,
        (None, Some(s)) => decode(s),
        (None, None) => End::NotStarted("waiting for the program failed".into()),
    };
    let time_ms = exited.saturating_duration_since(started).as_millis() as u64;
    let overhead_us = (started.duration_since(entered).as_micros() as u64, seen.elapsed().as_micros() as u64);
    Outcome { end, time_ms, stdout, stderr, overhead_us, spawned: started, exited }
}

/// Waits for the exit, killing the tree at the limit, on cancellation or on an overflow. Returns
/// the status, when the exit was seen, and the end we caused, if any.
fn supervise(
    wake: &Receiver<()>,
    signals: &Signals,
    pid: u32,
    spec: &Spec,
    started: Instant,
    cancelled: &dyn Fn() -> bool,
) -> (Option<ExitStatus>, Instant, Option<End>) {
    let deadline = started + Duration::from_millis(spec.time_ms);
    let mut ours: Option<End> = None;
    let mut killed = Instant::now();
    loop {
        // Until the deadline, wake for it; after a kill, only for the exit.
        let wait = if ours.is_some() { POLL } else { deadline.saturating_duration_since(Instant::now()).min(POLL) };
        let gone = wake.recv_timeout(wait) == Err(RecvTimeoutError::Disconnected);
        if let Some((status, at)) = signals.exit.lock().unwrap_or_else(PoisonError::into_inner).take() {
            // An overflow can end the program before we look (`yes` dies of SIGPIPE once the
            // reader stops at the cap): the overflow is still the verdict, not that exit.
            let ours = ours.or_else(|| signals.overflow.load(Ordering::Relaxed).then_some(End::OutputLimit));
            return (status.ok(), at, ours);
        }
        if gone {
            // No waiter (its thread could not start): nobody will report the exit.
            kill_tree(pid);
            return (None, Instant::now(), ours);
        }
        if ours.is_some() {
            // The kill did not end it (yet): try again now and then rather than wait forever.
            if killed.elapsed() >= KILL_AGAIN {
                kill_tree(pid);
                killed = Instant::now();
            }
            continue;
        }
        ours = if signals.overflow.load(Ordering::Relaxed) {
            Some(End::OutputLimit)
        } else if cancelled() {
            Some(End::Cancelled)
        } else if Instant::now() >= deadline {
            Some(End::TimedOut)
        } else {
            None
        };
        if ours.is_some() {
            kill_tree(pid);
            killed = Instant::now();
        }
    }
}

fn command(spec: &Spec) -> Command {
    let mut cmd = Command::new(spec.argv.first().map_or("", String::as_str));
    cmd.args(spec.argv.iter().skip(1))
        .current_dir(spec.cwd)
        .env_clear()
        .envs(spec.env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        // Its own process group, so one `kill -- -pgid` reaches everything it starts (that
        // stays in the group; the PID namespace catches the rest).
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
    }
    #[cfg(windows)]
    {
        use std::os::windows::process::CommandExt;
        // CREATE_NO_WINDOW: no console window flashes up for a console program.
        cmd.creation_flags(0x0800_0000);
    }
    cmd
}

/// Kills the process group `pid` leads, and so (through `--kill-child`) its PID namespace.
#[cfg(unix)]
fn kill_tree(pid: u32) {
    // No environment: nothing of the server's to pass on, and no `LANG` whose locale `kill`
    // would load first (a dozen files, about 0.3 ms).
    let r = Command::new(super::paths::tool("kill"))
        .args(["-KILL", "--", &format!("-{pid}")])
        .env_clear()
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    if let Err(e) = r {
        crate::warn!("judge: cannot run kill: {e}");
    }
}

/// Kills the process `pid` and its descendants: `taskkill /F /T`, else (Wine's taskkill has no
/// `/T`) the descendants found in `wmic`'s process table, killed with it by their ids.
#[cfg(windows)]
fn kill_tree(pid: u32) {
    let taskkill = |args: &[String]| {
        let mut c = Command::new("taskkill");
        c.args(args).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null());
        c.status().map_err(|e| crate::warn!("judge: cannot run taskkill: {e}")).is_ok_and(|s| s.success())
    };
    if taskkill(&["/F", "/T", "/PID", &pid.to_string()].map(String::from)) {
        return;
    }
    let table = Command::new("wmic")
        .args(["process", "get", "ParentProcessId,ProcessId"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .map(|o| o.stdout)
        .unwrap_or_default();
    let mut args = vec!["/F".to_string()];
    for p in std::iter::once(pid).chain(descendants(&table, pid)) {
        args.extend(["/PID".to_string(), p.to_string()]);
    }
    taskkill(&args);
}

/// The descendants of `root` in `wmic process get ParentProcessId,ProcessId`'s output (UTF-16
/// with a byte-order mark, or plain text): rows of a parent id and a process id.
#[cfg(any(windows, test))]
fn descendants(table: &[u8], root: u32) -> Vec<u32> {
    let text = match table {
        [0xFF, 0xFE, rest @ ..] => String::from_utf16_lossy(
            &rest.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect::<Vec<_>>(),
        ),
        _ => String::from_utf8_lossy(table).into_owned(),
    };
    let pairs: Vec<(u32, u32)> = text
        .lines()
        .filter_map(|l| {
            let mut n = l.split_whitespace().map(str::parse::<u32>);
            match (n.next(), n.next()) {
                (Some(Ok(parent)), Some(Ok(pid))) if pid != parent => Some((parent, pid)),
                _ => None,
            }
        })
        .collect();
    let mut found = vec![root];
    let mut i = 0;
    while let Some(&p) = found.get(i) {
        for &(parent, pid) in &pairs {
            if parent == p && !found.contains(&pid) {
                found.push(pid);
            }
        }
        i += 1;
    }
    found.remove(0);
    found
}

#[cfg(unix)]
fn decode(s: ExitStatus) -> End {
    use std::os::unix::process::ExitStatusExt;
    match (s.code(), s.signal()) {
        (Some(c), _) => End::Code(c),
        (None, Some(sig)) => End::Signal(sig),
        (None, None) => End::Code(-1),
    }
}

#[cfg(not(unix))]
fn decode(s: ExitStatus) -> End {
    End::Code(s.code().unwrap_or(-1))
}

/// The three pipe threads of a run. The readers fill shared buffers, so that what was read is
/// there even when a reader is still blocked (a process outside our reach holds the pipe).
struct Io {
    stdin: Option<thread::JoinHandle<()>>,
    /// The init's lifeline (`Spec::stdin_file`), closed once the run is over.
    lifeline: Option<ChildStdin>,
    stdout: Arc<Mutex<Vec<u8>>>,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// One message per reader at end of file.
    done: Receiver<()>,
    readers: Vec<thread::JoinHandle<()>>,
}

impl Io {
    fn start(child: &mut Child, spec: &Spec, tx: &Sender<()>, signals: &Arc<Signals>) -> Io {
        let input = spec.stdin.to_vec();
        let lifeline = if spec.stdin_file.is_some() { child.stdin.take() } else { None };
        let stdin = child.stdin.take().and_then(|mut pipe| {
            thread::Builder::new()
                .name("oj-judge-in".into())
                .spawn(move || {
                    // A program that stops reading early closes the pipe: not an error.
                    let _ = pipe.write_all(&input);
                })
                .ok()
        });
        let (stdout, stderr) = (Arc::new(Mutex::new(Vec::new())), Arc::new(Mutex::new(Vec::new())));
        let (done_tx, done) = mpsc::channel();
        let mut readers = Vec::new();
        if let Some(pipe) = child.stdout.take() {
            let (cap, tx, buf, done_tx) = (spec.output_cap, tx.clone(), stdout.clone(), done_tx.clone());
            let signals = signals.clone();
            let spawned = thread::Builder::new().name("oj-judge-out".into()).spawn(move || {
                let mut pipe = pipe;
                if read_capped(&mut pipe, cap, &buf) {
                    signals.overflow.store(true, Ordering::Relaxed);
                    let _ = tx.send(());
                }
                // Closed only now: a program killed by SIGPIPE at the cap is seen after the
                // overflow, which is its verdict (else its exit could be judged first: RE).
                drop(pipe);
                let _ = done_tx.send(());
            });
            readers.extend(spawned.ok());
        }
        if let Some(pipe) = child.stderr.take() {
            let buf = stderr.clone();
            let spawned = thread::Builder::new().name("oj-judge-err".into()).spawn(move || {
                read_tail(pipe, &buf);
                let _ = done_tx.send(());
            });
            readers.extend(spawned.ok());
        }
        Io { stdin, lifeline, stdout, stderr, done, readers }
    }

    /// What was read: both readers at end of file, or whatever they had after [`DRAIN`].
    fn finish(mut self) -> (Vec<u8>, String) {
        // The program has ended: an init still there ends now, and its namespace with it.
        drop(self.lifeline.take());
        let deadline = Instant::now() + DRAIN;
        for _ in 0..self.readers.len() {
            if self.done.recv_timeout(deadline.saturating_duration_since(Instant::now())).is_err() {
                crate::debug!("judge: a process outside the run still holds its output pipe");
                break;
            }
        }
        let stdout = std::mem::take(&mut *lock(&self.stdout));
        let mut tail = std::mem::take(&mut *lock(&self.stderr));
        if tail.len() > STDERR_TAIL {
            tail.drain(..tail.len() - STDERR_TAIL);
        }
        // Each thread has signalled and is returning, or is still blocked: join the first kind.
        for h in self.readers.into_iter().chain(self.stdin) {
            if h.is_finished() || wait_briefly(&h) {
                let _ = h.join();
            }
        }
        (stdout, String::from_utf8_lossy(&tail).into_owned())
    }
}

fn lock(m: &Mutex<Vec<u8>>) -> std::sync::MutexGuard<'_, Vec<u8>> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Whether a thread that has just sent its result finishes within a moment.
fn wait_briefly(h: &thread::JoinHandle<()>) -> bool {
    for _ in 0..50 {
        if h.is_finished() {
            return true;
        }
        thread::sleep(Duration::from_micros(100));
    }
    false
}

/// Reads up to `cap` bytes into `buf`; `true` when there was more (reading stops there).
fn read_capped(pipe: &mut ChildStdout, cap: usize, buf: &Mutex<Vec<u8>>) -> bool {
    let mut chunk = [0u8; 16 * 1024];
    loop {
        match pipe.read(&mut chunk) {
            Ok(0) | Err(_) => return false,
            Ok(n) => {
                let mut out = lock(buf);
                if out.len() + n > cap {
                    let room = cap - out.len();
                    out.extend_from_slice(&chunk[..room]);
                    return true;
                }
                out.extend_from_slice(&chunk[..n]);
            }
        }
    }
}

/// Reads everything into `buf`, keeping about the last [`STDERR_TAIL`] bytes.
fn read_tail(mut pipe: ChildStderr, buf: &Mutex<Vec<u8>>) {
    let mut chunk = [0u8; 8192];
    loop {
        match pipe.read(&mut chunk) {
            Ok(0) | Err(_) => return,
            Ok(n) => {
                let mut tail = lock(buf);
                tail.extend_from_slice(&chunk[..n]);
                if tail.len() > 2 * STDERR_TAIL {
                    let cut = tail.len() - STDERR_TAIL;
                    tail.drain(..cut);
                }
            }
        }
    }
}

#[cfg(test)]
mod wmic_tests {
    use super::descendants;

    #[test]
    fn descendants_from_the_process_table() {
        let text = "ParentProcessId  ProcessId\r\n0  4\r\n4  804\r\n804  812\r\n812  900\r\n4  30\r\n900  900\r\n";
        assert_eq!(descendants(text.as_bytes(), 804), vec![812, 900]);
        let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
        assert_eq!(descendants(&utf16, 4), vec![804, 30, 812, 900]);
        assert_eq!(descendants(b"", 4), Vec::<u32>::new());
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn sh(script: &str, time_ms: u64, cap: usize) -> Outcome {
        let argv: Vec<String> = vec!["sh".into(), "-c".into(), script.into()];
        let env = vec![("PATH".to_string(), std::env::var("PATH").unwrap_or_default())];
        let dir = std::env::temp_dir();
        let spec = Spec {
            argv: &argv,
            cwd: &dir,
            env: &env,
            stdin: b"3 4\n",
            stdin_file: None,
            time_ms,
            output_cap: cap,
            kill_group_after: true,
        };
        run(&spec, &|| false)
    }

    #[test]
    fn exit_codes_output_and_limits() {
        let o = sh("read a b; echo $((a+b)); echo oops >&2; exit 3", 5000, 1 << 20);
        assert_eq!((o.end, o.stdout, o.stderr), (End::Code(3), b"7\n".to_vec(), "oops\n".into()));
        let o = sh("sleep 5", 200, 1 << 20);
        assert_eq!(o.end, End::TimedOut);
        assert!(o.time_ms < 2000, "{}", o.time_ms);
        let o = sh("yes", 5000, 1000);
        assert_eq!((o.end, o.stdout.len()), (End::OutputLimit, 1000));
        let o = sh("kill -SEGV $$", 5000, 1000);
        assert_eq!(o.end, End::Signal(11));
        assert!(matches!(sh_missing().end, End::NotStarted(_)));
    }

    fn sh_missing() -> Outcome {
        let argv = vec!["/nonexistent/prog".to_string()];
        let dir = std::env::temp_dir();
        let spec = Spec {
            argv: &argv,
            cwd: &dir,
            env: &[],
            stdin: b"",
            stdin_file: None,
            time_ms: 100,
            output_cap: 10,
            kill_group_after: false,
        };
        run(&spec, &|| false)
    }
}
