//! Where the AtCoder Library is, for a C++ program that includes it (`#include <atcoder/all>`):
//! AtCoder compiles with `-I/opt/ac-library`, and a user who installed it elsewhere says so with
//! `-I` in `OJ_CXX` or with `CPATH`. The judge's compile has a clean environment (no `CPATH`), so
//! the folder found is named with `-I` after the user's words; `-fwhole-program` spares compiling
//! the library's functions the program does not call ([`whole_program`]).
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

/// The words a build of `source` that includes the AtCoder Library gets after the user's: `-I`
/// and the library's folder where the compiler would not find it (none where the user's `-I`
/// or the compiler finds it, or where it is not found: the compiler's message then names the
/// header), and with GCC (`gcc`: clang has no such option) `-fwhole-program` ([`whole_program`]).
/// None for other programs.
pub(crate) fn words(source: &str, tool: &[String], gcc: bool, env: &dyn Fn(&str) -> Option<OsString>) -> Vec<String> {
    if !includes_acl(source) {
        return Vec::new();
    }
    let mut out = match find(tool, env) {
        Some(Found::Added(dir)) => vec!["-I".into(), dir.to_string_lossy().into_owned()],
        Some(Found::Named(dir)) => {
            crate::debug!("judge: the AtCoder Library is in {}, where the compiler looks", dir.display());
            Vec::new()
        }
        None => Vec::new(),
    };
    let named = tool.iter().skip(1).any(|w| w.ends_with("whole-program"));
    if gcc && whole_program(source) && !named {
        out.push("-fwhole-program".into());
    }
    out
}

/// Whether the program may be built with `-fwhole-program`. The library defines dozens of
/// functions that are not templates nor `inline` (`convolution_ll`, `suffix_array`, `floor_sum`,
/// `crt`…): GCC compiles every one of them into every program that includes `<atcoder/all>`
/// (about 2 s of CPU at `-O2`, a precompiled header cannot spare it). The program is one file,
/// so it is the whole program: with `-fwhole-program` those functions are the file's own, and
/// those not called are dropped before they are compiled. What it would change is a function
/// the C library or libstdc++ calls by name: a replaced `operator new`/`delete` or `malloc`,
/// anything `extern "C"`, a weak or visibility attribute. Such a program is built as usual.
///
/// AtCoder itself does not pass it (its command: `g++-12 -std=gnu++2b -O2 … -I/opt/ac-library`).
/// Kept because it saves the compiler's CPU (a real accepted submission with `<atcoder/all>`,
/// measured 2026-11-28: 9.6 s without it, 7.4 s with it, before the header spares the parse;
/// the same 2.2 s of code generation with the header, most of what is left), and
/// because for a program that is one file it changes nothing a correct program can observe: only
/// which symbols are visible outside the file, which the list above guards. What it may change
/// is speed (GCC inlines more freely a function that is the file's own), so a run's time may
/// differ slightly from AtCoder's, as any local machine's does.
fn whole_program(source: &str) -> bool {
    let risky = ["operator new", "operator delete", "extern", "malloc", "free(", "__attribute__", "[[gnu::", "asm"];
    !risky.iter().any(|r| source.contains(r))
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
        assert_eq!(words(src, &g(&["g++", "-I", &named.to_string_lossy()]), true, &env(true)), ["-fwhole-program"]);
        // CPATH, then the home folder's ac-library.
        let want = |d: &Path| vec!["-I".to_string(), d.to_string_lossy().into_owned(), "-fwhole-program".into()];
        if !Path::new("/opt/ac-library/atcoder").is_dir() && !Path::new("/usr/local/include/atcoder").is_dir() {
            assert_eq!(words(src, &g(&["g++"]), true, &env(true)), want(&cpath));
            assert_eq!(words(src, &g(&["g++"]), true, &env(false)), want(&home.join("ac-library")));
        }
        // A program without the library gets nothing; one that replaces `operator new`, or
        // whose user says otherwise, no -fwhole-program.
        assert!(words("#include <bits/stdc++.h>\n// atcoder/all\n", &g(&["g++"]), true, &env(true)).is_empty());
        let new = format!("{src}void* operator new(size_t n) {{ return malloc(n); }}\n");
        assert!(!words(&new, &g(&["g++", &joined]), true, &env(true)).contains(&"-fwhole-program".to_string()));
        assert!(words(src, &g(&["g++", &joined, "-fno-whole-program"]), true, &env(true)).is_empty());
        // clang has no -fwhole-program.
        assert!(words(src, &g(&["clang++", &joined]), false, &env(true)).is_empty());
        let _ = std::fs::remove_dir_all(&root);
    }
}
