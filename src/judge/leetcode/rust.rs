//! LeetCode in Rust: the user's code exactly as pasted (`impl Solution { pub fn two_sum(…) }`, or
//! a design class's `impl MinStack { fn new() -> Self … }`), first in `solution.rs` so that
//! rustc's messages name its own lines; after it, what LeetCode's environment defines (`struct
//! Solution`, `ListNode`, `TreeNode`, the library's `NestedInteger` and hidden APIs, all through
//! glob imports, which the user's own definitions shadow) and a `main` generated from the signatures
//! (`scan`): each argument converted to its parameter's type by the driver library's `FromJson`,
//! the call, the result printed by `ToJson`. The library (`rust/ojlc.rs`, packed into the binary)
//! is an rlib built once per session; a problem's build compiles only the user's code and a short `main`. Code that
//! uses the `rand` crate LeetCode links gets the library's stand-in for it (0.7's `gen_range`,
//! `shuffle`, `choose`, `random`) under that name.

mod scan;

use std::fmt::Write as _;

use super::build::{Driver, Shape, Shared};
use crate::judge::toolchain::{self, EXE};
use scan::{Code, Func};

/// LeetCode's flags: edition 2021, optimised. Warnings are not shown (LeetCode shows none, and
/// the generated `main` leaves helpers and imports unused).
const FLAGS: [&str; 5] = ["--edition", "2021", "-O", "-A", "warnings"];

/// The Rust driver for `code`, or why the code cannot be driven.
#[cfg_attr(oj_size, optimize(size))]
pub(super) fn driver(code: &str, shape: &Shape, tool: &[String]) -> Result<Driver, String> {
    let scanned = scan::scan(code);
    if shape.extras.node.is_some() && !scanned.defined.iter().any(|d| d == "Node") {
        return Err("This problem's `Node` class (an N-ary tree, a graph, a list with random or next pointers) has \
no Rust definition: LeetCode does not offer Rust for it. Give the code in C++, Java, Python, Go or JavaScript."
            .into());
    }
    if scanned.defined.iter().any(|d| d == "main") {
        return Err("The code defines `fn main`: LeetCode's Rust code has none (the judge writes the `main` that \
calls your function). Remove it and give the code as you would paste it into LeetCode."
            .into());
    }
    let main = match &shape.design {
        Some((class, methods)) => design(&scanned, class, methods)?,
        None => function(&scanned, &shape.names)?,
    };
    // The override's words after ours, an option they name in place of ours (`-C opt-level=3`).
    let words = |w: &[&str]| toolchain::with_flags(tool, w);
    let mut compile = words(&FLAGS);
    // One codegen unit: a quarter less CPU for a small program than the default 16 (measured).
    compile.extend(["-C", "codegen-units=1", "--extern", "ojlc={shared}/libojlc.rlib"].map(String::from));
    if code.contains("rand::") || code.contains("crate rand") {
        // LeetCode links the `rand` crate; the library stands in for the part solutions use.
        compile.extend(["--extern", "rand={shared}/libojlc.rlib"].map(String::from));
    }
    compile.extend(["-o", EXE, "solution.rs"].map(String::from));
    let mut lib = words(&FLAGS);
    lib.extend(["--crate-type", "rlib", "--crate-name", "ojlc", "-o", "libojlc.rlib", "ojlc.rs"].map(String::from));
    Ok(Driver {
        fallback: None,
        files: vec![("solution.rs".into(), format!("{code}\n{}{main}", environment(&scanned, shape)))],
        compile,
        run: vec![format!("{{dir}}/{EXE}")],
        shared: Some(Shared {
            name: "rust-driver".into(),
            files: vec![("ojlc.rs".into(), super::packed::text("rust/ojlc.rs"))],
            compile: lib,
        }),
    })
}

/// What LeetCode defines around the code: `Solution` (a unit struct), `ListNode` and `TreeNode`
/// (the program's own types: a solution may implement `Ord` for them), glob-imported with the
/// library's `NestedInteger` and APIs (the code's own definitions win over a glob); and the
/// hidden APIs that are `Solution`'s methods (`self.isBadVersion(v)`).
fn environment(code: &Code, shape: &Shape) -> String {
    // LeetCode's definitions, as its templates' comments show them (`new` made `pub`: they are
    // in a module of their own here): `rust/environment.rs`, packed.
    let mut out = super::packed::text("rust/environment.rs");
    let api = shape.extras.api.map(|(name, _)| name);
    let defined = |name: &str| code.funcs("Solution").iter().any(|f| f.name == name);
    let method = match api {
        Some("isBadVersion") if !defined("isBadVersion") => {
            "isBadVersion(&self, version: i32) -> bool {\n        \
::ojlc::api::is_bad_version(version)"
        }
        Some("knows") if !defined("knows") => {
            "knows(&self, a: i32, b: i32) -> bool {\n        ::ojlc::api::knows(a, b)"
        }
        _ => return out,
    };
    let _ = write!(out, "impl Solution {{\n    #[allow(non_snake_case)]\n    pub fn {method}\n    }}\n}}\n");
    out
}

