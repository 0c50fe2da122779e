//! JSON Schema fragments shared by the tools' `outputSchema`s, and the structured form of a
//! problem. Nullability follows what the real backend sends (fixtures/README.md).

use serde_json::{Value, json};

use crate::format;
use crate::models::Problem;

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
        Value::String(s) if s == "@notes" => *v = load(include_str!("schemas/notes.fragment.json")),
        Value::Object(m) => m.values_mut().for_each(expand),
        Value::Array(a) => a.iter_mut().for_each(expand),
        _ => {}
    }
}

/// The `source` argument of the tools that take a platform.
pub(crate) fn source() -> Value {
    load(include_str!("schemas/source.fragment.json"))
}

/// The schema of [`problem_json`].
pub(crate) fn problem() -> Value {
    load(include_str!("schemas/problem.fragment.json"))
}

fn text(s: &Option<String>) -> Value {
    match s.as_deref().map(str::trim) {
        Some(t) if !t.is_empty() => Value::from(t),
        _ => Value::Null,
    }
}

/// A problem as structured content; `content` is the statement shown, already converted to
/// Markdown.
pub(crate) fn problem_json(p: &Problem, content: Option<&str>) -> Value {
    json!({
        "source": p.source,
        "id": p.id,
        "slug": text(&p.slug),
        "title": p.title,
        "title_cn": text(&p.title_cn),
        "difficulty": text(&p.difficulty),
        "ac_rate": p.ac_rate,
        // 0.0 is how the backend writes "unrated".
        "rating": p.rating.filter(|r| *r > 0.0),
        "contest": text(&p.contest),
        "problem_index": text(&p.problem_index),
        "tags": p.tags,
        "link": text(&p.link),
        "category": text(&p.category),
        "paid_only": format::is_paid(p),
        "similar_questions": p.similar_slugs(),
        "content": content,
        "truncated": content.is_some_and(format::is_truncated),
    })
}
