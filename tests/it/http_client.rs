//! The backend client seen from the wire: request headers, keep-alive, base URLs with a path,
//! and every fault of design.md D3 (unreachable, hanging, garbage and oversized bodies, error
//! statuses with empty, RFC 7807, JSON and HTML bodies). After each fault the server must still
//! serve, and stdout must have carried only JSON.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::backend::{self, Backend, Reply};
use crate::harness::{LATE_UTC, Opts, Server, TOKEN};
use crate::util::{assert_serving, http, lines, only_target, rpc_error, setup};

const USER_AGENT: &str = concat!("oj-mcp-rs/", env!("CARGO_PKG_VERSION"));

/// JSON-RPC "Internal error", what a protocol-level tool failure becomes.
const INTERNAL_ERROR: i64 = -32603;

/// One call of each tool that reaches the backend.
fn one_call_per_tool() -> Vec<(&'static str, Value)> {
    vec![
        ("get_daily_challenge", json!({})),
        ("get_problem", json!({"source": "leetcode", "id": "1"})),
        ("find_similar_problems", json!({"source": "leetcode", "id": "1"})),
        ("resolve_problem", json!({"query": "atcoder:abc321_a"})),
        ("get_platform_status", json!({})),
    ]
}

/// A `get_problem` for leetcode `id`, routed to `reply`.
fn problem_routed(b: &Backend, id: &str, reply: Reply) -> Value {
    b.route(&format!("/api/v1/problems/leetcode/{id}"), reply);
    json!({"source": "leetcode", "id": id})
}

#[test]
fn every_request_carries_user_agent_accept_and_the_token() {
    let (b, mut s) = setup();
    for (tool, args) in one_call_per_tool() {
        s.call_ok(tool, args);
    }
    let reqs = b.requests();
    assert_eq!(reqs.len(), 5, "{reqs:?}");
    let bearer = format!("Bearer {TOKEN}");
    for r in &reqs {
        assert_eq!(r.method, "GET", "{r:?}");
        assert_eq!(r.header("user-agent"), Some(USER_AGENT), "{r:?}");
        assert_eq!(r.header("accept"), Some("application/json"), "{r:?}");
        assert_eq!(r.header("authorization"), Some(bearer.as_str()), "{r:?}");
        let n = r.headers.iter().filter(|(k, _)| k == "authorization").count();
        assert_eq!(n, 1, "{r:?}");
    }
    assert!(!s.stderr().contains(TOKEN), "the token reached the log");
}

#[test]
fn without_a_token_no_authorization_header_is_sent() {
    let b = Backend::start(&backend::fixtures_dir());
    let url = b.url();
    let mut s = Server::with(Opts { base_url: Some(&url), token: None, ..Opts::default() });
    for (tool, args) in one_call_per_tool() {
        if tool != "get_platform_status" {
            s.call_ok(tool, args);
        }
    }
    let reqs = b.requests();
    assert_eq!(reqs.len(), 4, "{reqs:?}");
    for r in &reqs {
        assert_eq!(r.header("user-agent"), Some(USER_AGENT), "{r:?}");
        assert_eq!(r.header("accept"), Some("application/json"), "{r:?}");
        assert!(r.headers.iter().all(|(k, _)| k != "authorization"), "{r:?}");
    }
}

#[test]
fn sequential_calls_share_one_connection() {
    let (b, mut s) = setup();
    let calls = one_call_per_tool();
    for i in 0..20 {
        let (tool, args) = &calls[i % calls.len()];
        s.call_ok(tool, args.clone());
    }
    // Error statuses and a 202 keep the connection too.
    s.call_err("get_problem", json!({"source": "leetcode", "id": "99999"}));
    s.call_err("resolve_problem", json!({"query": "no-route-here"}));
    s.call_ok("get_daily_challenge", json!({"date": "2024-02-01"}));
    assert_eq!(b.requests().len(), 23);
    assert_eq!(b.connections(), 1, "keep-alive: one TCP connection");
    assert!(b.requests().iter().all(|r| r.conn == 0));
}

#[test]
fn base_url_with_a_path_prefix() {
    let b = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    b.route("/oj/api/v1/problems/leetcode/1", Reply::case("problem_lc_1_two_sum"));
    b.route("/oj/status", Reply::case("status_ok"));
    for base in [format!("{}/oj", b.url()), format!("{}/oj/", b.url())] {
        let mut s = Server::start(&base);
        let text = s.call_ok("get_problem", json!({"source": "leetcode", "id": "1"}));
        assert!(text.starts_with("# Two Sum\n"), "{base}: {text}");
        assert_eq!(only_target(&b), "/oj/api/v1/problems/leetcode/1", "{base}");
        let text = s.call_ok("get_platform_status", json!({}));
        assert!(text.starts_with("# OJ Platform Status (v0.2.1)"), "{text}");
        assert_eq!(only_target(&b), "/oj/status", "{base}");
    }
}

