//! A JSON value as one compact line: every reply the server writes. Here rather than in the
//! server's `mcp` module for the same reason as the rest of this crate: a reply carries the
//! statement twice (its text and its structured copy), so escaping it is a hot loop, and serde_json
//! builds that loop (generic over the writer) in the crate that calls it, at that crate's level.

use serde_json::Value;

/// `value` serialized compactly, then a newline: never a raw newline before it (strings escape
/// theirs).
pub fn json_line(value: &Value) -> serde_json::Result<Vec<u8>> {
    let mut line = serde_json::to_vec(value)?;
    line.push(b'\n');
    Ok(line)
}
