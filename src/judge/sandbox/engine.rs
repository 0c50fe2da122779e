//! Which way this machine confines runs, found once per session by trying each way on a `true`
//! in the best order: bubblewrap, then util-linux's `unshare` with a mount table, a fresh
//! `/proc` only, or bare namespaces, then nothing (Linux); `sandbox-exec` (macOS).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use super::super::paths::tool;
use super::{TempDir, bwrap, keeps, mounts};

/// What confines a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Engine {
    /// bubblewrap (`bwrap.rs`).
    Bwrap,
    /// util-linux's `unshare`, as far as this machine lets it.
    Unshare(Level),
    /// macOS's Seatbelt (`seatbelt.rs`).
    SandboxExec,
    /// Nothing but the clean environment, the limits and the kill.
    None,
}

/// How far `unshare` goes here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    /// New user, mount, IPC, network and PID namespaces with a fresh `/proc`, and the init runs
    /// the mount table (`mounts.rs`): the filesystem is read-only but for the run's folders.
    Mounts,
    /// The same namespaces and `/proc`, no mount table (it failed here, or there is no init to
    /// run it): the filesystem is as the user's.
    Proc,
    /// User, network and PID namespaces only: a fresh `/proc` was refused (a container whose
    /// `/proc` has masked paths refuses it to user namespaces).
    Bare,
}

impl Level {
    /// `unshare`'s arguments, up to its `--`.
    pub(super) fn args(self) -> Vec<String> {
        let mut out = vec![tool("unshare").to_string()];
        // -r: root of a new user namespace (what makes the others unprivileged); -n: an empty
        // network namespace; --pid --fork --kill-child: a new PID namespace whose PID 1 is killed
        // when unshare dies, and when PID 1 ends the kernel kills every process left in it, even
        // one that left the process group with setsid; -m -i: mount and IPC namespaces, with a
        // private propagation (unshare's default: nothing mounted in the run reaches the system);
        // --mount-proc: a /proc that shows the run's PID namespace only.
        let flags: &[&str] = match self {
            Level::Mounts | Level::Proc => &["-rmin", "--pid", "--fork", "--kill-child", "--mount-proc", "--"],
            Level::Bare => &["-rn", "--pid", "--fork", "--kill-child", "--"],
        };
        out.extend(flags.iter().map(|s| s.to_string()));
        out
    }
}

/// The engine of this session, found at the first run.
pub(super) fn engine() -> Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    *ENGINE.get_or_init(|| {
        let e = detect();
        crate::debug!("judge: runs are confined with {e:?}");
        e
    })
}

/// Why bubblewrap, found on `PATH`, did not work here (its first line of stderr): said in the
/// result's note, since the fix is the user's (Ubuntu 24.04's AppArmor policy, say).
pub(super) fn bwrap_failure() -> Option<&'static str> {
    BWRAP_FAILED.get().and_then(|f| f.as_deref())
}

static BWRAP_FAILED: OnceLock<Option<String>> = OnceLock::new();

fn detect() -> Engine {
    if cfg!(target_os = "macos") {
        return if sandbox_exec_works() { Engine::SandboxExec } else { Engine::None };
    }
    if !cfg!(target_os = "linux") || std::env::var_os("OJ_JUDGE_NO_NAMESPACES").is_some() {
        return Engine::None;
    }
    let Ok(probe) = TempDir::new("probe") else { return Engine::None };
    let dir = probe.path();
    if on_path("bwrap") {
        let mut argv = vec![tool("bwrap").to_string()];
        argv.extend(bwrap::args(&keeps(&[dir], &[], dir, path().as_deref()), None, dir, true));
        argv.push("true".into());
        match run(&argv, dir) {
            Ok(()) => return Engine::Bwrap,
            Err(why) => {
                crate::debug!("judge: bwrap does not work here: {why}");
                let _ = BWRAP_FAILED.set(Some(why));
            }
        }
    }
    if mounts_work(dir) {
        return Engine::Unshare(Level::Mounts);
    }
    for level in [Level::Proc, Level::Bare] {
        let mut argv = level.args();
        argv.push("true".into());
        if run(&argv, dir).is_ok() {
            return Engine::Unshare(level);
        }
    }
    Engine::None
}

/// The server's `PATH`, which runs get (and so the probes: a `PATH` folder the sandbox hides must
/// be bound back for `true` to be found).
fn path() -> Option<String> {
    std::env::var_os("PATH").map(|p| p.to_string_lossy().into_owned())
}

/// Whether `name` is on the server's `PATH` (found once by [`tool`], which then has its path).
fn on_path(name: &'static str) -> bool {
    Path::new(tool(name)).is_absolute()
}

