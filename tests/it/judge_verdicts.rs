//! Verdicts decided by the statement's own words, on synthetic statements shaped like the real
//! ones whose accepted solutions the judge once got wrong (AtCoder and LeetCode; see
//! docs/real-data.md): several answers said in other words, any order on a stdin problem, a
//! tolerance in spaced TeX or as an absolute difference, letters in either case, a WA where the
//! statement only hints at other answers; and LeetCode's examples read as LeetCode reads them
//! (its Python prelude, values across lines, only the first value after Output, zero-width
//! spaces, a node given by its value, a list with a cycle, design classes, node classes, hidden
//! APIs), and what cannot be judged refused by kind before anything runs.

use serde_json::{Value, json};

use crate::backend::Backend;
use crate::harness::Server;
use crate::judge::{have, judge_server, judged};
use crate::util::json_reply;

/// An AtCoder-shaped Markdown statement (as the backend's crawler stores them) with `words` in
/// its output section and one sample.
fn atcoder(words: &str, input: &str, output: &str) -> String {
    format!(
        "Score : $100$ points\n\n## Problem Statement\n\nSolve it.\n\n## Output\n\n{words}\n\n## Sample Input 1\n\n\
```\n{input}```\n\n## Sample Output 1\n\n```\n{output}```\n"
    )
}

/// Serves `content` as problem `id` of `source`.
pub(crate) fn serve(b: &Backend, source: &str, id: &str, content: &str, category: Option<&str>) {
    b.route(
        &format!("/api/v1/problems/{source}/{id}"),
        json_reply(
            &json!({"id": id, "source": source, "title": "T", "tags": [], "category": category, "content": content}),
        ),
    );
}

fn py(s: &mut Server, source: &str, id: &str, code: &str) -> Value {
    judged(s, json!({"source": source, "id": id, "language": "python", "code": code}))
}

#[test]
fn several_answers_said_in_other_words_are_unverified_not_wa() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    for (i, words) in [
        "If there are multiple solutions, printing any of them will be considered correct.",
        "If multiple such strings exist, any of them is acceptable.",
        "答えが複数存在する場合、どれを出力しても正解とみなされる。",
        "如果有多组解，输出任意一组即可。",
        "Если ответов несколько, выведите любой из них.",
    ]
    .iter()
    .enumerate()
    {
        let id = format!("any_{i}");
        serve(&b, "atcoder", &id, &atcoder(words, "3\n", "1 2\n"), None);
        let v = py(&mut s, "atcoder", &id, "print(2, 1)");
        assert_eq!(
            (v["verdict"].as_str(), v["mismatch_rule"].as_str()),
            (Some("UNVERIFIED"), Some("any_answer")),
            "{words}: {v}"
        );
        assert!(!v["statement_says"]["any_answer"].is_null(), "{v}");
    }
}

#[test]
fn any_order_on_a_stdin_problem_is_a_multiset() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    let words = "Print the edges, one per line. You may print the edges in any order.";
    serve(&b, "atcoder", "order", &atcoder(words, "3\n", "1 2\n2 3\n"), None);
    let v = py(&mut s, "atcoder", "order", "print('2 3')\nprint('1 2')");
    assert_eq!((v["verdict"].as_str(), v["mismatch_rule"].as_str()), (Some("AC"), Some("any_order")), "{v}");
    assert!(v["samples"][0]["note"].as_str().unwrap().contains("another order"), "{v}");
    let v = py(&mut s, "atcoder", "order", "print('1 3')\nprint('3 2')");
    assert_eq!(v["verdict"], "UNVERIFIED", "never WA where the order is free: {v}");
    assert!(v["samples"][0]["note"].as_str().unwrap().contains("any order"), "{v}");
}

/// 3Sum's statement (LeetCode 15): triplets of distinct indices, in any order, each in any order.
pub(crate) const THREE_SUM: &str = "<p>Given an integer array nums, return all the triplets \
<code>[nums[i], nums[j], nums[k]]</code> such that <code>i != j</code>, <code>i != k</code>, and <code>j != k</code>, \
and <code>nums[i] + nums[j] + nums[k] == 0</code>.</p>\
<p>Notice that the order of the output and the order of the triplets does not matter.</p>";

