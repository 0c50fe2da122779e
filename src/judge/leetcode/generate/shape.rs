//! The parameters' types, from the examples' values (`[1,2]` is a list of integers, `2.5` a
//! double, `"a"` a string, or a character when every example's is one character and no length
//! is stated), and what a list stands for (a binary tree in level order, a linked list, an
//! N-ary tree, a graph, a list with random pointers), from the code's signature where there is
//! code, else from the kind the judge decided and the parameter's name.

use serde_json::Value;

use super::super::node::NodeKind;

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Ty {
    /// Only `null`s or empty lists seen.
    Unknown,
    Int,
    Double,
    Bool,
    Str,
    Char,
    List(Box<Ty>),
}

/// What a list parameter stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    Plain,
    /// A binary tree in level order, `null` for no node.
    Tree,
    /// A linked list, written as the list of its values.
    Linked,
    /// An N-ary tree, level order with `null` after each node's children.
    Nary,
    /// A graph's adjacency list, nodes numbered from 1.
    Graph,
    /// `[[val, random_index], …]`.
    Random,
}

impl Role {
    /// The role's name as the constraint reader groups node parameters ("" for none).
    pub(super) fn nodes(self) -> &'static str {
        match self {
            Role::Plain => "",
            Role::Tree | Role::Nary => "tree",
            Role::Linked | Role::Random => "list",
            Role::Graph => "graph",
        }
    }
}

pub(super) fn of(v: &Value) -> Ty {
    match v {
        Value::Bool(_) => Ty::Bool,
        Value::Number(n) if n.is_f64() => Ty::Double,
        Value::Number(_) => Ty::Int,
        Value::String(_) => Ty::Str,
        Value::Array(items) => Ty::List(Box::new(items.iter().map(of).fold(Ty::Unknown, unify))),
        _ => Ty::Unknown,
    }
}

pub(super) fn unify(a: Ty, b: Ty) -> Ty {
    match (a, b) {
        (Ty::Unknown, t) | (t, Ty::Unknown) => t,
        (Ty::Int, Ty::Double) | (Ty::Double, Ty::Int) => Ty::Double,
        (Ty::List(a), Ty::List(b)) => Ty::List(Box::new(unify(*a, *b))),
        (a, _) => a,
    }
}

/// Whether every string in `v` is one character long (and there is one).
pub(super) fn one_char(v: &Value) -> Option<bool> {
    match v {
        Value::String(s) => Some(s.chars().count() == 1),
        Value::Array(items) => items.iter().filter_map(one_char).reduce(|a, b| a && b),
        _ => None,
    }
}

/// Strings that are characters become `Char`.
pub(super) fn chars(t: Ty) -> Ty {
    match t {
        Ty::Str => Ty::Char,
        Ty::List(t) => Ty::List(Box::new(chars(*t))),
        t => t,
    }
}

/// The role of parameter `name`, whose example values are `values`.
pub(super) fn role(name: &str, values: &[&Value], declared: Option<&str>, node: Option<NodeKind>) -> Role {
    let node_role = |c: Option<NodeKind>| match c {
        Some(NodeKind::Nary) => Role::Nary,
        Some(NodeKind::Graph) => Role::Graph,
        Some(NodeKind::Random) => Role::Random,
        Some(NodeKind::List | NodeKind::Doubly | NodeKind::Circular) => Role::Linked,
        Some(NodeKind::Tree | NodeKind::Next | NodeKind::Parent | NodeKind::Ring) | None => Role::Tree,
        // Quad trees, multilevel lists and polynomials have serialisations of their own: their
        // values follow the examples' shape only (a generated one may be malformed).
        Some(NodeKind::Quad | NodeKind::Multilevel | NodeKind::Poly) => Role::Plain,
    };
    if let Some(d) = declared {
        if d.contains("TreeNode") {
            return Role::Tree;
        }
        if d.contains("ListNode") {
            return Role::Linked;
        }
        if word(d, "Node") || word(d, "_Node") {
            return node_role(node);
        }
        return Role::Plain;
    }
    let flat_nulls = values
        .iter()
        .any(|v| v.as_array().is_some_and(|a| a.iter().any(Value::is_null) && !a.iter().any(Value::is_array)));
    let lower = name.to_ascii_lowercase();
    if lower == "adjlist" || node == Some(NodeKind::Graph) && values.iter().all(|v| v.is_array()) {
        return Role::Graph;
    }
    let pairs_with_null = values.iter().any(|v| {
        v.as_array().is_some_and(|a| a.iter().any(|p| p.as_array().is_some_and(|p| p.len() == 2 && p[1].is_null())))
    });
    if node == Some(NodeKind::Random) || pairs_with_null && lower.starts_with("head") {
        return Role::Random;
    }
    if lower.starts_with("root") || flat_nulls || lower == "original" || lower == "cloned" {
        return if node == Some(NodeKind::Nary) { Role::Nary } else { Role::Tree };
    }
    if ["head", "heada", "headb", "l1", "l2", "list1", "list2", "lista", "listb"].contains(&lower.as_str()) {
        return Role::Linked;
    }
    Role::Plain
}

