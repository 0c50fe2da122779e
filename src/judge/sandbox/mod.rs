//! What a run is allowed to see and do: a clean environment, a fresh folder, the limits
//! (`prlimit --cpu/--as`), and a sandbox, the best this machine has (found once: `engine.rs`):
//! on Linux bubblewrap (`bwrap.rs`), else util-linux's `unshare` with a mount table the run's
//! init applies (`mounts.rs`), else bare namespaces or nothing; on macOS `sandbox-exec`
//! (`seatbelt.rs`); on Windows nothing but the clean environment and the kill. Everything goes
//! through external commands, so that the library stays free of unsafe code. What held is said
//! in every result (`confinement.rs`).

mod bwrap;
mod confinement;
mod engine;
mod mounts;
#[cfg(any(target_os = "macos", test))]
mod seatbelt;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

pub(crate) use confinement::Confinement;
use engine::{Engine, Level, engine, init_program};
use mounts::Keep;

use super::paths::{root, tool};
use super::run::End;

/// The folders a sandbox replaces with private ones (fresh tmpfs): `/tmp` (other runs' and
/// programs' files) and `/run` (the user's sockets: D-Bus, agents). What a run needs from them
/// is bound back in.
const PRIVATE: [&str; 2] = ["/tmp", "/run"];

/// The program's start without capabilities under `unshare` with the mount table: it is root of
/// its user namespace, and with them could unmount the covers or mount a `/proc` that shows the
/// system's processes.
fn drop_capabilities() -> Vec<String> {
    let words = ["--bounding-set=-all", "--inh-caps=-all", "--no-new-privs", "--"];
    std::iter::once(tool("setpriv")).chain(words).map(String::from).collect()
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
    /// The memory limit in MiB of a program built with AddressSanitizer, which reserves terabytes
    /// of address space and so cannot run under an address-space limit: on its resident memory
    /// instead, watched by ASan itself (`hard_rss_limit_mb`, [`asan_options`]) and judged on the
    /// peak the init measures (`judge::over_the_peak`).
    pub(crate) rss_mb: Option<u64>,
}

/// `ASAN_OPTIONS` for every run (a program built without ASan ignores it), as LeetCode's ASan
/// behaves: leaks not reported (LeetCode's C++ leaks freely, and exits 0), the first error ends
/// the program with exit code 1 at once (`RE`, not a wait to the time limit; no core dump), the
/// report without its legend (the headline and the frames are what a reader needs: `verdict`
/// keeps them). With a resident-memory limit (`rss_mb`), ASan ends the program past it.
pub(crate) fn asan_options(limits: Limits) -> String {
    let mut o = "detect_leaks=0:exitcode=1:abort_on_error=0:disable_coredump=1:print_legend=0".to_string();
    if let Some(mb) = limits.rss_mb {
        o += &format!(":hard_rss_limit_mb={mb}");
    }
    o
}

/// The engine a run gets now: without the init (gone, or not startable here), the mount table
/// has nobody to apply it.
fn engine_now() -> (Engine, Option<PathBuf>) {
    let e = engine();
    let init = if matches!(e, Engine::Bwrap | Engine::Unshare(_)) { init_program() } else { None };
    match e {
        Engine::Unshare(Level::Mounts) if init.is_none() => (Engine::Unshare(Level::Proc), None),
        e => (e, init),
    }
}

/// How this machine confines a run with `limits`, as the result states it.
pub(crate) fn confinement(limits: Limits) -> Confinement {
    let mut c = Confinement::new(engine_now().0, limits.memory_mb.is_some() && prlimit_works());
    c.resident_limited = limits.rss_mb.is_some();
    c
}

