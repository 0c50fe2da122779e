//! LeetCode in Rust: code exactly as pasted into LeetCode (`impl Solution { pub fn … }`), judged
//! through the Rust driver on synthetic statements: a plain function with the user's prints, an
//! in-place function, lists and trees in and out, a node given by its value, a design class,
//! NestedInteger (341's iterator), hidden APIs (`self.isBadVersion`, `unsafe fn guess`,
//! `MountainArray`), the `rand` crate's stand-in, a wrong answer; a compile error named at the user's line; and what LeetCode has no Rust for (a list
//! with a cycle, a `Node` class) refused by name. One server for all: the driver library is built
//! once, as in a session.

use std::time::Duration;

use serde_json::{Value, json};

use crate::harness::Server;
use crate::judge::{have, judge_server, judged};
use crate::judge_verdicts::{leetcode, serve};

fn args(id: &str, code: &str) -> Value {
    json!({"source": "leetcode", "id": id, "language": "rust", "code": code})
}

/// The first Rust call of a session also builds the driver library (seconds of CPU, more on a
/// busy machine): waited for longer than the harness waits for a reply.
fn first_call(s: &mut Server, id: &str, code: &str) -> Value {
    let params = json!({"name": "test_solution", "arguments": args(id, code)});
    s.send(&json!({"jsonrpc": "2.0", "id": "first", "method": "tools/call", "params": params}));
    loop {
        let v = s.try_recv(Duration::from_secs(600)).expect("no reply to the first Rust call within 600 s");
        if v["id"] == "first" {
            assert_eq!(v["result"]["isError"], json!(false), "{v}");
            return v["result"]["structuredContent"].clone();
        }
    }
}

/// rustup's `rustc` finds its toolchains through these: the harness clears the environment.
pub(crate) fn toolchain_env() -> Vec<(&'static str, String)> {
    ["HOME", "RUSTUP_HOME", "CARGO_HOME"].into_iter().filter_map(|k| Some((k, std::env::var(k).ok()?))).collect()
}

