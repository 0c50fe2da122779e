//! A LeetCode driver as a build: the files written beside the user's code (the driver, and the
//! user's code itself with what LeetCode's environment puts around it), the compile and run
//! commands, and a part built once per session per language (`Shared`: a driver library, its
//! compiled classes). One function per language makes it (`python`, and the others' modules);
//! `builder` builds it like any program, keyed by all of it.
//!
//! Adding a language: a module beside this one whose `driver(code, shape, tool)` returns a
//! [`Driver`] (its types are in `build.rs`, a leaf the language modules import, so that this file
//! alone sits on top of them), or a sentence saying why the code cannot be driven; a line in [`driver`], and the
//! language in `toolchain.rs`. The driver reads the call as one JSON line (`example::to_stdin`) and
//! prints the result as JSON on its last line (`super::compare` reads that line); docs/leetcode.md
//! and ARCHITECTURE say the rest.

pub(crate) use super::build::{Driver, Shape, Shared, fill};
pub(crate) use super::cpp::{older_than_leetcodes, precompiled};
use crate::judge::toolchain::Lang;

/// What makes a language's driver: from the code, what the examples call and the tool's argv, the
/// build, or a sentence saying why the code cannot be driven.
type Make = fn(&str, &Shape, &[String]) -> Result<Driver, String>;

/// The languages with a driver, in the order the tool's description and a refusal name them, and
/// what makes each: the one table [`driver`] chooses from, so what the description says LeetCode
/// problems can be given in is what runs.
const DRIVERS: &[(Lang, Make)] = &[
    (Lang::Python, python),
    (Lang::PyPy, python),
    (Lang::Cpp, super::cpp::driver),
    (Lang::Go, super::go::driver),
    (Lang::Java, super::java::driver),
    (Lang::Rust, super::rust::driver),
    (Lang::JavaScript, super::javascript::driver),
    (Lang::TypeScript, super::typescript::driver),
];

/// The names of the languages with a driver, comma-separated, in [`DRIVERS`]' order.
pub(crate) fn names() -> String {
    let names: Vec<&str> = DRIVERS.iter().map(|(lang, _)| lang.name()).collect();
    names.join(", ")
}

/// The driver for `code` in `lang`, or why the code cannot be driven.
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn driver(lang: Lang, code: &str, shape: &Shape, tool: &[String]) -> Result<Driver, String> {
    match DRIVERS.iter().find(|(l, _)| *l == lang) {
        Some((_, make)) => make(code, shape, tool),
        None => Err(format!(
            "This is a LeetCode problem (a function, not a program that reads stdin), and `{}` has no driver: the \
languages with one are {}; give the code in one of those, or test it with your own driver program through `command`.",
            lang.name(),
            names()
        )),
    }
}

