//! Which node class a LeetCode problem's `Node` is, decided once, here, from what does not depend
//! on how a solution is written: the statement's words and its `class Node` declaration (LeetCode
//! shows one for most kinds), else the fields of the `Node` the code declares (its template
//! comment, LeetCode's definition). Every driver gets the kind in the call (`"node"`) and builds
//! and shows that class; none decides it again from the code.
//!
//! Adding a kind: a variant here, its rule in [`kind_of`], and its builder and printer in each
//! driver (ARCHITECTURE.md, "Adding a LeetCode language").

/// A node class other than `ListNode` and `TreeNode` (which are always themselves), as LeetCode
/// defines `Node` (or `PolyNode`) for the problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NodeKind {
    /// `val`, `next`: a singly linked list.
    List,
    /// `val` (a character), `left`, `right`: 1597 and 1612's binary expression trees.
    Tree,
    /// `children`: an N-ary tree, level order with `null` between the children of each node.
    Nary,
    /// `neighbors`: a graph, an adjacency list of 1-based values.
    Graph,
    /// `next`, `random`: a list whose nodes carry `[val, random_index]`.
    Random,
    /// `left`, `right`, `next`: a binary tree whose levels are linked (116, 117).
    Next,
    /// `left`, `right`, `parent`: a binary tree whose nodes know their parent (510, 1650, 1666).
    Parent,
    /// `val`, `isLeaf`, four children: a quad tree, level order of `[isLeaf, val]` (427, 558).
    Quad,
    /// `prev`, `next`: a doubly linked list (3263, 3294).
    Doubly,
    /// `prev`, `next`, `child`: a multilevel doubly linked list (430).
    Multilevel,
    /// `next`, the tail linked to the head: a circular list (708).
    Circular,
    /// `left`, `right` built as a tree, returned as a circular doubly linked list along `right`
    /// (426).
    Ring,
    /// `PolyNode`: `coefficient`, `power`, `next`, written `[[coefficient, power], …]` (1634).
    Poly,
}

impl NodeKind {
    /// The kind's name in the call's JSON (`"node": "quad"`), which every driver reads.
    pub(crate) fn name(self) -> &'static str {
        match self {
            NodeKind::List => "list",
            NodeKind::Tree => "tree",
            NodeKind::Nary => "nary",
            NodeKind::Graph => "graph",
            NodeKind::Random => "random",
            NodeKind::Next => "next",
            NodeKind::Parent => "parent",
            NodeKind::Quad => "quad",
            NodeKind::Doubly => "doubly",
            NodeKind::Multilevel => "multilevel",
            NodeKind::Circular => "circular",
            NodeKind::Ring => "ring",
            NodeKind::Poly => "poly",
        }
    }
}

/// The problem's node kind, when its code uses a `Node` (or `PolyNode`): from the statement
/// first (its declaration of `Node` and its words), else the fields of the `Node` declared in the
/// code (LeetCode's template comment).
pub(crate) fn decide(statement: &str, code: &str) -> Option<NodeKind> {
    if mentions(code, "PolyNode") || mentions(statement, "PolyNode") {
        return Some(NodeKind::Poly);
    }
    let stated = Facts::of_statement(statement);
    if !(mentions(code, "Node") || mentions(code, "_Node")) {
        // Code that calls the problem's tree `Node` by another name (116's own `TreeNode` with
        // `next`, from LeetCode's `TreeLinkNode` days): the statement's declaration decides.
        let declared = Facts { fields: declared(statement), ..Facts::default() };
        if let Some(k) = kind_of(&declared).filter(|k| matches!(k, NodeKind::Next | NodeKind::Parent)) {
            return Some(k);
        }
        // A node class of the code's own name (`LLNode`, `Node426`) where LeetCode's is `Node`:
        // the kinds no list, tree or design problem's statement names (a multilevel list, 426's
        // ring, a random pointer), never a list's or a tree's words.
        let own = !(mentions(code, "ListNode") || mentions(code, "TreeNode"));
        return kind_of(&stated)
            .filter(|k| own && matches!(k, NodeKind::Multilevel | NodeKind::Ring | NodeKind::Random));
    }
    kind_of(&stated).or_else(|| kind_of(&Facts::of_declaration(code)))
}

