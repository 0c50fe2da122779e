//! Backend faults not covered by `http_client.rs` (a reset before the response, a close mid-body, a
//! trickle that outlasts the timeout) and redirects: the token only ever goes to the base URL's
//! origin, same-origin redirects (absolute, relative) keep it, loops and long chains end in a
//! JSON-RPC error within the timeout. After each fault the next call works and stdout carried only
//! protocol.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::backend::{self, Backend, Reply};
use crate::harness::{LATE_UTC, Opts, Server, TOKEN};
use crate::util::{assert_serving, rpc_error};

/// JSON-RPC "Internal error", what a transport failure of a tool call becomes.
const INTERNAL_ERROR: i64 = -32603;

const TWO_SUM: &str = "/api/v1/problems/leetcode/1";

fn problem(id: &str) -> Value {
    json!({"source": "leetcode", "id": id})
}

fn target(id: &str) -> String {
    format!("/api/v1/problems/leetcode/{id}")
}

/// A backend requiring the token and a server on it (10 ms backoff, `env` added).
fn setup_with(env: &[(&'static str, &str)]) -> (Backend, Server) {
    let b = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let mut all = vec![("OJ_MCP_NOW", LATE_UTC.to_string()), ("OJ_RETRY_BACKOFF_MS", "10".to_string())];
    all.extend(env.iter().map(|(k, v)| (*k, v.to_string())));
    let url = b.url();
    let mut s = Server::with(Opts { base_url: Some(&url), env: all, ..Opts::default() });
    s.initialize("2025-11-25");
    (b, s)
}

/// The next call works, the server exits 0 on EOF, and everything it wrote was JSON.
fn still_healthy(mut s: Server) {
    assert_serving(&mut s);
    let text = s.call_ok("get_problem", problem("1"));
    assert!(text.starts_with("# Two Sum\n"), "{text}");
    let (status, rest, stderr) = s.close();
    assert!(status.success(), "{status:?}\n{stderr}");
    for line in rest {
        serde_json::from_str::<Value>(&line).unwrap_or_else(|e| panic!("non-JSON on stdout ({e}): {line:?}"));
    }
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// The raw fixture response for Two Sum.
fn two_sum_response(b: &Backend) -> Vec<u8> {
    b.case("problem_lc_1_two_sum").expect("the fixture case").to_vec()
}

#[test]
fn a_reset_before_the_response_is_a_json_rpc_error() {
    let (b, mut s) = setup_with(&[("OJ_TIMEOUT", "5")]);
    b.route(&target("reset"), Reply::Reset);
    let started = Instant::now();
    let (code, msg) = rpc_error(&mut s, "get_problem", problem("reset"));
    let took = started.elapsed();
    assert_eq!(code, INTERNAL_ERROR, "{msg}");
    assert!(msg.contains("connection") && msg.contains("(after 3 attempts)"), "{msg}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert_eq!(b.requests().len(), 3);
    still_healthy(s);
}

#[test]
fn a_close_mid_body_is_a_json_rpc_error() {
    let (b, mut s) = setup_with(&[("OJ_TIMEOUT", "5")]);
    let full = two_sum_response(&b);
    let cut = full.len() - 1000;
    b.route(&target("cut"), Reply::Raw(full[..cut].to_vec()));
    let started = Instant::now();
    let (code, msg) = rpc_error(&mut s, "get_problem", problem("cut"));
    assert_eq!(code, INTERNAL_ERROR, "{msg}");
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    // Retried like any broken connection; then the attempts are counted.
    assert!(msg.contains("(after 3 attempts)"), "{msg}");
    // Cut once, then whole: the retry succeeds.
    b.route(&target("cut-once"), Reply::Seq(vec![Reply::Raw(full[..cut].to_vec()), Reply::Raw(full.clone())]));
    let text = s.call_ok("get_problem", problem("cut-once"));
    assert!(text.starts_with("# Two Sum\n"), "{text}");
    still_healthy(s);
}

#[test]
fn a_trickle_that_outlasts_the_timeout_times_out() {
    let (b, mut s) = setup_with(&[("OJ_TIMEOUT", "1")]);
    let full = two_sum_response(&b);
    // About 2.6 KB at 40 bytes per 100 ms: 6.5 s, well past the 1 s timeout. Each chunk arrives
    // long before any per-read timeout would fire: only the whole call's timeout can stop it.
    b.route(&target("trickle"), Reply::Trickle { bytes: full.clone(), chunk: 40, every: Duration::from_millis(100) });
    let started = Instant::now();
    let (code, msg) = rpc_error(&mut s, "get_problem", problem("trickle"));
    let took = started.elapsed();
    eprintln!("a trickling response against a 1 s timeout: error after {took:?}");
    assert_eq!(code, INTERNAL_ERROR, "{msg}");
    assert!(msg.contains("within 1 s"), "{msg}");
    assert!(took >= Duration::from_millis(900) && took < Duration::from_millis(2500), "{took:?}");
    // A timeout is not retried: the time is used up.
    assert_eq!(b.requests().len(), 1);
    // A slow response that fits in the timeout is fine.
    let chunk = full.len() / 3 + 1;
    b.route(&target("slow-ok"), Reply::Trickle { bytes: full, chunk, every: Duration::from_millis(100) });
    let text = s.call_ok("get_problem", problem("slow-ok"));
    assert!(text.starts_with("# Two Sum\n"), "{text}");
    still_healthy(s);
}

// ---------------------------------------------------------------------------------------------
// Redirects

/// A redirect with this status to `location` (no `Location` header when `None`).
fn redirect(status: u16, location: Option<&str>) -> Reply {
    let reason = match status {
        301 => "Moved Permanently",
        302 => "Found",
        303 => "See Other",
        307 => "Temporary Redirect",
        _ => "Permanent Redirect",
    };
    let location = location.map(|l| format!("location: {l}\r\n")).unwrap_or_default();
    Reply::Raw(format!("HTTP/1.1 {status} {reason}\r\n{location}content-length: 0\r\n\r\n").into_bytes())
}

/// Every request the backend saw since the last call (then forgotten), as (target, has token).
fn seen(b: &Backend) -> Vec<(String, bool)> {
    let bearer = format!("Bearer {TOKEN}");
    let out =
        b.requests().into_iter().map(|r| (r.target.clone(), r.header("authorization") == Some(&bearer))).collect();
    b.clear();
    out
}

#[test]
fn same_origin_redirects_to_another_path_keep_the_token() {
    let (b, mut s) = setup_with(&[]);
    for status in [301, 302, 303, 307, 308] {
        let from = format!("moved-{status}");
        b.route(&target(&from), redirect(status, Some(TWO_SUM)));
        let text = s.call_ok("get_problem", problem(&from));
        assert!(text.starts_with("# Two Sum\n"), "{status}: {text}");
        assert_eq!(seen(&b), [(target(&from), true), (TWO_SUM.to_string(), true)], "{status}");
    }
    // Absolute, on the same origin (the fixture requires the token there, so success proves it).
    let absolute = format!("{}{TWO_SUM}", b.url());
    b.route(&target("absolute"), redirect(302, Some(&absolute)));
    s.call_ok("get_problem", problem("absolute"));
    assert_eq!(seen(&b), [(target("absolute"), true), (TWO_SUM.to_string(), true)]);
    still_healthy(s);
}

#[test]
fn relative_locations_resolve_against_the_request_url() {
    let (b, mut s) = setup_with(&[]);
    // "1" next to /api/v1/problems/leetcode/rel.
    b.route(&target("rel"), redirect(301, Some("1")));
    let text = s.call_ok("get_problem", problem("rel"));
    assert!(text.starts_with("# Two Sum\n"), "{text}");
    assert_eq!(seen(&b), [(target("rel"), true), (TWO_SUM.to_string(), true)]);
    // Scheme-relative, same host and port.
    let scheme_relative = format!("//{}{TWO_SUM}", b.addr());
    b.route(&target("schemeless"), redirect(307, Some(&scheme_relative)));
    s.call_ok("get_problem", problem("schemeless"));
    assert_eq!(seen(&b), [(target("schemeless"), true), (TWO_SUM.to_string(), true)]);
    still_healthy(s);
}

#[test]
fn dot_segments_in_a_relative_location_are_removed() {
    // RFC 3986 §5.2: a reference is merged with the base path and its dot segments removed, so
    // "../leetcode/1" from /api/v1/problems/leetcode/dots is /api/v1/problems/leetcode/1.
    let (b, mut s) = setup_with(&[]);
    for location in ["./1", "../leetcode/1", "/api/v1/problems/x/../leetcode/1"] {
        b.route(&target("dots"), redirect(302, Some(location)));
        let r = s.call("get_problem", problem("dots"));
        let got = seen(&b);
        assert_eq!(r["result"]["isError"], json!(false), "Location {location:?}: requests {got:?}; reply {r}");
        assert_eq!(got, [(target("dots"), true), (TWO_SUM.to_string(), true)], "Location {location:?}");
    }
    still_healthy(s);
}

#[test]
fn a_redirect_to_another_origin_drops_the_token() {
    let (b, mut s) = setup_with(&[]);
    // Another origin: the same host on another port, serving the fixtures without a token.
    let other = Backend::start(&backend::fixtures_dir());
    for (status, location) in [
        (302, format!("{}{TWO_SUM}", other.url())),
        (307, format!("//{}{TWO_SUM}", other.addr())),
        (308, format!("HTTP://{}{TWO_SUM}", other.addr())),
    ] {
        b.route(&target("away"), redirect(status, Some(&location)));
        let text = s.call_ok("get_problem", problem("away"));
        assert!(text.starts_with("# Two Sum\n"), "{location}: {text}");
        assert_eq!(seen(&b), [(target("away"), true)], "{location}");
        let there = other.requests();
        other.clear();
        assert_eq!(there.len(), 1, "{location}: {there:?}");
        assert_eq!(there[0].target, TWO_SUM);
        assert_eq!(there[0].header("authorization"), None, "{location}: the token left the origin: {there:?}");
    }
    // The same machine under another name is another origin too: no token, so the 401.
    let port = b.addr().port();
    b.route(&target("renamed"), redirect(302, Some(&format!("http://localhost:{port}{TWO_SUM}"))));
    let text = s.call_err("get_problem", problem("renamed"));
    assert!(text.starts_with("[401]"), "{text}");
    assert_eq!(seen(&b), [(target("renamed"), true), (TWO_SUM.to_string(), false)]);
    // Back from elsewhere to the base URL's origin: the token again.
    other.route("/bounce", redirect(302, Some(&format!("{}{TWO_SUM}", b.url()))));
    b.route(&target("out-and-back"), redirect(302, Some(&format!("{}/bounce", other.url()))));
    s.call_ok("get_problem", problem("out-and-back"));
    assert_eq!(seen(&b), [(target("out-and-back"), true), (TWO_SUM.to_string(), true)]);
    assert_eq!(other.requests()[0].header("authorization"), None);
    still_healthy(s);
}

#[test]
fn a_redirect_loop_is_a_json_rpc_error_within_the_timeout() {
    let (b, mut s) = setup_with(&[("OJ_TIMEOUT", "5")]);
    b.route(&target("loop"), redirect(302, Some(&target("loop"))));
    b.route(&target("ping"), redirect(301, Some(&target("pong"))));
    b.route(&target("pong"), redirect(307, Some(&target("ping"))));
    for start in ["loop", "ping"] {
        let started = Instant::now();
        let (code, msg) = rpc_error(&mut s, "get_problem", problem(start));
        let took = started.elapsed();
        assert_eq!(code, INTERNAL_ERROR, "{msg}");
        assert!(msg.contains("redirects"), "{msg}");
        assert!(took < Duration::from_secs(5), "{took:?}");
        // MAX_REDIRECTS = 5: the first request and 5 redirects, not retried.
        let n = seen(&b).len();
        assert_eq!(n, 6, "{start}: {n} requests");
    }
    still_healthy(s);
}

#[test]
fn five_redirects_are_followed_and_a_sixth_is_not() {
    let (b, mut s) = setup_with(&[]);
    for i in 0..6 {
        b.route(&target(&format!("hop{i}")), redirect(302, Some(&target(&format!("hop{}", i + 1)))));
    }
    b.route(&target("hop6"), redirect(302, Some(TWO_SUM)));
    // hop1 → … → hop6 → 1: five redirects.
    let text = s.call_ok("get_problem", problem("hop2"));
    assert!(text.starts_with("# Two Sum\n"), "{text}");
    assert_eq!(seen(&b).len(), 6);
    let (code, msg) = rpc_error(&mut s, "get_problem", problem("hop1"));
    assert_eq!(code, INTERNAL_ERROR, "{msg}");
    assert!(msg.contains("redirects"), "{msg}");
    still_healthy(s);
}

#[test]
fn a_redirect_without_a_location_is_an_error_result() {
    let (b, mut s) = setup_with(&[]);
    b.route(&target("nowhere"), redirect(302, None));
    let text = s.call_err("get_problem", problem("nowhere"));
    assert!(text.starts_with("[302]"), "{text}");
    assert_eq!(seen(&b).len(), 1);
    still_healthy(s);
}
