//! JSON Schema fragments shared by the tools' `outputSchema`s, and the structured form of a
//! problem. Nullability follows what the real backend sends (fixtures/README.md).

use serde_json::{Value, json};

use crate::format;
use crate::models::Problem;

/// `{"type": [t, "null"]}`.
pub fn nullable(t: &str) -> Value {
    json!({ "type": [t, "null"] })
}

/// The `source` argument of the tools that take a platform.
pub fn source() -> Value {
    json!({
        "type": "string",
        "description": "The platform: leetcode, codeforces, atcoder, luogu or spoj (lowercase).",
        "examples": ["leetcode", "codeforces", "atcoder", "luogu", "spoj"]
    })
}

/// The schema of [`problem_json`].
pub fn problem() -> Value {
    json!({
        "type": "object",
        "properties": {
            "source": { "type": "string", "description": "The platform." },
            "id": { "type": "string", "description": "The platform's id." },
            "slug": nullable("string"),
            "title": { "type": "string" },
            "title_cn": nullable("string"),
            "difficulty": nullable("string"),
            "ac_rate": { "type": ["number", "null"], "description": "Acceptance rate in percent." },
            "rating": { "type": ["number", "null"], "description": "Difficulty rating; null when unrated." },
            "contest": nullable("string"),
            "problem_index": nullable("string"),
            "tags": { "type": "array", "items": { "type": "string" } },
            "link": nullable("string"),
            "category": nullable("string"),
            "paid_only": { "type": "boolean" },
            "content": { "type": ["string", "null"], "description": "The statement as Markdown; null when the backend has none." }
        },
        "required": ["source", "id", "title", "tags", "paid_only", "content"]
    })
}

fn text(s: &Option<String>) -> Value {
    match s.as_deref().map(str::trim) {
        Some(t) if !t.is_empty() => Value::from(t),
        _ => Value::Null,
    }
}

/// A problem as structured content; `content` is the statement already converted to Markdown.
pub fn problem_json(p: &Problem, content: Option<&str>) -> Value {
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
        "content": content,
    })
}
