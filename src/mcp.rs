//! JSON-RPC 2.0 wire types and newline-delimited framing: the only code that reads stdin or
//! writes stdout.
//!
//! The types are closed: a [`Message`] is a request, a notification or a response; a
//! notification has no id at all; a [`RequestId`] keeps `1` and `"1"` apart; a [`Response`]
//! carries `Result<Value, ResponseError>` so "exactly one of result/error" holds by type.
//! `"jsonrpc": "2.0"` is checked on read and added on write, never stored.

use std::fmt;
use std::io::{self, BufRead, Write};

use serde_json::{Map, Value};

/// Longest line read from stdin, in bytes. A longer line is answered with `-32600` and skipped up
/// to its newline, so memory stays bounded whatever a client sends.
pub const MAX_LINE_BYTES: usize = 4 * 1024 * 1024;

/// A request id: an integer or a string, echoed back exactly as it came.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RequestId {
    /// An integer id (`1`). Kept as written, so `1` and `"1"` stay different ids.
    Number(serde_json::Number),
    /// A string id (`"1"`, `""`).
    String(String),
}

impl RequestId {
    /// Reads an id: a string or an integer; anything else is `None`.
    pub fn from_value(v: &Value) -> Option<RequestId> {
        match v {
            Value::String(s) => Some(RequestId::String(s.clone())),
            // Integers only: MCP ids are strings or integers, never floats.
            Value::Number(n) if n.is_i64() || n.is_u64() => Some(RequestId::Number(n.clone())),
            _ => None,
        }
    }

    /// The id as a JSON value.
    pub fn to_value(&self) -> Value {
        match self {
            RequestId::Number(n) => Value::Number(n.clone()),
            RequestId::String(s) => Value::String(s.clone()),
        }
    }
}

impl fmt::Display for RequestId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RequestId::Number(n) => write!(f, "{n}"),
            RequestId::String(s) => write!(f, "{s:?}"),
        }
    }
}

/// A request: has an id and expects exactly one response.
#[derive(Clone, Debug)]
pub struct Request {
    /// The id to echo.
    pub id: RequestId,
    /// The method name.
    pub method: String,
    /// `params`, when present (an object or an array).
    pub params: Option<Value>,
}

/// A notification: no id, never answered.
#[derive(Clone, Debug)]
pub struct Notification {
    /// The method name.
    pub method: String,
    /// `params`, when present.
    pub params: Option<Value>,
}

/// A response. Incoming ones (a client answering a server request) are ignored; outgoing ones are
/// what the server writes.
#[derive(Clone, Debug)]
pub struct Response {
    /// The id of the request answered; `None` is written as `null` (the request's id was
    /// unreadable).
    pub id: Option<RequestId>,
    /// The result, or the error.
    pub(crate) result: Result<Value, ResponseError>,
}

/// One JSON-RPC message.
#[derive(Clone, Debug)]
pub enum Message {
    /// A request.
    Request(Request),
    /// A notification.
    Notification(Notification),
    /// A response.
    Response(Response),
}

/// The standard JSON-RPC error codes, and the MCP ones this server uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorCode {
    /// The line is not JSON.
    ParseError = -32700,
    /// JSON, but not a valid request object.
    InvalidRequest = -32600,
    /// No such method.
    MethodNotFound = -32601,
    /// Bad parameters, unknown tool, unknown URI.
    InvalidParams = -32602,
    /// The server failed: the backend was unreachable or answered garbage.
    InternalError = -32603,
    /// The request's `_meta` protocol version is not one this server speaks (2026-07-28).
    UnsupportedProtocolVersion = -32022,
}

/// A JSON-RPC error object.
#[derive(Clone, Debug, PartialEq)]
pub struct ResponseError {
    /// The error code.
    pub(crate) code: i32,
    /// One short sentence.
    pub(crate) message: String,
    /// Extra structured detail.
    pub(crate) data: Option<Value>,
}

impl ResponseError {
    /// An error with a code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ResponseError {
        ResponseError { code: code as i32, message: message.into(), data: None }
    }

    /// The same error with `data` attached.
    pub(crate) fn with_data(mut self, data: Value) -> ResponseError {
        self.data = Some(data);
        self
    }

    fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert("code".into(), Value::from(self.code));
        m.insert("message".into(), Value::from(self.message.clone()));
        if let Some(d) = &self.data {
            m.insert("data".into(), d.clone());
        }
        Value::Object(m)
    }
}

