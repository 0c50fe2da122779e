//! LeetCode in JavaScript and TypeScript through the binary: the code exactly as pasted into
//! LeetCode (`var twoSum = function…` with its JSDoc, `function f(head: ListNode | null)`, design
//! classes by prototype or `class`), with the nodes, hidden APIs and iterators the driver builds;
//! errors at the user's own lines (a syntax error, a type error, a runtime error mapped back to
//! TypeScript); what the code prints kept out of the answer; LeetCode's libraries used where
//! installed and refused by name where not; TypeScript on a stdin problem; a missing `tsc` or
//! `node` named. Skipped without `node` (and without `tsc` for TypeScript: `.ci/run` installs
//! TypeScript into .deps/).

use serde_json::{Value, json};

use crate::harness::Server;
use crate::judge::{have, judge_server, judged};
use crate::judge_verdicts::{leetcode, serve};

fn run(s: &mut Server, language: &str, id: &str, code: &str) -> Value {
    judged(s, json!({"source": "leetcode", "id": id, "language": language, "code": code}))
}

fn ac(s: &mut Server, language: &str, id: &str, code: &str) {
    let v = run(s, language, id, code);
    assert_eq!(v["verdict"], "AC", "{language} {id}: {v}");
}

const TWO_SUM_JS: &str = "/**\n * @param {number[]} nums\n * @param {number} target\n * @return {number[]}\n */\n\
var twoSum = function(nums, target) {\n    console.log('looking', nums);\n    process.stdout.write('[9,9]\\n');\n    \
const seen = new Map();\n    for (let i = 0; i < nums.length; i++) {\n        \
if (seen.has(target - nums[i])) return [seen.get(target - nums[i]), i];\n        seen.set(nums[i], i);\n    }\n};\n\
function unused(a, b, c) { return a; }\n";

#[test]
fn javascript_functions_nodes_and_prints() {
    if !have("node") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    // A plain function; what it prints (console.log, process.stdout.write) is not the answer.
    serve(&b, "leetcode", "9201", &leetcode(&[("nums = [2,7,11,15], target = 9", "[0,1]")]), None);
    ac(&mut s, "javascript", "9201", TWO_SUM_JS);
    let arrow = "const twoSum = (nums, target) => { for (let i = 0; ; i++) for (let j = i + 1; j < nums.length; j++) \
if (nums[i] + nums[j] === target) return [i, j]; };\n";
    ac(&mut s, "javascript", "9201", arrow);
    // In place: nothing returned, the first argument judged.
    serve(&b, "leetcode", "9202", &leetcode(&[("nums = [1,2,3,4,5,6,7], k = 3", "[5,6,7,1,2,3,4]")]), None);
    let rotate = "/**\n * @param {number[]} nums\n * @param {number} k\n * @return {void} Do not return anything.\n */\n\
var rotate = function(nums, k) {\n    k %= nums.length;\n    nums.unshift(...nums.splice(nums.length - k));\n};\n";
    ac(&mut s, "javascript", "9202", rotate);
    // ListNode in and out.
    serve(&b, "leetcode", "9203", &leetcode(&[("head = [1,2,3,4,5]", "[5,4,3,2,1]"), ("head = []", "[]")]), None);
    let reverse = "/**\n * Definition for singly-linked list.\n * function ListNode(val, next) {\n *     this.val = (val===undefined ? 0 : val)\n \
*     this.next = (next===undefined ? null : next)\n * }\n */\n/**\n * @param {ListNode} head\n * @return {ListNode}\n */\n\
var reverseList = function(head) {\n    let prev = null;\n    while (head) [head.next, prev, head] = [prev, head, head.next];\n    \
return prev;\n};\n";
    ac(&mut s, "javascript", "9203", reverse);
    // TreeNode in and out.
    serve(&b, "leetcode", "9204", &leetcode(&[("root = [4,2,7,1,3,6,9]", "[4,7,2,9,6,3,1]")]), None);
    let invert = "/**\n * @param {TreeNode} root\n * @return {TreeNode}\n */\nfunction invertTree(root) {\n    \
if (root) [root.left, root.right] = [invertTree(root.right), invertTree(root.left)];\n    return root;\n}\n";
    ac(&mut s, "javascript", "9204", invert);
    // A node given by its value, shown as its value; a list with a cycle from `pos`.
    let lca = leetcode(&[("root = [3,5,1,6,2,0,8,null,null,7,4], p = 5, q = 4", "5")]);
    serve(&b, "leetcode", "9205", &lca, None);
    let code = "/**\n * @param {TreeNode} root\n * @param {TreeNode} p\n * @param {TreeNode} q\n * @return {TreeNode}\n */\n\
var lowestCommonAncestor = function(root, p, q) {\n    if (!root || root === p || root === q) return root;\n    \
const l = lowestCommonAncestor(root.left, p, q), r = lowestCommonAncestor(root.right, p, q);\n    \
return l && r ? root : l || r;\n};\n";
    ac(&mut s, "javascript", "9205", code);
    let cycle = leetcode(&[("head = [3,2,0,-4], pos = 1", "true"), ("head = [1], pos = -1", "false")]);
    serve(&b, "leetcode", "9206", &cycle, None);
    let code = "/**\n * @param {ListNode} head\n * @return {boolean}\n */\nvar hasCycle = function(head) {\n    \
for (let slow = head, fast = head; fast && fast.next; ) {\n        slow = slow.next; fast = fast.next.next;\n        \
if (slow === fast) return true;\n    }\n    return false;\n};\n";
    ac(&mut s, "javascript", "9206", code);
    // 237: the node given by its value in the list beside it, which is shown.
    serve(&b, "leetcode", "9207", &leetcode(&[("head = [4,5,1,9], node = 5", "[4,1,9]")]), None);
    let code = "/**\n * @param {ListNode} node\n * @return {void}\n */\nvar deleteNode = function(node) {\n    \
node.val = node.next.val;\n    node.next = node.next.next;\n};\n";
    ac(&mut s, "javascript", "9207", code);
}

