//! The constraint lines read into facts: bounds on terms (`1 <= nums.length <= 10^5`), terms
//! that are one (`m == grid.length`), and the sentences the generator knows (alphabets, unique
//! values, sorted lists, node counts, valid trees, the number of calls). A line is read only
//! when every term in it names something of the call (a parameter, its length, its items, a
//! variable another line ties to one of them); the others are kept, as written, as unread.

use std::collections::{BTreeMap, BTreeSet};

use super::expr::{self, Expr, Key, NODE};

/// One side of a term's range.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Bound {
    pub(super) expr: Expr,
    /// `<` rather than `<=`: one more or less, for integers.
    pub(super) strict: bool,
    /// The other side of a relation between two terms (`n` of `k <= n`): it does not make
    /// its term part of the call.
    pub(super) reverse: bool,
    /// A bound that falls as the terms it names rise (`n <= 10^4 / m` of `m * n <= 10^4`): a
    /// term not drawn yet stands in with its own bound on the other side.
    pub(super) inverse: bool,
}

/// How a list is sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sort {
    Ascending,
    Descending,
}

/// The order a list walks a binary tree in (`preorder is the preorder traversal of the tree`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Walk {
    Pre,
    In,
    Post,
}

/// What the parameters are, as the reader needs to know them.
pub(super) struct Names<'a> {
    /// Parameters (and a design problem's method arguments), with whether each holds nodes of
    /// a tree (`tree`), a list (`list`) or a graph (`graph`).
    pub(super) params: &'a [(String, &'static str)],
    /// Lists of numbers (one level): a short one's positions may be named (`start = [row,
    /// col]`) and drawn one by one.
    pub(super) flat: &'a [String],
    /// Strings and lists of strings.
    pub(super) strings: &'a [String],
    /// Lists of lists of numbers (grids, and lists of tuples).
    pub(super) grids: &'a [String],
    /// A design problem's methods, but the constructor.
    pub(super) methods: &'a [String],
}

/// Design methods that put something in (`push`, `addNum`, `insert`), and that take it out.
pub(super) const ADDS: [&str; 8] = ["push", "add", "insert", "append", "offer", "enqueue", "put", "record"];
pub(super) const TAKES: [&str; 6] = ["pop", "remove", "poll", "dequeue", "delete", "erase"];

/// Whether a method's name starts with one of `words` (`addNum`, `pushBack`).
pub(super) fn named_for(method: &str, words: &[&str]) -> bool {
    let lower = method.to_ascii_lowercase();
    words.iter().any(|w| lower.starts_with(w))
}

impl Names<'_> {
    pub(super) fn known(&self, base: &str) -> bool {
        // `Node.val` is known when some parameter holds nodes.
        base == NODE && self.params.iter().any(|(_, role)| !role.is_empty())
            || self.params.iter().any(|(n, _)| n == base)
    }
}

