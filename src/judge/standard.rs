//! The language standard of a C or C++ build: the newest one the problem's judge compiles with
//! that this compiler takes (asked once per session and compiler: `-std=X` on an empty file),
//! unless the user's override names one (`OJ_CXX="g++ -std=gnu++20"`), which is then used as
//! it is. docs/cpp.md has the judges' table and its sources.

use std::path::Path;
use std::sync::{Mutex, PoisonError};

use super::run::{self, End, Spec};
use super::sandbox;
use super::toolchain::Lang;

/// The standard a build uses, and why, in words (the result says both).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Standard {
    /// `gnu++23`: what `-std=` names.
    pub(crate) name: String,
    /// Whether the flag is ours to add (`false`: the user's words name it).
    pub(crate) ours: bool,
    pub(crate) why: String,
}

impl Standard {
    /// The `-std=` flag to add, when it is ours.
    pub(crate) fn flag(&self) -> Option<String> {
        self.ours.then(|| format!("-std={}", self.name))
    }
}

/// The judges' C++ standards, newest first (a spelling older compilers know follows each:
/// GCC 11 and Clang 12-16 say `gnu++2b`), and what the judge's language page says.
const CPP: &[(&str, &[&str], &str)] = &[
    ("atcoder", &["gnu++23", "gnu++2b", "gnu++20", "gnu++2a", "gnu++17"], "AtCoder's C++ 23 (GCC 12.2, -std=gnu++2b)"),
    ("codeforces", &["gnu++23", "gnu++2b", "gnu++20", "gnu++2a", "gnu++17"], "Codeforces' GNU G++23 (and G++20)"),
    ("leetcode", &["gnu++23", "gnu++2b", "gnu++20", "gnu++2a", "gnu++17"], "LeetCode's C++ (Clang 19, C++23)"),
];
/// Another judge's C++: the common ground of the rest (Luogu, SPOJ and the like offer C++17).
const CPP_OTHER: (&[&str], &str) = (&["gnu++17", "gnu++14"], "GNU C++17, which every judge offers");
/// The judges' C standards.
const C: &[(&str, &[&str], &str)] = &[
    ("atcoder", &["gnu2x", "gnu17", "gnu11"], "AtCoder's C (GCC 12.2, -std=gnu2x)"),
    ("codeforces", &["gnu11"], "Codeforces' GNU GCC C11"),
];
const C_OTHER: (&[&str], &str) = (&["gnu17", "gnu11"], "GNU C17");

/// The standard of a `lang` build for a problem of `judge` (`atcoder`, …) by `tool` (the
/// compiler's words): `None` for languages without one.
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn choose(lang: Lang, judge: &str, tool: &[String]) -> Option<Standard> {
    let (table, other, x) = match lang {
        Lang::Cpp => (CPP, CPP_OTHER, "c++"),
        Lang::C => (C, C_OTHER, "c"),
        _ => return None,
    };
    if let Some(named) = user_standard(tool) {
        let why = format!("named by {}", lang.var());
        return Some(Standard { name: named.to_string(), ours: false, why });
    }
    let judge = judge.to_ascii_lowercase();
    let (candidates, said) = table.iter().find(|(j, _, _)| *j == judge).map_or(other, |(_, c, s)| (*c, *s));
    Some(pick(candidates, said, tool.first().map_or("", String::as_str), &|std| takes(tool, x, std)))
}

/// The last `-std=` of the user's words, which the compiler takes.
fn user_standard(tool: &[String]) -> Option<&str> {
    tool.iter().skip(1).rev().find_map(|w| w.strip_prefix("-std=").or_else(|| w.strip_prefix("--std=")))
}

/// The first of `candidates` the compiler takes, else the last (the compiler's message then
/// says what it lacks).
fn pick(candidates: &[&str], said: &str, compiler: &str, takes: &dyn Fn(&str) -> bool) -> Standard {
    let newest = candidates.first().copied().unwrap_or("");
    let found = candidates.iter().find(|c| takes(c)).copied();
    let name = found.or(candidates.last().copied()).unwrap_or("").to_string();
    let why = if same_standard(&name, newest) {
        said.to_string()
    } else if found.is_some() {
        format!("{said}; `{compiler}` is older and takes {name} at most")
    } else {
        format!("{said}; `{compiler}` refused every standard tried")
    };
    Standard { name, ours: true, why }
}

