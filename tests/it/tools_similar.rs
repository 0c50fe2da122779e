//! `find_similar_problems` (tools.md T3) against the fixture backend: mode selection, query length
//! in Unicode scalar values, numeric validation first, encoding of segments and the source filter,
//! the results table and similarity format (design.md D12), and backend errors.

use serde_json::{Value, json};

use crate::backend::{Backend, Reply};
use crate::harness::Server;
use crate::util::{assert_no_request, cells, json_reply, lines, only_target, rejects, sent_target, setup};

const TOOL: &str = "find_similar_problems";

const HEADER: &str = "| # | Source | ID | Title | Difficulty | Similarity | Link |";

/// Makes a call whose outcome does not matter here (text mode mostly meets the fixtures' 502,
/// which the server may retry); returns the one target it sent.
fn target_of(s: &mut Server, b: &Backend, args: Value) -> String {
    s.call(TOOL, args);
    // An unknown source's error names the valid ones, which the server asks `/status` for once.
    let reqs = b.requests();
    if reqs.len() == 2 && reqs[1].target == "/status" {
        b.clear();
        return reqs[0].target.clone();
    }
    sent_target(b)
}

/// The data rows of the results table (the lines after the header and its separator).
fn rows(text: &str) -> Vec<Vec<String>> {
    let l = lines(text);
    let h = l.iter().position(|x| *x == HEADER).unwrap_or_else(|| panic!("no table header in:\n{text}"));
    l[h + 2..].iter().take_while(|x| x.starts_with('|')).map(|x| cells(x)).collect()
}

#[test]
fn query_selects_text_mode_even_with_source_and_id() {
    let (b, mut s) = setup();
    let t = target_of(&mut s, &b, json!({"query": "arrays", "source": "leetcode", "id": "1"}));
    assert!(t.starts_with("/api/v1/similar?q=arrays&"), "{t}");
    assert_eq!(t, "/api/v1/similar?q=arrays&limit=10&threshold=0");
    // Trimmed and encoded as one query value.
    let t = target_of(&mut s, &b, json!({"query": "  a&b=c #d  "}));
    assert_eq!(t, "/api/v1/similar?q=a%26b%3Dc%20%23d&limit=10&threshold=0");
    let text = s.call_ok(TOOL, json!({"query": "two numbers adding to a target"}));
    assert_eq!(only_target(&b), "/api/v1/similar?q=two%20numbers%20adding%20to%20a%20target&limit=10&threshold=0");
    assert!(
        text.contains(
            "Query: Given an array of integers and a target value, find two elements whose sum equals the target."
        ),
        "{text}"
    );
    let r = rows(&text);
    assert_eq!(r.len(), 5, "{text}");
    assert_eq!(r[0], ["1", "leetcode", "1", "Two Sum", "Easy", "82.1%", "https://leetcode.com/problems/two-sum/"]);
}

#[test]
fn blank_query_falls_to_id_mode() {
    let (b, mut s) = setup();
    for q in ["", "   ", "\n\t"] {
        let t = target_of(&mut s, &b, json!({"query": q, "source": "leetcode", "id": "1"}));
        assert_eq!(t, "/api/v1/similar/leetcode/1?limit=10&threshold=0", "{q:?}");
    }
    let t = target_of(&mut s, &b, json!({"query": null, "source": "leetcode", "id": "1"}));
    assert_eq!(t, "/api/v1/similar/leetcode/1?limit=10&threshold=0");
}

#[test]
fn query_outside_3_to_2000_chars_is_rejected_without_fallback() {
    let (b, mut s) = setup();
    let long = "x".repeat(2001);
    let long_wide = "é".repeat(2001);
    for q in ["ab", "  ab  ", "a", "日本", long.as_str(), long_wide.as_str()] {
        rejects(&mut s, &b, TOOL, json!({"query": q}), &["`query`"]);
        // Valid source and id do not rescue it.
        rejects(&mut s, &b, TOOL, json!({"query": q, "source": "leetcode", "id": "1"}), &["`query`"]);
    }
}