/// Everything read from the constraints.
#[derive(Debug, Default)]
pub(super) struct Facts {
    keys: Vec<Key>,
    parent: Vec<usize>,
    /// Lower and upper bounds by key index (merged by class when asked).
    lo: Vec<(usize, Bound)>,
    hi: Vec<(usize, Bound)>,
    pub(super) choices: BTreeMap<String, Vec<f64>>,
    pub(super) alphabet: BTreeMap<String, Vec<char>>,
    pub(super) unique: BTreeSet<String>,
    /// Grids whose every cell differs from every other (`Each value board[i][j] is unique`), not
    /// only within a row.
    pub(super) unique_cells: BTreeSet<String>,
    pub(super) sorted: BTreeMap<String, Sort>,
    /// Grids whose columns are sorted (240's `All the integers in each column are sorted in
    /// ascending order`), and those whose rows go on from each other (74's `The first integer of
    /// each row is greater than the last integer of the previous row`).
    pub(super) sorted_columns: BTreeMap<String, Sort>,
    pub(super) chained: BTreeSet<String>,
    pub(super) permutation: BTreeSet<String>,
    /// Lists of strings all of one length.
    pub(super) same_length: BTreeSet<String>,
    /// Strings with some character at least twice.
    pub(super) repeat: BTreeSet<String>,
    /// Lists of distinct integers but `k` of them twice (3289's `exactly two repeated elements`).
    pub(super) repeated: BTreeMap<String, usize>,
    /// Lists whose items (every depth) add up to a total (2850's `Sum of grid is equal to 9`).
    pub(super) sums: BTreeMap<String, Expr>,
    /// Lists of strings or rows whose lengths add up to at most this (`sum(words[i].length) <=
    /// 10^5`).
    pub(super) total_len: BTreeMap<String, Expr>,
    /// Lists of rows whose row `i` has `i + 1` items (120's triangle).
    pub(super) triangle: BTreeSet<String>,
    /// Adjacency lists (row `i`: node `i`'s neighbours, never `i`, each once), undirected ones,
    /// connected ones.
    pub(super) adjacency: BTreeSet<String>,
    pub(super) undirected: BTreeSet<String>,
    pub(super) connected: BTreeSet<String>,
    /// Edge lists that form a tree.
    pub(super) tree_edges: BTreeSet<String>,
    /// Lists that walk one binary tree, each in its order (105's `preorder` and `inorder`).
    /// A list, not a map: a map of its own type cost the binary 3 KB for three statements.
    pub(super) walks: Vec<(String, Walk)>,
    /// Pairs `[a, b]` of a directed graph with no cycle (`The prerequisites graph has no cycles`).
    pub(super) acyclic: BTreeSet<String>,
    /// Terms that differ from another term or a number (`beginWord != endWord`, `divisor != 0`).
    pub(super) apart: Vec<(Key, Expr)>,
    /// Tuples whose first two parts differ (`a_i != b_i`).
    pub(super) distinct_ends: BTreeSet<String>,
    /// Lists of tuples with no tuple twice.
    pub(super) distinct_rows: BTreeSet<String>,
    /// Edge lists with no edge twice, whatever its other parts (a weight).
    pub(super) distinct_pairs: BTreeSet<String>,
    /// Numbers written as digits (a string, a list of digits) with no leading zero.
    pub(super) no_leading_zero: BTreeSet<String>,
    /// Strings (or a list's strings) with no space first or last (`s does not contain any
    /// leading or trailing spaces`), and those whose words a single space separates.
    pub(super) trimmed: BTreeSet<String>,
    pub(super) single_spaced: BTreeSet<String>,
    pub(super) bst: bool,
    /// Terms that are even (0) or odd (1).
    pub(super) parity: Vec<(Key, i64)>,
    /// The statement's tree is perfect, or complete (level order without a gap).
    pub(super) perfect: bool,
    pub(super) complete: bool,
    /// Design methods called only while something was put in (155's `pop, top and getMin …
    /// will always be called on non-empty stacks`), and methods said to put it in (2034's `only
    /// after update has been called`).
    pub(super) nonempty: BTreeSet<String>,
    pub(super) adders: BTreeSet<String>,
    /// A design problem's total number of calls.
    pub(super) calls: Option<f64>,
    /// The trees' greatest depth, in nodes (`The depth of the tree will be in the range [1, 10]`).
    pub(super) depth: Option<usize>,
    pub(super) read: Vec<String>,
    pub(super) unread: Vec<String>,
}

/// The reader of a sentence.
pub(super) type Sentence = fn(&str, &Names, &Tuples) -> Option<Line>;

/// A change a read line makes to the facts.
type Apply = Box<dyn FnOnce(&mut Facts)>;

/// What one line says, before it is known to be about the call.
#[derive(Default)]
pub(super) struct Line {
    pub(super) eqs: Vec<(Key, Key)>,
    bounds: Vec<(Key, bool, Bound)>,
    /// Terms that must name something of the call for the line to count.
    keys: Vec<Key>,
    apply: Vec<Apply>,
}