/// The code's own node classes (`class ListNode2`, `class Node426`, `function BinaryNode(…) {`) as
/// the LeetCode class each stands for, for the JavaScript driver (TypeScript's types are
/// structural: LeetCode passes its own nodes to such a parameter, and its serializer shows them):
/// the problem's `Node` where a kind was decided, else `ListNode` or `TreeNode` where its links are
/// only theirs (a class with `child` or `prev` is another structure).
pub(crate) fn own_classes(code: &str, kind: Option<NodeKind>) -> Vec<(String, &'static str)> {
    const LINKS: [&str; 9] = ["left", "right", "next", "prev", "child", "children", "parent", "random", "neighbors"];
    let mut out = Vec::new();
    for head in ["class ", "function "] {
        for (at, _) in code.match_indices(head) {
            let rest = &code[at + head.len()..];
            let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')).unwrap_or(rest.len());
            let name = &rest[..end];
            if !name.starts_with(|c: char| c.is_ascii_uppercase()) || ["ListNode", "TreeNode", "Node"].contains(&name) {
                continue;
            }
            let fields: Vec<String> = words(body(&rest[end..])).collect();
            let links: Vec<&str> = LINKS.into_iter().filter(|l| fields.iter().any(|w| w == l)).collect();
            let class = match (kind, links.as_slice()) {
                _ if !fields.iter().any(|w| w == "val") => continue,
                (Some(_), _) => "Node",
                (None, ["next"]) => "ListNode",
                (None, ["left"] | ["right"] | ["left", "right"]) => "TreeNode",
                _ => continue,
            };
            out.push((name.to_string(), class));
        }
    }
    out
}

/// What a text says of the node: the fields it declares or names, and two words of prose.
#[derive(Debug, Default)]
struct Facts {
    /// Field names, lower case without `_` (`is_leaf`, `IsLeaf` and `isLeaf` are one).
    fields: Vec<String>,
    circular: bool,
    doubly: bool,
}

impl Facts {
    fn has(&self, field: &str) -> bool {
        self.fields.iter().any(|f| f == field)
    }

    /// The statement: its `class Node { … }` (or `struct Node`) declarations, and the phrases
    /// LeetCode writes where it declares none ("N-ary", "random pointer", "Node.parent", …).
    fn of_statement(text: &str) -> Facts {
        let lower = text.to_ascii_lowercase();
        let mut f = Facts { fields: declared(text), ..Facts::default() };
        let phrases: &[(&str, &[&str])] = &[
            ("isleaf", &["isleaf"]),
            ("quad-tree", &["isleaf"]),
            ("n-ary", &["children"]),
            ("neighbors", &["neighbors"]),
            ("random pointer", &["random", "next"]),
            ("random_index", &["random", "next"]),
            ("child pointer", &["child", "prev", "next"]),
            ("multilevel", &["child", "prev", "next"]),
            ("node.parent", &["parent"]),
            ("parent pointer", &["parent"]),
            ("next pointer", &["next"]),
            // 1597, 1612: LeetCode's `Node` with a character `val`, `left` and `right`.
            ("binary expression tree", &["left", "right"]),
            ("previous pointer", &["prev"]),
        ];
        for (phrase, fields) in phrases {
            if lower.contains(phrase) {
                f.fields.extend(fields.iter().map(|s| s.to_string()));
            }
        }
        f.circular = lower.contains("circular linked list") || lower.contains("circular doubly");
        f.doubly = lower.contains("doubly linked list") || lower.contains("doubly-linked list");
        f
    }

    /// The code: the fields of the `Node` it declares (in LeetCode's template comment, or its own).
    fn of_declaration(code: &str) -> Facts {
        Facts { fields: declared(code), ..Facts::default() }
    }
}

/// The kind the facts name; `None` when they name none.
fn kind_of(f: &Facts) -> Option<NodeKind> {
    let has = |x: &str| f.has(x);
    let tree = has("left") || has("right");
    let kind = if has("isleaf") || has("topleft") {
        NodeKind::Quad
    } else if has("child") && has("prev") {
        NodeKind::Multilevel
    } else if has("children") {
        NodeKind::Nary
    } else if has("neighbors") {
        NodeKind::Graph
    } else if has("random") {
        NodeKind::Random
    } else if has("parent") {
        NodeKind::Parent
    } else if tree && has("next") {
        NodeKind::Next
    } else if f.circular && f.doubly && !has("prev") {
        // 426: `left` and `right` are the ring's links, the tree's before.
        NodeKind::Ring
    } else if has("prev") || f.doubly && has("next") {
        NodeKind::Doubly
    } else if f.circular {
        NodeKind::Circular
    } else if tree {
        NodeKind::Tree
    } else if has("next") {
        NodeKind::List
    } else {
        return None;
    };
    Some(kind)
}

