//! Retries of idempotent GETs: connect failures, resets and HTTP 502/503/504, with exponential
//! backoff (`--retries` / `OJ_RETRIES`, `--retry-backoff-ms` / `OJ_RETRY_BACKOFF_MS`), honouring
//! `Retry-After`, all within `--timeout`; never another status; a 429 says when to try again; the
//! final error says how many attempts were made.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::backend::{self, Backend, Reply};
use crate::harness::{LATE_UTC, Opts, Server, TOKEN};
use crate::proxies::wait_until;
use crate::util::{assert_serving, lines, rpc_error};

/// JSON-RPC "Internal error", what a transport failure of a tool call becomes.
const INTERNAL_ERROR: i64 = -32603;

const TWO_SUM: &str = "/api/v1/problems/leetcode/1";

fn two_sum() -> Value {
    json!({"source": "leetcode", "id": "1"})
}

fn ok() -> Reply {
    Reply::case("problem_lc_1_two_sum")
}

/// One complete HTTP/1.1 response with these extra headers and a text body.
fn resp(status: u16, reason: &str, headers: &[(&str, &str)], body: &str) -> Reply {
    let mut head = format!("HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain\r\n");
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(&format!("content-length: {}\r\n\r\n{body}", body.len()));
    Reply::Raw(head.into_bytes())
}

fn busy() -> Reply {
    resp(503, "Service Unavailable", &[], "busy")
}

