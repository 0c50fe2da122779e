//! The run under bubblewrap (`bwrap`), the tool Flatpak, Anthropic's sandbox-runtime and Codex
//! CLI confine programs with: new user, PID, network, IPC, UTS and cgroup namespaces
//! (`--unshare-all`), a read-only view of the whole system (`--ro-bind / /`, every mount below
//! made read-only too), a fresh `/proc` of the run's PID namespace, a minimal `/dev` (null, zero,
//! random, a private `/dev/shm`), private tmpfs on `/tmp` and `/run` (the user's sockets: D-Bus,
//! agents, X11), then the run's folder bound writable and the folders it reads that those hid
//! bound back read-only; a new session (`--new-session`: no controlling terminal to push input
//! into) and death with the server (`--die-with-parent`).
//!
//! The judge's init stays PID 1 (`--as-pid-1`: bwrap starts no reaper of its own then, which
//! also spares a process). bwrap's own PID 1 would report a signal as 128 + N, the ambiguity the
//! init exists to lift (`init.rs`), and the init's lifeline costs nothing more. Measured per run
//! (a C harness spawning the chain, medians): bwrap with the init as PID 1 was 2 to 3 ms faster
//! than with its own reaper and the program as PID 2.

use std::path::Path;

use super::PRIVATE;
use super::mounts::Keep;

/// bwrap's arguments, from `--unshare-all` to the `--` before the command: `keeps` bound after the
/// private folders (readable ones first, so that a writable folder inside one stays writable),
/// `exe` (the init, when it lives where a private folder hides it) bound read-only, `cwd` the
/// folder the command starts in, `pid1` whether the command is the init.
pub(super) fn args(keeps: &[Keep], exe: Option<&Path>, cwd: &Path, pid1: bool) -> Vec<String> {
    let s = |p: &Path| p.to_string_lossy().into_owned();
    let mut out: Vec<String> = ["--unshare-all", "--die-with-parent", "--new-session"].map(String::from).to_vec();
    if pid1 {
        out.push("--as-pid-1".into());
    }
    out.extend(["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"].map(String::from));
    for p in PRIVATE {
        out.extend(["--tmpfs".to_string(), p.to_string()]);
    }
    let hidden = |p: &Path| PRIVATE.iter().any(|h| p.starts_with(h));
    let exe = exe.filter(|e| hidden(e)).map(|e| Keep { path: e.to_path_buf(), writable: false });
    let mut keeps: Vec<&Keep> = keeps.iter().chain(&exe).collect();
    keeps.sort_by_key(|k| k.writable);
    for k in keeps.iter().filter(|k| k.writable || hidden(&k.path)) {
        let bind = if k.writable { "--bind" } else { "--ro-bind" };
        out.extend([bind.to_string(), s(&k.path), s(&k.path)]);
    }
    out.extend(["--chdir".to_string(), s(cwd), "--".to_string()]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_arguments_bind_what_the_run_keeps_after_the_private_folders() {
        let keeps = [
            Keep { path: "/tmp/oj-judge-1-0-run".into(), writable: true },
            Keep { path: "/tmp/oj-judge-1/ab-0".into(), writable: false },
            Keep { path: "/usr/local/bin".into(), writable: false },
        ];
        let cwd = Path::new("/tmp/oj-judge-1-0-run/work");
        let a = args(&keeps, Some(Path::new("/usr/bin/oj-mcp-rs")), cwd, true).join(" ");
        assert_eq!(
            a,
            "--unshare-all --die-with-parent --new-session --as-pid-1 --ro-bind / / --dev /dev --proc /proc \
--tmpfs /tmp --tmpfs /run --ro-bind /tmp/oj-judge-1/ab-0 /tmp/oj-judge-1/ab-0 \
--bind /tmp/oj-judge-1-0-run /tmp/oj-judge-1-0-run --chdir /tmp/oj-judge-1-0-run/work --"
        );
        // An init under /tmp is bound back; without the init bwrap keeps its own PID 1.
        let a = args(&keeps[..1], Some(Path::new("/tmp/x/oj-mcp-rs")), cwd, false).join(" ");
        assert!(!a.contains("--as-pid-1") && a.contains("--ro-bind /tmp/x/oj-mcp-rs /tmp/x/oj-mcp-rs --bind"), "{a}");
    }
}
