//! Premises read from the examples: a property every example's input has and random inputs of
//! those sizes would very rarely have by chance is taken for a premise the statement states in
//! prose or in a line the constraint reader cannot read (`folder[i]` starts with `/`, `s[2]` is
//! `:`, `s is a valid parentheses string`, `t` is `s` shuffled plus a letter, every value three
//! times but one). Like invariant inference, only shapes that chance seldom makes: a property
//! that holds by chance would narrow the inputs and hide real bugs. Generated testcases are
//! mended to keep each premise, and the result lists them, so that the model can judge.

use std::collections::HashSet;

use serde_json::Value;

use super::Param;
use super::rng::Rng;
use super::shape::Ty;

/// One premise, on parameters by name.
#[derive(Debug)]
pub(super) enum Premise {
    /// Every string (of a string, or of a list of strings) starts with this character.
    Starts(String, char),
    /// Strings of this length hold this character at this index, and nowhere else.
    At(String, usize, usize, char),
    /// Strings whose brackets are balanced: of brackets only, or among other characters (1190's
    /// `(u(love)i)`, 1614's `(1+(2*3)+((8)/4))+1`), which stay where they are: then one of the
    /// examples' other characters, for a bracket too many.
    Balanced(String, Option<char>),
    /// The second string is the first's characters shuffled, plus this many more.
    Anagram(String, String, usize),
    /// Every value of the list occurs this many times, but one that occurs once.
    Times(String, usize),
    /// A list of `1..=n` (`n` its length) with one value twice in place of another.
    Mismatch(String),
    /// A number's digits (a string, a list) with no leading zero, as a line said.
    NoLeadingZero(String),
    /// An unread line that fixes one item (`stones[0] == 0`, `s[2] is ':'`), which every example
    /// keeps.
    Item(String, usize, Value),
}

impl Premise {
    /// The premise in the result's words.
    pub(super) fn describe(&self) -> String {
        match self {
            Premise::Starts(p, c) => format!("every {p} string starts with '{c}'"),
            Premise::At(p, _, i, c) => format!("{p}[{i}] is '{c}' (and no other character is)"),
            Premise::Balanced(p, None) => format!("{p} is a balanced bracket string"),
            Premise::Balanced(p, Some(_)) => format!("the brackets of {p} are balanced"),
            Premise::Anagram(a, b, 0) => format!("{b} is an anagram of {a}"),
            Premise::Anagram(a, b, k) => format!("{b} is {a} shuffled with {k} more character(s)"),
            Premise::Times(p, k) => format!("every value of {p} occurs {k} times but one, once"),
            Premise::Item(p, i, v) => format!("{p}[{i}] == {v}"),
            Premise::Mismatch(p) => format!("{p} holds 1 to its length, but one value twice and one missing"),
            Premise::NoLeadingZero(p) => format!("{p} has no leading zero"),
        }
    }
}

impl Premise {
    /// Whether an unread line says this premise (136's `Each element in the array appears twice
    /// except for one element which appears only once`, 854's `s2 is an anagram of s1`, 1021's
    /// `s is a valid parentheses string`, 1233's `folder[i] always starts with the character
    /// '/'`): the testcases keep it, so the line is read.
    fn says(&self, line: &str) -> bool {
        let lower = line.to_ascii_lowercase();
        let words: Vec<&str> = line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).collect();
        let names = |ps: &[&String]| ps.iter().all(|p| words.contains(&p.as_str()));
        match self {
            Premise::Times(_, k) => {
                let times = match k {
                    2 => "twice".to_string(),
                    3 => "three times".to_string(),
                    k => format!("{k} times"),
                };
                lower.contains(&times) && lower.contains("once") && lower.contains("except")
            }
            Premise::Anagram(a, b, 0) => lower.contains("anagram") && names(&[a, b]),
            // 1190's `It is guaranteed that all parentheses are balanced` names no parameter.
            Premise::Balanced(p, _) => {
                (names(&[p]) || lower.contains("parenthes"))
                    && ["balanced", "valid parentheses", "vps"].iter().any(|w| lower.contains(w))
            }
            Premise::Starts(p, c) => names(&[p]) && lower.contains("starts with") && line.contains(&format!("'{c}'")),
            _ => false,
        }
    }
}

