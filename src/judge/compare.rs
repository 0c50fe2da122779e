//! Comparing a program's output with the expected one: by whitespace-separated tokens (what most
//! checkers do), exactly, or as numbers within a tolerance; letters in either case where the
//! statement allows it; as a multiset of lines or tokens where it frees the order; and the first
//! differing line for the report.

use crate::decimal::number;
use crate::statement::ErrorKind;

/// How outputs are compared.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Mode {
    /// Whitespace-separated tokens equal (line breaks and runs of spaces do not matter).
    Tokens,
    /// The text equal, `\r\n` read as `\n`.
    Exact,
    /// Tokens equal, numbers within the tolerance (absolute, relative or either).
    Float(f64, ErrorKind),
}

impl Mode {
    /// The wire name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Mode::Tokens => "tokens",
            Mode::Exact => "exact",
            Mode::Float(..) => "float",
        }
    }
}

/// What a comparison found.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Match {
    /// Accepted; the note says how when it took more than equality (another order).
    Yes(Option<&'static str>),
    /// Different: wrong unless a checker or the statement says otherwise.
    No(Diff),
    /// Different, but the statement leaves room for it: never WA (`UNVERIFIED`), and why.
    Maybe(Diff, &'static str),
}

/// Compares a stdin program's output: by `mode`; where the statement frees the order, the same
/// lines or tokens in another order are accepted and others are unverified, never wrong.
pub(crate) fn outputs(mode: Mode, any_case: bool, any_order: bool, expected: &str, got: &str) -> Match {
    if matches(mode, any_case, expected, got) {
        return Match::Yes(None);
    }
    let diff = first_diff(mode, any_case, expected, got).unwrap_or(Diff { line: 0, expected: None, got: None });
    if !any_order {
        Match::No(diff)
    } else if same_multiset(mode, any_case, expected, got) {
        Match::Yes(Some("accepted in another order: the statement says the output may be in any order"))
    } else {
        Match::Maybe(
            diff,
            "the statement says the output may be in any order, and other orders or forms may be accepted too: not the same lines or tokens in another order, so check it by hand or pass a `checker`",
        )
    }
}

/// Whether `got` is accepted for `expected`; `any_case`: letters compared without case (the
/// statement says `Yes`, `YES` and `yes` are all accepted).
pub(crate) fn matches(mode: Mode, any_case: bool, expected: &str, got: &str) -> bool {
    match mode {
        Mode::Exact if any_case => {
            expected.replace("\r\n", "\n").to_lowercase() == got.replace("\r\n", "\n").to_lowercase()
        }
        Mode::Exact => expected.replace("\r\n", "\n") == got.replace("\r\n", "\n"),
        Mode::Tokens => {
            let (mut e, mut g) = (expected.split_whitespace(), got.split_whitespace());
            loop {
                match (e.next(), g.next()) {
                    (None, None) => return true,
                    (Some(a), Some(b)) if a == b || (any_case && a.eq_ignore_ascii_case(b)) => {}
                    _ => return false,
                }
            }
        }
        Mode::Float(tol, kind) => {
            let (mut e, mut g) = (expected.split_whitespace(), got.split_whitespace());
            loop {
                match (e.next(), g.next()) {
                    (None, None) => return true,
                    (Some(a), Some(b)) if token_matches(a, b, tol, kind) || (any_case && a.eq_ignore_ascii_case(b)) => {
                    }
                    _ => return false,
                }
            }
        }
    }
}

/// Two tokens: equal text, or both numbers within `tol` of the kind asked.
fn token_matches(expected: &str, got: &str, tol: f64, kind: ErrorKind) -> bool {
    if expected == got {
        return true;
    }
    match (number(expected), number(got)) {
        (Some(a), Some(b)) => {
            let diff = (a - b).abs();
            // The small slack absorbs the rounding of the tolerance itself (1e-6 is not exact).
            let abs = diff <= tol * (1.0 + 1e-9);
            let rel = diff <= tol * a.abs() * (1.0 + 1e-9);
            match kind {
                ErrorKind::Absolute => abs,
                ErrorKind::Relative => rel,
                ErrorKind::Either => abs || rel,
            }
        }
        _ => false,
    }
}

/// Whether the outputs hold the same lines in another order, or failing that the same tokens
/// (`You may print the vertices in any order`: on one line or on several). Compared by `mode`
/// line by line once sorted.
pub(crate) fn same_multiset(mode: Mode, any_case: bool, expected: &str, got: &str) -> bool {
    let lines = |s: &str| {
        let mut v: Vec<String> =
            s.lines().map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).filter(|l| !l.is_empty()).collect();
        if any_case {
            v.iter_mut().for_each(|l| *l = l.to_lowercase());
        }
        v.sort_unstable();
        v
    };
    let (e, g) = (lines(expected), lines(got));
    if e.len() == g.len() && e.iter().zip(&g).all(|(a, b)| matches(mode, false, a, b)) {
        return true;
    }
    let tokens = |s: &str| {
        let mut v: Vec<String> =
            s.split_whitespace().map(|t| if any_case { t.to_lowercase() } else { t.to_string() }).collect();
        v.sort_unstable();
        v
    };
    tokens(expected) == tokens(got)
}