#[test]
fn query_of_exactly_3_or_2000_chars_is_sent() {
    let (b, mut s) = setup();
    let t = target_of(&mut s, &b, json!({"query": "abc"}));
    assert!(t.starts_with("/api/v1/similar?q=abc&"), "{t}");
    let t = target_of(&mut s, &b, json!({"query": "  abc  "}));
    assert!(t.starts_with("/api/v1/similar?q=abc&"), "{t}");
    // Three characters, nine bytes.
    let t = target_of(&mut s, &b, json!({"query": "日本語"}));
    assert!(t.starts_with("/api/v1/similar?q=%E6%97%A5%E6%9C%AC%E8%AA%9E&"), "{t}");
    let x2000 = "x".repeat(2000);
    let t = target_of(&mut s, &b, json!({"query": x2000}));
    assert_eq!(t, format!("/api/v1/similar?q={x2000}&limit=10&threshold=0"));
    // 2000 characters, 4000 bytes: counted in characters.
    let e2000 = "é".repeat(2000);
    let t = target_of(&mut s, &b, json!({"query": e2000, "source": "leetcode", "id": "1"}));
    assert_eq!(t, format!("/api/v1/similar?q={}&limit=10&threshold=0", "%C3%A9".repeat(2000)));
    // 2000 after trimming.
    let padded = format!("  {}  ", "y".repeat(2000));
    let t = target_of(&mut s, &b, json!({"query": padded}));
    assert!(t.starts_with("/api/v1/similar?q=yyy"), "{}", &t[..40]);
}

#[test]
fn id_mode_needs_both_source_and_id() {
    let (b, mut s) = setup();
    for args in [
        json!({}),
        json!({"source": "leetcode"}),
        json!({"id": "1"}),
        json!({"source": "leetcode", "id": ""}),
        json!({"source": "", "id": "1"}),
        json!({"source": "  ", "id": "1"}),
        json!({"source": "leetcode", "id": "  "}),
        json!({"source": null, "id": null}),
        json!({"query": "", "source": "leetcode"}),
        json!({"query": "   ", "id": "1"}),
        json!({"limit": 5, "threshold": 0.5}),
    ] {
        let text = s.call_err(TOOL, args.clone());
        assert!(text.contains("`source`") || text.contains("`id`"), "{args}: {text}");
        assert_no_request(&b, &args.to_string());
    }
}

#[test]
fn id_mode_segments_are_percent_encoded() {
    let (b, mut s) = setup();
    for (source, id, path) in [
        ("a b", "c/d", "/api/v1/similar/a%20b/c%2Fd?"),
        ("leetcode", "..", "/api/v1/similar/leetcode/%2E%2E?"),
        ("leetcode", "1?limit=50", "/api/v1/similar/leetcode/1%3Flimit%3D50?"),
        ("leetcode", "#1", "/api/v1/similar/leetcode/%231?"),
        ("luogu", "%41", "/api/v1/similar/luogu/%2541?"),
        (" leetcode ", " 1 ", "/api/v1/similar/leetcode/1?"),
    ] {
        let t = target_of(&mut s, &b, json!({"source": source, "id": id}));
        assert!(t.starts_with(path), "source {source:?}, id {id:?}: {t} (want {path}…)");
    }
}

#[test]
fn limit_must_be_an_integer_from_1_to_50() {
    let (b, mut s) = setup();
    for limit in [json!(0), json!(51), json!(-1), json!("10"), json!(1.5), json!(true), json!(1000)] {
        rejects(&mut s, &b, TOOL, json!({"source": "leetcode", "id": "1", "limit": limit}), &["`limit`"]);
        rejects(&mut s, &b, TOOL, json!({"query": "arrays", "limit": limit}), &["`limit`"]);
    }
    for (limit, want) in [(1, "limit=1&"), (50, "limit=50&"), (3, "limit=3&")] {
        let t = target_of(&mut s, &b, json!({"source": "leetcode", "id": "1", "limit": limit}));
        assert_eq!(t, format!("/api/v1/similar/leetcode/1?{want}threshold=0"));
    }
    let text = s.call_ok(TOOL, json!({"source": "leetcode", "id": "1", "limit": 3}));
    assert_eq!(rows(&text).len(), 3, "{text}");
}