/// The strings a parameter's example values hold (a string, or a list's strings), per example.
fn strings(p: &Param) -> Vec<Vec<Vec<char>>> {
    let of = |v: &Value| -> Vec<Vec<char>> {
        match v {
            Value::String(s) => vec![s.chars().collect()],
            Value::Array(a) => a.iter().filter_map(Value::as_str).map(|s| s.chars().collect()).collect(),
            _ => Vec::new(),
        }
    };
    p.seen.iter().map(of).collect()
}

const BRACKETS: &str = "()[]{}";

/// Whether `s` is brackets correctly nested.
fn balanced(s: &[char]) -> bool {
    let mut open = Vec::new();
    for &c in s {
        match BRACKETS.find(c) {
            Some(i) if i % 2 == 0 => open.push(c),
            Some(i) if open.pop() != BRACKETS[i - 1..].chars().next() => return false,
            _ => {}
        }
    }
    open.is_empty()
}

/// The premises every example satisfies, of a function's parameters; the unread lines that fix
/// an item the examples keep are taken out of `unread` into `read`.
pub(super) fn read(params: &[Param], unread: &mut Vec<String>, read: &mut Vec<String>) -> Vec<Premise> {
    let mut out = Vec::new();
    unread.retain(|line| match item(line, params) {
        Some(p) => {
            out.push(p);
            read.push(line.clone());
            false
        }
        None => true,
    });
    // Two examples at least: one example says nothing of what is common.
    for p in params.iter().filter(|p| p.seen.len() >= 2) {
        let per = strings(p);
        let all: Vec<&Vec<char>> = per.iter().flatten().collect();
        if matches!(p.ty, Ty::Str | Ty::List(_)) && all.len() >= 2 && all.iter().all(|s| !s.is_empty()) {
            out.extend(string_premises(p, &all));
        }
        if p.ty == Ty::List(Box::new(Ty::Int)) {
            out.extend(times(p));
            out.extend(mismatch(p));
        }
    }
    let texts: Vec<&Param> = params.iter().filter(|p| p.ty == Ty::Str && p.seen.len() >= 2).collect();
    for (i, a) in texts.iter().enumerate() {
        for (j, b) in texts.iter().enumerate().filter(|(j, _)| *j != i) {
            // An anagram both ways is said once, of the earlier parameter.
            out.extend(anagram(a, b).filter(|p| j > i || !matches!(p, Premise::Anagram(.., 0))));
        }
    }
    unread.retain(|line| {
        let said = out.iter().any(|p| p.says(line));
        if said {
            read.push(line.clone());
        }
        !said
    });
    out
}

/// `name[3] == 5`, `name[0] is 'a'`: one item fixed, where every example has it.
fn item(line: &str, params: &[Param]) -> Option<Premise> {
    let (name, rest) = line.split_once('[')?;
    let p = params.iter().find(|p| p.name == name.trim())?;
    let (i, rest) = rest.split_once(']')?;
    let i: usize = i.trim().parse().ok()?;
    let rest = rest.trim();
    let v = rest.strip_prefix("==").or_else(|| rest.strip_prefix("is ")).or_else(|| rest.strip_prefix('='))?.trim();
    let v = match v.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')) {
        Some(c) if c.chars().count() == 1 => Value::String(c.into()),
        _ => Value::from(v.parse::<i64>().ok()?),
    };
    let at = |e: &Value| match e {
        Value::String(s) => s.chars().nth(i).map(|c| Value::String(c.into())),
        Value::Array(a) => a.get(i).cloned(),
        _ => None,
    };
    p.seen.iter().all(|e| at(e).is_some_and(|x| x == v)).then(|| Premise::Item(p.name.clone(), i, v))
}

