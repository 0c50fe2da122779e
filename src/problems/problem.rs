//! `get_problem` (T2): one problem by platform and id, `GET /api/v1/problems/{source}/{id}`.

use serde_json::{Value, json};

use super::{Args, Ctx, Tool, ToolResult, fetch, language_arg, problem_output, schema, seg, sources};
use crate::error::ToolError;
use crate::language::Language;
use crate::models::Problem;

pub(crate) const TOOL: Tool = Tool {
    name: "get_problem",
    title: "Get a problem",
    description: "Get one competitive-programming problem by platform and id: title, difficulty, tags, link, \
acceptance rate and the full statement as Markdown (TeX math kept as $…$). Use it when you know the platform \
and id, e.g. leetcode 1, codeforces 1920A, atcoder abc321_a, luogu P1001, spoj SP1. Ids are case-sensitive; \
LeetCode takes the numeric id, not the slug. For a URL or a slug use resolve_problem instead. `language: \"zh\"` \
gives LeetCode's Chinese statement (when a language is missing, the one that exists, with a note).",
    input_schema,
    output_schema,
    params: &["source", "id", "language"],
    call,
};

fn input_schema() -> Value {
    schema::load(include_str!("schemas/problem.input.json"))
}

fn output_schema() -> Value {
    schema::load(include_str!("schemas/problem.output.json"))
}

fn call(ctx: &Ctx, args: &Args) -> ToolResult {
    let source = sources::required(args)?;
    let id = args.req_str("id", "the problem id, e.g. \"1\" or \"1920A\"")?;
    let language = language_arg(args, Language::En)?;
    let ok = fetch(ctx, &format!("/api/v1/problems/{}/{}", seg(source.as_str()), seg(id))).map_err(|e| match e {
        ToolError::Http(404, msg) => ToolError::Http(
            404,
            format!(
                "{msg}\nNo {source} problem has the id {id:?}. Ids are case-sensitive (e.g. 1920A, abc321_a); for a \
LeetCode slug or a URL use resolve_problem."
            ),
        ),
        other => sources::explain(ctx, &source, other),
    })?;
    let p: Problem = ok.json()?;
    Ok(problem_output(&p, language, &[], |problem| json!({ "problem": problem })))
}
