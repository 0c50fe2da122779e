//! The wire: framing, JSON-RPC errors, ids, batches, both protocol eras, the command line.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::harness::{Opts, Server, command};

/// A base URL where nothing listens (tests here never reach the backend).
const DEAD: &str = "http://127.0.0.1:9";

fn server() -> Server {
    Server::start(DEAD)
}

const MODERN_META: &str = r#"{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"it","version":"0"}}"#;

fn modern_meta() -> Value {
    serde_json::from_str(MODERN_META).unwrap()
}

#[test]
fn initialize_agrees_on_each_legacy_version_and_defaults_to_the_newest() {
    for (asked, agreed) in [
        ("2024-11-05", "2024-11-05"),
        ("2025-03-26", "2025-03-26"),
        ("2025-06-18", "2025-06-18"),
        ("2025-11-25", "2025-11-25"),
        ("2026-07-28", "2025-11-25"),
        ("1999-01-01", "2025-11-25"),
    ] {
        let mut s = server();
        let r = s.initialize(asked);
        assert_eq!(r["protocolVersion"], agreed, "{asked}");
        assert_eq!(r["serverInfo"]["name"], "oj-mcp-rs");
        assert_eq!(r["serverInfo"]["version"], env!("CARGO_PKG_VERSION"));
        assert_eq!(r["capabilities"]["tools"]["listChanged"], false);
        assert!(r["instructions"].as_str().unwrap().contains("get_daily_challenge"));
        // `title` exists from 2025-06-18 on.
        assert_eq!(r["serverInfo"]["title"].is_string(), agreed >= "2025-06-18", "{asked}");
        let (status, rest, _) = s.close();
        assert!(status.success());
        assert!(rest.is_empty(), "the initialized notification must not be answered: {rest:?}");
    }
}

#[test]
fn requests_before_initialize_are_served_and_ping_is_empty() {
    let mut s = server();
    let r = s.request("tools/list", Value::Null);
    assert_eq!(r["result"]["tools"].as_array().unwrap().len(), 9);
    let r = s.request("ping", Value::Null);
    assert_eq!(r["result"], json!({}));
}

