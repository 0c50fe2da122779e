//! LeetCode's function and design problems: each example read once into data (`example`), the
//! problem's kind decided before anything runs (`kind`), the call handed to a driver as one JSON
//! line, and the driver's answer (the last line it prints) compared here as data: `[1,2]` equals
//! `[1, 2]`, floats within LeetCode's 1e-5, a list in any order where the statement says so.
//!
//! The drivers, one small file per language beside this one (`python.py`, `javascript/driver.js`
//! for JavaScript and TypeScript), only read the call, build the arguments (nodes, hidden APIs)
//! and print the result as LeetCode shows it.

mod build;
mod cpp;
pub(crate) mod driver;
pub(crate) mod example;
pub(crate) mod generate;
mod go;
mod java;
mod javascript;
pub(crate) mod kind;
pub(crate) mod node;
pub(crate) mod packed;
mod python2;
mod rust;
mod source;
mod typescript;

use serde_json::Value;

use super::compare::{Diff, Match};

/// LeetCode's checker accepts floating-point answers within this error.
const FLOAT_TOLERANCE: f64 = 1e-5;

/// What the statement says of the order of a returned list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    /// It frees it (`You may return the answer in any order`).
    Free,
    /// It frees it and each item's own order too: the items are sets (3Sum's triplets,
    /// combinations; `statement::Facts::set_items`), compared as a multiset of multisets.
    Sets,
    /// It says nothing: LeetCode's checker accepts another order for some problems (it is not
    /// public), so the same values in another order are unverified, not wrong.
    Unsaid,
    /// It speaks of an order (`sorted`, `in ascending order`, `in the order`): it matters.
    Fixed,
}

/// Compares the driver's output with the expected value (JSON). The driver's answer is its last
/// line (what the program printed itself went to stderr, or comes before it). A design
/// problem's answers are compared one by one (their order is the calls'); a list in another order
/// is accepted where the statement frees the order, and unverified where the order is free only
/// inside (or the statement says nothing of it).
pub(crate) fn compare(expected: &str, got: &str, order: Order, design: bool, quad_tree: bool) -> Match {
    let last = got.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
    let parse = |s: &str| serde_json::from_str::<Value>(s.trim()).ok();
    let show = |s: &str| parse(s).map_or_else(|| s.trim().to_string(), |v| v.to_string());
    let diff = || Diff { line: 1, expected: Some(show(expected)), got: Some(show(last)) };
    let (Some(e), Some(g)) = (parse(expected), parse(last)) else {
        return if expected.split_whitespace().eq(last.split_whitespace()) {
            Match::Yes(None)
        } else {
            Match::No(diff())
        };
    };
    if same(&e, &g) {
        return Match::Yes(None);
    }
    if quad_tree && same_quad_tree(&e, &g) {
        return Match::Yes(Some(
            "the same quad tree: an inner node's `val` differs, which LeetCode accepts either way (only a leaf's is \
compared)",
        ));
    }
    let found = match (&e, &g) {
        (Value::Array(es), Value::Array(gs)) if design && es.len() == gs.len() => {
            // The worst of the answers, call by call.
            let each: Vec<Found> = es.iter().zip(gs).map(|(e, g)| in_order(e, g, order)).collect();
            each.iter().copied().max().unwrap_or(Found::Same)
        }
        _ => in_order(&e, &g, order),
    };
    match found {
        Found::Same => Match::Yes(None),
        Found::Reordered if order != Order::Unsaid => {
            Match::Yes(Some("accepted in another order: the statement says the answer may be in any order"))
        }
        Found::Inner if order == Order::Sets => Match::Yes(Some(
            "accepted in another order: the statement says the answer may be in any order, and its items are sets \
(each in any order too)",
        )),
        Found::Reordered => Match::Maybe(
            diff(),
            "the same values in another order: the statement does not say the order is free, but LeetCode's \
checker accepts any order for some problems; check whether the order matters here",
        ),
        Found::Inner => Match::Maybe(
            diff(),
            "the same values with inner lists in another order too: the statement frees the answer's order, and \
whether it frees the inner lists' is not said",
        ),
        Found::Different => Match::No(diff()),
    }
}

/// How two values differ, from least to most.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Found {
    Same,
    /// The same list items in another order.
    Reordered,
    /// The same only with inner lists reordered too.
    Inner,
    Different,
}

fn in_order(e: &Value, g: &Value, order: Order) -> Found {
    if same(e, g) {
        return Found::Same;
    }
    if order == Order::Fixed {
        return Found::Different;
    }
    if let (Value::String(a), Value::String(b)) = (e, g) {
        // A string "in any order" (3692's characters of a group): the same characters. Only
        // where the statement says so: a string's order is its meaning.
        let chars = |s: &str| {
            let mut c: Vec<char> = s.chars().collect();
            c.sort_unstable();
            c
        };
        return if order != Order::Unsaid && chars(a) == chars(b) { Found::Reordered } else { Found::Different };
    }
    if !e.is_array() {
        return Found::Different;
    }
    let (mut se, mut sg) = (e.clone(), g.clone());
    sort(&mut se, false);
    sort(&mut sg, false);
    if same(&se, &sg) {
        return Found::Reordered;
    }
    sort(&mut se, true);
    sort(&mut sg, true);
    if order != Order::Unsaid && same(&se, &sg) { Found::Inner } else { Found::Different }
}

