//! `get_platform_status` (tools.md T5) against the fixture backend: the token check before any
//! request, the header, the 4-column table with thousands grouping (design.md D12), and a 401.

use serde_json::json;

use crate::backend::{self, Backend};
use crate::harness::{Opts, Server, TOKEN};
use crate::util::{cells, json_reply, lines, only_target, rejects, setup};

const TOOL: &str = "get_platform_status";

/// The table rows of a status text (header first), as cells.
fn table(text: &str) -> Vec<Vec<String>> {
    lines(text).into_iter().filter(|l| l.starts_with('|')).map(cells).collect()
}

#[test]
fn without_a_token_it_fails_before_any_request() {
    let b = Backend::start(&backend::fixtures_dir());
    let url = b.url();
    let mut s = Server::with(Opts { base_url: Some(&url), token: None, ..Opts::default() });
    s.initialize("2025-11-25");
    let text = s.call_err(TOOL, json!({}));
    assert!(text.to_lowercase().contains("token"), "{text}");
    assert!(b.requests().is_empty(), "{:?}", b.requests());
    assert_eq!(b.connections(), 0, "no connection may be opened");
    // Also with no arguments at all.
    let r = s.request("tools/call", json!({"name": TOOL}));
    assert_eq!(r["result"]["isError"], json!(true), "{r}");
    assert_eq!(b.connections(), 0);
}

#[test]
fn header_columns_and_thousands() {
    let (b, mut s) = setup();
    let text = s.call_ok(TOOL, json!({}));
    let req = b.requests();
    assert_eq!(req.len(), 1);
    assert_eq!(req[0].target, "/status");
    assert_eq!(req[0].header("authorization"), Some(format!("Bearer {TOKEN}").as_str()));
    assert_eq!(lines(&text)[0], "# OJ Platform Status (v0.2.1)");
    let t = table(&text);
    assert_eq!(t[0], ["Platform", "Problems", "Missing Content", "Not Embedded"]);
    assert!(
        t[1].iter().all(|c| !c.is_empty() && c.chars().all(|ch| ch == '-' || ch == ':')),
        "separator row: {:?}",
        t[1]
    );
    let rows = &t[2..];
    assert_eq!(rows.len(), 5, "{text}");
    assert!(t.iter().all(|r| r.len() == 4), "{t:?}");
    assert_eq!(
        rows,
        [
            ["atcoder", "8,356", "320", "339"],
            ["codeforces", "12,984", "1,204", "57"],
            ["leetcode", "3,761", "681", "0"],
            ["luogu", "1,000", "15", "1,000"],
            ["spoj", "100", "3", "22"],
        ]
    );
}

#[test]
fn version_and_row_count_follow_the_response() {
    let (b, mut s) = setup();
    let p = |name: &str, n: u64| json!({"source": name, "total": n, "missing_content": n / 2, "not_embedded": 999});
    b.route(
        "/status",
        json_reply(&json!({
            "version": "1.2.3",
            "platforms": [p("zeta", 1234567), p("alpha", 1000), p("mid", 999)]
        })),
    );
    let text = s.call_ok(TOOL, json!({}));
    assert_eq!(only_target(&b), "/status");
    assert!(text.starts_with("# OJ Platform Status (v1.2.3)\n"), "{text}");
    let t = table(&text);
    assert_eq!(t.len(), 2 + 3, "{text}");
    assert_eq!(
        &t[2..],
        [["zeta", "1,234,567", "617,283", "999"], ["alpha", "1,000", "500", "999"], ["mid", "999", "499", "999"],]
    );
}

#[test]
fn unauthorized_is_an_error_result() {
    let b = Backend::start(&backend::fixtures_dir()).with_token("some-other-token");
    let mut s = Server::start(&b.url());
    let text = s.call_err(TOOL, json!({}));
    assert!(text.starts_with("[401] Unauthorized: missing or invalid token"), "{text}");
    assert_eq!(b.requests().len(), 1);
}

#[test]
fn arguments_are_refused() {
    let (b, mut s) = setup();
    rejects(&mut s, &b, TOOL, json!({"source": "leetcode"}), &["source"]);
}
