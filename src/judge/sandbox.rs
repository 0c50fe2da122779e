//! What a run is allowed to see: a clean environment, a fresh folder, and on Linux new user,
//! network and PID namespaces (`unshare`) plus address-space and CPU limits (`prlimit`), all
//! through external commands so that the library stays free of unsafe code.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use super::run::End;

/// How one run is confined: said in the result, so nobody is told more than is true.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Confinement {
    /// A new network namespace: no network at all.
    pub(crate) network_blocked: bool,
    /// A new PID namespace: everything the program starts dies with it.
    pub(crate) pid_namespace: bool,
    /// An address-space limit (`prlimit --as`).
    pub(crate) memory_limited: bool,
}

/// Whether `unshare -rn --pid --fork --kill-child` works here: checked once per process (one
/// spawn of `true`), since containers and hardened kernels often forbid user namespaces.
fn namespaces_work() -> bool {
    static WORKS: OnceLock<bool> = OnceLock::new();
    *WORKS.get_or_init(|| {
        if !cfg!(target_os = "linux") || std::env::var_os("OJ_JUDGE_NO_NAMESPACES").is_some() {
            return false;
        }
        let ok = Command::new(tool("unshare"))
            .args(["-rn", "--pid", "--fork", "--kill-child", "--", "true"])
            .env_clear()
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        crate::debug!("judge: user, network and PID namespaces {}", if ok { "available" } else { "unavailable" });
        ok
    })
}

