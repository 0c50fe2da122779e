//! A precompiled `<bits/stdc++.h>` for C++ builds, kept in the user's cache folder across
//! sessions. Parsing that header is most of a typical solution's build (about 1.5 s of CPU with
//! g++ 12 at `-O2`); reading its precompiled form takes a few hundredths of a second.
//!
//! How GCC uses one: looking for `<bits/stdc++.h>` in a folder of the include path, it first
//! tries `bits/stdc++.h.gch` there, and takes it when the same compiler made it with compatible
//! options and the macros the header reads are defined alike, and only for the translation
//! unit's first `#include`, before any C token. So each compiler command (the compiler's
//! identity and every flag) gets a folder `<cache>/oj-mcp-rs/pch/<key>/`, whose
//! `include/bits/stdc++.h.gch` is offered with `-I <key>/include -Winvalid-pch` to a program
//! whose first include is `<bits/stdc++.h>`. That folder holds no header: nothing else resolves
//! there, and no program gets a header it did not include (never `-include`: a program that
//! defines its own `count` beside `using namespace std` would break). GCC checks the rest; a
//! header it refuses is read as usual, and the warning `-Winvalid-pch` asks for is taken out of
//! the program's messages (it says the header was not used).
//!
//! A key's folder: `key.txt` (what the key is made of), `header.hpp` (the one line compiled),
//! `include/bits/stdc++.h.gch`, `deps` (the headers it read: a newer one makes it stale), `used`
//! (touched when a session first uses it), `lock` (a build under way, with its PID).
//!
//! The build is off the call's path: the first program that would use a missing header starts
//! its build on a thread of its own and is built without it; later builds use it once it is
//! complete. It is written under a temporary name and renamed into place, so no compile (of this
//! server or of another) sees half a file.

use std::fs;
use std::io::{ErrorKind, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant, SystemTime};

use super::paths::{user_cache, which};
use super::run::{self, End, Spec};
use super::toolchain::CXX_FLAGS;
use super::{sandbox, verdict};

/// The header precompiled, as a program includes it.
const HEADER: &str = "bits/stdc++.h";
/// Its precompiled form, under a key's `include/`.
const GCH: &str = "bits/stdc++.h.gch";
/// Compiler commands kept (about 100 MB each); the least recently used beyond these go.
const KEEP: usize = 3;
/// A key not used for this long goes.
const UNUSED: Duration = Duration::from_secs(30 * 24 * 3600);
/// A header's build gets this long: it runs at the lowest priority and may wait for the cores.
const BUILD_MS: u64 = 20 * 60 * 1000;
/// A lock older than this is a dead server's (longer than any build).
const STALE_LOCK: Duration = Duration::from_secs(30 * 60);

/// What this session knows of a key.
enum State {
    /// Checked and there: used.
    Ready,
    /// Our thread is building it.
    Building,
    /// It cannot be had this session (the build failed, the folder is not writable).
    Failed,
}

struct Shared {
    /// By the key's folder (one or two a session: a list, not a map's code in the binary).
    states: Vec<(PathBuf, State)>,
    /// The build thread (one at a time).
    builder: Option<JoinHandle<()>>,
}

impl Shared {
    fn state(&self, dir: &Path) -> Option<&State> {
        self.states.iter().find(|(d, _)| d == dir).map(|(_, s)| s)
    }

    fn set(&mut self, dir: PathBuf, state: State) {
        self.forget(&dir);
        self.states.push((dir, state));
    }

    fn forget(&mut self, dir: &Path) {
        self.states.retain(|(d, _)| d != dir);
    }
}

fn lock() -> MutexGuard<'static, Shared> {
    static SHARED: Mutex<Shared> = Mutex::new(Shared { states: Vec::new(), builder: None });
    SHARED.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Set when the server exits: a build under way is killed.
static STOP: AtomicBool = AtomicBool::new(false);