#[test]
fn threshold_must_be_from_0_to_1() {
    let (b, mut s) = setup();
    for th in [json!(-0.1), json!(1.1), json!(-1), json!(2), json!("0.5"), json!(false)] {
        rejects(&mut s, &b, TOOL, json!({"source": "leetcode", "id": "1", "threshold": th}), &["`threshold`"]);
    }
    for (th, want) in [
        (json!(0), "threshold=0"),
        (json!(0.0), "threshold=0"),
        (json!(1), "threshold=1"),
        (json!(1.0), "threshold=1"),
        (json!(0.5), "threshold=0.5"),
        (json!(0.25), "threshold=0.25"),
    ] {
        let t = target_of(&mut s, &b, json!({"source": "leetcode", "id": "1", "threshold": th}));
        assert_eq!(t, format!("/api/v1/similar/leetcode/1?limit=10&{want}"), "{th}");
    }
}

#[test]
fn numeric_arguments_are_validated_before_the_mode() {
    let (b, mut s) = setup();
    // A bad limit is reported even when the mode arguments are bad too.
    for args in [
        json!({"limit": 0}),
        json!({"limit": 0, "query": "ab"}),
        json!({"limit": 51, "source": "leetcode"}),
        json!({"limit": "x", "query": "x".repeat(2001)}),
    ] {
        let text = rejects(&mut s, &b, TOOL, args.clone(), &["`limit`"]);
        assert!(!text.contains("`query`") && !text.contains("`source`"), "{args}: {text}");
    }
    for args in
        [json!({"threshold": 1.5}), json!({"threshold": -0.5, "query": "ab"}), json!({"threshold": 7, "id": "1"})]
    {
        let text = rejects(&mut s, &b, TOOL, args.clone(), &["`threshold`"]);
        assert!(!text.contains("`query`") && !text.contains("`id`"), "{args}: {text}");
    }
}

#[test]
fn source_filter_is_percent_encoded() {
    let (b, mut s) = setup();
    let text = s.call_ok(TOOL, json!({"source": "leetcode", "id": "1", "source_filter": "luogu,spoj"}));
    assert_eq!(only_target(&b), "/api/v1/similar/leetcode/1?limit=10&threshold=0&source=luogu%2Cspoj");
    let r = rows(&text);
    assert_eq!(r.len(), 5, "{text}");
    assert!(r.iter().all(|c| c[1] == "luogu" || c[1] == "spoj"), "{text}");
    s.call_ok(TOOL, json!({"source": "leetcode", "id": "1", "source_filter": "luogu"}));
    assert_eq!(only_target(&b), "/api/v1/similar/leetcode/1?limit=10&threshold=0&source=luogu");
    let t = target_of(&mut s, &b, json!({"query": "arrays", "source_filter": "a&b=c d"}));
    assert_eq!(t, "/api/v1/similar?q=arrays&limit=10&threshold=0&source=a%26b%3Dc%20d");
}

#[test]
fn results_table_format() {
    let (b, mut s) = setup();
    let text = s.call_ok(TOOL, json!({"source": "leetcode", "id": "1"}));
    assert_eq!(only_target(&b), "/api/v1/similar/leetcode/1?limit=10&threshold=0");
    let l = lines(&text);
    assert_eq!(l[0], "# Similar Problems");
    assert!(
        text.contains("\nQuery: Find two distinct positions in an integer array whose values add up to a given $target$; exactly one such pair exists and $n \\le 10^4$.\n"),
        "{text}"
    );
    let h = l.iter().position(|x| *x == HEADER).expect("table header");
    assert!(cells(l[h + 1]).iter().all(|c| !c.is_empty() && c.chars().all(|ch| ch == '-')), "separator: {}", l[h + 1]);
    assert_eq!(cells(l[h + 1]).len(), 7);
    assert_eq!(
        l[h + 2],
        "| 1 | leetcode | 167 | Two Sum II - Input Array Is Sorted | Medium | 71.2% | https://leetcode.com/problems/two-sum-ii-input-array-is-sorted/ |"
    );
    let r = rows(&text);
    assert_eq!(r.len(), 10, "{text}");
    for (i, row) in r.iter().enumerate() {
        assert_eq!(row.len(), 7, "{row:?}");
        assert_eq!(row[0], (i + 1).to_string());
        assert!(row[5].ends_with('%'), "{row:?}");
    }
    let sims: Vec<&str> = r.iter().map(|c| c[5].as_str()).collect();
    assert_eq!(sims, ["71.2%", "58.3%", "20.3%", "15.5%", "12.1%", "11.1%", "9.4%", "8.1%", "7.3%", "5.2%"]);
    // A null difficulty shows N/A (design.md D5).
    assert_eq!(
        r[4],
        ["5", "codeforces", "4A", "Watermelon", "N/A", "12.1%", "https://codeforces.com/problemset/problem/4/A"]
    );
    assert!(!text.contains("No similar problems found"), "{text}");
}