/// Reads the constraint lines.
/// `sentence` reads a line that is not comparisons (`prose::sentence`, passed in by the caller
/// so that the two readers do not import each other).
pub(super) fn read(lines: &[String], statement: &[String], names: &Names, sentence: Sentence) -> Facts {
    let mut tuples = tuple_parts(statement, names);
    // A part named as a parameter is the parameter (`res = [low, high]` beside a `low`).
    tuples.retain(|part, _| !names.known(part));
    let mut facts = Facts::default();
    let mut said: Vec<(String, Line)> = Vec::new();
    for line in lines {
        let s =
            relations(line, &tuples).or_else(|| successive(line, &tuples)).or_else(|| sentence(line, names, &tuples));
        match s {
            Some(s) => said.push((line.clone(), s)),
            None => facts.unread.push(line.clone()),
        }
    }
    for (_, s) in &said {
        for (a, b) in &s.eqs {
            facts.union(a, b);
        }
    }
    for (a, b) in named_lengths(statement, names) {
        facts.union(&a, &b);
    }
    let grounded = facts.ground(&said, names);
    for (line, s) in said {
        let grounded = s.keys.iter().all(|k| grounded.iter().any(|g| facts.class(k).contains(g)));
        if !grounded {
            facts.unread.push(line);
            continue;
        }
        for (k, lower, b) in s.bounds {
            let i = facts.index(&k);
            if lower { facts.lo.push((i, b)) } else { facts.hi.push((i, b)) }
        }
        for f in s.apply {
            f(&mut facts);
        }
        facts.read.push(line);
    }
    facts
}

impl Facts {
    fn index(&mut self, k: &Key) -> usize {
        if let Some(i) = self.keys.iter().position(|x| x == k) {
            return i;
        }
        self.keys.push(k.clone());
        self.parent.push(self.parent.len());
        self.keys.len() - 1
    }

    fn root(&self, mut i: usize) -> usize {
        while self.parent[i] != i {
            i = self.parent[i];
        }
        i
    }

    fn union(&mut self, a: &Key, b: &Key) {
        let (a, b) = (self.index(a), self.index(b));
        let (ra, rb) = (self.root(a), self.root(b));
        if ra != rb {
            self.parent[ra.max(rb)] = ra.min(rb);
        }
    }

    /// The keys one with `k` (itself included).
    pub(super) fn class(&self, k: &Key) -> Vec<Key> {
        match self.keys.iter().position(|x| x == k) {
            Some(i) => {
                let r = self.root(i);
                (0..self.keys.len()).filter(|&j| self.root(j) == r).map(|j| self.keys[j].clone()).collect()
            }
            None => vec![k.clone()],
        }
    }

    /// The keys that name something of the call: those one with a parameter's term, and
    /// those a bound of such a key names (`n` of `nums.length == n + 1`), to a fixed point.
    fn ground(&mut self, said: &[(String, Line)], names: &Names) -> Vec<Key> {
        let mut all: Vec<Key> = said.iter().flat_map(|(_, s)| s.keys.iter().cloned()).collect();
        all.iter().for_each(|k| {
            self.index(k);
        });
        all.retain(|k| self.class(k).iter().any(|k| names.known(k.base())));
        loop {
            let before = all.len();
            for (_, s) in said {
                for (k, _, b) in &s.bounds {
                    if !b.reverse && all.iter().any(|g| self.class(k).contains(g)) {
                        let mut refs = Vec::new();
                        b.expr.keys(&mut refs);
                        refs.retain(|r| !all.contains(r));
                        all.extend(refs);
                    }
                }
            }
            if all.len() == before {
                return all;
            }
        }
    }