/// Python: the user's file and `harness.py` (`python.py`), syntax-checked, run by the same
/// interpreter: a Python 2 one for code in LeetCode's `Python`, which is Python 2.7
/// (`python2.rs`). It matches the method to the call's names itself: no shape needed.
fn python(code: &str, _: &Shape, tool: &[String]) -> Result<Driver, String> {
    use super::python2::{Two, python2, tool as python2_tool};
    let two = match python2(code) {
        Some(Two::Only(marker)) => Some(python2_tool(marker)?),
        Some(Two::Template) => python2_tool("").ok(),
        None => None,
    };
    let tool = two.as_deref().unwrap_or(tool);
    let words = |w: &[&str]| tool.iter().cloned().chain(w.iter().map(|s| s.to_string())).collect::<Vec<_>>();
    Ok(Driver {
        fallback: None,
        files: vec![("solution.py".into(), code.into()), ("harness.py".into(), super::packed::text("python.py"))],
        compile: words(&["-m", "py_compile", "solution.py"]),
        run: words(&["{dir}/harness.py", "{dir}/solution.py"]),
        shared: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_python_driver_and_placeholders() {
        let d = driver(Lang::Python, "class Solution: pass", &Shape::default(), &["python3".into()]).unwrap();
        assert_eq!(d.files[0], ("solution.py".into(), "class Solution: pass".into()));
        assert_eq!(fill(&d.run, "/b", "/s", 256), ["python3", "/b/harness.py", "/b/solution.py"]);
        assert_eq!(fill(&["-Xmx{memory}m".into(), "{shared}/x".into()], "/b", "/s", 64), ["-Xmx64m", "/s/x"]);
        assert!(driver(Lang::C, "int f(void);", &Shape::default(), &["gcc".into()]).is_err());
    }

    /// The table names what runs: every language in it gets its driver's answer, every other one
    /// the refusal that lists the table (the tool's description names the same list).
    #[test]
    fn the_table_is_what_runs() {
        let listed = names();
        for name in crate::judge::toolchain::NAMES {
            let lang = Lang::parse(name).unwrap();
            let refused = match driver(lang, "", &Shape::default(), &["tool".into()]) {
                Err(why) => why.contains("has no driver"),
                Ok(_) => false,
            };
            let in_table = listed.split(", ").any(|n| n == *name);
            assert_eq!(in_table, !refused, "{name}: in the table iff it has a driver");
            if refused {
                assert!(driver(lang, "", &Shape::default(), &[]).unwrap_err().contains(&listed), "{name}");
            }
        }
        assert_eq!(listed, "python, pypy, cpp, go, java, rust, javascript, typescript");
    }

    /// An override's words come after the driver's defaults, and an option they name replaces
    /// ours, in the drivers' builds as in a program's (`toolchain::with_defaults`).
    #[test]
    fn the_override_s_words_win_in_every_driver() {
        let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        let shape = Shape { names: vec!["nums".into(), "target".into()], ..Shape::default() };
        let build = |lang: Lang, code: &str, tool: &str| {
            let d = driver(lang, code, &shape, &words(tool)).unwrap();
            (d.compile, d.shared.map(|s| s.compile).unwrap_or_default())
        };
        // The user's option is after ours, ours that it names gone; the driver's inputs last.
        let after = |argv: &[String], user: &str, gone: &str| {
            let at = argv.iter().position(|w| w == user).unwrap_or_else(|| panic!("{user} in {argv:?}"));
            assert!(!argv.iter().any(|w| w == gone), "{gone} in {argv:?}");
            assert!(at > 1 && argv[..at].iter().all(|w| !w.ends_with(".rs") && !w.ends_with(".go")), "{argv:?}");
        };
        let code = "impl Solution { pub fn two_sum(nums: Vec<i32>, target: i32) -> Vec<i32> { nums } }";
        let (compile, lib) = build(Lang::Rust, code, "rustc -C opt-level=3 --edition=2024");
        for argv in [&compile, &lib] {
            after(argv, "opt-level=3", "-O");
            after(argv, "--edition=2024", "2021");
        }
        let (compile, _) =
            build(Lang::TypeScript, "function twoSum(nums: number[], target: number) {}", "tsc --target ES2020");
        after(&compile, "ES2020", "ES2022");
        assert!(compile.ends_with(&words("--module commonjs --sourceMap solution.ts leetcode.d.ts")), "{compile:?}");
        let (compile, shared) =
            build(Lang::Go, "func twoSum(nums []int, target int) []int { return nil }", "go -gcflags=-B");
        assert!(compile.starts_with(&words("go build -gcflags=-B -o")), "{compile:?}");
        assert!(shared.starts_with(&words("go build -gcflags=-B lcdriver")), "{shared:?}");
        // `go build` named: not twice.
        let (compile, _) =
            build(Lang::Go, "func twoSum(nums []int, target int) []int { return nil }", "go build -race");
        assert!(compile.starts_with(&words("go build -race -o")), "{compile:?}");
        let java = "class Solution { public int[] twoSum(int[] nums, int target) { return nums; } }";
        let (compile, shared) = build(Lang::Java, java, "javac -encoding ISO-8859-1 -g");
        for argv in [&compile, &shared] {
            after(argv, "ISO-8859-1", "UTF-8");
            after(argv, "-g", "");
        }
        let cpp = "class Solution {\npublic:\n    int twoSum(vector<int>& nums, int target) { return 0; }\n};\n";
        let (compile, shared) = build(Lang::Cpp, cpp, "g++ -O3 -std=gnu++20 -DX");
        for argv in [&compile, &shared] {
            after(argv, "-O3", "-O2");
            after(argv, "-std=gnu++20", "-std=gnu++17");
            after(argv, "-DX", "");
        }
    }
}
