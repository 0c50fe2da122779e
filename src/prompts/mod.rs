//! MCP prompts: ready-made conversations that embed a problem statement as a resource and tell
//! the model how to coach (hints, a walkthrough, a review, daily practice, a study plan);
//! `solve_problem` also embeds the sample tests and asks for every solution to be run on them;
//! `weekly_review` turns the last days of the solve log into a review and what to practise next.

use serde_json::{Map, Value};

use crate::error::ToolError;
use crate::language::LANGUAGES;
use crate::mcp::{ErrorCode, ResponseError};
use crate::problems::{Args, Ctx, daily, samples, similar, solves};
use crate::{routes, texts};

/// `prompts/list`: `list.json`, compiled in packed (build.rs).
pub(crate) fn list() -> Value {
    serde_json::from_str(texts::file("list.json")).expect("list.json is valid JSON (tests::list_is_the_prompts)")
}

/// The instruction `name` (`hints`, `walkthrough`, …): `name.md`, compiled in packed. Each is
/// one line, a message the model reads after the problem.
fn instruction(name: &str) -> &'static str {
    texts::file(&format!("{name}.md")).trim_end()
}

fn invalid(msg: impl Into<String>) -> ResponseError {
    ResponseError::new(ErrorCode::InvalidParams, msg)
}

/// Prompt arguments: a map of strings.
struct PromptArgs<'a> {
    prompt: &'a str,
    map: Map<String, Value>,
}

impl PromptArgs<'_> {
    fn opt(&self, name: &str) -> Result<Option<String>, ResponseError> {
        match self.map.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.trim().to_string())),
            Some(_) => Err(invalid(format!("{}: argument `{name}` must be a string", self.prompt))),
        }
    }

    fn req(&self, name: &str) -> Result<String, ResponseError> {
        self.opt(name)?.ok_or_else(|| invalid(format!("{}: argument `{name}` is required", self.prompt)))
    }

    /// `language`: absent, or one of [`LANGUAGES`].
    fn language(&self) -> Result<Option<&'static str>, ResponseError> {
        match self.opt("language")? {
            None => Ok(None),
            Some(l) => LANGUAGES
                .iter()
                .find(|c| **c == l)
                .map(|c| Some(*c))
                .ok_or_else(|| invalid(format!("{}: `language` must be en or zh, got {l:?}", self.prompt))),
        }
    }

    fn check_known(&self, known: &[&str]) -> Result<(), ResponseError> {
        match self.map.keys().find(|k| !known.contains(&k.as_str())) {
            Some(k) => Err(invalid(format!("{}: unknown argument `{k}`; it takes: {}", self.prompt, known.join(", ")))),
            None => Ok(()),
        }
    }
}

fn resource_message(uri: &str, text: String) -> Value {
    json!({
        "role": "user",
        "content": { "type": "resource", "resource": { "uri": uri, "mimeType": "text/markdown", "text": text } }
    })
}

fn json_resource_message(uri: &str, v: &Value) -> Value {
    json!({
        "role": "user",
        "content": {
            "type": "resource",
            "resource": { "uri": uri, "mimeType": "application/json", "text": v.to_string() }
        }
    })
}

/// What `solve_problem` says about testing, given the samples resource's JSON (`None` when the
/// statement could not be read).
fn test_advice(samples: Option<&Value>) -> String {
    let Some(samples) = samples else {
        return "Before you present or accept any code, run it on the statement's sample tests.".to_string();
    };
    let n = samples["tests"].as_array().map_or(0, Vec::len);
    if n == 0 {
        return "The statement shows no sample tests: check any code against small cases you derive from the \
statement and its constraints."
            .to_string();
    }
    let how = match samples["io"].as_str() {
        Some("function") => "call the function with each sample's named arguments and compare the return value",
        Some("interactive") => "replay each sample's exchange with the judge",
        _ => "feed each sample's input on stdin and compare the whole output",
    };
    format!(
        "The statement's {n} sample test{} {} attached below as JSON ({{input, output}}). Before you present or \
accept any code, run it on every sample ({how}); when you cannot run code, trace it by hand. Say which samples \
pass, and fix the code before moving on if one fails.",
        if n == 1 { "" } else { "s" },
        if n == 1 { "is" } else { "are" }
    )
}