/// 3Sum's answer (LeetCode 15): a list of triplets in any order, each triplet in any order too
/// (`[nums[i], nums[j], nums[k]]`, distinct indices): a multiset of multisets, AC. Where the
/// statement says only that the answer's order is free (permutations), an inner order is not.
#[test]
fn triplets_in_any_order_are_a_multiset_of_multisets() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    let words = THREE_SUM;
    let examples = leetcode(&[("nums = [-1,0,1,2,-1,-4]", "[[-1,-1,2],[-1,0,1]]")]);
    serve(&b, "leetcode", "9415", &format!("{words}{examples}"), None);
    let code = |r: &str| format!("class Solution:\n    def threeSum(self, nums):\n        return {r}\n");
    let v = py(&mut s, "leetcode", "9415", &code("[[1,0,-1],[2,-1,-1]]"));
    assert_eq!(v["verdict"], "AC", "{v}");
    assert!(v["samples"][0]["note"].as_str().unwrap_or("").contains("sets"), "{v}");
    assert!(v["comparison"]["why"].as_str().unwrap_or("").contains("each item in any order"), "{v}");
    assert_eq!(py(&mut s, "leetcode", "9415", &code("[[1,0,-1],[2,-1,0]]"))["verdict"], "WA");
    // Permutations: their inner order is their meaning, only the list's order is free.
    let perms = "<p>Return all the possible permutations. You can return the answer in any order.</p>";
    serve(&b, "leetcode", "9446", &format!("{perms}{}", leetcode(&[("nums = [0,1]", "[[0,1],[1,0]]")])), None);
    let code = |r: &str| format!("class Solution:\n    def permute(self, nums):\n        return {r}\n");
    assert_eq!(py(&mut s, "leetcode", "9446", &code("[[1,0],[0,1]]"))["verdict"], "AC");
    assert_ne!(py(&mut s, "leetcode", "9446", &code("[[1,0],[1,0]]"))["verdict"], "AC");
}

#[test]
fn tolerances_case_and_hints() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    let spaced =
        "Your output is considered correct if the absolute difference from the true value is at most $10 ^ {-5}$.";
    serve(&b, "atcoder", "tol", &atcoder(spaced, "1\n", "0.333333333\n"), None);
    let v = py(&mut s, "atcoder", "tol", "print(0.333336)");
    assert_eq!(v["verdict"], "AC", "{v}");
    assert_eq!(
        (v["comparison"]["float_tolerance"].as_f64(), v["comparison"]["error"].as_str()),
        (Some(1e-5), Some("absolute"))
    );
    // Relative only: 1e-6 of a billion is a thousand.
    let rel = "The output is considered correct when the relative difference is not greater than $10^{-6}$.";
    serve(&b, "atcoder", "rel", &atcoder(rel, "1\n", "1000000000\n"), None);
    assert_eq!(py(&mut s, "atcoder", "rel", "print(1000000900)")["verdict"], "AC");
    assert_eq!(py(&mut s, "atcoder", "rel", "print(1000001100)")["verdict"], "WA");
    let case = "Print `Yes` or `No`. You can print each letter in any case (upper or lower).";
    serve(&b, "atcoder", "case", &atcoder(case, "1\n", "Yes\n"), None);
    let v = py(&mut s, "atcoder", "case", "print('YES')");
    assert_eq!((v["verdict"].as_str(), v["comparison"]["any_case"].as_bool()), (Some("AC"), Some(true)), "{v}");
    // "Print such a string" hints at other answers: still WA, but the WA says so.
    let hint = "If such a string exists, print such a string; otherwise, print `-1`.";
    serve(&b, "atcoder", "hint", &atcoder(hint, "1\n", "ab\n"), None);
    let v = py(&mut s, "atcoder", "hint", "print('ba')");
    assert_eq!(v["verdict"], "WA", "{v}");
    assert!(v["samples"][0]["note"].as_str().unwrap().contains("pass `checker`"), "{v}");
    assert!(!v["statement_says"]["other_outputs_possible"].is_null(), "{v}");
}

