//! From a problem, its statement and the caller's options to what the judge runs: the samples as
//! cases (LeetCode's examples read into data, the problem's kind decided before anything runs),
//! the limits (the caller's, the statement's, else the platform's usual ones, said which and
//! why), and the comparison the statement's words decide.

use super::compare::Mode;
use super::leetcode::driver::{self, Driver, Shape};
use super::leetcode::{example, kind};
use super::toolchain::Lang;
use super::{Case, Program};
use crate::models::Problem;
use crate::samples::{Io, Sample, Samples};
use crate::statement::{ErrorKind, Facts};

/// A caller's `float_tolerance` without a statement's, and `compare: "float"` without either.
pub(crate) const DEFAULT_TOLERANCE: f64 = 1e-6;

/// The limits a judge would use where the statement states none: the platform's usual ones.
pub(crate) struct Defaults {
    pub(crate) time_ms: u64,
    pub(crate) memory_mb: u64,
    /// Which default and why, in words.
    pub(crate) why: &'static str,
}

/// The platform's usual limits (the backend stores none for AtCoder: its crawler keeps the
/// statement, not the limits line above it).
pub(crate) fn defaults(source: &str) -> Defaults {
    let (time_ms, memory_mb, why) = match source.to_ascii_lowercase().as_str() {
        "atcoder" => (2000, 1024, "AtCoder's usual limits, 2 s and 1024 MB: the stored statement states none"),
        "codeforces" => (2000, 256, "Codeforces' usual limits, 2 s and 256 MB"),
        "leetcode" => (2000, 1024, "LeetCode publishes no per-test limits: 2 s and 1024 MB per example"),
        "luogu" => {
            (2000, 512, "Luogu states its limits in the statement (often 1 s): 2 s and 512 MB where it does not")
        }
        "spoj" => (2000, 1536, "SPOJ's usual memory, 1536 MB, and 2 s"),
        _ => (2000, 256, "the usual 2 s and 256 MB"),
    };
    Defaults { time_ms, memory_mb, why }
}

/// Why a problem cannot be judged, said before anything runs.
pub(crate) type Refusal = String;

/// The samples as the judge runs them: cases, the LeetCode driver, and the samples left out.
pub(crate) struct Cases {
    pub(crate) cases: Vec<Case>,
    pub(crate) driver: Option<Driver>,
    /// LeetCode examples that are not values to call with and compare, each with why.
    pub(crate) skipped: Vec<String>,
    /// LeetCode: the code calls a hidden API the driver builds from the example.
    pub(crate) api: bool,
    /// LeetCode: how any other testcase (a generator's) becomes a call for the driver.
    pub(crate) reader: Option<Reader>,
}

/// How a LeetCode testcase written as LeetCode writes one becomes the driver's input, checked
/// against the examples' parameters: what the examples and the caller's own tests go through.
#[derive(Debug, Clone)]
pub(crate) struct Reader {
    shape: Shape,
    fields: Vec<(&'static str, serde_json::Value)>,
}

impl Reader {
    /// The `Node` class the code's template defines (an N-ary tree, a graph…), if any.
    pub(crate) fn node(&self) -> Option<super::leetcode::node::NodeKind> {
        self.shape.extras.node
    }

