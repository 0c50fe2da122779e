//! LeetCode in Python as other archives write it (issue 35): untyped code's answers read by the
//! type LeetCode's signature declares (the examples show it: `true`, a list), and code in
//! LeetCode's `Python` language, which is Python 2.7 (`xrange`, `range` a list, `print x`): run
//! by a Python 2 interpreter where there is one, else refused by name, never blamed with a
//! `NameError`.

use std::time::Duration;

use serde_json::{Value, json};

use crate::harness::Server;
use crate::judge::{have, judge_server};
use crate::judge_verdicts::{leetcode, serve};

fn run(s: &mut Server, id: &str, code: &str) -> Value {
    let args = json!({"source": "leetcode", "id": id, "language": "python", "code": code, "time_limit_ms": 30000});
    s.send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "test_solution", "arguments": args}}));
    loop {
        let v = s.try_recv(Duration::from_secs(600)).expect("no reply within 600 s");
        if v["id"] == id {
            return v["result"].clone();
        }
    }
}

/// Untyped code (no annotation, no docstring): `return 0` where the examples show `false`, and a
/// tuple, a generator, `dict.values()` or a set where they show a list, as LeetCode's signature
/// converts them.
#[test]
fn untyped_answers_read_by_the_type_the_examples_show() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    serve(&b, "leetcode", "9431", &leetcode(&[("n = 4", "true"), ("n = 3", "false")]), None);
    let code = "class Solution:\n    def isEven(self, n):\n        return 1 - n % 2\n";
    let v = run(&mut s, "9431", code);
    assert_eq!(v["structuredContent"]["verdict"], "AC", "{v}");
    let any = "<p>You may return the answer in any order.</p>";
    let examples = leetcode(&[("strs = [\"eat\",\"tea\",\"tan\"]", "[[\"eat\",\"tea\"],[\"tan\"]]")]);
    serve(&b, "leetcode", "9432", &format!("{any}{examples}"), None);
    for ret in ["d.values()", "tuple(d.values())", "(list(g) for g in d.values())", "set(map(tuple, d.values()))"] {
        let code = format!(
            "class Solution:\n    def groupAnagrams(self, strs):\n        d = {{}}\n        for w in strs:\n            \
d.setdefault(''.join(sorted(w)), []).append(w)\n        return {ret}\n"
        );
        let v = run(&mut s, "9432", &code);
        assert!(["AC", "UNVERIFIED"].contains(&v["structuredContent"]["verdict"].as_str().unwrap_or("")), "{ret}: {v}");
    }
}

/// Python 2 code as LeetCode's `Python` ran it: `xrange`, `iteritems`, a `print` statement,
/// `range` a list, `/` flooring integers, parameters given in their order.
const PYTHON2: &str = "class Solution(object):\n    def place(self, n, word, start):\n        \"\"\"\n        \
:type n: int\n        :type word: str\n        :type start: int\n        :rtype: List[int]\n        \"\"\"\n        \
print \"debug\", n\n        out = range(n)\n        for i in xrange(n):\n            out[i] = (start + i * len(word)) / 2\n        \
counts = {}\n        for k, v in counts.iteritems():\n            pass\n        return out\n";

