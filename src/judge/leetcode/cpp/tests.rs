use super::*;
use crate::judge::leetcode::kind::Extras;

fn names(n: &[&str]) -> Vec<String> {
    n.iter().map(|s| s.to_string()).collect()
}

fn shape(n: &[&str]) -> Shape {
    Shape { names: names(n), ..Shape::default() }
}

fn main_cpp(d: &Driver) -> &str {
    &d.files[1].1
}

const TWO_SUM: &str = "class Solution {\npublic:\n    vector<int> twoSum(vector<int>& nums, int target) {\n\
        return helper(nums, target);\n    }\n    vector<int> helper(vector<int>& nums, int target) { return {}; }\n};\n";

#[test]
fn the_files_the_commands_and_the_call() {
    let d = driver(TWO_SUM, &shape(&["nums", "target"]), &["no-such-compiler".into()]).unwrap();
    assert_eq!(d.files[0], ("solution.cpp".into(), TWO_SUM.into()));
    let main = main_cpp(&d);
    // The user's code starts at line 1 of solution.cpp for the compiler.
    assert!(main.contains(&format!("#line 1 \"solution.cpp\"\n{TWO_SUM}")), "{main}");
    assert!(main.find("struct ListNode").unwrap() < main.find("#line 1 \"solution.cpp\"").unwrap());
    // LeetCode's usual classes are in the prelude too, `block.h`, whose guard skips main.cpp's.
    assert!(main.starts_with("#line 1 \"leetcode-prelude.cpp\"\n#ifndef OJ_LC_CLASSES\nstruct ListNode"));
    let block = &d.files[2];
    assert!(block.0 == "block.h" && block.1.contains("#define OJ_LC_HPP") && block.1.contains("struct ListNode"));
    assert!(block.1.contains("#define OJ_LC_CLASSES\nstruct ListNode") && block.1.contains("struct TreeNode"));
    // There the classes' readers and writers are declared, and defined in lc.o (not inline in
    // the prelude, whose every build would instantiate the node templates again).
    assert!(block.1.contains("\nvoid lc_read(const oj_leetcode::J& j, TreeNode*& n);\n"), "{}", block.1);
    assert!(!block.1.contains("inline void lc_read(const oj_leetcode::J& j, ListNode*& n)"));
    let object = &d.shared.as_ref().unwrap().files[1].1;
    assert!(object.ends_with(
        "#ifdef OJ_LC_CLASSES\nvoid lc_read(const oj_leetcode::J& j, ListNode*& n) { n = \
oj_leetcode::read_node<ListNode>(j, oj_leetcode::build_list<ListNode>); }\nvoid lc_show(std::string& o, ListNode* n) \
{ oj_leetcode::show_list(o, n); }\nvoid lc_read(const oj_leetcode::J& j, TreeNode*& n) { n = \
oj_leetcode::read_node<TreeNode>(j, oj_leetcode::build_tree<TreeNode>); }\nvoid lc_show(std::string& o, TreeNode* n) \
{ oj_leetcode::show_tree(o, n); }\n#endif\n"
    ));
    // main.cpp's own copy (read where the prelude is not precompiled) stays inline.
    assert!(main.contains("inline void lc_show(std::string& o, TreeNode* n)"));
    // The helper has the same parameters, but the method calls it: the method is the one called.
    assert!(
        main.contains("oj_leetcode::run_function<Solution, void>(&Solution::twoSum, {\"nums\", \"target\"})"),
        "{main}"
    );
    assert!(d.compile.contains(&"{shared}/lc.hpp".to_string()) && d.compile.contains(&"-std=gnu++17".to_string()));
    assert!(d.compile.ends_with(&names(&["main.cpp", "{shared}/lc.o"])));
    assert_eq!(d.run, [format!("{{dir}}/{EXE}")]);
    let shared = d.shared.unwrap();
    assert_eq!(shared.files.iter().map(|f| f.0.as_str()).collect::<Vec<_>>(), ["lc.hpp", "lc.cpp"]);
    assert!(shared.compile.ends_with(&names(&["-c", "-x", "c++-header", "lc.hpp", "-x", "c++", "lc.cpp"])));
    // What is precompiled: the command without the object's words, the prelude, lc.cpp's files.
    let d = driver(TWO_SUM, &shape(&["nums", "target"]), &["no-such-compiler".into()]).unwrap();
    let p = precompiled(&d).unwrap();
    // The faster linker, where this machine has one, is the last of our words.
    let tail: Vec<String> = ["-O2", "-pipe"].into_iter().chain(toolchain::linker()).map(String::from).collect();
    assert!(p.command.ends_with(&tail), "{:?}", p.command);
    assert_eq!((p.block, p.files.len()), (d.files[2].1.as_str(), 2));
    assert_eq!((p.source, p.header), ("lc.cpp", "{shared}/lc.hpp"));
    // Code that defines ListNode itself: the prelude has only TreeNode.
    let own = format!("struct ListNode {{ int val; ListNode* next; }};\n{TWO_SUM}");
    let d = driver(&own, &shape(&["nums", "target"]), &["x".into()]).unwrap();
    assert!(!d.files[2].1.contains("struct ListNode") && d.files[2].1.contains("struct TreeNode"));
}