/// Runs a probe's `argv` with a clean environment but `PATH`; its first line of stderr when it
/// fails.
fn run(argv: &[String], cwd: &Path) -> Result<(), String> {
    let mut c = Command::new(&argv[0]);
    c.args(&argv[1..]).current_dir(cwd).env_clear().stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped());
    if let Some(p) = std::env::var_os("PATH") {
        c.env("PATH", p);
    }
    let out = c.output().map_err(|e| format!("cannot start {}: {e}", argv[0]))?;
    if out.status.success() {
        return Ok(());
    }
    let err = String::from_utf8_lossy(&out.stderr);
    Err(err.lines().next().map_or_else(|| format!("{}", out.status), str::to_string))
}

/// Whether the mount table works here: the whole chain of a run (the init, its `mount`, the
/// program without capabilities) on `true`, in a probe folder.
fn mounts_work(dir: &Path) -> bool {
    let Some(exe) = init_program() else { return false };
    let (status, input) = (dir.join("exit"), dir.join("input"));
    if std::fs::write(&input, "").is_err() || !mounts::prepare(dir, &keeps(&[dir], &[], dir, path().as_deref())) {
        return false;
    }
    let mut argv = Level::Mounts.args();
    argv.extend([exe.to_string_lossy().into_owned(), super::super::init::FLAG.into()]);
    argv.extend([status, input].map(|p| p.to_string_lossy().into_owned()));
    argv.extend(mounts::setup(dir));
    argv.push("--".into());
    argv.extend(super::drop_capabilities());
    argv.push("true".into());
    let ok = with_lifeline(&argv, dir);
    if !ok {
        crate::debug!("judge: the mount table does not work here: the filesystem is not confined");
    }
    ok
}

/// Runs `argv` (an init chain) with its lifeline held open while it runs, as a run's is.
fn with_lifeline(argv: &[String], cwd: &Path) -> bool {
    let child = Command::new(&argv[0])
        .args(&argv[1..])
        .current_dir(cwd)
        .env_clear()
        .envs(std::env::var_os("PATH").map(|p| ("PATH", p)))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn();
    child.is_ok_and(|mut c| {
        let lifeline = c.stdin.take();
        let mut err = String::new();
        if let Some(mut e) = c.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        let ok = c.wait().is_ok_and(|s| s.success());
        drop(lifeline);
        if !ok {
            crate::debug!("judge: {}: {}", argv[0], err.trim());
        }
        ok
    })
}

/// Whether `sandbox-exec` takes the profile here.
fn sandbox_exec_works() -> bool {
    #[cfg(target_os = "macos")]
    {
        let Ok(probe) = TempDir::new("probe") else { return false };
        let mut argv = super::seatbelt::args(tool("sandbox-exec"), &[probe.path()]);
        argv.push("true".into());
        if let Err(why) = run(&argv, probe.path()) {
            crate::debug!("judge: sandbox-exec does not work here: {why}");
            return false;
        }
        true
    }
    #[cfg(not(target_os = "macos"))]
    false
}

/// The server's own binary, to start as a run's init (`init.rs`); `None` where it is gone
/// (deleted since the server started, say by an update; a binary replaced at the same path is
/// used, and knows the flag): under `unshare` the program is then PID 1 itself, as before the
/// init existed, and a signal it sends itself is lost; under bubblewrap, bwrap's PID 1 runs it
/// (`exact_end`). Looked at per run: a `stat`.
pub(super) fn init_program() -> Option<PathBuf> {
    static EXE: OnceLock<Option<PathBuf>> = OnceLock::new();
    let exe = EXE.get_or_init(|| std::env::current_exe().ok().filter(|exe| starts_as_init(exe))).clone()?;
    if exe.is_file() {
        Some(exe)
    } else {
        crate::debug!("judge: {} is gone: runs go without the init", exe.display());
        None
    }
}

/// Whether the binary starts as an init here, checked once: not where the system cannot run it
/// itself (an arm64 build under qemu-user, which runs the server but not what it spawns).
fn starts_as_init(exe: &Path) -> bool {
    // In a folder of its own, removed after: the init writes its measures beside the status file
    // (a file per server start was left in the temporary folder).
    let Ok(probe) = TempDir::new("init-probe") else { return false };
    let status = probe.path().join("status");
    let argv = [exe.as_os_str(), super::super::init::FLAG.as_ref(), status.as_os_str(), "/dev/null".as_ref()];
    let mut argv: Vec<String> = argv.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    argv.extend(["--".into(), "true".into()]);
    let ok = with_lifeline(&argv, probe.path());
    if !ok {
        crate::debug!("judge: {} does not start as an init here: runs go without it", exe.display());
    }
    ok
}
