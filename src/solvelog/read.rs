//! Reading the log back: every line parsed alone into an [`Entry`]. A line that is not a JSON
//! object with a known event, a time, a source and an id (cut by a crash, edited by hand, written
//! by a newer version in a shape this one does not know) is skipped and counted, never fatal;
//! fields this version does not know are ignored.

use std::borrow::Cow;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::Path;

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, Visitor};

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

/// Reads the file at `path`; a file that does not exist yet is an empty history. Read a block at
/// a time, not whole: a 24 MB log would cost as much in page faults as in parsing.
pub(crate) fn file(path: &Path) -> io::Result<History> {
    let f = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(History::default()),
        Err(e) => return Err(e),
    };
    // A line is about 200 bytes: room for them all at once (bounded, for a file that is not a log).
    let guess = f.metadata().map_or(0, |m| m.len() / 200).min(1 << 20) as usize;
    let mut history = History { entries: Vec::with_capacity(guess), skipped: 0 };
    let mut reader = BufReader::with_capacity(1 << 16, f);
    let mut line = Vec::with_capacity(512);
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            return Ok(history);
        }
        history.add(&line);
    }
}

/// Parses the log's bytes, line by line.
#[cfg(test)]
pub(crate) fn text(bytes: &[u8]) -> History {
    let mut history = History::default();
    bytes.split(|b| *b == b'\n').for_each(|line| history.add(line));
    history
}

impl History {
    /// One line (blank lines are not counted as skipped).
    fn add(&mut self, line: &[u8]) {
        if line.iter().all(u8::is_ascii_whitespace) {
            return;
        }
        match std::str::from_utf8(line).ok().and_then(|l| entry(l.trim_end())) {
            Some(e) => self.entries.push(e),
            None => self.skipped += 1,
        }
    }
}

/// One line, or `None` when it is not one this version can read.
fn entry(line: &str) -> Option<Entry> {
    let mut de = serde_json::Deserializer::from_str(line);
    let raw = (&mut de).deserialize_map(RawVisitor).ok()?;
    de.end().ok()?;
    let event = raw.event?;
    Kind::of(&event)?;
    let own = |t: Option<Text>| t.map(|t| t.0.into_owned());
    let (source, id) = (own(raw.source).filter(|v| !v.is_empty())?, own(raw.id).filter(|v| !v.is_empty())?);
    Some(Entry {
        ms: when::parse(&raw.time?.0)?,
        event: event.0.into_owned(),
        source,
        id,
        title: own(raw.title),
        difficulty: own(raw.difficulty),
        rating: raw.rating,
        index: own(raw.index),
        verdict: own(raw.verdict),
        language: own(raw.language),
        model: own(raw.model),
        client: own(raw.client),
        outcome: own(raw.outcome),
        time_ms: raw.time_ms,
        attempts: raw.attempts,
        note: own(raw.note),
    })
}

/// A string of the line, borrowed unless an escape forced a copy.
struct Text<'a>(Cow<'a, str>);

impl std::ops::Deref for Text<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for Text<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Borrowed(s)))
            }
            fn visit_str<E>(self, s: &str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(s.to_string())))
            }
        }
        d.deserialize_str(V)
    }
}

/// A line's fields as read, before the checks. Read by hand rather than through a `Value` (a map
/// and a string per field) or serde's derive (more code): a 100,000-line log is read at once.
#[derive(Default)]
struct Raw<'a> {
    time: Option<Text<'a>>,
    event: Option<Text<'a>>,
    source: Option<Text<'a>>,
    id: Option<Text<'a>>,
    title: Option<Text<'a>>,
    difficulty: Option<Text<'a>>,
    index: Option<Text<'a>>,
    verdict: Option<Text<'a>>,
    language: Option<Text<'a>>,
    model: Option<Text<'a>>,
    client: Option<Text<'a>>,
    outcome: Option<Text<'a>>,
    note: Option<Text<'a>>,
    rating: Option<f64>,
    time_ms: Option<u64>,
    attempts: Option<u64>,
}

struct RawVisitor;

impl<'de> Visitor<'de> for RawVisitor {
    type Value = Raw<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a solve-log line (a JSON object)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Raw<'de>, A::Error> {
        let mut r = Raw::default();
        while let Some(key) = map.next_key::<Text>()? {
            let text = match &*key {
                "time" => &mut r.time,
                "event" => &mut r.event,
                "source" => &mut r.source,
                "id" => &mut r.id,
                "title" => &mut r.title,
                "difficulty" => &mut r.difficulty,
                "index" => &mut r.index,
                "verdict" => &mut r.verdict,
                "language" => &mut r.language,
                "model" => &mut r.model,
                "client" => &mut r.client,
                "outcome" => &mut r.outcome,
                "note" => &mut r.note,
                "rating" => {
                    r.rating = map.next_value()?;
                    continue;
                }
                "time_ms" => {
                    r.time_ms = map.next_value()?;
                    continue;
                }
                "attempts" => {
                    r.attempts = map.next_value()?;
                    continue;
                }
                // A field this version does not know (a newer version's, a hand-written one).
                _ => {
                    map.next_value::<IgnoredAny>()?;
                    continue;
                }
            };
            *text = map.next_value()?;
        }
        Ok(r)
    }
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
        // Escapes are read (a copy), numbers of the wrong kind skip the line, a trailing text too.
        let h = text(b"{\"time\":\"2026-11-21T23:30:00Z\",\"event\":\"get_problem\",\"source\":\"a\",\"id\":\"b\",\"title\":\"x\\\"y\\n\",\"rating\":1200}\n\
{\"time\":\"2026-11-21T23:30:00Z\",\"event\":\"get_problem\",\"source\":\"a\",\"id\":\"b\",\"rating\":\"high\"}\n\
{\"time\":\"2026-11-21T23:30:00Z\",\"event\":\"get_problem\",\"source\":\"a\",\"id\":\"b\"} x\n");
        assert_eq!((h.entries.len(), h.skipped), (1, 2));
        assert_eq!((h.entries[0].title.as_deref(), h.entries[0].rating), (Some("x\"y\n"), Some(1200.0)));
    }
}