impl Response {
    /// An error response.
    pub(crate) fn err(id: Option<RequestId>, error: ResponseError) -> Response {
        Response { id, result: Err(error) }
    }

    /// The response as a JSON object, with `"jsonrpc": "2.0"`.
    pub fn to_value(&self) -> Value {
        self.clone().into_value()
    }

    /// The response as a JSON object, consuming it (no copy of the result).
    pub(crate) fn into_value(self) -> Value {
        let mut m = Map::new();
        m.insert("jsonrpc".into(), Value::from("2.0"));
        m.insert("id".into(), self.id.as_ref().map_or(Value::Null, RequestId::to_value));
        match self.result {
            Ok(v) => m.insert("result".into(), v),
            Err(e) => m.insert("error".into(), e.to_value()),
        };
        Value::Object(m)
    }
}

/// What one line of input holds.
#[derive(Debug)]
pub enum Incoming {
    /// A single message, or the error response it deserves.
    Single(Result<Message, Response>),
    /// A JSON array: each entry parsed on its own. Never empty (an empty batch is a
    /// `Single(Err(..))`).
    Batch(Vec<Result<Message, Response>>),
}

/// Reads one line (without its `\n` or `\r\n`). `Ok(None)` is a clean end of input. A line longer
/// than `max` bytes is consumed up to its newline and reported as `Err(LineError::TooLong)`;
/// bytes that are not UTF-8 as `Err(LineError::NotUtf8)`. Blank lines are skipped.
pub fn read_line(input: &mut dyn BufRead, max: usize) -> io::Result<Option<Result<String, LineError>>> {
    loop {
        let mut buf = Vec::new();
        let mut too_long = false;
        let mut saw_any = false;
        loop {
            let chunk = match input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            saw_any = true;
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            if !too_long {
                let body = if done { &chunk[..take - 1] } else { &chunk[..take] };
                if buf.len() + body.len() > max {
                    too_long = true;
                    buf = Vec::new();
                } else {
                    buf.extend_from_slice(body);
                }
            }
            input.consume(take);
            if done {
                break;
            }
        }
        if !saw_any {
            return Ok(None);
        }
        if too_long {
            return Ok(Some(Err(LineError::TooLong)));
        }
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        if buf.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        return Ok(Some(String::from_utf8(buf).map_err(|_| LineError::NotUtf8)));
    }
}

/// Why a line could not be read as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineError {
    /// Longer than [`MAX_LINE_BYTES`].
    TooLong,
    /// Not valid UTF-8.
    NotUtf8,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::TooLong => write!(f, "a line longer than {MAX_LINE_BYTES} bytes"),
            LineError::NotUtf8 => f.write_str("a line that is not valid UTF-8"),
        }
    }
}

impl std::error::Error for LineError {}

impl LineError {
    /// The error response for the line.
    pub fn response(self) -> Response {
        match self {
            LineError::TooLong => Response::err(
                None,
                ResponseError::new(
                    ErrorCode::InvalidRequest,
                    format!("message too large: lines are limited to {MAX_LINE_BYTES} bytes"),
                ),
            ),
            LineError::NotUtf8 => Response::err(
                None,
                ResponseError::new(ErrorCode::ParseError, "parse error: the line is not valid UTF-8"),
            ),
        }
    }
}

/// Parses one line of text into a message, a batch, or the error response it deserves.
pub fn parse(line: &str) -> Incoming {
    let single_error = |code, msg: String| Incoming::Single(Err(Response::err(None, ResponseError::new(code, msg))));
    if line.trim_start().starts_with('[') {
        // A batch is read entry by entry and refused past MAX_BATCH entries, so that a line of
        // `[1,1,1,…]` cannot make the server build millions of values and error replies.
        return match serde_json::from_str::<Batch>(line) {
            Ok(Batch(items)) if items.is_empty() => {
                single_error(ErrorCode::InvalidRequest, "invalid request: empty batch".into())
            }
            Ok(Batch(items)) => Incoming::Batch(items.into_iter().map(from_value).collect()),
            Err(e) if e.to_string().starts_with(BATCH_TOO_LARGE) => single_error(
                ErrorCode::InvalidRequest,
                format!("invalid request: a batch may hold at most {MAX_BATCH} messages"),
            ),
            Err(e) => single_error(ErrorCode::ParseError, format!("parse error: {e}")),
        };
    }
    match serde_json::from_str::<Value>(line) {
        Ok(v) => Incoming::Single(from_value(v)),
        Err(e) => single_error(ErrorCode::ParseError, format!("parse error: {e}")),
    }
}