#[test]
fn javascript_design_node_classes_nested_integers_and_apis() {
    if !have("node") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    let stack = leetcode(&[(
        "\n[\"MinStack\",\"push\",\"push\",\"push\",\"getMin\",\"pop\",\"top\",\"getMin\"]\n[[],[-2],[0],[-3],[],[],[],[]]",
        "[null,null,null,null,-3,null,0,-2]",
    )]);
    serve(&b, "leetcode", "9211", &stack, None);
    let prototype = "var MinStack = function() {\n    this.s = [];\n};\n\n/**\n * @param {number} val\n * @return {void}\n */\n\
MinStack.prototype.push = function(val) {\n    const m = this.s.length ? this.s[this.s.length - 1][1] : val;\n    \
this.s.push([val, Math.min(m, val)]);\n};\nMinStack.prototype.pop = function() {\n    this.s.pop();\n};\n\
MinStack.prototype.top = function() {\n    return this.s[this.s.length - 1][0];\n};\n\
MinStack.prototype.getMin = function() {\n    return this.s[this.s.length - 1][1];\n};\n";
    ac(&mut s, "javascript", "9211", prototype);
    let class = "class MinStack {\n    constructor() { this.s = []; }\n    push(val) { this.s.push([val, \
Math.min(val, this.s.length ? this.getMin() : val)]); }\n    pop() { this.s.pop(); }\n    \
top() { return this.s.at(-1)[0]; }\n    getMin() { return this.s.at(-1)[1]; }\n}\n";
    ac(&mut s, "javascript", "9211", class);
    // N-ary trees as the template's comment defines `_Node`.
    serve(&b, "leetcode", "9212", &leetcode(&[("root = [1,null,3,2,4,null,5,6]", "3")]), None);
    let nary = "/**\n * // Definition for a _Node.\n * function _Node(val,children) {\n *    this.val = val;\n *    \
this.children = children;\n * };\n */\n/**\n * @param {_Node|null} root\n * @return {number}\n */\n\
var maxDepth = function(root) {\n    return root ? 1 + Math.max(0, ...root.children.map(maxDepth)) : 0;\n};\n";
    ac(&mut s, "javascript", "9212", nary);
    // NestedInteger.
    serve(&b, "leetcode", "9213", &leetcode(&[("nestedList = [[1,1],2,[1,1]]", "10")]), None);
    let nested = "/**\n * @param {NestedInteger[]} nestedList\n * @return {number}\n */\nvar depthSum = function(nestedList) {\n    \
const sum = (list, d) => list.reduce((t, x) => t + (x.isInteger() ? x.getInteger() * d : sum(x.getList(), d + 1)), 0);\n    \
return sum(nestedList, 1);\n};\n";
    ac(&mut s, "javascript", "9213", nested);
    // A hidden API built from the example: 278's `solution(isBadVersion)(n)`.
    serve(&b, "leetcode", "9214", &leetcode(&[("n = 5, bad = 4", "4"), ("n = 1, bad = 1", "1")]), None);
    let bad = "/**\n * Definition for isBadVersion()\n * @param {integer} version number\n * @return {boolean}\n */\n\
var solution = function(isBadVersion) {\n    return function(n) {\n        let lo = 1, hi = n;\n        \
while (lo < hi) {\n            const mid = (lo + hi) >>> 1;\n            if (isBadVersion(mid)) hi = mid; else lo = mid + 1;\n        \
}\n        return lo;\n    };\n};\n";
    ac(&mut s, "javascript", "9214", bad);
}