    /// The bounds on `k`'s class: lower ones, then upper ones.
    pub(super) fn bounds(&self, k: &Key) -> (Vec<&Bound>, Vec<&Bound>) {
        let Some(i) = self.keys.iter().position(|x| x == k) else { return (Vec::new(), Vec::new()) };
        let r = self.root(i);
        let pick = |v: &'_ [(usize, Bound)]| -> Vec<usize> {
            v.iter().enumerate().filter(|(_, (j, _))| self.root(*j) == r).map(|(n, _)| n).collect()
        };
        (
            pick(&self.lo).into_iter().map(|n| &self.lo[n].1).collect(),
            pick(&self.hi).into_iter().map(|n| &self.hi[n].1).collect(),
        )
    }

    /// What the premises in the prose said (`prose::premise`: orders, leading zeros, a tree),
    /// and their lines.
    pub(super) fn absorb(&mut self, other: Facts) {
        self.sorted.extend(other.sorted);
        self.sorted_columns.extend(other.sorted_columns);
        self.chained.extend(other.chained);
        self.unique.extend(other.unique);
        self.no_leading_zero.extend(other.no_leading_zero);
        self.trimmed.extend(other.trimmed);
        self.tree_edges.extend(other.tree_edges);
        self.read.extend(other.read);
        self.unread.extend(other.unread);
    }

    /// Whether any bound was read for `k`'s class.
    pub(super) fn bounded(&self, k: &Key) -> bool {
        let (lo, hi) = self.bounds(k);
        !lo.is_empty() || !hi.is_empty()
    }
}

/// `edges[i] = [a_i, b_i]`: each part's name and its list and column.
pub(super) type Tuples = BTreeMap<String, (String, usize)>;

fn tuple_parts(lines: &[String], names: &Names) -> Tuples {
    let mut parts = BTreeMap::new();
    for line in lines {
        let mut rest = line.as_str();
        while let Some(at) = rest.find('=') {
            let (left, right) = (&rest[..at], rest[at + 1..].trim_start_matches('=').trim_start());
            rest = &rest[at + 1..];
            // `edges[i] = [a_i, b_i]`, or a flat list's positions (490's `start = [start_row,
            // start_col]`: names, never an example's values).
            let (list, flat) = match left.split_whitespace().last().and_then(expr::term) {
                Some(Key::Elem(list, None)) => (list, false),
                Some(Key::Var(list)) if names.flat.contains(&list) => (list, true),
                _ => continue,
            };
            let Some(inner) = right.strip_prefix(['[', '(']).and_then(|r| r.split([']', ')']).next()) else { continue };
            // A number is a value, never a part's name (2569's `queries[i] = [2, p, 0]`: `0` and
            // `1` read as columns tied every bound to every other). A flat list's positions are
            // named only where every one is a name (1899's `target = [x, y, z]`).
            let named = |name: &str| {
                name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                    && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            };
            if flat && !inner.split(',').all(|name| named(name.trim())) {
                continue;
            }
            for (col, name) in inner.split(',').enumerate() {
                let name = name.trim();
                if named(name) {
                    parts.entry(name.to_string()).or_insert((list.clone(), col));
                }
            }
        }
    }
    // A part's index is any letter (1462's `queries[j] = [u_j, v_j]`, then `0 <= u_i, v_i <=
    // numCourses - 1`), where no other part has that name.
    let aliases: Vec<(String, (String, usize))> = parts
        .iter()
        .filter_map(|(name, at)| {
            let (base, index) = name.rsplit_once('_')?;
            (index.len() == 1 && index.chars().all(|c| c.is_ascii_lowercase())).then_some(())?;
            Some(["i", "j", "k"].map(|i| (format!("{base}_{i}"), at.clone())))
        })
        .flatten()
        .collect();
    for (name, at) in aliases {
        parts.entry(name).or_insert(at);
    }
    parts
}

/// Lengths the statement names (`an integer array nums of length n`, `a string s of size n`,
/// `nums1 and nums2 both of length n`): each `n` one with its list's or string's length, so that
/// `3 <= n <= 100` bounds it where no `n == nums.length` says so (3637: lists of one item broke
/// it, and a planted bug went unfound). Only after a parameter, and only a bare name (`of length
/// n + 1` says nothing of `n`'s own range).
fn named_lengths(statement: &[String], names: &Names) -> Vec<(Key, Key)> {
    let sized = |w: &str| names.flat.iter().chain(names.strings).chain(names.grids).any(|n| n == w);
    fn bare(w: &str) -> &str {
        w.trim_matches(|c: char| matches!(c, ',' | '.' | ';' | ':' | '(' | ')' | '`'))
    }
    let mut out = Vec::new();
    for line in statement {
        let words: Vec<&str> = line.split_whitespace().collect();
        for at in 1..words.len().saturating_sub(2) {
            if !matches!(words[at], "of" | "with") || !matches!(words[at + 1], "length" | "size") {
                continue;
            }
            let n = bare(words[at + 2]);
            let name = n.starts_with(|c: char| c.is_ascii_alphabetic())
                && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !sized(n);
            let then = words.get(at + 3).map_or("", |w| *w);
            if !name || (n == words[at + 2] && then.starts_with(['+', '-', '*', '/', '^'])) {
                continue;
            }
            // Back over the parameters it names (`nums1 and nums2 both`).
            for w in words[..at].iter().rev().map(|w| bare(w)) {
                match w {
                    "both" | "each" | "and" | "all" => {}
                    w if sized(w) => out.push((Key::Var(n.to_string()), Key::Len(w.to_string()))),
                    _ => break,
                }
            }
        }
    }
    out
}