/// The start of every `main`.
/// (`ojlc::many`: one call, or with `--many` one per line of stdin.)
const MAIN: &str = "fn main() {\n    ::ojlc::many(__oj_one)\n}\n#[allow(unused_mut, unused_unsafe, unused_variables)]\n\
fn __oj_one() {\n    let mut __cx = ::ojlc::Cx::read();\n";

/// `main` for a function problem: `impl Solution`'s function the example calls; without one, an
/// iterator driven to its end (341) or a codec's round trip (297).
fn function(code: &Code, names: &[String]) -> Result<String, String> {
    let funcs = code.funcs("Solution");
    let Some(f) = choose(&funcs, names) else {
        return other_class(code).ok_or_else(|| {
            "The Rust code has no `impl Solution` block with a function (LeetCode's template: `impl Solution { pub fn \
two_sum(nums: Vec<i32>, target: i32) -> Vec<i32> { … } }`): paste the whole solution as you would on LeetCode."
                .to_string()
        });
    };
    let takes = |n: &str| f.params.iter().any(|p| norm(&p.0) == n);
    if names.iter().any(|n| n == "pos") && !takes("pos") && f.params.iter().any(|p| p.1.contains("ListNode")) {
        return Err("The example's list has a cycle (`pos`), which an `Option<Box<ListNode>>` cannot hold: LeetCode \
does not offer Rust for this problem. Give the code in C++, Java, Python, Go or JavaScript."
            .into());
    }
    let (lets, args) = arguments(f);
    let call = wrap(f, format!("Solution{}{}({args})", if f.receiver { "." } else { "::" }, f.name));
    // Nothing returned: an in-place problem, judged by its first argument (a reference).
    let result = match f.params.first() {
        Some((_, ty)) if f.ret.is_none() && ty.starts_with('&') => "__a0",
        _ => "__r",
    };
    Ok(format!("{MAIN}    {};\n{lets}    let __r = {call};\n    __cx.finish(Some(&{result}));\n}}\n", bind(f)))
}

/// 341's `NestedIterator` (no `Solution`: LeetCode loops `has_next`/`next`), a codec whose
/// round trip is the answer (297's `serialize` then `deserialize`), or a class whose method takes
/// another of its kind (1570's sparse vectors).
fn other_class(code: &Code) -> Option<String> {
    for (class, funcs) in &code.impls {
        let find = |n: &str| funcs.iter().find(|f| f.name == n);
        let Some(new) = constructor(&funcs.iter().collect::<Vec<_>>(), class) else { continue };
        let (lets, args) = arguments(new);
        if let (Some(_), Some(next)) = (find("has_next"), find("next")) {
            return Some(format!(
                "{MAIN}    {};\n{lets}    let mut __obj = {class}::{}({args});\n    let mut __out = Vec::new();\n    \
while __obj.has_next() {{\n        __out.push({});\n    }}\n    __cx.finish(Some(&__out));\n}}\n",
                bind(new),
                new.name,
                wrap(next, "__obj.next()".into())
            ));
        }
        let pair =
            [("serialize", "deserialize"), ("encode", "decode")].iter().find_map(|(a, b)| Some((find(a)?, find(b)?)));
        if let Some((enc, dec)) = pair.filter(|_| new.params.is_empty()) {
            let (lets, args) = arguments(enc);
            let back = if dec.params.first().is_some_and(|p| p.1.starts_with('&')) { "&__s" } else { "__s" };
            return Some(format!(
                "{MAIN}    {};\n{lets}    let mut __obj = {class}::{}();\n    let __s = {};\n    \
let __r = {};\n    __cx.finish(Some(&__r));\n}}\n",
                bind(enc),
                new.name,
                wrap(enc, format!("__obj.{}({args})", enc.name)),
                wrap(dec, format!("__obj.{}({back})", dec.name)),
            ));
        }
        if let Some(m) = funcs.iter().find(|f| f.receiver && of_class(f, class)).filter(|_| new.params.len() == 1) {
            return Some(pair_of(class, new, m));
        }
    }
    None
}