#[test]
fn javascript_errors_name_the_users_lines() {
    if !have("node") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    serve(&b, "leetcode", "9221", &leetcode(&[("nums = [2,7,11,15], target = 9", "[0,1]")]), None);
    let v = run(
        &mut s,
        "javascript",
        "9221",
        "/**\n * @param {number[]} nums\n */\nvar twoSum = function(nums, target) {\n  return [0, 1;\n};\n",
    );
    assert_eq!(v["verdict"], "CE", "{v}");
    let msg = v["compile_error"].as_str().unwrap();
    assert!(msg.contains("solution.js:5") && msg.contains("SyntaxError") && !msg.contains("driver.js"), "{msg}");
    let v = run(
        &mut s,
        "javascript",
        "9221",
        "var twoSum = function(nums, target) {\n  const m = null;\n  return m.get(1);\n};\n",
    );
    assert_eq!(v["verdict"], "RE", "{v}");
    let err = v["samples"][0]["stderr_tail"].as_str().unwrap();
    assert!(err.contains("TypeError") && err.contains("solution.js:3") && !err.contains("driver.js"), "{err}");
}

#[test]
fn javascript_libraries_used_where_installed_and_refused_by_name_where_not() {
    if !have("node") {
        return;
    }
    let root = std::env::temp_dir().join(format!("oj-it-js-libs-{}", std::process::id()));
    let (empty, with) = (root.join("empty"), root.join("with"));
    std::fs::create_dir_all(&empty).unwrap();
    std::fs::create_dir_all(with.join("lodash")).unwrap();
    // A stand-in for lodash: the driver requires the folder the judge found.
    std::fs::write(with.join("lodash/package.json"), "{\"name\": \"lodash\", \"main\": \"index.js\"}").unwrap();
    std::fs::write(with.join("lodash/index.js"), "module.exports = { sum: (a) => a.reduce((x, y) => x + y, 0) };\n")
        .unwrap();
    let code = "/**\n * @param {number[]} nums\n * @return {number}\n */\nvar total = function(nums) {\n    return _.sum(nums);\n};\n";
    let statement = leetcode(&[("nums = [1,2,3]", "6")]);
    let (b, mut s) = judge_server(vec![("OJ_NODE_MODULES", empty.to_string_lossy().into_owned())]);
    serve(&b, "leetcode", "9231", &statement, None);
    let text = s
        .call_err("test_solution", json!({"source": "leetcode", "id": "9231", "language": "javascript", "code": code}));
    assert!(text.contains("`_`") && text.contains("npm install -g lodash@4.17.21") && !text.contains("RE"), "{text}");
    let (b, mut s) = judge_server(vec![("OJ_NODE_MODULES", with.to_string_lossy().into_owned())]);
    serve(&b, "leetcode", "9231", &statement, None);
    ac(&mut s, "javascript", "9231", code);
    let _ = std::fs::remove_dir_all(&root);
}

const MERGE_TS: &str = "/**\n * Definition for singly-linked list.\n * class ListNode {\n *     val: number\n \
*     next: ListNode | null\n * }\n */\n\nfunction mergeTwoLists(list1: ListNode | null, list2: ListNode | null): ListNode | null {\n    \
console.log('merging');\n    const dummy = new ListNode();\n    let cur: ListNode = dummy;\n    while (list1 && list2) {\n        \
if (list1.val <= list2.val) { cur.next = list1; list1 = list1.next; }\n        else { cur.next = list2; list2 = list2.next; }\n        \
cur = cur.next;\n    }\n    cur.next = list1 ?? list2;\n    return dummy.next;\n}\n";

