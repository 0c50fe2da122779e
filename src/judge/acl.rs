//! Where the AtCoder Library is, for a C++ program that includes it (`#include <atcoder/all>`):
//! AtCoder compiles with `-I/opt/ac-library`, and a user who installed it elsewhere says so with
//! `-I` in `OJ_CXX` or with `CPATH`. The judge's compile has a clean environment (no `CPATH`), so
//! the folder found is named with `-I` after the user's words.
//!
//! Looked for in order: a folder named by `-I` in the user's words (then nothing is added), the
//! compiler's own places (`/usr/local/include`, `/usr/include`: nothing added), the folders of
//! `CPATH`, `/opt/ac-library`, `~/ac-library`, `~/.local/include`. A folder holds the library
//! when it has `atcoder/`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The compiler's own include folders, searched without a word from us.
const COMPILER_FINDS: [&str; 2] = ["/usr/local/include", "/usr/include"];
/// AtCoder's folder, then the usual places under the home folder.
const USUAL: [&str; 1] = ["/opt/ac-library"];
const IN_HOME: [&str; 2] = ["ac-library", ".local/include"];

/// The words (`-I`, the folder) that let the compiler find the AtCoder Library for `source`, or
/// none: the program does not include it, the user's `-I` or the compiler finds it, or it is
/// not found (the compiler's message then names the header).
pub(crate) fn include_words(source: &str, tool: &[String], env: &dyn Fn(&str) -> Option<OsString>) -> Vec<String> {
    if !includes_acl(source) {
        return Vec::new();
    }
    match find(tool, env) {
        Some(Found::Added(dir)) => vec!["-I".into(), dir.to_string_lossy().into_owned()],
        _ => Vec::new(),
    }
}

/// Where the library was found.
#[derive(Debug, PartialEq, Eq)]
enum Found {
    /// Where the compiler looks already (a `-I` of the user's, its own folders).
    Named(PathBuf),
    /// Elsewhere: named with `-I`.
    Added(PathBuf),
}

fn find(tool: &[String], env: &dyn Fn(&str) -> Option<OsString>) -> Option<Found> {
    let holds = |d: &Path| d.join("atcoder").is_dir();
    let named = user_include_dirs(tool).into_iter().chain(COMPILER_FINDS.iter().map(PathBuf::from));
    if let Some(d) = named.into_iter().find(|d| holds(d)) {
        return Some(Found::Named(d));
    }
    let cpath: Vec<PathBuf> = env("CPATH").map(|p| std::env::split_paths(&p).collect()).unwrap_or_default();
    let home = env("HOME").map(PathBuf::from).filter(|h| h.is_absolute());
    let in_home = IN_HOME.iter().filter_map(|d| home.as_ref().map(|h| h.join(d)));
    let places = cpath.into_iter().filter(|d| d.is_absolute()).chain(USUAL.iter().map(PathBuf::from)).chain(in_home);
    places.into_iter().find(|d| holds(d)).map(Found::Added)
}

/// The folders the user's words name with `-I` (`-I dir` or `-Idir`).
fn user_include_dirs(tool: &[String]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut words = tool.iter().skip(1);
    while let Some(w) = words.next() {
        match w.strip_prefix("-I") {
            Some("") => out.extend(words.next().map(PathBuf::from)),
            Some(dir) => out.push(PathBuf::from(dir)),
            None => {}
        }
    }
    out
}

/// Whether an `#include` line of `source` names a header of the library.
fn includes_acl(source: &str) -> bool {
    source.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with('#') && l.contains("include") && (l.contains("<atcoder/") || l.contains("\"atcoder/"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_library_is_found_where_the_user_put_it() {
        let root = std::env::temp_dir().join(format!("oj-acl-test-{}", std::process::id()));
        let (named, cpath, home) = (root.join("named"), root.join("cpath"), root.join("home"));
        for d in [&named, &cpath, &home.join("ac-library")] {
            std::fs::create_dir_all(d.join("atcoder")).unwrap();
        }
        let env = |cp: bool| {
            let (cpath, home) = (cpath.clone(), home.clone());
            move |k: &str| match k {
                "CPATH" if cp => Some(OsString::from(format!("/nonexistent:{}", cpath.display()))),
                "HOME" => Some(home.clone().into_os_string()),
                _ => None,
            }
        };
        let g = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let src = "#include <bits/stdc++.h>\n#include <atcoder/all>\n";
        // `-I` in the user's words: found there, nothing added (both spellings).
        let joined = format!("-I{}", named.display());
        assert_eq!(find(&g(&["g++", &joined]), &env(true)), Some(Found::Named(named.clone())));
        assert!(include_words(src, &g(&["g++", "-I", &named.to_string_lossy()]), &env(true)).is_empty());
        // CPATH, then the home folder's ac-library.
        let want = |d: &Path| vec!["-I".to_string(), d.to_string_lossy().into_owned()];
        if !Path::new("/opt/ac-library/atcoder").is_dir() && !Path::new("/usr/local/include/atcoder").is_dir() {
            assert_eq!(include_words(src, &g(&["g++"]), &env(true)), want(&cpath));
            assert_eq!(include_words(src, &g(&["g++"]), &env(false)), want(&home.join("ac-library")));
        }
        // A program without the library gets nothing.
        assert!(include_words("#include <bits/stdc++.h>\n// atcoder/all\n", &g(&["g++"]), &env(true)).is_empty());
        let _ = std::fs::remove_dir_all(&root);
    }
}
