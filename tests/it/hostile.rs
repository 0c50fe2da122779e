//! Hostile input on stdin: whatever a broken or malicious client writes, the server answers every
//! request exactly once, never writes anything but JSON-RPC lines to stdout, never panics, keeps
//! its memory bounded, and goes on serving (each class is followed by a `ping` that must be
//! answered). What `wire.rs` already covers is not repeated here.
//!
//! Behaviour pinned here that a reader might not guess:
//! - A UTF-8 byte order mark before a message (`\u{feff}{...}`), on the first line or any other,
//!   is a parse error (-32700, id null): serde_json does not skip it and the server does not strip
//!   it. The line is lost; the next line is served normally.
//! - A lone `\r` is not a line separator: `A\rB\n` is one line, a parse error. Inside a message,
//!   `\r` is JSON white space. A line holding only ASCII white space (`\t`, `\x0c`, space, `\r`) is
//!   skipped silently; `\x0b` (vertical tab) is not white space to either, so it is a parse error.
//! - Duplicate keys: the last one wins (`"id":1,"id":2` is answered as id 2).
//! - `-0`, `1.0`, `1e2` and integers outside i64/u64 are not integer ids: -32600 with id null.
//!   `1e400` is not even parseable JSON for serde_json: -32700.
//! - A malformed notification (e.g. `"params":"x"`) is an invalid request and gets a -32600 with
//!   id null, as JSON-RPC 2.0 §5 shows for `{"jsonrpc":"2.0","method":1,"params":"bar"}`.
//! - A "response" from the client is ignored unless it is malformed as JSON-RPC (wrong
//!   `jsonrpc`), which gets a -32600.

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::process::Stdio;
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::backend::{self, Backend, Reply};
use crate::harness::{self, Opts, Server, command};

/// A base URL where nothing listens: requests that reach the backend fail at once.
const DEAD: &str = "http://127.0.0.1:9";

fn fixture_backend() -> Backend {
    Backend::start(&backend::fixtures_dir()).with_token(harness::TOKEN)
}

/// A `ping` must still be answered with `{}`.
fn assert_pings(s: &mut Server) {
    let r = s.request("ping", Value::Null);
    assert_eq!(r["result"], json!({}), "ping after hostile input: {r}");
}

/// Closes stdin; the server must exit 0 with no further stdout line (a late, doubled or
/// unsolicited reply would be one) and no panic on stderr. Returns stderr.
fn finish(s: Server) -> String {
    let (status, rest, stderr) = s.close();
    assert!(status.success(), "exit status {status}; stderr:\n{stderr}");
    assert!(rest.is_empty(), "stdout lines nobody asked for (doubled or late replies?): {rest:?}");
    assert_no_panic(&stderr);
    stderr
}

fn assert_no_panic(stderr: &str) {
    assert!(!stderr.contains("panicked at"), "the server panicked:\n{stderr}");
}

/// `VmHWM` / `VmRSS` of a live process, in KiB.
fn vm_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("read /proc/PID/status");
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("no {field} in /proc/{pid}/status"))
}

/// Every element of a reply is a JSON-RPC 2.0 response: `id`, and exactly one of result/error.
fn well_formed(v: &Value) -> Result<(), String> {
    let items: Vec<&Value> = match v {
        Value::Array(a) if !a.is_empty() => a.iter().collect(),
        Value::Array(_) => return Err("an empty array reply".into()),
        other => vec![other],
    };
    for r in items {
        if r["jsonrpc"] != "2.0" {
            return Err(format!("no \"jsonrpc\":\"2.0\" in {r}"));
        }
        if r.get("id").is_none() {
            return Err(format!("no id in {r}"));
        }
        if r.get("result").is_some() == r.get("error").is_some() {
            return Err(format!("not exactly one of result/error in {r}"));
        }
        if let Some(e) = r.get("error")
            && (!e["code"].is_i64() || !e["message"].is_string())
        {
            return Err(format!("malformed error object in {r}"));
        }
    }
    Ok(())
}

/// What one row of hostile input must produce, before the `ping` that follows it is answered.
enum Want {
    /// Exactly one reply: this error code, for this id (`null` when the id was unreadable).
    Error(i64, Value),
    /// Exactly one reply: a JSON-RPC error with this code whose message contains the text.
    ErrorMentioning(i64, Value, String),
    /// Exactly one reply: a result for this id.
    Ok(Value),
    /// Exactly one reply: a `tools/call` result with `isError: true` whose text contains this.
    ToolError(Value, &'static str),
    /// Exactly one reply, an array, checked by the function.
    Batch(fn(&[Value]) -> Result<(), String>),
    /// No reply at all.
    Silent,
}

impl Want {
    fn replies(&self) -> usize {
        usize::from(!matches!(self, Want::Silent))
    }

