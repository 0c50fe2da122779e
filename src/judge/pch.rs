//! A precompiled header of a C++ program's include block, kept in the user's cache folder across
//! sessions. Parsing the headers is most of a typical solution's build (`<bits/stdc++.h>`: about
//! 1.5 s of CPU with g++ 12 at `-O2`; with the AtCoder Library's `<atcoder/all>` 3 s); reading
//! their precompiled form takes a few hundredths of a second.
//!
//! The include block is what a program says before its code: its `#include` lines, with the
//! `#define`, `#undef`, `#pragma` and `using namespace …;` lines among them, in order (comments
//! and blank lines left out: programs that differ only there share a header). That text, written
//! to `<cache>/oj-mcp-rs/pch/<key>/block.h`, is precompiled into `block.h.gch` beside it, and a
//! program with the same block is compiled with `-include <key>/block.h -Winvalid-pch`: GCC
//! reads the block first (from the `.gch`), then the program, whose own lines of the block then
//! change nothing (the headers' include guards, which the `.gch` keeps, skip them; a `#define`
//! repeated alike is allowed). So the program sees exactly what it includes, in its order, and
//! nothing else (a program that defines its own `count` beside `using namespace std` is fine).
//! The key is the compiler's identity, every flag of the command (the standard, `OJ_CXX`'s
//! words, the AtCoder Library's folder) and the block. GCC checks the rest: a header it refuses
//! is read as text from `block.h` (the same block), and the warning `-Winvalid-pch` asks for is
//! taken out of the program's messages (it says the header was not used).
//!
//! A key's folder: `key.txt` (what the key is made of), `block.h`, `block.h.gch`, `deps` (the
//! headers it read: a newer one makes it stale), `used` (touched when a session first uses it),
//! `lock` (a build under way, with its PID). A LeetCode C++ driver's prelude ([`prelude`]) is a
//! block too, whose folder also holds the driver's compiled part (`lc.cpp` and `lc.hpp`, compiled
//! with the header into `lc.o`), so that no session compiles it again.
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
use super::{sandbox, toolchain, verdict};

/// The block's header, in a key's folder.
const BLOCK: &str = "block.h";
/// Its precompiled form, beside it.
const GCH: &str = "block.h.gch";
/// Headers kept (70 to 140 MB each); the least recently used beyond these go.
const KEEP: usize = 4;
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

/// The header to name with `-include` for `source` compiled by `command` (the compiler and
/// every flag, without the output and the source), when its precompiled form is ready. Else
/// `None`, after starting its build in the background where it would help (this build goes on
/// without it).
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn header(command: &[String], source: &str) -> Option<PathBuf> {
    Some(ready(command, include_block(source)?, None)?.join(BLOCK))
}

/// Files compiled once beside a header, with it, into an object file that builds link: a
/// LeetCode driver's compiled part (`lc.cpp`, which includes `lc.hpp`, both written there).
pub(crate) struct Object {
    pub(crate) files: Vec<(String, String)>,
    /// The one of `files` compiled; the object is named after it (`lc.cpp`: `lc.o`).
    pub(crate) source: String,
}

/// The object file of `source` (`lc.cpp`: `lc.o`).
pub(crate) fn object_name(source: &str) -> String {
    format!("{}.o", source.rsplit_once('.').map_or(source, |(stem, _)| stem))
}

/// A driver's prelude: the key's folder, holding `block` precompiled (its `block.h`, to name with
/// `-include`) and `object` compiled with it, when both are ready; else `None`, after starting
/// their build in the background as [`header`] does. Same key and checks as a program's block.
pub(crate) fn prelude(command: &[String], block: &str, object: Object) -> Option<PathBuf> {
    ready(command, block.to_string(), Some(object))
}

