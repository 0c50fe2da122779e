//! The C++ driver: the user's `class Solution` (or design class) exactly as pasted into LeetCode,
//! compiled with what LeetCode's C++ puts around it. The part most problems share, the prelude
//! (`block.h`: `cpp/lc.hpp`, which is `<bits/stdc++.h>`, `using namespace std`, JSON, conversions,
//! calls; then ListNode and TreeNode unless the code defines them), is precompiled once in the
//! user's cache folder, with the driver's compiled part beside it (`cpp/lc.cpp`: `lc.o`), as a
//! program's include block is (`pch::prelude`); until that is ready, or without it, the prelude is
//! read as text and `lc.o` built once per session. Per problem, `main.cpp` holds the other
//! definitions the problem needs (`cpp/prelude.cpp`'s sections: the `Node`
//! kind, NestedInteger, a hidden API), the user's code under `#line 1 "solution.cpp"` (so the
//! compiler names the user's lines), and a `main` of a few lines: the method's member pointer
//! handed to a template that deduces its parameters' types. What templates cannot reach is read
//! here from the code (`scan`): which method the examples call, a design class's constructor's
//! parameter types, a method's overloads.

mod lambda;
mod scan;
mod vla;

use super::build::{Driver, Shape, Shared};
use super::node::NodeKind;
use crate::judge::standard;
use crate::judge::toolchain::{self, EXE, Lang};
use scan::{Method, mentions};

/// LeetCode's definitions, in sections a problem takes as it needs them (`cpp/prelude.cpp`,
/// unpacked once).
fn sections() -> &'static str {
    static PRELUDE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PRELUDE.get_or_init(|| super::packed::text("cpp/prelude.cpp"))
}

/// The driver for `code`, or why it cannot be called.
#[cfg_attr(oj_size, optimize(size))]
pub(super) fn driver(code: &str, shape: &Shape, tool: &[String]) -> Result<Driver, String> {
    let scan = scan::blank(code);
    let call = match &shape.design {
        Some((class, methods)) => design(&scan, class, methods)?,
        None => function(&scan, &shape.names)?,
    };
    let (classes, prelude) = (classes(&scan), prelude(&scan, shape)?);
    let compiler = toolchain::version(tool).as_deref().and_then(compiler);
    // What LeetCode's Clang compiles and GCC does not, rewritten on the same lines: lambdas that
    // use a multi-dimensional variable-length array (any GCC), recursive lambdas written with
    // C++23's `this` (an older compiler).
    let arrays = matches!(compiler, Some(Compiler::Gcc(_))).then(|| vla::without_array_captures(code, &scan)).flatten();
    let (code_now, scan_now) = match &arrays {
        Some(c) => (c.as_str(), scan::blank(c)),
        None => (code, scan.clone()),
    };
    let rewritten = lacks_explicit_this(compiler).then(|| lambda::without_explicit_this(code_now, &scan_now)).flatten();
    let body = rewritten.as_deref().unwrap_or(code_now);
    // `signed main`: C++ solutions often say `#define int long long`.
    let main = format!(
        "#line 1 \"leetcode-prelude.cpp\"\n#ifndef OJ_LC_CLASSES\n{classes}#endif\n{prelude}#line 1 \"solution.cpp\"\n{body}\n#line 1 \"leetcode-call.cpp\"\n\
signed main(signed argc, char** argv) {{\n    oj_leetcode::start(argc, argv);\n    {call};\n}}\n"
    );
    // LeetCode's standard, or the newest before it this compiler takes (`standard`); the
    // user's words after ours, so a `-std=` of `OJ_CXX` is the one used.
    let std = standard::choose(Lang::Cpp, "leetcode", tool).and_then(|s| s.flag());
    // With AddressSanitizer, as LeetCode builds, where this compiler can (`toolchain::ASAN`); the
    // session's part too, so the precompiled prelude is built with the program's flags.
    let asan: &[&str] = if toolchain::sanitizes(tool) { &toolchain::ASAN } else { &[] };
    // 173's `stack<TreeNode*> stack;`, a member named as the type it holds: Clang takes it, GCC
    // stops ("changes meaning of 'stack'") unless permissive, where it only warns.
    let permissive: &[&str] = if matches!(compiler, Some(Compiler::Gcc(_))) { &["-fpermissive"] } else { &[] };
    let words = |more: &[&str]| {
        let std: Vec<&str> = std.as_deref().into_iter().collect();
        let linker: Vec<&str> = toolchain::linker().into_iter().collect();
        let mut defaults: Vec<&[&str]> = vec![&std, &["-O2"], &["-pipe"], permissive, &linker];
        defaults.extend(asan.iter().map(std::slice::from_ref));
        let mut argv = toolchain::with_defaults(tool, &defaults);
        argv.extend(more.iter().map(|s| s.to_string()));
        argv
    };
    // The session's part: lc.hpp precompiled (`lc.hpp.gch`, which `-include` finds) and lc.o.
    // Where it can be, the prelude is precompiled once in the user's cache folder instead, with
    // its own lc.o (`precompiled`): `block.h`, lc.hpp then the usual classes (`OJ_LC_CLASSES`
    // skips main.cpp's copy), a file of the build that is only read from there. There the
    // classes' readers and writers are only declared, and defined in that lc.o (`linked`).
    let (declared, defined) = linked(&classes);
    let block = format!(
        "#line 1 \"lc.hpp\"\n{}#line 1 \"leetcode-prelude.cpp\"\n#define OJ_LC_CLASSES\n{declared}",
        super::packed::text("cpp/lc.hpp")
    );
    let object = format!("{}#ifdef OJ_LC_CLASSES\n{defined}#endif\n", super::packed::text("cpp/lc.cpp"));
    Ok(Driver {
        fallback: None,
        files: vec![("solution.cpp".into(), code.into()), ("main.cpp".into(), main), (BLOCK.into(), block)],
        compile: words(&["-include", HEADER, "-o", EXE, "main.cpp", "{shared}/lc.o"]),
        run: vec![format!("{{dir}}/{EXE}")],
        shared: Some(Shared {
            name: "leetcode-cpp".into(),
            files: vec![("lc.hpp".into(), super::packed::text("cpp/lc.hpp")), (OBJECT_SOURCE.into(), object)],
            compile: words(&SHARED_WORDS),
        }),
    })
}