/// Whether two spellings name one standard (`gnu++23` and `gnu++2b`).
fn same_standard(a: &str, b: &str) -> bool {
    let year = |s: &str| {
        match s.trim_start_matches(|c: char| !c.is_ascii_digit()) {
            "2b" => "23",
            "2a" => "20",
            "2x" => "23",
            y => y,
        }
        .to_string()
    };
    a == b || year(a) == year(b)
}

/// Whether `tool` compiles an empty `x` file (`c` or `c++`) with `-std=std`: asked once per
/// session and compiler (a few hundredths of a second).
fn takes(tool: &[String], x: &str, std: &str) -> bool {
    type Seen = Vec<(Vec<String>, String, bool)>;
    static SEEN: Mutex<Seen> = Mutex::new(Vec::new());
    let known = SEEN
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .iter()
        .find_map(|(t, s, ok)| (t.as_slice() == tool && s == std).then_some(*ok));
    if let Some(ok) = known {
        return ok;
    }
    let ok = probe(tool, x, std);
    crate::debug!("judge: `{}` takes -std={std}: {ok}", tool.join(" "));
    SEEN.lock().unwrap_or_else(PoisonError::into_inner).push((tool.to_vec(), std.to_string(), ok));
    ok
}

/// The compiler is the user's trusted tool and the input is empty: not confined, as the
/// precompiled header's `--version` question is not.
fn probe(tool: &[String], x: &str, std: &str) -> bool {
    let Some((cmd, words)) = tool.split_first() else { return false };
    let mut argv = vec![cmd.clone()];
    argv.extend(words.iter().cloned());
    argv.extend([format!("-std={std}"), "-fsyntax-only".into(), "-x".into(), x.into(), "-".into()]);
    let cwd = std::env::temp_dir();
    let env = sandbox::environment(&cwd);
    let spec = Spec {
        argv: &argv,
        cwd: Path::new(&cwd),
        env: &env,
        stdin: b"",
        stdin_file: None,
        time_ms: 20_000,
        output_cap: 16 * 1024,
        kill_group_after: true,
    };
    run::run(&spec, &|| false).end == End::Code(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_user_s_standard_is_used_as_it_is() {
        let s = choose(Lang::Cpp, "atcoder", &words(&["g++", "-O3", "-std=gnu++20"])).unwrap();
        assert_eq!((s.name.as_str(), s.ours, s.flag()), ("gnu++20", false, None));
        assert!(s.why.contains("OJ_CXX"), "{s:?}");
        let s = choose(Lang::C, "atcoder", &words(&["gcc", "-std=c99", "-std=c11"])).unwrap();
        assert_eq!(s.name, "c11");
        assert_eq!(choose(Lang::Python, "atcoder", &words(&["python3"])), None);
    }

    #[test]
    fn the_judge_s_newest_that_the_compiler_takes() {
        let (c, said) = (CPP[0].1, CPP[0].2);
        let s = pick(c, said, "g++", &|_| true);
        assert_eq!((s.name.as_str(), s.why.as_str()), ("gnu++23", said));
        assert_eq!(s.flag().as_deref(), Some("-std=gnu++23"));
        // GCC 11 spells it 2b: the same standard.
        let s = pick(c, said, "g++-11", &|s| s != "gnu++23");
        assert_eq!((s.name.as_str(), s.why.as_str()), ("gnu++2b", said));
        // GCC 10: one step back, said.
        let s = pick(c, said, "g++-10", &|s| s.starts_with("gnu++2a") || s.ends_with("17") || s == "gnu++20");
        assert_eq!(s.name, "gnu++20");
        assert!(s.why.contains("`g++-10` is older and takes gnu++20 at most"), "{}", s.why);
        let s = pick(C[0].1, C[0].2, "gcc", &|s| s == "gnu17");
        assert_eq!(s.name, "gnu17");
        let s = pick(c, said, "cc", &|_| false);
        assert!(s.name == "gnu++17" && s.why.contains("refused"), "{s:?}");
        assert!(same_standard("gnu2x", "gnu23") && !same_standard("gnu++20", "gnu++23"));
    }
}
