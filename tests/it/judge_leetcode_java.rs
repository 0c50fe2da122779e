//! LeetCode in Java through the binary: the code exactly as pasted into LeetCode, on synthetic
//! statements shaped like LeetCode's. A plain function, an in-place method, lists and trees in and
//! out, a node given by its value, a list with a cycle, a design class, `Node` kinds (and the
//! template comment's own), NestedInteger (341's iterator), a hidden API, a codec, a compile error
//! at the user's line, the user's own prints. One
//! server for them all: the driver's classes are compiled once per session. Skipped without a JDK
//! (`.ci/run` installs openjdk-17-jdk-headless).

use serde_json::{Value, json};

use crate::backend::Backend;
use crate::harness::Server;
use crate::judge::{have, judge_server, judged};
use crate::util::json_reply;

/// A LeetCode-shaped HTML statement with its examples, `(input, output)` each as shown.
fn statement(examples: &[(&str, &str)]) -> String {
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

fn serve(b: &Backend, id: &str, examples: &[(&str, &str)]) {
    b.route(
        &format!("/api/v1/problems/leetcode/{id}"),
        json_reply(&json!({"id": id, "source": "leetcode", "title": "T", "tags": [], "content": statement(examples)})),
    );
}

fn java(s: &mut Server, id: &str, code: &str) -> Value {
    judged(s, json!({"source": "leetcode", "id": id, "language": "java", "code": code}))
}

/// Serves the examples as problem `id`, judges `code` on them, and checks it passes them all.
fn passes(b: &Backend, s: &mut Server, id: &str, examples: &[(&str, &str)], code: &str) {
    serve(b, id, examples);
    let v = java(s, id, code);
    assert_eq!((v["verdict"].as_str(), v["passed"].as_u64()), (Some("AC"), Some(examples.len() as u64)), "{id}: {v}");
}

fn jdk() -> bool {
    have("javac") && have("java")
}

/// One server for all: the driver's classes are compiled once, as in a session.
#[test]
fn leetcode_in_java() {
    if !jdk() {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    functions_lists_trees_and_nodes_by_value(&b, &mut s);
    design_classes_node_kinds_nested_integers_and_apis(&b, &mut s);
    template_nodes_and_classes_without_solution(&b, &mut s);
    compile_errors_at_the_users_lines_and_the_users_prints(&b, &mut s);
    answers_by_their_declared_type(&b, &mut s);
}

fn functions_lists_trees_and_nodes_by_value(b: &Backend, s: &mut Server) {
    let two_sum = "class Solution {\n    public int[] twoSum(int[] nums, int target) {\n        \
Map<Integer, Integer> seen = new HashMap<>();\n        for (int i = 0; ; i++) {\n            \
Integer j = seen.get(target - nums[i]);\n            if (j != null) return new int[] {j, i};\n            \
seen.put(nums[i], i);\n        }\n    }\n}\n";
    passes(
        b,
        s,
        "9201",
        &[("nums = [2,7,11,15], target = 9", "[0,1]"), ("nums = [3,3], target = 6", "[0,1]")],
        two_sum,
    );
    let wrong = "class Solution {\n    public int[] twoSum(int[] nums, int target) {\n        return new int[] {0, 0};\n    }\n}\n";
    let v = java(s, "9201", wrong);
    assert_eq!(v["verdict"], "WA", "{v}");
    assert_eq!(v["samples"][0]["first_difference"]["got"], "[0,0]", "{v}");
    // In place: the first argument after the call; a helper method written first, a stream.
    let rotate = "class Solution {\n    private void flip(int[] a, int i, int j) {\n        \
for (; i < j; i++, j--) { int t = a[i]; a[i] = a[j]; a[j] = t; }\n    }\n    \
public void rotate(int[] nums, int k) {\n        k %= nums.length;\n        flip(nums, 0, nums.length - 1);\n        \
flip(nums, 0, k - 1);\n        flip(nums, k, nums.length - 1);\n        assert IntStream.of(nums).count() > 0;\n    }\n}\n";
    passes(b, s, "9202", &[("nums = [1,2,3,4,5,6,7], k = 3", "[5,6,7,1,2,3,4]")], rotate);
    // In place on an empty tree (114): `[]`, as LeetCode shows it, not `null`.
    let flatten = "class Solution {\n    public void flatten(TreeNode root) {\n        if (root == null) return;\n        \
flatten(root.left);\n        flatten(root.right);\n        TreeNode r = root.right;\n        root.right = root.left;\n        \
root.left = null;\n        while (root.right != null) root = root.right;\n        root.right = r;\n    }\n}\n";
    passes(b, s, "9208", &[("root = [1,2,5]", "[1,null,2,null,5]"), ("root = []", "[]")], flatten);
    // A list in, a list out; the empty list.
    let reverse = "/**\n * Definition for singly-linked list.\n * public class ListNode {\n *     int val;\n *     ListNode next;\n * }\n */\n\
class Solution {\n    public ListNode reverseList(ListNode head) {\n        ListNode prev = null;\n        \
while (head != null) { ListNode n = head.next; head.next = prev; prev = head; head = n; }\n        return prev;\n    }\n}\n";
    passes(b, s, "9203", &[("head = [1,2,3]", "[3,2,1]"), ("head = []", "[]")], reverse);
    // A tree in, a tree out (level order, trailing nulls trimmed).
    let invert = "class Solution {\n    public TreeNode invertTree(TreeNode root) {\n        if (root == null) return null;\n        \
TreeNode l = invertTree(root.left);\n        root.left = invertTree(root.right);\n        root.right = l;\n        return root;\n    }\n}\n";
    passes(b, s, "9204", &[("root = [4,2,7,1,3,6,9]", "[4,7,2,9,6,3,1]"), ("root = [2,1]", "[2,null,1]")], invert);
    // Nodes given by their values, found in the tree; the answer shown as its value.
    let lca = "class Solution {\n    public TreeNode lowestCommonAncestor(TreeNode root, TreeNode p, TreeNode q) {\n        \
if (root == null || root == p || root == q) return root;\n        TreeNode l = lowestCommonAncestor(root.left, p, q);\n        \
TreeNode r = lowestCommonAncestor(root.right, p, q);\n        return l != null && r != null ? root : l != null ? l : r;\n    }\n}\n";
    passes(b, s, "9205", &[("root = [3,5,1,6,2,0,8,null,null,7,4], p = 5, q = 4", "5")], lca);
    // A cycle from `pos`, which is not a parameter.
    let cycle = "public class Solution {\n    public boolean hasCycle(ListNode head) {\n        Set<ListNode> seen = new HashSet<>();\n        \
for (; head != null; head = head.next) if (!seen.add(head)) return true;\n        return false;\n    }\n}\n";
    passes(b, s, "9206", &[("head = [3,2,0,-4], pos = 1", "true"), ("head = [1], pos = -1", "false")], cycle);
    // 237: the node given by value in the list `head`, which the method does not take; the list shown.
    let delete = "class Solution {\n    public void deleteNode(ListNode node) {\n        node.val = node.next.val;\n        \
node.next = node.next.next;\n    }\n}\n";
    passes(b, s, "9207", &[("head = [4,5,1,9], node = 5", "[4,1,9]")], delete);
}

fn design_classes_node_kinds_nested_integers_and_apis(b: &Backend, s: &mut Server) {
    let stack = "class MinStack {\n    private Deque<int[]> s = new ArrayDeque<>();\n\n    public MinStack() {}\n\n    \
public void push(int val) {\n        s.push(new int[] {val, s.isEmpty() ? val : Math.min(val, s.peek()[1])});\n    }\n\n    \
public void pop() {\n        s.pop();\n    }\n\n    public int top() {\n        return s.peek()[0];\n    }\n\n    \
public int getMin() {\n        return s.peek()[1];\n    }\n}\n";
    let calls = "\n[\"MinStack\",\"push\",\"push\",\"push\",\"getMin\",\"pop\",\"top\",\"getMin\"]\n[[],[-2],[0],[-3],[],[],[],[]]";
    passes(b, s, "9211", &[(calls, "[null,null,null,null,-3,null,0,-2]")], stack);
    // An N-ary tree (`children`) and a graph (`neighbors`, 1-based adjacency list), as the
    // template comment defines `Node`.
    let depth = "/*\n// Definition for a Node.\nclass Node {\n    public int val;\n    public List<Node> children;\n};\n*/\n\n\
class Solution {\n    public int maxDepth(Node root) {\n        if (root == null) return 0;\n        int d = 0;\n        \
for (Node c : root.children) d = Math.max(d, maxDepth(c));\n        return d + 1;\n    }\n}\n";
    passes(b, s, "9212", &[("root = [1,null,3,2,4,null,5,6]", "3"), ("root = []", "0")], depth);
    let clone = "/*\nclass Node {\n    public int val;\n    public List<Node> neighbors;\n}\n*/\n\nclass Solution {\n    \
private Map<Node, Node> seen = new HashMap<>();\n\n    public Node cloneGraph(Node node) {\n        \
if (node == null) return null;\n        if (seen.containsKey(node)) return seen.get(node);\n        Node c = new Node(node.val);\n        \
seen.put(node, c);\n        for (Node n : node.neighbors) c.neighbors.add(cloneGraph(n));\n        return c;\n    }\n}\n";
    passes(b, s, "9213", &[("adjList = [[2,4],[1,3],[2,4],[1,3]]", "[[2,4],[1,3],[2,4],[1,3]]")], clone);
    // 430: a multilevel list, shown as LeetCode serialises it; a `child` left set is a WA.
    let flatten = |clear: &str| {
        format!(
            "/*\n// Definition for a Node.\nclass Node {{\n    public int val;\n    public Node prev;\n    public Node next;\n    \
public Node child;\n}};\n*/\n\nclass Solution {{\n    public Node flatten(Node head) {{\n        \
for (Node p = head; p != null; p = p.next) {{\n            if (p.child == null) continue;\n            Node c = p.child;\n            \
while (c.next != null) c = c.next;\n            c.next = p.next;\n            if (p.next != null) p.next.prev = c;\n            \
p.next = p.child;\n            p.child.prev = p;\n{clear}        }}\n        return head;\n    }}\n}}\n"
        )
    };
    let multi = [
        ("head = [1,2,3,4,5,6,null,null,null,7,8,9,10,null,null,11,12]", "[1,2,3,7,8,11,12,9,10,4,5,6]"),
        ("head = [1,2,null,3]", "[1,3,2]"),
        ("head = []", "[]"),
    ];
    passes(b, s, "9219", &multi, &flatten("            p.child = null;\n"));
    assert_eq!(java(s, "9219", &flatten(""))["verdict"], "WA");
    // 341: no class Solution; LeetCode's loop over hasNext/next.
    let flatten = "/**\n * public interface NestedInteger {\n *     public boolean isInteger();\n * }\n */\n\
public class NestedIterator implements Iterator<Integer> {\n    private final Deque<Integer> q = new ArrayDeque<>();\n\n    \
public NestedIterator(List<NestedInteger> nestedList) {\n        walk(nestedList);\n    }\n\n    \
private void walk(List<NestedInteger> l) {\n        for (NestedInteger x : l) {\n            \
if (x.isInteger()) q.add(x.getInteger()); else walk(x.getList());\n        }\n    }\n\n    \
@Override\n    public Integer next() {\n        return q.poll();\n    }\n\n    @Override\n    \
public boolean hasNext() {\n        return !q.isEmpty();\n    }\n}\n";
    passes(
        b,
        s,
        "9214",
        &[("nestedList = [[1,1],2,[1,1]]", "[1,1,2,1,1]"), ("nestedList = [1,[4,[6]]]", "[1,4,6]")],
        flatten,
    );
    // 278: the hidden API built from `bad`.
    let bad = "/* The isBadVersion API is defined in the parent class VersionControl.\n      boolean isBadVersion(int version); */\n\n\
public class Solution extends VersionControl {\n    public int firstBadVersion(int n) {\n        int l = 1, r = n;\n        \
while (l < r) {\n            int m = (l + r) >>> 1;\n            if (isBadVersion(m)) r = m; else l = m + 1;\n        }\n        \
return l;\n    }\n}\n";
    passes(b, s, "9215", &[("n = 5, bad = 4", "4"), ("n = 1, bad = 1", "1")], bad);
}

fn template_nodes_and_classes_without_solution(b: &Backend, s: &mut Server) {
    // A Node kind the judge does not read (`parent`): the template comment's class, built with
    // its parent pointers; `root` is not a parameter, p and q are found in it by value.
    let lca = "/*\n// Definition for a Node.\nclass Node {\n    public int val;\n    public Node left;\n    \
public Node right;\n    public Node parent;\n};\n*/\n\nclass Solution {\n    public Node lowestCommonAncestor(Node p, Node q) {\n        \
Node a = p, b = q;\n        while (a != b) {\n            a = a == null ? q : a.parent;\n            b = b == null ? p : b.parent;\n        }\n        \
return a;\n    }\n}\n";
    passes(b, s, "9216", &[("root = [3,5,1,6,2,0,8,null,null,7,4], p = 5, q = 4", "5")], lca);
    // 297: no class Solution; what the codec encodes, it decodes.
    let codec = "public class Codec {\n    public String serialize(TreeNode root) {\n        \
return root == null ? \"#\" : root.val + \",\" + serialize(root.left) + \",\" + serialize(root.right);\n    }\n\n    \
private int i;\n\n    public TreeNode deserialize(String data) {\n        i = 0;\n        return read(data.split(\",\"));\n    }\n\n    \
private TreeNode read(String[] t) {\n        String x = t[i++];\n        if (x.equals(\"#\")) return null;\n        \
TreeNode n = new TreeNode(Integer.parseInt(x));\n        n.left = read(t);\n        n.right = read(t);\n        return n;\n    }\n}\n";
    passes(b, s, "9217", &[("root = [1,2,3,null,null,4,5]", "[1,2,3,null,null,4,5]"), ("root = []", "[]")], codec);
    // 1628: no class Solution; the tree `TreeBuilder` builds of the postfix tokens is evaluated.
    let builder = "abstract class Node {\n    public abstract int evaluate();\n};\n\nclass Num extends Node {\n    int v;\n    \
Num(int v) { this.v = v; }\n    public int evaluate() { return v; }\n}\n\nclass Op extends Node {\n    char op;\n    Node l, r;\n    \
Op(char op, Node l, Node r) { this.op = op; this.l = l; this.r = r; }\n    public int evaluate() {\n        \
int a = l.evaluate(), b = r.evaluate();\n        return op == '+' ? a + b : op == '-' ? a - b : op == '*' ? a * b : a / b;\n    }\n}\n\n\
class TreeBuilder {\n    Node buildTree(String[] postfix) {\n        Deque<Node> st = new ArrayDeque<>();\n        \
for (String t : postfix) {\n            if (Character.isDigit(t.charAt(0))) { st.push(new Num(Integer.parseInt(t))); continue; }\n            \
Node r = st.pop(), l = st.pop();\n            st.push(new Op(t.charAt(0), l, r));\n        }\n        return st.pop();\n    }\n}\n";
    passes(b, s, "9218", &[("s = [\"3\",\"4\",\"+\",\"2\",\"*\",\"7\",\"/\"]", "2")], builder);
}

fn compile_errors_at_the_users_lines_and_the_users_prints(b: &Backend, s: &mut Server) {
    serve(b, "9221", &[("s = \"abc\"", "\"cba\""), ("s = \"a\"", "\"a\"")]);
    let broken = "class Solution {\n    public String reverse(String s) {\n        return s.reversed()\n    }\n}\n";
    let v = java(s, "9221", broken);
    assert_eq!(v["verdict"], "CE", "{v}");
    let msg = v["compile_error"].as_str().unwrap();
    assert!(msg.contains("Solution.java:3: error: ';' expected"), "{msg}");
    // What the code prints goes to stderr; the answer is still read.
    let noisy = "class Solution {\n    public String reverse(String s) {\n        System.out.println(\"debug \" + s);\n        \
System.out.print(\"[1,2]\");\n        return new StringBuilder(s).reverse().toString();\n    }\n}\n";
    let v = java(s, "9221", noisy);
    assert_eq!(v["verdict"], "AC", "{v}");
    // A runtime error names the user's line.
    let throws = "class Solution {\n    public String reverse(String s) {\n        int[] a = new int[1];\n        \
return \"\" + a[s.length()];\n    }\n}\n";
    let v = java(s, "9221", throws);
    assert_eq!(v["verdict"], "RE", "{v}");
    let err = v["samples"][0]["stderr_tail"].as_str().unwrap_or_default();
    assert!(err.contains("ArrayIndexOutOfBoundsException") && err.contains("Solution.java:4"), "{v}");
    // A class the examples do not call is refused before anything runs.
    let text = s.call_err(
        "test_solution",
        json!({"source": "leetcode", "id": "9221", "language": "java", "code": "class Answer {}"}),
    );
    assert!(text.contains("`class Solution`"), "{text}");
}

/// What LeetCode's Java shows of an answer whose declared type is not the template's: a `List`
/// of any class, a boxed number or boolean, and an integer where the template says `double`.
fn answers_by_their_declared_type(b: &Backend, s: &mut Server) {
    let evens = "class Solution {\n    public ArrayList<Integer> evens(int n) {\n        ArrayList<Integer> a = new ArrayList<>();\n        \
for (int i = 2; i <= n; i += 2) a.add(i);\n        return a;\n    }\n}\n";
    passes(b, s, "9211", &[("n = 4", "[2,4]"), ("n = 1", "[]")], evens);
    let pairs = "class Solution {\n    public LinkedList<List<Integer>> pairs(int n) {\n        LinkedList<List<Integer>> a = new LinkedList<>();\n        \
for (int i = 1; i < n; i++) a.add(Arrays.asList(i, i + 1));\n        return a;\n    }\n}\n";
    passes(b, s, "9212", &[("n = 3", "[[1,2],[2,3]]")], pairs);
    let count = "class Solution {\n    public Integer count(int[] nums) {\n        return nums.length;\n    }\n}\n";
    passes(b, s, "9213", &[("nums = [1,2,3]", "3")], count);
    let even = "class Solution {\n    public Boolean isEven(int n) {\n        return n % 2 == 0;\n    }\n}\n";
    passes(b, s, "9214", &[("n = 4", "true"), ("n = 3", "false")], even);
    let average = "class Solution {\n    public long average(int[] nums) {\n        long s = 0;\n        for (int x : nums) s += x;\n        \
return s / nums.length;\n    }\n}\n";
    passes(b, s, "9215", &[("nums = [2,2]", "2.00000"), ("nums = [1,3,5]", "3.00000")], average);
}
