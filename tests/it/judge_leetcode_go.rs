//! LeetCode in Go: the code exactly as pasted into LeetCode (top-level functions, no package
//! clause, no imports), run through the Go driver on synthetic statements: a plain function, an
//! in-place one, lists and trees in and out, a node given by its value, a cycle from `pos`, a
//! design class, an N-ary `Node`, NestedInteger, a hidden API, a compile error on the user's
//! line, and the user's own prints beside the answer. One server for all, with a Go build cache
//! kept under target/: the first build ever compiles the standard library (a minute on a busy
//! machine), later ones only the driver's package, once per session.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::harness::Server;
use crate::judge::{have, judge_server, judged};
use crate::judge_verdicts::{leetcode, serve};

fn go(s: &mut Server, id: &str, code: &str) -> Value {
    judged(s, json!({"source": "leetcode", "id": id, "language": "go", "code": code}))
}

/// The session's first call, which builds the driver's package (and, the first time ever, the
/// standard library): waited for longer than the harness waits.
fn first(s: &mut Server, id: &str, code: &str) -> Value {
    let args = json!({"source": "leetcode", "id": id, "language": "go", "code": code});
    s.send(&json!({"jsonrpc": "2.0", "id": "first", "method": "tools/call", "params": {"name": "test_solution", "arguments": args}}));
    let deadline = Instant::now() + Duration::from_secs(600);
    while Instant::now() < deadline {
        if let Some(v) = s.try_recv(Duration::from_secs(5))
            && v["id"] == "first"
        {
            if v["result"]["isError"] == true {
                panic!("the first Go call failed: {v}");
            }
            return v["result"]["structuredContent"].clone();
        }
    }
    panic!("no reply to the first Go build; stderr:\n{}", s.stderr());
}

/// A problem's examples, as `(input, output)`.
type Examples = &'static [(&'static str, &'static str)];