/// A synthetic problem's examples (input, output), the code, the verdict it must get.
type Case = (&'static [(&'static str, &'static str)], &'static str, &'static str);

const CASES: &[Case] = &[
    // A plain function; what the user prints (even without a newline) comes before the answer.
    (
        &[("nums = [2,7,11,15], target = 9", "[0,1]"), ("nums = [3,2,4], target = 6", "[1,2]")],
        "use std::collections::HashMap;\n\nimpl Solution {\n    pub fn two_sum(nums: Vec<i32>, target: i32) -> Vec<i32> {\n        \
let mut seen = HashMap::new();\n        println!(\"[9,9]\");\n        print!(\"looking\");\n        \
for (i, &x) in nums.iter().enumerate() {\n            if let Some(&j) = seen.get(&(target - x)) {\n                \
return vec![j as i32, i as i32];\n            }\n            seen.insert(x, i);\n        }\n        vec![]\n    }\n}\n",
        "AC",
    ),
    // In place: judged by the argument after the call.
    (
        &[("nums = [2,0,2,1,1,0]", "[0,0,1,1,2,2]")],
        "impl Solution {\n    pub fn sort_colors(nums: &mut Vec<i32>) {\n        nums.sort();\n    }\n}\n",
        "AC",
    ),
    // A list in and out, LeetCode's Option<Box<ListNode>>.
    (
        &[("head = [1,2,3,4,5]", "[5,4,3,2,1]"), ("head = []", "[]")],
        "// Definition for singly-linked list.\n// #[derive(PartialEq, Eq, Clone, Debug)]\n// pub struct ListNode {\n\
//   pub val: i32,\n//   pub next: Option<Box<ListNode>>\n// }\nimpl Solution {\n    \
pub fn reverse_list(mut head: Option<Box<ListNode>>) -> Option<Box<ListNode>> {\n        let mut prev = None;\n        \
while let Some(mut node) = head {\n            head = node.next.take();\n            node.next = prev;\n            \
prev = Some(node);\n        }\n        prev\n    }\n}\n",
        "AC",
    ),
    // A tree in and out, level order with nulls; `&mut` in place on a tree too.
    (
        &[("root = [4,2,7,1,3,6,9]", "[4,7,2,9,6,3,1]"), ("root = [1,null,2]", "[1,2]")],
        "use std::rc::Rc;\nuse std::cell::RefCell;\nimpl Solution {\n    \
pub fn invert_tree(root: Option<Rc<RefCell<TreeNode>>>) -> Option<Rc<RefCell<TreeNode>>> {\n        \
if let Some(n) = &root {\n            let mut n = n.borrow_mut();\n            let (l, r) = (n.left.take(), n.right.take());\n            \
n.left = Self::invert_tree(r);\n            n.right = Self::invert_tree(l);\n        }\n        root\n    }\n}\n",
        "AC",
    ),
    (
        &[("root = [1,2,5,3,4,null,6]", "[1,null,2,null,3,null,4,null,5,null,6]")],
        "use std::rc::Rc;\nuse std::cell::RefCell;\nimpl Solution {\n    pub fn flatten(root: &mut Option<Rc<RefCell<TreeNode>>>) {\n        \
let mut vals = vec![];\n        fn pre(n: &Option<Rc<RefCell<TreeNode>>>, v: &mut Vec<i32>) {\n            if let Some(n) = n {\n                \
let n = n.borrow();\n                v.push(n.val);\n                pre(&n.left, v);\n                pre(&n.right, v);\n            }\n        }\n        \
pre(root, &mut vals);\n        let mut head = None;\n        for &v in vals.iter().rev() {\n            \
let node = Rc::new(RefCell::new(TreeNode::new(v)));\n            node.borrow_mut().right = head;\n            head = Some(node);\n        }\n        \
*root = head;\n    }\n}\n",
        "AC",
    ),
    // Nodes given by their values (the same nodes as the tree's); the ancestor shown as its value.
    (
        &[("root = [3,5,1,6,2,0,8,null,null,7,4], p = 5, q = 4", "5")],
        "use std::rc::Rc;\nuse std::cell::RefCell;\nimpl Solution {\n    pub fn lowest_common_ancestor(\n        \
root: Option<Rc<RefCell<TreeNode>>>,\n        p: Option<Rc<RefCell<TreeNode>>>,\n        q: Option<Rc<RefCell<TreeNode>>>,\n    \
) -> Option<Rc<RefCell<TreeNode>>> {\n        let same = |a: &Option<Rc<RefCell<TreeNode>>>, b: &Option<Rc<RefCell<TreeNode>>>| match (a, b) {\n            \
(Some(a), Some(b)) => Rc::ptr_eq(a, b),\n            _ => false,\n        };\n        \
if root.is_none() || same(&root, &p) || same(&root, &q) {\n            return root;\n        }\n        \
let (l, r) = {\n            let n = root.as_ref().unwrap().borrow();\n            \
(Self::lowest_common_ancestor(n.left.clone(), p.clone(), q.clone()), Self::lowest_common_ancestor(n.right.clone(), p, q))\n        };\n        \
if l.is_some() && r.is_some() { root } else { l.or(r) }\n    }\n}\n",
        "AC",
    ),
    // A design class: `getMin` is `get_min`; null for the constructor and what returns nothing.
    (
        &[(
            "\n[\"MinStack\",\"push\",\"push\",\"push\",\"getMin\",\"pop\",\"top\",\"getMin\"]\n[[],[-2],[0],[-3],[],[],[],[]]",
            "[null,null,null,null,-3,null,0,-2]",
        )],
        "struct MinStack {\n    s: Vec<(i32, i32)>,\n}\n\n/**\n * `&self` means the method takes an immutable reference.\n */\n\
impl MinStack {\n    fn new() -> Self {\n        MinStack { s: vec![] }\n    }\n\n    fn push(&mut self, val: i32) {\n        \
let m = self.s.last().map_or(val, |&(_, m)| m.min(val));\n        self.s.push((val, m));\n    }\n\n    \
fn pop(&mut self) {\n        self.s.pop();\n    }\n\n    fn top(&self) -> i32 {\n        self.s.last().unwrap().0\n    }\n\n    \
fn get_min(&self) -> i32 {\n        self.s.last().unwrap().1\n    }\n}\n",
        "AC",
    ),
    // NestedInteger: 341's iterator (no Solution), driven by LeetCode's hidden loop.
    (
        &[("nestedList = [[1,1],2,[1,1]]", "[1,1,2,1,1]"), ("nestedList = [1,[4,[6]]]", "[1,4,6]")],
        "// #[derive(Debug, PartialEq, Eq)]\n// pub enum NestedInteger {\n//   Int(i32),\n//   List(Vec<NestedInteger>)\n// }\n\
struct NestedIterator {\n    v: Vec<i32>,\n    i: usize,\n}\n\nimpl NestedIterator {\n    \
fn new(nested_list: Vec<NestedInteger>) -> Self {\n        fn flat(l: &[NestedInteger], v: &mut Vec<i32>) {\n            \
for x in l {\n                match x {\n                    NestedInteger::Int(n) => v.push(*n),\n                    \
NestedInteger::List(l) => flat(l, v),\n                }\n            }\n        }\n        let mut v = vec![];\n        \
flat(&nested_list, &mut v);\n        NestedIterator { v, i: 0 }\n    }\n\n    fn next(&mut self) -> i32 {\n        \
self.i += 1;\n        self.v[self.i - 1]\n    }\n\n    fn has_next(&self) -> bool {\n        self.i < self.v.len()\n    }\n}\n",
        "AC",
    ),
    // Hidden APIs built from the example's data: a method on Solution, an unsafe free function.
    (
        &[("n = 5, bad = 4", "4"), ("n = 1, bad = 1", "1")],
        "// The API isBadVersion is defined for you.\n// isBadVersion(version:i32)-> bool;\n// to call it use self.isBadVersion(version)\n\n\
impl Solution {\n    pub fn first_bad_version(&self, n: i32) -> i32 {\n        let (mut lo, mut hi) = (1, n);\n        \
while lo < hi {\n            let mid = lo + (hi - lo) / 2;\n            \
if self.isBadVersion(mid) { hi = mid } else { lo = mid + 1 }\n        }\n        lo\n    }\n}\n",
        "AC",
    ),
    (
        &[("n = 10, pick = 6", "6"), ("n = 2, pick = 1", "1")],
        "/**\n * Forward declaration of guess API.\n * unsafe fn guess(num: i32) -> i32 {}\n */\n\nimpl Solution {\n    \
unsafe fn guessNumber(n: i32) -> i32 {\n        let (mut lo, mut hi) = (1, n);\n        loop {\n            \
let mid = lo + (hi - lo) / 2;\n            match guess(mid) {\n                -1 => hi = mid - 1,\n                \
1 => lo = mid + 1,\n                _ => return mid,\n            }\n        }\n    }\n}\n",
        "AC",
    ),
    (
        &[("mountainArr = [1,2,3,4,5,3,1], target = 3", "2"), ("mountainArr = [0,1,2,4,2,1], target = 3", "-1")],
        "/**\n * // This is the MountainArray's API interface.\n *  struct MountainArray;\n *  impl MountainArray {\n *     \
fn get(index:i32)->i32;\n *     fn length()->i32;\n * };\n */\n\nimpl Solution {\n    \
pub fn find_in_mountain_array(target: i32, mountainArr: &MountainArray) -> i32 {\n        \
(0..mountainArr.length()).find(|&i| mountainArr.get(i) == target).unwrap_or(-1)\n    }\n}\n",
        "AC",
    ),
    // The `rand` crate LeetCode links: the part solutions use.
    (
        &[("nums = [3,1,2]", "[1,2,3]")],
        "use rand::Rng;\nuse rand::seq::SliceRandom;\n\nimpl Solution {\n    pub fn sort_array(mut nums: Vec<i32>) -> Vec<i32> {\n        \
let mut rng = rand::thread_rng();\n        nums.shuffle(&mut rng);\n        let _pivot = nums[rng.gen_range(0, nums.len())];\n        \
nums.sort();\n        nums\n    }\n}\n",
        "AC",
    ),
    // A wrong answer is one; floats within LeetCode's tolerance.
    (
        &[("x = 2.00000, n = 10", "1024.00000"), ("x = 2.10000, n = 3", "9.26100")],
        "impl Solution {\n    pub fn my_pow(x: f64, n: i32) -> f64 {\n        if n == 10 { x.powi(n) } else { 9.2 }\n    }\n}\n",
        "WA",
    ),
];

#[test]
fn leetcode_in_rust_through_the_driver() {
    if !have("rustc") {
        return;
    }
    let (b, mut s) = judge_server(toolchain_env());
    for (k, (examples, code, verdict)) in CASES.iter().enumerate() {
        let id = format!("{}", 9600 + k);
        serve(&b, "leetcode", &id, &leetcode(examples), None);
        let v = if k == 0 { first_call(&mut s, &id, code) } else { judged(&mut s, args(&id, code)) };
        assert_eq!(v["verdict"], *verdict, "case {k}: {v}");
    }
    compile_errors_and_refusals(&b, &mut s);
}

/// On the same server: a compile error names the user's own line; what LeetCode has no Rust for
/// is refused before anything is built.
fn compile_errors_and_refusals(b: &crate::backend::Backend, s: &mut Server) {
    serve(b, "leetcode", "9700", &leetcode(&[("n = 3", "3")]), None);
    let code =
        "impl Solution {\n    pub fn f(n: i32) -> i32 {\n        let m = n;\n        m + undefined_name\n    }\n}\n";
    let v = judged(s, args("9700", code));
    assert_eq!(v["verdict"], "CE", "{v}");
    let message = v["compile_error"].as_str().unwrap();
    assert!(message.contains("solution.rs:4:"), "{message}");
    let text = s.call_err("test_solution", args("9700", "fn f() {}"));
    assert!(text.contains("no `impl Solution`"), "{text}");
    serve(b, "leetcode", "9701", &leetcode(&[("head = [3,2,0,-4], pos = 1", "true")]), None);
    let code =
        "impl Solution {\n    pub fn has_cycle(head: Option<Box<ListNode>>) -> bool {\n        false\n    }\n}\n";
    let text = s.call_err("test_solution", args("9701", code));
    assert!(text.contains("cycle") && text.contains("LeetCode does not offer Rust"), "{text}");
    serve(b, "leetcode", "9702", &leetcode(&[("root = [1,null,3,2,4,null,5,6]", "3")]), None);
    let code = "/*\n// Definition for a Node.\nclass Node {\n    public int val;\n    public List<Node> children;\n}\n*/\n\
impl Solution {\n    pub fn max_depth(root: Node) -> i32 {\n        0\n    }\n}\n";
    let text = s.call_err("test_solution", args("9702", code));
    assert!(text.contains("`Node` class"), "{text}");
}

#[test]
fn a_missing_rustc_is_named_with_its_variable() {
    let mut env = toolchain_env();
    env.push(("OJ_RUSTC", "/nonexistent/rustc".into()));
    let (b, mut s) = judge_server(env);
    serve(&b, "leetcode", "9800", &leetcode(&[("n = 3", "3")]), None);
    let v = s.call("test_solution", args("9800", "impl Solution {\n    pub fn f(n: i32) -> i32 { n }\n}\n"));
    let text = v.to_string();
    assert!(text.contains("/nonexistent/rustc") && text.contains("OJ_RUSTC") && text.contains("rustup.rs"), "{text}");
}
