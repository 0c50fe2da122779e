//! LeetCode's node kinds decided once, from the statement, and built by every driver: code as
//! another archive of accepted solutions writes it (no template comment defining `Node`, other
//! names, other layouts) judged right in each language present (quad trees, parent pointers,
//! next pointers in a tree that is not perfect, a circular list, a doubly linked list,
//! `PolyNode`); Python's answers read by the declared return type (issue 35); a hidden API no
//! driver builds refused by name in every language before anything is built.

use std::time::Duration;

use serde_json::{Value, json};

use crate::harness::Server;
use crate::judge::{have, judge_server};
use crate::judge_verdicts::{leetcode, serve};

/// A statement: LeetCode's words (or its `class Node` declaration, in a `<pre>`), then examples.
fn statement(words: &str, examples: &[(&str, &str)]) -> String {
    format!("<p>{words}</p>{}", leetcode(examples))
}

/// Judged with a time limit far above what these take, so that a busy machine's slow start of an
/// interpreter is no verdict; waited for up to 600 s, as a language's first call builds its
/// driver's shared part (C++'s precompiled header, Java's and Go's libraries).
fn run(s: &mut Server, id: &str, lang: &str, code: &str) -> Value {
    let args = json!({"source": "leetcode", "id": id, "language": lang, "code": code, "time_limit_ms": 30000});
    let call = format!("{id}-{lang}");
    s.send(&json!({"jsonrpc": "2.0", "id": call, "method": "tools/call", "params": {"name": "test_solution", "arguments": args}}));
    loop {
        let v = s.try_recv(Duration::from_secs(600)).expect("no reply within 600 s");
        if v["id"] == call.as_str() {
            assert_eq!(v["result"]["isError"], json!(false), "{v}");
            return v["result"]["structuredContent"].clone();
        }
    }
}

const QUAD: &str = "<pre>class Node {\n    public boolean val;\n    public boolean isLeaf;\n    public Node topLeft;\n    \
public Node topRight;\n    public Node bottomLeft;\n    public Node bottomRight;\n}</pre>";
const PARENT: &str = "<pre>class Node {\n    public int val;\n    public Node left;\n    public Node right;\n    public Node parent;\n}</pre>";
const NEXT: &str = "<pre>struct Node {\n  int val;\n  Node *left;\n  Node *right;\n  Node *next;\n}</pre>\
<p>Populate each next pointer to point to its next right node.</p>";
const CIRCULAR: &str = "Given a Circular Linked List node, which is sorted in non-descending order, insert a value.";

/// Each kind's statement, examples, and accepted code per language (none with LeetCode's comment).
type Kind =
    (&'static str, &'static str, &'static [(&'static str, &'static str)], &'static [(&'static str, &'static str)]);

