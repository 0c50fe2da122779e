//! A testcase from a plan: the scalars first (lengths, sizes, parameters that bound others:
//! `n` before `k <= n`, `grid.length` before `grid[i][j] < m`), each in its range at the size
//! asked, then each parameter's value, written as LeetCode writes it. Node shapes (trees,
//! graphs, edge lists that form a tree) are in `nodes.rs`.
//!
//! Size: at 1 every length and scalar takes its maximum and items range over all they may (the
//! largest input); below it a length `L` in `[lo, hi]` is at most `lo + (hi - lo + 1)^size - 1`
//! and an item lies within `(hi - lo)^size` of 0 (or of the range's nearer end), so small sizes
//! give short inputs of small, often equal, values.

use std::cell::Cell;
use std::collections::{BTreeMap, HashSet};

use serde_json::Value;

use super::constraints::{Bound, Sort};
use super::expr::{Expr, Key, NODE};
use super::rng::Rng;
use super::shape::{Role, Ty};
use super::{Design, Form, Param, Plan};

/// The most items (numbers, characters) in one generated value: lengths whose product the
/// statement bounds in words (`sum of words[i].length <= 10^5`, unread) are cut to this.
pub(super) const BUDGET: usize = 1_000_000;

pub(super) struct Gen<'a> {
    pub(super) plan: &'a Plan,
    pub(super) rng: Rng,
    pub(super) f: f64,
    pub(super) env: BTreeMap<Key, f64>,
    /// A term's bounds left it no value (its lower bound above its upper one).
    conflict: Cell<bool>,
    /// A testcase of edge values: an item is often its range's least or greatest value (where
    /// an overflow, a bound off by one shows), not only values near 0.
    edge: bool,
    /// A largest testcase whose every item is an edge value: sums and products of many items
    /// near the top overflow a narrowed type (`int` for `long long`), which items drawn over the
    /// whole range rarely do in one path or one pair (planted bugs missed: a path of three
    /// edges near 10^9, a product of two coordinates' spans).
    extreme: bool,
    /// A largest testcase (not the largest-input run's) whose scalars are each its range's least
    /// or greatest value, from a stream of their own: every scalar at its top is one input, and
    /// a narrowed type often overflows only at another corner (2240's `total = 10^6, cost1 =
    /// cost2 = 1`: 5 * 10^11 ways, a planted `int` missed).
    corners: Option<Rng>,
    /// A testcase whose items take few values whatever its lengths (the
    /// range's least ones, as at the smallest sizes; strings from three letters): ties and equal
    /// neighbours come in long lists too, where values scaled with the lengths seldom repeat
    /// (planted bugs missed: 1671's `>=` for `>` in a mountain's descent, which needs equal
    /// values four items long or more).
    narrow: bool,
}

/// Whether edge values keep to the statement as far as it was read: not where an unread line
/// bounds a sum or the answer (`The answer fits in a 32-bit integer`, `sum(nums) <= 10^5`), which
/// extreme values would break where small ones do not.
fn edges_safe(plan: &Plan) -> bool {
    !plan.facts.unread.iter().any(|l| {
        let l = l.to_ascii_lowercase();
        ["fit", "sum", "guarantee", "generated", "product", "total"].iter().any(|w| l.contains(w))
    })
}

/// A label's place in a graph's order with no cycle, `m` an odd multiplier (a bijection of u64).
fn rank(m: u64, label: i64) -> u64 {
    label.cast_unsigned().wrapping_mul(m)
}

/// The testcase for `seed` at size `f`; `largest`: the largest-input run's, every scalar at its
/// top (else two largest testcases in three put the scalars at corners of their ranges).
pub(super) fn testcase(plan: &Plan, seed: u64, f: f64, largest: bool) -> String {
    let safe = edges_safe(plan);
    let mut corners = Rng::new(!seed);
    let corners = (f >= 1.0 && !largest && safe && corners.chance(2.0 / 3.0)).then_some(corners);
    // From a stream of its own, as the corners: the other draws stay as they were. The largest
    // testcases too (not the largest-input run's): a count of equal pairs among 10^5 items
    // passes 2^31 only where the items take few values.
    let narrow = !largest && Rng::new(seed.rotate_left(29) ^ 0x5851_f42d_4c95_7f2d).chance(0.3);
    let mut g = Gen {
        plan,
        rng: Rng::new(seed),
        f,
        env: BTreeMap::new(),
        conflict: Cell::new(false),
        edge: false,
        extreme: false,
        corners,
        narrow,
    };
    g.edge = f < 1.0 && g.rng.chance(0.25) && safe;
    g.extreme = f >= 1.0 && safe && g.rng.chance(0.5);
    match &plan.form {
        Form::Function(ps) => {
            let keys: Vec<Key> = ps.iter().flat_map(|p| g.scalar_keys(p)).collect();
            let keys = g.with_named(keys);
            // Terms drawn so that a later one has no room (689's length 2 for `1 <= k <=
            // floor(nums.length / 3)`) are drawn again, from the next seeds at a size a step
            // nearer the largest (the smallest sizes draw every length at its minimum); at the
            // largest size every term is its maximum and a new draw changes nothing.
            for attempt in 1..=if f >= 1.0 { 1 } else { 16 } {
                g.env.clear();
                g.conflict.set(false);
                g.assign_all(keys.clone());
                if !g.conflict.get() {
                    break;
                }
                g.rng = Rng::new(seed.wrapping_add(attempt << 32));
                g.f = f + (1.0 - f) * attempt as f64 / 16.0;
            }
            let mut parts: Vec<(String, String)> = ps.iter().map(|p| (p.name.clone(), g.value(p))).collect();
            g.mend_parallel(ps, &mut parts);
            g.strings_apart(ps, &mut parts);
            super::members::fill(&mut parts, &plan.members, &mut g.rng);
            g.walks(&mut parts);
            let drawn = parts.clone();
            super::premises::apply(&plan.premises, &mut parts, &mut g.rng);
            g.keep_to_the_lines_read(ps, &drawn, &mut parts);
            parts.iter().map(|(n, v)| format!("{n} = {v}")).collect::<Vec<_>>().join(", ")
        }
        Form::Design(d) => g.design(d),
    }
}

/// What the generator assumes where no constraint was read, in the plan's words.
pub(super) fn assumptions(plan: &Plan) -> Vec<String> {
    let g = Gen {
        plan,
        rng: Rng::new(0),
        f: 1.0,
        env: BTreeMap::new(),
        conflict: Cell::new(false),
        edge: false,
        extreme: false,
        corners: None,
        narrow: false,
    };
    let params: Vec<&Param> = match &plan.form {
        Form::Function(ps) => ps.iter().collect(),
        Form::Design(d) => d.methods.iter().flat_map(|m| &m.params).collect(),
    };
    let mut out = Vec::new();
    for p in params {
        let name = &p.name;
        let leaf = leaf_ty(&p.ty);
        let list = matches!(p.ty, Ty::List(_) | Ty::Str) || p.role != Role::Plain;
        if list && !plan.facts.bounded(&Key::Len(name.clone())) && !matches!(plan.form, Form::Design(_)) {
            out.push(format!("{name}: no length read; lengths up to {}", default_len(p)));
        }
        // A list's cycle entry (`pos`) is drawn -1 or an index of the list, never from a range.
        let numeric = matches!(leaf, Ty::Int | Ty::Double) && name != "pos";
        let bounded = [None, Some(0), Some(1)].iter().any(|&c| g.elem_key(p, c).is_some());
        if numeric && !bounded && !plan.facts.choices.contains_key(name) && !plan.facts.tree_edges.contains(name) {
            match labels(plan, p) {
                Some((n, first)) => out.push(format!(
                    "{name}: no range read; labels {first} to {n}{}, as the examples' are",
                    if first == 0.0 { " - 1" } else { "" }
                )),
                None => {
                    let (lo, hi) = seen_range(p);
                    out.push(format!("{name}: no range read; values in [{lo}, {hi}], from the examples"));
                }
            }
        }
        if matches!(leaf, Ty::Str | Ty::Char) && !plan.facts.alphabet.contains_key(name) {
            out.push(format!("{name}: no alphabet read; the examples' characters"));
        }
    }
    if let Form::Design(_) = plan.form
        && plan.facts.calls.is_none()
    {
        out.push("the number of calls: none read; up to 1000".into());
    }
    out
}