/// A line of comparisons (`1 <= m, n <= 200`, `m == grid.length`, `0 <= k < n`, `a_i != b_i`),
/// or `None` when any part of it is not a term or a number.
fn relations(line: &str, tuples: &BTreeMap<String, (String, usize)>) -> Option<Line> {
    let (segments, ops) = split_ops(line)?;
    let mut said = Line::default();
    // `edges[i] = [a_i, b_i]` itself: read when the list is.
    if ops == ["="] && segments[1].trim_start().starts_with(['[', '(']) {
        said.keys.push(expr::term(segments[0].trim())?);
        return Some(said);
    }
    let sides: Vec<Vec<Expr>> = segments.iter().map(|s| items(s, tuples)).collect::<Option<_>>()?;
    for (i, op) in ops.iter().enumerate() {
        for l in &sides[i] {
            for r in &sides[i + 1] {
                relation(l, op, r, &mut said)?;
            }
        }
    }
    for side in &sides {
        for e in side {
            e.keys(&mut said.keys);
        }
    }
    Some(said)
}

/// `arr[i] < arr[i + 1]` (873's `1 <= arr[i] < arr[i + 1] <= 10^9`, 1629's `releaseTimes[i] <
/// releaseTimes[i+1]`): the list in order, strictly for `<` and `>` (so no value twice), and the
/// line's other terms read as `arr[i]`'s bounds.
fn successive(line: &str, tuples: &BTreeMap<String, (String, usize)>) -> Option<Line> {
    let compact: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    let at = compact.find("[i+1]")?;
    let name =
        &compact[compact[..at].rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).map_or(0, |i| i + 1)..at];
    let (op, sort) =
        [("<=", Sort::Ascending), (">=", Sort::Descending), ("<", Sort::Ascending), (">", Sort::Descending)]
            .into_iter()
            .find(|(op, _)| compact[..at].ends_with(&format!("{name}[i]{op}{name}")))?;
    let strict = op.len() == 1;
    let whole = format!("{name}[i]{op}{name}[i+1]");
    let rest = compact.replacen(&whole, &format!("{name}[i]"), 1);
    let name = name.to_string();
    let order = fact(vec![Key::Var(name.clone())], move |f: &mut Facts| {
        if strict {
            f.unique.insert(name.clone());
        }
        f.sorted.insert(name, sort);
    })?;
    match rest.contains(['<', '>', '=']) {
        true => all(vec![order, relations(&rest, tuples)?]),
        false => Some(order),
    }
}

