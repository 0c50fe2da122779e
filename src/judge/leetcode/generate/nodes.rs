//! Node shapes as LeetCode writes them: a binary tree in level order (`null` for a missing
//! child, trailing `null`s dropped; a search tree's values in order; a perfect or complete tree
//! with no gap), an N-ary tree (`null` after each node's children), a connected graph's
//! adjacency list (nodes 1 to n), a list with random pointers (`[val, index or null]`), and an
//! edge list that forms a tree.

use std::collections::{HashSet, VecDeque};

use super::Param;
use super::constraints::Walk;
use super::expr::Key;
use super::shape::{Role, Ty};
use super::values::{Gen, number};

impl Gen<'_> {
    pub(super) fn nodes(&mut self, p: &Param) -> String {
        let n = self.len(p);
        match p.role {
            Role::Nary => self.nary(p, n),
            Role::Graph => self.graph(n),
            Role::Random => self.random_list(p, n),
            _ => self.binary_tree(p, n),
        }
    }

    fn values(&mut self, p: &Param, n: usize) -> Vec<String> {
        let facts = &self.plan.facts;
        let unique = facts.unique.contains(&p.name) || facts.bst;
        // Numbers unless the examples' values are otherwise (1612's `[+,a,+,null,null,b,c]`).
        let leaf = match &p.ty {
            Ty::List(t) if matches!(**t, Ty::Double | Ty::Str | Ty::Char | Ty::Bool) => (**t).clone(),
            _ => Ty::Int,
        };
        let (lo, hi) = self.elem_range(p, None);
        if !unique || !matches!(leaf, Ty::Int | Ty::Double) {
            return self.flat(p, &leaf, n, None);
        }
        let mut v = self.distinct(lo, hi, n);
        if facts.bst {
            v.sort_unstable();
        }
        v.into_iter().map(|x| number(x as f64, false)).collect()
    }

    /// A random binary tree of `n` nodes (a quarter of the seeds: a path, for deep recursion),
    /// written in level order.
    fn binary_tree(&mut self, p: &Param, n: usize) -> String {
        let facts = &self.plan.facts;
        let (perfect, complete) = (facts.perfect, facts.complete);
        let n = if perfect { (1usize..).map(|k| (1 << k) - 1).take_while(|&m| m <= n).last().unwrap_or(0) } else { n };
        let mut vals = self.values(p, n);
        let n = vals.len();
        if n == 0 {
            return "[]".into();
        }
        if perfect || complete {
            if self.plan.facts.bst {
                vals = in_order_complete(vals);
            }
            return format!("[{}]", vals.join(","));
        }
        let kids = self.shape(n);
        let n = kids.len();
        vals.truncate(n);
        let order = if self.plan.facts.bst { in_order(&kids) } else { (0..n).collect() };
        let mut val = vec![String::new(); n];
        for (rank, &node) in order.iter().enumerate() {
            val[node] = std::mem::take(&mut vals[rank]);
        }
        level_order(&kids, &val)
    }

    /// A random binary tree's shape, `kids[i] = (left, right)` (`usize::MAX`: none), node 0 the
    /// root: each node fills a random open slot; a node at the greatest depth the statement
    /// allows opens none (the tree may then have fewer than `n` nodes).
    fn shape(&mut self, n: usize) -> Vec<(usize, usize)> {
        let most = self.plan.facts.depth.unwrap_or(usize::MAX);
        let mut kids = vec![(usize::MAX, usize::MAX); n];
        let mut depth = vec![1; n];
        let mut open: Vec<(usize, bool)> = if most > 1 { vec![(0, false), (0, true)] } else { Vec::new() };
        let path = self.rng.chance(0.25);
        let mut n = n;
        for i in 1..n {
            if open.is_empty() {
                n = i;
                break;
            }
            let at = if path {
                open.len() - 1 - self.rng.below(2.min(open.len() as u64)) as usize
            } else {
                self.rng.below(open.len() as u64) as usize
            };
            let (parent, right) = open.swap_remove(at);
            if right {
                kids[parent].1 = i
            } else {
                kids[parent].0 = i
            }
            depth[i] = depth[parent] + 1;
            if depth[i] < most {
                open.push((i, false));
                open.push((i, true));
            }
        }
        kids.truncate(n);
        kids
    }

    /// Lists that walk one tree (105's `preorder` and `inorder`): the first one's values, put
    /// on a random tree's nodes, each list then that tree in its own order.
    pub(super) fn walks(&mut self, parts: &mut [(String, String)]) {
        let walks = &self.plan.facts.walks;
        let walk = |name: &str| walks.iter().find(|(n, _)| n == name).map(|w| w.1);
        let Some(first) = parts.iter().find(|(n, _)| walk(n).is_some()) else { return };
        let Ok(serde_json::Value::Array(vals)) = serde_json::from_str(&first.1) else { return };
        let vals: Vec<String> = vals.iter().map(serde_json::Value::to_string).collect();
        let kids = self.shape(vals.len());
        for (name, value) in parts.iter_mut() {
            if let Some(walk) = walk(name) {
                let order = walk_order(&kids, walk);
                *value = format!("[{}]", order.iter().map(|&u| vals[u].as_str()).collect::<Vec<_>>().join(","));
            }
        }
    }

    fn nary(&mut self, p: &Param, n: usize) -> String {
        let vals = self.values(p, n);
        let n = vals.len();
        if n == 0 {
            return "[]".into();
        }
        let mut kids: Vec<Vec<usize>> = vec![Vec::new(); n];
        // Within the greatest depth the statement allows: a parent too deep is replaced by the root.
        let most = self.plan.facts.depth.unwrap_or(usize::MAX);
        let mut depth = vec![1; n];
        let n = if most > 1 { n } else { 1 };
        for i in 1..n {
            let mut parent = self.rng.below(i as u64) as usize;
            if depth[parent] >= most {
                parent = 0;
            }
            depth[i] = depth[parent] + 1;
            kids[parent].push(i);
        }
        let mut out = vec![vals[0].clone(), "null".into()];
        let mut queue = VecDeque::from([0]);
        while let Some(u) = queue.pop_front() {
            for &c in &kids[u] {
                out.push(vals[c].clone());
                queue.push_back(c);
            }
            out.push("null".into());
        }
        trim(&mut out);
        format!("[{}]", out.join(","))
    }

    /// A connected graph on nodes 1..=n, no loop or repeated edge: a random tree plus some edges.
    fn graph(&mut self, n: usize) -> String {
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut edges = HashSet::new();
        for i in 1..n {
            let j = self.rng.below(i as u64) as usize;
            edges.insert((j, i));
            adj[i].push(j);
            adj[j].push(i);
        }
        for _ in 0..n / 2 {
            let (a, b) = (self.rng.below(n as u64) as usize, self.rng.below(n as u64) as usize);
            if a != b && edges.insert((a.min(b), a.max(b))) {
                adj[a].push(b);
                adj[b].push(a);
            }
        }
        let rows: Vec<String> = adj
            .iter_mut()
            .map(|a| {
                a.sort_unstable();
                format!("[{}]", a.iter().map(|x| (x + 1).to_string()).collect::<Vec<_>>().join(","))
            })
            .collect();
        format!("[{}]", rows.join(","))
    }

    fn random_list(&mut self, p: &Param, n: usize) -> String {
        let vals = self.values(p, n);
        let n = vals.len();
        let rows: Vec<String> = vals
            .into_iter()
            .map(|v| {
                let r = if self.rng.chance(0.3) { "null".to_string() } else { self.rng.below(n as u64).to_string() };
                format!("[{v},{r}]")
            })
            .collect();
        format!("[{}]", rows.join(","))
    }

    /// `edges` that form a tree over the labels of its first column's range (`0 <= a_i < n`),
    /// the other columns (a weight) from their own ranges.
    pub(super) fn tree_edges(&mut self, p: &Param, leaf: &Ty) -> String {
        let (lo, hi) = self.elem_range(p, Some(0));
        let count = ((hi - lo + 1.0).max(1.0) as usize).min(super::values::BUDGET);
        let mut labels: Vec<i64> = (0..count as i64).map(|i| lo as i64 + i).collect();
        self.shuffle(&mut labels);
        let width = self.tuple_width(p).unwrap_or(2).max(2);
        let mut rows = Vec::with_capacity(count);
        for i in 1..count {
            let parent = labels[self.rng.below(i as u64) as usize];
            let (mut a, mut b) = (parent, labels[i]);
            if self.rng.chance(0.5) {
                std::mem::swap(&mut a, &mut b);
            }
            let mut row = vec![a.to_string(), b.to_string()];
            for c in 2..width {
                row.push(self.flat(p, leaf, 1, Some(c)).pop().unwrap_or_default());
            }
            rows.push(format!("[{}]", row.join(",")));
        }
        format!("[{}]", rows.join(","))
    }
}

