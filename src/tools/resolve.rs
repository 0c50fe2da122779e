//! `resolve_problem` (T4): a problem from a URL, slug or pattern, `GET /api/v1/resolve/{query}`.

use serde_json::{Value, json};

use super::{Args, Ctx, SOURCES, Tool, ToolResult, fetch, problem_output, schema, seg};
use crate::error::ToolError;
use crate::models::Resolved;

pub const TOOL: Tool = Tool {
    name: "resolve_problem",
    title: "Resolve a problem from a URL or name",
    description: "Find a problem from whatever the user gave: a problem URL (leetcode.com, leetcode.cn, \
codeforces.com, atcoder.jp, luogu.com.cn), a prefixed id (\"codeforces:1920A\", \"atcoder:abc321_a\"), a LeetCode \
slug (\"two-sum\") or a bare id (\"1920A\", \"P3371\", \"SP1\"). Returns the same Markdown as get_problem. Use it \
when the platform or id is not given separately.",
    input_schema,
    output_schema,
    params: &["query"],
    call,
};

fn input_schema() -> Value {
    schema::load(include_str!("schemas/resolve.input.json"))
}

fn output_schema() -> Value {
    schema::load(include_str!("schemas/resolve.output.json"))
}

const FORMS: &str = "Inputs that work: a problem URL (https://leetcode.com/problems/two-sum/, \
https://codeforces.com/contest/1920/problem/A, https://atcoder.jp/contests/abc300/tasks/abc300_a, \
https://www.luogu.com.cn/problem/P1002), a prefixed id (leetcode:two-sum, codeforces:1920A, atcoder:abc321_a, \
luogu:P1001, spoj:SP1), a LeetCode slug (two-sum) or a bare id (1920A, abc300_a, P3371, SP1).";

fn call(ctx: &Ctx, args: &Args) -> ToolResult {
    let query = args.req_str("query", "a problem URL, slug or id")?;
    let r: Resolved = fetch(ctx, &format!("/api/v1/resolve/{}", seg(query)))?.json()?;
    match r.problem {
        Some(p) => {
            let mut extra = Vec::new();
            if r.source != p.source || r.id != p.id {
                extra.push(format!("- Resolved from: {} {}", r.source, r.id));
            }
            let (source, id) = (r.source.clone(), r.id.clone());
            Ok(problem_output(
                &p,
                &extra,
                |problem| json!({ "detected_source": source, "detected_id": id, "problem": problem }),
            ))
        }
        None if r.source == "unknown" || r.source.is_empty() => {
            Err(ToolError::Domain(format!("Could not recognise a problem in {query:?}. {FORMS}")))
        }
        None if !SOURCES.contains(&r.source.as_str()) => Err(ToolError::Domain(format!(
            "Recognised platform {:?} (id {:?}), but the backend does not serve it. Supported platforms: {}.",
            r.source,
            r.id,
            SOURCES.join(", ")
        ))),
        None => Err(ToolError::Domain(format!(
            "Recognised a {} problem with id {:?}, but the backend has no such problem. Check the id (ids are \
case-sensitive), or use find_similar_problems with a text query. {FORMS}",
            r.source, r.id
        ))),
    }
}