/// The folder to name with `-I` for `source` compiled by `tool`, when its precompiled header is
/// ready. Else `None`, after starting the header's build in the background where it would help
/// (this build goes on without it).
pub(crate) fn include_dir(tool: &[String], source: &str) -> Option<PathBuf> {
    if first_include(source) != Some(HEADER) {
        return None;
    }
    let env = |k: &str| std::env::var(k).ok();
    if turned_off(&env) {
        crate::debug!("judge: OJ_PCH turns the precompiled header off");
        return None;
    }
    let Some(root) = cache_root(std::env::consts::OS, &env) else {
        crate::debug!("judge: no user cache folder (HOME, XDG_CACHE_HOME, LOCALAPPDATA): no precompiled header");
        return None;
    };
    let text = key_text(&identity(tool.first()?)?, tool);
    let dir = root.join(key_of(&text));
    let include = dir.join("include");
    let mut shared = lock();
    match shared.state(&dir) {
        Some(State::Ready) if include.join(GCH).is_file() => return Some(include),
        Some(State::Building | State::Failed) => return None,
        _ => {}
    }
    if usable(&dir, &text) {
        shared.set(dir.clone(), State::Ready);
        let _ = fs::write(dir.join("used"), b"");
        sweep(&root, &dir);
        return Some(include);
    }
    shared.forget(&dir);
    start(&mut shared, dir, text, tool);
    None
}

/// `argv`, a compile command, with the precompiled header's folder first on the include path
/// (before any `-I` of the user's: the header was built with those, so it holds what the
/// program's include would find).
pub(crate) fn with_header(argv: &[String], include: &Path) -> Vec<String> {
    let Some((compiler, rest)) = argv.split_first() else { return Vec::new() };
    let mut out = vec![compiler.clone(), "-I".into(), include.to_string_lossy().into_owned(), "-Winvalid-pch".into()];
    out.extend(rest.iter().cloned());
    out
}

/// Whether a failed compile failed because of the precompiled header: `-Werror` turns the
/// refusal into an error, and a damaged file stops GCC ("cannot read PCH file"). Such a file is
/// removed (built again at a later call). The caller compiles again without the header.
pub(crate) fn blamed(include: &Path, log: &str) -> bool {
    if log.contains("invalid-pch") {
        return true;
    }
    // A file of the header's folder gone while the program compiled (another server, sharing the
    // cache, building the folder again): abc149_c's accepted program got a `CE` for it.
    let ours = include.to_string_lossy();
    if log.lines().any(|l| l.contains(&*ours) && l.contains("No such file")) {
        return true;
    }
    if !(log.contains("PCH") || log.contains(".gch")) {
        return false;
    }
    let dir = include.parent().unwrap_or(include);
    crate::debug!("judge: the precompiled header in {} is damaged: removed", dir.display());
    let _ = fs::remove_file(include.join(GCH));
    lock().forget(dir);
    true
}

/// The compiler's messages without the `-Winvalid-pch` warning (about our header, not the
/// program: each with its source excerpt), and the warning when there was one: the header was
/// not used.
pub(crate) fn without_warning(log: &str) -> (String, Option<String>) {
    let mut out = String::new();
    let mut warning = None;
    let mut excerpt = false;
    for line in log.lines() {
        if line.contains("[-Winvalid-pch]") {
            warning.get_or_insert_with(|| line.trim().to_string());
            excerpt = true;
            continue;
        }
        // GCC's excerpt: `    1 | #include <bits/stdc++.h>`, then `      |    ^`.
        let t = line.trim_start().trim_start_matches(|c: char| c.is_ascii_digit()).trim_start();
        if excerpt && t.starts_with('|') {
            continue;
        }
        excerpt = false;
        out.push_str(line);
        out.push('\n');
    }
    (out, warning)
}

/// Stops a header's build under way (its partial file removed) and waits for its thread: the
/// server is exiting.
pub(crate) fn shutdown() {
    STOP.store(true, Ordering::Relaxed);
    let builder = lock().builder.take();
    if let Some(h) = builder {
        join(h);
    }
}