/// The prelude, a file of the build.
const BLOCK: &str = "block.h";
/// The header the compile names, which `block.h` replaces when it is precompiled.
const HEADER: &str = "{shared}/lc.hpp";
/// The driver's compiled part: `lc.o`.
const OBJECT_SOURCE: &str = "lc.cpp";
/// The session part's command after the compiler's options: the header and lc.o in one.
const SHARED_WORDS: [&str; 7] = ["-c", "-x", "c++-header", "lc.hpp", "-x", "c++", OBJECT_SOURCE];

/// What of a C++ driver's build can be precompiled in the cache (`pch::prelude`).
pub(crate) struct Precompiled<'a> {
    /// The compile command without its inputs and output.
    pub(crate) command: &'a [String],
    /// `block.h`'s text.
    pub(crate) block: &'a str,
    /// lc.o's files and the one compiled.
    pub(crate) files: &'a [(String, String)],
    pub(crate) source: &'static str,
    /// The word of the compile command that `block.h` replaces (`{shared}/lc.hpp`: with the
    /// cache's folder as `{shared}`, lc.hpp as text, which is what a build falls back to).
    pub(crate) header: &'static str,
}

pub(crate) fn precompiled(d: &Driver) -> Option<Precompiled<'_>> {
    let shared = d.shared.as_ref().filter(|s| s.name == "leetcode-cpp")?;
    let block = d.files.iter().find(|(name, _)| name == BLOCK)?;
    let command = shared.compile.strip_suffix(&SHARED_WORDS.map(String::from))?;
    Some(Precompiled { command, block: &block.1, files: &shared.files, source: OBJECT_SOURCE, header: HEADER })
}

/// A compiler's family and major version from its `--version` line (`g++ (Debian 12.2.0-14)
/// 12.2.0`, `Debian clang version 19.1.7`, `Apple clang version 15.0.0`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Compiler {
    Gcc(u32),
    Clang(u32),
    AppleClang(u32),
}

fn compiler(version: &str) -> Option<Compiler> {
    let major = version
        .split_whitespace()
        .map(|w| w.trim_start_matches('('))
        .find(|w| w.starts_with(|c: char| c.is_ascii_digit()) && w.contains('.'))?
        .split('.')
        .next()?
        .parse::<u32>()
        .ok()?;
    Some(if version.contains("Apple") {
        Compiler::AppleClang(major)
    } else if version.contains("clang") {
        Compiler::Clang(major)
    } else {
        Compiler::Gcc(major)
    })
}