/// Each answer as LeetCode serializes it by the declared return type, where the value returned is
/// another runtime type: a Set, a Map's values, a generator and a typed array where a list is
/// declared (JSON would write `{}`), a number where `boolean` is, a boolean where `number` is; and
/// the function LeetCode calls among others with the same parameters, its JSDoc's types with a
/// helper between them, and a node class of the code's own read by its fields.
#[test]
fn javascript_answers_read_by_the_declared_return_type() {
    if !have("node") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    serve(&b, "leetcode", "9261", &leetcode(&[("nums = [3,1,3,2]", "[3,1,2]")]), None);
    let doc = "/**\n * @param {number[]} nums\n * @return {number[]}\n */\n";
    for body in [
        "var distinct = function(nums) {\n    return new Set(nums);\n};\n",
        "var distinct = function(nums) {\n    const m = new Map();\n    for (const x of nums) m.set(x, x);\n    return m.values();\n};\n",
        "var distinct = function*(nums) {\n    const seen = new Set();\n    for (const x of nums) if (!seen.has(x)) { seen.add(x); yield x; }\n};\n",
        "var distinct = function(nums) {\n    return Int32Array.from(new Set(nums));\n};\n",
    ] {
        ac(&mut s, "javascript", "9261", &format!("{doc}{body}"));
    }
    // Nested: a list of Sets where a list of lists is declared; TypeScript's declared type too.
    serve(&b, "leetcode", "9262", &leetcode(&[("n = 2", "[[0],[0,1]]")]), None);
    let code = "/**\n * @param {number} n\n * @return {number[][]}\n */\nvar prefixes = function(n) {\n    \
const out = [];\n    for (let i = 1; i <= n; i++) out.push(new Set([...Array(i).keys()]));\n    return out;\n};\n";
    ac(&mut s, "javascript", "9262", code);
    // A number where `boolean` is declared, a boolean where `number` is.
    serve(&b, "leetcode", "9263", &leetcode(&[("n = 3", "true"), ("n = 4", "false")]), None);
    let odd =
        "/**\n * @param {number} n\n * @return {boolean}\n */\nvar isOdd = function(n) {\n    return n & 1;\n};\n";
    ac(&mut s, "javascript", "9263", odd);
    serve(&b, "leetcode", "9264", &leetcode(&[("n = 3", "1"), ("n = 4", "0")]), None);
    let bit = "/**\n * @param {number} n\n * @return {number}\n */\nvar lowBit = function(n) {\n    return n % 2 === 1;\n};\n";
    ac(&mut s, "javascript", "9264", bit);
    // The function LeetCode calls, not a helper with the same parameters that it calls (and that
    // the JSDoc above both happens to precede).
    serve(&b, "leetcode", "9265", &leetcode(&[("s = \"aab\"", "1")]), None);
    let helper = "/**\n * @param {string} s\n * @return {number}\n */\n\nvar seen;\n\nfunction count(s) {\n    \
seen = s.length;\n    return seen;\n}\n\nvar minCut = function(s) {\n    return count(s) - 2;\n};\n";
    ac(&mut s, "javascript", "9265", helper);
    // LeetCode's JSDoc, with a helper between it and the function: `p` and `q` are still trees.
    serve(
        &b,
        "leetcode",
        "9266",
        &leetcode(&[("p = [1,2], q = [1,null,2]", "false"), ("p = [1,2], q = [1,2]", "true")]),
        None,
    );
    let far = "/**\n * @param {TreeNode} p\n * @param {TreeNode} q\n * @return {boolean}\n */\nvar same;\n\
function walk(a, b) {\n    if (a === null || b === null) return a === b;\n    \
return a.val === b.val && walk(a.left, b.left) && walk(a.right, b.right);\n}\n\
var isSameTree = function(p, q) {\n    return walk(p, q);\n};\n";
    ac(&mut s, "javascript", "9266", far);
    // A node class of the code's own, read as a list by its fields (TypeScript's types are structural:
    // LeetCode passes its `ListNode` to it).
    serve(&b, "leetcode", "9267", &leetcode(&[("list1 = [1,2,4], list2 = [1,3,4]", "[1,1,2,3,4,4]")]), None);
    let own = "class Link {\n    constructor(val, next) {\n        this.val = val === undefined ? 0 : val;\n        \
this.next = next === undefined ? null : next;\n    }\n}\n/**\n * @param {Link} list1\n * @param {Link} list2\n * @return {Link}\n */\n\
var mergeTwoLists = function(list1, list2) {\n    if (!list1 || !list2) return list1 || list2;\n    \
if (list1.val > list2.val) [list1, list2] = [list2, list1];\n    list1.next = mergeTwoLists(list1.next, list2);\n    return list1;\n};\n";
    ac(&mut s, "javascript", "9267", own);
    // A parameter named before LeetCode renamed it to lower case (`S`), beside a helper taking `s`.
    serve(&b, "leetcode", "9268", &leetcode(&[("s = \"a1\"", "[\"a1\",\"A1\"]")]), None);
    let renamed = "const isLetter = (s) => /[a-z]/i.test(s);\n\
function letterCasePermutation(S) {\n    return isLetter(S[0]) ? [S, S.toUpperCase()] : [S];\n}\n";
    ac(&mut s, "javascript", "9268", renamed);
    if have("tsc") {
        let ts = "function distinct(nums: number[]): number[] {\n    return new Set(nums) as unknown as number[];\n}\n";
        ac(&mut s, "typescript", "9261", ts);
        let own = "class Link {\n    val: number\n    next: Link | null\n    constructor(val?: number, next?: Link | null) {\n        \
this.val = val ?? 0;\n        this.next = next ?? null;\n    }\n}\n\n\
function mergeTwoLists(list1: Link | null, list2: Link | null): Link | null {\n    if (!list1 || !list2) return list1 || list2;\n    \
if (list1.val > list2.val) [list1, list2] = [list2, list1];\n    list1.next = mergeTwoLists(list1.next, list2);\n    return list1;\n}\n";
        ac(&mut s, "typescript", "9267", own);
    }
}