fn relation(l: &Expr, op: &str, r: &Expr, said: &mut Line) -> Option<()> {
    // `1 < k * 2 < m` (1825): a term times a positive number is bounded by the other side over
    // it, `<` made `<=` one nearer first (the terms are integers: `k <= (m - 1) / 2`).
    let scaled = |e: &Expr| match e {
        Expr::Op(a, '*', b) => match (&**a, &**b) {
            (Expr::Key(k), Expr::Num(c)) | (Expr::Num(c), Expr::Key(k)) if *c > 0.0 => Some((k.clone(), *c)),
            _ => None,
        },
        _ => None,
    };
    if op.starts_with(['<', '>'])
        && let Some((k, c, other, right)) =
            scaled(r).map(|(k, c)| (k, c, l, true)).or_else(|| scaled(l).map(|(k, c)| (k, c, r, false)))
    {
        let greater = op.starts_with('<') == right;
        let shift = if op.len() == 2 {
            0.0
        } else if greater {
            1.0
        } else {
            -1.0
        };
        let plus = Expr::Op(Box::new(other.clone()), '+', Box::new(Expr::Num(shift)));
        let other = Expr::Op(Box::new(plus), '/', Box::new(Expr::Num(c)));
        return relation(&Expr::Key(k), if greater { ">=" } else { "<=" }, &other, said);
    }
    if op.starts_with(['<', '>']) && product_of_terms(l, op, r, said) {
        return Some(());
    }
    let key = |e: &Expr| if let Expr::Key(k) = e { Some(k.clone()) } else { None };
    let bound = |e: &Expr, strict| Bound { expr: e.clone(), strict, reverse: false, inverse: false };
    let reverse = |e: &Expr, strict| Bound { expr: e.clone(), strict, reverse: true, inverse: false };
    match (op, key(l), key(r)) {
        ("==" | "=", Some(a), Some(b)) => said.eqs.push((a, b)),
        ("==" | "=", Some(a), None) | ("==" | "=", None, Some(a)) => {
            let other = if key(l).is_some() { r } else { l };
            said.bounds.push((a.clone(), true, bound(other, false)));
            said.bounds.push((a, false, bound(other, false)));
        }
        // Between two terms, each bounds the other: whichever is drawn second obeys it.
        ("<=" | "<", Some(a), Some(b)) => {
            said.bounds.push((a.clone(), false, bound(r, op == "<")));
            said.bounds.push((b, true, reverse(&Expr::Key(a), op == "<")));
        }
        (">=" | ">", Some(a), Some(b)) => {
            said.bounds.push((b.clone(), false, bound(l, op == ">")));
            said.bounds.push((a, true, reverse(&Expr::Key(b), op == ">")));
        }
        ("<=" | "<", Some(a), _) => said.bounds.push((a, false, bound(r, op == "<"))),
        ("<=" | "<", None, Some(b)) => said.bounds.push((b, true, bound(l, op == "<"))),
        (">=" | ">", _, Some(b)) => said.bounds.push((b, false, bound(l, op == ">"))),
        (">=" | ">", Some(a), None) => said.bounds.push((a, true, bound(r, op == ">"))),
        ("!=", Some(Key::Elem(a, Some(_))), Some(Key::Elem(b, Some(_)))) if a == b => {
            said.apply.push(Box::new(move |f: &mut Facts| {
                f.distinct_ends.insert(a);
            }));
        }
        // `start != goal`, `divisor != 0`: a parameter against another or a number.
        ("!=", Some(a @ Key::Var(_)), Some(Key::Var(_))) | ("!=", Some(a @ Key::Var(_)), None)
            if matches!(r, Expr::Key(_) | Expr::Num(_)) =>
        {
            let other = r.clone();
            said.apply.push(Box::new(move |f: &mut Facts| f.apart.push((a, other))));
        }
        _ => return None,
    }
    Some(())
}

/// `1 <= m * n <= 10^4` (37 doocs statements, most of them grids): each term is bounded by the
/// other side over the other term, once that term is drawn. `false` when no side is a product
/// of two terms.
fn product_of_terms(l: &Expr, op: &str, r: &Expr, said: &mut Line) -> bool {
    let product = |e: &Expr| match e {
        Expr::Op(a, '*', b) => match (&**a, &**b) {
            (Expr::Key(x), Expr::Key(y)) if x != y => Some((x.clone(), y.clone())),
            _ => None,
        },
        _ => None,
    };
    let Some(((x, y), other, right)) = product(r).map(|p| (p, l, true)).or_else(|| product(l).map(|p| (p, r, false)))
    else {
        return false;
    };
    // The product on the greater side of `<` has the other side as its lower bound.
    let lower = op.starts_with('<') == right;
    let shift = match (op.len(), lower) {
        (2, _) => 0.0,
        (_, true) => 1.0,
        (_, false) => -1.0,
    };
    let other = Expr::Op(Box::new(other.clone()), '+', Box::new(Expr::Num(shift)));
    for (k, by) in [(x.clone(), y.clone()), (y, x)] {
        let expr = Expr::Op(Box::new(other.clone()), '/', Box::new(Expr::Key(by)));
        said.bounds.push((k, lower, Bound { expr, strict: false, reverse: true, inverse: true }));
    }
    true
}