/// Whether `tool` is a Clang older than LeetCode's (19): one that refuses code LeetCode's takes
/// (C++20's aggregates built with parentheses, `emplace_back(x, y)` of a plain struct, before
/// Clang 16), so that `g++` is tried when it does.
pub(crate) fn older_than_leetcodes(tool: &[String]) -> bool {
    let compiler = toolchain::version(tool).as_deref().and_then(compiler);
    matches!(compiler, Some(Compiler::Clang(0..=18) | Compiler::AppleClang(_)))
}

/// Whether the compiler lacks C++23's explicit object parameter (`this auto&& self`), which
/// LeetCode's Clang 19 takes: GCC before 14, Clang before 18.
fn lacks_explicit_this(compiler: Option<Compiler>) -> bool {
    matches!(compiler, Some(Compiler::Gcc(0..=13) | Compiler::Clang(0..=17) | Compiler::AppleClang(0..=16)))
}

const NO_SOLUTION: &str = "The C++ code defines no `class Solution`: give the code as LeetCode's C++ template has it \
(`class Solution { public: … };` with the method the examples call).";

/// A function problem's call: a method of `Solution`; 341's iterator loop; a codec's round trip.
fn function(scan: &str, names: &[String]) -> Result<String, String> {
    let Some((body, is_struct)) = scan::class_body(scan, "Solution") else {
        if let Some((body, is_struct)) = scan::class_body(scan, "NestedIterator") {
            let methods = scan::methods(body, "NestedIterator", is_struct);
            return Ok(format!(
                "oj_leetcode::run_iterator<NestedIterator{}>()",
                types(constructor(&methods, "NestedIterator"))
            ));
        }
        if scan::class_body(scan, "TreeBuilder").is_some() {
            // 1628: the expression tree built from the postfix tokens, evaluated.
            return Ok("oj_leetcode::run_tree_builder<TreeBuilder>()".into());
        }
        return scan::class_body(scan, "Codec")
            .and_then(|(body, is_struct)| codec(&scan::methods(body, "Codec", is_struct), "Codec"))
            .ok_or_else(|| NO_SOLUTION.to_string());
    };
    let methods = scan::methods(body, "Solution", is_struct);
    if let Some(call) = codec(&methods, "Solution") {
        return Ok(call);
    }
    let m = choose(&methods, names).ok_or_else(|| {
        "`class Solution` declares no method the examples can call: give it the public method LeetCode's C++ \
template has."
            .to_string()
    })?;
    unsupplied(m, names)?;
    let params: Vec<String> = m.params.iter().map(|(_, n)| format!("\"{n}\"")).collect();
    let types = m.params.iter().map(|(t, _)| t.as_str());
    // The node class whose lists an extra argument builds (237's `head` beside `node`).
    let extra =
        ["ListNode", "TreeNode", "Node"].into_iter().find(|c| types.clone().any(|t| mentions(t, c))).unwrap_or("void");
    Ok(format!(
        "oj_leetcode::run_function<Solution, {extra}>({}, {{{}}})",
        pointer("Solution", m, &methods),
        params.join(", ")
    ))
}

/// The method the examples call: the one whose parameters are the example's names, or some of
/// them, or as many; among several, one no other method calls (not a helper), the first declared.
fn choose<'m>(methods: &'m [Method], names: &[String]) -> Option<&'m Method> {
    let callable: Vec<&Method> = methods.iter().filter(|m| m.name != "Solution").collect();
    let public: Vec<&Method> = callable.iter().copied().filter(|m| m.public).collect();
    let pool = if public.is_empty() { callable } else { public };
    let wanted: Vec<&str> = names.iter().map(String::as_str).filter(|n| !n.is_empty()).collect();
    let exact = |m: &Method| !wanted.is_empty() && m.params.iter().map(|p| p.1.as_str()).eq(wanted.iter().copied());
    let some =
        |m: &Method| !m.params.is_empty() && m.params.iter().all(|p| !p.1.is_empty() && wanted.contains(&p.1.as_str()));
    let count = |m: &Method| m.params.len() == names.len();
    let ranks: [&dyn Fn(&Method) -> bool; 4] = [&exact, &some, &count, &|_| true];
    let best =
        ranks.iter().map(|r| pool.iter().copied().filter(|m| r(m)).collect::<Vec<_>>()).find(|c| !c.is_empty())?;
    let called = |m: &Method| methods.iter().any(|o| o.name != m.name && mentions(&o.body, &m.name));
    best.iter().copied().find(|m| !called(m)).or(best.first().copied())
}