const KINDS: &[Kind] = &[
    (
        "9401",
        QUAD,
        &[("grid = [[0,1],[1,0]]", "[[0,1],[1,0],[1,1],[1,1],[1,0]]")],
        &[
            (
                "python",
                "class Solution:\n    def construct(self, grid: List[List[int]]) -> 'Node':\n        def go(r, c, n):\n            \
vals = {grid[i][j] for i in range(r, r + n) for j in range(c, c + n)}\n            \
if len(vals) == 1:\n                return Node(vals.pop() == 1, True)\n            h = n // 2\n            \
return Node(True, False, go(r, c, h), go(r, c + h, h), go(r + h, c, h), go(r + h, c + h, h))\n        \
return go(0, 0, len(grid))\n",
            ),
            (
                "cpp",
                "class Solution {\n public:\n  Node* construct(vector<vector<int>>& grid) { return go(grid, 0, 0, grid.size()); }\n\n \
private:\n  Node* go(vector<vector<int>>& g, int r, int c, int n) {\n    bool same = true;\n    \
for (int i = r; i < r + n; ++i)\n      for (int j = c; j < c + n; ++j)\n        if (g[i][j] != g[r][c]) same = false;\n    \
if (same) return new Node(g[r][c] == 1, true);\n    const int h = n / 2;\n    \
return new Node(true, false, go(g, r, c, h), go(g, r, c + h, h), go(g, r + h, c, h), go(g, r + h, c + h, h));\n  }\n};\n",
            ),
            (
                "java",
                "class Solution {\n  public Node construct(int[][] grid) { return go(grid, 0, 0, grid.length); }\n\n  \
private Node go(int[][] g, int r, int c, int n) {\n    boolean same = true;\n    for (int i = r; i < r + n; ++i)\n      \
for (int j = c; j < c + n; ++j)\n        if (g[i][j] != g[r][c]) same = false;\n    \
if (same) return new Node(g[r][c] == 1, true);\n    final int h = n / 2;\n    \
return new Node(true, false, go(g, r, c, h), go(g, r, c + h, h), go(g, r + h, c, h), go(g, r + h, c + h, h));\n  }\n}\n",
            ),
            (
                "javascript",
                "/**\n * @param {number[][]} grid\n * @return {_Node}\n */\nvar construct = function(grid) {\n  \
const go = (r, c, n) => {\n    let same = true;\n    for (let i = r; i < r + n; i++)\n      \
for (let j = c; j < c + n; j++) if (grid[i][j] !== grid[r][c]) same = false;\n    \
if (same) return new _Node(grid[r][c] === 1, true, null, null, null, null);\n    const h = n / 2;\n    \
return new _Node(true, false, go(r, c, h), go(r, c + h, h), go(r + h, c, h), go(r + h, c + h, h));\n  };\n  \
return go(0, 0, grid.length);\n};\n",
            ),
            (
                "go",
                "func construct(grid [][]int) *Node {\n\tvar build func(r, c, n int) *Node\n\tbuild = func(r, c, n int) *Node {\n\t\t\
same := true\n\t\tfor i := r; i < r+n; i++ {\n\t\t\tfor j := c; j < c+n; j++ {\n\t\t\t\tif grid[i][j] != grid[r][c] {\n\t\t\t\t\t\
same = false\n\t\t\t\t}\n\t\t\t}\n\t\t}\n\t\tif same {\n\t\t\treturn &Node{Val: grid[r][c] == 1, IsLeaf: true}\n\t\t}\n\t\t\
h := n / 2\n\t\treturn &Node{Val: true, TopLeft: build(r, c, h), TopRight: build(r, c+h, h), BottomLeft: build(r+h, c, h), \
BottomRight: build(r+h, c+h, h)}\n\t}\n\treturn build(0, 0, len(grid))\n}\n",
            ),
        ],
    ),
    (
        "9402",
        PARENT,
        &[("root = [3,5,1,6,2,0,8,null,null,7,4], p = 5, q = 1", "3"), ("root = [1,2], p = 1, q = 2", "1")],
        &[
            (
                "python",
                "class Solution:\n    def lowestCommonAncestor(self, p: 'Node', q: 'Node') -> 'Node':\n        a, b = p, q\n        \
while a != b:\n            a = a.parent if a else q\n            b = b.parent if b else p\n        return a\n",
            ),
            (
                "cpp",
                "class Solution {\n public:\n  Node* lowestCommonAncestor(Node* p, Node* q) {\n    Node* a = p;\n    Node* b = q;\n    \
while (a != b) {\n      a = a == nullptr ? q : a->parent;\n      b = b == nullptr ? p : b->parent;\n    }\n    return a;\n  }\n};\n",
            ),
            (
                "java",
                "class Solution {\n  public Node lowestCommonAncestor(Node p, Node q) {\n    Node a = p;\n    Node b = q;\n    \
while (a != b) {\n      a = a == null ? q : a.parent;\n      b = b == null ? p : b.parent;\n    }\n    return a;\n  }\n}\n",
            ),
            (
                "javascript",
                "/**\n * @param {_Node} p\n * @param {_Node} q\n * @return {_Node}\n */\nvar lowestCommonAncestor = function(p, q) {\n  \
let a = p, b = q;\n  while (a !== b) {\n    a = a ? a.parent : q;\n    b = b ? b.parent : p;\n  }\n  return a;\n};\n",
            ),
            (
                "go",
                "func lowestCommonAncestor(p *Node, q *Node) *Node {\n\ta, b := p, q\n\tfor a != b {\n\t\tif a == nil {\n\t\t\ta = q\n\t\t} \
else {\n\t\t\ta = a.Parent\n\t\t}\n\t\tif b == nil {\n\t\t\tb = p\n\t\t} else {\n\t\t\tb = b.Parent\n\t\t}\n\t}\n\treturn a\n}\n",
            ),
        ],
    ),
    (
        "9403",
        NEXT,
        &[("root = [1,2,3,4,5,null,7]", "[1,#,2,3,#,4,5,7,#]")],
        &[
            (
                "python",
                "class Solution:\n    def connect(self, root: 'Node') -> 'Node':\n        level = [root] if root else []\n        \
while level:\n            for a, b in zip(level, level[1:]):\n                a.next = b\n            \
level = [c for n in level for c in (n.left, n.right) if c]\n        return root\n",
            ),
            (
                "cpp",
                "class Solution {\n public:\n  Node* connect(Node* root) {\n    vector<Node*> level;\n    if (root) level.push_back(root);\n    \
while (!level.empty()) {\n      vector<Node*> below;\n      for (int i = 0; i < (int)level.size(); ++i) {\n        \
if (i + 1 < (int)level.size()) level[i]->next = level[i + 1];\n        if (level[i]->left) below.push_back(level[i]->left);\n        \
if (level[i]->right) below.push_back(level[i]->right);\n      }\n      level = below;\n    }\n    return root;\n  }\n};\n",
            ),
            (
                "java",
                "class Solution {\n  public Node connect(Node root) {\n    List<Node> level = new ArrayList<>();\n    \
if (root != null) level.add(root);\n    while (!level.isEmpty()) {\n      List<Node> below = new ArrayList<>();\n      \
for (int i = 0; i < level.size(); ++i) {\n        if (i + 1 < level.size()) level.get(i).next = level.get(i + 1);\n        \
if (level.get(i).left != null) below.add(level.get(i).left);\n        if (level.get(i).right != null) below.add(level.get(i).right);\n      \
}\n      level = below;\n    }\n    return root;\n  }\n}\n",
            ),
        ],
    ),
    (
        "9404",
        CIRCULAR,
        &[("head = [3,4,1], insertVal = 2", "[3,4,1,2]"), ("head = [1], insertVal = 0", "[1,0]")],
        &[
            (
                "python",
                "class Solution:\n    def insert(self, head: 'Optional[Node]', insertVal: int) -> 'Node':\n        node = Node(insertVal)\n        \
if head is None:\n            node.next = node\n            return node\n        prev, cur = head, head.next\n        \
while True:\n            if prev.val <= insertVal <= cur.val:\n                break\n            \
if prev.val > cur.val and (insertVal >= prev.val or insertVal <= cur.val):\n                break\n            \
prev, cur = cur, cur.next\n            if prev is head:\n                break\n        prev.next, node.next = node, cur\n        return head\n",
            ),
            (
                "cpp",
                "class Solution {\n public:\n  Node* insert(Node* head, int insertVal) {\n    Node* node = new Node(insertVal);\n    \
if (!head) { node->next = node; return node; }\n    Node* prev = head;\n    Node* cur = head->next;\n    while (true) {\n      \
if (prev->val <= insertVal && insertVal <= cur->val) break;\n      \
if (prev->val > cur->val && (insertVal >= prev->val || insertVal <= cur->val)) break;\n      prev = cur;\n      cur = cur->next;\n      \
if (prev == head) break;\n    }\n    prev->next = node;\n    node->next = cur;\n    return head;\n  }\n};\n",
            ),
            (
                "java",
                "class Solution {\n  public Node insert(Node head, int insertVal) {\n    Node node = new Node(insertVal);\n    \
if (head == null) { node.next = node; return node; }\n    Node prev = head, cur = head.next;\n    while (true) {\n      \
if (prev.val <= insertVal && insertVal <= cur.val) break;\n      \
if (prev.val > cur.val && (insertVal >= prev.val || insertVal <= cur.val)) break;\n      prev = cur;\n      cur = cur.next;\n      \
if (prev == head) break;\n    }\n    prev.next = node;\n    node.next = cur;\n    return head;\n  }\n}\n",
            ),
            (
                "go",
                "func insert(aNode *Node, x int) *Node {\n\tnode := &Node{Val: x}\n\tif aNode == nil {\n\t\tnode.Next = node\n\t\treturn node\n\t}\n\t\
prev, cur := aNode, aNode.Next\n\tfor {\n\t\tif prev.Val <= x && x <= cur.Val {\n\t\t\tbreak\n\t\t}\n\t\t\
if prev.Val > cur.Val && (x >= prev.Val || x <= cur.Val) {\n\t\t\tbreak\n\t\t}\n\t\tprev, cur = cur, cur.Next\n\t\t\
if prev == aNode {\n\t\t\tbreak\n\t\t}\n\t}\n\tprev.Next, node.Next = node, cur\n\treturn aNode\n}\n",
            ),
        ],
    ),
    (
        "9405",
        "You are given the head of a doubly linked list, which contains nodes that have a next pointer and a previous pointer.",
        &[("head = [1,2,3,2,1]", "[1,2,3,2,1]")],
        &[
            (
                "python",
                "class Solution:\n    def toArray(self, head: 'Optional[Node]') -> List[int]:\n        out = []\n        while head:\n            \
out.append(head.val)\n            assert head.next is None or head.next.prev is head\n            head = head.next\n        return out\n",
            ),
            (
                "cpp",
                "class Solution {\n public:\n  vector<int> toArray(Node* head) {\n    vector<int> out;\n    \
for (; head; head = head->next) {\n      if (head->next && head->next->prev != head) return {};\n      out.push_back(head->val);\n    }\n    \
return out;\n  }\n};\n",
            ),
        ],
    ),
    // A node given by its value: in the doubly linked list beside it (3294), in an N-ary tree (1516).
    (
        "9407",
        "You are given an arbitrary node from a doubly linked list, which contains nodes that have a next pointer and a \
previous pointer.",
        &[("head = [1,2,3,4,5], node = 5", "[1,2,3,4,5]")],
        &[(
            "python",
            "class Solution:\n    def toArray(self, node: 'Optional[Node]') -> List[int]:\n        while node.prev:\n            \
node = node.prev\n        out = []\n        while node:\n            out.append(node.val)\n            node = node.next\n        return out\n",
        )],
    ),
    (
        "9408",
        "Given the root of an N-ary tree and one of its nodes p.",
        &[("root = [1,null,2,3,null,4,5], p = 2", "4")],
        &[
            (
                "python",
                "class Solution:\n    def f(self, root: 'Node', p: 'Node') -> int:\n        return p.val + len(p.children)\n",
            ),
            (
                "cpp",
                "class Solution {\n public:\n  int f(Node* root, Node* p) { return p->val + p->children.size(); }\n};\n",
            ),
        ],
    ),
    (
        "9406",
        "A polynomial linked list is a linked list where each node (PolyNode) has a coefficient and a power.",
        &[("poly1 = [[1,1]], poly2 = [[1,0]]", "[[1,1],[1,0]]")],
        &[(
            "cpp",
            "class Solution {\n public:\n  PolyNode* addPoly(PolyNode* poly1, PolyNode* poly2) {\n    PolyNode dummy;\n    \
PolyNode* tail = &dummy;\n    while (poly1 && poly2) {\n      if (poly1->power > poly2->power) { tail->next = poly1; poly1 = poly1->next; }\n      \
else if (poly1->power < poly2->power) { tail->next = poly2; poly2 = poly2->next; }\n      else {\n        \
const int c = poly1->coefficient + poly2->coefficient;\n        if (c) { tail->next = new PolyNode(c, poly1->power); }\n        \
poly1 = poly1->next;\n        poly2 = poly2->next;\n        if (!c) continue;\n      }\n      tail = tail->next;\n    }\n    \
tail->next = poly1 ? poly1 : poly2;\n    return dummy.next;\n  }\n};\n",
        )],
    ),
    // 1612: a binary expression tree, named by the statement's words only (no template comment):
    // LeetCode's `Node` with a character `val`, read from and shown as bare characters.
    (
        "9409",
        "A binary expression tree is a kind of binary tree used to represent arithmetic expressions.",
        &[("root = [+,a,+,null,null,b,c], k = 1", "[+,a,+,null,null,b,c]"), ("root = [x], k = 0", "[x]")],
        &[
            (
                "cpp",
                "class Solution {\n public:\n  Node* same(Node* root, int k) {\n    if (root->val == '+' && k) assert(root->left->val == 'a');\n    \
return root;\n  }\n};\n",
            ),
            (
                "java",
                "class Solution {\n  public Node same(Node root, int k) {\n    if (root.val == '+' && k > 0 && root.left.val != 'a') return null;\n    \
return new Node(root.val, root.left, root.right);\n  }\n}\n",
            ),
        ],
    ),
    // 1490: LeetCode's N-ary `Node` starts with an empty list of children.
    (
        "9410",
        "Given a root of an N-ary tree, return a deep copy (clone) of the tree.",
        &[("root = [1,null,3,2,4,null,5,6]", "[1,null,3,2,4,null,5,6]")],
        &[(
            "java",
            "class Solution {\n  public Node cloneTree(Node root) {\n    if (root == null) return null;\n    \
Node copy = new Node(root.val);\n    for (Node c : root.children) copy.children.add(cloneTree(c));\n    return copy;\n  }\n}\n",
        )],
    ),
];