fn string_premises(p: &Param, all: &[&Vec<char>]) -> Vec<Premise> {
    let mut out = Vec::new();
    let punct = |c: char| !c.is_alphanumeric() && c != ' ';
    let first = all[0][0];
    if all.len() >= 3 && punct(first) && all.iter().all(|s| s[0] == first) {
        out.push(Premise::Starts(p.name.clone(), first));
    }
    let n = all[0].len();
    if p.ty == Ty::Str && n >= 3 && all.iter().all(|s| s.len() == n) {
        for (i, &c) in all[0].iter().enumerate() {
            let alone = all.iter().all(|s| s.iter().enumerate().all(|(j, &d)| (j == i) == (d == c)));
            if punct(c) && alone {
                out.push(Premise::At(p.name.clone(), n, i, c));
            }
        }
    }
    // Three pairs at least, in strings that each have one: chance balances fewer.
    let brackets = |s: &Vec<char>| s.iter().filter(|c| BRACKETS.contains(**c)).count();
    let other = all.iter().flat_map(|s| s.iter()).copied().find(|c| !BRACKETS.contains(*c));
    let pairs = all.iter().map(|s| brackets(s)).sum::<usize>() >= 6;
    if pairs && all.iter().all(|s| brackets(s) > 0 && balanced(s)) {
        out.push(Premise::Balanced(p.name.clone(), other));
    }
    out
}

/// `b` holds `a`'s characters and `k` more in every example (`k` the same in each), where at
/// least one example has 3 characters or more and, for an anagram, differs from `a`.
fn anagram(a: &Param, b: &Param) -> Option<Premise> {
    let mut extra = None;
    let (mut long, mut differ) = (false, false);
    for (x, y) in a.seen.iter().zip(&b.seen) {
        let (x, y) = (x.as_str()?, y.as_str()?);
        let mut rest: Vec<char> = y.chars().collect();
        for c in x.chars() {
            let i = rest.iter().position(|&d| d == c)?;
            rest.swap_remove(i);
        }
        if *extra.get_or_insert(rest.len()) != rest.len() {
            return None;
        }
        long |= x.chars().count() >= 3;
        differ |= x != y;
    }
    let k = extra?;
    (long && differ && k <= 2).then(|| Premise::Anagram(a.name.clone(), b.name.clone(), k))
}

/// Every example's values occur `k` times (`k >= 2`, the same in each) but one, once.
fn times(p: &Param) -> Option<Premise> {
    let mut k = None;
    let mut items = 0;
    for v in &p.seen {
        let xs: Vec<i64> = v.as_array()?.iter().map(Value::as_i64).collect::<Option<_>>()?;
        items += xs.len();
        let mut counts: Vec<(i64, usize)> = Vec::new();
        for x in xs {
            match counts.iter_mut().find(|(y, _)| *y == x) {
                Some(c) => c.1 += 1,
                None => counts.push((x, 1)),
            }
        }
        if counts.iter().filter(|c| c.1 == 1).count() != 1 {
            return None;
        }
        for &(_, c) in counts.iter().filter(|c| c.1 != 1) {
            if *k.get_or_insert(c) != c {
                return None;
            }
        }
    }
    let k = k?;
    // Two examples of three items, `[1,3,1]` and `[3,1,1]`, are this often by chance (3259's
    // energy drinks): one example at least is longer.
    let longest = p.seen.iter().filter_map(|v| v.as_array().map(Vec::len)).max().unwrap_or(0);
    (k >= 2 && items >= 5 && (longest >= 5 || k >= 3 && longest >= 4)).then(|| Premise::Times(p.name.clone(), k))
}

/// Every example is `1..=n` with one value twice and one missing (at least 5 items in all).
fn mismatch(p: &Param) -> Option<Premise> {
    let (mut items, mut longest) = (0, 0);
    for v in &p.seen {
        let mut xs: Vec<i64> = v.as_array()?.iter().map(Value::as_i64).collect::<Option<_>>()?;
        items += xs.len();
        longest = longest.max(xs.len());
        let n = xs.len() as i64;
        xs.sort_unstable();
        xs.dedup();
        if n < 2 || xs.len() as i64 != n - 1 || xs[0] < 1 || xs[xs.len() - 1] > n {
            return None;
        }
    }
    (items >= 5 && longest >= 4).then(|| Premise::Mismatch(p.name.clone()))
}

