//! JSON-RPC batches (protocol 2025-03-26) take the path a request alone takes: a batched slow call
//! can be cancelled (and then holds its batch's reply no longer) and reports progress, a panic in one entry's handler costs only that entry's
//! reply, and shutdown stays prompt after one. The panic comes from the test-only hook
//! `OJ_MCP_TEST_PANIC=<tool>` (debug builds only: `panic_hook` in `src/server/mod.rs`).

use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::backend::{self, Backend, Reply};
use crate::harness::{self, Opts, Server};

const LC1: &str = "/api/v1/problems/leetcode/1";

fn fixture_backend() -> Backend {
    Backend::start(&backend::fixtures_dir()).with_token(harness::TOKEN)
}

fn call(id: Value, tool: &str, args: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": args}})
}

fn get_lc1(id: Value) -> Value {
    call(id, "get_problem", json!({"source": "leetcode", "id": "1"}))
}

/// Waits until the backend has seen a request for `target` (so the call is in flight).
fn wait_for_target(b: &Backend, target: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !b.requests().iter().any(|r| r.target == target) {
        assert!(Instant::now() < deadline, "the backend never saw {target}");
        thread::sleep(Duration::from_millis(5));
    }
}

/// The ids of a batch reply's entries, in order.
fn ids(reply: &Value) -> Vec<Value> {
    reply.as_array().unwrap_or_else(|| panic!("not a batch reply: {reply}")).iter().map(|r| r["id"].clone()).collect()
}

fn assert_exits_promptly(s: Server) {
    let stderr = exits_promptly(s);
    assert!(!stderr.contains("still in flight"), "shutdown waited for a call:\n{stderr}");
}

/// Closes stdin; the server exits at once (even with a cancelled call still waiting for the
/// backend), with no line nobody asked for. Returns its stderr.
fn exits_promptly(s: Server) -> String {
    let t = Instant::now();
    let (status, rest, stderr) = s.close();
    assert!(t.elapsed() < Duration::from_secs(2), "exit took {:?}; stderr:\n{stderr}", t.elapsed());
    assert!(status.success(), "{status}: {stderr}");
    assert!(rest.is_empty(), "stdout lines nobody asked for: {rest:?}");
    stderr
}

#[test]
fn a_batched_slow_call_can_be_cancelled_and_the_others_are_answered() {
    let b = fixture_backend();
    b.route(LC1, Reply::Delay(Duration::from_millis(700), Box::new(Reply::case("problem_lc_1_two_sum"))));
    let mut s = Server::start(&b.url());
    let batch = json!([
        get_lc1(json!("slow")),
        {"jsonrpc": "2.0", "id": "p", "method": "ping"},
        call(json!("tags"), "list_tags", json!({"source": "leetcode"})),
    ]);
    s.send(&batch);
    wait_for_target(&b, LC1);
    s.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "slow"}}));
    let reply = s.recv();
    assert_eq!(ids(&reply), [json!("p"), json!("tags")], "the cancelled entry has no reply: {reply}");
    assert_eq!(reply[1]["result"]["isError"], false, "{reply}");
    assert!(s.try_recv(Duration::from_millis(500)).is_none(), "a line after the batch reply");
    assert_eq!(s.request("ping", Value::Null)["result"], json!({}));
    exits_promptly(s);
}

/// The batch's reply goes out when its other entries are done, not when the cancelled entry's
/// backend call returns (4 s here): within a second of the cancellation.
#[test]
fn a_cancelled_entry_does_not_hold_its_batch_reply() {
    let b = fixture_backend();
    b.route(LC1, Reply::Delay(Duration::from_secs(4), Box::new(Reply::case("problem_lc_1_two_sum"))));
    let mut s = Server::start(&b.url());
    s.send(&json!([
        get_lc1(json!("slow")),
        {"jsonrpc": "2.0", "id": "p", "method": "ping"},
        call(json!("tags"), "list_tags", json!({"source": "leetcode"})),
    ]));
    wait_for_target(&b, LC1);
    let cancelled = Instant::now();
    s.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "slow"}}));
    let reply = s.recv();
    let waited = cancelled.elapsed();
    assert_eq!(ids(&reply), [json!("p"), json!("tags")], "{reply}");
    assert!(waited < Duration::from_secs(1), "the batch reply came {waited:?} after the cancellation");
    // The server goes on answering, and exits without waiting for the cancelled call.
    assert_eq!(s.request("ping", Value::Null)["result"], json!({}));
    exits_promptly(s);
}