/// Sorts a list (and with `deep`, every list inside it first) by the values' text.
fn sort(v: &mut Value, deep: bool) {
    if let Value::Array(items) = v {
        if deep {
            items.iter_mut().for_each(|i| sort(i, true));
        }
        items.sort_by_cached_key(|a| a.to_string());
    }
}

/// Two quad trees in LeetCode's form (`[[isLeaf, val], …]` in level order, `null` for no node)
/// that differ only in their inner nodes' `val` (427: "you can assign the val to True or False
/// when isLeaf is False, and both are accepted").
fn same_quad_tree(e: &Value, g: &Value) -> bool {
    let (Value::Array(es), Value::Array(gs)) = (e, g) else { return false };
    let leaf = |n: &Value| n.get(0).and_then(|x| x.as_i64().or_else(|| x.as_bool().map(i64::from)));
    es.len() == gs.len()
        && es.iter().zip(gs).all(|(e, g)| match (leaf(e), leaf(g)) {
            (Some(0), Some(0)) => true,
            (Some(_), Some(_)) => same(e, g),
            _ => e.is_null() && g.is_null(),
        })
}

fn same(e: &Value, g: &Value) -> bool {
    match (e, g) {
        (Value::Number(a), Value::Number(b)) => match (a.as_i64(), b.as_i64()) {
            (Some(x), Some(y)) => x == y,
            _ => {
                let (x, y) = (a.as_f64().unwrap_or(f64::NAN), b.as_f64().unwrap_or(f64::NAN));
                (x - y).abs() <= FLOAT_TOLERANCE || (x - y).abs() <= FLOAT_TOLERANCE * x.abs()
            }
        },
        (Value::Array(a), Value::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y)),
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len() && a.iter().all(|(k, x)| b.get(k).is_some_and(|y| same(x, y)))
        }
        _ => e == g,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yes(m: Match) -> bool {
        matches!(m, Match::Yes(_))
    }

    #[test]
    fn values_compare_as_data() {
        let (free, unsaid, fixed) = (Order::Free, Order::Unsaid, Order::Fixed);
        assert!(yes(compare("[0,1]", "[0, 1]", fixed, false, false)));
        assert!(yes(compare("[0,1]", "[1,0]", free, false, false)));
        let Match::No(d) = compare("[0,1]", "[1,0]", fixed, false, false) else { panic!() };
        assert_eq!((d.expected.as_deref(), d.got.as_deref()), (Some("[0,1]"), Some("[1,0]")));
        assert!(matches!(compare("[0,1]", "[1,0]", unsaid, false, false), Match::Maybe(..)));
        assert!(matches!(compare("[0,1]", "[1,2]", unsaid, false, false), Match::No(_)));
        assert!(yes(compare("true", "true", fixed, false, false)));
        // A quad tree: an inner node's `val` is free, a leaf's is not, and only for a quad tree.
        let (want, inner) = ("[[0,1],[1,0],[1,1],[1,1],[1,0]]", "[[0,0],[1,0],[1,1],[1,1],[1,0]]");
        assert!(yes(compare(want, inner, fixed, false, true)));
        assert!(!yes(compare(want, "[[0,1],[1,1],[1,1],[1,1],[1,0]]", fixed, false, true)));
        assert!(!yes(compare(want, inner, fixed, false, false)));
        assert!(!yes(compare("true", "false", unsaid, false, false)));
        assert!(yes(compare("2.50000", "2.5", fixed, false, false)));
        assert!(yes(compare("\"bab\"", "\"bab\"", fixed, false, false)));
        // The program's own prints come before the driver's answer.
        assert!(yes(compare("3", "debug 1\ndebug 2\n3\n", fixed, false, false)));
        assert!(matches!(compare("[[1,2],[3]]", "[[3],[2,1]]", free, false, false), Match::Maybe(..)));
        assert!(matches!(compare("[[1,2],[3]]", "[[3],[2,4]]", free, false, false), Match::No(_)));
        // Items that are sets (3Sum's triplets): a multiset of multisets, duplicates counted.
        let sets = Order::Sets;
        assert!(yes(compare("[[-1,-1,2],[-1,0,1]]", "[[1,0,-1],[2,-1,-1]]", sets, false, false)));
        assert!(matches!(compare("[[-1,-1,2],[-1,0,1]]", "[[1,0,-1],[2,-1,1]]", sets, false, false), Match::No(_)));
        assert!(matches!(compare("[[1,1,2]]", "[[1,2,2]]", sets, false, false), Match::No(_)));
        assert!(matches!(compare("[[1,2]]", "[[1,2],[2,1]]", sets, false, false), Match::No(_)));
        // A design problem: each answer on its own, in the calls' order.
        assert!(yes(compare("[null,[3,2,1],[2,1]]", "[null,[1,2,3],[1,2]]", free, true, false)));
        assert!(matches!(
            compare("[null,[3,2,1],[2,1]]", "[null,[1,2,3],[1,2]]", unsaid, true, false),
            Match::Maybe(..)
        ));
        assert!(matches!(compare("[null,1,2]", "[null,2,1]", free, true, false), Match::No(_)));
        assert!(yes(compare("\"fp\"", "\"pf\"", free, false, false)));
        assert!(
            !yes(compare("\"fp\"", "\"pf\"", fixed, false, false))
                && !yes(compare("\"fp\"", "\"pg\"", free, false, false))
        );
    }
}
