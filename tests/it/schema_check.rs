//! A small JSON Schema checker for the keywords our schemas use (type, properties, required,
//! items, enum, anyOf, minimum, maximum, minLength, maxLength), so every tool's
//! `structuredContent` can be checked against its `outputSchema` here, as the SDK clients do.

use serde_json::Value;

fn type_ok(t: &str, v: &Value) -> bool {
    match t {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "number" => v.is_number(),
        "integer" => v.as_i64().is_some() || v.as_u64().is_some(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        other => panic!("schema uses unknown type {other}"),
    }
}

/// The problems found, as `path: message` lines; empty when `v` matches `schema`.
pub fn check(schema: &Value, v: &Value) -> Vec<String> {
    let mut errs = Vec::new();
    walk(schema, v, "$", &mut errs);
    errs
}

fn walk(schema: &Value, v: &Value, path: &str, errs: &mut Vec<String>) {
    if let Some(any) = schema.get("anyOf").and_then(Value::as_array) {
        if !any.iter().any(|s| check(s, v).is_empty()) {
            errs.push(format!("{path}: matches none of anyOf"));
        }
        return;
    }
    match schema.get("type") {
        Some(Value::String(t)) if !type_ok(t, v) => {
            errs.push(format!("{path}: expected {t}, got {v}"));
            return;
        }
        Some(Value::Array(ts)) if !ts.iter().any(|t| type_ok(t.as_str().unwrap(), v)) => {
            errs.push(format!("{path}: expected one of {ts:?}, got {v}"));
            return;
        }
        _ => {}
    }
    if let Some(e) = schema.get("enum").and_then(Value::as_array)
        && !e.contains(v)
    {
        errs.push(format!("{path}: {v} not in {e:?}"));
    }
    if let (Some(min), Some(x)) = (schema.get("minimum").and_then(Value::as_f64), v.as_f64())
        && x < min
    {
        errs.push(format!("{path}: {x} < minimum {min}"));
    }
    if let (Some(max), Some(x)) = (schema.get("maximum").and_then(Value::as_f64), v.as_f64())
        && x > max
    {
        errs.push(format!("{path}: {x} > maximum {max}"));
    }
    if let Value::Object(obj) = v {
        if let Some(req) = schema.get("required").and_then(Value::as_array) {
            for r in req {
                if !obj.contains_key(r.as_str().unwrap()) {
                    errs.push(format!("{path}: missing required {r}"));
                }
            }
        }
        if let Some(props) = schema.get("properties").and_then(Value::as_object) {
            for (k, sub) in props {
                if let Some(x) = obj.get(k) {
                    walk(sub, x, &format!("{path}.{k}"), errs);
                }
            }
            if schema.get("additionalProperties") == Some(&Value::Bool(false)) {
                for k in obj.keys().filter(|k| !props.contains_key(*k)) {
                    errs.push(format!("{path}: unexpected property {k}"));
                }
            }
        }
    }
    if let (Value::Array(items), Some(sub)) = (v, schema.get("items")) {
        for (i, x) in items.iter().enumerate() {
            walk(sub, x, &format!("{path}[{i}]"), errs);
        }
    }
}

#[test]
fn the_checker_itself_finds_mismatches() {
    let schema = serde_json::json!({
        "type": "object",
        "properties": {
            "a": { "type": ["string", "null"] },
            "n": { "type": "integer", "minimum": 1 },
            "l": { "type": "array", "items": { "type": "string" } },
            "o": { "anyOf": [{ "type": "object", "required": ["x"] }, { "type": "null" }] }
        },
        "required": ["a", "n"]
    });
    assert!(check(&schema, &serde_json::json!({"a": null, "n": 2, "l": ["x"], "o": null})).is_empty());
    assert!(check(&schema, &serde_json::json!({"a": 1, "n": 2})).len() == 1);
    assert!(check(&schema, &serde_json::json!({"a": "x", "n": 0})).len() == 1);
    assert!(check(&schema, &serde_json::json!({"a": "x", "n": 1, "l": [1]})).len() == 1);
    assert!(check(&schema, &serde_json::json!({"a": "x", "n": 1, "o": {}})).len() == 1);
    assert!(check(&schema, &serde_json::json!({"n": 1.5})).len() == 2);
}
