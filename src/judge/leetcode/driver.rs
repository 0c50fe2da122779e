//! A LeetCode driver as a build: the files written beside the user's code (the driver, and the
//! user's code itself with what LeetCode's environment puts around it), the compile and run
//! commands, and a part built once per session per language (`Shared`: a driver library, its
//! compiled classes). One function per language makes it (`python`, and the others' modules);
//! `cache` builds it like any program, keyed by all of it.
//!
//! Adding a language: a module beside this one whose `driver(code, shape, tool)` returns a
//! [`Driver`] (the types are in `build.rs`, a leaf the language modules import, so that this file
//! alone sits on top of them) (or a sentence saying why the code cannot be driven), a line in [`driver`], and the
//! language in `lang.rs`. The driver reads the call as one JSON line (`example::to_stdin`) and
//! prints the result as JSON on its last line (`super::compare` reads that line); README and
//! ARCHITECTURE say the rest.

pub(crate) use super::build::{Driver, Shape, Shared, fill};
use crate::judge::lang::Lang;

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