#[test]
fn python_2_code_runs_under_python_2_or_is_refused_by_name() {
    if !have("python3") {
        return;
    }
    let examples = leetcode(&[("n = 3, word = \"ab\", start = 1", "[0,1,2]")]);
    // No Python 2 interpreter: refused, naming Python 2 and what to do, before anything runs.
    let (b, mut s) = judge_server(vec![("OJ_PYTHON2", "/no/such/python2".into())]);
    serve(&b, "leetcode", "9433", &examples, None);
    let v = run(&mut s, "9433", PYTHON2);
    let text = v.to_string();
    assert!(text.contains("Python 2") && text.contains("OJ_PYTHON2"), "{v}");
    assert_ne!(v["structuredContent"]["verdict"], "RE", "{v}");
    // With one (the environment's OJ_PYTHON2, else python2.7 on PATH that says it is 2.x): AC.
    let two = std::env::var("OJ_PYTHON2").unwrap_or_else(|_| "python2.7".into());
    let version = std::process::Command::new(&two).arg("--version").output();
    let is_two = version.is_ok_and(|o| [o.stdout, o.stderr].concat().starts_with(b"Python 2."));
    if !is_two {
        eprintln!("skipping the Python 2 run: no Python 2 interpreter (OJ_PYTHON2, python2.7)");
        return;
    }
    let (b, mut s) = judge_server(vec![("OJ_PYTHON2", two)]);
    serve(&b, "leetcode", "9433", &examples, None);
    let v = run(&mut s, "9433", PYTHON2);
    assert_eq!(v["structuredContent"]["verdict"], "AC", "{v}");
    // LeetCode's `Python` template without a name only Python 2 has: `range` a list there too.
    let template =
        PYTHON2.replace("xrange", "range").replace("print \"debug\", n", "pass").replace(".iteritems()", ".items()");
    let v = run(&mut s, "9433", &template);
    assert_eq!(v["structuredContent"]["verdict"], "AC", "{v}");
}

/// Code as other archives keep it: LeetCode's oldest template (`# @param p, a tree node`), its
/// own `TreeNode` with `next` where the problem's `Node` has it (116), a docstring naming another
/// parameter than the one given by value (3294), a copy of `PolyNode` that only passes (1634),
/// a design class under the case LeetCode once named it (3242's `neighborSum`).
#[test]
fn code_as_other_archives_keep_it() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    serve(
        &b,
        "leetcode",
        "9434",
        &leetcode(&[("p = [1,2,3], q = [1,2,3]", "true"), ("p = [1,2], q = [1,null,2]", "false")]),
        None,
    );
    let same = "class Solution(object):\n    # @param p, a tree node\n    # @param q, a tree node\n    # @return a boolean\n    \
def isSameTree(self, p, q):\n        if p is None or q is None:\n            return p is q\n        \
return p.val == q.val and self.isSameTree(p.left, q.left) and self.isSameTree(p.right, q.right)\n";
    let v = run(&mut s, "9434", same);
    assert_eq!(v["structuredContent"]["verdict"], "AC", "{v}");
    let next = "<pre>struct Node {\n  int val;\n  Node *left;\n  Node *right;\n  Node *next;\n}</pre>";
    serve(&b, "leetcode", "9435", &format!("{next}{}", leetcode(&[("root = [1,2,3]", "[1,#,2,3,#]")])), None);
    let connect = "class TreeNode(object):\n    def __init__(self, x):\n        self.val = x\n        self.left = self.right = self.next = None\n\n\
class Solution(object):\n    # @param root, a tree node\n    # @return nothing\n    def connect(self, root):\n        \
if root and root.left:\n            root.left.next = root.right\n";
    let v = run(&mut s, "9435", connect);
    assert_eq!(v["structuredContent"]["verdict"], "AC", "{v}");
    let doubly = "<p>You are given an arbitrary node from a doubly linked list, which contains nodes that have a next pointer and a previous pointer.</p>";
    serve(
        &b,
        "leetcode",
        "9436",
        &format!("{doubly}{}", leetcode(&[("head = [1,2,3,4,5], node = 5", "[1,2,3,4,5]")])),
        None,
    );
    let to_array = "class Solution:\n    def toArray(self, node):\n        \"\"\"\n        :type head: Node\n        :rtype: List[int]\n        \"\"\"\n        \
while node.prev:\n            node = node.prev\n        out = []\n        while node:\n            out.append(node.val)\n            node = node.next\n        return out\n";
    let v = run(&mut s, "9436", to_array);
    assert_eq!(v["structuredContent"]["verdict"], "AC", "{v}");
    serve(&b, "leetcode", "9437", &leetcode(&[("poly1 = [[1,1]], poly2 = [[1,0]]", "[[1,1],[1,0]]")]), None);
    let poly = "class PolyNode:\n    def __init__(self, x=0, y=0, next=None):\n        pass\n\nclass Solution:\n    def addPoly(self, poly1, poly2):\n        \
dummy = tail = PolyNode()\n        for a in (poly1, poly2):\n            while a:\n                \
tail.next = PolyNode(a.coefficient, a.power)\n                tail, a = tail.next, a.next\n        return dummy.next\n";
    let v = run(&mut s, "9437", poly);
    assert_eq!(v["structuredContent"]["verdict"], "AC", "{v}");
    let design = "[\"NeighborSum\", \"adjacentSum\"]\n[[[[0, 1, 2], [3, 4, 5], [6, 7, 8]]], [1]]";
    serve(&b, "leetcode", "9438", &leetcode(&[(design, "[null, 6]")]), None);
    let class = "class neighborSum:\n    def __init__(self, grid):\n        self.grid = grid\n\n    def adjacentSum(self, value):\n        return 6\n";
    let v = run(&mut s, "9438", class);
    assert_eq!(v["structuredContent"]["verdict"], "AC", "{v}");
    // LeetCode's `Interval` (759): built from `[start, end]`, shown as it.
    serve(&b, "leetcode", "9439", &leetcode(&[("schedule = [[[1,2],[5,6]],[[1,3]],[[4,10]]]", "[[3,4]]")]), None);
    let free = "class Solution:\n    def employeeFreeTime(self, schedule: '[[Interval]]') -> '[Interval]':\n        \
xs = sorted((i for s in schedule for i in s), key=lambda i: i.start)\n        out, end = [], xs[0].end\n        \
for i in xs:\n            if i.start > end:\n                out.append(Interval(end, i.start))\n            \
end = max(end, i.end)\n        return out\n";
    let v = run(&mut s, "9439", free);
    assert_eq!(v["structuredContent"]["verdict"], "AC", "{v}");
}