#[test]
fn explicit_this_from_the_compilers_version() {
    assert!(lacks_explicit_this(compiler("g++ (Debian 12.2.0-14+deb12u1) 12.2.0")));
    assert!(!lacks_explicit_this(compiler("g++ (GCC) 14.2.1 20240912")));
    assert!(!lacks_explicit_this(compiler("Debian clang version 19.1.7 (3~deb12u1)")) && !lacks_explicit_this(None));
}

#[test]
fn the_method_by_names_then_count() {
    let code = "class Solution {\n    int dfs(TreeNode* root, int d) { return 0; }\npublic:\n\
    int maxDepth(TreeNode* root) { return dfs(root, 0); }\n    int maxDepth(TreeNode* root, int d) { return d; }\n};";
    let d = driver(code, &shape(&["root"]), &["x".into()]).unwrap();
    // Overloaded: the member pointer is cast to the one taking the example's arguments.
    assert!(
        main_cpp(&d).contains(
            "oj_leetcode::run_function<Solution, TreeNode>(static_cast<int (Solution::*)(TreeNode*)>(&Solution::maxDepth), {\"root\"})"
        ),
        "{}",
        main_cpp(&d)
    );
    // Names that differ from the parameters': by count.
    let code = "struct Solution { bool f(ListNode* h) { return g(h); } static bool g(ListNode* x) { return x; } };";
    let d = driver(code, &shape(&["head", "pos"]), &["x".into()]).unwrap();
    assert!(main_cpp(&d).contains("run_function<Solution, ListNode>(&Solution::f, {\"h\"})"), "{}", main_cpp(&d));
    let err = driver("class Foo {};", &shape(&["x"]), &["x".into()]).unwrap_err();
    assert!(err.contains("no `class Solution`"), "{err}");
    // An older signature that takes an argument the examples do not give (2901's `int n`):
    // refused, naming it; a parameter with a default value is not needed.
    let old = "class Solution {\npublic:\n    vector<string> get(int n, vector<string>& words, vector<int>& groups) { return words; }\n};";
    let err = driver(old, &shape(&["words", "groups"]), &["x".into()]).unwrap_err();
    assert!(err.contains("takes 3 arguments") && err.contains("none gives `n`") && err.contains("signature"), "{err}");
    let defaulted = "class Solution {\npublic:\n    int f(vector<int>& nums, int from = 0) { return from; }\n};";
    assert!(driver(defaulted, &shape(&["nums"]), &["x".into()]).is_ok());
}