/// The text that declares parameter `name` in the code's signatures (`root: Optional[TreeNode]`,
/// `TreeNode* root`, `vector<char>& letters`), the first one found.
pub(super) fn declared<'a>(code: &'a str, name: &str) -> Option<&'a str> {
    groups(code).into_iter().flat_map(|(_, inside)| split_params(inside)).find(|seg| param_name(seg) == Some(name))
}

/// A method's parameter names, from its definition in the code (`def push(self, val: int)`,
/// `void push(int val)`, `push(val: number): void`); `self` left out.
pub(super) fn method_params(code: &str, method: &str) -> Option<Vec<String>> {
    let named: Vec<(&str, &str)> = groups(code)
        .into_iter()
        .filter(|(before, _)| {
            // Not a method's call (`tree->update(i + 1, nums[i])` in 307's C++, `self.update(…)`).
            before
                .strip_suffix(method)
                .is_some_and(|b| !b.ends_with(|c: char| c.is_alphanumeric() || "_.>".contains(c)))
        })
        .collect();
    // A definition's parameters are declared (`int left`, `left: int`, after `def`), a call's are
    // not (307's `sumRange(index, index)` inside `update`): a definition first.
    let declared = |(b, inside): &&(&str, &str)| {
        b.trim_end_matches(method).trim_end().ends_with("def") || split_params(inside).all(|s| s.contains([' ', ':']))
    };
    let (_, inside) = named.iter().find(declared).or(named.first())?;
    Some(split_params(inside).filter_map(param_name).filter(|n| *n != "self").map(str::to_string).collect())
}

/// The code of class `name` (`class NumArray`): from its declaration to the next class declared
/// at the start of a line, or the whole code when it declares no such class. A helper class of
/// the solution's own (307's `BinaryIndexedTree`, whose `update(x, delta)` came first) is not it.
pub(super) fn class_body<'a>(code: &'a str, name: &str) -> &'a str {
    let decl = |line: &str| {
        let t = line.trim_start_matches("public ").trim_start_matches("final ");
        ["class ", "struct ", "type ", "impl "]
            .iter()
            .find_map(|k| t.strip_prefix(k))
            .map(|rest| rest.split(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or("").to_string())
    };
    let mut start = None;
    let mut at = 0;
    for line in code.split_inclusive('\n') {
        match (decl(line), start) {
            (Some(n), None) if n == name => start = Some(at),
            (Some(n), Some(s)) if n != name => return &code[s..at],
            _ => {}
        }
        at += line.len();
    }
    start.map_or(code, |s| &code[s..])
}

/// Each parenthesised group outside comments (across lines: a formatter may split a signature):
/// the code before it, and what is inside.
fn groups(code: &str) -> Vec<(&str, &str)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut line_start) = (0, 0);
    while i < b.len() {
        match b[i] {
            b'\n' => line_start = i + 1,
            b'(' => {
                let t = code[line_start..i].trim_start();
                let commented = t.starts_with(['#', '/', '*']);
                let mut depth = 0;
                let end = (i..b.len()).find(|&j| {
                    match b[j] {
                        b'(' => depth += 1,
                        b')' => depth -= 1,
                        _ => {}
                    }
                    depth == 0
                });
                if let (false, Some(end)) = (commented, end) {
                    out.push((code[line_start..i].trim_end(), &code[i + 1..end]));
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

fn split_params(s: &str) -> impl Iterator<Item = &str> {
    let mut depth = 0i32;
    let mut start = 0;
    let mut out = Vec::new();
    for (i, c) in s.char_indices() {
        match c {
            '<' | '[' | '(' => depth += 1,
            '>' | ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out.into_iter().map(str::trim).filter(|s| !s.is_empty())
}

/// A parameter's name: before `:` (Python, TypeScript), else its last word (C++, Java, C#).
fn param_name(seg: &str) -> Option<&str> {
    let seg = seg.split('=').next()?.trim();
    let name = match seg.split_once(':') {
        Some((n, _)) if !n.contains("::") => n.trim(),
        _ => seg.rsplit(|c: char| !(c.is_alphanumeric() || c == '_')).find(|w| !w.is_empty())?,
    };
    let name = name.trim_start_matches(['&', '*', '$']).trim();
    (!name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_')).then_some(name)
}

fn word(text: &str, w: &str) -> bool {
    let is = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    text.match_indices(w).any(|(i, _)| !is(text[..i].chars().next_back()) && !is(text[i + w.len()..].chars().next()))
}
