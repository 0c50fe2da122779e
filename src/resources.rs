//! MCP resources: problem statements, daily challenges and the status table, addressed by `oj://`
//! URIs and read as the same Markdown the tools return; a problem's sample tests as JSON.

use serde_json::{Value, json};

use crate::error::ToolError;
use crate::language::LANGUAGES;
use crate::mcp::{ErrorCode, ResponseError};
use crate::tools::{self, Ctx, ToolOutput};

/// The URI forms, for error messages.
pub(crate) const FORMS: &str = "oj://problem/{source}/{id} (e.g. oj://problem/leetcode/1), oj://problem/{source}/{id}/{language} \
(en or zh, e.g. oj://problem/leetcode/1/zh), oj://problem/{source}/{id}/samples (the sample tests as JSON), \
oj://problem/{source}/{id}/{language}/samples (those of that language's statement), \
oj://daily/{domain} (com or cn), \
oj://daily/{domain}/{date} (e.g. oj://daily/com/2024-01-15), oj://daily/{domain}/{date}/{language} (e.g. \
oj://daily/cn/2024-01-15/en), oj://status";

/// `resources/templates/list`.
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
        }
    ]})
}

/// `resources/list`: the status table, when a token is configured (it needs one).
pub(crate) fn list(has_token: bool) -> Value {
    let mut resources = Vec::new();
    if has_token {
        resources.push(json!({
            "uri": "oj://status",
            "name": "status",
            "title": "Backend platform status",
            "description": "Problems stored, missing statements and missing embeddings, per platform.",
            "mimeType": "text/markdown"
        }));
    }
    json!({ "resources": resources })
}

fn invalid(msg: impl Into<String>) -> ResponseError {
    ResponseError::new(ErrorCode::InvalidParams, msg)
}

/// `-32602` for a resource that does not exist, with `data: {"uri": …}` as the specification's
/// example has it (the conformance suite's `sep-2164-resource-not-found` checks for it).
fn not_found(uri: &str, msg: impl Into<String>) -> ResponseError {
    invalid(msg).with_data(json!({ "uri": uri }))
}

fn decode(part: &str) -> Option<String> {
    let s = urlencoding::decode(part).ok()?.into_owned();
    (!s.trim().is_empty()).then_some(s)
}

/// What a URI names: the tool that renders it and that tool's arguments.
pub(crate) fn route(uri: &str) -> Result<(&'static str, Value), ResponseError> {
    let bad = || not_found(uri, format!("Unknown resource URI {uri:?}. Resource URIs: {FORMS}"));
    let rest = uri.strip_prefix("oj://").ok_or_else(bad)?;
    let parts: Vec<&str> = rest.split('/').collect();
    match parts.as_slice() {
        ["status"] => Ok(("get_platform_status", json!({}))),
        ["problem", source, id] | ["problem", source, id, "samples"] => {
            let (Some(source), Some(id)) = (decode(source), decode(id)) else {
                return Err(bad());
            };
            Ok(("get_problem", json!({ "source": source, "id": id })))
        }
        ["problem", source, id, language] | ["problem", source, id, language, "samples"]
            if LANGUAGES.contains(language) =>
        {
            let (Some(source), Some(id)) = (decode(source), decode(id)) else {
                return Err(bad());
            };
            Ok(("get_problem", json!({ "source": source, "id": id, "language": language })))
        }
        ["daily", domain] => Ok(("get_daily_challenge", json!({ "domain": decode(domain).ok_or_else(bad)? }))),
        ["daily", domain, date] => Ok((
            "get_daily_challenge",
            json!({ "domain": decode(domain).ok_or_else(bad)?, "date": decode(date).ok_or_else(bad)? }),
        )),
        ["daily", domain, date, language] if LANGUAGES.contains(language) => Ok((
            "get_daily_challenge",
            json!({
                "domain": decode(domain).ok_or_else(bad)?,
                "date": decode(date).ok_or_else(bad)?,
                "language": language,
            }),
        )),
        _ => Err(bad()),
    }
}

