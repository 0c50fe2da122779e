//! `test_solution`'s operation: run a program on a problem's samples and report a verdict per
//! sample. The tool is declared in `tools/` and offered only with `--allow-run` (it compiles and
//! runs code on the user's machine).
//!
//! A file per job: `args` (the arguments, checked before any request), `diagnose` (why nothing
//! can be judged), `job` (the judging job from the options and the statement), `output` (the
//! structured result and its notes; the text is `judge/report.rs`).

pub(super) mod args;
pub(super) mod diagnose;
pub(super) mod job;
pub(super) mod output;

use std::time::Instant;

use super::leetcode;
use super::plan;
use crate::convert::Statement;
use crate::error::ToolError;
use crate::language::{self, Language};
use crate::problems::{Args, Ctx, ToolResult, problem, sources};
use crate::samples::{self, Io};
use crate::statement;
use args::{options, pick, program_arg};
use diagnose::{check_io, no_samples};

/// `test_solution`'s operation (declared in `tools/`): the arguments checked before any request,
/// the problem fetched as `get_problem` fetches it, its statement converted once (the facts that
/// decide the comparison are read from that text), its samples judged.
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn call(ctx: &Ctx, args: &Args) -> ToolResult {
    let called = Instant::now();
    let source = sources::required(args)?;
    let id = args.req_str("id", "the problem id, e.g. \"1920A\" or \"abc321_a\"")?;
    let program = program_arg(args)?;
    let opts = options(args)?;
    let p = problem::get(ctx, &source, id)?;
    let raw = language::choose(&p, Language::En).raw.unwrap_or_default();
    let statement = Statement::parse(raw);
    let markdown = statement.markdown();
    let mut found = samples::extract_from(&statement, p.source.as_str());
    drop(statement);
    // LeetCode's "interactive" problems are functions calling a hidden API (1095's
    // MountainArray): judged where the driver builds the API from the example.
    let interactive = found.io == Io::Interactive && p.source.as_str().eq_ignore_ascii_case("leetcode");
    if interactive {
        found.io = Io::Function;
    }
    check_io(found.io, &program)?;
    if found.tests.is_empty() && opts.own.is_empty() {
        return Err(ToolError::Domain(no_samples(source.as_str(), id, &markdown)));
    }
    let facts = statement::read(&markdown);
    let plan::Cases { cases, driver, skipped, api, reader } =
        plan::cases(&p, &found, &markdown, &program, &opts.own).map_err(ToolError::Domain)?;
    if interactive && !api {
        check_io(Io::Interactive, &program)?;
    }
    let cases = pick(cases, found.tests.len(), opts.tests.as_deref())?;
    let mut job = job::job(program, found.io, cases, &opts, &facts, &p);
    // A quad tree's inner `val` is free: the node kind the plan decided (leetcode/node.rs), once.
    job.quad_tree = reader.and_then(|r| r.node()) == Some(leetcode::node::NodeKind::Quad);
    job.driver = driver;
    job.called = called;
    let report = super::judge(&job, &|| ctx.live.cancelled(), &|done, total, r| {
        let what = if r.own { "your test" } else { "sample" };
        let msg = format!("{what} {}: {} ({} ms); {done} of {total} done", r.number, r.verdict.name(), r.time_ms);
        ctx.live.progress(done as u64, total as u64, &msg);
    })
    .map_err(ToolError::Domain)?;
    Ok(output::output(&p, &job, &opts, &facts, &report, &skipped))
}