fn join(h: JoinHandle<()>) {
    if let Err(panic) = h.join() {
        std::panic::resume_unwind(panic);
    }
}

/// Whether `OJ_PCH` turns it off (`0`, `off`, `false`, `no`).
fn turned_off(env: &dyn Fn(&str) -> Option<String>) -> bool {
    env("OJ_PCH").is_some_and(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "0" | "off" | "false" | "no"))
}

/// `oj-mcp-rs/pch` in the user's cache folder on `os` (`std::env::consts::OS`): Windows
/// `%LOCALAPPDATA%`, macOS `~/Library/Caches`, elsewhere `$XDG_CACHE_HOME` (when absolute, as
/// the XDG spec requires) or `~/.cache`.
fn cache_root(os: &str, env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    Some(user_cache(os, env)?.join("oj-mcp-rs").join("pch"))
}

/// The header named by the source's first `#include`, when nothing but comments, blank lines
/// and `#define`/`#undef` lines come before it. GCC uses a precompiled header only there, and
/// checks the macros itself (it refuses, with a warning, a header that reads one defined
/// otherwise); a `#pragma` or code before it makes GCC skip the header without a word, so such
/// sources are given none.
pub(crate) fn first_include(source: &str) -> Option<&str> {
    let mut rest = source.strip_prefix('\u{feff}').unwrap_or(source);
    loop {
        rest = rest.trim_start();
        if let Some(r) = rest.strip_prefix("//") {
            rest = skip_line(r);
        } else if let Some(r) = rest.strip_prefix("/*") {
            rest = r.split_once("*/")?.1;
        } else if let Some(r) = rest.strip_prefix('#') {
            let r = r.trim_start_matches([' ', '\t']);
            if let Some(r) = r.strip_prefix("include") {
                return header_name(r);
            }
            if !(r.starts_with("define") || r.starts_with("undef")) {
                return None;
            }
            rest = skip_line(r);
        } else {
            return None;
        }
    }
}

/// The name in `<name>` or `"name"` at the start of an include's rest of line.
fn header_name(rest: &str) -> Option<&str> {
    let rest = rest.trim_start_matches([' ', '\t']);
    let close = match rest.chars().next()? {
        '<' => '>',
        '"' => '"',
        _ => return None,
    };
    let name = rest[1..].split(['\n', close]).next()?;
    rest[1..].get(name.len()..)?.starts_with(close).then(|| name.trim())
}

/// The text after the current line, which a backslash at its end continues.
fn skip_line(s: &str) -> &str {
    let mut rest = s;
    loop {
        let Some((line, next)) = rest.split_once('\n') else { return "" };
        if !line.trim_end_matches('\r').ends_with('\\') {
            return next;
        }
        rest = next;
    }
}

/// What identifies the compiler `cmd` in a key: the first line of its `--version`, and the
/// program it resolves to with its size and time (a reinstall changes them). Asked once per
/// session. `None` for anything but GCC: clang reads only its own `-include-pch` files, and
/// Apple's `g++` is clang.
fn identity(cmd: &str) -> Option<String> {
    static SEEN: Mutex<Vec<(String, Option<String>)>> = Mutex::new(Vec::new());
    let known = |seen: &[(String, Option<String>)]| seen.iter().find(|(c, _)| c == cmd).map(|(_, id)| id.clone());
    if let Some(id) = known(&SEEN.lock().unwrap_or_else(PoisonError::into_inner)) {
        return id;
    }
    let id = ask_identity(cmd);
    SEEN.lock().unwrap_or_else(PoisonError::into_inner).push((cmd.to_string(), id.clone()));
    id
}