#[test]
fn typescript_type_checked_and_run_through_the_javascript_driver() {
    if !have("node") || !have("tsc") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    serve(&b, "leetcode", "9241", &leetcode(&[("list1 = [1,2,4], list2 = [1,3,4]", "[1,1,2,3,4,4]")]), None);
    let v = run(&mut s, "typescript", "9241", MERGE_TS);
    assert_eq!((v["verdict"].as_str(), v["compile"]["cached"].as_bool()), (Some("AC"), Some(false)), "{v}");
    // A type error is a CE at the user's line; a runtime error is mapped back to the TypeScript.
    let typed = "function mergeTwoLists(list1: ListNode | null, list2: ListNode | null): ListNode | null {\n    \
const n: number = list1;\n    return null;\n}\n";
    let v = run(&mut s, "typescript", "9241", typed);
    assert_eq!(v["verdict"], "CE", "{v}");
    let msg = v["compile_error"].as_str().unwrap();
    assert!(msg.contains("solution.ts(2,11)") && msg.contains("TS2322") && !msg.contains("leetcode.d.ts"), "{msg}");
    let thrown = "type Pair = [number, number];\n\ninterface Box {\n    n: number;\n}\n\n\
function mergeTwoLists(list1: ListNode | null, list2: ListNode | null): ListNode | null {\n    \
const box: Box = null;\n    return box.n ? list1 : list2;\n}\n";
    let v = run(&mut s, "typescript", "9241", thrown);
    let err = v["samples"][0]["stderr_tail"].as_str().unwrap_or("");
    assert!(v["verdict"] == "RE" && err.contains("solution.ts:9"), "{v}");
    // A design class, a node class of the template (`_Node` for N-ary trees), an API declared.
    let stack = leetcode(&[(
        "[\"MinStack\",\"push\",\"push\",\"getMin\",\"pop\",\"getMin\"]\n[[],[-2],[-3],[],[],[]]",
        "[null,null,null,-3,null,-2]",
    )]);
    serve(&b, "leetcode", "9242", &stack, None);
    let class = "class MinStack {\n    private s: number[][] = [];\n    constructor() {}\n    push(val: number): void {\n        \
this.s.push([val, Math.min(val, this.s.length ? this.getMin() : val)]);\n    }\n    pop(): void {\n        this.s.pop();\n    }\n    \
getMin(): number {\n        return this.s[this.s.length - 1][1];\n    }\n}\n";
    ac(&mut s, "typescript", "9242", class);
    serve(&b, "leetcode", "9243", &leetcode(&[("root = [1,null,3,2,4,null,5,6]", "[[1],[3,2,4],[5,6]]")]), None);
    let nary = "/**\n * Definition for _Node.\n * class _Node {\n *     val: number\n *     children: _Node[]\n * }\n */\n\n\
function levelOrder(root: _Node | null): number[][] {\n    const out: number[][] = [];\n    \
for (let level = root ? [root] : []; level.length; level = level.flatMap((n) => n.children)) out.push(level.map((n) => n.val));\n    \
return out;\n}\n";
    ac(&mut s, "typescript", "9243", nary);
    serve(&b, "leetcode", "9244", &leetcode(&[("n = 10, pick = 6", "6")]), None);
    let guess = "/**\n * Forward declaration of guess API.\n * @param {number} num   your guess\n * @return \t -1 if num is higher than the picked number\n \
*/\n\nfunction guessNumber(n: number): number {\n    let lo = 1, hi = n;\n    while (true) {\n        \
const mid = lo + Math.floor((hi - lo) / 2), g = guess(mid);\n        if (g === 0) return mid;\n        \
if (g < 0) hi = mid - 1; else lo = mid + 1;\n    }\n}\n";
    ac(&mut s, "typescript", "9244", guess);
    // 431: a `class Codec`, one object encoding an N-ary tree as a binary one and decoding it.
    serve(&b, "leetcode", "9245", &leetcode(&[("root = [1,null,3,2,4,null,5,6]", "[1,null,3,2,4,null,5,6]")]), None);
    let codec = "/**\n * Definition for _Node.\n * class _Node {\n *     val: number\n *     children: _Node[]\n * }\n */\n\n\
class Codec {\n    kept: _Node | null = null;\n    serialize(root: _Node | null): TreeNode | null {\n        this.kept = root;\n        \
return root && new TreeNode(root.val);\n    }\n    deserialize(root: TreeNode | null): _Node | null {\n        \
return root && this.kept;\n    }\n}\n";
    ac(&mut s, "typescript", "9245", codec);
    // 1628: no function; the tree `TreeBuilder` builds of the postfix tokens is evaluated.
    serve(&b, "leetcode", "9246", &leetcode(&[("s = [\"3\",\"4\",\"+\",\"2\",\"*\",\"7\",\"/\"]", "2")]), None);
    let builder = "abstract class Node {\n    abstract evaluate(): number;\n}\n\nclass Num extends Node {\n    \
constructor(private v: number) { super(); }\n    evaluate(): number { return this.v; }\n}\n\n\
class Op extends Node {\n    constructor(private op: string, private l: Node, private r: Node) { super(); }\n    \
evaluate(): number {\n        const a = this.l.evaluate(), b = this.r.evaluate();\n        \
return this.op === '+' ? a + b : this.op === '-' ? a - b : this.op === '*' ? a * b : Math.trunc(a / b);\n    }\n}\n\n\
class TreeBuilder {\n    buildTree(s: string[]): Node {\n        const st: Node[] = [];\n        for (const t of s) {\n            \
if (/\\d/.test(t)) { st.push(new Num(Number(t))); continue; }\n            const r = st.pop()!, l = st.pop()!;\n            \
st.push(new Op(t, l, r));\n        }\n        return st.pop()!;\n    }\n}\n";
    ac(&mut s, "typescript", "9246", builder);
}