#[test]
fn similarity_is_a_percentage_with_one_decimal() {
    let (b, mut s) = setup();
    let item = |id: &str, sim: f64| {
        json!({"source": "leetcode", "id": id, "title": format!("P{id}"), "difficulty": "Easy",
               "link": format!("https://l/{id}"), "similarity": sim})
    };
    b.route(
        "/api/v1/similar/leetcode/777?*",
        json_reply(&json!({
            "rewritten_query": "q",
            "results": [item("1", 0.791), item("2", 1.0), item("3", 0.79), item("4", 0.0),
                        item("5", -0.5), item("6", 0.12345)]
        })),
    );
    let text = s.call_ok(TOOL, json!({"source": "leetcode", "id": "777"}));
    let sims: Vec<String> = rows(&text).into_iter().map(|c| c[5].clone()).collect();
    assert_eq!(sims, ["79.1%", "100.0%", "79.0%", "0.0%", "-50.0%", "12.3%"], "{text}");
}

#[test]
fn negative_similarities_stay_negative() {
    let (b, mut s) = setup();
    // The tool cannot ask for threshold -1; serve the all-negative answer for any agc001_a call.
    b.route("/api/v1/similar/atcoder/agc001_a?*", Reply::case("similar_ac_agc001_a_negative"));
    let text = s.call_ok(TOOL, json!({"source": "atcoder", "id": "agc001_a"}));
    let r = rows(&text);
    assert_eq!(r.len(), 10, "{text}");
    assert_eq!(r[0][5], "-4.1%");
    assert_eq!(r[9][5], "-31.8%");
    assert!(r.iter().all(|c| c[5].starts_with('-')), "{text}");
}

#[test]
fn null_rewritten_query_shows_na() {
    let (_b, mut s) = setup();
    let text = s.call_ok(TOOL, json!({"source": "luogu", "id": "P1002"}));
    assert!(lines(&text).contains(&"Query: N/A"), "{text}");
    assert_eq!(rows(&text).len(), 3, "{text}");
}

#[test]
fn empty_results_say_none_found_under_the_table() {
    let (b, mut s) = setup();
    let text = s.call_ok(TOOL, json!({"source": "atcoder", "id": "agc001_a"}));
    assert_eq!(only_target(&b), "/api/v1/similar/atcoder/agc001_a?limit=10&threshold=0");
    let l = lines(&text);
    let h = l.iter().position(|x| *x == HEADER).expect("table header");
    assert!(rows(&text).is_empty(), "{text}");
    let after: Vec<&str> = l[h + 2..].iter().copied().filter(|x| !x.trim().is_empty()).collect();
    assert!(!after.is_empty(), "nothing under the empty table:\n{text}");
    assert!(after[0].to_lowercase().contains("no similar problems"), "{text}");
}

#[test]
fn not_embedded_is_an_error_result() {
    let (_b, mut s) = setup();
    for id in ["253", "99999"] {
        let text = s.call_err(TOOL, json!({"source": "leetcode", "id": id}));
        assert!(text.starts_with("[404] Not Found: no embedding found for this problem"), "{text}");
    }
}

#[test]
fn text_mode_backend_failure_is_an_error_result() {
    let (b, mut s) = setup();
    let text = s.call_err(TOOL, json!({"query": "graphs with cycles"}));
    assert_eq!(sent_target(&b), "/api/v1/similar?q=graphs%20with%20cycles&limit=10&threshold=0");
    assert!(text.starts_with("[502] Bad Gateway: embedding service unavailable"), "{text}");
    let text = s.call_err(TOOL, json!({"query": "embedding key rejected"}));
    assert!(text.starts_with("[502] Bad Gateway: embedding service failed"), "{text}");
}

#[test]
fn unknown_arguments_are_named() {
    let (b, mut s) = setup();
    rejects(&mut s, &b, TOOL, json!({"source": "leetcode", "id": "1", "top_k": 5}), &["top_k"]);
}