    fn check(&self, got: &[Value]) -> Result<(), String> {
        for v in got {
            well_formed(v)?;
        }
        if got.len() != self.replies() {
            return Err(format!("expected {} reply, got {}: {got:?}", self.replies(), got.len()));
        }
        let Some(r) = got.first() else { return Ok(()) };
        let error = |code: i64, id: &Value| -> Result<(), String> {
            if r["error"]["code"] != code || &r["id"] != id {
                return Err(format!("expected error {code} for id {id}, got {r}"));
            }
            Ok(())
        };
        match self {
            Want::Error(code, id) => error(*code, id),
            Want::ErrorMentioning(code, id, needle) => {
                error(*code, id)?;
                let msg = r["error"]["message"].as_str().unwrap_or("");
                if !msg.contains(needle.as_str()) {
                    return Err(format!("error message lacks {needle:?}: {msg:?}"));
                }
                Ok(())
            }
            Want::Ok(id) => {
                if &r["id"] != id || r.get("result").is_none() {
                    return Err(format!("expected a result for id {id}, got {r}"));
                }
                Ok(())
            }
            Want::ToolError(id, needle) => {
                let text = r["result"]["content"][0]["text"].as_str().unwrap_or("");
                if &r["id"] != id || r["result"]["isError"] != true || !text.contains(needle) {
                    return Err(format!("expected isError mentioning {needle:?} for id {id}, got {r}"));
                }
                Ok(())
            }
            Want::Batch(f) => match r.as_array() {
                Some(items) => f(items),
                None => Err(format!("expected an array reply, got {r}")),
            },
            Want::Silent => Ok(()),
        }
    }
}

struct Row {
    name: &'static str,
    input: Vec<u8>,
    want: Want,
}

fn row(name: &'static str, line: impl AsRef<[u8]>, want: Want) -> Row {
    let mut input = line.as_ref().to_vec();
    input.push(b'\n');
    Row { name, input, want }
}

fn shown(bytes: &[u8]) -> String {
    let s = String::from_utf8_lossy(bytes);
    let s: String = s.chars().take(200).collect();
    format!("{s:?}{}", if bytes.len() > 200 { "…" } else { "" })
}

fn nested(open: &str, inner: &str, close: &str, depth: usize) -> String {
    format!("{}{inner}{}", open.repeat(depth), close.repeat(depth))
}

fn batch_checks_mixed(items: &[Value]) -> Result<(), String> {
    let got: Vec<(Value, Value)> = items.iter().map(|r| (r["id"].clone(), r["error"]["code"].clone())).collect();
    let want = vec![
        (json!("a"), Value::Null),
        (Value::Null, json!(-32600)),
        (Value::Null, json!(-32600)),
        (json!("b"), json!(-32600)),
        (json!("d"), json!(-32600)),
        (json!("e"), json!(-32601)),
    ];
    if got != want {
        return Err(format!("(id, error code) per entry: got {got:?}, want {want:?}"));
    }
    Ok(())
}

fn batch_one_invalid_entry(items: &[Value]) -> Result<(), String> {
    match items {
        [r] if r["error"]["code"] == -32600 && r["id"].is_null() => Ok(()),
        _ => Err(format!("expected one -32600 entry with id null, got {items:?}")),
    }
}

fn batch_duplicate_ids(items: &[Value]) -> Result<(), String> {
    match items {
        [a, b] if a["id"] == 180 && b["id"] == 180 && a["result"] == json!({}) && b["result"] == json!({}) => Ok(()),
        _ => Err(format!("expected two results for id 180, got {items:?}")),
    }
}

fn batch_slow_and_bad(items: &[Value]) -> Result<(), String> {
    match items {
        [a, b] if a["id"] == 183 && a["result"]["isError"] == true && b["error"]["code"] == -32600 => Ok(()),
        _ => Err(format!("expected [isError result for 183, -32600], got {items:?}")),
    }
}

const MODERN: &str = r#""io.modelcontextprotocol/protocolVersion":"2026-07-28""#;

/// The hostile lines: one named row per class.
fn rows() -> Vec<Row> {
    [framing_rows(), member_rows(), id_rows(), escape_rows(), message_rows(), call_rows(), slow_rows()]
        .into_iter()
        .flatten()
        .collect()
}

/// Framing and JSON syntax.
fn framing_rows() -> Vec<Row> {
    use Want::*;
    let null = Value::Null;
    vec![
        // --- framing and JSON syntax
        row("non_json_text", "hello world", Error(-32700, null.clone())),
        row("truncated_json_inside_a_string", r#"{"jsonrpc":"2.0","id":101,"method":"pi"#, Error(-32700, null.clone())),
        row(
            "truncated_json_missing_brace",
            r#"{"jsonrpc":"2.0","id":102,"method":"ping""#,
            Error(-32700, null.clone()),
        ),
        row(
            "trailing_garbage_after_a_message",
            r#"{"jsonrpc":"2.0","id":103,"method":"ping"} x"#,
            Error(-32700, null.clone()),
        ),
        row(
            "two_messages_on_one_line",
            r#"{"jsonrpc":"2.0","id":104,"method":"ping"}{"jsonrpc":"2.0","id":105,"method":"ping"}"#,
            Error(-32700, null.clone()),
        ),
        row(
            "invalid_utf8_inside_a_string",
            b"{\"jsonrpc\":\"2.0\",\"id\":106,\"method\":\"pi\xffng\"}",
            Error(-32700, null.clone()),
        ),
        row(
            "utf8_encoded_surrogate",
            b"{\"jsonrpc\":\"2.0\",\"id\":107,\"method\":\"\xed\xa0\x80\"}",
            Error(-32700, null.clone()),
        ),
        row(
            "overlong_utf8_encoding",
            b"{\"jsonrpc\":\"2.0\",\"id\":108,\"method\":\"\xc0\xafping\"}",
            Error(-32700, null.clone()),
        ),
        row(
            "raw_control_character_in_a_string",
            b"{\"jsonrpc\":\"2.0\",\"id\":109,\"method\":\"pi\x01ng\"}",
            Error(-32700, null.clone()),
        ),
        row(
            "raw_nul_after_a_message",
            b"{\"jsonrpc\":\"2.0\",\"id\":110,\"method\":\"ping\"}\x00",
            Error(-32700, null.clone()),
        ),
        row(
            "bom_before_a_message_mid_stream",
            "\u{feff}{\"jsonrpc\":\"2.0\",\"id\":111,\"method\":\"ping\"}",
            Error(-32700, null.clone()),
        ),
        row("vertical_tab_only_line", b"\x0b", Error(-32700, null.clone())),
        row("formfeed_tab_space_only_line", b"\x0c\t  \r", Silent),
        row(
            "lone_cr_between_two_messages",
            "{\"jsonrpc\":\"2.0\",\"id\":114,\"method\":\"ping\"}\r{\"jsonrpc\":\"2.0\",\"id\":115,\"method\":\"ping\"}",
            Error(-32700, null.clone()),
        ),
        row(
            "cr_as_white_space_inside_a_message",
            "{\"jsonrpc\":\"2.0\",\r\"id\":116,\r\"method\":\"ping\"}",
            Ok(json!(116)),
        ),
        row("leading_cr_before_a_message", "\r{\"jsonrpc\":\"2.0\",\"id\":112,\"method\":\"ping\"}", Ok(json!(112))),
        row("json_null", "null", Error(-32600, null.clone())),
        row("json_true", "true", Error(-32600, null.clone())),
        row("empty_object", "{}", Error(-32600, null.clone())),
        row("json_empty_string", r#""""#, Error(-32600, null.clone())),
    ]
}

/// The jsonrpc, method and params members.
fn member_rows() -> Vec<Row> {
    use Want::*;
    let null = Value::Null;
    let long_method = "m".repeat(100 * 1024);
    vec![
        // --- jsonrpc member
        row("jsonrpc_1_0", r#"{"jsonrpc":"1.0","id":117,"method":"ping"}"#, Error(-32600, json!(117))),
        row("jsonrpc_number_2_0", r#"{"jsonrpc":2.0,"id":118,"method":"ping"}"#, Error(-32600, json!(118))),
        row("jsonrpc_missing_string_id", r#"{"id":"s119","method":"ping"}"#, Error(-32600, json!("s119"))),
        row("jsonrpc_null", r#"{"jsonrpc":null,"id":120,"method":"ping"}"#, Error(-32600, json!(120))),
        row("jsonrpc_with_trailing_space", r#"{"jsonrpc":"2.0 ","id":121,"method":"ping"}"#, Error(-32600, json!(121))),
        // --- method member
        row("method_null", r#"{"jsonrpc":"2.0","id":122,"method":null}"#, Error(-32600, json!(122))),
        row("method_missing_and_no_id", r#"{"jsonrpc":"2.0"}"#, Error(-32600, null.clone())),
        row("method_number", r#"{"jsonrpc":"2.0","id":124,"method":7}"#, Error(-32600, json!(124))),
        row("method_array", r#"{"jsonrpc":"2.0","id":125,"method":["ping"]}"#, Error(-32600, json!(125))),
        row("method_object", r#"{"jsonrpc":"2.0","id":126,"method":{"name":"ping"}}"#, Error(-32600, json!(126))),
        row("method_empty_string", r#"{"jsonrpc":"2.0","id":127,"method":""}"#, Error(-32601, json!(127))),
        row(
            "method_100_kib_long",
            format!(r#"{{"jsonrpc":"2.0","id":128,"method":"{long_method}"}}"#),
            ErrorMentioning(-32601, json!(128), long_method.clone()),
        ),
        row(
            "method_with_unicode",
            r#"{"jsonrpc":"2.0","id":129,"method":"пинг/🦀"}"#,
            ErrorMentioning(-32601, json!(129), "пинг/🦀".into()),
        ),
        row(
            "method_with_nul_escape",
            r#"{"jsonrpc":"2.0","id":130,"method":"ping\u0000"}"#,
            ErrorMentioning(-32601, json!(130), "ping\u{0}".into()),
        ),
        // --- params member
        row("params_number", r#"{"jsonrpc":"2.0","id":131,"method":"ping","params":3}"#, Error(-32600, json!(131))),
        row("params_true", r#"{"jsonrpc":"2.0","id":132,"method":"ping","params":true}"#, Error(-32600, json!(132))),
        row(
            "params_string_on_a_notification",
            r#"{"jsonrpc":"2.0","method":"notifications/initialized","params":"x"}"#,
            Error(-32600, null.clone()),
        ),
        row(
            "params_array_on_ping",
            r#"{"jsonrpc":"2.0","id":135,"method":"ping","params":[]}"#,
            Error(-32602, json!(135)),
        ),
        row(
            "unknown_top_level_fields",
            r#"{"jsonrpc":"2.0","id":136,"method":"ping","extra":{"x":[1]},"Jsonrpc":"1.0","ID":5}"#,
            Ok(json!(136)),
        ),
        row(
            "unknown_fields_in_params",
            r#"{"jsonrpc":"2.0","id":137,"method":"ping","params":{"foo":1,"bar":[null,{}],"_meta":{}}}"#,
            Ok(json!(137)),
        ),
    ]
}

/// The id member.
fn id_rows() -> Vec<Row> {
    use Want::*;
    let null = Value::Null;
    let long_id = "i".repeat(100 * 1024);
    vec![
        // --- id member
        row("id_nested_object", r#"{"jsonrpc":"2.0","id":{"a":{"b":1}},"method":"ping"}"#, Error(-32600, null.clone())),
        row("id_array", r#"{"jsonrpc":"2.0","id":[139],"method":"ping"}"#, Error(-32600, null.clone())),
        row("id_float_1_5", r#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, Error(-32600, null.clone())),
        row("id_float_1_0", r#"{"jsonrpc":"2.0","id":1.0,"method":"ping"}"#, Error(-32600, null.clone())),
        row("id_exponent_1e2", r#"{"jsonrpc":"2.0","id":1e2,"method":"ping"}"#, Error(-32600, null.clone())),
        row("id_negative_zero", r#"{"jsonrpc":"2.0","id":-0,"method":"ping"}"#, Error(-32600, null.clone())),
        row("id_1e400", r#"{"jsonrpc":"2.0","id":1e400,"method":"ping"}"#, Error(-32700, null.clone())),
        row(
            "id_2_pow_64",
            r#"{"jsonrpc":"2.0","id":18446744073709551616,"method":"ping"}"#,
            Error(-32600, null.clone()),
        ),
        row(
            "id_below_i64_min",
            r#"{"jsonrpc":"2.0","id":-9223372036854775809,"method":"ping"}"#,
            Error(-32600, null.clone()),
        ),
        row(
            "id_i64_min_is_valid",
            r#"{"jsonrpc":"2.0","id":-9223372036854775808,"method":"ping"}"#,
            Ok(json!(i64::MIN)),
        ),
        row("id_true", r#"{"jsonrpc":"2.0","id":true,"method":"ping"}"#, Error(-32600, null.clone())),
        row("id_false", r#"{"jsonrpc":"2.0","id":false,"method":"ping"}"#, Error(-32600, null.clone())),
        row("id_null", r#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, Error(-32600, null.clone())),
        row(
            "id_string_with_escapes",
            r#"{"jsonrpc":"2.0","id":"a\nb\u0000c\"d\\","method":"ping"}"#,
            Ok(json!("a\nb\u{0}c\"d\\")),
        ),
        row(
            "id_100_kib_string",
            format!(r#"{{"jsonrpc":"2.0","id":"{long_id}","method":"ping"}}"#),
            Ok(json!(long_id)),
        ),
        row("duplicate_id_keys_last_wins", r#"{"jsonrpc":"2.0","id":1,"id":153,"method":"ping"}"#, Ok(json!(153))),
    ]
}

/// String escapes and nesting.
fn escape_rows() -> Vec<Row> {
    use Want::*;
    let null = Value::Null;
    vec![
        // --- string escapes
        row(
            "surrogate_pair_escape_is_valid",
            r#"{"jsonrpc":"2.0","id":"\ud83e\udd80","method":"ping"}"#,
            Ok(json!("🦀")),
        ),
        row("unpaired_high_surrogate", r#"{"jsonrpc":"2.0","id":156,"method":"\ud800"}"#, Error(-32700, null.clone())),
        row("unpaired_low_surrogate", r#"{"jsonrpc":"2.0","id":157,"method":"\udc00"}"#, Error(-32700, null.clone())),
        row(
            "reversed_surrogate_pair",
            r#"{"jsonrpc":"2.0","id":"\udc00\ud800","method":"ping"}"#,
            Error(-32700, null.clone()),
        ),
        row(
            "unpaired_surrogate_in_arguments",
            r#"{"jsonrpc":"2.0","id":159,"method":"tools/call","params":{"name":"get_problem","arguments":{"source":"\ud800x","id":"1"}}}"#,
            Error(-32700, null.clone()),
        ),
        // --- nesting
        row("arrays_nested_10000_deep", nested("[", "", "]", 10_000), Error(-32700, null.clone())),
        row("objects_nested_10000_deep", nested("{\"a\":", "1", "}", 10_000), Error(-32700, null.clone())),
        row(
            "nesting_10000_deep_inside_params",
            format!(
                r#"{{"jsonrpc":"2.0","id":162,"method":"ping","params":{{"x":{}}}}}"#,
                nested("{\"a\":[", "1", "]}", 5_000)
            ),
            Error(-32700, null.clone()),
        ),
        row(
            "nesting_10000_deep_inside_a_batch_entry",
            format!(r#"[{{"jsonrpc":"2.0","id":163,"method":"ping"}},{}]"#, nested("[", "", "]", 10_000)),
            Error(-32700, null.clone()),
        ),
        row(
            "nesting_100_deep_inside_params_is_fine",
            format!(r#"{{"jsonrpc":"2.0","id":164,"method":"ping","params":{{"x":{}}}}}"#, nested("[", "", "]", 100)),
            Ok(json!(164)),
        ),
    ]
}

/// Client responses and notifications (never answered), and batches.
fn message_rows() -> Vec<Row> {
    use Want::*;
    let null = Value::Null;
    vec![
        // --- client responses and notifications: never answered
        row("client_result_response", r#"{"jsonrpc":"2.0","id":165,"result":{"x":1}}"#, Silent),
        row("client_error_response", r#"{"jsonrpc":"2.0","id":166,"error":{"code":-1,"message":"no"}}"#, Silent),
        row("client_response_with_object_id", r#"{"jsonrpc":"2.0","id":{"x":1},"result":null}"#, Silent),
        row("client_response_without_id", r#"{"jsonrpc":"2.0","error":"boom"}"#, Silent),
        row(
            "client_response_with_wrong_jsonrpc",
            r#"{"jsonrpc":"1.0","id":169,"result":1}"#,
            Error(-32600, json!(169)),
        ),
        row("unknown_notification_with_params", r#"{"jsonrpc":"2.0","method":"x/y","params":{"a":[1,2]}}"#, Silent),
        row("notification_with_array_params", r#"{"jsonrpc":"2.0","method":"x/y","params":[1,"2"]}"#, Silent),
        row(
            "cancel_for_an_unknown_id",
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"never-sent"}}"#,
            Silent,
        ),
        row(
            "cancel_with_an_object_request_id",
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":{"id":1}}}"#,
            Silent,
        ),
        row("cancel_without_params", r#"{"jsonrpc":"2.0","method":"notifications/cancelled"}"#, Silent),
        row(
            "cancel_with_string_params",
            r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":"175"}"#,
            Error(-32600, null.clone()),
        ),
        // --- batches
        row(
            "batch_nested_in_a_batch",
            r#"[[{"jsonrpc":"2.0","id":177,"method":"ping"}]]"#,
            Batch(batch_one_invalid_entry),
        ),
        row("batch_holding_an_empty_batch", "[[]]", Batch(batch_one_invalid_entry)),
        row(
            "batch_mixing_good_and_bad_entries",
            r#"[{"jsonrpc":"2.0","id":"a","method":"ping"},"str",null,{"jsonrpc":"1.0","id":"b","method":"ping"},{"jsonrpc":"2.0","id":"c","result":1},{"jsonrpc":"2.0","method":"notifications/x"},{"jsonrpc":"2.0","id":"d","method":"ping","params":7},{"jsonrpc":"2.0","id":"e","method":"nope"}]"#,
            Batch(batch_checks_mixed),
        ),
        row(
            "batch_with_duplicate_ids",
            r#"[{"jsonrpc":"2.0","id":180,"method":"ping"},{"jsonrpc":"2.0","id":180,"method":"ping"}]"#,
            Batch(batch_duplicate_ids),
        ),
        row(
            "batch_of_only_responses_and_notifications",
            r#"[{"jsonrpc":"2.0","id":181,"result":{}},{"jsonrpc":"2.0","method":"notifications/initialized"}]"#,
            Silent,
        ),
        row(
            "batch_with_trailing_comma",
            r#"[{"jsonrpc":"2.0","id":182,"method":"ping"},]"#,
            Error(-32700, null.clone()),
        ),
        row(
            "batch_with_a_tool_call_and_a_bad_entry",
            r#"[{"jsonrpc":"2.0","id":183,"method":"tools/call","params":{"name":"get_problem","arguments":"x"}},5]"#,
            Batch(batch_slow_and_bad),
        ),
    ]
}

/// tools/call.
fn call_rows() -> Vec<Row> {
    use Want::*;
    let null = Value::Null;
    vec![
        // --- tools/call
        row(
            "arguments_is_an_array",
            r#"{"jsonrpc":"2.0","id":184,"method":"tools/call","params":{"name":"get_problem","arguments":["leetcode","1"]}}"#,
            ToolError(json!(184), "must be an object"),
        ),
        row(
            "arguments_is_a_string",
            r#"{"jsonrpc":"2.0","id":185,"method":"tools/call","params":{"name":"get_problem","arguments":"{\"source\":\"leetcode\"}"}}"#,
            ToolError(json!(185), "must be an object"),
        ),
        row(
            "arguments_is_a_number",
            r#"{"jsonrpc":"2.0","id":186,"method":"tools/call","params":{"name":"list_tags","arguments":0}}"#,
            ToolError(json!(186), "must be an object"),
        ),
        row(
            "arguments_null_is_absent",
            r#"{"jsonrpc":"2.0","id":187,"method":"tools/call","params":{"name":"get_problem","arguments":null}}"#,
            ToolError(json!(187), "`source` is required"),
        ),
        row(
            "tool_name_with_unicode",
            r#"{"jsonrpc":"2.0","id":188,"method":"tools/call","params":{"name":"get_problem🦀é","arguments":{}}}"#,
            ErrorMentioning(-32602, json!(188), "get_problem🦀é".into()),
        ),
        row(
            "tool_name_not_a_string",
            r#"{"jsonrpc":"2.0","id":189,"method":"tools/call","params":{"name":["get_problem"],"arguments":{}}}"#,
            Error(-32602, json!(189)),
        ),
        row(
            "tool_name_with_nul",
            r#"{"jsonrpc":"2.0","id":190,"method":"tools/call","params":{"name":"get_problem\u0000","arguments":{}}}"#,
            Error(-32602, json!(190)),
        ),
        row(
            "unknown_fields_beside_arguments",
            r#"{"jsonrpc":"2.0","id":191,"method":"tools/call","params":{"name":"get_problem","arguments":{},"extra":[1],"task":{}}}"#,
            ToolError(json!(191), "`source` is required"),
        ),
        row(
            "unknown_argument",
            r#"{"jsonrpc":"2.0","id":192,"method":"tools/call","params":{"name":"get_problem","arguments":{"source":"leetcode","id":"1","__proto__":{}}}}"#,
            ToolError(json!(192), "unknown argument"),
        ),
        row(
            "integer_argument_2_pow_64",
            r#"{"jsonrpc":"2.0","id":193,"method":"tools/call","params":{"name":"find_similar_problems","arguments":{"source":"leetcode","id":"1","limit":18446744073709551616}}}"#,
            ToolError(json!(193), "must be an integer"),
        ),
        row(
            "argument_1e400",
            r#"{"jsonrpc":"2.0","id":194,"method":"tools/call","params":{"name":"find_similar_problems","arguments":{"query":"abc","threshold":1e400}}}"#,
            Error(-32700, null.clone()),
        ),
        row(
            "argument_nested_100_deep",
            format!(
                r#"{{"jsonrpc":"2.0","id":195,"method":"tools/call","params":{{"name":"get_problem","arguments":{{"source":{},"id":"1"}}}}}}"#,
                nested("[", "", "]", 100)
            ),
            ToolError(json!(195), "must be a string"),
        ),
        row(
            "query_of_1_mib",
            format!(
                r#"{{"jsonrpc":"2.0","id":196,"method":"tools/call","params":{{"name":"find_similar_problems","arguments":{{"query":"{}"}}}}}}"#,
                "é".repeat(512 * 1024)
            ),
            ToolError(json!(196), "2000"),
        ),
    ]
}

/// _meta, and the other methods that reach the backend.
fn slow_rows() -> Vec<Row> {
    use Want::*;
    vec![
        // --- _meta
        row("meta_is_a_string", r#"{"jsonrpc":"2.0","id":198,"method":"ping","params":{"_meta":"x"}}"#, Ok(json!(198))),
        row(
            "meta_version_is_a_number",
            r#"{"jsonrpc":"2.0","id":199,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":20260728}}}"#,
            Error(-32022, json!(199)),
        ),
        row(
            "meta_modern_with_string_capabilities",
            format!(
                r#"{{"jsonrpc":"2.0","id":200,"method":"tools/list","params":{{"_meta":{{{MODERN},"io.modelcontextprotocol/clientCapabilities":"all"}}}}}}"#
            ),
            Error(-32602, json!(200)),
        ),
        row(
            "progress_token_is_an_object",
            r#"{"jsonrpc":"2.0","id":201,"method":"tools/call","params":{"name":"get_problem","arguments":{},"_meta":{"progressToken":{"a":1}}}}"#,
            ToolError(json!(201), "`source` is required"),
        ),
        // --- the other slow methods
        row(
            "resources_read_uri_not_a_string",
            r#"{"jsonrpc":"2.0","id":202,"method":"resources/read","params":{"uri":["oj://status"]}}"#,
            Error(-32602, json!(202)),
        ),
        row(
            "resources_read_uri_with_traversal",
            r#"{"jsonrpc":"2.0","id":203,"method":"resources/read","params":{"uri":"oj://problem/../../etc/passwd"}}"#,
            Error(-32602, json!(203)),
        ),
        row(
            "resources_read_uri_with_bad_percent_escapes",
            r#"{"jsonrpc":"2.0","id":204,"method":"resources/read","params":{"uri":"oj://problem/%FF/%"}}"#,
            Error(-32602, json!(204)),
        ),
        row(
            "prompts_get_arguments_is_an_array",
            r#"{"jsonrpc":"2.0","id":205,"method":"prompts/get","params":{"name":"solve_problem","arguments":["leetcode","1"]}}"#,
            Error(-32602, json!(205)),
        ),
        row(
            "completion_ref_is_a_string",
            r#"{"jsonrpc":"2.0","id":206,"method":"completion/complete","params":{"ref":"ref/prompt","argument":{"name":"source","value":"l"}}}"#,
            Error(-32602, json!(206)),
        ),
        row(
            "completion_value_is_a_number",
            r#"{"jsonrpc":"2.0","id":207,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"solve_problem"},"argument":{"name":"source","value":1}}}"#,
            Error(-32602, json!(207)),
        ),
    ]
}

/// Sends each row, then a `ping`; collects what arrives until the ping is answered (and, for a
/// row that expects a reply, that reply has arrived: tool calls answer from a worker, possibly
/// after the ping). Returns one message per failed row.
fn run_rows(s: &mut Server, rows: &[Row]) -> Vec<String> {
    let mut failures = Vec::new();
    for row in rows {
        s.send_bytes(&row.input);
        let ping_id = json!(format!("ping-after:{}", row.name));
        s.send(&json!({"jsonrpc": "2.0", "id": ping_id, "method": "ping"}));
        let mut got = Vec::new();
        let mut pinged = false;
        let deadline = Instant::now() + harness::reply_timeout();
        while !pinged || got.len() < row.want.replies() {
            let Some(v) = s.try_recv(deadline.saturating_duration_since(Instant::now())) else {
                failures.push(format!(
                    "{}: the server stopped answering (ping answered: {pinged}, replies so far: {got:?}); input {}\nstderr:\n{}",
                    row.name,
                    shown(&row.input),
                    s.stderr()
                ));
                return failures;
            };
            if v["id"] == ping_id && v.get("result").is_some() {
                if v["result"] != json!({}) {
                    failures.push(format!("{}: ping answered with {v}", row.name));
                }
                pinged = true;
            } else {
                got.push(v);
            }
        }
        if let Err(e) = row.want.check(&got) {
            failures.push(format!("{}: {e}\n    input: {}", row.name, shown(&row.input)));
        }
    }
    failures
}

fn assert_rows(s: &mut Server) {
    let rows = rows();
    assert!(rows.len() >= 100, "{} rows", rows.len());
    let failures = run_rows(s, &rows);
    assert!(failures.is_empty(), "{} of {} hostile rows failed:\n{}", failures.len(), rows.len(), failures.join("\n"));
    assert_pings(s);
}

#[test]
fn hostile_lines_each_get_the_reply_they_deserve_and_the_server_keeps_serving() {
    let b = fixture_backend();
    let mut s = Server::start(&b.url());
    assert_rows(&mut s);
    finish(s);
    assert!(b.requests().is_empty(), "no hostile row may reach the backend: {:?}", b.requests());
}

#[test]
fn hostile_lines_with_debug_logging_on_leave_stdout_pure() {
    // Debug logging echoes every message (cut at 2000 bytes) to stderr: multi-byte characters at
    // the cut, 100 KiB method names and control characters must not upset it or leak to stdout.
    let b = fixture_backend();
    let mut s = Server::with(Opts {
        base_url: Some(&b.url()),
        env: vec![("OJ_MCP_NOW", harness::LATE_UTC.to_string()), ("OJ_LOG", "debug".into())],
        ..Opts::default()
    });
    assert_rows(&mut s);
    let stderr = finish(s);
    assert!(stderr.contains("DEBUG"), "debug logging should be on");
    assert!(!stderr.contains(harness::TOKEN), "the token leaked to stderr");
}

#[test]
fn a_bom_at_the_start_of_the_first_line_is_a_parse_error_and_the_next_line_is_served() {
    let mut s = Server::start(DEAD);
    s.send_bytes("\u{feff}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}\n".as_bytes());
    let r = s.recv();
    assert_eq!((r["error"]["code"].clone(), r["id"].clone()), (json!(-32700), Value::Null), "{r}");
    assert_eq!(s.initialize("2025-11-25")["protocolVersion"], "2025-11-25");
    assert_pings(&mut s);
    finish(s);
}

/// `"params": null` is treated as absent, on requests and on notifications alike.
#[test]
fn params_null_is_treated_as_absent() {
    let mut s = Server::start(DEAD);
    s.send_raw(r#"{"jsonrpc":"2.0","id":"p1","method":"ping","params":null}"#);
    let r = s.recv();
    assert_eq!((r["id"].clone(), r["result"].clone()), (json!("p1"), json!({})), "ping with params null: {r}");
    s.send_raw(r#"{"jsonrpc":"2.0","method":"notifications/initialized","params":null}"#);
    s.send_raw(r#"{"jsonrpc":"2.0","id":"p2","method":"tools/list","params":null}"#);
    let r = s.recv();
    assert_eq!(r["id"], "p2", "the notification must not be answered: {r}");
    assert!(r["result"]["tools"].is_array(), "{r}");
    assert_pings(&mut s);
    finish(s);
}

#[test]
fn a_10_mib_line_is_rejected_with_bounded_memory_and_reading_resynchronises() {
    let mut s = Server::start(DEAD);
    assert_pings(&mut s);
    // A request that would be valid but for its size: it must not be answered as a request.
    let mut big = br#"{"jsonrpc":"2.0","id":"big","method":"ping","params":{"pad":""#.to_vec();
    big.resize(10 * 1024 * 1024, b'x');
    big.extend_from_slice(b"\"}}\n{\"jsonrpc\":\"2.0\",\"id\":\"next\",\"method\":\"ping\"}\n");
    s.send_bytes(&big);
    let r = s.recv();
    assert_eq!((r["error"]["code"].clone(), r["id"].clone()), (json!(-32600), Value::Null), "{r}");
    assert!(r["error"]["message"].as_str().unwrap().contains("too large"), "{r}");
    let r = s.recv();
    assert_eq!((r["id"].clone(), r["result"].clone()), (json!("next"), json!({})), "{r}");
    // The line was never held whole: at most MAX_LINE_BYTES (4 MiB) of it.
    let hwm = vm_kib(s.pid(), "VmHWM");
    assert!(hwm < 64 * 1024, "VmHWM {hwm} KiB after a 10 MiB line");
    assert_pings(&mut s);
    finish(s);
}

#[test]
fn a_line_of_exactly_the_limit_is_served_and_one_byte_more_is_rejected() {
    let limit = oj_mcp_rs::mcp::MAX_LINE_BYTES;
    let line = |id: &str, len: usize| {
        let head = format!(r#"{{"jsonrpc":"2.0","id":"{id}","method":"ping","params":{{"pad":""#);
        let mut l = head.into_bytes();
        l.resize(len - 3, b'y');
        l.extend_from_slice(b"\"}}");
        assert_eq!(l.len(), len);
        l.push(b'\n');
        l
    };
    let mut s = Server::start(DEAD);
    s.send_bytes(&line("at-limit", limit));
    let r = s.recv();
    assert_eq!((r["id"].clone(), r["result"].clone()), (json!("at-limit"), json!({})), "{r}");
    // `\r\n` endings: the `\r` counts towards the limit (it is stripped after the check).
    let mut crlf = line("crlf", limit - 1);
    crlf.insert(crlf.len() - 1, b'\r');
    s.send_bytes(&crlf);
    let r = s.recv();
    assert_eq!(r["id"], "crlf", "{r}");
    s.send_bytes(&line("over-limit", limit + 1));
    let r = s.recv();
    assert_eq!((r["error"]["code"].clone(), r["id"].clone()), (json!(-32600), Value::Null), "{r}");
    assert_pings(&mut s);
    finish(s);
}

#[test]
fn an_unterminated_oversized_line_at_eof_is_rejected_and_the_server_exits_cleanly() {
    let mut s = Server::start(DEAD);
    assert_pings(&mut s);
    s.send_bytes(&vec![b'['; 6 * 1024 * 1024]);
    // The line only ends at EOF: the error comes then.
    s.close_stdin();
    let r = s.recv();
    assert_eq!(r["error"]["code"], -32600, "{r}");
    finish(s);
}

#[test]
fn the_last_line_without_a_newline_is_still_answered_at_eof() {
    let mut s = Server::start(DEAD);
    s.send_bytes(br#"{"jsonrpc":"2.0","id":"last","method":"ping"}"#);
    s.close_stdin();
    let r = s.recv();
    assert_eq!((r["id"].clone(), r["result"].clone()), (json!("last"), json!({})), "{r}");
    finish(s);
}

#[test]
fn a_batch_of_1000_pings_is_answered_in_one_array_each_id_once() {
    let mut s = Server::start(DEAD);
    let batch: Vec<Value> = (0..1000).map(|i| json!({"jsonrpc": "2.0", "id": i, "method": "ping"})).collect();
    s.send(&Value::Array(batch));
    let r = s.recv();
    let items = r.as_array().unwrap_or_else(|| panic!("not an array: {r}"));
    assert_eq!(items.len(), 1000);
    for (i, item) in items.iter().enumerate() {
        assert_eq!((item["id"].clone(), item["result"].clone()), (json!(i), json!({})), "entry {i}: {item}");
    }
    assert_pings(&mut s);
    finish(s);
}

#[test]
fn a_batch_of_tiny_invalid_entries_keeps_memory_bounded() {
    // 256 KiB of `[1,1,1,…]` is 131 072 invalid entries, each deserving a -32600. Built as
    // `serde_json::Value` replies before one array is written, they cost about 1.6 KiB each:
    // 221 MiB peak for this line, ~3 GiB for a 4 MiB one (seen before batches were capped). A
    // batch must be answered within bounded memory, whether the server streams the array, caps
    // the number of entries (`mcp::MAX_BATCH`), or rejects an oversized batch as a whole.
    let mut s = Server::start(DEAD);
    assert_pings(&mut s);
    let entries = 128 * 1024;
    let mut line = String::with_capacity(2 * entries + 2);
    line.push('[');
    for i in 0..entries {
        line.push_str(if i == 0 { "1" } else { ",1" });
    }
    line.push(']');
    let started = Instant::now();
    s.send_raw(&line);
    let r = s.recv();
    let took = started.elapsed();
    match r.as_array() {
        Some(items) => {
            assert_eq!(items.len(), entries, "a batch reply has one entry per invalid entry");
            assert!(items.iter().all(|i| i["error"]["code"] == -32600));
        }
        None => assert_eq!(r["error"]["code"], -32600, "{r}"),
    }
    let hwm = vm_kib(s.pid(), "VmHWM");
    assert_pings(&mut s);
    finish(s);
    assert!(
        hwm < 64 * 1024,
        "VmHWM {} MiB after one {} KiB batch line (answered in {took:?})",
        hwm / 1024,
        line.len() / 1024
    );
}

#[test]
fn a_flood_of_10000_pings_in_one_write_is_answered_exactly_once_each() {
    let mut s = Server::start(DEAD);
    let mut flood = String::new();
    for i in 0..10_000 {
        let _ = writeln!(flood, r#"{{"jsonrpc":"2.0","id":"f{i}","method":"ping"}}"#);
    }
    s.send_bytes(flood.as_bytes());
    let mut seen = vec![false; 10_000];
    for n in 0..10_000 {
        let r = s.recv();
        assert_eq!(r["result"], json!({}), "reply {n}: {r}");
        let i: usize = r["id"].as_str().and_then(|id| id.strip_prefix('f')).and_then(|i| i.parse().ok()).unwrap();
        assert!(!seen[i], "id f{i} answered twice");
        seen[i] = true;
        // Fast requests are answered on the reader thread: in order.
        assert_eq!(i, n, "out of order");
    }
    assert_pings(&mut s);
    finish(s);
}

#[test]
fn notifications_and_client_responses_interleaved_with_requests_are_never_answered() {
    let mut s = Server::start(DEAD);
    let noise = [
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"q0"}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":5}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}"#,
        r#"{"jsonrpc":"2.0","id":"q1","result":{"roots":[]}}"#,
        r#"{"jsonrpc":"2.0","id":"q2","error":{"code":-32601,"message":"no"}}"#,
    ];
    let mut input = String::new();
    for i in 0..1000 {
        let _ = writeln!(input, "{}", noise[i % noise.len()]);
        let method = if i % 2 == 0 { "ping" } else { "tools/list" };
        let _ = writeln!(input, r#"{{"jsonrpc":"2.0","id":{i},"method":"{method}"}}"#);
    }
    s.send_bytes(input.as_bytes());
    for i in 0..1000 {
        let r = s.recv();
        assert_eq!(r["id"], i, "{r}");
        assert!(r.get("result").is_some(), "{r}");
    }
    assert_pings(&mut s);
    finish(s);
}

#[test]
fn a_message_dribbled_byte_by_byte_is_answered_once() {
    let mut s = Server::start(DEAD);
    for &b in br#"{"jsonrpc":"2.0","id":"slow","method":"ping"}"#.iter().chain(b"\r\n") {
        s.send_bytes(&[b]);
        thread::sleep(Duration::from_millis(1));
    }
    let r = s.recv();
    assert_eq!((r["id"].clone(), r["result"].clone()), (json!("slow"), json!({})), "{r}");
    assert_pings(&mut s);
    finish(s);
}

#[test]
fn control_characters_in_arguments_stay_escaped_on_both_sides() {
    let b = fixture_backend();
    let mut s = Server::start(&b.url());
    s.send_raw(
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_problem","arguments":{"source":"leet\u0000code","id":"1\u001b[31m\r\nX-Evil: 1"}}}"#,
    );
    let r = s.recv();
    assert_eq!(r["id"], 1, "{r}");
    assert_eq!(r["result"]["isError"], true, "an unknown platform is a 404 from the backend: {r}");
    let targets: Vec<String> = b.requests().into_iter().map(|q| q.target).collect();
    assert_eq!(
        targets,
        ["/api/v1/problems/leet%00code/1%1B%5B31m%0D%0AX-Evil%3A%201"],
        "percent-encoded, no header injection"
    );
    assert!(b.requests()[0].header("x-evil").is_none());
    s.send_raw(r#"{"jsonrpc":"2.0","id":"\u001b]0;title\u0007","method":"ping"}"#);
    assert_eq!(s.recv()["id"], "\u{1b}]0;title\u{7}");
    assert_pings(&mut s);
    finish(s);
}

/// Waits until the backend has seen `n` requests (so the calls are in flight).
fn wait_for_backend(b: &Backend, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while b.requests().len() < n {
        assert!(Instant::now() < deadline, "the backend saw {} of {n} requests", b.requests().len());
        thread::sleep(Duration::from_millis(5));
    }
}

fn call_line(id: Value, tool: &str, args: Value) -> String {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": tool, "arguments": args}}).to_string()
}

const LC1: &str = "/api/v1/problems/leetcode/1";
const TAGS: &str = "/api/v1/tags/leetcode";

fn delayed(ms: u64, case: &str) -> Reply {
    Reply::Delay(Duration::from_millis(ms), Box::new(Reply::case(case)))
}

#[test]
fn duplicate_in_flight_ids_are_each_answered_exactly_once() {
    let b = fixture_backend();
    b.route(LC1, delayed(400, "problem_lc_1_two_sum"));
    b.route(TAGS, delayed(400, "tags_leetcode"));
    let mut s = Server::start(&b.url());
    s.send_raw(&call_line(json!(7), "get_problem", json!({"source": "leetcode", "id": "1"})));
    s.send_raw(&call_line(json!(7), "list_tags", json!({"source": "leetcode"})));
    wait_for_backend(&b, 2);
    let (r1, r2) = (s.recv(), s.recv());
    let mut texts: Vec<String> = [&r1, &r2]
        .iter()
        .map(|r| {
            assert_eq!((r["id"].clone(), r["result"]["isError"].clone()), (json!(7), json!(false)), "{r}");
            harness::text(r)
        })
        .collect();
    texts.sort();
    assert!(texts[0].contains("Two Sum") && texts[1].starts_with("Tags on leetcode"), "{texts:?}");
    assert_pings(&mut s);
    finish(s);
}

#[test]
fn cancelling_an_in_flight_call_suppresses_its_reply_and_later_calls_work() {
    let b = fixture_backend();
    b.route(LC1, delayed(700, "problem_lc_1_two_sum"));
    let mut s = Server::start(&b.url());
    s.send_raw(&call_line(json!(50), "get_problem", json!({"source": "leetcode", "id": "1"})));
    wait_for_backend(&b, 1);
    s.send_raw(r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":50,"reason":"user"}}"#);
    assert_pings(&mut s);
    // The backend answers at 700 ms; the reply must never come.
    if let Some(r) = s.try_recv(Duration::from_millis(1200)) {
        panic!("a reply after cancellation: {r}");
    }
    let r = s.call("list_tags", json!({"source": "leetcode"}));
    assert_eq!(r["result"]["isError"], false, "{r}");
    finish(s);
}

#[test]
fn cancelling_unknown_finished_and_differently_typed_ids_changes_nothing() {
    let b = fixture_backend();
    b.route(LC1, delayed(300, "problem_lc_1_two_sum"));
    let mut s = Server::start(&b.url());
    // Finished: answered, then cancelled.
    let r = s.call("list_tags", json!({"source": "leetcode"}));
    let finished = r["id"].clone();
    s.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": finished}}));
    // Unknown.
    s.send_raw(r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":424242}}"#);
    // In flight, but the cancel names "70" (a string) and the request id is 70 (a number).
    s.send_raw(&call_line(json!(70), "get_problem", json!({"source": "leetcode", "id": "1"})));
    wait_for_backend(&b, 2);
    s.send_raw(r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"70"}}"#);
    let r = s.wait_for(&json!(70));
    assert_eq!(r["result"]["isError"], false, "{r}");
    assert_pings(&mut s);
    finish(s);
}

#[test]
fn an_id_reused_after_its_cancel_gets_its_own_reply_and_the_cancelled_one_none() {
    let b = fixture_backend();
    b.route(LC1, delayed(600, "problem_lc_1_two_sum"));
    let mut s = Server::start(&b.url());
    s.send_raw(&call_line(json!("re"), "get_problem", json!({"source": "leetcode", "id": "1"})));
    wait_for_backend(&b, 1);
    s.send_raw(r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"re"}}"#);
    s.send_raw(&call_line(json!("re"), "list_tags", json!({"source": "leetcode"})));
    let r = s.recv();
    assert_eq!(r["id"], "re", "{r}");
    assert!(harness::text(&r).starts_with("Tags on leetcode"), "the reply must be the second call's: {r}");
    if let Some(r) = s.try_recv(Duration::from_millis(1000)) {
        panic!("the cancelled call was answered: {r}");
    }
    assert_pings(&mut s);
    finish(s);
}

#[test]
fn calls_hung_on_the_backend_saturating_the_pool_neither_block_ping_nor_go_unanswered() {
    let b = fixture_backend();
    b.route(LC1, Reply::Hang);
    let mut s = Server::with(Opts { base_url: Some(&b.url()), args: vec!["--timeout", "2"], ..Opts::default() });
    let hung = 6;
    for i in 0..hung {
        s.send_raw(&call_line(json!(format!("h{i}")), "get_problem", json!({"source": "leetcode", "id": "1"})));
    }
    s.send_raw(&call_line(json!("queued"), "get_problem", json!({})));
    wait_for_backend(&b, 4);
    let t = Instant::now();
    assert_pings(&mut s);
    assert!(t.elapsed() < Duration::from_millis(500), "ping waited {:?} behind hung calls", t.elapsed());
    // Every call gets exactly one reply: the hung ones a timeout error, the queued one its result.
    for i in 0..hung {
        let r = s.wait_for(&json!(format!("h{i}")));
        assert_eq!(r["error"]["code"], -32603, "{r}");
    }
    let r = s.wait_for(&json!("queued"));
    assert_eq!(r["result"]["isError"], true, "{r}");
    finish(s);
}

#[test]
fn eof_with_a_call_hung_on_the_backend_exits_promptly_without_a_stray_line() {
    let b = fixture_backend();
    b.route(LC1, Reply::Hang);
    let mut s = Server::start(&b.url());
    s.send_raw(&call_line(json!("hung"), "get_problem", json!({"source": "leetcode", "id": "1"})));
    wait_for_backend(&b, 1);
    let t = Instant::now();
    let (status, rest, stderr) = s.close();
    assert!(t.elapsed() < Duration::from_secs(3), "exit took {:?}", t.elapsed());
    assert!(status.success(), "{status}: {stderr}");
    assert!(rest.is_empty(), "{rest:?}");
    assert_no_panic(&stderr);
}

#[test]
fn a_progress_token_of_any_type_never_yields_malformed_or_late_notifications() {
    let b = fixture_backend();
    b.route(LC1, delayed(2300, "problem_lc_1_two_sum"));
    let mut s = Server::start(&b.url());
    let tokens = [json!("tok"), json!(-3), json!({"a": 1}), json!(1.5), json!(null), json!("é".repeat(3000))];
    for (i, token) in tokens.iter().enumerate() {
        s.send(&json!({"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": {
            "name": "get_problem", "arguments": {"source": "leetcode", "id": "1"}, "_meta": {"progressToken": token}}}));
    }
    let mut replied = vec![false; tokens.len()];
    while replied.iter().any(|r| !r) {
        let v = s.recv();
        if let Some(i) = v["id"].as_u64() {
            let i = i as usize;
            assert!(!replied[i], "id {i} answered twice");
            assert_eq!(v["result"]["isError"], false, "{v}");
            replied[i] = true;
            continue;
        }
        assert_eq!(v["method"], "notifications/progress", "an unexpected line: {v}");
        assert_eq!(v["jsonrpc"], "2.0");
        assert!(v.get("id").is_none(), "{v}");
        let token = &v["params"]["progressToken"];
        let i = tokens.iter().position(|t| t == token).unwrap_or_else(|| panic!("unknown token in {v}"));
        assert!(token.is_string() || token.is_i64(), "progress for a token of the wrong type: {v}");
        assert!(!replied[i], "progress after the reply: {v}");
    }
    assert!(s.try_recv(Duration::from_millis(1300)).is_none(), "a line after every reply");
    assert_pings(&mut s);
    finish(s);
}

#[test]
fn a_client_that_closes_stdout_ends_the_server_quietly() {
    let mut child = command()
        .env("OJ_BASE_URL", DEAD)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let ping = b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n";
    // The first reply fails (EPIPE); the server stops reading. Our writes may fail too: fine.
    for _ in 0..1000 {
        if stdin.write_all(ping).and_then(|()| stdin.flush()).is_err() {
            break;
        }
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        assert!(Instant::now() < deadline, "the server kept running with its stdout closed");
        thread::sleep(Duration::from_millis(5));
    };
    drop(stdin);
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert!(status.success(), "{status}: {stderr}");
    assert_no_panic(&stderr);
}