/// A LeetCode-shaped HTML statement with its examples, `(input, output)` each as shown.
pub(crate) fn leetcode(examples: &[(&str, &str)]) -> String {
    let mut html = String::from("<p>Solve it.</p>");
    for (i, (input, output)) in examples.iter().enumerate() {
        html.push_str(&format!(
            "<p><strong class=\"example\">Example {}:</strong></p><pre><strong>Input:</strong> {input}\n\
<strong>Output:</strong> {output}\n</pre>",
            i + 1
        ));
    }
    html
}

#[test]
fn leetcode_examples_read_as_leetcode_reads_them() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    // A value across lines, a zero-width space after a value, a misspelt explanation after the
    // output; LeetCode's Python prelude (string, operator, copy) and the built-in `pow`.
    let grid = leetcode(&[("grid = [[1,2],\n [3,4]]\u{200b}, k = 3", "10\n<strong>Explantion</strong> the sum")]);
    serve(&b, "leetcode", "9001", &grid, None);
    let code = "class Solution:\n    def total(self, grid: List[List[int]], k: int) -> int:\n        \
g = deepcopy(grid)\n        assert ascii_lowercase[0] == 'a' and xor(1, 3) == 2 and or_(1, 2) == 3\n        \
return pow(sum(map(sum, g)), 1, 1000) + 0 * k\n";
    let v = py(&mut s, "leetcode", "9001", code);
    assert_eq!(v["verdict"], "AC", "{v}");
    // A node given by its value (the ancestor is shown as its value), a list with a cycle.
    let lca = leetcode(&[("root = [3,5,1,6,2,0,8,null,null,7,4], p = 5, q = 4", "5")]);
    serve(&b, "leetcode", "9002", &lca, None);
    let code = "class Solution:\n    def lowestCommonAncestor(self, root: 'TreeNode', p: 'TreeNode', q: 'TreeNode') -> 'TreeNode':\n        \
if root in (None, p, q): return root\n        l = self.lowestCommonAncestor(root.left, p, q)\n        \
r = self.lowestCommonAncestor(root.right, p, q)\n        return root if l and r else l or r\n";
    let v = py(&mut s, "leetcode", "9002", code);
    assert_eq!(v["verdict"], "AC", "{v}");
    let cycle = leetcode(&[("head = [3,2,0,-4], pos = 1", "true"), ("head = [1], pos = -1", "false")]);
    serve(&b, "leetcode", "9003", &cycle, None);
    let code = "class Solution:\n    def hasCycle(self, head: Optional[ListNode]) -> bool:\n        seen = set()\n        \
while head:\n            if head in seen: return True\n            seen.add(head)\n            head = head.next\n        return False\n";
    assert_eq!(py(&mut s, "leetcode", "9003", code)["verdict"], "AC");
    // An answer in words: the node the cycle enters, by its index in `head`, or no cycle.
    let entry = leetcode(&[
        ("head = [3,2,0,-4], pos = 1", "tail connects to node index 1"),
        ("head = [1], pos = -1", "no cycle"),
    ]);
    serve(&b, "leetcode", "9013", &entry, None);
    let code = "class Solution:\n    def detectCycle(self, head: Optional[ListNode]) -> Optional[ListNode]:\n        \
seen = set()\n        while head and head not in seen:\n            seen.add(head)\n            head = head.next\n        \
return head\n";
    let v = py(&mut s, "leetcode", "9013", code);
    assert_eq!(v["verdict"], "AC", "{v}");
}