/// Each problem: its examples, the Go code, the verdict expected.
const CASES: &[(Examples, &str, &str)] = &[
    (
        &[("nums = [2,7,11,15], target = 9", "[0,1]"), ("nums = [3,2,4], target = 6", "[1,2]")],
        "func twoSum(nums []int, target int) []int {\n\tseen := map[int]int{}\n\tfor i, x := range nums {\n\
\t\tif j, ok := seen[target-x]; ok {\n\t\t\treturn []int{j, i}\n\t\t}\n\t\tseen[x] = i\n\t}\n\treturn nil\n}\n",
        "AC",
    ),
    (
        &[("nums = [2,7,11,15], target = 9", "[0,1]")],
        "func twoSum(nums []int, target int) []int {\n\treturn []int{1, 2}\n}\n",
        "WA",
    ),
    // In place: the first argument after the call; `sort` imported because the code uses it.
    (
        &[("nums = [0,1,0,3,12]", "[1,3,12,0,0]")],
        "func moveZeroes(nums []int) {\n\tsort.SliceStable(nums, func(i, j int) bool { return nums[i] != 0 && nums[j] == 0 })\n}\n",
        "AC",
    ),
    (
        &[("head = [1,2,3,4,5]", "[5,4,3,2,1]"), ("head = []", "[]")],
        "/**\n * Definition for singly-linked list.\n * type ListNode struct {\n *     Val int\n *     Next *ListNode\n * }\n */\n\
func reverseList(head *ListNode) *ListNode {\n\tvar prev *ListNode\n\tfor head != nil {\n\
\t\thead.Next, prev, head = prev, head, head.Next\n\t}\n\treturn prev\n}\n",
        "AC",
    ),
    (
        &[("root = [4,2,7,1,3,6,9]", "[4,7,2,9,6,3,1]"), ("root = [2,1]", "[2,null,1]")],
        "func invertTree(root *TreeNode) *TreeNode {\n\tif root != nil {\n\
\t\troot.Left, root.Right = invertTree(root.Right), invertTree(root.Left)\n\t}\n\treturn root\n}\n",
        "AC",
    ),
    // A node given by its value, shown as its value.
    (
        &[("root = [3,5,1,6,2,0,8,null,null,7,4], p = 5, q = 4", "5")],
        "func lowestCommonAncestor(root, p, q *TreeNode) *TreeNode {\n\tif root == nil || root == p || root == q {\n\
\t\treturn root\n\t}\n\tl, r := lowestCommonAncestor(root.Left, p, q), lowestCommonAncestor(root.Right, p, q)\n\
\tif l != nil && r != nil {\n\t\treturn root\n\t}\n\tif l != nil {\n\t\treturn l\n\t}\n\treturn r\n}\n",
        "AC",
    ),
    (
        &[("head = [3,2,0,-4], pos = 1", "true"), ("head = [1], pos = -1", "false")],
        "func hasCycle(head *ListNode) bool {\n\tseen := map[*ListNode]bool{}\n\tfor ; head != nil; head = head.Next {\n\
\t\tif seen[head] {\n\t\t\treturn true\n\t\t}\n\t\tseen[head] = true\n\t}\n\treturn false\n}\n",
        "AC",
    ),
    (
        &[(
            "\n[\"MinStack\",\"push\",\"push\",\"push\",\"getMin\",\"pop\",\"top\",\"getMin\"]\n[[],[-2],[0],[-3],[],[],[],[]]",
            "[null,null,null,null,-3,null,0,-2]",
        )],
        "type MinStack struct {\n\ts, m []int\n}\n\nfunc Constructor() MinStack {\n\treturn MinStack{}\n}\n\n\
func (this *MinStack) Push(val int) {\n\tthis.s = append(this.s, val)\n\tif len(this.m) > 0 {\n\
\t\tval = min(val, this.m[len(this.m)-1])\n\t}\n\tthis.m = append(this.m, val)\n}\n\n\
func (this *MinStack) Pop() {\n\tthis.s, this.m = this.s[:len(this.s)-1], this.m[:len(this.m)-1]\n}\n\n\
func (this *MinStack) Top() int {\n\treturn this.s[len(this.s)-1]\n}\n\n\
func (this *MinStack) GetMin() int {\n\treturn this.m[len(this.m)-1]\n}\n",
        "AC",
    ),
    // An N-ary tree, LeetCode's `Node` taken from the template's comment.
    (
        &[("root = [1,null,3,2,4,null,5,6]", "3")],
        "/**\n * Definition for a Node.\n * type Node struct {\n *     Val int\n *     Children []*Node\n * }\n */\n\n\
func maxDepth(root *Node) int {\n\tif root == nil {\n\t\treturn 0\n\t}\n\td := 0\n\tfor _, c := range root.Children {\n\
\t\td = max(d, maxDepth(c))\n\t}\n\treturn d + 1\n}\n",
        "AC",
    ),
    (
        &[("nestedList = [[1,1],2,[1,1]]", "10"), ("nestedList = [1,[4,[6]]]", "27")],
        "/**\n * // This is the interface that allows for creating nested lists.\n * type NestedInteger struct {\n * }\n */\n\
func depthSum(nestedList []*NestedInteger) int {\n\tvar dfs func([]*NestedInteger, int) int\n\
\tdfs = func(l []*NestedInteger, d int) (s int) {\n\t\tfor _, x := range l {\n\t\t\tif x.IsInteger() {\n\
\t\t\t\ts += x.GetInteger() * d\n\t\t\t} else {\n\t\t\t\ts += dfs(x.GetList(), d+1)\n\t\t\t}\n\t\t}\n\t\treturn\n\t}\n\
\treturn dfs(nestedList, 1)\n}\n",
        "AC",
    ),
    (
        &[("n = 5, bad = 4", "4"), ("n = 1, bad = 1", "1")],
        "/**\n * Forward declaration of isBadVersion API.\n * func isBadVersion(version int) bool;\n */\n\n\
func firstBadVersion(n int) int {\n\treturn sort.Search(n, func(i int) bool { return isBadVersion(i + 1) }) + 1\n}\n",
        "AC",
    ),
    // The user's prints go to stderr: the answer is still the driver's.
    (
        &[("s = \"hello\"", "\"olleh\"")],
        "func reverseWords(s string) string {\n\tfmt.Println(\"debug\", len(s))\n\tb := []byte(s)\n\
\tslices.Reverse(b)\n\treturn string(b)\n}\n",
        "AC",
    ),
    // 271: a codec without `Constructor` (LeetCode writes `var codec Codec`), its zero value.
    (
        &[("dummy_input = [\"Hello\",\"World\"]", "[\"Hello\",\"World\"]")],
        "type Codec struct {\n}\n\nfunc (codec *Codec) Encode(strs []string) string {\n\treturn strings.Join(strs, \"\\x00\")\n}\n\n\
func (codec *Codec) Decode(s string) []string {\n\treturn strings.Split(s, \"\\x00\")\n}\n",
        "AC",
    ),
    // Answers as LeetCode shows them by their declared type's kind: a named slice type, a nil slice
    // (`[]`, not JSON's `null`), also inside a list, and a named int.
    (
        &[("nums = [3,1,2]", "[[],[1],[1,2],[1,2,3]]"), ("nums = []", "[[]]")],
        "type Rows [][]int\n\nfunc prefixes(nums []int) Rows {\n\tsort.Ints(nums)\n\t\
out := Rows{nil}\n\tfor i := range nums {\n\t\tout = append(out, nums[:i+1])\n\t}\n\treturn out\n}\n",
        "AC",
    ),
    (
        &[("nums = [1,2,3]", "[]"), ("nums = [4]", "[4]")],
        "type Ints []int\n\nfunc evens(nums []int) Ints {\n\tvar out Ints\n\tfor _, x := range nums {\n\t\t\
if x%2 == 0 && x > 2 {\n\t\t\tout = append(out, x)\n\t\t}\n\t}\n\treturn out\n}\n",
        "AC",
    ),
    (&[("n = 5", "2")], "type Count int\n\nfunc half(n int) Count {\n\treturn Count(n / 2)\n}\n", "AC"),
    // In place on a tree, and no tree at all: `[]` as LeetCode shows it, not `null`.
    (
        &[("root = [1,2,5,3,4,null,6]", "[1,null,2,null,3,null,4,null,5,null,6]"), ("root = []", "[]")],
        "func flatten(root *TreeNode) {\n\tfor ; root != nil; root = root.Right {\n\t\tif root.Left != nil {\n\t\t\t\
p := root.Left\n\t\t\tfor p.Right != nil {\n\t\t\t\tp = p.Right\n\t\t\t}\n\t\t\tp.Right = root.Right\n\t\t\t\
root.Right = root.Left\n\t\t\troot.Left = nil\n\t\t}\n\t}\n}\n",
        "AC",
    ),
    // 535: what `decode` gives back is what the same object's `encode` kept.
    (
        &[(
            "url = \"https://leetcode.com/problems/design-tinyurl\"",
            "\"https://leetcode.com/problems/design-tinyurl\"",
        )],
        "type Codec struct {\n\tm   map[int]string\n\tidx int\n}\n\nfunc Constructor() Codec {\n\treturn Codec{map[int]string{}, 0}\n}\n\n\
func (this *Codec) encode(longUrl string) string {\n\tthis.idx++\n\tthis.m[this.idx] = longUrl\n\t\
return \"http://tinyurl.com/\" + strconv.Itoa(this.idx)\n}\n\nfunc (this *Codec) decode(shortUrl string) string {\n\t\
v, _ := strconv.Atoi(shortUrl[strings.LastIndexByte(shortUrl, '/')+1:])\n\treturn this.m[v]\n}\n",
        "AC",
    ),
];