/// The fields of every `Node` declared in `text` (`class Node {`, `struct Node {`, `type Node
/// struct {`, `class Node:`, `function _Node(…) {`): the words of its body, lower case without
/// `_`, where the body is the braces' content or the indented lines under a Python `class`.
fn declared(text: &str) -> Vec<String> {
    let heads = ["class Node", "struct Node", "type Node struct", "function Node", "class _Node", "function _Node"];
    let mut out = Vec::new();
    for head in heads {
        for (at, _) in text.match_indices(head) {
            let rest = &text[at + head.len()..];
            // `class Node` only, not `class NodeCopy` or `class Nodes`.
            if rest.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
                continue;
            }
            out.extend(words(body(rest)));
        }
    }
    out.retain(|w| {
        !["val", "node", "int", "bool", "boolean", "public", "this", "self", "none", "null"].contains(&w.as_str())
    });
    out
}

/// A declaration's body after its head: up to the brace that closes the first one, or a Python
/// class's indented lines.
fn body(rest: &str) -> &str {
    let line_end = rest.find('\n').unwrap_or(rest.len());
    if rest[..line_end].trim_end().ends_with(':') {
        // Python: the lines indented more than none, up to the first that is not.
        let mut end = line_end;
        for line in rest[line_end..].split_inclusive('\n').skip(1) {
            let t = line.trim_start_matches(['#', '*', ' ', '\t']);
            let indented = line.trim_start_matches(['#', '*']).starts_with([' ', '\t']);
            if !t.trim().is_empty() && !indented {
                break;
            }
            end += line.len();
        }
        return &rest[..(end + 1).min(rest.len())];
    }
    let Some(open) = rest.find('{').filter(|&o| o < 200) else { return &rest[..line_end] };
    let mut depth = 0usize;
    for (i, c) in rest[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 1 => return &rest[..open + i],
            '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    rest
}

/// The identifiers of a text, lower case without `_`.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with(|c: char| c.is_alphabetic() || c == '_'))
        .map(|w| w.replace('_', "").to_ascii_lowercase())
}