/// Where no range is read for a list of integer pairs or rows: the count they label, when every
/// example's items are `0..n` (or `1..=n`) of that example's `n` and some item is the last label
/// (323's `edges[i] = [a_i, b_i]` of `a graph of n nodes`, said only in the prose: drawn up to 10
/// from the examples, a node beyond `n` crashed a reference). The count's name and the first label.
fn labels<'a>(plan: &'a Plan, p: &Param) -> Option<(&'a str, f64)> {
    let Form::Function(ps) = &plan.form else { return None };
    matches!(&p.ty, Ty::List(t) if matches!(**t, Ty::List(_))).then_some(())?;
    let items = |v: &Value| -> Vec<i64> {
        v.as_array()
            .into_iter()
            .flatten()
            .flat_map(|r| r.as_array().into_iter().flatten())
            .filter_map(Value::as_i64)
            .collect()
    };
    let total: usize = p.seen.iter().map(|v| items(v).len()).sum();
    // Labels, not flags: a 0/1 grid beside a count (1337's `mat` and `k`) is none.
    let distinct: HashSet<i64> = p.seen.iter().flat_map(items).collect();
    (total >= 4 && distinct.len() >= 3).then_some(())?;
    ps.iter().filter(|q| q.ty == Ty::Int && q.seen.len() == p.seen.len()).find_map(|q| {
        [0, 1].into_iter().find_map(|first| {
            let mut tight = false;
            for (v, n) in p.seen.iter().zip(&q.seen) {
                let last = n.as_i64()? + first - 1;
                let xs = items(v);
                if xs.iter().any(|x| *x < first || *x > last) {
                    return None;
                }
                tight |= xs.contains(&last);
            }
            tight.then_some((q.name.as_str(), first as f64))
        })
    })
}

fn leaf_ty(t: &Ty) -> Ty {
    match t {
        Ty::List(t) => leaf_ty(t),
        t => t.clone(),
    }
}

