//! Parameters whose value is one of another's: a node given by its value (235's `p = 2`, a
//! `TreeNode` the examples write as a number), and the values a sentence says exist in the tree
//! or list (993's `x and y are exist in the tree`). Drawn at random they named no node, and the
//! reference crashed on an input the statement rules out. Such a value is drawn from the values
//! the container was given, distinct ones where there are enough (`p != q`). Likewise a list of
//! integers whose items are another's (1122's `Each arr2[i] is in arr1`), and a character that
//! is one of a string's (2259's `digit occurs at least once in number`).

use serde_json::Value;

use super::constraints::Facts;
use super::shape::{Role, Ty};
use super::{Param, rng::Rng};

/// `(member, container)` pairs; the lines this reads move from unread to read.
pub(super) fn read(params: &mut [Param], facts: &mut Facts) -> Vec<(String, String)> {
    let mut lists = list_in_list(params, facts);
    lists.extend(nodes(params, facts));
    lists
}

/// `Each arr2[i] is in arr1` (1122): a list of integers whose items are another's; `key is an
/// integer from the array nums` (2200): an integer that is one of a list's; `digit occurs at
/// least once in number` (2259, 821): a character (the examples' values one character each) that
/// is one of a string's.
fn list_in_list(params: &[Param], facts: &mut Facts) -> Vec<(String, String)> {
    let list =
        |n: &str| params.iter().any(|p| p.name == n && p.role == Role::Plain && p.ty == Ty::List(Box::new(Ty::Int)));
    let int = |n: &str| list(n) || params.iter().any(|p| p.name == n && p.ty == Ty::Int);
    let string = |n: &str| params.iter().any(|p| p.name == n && p.ty == Ty::Str);
    let one_char = |p: &Param| p.seen.iter().all(|v| v.as_str().is_some_and(|s| s.chars().count() == 1));
    let char_ = |n: &str| params.iter().any(|p| p.name == n && (p.ty == Ty::Char || p.ty == Ty::Str && one_char(p)));
    let mut out = Vec::new();
    let mut rest = Vec::new();
    for line in std::mem::take(&mut facts.unread) {
        let lower = line.to_ascii_lowercase();
        let named: Vec<&str> = words(&line).filter(|w| int(w) || string(w) || char_(w)).collect();
        let in_ = [" is in ", " are in ", " is present in ", " exists in ", " appears in ", " also in ", " from "];
        let in_ = in_.iter().chain(&[" occurs at least once in ", " occurs in ", " also appear in "]);
        let kinds = |m: &str, c: &str| int(m) && list(c) || char_(m) && string(c) && !char_(c);
        if named.len() == 2
            && named[0] != named[1]
            && kinds(named[0], named[1])
            && in_.clone().any(|w| lower.contains(w))
            && !lower.contains(" not ")
        {
            out.push((named[0].to_string(), named[1].to_string()));
            facts.read.push(line);
        } else {
            rest.push(line);
        }
    }
    facts.unread = rest;
    out
}

