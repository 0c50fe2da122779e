//! The `source` argument: normalised before the request, and the valid sources named when the
//! backend refuses one.

use std::sync::{Mutex, PoisonError};

use super::{Args, Ctx, fetch};
use crate::error::ToolError;
use crate::models::{Source, Status};

/// `source` as the backend wants it: trimmed and lower-case (it answers `invalid source` to
/// `LeetCode`), then parsed. A name we do not know is `Source::Other` and still goes to the
/// backend, which may serve platforms we do not know.
pub(crate) fn parse(source: &str) -> Source {
    Source::from(source.trim().to_lowercase().as_str())
}

/// The required `source` argument, normalised.
pub(crate) fn required(args: &Args) -> Result<Source, ToolError> {
    args.req_str("source", "a platform such as \"leetcode\" or \"codeforces\"").map(parse)
}

/// The sources `/status` listed, once it answered; for the life of the process.
static FROM_STATUS: Mutex<Option<Vec<String>>> = Mutex::new(None);

/// The sources the backend serves: from `/status` when a token is set (asked once per process,
/// and only when a message needs the list), else the five known ones. A failed `/status` is never
/// the call's failure: the known ones stand in, and a later call asks again.
pub(crate) fn valid(ctx: &Ctx) -> Vec<String> {
    let known = || Source::KNOWN.iter().map(|s| s.to_string()).collect();
    if !ctx.client.has_token() {
        return known();
    }
    if let Some(list) = FROM_STATUS.lock().unwrap_or_else(PoisonError::into_inner).clone() {
        return list;
    }
    let listed = fetch(ctx, "/status").and_then(|ok| ok.json::<Status>()).map(|s| {
        let mut list: Vec<String> = s.platforms.into_iter().map(|p| p.source).filter(|p| !p.is_empty()).collect();
        list.dedup();
        list
    });
    match listed {
        Ok(list) if !list.is_empty() => {
            *FROM_STATUS.lock().unwrap_or_else(PoisonError::into_inner) = Some(list.clone());
            list
        }
        _ => known(),
    }
}

/// When `source` is not one the backend serves: the sentence that says so and lists the valid
/// ones. `None` for a valid source.
pub(crate) fn unknown(ctx: &Ctx, source: &Source) -> Option<String> {
    // The five known platforms need no `/status` round trip.
    if source.is_known() {
        return None;
    }
    let valid = valid(ctx);
    (!valid.iter().any(|v| v == source.as_str()))
        .then(|| format!("\"{source}\" is not a source this backend serves. Valid sources: {}.", valid.join(", ")))
}

/// A failed call's error with, when the source is unknown, the sentence naming the valid ones
/// appended to the backend's own answer.
pub(crate) fn explain(ctx: &Ctx, source: &Source, err: ToolError) -> ToolError {
    match err {
        ToolError::Http(status, msg) => match unknown(ctx, source) {
            Some(hint) => ToolError::Http(status, format!("{msg}\n{hint}")),
            None => ToolError::Http(status, msg),
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_are_trimmed_and_lowercased() {
        assert_eq!(parse(" LeetCode "), Source::Leetcode);
        assert_eq!(parse("CODEFORCES"), Source::Codeforces);
        assert_eq!(parse(" HackerRank"), Source::Other("hackerrank".into()));
    }
}
