//! Import cycles among the crate's modules, read from the source text as
//! `../shared/tools/cycles.py` reads it (the stop hook's check), so that the two agree:
//!
//! - a module is a file under `src/` (`a/mod.rs` is `a`, `lib.rs` and `main.rs` the crate root);
//!   test files (`*tests.rs`, anything under a `tests/` folder) and a file's `#[cfg(test)] mod
//!   tests` and what follows it are left out, and so are `//` comments;
//! - an import is a path a `use` item names (brace groups expanded, `as` renames dropped) or a
//!   `crate::…`/`super::…` path written inline, starting at `crate`, `super`, `self` or a child
//!   module's name, resolved to the longest module it names;
//! - a module naming itself or one of its ancestors is no edge: a child reads its parent's items,
//!   which is how a module shares its types with its files.
//!
//! A cycle is a strongly connected group of two or more modules: each reaches the others through
//! imports, so none can be read or changed alone. Text-based: a macro or a glob can hide an edge.

use std::collections::{BTreeMap, BTreeSet};

/// A module by its path below the crate root (`["judge", "paths"]`; the root is empty).
type Module = Vec<String>;

/// Each module and the modules it imports.
pub(super) type Graph = BTreeMap<Module, BTreeSet<Module>>;

/// The module the file at `rel` (relative to `src/`, `/`-separated) defines; `None` for a test file.
fn module_of(rel: &str) -> Option<Module> {
    if format!("/{rel}").contains("/tests/") || rel.ends_with("tests.rs") {
        return None;
    }
    let mut parts: Module = rel.strip_suffix(".rs")?.split('/').map(String::from).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    if parts.len() == 1 && (parts[0] == "main" || parts[0] == "lib") {
        parts.clear();
    }
    Some(parts)
}

/// The import graph of `files`: (path relative to `src/`, text) pairs.
pub(super) fn graph(files: &[(String, String)]) -> Graph {
    let modules: Vec<(Module, &str)> =
        files.iter().filter_map(|(rel, text)| Some((module_of(rel)?, text.as_str()))).collect();
    let known: BTreeSet<Module> = modules.iter().map(|(m, _)| m.clone()).collect();
    let mut g = Graph::new();
    for (here, text) in &modules {
        let edges = g.entry(here.clone()).or_default();
        edges.extend(imports(here, text, &known));
    }
    g
}

/// The modules `text`, the file of module `here`, imports (itself and its ancestors left out).
fn imports(here: &Module, text: &str, known: &BTreeSet<Module>) -> BTreeSet<Module> {
    let code = without_line_comments(before_tests(text));
    let mut paths: Vec<String> = use_trees(&code).iter().flat_map(|t| expand(t)).collect();
    paths.extend(inline_paths(&code));
    let mut out = BTreeSet::new();
    for p in paths {
        let segs: Vec<&str> = p.split("::").filter(|s| !s.is_empty()).collect();
        let Some(first) = segs.first() else { continue };
        let (mut base, mut rest) = (Module::new(), &segs[..]);
        if *first == "crate" {
            rest = &segs[1..];
        } else if *first == "super" || *first == "self" {
            base = here.clone();
            while let Some(&s @ ("super" | "self")) = rest.first() {
                if s == "super" {
                    base.pop();
                }
                rest = &rest[1..];
            }
        } else if known.contains(&[here.clone(), vec![first.to_string()]].concat()) {
            base = here.clone();
        } else {
            continue;
        }
        base.extend(rest.iter().map(|s| s.to_string()));
        let Some(target) = resolve(base, known) else { continue };
        if !here.starts_with(&target) {
            out.insert(target);
        }
    }
    out
}

/// The longest module `path` starts with.
fn resolve(mut path: Module, known: &BTreeSet<Module>) -> Option<Module> {
    while !path.is_empty() && !known.contains(&path) {
        path.pop();
    }
    known.contains(&path).then_some(path)
}

/// `text` up to its `#[cfg(test)] mod tests`.
fn before_tests(text: &str) -> &str {
    let marker = "#[cfg(test)]";
    for (at, _) in text.match_indices(marker) {
        let after = text[at + marker.len()..].trim_start();
        if let Some(rest) = after.strip_prefix("mod")
            && rest.starts_with(char::is_whitespace)
            && rest.trim_start().starts_with("tests")
        {
            return &text[..at];
        }
    }
    text
}

/// `text` without `//` comments (in strings too: text-based, as the script is).
fn without_line_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(line.find("//").map_or(line, |at| &line[..at]));
    }
    out
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `text[..at]` ends at a word boundary before a word character.
fn starts_word(text: &str, at: usize) -> bool {
    !text[..at].chars().next_back().is_some_and(is_word)
}

/// The trees of the `use` items: `use a::{b, c};` gives `a::{b, c}`.
fn use_trees(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(found) = text[from..].find("use") {
        let at = from + found;
        from = at + 3;
        let rest = &text[at + 3..];
        let tree = rest.trim_start();
        if !starts_word(text, at) || tree.len() == rest.len() {
            continue;
        }
        if let Some(end) = tree.find(';')
            && end > 0
        {
            out.push(&tree[..end]);
            from = text.len() - tree.len() + end + 1;
        }
    }
    out
}

/// A `use` tree's paths: `super::{a, b::{c, d as e}}` gives `super::a`, `super::b::c`,
/// `super::b::d`.
fn expand(tree: &str) -> Vec<String> {
    let spaced = tree.replace('{', " { ").replace('}', " } ").replace(',', " , ");
    let (mut words, mut renamed) = (Vec::new(), false);
    for w in spaced.split_whitespace() {
        match (renamed, w) {
            (false, "as") => renamed = true,
            (true, _) => renamed = false,
            _ => words.push(w),
        }
    }
    let mut out = Vec::new();
    expand_into(String::new(), &words.concat(), &mut out);
    out
}