#[test]
fn base_url_with_a_trailing_slash() {
    let b = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let mut s = Server::start(&format!("{}/", b.url()));
    let text = s.call_ok("get_problem", json!({"source": "leetcode", "id": "1"}));
    assert!(text.starts_with("# Two Sum\n"), "{text}");
    assert_eq!(only_target(&b), "/api/v1/problems/leetcode/1");
    s.call_ok("get_daily_challenge", json!({}));
    assert_eq!(only_target(&b), "/api/v1/daily?domain=com&date=2026-11-21");
}

#[test]
fn unreachable_backend_is_a_json_rpc_error() {
    let mut s = Server::start("http://127.0.0.1:9");
    s.initialize("2025-11-25");
    let (code, msg) = rpc_error(&mut s, "get_problem", json!({"source": "leetcode", "id": "1"}));
    assert_eq!(code, INTERNAL_ERROR, "{msg}");
    assert!(msg.contains("cannot connect"), "{msg}");
    assert_serving(&mut s);
    // The next calls are still answered: a validation error as a result, a backend call as the
    // same JSON-RPC error.
    s.call_err("get_problem", json!({"source": "", "id": "1"}));
    let (code, msg) = rpc_error(&mut s, "get_daily_challenge", json!({}));
    assert_eq!(code, INTERNAL_ERROR, "{msg}");
    assert!(msg.contains("cannot connect"), "{msg}");
    assert_serving(&mut s);
}

