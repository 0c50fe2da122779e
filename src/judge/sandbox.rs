//! What a run is allowed to see: a clean environment, a fresh folder, and on Linux new user,
//! network and PID namespaces (`unshare`) plus address-space and CPU limits (`prlimit`), all
//! through external commands so that the library stays free of unsafe code.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

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
        let ok = Command::new("unshare")
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

/// Whether `argv` runs and succeeds: a util-linux tool checked once.
fn works(argv: &[&str]) -> bool {
    cfg!(target_os = "linux")
        && Command::new(argv[0])
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

/// The limits a run asks for.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    /// Wall-clock limit in milliseconds (the CPU limit is derived from it).
    pub(crate) time_ms: u64,
    /// Address-space limit in MiB, `None` for none.
    pub(crate) memory_mb: Option<u64>,
}

/// The argv that runs `argv` confined as far as this machine allows, and what that was.
pub(crate) fn wrap(argv: &[String], limits: Limits) -> (Vec<String>, Confinement) {
    let mut out = Vec::new();
    let mut c = Confinement { network_blocked: false, pid_namespace: false, memory_limited: false };
    if pdeathsig_works() {
        // Killed when the server is, even by SIGKILL: a run never outlives the server. (The
        // signal follows the thread that spawned it: a pool worker or a judge thread, both of
        // which wait for the run before they can end.)
        out.extend(["setpriv", "--pdeathsig", "KILL", "--"].map(String::from));
    }
    if prlimit_works() {
        out.push("prlimit".to_string());
        // CPU seconds: a busy loop dies even if our timer were late; a second of slack so the
        // wall clock decides first in the normal case.
        out.push(format!("--cpu={}", limits.time_ms.div_ceil(1000) + 1));
        if let Some(mb) = limits.memory_mb {
            out.push(format!("--as={}", mb.saturating_mul(1 << 20)));
            c.memory_limited = true;
        }
        out.push("--".into());
    }
    if namespaces_work() {
        // -r: map us to root of a new user namespace (needed to make the others unprivileged);
        // -n: an empty network namespace; --pid --fork --kill-child: the program is PID 1 of its
        // namespace, so when it (or unshare) dies, the kernel kills every process it started,
        // even one that escaped the process group with setsid.
        out.extend(["unshare", "-rn", "--pid", "--fork", "--kill-child", "--"].map(String::from));
        c.network_blocked = true;
        c.pid_namespace = true;
    }
    out.extend(argv.iter().cloned());
    (out, c)
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
    fn temp_dirs_are_removed() {
        let d = TempDir::new("t").unwrap();
        let p = d.path().to_path_buf();
        std::fs::write(p.join("f"), "x").unwrap();
        drop(d);
        assert!(!p.exists());
    }
}