#[test]
fn typescript_on_a_stdin_problem_and_missing_tools_named() {
    if !have("node") {
        return;
    }
    let code = "import * as fs from \"fs\";\nconst [n, m, a]: number[] = fs.readFileSync(0, \"utf8\").trim().split(/\\s+/).map(Number);\n\
console.log(Math.ceil(n / a) * Math.ceil(m / a));\n";
    if have("tsc") {
        let (_b, mut s) = judge_server(vec![]);
        let v = judged(&mut s, json!({"source": "codeforces", "id": "1A", "language": "ts", "code": code}));
        assert_eq!(v["verdict"], "AC", "{v}");
    }
    let (_b, mut s) = judge_server(vec![("OJ_TSC", "no-such-tsc".into())]);
    let text = s
        .call_err("test_solution", json!({"source": "codeforces", "id": "1A", "language": "typescript", "code": code}));
    assert!(
        text.contains("`no-such-tsc`") && text.contains("npm install -g typescript") && text.contains("OJ_TSC"),
        "{text}"
    );
    if have("tsc") {
        let (_b, mut s) = judge_server(vec![("OJ_NODE", "no-such-node".into())]);
        let text = s.call_err(
            "test_solution",
            json!({"source": "codeforces", "id": "1A", "language": "typescript", "code": code}),
        );
        assert!(text.contains("`no-such-node`") && text.contains("OJ_NODE") && text.contains("tsc writes"), "{text}");
    }
}

