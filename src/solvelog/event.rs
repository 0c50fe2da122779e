//! What a tool call's line holds, read from the operation's structured output (so the
//! operations themselves know nothing of the log), and the line itself: keys in a fixed order,
//! the time first, nulls left out, one compact JSON text.

use serde_json::Value;

use super::when;

/// The fields of `tool`'s line (`None`: not an event, or nothing to record, such as a daily
/// challenge still being fetched). `code`: the program `test_solution` ran, whose size and hash
/// are kept, never the text.
pub(crate) fn fields(tool: &str, out: &Value, code: Option<&[u8]>) -> Option<Vec<(&'static str, Value)>> {
    let str_of = |v: &Value, k: &str| v.get(k).filter(|x| x.is_string()).cloned().unwrap_or(Value::Null);
    let mut f = vec![("event", Value::from(tool))];
    match tool {
        "get_problem" | "get_daily_challenge" => {
            let p = out.get("problem").filter(|p| p.is_object())?;
            for (key, from) in [("source", "source"), ("id", "id"), ("title", "title"), ("difficulty", "difficulty")] {
                f.push((key, str_of(p, from)));
            }
            f.push(("rating", p.get("rating").filter(|r| r.is_number()).cloned().unwrap_or(Value::Null)));
            f.push(("index", str_of(p, "problem_index")));
        }
        "test_solution" => {
            for key in ["source", "id", "title", "language", "verdict"] {
                f.push((key, str_of(out, key)));
            }
            f.push(("passed", out.get("passed").cloned().unwrap_or(Value::Null)));
            f.push(("total", out.get("total").cloned().unwrap_or(Value::Null)));
            let compile = out.get("compile").and_then(|c| c.get("ms")).cloned();
            f.push(("compile_ms", compile.unwrap_or(Value::Null)));
            let samples = out.get("samples").and_then(Value::as_array);
            let run: u64 = samples.into_iter().flatten().filter_map(|s| s.get("time_ms")?.as_u64()).sum();
            f.push(("run_ms", Value::from(run)));
            if let Some(code) = code {
                f.push(("code_bytes", Value::from(code.len())));
                f.push(("code_hash", Value::from(format!("fnv1a64:{:016x}", fnv1a(code)))));
            }
        }
        _ => return None,
    }
    Some(f)
}

/// 64-bit FNV-1a: enough to tell two versions of a program apart in the log, and no crate.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3))
}

/// The line: `time` first, then `fields` in order, then the client and model when known; null
/// fields left out. Compact JSON escapes every newline, so the line is one line.
pub(crate) fn line(ms: i64, fields: Vec<(&str, Value)>, client: Option<String>, model: Option<String>) -> String {
    let mut out = String::with_capacity(256);
    out.push_str("{\"time\":\"");
    out.push_str(&when::rfc3339(ms));
    out.push('"');
    let tail = [("client", client.map(Value::from)), ("model", model.map(Value::from))];
    let tail = tail.into_iter().filter_map(|(k, v)| Some((k, v?)));
    for (key, value) in fields.into_iter().chain(tail).filter(|(_, v)| !v.is_null()) {
        out.push(',');
        out.push_str(&Value::from(key).to_string());
        out.push(':');
        out.push_str(&value.to_string());
    }
    out.push('}');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_line_keeps_the_facts_not_the_code() {
        let out = json!({
            "source": "atcoder", "id": "abc321_c", "title": "321-like", "verdict": "WA", "passed": 1, "total": 3,
            "language": "cpp", "compile": {"ms": 800, "cached": false}, "samples": [{"time_ms": 5}, {"time_ms": 7}],
        });
        let code = b"int main(){}\n";
        let f = fields("test_solution", &out, Some(code)).unwrap();
        let line = line(1_795_303_800_123, f, Some("claude-code".into()), None);
        assert_eq!(
            line,
            format!(
                "{{\"time\":\"2026-11-21T23:30:00.123Z\",\"event\":\"test_solution\",\"source\":\"atcoder\",\
\"id\":\"abc321_c\",\"title\":\"321-like\",\"language\":\"cpp\",\"verdict\":\"WA\",\"passed\":1,\"total\":3,\
\"compile_ms\":800,\"run_ms\":12,\"code_bytes\":13,\"code_hash\":\"fnv1a64:{:016x}\",\"client\":\"claude-code\"}}",
                fnv1a(code)
            )
        );
        assert!(!line.contains("int main"));
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn fetches_and_other_tools() {
        let out = json!({"problem": {"source": "leetcode", "id": "1", "title": "Two Sum", "difficulty": "Easy",
            "rating": null, "problem_index": null, "content": "long"}});
        let f = fields("get_problem", &out, None).unwrap();
        let line = line(0, f, None, Some("m\nx".into()));
        assert_eq!(
            line,
            "{\"time\":\"1970-01-01T00:00:00.000Z\",\"event\":\"get_problem\",\"source\":\"leetcode\",\"id\":\"1\",\
\"title\":\"Two Sum\",\"difficulty\":\"Easy\",\"model\":\"m\\nx\"}"
        );
        assert!(fields("get_daily_challenge", &json!({"status": "fetching", "problem": null}), None).is_none());
        assert!(fields("list_tags", &json!({}), None).is_none());
    }
}
