//! A problem as the output of the tools that return one (`get_problem`, `resolve_problem`,
//! `get_daily_challenge`): the Markdown text, and the same facts as a structured problem object
//! with its samples, the statement converted once for both.

use serde_json::Value;

use super::{ToolOutput, samples};
use crate::convert::Statement;
use crate::format;
use crate::language::{self, Language};
use crate::models::Problem;
use crate::statement;

/// A problem as a tool's output, its statement in `language` (`"en"`/`"zh"`) or what exists:
/// the Markdown template as text, and `wrap(problem)` plus `language` (what was returned) as
/// structured content. The statement is converted once for both; notes (a missing language, a
/// cut statement) go into the header and into `notes`.
pub fn problem_output(
    p: &Problem,
    language: Language,
    extra: &[String],
    wrap: impl FnOnce(Value) -> Value,
) -> ToolOutput {
    let chosen = language::choose(p, language);
    // The statement returned (`chosen.raw`, HTML or Markdown as served) is parsed once, for the
    // Markdown and for the samples (so a Chinese statement gives its own). The text needs no copy
    // of the samples: they are in the statement.
    let parsed = chosen.raw.map(Statement::parse);
    let content = format::statement(parsed.as_ref());
    let found = samples::of(parsed.as_ref(), p.source.as_str());
    let mut notes = Vec::new();
    notes.extend(chosen.note.clone());
    let cut_note_at = notes.len();
    notes.extend(found.as_ref().and_then(samples::cut_note));
    // The limits the statement states (for test_solution's defaults, and for the reader).
    let (time_ms, memory_mb) = content.as_deref().map_or((None, None), statement::limits);
    let mut extra = extra.to_vec();
    if time_ms.is_some() || memory_mb.is_some() {
        let show = |v: Option<u64>| v.map_or(format::NA.to_string(), |v| v.to_string());
        extra.push(format!("- Time limit (ms): {} | Memory limit (MB): {}", show(time_ms), show(memory_mb)));
    }
    // The whole text fits in 100 KiB: the statement is cut to what the header leaves.
    let (text, content) = format::problem_text(p, chosen.title, content, &extra, &mut notes, cut_note_at);
    let mut problem = problem_json(p, content.as_deref());
    problem["limits"] = json!({ "time_ms": time_ms, "memory_mb": memory_mb });
    samples::add_fields(&mut problem, found.as_ref());
    let mut structured = wrap(problem);
    structured["language"] = json!(chosen.language);
    let mut out = ToolOutput::structured(text, structured);
    for n in &notes {
        out.record_note(n);
    }
    if content.is_none() {
        // The text says it in place of the statement; `content: null` alone does not say why.
        out.record_note(format::no_statement(p));
    }
    out
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
        "paid_only": p.paid_only,
        "similar_questions": p.similar_slugs(),
        "content": content,
        "truncated": content.is_some_and(format::is_truncated),
    })
}
