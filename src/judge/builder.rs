//! Building a program once per session: the source written to a folder of its own, compiled (or
//! syntax-checked), and kept by (language, source, compiler command, driver) so that running the
//! same code again costs only the runs. The folders live under one session folder, removed by
//! [`cleanup`] when the server exits. (A C++ build may also read a precompiled header kept across
//! sessions: `pch`.)

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Instant;

use super::leetcode::driver::{self, Driver, Shared};
use super::paths::{go_cache, go_path, root, which};
use super::run::{self, End, Spec};
use super::toolchain::{self, Lang};
use super::{acl, pch, sandbox, verdict};

/// Programs kept at most; the oldest goes first.
const KEEP: usize = 16;
/// A compiler gets this long.
const COMPILE_MS: u64 = 60_000;
/// A driver's session part gets this long: it is built once and may be large (C++: the driver's
/// header precompiled with `<bits/stdc++.h>`, 9 s of CPU, a minute on a busy machine).
const SHARED_MS: u64 = 240_000;

/// A built program.
#[derive(Debug)]
pub(crate) struct Built {
    pub(crate) lang: Lang,
    /// Its folder (the source, the binary).
    pub(crate) dir: PathBuf,
    /// The compiler's words on success (warnings), cut.
    pub(crate) log: String,
    pub(crate) compile_ms: u64,
    /// C++: the build read a precompiled header of its include block (`pch`).
    pub(crate) pch: bool,
    /// Run through a LeetCode driver.
    driver: Option<Driver>,
    /// The driver's session part, when it has one.
    shared: Option<PathBuf>,
    tool: Vec<String>,
    standard: Option<String>,
    source: String,
}

impl Built {
    /// The argv of a run (absolute paths).
    pub(crate) fn argv(&self, memory_mb: u64) -> Vec<String> {
        let mut argv = match &self.driver {
            Some(d) => {
                let shared = self.shared.as_ref().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
                driver::fill(&d.run, &self.dir.to_string_lossy(), &shared, memory_mb)
            }
            None => self.lang.run(&self.tool, &self.dir, &self.source, memory_mb),
        };
        // Python's interpreter itself, not a version manager's shim in front of it.
        if self.lang.is_python()
            && let Some(first) = argv.first_mut()
        {
            *first = toolchain::interpreter(first);
        }
        argv
    }
}

/// Why a build gave no program.
#[derive(Debug)]
pub(crate) enum BuildError {
    /// The compiler rejected the source: its message.
    Compile(String),
    /// The compiler is not there, or the folder could not be written: a sentence.
    Setup(String),
}

struct Entry {
    key: u64,
    built: Arc<Built>,
}

fn entries() -> &'static Mutex<Vec<Entry>> {
    static ENTRIES: OnceLock<Mutex<Vec<Entry>>> = OnceLock::new();
    ENTRIES.get_or_init(Mutex::default)
}