fn expand_into(prefix: String, s: &str, out: &mut Vec<String>) {
    let Some(open) = s.find('{') else {
        out.push(prefix + s);
        return;
    };
    let close = s.rfind('}').unwrap_or(s.len().saturating_sub(1));
    let inner = s.get(open + 1..close).unwrap_or("");
    let (mut depth, mut start) = (0i32, 0);
    let mut parts = Vec::new();
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < inner.len() {
        parts.push(&inner[start..]);
    }
    for part in parts {
        expand_into(prefix.clone() + &s[..open], part, out);
    }
}

/// The `crate::a::b` and `super::a` paths written anywhere in `text`.
fn inline_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut from = 0;
    while from < text.len() {
        let next = ["crate", "super"].iter().filter_map(|k| text[from..].find(k).map(|at| (from + at, k.len()))).min();
        let Some((at, len)) = next else { break };
        from = at + len;
        if !starts_word(text, at) {
            continue;
        }
        let mut end = at + len;
        while let Some(seg) = text[end..].strip_prefix("::") {
            let word = seg.find(|c: char| !is_word(c)).unwrap_or(seg.len());
            if word == 0 {
                break;
            }
            end += 2 + word;
        }
        if end > at + len {
            out.push(text[at..end].to_string());
            from = end;
        }
    }
    out
}

/// The cycles of `g`: each strongly connected group of two or more modules, as sorted names
/// (`judge/paths`; the root is `crate`), the groups sorted.
pub(super) fn cycles(g: &Graph) -> Vec<Vec<String>> {
    let mut t = Tarjan { g, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), found: Vec::new() };
    for m in g.keys() {
        if !t.index.contains_key(m) {
            t.strong(m);
        }
    }
    let mut out: Vec<Vec<String>> = t
        .found
        .into_iter()
        .map(|group| {
            let mut names: Vec<String> =
                group.iter().map(|m| if m.is_empty() { "crate".into() } else { m.join("/") }).collect();
            names.sort();
            names
        })
        .collect();
    out.sort();
    out
}

/// Tarjan's strongly connected components.
struct Tarjan<'g> {
    g: &'g Graph,
    index: BTreeMap<&'g Module, usize>,
    low: BTreeMap<&'g Module, usize>,
    stack: Vec<&'g Module>,
    found: Vec<Vec<&'g Module>>,
}

impl<'g> Tarjan<'g> {
    fn strong(&mut self, v: &'g Module) {
        let n = self.index.len();
        self.index.insert(v, n);
        self.low.insert(v, n);
        self.stack.push(v);
        let g: &'g Graph = self.g;
        for w in g.get(v).into_iter().flatten() {
            // The key, borrowed for `'g` (every import resolves to a module of the graph).
            let Some((w, _)) = g.get_key_value(w) else { continue };
            if !self.index.contains_key(w) {
                self.strong(w);
                self.low.insert(v, self.low[v].min(self.low[w]));
            } else if self.stack.contains(&w) {
                self.low.insert(v, self.low[v].min(self.index[w]));
            }
        }
        if self.low[v] == self.index[v] {
            let at = self.stack.iter().rposition(|m| *m == v).unwrap_or(0);
            let group = self.stack.split_off(at);
            if group.len() > 1 {
                self.found.push(group);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(p, t)| (p.to_string(), t.to_string())).collect()
    }

    #[test]
    fn use_trees_expand_to_paths() {
        assert_eq!(expand("super::{a, b::{c, d as e}}"), ["super::a", "super::b::c", "super::b::d"]);
        assert_eq!(expand("crate::x::Y as Z"), ["crate::x::Y"]);
        assert_eq!(use_trees("pub(crate) use a::b;\nfn reuse() {}\nuse\n  c::{d,\n e};"), ["a::b", "c::{d,\n e}"]);
        assert_eq!(
            inline_paths("let x = crate::a::b(); super::super::c; mycrate::d; crate::{e}"),
            ["crate::a::b", "super::super::c",]
        );
    }

    /// A made-up crate: `a` → `b` (a `use`), `b` → `c` (through `super`), `c` → `a` (inline), a
    /// child naming its parent, an import only in a test module, and a test file: one cycle.
    #[test]
    fn a_made_up_crate_has_its_one_cycle() {
        let g = graph(&files(&[
            ("lib.rs", "mod a; mod b; mod c; mod d;"),
            ("a.rs", "use crate::b::{self, Thing as T};\n// use crate::d;"),
            ("b/mod.rs", "mod child;\nuse super::c::f;"),
            ("b/child.rs", "use super::Thing; use crate::b::Other;"),
            ("c.rs", "fn f() { crate::a::g() }"),
            ("d.rs", "use crate::a;\n#[cfg(test)]\nmod tests {\n    use crate::d;\n}\nfn after() { crate::b::h() }"),
            ("e/tests.rs", "use crate::e;"),
            ("e/mod.rs", "#[cfg(test)] mod tests;"),
        ]));
        let name = |s: &str| s.split('/').map(String::from).collect::<Module>();
        assert_eq!(g[&name("b/child")], BTreeSet::new(), "a child reads its parent");
        assert_eq!(g[&name("d")], BTreeSet::from([name("a")]), "the test module and what follows it are left out");
        assert!(!g.contains_key(&name("e/tests")));
        assert_eq!(cycles(&g), [["a", "b", "c"]]);
        // Without `c`'s import of `a` the circle is open.
        let mut open = g.clone();
        open.get_mut(&name("c")).unwrap().clear();
        assert!(cycles(&open).is_empty());
    }
}