#[test]
fn a_batched_slow_call_reports_progress_before_the_batch_reply() {
    let b = fixture_backend();
    b.route(LC1, Reply::Delay(Duration::from_millis(1600), Box::new(Reply::case("problem_lc_1_two_sum"))));
    let mut s = Server::start(&b.url());
    let mut slow = get_lc1(json!(1));
    slow["params"]["_meta"] = json!({"progressToken": "tok"});
    s.send(&json!([slow, {"jsonrpc": "2.0", "id": 2, "method": "ping"}]));
    let first = s.recv();
    assert_eq!(first["method"], "notifications/progress", "{first}");
    assert_eq!(first["params"]["progressToken"], "tok", "{first}");
    let reply = loop {
        let v = s.recv();
        if v.is_array() {
            break v;
        }
        assert_eq!(v["method"], "notifications/progress", "{v}");
    };
    assert_eq!(ids(&reply), [json!(1), json!(2)], "{reply}");
    assert_eq!(reply[0]["result"]["isError"], false, "{reply}");
    assert!(s.try_recv(Duration::from_millis(1200)).is_none(), "a line after the batch reply");
    assert_exits_promptly(s);
}

#[test]
fn a_panic_in_a_batched_call_costs_only_its_reply_and_shutdown_stays_prompt() {
    if std::env::var_os("OJ_MCP_BIN").is_some() {
        eprintln!("skipped: the panic hook exists in debug builds only, and OJ_MCP_BIN names another binary");
        return;
    }
    let b = fixture_backend();
    let env = vec![("OJ_MCP_NOW", harness::LATE_UTC.to_string()), ("OJ_MCP_TEST_PANIC", "list_tags".to_string())];
    let mut s = Server::with(Opts { base_url: Some(&b.url()), env, ..Opts::default() });
    // Two panicking entries: more than one worker takes a panic, and each lives on.
    let batch = json!([
        call(json!(1), "list_tags", json!({"source": "leetcode"})),
        {"jsonrpc": "2.0", "id": 2, "method": "ping"},
        get_lc1(json!(3)),
        call(json!(4), "list_tags", json!({"source": "codeforces"})),
        {"jsonrpc": "2.0", "id": 5, "method": "tools/list"},
    ]);
    s.send(&batch);
    let reply = s.recv();
    assert_eq!(ids(&reply), [json!(1), json!(2), json!(3), json!(4), json!(5)], "{reply}");
    for i in [0, 3] {
        assert_eq!(reply[i]["error"], json!({"code": -32603, "message": "internal error"}), "{reply}");
    }
    assert_eq!(reply[1]["result"], json!({}), "{reply}");
    assert_eq!(reply[2]["result"]["isError"], false, "{reply}");
    assert!(reply[4]["result"]["tools"].is_array(), "{reply}");
    // Alone, the same call takes the same path and gets the same reply; the workers still serve.
    let alone = s.call("list_tags", json!({"source": "leetcode"}));
    assert_eq!(alone["error"]["code"], -32603, "{alone}");
    let r = s.call("get_problem", json!({"source": "leetcode", "id": "1"}));
    assert_eq!(r["result"]["isError"], false, "{r}");
    assert!(s.stderr().contains("OJ_MCP_TEST_PANIC"), "the hook did not fire:\n{}", s.stderr());
    assert_exits_promptly(s);
}