/// A side's comma-separated expressions, tuple parts (`u_i`) made their list's columns.
fn items(segment: &str, tuples: &BTreeMap<String, (String, usize)>) -> Option<Vec<Expr>> {
    split_commas(segment)
        .into_iter()
        .map(|s| {
            let s = s.trim();
            match tuples.get(s) {
                Some((list, col)) => Some(Expr::Key(Key::Elem(list.clone(), Some(*col)))),
                None => expr::parse(s),
            }
        })
        .collect()
}

/// The line cut at its comparison signs (outside brackets): the sides and the signs.
fn split_ops(line: &str) -> Option<(Vec<String>, Vec<&'static str>)> {
    let b = line.as_bytes();
    let (mut segments, mut ops, mut cur, mut depth, mut i) = (Vec::new(), Vec::new(), String::new(), 0i32, 0);
    while i < b.len() {
        let two = line.get(i..i + 2).unwrap_or("");
        let op = ["<=", ">=", "==", "!="].into_iter().find(|o| *o == two);
        let one = match b[i] {
            b'<' => Some("<"),
            b'>' => Some(">"),
            b'=' => Some("="),
            _ => None,
        };
        match (depth, op, one) {
            (0, Some(o), _) => {
                segments.push(std::mem::take(&mut cur));
                ops.push(o);
                i += 2;
                continue;
            }
            (0, None, Some(o)) => {
                segments.push(std::mem::take(&mut cur));
                ops.push(o);
            }
            _ => {
                let c = line[i..].chars().next()?;
                match c {
                    '[' | '(' => depth += 1,
                    ']' | ')' => depth -= 1,
                    _ => {}
                }
                cur.push(c);
                i += c.len_utf8();
                continue;
            }
        }
        i += 1;
    }
    segments.push(cur);
    (!ops.is_empty() && segments.iter().all(|s| !s.trim().is_empty())).then_some((segments, ops))
}

/// Commas at depth 0, not those of `10,000`.
fn split_commas(s: &str) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    let (mut out, mut cur, mut depth) = (Vec::new(), String::new(), 0i32);
    for (i, &c) in chars.iter().enumerate() {
        let digit = |j: usize| chars.get(j).is_some_and(char::is_ascii_digit);
        let thousands = i > 0 && digit(i - 1) && digit(i + 1) && digit(i + 2) && digit(i + 3) && !digit(i + 4);
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            ',' if depth == 0 && !thousands => {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    out.push(cur);
    out.retain(|s| !s.trim().is_empty() && s.trim() != "and");
    out.iter_mut().for_each(|s| *s = s.trim().trim_start_matches("and ").to_string());
    out
}

/// A prose fact for the reader in `prose.rs`: the keys it needs and what it changes.
pub(super) fn fact(keys: Vec<Key>, f: impl FnOnce(&mut Facts) + 'static) -> Option<Line> {
    Some(Line { keys, apply: vec![Box::new(f)], ..Line::default() })
}

/// A prose bound (a node count's range).
pub(super) fn ranged(key: Key, lo: Expr, hi: Expr) -> Option<Line> {
    let b = |e| Bound { expr: e, strict: false, reverse: false, inverse: false };
    Some(Line {
        keys: vec![key.clone()],
        bounds: vec![(key.clone(), true, b(lo)), (key, false, b(hi))],
        ..Line::default()
    })
}

/// Several prose facts as one.
pub(super) fn all(parts: Vec<Line>) -> Option<Line> {
    let mut out = Line::default();
    for p in parts {
        out.eqs.extend(p.eqs);
        out.bounds.extend(p.bounds);
        out.keys.extend(p.keys);
        out.apply.extend(p.apply);
    }
    (!out.keys.is_empty()).then_some(out)
}
