//! Where things are on this machine, for the judge's other modules (a leaf: it uses none of
//! them): commands on `PATH` ([`which`], and the sandbox's own tools found once, [`tool`]), the
//! session folder that holds every build and run of this server ([`root`]), the user's cache
//! folder ([`user_cache`]), and Go's build cache and library folders.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The path of `cmd`: itself when it names a path, else the first match on `PATH`.
pub(super) fn which(cmd: &str) -> Option<PathBuf> {
    if cmd.contains(['/', '\\']) {
        return Path::new(cmd).exists().then(|| PathBuf::from(cmd));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).find_map(|d| {
        let p = d.join(cmd);
        if p.is_file() {
            return Some(p);
        }
        let exe = d.join(format!("{cmd}.exe"));
        (cfg!(windows) && exe.is_file()).then_some(exe)
    })
}

/// `name` (a wrapper, `mount`, or `kill`) as found on the server's `PATH`, once, absolute. Each
/// run then starts it without walking `PATH` (one failed `execve` per folder before it, for
/// every wrapper of every run), and the standard library can spawn it with `posix_spawn` rather
/// than `fork` (it forks to search a `PATH` the child's environment sets). The bare name where
/// not found.
pub(super) fn tool(name: &'static str) -> &'static str {
    const NAMES: [&str; 8] = ["setpriv", "prlimit", "unshare", "kill", "bwrap", "mount", "sandbox-exec", "nice"];
    static FOUND: [OnceLock<String>; 8] = [const { OnceLock::new() }; 8];
    let Some(i) = NAMES.iter().position(|n| *n == name) else { return name };
    FOUND[i].get_or_init(|| {
        let path = std::env::var_os("PATH").unwrap_or_default();
        let found = std::env::split_paths(&path).map(|d| d.join(name)).find(|f| f.is_absolute() && f.is_file());
        found.map_or_else(|| name.to_string(), |f| f.to_string_lossy().into_owned())
    })
}

/// The session folder: `oj-judge-<pid>` under the system's temporary folder. The first call
/// also removes what servers killed before they could clean up left there.
pub(super) fn root() -> PathBuf {
    static SWEPT: OnceLock<()> = OnceLock::new();
    SWEPT.get_or_init(sweep);
    std::env::temp_dir().join(format!("oj-judge-{}", std::process::id()))
}

/// Removes `oj-judge-<pid>…` folders of processes that are gone (Linux: no `/proc/<pid>`).
fn sweep() {
    if !cfg!(target_os = "linux") {
        return;
    }
    let Ok(dir) = std::fs::read_dir(std::env::temp_dir()) else { return };
    for entry in dir.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix("oj-judge-")) else { continue };
        let pid = rest.split('-').next().unwrap_or("");
        if pid.parse::<u32>().is_ok() && !Path::new("/proc").join(pid).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// The user's cache folder on `os`, as Go's `os.UserCacheDir` finds it too.
pub(super) fn user_cache(os: &str, env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let var = |k: &str| env(k).filter(|v| !v.trim().is_empty()).map(PathBuf::from);
    match os {
        "windows" => var("LOCALAPPDATA"),
        "macos" => var("HOME").map(|h| h.join("Library").join("Caches")),
        _ => var("XDG_CACHE_HOME").filter(|p| p.is_absolute()).or_else(|| var("HOME").map(|h| h.join(".cache"))),
    }
}

/// Go's build cache: the user's own (`GOCACHE`, else Go's default folder, `go-build` in the
/// user's cache folder), which Go keeps warm across sessions and trims itself; without one, a
/// cache for the session. Without a cache every build compiles Go's runtime and the standard
/// packages it uses again: 10 CPU seconds.
pub(super) fn go_cache() -> PathBuf {
    let env = |k: &str| std::env::var(k).ok();
    match env("GOCACHE") {
        Some(dir) if Path::new(&dir).is_absolute() => PathBuf::from(dir),
        Some(set) if !set.trim().is_empty() => root().join("go-build"),
        _ => user_cache(std::env::consts::OS, &env).map_or_else(|| root().join("go-build"), |d| d.join("go-build")),
    }
}

/// The Go path of a LeetCode build: the driver's package in the session part's folder
/// (`src/lcdriver`), then [`go_library_dirs`].
pub(super) fn go_path(shared: &Path) -> String {
    let mut dirs = vec![shared.to_path_buf()];
    dirs.extend(go_library_dirs());
    std::env::join_paths(dirs)
        .map_or_else(|_| shared.to_string_lossy().into_owned(), |p| p.to_string_lossy().into_owned())
}

/// The user's Go path (`GOPATH`, else `~/go`) and Debian's packaged sources, where LeetCode's
/// third-party library (`github.com/emirpasic/gods`) may be: the folders that exist.
pub(super) fn go_library_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    match std::env::var_os("GOPATH") {
        Some(p) => dirs.extend(std::env::split_paths(&p)),
        None => dirs.extend(std::env::var_os("HOME").map(|h| PathBuf::from(h).join("go"))),
    }
    dirs.push(PathBuf::from("/usr/share/gocode"));
    dirs.retain(|d| d.is_absolute() && d.is_dir());
    dirs
}