/// A `@dataclass` of the code's own with a quoted annotation (walkccc's 1206, `next: 'Node' =
/// None`): `dataclasses` looks the class's module up in `sys.modules`, which the code's module
/// is in, as a file's is (it was an `AttributeError` blamed on the program).
#[test]
fn a_dataclass_with_a_quoted_annotation() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    let design = "[\"Stack\", \"push\", \"push\", \"top\"]\n[[], [1], [2], []]";
    serve(&b, "leetcode", "9440", &leetcode(&[(design, "[null, null, null, 2]")]), None);
    let code = "from dataclasses import dataclass\n\n\n@dataclass\nclass Node:\n    val: int = -1\n    next: 'Node' = None\n\n\n\
class Stack:\n    def __init__(self):\n        self.head = None\n\n    def push(self, val: int) -> None:\n        \
self.head = Node(val, self.head)\n\n    def top(self) -> int:\n        return self.head.val\n";
    let v = run(&mut s, "9440", code);
    assert_eq!(v["structuredContent"]["verdict"], "AC", "{v}");
}

/// A method that needs an argument the examples do not give (2901's accepted code of 2023 takes
/// `n` before `words` and `groups`, which the problem alone gives now): not matched by position
/// (`n` would be `words`), but stopped with a message naming the missing one; a parameter with a
/// default value is not needed.
#[test]
fn an_older_signature_with_an_argument_the_examples_lack_is_named() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    serve(&b, "leetcode", "9441", &leetcode(&[("words = [\"a\",\"b\"], groups = [0,1]", "[\"a\",\"b\"]")]), None);
    let old = "class Solution:\n    def longest(self, n: int, words: List[str], groups: List[int]) -> List[str]:\n        \
return words\n";
    let v = run(&mut s, "9441", old);
    let text = v["content"][0]["text"].as_str().unwrap_or_default();
    assert_eq!(v["structuredContent"]["verdict"], "RE", "{v}");
    assert!(text.contains("takes 3 arguments") && text.contains("none gives n") && text.contains("signature"), "{v}");
    let defaulted = "class Solution:\n    def longest(self, words, groups, k=0):\n        return words\n";
    let v = run(&mut s, "9441", defaulted);
    assert_eq!(v["structuredContent"]["verdict"], "AC", "{v}");
}