/// The numbers in the examples' values of `p` (every depth), as a range widened a little.
fn seen_range(p: &Param) -> (f64, f64) {
    fn walk(v: &Value, out: &mut Vec<f64>) {
        match v {
            Value::Number(n) => out.extend(n.as_f64()),
            Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    let mut xs = Vec::new();
    p.seen.iter().for_each(|v| walk(v, &mut xs));
    let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if xs.is_empty() {
        return (0.0, 10.0);
    }
    let lo = if lo >= 0.0 { 0.0 } else { 2.0 * lo };
    (lo, (2.0 * hi).max(10.0))
}

/// The examples' longest length of `p` (rows, or a string's characters), doubled, at least 10.
fn default_len(p: &Param) -> usize {
    let len = |v: &Value| v.as_array().map(Vec::len).or_else(|| v.as_str().map(|s| s.chars().count())).unwrap_or(0);
    (p.seen.iter().map(len).max().unwrap_or(0) * 2).max(10)
}

impl Gen<'_> {
    /// The scalar keys parameter `p` needs before its value: its length, its rows' width, itself.
    fn scalar_keys(&self, p: &Param) -> Vec<Key> {
        let n = p.name.clone();
        match (&p.ty, p.role) {
            (Ty::Int | Ty::Double, Role::Plain) => vec![Key::Var(n)],
            (Ty::Str, _) => vec![Key::Len(n)],
            (Ty::List(inner), Role::Plain) if matches!(**inner, Ty::List(_)) && self.rectangular(p) => {
                vec![Key::Len(n.clone()), Key::Inner(n)]
            }
            (Ty::List(_), _) => vec![Key::Len(n)],
            _ => Vec::new(),
        }
    }

    /// `keys` and the scalar terms their bounds (and their items' bounds) name, to a fixed
    /// point: `n` of `nums.length == n + 1` or of `0 <= a_i < n` is drawn too.
    fn with_named(&self, mut keys: Vec<Key>) -> Vec<Key> {
        let mut queue = keys.clone();
        for k in &keys {
            queue.extend([None, Some(0), Some(1), Some(2)].map(|c| Key::Elem(k.base().into(), c)));
        }
        queue.push(Key::Elem(NODE.into(), None));
        while let Some(k) = queue.pop() {
            let (lo, hi) = self.plan.facts.bounds(&k);
            let mut refs = Vec::new();
            lo.iter().chain(&hi).for_each(|b| b.expr.keys(&mut refs));
            for r in refs {
                if !matches!(r, Key::Elem(..)) && !keys.contains(&r) {
                    keys.push(r.clone());
                    queue.push(r);
                }
            }
        }
        keys
    }

    /// Every example's rows have one width (a grid), and the width is not fixed (a tuple).
    fn rectangular(&self, p: &Param) -> bool {
        let rect = |v: &Value| {
            let rows = v.as_array().map(Vec::as_slice).unwrap_or_default();
            let width = |r: &Value| r.as_array().map_or(usize::MAX, Vec::len);
            rows.windows(2).all(|w| width(&w[0]) == width(&w[1]))
        };
        p.seen.iter().all(rect) && self.tuple_width(p).is_none()
    }

    /// A list of tuples' width: fixed by a constraint (`edges[i].length == 2`), else every
    /// example's rows have the same width of at most 3.
    pub(super) fn tuple_width(&self, p: &Param) -> Option<usize> {
        let inner = Key::Inner(p.name.clone());
        let (lo, hi) = self.plan.facts.bounds(&inner);
        let konst = |b: &[&super::constraints::Bound]| b.iter().find_map(|b| b.expr.eval(&|_| None));
        if let (Some(a), Some(b)) = (konst(&lo), konst(&hi))
            && a == b
        {
            return Some(a as usize);
        }
        if self.plan.facts.bounded(&inner) {
            return None;
        }
        let widths: HashSet<usize> = p
            .seen
            .iter()
            .flat_map(|v| v.as_array().into_iter().flatten())
            .filter_map(|r| r.as_array().map(Vec::len))
            .collect();
        let one = widths.len() == 1 && widths.iter().all(|&w| (1..=3).contains(&w));
        one.then(|| widths.into_iter().next().unwrap_or(2))
    }

    /// Assigns the scalar keys, each after the keys its bounds name (when those are assigned
    /// here at all), so that `k <= n` sees `n`.
    fn assign_all(&mut self, mut pending: Vec<Key>) {
        while !pending.is_empty() {
            let classes: Vec<Vec<Key>> = pending.iter().map(|k| self.plan.facts.class(k)).collect();
            let ready = |k: &Key, env: &BTreeMap<Key, f64>| {
                let (lo, hi) = self.plan.facts.bounds(k);
                let mut refs = Vec::new();
                lo.iter().chain(&hi).for_each(|b| b.expr.keys(&mut refs));
                refs.iter().all(|r| env.contains_key(r) || !classes.iter().any(|c| c.contains(r)))
            };
            let at = pending.iter().position(|k| ready(k, &self.env)).unwrap_or(0);
            let k = pending.remove(at);
            if !self.env.contains_key(&k) {
                self.assign(&k);
            }
        }
    }

    #[cfg_attr(oj_size, optimize(size))]
    fn assign(&mut self, k: &Key) {
        let class = self.plan.facts.class(k);
        let double =
            class.iter().any(|k| matches!(k, Key::Var(n) if self.param(n).is_some_and(|p| p.ty == Ty::Double)));
        let lengthish = class.iter().any(|k| matches!(k, Key::Len(_) | Key::Inner(_)));
        let (lo, hi) = self.range(k, !double, || default_for(self, k));
        let hi = self.rows_within_budget(&class, lo, hi);
        let x = if double {
            let (a, b) = self.scaled(lo, hi);
            if self.f >= 1.0 { hi } else { a + (b - a) * self.rng.unit() }
        } else if self.f >= 1.0 {
            // A length stays at its top: the largest input is the longest.
            let corner = !lengthish && self.corners.as_mut().is_some_and(|c| c.chance(0.5));
            if corner { lo } else { hi }
        } else if lengthish {
            let cap = lo + ((hi - lo + 1.0).powf(self.f) - 1.0).floor();
            self.rng.range(lo as i64, cap.max(lo) as i64) as f64
        } else if self.edge && self.rng.chance(0.5) {
            // A scalar is one value: an edge testcase gives it an edge value more often. One
            // up to 10^6 may be a count the solution loops over (887's `k = 100, n = 9999` made
            // a small round as slow as the largest, and a reference's time-out): only a value
            // beyond any loop (a `uint32`, an item up to 10^9) takes its top end.
            let top = if hi > 1e6 { hi } else { hi.min(lo + 1.0) };
            self.edge_int(lo, top) as f64
        } else {
            // Narrow, with the items: 2892's `x * y <= k` ties only where k is as small as they.
            let (a, b) = if self.narrow { self.scaled_at(lo, hi, self.f.min(0.1)) } else { self.scaled(lo, hi) };
            self.rng.range(a as i64, b as i64) as f64
        };
        // `n is even`: the neighbour of the other parity, inside the range.
        let rem = self.plan.facts.parity.iter().find(|(p, _)| class.contains(p)).map(|(_, r)| *r);
        let x = match rem {
            Some(r) if !double && (x as i64).rem_euclid(2) != r => {
                if x < hi {
                    x + 1.0
                } else {
                    x - 1.0
                }
            }
            _ => x,
        };
        let x = self.apart(&class, x, lo, hi, rem.is_some());
        for c in class {
            self.env.insert(c, x);
        }
    }

    /// `x`, or the nearest value in `[lo, hi]` (of the same parity where one is said) that no
    /// term said to differ from the class has (`start != goal`, `divisor != 0`).
    fn apart(&self, class: &[Key], x: f64, lo: f64, hi: f64, parity: bool) -> f64 {
        let taken: Vec<f64> = (self.plan.facts.apart.iter())
            .filter_map(|(a, other)| {
                let value = |e: &Expr| e.eval(&|k: &Key| self.env.get(k).copied());
                match other {
                    Expr::Key(b) if class.contains(b) => self.env.get(a).copied(),
                    _ if class.contains(a) => value(other),
                    _ => None,
                }
            })
            .collect();
        let step = if parity { 2.0 } else { 1.0 };
        let candidates = (0..4).flat_map(|i| [x + step * i as f64, x - step * i as f64]);
        candidates.filter(|y| (lo..=hi).contains(y)).find(|y| !taken.contains(y)).unwrap_or(x)
    }

    /// Strings and lists said to differ (`beginWord != endWord`, 1274's `topRight !=
    /// bottomLeft`): the second drawn again while they are the same (numbers differ as drawn).
    fn strings_apart(&mut self, ps: &[Param], parts: &mut [(String, String)]) {
        for (a, other) in &self.plan.facts.apart {
            let (Key::Var(a), Expr::Key(Key::Var(b))) = (a, other) else { continue };
            let (Some(i), Some(j)) = (parts.iter().position(|(n, _)| n == a), parts.iter().position(|(n, _)| n == b))
            else {
                continue;
            };
            let Some(p) = ps.iter().find(|p| &p.name == b && matches!(p.ty, Ty::Str | Ty::List(_))) else { continue };
            for _ in 0..20 {
                if parts[i].1 != parts[j].1 {
                    break;
                }
                parts[j].1 = self.value(p);
            }
        }
    }

    /// A row length's top end such that all rows together stay within [`BUDGET`] items: 802's
    /// `n <= 10^4` lists of up to `n` items each made a 489 MB testcase (generated for minutes).
    /// Rows already counted: `BUDGET / rows`; a square (the rows' count in the same class):
    /// `sqrt(BUDGET)`. Never below `lo`, which the statement requires.
    fn rows_within_budget(&self, class: &[Key], lo: f64, hi: f64) -> f64 {
        let Some(name) = class.iter().find_map(|k| if let Key::Inner(n) = k { Some(n) } else { None }) else {
            return hi;
        };
        let rows = Key::Len(name.clone());
        let most = if class.contains(&rows) {
            (BUDGET as f64).sqrt()
        } else {
            match self.env.get(&rows) {
                Some(&n) if n >= 1.0 => (BUDGET as f64 / n).floor(),
                _ => return hi,
            }
        };
        hi.min(most.max(lo))
    }

    pub(super) fn param(&self, name: &str) -> Option<&Param> {
        match &self.plan.form {
            Form::Function(ps) => ps.iter().find(|p| p.name == name),
            Form::Design(d) => d.methods.iter().flat_map(|m| &m.params).find(|p| p.name == name),
        }
    }

    /// `k`'s range now: the bounds whose terms are known, else `default`'s side.
    pub(super) fn range(&self, k: &Key, int: bool, default: impl Fn() -> (f64, f64)) -> (f64, f64) {
        self.range_at(k, int, &default, 0)
    }

    /// [`Gen::range`], where a bound naming a term not drawn yet (a later part of the same tuple,
    /// a later parameter) takes that term's own bound on the same side (`first_i <= last_i <= n`:
    /// `first_i <= n`; 1109's first day drawn above `n` left no room for the last; 1297's
    /// `minSize <= maxSize <= min(26, s.length)`). `depth` stops a cycle.
    fn range_at(&self, k: &Key, int: bool, default: &dyn Fn() -> (f64, f64), depth: u8) -> (f64, f64) {
        let (los, his) = self.plan.facts.bounds(k);
        let side = |upper: bool| {
            move |k: &Key| match self.env.get(k) {
                Some(x) => Some(*x),
                None if depth < 4 => {
                    let (lo, hi) = self.range_at(k, int, &|| (f64::NAN, f64::NAN), depth + 1);
                    Some(if upper { hi } else { lo }).filter(|x| x.is_finite())
                }
                None => None,
            }
        };
        let one = if int { 1.0 } else { 0.0 };
        let (env_lo, env_hi) = (side(false), side(true));
        // A quotient's term not drawn yet stands in with its bound on the other side (`col <=
        // 2 * 10^4 / row`: the least `row` leaves `col` the most room).
        let env = |b: &Bound, upper: bool| -> &dyn Fn(&Key) -> Option<f64> {
            if b.inverse == upper { &env_lo } else { &env_hi }
        };
        let lo = los
            .iter()
            .filter_map(|b| Some(b.expr.eval(env(b, false))? + if b.strict { one } else { 0.0 }))
            .reduce(f64::max);
        let hi = his
            .iter()
            .filter_map(|b| Some(b.expr.eval(env(b, true))? - if b.strict { one } else { 0.0 }))
            .reduce(f64::min);
        let (dlo, dhi) = if lo.is_none() || hi.is_none() { default() } else { (0.0, 0.0) };
        let (mut lo, mut hi) = (lo.unwrap_or(dlo.min(hi.unwrap_or(dlo))), hi.unwrap_or(dhi.max(lo.unwrap_or(dhi))));
        if int {
            lo = lo.ceil();
            hi = hi.floor();
        }
        if hi < lo && depth == 0 {
            self.conflict.set(true);
        }
        (lo.max(-9.2e18), hi.max(lo).min(9.2e18))
    }

    /// `[lo, hi]` narrowed around 0 (or its nearer end) for a size below 1.
    pub(super) fn scaled(&self, lo: f64, hi: f64) -> (f64, f64) {
        self.scaled_at(lo, hi, self.f)
    }

    /// [`Gen::scaled`] at size `f`.
    fn scaled_at(&self, lo: f64, hi: f64, f: f64) -> (f64, f64) {
        if f >= 1.0 {
            return (lo, hi);
        }
        let c = 0f64.clamp(lo, hi);
        let half = (hi - lo).max(0.0).powf(f).ceil();
        ((c - half).max(lo), (c + half).min(hi))
    }

    /// An item's integer in `[lo, hi]` at this size.
    pub(super) fn int(&mut self, lo: f64, hi: f64) -> i64 {
        if self.extreme || self.edge && self.rng.chance(0.3) {
            return self.edge_int(lo, hi);
        }
        let (a, b) = if self.narrow { self.scaled_at(lo, hi, self.f.min(0.1)) } else { self.scaled(lo, hi) };
        self.rng.range(a as i64, b as i64)
    }

    /// One of `[lo, hi]`'s edge values: where a comparison, a bound off by one or an overflow
    /// shows and small random values never go (planted bugs missed: bit 31 of a `uint32`, a
    /// narrowed `int` needing values near 2^31, a sieve's largest value): either end, one step
    /// inside it, 0, 1 or -1, and the powers of two at the top of the range and one below them.
    pub(super) fn edge_int(&mut self, lo: f64, hi: f64) -> i64 {
        let (lo, hi) = (lo as i64, (hi.max(lo)) as i64);
        let top = if hi > 1 { 1i64 << (63 - hi.leading_zeros()) } else { hi };
        let picks = [lo, hi, lo.saturating_add(1), hi.saturating_sub(1), 0, 1, -1, top, top - 1];
        let x = picks[self.rng.below(picks.len() as u64) as usize];
        if (lo..=hi).contains(&x) { x } else { hi }
    }

    /// The key bounding `p`'s items (column `col` of a tuple first), if any was read.
    pub(super) fn elem_key(&self, p: &Param, col: Option<usize>) -> Option<Key> {
        let mut keys = Vec::new();
        if col.is_some() {
            keys.push(Key::Elem(p.name.clone(), col));
        }
        keys.push(Key::Elem(p.name.clone(), None));
        if matches!(p.ty, Ty::Int | Ty::Double) {
            keys.push(Key::Var(p.name.clone()));
        }
        if p.role != Role::Plain {
            keys.push(Key::Elem(NODE.into(), None));
        }
        keys.into_iter().find(|k| self.plan.facts.bounded(k))
    }

    /// The range of `p`'s items (column `col`).
    pub(super) fn elem_range(&self, p: &Param, col: Option<usize>) -> (f64, f64) {
        let int = leaf_ty(&p.ty) != Ty::Double;
        match self.elem_key(p, col) {
            Some(k) => self.range(&k, int, || seen_range(p)),
            None => match labels(self.plan, p) {
                Some((count, first)) => {
                    let n = self.env.get(&Key::Var(count.to_string())).copied().unwrap_or(first + 1.0);
                    (first, (n + first - 1.0).max(first))
                }
                None => seen_range(p),
            },
        }
    }

    /// A premise the examples suggest yields to the lines read: a list it mended to a length or
    /// items out of their read ranges is put back as drawn (2706's two examples of three prices
    /// each looked like "every value twice but one", whose mend left one price of the two the
    /// constraints ask for at least).
    fn keep_to_the_lines_read(&self, ps: &[Param], drawn: &[(String, String)], parts: &mut [(String, String)]) {
        for (slot, (name, value)) in parts.iter_mut().enumerate() {
            let Some(p) = ps.iter().find(|p| p.name == *name) else { continue };
            if drawn.get(slot).is_none_or(|d| d.1 == *value) {
                continue;
            }
            let Ok(Value::Array(a)) = serde_json::from_str::<Value>(value) else { continue };
            let n = a.len() as f64;
            let len = Key::Len(p.name.clone());
            let (lo, hi) = self.range(&len, true, || (n, n));
            // A length tied to another term's (3259's `n == energyDrinkA.length ==
            // energyDrinkB.length`) keeps the value drawn for them all.
            let tied = self.plan.facts.class(&len).len() > 1 && self.env.get(&len).is_some_and(|&m| m != n);
            let (vlo, vhi) = self.elem_range(p, None);
            let items = a.iter().filter_map(Value::as_f64).all(|x| (vlo..=vhi).contains(&x));
            if !((lo..=hi).contains(&n) && items) || tied {
                *value = drawn[slot].1.clone();
            }
        }
    }

    /// `p`'s length now (assigned, else drawn from its range).
    pub(super) fn len(&mut self, p: &Param) -> usize {
        let k = Key::Len(p.name.clone());
        if !self.env.contains_key(&k) {
            self.assign(&k);
        }
        (self.env[&k].max(0.0) as usize).min(BUDGET)
    }

    #[cfg_attr(oj_size, optimize(size))]
    fn value(&mut self, p: &Param) -> String {
        match (&p.ty, p.role) {
            (_, Role::Tree | Role::Nary | Role::Graph | Role::Random) => self.nodes(p),
            (Ty::Int, _) if p.name == "pos" => self.cycle_pos(),
            (Ty::Int | Ty::Double, _) => {
                let x = self.env.get(&Key::Var(p.name.clone())).copied().unwrap_or(0.0);
                number(x, p.ty == Ty::Double)
            }
            (Ty::Bool, _) => self.rng.chance(0.5).to_string(),
            (Ty::Str, _) => {
                let n = self.len(p);
                let mut s: Vec<char> = self.string(p, n).chars().collect();
                if self.plan.facts.repeat.contains(&p.name) && s.len() >= 2 {
                    // A letter again, somewhere after its first place.
                    let j = 1 + self.rng.below(s.len() as u64 - 1) as usize;
                    s[j] = s[self.rng.below(j as u64) as usize];
                }
                json_str(&s.into_iter().collect::<String>())
            }
            (Ty::Char, _) => json_str(&self.string(p, 1)),
            (Ty::List(inner), _) => {
                let s = self.list(p, inner);
                self.total(p, s)
            }
            (Ty::Unknown, _) => p.seen.first().map_or_else(|| "null".into(), Value::to_string),
        }
    }

    /// A list of integers whose sum is stated (2850's `Sum of grid is equal to 9`): items moved
    /// up or down within their range until they add up (left as drawn when they cannot).
    fn total(&mut self, p: &Param, s: String) -> String {
        fn walk(v: &mut Value, f: &mut dyn FnMut(&mut Value)) {
            match v {
                Value::Array(a) => a.iter_mut().for_each(|x| walk(x, f)),
                x => f(x),
            }
        }
        let want = self.plan.facts.sums.get(&p.name).and_then(|e| e.eval(&|k| self.env.get(k).copied()));
        let want = want.filter(|_| leaf_ty(&p.ty) == Ty::Int);
        let (Some(want), Ok(mut v)) = (want, serde_json::from_str::<Value>(&s)) else { return s };
        let (lo, hi) = self.elem_range(p, None);
        let mut xs = Vec::new();
        walk(&mut v, &mut |x| xs.push(x.as_f64().unwrap_or(0.0)));
        let mut diff = want - xs.iter().sum::<f64>();
        for step in 0..xs.len() * 8 {
            if diff == 0.0 || xs.is_empty() {
                break;
            }
            // Random steps first, then every item in turn, as far as its range goes.
            let i = if step < xs.len() * 7 { self.rng.below(xs.len() as u64) as usize } else { step % xs.len() };
            let room = if diff > 0.0 { hi - xs[i] } else { xs[i] - lo }.min(diff.abs()).floor();
            let d = if step < xs.len() * 7 { self.rng.range(0, room as i64) as f64 } else { room };
            xs[i] += d.copysign(diff);
            diff -= d.copysign(diff);
        }
        let mut it = xs.into_iter();
        walk(&mut v, &mut |x| *x = Value::from(it.next().unwrap_or(0.0) as i64));
        v.to_string()
    }

    /// 141's `pos`: -1 or an index of the list beside it.
    fn cycle_pos(&mut self) -> String {
        let n = self
            .env
            .iter()
            .find(|(k, _)| matches!(k, Key::Len(b) if self.param(b).is_some_and(|p| p.role == Role::Linked)));
        let n = n.map_or(0, |(_, v)| *v as i64);
        self.rng.range(-1, n - 1).to_string()
    }

    fn list(&mut self, p: &Param, inner: &Ty) -> String {
        match inner {
            Ty::Str => {
                let n = self.len(p);
                let width = Key::Inner(p.name.clone());
                // A width drawn already, as the rows' is (1980's `nums[i].length == n` beside
                // `n == nums.length`: its strings were drawn shorter than `n`).
                let (lo, hi) = match self.env.get(&width) {
                    Some(&w) => (w, w),
                    None => self.range(&width, true, || (1.0, default_len(p) as f64)),
                };
                let hi = hi.min(self.item_cap(p, n));
                let lo = lo.min(hi);
                let mut seen = HashSet::new();
                let same = self.plan.facts.same_length.contains(&p.name).then(|| self.length(lo, hi));
                let unique = self.plan.facts.unique.contains(&p.name);
                // A repeat of unique strings is drawn again, a few times, before it is dropped:
                // a dropped one shortens the list below a length a line ties it to.
                let items: Vec<String> = (0..n)
                    .filter_map(|_| {
                        (0..if unique { 20 } else { 1 }).find_map(|_| {
                            let l = same.unwrap_or_else(|| self.length(lo, hi));
                            let s = self.string(p, l);
                            (!unique || seen.insert(s.clone())).then(|| json_str(&s))
                        })
                    })
                    .collect();
                format!("[{}]", items.join(","))
            }
            Ty::List(leaf) if matches!(**leaf, Ty::List(_)) => {
                p.seen.first().map_or_else(|| "[]".into(), Value::to_string)
            }
            Ty::List(leaf) => self.rows(p, leaf),
            leaf => {
                let n = self.len(p);
                let items = self.positions(p, leaf, n).unwrap_or_else(|| self.flat(p, leaf, n, None));
                format!("[{}]", items.join(","))
            }
        }
    }

    /// A short list whose positions have bounds of their own (490's `start = [start_row,
    /// start_col]` with `0 <= start_row < m`): each item in its range, the ones before known to
    /// the next. `None` when no position has one.
    fn positions(&mut self, p: &Param, leaf: &Ty, n: usize) -> Option<Vec<String>> {
        let key = |c| Key::Elem(p.name.clone(), Some(c));
        (n <= 8 && (0..n).any(|c| self.plan.facts.bounded(&key(c)))).then_some(())?;
        let mut out = Vec::with_capacity(n);
        for c in 0..n {
            let x = self.flat(p, leaf, 1, Some(c)).pop().unwrap_or_default();
            self.env.insert(key(c), x.parse().unwrap_or(0.0));
            out.push(x);
        }
        (0..n).for_each(|c| {
            self.env.remove(&key(c));
        });
        Some(out)
    }

    /// A length in `[lo, hi]` for one item of many (a string of a list).
    fn length(&mut self, lo: f64, hi: f64) -> usize {
        let cap = if self.f >= 1.0 { hi } else { lo + ((hi - lo + 1.0).powf(self.f) - 1.0).floor() };
        self.rng.range(lo as i64, cap.max(lo) as i64).max(0) as usize
    }

    /// A grid, jagged rows, or a list of tuples.
    fn rows(&mut self, p: &Param, leaf: &Ty) -> String {
        if self.plan.facts.tree_edges.contains(&p.name) {
            return self.tree_edges(p, leaf);
        }
        if self.plan.facts.adjacency.contains(&p.name) {
            return self.adjacency(p);
        }
        let mut n = self.len(p);
        let width = self.tuple_width(p);
        // `The graph is connected` (684): a spanning tree first, the other edges as drawn; at
        // least a tree's count of edges where the length's range allows (2699's `1 <=
        // edges.length <= n * (n - 1) / 2` drew 1 edge for 4 nodes).
        let connected = self.plan.facts.connected.contains(&p.name) && width.is_some_and(|w| w >= 2);
        if connected {
            let need = self.labels(p).1.saturating_sub(1);
            let len = Key::Len(p.name.clone());
            let (lo, hi) = self.range(&len, true, || (0.0, BUDGET as f64));
            if n < need && lo < hi && need as f64 <= hi && need <= BUDGET {
                n = need;
                self.env.insert(len, n as f64);
            }
        }
        let inner = Key::Inner(p.name.clone());
        let (lo, hi) = match (width, self.env.get(&inner)) {
            (Some(w), _) => (w as f64, w as f64),
            (None, Some(&w)) => (w, w),
            (None, None) => self.range(&inner, true, || (1.0, default_len(p) as f64)),
        };
        let hi = hi.min(self.item_cap(p, n));
        let lo = lo.min(hi);
        if self.plan.facts.unique_cells.contains(&p.name) && *leaf == Ty::Int {
            let w = |g: &mut Self, i: usize| match (g.plan.facts.triangle.contains(&p.name), width) {
                (true, _) => i + 1,
                (false, Some(w)) => w,
                (false, None) if g.env.contains_key(&inner) => hi as usize,
                _ => g.length(lo, hi),
            };
            let widths: Vec<usize> = (0..n).map(|i| w(self, i)).collect();
            return self.unique_cells(p, &widths);
        }
        let mut rows = self.row_list(p, leaf, n, width, (lo, hi), connected);
        self.arrange_grid(p, &mut rows);
        format!("[{}]", rows.join(","))
    }

    /// The most items each of `n` strings or rows of `p` may hold: within the item budget (2569's
    /// rows were read as wide as a list of 10^6: 10^12 items, generated until memory ran out) and
    /// within a total the statement gives their lengths (`sum(words[i].length) <= 10^5`).
    fn item_cap(&self, p: &Param, n: usize) -> f64 {
        let total = self.plan.facts.total_len.get(&p.name).and_then(|t| t.eval(&|_| None));
        let total = total.map_or(f64::INFINITY, |t| (t / n.max(1) as f64).floor());
        ((BUDGET / n.max(1)).max(1) as f64).min(total.max(1.0))
    }

    /// `n` rows of widths in `lo..=hi` (or the tuple's `width`), each drawn again (20 times,
    /// then from the pairs left) while it repeats one where no row may, or loops where no edge
    /// may; a spanning tree's edges first where the graph is connected.
    fn row_list(
        &mut self,
        p: &Param,
        leaf: &Ty,
        n: usize,
        width: Option<usize>,
        (lo, hi): (f64, f64),
        connected: bool,
    ) -> Vec<String> {
        let facts = &self.plan.facts;
        // Tuples said unique are distinct tuples (1970's `All the values of cells are unique`).
        let unique = width.is_some() && facts.unique.contains(&p.name);
        let distinct = unique || facts.distinct_rows.contains(&p.name) || facts.distinct_pairs.contains(&p.name);
        // A graph with no cycle: each pair goes up a random order of the labels (an odd
        // multiplier is a bijection of u64, so the order is total).
        let order = facts.acyclic.contains(&p.name).then(|| self.rng.next() | 1);
        // No self-loop where the statement says none, or where the graph has no cycle.
        let loops = facts.distinct_ends.contains(&p.name) || order.is_some();
        let triangle = facts.triangle.contains(&p.name);
        let inner = Key::Inner(p.name.clone());
        let mut seen = HashSet::new();
        let mut rows = Vec::with_capacity(n);
        if connected {
            for row in self.spanning_rows(p, leaf, n, order) {
                seen.insert(self.row_key(p, &row));
                rows.push(format!("[{}]", row.join(",")));
            }
        }
        let mut left: Option<Vec<Vec<String>>> = None;
        for i in rows.len()..n {
            let w = if triangle {
                i + 1
            } else if self.env.contains_key(&inner) {
                hi as usize
            } else {
                self.length(lo, hi)
            };
            let mut row = Vec::new();
            for _ in 0..20 {
                row = self.row(p, leaf, w, width.is_some(), order);
                let ends = !(loops && row.len() >= 2 && row[0] == row[1]);
                if ends && (!distinct || seen.insert(self.row_key(p, &row))) {
                    break;
                }
                row.clear();
            }
            // 1970's `cells` of every cell of the grid, `unique`: the last ones are rarely drawn
            // at random; they come from the pairs not taken yet.
            if row.is_empty() && distinct && width == Some(2) {
                let left = left.get_or_insert_with(|| self.pairs_left(p, &seen, loops, order));
                row = std::iter::from_fn(|| left.pop()).find(|r| seen.insert(self.row_key(p, r))).unwrap_or_default();
            }
            // A row that breaks a rule read is dropped (the list comes out shorter).
            if !row.is_empty() || width.is_none() {
                rows.push(format!("[{}]", row.join(",")));
            }
        }
        if connected {
            self.shuffle(&mut rows);
        }
        rows
    }

    /// The pairs in the parts' ranges not taken yet (none where there are more than the item
    /// budget), in random order; each up the labels' `order` where the graph has no cycle (1462's
    /// largest input, every pair of 100 courses, took both ways of each and had cycles).
    fn pairs_left(
        &mut self,
        p: &Param,
        seen: &HashSet<Vec<String>>,
        loops: bool,
        order: Option<u64>,
    ) -> Vec<Vec<String>> {
        let ((lo0, hi0), (lo1, hi1)) = (self.elem_range(p, Some(0)), self.elem_range(p, Some(1)));
        if (hi0 - lo0 + 1.0) * (hi1 - lo1 + 1.0) > BUDGET as f64 {
            return Vec::new();
        }
        let mut out = Vec::new();
        for a in lo0 as i64..=hi0 as i64 {
            for b in lo1 as i64..=hi1 as i64 {
                let row = vec![a.to_string(), b.to_string()];
                let up = order.is_none_or(|m| rank(m, a) < rank(m, b));
                if up && !(loops && a == b) && self.fits(p, a, b) && !seen.contains(&self.row_key(p, &row)) {
                    out.push(row);
                }
            }
        }
        self.shuffle(&mut out);
        out
    }

    /// A grid whose columns are sorted (each row sorted first where rows are: sorting the
    /// columns then keeps them so), or whose rows go on from each other (74: distinct values
    /// in order, row after row).
    fn arrange_grid(&mut self, p: &Param, rows: &mut [String]) {
        let columns = self.plan.facts.sorted_columns.get(&p.name).copied();
        let chained = self.plan.facts.chained.contains(&p.name);
        if columns.is_none() && !chained {
            return;
        }
        // Numbers, not JSON values: sorting `f64`s reuses code the binary has (a sort of
        // values cost it kilobytes).
        let row = |r: &String| -> Option<Vec<f64>> {
            r.strip_prefix('[')?.strip_suffix(']')?.split(',').map(|x| x.parse().ok()).collect()
        };
        let mut grid: Vec<Vec<f64>> = rows.iter().filter_map(row).collect();
        if grid.len() != rows.len() {
            return;
        }
        if chained {
            let (lo, hi) = self.elem_range(p, None);
            let mut xs = self.distinct(lo, hi, grid.iter().map(Vec::len).sum());
            xs.sort_unstable();
            let mut xs = xs.into_iter();
            grid.iter_mut().flatten().for_each(|v| *v = xs.next().unwrap_or_default() as f64);
        }
        if let Some(order) = columns {
            for c in 0..grid.iter().map(Vec::len).min().unwrap_or(0) {
                let mut col: Vec<f64> = grid.iter().map(|r| r[c]).collect();
                sort_by(&mut col, Some(&order));
                grid.iter_mut().zip(col).for_each(|(r, v)| r[c] = v);
            }
        }
        let double = matches!(&p.ty, Ty::List(r) if matches!(&**r, Ty::List(t) if **t == Ty::Double));
        for (s, r) in rows.iter_mut().zip(grid) {
            *s = format!("[{}]", r.into_iter().map(|x| number(x, double)).collect::<Vec<_>>().join(","));
        }
    }

    /// What a row may not repeat: its first two parts either way round where no edge may repeat
    /// (1786's weighted `edges` under `There is at most one edge between any two nodes`), else
    /// all of it, the first two either way round.
    fn row_key(&self, p: &Param, row: &[String]) -> Vec<String> {
        let facts = &self.plan.facts;
        let edge = facts.distinct_pairs.contains(&p.name);
        let mut key = if edge && row.len() > 2 { row[..2].to_vec() } else { row.to_vec() };
        // `All the values of cells are unique` (1970): `[1,2]` and `[2,1]` are two cells.
        let ordered = facts.unique.contains(&p.name) && !edge && !facts.distinct_rows.contains(&p.name);
        if key.len() >= 2 && !ordered {
            key[..2].sort();
        }
        key
    }

    /// One row of `w` items: a tuple's parts each in turn, the ones before known to the next
    /// (`start_i <= end_i`); a pair put in the `order` given (a graph with no cycle).
    pub(super) fn row(&mut self, p: &Param, leaf: &Ty, w: usize, tuple: bool, order: Option<u64>) -> Vec<String> {
        let mut row = if tuple {
            let mut row = Vec::with_capacity(w);
            for c in 0..w {
                let x = self.flat(p, leaf, 1, Some(c)).pop().unwrap_or_default();
                self.env.insert(Key::Elem(p.name.clone(), Some(c)), x.parse().unwrap_or(0.0));
                row.push(x);
            }
            (0..w).for_each(|c| {
                self.env.remove(&Key::Elem(p.name.clone(), Some(c)));
            });
            row
        } else {
            self.flat(p, leaf, w, None)
        };
        if let (Some(m), [a, b]) = (order, &mut row[..]) {
            let label = |x: &str| x.parse::<i64>().unwrap_or(0);
            if rank(m, label(a)) > rank(m, label(b)) {
                std::mem::swap(a, b);
            }
        }
        row
    }

    /// Lists of integers of one length whose items are bounded by the other lists' items at the
    /// same index (1235's `1 <= startTime[i] < endTime[i] <= 10^9`): drawn one list after the
    /// other, such a pair broke its bound at small sizes (`startTime = [3], endTime = [2]`, a
    /// false `WA`). An item out of its range, given the others at its index, is drawn again in
    /// it. A list kept unique, sorted, a permutation or from a set stays as drawn.
    fn mend_parallel(&mut self, ps: &[Param], parts: &mut [(String, String)]) {
        let facts = &self.plan.facts;
        let kept = |p: &Param| {
            [&facts.unique, &facts.permutation].iter().any(|s| s.contains(&p.name))
                || facts.sorted.contains_key(&p.name)
                || facts.choices.contains_key(&p.name)
                || facts.repeated.contains_key(&p.name)
        };
        let mut lists: Vec<(&Param, bool, Vec<i64>)> = ps
            .iter()
            .zip(parts.iter())
            .filter(|(p, _)| p.role == Role::Plain && matches!(&p.ty, Ty::List(t) if **t == Ty::Int))
            .filter_map(|(p, (_, v))| Some((p, kept(p), serde_json::from_str::<Vec<i64>>(v).ok()?)))
            .collect();
        let n = lists.first().map_or(0, |l| l.2.len());
        if lists.len() < 2 || lists.iter().any(|l| l.2.len() != n) {
            return;
        }
        let key = |p: &Param| Key::Elem(p.name.clone(), None);
        for i in 0..n {
            for (p, _, xs) in &lists {
                self.env.insert(key(p), xs[i] as f64);
            }
            for (p, kept, xs) in lists.iter_mut() {
                self.env.remove(&key(p));
                let (lo, hi) = self.elem_range(p, None);
                if !*kept && lo <= hi && !(lo..=hi).contains(&(xs[i] as f64)) {
                    xs[i] = self.int(lo, hi);
                }
                self.env.insert(key(p), xs[i] as f64);
            }
        }
        for (p, _, xs) in &lists {
            self.env.remove(&key(p));
            if let Some(slot) = parts.iter_mut().find(|(name, _)| *name == p.name) {
                slot.1 = format!("[{}]", xs.iter().map(i64::to_string).collect::<Vec<_>>().join(","));
            }
        }
    }

    /// A grid of rows `widths` long whose cells all differ (fewer where the range holds fewer).
    fn unique_cells(&mut self, p: &Param, widths: &[usize]) -> String {
        let (lo, hi) = self.elem_range(p, None);
        let mut pool = self.distinct(lo, hi, widths.iter().sum()).into_iter();
        let rows: Vec<String> = widths
            .iter()
            .map(|&w| format!("[{}]", pool.by_ref().take(w).map(|x| x.to_string()).collect::<Vec<_>>().join(",")))
            .collect();
        format!("[{}]", rows.join(","))
    }

    /// `n` items of type `leaf` for `p` (column `col` of its tuples), under its flags: a set of
    /// values, unique, a permutation, sorted.
    #[cfg_attr(oj_size, optimize(size))]
    pub(super) fn flat(&mut self, p: &Param, leaf: &Ty, n: usize, col: Option<usize>) -> Vec<String> {
        let facts = &self.plan.facts;
        match leaf {
            Ty::Bool => return (0..n).map(|_| self.rng.chance(0.5).to_string()).collect(),
            Ty::Str | Ty::Char => return (0..n).map(|_| json_str(&self.string(p, 1))).collect(),
            _ => {}
        }
        let double = *leaf == Ty::Double;
        if let Some(set) = facts.choices.get(&p.name).cloned() {
            return (0..n).map(|_| number(set[self.rng.below(set.len() as u64) as usize], double)).collect();
        }
        let (lo, hi) = self.elem_range(p, col);
        if double {
            let (a, b) = self.scaled(lo, hi);
            let mut xs: Vec<f64> = (0..n).map(|_| a + (b - a) * self.rng.unit()).collect();
            sort_by(&mut xs, facts.sorted.get(&p.name));
            return xs.into_iter().map(|x| format!("{x:.5}")).collect();
        }
        let mut xs: Vec<i64> = if facts.permutation.contains(&p.name) {
            let base = if lo >= 1.0 { 1 } else { 0 };
            let mut v: Vec<i64> = (base..base + n as i64).collect();
            self.shuffle(&mut v);
            v
        } else if let Some(&k) = facts.repeated.get(&p.name) {
            // Distinct values, `k` of them (the first drawn, in random order) twice.
            let mut v = self.distinct(lo, hi, n.saturating_sub(k));
            v.extend_from_within(..k.min(v.len()));
            self.shuffle(&mut v);
            v
        } else if facts.unique.contains(&p.name) {
            self.distinct(lo, hi, n)
        } else if self.edge && self.rng.chance(0.2) {
            // Every item equal: where a tie is broken (`<` for `<=` in an arg-min, a threshold
            // equal to the maximum) and random values seldom tie all at once.
            vec![self.int(lo, hi); n]
        } else {
            (0..n).map(|_| self.int(lo, hi)).collect()
        };
        let order = facts.sorted.get(&p.name).copied().or_else(|| self.edge_order());
        match order {
            Some(Sort::Ascending) => xs.sort_unstable(),
            Some(Sort::Descending) => xs.sort_unstable_by(|a, b| b.cmp(a)),
            None => {}
        }
        xs.into_iter().map(|x| x.to_string()).collect()
    }

    /// In an edge testcase, sometimes an order for a list the statement leaves unordered: sorted
    /// and reversed inputs are where a loop's bound or a comparison's tie shows.
    fn edge_order(&mut self) -> Option<Sort> {
        if !self.edge || !self.rng.chance(0.3) {
            return None;
        }
        Some(if self.rng.chance(0.5) { Sort::Ascending } else { Sort::Descending })
    }

    /// `n` distinct integers of `[lo, hi]` (fewer when it holds fewer), at this size's range or
    /// wider when that is too narrow.
    pub(super) fn distinct(&mut self, lo: f64, hi: f64, n: usize) -> Vec<i64> {
        let (mut a, mut b) = self.scaled(lo, hi);
        if b - a + 1.0 < n as f64 {
            (a, b) = (lo, hi.min(lo + n as f64 * 2.0).max(lo));
            if b - a + 1.0 < n as f64 {
                (a, b) = (lo, hi);
            }
        }
        let span = (b - a + 1.0).max(1.0);
        let n = n.min(span as usize);
        if span <= 4.0 * n as f64 {
            let mut v: Vec<i64> = (a as i64..=b as i64).collect();
            for i in 0..n {
                let j = i + self.rng.below((v.len() - i) as u64) as usize;
                v.swap(i, j);
            }
            v.truncate(n);
            return v;
        }
        let mut seen = HashSet::with_capacity(n);
        let mut v = Vec::with_capacity(n);
        while v.len() < n {
            let x = self.rng.range(a as i64, b as i64);
            if seen.insert(x) {
                v.push(x);
            }
        }
        v
    }

    pub(super) fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.rng.below(i as u64 + 1) as usize;
            v.swap(i, j);
        }
    }

    /// A string of `n` characters of `p`'s alphabet (distinct where the values are unique and
    /// the alphabet allows).
    fn string(&mut self, p: &Param, n: usize) -> String {
        let alphabet: Vec<char> = match self.plan.facts.alphabet.get(&p.name) {
            Some(a) => a.clone(),
            None => seen_chars(p),
        };
        if self.plan.facts.unique.contains(&p.name) && n <= alphabet.len() && p.ty == Ty::Str {
            let mut a = alphabet;
            self.shuffle(&mut a);
            return a.into_iter().take(n).collect();
        }
        // Small sizes draw from a few letters, so that repeats (and the bugs they show) come;
        // an edge testcase from the last few (the letter `z`, where a bound over the alphabet
        // off by one shows: a planted `range(1, 26 - 1)` the first letters never met).
        let f = if self.narrow { 0.3 } else { self.f.max(0.3) };
        let k = ((alphabet.len() as f64).powf(f).ceil() as usize).clamp(1, alphabet.len());
        // A narrow testcase's letters are the first or the last few (2014's planted `c <= 'z' - 1`
        // needs a `z` repeated k times).
        let last = self.edge || self.narrow && self.rng.chance(0.5);
        let skip = if last { alphabet.len() - k } else { 0 };
        let mut s: Vec<char> = (0..n).map(|_| alphabet[skip + self.rng.below(k as u64) as usize]).collect();
        self.mend_spaces(p, &mut s, &alphabet);
        s.into_iter().collect()
    }

    /// No space at either end of a string a line keeps trimmed, and no two in a row where a
    /// single space separates its words (1816's `s = " "` broke both): such a space becomes
    /// another character of the alphabet, so the length stays.
    fn mend_spaces(&mut self, p: &Param, s: &mut [char], alphabet: &[char]) {
        let facts = &self.plan.facts;
        if !facts.trimmed.contains(&p.name) {
            return;
        }
        let letters: Vec<char> = alphabet.iter().copied().filter(|c| *c != ' ').collect();
        if letters.is_empty() {
            return;
        }
        let single = facts.single_spaced.contains(&p.name);
        if single && alphabet.contains(&' ') {
            // Words: a space one place in five inside, so that there are several.
            for i in 1..s.len().saturating_sub(1) {
                if self.rng.chance(0.2) {
                    s[i] = ' ';
                }
            }
        }
        for i in 0..s.len() {
            let end = i == 0 || i + 1 == s.len();
            if s[i] == ' ' && (end || (single && s[i - 1] == ' ')) {
                s[i] = letters[self.rng.below(letters.len() as u64) as usize];
            }
        }
    }

    fn design(&mut self, d: &Design) -> String {
        let hi = self.plan.facts.calls.unwrap_or(1000.0).min(BUDGET as f64);
        // A few calls even at the smallest size: the constructor alone tests nothing.
        let lo = hi.min(5.0);
        let calls = if self.f >= 1.0 { hi as usize } else { self.length(lo, hi) }.max(1);
        let ctor = &d.methods[0];
        let others: Vec<usize> = (1..d.methods.len()).collect();
        let (mut names, mut args) = (vec![json_str(&ctor.name)], vec![self.args(ctor, true)]);
        let mut which = vec![0];
        for _ in 1..calls {
            let Some(&m) = others.get(self.rng.below(others.len().max(1) as u64) as usize) else { break };
            names.push(json_str(&d.methods[m].name));
            args.push(self.args(&d.methods[m], false));
            which.push(m);
        }
        self.keep_nonempty(d, &mut which, &mut names, &mut args);
        let keep = self.in_order(d, &which, &mut args);
        names.truncate(keep);
        args.truncate(keep);
        format!("[{}]\n[{}]", names.join(","), args.join(","))
    }

    /// A method said to be called only on a non-empty structure (`pop`, `top`, `getMin`), called
    /// where the calls before put in no more than they took out, is a call that puts in instead.
    fn keep_nonempty(&mut self, d: &Design, which: &mut [usize], names: &mut [String], args: &mut [String]) {
        let facts = &self.plan.facts;
        if facts.nonempty.is_empty() {
            return;
        }
        let adds = |m: &str| facts.adders.contains(m) || super::constraints::named_for(m, &super::constraints::ADDS);
        let takes = |m: &str| super::constraints::named_for(m, &super::constraints::TAKES);
        let Some(adder) = (1..d.methods.len()).find(|&m| adds(&d.methods[m].name)) else { return };
        let mut held = 0usize;
        for i in 1..which.len() {
            let name = d.methods[which[i]].name.as_str();
            if facts.nonempty.contains(name) && held == 0 {
                which[i] = adder;
                names[i] = json_str(&d.methods[adder].name);
                args[i] = self.args(&d.methods[adder], false);
            }
            let name = d.methods[which[i]].name.as_str();
            if adds(name) {
                held += 1;
            } else if takes(name) {
                held = held.saturating_sub(1);
            }
        }
    }

    /// A method's integer argument said to grow (or shrink) from call to call (933's `call ping
    /// with strictly increasing values of t`): its values over the calls sorted, one apart at
    /// least when strictly. The calls kept: all but those past the range's end.
    fn in_order(&self, d: &Design, which: &[usize], args: &mut [String]) -> usize {
        let mut keep = args.len();
        for (m, method) in d.methods.iter().enumerate() {
            for (j, p) in method.params.iter().enumerate() {
                let Some(&order) = self.plan.facts.sorted.get(&p.name).filter(|_| p.ty == Ty::Int) else { continue };
                let at: Vec<usize> = (0..args.len()).filter(|&i| which[i] == m).collect();
                let mut calls: Vec<Vec<Value>> =
                    at.iter().map(|&i| serde_json::from_str(&args[i]).unwrap_or_default()).collect();
                let mut xs: Vec<i64> = calls.iter().filter_map(|c| c.get(j).and_then(Value::as_i64)).collect();
                if xs.len() != at.len() {
                    continue;
                }
                let (lo, hi) = self.elem_range(p, None);
                let (lo, hi) = (lo as i64, hi as i64);
                let step = i64::from(self.plan.facts.unique.contains(&p.name));
                xs.sort_unstable();
                for i in 1..xs.len() {
                    xs[i] = xs[i].max(xs[i - 1] + step);
                }
                for (k, c) in calls.iter_mut().enumerate() {
                    // Past the range's end: this call and the ones after it go.
                    if xs[k] > hi {
                        keep = keep.min(at[k]);
                    }
                    c[j] = Value::from(if order == Sort::Descending { lo + hi - xs[k] } else { xs[k] });
                    args[at[k]] = Value::from(std::mem::take(c)).to_string();
                }
            }
        }
        keep
    }

    /// One call's arguments: each drawn afresh (a scalar in its range, a list of its length), a
    /// scalar known to the ones after it (307's `sumRange(left, right)`: `left <= right`).
    fn args(&mut self, m: &super::Method, constructor: bool) -> String {
        // The constructor's numbers bound the calls after it (1756's `MRUQueue(n)` and `fetch(k)`
        // with `1 <= k <= n`): kept, where a call's own are dropped after it.
        let kept: Vec<(Key, f64)> = if constructor {
            Vec::new()
        } else {
            m.params
                .iter()
                .filter_map(|p| self.env.get_key_value(&Key::Var(p.name.clone())))
                .map(|(k, x)| (k.clone(), *x))
                .collect()
        };
        let items: Vec<String> = m
            .params
            .iter()
            .map(|p| match &p.ty {
                Ty::Int | Ty::Double => {
                    let (lo, hi) = self.elem_range(p, None);
                    let x = if p.ty == Ty::Double {
                        let (a, b) = self.scaled(lo, hi);
                        a + (b - a) * self.rng.unit()
                    } else {
                        self.int(lo, hi) as f64
                    };
                    self.env.insert(Key::Var(p.name.clone()), x);
                    number(x, p.ty == Ty::Double)
                }
                _ => {
                    // Its length and width drawn afresh and kept, for the calls after it (308's
                    // `sumRegion(row1, col1, row2, col2)` with `col2 < n`, `n == matrix[i].length`).
                    let keys = self.scalar_keys(p);
                    for k in &keys {
                        self.env.remove(k);
                    }
                    self.assign_all(keys);
                    self.value(p)
                }
            })
            .collect();
        for p in m.params.iter().filter(|_| !constructor) {
            if matches!(p.ty, Ty::Int | Ty::Double) {
                self.env.remove(&Key::Var(p.name.clone()));
            }
        }
        self.env.extend(kept);
        format!("[{}]", items.join(","))
    }
}