/// The compiler or interpreter each language's test needs.
fn tool(lang: &str) -> &'static str {
    match lang {
        "python" => "python3",
        "cpp" => "g++",
        "java" => "javac",
        "javascript" => "node",
        _ => "go",
    }
}

#[test]
fn node_kinds_from_the_statement_in_every_language() {
    let (b, mut s) = judge_server(vec![crate::judge::cxx_without_asan()]);
    for (id, words, examples, codes) in KINDS {
        serve(&b, "leetcode", id, &statement(words, examples), None);
        for (lang, code) in codes.iter().filter(|(lang, _)| have(tool(lang))) {
            let v = run(&mut s, id, lang, code);
            assert_eq!(v["verdict"], "AC", "{id} in {lang}: {v}");
        }
    }
}

#[test]
fn python_answers_read_by_the_declared_return_type() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    // `-> bool` returning 0 or 1; `:rtype: bool` in an old template's docstring.
    serve(&b, "leetcode", "9411", &leetcode(&[("n = 4", "true"), ("n = 3", "false")]), None);
    for code in [
        "class Solution:\n    def isEven(self, n: int) -> bool:\n        return 1 - n % 2\n",
        "class Solution(object):\n    def isEven(self, n):\n        \"\"\"\n        :type n: int\n        :rtype: bool\n        \"\"\"\n        \
return n & 1 ^ 1\n",
    ] {
        assert_eq!(run(&mut s, "9411", "python", code)["verdict"], "AC", "{code}");
    }
    // `-> List[List[str]]` from dict.values(), a generator of tuples, a map; `-> int` from 3.0;
    // `-> float` from an int.
    let groups = "You may return the answer in any order.";
    serve(
        &b,
        "leetcode",
        "9412",
        &statement(groups, &[("strs = [\"eat\",\"tea\",\"tan\"]", "[[\"eat\",\"tea\"],[\"tan\"]]")]),
        None,
    );
    for code in [
        "class Solution:\n    def groupAnagrams(self, strs: List[str]) -> List[List[str]]:\n        d = collections.defaultdict(list)\n        \
for w in strs:\n            d[''.join(sorted(w))].append(w)\n        return d.values()\n",
        "class Solution:\n    def groupAnagrams(self, strs: List[str]) -> List[List[str]]:\n        d = {}\n        \
for w in strs:\n            d.setdefault(''.join(sorted(w)), []).append(w)\n        return (tuple(g) for g in d.values())\n",
        "class Solution:\n    def groupAnagrams(self, strs: List[str]) -> List[List[str]]:\n        d = {}\n        \
for w in strs:\n            d.setdefault(''.join(sorted(w)), []).append(w)\n        return map(list, d.values())\n",
    ] {
        assert_eq!(run(&mut s, "9412", "python", code)["verdict"], "AC", "{code}");
    }
    serve(&b, "leetcode", "9413", &leetcode(&[("n = 9", "3")]), None);
    let code = "class Solution:\n    def root(self, n: int) -> int:\n        return n ** 0.5\n";
    assert_eq!(run(&mut s, "9413", "python", code)["verdict"], "AC");
    serve(&b, "leetcode", "9414", &leetcode(&[("n = 2", "2.00000")]), None);
    let code = "class Solution:\n    def half(self, n: int) -> float:\n        return n\n";
    assert_eq!(run(&mut s, "9414", "python", code)["verdict"], "AC");
    // A set where the order is free, as a list.
    serve(&b, "leetcode", "9415", &statement(groups, &[("nums = [3,1,3,2]", "[1,2,3]")]), None);
    let code = "class Solution:\n    def distinct(self, nums: List[int]) -> List[int]:\n        return set(nums)\n";
    assert_eq!(run(&mut s, "9415", "python", code)["verdict"], "AC");
}

