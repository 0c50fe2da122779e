//! The solve log's operations: `record_solve` (what the real judge said, with the model's name),
//! `solve_stats` (the summary, filtered) and the `oj://log` resources. Their arguments are read
//! here; the log, its statistics and their text are `solvelog`'s.

use serde_json::{Map, Value};

use super::{Args, Ctx, ToolOutput, ToolResult, sources};
use crate::error::ToolError;
use crate::solvelog::{self, Filter, OUTCOMES, Solve};

/// The longest model name and note kept.
const MAX_MODEL: usize = 100;
const MAX_NOTE: usize = 500;
/// The longest time a solve may take: 30 days.
const MAX_TIME_MS: i64 = 30 * 86_400_000;

fn bad(msg: String) -> ToolError {
    ToolError::Args(format!("Invalid arguments: {msg}"))
}

/// What the log showed, as an operation's output: the notes at the end of the text.
fn output(shown: solvelog::Shown) -> ToolOutput {
    let mut out = ToolOutput::structured(shown.text, shown.structured);
    for n in &shown.notes {
        out.note(n);
    }
    out
}

/// A text argument cut to `max` characters.
fn cut(s: &str, max: usize) -> String {
    s.chars().take(max).collect()
}

/// `record_solve`.
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn record(ctx: &Ctx, args: &Args) -> ToolResult {
    let source = sources::required(args)?;
    let id = args.req_str("id", "the problem's id, as get_problem takes it")?;
    let model = args.req_str("model", "your model's name, e.g. \"claude-sonnet-4\"")?;
    let outcome = args.req_str("outcome", "accepted, rejected or gave_up")?;
    let Some(outcome) = OUTCOMES.iter().copied().find(|o| *o == outcome) else {
        return Err(bad(format!("`outcome` must be one of \"accepted\", \"rejected\", \"gave_up\", got {outcome:?}")));
    };
    let solve = Solve {
        source: source.as_str().to_string(),
        id: id.to_string(),
        model: cut(model, MAX_MODEL),
        outcome,
        time_ms: args.opt_int("time_ms", 0, MAX_TIME_MS)?.map(|t| t as u64),
        attempts: args.opt_int("attempts", 0, 100_000)?.map(|a| a as u64),
        note: args.opt_trimmed("note")?.map(|n| cut(n, MAX_NOTE)),
    };
    Ok(output(ctx.log.record_solve(&solve)))
}

/// A filter's time argument: a day or RFC 3339.
fn time_arg(args: &Args, name: &str, end: bool) -> Result<Option<i64>, ToolError> {
    let Some(s) = args.opt_trimmed(name)? else { return Ok(None) };
    solvelog::parse_time(s, end).map(Some).ok_or_else(|| {
        bad(format!("`{name}` must be a day (YYYY-MM-DD) or an RFC 3339 time (2026-11-28T08:00:00Z), got {s:?}"))
    })
}

/// `solve_stats`.
pub(crate) fn stats(ctx: &Ctx, args: &Args) -> ToolResult {
    let filter = Filter {
        model: args.opt_trimmed("model")?.map(str::to_string),
        source: args.opt_trimmed("source")?.map(|s| sources::parse(s).as_str().to_string()),
        since: time_arg(args, "since", false)?,
        until: time_arg(args, "until", true)?,
    };
    let mut asked = Map::new();
    for (k, v) in [("model", &filter.model), ("source", &filter.source)] {
        asked.insert(k.into(), v.clone().map_or(Value::Null, Value::from));
    }
    for k in ["since", "until"] {
        asked.insert(k.into(), args.opt_trimmed(k)?.map_or(Value::Null, Value::from));
    }
    Ok(output(ctx.log.stats(&filter, Value::Object(asked))))
}

/// `oj://log`: the summary of the whole log.
pub(crate) fn summary(ctx: &Ctx, _: &Args) -> ToolResult {
    let asked = json!({ "model": null, "source": null, "since": null, "until": null });
    Ok(output(ctx.log.stats(&Filter::default(), asked)))
}

/// `oj://log/{source}/{id}`: one problem's lines.
pub(crate) fn history(ctx: &Ctx, args: &Args) -> ToolResult {
    let source = sources::required(args)?;
    let id = args.req_str("id", "the problem's id")?;
    Ok(output(ctx.log.problem(source.as_str(), id)))
}