#[test]
fn design_problems_node_classes_and_hidden_apis() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    let stack = leetcode(&[(
        "\n[\"MinStack\",\"push\",\"push\",\"getMin\",\"pop\",\"getMin\"]\n[[],[-2],[-3],[],[],[]]",
        "[null,null,null,-3,null,-2]",
    )]);
    serve(&b, "leetcode", "9004", &stack, None);
    let code = "class MinStack:\n    def __init__(self):\n        self.s = []\n    def push(self, val: int) -> None:\n        \
self.s.append(min(val, self.s[-1]) if self.s else val)\n    def pop(self) -> None:\n        self.s.pop()\n    \
def getMin(self) -> int:\n        return self.s[-1]\n";
    assert_eq!(py(&mut s, "leetcode", "9004", code)["verdict"], "AC");
    let nary = leetcode(&[("root = [1,null,3,2,4,null,5,6]", "3")]);
    serve(&b, "leetcode", "9005", &nary, None);
    let code = "\"\"\"\nclass Node:\n    def __init__(self, val=None, children=None):\n\"\"\"\nclass Solution:\n    \
def maxDepth(self, root: 'Node') -> int:\n        return 1 + max((self.maxDepth(c) for c in root.children), default=0) if root else 0\n";
    assert_eq!(py(&mut s, "leetcode", "9005", code)["verdict"], "AC");
    let bad = leetcode(&[("n = 5, bad = 4", "4")]);
    serve(&b, "leetcode", "9006", &bad, None);
    let code = "# The isBadVersion API is already defined for you.\nclass Solution:\n    def firstBadVersion(self, n: int) -> int:\n        \
lo, hi = 1, n\n        while lo < hi:\n            mid = (lo + hi) // 2\n            \
lo, hi = (lo, mid) if isBadVersion(mid) else (mid + 1, hi)\n        return lo\n";
    assert_eq!(py(&mut s, "leetcode", "9006", code)["verdict"], "AC");
}

#[test]
fn nodes_with_parents_nodes_by_value_and_absent_nodes() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    // `Node` with a `parent` (its template comment names no kind the judge reads): the tree of an
    // argument the method does not take, the nodes given by value found in it, parents set.
    let up = leetcode(&[("root = [4,2,6,1,3], p = 1, q = 3", "2"), ("root = [4,2,6,1,3], p = 3, q = 6", "4")]);
    serve(&b, "leetcode", "9011", &up, None);
    let code = "\"\"\"\nclass Node:\n    def __init__(self, val):\n        self.parent = None\n\"\"\"\nclass Solution:\n    \
def lowestCommonAncestor(self, p: 'Node', q: 'Node') -> 'Node':\n        seen = set()\n        while p:\n            \
seen.add(p)\n            p = p.parent\n        while q not in seen:\n            q = q.parent\n        return q\n";
    assert_eq!(py(&mut s, "leetcode", "9011", code)["verdict"], "AC");
    // A list of nodes by value; a value no node has (a node of its own); no node found: `null`.
    let many = leetcode(&[("root = [4,2,6,1,3], nodes = [1,3]", "2"), ("root = [4,2,6,1,3], nodes = [9]", "null")]);
    serve(&b, "leetcode", "9012", &many, None);
    let code = "class Solution:\n    def find(self, root: 'TreeNode', nodes: 'List[TreeNode]') -> 'TreeNode':\n        \
want = {n.val for n in nodes}\n        def go(t):\n            if t is None or t.val in want: return t\n            \
l, r = go(t.left), go(t.right)\n            return t if l and r else l or r\n        return go(root)\n";
    let v = py(&mut s, "leetcode", "9012", code);
    assert_eq!(v["verdict"], "AC", "{v}");
    // A quad tree built from a grid: shown as LeetCode shows it, an inner node's `val` not compared
    // (this one says False where the example says 1).
    let quad = leetcode(&[("grid = [[0,1],[1,0]]", "[[0,1],[1,0],[1,1],[1,1],[1,0]]")]);
    serve(&b, "leetcode", "9014", &quad, None);
    let code = "\"\"\"\nclass Node:\n    def __init__(self, val, isLeaf, topLeft, topRight, bottomLeft, bottomRight):\n\"\"\"\n\
class Solution:\n    def construct(self, grid: List[List[int]]) -> 'Node':\n        \
def go(r, c, n):\n            vals = {grid[i][j] for i in range(r, r + n) for j in range(c, c + n)}\n            \
if len(vals) == 1: return Node(vals.pop() == 1, True)\n            h = n // 2\n            \
return Node(False, False, go(r, c, h), go(r, c + h, h), go(r + h, c, h), go(r + h, c + h, h))\n        \
return go(0, 0, len(grid))\n";
    let v = py(&mut s, "leetcode", "9014", code);
    assert_eq!(v["verdict"], "AC", "{v}");
}

