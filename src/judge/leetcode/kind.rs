//! What kind of LeetCode problem this is, decided before anything runs: a function or a design
//! problem the drivers run, with the node classes and hidden APIs they build from the example;
//! or a kind they cannot judge (SQL, pandas, shell, concurrency, an API the example does not
//! spell out), said by name with the next step, never blamed on the program.

use serde_json::Value;

use super::node::{self, NodeKind};
use super::source;
use crate::judge::toolchain::Lang;

/// A hidden API that the example spells out, which the drivers build from its data.
pub(crate) const BUILT_APIS: &[(&str, &str)] =
    &[("isBadVersion", "bad"), ("guess", "pick"), ("knows", "graph"), ("MountainArray", "mountainArr")];

/// Hidden APIs no driver builds (their data is not in the example, or it is an interaction).
const OTHER_APIS: &[&str] = &[
    "read4",
    "ArrayReader",
    "BinaryMatrix",
    "Master",
    "Robot",
    "HtmlParser",
    "CustomFunction",
    "ImmutableListNode",
    "GridMaster",
    "FontInfo",
    "Sea",
    "NestedIterator",
    "PeekingIterator",
    "Relation",
    "rand7",
    "commonSetBits",
    "commonBits",
    "InfiniteStream",
    "Street",
    "CategoryHandler",
    "BigArray",
    "InfiniteStream",
];

/// Hidden APIs whose name in the statement is enough (code without the template's comment that
/// names them): the others are also words of other problems' statements (2751's robots, 2039's
/// master server) or classes to write (341, 284).
fn named_by_statement(name: &str) -> bool {
    !matches!(name, "Master" | "Robot" | "Relation" | "NestedIterator" | "PeekingIterator")
}

/// What the drivers get besides the call, for the whole problem.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Extras {
    /// The problem's `Node` class, decided once (`node::decide`).
    pub(crate) node: Option<NodeKind>,
    /// The API built from the example and the argument that holds its data.
    pub(crate) api: Option<(&'static str, &'static str)>,
    /// `NestedInteger` arguments or results.
    pub(crate) nested: bool,
    /// The code's own node classes as the LeetCode class each is (`node::own_classes`), for the
    /// JavaScript driver.
    pub(crate) classes: Vec<(String, &'static str)>,
}

impl Extras {
    /// The fields added to each call's JSON (`example::to_stdin`).
    pub(crate) fn fields(&self) -> Vec<(&'static str, Value)> {
        let mut v = Vec::new();
        if let Some(n) = self.node {
            v.push(("node", json!(n.name())));
        }
        if let Some((api, arg)) = self.api {
            v.push(("api", json!({ "name": api, "arg": arg })));
        }
        if self.nested {
            v.push(("nested", json!(true)));
        }
        if !self.classes.is_empty() {
            v.push(("classes", Value::Object(self.classes.iter().map(|(n, c)| (n.clone(), json!(c))).collect())));
        }
        v
    }
}

/// The problem's category (the backend's `category`), its statement as Markdown, and the code.
pub(crate) fn classify(category: Option<&str>, statement: &str, code: &str, lang: Lang) -> Result<Extras, String> {
    unjudgeable(category, statement, code)?;
    let api = BUILT_APIS.iter().copied().find(|(name, _)| mentions(code, name) || mentions(statement, name));
    if api.is_none()
        && let Some(other) = OTHER_APIS.iter().find(|name| {
            (mentions(code, name) || named_by_statement(name) && mentions(statement, name))
                && !defines(code, name, lang)
        })
    {
        return Err(format!(
            "This LeetCode problem calls a hidden API (`{other}`) whose behaviour the examples do not spell out as \
data: it cannot be judged locally. Test the logic with a stub of `{other}` of your own, through `command`, or on \
LeetCode."
        ));
    }
    let node = node::decide(statement, code);
    unbuilt_shape(statement, code, node, lang)?;
    let classes =
        if matches!(lang, Lang::JavaScript | Lang::TypeScript) { node::own_classes(code, node) } else { Vec::new() };
    Ok(Extras { node, api, nested: mentions(code, "NestedInteger"), classes })
}