fn ask_identity(cmd: &str) -> Option<String> {
    let path = which(cmd)?;
    let real = fs::canonicalize(&path).unwrap_or(path);
    let meta = fs::metadata(&real).ok()?;
    let argv = [cmd.to_string(), "--version".to_string()];
    let cwd = std::env::temp_dir();
    let env = sandbox::environment(&cwd);
    let spec = Spec {
        argv: &argv,
        cwd: &cwd,
        env: &env,
        stdin: b"",
        stdin_file: None,
        time_ms: 10_000,
        output_cap: 64 * 1024,
        kill_group_after: true,
    };
    let out = run::run(&spec, &|| false);
    let text = String::from_utf8_lossy(&out.stdout);
    let version = text.lines().next().unwrap_or("").trim();
    let gcc = out.end == End::Code(0)
        && text.contains("Free Software Foundation")
        && !text.to_ascii_lowercase().contains("clang");
    if !gcc {
        crate::debug!("judge: `{cmd}` is not GCC ({version:?}): no precompiled header");
        return None;
    }
    Some(format!("{version}; {} ({} bytes, modified {})", real.display(), meta.len(), seconds(meta.modified().ok())))
}

/// Seconds since the epoch, 0 when unknown.
fn seconds(t: Option<SystemTime>) -> u64 {
    t.and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok()).map_or(0, |d| d.as_secs())
}

/// What a key is made of, written into its folder as `key.txt`: the compiler, the whole command
/// (every word of `OJ_CXX`, then the judge's flags) and the header.
fn key_text(identity: &str, tool: &[String]) -> String {
    let mut command: Vec<&str> = tool.iter().map(String::as_str).collect();
    command.extend(CXX_FLAGS);
    format!("compiler: {identity}\ncommand: {command:?}\nheader: <{HEADER}>\n")
}

/// The key's folder name: the 64-bit FNV-1a hash of its text, fixed across Rust versions (the
/// standard library's hasher is not).
fn key_of(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("{hash:016x}")
}

/// Whether the key's header is there, made for `text`, and newer than every header it read
/// (a library update since makes it stale).
fn usable(dir: &Path, text: &str) -> bool {
    let Ok(built) = fs::metadata(dir.join("include").join(GCH)).and_then(|m| m.modified()) else { return false };
    if fs::read_to_string(dir.join("key.txt")).ok().as_deref() != Some(text) {
        return false;
    }
    let Ok(deps) = fs::read_to_string(dir.join("deps")) else { return false };
    let newer = deps.lines().find(|p| fs::metadata(p).and_then(|m| m.modified()).is_ok_and(|t| t > built));
    if let Some(p) = newer {
        crate::debug!("judge: the precompiled header in {} is older than {p}: built again", dir.display());
        return false;
    }
    true
}

/// Starts the key's build on a thread, unless one is under way (here, or in another server:
/// its lock), or the folder cannot be written (said in the debug log; none this session).
#[cfg_attr(oj_size, optimize(size))]
fn start(shared: &mut Shared, dir: PathBuf, text: String, tool: &[String]) {
    if let Some(h) = shared.builder.take_if(|h| h.is_finished()) {
        join(h);
    }
    if shared.builder.is_some() {
        return;
    }
    match fs::create_dir_all(&dir).and_then(|()| take_lock(&dir)) {
        Ok(true) => {}
        Ok(false) => return crate::debug!("judge: another server is building {}", dir.display()),
        Err(e) => {
            crate::debug!("judge: cannot write {} ({e}): no precompiled header", dir.display());
            shared.set(dir, State::Failed);
            return;
        }
    }
    crate::info!(
        "judge: precompiling <{HEADER}> for `{}` into {} in the background (about 100 MB on disk, once per \
compiler command; OJ_PCH=0 turns it off)",
        tool.join(" "),
        dir.display()
    );
    shared.set(dir.clone(), State::Building);
    let (key, tool) = (dir.clone(), tool.to_vec());
    let spawned = thread::Builder::new().name("oj-judge-pch".into()).spawn(move || {
        let started = Instant::now();
        let built = build(&dir, &text, &tool);
        let _ = fs::remove_file(dir.join("lock"));
        let state = match built {
            Ok(size) => {
                let ms = started.elapsed().as_millis();
                crate::info!("judge: precompiled header ready in {ms} ms, {size} bytes: {}", dir.display());
                sweep(dir.parent().unwrap_or(&dir), &dir);
                State::Ready
            }
            Err(e) => {
                crate::info!("judge: no precompiled header for `{}`: {e}", tool.join(" "));
                State::Failed
            }
        };
        lock().set(dir, state);
    });
    match spawned {
        Ok(h) => shared.builder = Some(h),
        Err(e) => {
            crate::debug!("judge: cannot start the precompiled header's build: {e}");
            let _ = fs::remove_file(key.join("lock"));
            shared.set(key, State::Failed);
        }
    }
}

