//! `completion/complete`: suggestions for prompt and resource-template arguments. Fixed choices
//! are filtered by prefix; problem ids come from the backend's list endpoint (a failure there is
//! an empty list, never an error); the solve log's template (`oj://log/{source}/{id}`) is
//! completed from the log itself: the sources and ids it holds, most recent first.

use serde_json::Value;

use crate::language::LANGUAGES;
use crate::mcp::{ErrorCode, ResponseError};
use crate::models::{ListPage, Source};
use crate::problems::{Ctx, Query, daily, fetch, seg};
use crate::routes::MODES;

/// The solve log's template, whose arguments come from the log.
const LOG_TEMPLATE: &str = "oj://log/{source}/{id}";

/// Most ids suggested at once.
const MAX_IDS: usize = 20;

fn invalid(msg: impl Into<String>) -> ResponseError {
    ResponseError::new(ErrorCode::InvalidParams, msg)
}

/// Which arguments a reference has.
fn arguments_of(reference: &Value) -> Result<&'static [&'static str], ResponseError> {
    match (reference.get("type").and_then(Value::as_str), reference) {
        (Some("ref/prompt"), r) => match r.get("name").and_then(Value::as_str) {
            Some("solve_problem") => Ok(&["source", "id", "mode", "language"]),
            Some("daily_practice") => Ok(&["domain", "language"]),
            Some("practice_similar") => Ok(&["source", "id", "language"]),
            Some("weekly_review") => Ok(&["model", "days"]),
            Some(other) => Err(invalid(format!("Unknown prompt: {other}"))),
            None => Err(invalid("completion/complete: ref/prompt needs a \"name\"")),
        },
        (Some("ref/resource"), r) => match r.get("uri").and_then(Value::as_str) {
            Some("oj://problem/{source}/{id}" | "oj://problem/{source}/{id}/samples") => Ok(&["source", "id"]),
            Some("oj://problem/{source}/{id}/{language}" | "oj://problem/{source}/{id}/{language}/samples") => {
                Ok(&["source", "id", "language"])
            }
            Some(LOG_TEMPLATE) => Ok(&["source", "id"]),
            Some("oj://daily/{domain}") => Ok(&["domain"]),
            Some("oj://daily/{domain}/{date}") => Ok(&["domain", "date"]),
            Some("oj://daily/{domain}/{date}/{language}") => Ok(&["domain", "date", "language"]),
            Some(other) => Err(invalid(format!("Unknown resource template: {other}"))),
            None => Err(invalid("completion/complete: ref/resource needs a \"uri\"")),
        },
        _ => Err(invalid(
            "completion/complete: \"ref\" must be {type: \"ref/prompt\", name} or {type: \"ref/resource\", uri}",
        )),
    }
}

fn by_prefix(choices: &[&str], prefix: &str) -> Vec<String> {
    let p = prefix.to_lowercase();
    choices.iter().filter(|c| c.starts_with(&p)).map(|c| c.to_string()).collect()
}

fn done(values: Vec<String>, total: Option<u64>) -> Value {
    let shown = values.len() as u64;
    let total = total.unwrap_or(shown).max(shown);
    json!({ "completion": { "values": values, "total": total, "hasMore": total > shown } })
}

/// Answers `completion/complete`.
pub(crate) fn complete(ctx: &Ctx, params: Option<&Value>) -> Result<Value, ResponseError> {
    let reference = params.and_then(|p| p.get("ref")).ok_or_else(|| invalid("completion/complete needs \"ref\""))?;
    let names = arguments_of(reference)?;
    let argument = params.and_then(|p| p.get("argument"));
    let (Some(name), Some(value)) = (
        argument.and_then(|a| a.get("name")).and_then(Value::as_str),
        argument.and_then(|a| a.get("value")).and_then(Value::as_str),
    ) else {
        return Err(invalid("completion/complete needs \"argument\": {name, value} (strings)"));
    };
    if !names.contains(&name) {
        return Ok(done(Vec::new(), None));
    }
    let context = params.and_then(|p| p.get("context")).and_then(|c| c.get("arguments"));
    if reference.get("uri").and_then(Value::as_str) == Some(LOG_TEMPLATE) {
        return Ok(from_log(ctx, name, value, context));
    }
    Ok(match name {
        "source" => done(by_prefix(&Source::KNOWN.each_ref().map(Source::as_str), value), None),
        "domain" => done(by_prefix(&daily::Domain::NAMES, value), None),
        "mode" => done(by_prefix(MODES, value), None),
        "language" => done(by_prefix(LANGUAGES, value), None),
        "date" => {
            // Only "cn" counts days in UTC+8; anything else, as leetcode.com, in UTC.
            let domain = context.and_then(|c| c.get("domain")).and_then(Value::as_str).and_then(daily::Domain::parse);
            let today = daily::ymd(daily::today(domain.unwrap_or(daily::Domain::Com), ctx.now_unix));
            done(if today.starts_with(value.trim()) { vec![today] } else { Vec::new() }, None)
        }
        "id" => {
            let source = context.and_then(|c| c.get("source")).and_then(Value::as_str).map(str::trim);
            match source.filter(|s| !s.is_empty()) {
                Some(source) => ids(ctx, source, value.trim()),
                None => done(Vec::new(), None),
            }
        }
        _ => done(Vec::new(), None),
    })
}

/// The solve log's sources, or the ids it holds of the context's source, that start with `value`
/// (most recent first, up to [`MAX_IDS`]).
fn from_log(ctx: &Ctx, name: &str, value: &str, context: Option<&Value>) -> Value {
    let source = context.and_then(|c| c.get("source")).and_then(Value::as_str).map(str::trim);
    let mut values = match (name, source) {
        ("source", _) => ctx.log.known(None, value.trim()),
        ("id", Some(source)) if !source.is_empty() => ctx.log.known(Some(source), value.trim()),
        _ => Vec::new(),
    };
    let total = values.len() as u64;
    values.truncate(MAX_IDS);
    done(values, Some(total))
}

/// Up to [`MAX_IDS`] ids of `source` matching `prefix`, ids that start with it first.
#[cfg_attr(oj_size, optimize(size))]
fn ids(ctx: &Ctx, source: &str, prefix: &str) -> Value {
    let path = Query::path(format!("/api/v1/problems/{}", seg(source)))
        .pair("page", 1)
        .pair("per_page", MAX_IDS)
        .opt("search", Some(prefix).filter(|p| !p.is_empty()))
        .finish();
    let page: ListPage = match fetch(ctx, &path).and_then(|ok| ok.json()) {
        Ok(p) => p,
        Err(e) => {
            crate::debug!("completion: no ids for {source} {prefix:?}: {e}");
            return done(Vec::new(), None);
        }
    };
    let lower = prefix.to_lowercase();
    let (mut first, rest): (Vec<String>, Vec<String>) =
        page.data.into_iter().map(|p| p.id).partition(|id| id.to_lowercase().starts_with(&lower));
    first.extend(rest);
    first.truncate(MAX_IDS);
    done(first, Some(page.meta.total))
}