fn text_message(text: &str) -> Value {
    json!({ "role": "user", "content": { "type": "text", "text": text } })
}

/// `weekly_review`: the solve log's summary of the last `days` days, and the instruction.
fn weekly_review(ctx: &Ctx, args: &PromptArgs) -> Result<Value, ResponseError> {
    args.check_known(&["days", "model"])?;
    let days =
        match args.opt("days")? {
            None => 7,
            Some(d) => d.parse::<i64>().ok().filter(|d| (1..=90).contains(d)).ok_or_else(|| {
                invalid(format!("weekly_review: `days` must be a whole number from 1 to 90, got {d:?}"))
            })?,
        };
    // The first of the days, counted in UTC like the log's times.
    let since = daily::ymd(daily::today(daily::Domain::Com, ctx.now_unix - (days - 1) * 86_400));
    let model = args.opt("model")?;
    let summary = solves::stats(ctx, &Args::trusted(&json!({ "since": since, "model": model })))
        .map_err(|e| invalid(format!("weekly_review: {e}")))?;
    let who = model.as_deref().map_or(String::new(), |m| format!(" ({m})"));
    Ok(json!({
        "description": format!("Review of the solve log since {since}{who}"),
        "messages": [text_message(&summary.text), text_message(instruction("week"))]
    }))
}

/// Whether a backend answer means the prompt's arguments name nothing (no such problem, an
/// unknown source): a 400, 404 or 422, or our own argument check. Anything else (a 5xx, a refused
/// token, rate limiting, an unreachable backend) is a failure of one ingredient, not of the
/// arguments.
fn names_nothing(e: &ToolError) -> bool {
    matches!(e, ToolError::Args(_) | ToolError::Http(400 | 404 | 422, _))
}

/// An ingredient that embeds a resource (a statement, a daily challenge): the resource message,
/// or, when the backend failed, a text message that says it is missing, why, and what to do.
/// An argument that names nothing is `-32602`, with the URI as `data`.
fn embed(ctx: &Ctx, uri: &str, what: &str) -> Result<Value, ResponseError> {
    embed_output(ctx, uri, what).map(|(message, _)| message)
}

/// [`embed`], and the structured content behind the message when there is one.
fn embed_output(ctx: &Ctx, uri: &str, what: &str) -> Result<(Value, Option<Value>), ResponseError> {
    let (op, args) = routes::route(uri)?;
    match op.run(ctx, &args) {
        Ok(out) => Ok((resource_message(uri, out.text), out.structured)),
        Err(e) if names_nothing(&e) => Err(invalid(format!("Cannot read {uri}: {e}")).with_data(json!({ "uri": uri }))),
        Err(e) => Ok((
            text_message(&format!(
                "({what} ({uri}) is not included: the backend could not provide it ({e}). Ask me to paste it, or \
try again later.)"
            )),
            None,
        )),
    }
}

/// The similar-problems ingredient of `practice_similar`: the table, or a line saying that it is
/// unavailable and why (a problem without an embedding is still worth a study plan).
fn similar_message(ctx: &Ctx, source: &str, id: &str) -> Value {
    match similar::call(ctx, &Args::trusted(&json!({ "source": source, "id": id, "limit": 5 }))) {
        Ok(out) => text_message(&out.text),
        Err(e) => text_message(&format!(
            "(Similar problems are unavailable for {source} {id}: {e}\nBuild the plan from problems you know that \
use the same technique, and say that they were not checked against the backend.)"
        )),
    }
}