/// Takes the key's lock (a file holding our PID): `false` when a live build holds it. A lock
/// older than [`STALE_LOCK`], or (Linux) of a process that is gone, is a dead server's.
fn take_lock(dir: &Path) -> std::io::Result<bool> {
    let path = dir.join("lock");
    for _ in 0..2 {
        match fs::OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(mut f) => {
                let _ = write!(f, "{}", std::process::id());
                return Ok(true);
            }
            Err(e) if e.kind() == ErrorKind::AlreadyExists => {
                let old = age(&path).is_some_and(|a| a > STALE_LOCK);
                let pid = fs::read_to_string(&path).ok().and_then(|p| p.trim().parse::<u32>().ok());
                let gone =
                    cfg!(target_os = "linux") && pid.is_some_and(|p| !Path::new("/proc").join(p.to_string()).exists());
                if !(old || gone) {
                    return Ok(false);
                }
                let _ = fs::remove_file(&path);
            }
            Err(e) => return Err(e),
        }
    }
    Ok(false)
}

/// How long ago `path` was modified.
fn age(path: &Path) -> Option<Duration> {
    let t = fs::metadata(path).and_then(|m| m.modified()).ok()?;
    Some(SystemTime::now().duration_since(t).unwrap_or_default())
}

/// Builds the key's header: trusted (no user code), so not confined, but at the lowest priority
/// and dying with the server (`sandbox::background`); in the same clean environment as the
/// program's compile (`CPATH` and the like would change what the header holds). Returns its size.
fn build(dir: &Path, text: &str, tool: &[String]) -> Result<u64, String> {
    let io = |e: std::io::Error| format!("cannot write {}: {e}", dir.display());
    fs::create_dir_all(dir.join("include").join("bits")).map_err(io)?;
    // Under the lock: what a killed build left is ours to remove.
    for leftover in [dir.to_path_buf(), dir.join("include").join("bits")] {
        for e in fs::read_dir(leftover).map_err(io)?.flatten() {
            if e.file_name().to_string_lossy().ends_with(".tmp") {
                let _ = fs::remove_file(e.path());
            }
        }
    }
    fs::write(dir.join("header.hpp"), format!("#include <{HEADER}>\n")).map_err(io)?;
    fs::write(dir.join("key.txt"), text).map_err(io)?;
    let pid = std::process::id();
    let (gch, deps) = (format!("include/{GCH}.{pid}.tmp"), format!("deps.{pid}.tmp"));
    let mut argv = sandbox::background();
    argv.extend(tool.iter().cloned());
    argv.extend(CXX_FLAGS.map(String::from));
    argv.extend(["-x", "c++-header", "header.hpp", "-o", &gch, "-MD", "-MF", &deps].map(String::from));
    let env = sandbox::environment(dir);
    let spec = Spec {
        argv: &argv,
        cwd: dir,
        env: &env,
        stdin: b"",
        stdin_file: None,
        time_ms: BUILD_MS,
        output_cap: 64 * 1024,
        kill_group_after: true,
    };
    let out = run::run(&spec, &|| STOP.load(Ordering::Relaxed));
    let built = match out.end {
        End::Code(0) => install(dir, &gch, &deps).map_err(io),
        end => Err(format!("{end}: {}", verdict::tail(out.stderr.trim(), 600))),
    };
    let _ = fs::remove_file(dir.join(&gch));
    let _ = fs::remove_file(dir.join(&deps));
    built
}

