//! The judge's init: PID 1 of a run's PID namespace, so that the program is not. The kernel
//! drops every signal a namespace's PID 1 sends itself while that signal's action is the
//! default, so a program that is PID 1 cannot `abort()` (glibc then executes `hlt`: SIGSEGV) nor
//! `raise` anything: a failed `assert` or an uncaught C++ exception looked like a segfault. This
//! init, the server's own binary started again with [`FLAG`], runs the program as its child,
//! waits for it and reports how it ended. Its standard input is the run's lifeline: when the
//! server closes it (or dies), the init exits and the namespace ends with it, which spares each
//! run `setpriv`'s parent-death signal (see [`main`]).
//!
//! PID 1 cannot end by the program's signal either (it would ignore it as well), and an exit code
//! alone cannot tell "killed by signal N" from "exited with 128 + N". So a signal is also written
//! to a status file outside the program's folder, which the server reads (`sandbox::exact_end`).
//! A program may forge or spoil that file: it only changes its own verdict.
//!
//! Under `unshare` with a mount table, the init also applies the table first (`--setup`: one
//! `mount -a`, run inside the run's namespaces where its mounts cannot reach the system); the
//! program does not start unless it succeeded.
//!
//! Why not a ready-made tool: util-linux's `unshare --fork` re-raises its child's signal on
//! itself, which is what we want only where it is not PID 1 (here it would be); coreutils
//! `timeout` as PID 1 exits with 128 + N, the same ambiguity. Neither writes the signal anywhere.

mod batch;
mod fork;

use std::ffi::OsString;
use std::io::Write;
use std::process::{Command, ExitCode, ExitStatus, Stdio};

pub use batch::BATCH;

/// The hidden first argument that starts the binary as the judge's init:
/// `oj-mcp-rs --oj-judge-init STATUS INPUT [NAME=VALUE…] [--setup COMMAND…] -- PROGRAM [ARGS…]`.
pub const FLAG: &str = "--oj-judge-init";

/// Before the program, the command after it runs to its end and must succeed: the mount table of
/// a run confined by `unshare` (`sandbox/mounts.rs`), applied inside the run's namespaces.
pub(crate) const SETUP: &str = "--setup";

/// The init's exit code when its lifeline ended before the program did.
const ABANDONED: u8 = 125;

/// Waits for the process `pid` and returns its raw wait status and its peak resident memory in
/// KiB (`wait4`'s `ru_maxrss`: the largest of it and the descendants it waited for). The binary
/// gives one where it can (`src/main.rs`, the library has no unsafe code); `None` from it, or
/// no function, and the init waits as std does, without a measure.
pub type Wait = Option<fn(u32) -> Option<(i32, u64)>>;

/// Where the init writes the program's peak memory: beside `status`, created new as it is.
fn memory_file(status: &std::path::Path) -> std::path::PathBuf {
    status.with_extension("memory")
}

/// The peak memory in KiB the init wrote for a run whose status file is `status`; `None` where
/// it measured none. A program may forge the file, as the status: only its own report changes.
pub(crate) fn peak_kb(status: &std::path::Path) -> Option<u64> {
    let text = std::fs::read_to_string(memory_file(status)).ok()?;
    text.trim().parse().ok()
}

/// The status file, the input file, the variables, the setup command (empty for none) and the
/// program's argv; `None` for anything else.
type Parsed<'a> = ([&'a OsString; 2], Vec<(&'a str, &'a str)>, &'a [OsString], (&'a OsString, &'a [OsString]));

fn parse(args: &[OsString]) -> Option<Parsed<'_>> {
    let [status, input, rest @ ..] = args else { return None };
    let split = rest.iter().position(|a| a == "--")?;
    let (before, program) = (&rest[..split], &rest[split + 1..]);
    let (vars, setup) = match before.iter().position(|a| a == SETUP) {
        Some(at) if at + 1 < before.len() => (&before[..at], &before[at + 1..]),
        Some(_) => return None,
        None => (before, &before[before.len()..]),
    };
    let vars: Option<Vec<(&str, &str)>> = vars.iter().map(|v| v.to_str()?.split_once('=')).collect();
    Some(([status, input], vars?, setup, program.split_first()?))
}

/// Runs the setup command (its output to the run's standard error, where a failure is shown);
/// an error message when it did not succeed.
fn set_up(setup: &[OsString]) -> Result<(), String> {
    let Some((cmd, args)) = setup.split_first() else { return Ok(()) };
    let done = Command::new(cmd).args(args).stdin(Stdio::null()).stdout(Stdio::null()).status();
    match done {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("{} ended with {s}", cmd.to_string_lossy())),
        Err(e) => Err(format!("cannot start {}: {e}", cmd.to_string_lossy())),
    }
}