/// Renders a URI through its tool. An argument or backend error about the resource is `-32602`
/// (2026-07-28 puts resource-not-found there), a backend failure `-32603`.
pub(crate) fn render(ctx: &Ctx, uri: &str) -> Result<ToolOutput, ResponseError> {
    let (tool, args) = route(uri)?;
    let tool = tools::find(tool).expect("routes name existing tools");
    tool.run(ctx, Some(&args)).map_err(|e| match e {
        ToolError::Domain(msg) | ToolError::Args(msg) | ToolError::Http(_, msg) => {
            not_found(uri, format!("Cannot read {uri}: {msg}"))
        }
        ToolError::Protocol(msg) => ResponseError::new(ErrorCode::InternalError, format!("Cannot read {uri}: {msg}")),
    })
}

/// The samples resource's JSON, when `uri` names one (`oj://problem/{source}/{id}/samples`, or
/// `…/{id}/{language}/samples`). `structured` is the problem tool's structured content.
pub(crate) fn samples_json(uri: &str, structured: Option<&Value>) -> Option<Value> {
    let rest = uri.strip_prefix("oj://problem/")?;
    let parts: Vec<&str> = rest.split('/').collect();
    let samples = match parts.as_slice() {
        [_, _, "samples"] => true,
        [_, _, language, "samples"] => LANGUAGES.contains(language),
        _ => false,
    };
    if !samples {
        return None;
    }
    let problem = &structured?["problem"];
    Some(tools::samples::companion(problem))
}

/// `resources/read`, and the cache lifetime of what it read (ms).
pub(crate) fn read(ctx: &Ctx, params: Option<&Value>) -> Result<(Value, u64), ResponseError> {
    let uri = match params.and_then(|p| p.get("uri")) {
        Some(Value::String(u)) => u.as_str(),
        _ => {
            return Err(invalid(format!("resources/read needs a \"uri\" string. Resource URIs: {FORMS}")));
        }
    };
    let out = render(ctx, uri)?;
    let fetching = out.structured.as_ref().is_some_and(|s| s["status"] == "fetching");
    let ttl = if fetching {
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
    fn uris_route_to_tools() {
        assert_eq!(route("oj://status").unwrap(), ("get_platform_status", json!({})));
        assert_eq!(
            route("oj://problem/codeforces/1920A").unwrap(),
            ("get_problem", json!({"source": "codeforces", "id": "1920A"}))
        );
        assert_eq!(route("oj://problem/luogu/a%2Fb").unwrap().1["id"], "a/b");
        assert_eq!(
            route("oj://problem/leetcode/1/zh").unwrap(),
            ("get_problem", json!({"source": "leetcode", "id": "1", "language": "zh"}))
        );
        assert_eq!(route("oj://problem/leetcode/1/en").unwrap().1["language"], "en");
        assert_eq!(
            route("oj://problem/leetcode/1/zh/samples").unwrap(),
            ("get_problem", json!({"source": "leetcode", "id": "1", "language": "zh"}))
        );
        let structured = json!({"problem": {"samples": [], "io": "stdin"}});
        for (uri, samples) in [
            ("oj://problem/leetcode/1/samples", true),
            ("oj://problem/leetcode/1/zh/samples", true),
            ("oj://problem/leetcode/1/zh", false),
            ("oj://problem/leetcode/1/fr/samples", false),
        ] {
            assert_eq!(samples_json(uri, Some(&structured)).is_some(), samples, "{uri}");
        }
        assert_eq!(
            route("oj://problem/codeforces/4A/samples").unwrap(),
            ("get_problem", json!({"source": "codeforces", "id": "4A"}))
        );
        assert_eq!(route("oj://daily/cn").unwrap(), ("get_daily_challenge", json!({"domain": "cn"})));
        assert_eq!(route("oj://daily/com/2024-01-15").unwrap().1["date"], "2024-01-15");
        for bad in [
            "",
            "oj://",
            "oj://problem/leetcode",
            "oj://problem//1",
            "http://x",
            "oj://problem/a/b/c",
            "oj://problem/a/b/ZH",
            "oj://nope",
            "oj://problem/a/b/samples/x",
            "oj://problem/a/b/fr/samples",
            "oj://problem/a/b/zh/samples/x",
        ] {
            let e = route(bad).unwrap_err();
            assert_eq!(e.code, -32602, "{bad}");
            assert_eq!(e.data, Some(json!({ "uri": bad })), "{bad}");
            assert!(e.message.contains("oj://problem/{source}/{id}"), "{bad}: {}", e.message);
        }
    }
}