/// The folders a run keeps: its `writable` ones, and those it reads that a private folder would
/// hide: the folder of each absolute path in `argv` (a built program, a script, a class path; an
/// include or library folder named with `-I/x`, `-isystem/x`, `-iquote/x`, `-idirafter/x`, `-L/x`),
/// `cwd`, the session's folder of builds (a LeetCode driver's shared part, read by its runs), and
/// the folders of `PATH` (a test's under `/tmp`, NixOS's `/run/current-system/sw/bin`), each
/// once, none inside a writable folder. Paths that do not exist are left out (a bind of one
/// would fail the run).
fn keeps(writable: &[&Path], argv: &[String], cwd: &Path, path: Option<&str>) -> Vec<Keep> {
    let mut out: Vec<Keep> = writable.iter().map(|w| Keep { path: w.to_path_buf(), writable: true }).collect();
    let words = argv.iter().map(|w| named_path(w)).filter(|p| p.is_absolute());
    let folders =
        words.filter_map(|p| if p.is_dir() { Some(p.to_path_buf()) } else { p.parent().map(Path::to_path_buf) });
    let path_dirs: Vec<PathBuf> = path.map(|p| std::env::split_paths(p).collect()).unwrap_or_default();
    for f in folders.chain([cwd.to_path_buf(), root()]).chain(path_dirs) {
        let hidden = PRIVATE.iter().any(|h| f.starts_with(h));
        if hidden && f.is_dir() && !out.iter().any(|k| f.starts_with(&k.path)) {
            out.push(Keep { path: f, writable: false });
        }
    }
    out
}

/// The path a word of a command names: itself, or the folder after a compiler's `-I`-like flag.
fn named_path(word: &str) -> &Path {
    let flags = ["-isystem", "-iquote", "-idirafter", "-I", "-L"];
    Path::new(flags.iter().find_map(|f| word.strip_prefix(f)).unwrap_or(word))
}

/// The argv that runs `argv` confined as far as this machine allows, and whether it runs under
/// the init (which then records a signal in `status`, read back with [`exact_end`], and reads
/// the program's input from `input`). With the init the order is
/// `prlimit --cpu=N [--as=B] -- SANDBOX -- <init> status input LANG=… [--setup …] -- argv`, where
/// SANDBOX is `bwrap …` or `unshare …`; without it, `setpriv --pdeathsig KILL --` comes first
/// (not with bwrap, whose `--die-with-parent` does that).
///
/// Every way a run ends with the server, even one killed with SIGKILL. Without the init,
/// `setpriv`'s parent-death signal kills the chain (bwrap's own, under bwrap). With it, the
/// init's standard input is the run's lifeline, a pipe the server holds open and never writes
/// (`run::Spec::stdin_file`): at its end the init exits, and the kernel kills the rest of the
/// namespace with its PID 1. That spares a run `setpriv`'s start (a dynamically linked tool:
/// about 1 ms of the 5 between the call and the program's start).
///
/// With the init, `LANG` leaves `env` and goes to the init, which gives it back to the program:
/// the util-linux tools each load the locale `LANG` names at start-up (a dozen files, 0.3 to 0.4
/// ms per tool), and without it they do not. The limits bind everything from `prlimit` on (the
/// init too: about 3 MB of address space for the static build, 6 MB for a glibc one, far below
/// any problem's memory limit; bwrap about 2 MB).
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn wrap(
    argv: &[String],
    limits: Limits,
    run: RunFiles,
    env: &mut Vec<(String, String)>,
) -> (Vec<String>, bool) {
    let mut out = Vec::new();
    let (engine, init) = engine_now();
    if init.is_none() && !matches!(engine, Engine::Bwrap | Engine::SandboxExec) && pdeathsig_works() {
        // Killed when the server is, even by SIGKILL: a run never outlives the server. (The
        // signal follows the thread that spawned it: a pool worker or a judge thread, both of
        // which wait for the run before they can end. bwrap's --die-with-parent is the same.)
        out.extend([tool("setpriv"), "--pdeathsig", "KILL", "--"].map(String::from));
    }
    // A stress batch (`init/batch.rs`) writes its programs' outputs to files: capped by size.
    out.extend(prlimit(limits, argv.first().is_some_and(|a| a == super::init::BATCH)));
    let path = env.iter().find(|(k, _)| k == "PATH").map(|(_, v)| v.as_str());
    let keep = || keeps(run.writable, argv, run.cwd, path);
    let mut setup = Vec::new();
    match engine {
        Engine::Bwrap => {
            out.push(tool("bwrap").to_string());
            out.extend(bwrap::args(&keep(), init.as_deref(), run.cwd, init.is_some()));
        }
        Engine::Unshare(level) => {
            out.extend(level.args());
            if level == Level::Mounts
                && let Some(dir) = run.writable.first()
            {
                mounts::prepare(dir, &keep());
                setup = mounts::setup(dir);
            }
        }
        #[cfg(target_os = "macos")]
        Engine::SandboxExec => out.extend(seatbelt::args(tool("sandbox-exec"), run.writable)),
        _ => {}
    }
    if let Some(exe) = &init {
        out.extend(init_args(exe, run, env, setup));
    }
    out.extend(argv.iter().cloned());
    (out, init.is_some())
}