#[test]
fn what_cannot_be_judged_is_refused_by_kind_before_anything_runs() {
    let (b, mut s) = judge_server(vec![]);
    let sql = leetcode(&[("Employee table: | id |", "| 1 |")]);
    serve(&b, "leetcode", "9101", &sql, Some("Database"));
    let text =
        s.call_err("test_solution", json!({"source": "leetcode", "id": "9101", "language": "python", "code": "x = 1"}));
    assert!(text.contains("database (SQL)") && !text.contains("RE"), "{text}");
    let api = leetcode(&[("file = \"abc\", n = 4", "3")]);
    serve(&b, "leetcode", "9102", &api, None);
    let code =
        "# The read4 API is already defined for you.\nclass Solution:\n    def read(self, buf, n):\n        return 0\n";
    let text =
        s.call_err("test_solution", json!({"source": "leetcode", "id": "9102", "language": "python", "code": code}));
    assert!(text.contains("hidden API (`read4`)"), "{text}");
    // Examples whose output is not a value: said, not "no samples".
    let words = leetcode(&[(
        "intersectVal = 8, listA = [4,1,8,4,5], listB = [5,6,1,8,4,5], skipA = 2, skipB = 3",
        "Intersected at '8'",
    )]);
    serve(&b, "leetcode", "9103", &words, None);
    let text =
        s.call_err("test_solution", json!({"source": "leetcode", "id": "9103", "language": "python", "code": "x = 1"}));
    assert!(text.contains("cannot be read as values") && !text.contains("No sample"), "{text}");
}

#[test]
fn python_codecs_round_trip_and_unbuilt_nodes_are_named_not_run() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    // 297: no class Solution; what one Codec serializes, it deserializes (a docstring's types).
    let tree = leetcode(&[("root = [1,2,3,null,null,4,5]", "[1,2,3,null,null,4,5]"), ("root = []", "[]")]);
    serve(&b, "leetcode", "9111", &tree, None);
    let codec = "class Codec:
    def serialize(self, root):
        \"\"\"
        :type root: TreeNode
        :rtype: str
        \"\"\"
        return '#' if root is None else f'{root.val},{self.serialize(root.left)},{self.serialize(root.right)}'

    def deserialize(self, data):
        it = iter(data.split(','))
        def read():
            x = next(it)
            return None if x == '#' else TreeNode(int(x), read(), read())
        return read()
";
    let v = py(&mut s, "leetcode", "9111", codec);
    assert_eq!((v["verdict"].as_str(), v["passed"].as_u64()), (Some("AC"), Some(2)), "{v}");
    let lossy = codec.replace("TreeNode(int(x), read(), read())", "TreeNode(int(x), None, read() and read())");
    assert_eq!(py(&mut s, "leetcode", "9111", &lossy)["verdict"], "WA");
    // 271: encode and decode, with annotations.
    let strings = leetcode(&[("dummy_input = [\"Hello\",\"World\"]", "[\"Hello\",\"World\"]")]);
    serve(&b, "leetcode", "9112", &strings, None);
    let code = "class Codec:
    def encode(self, strs: List[str]) -> str:
        return ''.join(f'{len(x)}#{x}' for x in strs)

    def decode(self, s: str) -> List[str]:
        out, i = [], 0
        while i < len(s):
            j = s.index('#', i)
            out.append(s[j + 1:j + 1 + int(s[i:j])])
            i = j + 1 + int(s[i:j])
        return out