fn default_for(g: &Gen, k: &Key) -> (f64, f64) {
    match k {
        Key::Len(n) | Key::Inner(n) => (1.0, g.param(n).map_or(10, default_len) as f64),
        Key::Var(n) | Key::Elem(n, _) => g.param(n).map_or((0.0, 10.0), seen_range),
    }
}

fn seen_chars(p: &Param) -> Vec<char> {
    fn walk(v: &Value, out: &mut Vec<char>) {
        match v {
            Value::String(s) => s.chars().for_each(|c| {
                if !out.contains(&c) {
                    out.push(c)
                }
            }),
            Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    p.seen.iter().for_each(|v| walk(v, &mut out));
    out.sort_unstable();
    if out.is_empty() { ('a'..='z').collect() } else { out }
}

fn sort_by(xs: &mut [f64], order: Option<&Sort>) {
    match order {
        Some(Sort::Ascending) => xs.sort_by(f64::total_cmp),
        Some(Sort::Descending) => xs.sort_by(|a, b| b.total_cmp(a)),
        None => {}
    }
}

pub(super) fn number(x: f64, double: bool) -> String {
    if double { format!("{x:.5}") } else { (x as i64).to_string() }
}

pub(super) fn json_str(s: &str) -> String {
    Value::String(s.to_string()).to_string()
}
