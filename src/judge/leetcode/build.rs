//! The types a LeetCode driver is made of, shared by `driver.rs` (which picks the language) and
//! the language modules (which make it): a leaf, so that the language modules never import the
//! module that imports them.

use super::kind::Extras;

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
    /// The same call for another compiler, built when this one rejects the code: LeetCode's C++
    /// for `g++` where the Clang chosen for it is older than LeetCode's (`plan`, `judge::build`).
    pub(crate) fallback: Option<Box<Driver>>,
}

/// The part of a driver built once per session: its files and compile command (run in its own
/// folder, `{shared}`), named for the session's folder.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Shared {
    pub(crate) name: String,
    pub(crate) files: Vec<(String, String)>,
    pub(crate) compile: Vec<String>,
}

/// `argv` with `{dir}`, `{shared}` and `{memory}` put in.
pub(crate) fn fill(argv: &[String], dir: &str, shared: &str, memory_mb: u64) -> Vec<String> {
    let memory = memory_mb.to_string();
    argv.iter().map(|w| w.replace("{dir}", dir).replace("{shared}", shared).replace("{memory}", &memory)).collect()
}
