//! The tools' texts and JSON Schemas: the files of `schemas/`, compiled in, with the shared
//! fragments (`"@source"` for `source.fragment.json`, …) put in place. Nullability follows what the real backend sends.

use serde_json::Value;

use crate::texts;

/// The text of schema file `name` (`daily.output.json`, …), empty when there is none (a test
/// loads every file the tools name).
pub(crate) fn file(name: &str) -> &'static str {
    texts::file(name)
}

/// Parses a schema file (`schemas/*.json`, compiled in), putting the shared fragments where the
/// file says `"@NAME"` and `NAME.fragment.json` exists (`"@source"`, `"@problem"`, `"@code"`, …).
/// Schemas as data are a fraction of the code `json!` would generate for them, and `tools/list`
/// parses them in microseconds.
pub(crate) fn load(text: &str) -> Value {
    let mut v: Value = serde_json::from_str(text).expect("schema files are valid JSON (tools::tests checks each)");
    expand(&mut v);
    v
}

fn expand(v: &mut Value) {
    match v {
        Value::String(s) if s.starts_with('@') => {
            let fragment = file(&format!("{}.fragment.json", &s[1..]));
            if !fragment.is_empty() {
                *v = load(fragment);
            }
        }
        Value::Object(m) => m.values_mut().for_each(expand),
        Value::Array(a) => a.iter_mut().for_each(expand),
        _ => {}
    }
}
