//! `get_problem` (T2): one problem by platform and id, `GET /api/v1/problems/{source}/{id}`.

use super::{Args, Ctx, ToolResult, fetch, language_arg, problem_output, seg, sources};
use crate::error::ToolError;
use crate::language::Language;
use crate::models::{Problem, Source};

pub(crate) fn call(ctx: &Ctx, args: &Args) -> ToolResult {
    let source = sources::required(args)?;
    let id = args.req_str("id", "the problem id, e.g. \"1\" or \"1920A\"")?;
    let language = language_arg(args, Language::En)?;
    let p = get(ctx, &source, id)?;
    Ok(problem_output(&p, language, &[], |problem| json!({ "problem": problem })))
}

/// `GET /api/v1/problems/{source}/{id}`: the problem, or the error `get_problem` gives (a 404
/// says ids are case-sensitive; an unknown source names the valid ones). `test_solution` reads
/// its problem through this too.
pub(crate) fn get(ctx: &Ctx, source: &Source, id: &str) -> Result<Problem, ToolError> {
    let ok = fetch(ctx, &format!("/api/v1/problems/{}/{}", seg(source.as_str()), seg(id))).map_err(|e| match e {
        ToolError::Http(404, msg) => ToolError::Http(
            404,
            format!(
                "{msg}\nNo {source} problem has the id {id:?}. Ids are case-sensitive (e.g. 1920A, abc321_a); for a \
LeetCode slug or a URL use resolve_problem."
            ),
        ),
        other => sources::explain(ctx, source, other),
    })?;
    ok.json()
}