/// Refuses a method that needs more arguments than the examples give (2901's accepted code of
/// 2023 takes `int n, words, groups`; the problem's signature now takes `words, groups`): called
/// anyway, the arguments would be matched by position and the missing one made zero.
fn unsupplied(m: &Method, names: &[String]) -> Result<(), String> {
    let given: Vec<&str> = names.iter().map(String::as_str).filter(|n| !n.is_empty()).collect();
    let needed = m.params.len().saturating_sub(m.defaults);
    if given.is_empty() || needed <= given.len() {
        return Ok(());
    }
    let list = |v: &mut dyn Iterator<Item = &str>| v.map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ");
    let missing = list(&mut m.params.iter().map(|p| p.1.as_str()).filter(|n| !n.is_empty() && !given.contains(n)));
    Err(format!(
        "`{}` takes {needed} arguments ({}), but the examples give {} ({}){}: LeetCode's signature may have changed \
since the code was written. Give the method as LeetCode's C++ template declares it now, with the examples' parameters.",
        m.name,
        list(&mut m.params.iter().map(|p| p.1.as_str())),
        given.len(),
        list(&mut given.iter().copied()),
        if missing.is_empty() { String::new() } else { format!("; none gives {missing}") }
    ))
}

/// A method's member pointer; cast to its type when the name is overloaded.
fn pointer(class: &str, m: &Method, all: &[Method]) -> String {
    let plain = format!("&{class}::{}", m.name);
    let overloaded = all.iter().filter(|o| o.name == m.name).count() > 1;
    if !overloaded || m.ret.is_empty() || m.ret == "auto" {
        return plain;
    }
    let types: Vec<&str> = m.params.iter().map(|p| p.0.as_str()).collect();
    let (ret, types) = (&m.ret, types.join(", "));
    if m.is_static {
        format!("static_cast<{ret} (*)({types})>({plain})")
    } else {
        let qualifier = if m.is_const { " const" } else { "" };
        format!("static_cast<{ret} ({class}::*)({types}){qualifier}>({plain})")
    }
}

/// A codec's round trip (297 `serialize`/`deserialize`, 535 `encode`/`decode`), when the class
/// has both methods, public (1900's `Solution` has private helpers by those names).
fn codec(methods: &[Method], class: &str) -> Option<String> {
    let has = |n: &str| methods.iter().any(|m| m.name == n && m.public);
    let (e, d) = [("serialize", "deserialize"), ("encode", "decode")].into_iter().find(|(e, d)| has(e) && has(d))?;
    Some(format!("oj_leetcode::run_codec<{class}>(&{class}::{e}, &{class}::{d})"))
}

/// The constructor a design class is built with: the first public one that is not a copy.
fn constructor<'m>(methods: &'m [Method], class: &str) -> Option<&'m Method> {
    let copy = |m: &Method| m.params.len() == 1 && mentions(&m.params[0].0, class);
    methods.iter().find(|m| m.name == class && m.ret.is_empty() && m.public && !copy(m))
}

/// The constructor's parameter types as template arguments (`, vector<int>&, int`).
fn types(ctor: Option<&Method>) -> String {
    ctor.map_or_else(String::new, |m| m.params.iter().map(|(t, _)| format!(", {t}")).collect())
}