impl Gen<'_> {
    /// An adjacency list of nodes `0..n` (847, 785): no node its own neighbour, none twice, each
    /// The edges of a spanning tree over the labels a list of `n` pairs may use (the first two
    /// parts' ranges), each pair drawn as `row` draws one and then set to a tree edge in the
    /// order the parts' ranges allow (684's `1 <= a_i < b_i <= edges.length`). None where `n`
    /// pairs cannot join every label.
    pub(super) fn spanning_rows(&mut self, p: &Param, leaf: &Ty, n: usize, order: Option<u64>) -> Vec<Vec<String>> {
        let (lo, count) = self.labels(p);
        if count < 2 || n + 1 < count {
            return Vec::new();
        }
        let mut labels: Vec<i64> = (0..count as i64).map(|i| lo + i).collect();
        self.shuffle(&mut labels);
        let width = self.tuple_width(p).unwrap_or(2);
        (1..count)
            .map(|i| {
                let mut row = self.row(p, leaf, width, true, None);
                let (a, b) = (labels[self.rng.below(i as u64) as usize], labels[i]);
                // Up the order where the graph has no cycle, else either way; then the way the
                // parts' ranges allow, where only one does.
                let flip = match order {
                    Some(m) => a.cast_unsigned().wrapping_mul(m) > b.cast_unsigned().wrapping_mul(m),
                    None => self.rng.chance(0.5),
                };
                let (a, b) = if flip { (b, a) } else { (a, b) };
                let (a, b) = if order.is_none() && !self.fits(p, a, b) && self.fits(p, b, a) { (b, a) } else { (a, b) };
                (row[0], row[1]) = (a.to_string(), b.to_string());
                row
            })
            .collect()
    }

    /// edge both ways where the graph is undirected, a spanning tree first where it is connected.
    /// The least label a list of pairs may use and how many there are (the first two parts'
    /// ranges).
    pub(super) fn labels(&self, p: &Param) -> (i64, usize) {
        let ((lo0, hi0), (lo1, hi1)) = (self.elem_range(p, Some(0)), self.elem_range(p, Some(1)));
        let (lo, hi) = (lo0.min(lo1), hi0.max(hi1));
        (lo as i64, ((hi - lo + 1.0).max(0.0) as usize).min(super::values::BUDGET))
    }

    /// Whether a pair `[a, b]` keeps to its parts' ranges (the second's may name the first).
    pub(super) fn fits(&mut self, p: &Param, a: i64, b: i64) -> bool {
        let first = Key::Elem(p.name.clone(), Some(0));
        let (lo0, hi0) = self.elem_range(p, Some(0));
        self.env.insert(first.clone(), a as f64);
        let (lo1, hi1) = self.elem_range(p, Some(1));
        self.env.remove(&first);
        (lo0..=hi0).contains(&(a as f64)) && (lo1..=hi1).contains(&(b as f64))
    }

    pub(super) fn adjacency(&mut self, p: &Param) -> String {
        let n = self.len(p).min(2000);
        let facts = &self.plan.facts;
        let (both, connected) = (facts.undirected.contains(&p.name), facts.connected.contains(&p.name));
        let mut adj: Vec<std::collections::BTreeSet<usize>> = vec![Default::default(); n];
        let add = |a: usize, b: usize, adj: &mut Vec<std::collections::BTreeSet<usize>>| {
            if a != b {
                adj[a].insert(b);
                if both {
                    adj[b].insert(a);
                }
            }
        };
        if connected {
            for i in 1..n {
                let j = self.rng.below(i as u64) as usize;
                add(i, j, &mut adj);
                add(j, i, &mut adj);
            }
        }
        let extra = if n < 2 { 0 } else { self.rng.below(2 * n as u64 + 1) as usize };
        for _ in 0..extra {
            let (a, b) = (self.rng.below(n as u64) as usize, self.rng.below(n as u64) as usize);
            add(a, b, &mut adj);
        }
        let rows: Vec<String> = adj
            .iter()
            .map(|s| {
                let mut v: Vec<String> = s.iter().map(usize::to_string).collect();
                self.shuffle(&mut v);
                format!("[{}]", v.join(","))
            })
            .collect();
        format!("[{}]", rows.join(","))
    }
}

