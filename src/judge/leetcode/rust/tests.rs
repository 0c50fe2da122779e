//! The Rust driver's signature scan and the `main` it generates.

use super::*;
use crate::judge::leetcode::kind::Extras;
use crate::judge::leetcode::node::NodeKind;

fn func(name: &str, params: &[(&str, &str)], ret: Option<&str>) -> Func {
    Func {
        name: name.into(),
        public: true,
        unsafe_: false,
        receiver: false,
        params: params.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect(),
        ret: ret.map(String::from),
    }
}

fn names(n: &[&str]) -> Shape {
    Shape { names: n.iter().map(|s| s.to_string()).collect(), ..Shape::default() }
}

/// The generated part of the program for `code` (after the user's code).
fn generated(code: &str, shape: &Shape) -> String {
    let d = driver(code, shape, &["rustc".into()]).unwrap();
    let file = &d.files[0].1;
    assert!(file.starts_with(code), "the user's code comes first: its line numbers are rustc's");
    file[code.len()..].to_string()
}

#[test]
fn signatures_through_comments_literals_and_attributes() {
    let code = r##"use std::collections::HashMap;
// impl Fake { fn nope() {} }
/* a /* nested */ comment with { */
struct Helper<'a> { s: &'a str }
impl<'a> Helper<'a> { fn get(&self) -> &'a str { self.s } }
impl std::fmt::Debug for Helper<'_> { fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) } }
impl Solution {
    #[allow(dead_code)]
    pub fn longest(s: String, mut k: i32, grid: &mut Vec<Vec<char>>, m: HashMap<i32, Vec<(i32, i32)>>) -> Vec<String> {
        let brace = '{'; let q = '\''; let t = "}}\"{"; let r = r#"}"#; let lt: &'static str = "";
        vec![]
    }
    fn dfs(&self, f: impl Fn(i32) -> i32, x: [i64; 2]) {}
    unsafe fn guessNumber(n: i32) -> i32 { 0 }
}
"##;
    let c = scan::scan(code);
    assert_eq!(c.impls.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(), ["Helper", "Solution"]);
    assert!(c.defined.contains(&"Helper".to_string()));
    let fs = c.funcs("Solution");
    assert_eq!(fs.len(), 3, "{fs:?}");
    assert_eq!(
        *fs[0],
        Func {
            name: "longest".into(),
            public: true,
            unsafe_: false,
            receiver: false,
            params: vec![
                ("s".into(), "String".into()),
                ("k".into(), "i32".into()),
                ("grid".into(), "&mut Vec<Vec<char>>".into()),
                ("m".into(), "HashMap<i32, Vec<(i32, i32)>>".into()),
            ],
            ret: Some("Vec<String>".into()),
        }
    );
    assert!(fs[1].receiver && !fs[1].public && fs[1].ret.is_none());
    assert_eq!(fs[1].params[0].1, "impl Fn(i32) -> i32");
    assert!(fs[2].unsafe_ && !fs[2].public);
}

#[test]
fn owned_types_and_the_borrow_to_pass_them_with() {
    assert_eq!(owned("Vec<i32>"), ("", "Vec<i32>".into()));
    assert_eq!(owned("&[i32]"), ("&", "Vec<i32>".into()));
    assert_eq!(owned("&mut [u8]"), ("&mut ", "Vec<u8>".into()));
    assert_eq!(owned("&str"), ("&", "String".into()));
    assert_eq!(owned("&'a str"), ("&", "String".into()));
    assert_eq!(owned("&mut Vec<Vec<char>>"), ("&mut ", "Vec<Vec<char>>".into()));
    assert_eq!(owned("&[i32; 5]"), ("&", "[i32; 5]".into()));
    assert_eq!(plain("Option<std::rc::Rc<RefCell<TreeNode> > >"), "Option<Rc<RefCell<TreeNode>>>");
}

#[test]
fn the_function_the_example_calls() {
    let a = func("two_sum", &[("nums", "Vec<i32>"), ("target", "i32")], Some("Vec<i32>"));
    let b = func("helper", &[("nums", "Vec<i32>")], Some("i32"));
    let mut private = func("dfs", &[("nested_list", "Vec<i32>")], None);
    private.public = false;
    let all = [&b, &a, &private];
    let pick = |n: &[&str]| choose(&all, &n.iter().map(|s| s.to_string()).collect::<Vec<_>>()).map(|f| f.name.clone());
    assert_eq!(pick(&["nums", "target"]).as_deref(), Some("two_sum"));
    assert_eq!(pick(&["nums"]).as_deref(), Some("helper"));
    // camelCase names meet snake_case parameters; a private helper is never the target.
    assert_eq!(pick(&["nestedList"]).as_deref(), Some("helper"));
    assert_eq!(pick(&["", ""]).as_deref(), Some("two_sum"));
    assert_eq!(norm("getMin"), norm("get_min"));
    assert_eq!(snake("getMinValue"), "get_min_value");
}

#[test]
fn a_function_call_in_place_unsafe_and_by_reference() {
    let code = "impl Solution {\n    pub fn two_sum(nums: Vec<i32>, target: i32) -> Vec<i32> { vec![] }\n}\n";
    let g = generated(code, &names(&["nums", "target"]));
    assert!(g.contains("use ::ojlc::lc::*;") && g.contains("pub struct Solution;"), "{g}");
    assert!(g.contains("__cx.bind(&[\"nums\", \"target\"], \"--\");") && !g.contains("trees"), "{g}");
    assert!(g.contains("let mut __a0: Vec<i32> = __cx.arg(0);"), "{g}");
    assert!(g.contains("let __r = Solution::two_sum(__a0, __a1);") && g.contains("__cx.finish(Some(&__r));"), "{g}");
    // Nothing returned: the first argument, after the call.
    let code = "impl Solution {\n    pub fn rotate(nums: &mut Vec<i32>, k: i32) {}\n}\n";
    let g = generated(code, &names(&["nums", "k"]));
    assert!(g.contains("Solution::rotate(&mut __a0, __a1)") && g.contains("__cx.finish(Some(&__a0));"), "{g}");
    let code = "impl Solution {\n    pub fn lowest_common_ancestor(root: Option<Rc<RefCell<TreeNode>>>, p: Option<Rc<RefCell<TreeNode>>>, \
head: Option<Box<ListNode>>, s: &str) -> Option<Rc<RefCell<TreeNode>>> { None }\n}\n";
    let g = generated(code, &names(&["root", "p", "head", "s"]));
    assert!(
        g.contains("__cx.trees::<TreeNode>(\"ttl-\");")
            && g.contains("let mut __a3: String")
            && g.contains("(__a0, __a1, __a2, &__a3)"),
        "{g}"
    );
    // 374: an unsafe fn (not pub) calling the library's `guess`.
    // 141: a list with a cycle cannot be an `Option<Box<ListNode>>`; LeetCode has no Rust for it.
    let code = "impl Solution {\n    pub fn has_cycle(head: Option<Box<ListNode>>) -> bool { false }\n}\n";
    let err = driver(code, &names(&["head", "pos"]), &["rustc".into()]).unwrap_err();
    assert!(err.contains("cycle"), "{err}");
    let code = "impl Solution {\n    unsafe fn guessNumber(n: i32) -> i32 { guess(n) }\n}\n";
    assert!(generated(code, &names(&["n", "pick"])).contains("unsafe { Solution::guessNumber(__a0) }"));
}

#[test]
fn hidden_apis_on_solution_and_classes_without_solution() {
    let code = "impl Solution {\n    pub fn first_bad_version(&self, n: i32) -> i32 { n }\n}\n";
    let shape =
        Shape { extras: Extras { api: Some(("isBadVersion", "bad")), ..Extras::default() }, ..names(&["n", "bad"]) };
    let g = generated(code, &shape);
    assert!(
        g.contains("pub fn isBadVersion(&self, version: i32) -> bool")
            && g.contains("Solution.first_bad_version(__a0)"),
        "{g}"
    );
    // 341: the iterator driven to its end.
    let code = "struct NestedIterator { v: Vec<i32> }\nimpl NestedIterator {\n    fn new(nested_list: Vec<NestedInteger>) -> Self { todo!() }\n    \
fn next(&mut self) -> i32 { 0 }\n    fn has_next(&self) -> bool { false }\n}\n";
    let g = generated(code, &names(&["nestedList"]));
    assert!(g.contains("NestedIterator::new(__a0)") && g.contains("while __obj.has_next()"), "{g}");
    // 1570: two objects from the two arguments, the first's method given the second.
    let code = "struct SparseVector { v: Vec<i32> }\nimpl SparseVector {\n    fn new(nums: Vec<i32>) -> Self { SparseVector { v: nums } }\n    \
fn dot_product(&self, vec: SparseVector) -> i32 { 0 }\n}\n";
    let g = generated(code, &names(&["nums1", "nums2"]));
    assert!(
        g.contains("let mut __other = SparseVector::new(__a1);") && g.contains("__obj.dot_product(__other)"),
        "{g}"
    );
    let err = driver("fn f() {}", &names(&["x"]), &["rustc".into()]).unwrap_err();
    assert!(err.contains("no `impl Solution`"), "{err}");
    let err = driver("impl Solution { pub fn f() {} }\nfn main() {}", &names(&[]), &["rustc".into()]).unwrap_err();
    assert!(err.contains("`fn main`"), "{err}");
    // A `Node` class LeetCode has no Rust for; one the code defines itself is the code's.
    let shape = Shape { extras: Extras { node: Some(NodeKind::Nary), ..Extras::default() }, ..names(&["root"]) };
    let err = driver("impl Solution { pub fn f(root: Node) {} }", &shape, &["rustc".into()]).unwrap_err();
    assert!(err.contains("`Node`"), "{err}");
    assert!(
        driver("struct Node { children: Vec<Node> }\nimpl Solution { pub fn f(n: i32) {} }", &shape, &["rustc".into()])
            .is_ok()
    );
}

#[test]
fn a_design_class_by_the_examples_method_names() {
    let code = "struct MinStack { s: Vec<i32> }\nimpl MinStack {\n    fn new() -> Self { MinStack { s: vec![] } }\n    \
fn push(&mut self, val: i32) { self.s.push(val) }\n    fn get_min(&self) -> i32 { 0 }\n    fn top(&self) -> i32 { 0 }\n    \
fn helper(&self, m: &HashMap<i32, i32>) {}\n}\n";
    let design = |m: &[&str]| Shape {
        design: Some((m[0].to_string(), m.iter().map(|s| s.to_string()).collect())),
        ..Shape::default()
    };
    let g = generated(code, &design(&["MinStack", "push", "getMin"]));
    // `top` is not in the first example but converts: a later one may call it; `helper` does not.
    assert!(g.contains("let __m: &[&str] = &[\"MinStack\", \"push\", \"getMin\", \"top\"];"), "{g}");
    assert!(
        g.contains("let mut __obj = MinStack::new();") && g.contains("__obj.get_min()") && !g.contains("helper"),
        "{g}"
    );
    let err = driver(code, &design(&["MinStack", "peekMax"]), &["rustc".into()]).unwrap_err();
    assert!(err.contains("`peekMax`") && err.contains("`peek_max`"), "{err}");
    let err = driver(code, &design(&["MaxStack", "push"]), &["rustc".into()]).unwrap_err();
    assert!(err.contains("no `impl MaxStack`"), "{err}");
}

#[test]
fn the_library_is_built_once_and_linked() {
    let d =
        driver("impl Solution { pub fn f() -> i32 { 1 } }", &names(&[]), &["rustc".into(), "+stable".into()]).unwrap();
    let shared = d.shared.unwrap();
    assert_eq!(shared.files[0].0, "ojlc.rs");
    assert!(shared.compile.starts_with(&["rustc".into(), "+stable".into()]) && shared.compile.contains(&"rlib".into()));
    assert!(d.compile.contains(&"ojlc={shared}/libojlc.rlib".into()) && d.compile.contains(&"-O".into()));
    assert_eq!(d.run, [format!("{{dir}}/{EXE}")]);
    assert!(!d.compile.iter().any(|w| w.starts_with("rand=")));
    let code = "use rand::Rng;\nimpl Solution { pub fn f() -> i32 { rand::thread_rng().gen_range(0, 2) } }";
    let d = driver(code, &names(&[]), &["rustc".into()]).unwrap();
    assert!(d.compile.contains(&"rand={shared}/libojlc.rlib".into()), "{:?}", d.compile);
}

#[test]
fn any_text_is_scanned_without_a_panic() {
    let code = "use std::rc::Rc;\nimpl<'a> Solution {\n    pub fn f(s: &'a str, c: char) -> Vec<i32> { let x = '\\''; let y = \"\\\"é\"; \
let r = r#\"}\"#; /* { */ vec![] }\n    fn g(&self, x: [i64; 2]) -> i32 { 'l: loop { break 'l 0; } }\n}\n// é ü\n";
    let cuts = code.char_indices().map(|(i, _)| i).chain([code.len()]);
    for cut in cuts {
        let part = &code[..cut];
        let _ = scan::scan(part);
        let _ = driver(part, &names(&["s", "c"]), &["rustc".into()]);
    }
    for odd in ["'\\é", "fn (", "impl", "impl X { fn", "fn f(", "'", "r#\"", "/* /*", "impl X { fn f(x: Vec<) }"] {
        let _ = scan::scan(odd);
        let _ = driver(odd, &names(&["x"]), &["rustc".into()]);
    }
    assert_eq!(scan::scan(code).funcs("Solution").len(), 2);
}
