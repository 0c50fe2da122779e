//! The tools' JSON Schemas: the schema files of `schemas/`, compiled in, with the shared fragments
//! (`@problem`, `@source`, `@notes`) put in place. Nullability follows what the real backend sends.

use std::sync::OnceLock;

use serde_json::Value;

use crate::judge;

/// The schema files, packed by build.rs: `name\0json\0` per file (without the white space
/// between tokens). Packed, a quarter of their bytes: unpacked once, at the first `tools/list`.
static PACKED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/schemas.pack"));

/// The text of schema file `name` (`daily.output.json`, …), empty when there is none (a test
/// loads every file the tools name).
pub(crate) fn file(name: &str) -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    let mut parts = TEXT.get_or_init(|| judge::unpack_text(PACKED)).split('\0');
    while let (Some(n), Some(text)) = (parts.next(), parts.next()) {
        if n == name {
            return text;
        }
    }
    ""
}

/// Parses a schema file (`schemas/*.json`, compiled in), putting the shared fragments where the
/// file says `"@problem"`, `"@source"` or `"@notes"`. Schemas as data are a fraction of the code `json!`
/// would generate for them, and `tools/list` parses them in microseconds.
pub(crate) fn load(text: &str) -> Value {
    let mut v: Value = serde_json::from_str(text).expect("schema files are valid JSON (tools::tests checks each)");
    expand(&mut v);
    v
}

fn expand(v: &mut Value) {
    match v {
        Value::String(s) if s == "@problem" => *v = problem(),
        Value::String(s) if s == "@source" => *v = source(),
        Value::String(s) if s == "@notes" => *v = load(file("notes.fragment.json")),
        Value::Object(m) => m.values_mut().for_each(expand),
        Value::Array(a) => a.iter_mut().for_each(expand),
        _ => {}
    }
}

/// The `source` argument of the tools that take a platform.
pub(crate) fn source() -> Value {
    load(file("source.fragment.json"))
}

/// The schema of a problem object (`problem_output::problem_json`).
pub(crate) fn problem() -> Value {
    load(file("problem.fragment.json"))
}