/// `name` (a wrapper, or `kill`) as found on the server's `PATH`, once, absolute. Each run then
/// starts it without walking `PATH` (one failed `execve` per folder before it, for every wrapper
/// of every run), and the standard library can spawn it with `posix_spawn` rather than `fork`
/// (it forks to search a `PATH` the child's environment sets). The bare name where not found.
pub(super) fn tool(name: &'static str) -> &'static str {
    const NAMES: [&str; 5] = ["setpriv", "prlimit", "unshare", "kill", "nice"];
    static FOUND: [OnceLock<String>; 5] = [const { OnceLock::new() }; 5];
    let Some(i) = NAMES.iter().position(|n| *n == name) else { return name };
    FOUND[i].get_or_init(|| {
        let path = std::env::var_os("PATH").unwrap_or_default();
        let found = std::env::split_paths(&path).map(|d| d.join(name)).find(|f| f.is_absolute() && f.is_file());
        found.map_or_else(|| name.to_string(), |f| f.to_string_lossy().into_owned())
    })
}

/// Whether `argv` runs and succeeds: a util-linux tool checked once.
fn works(argv: &[&'static str]) -> bool {
    cfg!(target_os = "linux")
        && Command::new(tool(argv[0]))
            .args(&argv[1..])
            .env_clear()
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
}

/// Whether `prlimit` exists (util-linux): checked once.
fn prlimit_works() -> bool {
    static WORKS: OnceLock<bool> = OnceLock::new();
    *WORKS.get_or_init(|| works(&["prlimit", "--cpu=5", "--", "true"]))
}

/// Whether `setpriv --pdeathsig` exists (util-linux 2.33 on): checked once.
fn pdeathsig_works() -> bool {
    static WORKS: OnceLock<bool> = OnceLock::new();
    *WORKS.get_or_init(|| works(&["setpriv", "--pdeathsig", "KILL", "--", "true"]))
}

/// The prefix of a trusted command the server runs in the background (a precompiled header's
/// build): it dies with the server (`setpriv --pdeathsig KILL`), and runs at the lowest priority
/// (`nice -n 19`) so that a sample judged meanwhile keeps its core and its time. As far as this
/// machine has them: nothing on Windows.
pub(crate) fn background() -> Vec<String> {
    let mut out = Vec::new();
    if pdeathsig_works() {
        out.extend([tool("setpriv"), "--pdeathsig", "KILL", "--"].map(String::from));
    }
    let nice = tool("nice");
    if cfg!(unix) && Path::new(nice).is_absolute() {
        out.extend([nice, "-n", "19"].map(String::from));
    }
    out
}

/// The limits a run asks for.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    /// Wall-clock limit in milliseconds (the CPU limit is derived from it).
    pub(crate) time_ms: u64,
    /// Address-space limit in MiB, `None` for none.
    pub(crate) memory_mb: Option<u64>,
}

/// How this machine confines a run with `limits`, as the result states it.
pub(crate) fn confinement(limits: Limits) -> Confinement {
    let ns = namespaces_work();
    Confinement {
        network_blocked: ns,
        pid_namespace: ns,
        memory_limited: limits.memory_mb.is_some() && prlimit_works(),
    }
}

/// The server's own binary, to start as a run's init (`init.rs`); `None` where it is gone
/// (deleted since the server started, say by an update; a binary replaced at the same path is
/// used, and knows the flag): the program is then PID 1 itself, as before the init existed, and
/// a signal it sends itself is lost. Looked at per run: a `stat`.
fn init_program() -> Option<PathBuf> {
    static EXE: OnceLock<Option<PathBuf>> = OnceLock::new();
    let exe = EXE.get_or_init(|| std::env::current_exe().ok().filter(|exe| starts_as_init(exe))).clone()?;
    if exe.is_file() {
        Some(exe)
    } else {
        crate::debug!("judge: {} is gone: the program runs as its namespace's PID 1", exe.display());
        None
    }
}

/// Whether the binary starts as an init here, checked once: not where the system cannot run it
/// itself (an arm64 build under qemu-user, which runs the server but not what it spawns).
fn starts_as_init(exe: &Path) -> bool {
    let status = std::env::temp_dir().join(format!("oj-judge-{}-init-probe", std::process::id()));
    let child = Command::new(exe)
        .arg(super::init::FLAG)
        .args([status.as_os_str(), "/dev/null".as_ref(), "--".as_ref(), "true".as_ref()])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    // The lifeline held open while it runs, as a run's is (`wait` would close it first).
    let ok = child.is_ok_and(|mut c| {
        let lifeline = c.stdin.take();
        let ok = c.wait().is_ok_and(|s| s.success());
        drop(lifeline);
        ok
    });
    if !ok {
        crate::debug!("judge: {} does not start as an init here: programs run as PID 1", exe.display());
    }
    ok
}

/// The argv that runs `argv` confined as far as this machine allows, and whether it runs under
/// the init (which then records a signal in `status`, read back with [`exact_end`], and reads
/// the program's input from `input`). With the init the order is
/// `prlimit --cpu=N [--as=B] -- unshare -rn --pid --fork --kill-child -- <init> status input
/// LANG=… -- argv`; without it, `setpriv --pdeathsig KILL --` comes first.
///
/// Both ways a run ends with the server, even one killed with SIGKILL. Without the init,
/// `setpriv`'s parent-death signal kills the chain. With it, the init's standard input is the
/// run's lifeline, a pipe the server holds open and never writes (`run::Spec::stdin_file`): at
/// its end the init exits, and the kernel kills the rest of the namespace with its PID 1. That
/// spares a run `setpriv`'s start (a dynamically linked tool: about 1 ms of the 5 between the
/// call and the program's start).
///
/// With the init, `LANG` leaves `env` and goes to the init, which gives it back to the program:
/// the util-linux tools each load the locale `LANG` names at start-up (a dozen files, 0.3 to 0.4
/// ms per tool), and without it they do not. The limits bind everything from `prlimit` on (the
/// init too: about 3 MB of address space for the static build, 6 MB for a glibc one, far below
/// any problem's memory limit).
pub(crate) fn wrap(
    argv: &[String],
    limits: Limits,
    run: RunFiles,
    env: &mut Vec<(String, String)>,
) -> (Vec<String>, bool) {
    let mut out = Vec::new();
    let init = if namespaces_work() { init_program() } else { None };
    if init.is_none() && pdeathsig_works() {
        // Killed when the server is, even by SIGKILL: a run never outlives the server. (The
        // signal follows the thread that spawned it: a pool worker or a judge thread, both of
        // which wait for the run before they can end.)
        out.extend([tool("setpriv"), "--pdeathsig", "KILL", "--"].map(String::from));
    }
    if prlimit_works() {
        out.push(tool("prlimit").to_string());
        // CPU seconds: a busy loop dies even if our timer were late; a second of slack so the
        // wall clock decides first in the normal case.
        out.push(format!("--cpu={}", limits.time_ms.div_ceil(1000) + 1));
        if let Some(mb) = limits.memory_mb {
            out.push(format!("--as={}", mb.saturating_mul(1 << 20)));
        }
        out.push("--".into());
    }
    if namespaces_work() {
        // -r: map us to root of a new user namespace (needed to make the others unprivileged);
        // -n: an empty network namespace; --pid --fork --kill-child: a new PID namespace, whose
        // PID 1 is killed when unshare dies; when PID 1 ends, the kernel kills every process
        // left in the namespace, even one that escaped the process group with setsid.
        out.extend([tool("unshare"), "-rn", "--pid", "--fork", "--kill-child", "--"].map(String::from));
    }
    if let Some(exe) = &init {
        out.extend([exe.to_string_lossy().into_owned(), super::init::FLAG.into()]);
        out.extend([run.status, run.input].map(|p| p.to_string_lossy().into_owned()));
        out.extend(env.iter().filter(|(k, _)| k == "LANG").map(|(k, v)| format!("{k}={v}")));
        env.retain(|(k, _)| k != "LANG");
        out.push("--".into());
    }
    out.extend(argv.iter().cloned());
    (out, init.is_some())
}

/// The files beside a run's folder that the init uses: where it records a signal, and the
/// program's input.
#[derive(Clone, Copy)]
pub(crate) struct RunFiles<'a> {
    pub(crate) status: &'a Path,
    pub(crate) input: &'a Path,
}