";
    assert_eq!(py(&mut s, "leetcode", "9112", code)["verdict"], "AC");
    // 1628: no class Solution; the tree `TreeBuilder` builds of the postfix tokens is evaluated.
    serve(&b, "leetcode", "9116", &leetcode(&[("s = [\"3\",\"4\",\"+\",\"2\",\"*\",\"7\",\"/\"]", "2")]), None);
    let code = "import abc\nfrom abc import ABC, abstractmethod\n\nclass Node(ABC):\n    @abstractmethod\n    \
def evaluate(self) -> int:\n        pass\n\nclass Leaf(Node):\n    def __init__(self, v):\n        self.v = v\n\n    \
def evaluate(self):\n        return self.v\n\nclass Op(Node):\n    def __init__(self, op, l, r):\n        \
self.op, self.l, self.r = op, l, r\n\n    def evaluate(self):\n        a, b = self.l.evaluate(), self.r.evaluate()\n        \
return {'+': a + b, '-': a - b, '*': a * b, '/': int(a / b) if b else 0}[self.op]\n\n\
class TreeBuilder(object):\n    def buildTree(self, postfix: List[str]) -> 'Node':\n        st = []\n        \
for t in postfix:\n            if t.isdigit():\n                st.append(Leaf(int(t)))\n            else:\n                \
r, l = st.pop(), st.pop()\n                st.append(Op(t, l, r))\n        return st[-1]\n";
    assert_eq!(py(&mut s, "leetcode", "9116", code)["verdict"], "AC");
    // 430's multilevel list, shown as LeetCode serialises it: flattened it is one level; an answer
    // that leaves a `child` set shows it as a level below, a WA as on LeetCode.
    let multi = leetcode(&[
        ("head = [1,2,3,4,5,6,null,null,null,7,8,9,10,null,null,11,12]", "[1,2,3,7,8,11,12,9,10,4,5,6]"),
        ("head = [1,2,null,3]", "[1,3,2]"),
        ("head = []", "[]"),
    ]);
    serve(&b, "leetcode", "9113", &multi, None);
    let flatten = |clear: &str| {
        format!(
            "\"\"\"\n# Definition for a Node.\nclass Node:\n    def __init__(self, val, prev, next, child):\n\"\"\"\n\
class Solution:\n    def flatten(self, head: 'Optional[Node]') -> 'Optional[Node]':\n        p = head\n        \
while p:\n            if p.child:\n                c = p.child\n                while c.next:\n                    \
c = c.next\n                c.next = p.next\n                if p.next:\n                    p.next.prev = c\n                \
p.next, p.child.prev = p.child, p\n{clear}            p = p.next\n        return head\n"
        )
    };
    assert_eq!(py(&mut s, "leetcode", "9113", &flatten("                p.child = None\n"))["verdict"], "AC");
    let kept = py(&mut s, "leetcode", "9113", &flatten(""));
    assert_eq!(kept["verdict"], "WA", "{kept}");
    // The languages whose driver does not build it name it, not an RE.
    let code = "/**\n * function _Node(val,prev,next,child) {\n *    this.val = val;\n *    this.prev = prev;\n *    \
this.next = next;\n *    this.child = child;\n * };\n */\nvar flatten = function(head) { return head; };\n";
    let text = s
        .call_err("test_solution", json!({"source": "leetcode", "id": "9113", "language": "javascript", "code": code}));
    assert!(text.contains("multilevel doubly linked list") && !text.contains("RE"), "{text}");
    // 3263 and 3294: a `Node` with `prev` and `next` is a doubly linked list, given whole or (3294)
    // as one of its nodes, by its value, beside the list.
    let doubly = leetcode(&[("head = [1,2,3]", "[1,2,3]")]);
    serve(&b, "leetcode", "9114", &doubly, None);
    let comment = "\"\"\"\n# Definition for a Node.\nclass Node:\n    def __init__(self, val, prev=None, next=None):\n        \
self.val = val\n        self.prev = prev\n        self.next = next\n\"\"\"\n";
    let code = format!(
        "{comment}class Solution:\n    def toArray(self, root: 'Optional[Node]') -> List[int]:\n        out = []\n        \
while root:\n            out.append(root.val)\n            root = root.next\n        return out\n"
    );
    assert_eq!(py(&mut s, "leetcode", "9114", &code)["verdict"], "AC");
    let middle = leetcode(&[("head = [1,2,3,4,5], node = 5", "[1,2,3,4,5]"), ("head = [4,5,6], node = 5", "[4,5,6]")]);
    serve(&b, "leetcode", "9115", &middle, None);
    let code = format!(
        "{comment}class Solution:\n    def toArray(self, node: 'Optional[Node]') -> List[int]:\n        \
while node.prev:\n            node = node.prev\n        out = []\n        while node:\n            \
out.append(node.val)\n            node = node.next\n        return out\n"
    );
    let v = py(&mut s, "leetcode", "9115", &code);
    assert_eq!((v["verdict"].as_str(), v["passed"].as_u64()), (Some("AC"), Some(2)), "{v}");
}