/// Whether stress rounds can run in batches here: under the init (PID 1 of the run's namespace,
/// whose exit ends everything the batch started) with `prlimit` (the limits of each process,
/// and the size of the files a batch writes).
pub(crate) fn batches() -> bool {
    engine_now().1.is_some() && prlimit_works()
}

/// `prlimit --cpu=N --stack=unlimited [--as=B] [--fsize=CAP] --`, where `prlimit` exists; the
/// file size capped (one byte over the output cap) for a batch (`fsize`).
fn prlimit(limits: Limits, fsize: bool) -> Vec<String> {
    if !prlimit_works() {
        return Vec::new();
    }
    // CPU seconds: a busy loop dies before the wall-clock cap (`judge::wall_cap`); a second of
    // slack, as the CPU time the init measures is what TLE is judged on (`judge::judged_on_cpu`).
    let mut out = vec![tool("prlimit").to_string(), format!("--cpu={}", limits.time_ms.div_ceil(1000) + 1)];
    // The stack may take the whole memory limit, as on AtCoder and Codeforces: 8 MB (Linux's
    // default) crashed accepted solutions with a large local array or a deep recursion. Unlimited,
    // bounded by the address space (`--as`), not set to the memory limit: glibc gives every new
    // thread a stack of the limit's size, so a 1 GB limit left no room for a second thread under
    // a 1 GB address space (numpy's import, whose OpenBLAS starts threads, died in it: an `RE`).
    out.push("--stack=unlimited".into());
    if let Some(mb) = limits.memory_mb {
        out.push(format!("--as={}", mb.saturating_mul(1 << 20)));
    }
    if fsize {
        out.push(format!("--fsize={}", super::OUTPUT_CAP + 1));
    }
    out.push("--".into());
    out
}

/// The init's part of the argv: `<init> --oj-judge-init STATUS INPUT [LANG=…] [--setup …] --`,
/// then, after a setup (the mount table), the program's start without capabilities. `LANG`
/// leaves `env` for the init's arguments (see [`wrap`]).
fn init_args(exe: &Path, run: RunFiles, env: &mut Vec<(String, String)>, setup: Vec<String>) -> Vec<String> {
    let mut out = vec![exe.to_string_lossy().into_owned(), super::init::FLAG.into()];
    out.extend([run.status, run.input].map(|p| p.to_string_lossy().into_owned()));
    out.extend(env.iter().filter(|(k, _)| k == "LANG").map(|(k, v)| format!("{k}={v}")));
    env.retain(|(k, _)| k != "LANG");
    let mounted = !setup.is_empty();
    out.extend(setup);
    out.push("--".into());
    if mounted {
        out.extend(drop_capabilities());
    }
    out
}

/// What a run uses beside its command: the init's files, the folders it may write, and where
/// it starts.
#[derive(Clone, Copy)]
pub(crate) struct RunFiles<'a> {
    /// Where the init records a signal.
    pub(crate) status: &'a Path,
    /// The program's input, for the init to open.
    pub(crate) input: &'a Path,
    /// The folders the run may write, its own first (the init's files are in it; a mount table
    /// is written there): a sample's folder, or a build's, and a Go build's session cache.
    pub(crate) writable: &'a [&'a Path],
    /// Where the program starts.
    pub(crate) cwd: &'a Path,
}