/// Removes every built program of this session, and stops a precompiled header's build.
pub fn cleanup() {
    pch::shutdown();
    let dir = root();
    if dir.exists() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The program for `source` in `lang` (run through `driver` for LeetCode), built now or earlier in
/// the session; `true` if cached. `standard` is the `-std=` flag to add (C, C++).
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn build(
    lang: Lang,
    source: &str,
    tool: Vec<String>,
    standard: Option<&str>,
    driver: Option<&Driver>,
    cancelled: &dyn Fn() -> bool,
) -> Result<(Arc<Built>, bool), BuildError> {
    let mut h = DefaultHasher::new();
    (lang, source, &tool, standard, driver).hash(&mut h);
    let key = h.finish();
    let lock = || entries().lock().unwrap_or_else(PoisonError::into_inner);
    let same = |b: &Built| {
        b.source == source && b.tool == tool && b.standard.as_deref() == standard && b.driver.as_ref() == driver
    };
    if let Some(e) = lock().iter().find(|e| e.key == key && same(&e.built)) {
        return Ok((e.built.clone(), true));
    }
    if which(&tool[0]).is_none() {
        return Err(missing(&tool[0], lang, ""));
    }
    if let Some((runner, of)) = lang.runner()
        && which(&runner[0]).is_none()
    {
        return Err(missing(&runner[0], of, &format!(", which runs what {} writes", tool[0])));
    }
    // A folder per build, not per key: two calls building the same source at once must not
    // write one folder while the other runs from it.
    static BUILDS: AtomicU64 = AtomicU64::new(0);
    let dir = root().join(format!("{key:016x}-{}", BUILDS.fetch_add(1, Ordering::Relaxed)));
    // A C++ driver's precompiled prelude, with its `lc.o`, in place of the session's part.
    let prelude = driver.and_then(precompiled_prelude);
    let shared = match (driver.and_then(|d| d.shared.as_ref()), &prelude) {
        (Some(_), Some(key)) => Some(key.clone()),
        (Some(part), None) => Some(shared(lang, part, &tool, cancelled)?),
        (None, _) => None,
    };
    let built = compile(lang, source, (tool, standard), driver, (shared, prelude), &dir, cancelled)?;
    let built = Arc::new(built);
    let mut entries = lock();
    entries.retain(|e| e.key != key);
    if entries.len() >= KEEP {
        let old = entries.remove(0);
        // A call still running it keeps its folder until the session's cleanup.
        if Arc::strong_count(&old.built) == 1 {
            let _ = std::fs::remove_dir_all(&old.built.dir);
        }
    }
    entries.push(Entry { key, built: built.clone() });
    Ok((built, false))
}

/// `cmd`, the tool of `lang`, is not on PATH: what to do.
fn missing(cmd: &str, lang: Lang, what: &str) -> BuildError {
    BuildError::Setup(format!(
        "`{cmd}` (the {} compiler or interpreter{what}) was not found on PATH: install it{}, or name another one in \
the server's environment variable {}.",
        lang.name(),
        lang.install(),
        lang.var()
    ))
}

/// A driver's session part, built once per session (per language, tool and files) into a folder
/// of the session; its folder.
fn shared(lang: Lang, part: &Shared, tool: &[String], cancelled: &dyn Fn() -> bool) -> Result<PathBuf, BuildError> {
    static BUILT: OnceLock<Mutex<Vec<(u64, PathBuf)>>> = OnceLock::new();
    let mut h = DefaultHasher::new();
    (lang, part, tool).hash(&mut h);
    let key = h.finish();
    // Held while building: two calls needing the same part build it once.
    let mut built = BUILT.get_or_init(Mutex::default).lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, dir)) = built.iter().find(|(k, _)| *k == key) {
        return Ok(dir.clone());
    }
    let dir = root().join(format!("{}-{key:016x}", part.name));
    let _ = std::fs::remove_dir_all(&dir);
    let setup = |e: std::io::Error| BuildError::Setup(format!("cannot write the driver's folder: {e}"));
    std::fs::create_dir_all(&dir).map_err(setup)?;
    for (name, text) in &part.files {
        let path = dir.join(name);
        // A file may sit in a folder of its own (Go: `src/<package>/`).
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(setup)?;
        }
        std::fs::write(path, text).map_err(setup)?;
    }
    let d = dir.to_string_lossy().into_owned();
    let argv = driver::fill(&part.compile, &d, &d, 0);
    let (end, log) = run_compiler(&argv, &dir, &compile_env(lang, &dir, Some(&dir)), cancelled, SHARED_MS);
    match end {
        End::Code(0) => {
            built.push((key, dir.clone()));
            Ok(dir)
        }
        End::TimedOut => Err(BuildError::Setup(format!(
            "the {} driver did not build within {} s (it is built once per session): try again when the machine is \
less busy",
            lang.name(),
            SHARED_MS / 1000
        ))),
        _ => Err(BuildError::Setup(format!(
            "the {} driver did not build: {}",
            lang.name(),
            verdict::tail(log.trim(), 3000)
        ))),
    }
}

/// The cache folder of a C++ driver's prelude (`block.h` precompiled, `lc.o`) when ready
/// (`pch::prelude`, which starts its build when it is not).
fn precompiled_prelude(d: &Driver) -> Option<PathBuf> {
    let p = driver::precompiled(d)?;
    pch::prelude(p.command, p.block, pch::Object { files: p.files.to_vec(), source: p.source.into() })
}

/// Writes a program without a driver into `dir` (its file and the language's support files) and
/// returns the command that compiles it.
fn source_argv(
    lang: Lang,
    source: &str,
    tool: &[String],
    standard: Option<&str>,
    dir: &Path,
) -> std::io::Result<Vec<String>> {
    let file = lang.file_name(source);
    std::fs::write(dir.join(&file), source)?;
    for (name, text) in lang.support_files() {
        std::fs::write(dir.join(name), text)?;
    }
    let mut argv = lang.compile(tool, &file, standard);
    if lang == Lang::Cpp {
        // The AtCoder Library's folder, where the compiler would not find it, and the flag that
        // spares compiling its functions the program does not call (`acl`).
        let at = argv.len().saturating_sub(3);
        let gcc = toolchain::version(tool).is_some_and(|v| !v.to_ascii_lowercase().contains("clang"));
        argv.splice(at..at, acl::words(source, tool, gcc, &|k| std::env::var_os(k)));
        // A faster linker than GNU ld where there is one (`toolchain::linker`).
        if let Some(ld) = toolchain::linker() {
            argv = toolchain::with_defaults(&argv, &[&[ld]]);
        }
    }
    Ok(argv)
}

