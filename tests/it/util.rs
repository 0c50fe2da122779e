//! Helpers shared by the tool tests: a fixture backend plus a server, request-target checks,
//! hand-made HTTP responses, and the "still serving after a fault" check.

use serde_json::{Value, json};

use crate::backend::{self, Backend, Reply};
use crate::harness::{self, Server};

/// A fixture backend that requires the fixture token, and a server (initialized) pointed at it.
pub fn setup() -> (Backend, Server) {
    let b = Backend::start(&backend::fixtures_dir()).with_token(harness::TOKEN);
    let mut s = Server::start(&b.url());
    s.initialize("2025-11-25");
    (b, s)
}

/// The lines of a tool's text.
pub fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

/// Asserts the metadata header of the fixtures' Two Sum (leetcode 1), lines 0 to 5.
pub fn assert_two_sum_header(l: &[&str]) {
    assert_eq!(l[0], "# Two Sum");
    assert_eq!(l[1], "");
    assert_eq!(l[2], "- Source: leetcode | ID: 1 | Difficulty: Easy");
    assert_eq!(l[3], "- Tags: Array, Hash Table");
    assert_eq!(l[4], "- Link: https://leetcode.com/problems/two-sum/");
    assert_eq!(l[5], "- AC Rate: 55.2%");
}

/// The request-targets the backend has seen, in order.
pub fn targets(b: &Backend) -> Vec<String> {
    b.requests().into_iter().map(|r| r.target).collect()
}

/// The one request-target the backend has seen since the last `clear`; then clears.
pub fn only_target(b: &Backend) -> String {
    let t = targets(b);
    assert_eq!(t.len(), 1, "expected exactly one backend request, got {t:?}");
    b.clear();
    t.into_iter().next().unwrap()
}

/// The request-target the backend has seen since the last `clear`, allowing repeats of it (the
/// server retries a 502/503/504); then clears.
pub fn sent_target(b: &Backend) -> String {
    let t = targets(b);
    assert!(!t.is_empty(), "expected a backend request, got none");
    assert!(t.iter().all(|x| *x == t[0]), "expected one target (maybe retried), got {t:?}");
    b.clear();
    t[0].clone()
}

/// Asserts the backend has seen no request (since the last `clear`).
pub fn assert_no_request(b: &Backend, what: &str) {
    let t = targets(b);
    assert!(t.is_empty(), "{what}: expected no backend request, got {t:?}");
}

/// A tool call that must fail validation: `isError`, the text names every one of `needles`, and
/// no backend request is made. Returns the text.
pub fn rejects(s: &mut Server, b: &Backend, tool: &str, args: Value, needles: &[&str]) -> String {
    let text = s.call_err(tool, args.clone());
    for n in needles {
        assert!(text.contains(n), "{tool} {args}: error text lacks {n:?}: {text}");
    }
    assert_no_request(b, &format!("{tool} {args}"));
    text
}

/// One complete HTTP/1.1 response with an exact `content-length` (so keep-alive survives it).
pub fn http(status: u16, reason: &str, content_type: Option<&str>, body: &[u8]) -> Vec<u8> {
    let mut head = format!("HTTP/1.1 {status} {reason}\r\n");
    if let Some(ct) = content_type {
        head.push_str(&format!("content-type: {ct}\r\n"));
    }
    head.push_str(&format!("content-length: {}\r\n\r\n", body.len()));
    let mut out = head.into_bytes();
    out.extend_from_slice(body);
    out
}

/// A `200 application/json` reply with this JSON body.
pub fn json_reply(body: &Value) -> Reply {
    Reply::Raw(http(200, "OK", Some("application/json"), body.to_string().as_bytes()))
}

/// A tool call that must end in a JSON-RPC error (not a result); returns `(code, message)`.
pub fn rpc_error(s: &mut Server, tool: &str, args: Value) -> (i64, String) {
    let r = s.call(tool, args.clone());
    assert!(r.get("result").is_none(), "{tool} {args}: expected a JSON-RPC error, got {r}");
    let code = r["error"]["code"].as_i64().unwrap_or_else(|| panic!("{tool} {args}: no error code in {r}"));
    let msg =
        r["error"]["message"].as_str().unwrap_or_else(|| panic!("{tool} {args}: no error message in {r}")).to_string();
    (code, msg)
}

/// The server still answers: a `ping` gets `{}` (every stdout line so far was JSON, or the
/// harness would have panicked reading it).
pub fn assert_serving(s: &mut Server) {
    let r = s.request("ping", Value::Null);
    assert_eq!(r["result"], json!({}), "ping after a fault: {r}");
}

/// The cells of a Markdown table row (`| a | b |` → `["a", "b"]`).
pub fn cells(row: &str) -> Vec<String> {
    let row = row.trim();
    assert!(row.starts_with('|') && row.ends_with('|'), "not a table row: {row:?}");
    row[1..row.len() - 1].split('|').map(|c| c.trim().to_string()).collect()
}