/// Whether `f`'s only parameter is another of `class` (1570's `dot_product(&self, vec: SparseVector)`).
fn of_class(f: &Func, class: &str) -> bool {
    matches!(&f.params[..], [(_, ty)] if owned(ty).1 == class || owned(ty).1 == "Self")
}

/// Two objects made from the example's two arguments, the first's method called with the second.
fn pair_of(class: &str, new: &Func, m: &Func) -> String {
    let ty = owned(&new.params[0].1).1;
    let pass = owned(&m.params[0].1).0;
    let make = |i: usize| wrap(new, format!("{class}::{}(__a{i})", new.name));
    format!(
        "{MAIN}    __cx.bind(&[\"\", \"\"], \"--\");\n    let mut __a0: {ty} = __cx.arg(0);\n    let mut __a1: {ty} = __cx.arg(1);\n    \
let mut __obj = {};\n    let mut __other = {};\n    let __r = {};\n    __cx.finish(Some(&__r));\n}}\n",
        make(0),
        make(1),
        wrap(m, format!("__obj.{}({pass}__other)", m.name))
    )
}

/// `main` for a design problem: the constructor, then each call by the example's method name
/// (`getMin` is `get_min`), `null` for the constructor and for what returns nothing.
fn design(code: &Code, class: &str, methods: &[String]) -> Result<String, String> {
    let funcs = code.funcs(class);
    let Some(new) = constructor(&funcs, class) else {
        return Err(format!(
            "The example constructs `{class}`, and the Rust code has no `impl {class}` with a constructor \
(LeetCode's template: `impl {class} {{ fn new(…) -> Self {{ … }} … }}`): paste the whole class as you would on LeetCode."
        ));
    };
    let mut arms: Vec<(String, &Func)> = Vec::new();
    for m in methods.iter().skip(1) {
        let Some(f) = funcs.iter().find(|f| f.receiver && norm(&f.name) == norm(m)) else {
            return Err(format!(
                "The example calls `{m}`, and `impl {class}` has no method `{}` taking `self` (LeetCode names it in \
snake_case): paste the whole class as you would on LeetCode.",
                snake(m)
            ));
        };
        arms.push((m.clone(), f));
    }
    // Methods a later example may call that the first does not: those whose types convert.
    for f in funcs.iter().filter(|f| f.receiver && f.name != new.name) {
        if !arms.iter().any(|(_, a)| a.name == f.name) && convertible(f) {
            arms.push((f.name.clone(), f));
        }
    }
    let names: Vec<String> = std::iter::once(class.to_string()).chain(arms.iter().map(|(m, _)| m.clone())).collect();
    let (lets, args) = arguments(new);
    let mut out = format!(
        "{MAIN}    let __m: &[&str] = &{names:?};\n    __cx.at(0, __m);\n{lets}    let mut __obj = {};\n    __cx.put(&());\n    \
for __k in 1..__cx.calls() {{\n        match __cx.at(__k, __m) {{\n",
        wrap(new, format!("{class}::{}({args})", new.name))
    );
    for (i, (_, f)) in arms.iter().enumerate() {
        let (lets, args) = arguments(f);
        let lets = lets.replace("    let", "                let");
        let call = wrap(f, format!("__obj.{}({args})", f.name));
        let _ = write!(
            out,
            "            {} => {{\n{lets}                let __r = {call};\n                __cx.put(&__r);\n            }}\n",
            i + 1
        );
    }
    out.push_str("            _ => __cx.unknown(__k),\n        }\n    }\n    __cx.finish::<()>(None);\n}\n");
    Ok(out)
}

/// The class's constructor: `new`, else a function without `self` that returns `Self`.
fn constructor<'a>(funcs: &[&'a Func], class: &str) -> Option<&'a Func> {
    let makes = |f: &&&Func| !f.receiver && f.ret.as_deref().is_some_and(|r| r == "Self" || r == class);
    funcs.iter().find(|f| f.name == "new" && !f.receiver).or_else(|| funcs.iter().find(makes)).copied()
}

/// The function the example calls: the `pub` ones first (a helper is private); by the
/// parameters' names, else their number, else the first.
fn choose<'a>(funcs: &[&'a Func], names: &[String]) -> Option<&'a Func> {
    let public: Vec<&Func> = funcs.iter().copied().filter(|f| f.public).collect();
    let pool = if public.is_empty() { funcs.to_vec() } else { public };
    let wanted: Vec<String> = names.iter().filter(|n| !n.is_empty()).map(|n| norm(n)).collect();
    let params = |f: &Func| f.params.iter().map(|p| norm(&p.0)).collect::<Vec<_>>();
    let all = |f: &Func| params(f).iter().all(|p| wanted.contains(p));
    pool.iter()
        .find(|f| all(f) && params(f).len() == wanted.len())
        .or_else(|| pool.iter().find(|f| all(f) && !f.params.is_empty()))
        .or_else(|| pool.iter().find(|f| f.params.len() == names.len()))
        .or_else(|| pool.first())
        .copied()
}