/// Shapes of node that `lang`'s driver does not build, named before anything runs, so that a
/// correct program is never blamed with an `RE`, a `CE` or a `WA`.
fn unbuilt_shape(statement: &str, code: &str, node: Option<NodeKind>, lang: Lang) -> Result<(), String> {
    let shape = if mentions(statement, "fromNode") && mentions(statement, "toNode") {
        Some((
            "a tree with a defect LeetCode's hidden code makes (1660: `fromNode`'s right child set to `toNode`), \
which no driver makes",
            "Check it with a broken tree of your own",
        ))
    } else if statement.contains("tree = [") && mentions(code, "original") && mentions(code, "cloned") {
        Some((
            "one tree handed over twice (1379: the example's `tree` as `original` and its copy `cloned`, `target` a \
node of `original`), which no driver builds",
            "Check it with a tree and its copy of your own",
        ))
    } else if mentions(code, "RopeTreeNode") {
        Some((
            "a rope tree (2689: `RopeTreeNode`, a string or a length in each node), which no driver builds",
            "Check it with a tree of your own",
        ))
    } else if mentions(code, "NodeCopy") {
        Some((
            "a tree copied into `NodeCopy` nodes (1485), which no driver builds",
            "Check the copy with a tree of your own",
        ))
    } else if !matches!(lang, Lang::Java | Lang::Cpp | Lang::Python | Lang::PyPy) && node == Some(NodeKind::Multilevel)
    {
        Some((
            "a multilevel doubly linked list (`prev`, `next`, `child`: 430), which only the Java, C++ and Python drivers \
build",
            "Check it with a list of your own",
        ))
    } else {
        None
    };
    match shape {
        Some((what, next)) => Err(format!(
            "This LeetCode problem is {what}: the judge cannot run it on the examples. {next} through \
`command`, or submit it on LeetCode."
        )),
        None => Ok(()),
    }
}

/// SQL, pandas, shell, JavaScript-only and concurrency problems: a sentence naming the kind.
fn unjudgeable(category: Option<&str>, statement: &str, code: &str) -> Result<(), String> {
    let category = category.unwrap_or("").to_ascii_lowercase();
    let kind = if category == "database" || statement.contains("SQL") && statement.contains("Table:") {
        Some(("a database (SQL) problem", "Run the query against a database of the example's tables"))
    } else if category == "pandas" || code.contains("import pandas") || code.contains("pd.DataFrame") {
        Some(("a pandas problem", "Run the function on DataFrames built from the example's tables"))
    } else if category == "shell" || statement.contains("bash script") || statement.contains("file.txt") {
        Some(("a shell problem", "Run the script on the example's file"))
    } else if category == "concurrency" || code.contains("threading") || code.contains("printFirst") {
        Some(("a concurrency problem", "Run it with threads of your own"))
    } else if category == "javascript" {
        Some(("one of LeetCode's JavaScript-only problems", "Run it with Node.js and calls of your own"))
    } else {
        None
    };
    match kind {
        Some((kind, next)) => Err(format!(
            "This is {kind}: the judge runs functions and design classes on the examples' values, not this kind. \
{next}, or submit it on LeetCode."
        )),
        None => Ok(()),
    }
}