/// Mends a testcase's values (`name = value`, as JSON) so that each premise holds.
pub(super) fn apply(premises: &[Premise], parts: &mut [(String, String)], rng: &mut Rng) {
    for pr in premises {
        let name = match pr {
            Premise::Starts(p, _) | Premise::At(p, ..) | Premise::Balanced(p, _) | Premise::Times(p, _) => p,
            Premise::Item(p, ..) | Premise::Mismatch(p) | Premise::NoLeadingZero(p) => p,
            Premise::Anagram(_, b, _) => b,
        };
        let Some(slot) = parts.iter().position(|(n, _)| n == name) else { continue };
        let Ok(mut v) = serde_json::from_str::<Value>(&parts[slot].1) else { continue };
        match pr {
            Premise::Anagram(a, _, k) => {
                let Some(a) = parts.iter().find(|(n, _)| n == a) else { continue };
                let Some(a) = serde_json::from_str::<Value>(&a.1).ok().and_then(|v| v.as_str().map(str::to_owned))
                else {
                    continue;
                };
                let pool: Vec<char> = v.as_str().unwrap_or("").chars().chain(a.chars()).collect();
                let mut s: Vec<char> = a.chars().collect();
                for _ in 0..*k {
                    s.push(pool.get(rng.below(pool.len().max(1) as u64) as usize).copied().unwrap_or('a'));
                }
                shuffle(&mut s, rng);
                v = Value::String(s.into_iter().collect());
            }
            Premise::Times(_, k) => mend_times(&mut v, *k, rng),
            Premise::Mismatch(_) => {
                // Its length kept: a length read from the constraints (2611's `n ==
                // reward1.length == reward2.length`) outranks a premise the examples suggest.
                let n = v.as_array().map_or(0, Vec::len);
                if n < 2 {
                    continue;
                }
                let mut xs: Vec<usize> = (1..=n).collect();
                shuffle(&mut xs, rng);
                xs[0] = xs[1 + rng.below(n as u64 - 1) as usize];
                v = Value::from(xs);
            }
            Premise::NoLeadingZero(_) => no_leading_zero(&mut v, rng),
            Premise::Item(_, i, x) => match (&mut v, x) {
                (Value::Array(a), x) if *i < a.len() => a[*i] = x.clone(),
                (Value::String(s), Value::String(c)) if *i < s.chars().count() => {
                    let c = c.chars().next().unwrap_or(' ');
                    *s = s.chars().enumerate().map(|(j, d)| if j == *i { c } else { d }).collect();
                }
                _ => {}
            },
            _ => {
                // A list of distinct strings stays distinct (1233's unique folders, `/` first).
                let distinct = |v: &Value| {
                    v.as_array().map(|a| a.iter().map(Value::to_string).collect::<HashSet<_>>().len() == a.len())
                };
                let keep = distinct(&v) == Some(true);
                each_string(&mut v, &mut |s| mend_string(pr, s, rng));
                if let (true, Value::Array(a)) = (keep, &mut v) {
                    let mut seen = HashSet::new();
                    a.retain(|x| seen.insert(x.to_string()));
                }
            }
        }
        parts[slot].1 = v.to_string();
    }
}

/// A first digit `0` of several made another digit: one of the number's other digits that is
/// not zero (a binary number stays binary), else 1. A list of strings: each of them.
fn no_leading_zero(v: &mut Value, rng: &mut Rng) {
    match v {
        Value::String(s) if s.len() > 1 && s.starts_with('0') => {
            let others: Vec<char> = s.chars().filter(|&c| c != '0').collect();
            let d = others.get(rng.below(others.len().max(1) as u64) as usize).copied().unwrap_or('1');
            s.replace_range(..1, &d.to_string());
        }
        Value::Array(a) if a.first().is_some_and(Value::is_string) => {
            a.iter_mut().for_each(|s| no_leading_zero(s, rng))
        }
        Value::Array(a) if a.len() > 1 && a[0] == 0 => {
            let others: Vec<Value> = a.iter().filter(|x| **x != 0).cloned().collect();
            a[0] = others.get(rng.below(others.len().max(1) as u64) as usize).cloned().unwrap_or(Value::from(1));
        }
        _ => {}
    }
}