/// `prompts/get`: the messages of a prompt. Argument errors and arguments that name no problem
/// are `-32602`; a backend failure leaves its ingredient out with a line that says why.
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn get(ctx: &Ctx, params: Option<&Value>) -> Result<Value, ResponseError> {
    let name = match params.and_then(|p| p.get("name")) {
        Some(Value::String(n)) => n.as_str(),
        _ => return Err(invalid("prompts/get needs a \"name\" string")),
    };
    let map = match params.and_then(|p| p.get("arguments")) {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(m)) => m.clone(),
        Some(_) => {
            return Err(invalid("prompts/get: \"arguments\" must be an object of strings"));
        }
    };
    let args = PromptArgs { prompt: name, map };
    match name {
        "solve_problem" => {
            args.check_known(&["source", "id", "mode", "language"])?;
            let (source, id) = (args.req("source")?, args.req("id")?);
            let uri = problem_uri(&source, &id, args.language()?);
            let mode = args.opt("mode")?.unwrap_or_else(|| "hints".into());
            let instruction = match mode.as_str() {
                "hints" => instruction("hints"),
                "walkthrough" => instruction("walkthrough"),
                "review" => instruction("review"),
                other => {
                    return Err(invalid(format!(
                        "solve_problem: `mode` must be hints, walkthrough or review, got {other:?}"
                    )));
                }
            };
            let (problem, out) = embed_output(ctx, &uri, &format!("The statement of {source} {id}"))?;
            let samples_uri = format!("{uri}/samples");
            let samples = samples::resource(out.as_ref());
            let instruction = format!("{instruction}\n\n{}", test_advice(samples.as_ref()));
            let mut messages = vec![problem, text_message(&instruction)];
            if let Some(v) = &samples {
                messages.push(json_resource_message(&samples_uri, v));
            }
            Ok(json!({
                "description": format!("Solve {source} {id} ({mode})"),
                "messages": messages
            }))
        }
        "daily_practice" => {
            args.check_known(&["domain", "language"])?;
            let domain = match args.opt("domain")? {
                None => daily::Domain::Com,
                Some(given) => daily::Domain::parse(&given)
                    .ok_or_else(|| invalid(format!("daily_practice: `domain` must be com or cn, got {given:?}")))?,
            };
            // Today in a language has no URI of its own: it is today's date in that domain's day.
            let today = daily::ymd(daily::today(domain, ctx.now_unix));
            let domain = domain.as_str();
            let uri = match args.language()? {
                Some(l) => format!("oj://daily/{domain}/{today}/{l}"),
                None => format!("oj://daily/{domain}"),
            };
            let daily = embed(ctx, &uri, "Today's daily challenge")?;
            Ok(json!({
                "description": format!("Today's LeetCode daily challenge ({domain})"),
                "messages": [daily, text_message(instruction("daily"))]
            }))
        }
        "practice_similar" => {
            args.check_known(&["source", "id", "language"])?;
            let (source, id) = (args.req("source")?, args.req("id")?);
            let uri = problem_uri(&source, &id, args.language()?);
            let problem = embed(ctx, &uri, &format!("The statement of {source} {id}"))?;
            let similar = similar_message(ctx, &source, &id);
            Ok(json!({
                "description": format!("Study plan around {source} {id}"),
                "messages": [problem, similar, text_message(instruction("plan"))]
            }))
        }
        "weekly_review" => weekly_review(ctx, &args),
        other => Err(invalid(format!(
            "Unknown prompt: {other} (prompts: solve_problem, daily_practice, practice_similar, weekly_review)"
        ))),
    }
}

/// The problem resource, in `language` when one is given (its samples resource is this + `/samples`).
fn problem_uri(source: &str, id: &str, language: Option<&str>) -> String {
    let uri = format!("oj://problem/{}/{}", urlencoding::encode(source), urlencoding::encode(id));
    match language {
        Some(l) => format!("{uri}/{l}"),
        None => uri,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `list.json` is the four prompts `get` serves, each with a title, a description and its
    /// arguments.
    #[test]
    fn list_is_the_prompts() {
        let list = list();
        let prompts = list["prompts"].as_array().unwrap();
        let names: Vec<&str> = prompts.iter().map(|p| p["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["solve_problem", "daily_practice", "practice_similar", "weekly_review"]);
        for p in prompts {
            assert!(p["title"].is_string() && p["description"].as_str().is_some_and(|d| d.len() > 20), "{p}");
            for a in p["arguments"].as_array().unwrap() {
                assert!(a["name"].is_string() && a["description"].is_string() && a["required"].is_boolean(), "{a}");
            }
        }
    }

    /// Every instruction the prompts send is compiled in: one line of text.
    #[test]
    fn instructions_are_compiled_in() {
        for name in ["hints", "walkthrough", "review", "daily", "plan", "week"] {
            let text = instruction(name);
            assert!(text.len() > 100 && !text.contains('\n'), "{name}.md: {text:?}");
        }
    }
}