/// Runs `PROGRAM [ARGS…]` (the arguments after [`FLAG`]) with this process's environment plus
/// the `NAME=VALUE`s (`LANG`: kept from the wrappers before us, which would load its locale),
/// `INPUT` as its standard input and this process's standard output and error, and ends as it
/// did: its exit code, or for a signal N the code 128 + N with N written to `STATUS` (created
/// new: a file already there, perhaps put there by a program, is not written through).
///
/// This process's own standard input is the run's lifeline: the server holds it open and never
/// writes to it. When it ends (the server is gone, even killed with SIGKILL), the init exits at
/// once, and as the namespace's PID 1 takes every process of the run with it.
pub fn main(args: &[OsString], wait: Wait) -> ExitCode {
    let Some(([status, input], vars, setup, (program, rest))) = parse(args) else {
        let usage = "STATUS INPUT [NAME=VALUE…] [--setup COMMAND…] -- PROGRAM [ARGS…]";
        let _ = writeln!(std::io::stderr(), "oj-mcp-rs {FLAG}: expected {usage}");
        return ExitCode::from(127);
    };
    // The sandbox is set up or the program does not run: never less confined than said.
    if let Err(why) = set_up(setup) {
        let _ = writeln!(
            std::io::stderr(),
            "oj-mcp-rs {FLAG}: the run's sandbox could not be set up ({why}): the program was not started"
        );
        return ExitCode::from(127);
    }
    // Reads to the lifeline's end (a thread, while this one waits for the program).
    let watch = std::thread::Builder::new().spawn(|| {
        let _ = std::io::copy(&mut std::io::stdin().lock(), &mut std::io::sink());
        std::process::exit(i32::from(ABANDONED));
    });
    if watch.is_err() {
        return ExitCode::from(127);
    }
    let words: Vec<OsString> = std::iter::once(program).chain(rest).cloned().collect();
    // The batch's marker comes first, or after the capability drop's `--` (see `batch`).
    let at = if words[0] == BATCH { 0 } else { words.iter().position(|w| w == "--").map_or(0, |i| i + 1) };
    if words.get(at).is_some_and(|w| w == BATCH) {
        let dir = std::path::Path::new(status).parent().unwrap_or(std::path::Path::new("."));
        return batch::run(input.as_ref(), dir, &words[..at], &vars);
    }
    let started =
        std::fs::File::open(input).and_then(|stdin| Command::new(program).args(rest).envs(vars).stdin(stdin).spawn());
    let mut child = match started {
        Ok(c) => c,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "cannot start {}: {e}", program.to_string_lossy());
            return ExitCode::from(127);
        }
    };
    let ended = match measured(&mut child, wait, status) {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "oj-mcp-rs {FLAG}: cannot wait for the program: {e}");
            return ExitCode::from(127);
        }
    };
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = ended.signal() {
            let written = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(status)
                .and_then(|mut f| writeln!(f, "{sig}"));
            if let Err(e) = written {
                let _ = writeln!(std::io::stderr(), "oj-mcp-rs {FLAG}: cannot record signal {sig}: {e}");
            }
            return ExitCode::from(128u8.saturating_add(sig.clamp(0, 127) as u8));
        }
    }
    #[cfg(not(unix))]
    let _ = status;
    ExitCode::from(ended.code().unwrap_or(127).clamp(0, 255) as u8)
}

/// Waits for the program, through `wait` where given (the peak memory then written beside
/// `status`), else as std does.
fn measured(child: &mut std::process::Child, wait: Wait, status: &OsString) -> std::io::Result<ExitStatus> {
    #[cfg(unix)]
    if let Some((raw, kb)) = wait.and_then(|w| w(child.id())) {
        use std::os::unix::process::ExitStatusExt;
        let file = std::fs::OpenOptions::new().write(true).create_new(true).open(memory_file(status.as_ref()));
        let _ = file.and_then(|mut f| writeln!(f, "{kb}"));
        return Ok(ExitStatus::from_raw(raw));
    }
    let _ = (wait, status);
    child.wait()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<OsString> {
        a.iter().map(OsString::from).collect()
    }

    #[test]
    fn arguments() {
        let a = args(&["/tmp/exit", "/tmp/in", "LANG=C.UTF-8", "--", "/bin/prog", "x"]);
        let ([status, input], vars, setup, (program, rest)) = parse(&a).unwrap();
        assert_eq!(
            (status.to_str(), input.to_str(), vars, setup.len(), program.to_str(), rest.len()),
            (Some("/tmp/exit"), Some("/tmp/in"), vec![("LANG", "C.UTF-8")], 0, Some("/bin/prog"), 1)
        );
        assert!(parse(&args(&["/tmp/exit", "/tmp/in", "--", "/bin/prog"])).is_some_and(|p| p.1.is_empty()));
        let a = args(&["/e", "/i", "LANG=C", "--setup", "/bin/mount", "-a", "--", "/bin/prog"]);
        let (_, vars, setup, _) = parse(&a).unwrap();
        assert_eq!((vars.len(), setup), (1, &args(&["/bin/mount", "-a"])[..]));
        for bad in [
            &[][..],
            &["/tmp/exit"],
            &["/tmp/exit", "--", "/bin/prog"],
            &["/tmp/exit", "/tmp/in", "/bin/prog"],
            &["/tmp/exit", "/tmp/in", "LANG", "--", "p"],
            &["/tmp/exit", "/tmp/in", "--"],
            &["/tmp/exit", "/tmp/in", "--setup", "--", "p"],
        ] {
            assert!(parse(&args(bad)).is_none(), "{bad:?}");
        }
    }
}