#[test]
fn python_fills_what_leetcode_fills_and_reads_past_its_typos() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    // 277: `n` is not in the example; LeetCode passes the number of people in `graph`.
    let celebrity = leetcode(&[("graph = [[1,1,0],[0,1,0],[1,1,1]]", "1"), ("graph = [[1,0],[0,1]]", "-1")]);
    serve(&b, "leetcode", "9121", &celebrity, None);
    let code = "# The knows API is already defined for you.
class Solution:
    def findCelebrity(self, n: int) -> int:
        c = 0
        for i in range(1, n):
            if knows(c, i):
                c = i
        ok = all(i == c or (knows(i, c) and not knows(c, i)) for i in range(n))
        return c if ok else -1
";
    let v = py(&mut s, "leetcode", "9121", code);
    assert_eq!((v["verdict"].as_str(), v["passed"].as_u64()), (Some("AC"), Some(2)), "{v}");
    // 1568: a helper with the same parameters as the method LeetCode calls is not called.
    let helper = leetcode(&[("grid = [[1,1]]", "2")]);
    serve(&b, "leetcode", "9124", &helper, None);
    let code = "class Solution:
    def minDays(self, grid: List[List[int]]) -> int:
        return self.count(grid) + 1

    def count(self, grid):
        return len(grid)
";
    assert_eq!(py(&mut s, "leetcode", "9124", code)["verdict"], "AC");
    // 1586: a method without arguments written `[null]`.
    let design =
        leetcode(&[("[\"Counter\", \"next\", \"add\", \"next\"]\n[[], [null], [5], [null]]", "[null, 1, null, 7]")]);
    serve(&b, "leetcode", "9122", &design, None);
    let code = "class Counter:
    def __init__(self):
        self.n = 0

    def next(self) -> int:
        self.n += 1
        return self.n

    def add(self, k: int) -> None:
        self.n += k
";
    let v = py(&mut s, "leetcode", "9122", code);
    assert_eq!(v["verdict"], "AC", "{v}");
    // 2711's statement writes its label twice: "Output: Output: [[1,1,0],…]".
    let twice = leetcode(&[("grid = [[1,2],[3,4]]", "Output: [[4,3],[2,1]]")]);
    serve(&b, "leetcode", "9123", &twice, None);
    let code = "class Solution:\n    def flip(self, grid: List[List[int]]) -> List[List[int]]:\n        return [r[::-1] for r in grid[::-1]]\n";
    assert_eq!(py(&mut s, "leetcode", "9123", code)["verdict"], "AC");
}

/// A large local array (accepted on AtCoder and Codeforces, whose stack may take the memory
/// limit) is not a crash here: the run's stack is its memory limit, not Linux's 8 MB.
#[test]
fn the_stack_may_take_the_memory_limit() {
    if !have("gcc") {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    let code = "#include <stdio.h>\nint main(void){volatile char big[64 << 20];big[0]=1;big[(64 << 20) - 1]=2;\
long long n,m,a;if(scanf(\"%lld%lld%lld\",&n,&m,&a)!=3)return 1;\
printf(\"%lld\\n\",((n+a-1)/a)*((m+a-1)/a)+big[0]-1);return 0;}\n";
    let v = judged(&mut s, json!({"source": "codeforces", "id": "1A", "language": "c", "code": code}));
    assert_eq!(v["verdict"], "AC", "{v}");
    // A thread still gets a stack of its own within the memory limit (numpy's OpenBLAS starts
    // threads at its import: they failed when every thread's stack was the memory limit's size).
    let threads = "#include <pthread.h>\n#include <stdio.h>\nstatic void *f(void *x){return x;}\n\
int main(void){pthread_t t[3];for(int i=0;i<3;i++)if(pthread_create(&t[i],0,f,0)){puts(\"no thread\");return 0;}\
for(int i=0;i<3;i++)pthread_join(t[i],0);long long n,m,a;if(scanf(\"%lld%lld%lld\",&n,&m,&a)!=3)return 1;\
printf(\"%lld\\n\",((n+a-1)/a)*((m+a-1)/a));return 0;}\n";
    let v = judged(&mut s, json!({"source": "codeforces", "id": "1A", "language": "c", "code": threads}));
    assert_eq!(v["verdict"], "AC", "{v}");
}