/// Most messages in one batch.
const MAX_BATCH: usize = 4096;
const BATCH_TOO_LARGE: &str = "batch too large";

/// A JSON array of at most [`MAX_BATCH`] values.
struct Batch(Vec<Value>);

impl<'de> serde::Deserialize<'de> for Batch {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Batch, D::Error> {
        struct Entries;
        impl<'de> serde::de::Visitor<'de> for Entries {
            type Value = Batch;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON array")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Batch, A::Error> {
                let mut items = Vec::new();
                while let Some(v) = seq.next_element::<Value>()? {
                    if items.len() == MAX_BATCH {
                        return Err(serde::de::Error::custom(BATCH_TOO_LARGE));
                    }
                    items.push(v);
                }
                Ok(Batch(items))
            }
        }
        d.deserialize_seq(Entries)
    }
}

fn invalid(id: Option<RequestId>, why: &str) -> Response {
    Response::err(id, ResponseError::new(ErrorCode::InvalidRequest, format!("invalid request: {why}")))
}

/// Classifies one JSON value as a message.
pub fn from_value(value: Value) -> Result<Message, Response> {
    let Value::Object(mut obj) = value else {
        return Err(invalid(None, "expected a JSON object"));
    };
    // The id, when present and readable, is echoed even on errors about the rest.
    let id = obj.get("id").and_then(RequestId::from_value);
    if obj.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err(invalid(id, "\"jsonrpc\" must be \"2.0\""));
    }
    // `"params": null` counts as absent.
    let params = obj.remove("params").filter(|p| !p.is_null());
    if let Some(p) = &params
        && !p.is_object()
        && !p.is_array()
    {
        return Err(invalid(id, "\"params\" must be an object or an array"));
    }
    match obj.remove("method") {
        Some(Value::String(method)) => match obj.get("id") {
            None => Ok(Message::Notification(Notification { method, params })),
            Some(raw) => match id {
                Some(id) => Ok(Message::Request(Request { id, method, params })),
                None => Err(invalid(None, &format!("\"id\" must be a string or an integer, not {}", kind(raw)))),
            },
        },
        Some(other) => Err(invalid(id, &format!("\"method\" must be a string, not {}", kind(&other)))),
        None if obj.contains_key("result") || obj.contains_key("error") => {
            let result = match obj.remove("error") {
                Some(e) => Err(ResponseError {
                    code: e.get("code").and_then(Value::as_i64).unwrap_or(0) as i32,
                    message: e.get("message").and_then(Value::as_str).unwrap_or("").to_string(),
                    data: e.get("data").cloned(),
                }),
                None => Ok(obj.remove("result").unwrap_or(Value::Null)),
            };
            Ok(Message::Response(Response { id, result }))
        }
        None => Err(invalid(id, "missing \"method\"")),
    }
}

/// A value's kind, for a message; an id's number says whether it is an integer.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Number(n) if n.is_f64() => "a non-integer number",
        other => crate::json::kind(other),
    }
}