/// The key's folder of `block` (with `object`) for `command`, when ready (see [`header`]).
fn ready(command: &[String], block: String, object: Option<Object>) -> Option<PathBuf> {
    let env = |k: &str| std::env::var(k).ok();
    if turned_off(&env) {
        crate::debug!("judge: OJ_PCH turns the precompiled header off");
        return None;
    }
    let Some(root) = cache_root(std::env::consts::OS, &env) else {
        crate::debug!("judge: no user cache folder (HOME, XDG_CACHE_HOME, LOCALAPPDATA): no precompiled header");
        return None;
    };
    // The compiler a wrapper runs (`ccache g++`: g++) is what the header must fit.
    let compiler = command.get(toolchain::lead(command).checked_sub(1)?)?;
    let mut text = key_text(&identity(compiler)?, command, &block);
    if let Some(o) = &object {
        // The object's sources are part of what the key's folder holds.
        text.push_str(&format!("\nobject from {}:\n", o.source));
        o.files.iter().for_each(|(name, body)| text.push_str(&format!("{name}:\n{body}\n")));
    }
    let dir = root.join(key_of(&text));
    let object_file = object.as_ref().map(|o| object_name(&o.source));
    let complete = |d: &Path| d.join(GCH).is_file() && object_file.as_ref().is_none_or(|o| d.join(o).is_file());
    let mut shared = lock();
    match shared.state(&dir) {
        Some(State::Ready) if complete(&dir) => return Some(dir),
        Some(State::Building | State::Failed) => return None,
        _ => {}
    }
    if complete(&dir) && usable(&dir, &text) {
        shared.set(dir.clone(), State::Ready);
        let _ = fs::write(dir.join("used"), b"");
        sweep(&root, &dir);
        return Some(dir);
    }
    shared.forget(&dir);
    start(&mut shared, dir, text, command, (block, object));
    None
}

/// `argv`, a compile command, with the block's header read first (`-include`): after the words
/// that name the compiler (`ccache g++`: a wrapper takes no options of the compiler's before it).
pub(crate) fn with_header(argv: &[String], header: &Path) -> Vec<String> {
    if argv.is_empty() {
        return Vec::new();
    }
    let (compiler, rest) = argv.split_at(toolchain::lead(argv));
    let mut out = compiler.to_vec();
    out.extend(["-include".into(), header.to_string_lossy().into_owned(), "-Winvalid-pch".into()]);
    out.extend(rest.iter().cloned());
    out
}