    /// The driver's stdin for `testcase`, and whether it is a design problem's calls; a refusal
    /// names test `number` of `what` ("custom test", "generated testcase").
    pub(crate) fn stdin(&self, what: &str, number: usize, testcase: &str) -> Result<(String, bool), Refusal> {
        let t = OwnTest { input: testcase.to_string(), output: None };
        let e = own_example(what, number, &t, &self.shape)?;
        let design = matches!(e.call, example::Call::Design { .. });
        Ok((example::to_stdin(&e.call, &self.fields), design))
    }
}

/// One of the caller's own tests: an input (stdin, or a LeetCode testcase as LeetCode writes
/// one) and, optionally, the output it must give.
#[derive(Debug, Clone)]
pub(crate) struct OwnTest {
    pub(crate) input: String,
    pub(crate) output: Option<String>,
}

/// The samples as cases, then the caller's own tests: stdin ones as they are; LeetCode examples
/// and testcases read into calls for the drivers (by the same parse), after the problem's kind is
/// checked and the driver made for the code (all may refuse, before anything runs).
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn cases(
    p: &Problem,
    found: &Samples,
    markdown: &str,
    program: &Program,
    own: &[OwnTest],
) -> Result<Cases, Refusal> {
    let numbered = found.tests.iter().enumerate().map(|(i, s)| (i + 1, s));
    if found.io != Io::Function {
        let mut cases: Vec<Case> = numbered.map(|(n, s)| Case::stdin(n, s)).collect();
        cases.extend(own.iter().enumerate().map(|(i, t)| own_stdin(i + 1, t)));
        return Ok(Cases { cases, driver: None, skipped: Vec::new(), api: false, reader: None });
    }
    let Program::Code { lang, source: code } = program else {
        return Err(leetcode_language(program).err().unwrap_or_default());
    };
    let extras = kind::classify(p.category.as_deref(), markdown, code, *lang)?;
    let fields = extras.fields();
    let api = extras.api.is_some();
    let (mut cases, mut skipped, mut shape) = (Vec::new(), Vec::new(), Shape { extras, ..Shape::default() });
    let mut read = Vec::new();
    for (n, s) in numbered {
        match example::parse(&s.input, &s.output) {
            Ok(e) => read.push((n, s, e)),
            Err(why) => skipped.push(format!("example {n}: {why}")),
        }
    }
    // One value expected by any example: a returned node is shown as its value in every one (285
    // and 510 expect `2`, or `null` where there is no node, not `[]`).
    let value = read.iter().any(|(_, _, e)| !(e.expected.is_array() || e.expected.is_null() || e.expected.is_object()));
    let mut fields = fields;
    if !read.is_empty() && read.iter().all(|(_, _, e)| e.expected.is_boolean()) {
        // LeetCode's template declares `bool`: a C++ method declared `int` is converted as
        // LeetCode's call converts it (`true`, not `1`).
        fields.push(("declared", json!("bool")));
    } else if !read.is_empty() && read.iter().all(|(_, _, e)| e.expected.is_i64() || e.expected.is_u64()) {
        // An integer (`2`, never `2.00000`): a C++ method declared `char` or `double` is
        // converted as LeetCode's `int ret = …` converts it (Python's untyped code likewise).
        fields.push(("declared", json!("int")));
    }
    // A list where every example shows one: what LeetCode's signature declares, for code that
    // declares none (untyped Python returning a tuple, a generator, `dict.values()`).
    if !read.is_empty()
        && read.iter().all(|(_, _, e)| matches!(e.call, example::Call::Function(_)) && e.expected.is_array())
    {
        fields.push(("expect", json!("list")));
    }
    for (n, s, e) in &read {
        // The first example's names; the methods every example calls (3391's second example
        // calls `unsetCell`, its first does not).
        shape_of(&e.call, &mut shape, cases.is_empty());
        cases.push(function_case(*n, s, e, &fields, value));
    }
    let examples = cases.len();
    for (i, t) in own.iter().enumerate() {
        let e = own_example("custom test", i + 1, t, &shape)?;
        shape_of(&e.call, &mut shape, cases.is_empty());
        let s = Sample { input: t.input.clone(), output: String::new(), explanation: None };
        let mut case = function_case(i + 1, &s, &e, &fields, value);
        (case.own, case.judged) = (true, t.output.is_some());
        cases.push(case);
    }
    if examples == 0 && own.is_empty() {
        return Err(format!(
            "The examples of this LeetCode problem cannot be read as values to call the method with and compare \
the answer to ({}): it cannot be judged from them. Test it with calls of your own through `command`, or on LeetCode.",
            skipped.join("; ")
        ));
    }
    let tool = lang.tool_for("leetcode", &|k| std::env::var(k).ok());
    let driver = with_fallback(*lang, code, &shape, &tool)?;
    let mut fields = fields.to_vec();
    if value {
        fields.push(("returns", json!("value")));
    }
    let reader = Some(Reader { shape, fields });
    Ok(Cases { cases, driver: Some(driver), skipped, api, reader })
}

/// The driver for `code` built by `tool`; where `tool` is a Clang we chose for LeetCode, older
/// than LeetCode's, with the `g++` one `judge::build` tries when that Clang refuses the code.
fn with_fallback(lang: Lang, code: &str, shape: &Shape, tool: &[String]) -> Result<Driver, Refusal> {
    let mut driver = driver::driver(lang, code, shape, tool)?;
    let own = lang.tool(&|k| std::env::var(k).ok());
    if tool != own && driver::older_than_leetcodes(tool) {
        driver.fallback = driver::driver(lang, code, shape, &own).ok().map(Box::new);
    }
    Ok(driver)
}

/// An own stdin test as the judge runs it.
fn own_stdin(number: usize, t: &OwnTest) -> Case {
    let expected = t.output.clone().unwrap_or_default();
    let judged = t.output.is_some();
    Case { number, stdin: t.input.clone(), expected, shown: t.input.clone(), design: false, own: true, judged }
}

/// How a LeetCode testcase is written, for a refusal.
const TESTCASE_SYNTAX: &str = "a LeetCode testcase is written as the examples' Input is: `nums = [2,7,11,15], target = 9` (each parameter by name, values in JSON), or for a design problem its two lines, `[\"LRUCache\",\"put\",\"get\"]` then `[[2],[1,1],[1]]`; an `output` is a value (`[0,1]`, `true`, `\"abc\"`)";

/// An own LeetCode testcase read by the examples' parse, its parameters checked against the
/// examples' (`shape`, when one was read).
fn own_example(what: &str, number: usize, t: &OwnTest, shape: &Shape) -> Result<example::Example, Refusal> {
    let e = example::parse(&t.input, t.output.as_deref().unwrap_or("null"))
        .map_err(|why| format!("Invalid arguments: {what} {number} cannot be read ({why}): {TESTCASE_SYNTAX}."))?;
    match (&e.call, &shape.design) {
        (example::Call::Function(args), None) if !shape.names.is_empty() => {
            let names: Vec<&str> = args.iter().map(|(n, _)| n.as_str()).collect();
            if names != shape.names {
                return Err(format!(
                    "Invalid arguments: {what} {number} gives `{}`, but the method takes `{}` (as the examples \
name them, in that order): {TESTCASE_SYNTAX}.",
                    names.join(", "),
                    shape.names.join(", ")
                ));
            }
        }
        (example::Call::Design { methods, .. }, Some((class, _))) if methods.first() != Some(class) => {
            return Err(format!(
                "Invalid arguments: {what} {number} must start by constructing `{class}`, as the examples do: \
{TESTCASE_SYNTAX}."
            ));
        }
        (example::Call::Function(_), Some(_)) | (example::Call::Design { .. }, None)
            if !shape.names.is_empty() || shape.design.is_some() =>
        {
            return Err(format!(
                "Invalid arguments: {what} {number} is not written like the examples (a design problem's two \
lines, or a function's named parameters): {TESTCASE_SYNTAX}."
            ));
        }
        _ => {}
    }
    Ok(e)
}

/// What an example calls: the design class and its methods (added to those of the examples
/// before), or for the first example (`first`) the names.
fn shape_of(call: &example::Call, shape: &mut Shape, first: bool) {
    match call {
        example::Call::Function(args) if first => shape.names = args.iter().map(|(n, _)| n.clone()).collect(),
        example::Call::Function(_) => {}
        example::Call::Design { methods, .. } => {
            // The constructor first, as the examples call it.
            let (_, seen) = shape.design.get_or_insert_with(|| (methods[0].clone(), vec![methods[0].clone()]));
            for m in methods.iter().skip(1) {
                if !seen.contains(m) {
                    seen.push(m.clone());
                }
            }
        }
    }
}

fn function_case(
    number: usize,
    s: &Sample,
    e: &example::Example,
    fields: &[(&str, serde_json::Value)],
    value: bool,
) -> Case {
    let mut fields = fields.to_vec();
    if value {
        // One value expected: a returned node is shown as its value (236's ancestor is `3`).
        fields.push(("returns", json!("value")));
    }
    let stdin = example::to_stdin(&e.call, &fields);
    let design = matches!(e.call, example::Call::Design { .. });
    Case { number, stdin, expected: e.expected.to_string(), shown: s.input.clone(), design, own: false, judged: true }
}

/// A LeetCode problem needs code in a language with a driver (`leetcode::driver`), not a command.
pub(crate) fn leetcode_language(program: &Program) -> Result<(), Refusal> {
    match program {
        Program::Code { .. } => Ok(()),
        Program::Command { .. } => Err("This is a LeetCode problem (a function, not a program that reads stdin): \
give the code (`class Solution` as you would paste it into LeetCode) with its `language`; a `command` cannot be \
called as a function."
            .into()),
    }
}

/// The comparison: the caller's `compare` wins; else `float` with the statement's tolerance
/// (its kind of error too), else tokens; a caller's `float_tolerance` alone asks for floats.
pub(crate) fn mode(compare: Option<&str>, tolerance: Option<f64>, facts: &Facts) -> Mode {
    let stated = facts.tolerance.as_ref();
    match (compare, stated) {
        (Some("exact"), _) => Mode::Exact,
        (Some("tokens"), _) => Mode::Tokens,
        (Some(_), _) | (None, Some(_)) => Mode::Float(
            tolerance.or(stated.map(|t| t.value)).unwrap_or(DEFAULT_TOLERANCE),
            if tolerance.is_some() { ErrorKind::Either } else { stated.map_or(ErrorKind::Either, |t| t.kind) },
        ),
        (None, None) => tolerance.map_or(Mode::Tokens, |t| Mode::Float(t, ErrorKind::Either)),
    }
}

/// What a Python syntax error says about the interpreter (a program written for a newer Python
/// than the one here is no fault of the program).
pub(crate) fn python_syntax_note(lang: Lang, tool: &[String], message: &str) -> Option<String> {
    if !lang.is_python() || !message.contains("SyntaxError") {
        return None;
    }
    let version = super::toolchain::version(tool).unwrap_or_else(|| "an unknown version".into());
    Some(format!(
        "The syntax was checked by `{}`, which is {version}. A program written for a newer Python (`match` needs \
3.10, `type` aliases and `[T]` generics 3.12) is refused by an older one: name a newer interpreter in the \
server's environment variable {} (AtCoder runs CPython 3.13 and PyPy 3.10).",
        tool.join(" "),
        lang.var()
    ))
}

/// What a C++ compile error says about the compiler: C++23's explicit object parameter (`this
/// auto&& self`, a recursive lambda in 4% of doocs/leetcode's C++ solutions), which LeetCode's
/// Clang 19 takes, needs GCC 14 or Clang 18.
/// Also GCC's refusal to capture a variable-length array of more than one dimension in a lambda
/// (`int f[m][n];` in a recursive search), which Clang compiles.
pub(crate) fn cpp_standard_note(lang: Lang, tool: &[String], source: &str, message: &str) -> Option<String> {
    if lang != Lang::Cpp {
        return None;
    }
    let version = super::toolchain::version(tool).unwrap_or_else(|| "of an unknown version".into());
    if message.contains("capture of variably-modified type") {
        return Some(format!(
            "GCC cannot capture a variable-length array of more than one dimension in a lambda (`sorry, \
unimplemented`); Clang can, and LeetCode compiles with Clang 19. `{}` is {version}: name clang++ in the server's \
environment variable {}, or make the array a `vector`.",
            tool.join(" "),
            lang.var()
        ));
    }
    if !source.contains("this auto") || !message.contains("this") {
        return None;
    }
    Some(format!(
        "The code uses C++23's explicit object parameter (`this auto&& self`), which GCC accepts from version 14 \
and Clang from 18; `{}` is {version}. LeetCode compiles with Clang 19: name a newer compiler in the server's \
environment variable {} (`clang++-19`, `g++-14`).",
        tool.join(" "),
        lang.var()
    ))
}

/// What a Java compile error says about the compiler: LeetCode compiles Java 21, and a JDK
/// older than the feature the error names (sequenced collections' `getLast`, patterns in
/// `switch`, `_` for an unused variable) refuses code LeetCode accepts.
pub(crate) fn java_version_note(lang: Lang, tool: &[String], message: &str) -> Option<String> {
    if lang != Lang::Java || !newer_java(message) {
        return None;
    }
    let version = super::toolchain::version(tool).unwrap_or_else(|| "an unknown version".into());
    let major = version.split(|c: char| !c.is_ascii_digit()).find(|w| !w.is_empty())?.parse::<u32>().ok()?;
    (major < 21).then(|| {
        format!(
            "The code was compiled by `{}`, which is {version}; LeetCode compiles Java 21. What Java 21 added \
(`getFirst`/`getLast` on lists, patterns in `switch`) is refused by an older javac: name a JDK 21 or newer in the \
server's environment variable OJ_JAVAC (its `java` beside it is used, or OJ_JAVA).",
            tool.join(" ")
        )
    })
}

/// Whether javac's message names a feature of a Java newer than 17.
fn newer_java(message: &str) -> bool {
    const SEQUENCED: &[&str] = &["getFirst()", "getLast()", "removeFirst()", "removeLast()", "reversed()"];
    message.contains("a preview feature")
        || message.contains("not supported in -source")
        || message.contains("'_' used as an identifier")
        || message.lines().any(|l| l.contains("symbol:") && SEQUENCED.iter().any(|m| l.contains(m)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::statement::Tolerance;

    #[test]
    fn the_comparison_from_the_statement_and_the_arguments() {
        let tol = Tolerance { value: 1e-9, kind: ErrorKind::Absolute, words: "x".into() };
        let facts = Facts { tolerance: Some(tol), ..Facts::default() };
        assert_eq!(mode(None, None, &facts), Mode::Float(1e-9, ErrorKind::Absolute));
        assert_eq!(mode(Some("tokens"), None, &facts), Mode::Tokens);
        assert_eq!(mode(None, Some(1e-3), &facts), Mode::Float(1e-3, ErrorKind::Either));
        assert_eq!(mode(None, None, &Facts::default()), Mode::Tokens);
        assert_eq!(mode(Some("float"), None, &Facts::default()), Mode::Float(DEFAULT_TOLERANCE, ErrorKind::Either));
    }

    #[test]
    fn a_java_feature_newer_than_the_jdk_is_said() {
        let msg = "Solution.java:12: error: cannot find symbol\n        pre.getLast();\n  symbol:   method getLast()";
        assert!(newer_java(msg) && newer_java("error: '_' used as an identifier"));
        assert!(!newer_java("Solution.java:3: error: cannot find symbol\n  symbol:   variable x"));
        assert_eq!(java_version_note(Lang::Python, &["javac".into()], msg), None);
    }

    #[test]
    fn what_a_cpp_compile_error_says_about_the_compiler() {
        let tool = ["no-such-compiler-here".to_string()];
        let vla = "solution.cpp:12:17: sorry, unimplemented: capture of variably-modified type 'int [m][(n + 1)]'";
        let note = cpp_standard_note(Lang::Cpp, &tool, "int f[m][n + 1];", vla).unwrap();
        assert!(note.contains("Clang can") && note.contains("OJ_CXX"), "{note}");
        let this = "solution.cpp:7:24: error: expected identifier before 'this'";
        let note = cpp_standard_note(Lang::Cpp, &tool, "[&](this auto&& dfs, int i)", this).unwrap();
        assert!(note.contains("GCC accepts from version 14"), "{note}");
        assert_eq!(cpp_standard_note(Lang::Cpp, &tool, "int main() {}", this), None);
        assert_eq!(cpp_standard_note(Lang::Go, &tool, "", vla), None);
    }

    /// 3391: the second example calls `unsetCell`, the first does not; both are callable.
    #[test]
    fn a_design_problems_methods_come_from_every_example() {
        let call = |m: &[&str]| example::Call::Design {
            methods: m.iter().map(|s| s.to_string()).collect(),
            args: vec![serde_json::Value::Array(vec![]); m.len()],
        };
        let mut shape = Shape::default();
        shape_of(&call(&["Matrix3D", "setCell", "largestMatrix"]), &mut shape, true);
        shape_of(&call(&["Matrix3D", "setCell", "unsetCell"]), &mut shape, false);
        let (class, methods) = shape.design.unwrap();
        assert_eq!(
            (class.as_str(), methods),
            ("Matrix3D", vec!["Matrix3D".into(), "setCell".into(), "largestMatrix".into(), "unsetCell".into()])
        );
    }

    #[test]
    fn platform_defaults() {
        assert_eq!((defaults("atcoder").time_ms, defaults("atcoder").memory_mb), (2000, 1024));
        assert_eq!(defaults("CODEFORCES").memory_mb, 256);
    }
}
