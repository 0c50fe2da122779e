//! `find_similar_problems` (T3): neighbours of a problem (by id) or of a text (by query),
//! `GET /api/v1/similar/{source}/{id}` or `GET /api/v1/similar?q=`.

use serde_json::Value;

use super::{Args, Ctx, Query, ToolOutput, ToolResult, fetch, seg, sources};
use crate::error::ToolError;
use crate::format;
use crate::models::{Similar, Source};

/// Longest and shortest `query`, in Unicode scalar values after trimming.
const QUERY_CHARS: std::ops::RangeInclusive<usize> = 3..=2000;

/// What to find neighbours of.
enum By<'a> {
    /// Mode B: a text (a non-empty `query` always selects it, never falling back to mode A).
    Query(&'a str),
    /// Mode A: a problem, by `source` and `id`.
    Problem(Source, &'a str),
}

/// `find_similar_problems`' arguments, typed and checked, read once in the order the checks run.
struct Find<'a> {
    limit: i64,
    threshold: f64,
    /// `source_filter`, lower-cased: platforms are lower-case to the backend, which also trims
    /// each name of the list.
    filter: Option<String>,
    by: By<'a>,
}

impl<'a> Find<'a> {
    fn read(args: &'a Args) -> Result<Find<'a>, ToolError> {
        // 1. Numeric parameters first.
        let limit = args.opt_int("limit", 1, 50)?.unwrap_or(10);
        let threshold = args.opt_f64("threshold", 0.0, 1.0)?.unwrap_or(0.0);
        let filter = args.opt_trimmed("source_filter")?.map(str::to_lowercase);
        // 2. A non-empty query selects mode B.
        if let Some(query) = args.opt_trimmed("query")? {
            let n = query.chars().count();
            if !QUERY_CHARS.contains(&n) {
                return Err(ToolError::Args(format!(
                    "Invalid arguments: `query` must be {} to {} characters after trimming, got {n}",
                    QUERY_CHARS.start(),
                    QUERY_CHARS.end()
                )));
            }
            return Ok(Find { limit, threshold, filter, by: By::Query(query) });
        }
        // 3. Mode A: both source and id.
        match (args.opt_trimmed("source")?.map(sources::parse), args.opt_trimmed("id")?) {
            (Some(source), Some(id)) => Ok(Find { limit, threshold, filter, by: By::Problem(source, id) }),
            (source, id) => {
                let missing = match (source, id) {
                    (None, None) => "`query`, or both `source` and `id`, are required",
                    (None, Some(_)) => "`source` is required with `id` (or give a `query` instead)",
                    _ => "`id` is required with `source` (or give a `query` instead)",
                };
                Err(ToolError::Args(format!(
                    "Invalid arguments: {missing}. Search by problem (source + id, e.g. leetcode 1) or by text (query)."
                )))
            }
        }
    }

    /// The backend request: the mode's own part, then what both modes send.
    fn path(&self) -> String {
        let own = match &self.by {
            By::Query(query) => Query::path("/api/v1/similar").pair("q", query),
            By::Problem(source, id) => Query::path(format!("/api/v1/similar/{}/{}", seg(source.as_str()), seg(id))),
        };
        own.pair("limit", self.limit).pair("threshold", self.threshold).opt("source", self.filter.as_deref()).finish()
    }
}

#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn call(ctx: &Ctx, args: &Args) -> ToolResult {
    let find = Find::read(args)?;
    let s: Similar = fetch(ctx, &find.path())
        .map_err(|e| match &find.by {
            By::Problem(source, id) => not_found(ctx, source, id, e),
            By::Query(_) => e,
        })?
        .json()?;
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
    let by_query = matches!(find.by, By::Query(_));
    let mode = if by_query { "query" } else { "id" };
    let structured = json!({ "mode": mode, "rewritten_query": s.rewritten_query, "results": results });
    let mut out = ToolOutput::structured(format::similar(&s), structured);
    if s.results.is_empty() {
        out.note(&nothing_found(ctx, find.threshold, find.filter.as_deref(), by_query));
    }
    Ok(out)
}

/// The backend's 404 for a problem it has no embedding for, made specific: an unknown source
/// (the backend answers "no embedding found" to any), or a problem missing or not embedded yet.
fn not_found(ctx: &Ctx, source: &Source, id: &str, e: ToolError) -> ToolError {
    match e {
        ToolError::Http(404, msg) => match sources::unknown(ctx, source) {
            Some(hint) => ToolError::Http(
                404,
                format!(
                    "{hint}\nThe backend answered {msg:?}, which for an unknown source only means it has nothing under \
that name."
                ),
            ),
            None => ToolError::Http(
                404,
                format!(
                    "{msg}\nThe backend has no embedding for {source} {id}: either no {source} problem has that id (ids \
are case-sensitive; check it with get_problem), or its embedding is not computed yet (get_platform_status counts \
those under Not Embedded). Meanwhile, search by meaning with `query` (a sentence about the problem's idea)."
                ),
            ),
        },
        http @ ToolError::Http(..) => sources::explain(ctx, source, http),
        other => other,
    }
}

/// The hint after an empty result. It suggests only what the tool can be asked: `threshold` is
/// 0.0 to 1.0 and 0 (the default) is the lowest, so below 0 nothing can be shown.
fn nothing_found(ctx: &Ctx, threshold: f64, filter: Option<&str>, by_query: bool) -> String {
    let among = filter.map_or(String::new(), |f| format!(" among {f}"));
    let mut out = format!("No similar problems found{among} with a similarity of at least {threshold}");
    if threshold == 0.0 && filter.is_none() {
        out.push_str(" (0 is the lowest `threshold`): nothing the backend has is close");
    }
    let mut tries = Vec::new();
    if threshold > 0.0 {
        tries.push("a lower `threshold` (0, the default, is the lowest)".to_string());
    }
    if let Some(f) = filter {
        let unknown: Vec<String> = f
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty() && sources::unknown(ctx, &Source::from(*p)).is_some())
            .map(|p| format!("\"{p}\""))
            .collect();
        let mut t = "no `source_filter`".to_string();
        if !unknown.is_empty() {
            let verb = if unknown.len() == 1 { "is" } else { "are" };
            let valid = sources::valid(ctx).join(", ");
            t.push_str(&format!(" ({} {verb} not a source this backend serves; valid: {valid})", unknown.join(", ")));
        }
        tries.push(t);
    }
    tries.push(if by_query {
        "other words in `query`".to_string()
    } else {
        "a search by meaning with `query` (a sentence about the problem's idea)".to_string()
    });
    out.push_str(&format!(". Try {}.", tries.join(", or ")));
    out
}