#[test]
fn unusable_200_bodies_are_json_rpc_errors() {
    let (b, mut s) = setup();
    let json_ct = Some("application/json");
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("badjson", http(200, "OK", json_ct, b"{not json"), "JSON"),
        ("truncated", http(200, "OK", json_ct, br#"{"id":"1","title":"#), "JSON"),
        ("empty", http(200, "OK", json_ct, b""), ""),
        ("html", http(200, "OK", Some("text/html"), b"<html><body>hi</body></html>"), ""),
        ("shape", http(200, "OK", json_ct, b"[1,2,3]"), ""),
        ("utf8", http(200, "OK", json_ct, b"{\"id\":\"1\",\"title\":\"\xff\xfe\"}"), "UTF-8"),
    ];
    for (id, raw, needle) in cases {
        let args = problem_routed(&b, id, Reply::Raw(raw));
        let (code, msg) = rpc_error(&mut s, "get_problem", args);
        assert_eq!(code, INTERNAL_ERROR, "{id}: {msg}");
        assert!(msg.contains(needle), "{id}: {msg}");
        assert_serving(&mut s);
        // A good call right after works.
        let text = s.call_ok("get_problem", json!({"source": "leetcode", "id": "1"}));
        assert!(text.starts_with("# Two Sum\n"), "{id}: {text}");
    }
}

/// A `200 application/json` problem whose body is exactly `size` bytes.
fn problem_of_size(size: usize) -> Vec<u8> {
    let head = r#"{"id":"big","source":"leetcode","title":"Big","content":""#;
    let tail = r#""}"#;
    let pad = size - head.len() - tail.len();
    let body = format!("{head}{}{tail}", "x".repeat(pad));
    assert_eq!(body.len(), size);
    serde_json::from_str::<Value>(&body).expect("valid JSON");
    http(200, "OK", Some("application/json"), body.as_bytes())
}

#[test]
fn body_of_exactly_1_mib_passes_and_one_byte_more_fails() {
    const MIB: usize = 1024 * 1024;
    let (b, mut s) = setup();
    let args = problem_routed(&b, "big", Reply::Raw(problem_of_size(MIB)));
    let text = s.call_ok("get_problem", args);
    assert_eq!(lines(&text)[0], "# Big");
    assert!(text.contains("xxxxxxxxxx"));
    // design.md: the Markdown is cut near 100 KB, and says so.
    assert!(text.len() < 110 * 1024, "{} bytes of output", text.len());
    assert!(text.trim_end().ends_with("... (truncated)"), "{}", &text[text.len() - 100..]);
    let args = problem_routed(&b, "bigger", Reply::Raw(problem_of_size(MIB + 1)));
    let (code, msg) = rpc_error(&mut s, "get_problem", args);
    assert_eq!(code, INTERNAL_ERROR, "{msg}");
    let lower = msg.to_lowercase();
    assert!(
        ["kib", "mib", "bytes", "size", "large"].iter().any(|w| lower.contains(w)),
        "the message should mention the size limit: {msg}"
    );
    assert_serving(&mut s);
    s.call_ok("get_problem", json!({"source": "leetcode", "id": "1"}));
}

#[test]
fn hanging_backend_times_out_and_the_next_call_works() {
    let b = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    b.route("/api/v1/problems/leetcode/hang", Reply::Hang);
    let url = b.url();
    let mut s = Server::with(Opts {
        base_url: Some(&url),
        env: vec![("OJ_MCP_NOW", LATE_UTC.to_string()), ("OJ_TIMEOUT", "1".to_string())],
        ..Opts::default()
    });
    let started = Instant::now();
    let (code, msg) = rpc_error(&mut s, "get_problem", json!({"source": "leetcode", "id": "hang"}));
    let took = started.elapsed();
    assert_eq!(code, INTERNAL_ERROR, "{msg}");
    assert!(took < Duration::from_secs(6), "took {took:?}");
    assert!(took >= Duration::from_millis(900), "too early: {took:?}");
    let lower = msg.to_lowercase();
    assert!(
        lower.contains("1 s") || lower.contains("timeout") || lower.contains("timed out"),
        "the message should mention the timeout: {msg}"
    );
    assert_serving(&mut s);
    let text = s.call_ok("get_problem", json!({"source": "leetcode", "id": "1"}));
    assert!(text.starts_with("# Two Sum\n"), "{text}");
}

#[test]
fn connection_closed_without_an_answer_is_a_json_rpc_error() {
    let (b, mut s) = setup();
    let args = problem_routed(&b, "close", Reply::Close);
    let (code, msg) = rpc_error(&mut s, "get_problem", args);
    assert_eq!(code, INTERNAL_ERROR, "{msg}");
    assert_serving(&mut s);
    s.call_ok("get_problem", json!({"source": "leetcode", "id": "1"}));
}

#[test]
fn empty_bodied_404_and_405_use_the_reason_phrase() {
    let (b, mut s) = setup();
    let text = s.call_err("resolve_problem", json!({"query": "no-route-here"}));
    assert_eq!(only_target(&b), "/api/v1/resolve/no-route-here");
    assert_eq!(lines(&text)[0], "[404] Not Found", "{text}");
    let text = s.call_err("get_problem", json!({"source": "nosuch", "id": "1"}));
    assert_eq!(lines(&text)[0], "[404] Not Found", "{text}");
    b.route("/api/v1/resolve/post-only", Reply::case("method_not_allowed"));
    let text = s.call_err("resolve_problem", json!({"query": "post-only"}));
    assert_eq!(lines(&text)[0], "[405] Method Not Allowed", "{text}");
    assert_serving(&mut s);
}

#[test]
fn non_rfc_error_bodies_are_quoted_up_to_500_chars() {
    let (b, mut s) = setup();
    let mut page =
        String::from("<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1>");
    for i in 0..60 {
        page.push_str(&format!("<p>upstream line {i:02}</p>"));
    }
    page.push_str("</body></html>");
    assert!(page.len() > 1000);
    let args = problem_routed(&b, "html502", Reply::Raw(http(502, "Bad Gateway", Some("text/html"), page.as_bytes())));
    let text = s.call_err("get_problem", args);
    assert!(text.starts_with(&format!("[502] {}", &page[..500])), "{text}");
    assert!(!text.contains(&page[..501]), "more than 500 chars: {text}");
    // Cut in characters, not bytes.
    let wide = "é".repeat(800);
    let args = problem_routed(
        &b,
        "wide502",
        Reply::Raw(http(502, "Bad Gateway", Some("text/html; charset=utf-8"), wide.as_bytes())),
    );
    let text = s.call_err("get_problem", args);
    let first = lines(&text)[0];
    assert_eq!(first, format!("[502] {}", "é".repeat(500)));
    // A JSON body that is not RFC 7807 is quoted as text.
    let args = problem_routed(
        &b,
        "json500",
        Reply::Raw(http(500, "Internal Server Error", Some("application/json"), br#"{"error":"boom"}"#)),
    );
    let text = s.call_err("get_problem", args);
    assert_eq!(lines(&text)[0], r#"[500] {"error":"boom"}"#, "{text}");
    // A short text/plain body, whole.
    let args =
        problem_routed(&b, "plain503", Reply::Raw(http(503, "Service Unavailable", Some("text/plain"), b"try later")));
    let text = s.call_err("get_problem", args);
    assert_eq!(lines(&text)[0], "[503] try later", "{text}");
    assert_serving(&mut s);
}

#[test]
fn rfc_7807_errors_use_title_and_detail() {
    let (b, mut s) = setup();
    let body = br#"{"type":"about:blank","title":"Too Many Requests","status":429,"detail":"slow down"}"#;
    let args = problem_routed(
        &b,
        "limited",
        Reply::Raw(http(429, "Too Many Requests", Some("application/problem+json"), body)),
    );
    let text = s.call_err("get_problem", args);
    assert_eq!(lines(&text)[0], "[429] Too Many Requests: slow down", "{text}");
    let text = s.call_err("get_daily_challenge", json!({"date": "2024-03-01"}));
    assert_eq!(lines(&text)[0], "[500] Internal Server Error: failed to spawn crawler");
    assert_serving(&mut s);
}