/// The nodes in the walk's order.
fn walk_order(kids: &[(usize, usize)], walk: Walk) -> Vec<usize> {
    if walk == Walk::In {
        return in_order(kids);
    }
    // Pre-order; post-order is the mirror's pre-order reversed.
    let (mut out, mut stack) = (Vec::with_capacity(kids.len()), vec![0]);
    while let Some(u) = stack.pop() {
        if u == usize::MAX || kids.is_empty() {
            continue;
        }
        out.push(u);
        let (l, r) = kids[u];
        if walk == Walk::Pre { stack.extend([r, l]) } else { stack.extend([l, r]) }
    }
    if walk == Walk::Post {
        out.reverse();
    }
    out
}

fn in_order(kids: &[(usize, usize)]) -> Vec<usize> {
    let (mut out, mut stack, mut cur) = (Vec::with_capacity(kids.len()), Vec::new(), 0usize);
    loop {
        while cur != usize::MAX {
            stack.push(cur);
            cur = kids[cur].0;
        }
        let Some(u) = stack.pop() else { break };
        out.push(u);
        cur = kids[u].1;
    }
    out
}

/// Sorted values placed so that the complete tree in level order is a search tree.
fn in_order_complete(sorted: Vec<String>) -> Vec<String> {
    let n = sorted.len();
    let kids: Vec<(usize, usize)> = (0..n)
        .map(|i| {
            let c = |j: usize| if j < n { j } else { usize::MAX };
            (c(2 * i + 1), c(2 * i + 2))
        })
        .collect();
    let mut out = vec![String::new(); n];
    for (s, node) in sorted.into_iter().zip(in_order(&kids)) {
        out[node] = s;
    }
    out
}

fn level_order(kids: &[(usize, usize)], val: &[String]) -> String {
    let mut out = vec![val[0].clone()];
    let mut queue = VecDeque::from([0]);
    while let Some(u) = queue.pop_front() {
        for c in [kids[u].0, kids[u].1] {
            if c == usize::MAX {
                out.push("null".into());
            } else {
                out.push(val[c].clone());
                queue.push_back(c);
            }
        }
    }
    trim(&mut out);
    format!("[{}]", out.join(","))
}

fn trim(out: &mut Vec<String>) {
    while out.last().is_some_and(|s| s == "null") {
        out.pop();
    }
}
