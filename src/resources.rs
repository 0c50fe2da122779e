//! MCP resources: problem statements, daily challenges and the status table, addressed by `oj://`
//! URIs and read as the same Markdown the tools return; a problem's sample tests as JSON; the solve
//! log's summary (`oj://log`, what `solve_stats` shows unfiltered) and a problem's history in it.

use serde_json::Value;

use crate::error::ToolError;
use crate::mcp::{ErrorCode, ResponseError};
use crate::problems::{Ctx, ToolOutput, samples};
use crate::routes::{self, FORMS};
use crate::view;

/// `resources/templates/list`.
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn templates() -> Value {
    json!({ "resourceTemplates": [
        {
            "uriTemplate": "oj://problem/{source}/{id}",
            "name": "problem",
            "title": "Problem statement",
            "description": "A problem's metadata and statement as Markdown, e.g. oj://problem/leetcode/1 or oj://problem/codeforces/1920A.",
            "mimeType": "text/markdown"
        },
        {
            "uriTemplate": "oj://problem/{source}/{id}/{language}",
            "name": "problem-in-language",
            "title": "Problem statement in a language",
            "description": "A problem's statement in English (en) or Chinese (zh), e.g. oj://problem/leetcode/1/zh. When that language is missing, the statement that exists, with a note.",
            "mimeType": "text/markdown"
        },
        {
            "uriTemplate": "oj://problem/{source}/{id}/samples",
            "name": "problem-samples",
            "title": "Problem sample tests",
            "description": "A problem's sample tests as JSON in competitive-companion's shape (name, url, interactive, tests: [{input, output}]), plus io (stdin, function or interactive), e.g. oj://problem/codeforces/4A/samples.",
            "mimeType": "application/json"
        },
        {
            "uriTemplate": "oj://problem/{source}/{id}/{language}/samples",
            "name": "problem-samples-in-language",
            "title": "Problem sample tests of a language's statement",
            "description": "The sample tests of a problem's English (en) or Chinese (zh) statement, as oj://problem/{source}/{id}/samples gives them, e.g. oj://problem/leetcode/1/zh/samples.",
            "mimeType": "application/json"
        },
        {
            "uriTemplate": "oj://daily/{domain}",
            "name": "daily",
            "title": "Today's LeetCode daily challenge",
            "description": "Today's daily challenge on leetcode.com (oj://daily/com) or leetcode.cn (oj://daily/cn).",
            "mimeType": "text/markdown"
        },
        {
            "uriTemplate": "oj://daily/{domain}/{date}",
            "name": "daily-by-date",
            "title": "LeetCode daily challenge of a day",
            "description": "The daily challenge of a past day, e.g. oj://daily/com/2024-01-15.",
            "mimeType": "text/markdown"
        },
        {
            "uriTemplate": "oj://daily/{domain}/{date}/{language}",
            "name": "daily-by-date-in-language",
            "title": "LeetCode daily challenge of a day, in a language",
            "description": "The daily challenge of a day with its statement in English (en) or Chinese (zh), e.g. oj://daily/cn/2024-01-15/en (leetcode.cn's daily otherwise comes in Chinese). When that language is missing, the statement that exists, with a note.",
            "mimeType": "text/markdown"
        },
        {
            "uriTemplate": "oj://log/{source}/{id}",
            "name": "solve-log-problem",
            "title": "A problem's history in the solve log",
            "description": "Every line the local solve log holds about one problem, oldest first: reads, local runs and their verdicts, recorded solves, e.g. oj://log/atcoder/abc321_c.",
            "mimeType": "text/markdown"
        }
    ]})
}

/// `resources/list`: the status table, when a token is configured (it needs one); the MCP Apps
/// view when `view` (the client declared the extension, or `--ui always`); the solve log's
/// summary.
pub(crate) fn list(has_token: bool, view: bool) -> Value {
    let mut resources = Vec::new();
    if view {
        resources.push(view::listing());
    }
    if has_token {
        resources.push(json!({
            "uri": "oj://status",
            "name": "status",
            "title": "Backend platform status",
            "description": "Problems stored, missing statements and missing embeddings, per platform.",
            "mimeType": "text/markdown"
        }));
    }
    resources.push(json!({
        "uri": "oj://log",
        "name": "solve-log",
        "title": "Solve log summary",
        "description": "The local solve log: problems attempted and solved per platform, difficulty and model, times to a first all-AC run, verdicts met most often, the last ten problems.",
        "mimeType": "text/markdown"
    }));
    json!({ "resources": resources })
}

/// Renders a URI through the operation of its tool. An argument or backend error about the
/// resource is `-32602` (2026-07-28 puts resource-not-found there), a backend failure `-32603`.
fn render(ctx: &Ctx, uri: &str) -> Result<ToolOutput, ResponseError> {
    let (op, args) = routes::route(uri)?;
    op.run(ctx, &args).map_err(|e| match e {
        ToolError::Domain(msg) | ToolError::Args(msg) | ToolError::Http(_, msg) => {
            routes::not_found(uri, format!("Cannot read {uri}: {msg}"))
        }
        ToolError::Protocol(msg) => ResponseError::new(ErrorCode::InternalError, format!("Cannot read {uri}: {msg}")),
    })
}

/// The samples resource's JSON, when `uri` names one (`oj://problem/{source}/{id}/samples`, or
/// `…/{id}/{language}/samples`). `structured` is the problem operation's structured content.
fn samples_json(uri: &str, structured: Option<&Value>) -> Option<Value> {
    if routes::is_samples(uri) { samples::resource(structured) } else { None }
}

/// `resources/read`, and the cache lifetime of what it read (ms).
pub(crate) fn read(ctx: &Ctx, params: Option<&Value>) -> Result<(Value, u64), ResponseError> {
    let uri = match params.and_then(|p| p.get("uri")) {
        Some(Value::String(u)) => u.as_str(),
        _ => {
            return Err(ResponseError::new(
                ErrorCode::InvalidParams,
                format!("resources/read needs a \"uri\" string. Resource URIs: {FORMS}"),
            ));
        }
    };
    if uri == view::URI {
        return Ok((view::contents(), 3_600_000));
    }
    let out = render(ctx, uri)?;
    let fetching = out.structured.as_ref().is_some_and(|s| s["status"] == "fetching");
    let ttl = if fetching || uri.starts_with("oj://log") {
        // The solve log changes with every call.
        0
    } else if uri == "oj://status" {
        60_000
    } else if uri.starts_with("oj://daily/") && uri.matches('/').count() == 3 {
        // Today's daily changes at the day boundary.
        300_000
    } else {
        3_600_000
    };
    let contents = match samples_json(uri, out.structured.as_ref()) {
        Some(v) => json!([{ "uri": uri, "mimeType": "application/json", "text": v.to_string() }]),
        None => json!([{ "uri": uri, "mimeType": "text/markdown", "text": out.text }]),
    };
    Ok((json!({ "contents": contents }), ttl))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_uris_read_as_json() {
        let structured = json!({"problem": {"samples": [], "io": "stdin"}});
        for (uri, samples) in [
            ("oj://problem/leetcode/1/samples", true),
            ("oj://problem/leetcode/1/zh/samples", true),
            ("oj://problem/leetcode/1/zh", false),
            ("oj://problem/leetcode/1/fr/samples", false),
        ] {
            assert_eq!(samples_json(uri, Some(&structured)).is_some(), samples, "{uri}");
        }
    }
}