fn identifier(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A design problem's call: the constructor's types, and a table from each method the examples
/// call to its member pointer (by the number of arguments where the name is overloaded).
fn design(scan: &str, class: &str, calls: &[String]) -> Result<String, String> {
    if !identifier(class) || !calls.iter().all(|c| identifier(c)) {
        return Err("The example's class and method names are not C++ names: it cannot be called.".into());
    }
    let Some((body, is_struct)) = scan::class_body(scan, class) else {
        return Err(format!(
            "The examples construct `{class}`, and the C++ code defines no `class {class}`: give the class as \
LeetCode's C++ template has it."
        ));
    };
    let methods = scan::methods(body, class, is_struct);
    let mut arms = String::new();
    for name in calls.iter().skip(1) {
        let overloads: Vec<&Method> = methods.iter().filter(|m| &m.name == name && !m.ret.is_empty()).collect();
        if overloads.len() <= 1 {
            arms += &format!(
                "        if (m == \"{name}\") return oj_leetcode::invoke(&{class}::{name}, o, a, out), true;\n"
            );
        }
        for m in overloads.iter().filter(|_| overloads.len() > 1) {
            arms += &format!(
                "        if (m == \"{name}\" && a.size() == {}) return oj_leetcode::invoke({}, o, a, out), true;\n",
                m.params.len(),
                pointer(class, m, &methods)
            );
        }
    }
    Ok(format!(
        "oj_leetcode::run_design<{class}{}>([]({class}* o, const std::string& m, const std::vector<const oj_leetcode::J*>& a, \
std::string& out) {{\n{arms}        return false;\n    }})",
        types(constructor(&methods, class))
    ))
}

/// LeetCode's `ListNode` and `TreeNode`, unless the code defines them: in the precompiled
/// prelude (most problems' code uses them or names them only in a comment).
fn classes(scan: &str) -> String {
    ["ListNode", "TreeNode"].into_iter().filter(|name| !scan::declares(scan, name)).map(section).collect()
}

/// The precompiled prelude's `classes`: their readers and writers (`inline void lc_read(…) { … }`)
/// declared only, and those definitions, for lc.o (compiled with the prelude: `OJ_LC_CLASSES`).
/// Inline in the prelude, they had every build instantiate the node templates they call again (a
/// third of a call's build).
fn linked(classes: &str) -> (String, String) {
    let (mut declared, mut defined) = (String::new(), String::new());
    for line in classes.lines() {
        // A function on one line (LeetCode's two classes have no other); any other line as it is.
        let one = line.strip_prefix("inline ").filter(|f| f.ends_with('}'));
        match one.and_then(|f| Some((f, f.split_once(" {")?.0))) {
            Some((function, head)) => {
                declared += &format!("{head};\n");
                defined += &format!("{function}\n");
            }
            None => declared += &format!("{line}\n"),
        }
    }
    (declared, defined)
}

/// The other definitions the code needs that LeetCode's C++ makes for it, unless the code makes them.
fn prelude(scan: &str, shape: &Shape) -> Result<String, String> {
    let defined = |name: &str| scan::declares(scan, name);
    let mut out = String::new();
    if mentions(scan, "NestedInteger") && !defined("NestedInteger") {
        out += section("NestedInteger");
    }
    if mentions(scan, "PolyNode") && !defined("PolyNode") {
        out += section(NodeKind::Poly.name());
    }
    if mentions(scan, "Node") && !defined("Node") {
        // The kind the judge decided (`node::decide`), each a section of `prelude.cpp`.
        let kind = shape.extras.node.filter(|k| *k != NodeKind::Poly);
        let text = kind.map_or("", |k| section(k.name()));
        if text.is_empty() {
            return Err(format!(
                "This problem's `Node` class ({}) is not one the C++ driver defines: it builds lists, trees, N-ary \
trees, graphs, random-pointer, doubly linked, multilevel and circular lists, next- and parent-pointer trees and quad \
trees, as the statement describes them. Test it on LeetCode.",
                kind.map_or("not described by the statement", NodeKind::name)
            ));
        }
        out += text;
    }
    Ok(out + &apis(scan, shape))
}

/// The other classes and the hidden API the code uses and does not define.
fn apis(scan: &str, shape: &Shape) -> String {
    let mut out = String::new();
    for name in ["Iterator", "Employee"] {
        if mentions(scan, name) && !scan::declares(scan, name) {
            out += section(name);
        }
    }
    if let Some((api, _)) = shape.extras.api
        && !scan::declares(scan, api)
    {
        out += section(api);
    }
    out
}

/// The text of a `//@ name` section of `prelude.cpp`.
fn section(name: &str) -> &'static str {
    let marker = format!("//@ {name}\n");
    let Some(at) = sections().find(&marker) else { return "" };
    let text = &sections()[at + marker.len()..];
    &text[..text.find("\n//@ ").map_or(text.len(), |k| k + 1)]
}

#[cfg(test)]
mod tests;
