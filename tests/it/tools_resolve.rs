//! `resolve_problem` (tools.md T4) against the fixture backend: the query as one encoded segment,
//! output from the nested problem object, and the three "no problem" answers.

use serde_json::json;

use crate::util::{assert_two_sum_header, json_reply, lines, only_target, rejects, setup};

const TOOL: &str = "resolve_problem";

#[test]
fn url_query_is_one_encoded_segment() {
    let (b, mut s) = setup();
    let text = s.call_ok(TOOL, json!({"query": "https://leetcode.com/problems/two-sum/"}));
    assert_eq!(only_target(&b), "/api/v1/resolve/https%3A%2F%2Fleetcode.com%2Fproblems%2Ftwo-sum%2F");
    let l = lines(&text);
    assert_two_sum_header(&l);
    assert!(l.contains(&"---"), "{text}");
    assert!(text.contains("Given an array of integers"), "{text}");
}

#[test]
fn other_queries_are_encoded_too() {
    let (b, mut s) = setup();
    let text = s.call_ok(TOOL, json!({"query": "atcoder:abc321_a"}));
    assert_eq!(only_target(&b), "/api/v1/resolve/atcoder%3Aabc321_a");
    assert!(text.starts_with("# 321-like Checker\n"), "{text}");
    assert!(text.contains("Difficulty: N/A"), "{text}");
    let text = s.call_ok(TOOL, json!({"query": "  https://codeforces.com/problemset/problem/4/A  "}));
    assert_eq!(only_target(&b), "/api/v1/resolve/https%3A%2F%2Fcodeforces.com%2Fproblemset%2Fproblem%2F4%2FA");
    assert!(text.starts_with("# Watermelon\n"), "{text}");
    for (q, target) in [
        ("a?b#c", "/api/v1/resolve/a%3Fb%23c"),
        ("..", "/api/v1/resolve/%2E%2E"),
        ("two sum", "/api/v1/resolve/two%20sum"),
        ("50%", "/api/v1/resolve/50%25"),
        ("过河卒", "/api/v1/resolve/%E8%BF%87%E6%B2%B3%E5%8D%92"),
    ] {
        s.call(TOOL, json!({"query": q}));
        assert_eq!(only_target(&b), target, "{q:?}");
    }
}

#[test]
fn output_uses_the_nested_problem_object() {
    let (b, mut s) = setup();
    b.route(
        "/api/v1/resolve/two-sum",
        json_reply(&json!({
            "source": "leetcode",
            "id": "two-sum",
            "problem": {
                "id": "4A", "source": "codeforces", "title": "Watermelon", "difficulty": "800",
                "ac_rate": 40.0, "tags": ["math"], "link": "https://codeforces.com/problemset/problem/4/A",
                "content": "Cut it."
            }
        })),
    );
    let text = s.call_ok(TOOL, json!({"query": "two-sum"}));
    let l = lines(&text);
    assert_eq!(l[0], "# Watermelon");
    assert_eq!(l[2], "- Source: codeforces | ID: 4A | Difficulty: 800");
    assert_eq!(l[3], "- Tags: math");
    assert_eq!(l[4], "- Link: https://codeforces.com/problemset/problem/4/A");
    assert_eq!(l[5], "- AC Rate: 40.0%");
    assert!(!text.contains("Source: leetcode"), "{text}");
    assert!(text.contains("Cut it."), "{text}");
}

#[test]
fn null_problem_names_the_detected_source_and_id() {
    let (b, mut s) = setup();
    let text = s.call_err(TOOL, json!({"query": "https://leetcode.com/problems/no-such-problem/"}));
    assert_eq!(only_target(&b), "/api/v1/resolve/https%3A%2F%2Fleetcode.com%2Fproblems%2Fno-such-problem%2F");
    assert!(text.contains("leetcode") && text.contains("no-such-problem"), "{text}");
    let text = s.call_err(TOOL, json!({"query": "99999"}));
    assert!(text.contains("leetcode") && text.contains("99999"), "{text}");
}

#[test]
fn undetectable_input_lists_the_forms_that_work() {
    let (_b, mut s) = setup();
    let text = s.call_err(TOOL, json!({"query": "https://example.com/problem/1"}));
    assert!(text.contains("https://example.com/problem/1"), "{text}");
    // A URL form, a prefixed id, a slug and a bare id.
    for want in ["https://leetcode.com/problems/", "codeforces:", "two-sum", "P3371"] {
        assert!(text.contains(want), "forms lack {want:?}: {text}");
    }
}

#[test]
fn detected_but_unsupported_platform_says_so() {
    let (b, mut s) = setup();
    let text = s.call_err(TOOL, json!({"query": "uva:100"}));
    assert_eq!(only_target(&b), "/api/v1/resolve/uva%3A100");
    assert!(text.contains("uva"), "{text}");
    let lower = text.to_lowercase();
    assert!(
        lower.contains("not supported") || lower.contains("does not serve") || lower.contains("unsupported"),
        "{text}"
    );
    // The platforms that are supported.
    for p in ["leetcode", "codeforces", "atcoder", "luogu", "spoj"] {
        assert!(text.contains(p), "{text}");
    }
}

#[test]
fn empty_query_is_rejected_before_any_request() {
    let (b, mut s) = setup();
    for args in [json!({"query": ""}), json!({"query": "   "}), json!({}), json!({"query": null})] {
        rejects(&mut s, &b, TOOL, args, &["`query`"]);
    }
    rejects(&mut s, &b, TOOL, json!({"query": 42}), &["`query`"]);
    rejects(&mut s, &b, TOOL, json!({"query": "two-sum", "url": "x"}), &["url"]);
}