#[test]
fn leetcode_go_problems_through_the_driver() {
    if !have("go") {
        return;
    }
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("go-build");
    let (b, mut s) = judge_server(vec![("GOCACHE", cache.to_string_lossy().into_owned())]);
    for (i, (examples, code, verdict)) in CASES.iter().enumerate() {
        let id = format!("{}", 9300 + i);
        serve(&b, "leetcode", &id, &leetcode(examples), None);
        let v = if i == 0 { first(&mut s, &id, code) } else { go(&mut s, &id, code) };
        assert_eq!(v["verdict"], *verdict, "case {i}: {v}");
    }
    // LeetCode's third-party gods, where Debian's package put it on the Go path.
    if Path::new("/usr/share/gocode/src/github.com/emirpasic/gods").is_dir() {
        serve(&b, "leetcode", "9399", &leetcode(&[("nums = [5,1,4]", "[1,4,5]")]), None);
        let code = "func sorted(nums []int) (ans []int) {\n\tt := redblacktree.NewWithIntComparator()\n\
\tfor _, x := range nums {\n\t\tt.Put(x, nil)\n\t}\n\tfor _, k := range t.Keys() {\n\t\tans = append(ans, k.(int))\n\t}\n\treturn\n}\n";
        assert_eq!(go(&mut s, "9399", code)["verdict"], "AC");
    } else {
        eprintln!("skipping gods: golang-github-emirpasic-gods-dev is not installed");
    }
    // A compile error names the user's line, not the driver's.
    let code = "func twoSum(nums []int, target int) []int {\n\tx := 1\n\treturn nums\n}\n";
    let v = go(&mut s, "9300", code);
    assert_eq!(v["verdict"], "CE", "{v}");
    let text = v.to_string();
    assert!(text.contains("solution.go:2:2") && text.contains("declared and not used"), "{v}");
}
