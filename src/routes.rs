//! What the MCP features name in common, reached by each from the side: the `oj://` URIs
//! (resources read them, prompts embed them) and the operation each names, and the modes of the
//! `solve_problem` prompt (which completions offer).

use serde_json::Value;

use crate::language::LANGUAGES;
use crate::mcp::{ErrorCode, ResponseError};
use crate::problems::{self, Args, Ctx, ToolResult};

/// The modes of `solve_problem`.
pub(crate) const MODES: &[&str] = &["hints", "walkthrough", "review"];

/// The URI forms, for error messages (`texts/uri_forms.txt`).
pub(crate) fn forms() -> &'static str {
    crate::texts::file("uri_forms.txt")
}

/// The operation a URI names: the one behind `get_problem`, `get_daily_challenge` or
/// `get_platform_status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Operation {
    /// A problem's statement (and its samples).
    Problem,
    /// A daily challenge.
    Daily,
    /// The status table.
    Status,
    /// The solve log's summary.
    Log,
    /// One problem's lines in the solve log.
    LogProblem,
}

impl Operation {
    /// Runs the operation on the arguments a route built.
    pub(crate) fn run(self, ctx: &Ctx, args: &Value) -> ToolResult {
        let args = Args::trusted(args);
        match self {
            Operation::Problem => problems::problem::call(ctx, &args),
            Operation::Daily => problems::daily::call(ctx, &args),
            Operation::Status => problems::status::call(ctx, &args),
            Operation::Log => problems::solves::summary(ctx, &args),
            Operation::LogProblem => problems::solves::history(ctx, &args),
        }
    }
}

fn invalid(msg: impl Into<String>) -> ResponseError {
    ResponseError::new(ErrorCode::InvalidParams, msg)
}

/// `-32602` for a resource that does not exist, with `data: {"uri": …}` as the specification's
/// example has it (the conformance suite's `sep-2164-resource-not-found` checks for it).
pub(crate) fn not_found(uri: &str, msg: impl Into<String>) -> ResponseError {
    invalid(msg).with_data(json!({ "uri": uri }))
}

fn decode(part: &str) -> Option<String> {
    let s = urlencoding::decode(part).ok()?.into_owned();
    (!s.trim().is_empty()).then_some(s)
}

/// What a URI names: the operation that renders it and its arguments.
pub(crate) fn route(uri: &str) -> Result<(Operation, Value), ResponseError> {
    let bad = || not_found(uri, format!("Unknown resource URI {uri:?}. Resource URIs: {}", forms()));
    let rest = uri.strip_prefix("oj://").ok_or_else(bad)?;
    let parts: Vec<&str> = rest.split('/').collect();
    match parts.as_slice() {
        ["status"] => Ok((Operation::Status, json!({}))),
        ["log"] => Ok((Operation::Log, json!({}))),
        ["log", source, id] => {
            let (Some(source), Some(id)) = (decode(source), decode(id)) else {
                return Err(bad());
            };
            Ok((Operation::LogProblem, json!({ "source": source, "id": id })))
        }
        ["problem", source, id] | ["problem", source, id, "samples"] => {
            let (Some(source), Some(id)) = (decode(source), decode(id)) else {
                return Err(bad());
            };
            Ok((Operation::Problem, json!({ "source": source, "id": id })))
        }
        ["problem", source, id, language] | ["problem", source, id, language, "samples"]
            if LANGUAGES.contains(language) =>
        {
            let (Some(source), Some(id)) = (decode(source), decode(id)) else {
                return Err(bad());
            };
            Ok((Operation::Problem, json!({ "source": source, "id": id, "language": language })))
        }
        ["daily", domain] => Ok((Operation::Daily, json!({ "domain": decode(domain).ok_or_else(bad)? }))),
        ["daily", domain, date] => Ok((
            Operation::Daily,
            json!({ "domain": decode(domain).ok_or_else(bad)?, "date": decode(date).ok_or_else(bad)? }),
        )),
        ["daily", domain, date, language] if LANGUAGES.contains(language) => Ok((
            Operation::Daily,
            json!({
                "domain": decode(domain).ok_or_else(bad)?,
                "date": decode(date).ok_or_else(bad)?,
                "language": language,
            }),
        )),
        _ => Err(bad()),
    }
}

/// Whether `uri` names a samples resource (`oj://problem/{source}/{id}/samples`, or
/// `…/{id}/{language}/samples`).
pub(crate) fn is_samples(uri: &str) -> bool {
    let Some(rest) = uri.strip_prefix("oj://problem/") else { return false };
    let parts: Vec<&str> = rest.split('/').collect();
    match parts.as_slice() {
        [_, _, "samples"] => true,
        [_, _, language, "samples"] => LANGUAGES.contains(language),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_route_to_operations() {
        assert_eq!(route("oj://status").unwrap(), (Operation::Status, json!({})));
        assert_eq!(
            route("oj://problem/codeforces/1920A").unwrap(),
            (Operation::Problem, json!({"source": "codeforces", "id": "1920A"}))
        );
        assert_eq!(route("oj://problem/luogu/a%2Fb").unwrap().1["id"], "a/b");
        assert_eq!(
            route("oj://problem/leetcode/1/zh").unwrap(),
            (Operation::Problem, json!({"source": "leetcode", "id": "1", "language": "zh"}))
        );
        assert_eq!(route("oj://problem/leetcode/1/en").unwrap().1["language"], "en");
        assert_eq!(
            route("oj://problem/leetcode/1/zh/samples").unwrap(),
            (Operation::Problem, json!({"source": "leetcode", "id": "1", "language": "zh"}))
        );
        for (uri, samples) in [
            ("oj://problem/leetcode/1/samples", true),
            ("oj://problem/leetcode/1/zh/samples", true),
            ("oj://problem/leetcode/1/zh", false),
            ("oj://problem/leetcode/1/fr/samples", false),
        ] {
            assert_eq!(is_samples(uri), samples, "{uri}");
        }
        assert_eq!(
            route("oj://problem/codeforces/4A/samples").unwrap(),
            (Operation::Problem, json!({"source": "codeforces", "id": "4A"}))
        );
        assert_eq!(route("oj://daily/cn").unwrap(), (Operation::Daily, json!({"domain": "cn"})));
        assert_eq!(route("oj://log").unwrap(), (Operation::Log, json!({})));
        assert_eq!(
            route("oj://log/atcoder/abc321_c").unwrap(),
            (Operation::LogProblem, json!({"source": "atcoder", "id": "abc321_c"}))
        );
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
            "oj://log/atcoder",
            "oj://log/a/b/c",
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