/// Whether a failed compile may have failed because of the precompiled header; the caller then
/// compiles again without it, and that build decides: a header never fails a build. `-Werror`
/// turns the refusal into an error; a damaged file stops GCC ("cannot read PCH file") and Clang
/// ("malformed or corrupted AST file"): such a file is removed (built again at a later call);
/// and an error reached through the block (its messages name `<command-line>`, where `-include`
/// puts it, or the header's folder) may come of reading the block twice, as with a header
/// without include guards of its own.
pub(crate) fn blamed(header: &Path, log: &str) -> bool {
    if log.contains("invalid-pch") {
        return true;
    }
    let dir = header.parent().unwrap_or(header);
    let ours = dir.to_string_lossy();
    // Clang says "malformed or corrupted AST file" (its precompiled headers are AST files).
    let damaged = log.contains("PCH") || log.contains(".gch") || log.contains("AST file");
    if damaged && !log.contains("No such file") {
        crate::debug!("judge: the precompiled header in {} is damaged: removed", dir.display());
        let _ = fs::remove_file(dir.join(GCH));
        lock().forget(dir);
        return true;
    }
    // Also a file of the header's folder gone while the program compiled (another server,
    // sharing the cache, building the folder again): abc149_c's accepted program got a `CE` for it.
    log.contains(&*ours) || log.contains("<command-line>")
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

/// The source's include block (the module's documentation), as the header's text, when it is
/// worth a header: it includes `<bits/stdc++.h>` or the AtCoder Library, or three headers or
/// more (a few small headers build fast enough as they are). The block ends at the first line
/// of anything else (code, `#if`, a comment left open): a header never holds what comes after.
pub(crate) fn include_block(source: &str) -> Option<String> {
    let mut rest = source.strip_prefix('\u{feff}').unwrap_or(source);
    let (mut block, mut kept, mut includes, mut big) = (String::new(), 0, 0, false);
    loop {
        rest = rest.trim_start();
        if let Some(r) = rest.strip_prefix("//") {
            rest = skip_line(r);
        } else if let Some(r) = rest.strip_prefix("/*") {
            let Some((_, r)) = r.split_once("*/") else { break };
            rest = r;
        } else if rest.starts_with(['#', 'u', 't']) {
            let line = rest[..rest.len() - skip_line(rest).len()].trim_end();
            // The block ends after its last include or `using namespace` line: a `#define` after
            // them is the program's, and would make another header of the same includes. A type's
            // other name (`using ll = long long;`) is the program's too, left out of the header
            // but not ending the block: programs that differ only in their aliases share one.
            let ends = match block_line(line) {
                Some(Line::Include(name)) => {
                    includes += 1;
                    big |= name == "bits/stdc++.h" || name.starts_with("atcoder/");
                    true
                }
                Some(Line::Using) => true,
                Some(Line::Alias) => {
                    rest = skip_line(rest);
                    continue;
                }
                Some(Line::Other) => false,
                None => break,
            };
            block.push_str(line);
            block.push('\n');
            if ends {
                kept = block.len();
            }
            rest = skip_line(rest);
        } else {
            break;
        }
    }
    block.truncate(kept);
    (includes > 0 && (big || includes >= 3)).then_some(block)
}

fn is_name(s: &str) -> bool {
    s.starts_with(|c: char| c.is_alphabetic() || c == '_') && s.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// A line of an include block.
enum Line<'a> {
    Include(&'a str),
    /// `using namespace std;`: C++ allows it again, as the program then says it.
    Using,
    /// A type's other name on one line (`using ll = long long;`, `typedef long long ll;`): the
    /// program's, read where it is; the header goes on past it.
    Alias,
    /// `#define`, `#undef`, `#pragma` (not `once`).
    Other,
}

/// What `line` (a directive or a `using namespace`, continuations included) is in a block;
/// `None` where the block ends (a comment left open on it, a `#if`, anything else).
fn block_line(line: &str) -> Option<Line<'_>> {
    if line.contains("/*") {
        return None;
    }
    let line = line.split_once("//").map_or(line, |(code, _)| code.trim_end());
    if let Some(name) = line.strip_prefix("using namespace ") {
        let name = name.strip_suffix(';')?.trim();
        let ok = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == ':');
        return ok.then_some(Line::Using);
    }
    if let Some(alias) = line.strip_prefix("using ").or_else(|| line.strip_prefix("typedef ")) {
        // One declaration of a type's name: no braces (a struct), no second statement.
        let one = alias.ends_with(';') && alias.matches(';').count() == 1 && !alias.contains(['{', '}', '(']);
        let named = line.starts_with("typedef") || alias.split_once('=').is_some_and(|(n, _)| is_name(n.trim()));
        return (one && named).then_some(Line::Alias);
    }
    let directive = line.strip_prefix('#')?.trim_start_matches([' ', '\t']);
    if let Some(rest) = directive.strip_prefix("include") {
        return header_name(rest).map(Line::Include);
    }
    let other = ["define ", "undef ", "pragma "].iter().any(|k| directive.starts_with(k));
    (other && !directive.starts_with("pragma once")).then_some(Line::Other)
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
/// session. GCC or Clang (whose driver, given `-include block.h`, reads `block.h.gch` when it is
/// there, and refuses one that does not fit: then `blamed`); `None` for anything else.
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
    let known = text.contains("Free Software Foundation") || text.to_ascii_lowercase().contains("clang");
    if out.end != End::Code(0) || !known {
        crate::debug!("judge: `{cmd}` is neither GCC nor Clang ({version:?}): no precompiled header");
        return None;
    }
    Some(format!("{version}; {} ({} bytes, modified {})", real.display(), meta.len(), seconds(meta.modified().ok())))
}

/// Seconds since the epoch, 0 when unknown.
fn seconds(t: Option<SystemTime>) -> u64 {
    t.and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok()).map_or(0, |d| d.as_secs())
}