/// `__cx.bind(…)` with the parameters' names and kinds (`t` a tree, `l` a list), and for trees
/// `__cx.trees(…)`, which builds them before any argument is converted.
fn bind(f: &Func) -> String {
    let names: Vec<&str> = f.params.iter().map(|p| p.0.as_str()).collect();
    let kinds: String = f
        .params
        .iter()
        .map(|(_, ty)| {
            let t = plain(&owned(ty).1);
            if t == "Option<Rc<RefCell<TreeNode>>>" {
                't'
            } else if t.contains("ListNode") {
                'l'
            } else {
                '-'
            }
        })
        .collect();
    let trees = if kinds.contains('t') { format!(";\n    __cx.trees::<TreeNode>({kinds:?})") } else { String::new() };
    format!("__cx.bind(&{names:?}, {kinds:?}){trees}")
}

/// Each parameter's conversion (`let mut __a0: Vec<i32> = __cx.arg(0);`) and the call's
/// argument list (`&mut __a0` for a `&mut` parameter).
fn arguments(f: &Func) -> (String, String) {
    let mut lets = String::new();
    let mut args = Vec::new();
    for (i, (_, ty)) in f.params.iter().enumerate() {
        let (borrow, owned) = owned(ty);
        let _ = writeln!(lets, "    let mut __a{i}: {owned} = __cx.arg({i});");
        args.push(format!("{borrow}__a{i}"));
    }
    (lets, args.join(", "))
}

/// A parameter's type without its reference, as an owned type (`&[i32]` is `Vec<i32>`, `&str`
/// is `String`), and the borrow to pass it with (`""`, `"&"`, `"&mut "`).
fn owned(ty: &str) -> (&'static str, String) {
    let Some(rest) = ty.strip_prefix('&') else { return ("", ty.to_string()) };
    let mut rest = rest.trim_start();
    if rest.starts_with('\'') {
        rest = rest.split_once(' ').map_or("", |(_, r)| r);
    }
    let (borrow, inner) = match rest.strip_prefix("mut ") {
        Some(r) => ("&mut ", r.trim()),
        None => ("&", rest.trim()),
    };
    let owned = match inner.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
        Some(item) if !item.contains(';') => format!("Vec<{item}>"),
        _ if inner == "str" => "String".to_string(),
        _ => inner.to_string(),
    };
    (borrow, owned)
}

/// A type without spaces and `std::…::` paths, to compare.
fn plain(ty: &str) -> String {
    let t: String = ty.chars().filter(|c| !c.is_whitespace()).collect();
    ["::std::rc::", "std::rc::", "::std::cell::", "std::cell::", "std::boxed::"].iter().fold(t, |t, p| t.replace(p, ""))
}

/// Whether every parameter and the result of `f` are of types the library converts.
fn convertible(f: &Func) -> bool {
    const KNOWN: &[&str] = &[
        "i8",
        "i16",
        "i32",
        "i64",
        "i128",
        "isize",
        "u8",
        "u16",
        "u32",
        "u64",
        "u128",
        "usize",
        "f32",
        "f64",
        "bool",
        "char",
        "String",
        "str",
        "Vec",
        "VecDeque",
        "Option",
        "Box",
        "Rc",
        "RefCell",
        "ListNode",
        "TreeNode",
        "NestedInteger",
        "mut",
    ];
    let ok = |ty: &str| {
        ty.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .all(|w| w.is_empty() || w.starts_with(|c: char| c.is_ascii_digit()) || KNOWN.contains(&w))
    };
    f.params.iter().all(|(_, t)| ok(t)) && f.ret.as_deref().is_none_or(ok)
}

/// An `unsafe fn`'s call in an `unsafe` block (374's `guessNumber`).
fn wrap(f: &Func, call: String) -> String {
    if f.unsafe_ { format!("unsafe {{ {call} }}") } else { call }
}

/// Lower case without underscores: LeetCode's `getMin` is Rust's `get_min`.
fn norm(s: &str) -> String {
    s.chars().filter(|&c| c != '_').flat_map(char::to_lowercase).collect()
}

/// `getMin` as `get_min`, for a message.
fn snake(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_uppercase() && !out.is_empty() {
            out.push('_');
        }
        out.extend(c.to_lowercase());
    }
    out
}

#[cfg(test)]
mod tests;