/// Writes one JSON value as one compact line and flushes.
pub fn write(output: &mut dyn Write, value: &Value) -> io::Result<()> {
    let line = oj_mcp_rs_text::line::json_line(value).map_err(io::Error::other)?;
    output.write_all(&line)?;
    output.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<Result<String, LineError>> {
        let mut r = io::BufReader::with_capacity(4, input);
        let mut out = Vec::new();
        while let Some(l) = read_line(&mut r, max).unwrap() {
            out.push(l);
        }
        out
    }

    #[test]
    fn reads_lines_crlf_blank_and_last_without_newline() {
        let got = lines(b"a\r\n\n  \r\nbb\nccc", 100);
        assert_eq!(got, vec![Ok("a".into()), Ok("bb".into()), Ok("ccc".into())]);
    }

    #[test]
    fn too_long_line_is_skipped_and_reading_resynchronises() {
        let mut input = vec![b'x'; 50];
        input.extend_from_slice(b"\nok\n");
        let got = lines(&input, 10);
        assert_eq!(got, vec![Err(LineError::TooLong), Ok("ok".into())]);
        // Exactly at the limit is fine.
        assert_eq!(lines(b"0123456789\n", 10), vec![Ok("0123456789".into())]);
    }

    #[test]
    fn invalid_utf8_is_reported() {
        assert_eq!(lines(b"\xff\xfe\nok\n", 100), vec![Err(LineError::NotUtf8), Ok("ok".into())]);
    }

    fn single(line: &str) -> Result<Message, Response> {
        match parse(line) {
            Incoming::Single(m) => m,
            Incoming::Batch(_) => panic!("unexpected batch"),
        }
    }

    fn err_of(r: Result<Message, Response>) -> Value {
        r.expect_err("an error response").to_value()
    }

    #[test]
    fn ids_keep_their_type() {
        let Ok(Message::Request(r)) = single(r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#) else { panic!() };
        assert_eq!(r.id.to_value(), json!(1));
        let Ok(Message::Request(r)) = single(r#"{"jsonrpc":"2.0","id":"1","method":"ping"}"#) else { panic!() };
        assert_eq!(r.id.to_value(), json!("1"));
        let Ok(Message::Request(r)) = single(r#"{"jsonrpc":"2.0","id":"","method":"ping"}"#) else { panic!() };
        assert_eq!(r.id.to_value(), json!(""));
        let big = r#"{"jsonrpc":"2.0","id":18446744073709551615,"method":"ping"}"#;
        let Ok(Message::Request(r)) = single(big) else { panic!() };
        assert_eq!(serde_json::to_string(&r.id.to_value()).unwrap(), "18446744073709551615");
    }

    #[test]
    fn classification_errors() {
        let cases = [
            ("{", -32700, Value::Null),
            ("[]", -32600, Value::Null),
            ("42", -32600, Value::Null),
            (r#"{"jsonrpc":"1.0","id":3,"method":"ping"}"#, -32600, json!(3)),
            (r#"{"id":3,"method":"ping"}"#, -32600, json!(3)),
            (r#"{"jsonrpc":"2.0","id":3}"#, -32600, json!(3)),
            (r#"{"jsonrpc":"2.0","id":3,"method":null}"#, -32600, json!(3)),
            (r#"{"jsonrpc":"2.0","id":3,"method":7}"#, -32600, json!(3)),
            (r#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#, -32600, Value::Null),
            (r#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#, -32600, Value::Null),
            (r#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, -32600, Value::Null),
            (r#"{"jsonrpc":"2.0","id":"x","method":"ping","params":3}"#, -32600, json!("x")),
            (&format!("[{}1]", "1,".repeat(MAX_BATCH)), -32600, Value::Null),
            ("[1,", -32700, Value::Null),
        ];
        for (line, code, id) in cases {
            let v = err_of(single(line));
            assert_eq!(v["error"]["code"], json!(code), "{line}");
            assert_eq!(v["id"], id, "{line}");
            assert_eq!(v["jsonrpc"], json!("2.0"));
        }
    }

    #[test]
    fn deep_nesting_is_a_parse_error_not_a_crash() {
        let line = "[".repeat(10_000) + &"]".repeat(10_000);
        assert_eq!(err_of(single(&line))["error"]["code"], json!(-32700));
    }

    #[test]
    fn notifications_and_responses() {
        assert!(matches!(
            single(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#),
            Ok(Message::Notification(_))
        ));
        assert!(matches!(single(r#"{"jsonrpc":"2.0","id":1,"result":{}}"#), Ok(Message::Response(_))));
        assert!(matches!(
            single(r#"{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"x"}}"#),
            Ok(Message::Response(_))
        ));
    }

    #[test]
    fn batch_entries_parse_independently() {
        let Incoming::Batch(items) =
            parse(r#"[{"jsonrpc":"2.0","id":1,"method":"ping"},5,{"jsonrpc":"2.0","method":"x"}]"#)
        else {
            panic!()
        };
        assert_eq!(items.len(), 3);
        assert!(matches!(items[0], Ok(Message::Request(_))));
        assert!(items[1].is_err());
        assert!(matches!(items[2], Ok(Message::Notification(_))));
    }

    #[test]
    fn write_is_one_compact_line() {
        let mut out = Vec::new();
        let v = Response { id: Some(RequestId::Number(7.into())), result: Ok(json!({"text": "a\nb"})) }.to_value();
        write(&mut out, &v).unwrap();
        let s = String::from_utf8(out).unwrap();
        assert_eq!(s, "{\"id\":7,\"jsonrpc\":\"2.0\",\"result\":{\"text\":\"a\\nb\"}}\n");
    }
}