#[test]
fn design_classes_iterators_and_codecs() {
    let code = "class NumArray {\n    vector<int>& v;\npublic:\n    NumArray(vector<int>& nums) : v(nums) {}\n\
    NumArray(const NumArray& o) = default;\n    int sumRange(int l, int r) { return 0; }\n    void update(int i, int x) {}\n\
    void update(int i) {}\n};";
    let design = Shape { design: Some(("NumArray".into(), names(&["NumArray", "sumRange", "update"]))), ..shape(&[]) };
    let d = driver(code, &design, &["x".into()]).unwrap();
    let main = main_cpp(&d);
    assert!(main.contains("oj_leetcode::run_design<NumArray, vector<int>&>("), "{main}");
    assert!(
        main.contains("if (m == \"sumRange\") return oj_leetcode::invoke(&NumArray::sumRange, o, a, out), true;"),
        "{main}"
    );
    assert!(main.contains(
        "if (m == \"update\" && a.size() == 1) return oj_leetcode::invoke(static_cast<void (NumArray::*)(int)>(&NumArray::update)"
    ));
    let bad = Shape { design: Some(("Num Array".into(), names(&["Num Array"]))), ..shape(&[]) };
    assert!(driver(code, &bad, &["x".into()]).is_err());
    let it = "class NestedIterator {\npublic:\n    NestedIterator(vector<NestedInteger> &nestedList) {}\n\
    int next() { return 0; }\n    bool hasNext() { return false; }\n};";
    let main = driver(it, &shape(&["nestedList"]), &["x".into()]).unwrap().files[1].1.clone();
    assert!(main.contains("oj_leetcode::run_iterator<NestedIterator, vector<NestedInteger> &>()"), "{main}");
    assert!(main.contains("class NestedInteger {"));
    let codec = "class Codec {\npublic:\n    string serialize(TreeNode* root) { return \"\"; }\n\
    TreeNode* deserialize(string data) { return nullptr; }\n};";
    let main = driver(codec, &shape(&["root"]), &["x".into()]).unwrap().files[1].1.clone();
    assert!(main.contains("oj_leetcode::run_codec<Codec>(&Codec::serialize, &Codec::deserialize)"), "{main}");
    // 1900: private helpers named `encode` and `decode` do not make `Solution` a codec.
    let helpers = "class Solution {\npublic:\n    vector<int> rounds(int n) { return decode(encode(n, n)); }\n\
private:\n    int encode(int x, int y) { return x << 8 | y; }\n    vector<int> decode(int v) { return {v >> 8, v & 255}; }\n};";
    let main = driver(helpers, &shape(&["n"]), &["x".into()]).unwrap().files[1].1.clone();
    assert!(main.contains("oj_leetcode::run_function<Solution, void>(&Solution::rounds, {\"n\"})"), "{main}");
}

#[test]
fn node_kinds_apis_and_what_the_code_defines_itself() {
    let nary = "/*\nclass Node {\npublic:\n    int val;\n    vector<Node*> children;\n};\n*/\n\
class Solution {\npublic:\n    int maxDepth(Node* root) { return 0; }\n};";
    let extras = Extras { node: Some(NodeKind::Nary), ..Extras::default() };
    let d = driver(nary, &Shape { extras: extras.clone(), ..shape(&["root"]) }, &["x".into()]).unwrap();
    assert!(main_cpp(&d).contains("oj_leetcode::build_nary<Node>"));
    let err = driver(nary, &shape(&["root"]), &["x".into()]).unwrap_err();
    assert!(err.contains("`Node` class"), "{err}");
    // A trie's own `Node`, and the code's own TreeNode: not defined again.
    let own = "struct Node { Node* children[26]; };\nstruct TreeNode { int v; };\nclass Solution { public: int f(int n) { return n; } };";
    let d = driver(own, &Shape { extras, ..shape(&["n"]) }, &["x".into()]).unwrap();
    assert!(!main_cpp(&d).contains("class Node") && !main_cpp(&d).contains("struct TreeNode {\n    int val"));
    let bad = "// The API isBadVersion is defined for you.\nclass Solution {\npublic:\n    int firstBadVersion(int n) { return n; }\n};";
    let extras = Extras { api: Some(("isBadVersion", "bad")), ..Extras::default() };
    let d = driver(bad, &Shape { extras, ..shape(&["n", "bad"]) }, &["x".into()]).unwrap();
    assert!(main_cpp(&d).contains("bool isBadVersion(int version)"));
    assert!(!main_cpp(&d).contains("class Iterator"));
}

#[test]
fn sections_of_the_prelude() {
    assert!(section("ListNode").starts_with("struct ListNode {") && !section("ListNode").contains("//@"));
    assert!(section("MountainArray").contains("int length()"));
    assert_eq!(section("nothing"), "");
}

#[test]
fn the_precompiled_classes_declare_what_lc_o_defines() {
    let text = "struct A {};\ninline void lc_show(std::string& o, A* n) { f(o, n); }\ninline void g(A* a) {\n}\n";
    let (declared, defined) = linked(text);
    assert_eq!(declared, "struct A {};\nvoid lc_show(std::string& o, A* n);\ninline void g(A* a) {\n}\n");
    assert_eq!(defined, "void lc_show(std::string& o, A* n) { f(o, n); }\n");
    assert_eq!(linked(""), (String::new(), String::new()));
}