/// Writes the program's files into `dir` and compiles them. `shared` is the folder of the
/// driver's session part; `prelude` the cache folder of a C++ driver's precompiled prelude.
#[cfg_attr(oj_size, optimize(size))]
fn compile(
    lang: Lang,
    source: &str,
    (tool, standard): (Vec<String>, Option<&str>),
    driver: Option<&Driver>,
    (shared, prelude): (Option<PathBuf>, Option<PathBuf>),
    dir: &Path,
    cancelled: &dyn Fn() -> bool,
) -> Result<Built, BuildError> {
    let setup = |e: std::io::Error| BuildError::Setup(format!("cannot write the program's folder: {e}"));
    std::fs::create_dir_all(dir).map_err(setup)?;
    let argv = match driver {
        Some(d) => {
            for (name, text) in &d.files {
                std::fs::write(dir.join(name), text).map_err(setup)?;
            }
            let s = shared.as_ref().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            driver::fill(&d.compile, &dir.to_string_lossy(), &s, 0)
        }
        None => source_argv(lang, source, &tool, standard, dir).map_err(setup)?,
    };
    let env = compile_env(lang, dir, shared.as_deref());
    let started = Instant::now();
    // The command without `-o main main.cpp`: what the header is built with.
    let command = &argv[..argv.len().saturating_sub(3)];
    let header = header(lang, driver.is_some(), prelude.as_deref(), command, source);
    let (end, log, pch) = match (&header, argv.is_empty()) {
        (_, true) => (End::Code(0), String::new(), false),
        (Some(include), false) => {
            // A driver's command names its prelude already: the precompiled one in its place.
            let first = match driver.and_then(driver::precompiled) {
                Some(p) => with_prelude(&argv, &driver::fill(&[p.header.into()], "", &key_of(include), 0)[0], include),
                None => pch::with_header(&argv, include),
            };
            with_header(&first, &argv, include, dir, &env, cancelled)
        }
        (None, false) => {
            let (end, log) = run_compiler(&argv, dir, &env, cancelled, COMPILE_MS);
            (end, log, false)
        }
    };
    let log = verdict::tail(log.trim(), 3000);
    match end {
        End::Code(0) => Ok(Built {
            lang,
            dir: dir.to_path_buf(),
            log,
            compile_ms: started.elapsed().as_millis() as u64,
            pch,
            driver: driver.cloned(),
            shared,
            tool,
            standard: standard.map(str::to_string),
            source: source.to_string(),
        }),
        End::TimedOut => {
            Err(BuildError::Compile(format!("the compiler ran out of time ({} s)\n{log}", COMPILE_MS / 1000)))
        }
        End::NotStarted(why) => Err(BuildError::Setup(why)),
        _ => {
            Err(BuildError::Compile(if log.is_empty() { "the compiler failed without a message".into() } else { log }))
        }
    }
}

/// The compiler's environment: the program's clean one, and what some toolchains need. `shared`
/// is the folder of the driver's session part, if it has one.
#[cfg_attr(oj_size, optimize(size))]
fn compile_env(lang: Lang, dir: &Path, shared: Option<&Path>) -> Vec<(String, String)> {
    let mut env = sandbox::environment(dir);
    if lang == Lang::Go {
        // The sandbox binds the cache writable beside the folder: it must exist.
        let cache = go_cache();
        if let Err(e) = std::fs::create_dir_all(&cache) {
            crate::debug!("judge: cannot make Go's cache folder {}: {e}", cache.display());
        }
        env.push(("GOCACHE".into(), cache.to_string_lossy().into_owned()));
        env.push(("GO111MODULE".into(), "off".into()));
        // No cgo: the code under test never names the C compiler's flags (`#cgo` lines).
        env.push(("CGO_ENABLED".into(), "0".into()));
        if let Some(s) = shared {
            env.push(("GOPATH".into(), go_path(s)));
        }
    }
    if lang == Lang::Rust {
        // rustup's `rustc` is a proxy that finds its toolchains through the user's home, which
        // the clean environment replaced: name them (the compiler is trusted, the program not).
        let home = std::env::var_os("HOME").map(PathBuf::from);
        for (var, dir) in [("RUSTUP_HOME", ".rustup"), ("CARGO_HOME", ".cargo")] {
            let value = std::env::var_os(var).map(PathBuf::from).or_else(|| home.as_ref().map(|h| h.join(dir)));
            if let Some(v) = value {
                env.push((var.into(), v.to_string_lossy().into_owned()));
            }
        }
    }
    env
}