/// Nodes given by value and values that exist in the tree or list.
fn nodes(params: &mut [Param], facts: &mut Facts) -> Vec<(String, String)> {
    let Some(container) = params.iter().find(|p| p.role != Role::Plain && matches!(p.ty, Ty::List(_))) else {
        return Vec::new();
    };
    let container = container.name.clone();
    let mut out = Vec::new();
    // A node parameter the examples write as a number: a node of the container, by value.
    for p in params.iter_mut() {
        if p.role != Role::Plain && p.ty == Ty::Int {
            p.role = Role::Plain;
            out.push((p.name.clone(), container.clone()));
        }
    }
    let scalar = |n: &str| params.iter().any(|p| p.name == n && p.ty == Ty::Int);
    let mut other = Vec::new();
    for line in std::mem::take(&mut facts.unread) {
        let lower = line.to_ascii_lowercase();
        let named: Vec<&str> = words(&line).filter(|w| scalar(w)).collect();
        // `x and y exist in the tree`, `u is a node in the binary tree rooted at root` (1602).
        let said = ["exist", " is a node ", " are nodes "].iter().any(|w| lower.contains(w))
            && !lower.contains(" not ")
            && !lower.contains("!=");
        if said && ["tree", "bst", "list"].iter().any(|w| lower.contains(w)) && !named.is_empty() {
            for n in named {
                if !out.iter().any(|(m, _)| m == n) {
                    out.push((n.to_string(), container.clone()));
                }
            }
            facts.read.push(line);
        } else {
            other.push(line);
        }
    }
    // `x != y` between two members: they are drawn distinct.
    for line in other {
        let members = words(&line).filter(|w| out.iter().any(|(m, _)| m == w)).count();
        if line.contains("!=") && members == 2 {
            facts.read.push(line);
        } else {
            facts.unread.push(line);
        }
    }
    out
}

fn words(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty())
}

/// The testcase's parts (`name = value`) with each member's value drawn from its container's.
pub(super) fn fill(parts: &mut [(String, String)], members: &[(String, String)], rng: &mut Rng) {
    let mut used: Vec<i64> = Vec::new();
    for (member, container) in members {
        if let Some(chars) = parts.iter().find(|(n, _)| n == container).and_then(|(_, v)| chars(v))
            && !chars.is_empty()
        {
            let c = chars[rng.range(0, chars.len() as i64 - 1) as usize];
            if let Some(slot) = parts.iter_mut().find(|(n, _)| n == member) {
                slot.1 = Value::String(c.into()).to_string();
            }
            continue;
        }
        let Some(values) = parts.iter().find(|(n, _)| n == container).and_then(|(_, v)| ints(v)) else { continue };
        if let Some(slot) = parts.iter_mut().find(|(n, v)| n == member && v.starts_with('['))
            && !values.is_empty()
        {
            slot.1 = picks(&slot.1, &values, rng);
            continue;
        }
        let fresh: Vec<i64> = values.iter().copied().filter(|v| !used.contains(v)).collect();
        let pool = if fresh.is_empty() { &values } else { &fresh };
        if pool.is_empty() {
            continue;
        }
        let v = pool[rng.range(0, pool.len() as i64 - 1) as usize];
        used.push(v);
        if let Some(slot) = parts.iter_mut().find(|(n, _)| n == member) {
            slot.1 = v.to_string();
        }
    }
}

/// The characters of a generated string.
fn chars(v: &str) -> Option<Vec<char>> {
    serde_json::from_str::<Value>(v).ok()?.as_str().map(|s| s.chars().collect())
}

/// The integers of a generated list (a tree's level order, a linked list), `null`s left out.
fn ints(v: &str) -> Option<Vec<i64>> {
    let v: Value = serde_json::from_str(v).ok()?;
    Some(v.as_array()?.iter().filter_map(Value::as_i64).collect())
}

/// A list of integers redrawn from `values`, as long as it was (at most as long as `values`
/// has distinct items, and distinct where it was: 1122's `arr2` is distinct too).
fn picks(list: &str, values: &[i64], rng: &mut Rng) -> String {
    let old = ints(list).unwrap_or_default();
    let distinct_before = old.iter().collect::<std::collections::HashSet<_>>().len() == old.len();
    let mut pool: Vec<i64> = values.to_vec();
    pool.sort_unstable();
    pool.dedup();
    let mut out = Vec::with_capacity(old.len());
    for _ in 0..old.len() {
        if pool.is_empty() {
            break;
        }
        let i = rng.range(0, pool.len() as i64 - 1) as usize;
        out.push(if distinct_before { pool.swap_remove(i) } else { pool[i] });
    }
    if out.is_empty() {
        out.push(values[0]);
    }
    format!("[{}]", out.iter().map(i64::to_string).collect::<Vec<_>>().join(","))
}