/// Node problems as another archive (everthis/leetcode-js) writes them, each an `RE` or a `WA`
/// before: a JSDoc naming another parameter (1490's `node` above `function(root)`), an N-ary node
/// given by its value (1516), every node of an N-ary tree as `Node[]` (1506), a JSDoc of one
/// parameter above a parent-pointer function of two (1650), a codec whose methods are class
/// fields given an empty tree (428: `[]`, not `null`).
#[test]
fn node_problems_as_another_archive_writes_them() {
    if !have("node") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    let nary = "/**\n * // Definition for a Node.\n * function Node(val, children) {\n *    this.val = val === undefined ? 0 : val;\n \
*    this.children = children === undefined ? [] : children;\n * };\n */\n\n";
    serve(&b, "leetcode", "9271", &leetcode(&[("root = [1,null,3,2,4,null,5,6]", "[1,null,3,2,4,null,5,6]")]), None);
    let clone = "/**\n * @param {Node} node\n * @return {Node}\n */\nconst cloneTree = function(root) {\n  if (root == null) return null\n  \
const node = new Node(root.val)\n  for (let i = 0; i < root.children.length; i++) node.children.push(cloneTree(root.children[i]))\n  return node\n};\n";
    ac(&mut s, "javascript", "9271", &format!("{nary}{clone}"));
    serve(
        &b,
        "leetcode",
        "9272",
        &leetcode(&[("root = [1,null,2,3,null,4], p = 4, q = 2", "[1,null,2,3,null,4]")]),
        None,
    );
    let child = "/**\n * @param {Node} root\n * @param {Node} p\n * @param {Node} q\n * @return {Node}\n */\n\
function moveSubTree(root, p, q) {\n  for (const c of q.children) if (c === p) return root\n  return null\n}\n";
    ac(&mut s, "javascript", "9272", &format!("{nary}{child}"));
    serve(&b, "leetcode", "9273", &leetcode(&[("tree = [1,null,3,2,4,null,5,6]", "[1,null,3,2,4,null,5,6]")]), None);
    let root = "/**\n * @param {Node[]} tree\n * @return {Node}\n */\nconst findRoot = function(tree) {\n  let sum = 0\n  \
for (const n of tree) {\n    sum += n.val\n    for (const c of n.children) sum -= c.val\n  }\n  return tree.find((n) => n.val === sum)\n};\n";
    ac(&mut s, "javascript", "9273", &format!("{nary}{root}"));
    serve(&b, "leetcode", "9274", &leetcode(&[("root = [3,5,1,6,2,0,8,null,null,7,4], p = 5, q = 4", "5")]), None);
    let lca = "/**\n * // Definition for a Node.\n * function Node(val) {\n *    this.val = val;\n *    this.left = null;\n \
*    this.right = null;\n *    this.parent = null;\n * };\n */\n\n/**\n * @param {Node} node\n * @return {Node}\n */\n\
const lowestCommonAncestor = function(p, q) {\n  const seen = new Set()\n  for (let a = p; a; a = a.parent) seen.add(a)\n  \
for (let b = q; b; b = b.parent) if (seen.has(b)) return b\n  return null\n};\n";
    ac(&mut s, "javascript", "9274", lca);
    serve(&b, "leetcode", "9275", &leetcode(&[("root = [1,null,3,2,4]", "[1,null,3,2,4]"), ("root = []", "[]")]), None);
    let codec = "class Codec {\n  constructor() {}\n  // Encodes a tree to a single string.\n  serialize = function(root) {\n    \
return JSON.stringify(root)\n  }\n  // Decodes your encoded data to tree.\n  deserialize = function(data) {\n    \
return JSON.parse(data)\n  }\n}\n";
    ac(&mut s, "javascript", "9275", &format!("{nary}{codec}"));
}