/// The first line where the outputs differ: its number (from 1) and both lines, trailing
/// spaces ignored and missing lines shown as `None`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Diff {
    pub(crate) line: usize,
    pub(crate) expected: Option<String>,
    pub(crate) got: Option<String>,
}

/// The first differing line, as a person reads the two outputs. `None` when they differ only in
/// whitespace the line view ignores.
pub(crate) fn first_diff(mode: Mode, any_case: bool, expected: &str, got: &str) -> Option<Diff> {
    let lines = |s: &str| -> Vec<String> {
        let mut v: Vec<String> = s.lines().map(|l| l.trim_end().to_string()).collect();
        while v.last().is_some_and(String::is_empty) {
            v.pop();
        }
        v
    };
    let (e, g) = (lines(expected), lines(got));
    for i in 0..e.len().max(g.len()) {
        let (a, b) = (e.get(i), g.get(i));
        let same = match (a, b) {
            (Some(a), Some(b)) => match mode {
                Mode::Exact => a == b || (any_case && a.to_lowercase() == b.to_lowercase()),
                _ => matches(mode, any_case, a, b),
            },
            _ => false,
        };
        if !same {
            return Some(Diff { line: i + 1, expected: a.map(|s| cut(s)), got: b.map(|s| cut(s)) });
        }
    }
    None
}

/// A line as shown in a report: at most 200 characters.
fn cut(s: &str) -> String {
    if s.chars().count() > 200 { s.chars().take(200).collect::<String>() + "…" } else { s.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_exact_and_float() {
        let either = Mode::Float(1e-6, ErrorKind::Either);
        assert!(matches(Mode::Tokens, false, "1 2\n3\n", "1  2 3"));
        assert!(!matches(Mode::Tokens, false, "1 2\n", "1 2 3"));
        assert!(!matches(Mode::Exact, false, "1 2\n", "1  2\n"));
        assert!(matches(Mode::Exact, false, "1\n2\n", "1\r\n2\r\n"));
        assert!(matches(either, false, "0.3333333333", "0.333333"));
        assert!(!matches(either, false, "0.3333333333", "0.3333"));
        assert!(matches(either, false, "1000000000", "1000000100"), "relative error");
        assert!(!matches(Mode::Float(1e-6, ErrorKind::Absolute), false, "1000000000", "1000000100"));
        assert!(!matches(Mode::Float(1e-6, ErrorKind::Relative), false, "0.0000001", "0.0000009"));
        assert!(matches(Mode::Float(1e-6, ErrorKind::Absolute), false, "0.0000001", "0.0000009"));
        assert!(matches(either, false, "YES 1.5", "YES 1.5000001"));
        assert!(!matches(either, false, "YES", "NO"));
        assert!(!matches(either, false, "nan", "inf"));
        assert!(!matches(Mode::Tokens, false, "Yes", "YES"));
        assert!(matches(Mode::Tokens, true, "Yes", "YES"));
        assert!(matches(either, true, "Yes 0.5", "yEs 0.5000001"));
    }

    #[test]
    fn the_first_differing_line() {
        let d = first_diff(Mode::Tokens, false, "1\n2\n3\n", "1\n2\n4\n").unwrap();
        assert_eq!((d.line, d.expected.as_deref(), d.got.as_deref()), (3, Some("3"), Some("4")));
        let d = first_diff(Mode::Tokens, false, "1\n2\n", "1\n").unwrap();
        assert_eq!((d.line, d.got), (2, None));
        assert_eq!(first_diff(Mode::Tokens, false, "1\n\n", "1   \n"), None);
    }

    #[test]
    fn any_order_as_a_multiset() {
        assert!(same_multiset(Mode::Tokens, false, "1 2\n3 4\n", "3 4\n1  2\n"));
        assert!(same_multiset(Mode::Tokens, false, "3\n1 2 3\n", "3\n3 1 2\n"));
        assert!(!same_multiset(Mode::Tokens, false, "1 2\n3 4\n", "1 2\n3 5\n"));
        assert!(same_multiset(Mode::Float(1e-6, ErrorKind::Either), false, "0.5\n0.25\n", "0.25\n0.5000001\n"));
    }
}
