//! `find_similar_problems` (T3): neighbours of a problem (by id) or of a text (by query),
//! `GET /api/v1/similar/{source}/{id}` or `GET /api/v1/similar?q=`.

use serde_json::{Value, json};

use super::{Args, Ctx, Tool, ToolOutput, ToolResult, fetch, schema, seg};
use crate::error::ToolError;
use crate::format;
use crate::models::Similar;

pub const TOOL: Tool = Tool {
    name: "find_similar_problems",
    title: "Find similar problems",
    description: "Find problems similar to a given one, across platforms, ranked by embedding similarity. Two \
modes: give `source` and `id` to find neighbours of that problem, or give `query` (3-2000 characters of free \
text, e.g. a statement or an idea such as \"shortest path with one free edge\") to search by meaning; `query` \
wins when both are given. Returns a table of source, id, title, difficulty, similarity and link; follow up with \
get_problem to read one.",
    input_schema,
    output_schema,
    params: &["source", "id", "query", "limit", "threshold", "source_filter"],
    call,
};

fn input_schema() -> Value {
    schema::load(include_str!("schemas/similar.input.json"))
}

fn output_schema() -> Value {
    schema::load(include_str!("schemas/similar.output.json"))
}

/// Longest and shortest `query`, in Unicode scalar values after trimming.
pub const QUERY_CHARS: std::ops::RangeInclusive<usize> = 3..=2000;

fn call(ctx: &Ctx, args: &Args) -> ToolResult {
    // 1. Numeric parameters first.
    let limit = args.opt_int("limit", 1, 50)?.unwrap_or(10);
    let threshold = args.opt_f64("threshold", 0.0, 1.0)?.unwrap_or(0.0);
    let filter = args.opt_trimmed("source_filter")?;
    let mut params = format!("limit={limit}&threshold={threshold}");
    if let Some(f) = filter {
        params.push_str("&source=");
        params.push_str(&urlencoding::encode(f));
    }
    // 2. A non-empty query selects mode B, and never falls back to mode A.
    let mut mode = "query";
    let path = if let Some(query) = args.opt_trimmed("query")? {
        let n = query.chars().count();
        if !QUERY_CHARS.contains(&n) {
            return Err(ToolError::Domain(format!(
                "Invalid arguments: `query` must be {} to {} characters after trimming, got {n}",
                QUERY_CHARS.start(),
                QUERY_CHARS.end()
            )));
        }
        format!("/api/v1/similar?q={}&{params}", urlencoding::encode(query))
    } else {
        // 3. Mode A: both source and id.
        let (source, id) = (args.opt_trimmed("source")?, args.opt_trimmed("id")?);
        let (Some(source), Some(id)) = (source, id) else {
            let missing = match (source, id) {
                (None, None) => "`query`, or both `source` and `id`, are required",
                (None, Some(_)) => "`source` is required with `id` (or give a `query` instead)",
                _ => "`id` is required with `source` (or give a `query` instead)",
            };
            return Err(ToolError::Domain(format!(
                "Invalid arguments: {missing}. Search by problem (source + id, e.g. leetcode 1) or by text (query)."
            )));
        };
        mode = "id";
        format!("/api/v1/similar/{}/{}?{params}", seg(source), seg(id))
    };
    let s: Similar = fetch(ctx, &path)?.json()?;
    let results: Vec<Value> = s
        .results
        .iter()
        .enumerate()
        .map(|(i, r)| {
            json!({
                "rank": i + 1,
                "source": r.source,
                "id": r.id,
                "title": r.title,
                "difficulty": r.difficulty,
                "link": r.link,
                "similarity": r.similarity,
            })
        })
        .collect();
    let structured = json!({ "mode": mode, "rewritten_query": s.rewritten_query, "results": results });
    let mut out = ToolOutput::structured(format::similar(&s), structured);
    if s.results.is_empty() {
        out.note(format::NO_SIMILAR);
    }
    Ok(out)
}
