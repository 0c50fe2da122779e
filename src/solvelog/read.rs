//! Reading the log back: every line parsed alone into an [`Entry`]. A line that is not a JSON
//! object with a known event, a time, a source and an id (cut by a crash, edited by hand, written
//! by a newer version in a shape this one does not know) is skipped and counted, never fatal;
//! fields this version does not know are ignored.

use std::io;
use std::path::Path;

use serde_json::Value;

use super::when;

/// What a line records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `get_problem` or `get_daily_challenge`: the problem was read.
    Fetch,
    /// `test_solution`: a local run on the samples.
    Test,
    /// `record_solve`: what the real judge or the user said, with the model's name.
    Solve,
}

impl Kind {
    fn of(event: &str) -> Option<Kind> {
        match event {
            "get_problem" | "get_daily_challenge" => Some(Kind::Fetch),
            "test_solution" => Some(Kind::Test),
            "record_solve" => Some(Kind::Solve),
            _ => None,
        }
    }
}

/// One line of the log, as the statistics read it.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Entry {
    /// Unix milliseconds.
    pub(crate) ms: i64,
    /// The event's name as written (`get_problem`, …).
    pub(crate) event: String,
    pub(crate) source: String,
    pub(crate) id: String,
    pub(crate) title: Option<String>,
    pub(crate) difficulty: Option<String>,
    pub(crate) rating: Option<f64>,
    /// The problem's letter in its contest (AtCoder's `C`), when the backend gives one.
    pub(crate) index: Option<String>,
    /// A test's overall verdict (`AC`, `WA`, …).
    pub(crate) verdict: Option<String>,
    pub(crate) language: Option<String>,
    pub(crate) model: Option<String>,
    pub(crate) client: Option<String>,
    /// A solve's outcome: `accepted`, `rejected` or `gave_up`.
    pub(crate) outcome: Option<String>,
    /// A solve's time, from its line.
    pub(crate) time_ms: Option<u64>,
    /// A solve's local runs, from its line.
    pub(crate) attempts: Option<u64>,
    pub(crate) note: Option<String>,
}

impl Entry {
    /// What the line records.
    pub(crate) fn kind(&self) -> Kind {
        Kind::of(&self.event).unwrap_or(Kind::Fetch)
    }
}

/// The log as read: its entries in file order and how many lines were skipped.
#[derive(Debug, Default)]
pub(crate) struct History {
    pub(crate) entries: Vec<Entry>,
    pub(crate) skipped: usize,
}

/// Reads the file at `path`; a file that does not exist yet is an empty history.
pub(crate) fn file(path: &Path) -> io::Result<History> {
    match std::fs::read(path) {
        Ok(bytes) => Ok(text(&bytes)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(History::default()),
        Err(e) => Err(e),
    }
}

/// Parses the log's bytes, line by line (blank lines are not counted as skipped).
pub(crate) fn text(bytes: &[u8]) -> History {
    let mut history = History::default();
    for line in bytes.split(|b| *b == b'\n') {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match std::str::from_utf8(line).ok().and_then(entry) {
            Some(e) => history.entries.push(e),
            None => history.skipped += 1,
        }
    }
    history
}

/// One line, or `None` when it is not one this version can read.
fn entry(line: &str) -> Option<Entry> {
    let Ok(Value::Object(m)) = serde_json::from_str::<Value>(line) else { return None };
    let event = m.get("event")?.as_str()?;
    Kind::of(event)?;
    let s = |k: &str| m.get(k).and_then(Value::as_str).map(str::to_string);
    let n = |k: &str| m.get(k).and_then(Value::as_u64);
    let (source, id) = (s("source").filter(|v| !v.is_empty())?, s("id").filter(|v| !v.is_empty())?);
    Some(Entry {
        ms: when::parse(m.get("time")?.as_str()?)?,
        event: event.to_string(),
        source,
        id,
        title: s("title"),
        difficulty: s("difficulty"),
        rating: m.get("rating").and_then(Value::as_f64),
        index: s("index"),
        verdict: s("verdict"),
        language: s("language"),
        model: s("model"),
        client: s("client"),
        outcome: s("outcome"),
        time_ms: n("time_ms"),
        attempts: n("attempts"),
        note: s("note"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_and_foreign_lines_are_skipped_and_counted() {
        let log = b"{\"time\":\"2026-11-21T23:30:00.000Z\",\"event\":\"get_problem\",\"source\":\"atcoder\",\"id\":\"abc321_c\",\"extra\":[1]}\n\
\n\
{\"time\":\"2026-11-21T23:31:00.000Z\",\"event\":\"test_solution\",\"source\":\"atc\n\
not json\n\
{\"time\":\"yesterday\",\"event\":\"get_problem\",\"source\":\"a\",\"id\":\"b\"}\n\
{\"time\":\"2026-11-21T23:30:00Z\",\"event\":\"submit\",\"source\":\"a\",\"id\":\"b\"}\n\
[1,2]\n\
\xff\xfe\n\
{\"time\":\"2026-11-21T23:32:00Z\",\"event\":\"test_solution\",\"source\":\"atcoder\",\"id\":\"abc321_c\",\"verdict\":\"AC\"}";
        let h = text(log);
        assert_eq!(h.skipped, 6);
        assert_eq!(h.entries.len(), 2);
        assert_eq!(h.entries[0].kind(), Kind::Fetch);
        assert_eq!(h.entries[1].verdict.as_deref(), Some("AC"));
        assert_eq!(h.entries[1].ms - h.entries[0].ms, 120_000);
    }
}