/// The precompiled header a build reads: a C++ driver's prelude (in `prelude`, when ready), or
/// a C++ program's include block (`pch::header`).
fn header(lang: Lang, driven: bool, prelude: Option<&Path>, command: &[String], source: &str) -> Option<PathBuf> {
    match (prelude, driven) {
        (Some(key), true) => Some(key.join("block.h")),
        (None, false) if lang == Lang::Cpp => pch::header(command, source),
        _ => None,
    }
}

/// The cache folder of a precompiled `block.h`.
fn key_of(block: &Path) -> String {
    block.parent().unwrap_or(block).to_string_lossy().into_owned()
}

/// A driver's compile command with `block` (the precompiled prelude) read in place of `own`, the
/// header it names.
fn with_prelude(argv: &[String], own: &str, block: &Path) -> Vec<String> {
    let block = block.to_string_lossy();
    let mut out: Vec<String> = argv.iter().map(|w| if w == own { block.to_string() } else { w.clone() }).collect();
    // Last: the words in front may be a wrapper's (`ccache g++`).
    out.push("-Winvalid-pch".into());
    out
}

/// The compile `first`, with the precompiled header `include` (the block's `block.h`): its end,
/// its messages (without the warning about the header) and whether the header was used. A
/// compile the header made fail (`pch::blamed`) runs again as `argv`, without it: a header never
/// fails a build.
fn with_header(
    first: &[String],
    argv: &[String],
    include: &Path,
    dir: &Path,
    env: &[(String, String)],
    cancelled: &dyn Fn() -> bool,
) -> (End, String, bool) {
    let (end, log) = run_compiler(first, dir, env, cancelled, COMPILE_MS);
    if matches!(end, End::Code(c) if c != 0) && pch::blamed(include, &log) {
        crate::debug!("judge: the build failed with the precompiled header: built again without it");
        let (end, log) = run_compiler(argv, dir, env, cancelled, COMPILE_MS);
        return (end, log, false);
    }
    let (log, refused) = pch::without_warning(&log);
    match &refused {
        Some(warning) => crate::debug!("judge: the precompiled header was not used: {warning}"),
        None => crate::debug!("judge: built with the precompiled header in {}", include.display()),
    }
    (end, log, refused.is_none())
}

/// Runs a compile command confined in `dir`: its end and its messages (stdout, then the end of
/// stderr).
fn run_compiler(
    argv: &[String],
    dir: &Path,
    env: &[(String, String)],
    cancelled: &dyn Fn() -> bool,
    time_ms: u64,
) -> (End, String) {
    let mut env = env.to_vec();
    // The compiler's own end matters only as success or not: the init's status file is not read.
    let (status, input) = (dir.join("compile.exit"), dir.join("compile.in"));
    // Go's session cache is written by every Go build: the sandbox binds it writable too.
    let gocache = env.iter().find(|(k, _)| k == "GOCACHE").map(|(_, v)| PathBuf::from(v));
    let writable: Vec<&Path> = std::iter::once(dir).chain(gocache.as_deref()).collect();
    let files = sandbox::RunFiles { status: &status, input: &input, writable: &writable, cwd: dir };
    let (argv, init) = sandbox::wrap(argv, sandbox::Limits { time_ms, memory_mb: None, rss_mb: None }, files, &mut env);
    let spec = Spec {
        argv: &argv,
        cwd: dir,
        env: &env,
        stdin: b"",
        stdin_file: init.then_some(input.as_path()),
        time_ms,
        output_cap: 1 << 20,
        kill_group_after: false,
    };
    let out = run::run(&spec, cancelled);
    let mut log = String::from_utf8_lossy(&out.stdout).into_owned();
    log.push_str(&out.stderr);
    (out.end, without_linker_noise(&log))
}

/// The log without gold's warning on each local check symbol of the ASan runtime that clang++
/// links in (about 200 lines, `Cannot export local symbol '__asan_check_load_add_4_R12'`): nothing
/// of the program's, and all a model would read of a build that went well.
fn without_linker_noise(log: &str) -> String {
    let kept: Vec<&str> = log.lines().filter(|l| !l.contains("Cannot export local symbol '__asan")).collect();
    kept.join("\n")
}

#[cfg(test)]
mod tests {
    #[test]
    fn golds_warnings_on_asans_symbols_are_dropped() {
        let noise = "/usr/bin/ld.gold: warning: Cannot export local symbol '__asan_check_load_add_4_R12'";
        let log = format!("{noise}\nsolution.cpp:3:5: warning: unused variable 'x'\n{noise}\n");
        assert_eq!(super::without_linker_noise(&log), "solution.cpp:3:5: warning: unused variable 'x'");
        assert_eq!(super::without_linker_noise("a\nb\n"), "a\nb");
    }
}
