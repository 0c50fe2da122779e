//! LeetCode's function problems: the Python harness (`leetcode.py`, written beside the solution)
//! and comparing return values as data (`[1,2]` equals `[1, 2]`; any order when the statement
//! says so).

use serde_json::Value;

use super::compare::Diff;

/// The harness script, run as `python3 harness.py` with the sample's input on stdin.
pub(crate) const HARNESS: &str = include_str!("leetcode.py");

/// LeetCode's checker accepts floating-point answers within this error.
const FLOAT_TOLERANCE: f64 = 1e-5;

/// Compares the harness's output with the expected output as data. `any_order`: a top-level
/// list is compared as a multiset. Returns `None` when accepted, else the two values as shown.
pub(crate) fn compare(expected: &str, got: &str, any_order: bool) -> Option<Diff> {
    let parse = |s: &str| serde_json::from_str::<Value>(s.trim()).ok();
    let accepted = match (parse(expected), parse(got)) {
        (Some(mut e), Some(mut g)) => {
            if any_order {
                sort_top(&mut e);
                sort_top(&mut g);
            }
            same(&e, &g)
        }
        // Not JSON (a bare word, a LeetCode picture of a tree): compare the words.
        _ => expected.split_whitespace().eq(got.split_whitespace()),
    };
    let show = |s: &str| parse(s).map_or_else(|| s.trim().to_string(), |v| v.to_string());
    (!accepted).then(|| Diff { line: 1, expected: Some(show(expected)), got: Some(show(got)) })
}

fn sort_top(v: &mut Value) {
    // "In any order" frees the outer list's order only: inner lists keep theirs.
    if let Value::Array(items) = v {
        items.sort_by_cached_key(|a| a.to_string());
    }
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

    #[test]
    fn values_compare_as_data() {
        assert_eq!(compare("[0,1]", "[0, 1]", false), None);
        assert_eq!(compare("[0,1]", "[1,0]", true), None);
        let d = compare("[0,1]", "[1,0]", false).unwrap();
        assert_eq!((d.expected.as_deref(), d.got.as_deref()), (Some("[0,1]"), Some("[1,0]")));
        assert_eq!(compare("true", "true", false), None);
        assert!(compare("true", "false", false).is_some());
        assert_eq!(compare("2.50000", "2.5", false), None);
        assert_eq!(compare("\"bab\"", "\"bab\"", false), None);
    }
}