/// "Any order" is one comparison in Rust for every language's answer: the groups in another
/// order are AC; the groups' insides reordered too are UNVERIFIED (the statement frees the
/// answer's order, not said of the inner lists'); other values are a WA.
#[test]
fn any_order_is_judged_alike_in_another_language() {
    if !have("node") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    let groups = "You may return the answer in any order.";
    let example = [("strs = [\"eat\",\"tea\",\"tan\"]", "[[\"eat\",\"tea\"],[\"tan\"]]")];
    serve(&b, "leetcode", "9416", &statement(groups, &example), None);
    let code = |answer: &str| {
        format!(
            "/**\n * @param {{string[]}} strs\n * @return {{string[][]}}\n */\nvar groupAnagrams = function(strs) {{ return {answer}; }};\n"
        )
    };
    for (answer, verdict) in [
        ("[[\"tan\"],[\"eat\",\"tea\"]]", "AC"),
        ("[[\"tan\"],[\"tea\",\"eat\"]]", "UNVERIFIED"),
        ("[[\"tan\"],[\"eat\"]]", "WA"),
    ] {
        assert_eq!(run(&mut s, "9416", "javascript", &code(answer))["verdict"], verdict, "{answer}");
    }
}

#[test]
fn a_hidden_api_no_driver_builds_is_refused_by_name_in_every_language() {
    let (b, mut s) = judge_server(vec![]);
    serve(&b, "leetcode", "9421", &leetcode(&[("nums = [3,3,3,3,3]", "1")]), None);
    let codes = [
        ("cpp", "class Solution {\n public:\n  int countBlocks(BigArray* nums) { return 1; }\n};\n"),
        (
            "python",
            "class Solution(object):\n    def countBlocks(self, nums: Optional['BigArray']) -> int:\n        return 1\n",
        ),
        ("java", "class Solution {\n  public int countBlocks(BigArray nums) { return 1; }\n}\n"),
        (
            "javascript",
            "/**\n * @param {BigArray} nums\n * @return {number}\n */\nvar countBlocks = function(nums) { return 1; };\n",
        ),
        ("go", "func countBlocks(nums BigArray) int { return 1 }\n"),
        ("rust", "impl Solution {\n    pub fn count_blocks(nums: &BigArray) -> i32 { 1 }\n}\n"),
    ];
    for (lang, code) in codes {
        let args = json!({"source": "leetcode", "id": "9421", "language": lang, "code": code});
        let text = s.call_err("test_solution", args);
        assert!(text.contains("`BigArray`") && text.contains("hidden API"), "{lang}: {text}");
    }
}