#[test]
fn parse_errors_and_invalid_requests_keep_the_server_serving() {
    let mut s = server();
    let cases: &[(&[u8], i64)] = &[
        (b"not json\n", -32700),
        (b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\n", -32700),
        (b"\xff\xfe\xfd\n", -32700),
        (b"[]\n", -32600),
        (b"42\n", -32600),
        (b"\"hello\"\n", -32600),
        (b"{\"jsonrpc\":\"2.0\",\"id\":1}\n", -32600),
        (b"{\"id\":1,\"method\":\"ping\"}\n", -32600),
        (b"{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}\n", -32600),
        (b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":\"x\"}\n", -32600),
    ];
    for (line, code) in cases {
        s.send_bytes(line);
        let r = s.recv();
        assert_eq!(r["error"]["code"], json!(code), "{}: {r}", String::from_utf8_lossy(line));
        assert_eq!(r["jsonrpc"], "2.0");
    }
    assert_eq!(s.request("ping", Value::Null)["result"], json!({}));
}

#[test]
fn crlf_and_blank_lines_are_tolerated() {
    let mut s = server();
    s.send_bytes(b"\r\n\n   \n{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}\r\n");
    let r = s.recv();
    assert_eq!(r["id"], 7);
    assert_eq!(r["result"], json!({}));
}

#[test]
fn ids_are_echoed_exactly() {
    let mut s = server();
    for id in [json!(1), json!("1"), json!(""), json!(0), json!(-5), json!("späť 🦀"), json!(9007199254740993u64)] {
        s.send(&json!({"jsonrpc": "2.0", "id": id, "method": "ping"}));
        let r = s.recv();
        assert_eq!(r["id"], id);
        // The literal form is kept too (no float conversion of large integers).
        assert!(serde_json::to_string(&r).unwrap().contains(&serde_json::to_string(&id).unwrap()));
    }
}

#[test]
fn unknown_methods_get_method_not_found_and_notifications_get_nothing() {
    let mut s = server();
    s.send_raw(r#"{"jsonrpc":"2.0","method":"notifications/whatever"}"#);
    s.send_raw(r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}}"#);
    s.send_raw(r#"{"jsonrpc":"2.0","id":5,"result":{}}"#);
    for m in ["resources/subscribe", "frobnicate", "logging/setLevel"] {
        let r = s.request(m, json!({}));
        assert_eq!(r["error"]["code"], -32601, "{m}: {r}");
        assert!(r["error"]["message"].as_str().unwrap().contains(m));
    }
    assert!(s.try_recv(Duration::from_millis(200)).is_none(), "nothing else may be written");
}

#[test]
fn batches_get_one_array_and_notification_only_batches_get_nothing() {
    let mut s = server();
    s.send_raw(
        r#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},7,{"jsonrpc":"2.0","id":"b","method":"nope"}]"#,
    );
    let r = s.recv();
    let arr = r.as_array().expect("an array reply");
    assert_eq!(arr.len(), 3, "{r}");
    assert_eq!(arr[0]["id"], 1);
    assert_eq!(arr[1]["error"]["code"], -32600);
    assert_eq!(arr[2]["id"], "b");
    assert_eq!(arr[2]["error"]["code"], -32601);
    s.send_raw(r#"[{"jsonrpc":"2.0","method":"notifications/initialized"}]"#);
    assert!(s.try_recv(Duration::from_millis(200)).is_none());
    // A batch with a tool call runs off the reader thread and still answers as one array.
    s.send_raw(r#"[{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_problem","arguments":{}}},{"jsonrpc":"2.0","id":3,"method":"ping"}]"#);
    let r = s.recv();
    let arr = r.as_array().expect("an array reply");
    assert_eq!(arr[0]["result"]["isError"], true);
    assert_eq!(arr[1]["result"], json!({}));
}

#[test]
fn an_oversized_line_is_rejected_and_reading_resynchronises() {
    let mut s = server();
    let mut big = vec![b' '; 5 * 1024 * 1024];
    big.extend_from_slice(b"\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n");
    s.send_bytes(&big);
    let r = s.recv();
    assert_eq!(r["error"]["code"], -32600, "{r}");
    assert!(r["error"]["message"].as_str().unwrap().contains("too large"));
    assert_eq!(s.recv()["id"], 1);
}

#[test]
fn tools_call_protocol_errors() {
    let mut s = server();
    let r = s.request("tools/call", json!({"name": "no_such_tool", "arguments": {}}));
    assert_eq!(r["error"]["code"], -32602);
    assert!(r["error"]["message"].as_str().unwrap().contains("no_such_tool"));
    let r = s.request("tools/call", json!({"arguments": {}}));
    assert_eq!(r["error"]["code"], -32602);
    let r = s.request("tools/call", json!([1, 2]));
    assert_eq!(r["error"]["code"], -32602);
}

#[test]
fn server_discover_in_both_eras() {
    let mut s = server();
    for params in [json!({"_meta": modern_meta()}), Value::Null] {
        let r = s.request("server/discover", params);
        let res = &r["result"];
        assert_eq!(res["resultType"], "complete");
        assert_eq!(
            res["supportedVersions"],
            json!(["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"])
        );
        assert_eq!(res["capabilities"]["tools"], json!({"listChanged": false}));
        assert_eq!(res["_meta"]["io.modelcontextprotocol/serverInfo"]["name"], "oj-mcp-rs");
        assert!(res["instructions"].is_string());
        assert!(res["ttlMs"].as_u64().is_some());
        assert_eq!(res["cacheScope"], "public");
    }
}

#[test]
fn modern_requests_follow_2026_07_28() {
    let mut s = server();
    // tools/list with modern meta: resultType + caching hints.
    let r = s.request("tools/list", json!({"_meta": modern_meta()}));
    assert_eq!(r["result"]["resultType"], "complete");
    assert!(r["result"]["ttlMs"].as_u64().is_some());
    assert_eq!(r["result"]["cacheScope"], "public");
    assert_eq!(r["result"]["tools"].as_array().unwrap().len(), 9);
    // A tool result carries resultType too.
    let r = s.request("tools/call", json!({"_meta": modern_meta(), "name": "get_problem", "arguments": {}}));
    assert_eq!(r["result"]["resultType"], "complete");
    assert_eq!(r["result"]["isError"], true);
    // Unsupported version.
    let r = s.request(
        "tools/list",
        json!({"_meta": {"io.modelcontextprotocol/protocolVersion": "2099-01-01", "io.modelcontextprotocol/clientCapabilities": {}}}),
    );
    assert_eq!(r["error"]["code"], -32022, "{r}");
    assert_eq!(r["error"]["data"]["requested"], "2099-01-01");
    assert!(r["error"]["data"]["supported"].as_array().unwrap().contains(&json!("2026-07-28")));
    // Missing client capabilities.
    let r = s.request("tools/list", json!({"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    // initialize and ping do not exist in the modern era.
    for m in ["initialize", "ping"] {
        let r = s.request(m, json!({"_meta": modern_meta()}));
        assert_eq!(r["error"]["code"], -32601, "{m}: {r}");
    }
    // The same process still serves legacy clients.
    assert_eq!(s.initialize("2025-06-18")["protocolVersion"], "2025-06-18");
    assert!(s.request("tools/list", Value::Null)["result"].get("resultType").is_none());
}

#[test]
fn tools_list_is_fixed_and_self_describing() {
    let mut s = server();
    s.initialize("2025-11-25");
    let r = s.request("tools/list", json!({}));
    let tools = r["result"]["tools"].as_array().unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    // The one list of tool names outside src/: the MCP Bundle's manifest, which ships them.
    let manifest: Value = serde_json::from_str(include_str!("../../mcpb/manifest.json")).unwrap();
    let declared: Vec<&str> =
        manifest["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, declared, "tools/list and mcpb/manifest.json list the same tools in the same order");
    assert_eq!(names.len(), 9);
    for t in tools {
        assert!(t["description"].as_str().unwrap().len() > 80, "{t}");
        assert_eq!(t["inputSchema"]["type"], "object");
        // record_solve appends to the solve log, a file of this machine: it writes, each call
        // adds a line, and it reaches no other world.
        let appends = t["name"] == "record_solve";
        assert_eq!(t["annotations"]["readOnlyHint"], !appends, "{t}");
        if appends || t["name"] == "solve_stats" {
            assert_eq!(t["annotations"]["openWorldHint"], false, "{t}");
            assert_eq!(t["annotations"]["idempotentHint"], !appends, "{t}");
            assert_eq!(t["annotations"]["destructiveHint"], false, "{t}");
        }
    }
    let daily = &tools[0]["inputSchema"]["properties"];
    assert_eq!(daily["domain"]["enum"], json!(["com", "cn"]));
    assert_eq!(daily["domain"]["default"], "com");
    assert_eq!(tools[1]["inputSchema"]["required"], json!(["source", "id"]));
    let sim = &tools[2]["inputSchema"]["properties"];
    assert_eq!((sim["limit"]["minimum"].clone(), sim["limit"]["maximum"].clone()), (json!(1), json!(50)));
    assert_eq!(sim["limit"]["default"], 10);
    assert_eq!(sim["query"]["minLength"], 3);
    assert_eq!(sim["query"]["maxLength"], 2000);
    assert_eq!(tools[3]["inputSchema"]["required"], json!(["query"]));
}

#[test]
fn stdin_eof_exits_promptly_with_code_zero() {
    let mut s = server();
    s.initialize("2025-11-25");
    let t = Instant::now();
    let (status, rest, _) = s.close();
    assert!(status.success());
    assert!(rest.is_empty());
    assert!(t.elapsed() < Duration::from_secs(2), "took {:?}", t.elapsed());
}

#[test]
fn bad_command_lines_exit_2_with_one_line_and_usage_on_stderr() {
    for (args, env, want) in [
        (vec![], vec![], "missing base URL"),
        (vec!["--base-url", "ftp://x"], vec![], "http:// or https://"),
        (vec!["--base-url", "http://a", "--bogus"], vec![], "--bogus"),
        (vec![], vec![("OJ_BASE_URL", "not a url")], "invalid base URL"),
        (vec!["--base-url", "http://a", "--timeout", "-1"], vec![], "timeout"),
    ] {
        let out = command().args(&args).envs(env).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: stdout must stay empty");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.lines().next().unwrap().contains(want), "{args:?}: {err}");
        assert!(err.contains("Usage: oj-mcp-rs"), "{err}");
    }
}

#[test]
fn help_and_version_print_and_exit_zero() {
    let out = command().arg("--version").output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("oj-mcp-rs {}\n", env!("CARGO_PKG_VERSION")));
    let out = command().arg("--help").output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    for flag in ["--base-url", "--token", "--timeout", "--log-level", "OJ_BASE_URL", "OJ_TOKEN"] {
        assert!(help.contains(flag), "{flag}");
    }
}

#[test]
fn the_token_never_reaches_stderr_even_at_debug_level() {
    let secret = "s3cret-token-value-42";
    let mut s = Server::with(Opts {
        base_url: Some(DEAD),
        token: None,
        env: vec![("OJ_LOG", "debug".into())],
        args: vec!["--token", secret],
        ..Opts::default()
    });
    s.initialize("2025-11-25");
    s.call("get_platform_status", json!({}));
    s.call("get_problem", json!({"source": "leetcode", "id": "1"}));
    let (_, _, stderr) = s.close();
    assert!(stderr.contains("DEBUG"), "debug logging should be on: {stderr}");
    assert!(!stderr.contains(secret), "token leaked: {stderr}");
}