/// A backend requiring the token, and a server on it with a 10 ms first backoff plus `env` and
/// `args` (later entries win).
fn setup_with(env: &[(&'static str, &str)], args: Vec<&str>) -> (Backend, Server) {
    let b = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let s = server_on(&b.url(), env, args);
    (b, s)
}

fn server_on(base: &str, env: &[(&'static str, &str)], args: Vec<&str>) -> Server {
    let mut all = vec![("OJ_MCP_NOW", LATE_UTC.to_string()), ("OJ_RETRY_BACKOFF_MS", "10".to_string())];
    all.extend(env.iter().map(|(k, v)| (*k, v.to_string())));
    let mut s = Server::with(Opts { base_url: Some(base), env: all, args, ..Opts::default() });
    s.initialize("2025-11-25");
    s
}

/// The backend's requests so far; asserts they all asked for `target` with the token.
fn requests_for(b: &Backend, target: &str) -> Vec<crate::backend::Request> {
    let reqs = b.requests();
    let bearer = format!("Bearer {TOKEN}");
    for r in &reqs {
        assert_eq!(r.target, target, "{reqs:?}");
        assert_eq!(r.header("authorization"), Some(bearer.as_str()), "a retry lost the token: {r:?}");
    }
    b.clear();
    reqs
}

#[test]
fn gateway_errors_then_success_succeeds_after_three_requests() {
    let (b, mut s) = setup_with(&[], vec![]);
    for (first, second) in
        [(busy(), busy()), (resp(502, "Bad Gateway", &[], "bad"), resp(504, "Gateway Timeout", &[], ""))]
    {
        b.route(TWO_SUM, Reply::Seq(vec![first, second, ok()]));
        let text = s.call_ok("get_problem", two_sum());
        assert!(text.starts_with("# Two Sum\n"), "{text}");
        assert_eq!(requests_for(&b, TWO_SUM).len(), 3);
    }
}

#[test]
fn persistent_gateway_errors_report_the_number_of_attempts() {
    // Default retries: 2, so 3 attempts.
    let (b, mut s) = setup_with(&[], vec![]);
    b.route(TWO_SUM, busy());
    let text = s.call_err("get_problem", two_sum());
    assert_eq!(lines(&text)[0], "[503] busy", "{text}");
    assert!(text.contains("3 attempts"), "{text}");
    assert_eq!(requests_for(&b, TWO_SUM).len(), 3);
    // An HTML 502 page from a proxy in front of the backend: quoted, retried, counted.
    let page = "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad \
                Gateway</h1></center><hr><center>nginx</center></body></html>";
    b.route(TWO_SUM, resp(502, "Bad Gateway", &[("content-type", "text/html")], page));
    let text = s.call_err("get_problem", two_sum());
    assert!(text.starts_with("[502] <!DOCTYPE html>"), "{text}");
    assert!(text.contains("3 attempts"), "{text}");
    assert_eq!(requests_for(&b, TWO_SUM).len(), 3);
    assert_serving(&mut s);
}

#[test]
fn retries_come_from_the_flag_or_the_environment() {
    type Env = &'static [(&'static str, &'static str)];
    let cases: [(Env, Vec<&str>, usize); 4] = [
        (&[], vec!["--retries", "0"], 1),
        (&[("OJ_RETRIES", "1")], vec![], 2),
        (&[("OJ_RETRIES", "0")], vec!["--retries", "3"], 4),
        (&[("OJ_RETRIES", "  ")], vec![], 3),
    ];
    for (env, args, attempts) in cases {
        let what = format!("{env:?} {args:?}");
        let (b, mut s) = setup_with(env, args);
        b.route(TWO_SUM, busy());
        let text = s.call_err("get_problem", two_sum());
        assert_eq!(lines(&text)[0], "[503] busy", "{what}: {text}");
        assert_eq!(requests_for(&b, TWO_SUM).len(), attempts, "{what}");
        if attempts > 1 {
            assert!(text.contains(&format!("{attempts} attempts")), "{what}: {text}");
        } else {
            assert!(!text.contains("attempts"), "{what}: {text}");
        }
    }
}

#[test]
fn other_statuses_are_never_retried() {
    let (b, mut s) = setup_with(&[("OJ_RETRIES", "3")], vec![]);
    for (code, reason) in [
        (400, "Bad Request"),
        (401, "Unauthorized"),
        (403, "Forbidden"),
        (404, "Not Found"),
        (405, "Method Not Allowed"),
        (408, "Request Timeout"),
        (409, "Conflict"),
        (422, "Unprocessable Content"),
        (429, "Too Many Requests"),
        (500, "Internal Server Error"),
        (501, "Not Implemented"),
        (505, "HTTP Version Not Supported"),
    ] {
        b.route(TWO_SUM, resp(code, reason, &[], "no"));
        let text = s.call_err("get_problem", two_sum());
        assert_eq!(lines(&text)[0], format!("[{code}] no"), "{text}");
        assert!(!text.contains("attempts"), "{code}: {text}");
        assert_eq!(requests_for(&b, TWO_SUM).len(), 1, "{code} was retried");
    }
}

#[test]
fn a_429_says_when_to_try_again_and_is_not_retried() {
    let (b, mut s) = setup_with(&[("OJ_RETRIES", "3")], vec![]);
    b.route(TWO_SUM, resp(429, "Too Many Requests", &[("retry-after", "7")], "slow down"));
    let started = Instant::now();
    let r = s.call("get_problem", two_sum());
    let took = started.elapsed();
    assert_eq!(r["result"]["isError"], json!(true), "{r}");
    let text = r["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("try again in 7 seconds"), "{text}");
    assert_eq!(requests_for(&b, TWO_SUM).len(), 1);
    assert!(took < Duration::from_secs(3), "it waited for the Retry-After itself: {took:?}");
    // Without Retry-After (or with an HTTP date, which is not read), no number of seconds.
    for headers in [&[][..], &[("retry-after", "Wed, 21 Oct 2037 07:28:00 GMT")][..]] {
        b.route(TWO_SUM, resp(429, "Too Many Requests", headers, "slow down"));
        let text = s.call_err("get_problem", two_sum());
        assert!(text.contains("rate limit"), "{headers:?}: {text}");
        assert!(!text.contains("seconds"), "{headers:?}: {text}");
        assert_eq!(requests_for(&b, TWO_SUM).len(), 1);
    }
}

#[test]
fn retry_after_on_a_503_is_honoured() {
    let (b, mut s) = setup_with(&[], vec![]);
    b.route(TWO_SUM, Reply::Seq(vec![resp(503, "Service Unavailable", &[("retry-after", "1")], "later"), ok()]));
    let started = Instant::now();
    s.call_ok("get_problem", two_sum());
    let took = started.elapsed();
    let reqs = requests_for(&b, TWO_SUM);
    assert_eq!(reqs.len(), 2);
    let gap = reqs[1].at - reqs[0].at;
    eprintln!("Retry-After: 1 with a 10 ms backoff: retried after {gap:?}");
    assert!(gap >= Duration::from_secs(1), "retried after {gap:?}, before Retry-After");
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[test]
fn a_retry_after_beyond_the_timeout_gives_up_early() {
    let (b, mut s) = setup_with(&[("OJ_TIMEOUT", "3")], vec![]);
    b.route(TWO_SUM, resp(503, "Service Unavailable", &[("retry-after", "60")], "later"));
    let started = Instant::now();
    let text = s.call_err("get_problem", two_sum());
    let took = started.elapsed();
    assert_eq!(lines(&text)[0], "[503] later", "{text}");
    assert_eq!(requests_for(&b, TWO_SUM).len(), 1);
    assert!(took < Duration::from_secs(2), "waited for nothing: {took:?}");
    // Retry-After 2 s fits once in 3 s, not twice.
    b.route(TWO_SUM, resp(503, "Service Unavailable", &[("retry-after", "2")], "later"));
    let started = Instant::now();
    let text = s.call_err("get_problem", two_sum());
    let took = started.elapsed();
    assert!(text.contains("2 attempts"), "{text}");
    assert_eq!(requests_for(&b, TWO_SUM).len(), 2);
    assert!(took >= Duration::from_secs(2) && took < Duration::from_secs(3), "{took:?}");
}

#[test]
fn backoff_doubles_from_the_flag_or_the_environment() {
    let (b, mut s) =
        setup_with(&[("OJ_RETRY_BACKOFF_MS", "5000")], vec!["--retries", "3", "--retry-backoff-ms", "100"]);
    b.route(TWO_SUM, busy());
    let started = Instant::now();
    let text = s.call_err("get_problem", two_sum());
    let took = started.elapsed();
    assert!(text.contains("4 attempts"), "{text}");
    let reqs = requests_for(&b, TWO_SUM);
    assert_eq!(reqs.len(), 4);
    let gaps: Vec<Duration> = reqs.windows(2).map(|w| w[1].at - w[0].at).collect();
    eprintln!("gaps between attempts with a 100 ms backoff: {gaps:?} (total {took:?})");
    for (gap, want) in gaps.iter().zip([100, 200, 400]) {
        let want = Duration::from_millis(want);
        assert!(*gap >= want, "gap {gap:?} shorter than the backoff {want:?}: {gaps:?}");
        assert!(*gap < want + Duration::from_millis(1500), "gap {gap:?} far longer than {want:?}: {gaps:?}");
    }
    // The flag (100 ms) won over the environment (5 s).
    assert!(took < Duration::from_secs(4), "{took:?}");
    // The environment alone.
    let (b, mut s) = setup_with(&[("OJ_RETRY_BACKOFF_MS", "300"), ("OJ_RETRIES", "1")], vec![]);
    b.route(TWO_SUM, busy());
    s.call_err("get_problem", two_sum());
    let reqs = requests_for(&b, TWO_SUM);
    assert_eq!(reqs.len(), 2);
    assert!(reqs[1].at - reqs[0].at >= Duration::from_millis(300), "{:?}", reqs[1].at - reqs[0].at);
}

#[test]
fn retries_stay_within_the_timeout() {
    let (b, mut s) = setup_with(&[("OJ_TIMEOUT", "1"), ("OJ_RETRIES", "10"), ("OJ_RETRY_BACKOFF_MS", "300")], vec![]);
    b.route(TWO_SUM, busy());
    let started = Instant::now();
    let text = s.call_err("get_problem", two_sum());
    let took = started.elapsed();
    eprintln!("10 retries of 300 ms doubling within a 1 s timeout: gave up after {took:?}");
    // 0, 300 ms, 900 ms; the next wait (1.2 s) would pass the deadline.
    let n = requests_for(&b, TWO_SUM).len();
    assert!((2..=3).contains(&n), "{n} attempts");
    assert!(text.contains(&format!("{n} attempts")), "{text}");
    assert!(took < Duration::from_millis(1800), "{took:?}");
    // A retry that hangs is cut at the deadline of the whole call.
    b.route(TWO_SUM, Reply::Seq(vec![busy(), Reply::Hang]));
    let started = Instant::now();
    let (code, msg) = rpc_error(&mut s, "get_problem", two_sum());
    let took = started.elapsed();
    assert_eq!(code, INTERNAL_ERROR, "{msg}");
    assert!(msg.contains("within 1 s"), "{msg}");
    assert!(took >= Duration::from_millis(900) && took < Duration::from_millis(2500), "{took:?}");
    assert_eq!(requests_for(&b, TWO_SUM).len(), 2);
    assert_serving(&mut s);
}

#[test]
fn a_connection_closed_or_reset_without_an_answer_is_retried() {
    let (b, mut s) = setup_with(&[], vec![]);
    for fault in [Reply::Close, Reply::Reset] {
        let what = format!("{fault:?}");
        b.route(TWO_SUM, Reply::Seq(vec![fault.clone(), ok()]));
        let text = s.call_ok("get_problem", two_sum());
        assert!(text.starts_with("# Two Sum\n"), "{what}: {text}");
        let reqs = requests_for(&b, TWO_SUM);
        assert_eq!(reqs.len(), 2, "{what}");
        assert_ne!(reqs[0].conn, reqs[1].conn, "{what}: the retry needs a new connection");
        // Every time: a JSON-RPC error that counts the attempts.
        b.route(TWO_SUM, fault);
        let (code, msg) = rpc_error(&mut s, "get_problem", two_sum());
        assert_eq!(code, INTERNAL_ERROR, "{what}: {msg}");
        assert!(msg.contains("(after 3 attempts)"), "{what}: {msg}");
        assert_eq!(requests_for(&b, TWO_SUM).len(), 3, "{what}");
    }
    assert_serving(&mut s);
}

/// A port nothing listens on (free a moment ago).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

#[test]
fn connect_failures_are_retried_and_counted() {
    let port = free_port();
    let mut s = server_on(&format!("http://127.0.0.1:{port}"), &[], vec![]);
    let (code, msg) = rpc_error(&mut s, "get_problem", two_sum());
    assert_eq!(code, INTERNAL_ERROR, "{msg}");
    assert!(msg.contains("cannot connect") && msg.contains("(after 3 attempts)"), "{msg}");
    let mut s = server_on(&format!("http://127.0.0.1:{port}"), &[("OJ_RETRIES", "0")], vec![]);
    let (_, msg) = rpc_error(&mut s, "get_problem", two_sum());
    assert!(msg.contains("cannot connect") && !msg.contains("attempts"), "{msg}");
}

#[test]
fn a_backend_that_comes_up_during_the_backoff_is_reached() {
    let port = free_port();
    let mut s = server_on(
        &format!("http://127.0.0.1:{port}"),
        &[("OJ_LOG", "debug"), ("OJ_RETRIES", "5"), ("OJ_RETRY_BACKOFF_MS", "300"), ("OJ_TIMEOUT", "20")],
        vec![],
    );
    s.send(&json!({"jsonrpc": "2.0", "id": "late", "method": "tools/call",
        "params": {"name": "get_problem", "arguments": two_sum()}}));
    assert!(wait_until(Duration::from_secs(10), || s.stderr().contains("attempt 1 failed")), "{}", s.stderr());
    let b = Backend::start_on(&backend::fixtures_dir(), port).with_token(TOKEN);
    let r = s.wait_for(&json!("late"));
    assert_eq!(r["result"]["isError"], json!(false), "{r}");
    assert!(!requests_for(&b, TWO_SUM).is_empty());
}