/// Whether the code defines `name` itself (a design problem's class may share an API's name:
/// `Robot` is both 489's hidden API and 2069's class to write). Not in a comment or a string, where
/// the templates show the hidden API (`# class FontInfo(object):`, `class BinaryMatrix {` inside
/// `/* */`, `var commonSetBits = function(num)`): the code as the one scanner reads it in `lang`.
fn defines(code: &str, name: &str, lang: Lang) -> bool {
    let syntax = match lang {
        Lang::Python | Lang::PyPy => &source::PYTHON,
        Lang::Java => &source::JAVA,
        Lang::Go => &source::GO,
        Lang::Rust => &source::RUST,
        Lang::JavaScript | Lang::TypeScript => &source::JAVASCRIPT,
        _ => &source::CPP,
    };
    let code = source::code(code, syntax);
    if matches!(lang, Lang::Python | Lang::PyPy) && python_stub(&code, name) {
        return false;
    }
    let patterns =
        [format!("class {name}"), format!("struct {name}"), format!("type {name}"), format!("{name} = function")];
    patterns.iter().any(|p| {
        code.match_indices(p.as_str())
            .any(|(i, _)| !code[i + p.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_'))
    })
}

/// A Python class whose methods only `pass` (an archive's uncommented copy of the hidden API's
/// template: 3037's `class InfiniteStream:` with `def next(self): pass`): not the code's own.
fn python_stub(code: &str, name: &str) -> bool {
    let head = format!("class {name}");
    let Some(at) = code.find(&head) else { return false };
    let indent = at - code[..at].rfind('\n').map_or(0, |i| i + 1);
    let body = code[at..].lines().skip(1).filter(|l| !l.trim().is_empty());
    let statements: Vec<&str> = body
        .take_while(|l| l.len() - l.trim_start().len() > indent)
        .map(str::trim)
        .filter(|l| !l.starts_with("def ") && !l.starts_with('@'))
        .collect();
    !statements.is_empty() && statements.iter().all(|l| *l == "pass" || *l == "...")
}

use node::mentions;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_that_cannot_be_judged_are_named() {
        let err = classify(Some("Database"), "", "SELECT 1", Lang::Python).unwrap_err();
        assert!(err.contains("database (SQL)"), "{err}");
        assert!(
            classify(None, "", "import pandas as pd\ndef f(df): pass", Lang::Python).unwrap_err().contains("pandas")
        );
        assert!(
            classify(Some("Concurrency"), "", "class Foo: pass", Lang::Python).unwrap_err().contains("concurrency")
        );
        let err = classify(None, "", "# The read4 API is already defined for you.\nclass Solution:", Lang::Python)
            .unwrap_err();
        assert!(err.contains("`read4`"), "{err}");
        assert!(
            classify(None, "", "class Robot:\n    def __init__(self, width: int, height: int):", Lang::Python).is_ok()
        );
        let font = "# class FontInfo(object):\n#    def getWidth(self, fontSize, ch):\nclass Solution:\n    def maxFont(self, text: str, w: int, h: int, fonts: List[int], fontInfo : 'FontInfo') -> int:";
        assert!(classify(None, "", font, Lang::Python).unwrap_err().contains("`FontInfo`"));
        // No comment naming the API in the code: the statement names it.
        let stream = "Input: stream = [1,1,1,0,1,1,1,...], pattern = [0,1]\n<code>InfiniteStream</code>";
        let code = "class Solution:\n    def findPattern(self, stream, pattern):\n        return stream.next()";
        assert!(classify(None, stream, code, Lang::Python).unwrap_err().contains("`InfiniteStream`"));
        assert!(
            classify(None, "Robot #1 and Robot #2", "class Solution:\n    def f(self, grid): pass", Lang::Python)
                .is_ok()
        );
        // The API's template copied as a stub of its own (methods that only `pass`): still hidden.
        let stub = "class ArrayReader(object):\n    def length(self):\n        \"\"\"\n        :rtype int\n        \"\"\"\n        \
pass\n\nclass Solution(object):\n    def getIndex(self, reader):\n        return reader.length()\n";
        assert!(classify(None, "", stub, Lang::Python).unwrap_err().contains("`ArrayReader`"));
        let ts = "/**\n * class BinaryMatrix {\n *     get(row: number, col: number): number {}\n * }\n */\nfunction f(m: BinaryMatrix) {}";
        assert!(classify(None, "", ts, Lang::TypeScript).unwrap_err().contains("`BinaryMatrix`"));
        // 3094's `commonBits` and 3023's `InfiniteStream`, as LeetCode's C++ and Java templates call them.
        let bits = "/**\n * Definition of commonBits API.\n * int commonBits(int num);\n */\nclass Solution {\npublic:\n    int findNumber() { return commonBits(1); }\n};";
        assert!(classify(None, "", bits, Lang::Cpp).unwrap_err().contains("`commonBits`"));
        let stream =
            "class Solution {\n    public int findPattern(InfiniteStream stream, int[] pattern) { return 0; }\n}";
        assert!(classify(None, "", stream, Lang::Java).unwrap_err().contains("`InfiniteStream`"));
    }

    #[test]
    fn shapes_no_driver_builds_are_named_not_run() {
        let copy =
            "class Solution:\n    def copyRandomBinaryTree(self, root: 'Optional[Node]') -> 'Optional[NodeCopy]':";
        assert!(classify(None, "", copy, Lang::Java).unwrap_err().contains("`NodeCopy`"));
        let multi = "\"\"\"\nclass Node:\n    def __init__(self, val, prev, next, child):\n\"\"\"\nclass Solution:\n    def flatten(self, head: 'Optional[Node]') -> 'Optional[Node]':";
        assert!(classify(None, "", multi, Lang::Go).unwrap_err().contains("only the Java, C++ and Python drivers"));
        assert!(classify(None, "", multi, Lang::Java).is_ok() && classify(None, "", multi, Lang::Python).is_ok());
        // `prev` and `child` as words of an ordinary solution are not that node.
        let words = "class Solution:\n    def f(self, child: int, prev: int) -> int:";
        assert!(classify(None, "", words, Lang::Python).is_ok());
        let broken = "Input: root = [1,2,3], fromNode = 2, toNode = 3";
        let code = "class Solution:\n    def correctBinaryTree(self, root: TreeNode) -> TreeNode:";
        assert!(classify(None, broken, code, Lang::Cpp).unwrap_err().contains("1660"));
        let twice = "Input: tree = [7,4,3,null,null,6,19], target = 3";
        let code =
            "function getTargetCopy(original: TreeNode | null, cloned: TreeNode | null, target: TreeNode | null) {";
        assert!(classify(None, twice, code, Lang::TypeScript).unwrap_err().contains("1379"));
        assert!(classify(None, "Input: root = [1], target = 1", code, Lang::TypeScript).is_ok());
        let rope = "class Solution {\npublic:\n    char getKthCharacter(RopeTreeNode* root, int k) {";
        assert!(classify(None, "", rope, Lang::Cpp).unwrap_err().contains("`RopeTreeNode`"));
    }

    #[test]
    fn nodes_and_apis_the_drivers_build() {
        let nary = "\"\"\"\nclass Node:\n    def __init__(self, val=None, children=None):\n\"\"\"\nclass Solution:";
        assert_eq!(classify(None, "", nary, Lang::Python).unwrap().node, Some(NodeKind::Nary));
        let graph = "// class Node { public: int val; vector<Node*> neighbors; };";
        assert_eq!(classify(None, "", graph, Lang::Python).unwrap().node, Some(NodeKind::Graph));
        let js = "/**\n * function _Node(val,children) {\n *    this.children = children;\n * };\n */";
        assert_eq!(classify(None, "", js, Lang::Python).unwrap().node, Some(NodeKind::Nary));
        assert_eq!(
            classify(None, "", "class Solution:\n    def f(self, head: ListNode):", Lang::Python).unwrap().node,
            None
        );
        let bad = classify(None, "", "# The isBadVersion API is already defined for you.", Lang::Python).unwrap();
        assert_eq!(bad.api, Some(("isBadVersion", "bad")));
        assert!(!mentions("isBadVersions", "isBadVersion") && mentions("(isBadVersion)", "isBadVersion"));
    }
}