/// What a key is made of, written into its folder as `key.txt`: the compiler, the whole command
/// (every word but the output and the source) and the block.
fn key_text(identity: &str, command: &[String], block: &str) -> String {
    format!("compiler: {identity}\ncommand: {command:?}\nblock:\n{block}")
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
    let Ok(built) = fs::metadata(dir.join(GCH)).and_then(|m| m.modified()) else { return false };
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
fn start(shared: &mut Shared, dir: PathBuf, text: String, command: &[String], what: (String, Option<Object>)) {
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
        "judge: precompiling the include block for `{}` into {} in the background (70 to 140 MB on disk, once \
per compiler command and block; OJ_PCH=0 turns it off)",
        command.join(" "),
        dir.display()
    );
    shared.set(dir.clone(), State::Building);
    let (key, tool) = (dir.clone(), command.to_vec());
    let spawned = thread::Builder::new().name("oj-judge-pch".into()).spawn(move || {
        let started = Instant::now();
        let built = build(&dir, &text, &tool, &what.0).and_then(|size| match &what.1 {
            Some(object) => compile_object(&dir, &tool, object).map(|more| size + more),
            None => Ok(size),
        });
        let _ = fs::remove_file(dir.join("lock"));
        // The state first, then the log line: a call that follows the line finds the header
        // (a test waits for the line; under load the sweep between took long enough to miss it).
        lock().set(dir.clone(), if built.is_ok() { State::Ready } else { State::Failed });
        match built {
            Ok(size) => {
                let ms = started.elapsed().as_millis();
                sweep(dir.parent().unwrap_or(&dir), &dir);
                crate::info!("judge: precompiled header ready in {ms} ms, {size} bytes: {}", dir.display());
            }
            Err(e) => crate::info!("judge: no precompiled header for `{}`: {e}", tool.join(" ")),
        }
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

/// Builds the key's header: trusted (the block's lines only, no code), so not confined, but at
/// the lowest priority and dying with the server (`sandbox::background`); in the same clean
/// environment as the program's compile (`CPATH` and the like would change what the header
/// holds). Returns its size.
fn build(dir: &Path, text: &str, command: &[String], block: &str) -> Result<u64, String> {
    let io = |e: std::io::Error| format!("cannot write {}: {e}", dir.display());
    fs::create_dir_all(dir).map_err(io)?;
    // Under the lock: what a killed build left is ours to remove.
    for e in fs::read_dir(dir).map_err(io)?.flatten() {
        if e.file_name().to_string_lossy().ends_with(".tmp") {
            let _ = fs::remove_file(e.path());
        }
    }
    fs::write(dir.join(BLOCK), block).map_err(io)?;
    fs::write(dir.join("key.txt"), text).map_err(io)?;
    let pid = std::process::id();
    let (gch, deps) = (format!("{GCH}.{pid}.tmp"), format!("deps.{pid}.tmp"));
    let mut argv = command.to_vec();
    // Clang instantiates the block's pending templates into the header, where GCC leaves them to
    // every program that reads it (GCC has no such option: docs/cpp.md, "Where a build's time
    // goes"): an empty program then costs a tenth of what it does with GCC. The instantiations
    // are the same the program would make at its end, so the program is the same.
    if text.lines().next().is_some_and(|l| l.to_ascii_lowercase().contains("clang")) {
        argv.push("-fpch-instantiate-templates".into());
    }
    argv.extend(["-x", "c++-header", BLOCK, "-o", &gch, "-MD", "-MF", &deps].map(String::from));
    let built = background(dir, argv).and_then(|()| install(dir, &gch, &deps).map_err(io));
    let _ = fs::remove_file(dir.join(&gch));
    let _ = fs::remove_file(dir.join(&deps));
    built
}

/// Compiles `object` in the key's folder with its header, once that is in place (as [`build`],
/// in the background); returns its size.
fn compile_object(dir: &Path, command: &[String], object: &Object) -> Result<u64, String> {
    let io = |e: std::io::Error| format!("cannot write {}: {e}", dir.display());
    for (name, text) in &object.files {
        fs::write(dir.join(name), text).map_err(io)?;
    }
    let name = object_name(&object.source);
    let tmp = format!("{name}.{}.tmp", std::process::id());
    let mut argv = command.to_vec();
    // The header or nothing: an object built without it would be kept as if it had been.
    let words = ["-include", BLOCK, "-Winvalid-pch", "-Werror=invalid-pch", "-c", &object.source, "-o", &tmp];
    argv.extend(words.map(String::from));
    let built = background(dir, argv).and_then(|()| {
        let size = fs::metadata(dir.join(&tmp)).map_err(io)?.len();
        fs::rename(dir.join(&tmp), dir.join(&name)).map_err(io)?;
        Ok(size)
    });
    let _ = fs::remove_file(dir.join(&tmp));
    built
}

/// Runs `command` in `dir` at the lowest priority, dying with the server.
fn background(dir: &Path, command: Vec<String>) -> Result<(), String> {
    let mut argv = sandbox::background();
    argv.extend(command);
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
    match out.end {
        End::Code(0) => Ok(()),
        end => Err(format!("{end}: {}", verdict::tail(out.stderr.trim(), 600))),
    }
}

/// Records the headers read (absolute) and renames the header into place.
fn install(dir: &Path, gch: &str, deps: &str) -> std::io::Result<u64> {
    let read = depfile_paths(&fs::read_to_string(dir.join(deps))?);
    let lines: Vec<String> = read.iter().map(|p| dir.join(p).to_string_lossy().into_owned()).collect();
    fs::write(dir.join("deps"), lines.join("\n"))?;
    let size = fs::metadata(dir.join(gch))?.len();
    fs::rename(dir.join(gch), dir.join(GCH))?;
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
    fn the_include_block_is_the_program_s_directives_before_its_code() {
        let bits = "#include <bits/stdc++.h>\n";
        let cases: &[(&str, Option<&str>)] = &[
            ("#include <bits/stdc++.h>\nint main(){}", Some(bits)),
            ("\u{feff}// A\n/* B\n */\n\n  #  include<bits/stdc++.h>\n", Some("#  include<bits/stdc++.h>\n")),
            ("#include \"bits/stdc++.h\"\n", Some("#include \"bits/stdc++.h\"\n")),
            (
                "#define LOCAL\n#define F(x) \\\n  (x)\n#undef X\n#include <bits/stdc++.h>\n",
                Some("#define LOCAL\n#define F(x) \\\n  (x)\n#undef X\n#include <bits/stdc++.h>\n"),
            ),
            // The AtCoder Library's usual lines, `using` among them; a `#define` after the last ends nothing.
            (
                "#include <bits/stdc++.h>\nusing namespace std;\n#include <atcoder/all>\nusing namespace atcoder;\n\
#define int long long\nint main(){}",
                Some(
                    "#include <bits/stdc++.h>\nusing namespace std;\n#include <atcoder/all>\nusing namespace atcoder;\n",
                ),
            ),
            // A user's template: type names among the includes, left to the program (so that
            // templates that differ only in them share a header), and the includes after them kept.
            (
                "#include <bits/stdc++.h>\nusing namespace std;\nusing ll = long long; // 64 bits\ntypedef pair<int, int> P;\n\
#include <atcoder/all>\nusing namespace atcoder;\n// using mint = modint998244353;\n#define rep(i, n) for (;;)\n\
using vi = vector<int>;\nstruct S {};\n",
                Some(
                    "#include <bits/stdc++.h>\nusing namespace std;\n#include <atcoder/all>\nusing namespace atcoder;\n",
                ),
            ),
            (
                "#include <bits/stdc++.h>\nusing namespace std;\nusing ll = long long;\nusing P = pair<ll, ll>;\nint main(){}",
                Some("#include <bits/stdc++.h>\nusing namespace std;\n"),
            ),
            ("#include <bits/stdc++.h>\nusing std::cin;\nusing F = int(int);\n", Some(bits)),
            ("#include <bits/stdc++.h>\ntypedef struct { int a; } A;\n", Some(bits)),
            ("#include <bits/stdc++.h>\nusing ll = long long; using ull = unsigned long long;\n", Some(bits)),
            (
                "#pragma GCC optimize(\"O3\")\n#include <bits/stdc++.h>\n",
                Some("#pragma GCC optimize(\"O3\")\n#include <bits/stdc++.h>\n"),
            ),
            // Standard headers one by one: three or more.
            (
                "#include <iostream>\n#include <vector>\n#include <algorithm> // sort\nint x;",
                Some("#include <iostream>\n#include <vector>\n#include <algorithm> // sort\n"),
            ),
            ("#include <cstdio>\n#include <vector>\nint main(){}", None),
            ("#include <atcoder/dsu>\n", Some("#include <atcoder/dsu>\n")),
            // The block stops at a conditional, code, an open comment.
            ("#include <bits/stdc++.h>\n#ifdef LOCAL\n#include \"debug.h\"\n#endif\n", Some(bits)),
            ("#ifdef LOCAL\n#endif\n#include <bits/stdc++.h>\n", None),
            ("int x;\n#include <bits/stdc++.h>\n", None),
            ("#include <bits/stdc++.h>\n#include <x> /* open\n */", Some(bits)),
            ("/* never closed\n#include <bits/stdc++.h>\n", None),
            ("#pragma once\n#include <bits/stdc++.h>\n", None),
            ("using namespace std; int x;\n#include <bits/stdc++.h>\n", None),
            ("#include <bits/stdc++.h\nint main(){}", None),
            ("#include MACRO\n", None),
            ("", None),
        ];
        for (source, want) in cases {
            assert_eq!(include_block(source).as_deref(), *want, "{source:?}");
        }
    }

    #[test]
    fn a_header_gone_while_the_program_compiled_is_the_header_s_fault() {
        let header = Path::new("/c/oj-mcp-rs/pch/aa0c/block.h");
        let gone = "<command-line>: fatal error: /c/oj-mcp-rs/pch/aa0c/block.h: No such file or directory";
        assert!(blamed(header, gone));
        // An error reached through the block (a header read twice): built again without it.
        let twice = "In file included from <command-line>:\nx.h:3:8: error: redefinition of 'struct S'\n";
        assert!(blamed(header, twice));
        assert!(!blamed(header, "main.cpp:3:1: error: 'x' was not declared in this scope"));
        // The program's own missing header is the program's.
        assert!(!blamed(header, "main.cpp:1:10: fatal error: atcoder/all: No such file or directory"));
        // A damaged header, as Clang reports it (the file is removed: a test's temporary folder).
        let clang =
            "fatal error: malformed or corrupted AST file: 'malformed block record in AST file'\n1 error generated.";
        assert!(blamed(Path::new("/nonexistent/oj-pch-test/block.h"), clang));
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
        let block = "#include <bits/stdc++.h>\n";
        let key_text = |id: &str, command: &[String]| key_text(id, command, block);
        let text = key_text(id, &g(&["g++", "-std=gnu++23", "-O2"]));
        assert!(text.contains("[\"g++\", \"-std=gnu++23\", \"-O2\"]"), "{text}");
        assert!(text.contains(id) && text.ends_with(block), "{text}");
        // Every input changes the key: the compiler, its words (split where they are split), the version.
        let keys = [
            key_of(&text),
            key_of(&super::key_text(id, &g(&["g++", "-std=gnu++23", "-O2"]), "#include <atcoder/all>\n")),
            key_of(&key_text(id, &g(&["g++", "-std=gnu++20", "-O2"]))),
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
            with_header(&argv, Path::new("/c/k/block.h")),
            ["g++", "-include", "/c/k/block.h", "-Winvalid-pch", "-O2", "main.cpp"]
        );
        // A wrapper's words (`OJ_CXX="ccache g++"`) stay in front: ccache takes no `-include`.
        let wrapped: Vec<String> = ["ccache", "g++", "-O2", "main.cpp"].map(String::from).to_vec();
        assert_eq!(
            with_header(&wrapped, Path::new("/c/k/block.h")),
            ["ccache", "g++", "-include", "/c/k/block.h", "-Winvalid-pch", "-O2", "main.cpp"]
        );
        assert!(with_header(&[], Path::new("/c/k/block.h")).is_empty());
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
        fs::write(current.join(GCH), "x").unwrap();
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