fn each_string(v: &mut Value, f: &mut dyn FnMut(&mut Vec<char>)) {
    match v {
        Value::String(s) => {
            let mut cs: Vec<char> = s.chars().collect();
            f(&mut cs);
            *s = cs.into_iter().collect();
        }
        Value::Array(a) => a.iter_mut().for_each(|x| each_string(x, f)),
        _ => {}
    }
}

fn mend_string(pr: &Premise, s: &mut Vec<char>, rng: &mut Rng) {
    match *pr {
        Premise::Starts(_, c) if !s.is_empty() => s[0] = c,
        Premise::At(_, n, i, c) if s.len() == n => {
            // Another of the string's characters where `c` was drawn elsewhere.
            let other = s.iter().copied().find(|&d| d != c).unwrap_or('0');
            s.iter_mut().for_each(|d| *d = if *d == c { other } else { *d });
            s[i] = c;
        }
        Premise::Balanced(_, other) => balance(s, other, rng),
        _ => {}
    }
}

/// `s`'s brackets made balanced, of `s`'s bracket kinds, where they were (among `other`
/// characters; without, every character is made a bracket): an odd count takes `s`'s last other
/// character for one more (1190's `(` put first by another premise is kept), else its last
/// bracket becomes `other`, or goes (a string of brackets only is one shorter).
fn balance(s: &mut Vec<char>, other: Option<char>, rng: &mut Rng) {
    let mixed = other.is_some();
    let kinds: Vec<usize> = (0..3).filter(|k| s.iter().any(|&c| BRACKETS[2 * k..2 * k + 2].contains(c))).collect();
    let kinds = if kinds.is_empty() { vec![0] } else { kinds };
    let mut at: Vec<usize> = (0..s.len()).filter(|&i| !mixed || BRACKETS.contains(s[i])).collect();
    if at.len() % 2 == 1 {
        match (0..s.len()).rev().find(|&i| mixed && !BRACKETS.contains(s[i])) {
            Some(other) => {
                at.push(other);
                at.sort_unstable();
            }
            None => {
                let last = at.pop().unwrap_or(0);
                match other {
                    Some(c) => s[last] = c,
                    None => _ = s.remove(last),
                }
            }
        }
    }
    let mut open = Vec::new();
    for (i, &j) in at.iter().enumerate() {
        let left = at.len() - i;
        s[j] = if !open.is_empty() && (open.len() == left || rng.chance(0.5)) {
            BRACKETS.as_bytes()[2 * open.pop().unwrap_or(0) + 1] as char
        } else {
            let k = kinds[rng.below(kinds.len() as u64) as usize];
            open.push(k);
            BRACKETS.as_bytes()[2 * k] as char
        };
    }
}

/// The list's distinct values, one once and the others `k` times each, shuffled (as long as
/// the list was, or shorter).
fn mend_times(v: &mut Value, k: usize, rng: &mut Rng) {
    let Some(a) = v.as_array() else { return };
    let mut seen = HashSet::new();
    let distinct: Vec<Value> = a.iter().filter(|x| seen.insert(x.as_i64())).cloned().collect();
    let groups = (a.len().saturating_sub(1) / k).min(distinct.len().saturating_sub(1));
    let mut out: Vec<Value> = distinct.iter().take(1).cloned().collect();
    for x in distinct.iter().skip(1).take(groups) {
        out.extend(std::iter::repeat_n(x.clone(), k));
    }
    shuffle(&mut out, rng);
    *v = Value::Array(out);
}

fn shuffle<T>(v: &mut [T], rng: &mut Rng) {
    for i in (1..v.len()).rev() {
        v.swap(i, rng.below(i as u64 + 1) as usize);
    }
}