/// How a run under the init really ended: the init exits with 128 + N for a program killed by
/// signal N and writes N into `status`; both must agree (a program that wrote the file itself and
/// exited otherwise keeps its exit code). The file is the program's to spoil, so it is read with
/// care: a regular file only (not a FIFO that would block, nor a symlink), a few bytes at most.
/// Every process of the run is dead when this runs (the namespace ended with its init).
///
/// Without the init (`init` false: the binary cannot start itself here), bubblewrap's own PID 1
/// ran the program and reports a signal N as 128 + N: see [`bwrap_end`].
pub(crate) fn exact_end(end: End, status: &Path, init: bool) -> End {
    if !init {
        return if engine() == Engine::Bwrap { bwrap_end(end) } else { end };
    }
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

/// How a run under bubblewrap without the init ended: bwrap's PID 1 exits with 128 + N for a
/// program killed by signal N, which is taken as that signal (the program is not PID 1, so it
/// can die of its own `abort()`). A program that exits with 129 to 159 itself is then reported
/// as killed: rare, and the init, where it can start, tells the two apart.
fn bwrap_end(end: End) -> End {
    match end {
        End::Code(code @ 129..=159) => End::Signal(code - 128),
        end => end,
    }
}

/// The only variables a program sees: `PATH`, `HOME` and `TMPDIR` (its own folder), `LANG`, and
/// on Windows what its C runtime needs to start (and a run's [`asan_options`], added by the
/// run). Never the token, proxies or anything else.
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
        assert_eq!(exact_end(End::Code(134), &status, true), End::Code(134));
        std::fs::write(&status, "6\n").unwrap();
        assert_eq!(exact_end(End::Code(134), &status, true), End::Signal(6));
        assert_eq!(exact_end(End::Code(139), &status, true), End::Code(139));
        assert_eq!(exact_end(End::Code(6), &status, true), End::Code(6));
        assert_eq!(exact_end(End::TimedOut, &status, true), End::TimedOut);
        std::fs::write(&status, "x".repeat(1 << 20)).unwrap();
        assert_eq!(exact_end(End::Code(134), &status, true), End::Code(134));
        #[cfg(unix)]
        {
            // A FIFO would block a read: it is not read at all.
            std::fs::remove_file(&status).unwrap();
            let made = Command::new("mkfifo").arg(&status).status().is_ok_and(|s| s.success());
            assert!(!made || exact_end(End::Code(134), &status, true) == End::Code(134));
        }
    }

    #[test]
    fn the_kept_folders_are_those_a_private_folder_would_hide() {
        let dir = std::env::temp_dir().join(format!("oj-judge-keeps-{}", std::process::id()));
        let (run, build, acl) = (dir.join("run"), dir.join("build"), dir.join("acl"));
        std::fs::create_dir_all(run.join("work")).unwrap();
        std::fs::create_dir_all(&build).unwrap();
        std::fs::create_dir_all(&acl).unwrap();
        let mut argv: Vec<String> = [build.join("main"), build.join("lib"), dir.join("gone/x")]
            .map(|p| p.to_string_lossy().into_owned())
            .into();
        // An include folder of the user's compiler command: `-I/x` (one word) is read too.
        argv.push(format!("-I{}", acl.display()));
        let path = std::env::join_paths([dir.join("bin"), build.clone(), PathBuf::from("/usr/bin")]).unwrap();
        let k = keeps(&[&run], &argv, &run.join("work"), path.to_str());
        std::fs::remove_dir_all(&dir).unwrap();
        let (build, acl) = (Keep { path: build, writable: false }, Keep { path: acl, writable: false });
        let want = if dir.starts_with("/tmp") { vec![build, acl] } else { vec![] };
        assert_eq!(k[1..], want);
        assert_eq!(k[0], Keep { path: run, writable: true });
    }

    #[test]
    fn without_the_init_bwraps_codes_are_signals() {
        assert_eq!(bwrap_end(End::Code(134)), End::Signal(6));
        assert_eq!((bwrap_end(End::Code(128)), bwrap_end(End::Code(160))), (End::Code(128), End::Code(160)));
        assert_eq!(bwrap_end(End::TimedOut), End::TimedOut);
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