/// Records the headers read (absolute) and renames the header into place.
fn install(dir: &Path, gch: &str, deps: &str) -> std::io::Result<u64> {
    let read = depfile_paths(&fs::read_to_string(dir.join(deps))?);
    let lines: Vec<String> = read.iter().map(|p| dir.join(p).to_string_lossy().into_owned()).collect();
    fs::write(dir.join("deps"), lines.join("\n"))?;
    let size = fs::metadata(dir.join(gch))?.len();
    fs::rename(dir.join(gch), dir.join("include").join(GCH))?;
    Ok(size)
}

/// The files a make-style depfile lists after its target (`target: a b \` lines, where `\ `
/// is a space in a name and a backslash before a line's end continues it).
fn depfile_paths(text: &str) -> Vec<String> {
    let body = text.split_once(": ").map_or("", |(_, b)| b);
    let mut out = Vec::new();
    let mut word = String::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&' ') => {
                word.push(' ');
                chars.next();
            }
            '\\' if matches!(chars.peek(), Some('\n' | '\r')) => {}
            c if c.is_whitespace() => out.extend((!word.is_empty()).then(|| std::mem::take(&mut word))),
            c => word.push(c),
        }
    }
    out.extend((!word.is_empty()).then_some(word));
    out
}

/// Bounds the disk used: removes the keys under `root` not used for [`UNUSED`], and those
/// beyond the [`KEEP`] most recently used (`current` counts and stays), except one being built.
fn sweep(root: &Path, current: &Path) {
    let Ok(list) = fs::read_dir(root) else { return };
    let last_used =
        |p: &Path| ["used", "key.txt", ""].iter().find_map(|f| fs::metadata(p.join(f)).and_then(|m| m.modified()).ok());
    let keys: Vec<(SystemTime, PathBuf)> = list
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir() && p != current)
        .map(|p| (last_used(&p).unwrap_or(SystemTime::UNIX_EPOCH), p))
        .collect();
    for (used, path) in &keys {
        // Its place among the others by recency (counted, not sorted: a sort's code in the
        // binary for a handful of folders).
        let newer = keys.iter().filter(|(t, p)| t > used || (t == used && p < path)).count();
        let unused = SystemTime::now().duration_since(*used).unwrap_or_default() > UNUSED;
        if (newer + 1 >= KEEP || unused) && !path.join("lock").exists() {
            crate::debug!("judge: removing the precompiled header in {}", path.display());
            let _ = fs::remove_dir_all(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_include_counts_after_comments_and_defines_only() {
        let cases: &[(&str, Option<&str>)] = &[
            ("#include <bits/stdc++.h>\nusing namespace std;", Some(HEADER)),
            ("\u{feff}// A\n/* B\n */\n\n  #  include<bits/stdc++.h>\n", Some(HEADER)),
            ("#include \"bits/stdc++.h\"\n", Some(HEADER)),
            ("#define LOCAL\n#define F(x) \\\n  (x)\n#undef X\n#include <bits/stdc++.h>\n", Some(HEADER)),
            ("// a comment \\\n#include <iostream>\n#include <bits/stdc++.h>\n", Some(HEADER)),
            ("#include <iostream>\n#include <bits/stdc++.h>\n", Some("iostream")),
            ("#pragma GCC optimize(\"O3\")\n#include <bits/stdc++.h>\n", None),
            ("#ifdef LOCAL\n#endif\n#include <bits/stdc++.h>\n", None),
            ("int x;\n#include <bits/stdc++.h>\n", None),
            ("/* never closed\n#include <bits/stdc++.h>\n", None),
            ("#include <bits/stdc++.h\nint main(){}", None),
            ("#include MACRO\n", None),
            ("#includes <x>\n", None),
            ("", None),
        ];
        for (source, want) in cases {
            assert_eq!(first_include(source), *want, "{source:?}");
        }
    }

    #[test]
    fn a_header_gone_while_the_program_compiled_is_the_header_s_fault() {
        let include = Path::new("/c/oj-mcp-rs/pch/aa0c/include");
        let gone =
            "main.cpp:21:10: fatal error: /c/oj-mcp-rs/pch/aa0c/include/bits/stdc++.h: No such file or directory";
        assert!(blamed(include, gone));
        // The program's own missing header is the program's.
        assert!(!blamed(include, "main.cpp:1:10: fatal error: atcoder/all: No such file or directory"));
    }

    #[test]
    fn the_cache_folder_per_system() {
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |k: &str| vars.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string())
        };
        let all = env(&[("HOME", "/h"), ("XDG_CACHE_HOME", "/x"), ("LOCALAPPDATA", r"C:\U\AppData\Local")]);
        assert_eq!(cache_root("linux", &all), Some(PathBuf::from("/x/oj-mcp-rs/pch")));
        assert_eq!(cache_root("macos", &all), Some(PathBuf::from("/h/Library/Caches/oj-mcp-rs/pch")));
        assert_eq!(
            cache_root("windows", &all),
            Some(PathBuf::from(r"C:\U\AppData\Local").join("oj-mcp-rs").join("pch"))
        );
        // A relative XDG_CACHE_HOME is invalid (the spec): ignored.
        let relative = env(&[("HOME", "/h"), ("XDG_CACHE_HOME", "x")]);
        assert_eq!(cache_root("linux", &relative), Some(PathBuf::from("/h/.cache/oj-mcp-rs/pch")));
        let none = env(&[("HOME", "")]);
        assert_eq!(cache_root("linux", &none), None);
        assert_eq!(cache_root("windows", &env(&[("HOME", "/h")])), None);
    }

    #[test]
    fn the_switch_and_the_key() {
        let off = |v: &'static str| move |k: &str| (k == "OJ_PCH").then(|| v.to_string());
        assert!(turned_off(&off("0")) && turned_off(&off(" OFF ")) && turned_off(&off("no")));
        assert!(!turned_off(&off("1")) && !turned_off(&|_: &str| None));
        let g = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        let id = "g++ (Debian 12.2.0-14) 12.2.0; /usr/bin/x86_64-linux-gnu-g++-12 (1 bytes, modified 2)";
        let text = key_text(id, &g(&["g++"]));
        assert!(text.contains("[\"g++\", \"-std=gnu++17\", \"-O2\", \"-pipe\"]"), "{text}");
        assert!(text.contains(id) && text.contains("<bits/stdc++.h>"), "{text}");
        // Every input changes the key: the compiler, its words (split where they are split), the version.
        let keys = [
            key_of(&text),
            key_of(&key_text(id, &g(&["g++", "-DLOCAL"]))),
            key_of(&key_text(id, &g(&["g++", "-I", "x"]))),
            key_of(&key_text(id, &g(&["g++", "-I x"]))),
            key_of(&key_text(&id.replace("12.2.0", "12.3.0"), &g(&["g++"]))),
            key_of(&key_text(&id.replace("modified 2", "modified 3"), &g(&["g++"]))),
        ];
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(k.len(), 16);
            assert!(keys[i + 1..].iter().all(|o| o != k), "{keys:?}");
        }
        // FNV-1a's published value: fixed across builds and Rust versions.
        assert_eq!(key_of("a"), "af63dc4c8601ec8c");
    }

    #[test]
    fn the_warning_about_the_header_is_not_the_programs() {
        let log = "main.cpp:1:25: warning: /c/include/bits/stdc++.h.gch: not used because `NDEBUG' is defined \
[-Winvalid-pch]\n    1 | #include <bits/stdc++.h>\n      |                         ^\nmain.cpp: In function 'int \
main()':\nmain.cpp:5:9: warning: unused variable 'x' [-Wunused-variable]\n    5 |     int x;\n      |         ^\n";
        let (kept, warning) = without_warning(log);
        assert!(warning.is_some_and(|w| w.contains("NDEBUG")));
        assert_eq!(
            kept,
            "main.cpp: In function 'int main()':\nmain.cpp:5:9: warning: unused variable 'x' [-Wunused-variable]\n    5 \
|     int x;\n      |         ^\n"
        );
        assert_eq!(without_warning("plain\n"), ("plain\n".to_string(), None));
        let argv: Vec<String> = ["g++", "-O2", "main.cpp"].map(String::from).to_vec();
        assert_eq!(
            with_header(&argv, Path::new("/c/include")),
            ["g++", "-I", "/c/include", "-Winvalid-pch", "-O2", "main.cpp"]
        );
    }

    #[test]
    fn depfiles_list_their_files() {
        let text = "include/bits/stdc++.h.gch.1.tmp: header.hpp /usr/include/stdc-predef.h \\\n /usr/x\\ y.h \\\r\n C:/m/c++/cassert\n";
        assert_eq!(depfile_paths(text), ["header.hpp", "/usr/include/stdc-predef.h", "/usr/x y.h", "C:/m/c++/cassert"]);
        assert!(depfile_paths("").is_empty());
    }

    #[test]
    fn one_build_per_key_at_a_time() {
        let dir = sandbox::TempDir::new("pch-lock").unwrap();
        assert!(take_lock(dir.path()).unwrap());
        assert_eq!(fs::read_to_string(dir.path().join("lock")).unwrap(), std::process::id().to_string());
        // Held by a live process (this one): not taken.
        assert!(!take_lock(dir.path()).unwrap());
        // Left by a process that is gone (Linux), or too old: taken over.
        fs::write(dir.path().join("lock"), "4194304999").unwrap();
        assert_eq!(take_lock(dir.path()).unwrap(), cfg!(target_os = "linux"));
        let old = fs::File::options().write(true).open(dir.path().join("lock")).unwrap();
        old.set_modified(SystemTime::now() - STALE_LOCK - Duration::from_secs(1)).unwrap();
        assert!(take_lock(dir.path()).unwrap());
        assert!(take_lock(&dir.path().join("missing")).is_err());
    }

    #[test]
    fn stale_and_foreign_keys_and_old_ones_go() {
        let root = sandbox::TempDir::new("pch-test").unwrap();
        let key = |name: &str, used_days_ago: u64| {
            let dir = root.path().join(name);
            fs::create_dir_all(dir.join("include/bits")).unwrap();
            let used = fs::File::create(dir.join("used")).unwrap();
            used.set_modified(SystemTime::now() - Duration::from_secs(used_days_ago * 86_400)).unwrap();
            dir
        };
        // Not used for 30 days: gone, though within the KEEP newest.
        let (current, a, old) = (key("cur", 0), key("a", 1), key("old", 40));
        sweep(root.path(), &current);
        assert!(current.exists() && a.exists() && !old.exists());
        // Beyond the KEEP newest (the current key counts): gone, unless being built.
        let (b, locked, d) = (key("b", 2), key("l", 3), key("d", 5));
        fs::write(locked.join("lock"), "1").unwrap();
        sweep(root.path(), &current);
        assert!(current.exists() && a.exists() && b.exists() && locked.exists() && !d.exists());
        // What `usable` asks: the header, the same key text, no header read since that is newer.
        fs::write(current.join("key.txt"), "k").unwrap();
        fs::write(current.join("include").join(GCH), "x").unwrap();
        assert!(!usable(&current, "k"), "no deps file");
        let dep = current.join("dep.h");
        fs::write(&dep, "").unwrap();
        fs::File::options()
            .write(true)
            .open(&dep)
            .unwrap()
            .set_modified(SystemTime::now() - Duration::from_secs(60))
            .unwrap();
        fs::write(current.join("deps"), format!("{}\n/nonexistent/header.h", dep.display())).unwrap();
        assert!(usable(&current, "k"));
        assert!(!usable(&current, "other"));
        fs::File::options()
            .write(true)
            .open(&dep)
            .unwrap()
            .set_modified(SystemTime::now() + Duration::from_secs(60))
            .unwrap();
        assert!(!usable(&current, "k"), "a header changed since");
    }
}
