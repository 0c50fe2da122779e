//! MCP resources: problem statements, daily challenges and the status table, addressed by `oj://`
//! URIs and read as the same Markdown the tools return; a problem's sample tests as JSON; the solve
//! log's summary (`oj://log`, what `solve_stats` shows unfiltered) and a problem's history in it.

use serde_json::Value;

use crate::error::ToolError;
use crate::mcp::{ErrorCode, ResponseError};
use crate::problems::{Ctx, ToolOutput, samples};
use crate::routes;
use crate::texts;
use crate::view;

/// `resources/templates/list`: `texts/resources.json`'s templates (data, packed: a `json!` of them
/// was their text whole and the code that builds it).
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn templates() -> Value {
    let mut all: Value = serde_json::from_str(texts::file("resources.json")).unwrap_or_default();
    json!({ "resourceTemplates": all["resourceTemplates"].take() })
}

/// `resources/list`: the status table, when a token is configured (it needs one); the MCP Apps
/// view when `view` (the client declared the extension, or `--ui always`); the solve log's
/// summary.
pub(crate) fn list(has_token: bool, view: bool) -> Value {
    let mut resources = Vec::new();
    let mut entries: Value = serde_json::from_str(texts::file("resources.json")).unwrap_or_default();
    if view {
        resources.push(view::listing());
    }
    if has_token {
        resources.push(entries["status"].take());
    }
    resources.push(entries["log"].take());
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
                format!("resources/read needs a \"uri\" string. Resource URIs: {}", routes::forms()),
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
