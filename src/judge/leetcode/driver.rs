//! A LeetCode driver as a build: the files written beside the user's code (the driver, and the
//! user's code itself with what LeetCode's environment puts around it), the compile and run
//! commands, and a part built once per session per language (`Shared`: a driver library, its
//! compiled classes). One function per language makes it (`python`, and the others' modules);
//! `cache` builds it like any program, keyed by all of it.
//!
//! Adding a language: a module beside this one whose `driver(code, shape, tool)` returns a
//! [`Driver`] (or a sentence saying why the code cannot be driven), a line in [`driver`], and the
//! language in `toolchain.rs`. The driver reads the call as one JSON line (`example::to_stdin`) and
//! prints the result as JSON on its last line (`super::compare` reads that line); README and
//! ARCHITECTURE say the rest.

use super::kind::Extras;
use crate::judge::toolchain::Lang;

/// What the examples call, for the drivers that generate the call's code.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Shape {
    /// A design problem: the class and every method the examples call (the constructor first).
    pub(crate) design: Option<(String, Vec<String>)>,
    /// A function problem: the first example's argument names (empty when unnamed).
    pub(crate) names: Vec<String>,
    /// The node classes and hidden APIs the examples need.
    pub(crate) extras: Extras,
}

/// A driver build. In the argv words, `{dir}` is the build's folder, `{shared}` the folder of the
/// session's [`Shared`] part, `{memory}` the memory limit in MiB.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Driver {
    /// Files written into the build's folder: the user's code under its file name first (a
    /// compiler's messages name it), then the driver's.
    pub(crate) files: Vec<(String, String)>,
    /// The compile command, run in the build's folder; empty: nothing to compile.
    pub(crate) compile: Vec<String>,
    /// The run command.
    pub(crate) run: Vec<String>,
    /// Built once per session per language and tool, before the first build that needs it.
    pub(crate) shared: Option<Shared>,
}

/// The part of a driver built once per session: its files and compile command (run in its own
/// folder, `{shared}`), named for the session's folder.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Shared {
    pub(crate) name: String,
    pub(crate) files: Vec<(String, String)>,
    pub(crate) compile: Vec<String>,
}

/// The languages with a driver, as a refusal names them.
const LANGUAGES: &str = "python (or pypy), cpp, go, java, rust, javascript and typescript";

/// The driver for `code` in `lang`, or why the code cannot be driven.
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn driver(lang: Lang, code: &str, shape: &Shape, tool: &[String]) -> Result<Driver, String> {
    match lang {
        // The Python driver matches the method to the call's names itself: no shape needed.
        Lang::Python | Lang::PyPy => Ok(python(code, tool)),
        Lang::Cpp => super::cpp::driver(code, shape, tool),
        Lang::Go => super::go::driver(code, shape, tool),
        Lang::Java => super::java::driver(code, shape, tool),
        Lang::Rust => super::rust::driver(code, shape, tool),
        Lang::JavaScript => super::javascript::driver(code, shape, tool),
        Lang::TypeScript => super::typescript::driver(code, shape, tool),
        other => Err(format!(
            "This is a LeetCode problem (a function, not a program that reads stdin), and `{}` has no driver: \
LeetCode offers {}; give the code in one of those, or test it with your own driver program through `command`.",
            other.name(),
            LANGUAGES
        )),
    }
}

/// Python: the user's file and `harness.py` (`python.py`), syntax-checked, run by the same
/// interpreter.
fn python(code: &str, tool: &[String]) -> Driver {
    let words = |w: &[&str]| tool.iter().cloned().chain(w.iter().map(|s| s.to_string())).collect::<Vec<_>>();
    Driver {
        files: vec![("solution.py".into(), code.into()), ("harness.py".into(), super::packed::text("python.py"))],
        compile: words(&["-m", "py_compile", "solution.py"]),
        run: words(&["{dir}/harness.py", "{dir}/solution.py"]),
        shared: None,
    }
}

/// `argv` with `{dir}`, `{shared}` and `{memory}` put in.
pub(crate) fn fill(argv: &[String], dir: &str, shared: &str, memory_mb: u64) -> Vec<String> {
    let memory = memory_mb.to_string();
    argv.iter().map(|w| w.replace("{dir}", dir).replace("{shared}", shared).replace("{memory}", &memory)).collect()
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
}