/// Whether `name` occurs in `text` as a whole word.
pub(crate) fn mentions(text: &str, name: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    text.match_indices(name)
        .any(|(i, _)| !word(text[..i].chars().next_back()) && !word(text[i + name.len()..].chars().next()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(statement: &str, code: &str) -> Option<&'static str> {
        decide(statement, code).map(NodeKind::name)
    }

    /// A node class of the code's own name: the statement's kind where it can only be a `Node`.
    #[test]
    fn a_node_class_of_another_name() {
        let multilevel = "nodes that have a next pointer, a previous pointer, and an additional child pointer";
        let own = "class LLNode { val: number; prev: LLNode | null; next: LLNode | null; child: LLNode | null }
function flatten(head: LLNode | null): LLNode | null { return head; }";
        assert_eq!(kind(multilevel, own), Some("multilevel"));
        let ring = "Convert a Binary Search Tree to a sorted Circular Doubly-Linked List in place.";
        assert_eq!(kind(ring, "function treeToDoublyList(root: Node426 | null) {}"), Some("ring"));
        // A list's or a tree's words, or LeetCode's own classes: no `Node`.
        assert_eq!(kind("a linked list with a next pointer", "function f(head: ListNode) {}"), None);
        assert_eq!(kind("Design your implementation of a doubly linked list", "class MyLinkedList {}"), None);
        assert_eq!(kind(multilevel, "function f(head: TreeNode) {}"), None);
    }

    /// The statements' words, as LeetCode writes them, decide with code that shows no definition
    /// (an archive that drops the template comment).
    #[test]
    fn the_statement_decides() {
        let bare = "class Solution {\n  Node* f(Node* root) { return root->next; }\n};";
        let cases = [
            ("struct Node {\n  int val;\n  Node *left;\n  Node *right;\n  Node *next;\n}", "next"),
            ("class Node {\n    public int val;\n    public List<Node> neighbors;\n}", "graph"),
            ("A linked list with a random pointer; each node is [val, random_index]", "random"),
            ("class Node {\n    public boolean val;\n    public boolean isLeaf;\n    public Node topLeft;\n}", "quad"),
            ("Given the root of an N-ary tree", "nary"),
            ("nodes that have a next pointer, a previous pointer, and an additional child pointer", "multilevel"),
            (
                "class Node {\n    public int val;\n    public Node left;\n    public Node right;\n    public Node parent;\n}",
                "parent",
            ),
            ("Ensure that your solution sets the <code>Node.parent</code> pointers correctly", "parent"),
            ("Convert a Binary Search Tree to a sorted Circular Doubly-Linked List in place.", "ring"),
            ("Given a Circular Linked List node, which is sorted", "circular"),
            ("a doubly linked list, which contains nodes that have a next pointer and a previous pointer", "doubly"),
            ("A binary expression tree is a kind of binary tree used to represent arithmetic expressions.", "tree"),
        ];
        for (statement, want) in cases {
            assert_eq!(kind(statement, bare), Some(want), "{statement}");
        }
        assert_eq!(kind("", "class Solution:\n    def f(self, p: 'PolyNode') -> 'PolyNode':"), Some("poly"));
    }

    /// The code's own node classes, read once for the JavaScript driver: by their links, or as
    /// the problem's `Node` where a kind was decided.
    #[test]
    fn own_node_classes() {
        let ts = "class ListNode2 {\n  val: number;\n  next: ListNode2 | null;\n}\nclass BinaryNode {\n  val: number;\n  \
left: BinaryNode | null;\n  right: BinaryNode | null;\n}\nclass Multi { val: number; next: Multi; child: Multi }\n\
class ListNode { val: number; next: ListNode }\nfunction Solve(head) { return head; }";
        let got = own_classes(ts, None);
        assert_eq!(got, [("ListNode2".to_string(), "ListNode"), ("BinaryNode".to_string(), "TreeNode")]);
        let ring = "class Node426 { val: number; left: Node426; right: Node426 }";
        assert_eq!(own_classes(ring, Some(NodeKind::Ring)), [("Node426".to_string(), "Node")]);
    }

    /// Without a word in the statement: the fields of the code's `Node`, in any language's
    /// spelling, never the code's own variables.
    #[test]
    fn the_declared_fields_decide_in_any_spelling() {
        let py = "\"\"\"\n# Definition for a Node.\nclass Node:\n    def __init__(self, val, left=None, right=None, parent=None):\n        self.val = val\n        self.parent = parent\n\"\"\"\nclass Solution:\n    def f(self, p: 'Node') -> 'Node':\n        prev = children = None";
        assert_eq!(kind("", py), Some("parent"));
        let go = "/**\n * type Node struct {\n *     Val bool\n *     IsLeaf bool\n *     TopLeft *Node\n * }\n */\nfunc construct(grid [][]int) *Node {";
        assert_eq!(kind("", go), Some("quad"));
        let rust = "struct Node { val: i32, is_leaf: bool, top_left: Option<Box<Node>> }";
        assert_eq!(kind("", rust), Some("quad"));
        let js = "/**\n * function _Node(val, prev, next) {\n *    this.val = val;\n *    this.prev = prev;\n *    this.next = next;\n * };\n */";
        assert_eq!(kind("", js), Some("doubly"));
        // The code's own words outside a declaration decide nothing.
        assert_eq!(kind("", "class Solution {\n  Node* f(Node* parent, Node* prev);\n};"), None);
        // No `Node` in the code: no kind, whatever the statement says; but a tree the statement
        // declares with `next` or `parent` is that tree, whatever the code calls it (116).
        assert_eq!(kind("Given the root of an N-ary tree", "class Solution: pass"), None);
        let next = "struct Node {\n  int val;\n  Node *left;\n  Node *right;\n  Node *next;\n}";
        assert_eq!(
            kind(next, "class Solution(object):\n    # @param root, a tree node\n    def connect(self, root):"),
            Some("next")
        );
        // `class NodeCopy` is not `class Node`.
        assert_eq!(kind("", "class NodeCopy {\n int val; NodeCopy* random; };\nNode* f();"), None);
    }
}