/// How a run under the init really ended: the init exits with 128 + N for a program killed by
/// signal N and writes N into `status`; both must agree (a program that wrote the file itself and
/// exited otherwise keeps its exit code). The file is the program's to spoil, so it is read with
/// care: a regular file only (not a FIFO that would block, nor a symlink), a few bytes at most.
/// Every process of the run is dead when this runs (the namespace ended with its init).
pub(crate) fn exact_end(end: End, status: &Path) -> End {
    let End::Code(code @ 129..=255) = end else { return end };
    let regular = std::fs::symlink_metadata(status).is_ok_and(|m| m.file_type().is_file());
    let mut text = String::new();
    if !regular || std::fs::File::open(status).and_then(|f| f.take(16).read_to_string(&mut text)).is_err() {
        return end;
    }
    match text.trim().parse::<i32>() {
        Ok(sig) if sig + 128 == code => End::Signal(sig),
        _ => end,
    }
}

/// The only variables a program sees: `PATH`, `HOME` and `TMPDIR` (its own folder), `LANG`, and
/// on Windows what its C runtime needs to start. Never the token, proxies or anything else.
pub(crate) fn environment(home: &Path) -> Vec<(String, String)> {
    let mut env = Vec::new();
    if let Ok(path) = std::env::var("PATH") {
        env.push(("PATH".into(), path));
    }
    let home = home.to_string_lossy().into_owned();
    env.push(("HOME".into(), home.clone()));
    env.push(("LANG".into(), std::env::var("LANG").unwrap_or_else(|_| "C.UTF-8".into())));
    if cfg!(windows) {
        for k in ["SystemRoot", "SystemDrive", "windir", "PATHEXT", "COMSPEC"] {
            if let Ok(v) = std::env::var(k) {
                env.push((k.into(), v));
            }
        }
        env.push(("TEMP".into(), home.clone()));
        env.push(("TMP".into(), home.clone()));
        env.push(("USERPROFILE".into(), home));
    } else {
        env.push(("TMPDIR".into(), home));
    }
    env
}

/// A fresh folder under the system's temporary folder, removed when dropped.
pub(crate) struct TempDir(PathBuf);

impl TempDir {
    /// Creates `oj-judge-<pid>-<n>-<what>`.
    pub(crate) fn new(what: &str) -> std::io::Result<TempDir> {
        static N: AtomicU64 = AtomicU64::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("oj-judge-{}-{n}-{what}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        Ok(TempDir(dir))
    }

    /// Its path.
    pub(crate) fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if let Err(e) = std::fs::remove_dir_all(&self.0) {
            crate::debug!("judge: cannot remove {}: {e}", self.0.display());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_environment_is_clean() {
        let env = environment(Path::new("/tmp/x"));
        let names: Vec<&str> = env.iter().map(|(k, _)| k.as_str()).collect();
        assert!(names.iter().all(|n| !n.starts_with("OJ_") && !n.to_ascii_lowercase().contains("proxy")), "{names:?}");
        assert!(env.contains(&("HOME".into(), "/tmp/x".into())));
    }

    #[test]
    fn the_status_file_counts_only_where_it_agrees_with_the_exit_code() {
        let d = TempDir::new("t").unwrap();
        let status = d.path().join("exit");
        assert_eq!(exact_end(End::Code(134), &status), End::Code(134));
        std::fs::write(&status, "6\n").unwrap();
        assert_eq!(exact_end(End::Code(134), &status), End::Signal(6));
        assert_eq!(exact_end(End::Code(139), &status), End::Code(139));
        assert_eq!(exact_end(End::Code(6), &status), End::Code(6));
        assert_eq!(exact_end(End::TimedOut, &status), End::TimedOut);
        std::fs::write(&status, "x".repeat(1 << 20)).unwrap();
        assert_eq!(exact_end(End::Code(134), &status), End::Code(134));
        #[cfg(unix)]
        {
            // A FIFO would block a read: it is not read at all.
            std::fs::remove_file(&status).unwrap();
            let made = Command::new("mkfifo").arg(&status).status().is_ok_and(|s| s.success());
            assert!(!made || exact_end(End::Code(134), &status) == End::Code(134));
        }
    }

    #[test]
    fn temp_dirs_are_removed() {
        let d = TempDir::new("t").unwrap();
        let p = d.path().to_path_buf();
        std::fs::write(p.join("f"), "x").unwrap();
        drop(d);
        assert!(!p.exists());
    }
}
