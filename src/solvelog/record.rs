//! `record_solve`'s facts: the time (given, else from the log's first read of the problem to
//! now), the local runs (given, else the log's), the problem's class and the average of the
//! class's accepted solves, this one included.

use serde_json::Value;

use super::read::{Entry, Kind};
use super::stats::{self, Times};

/// What the real judge or the user said.
pub(crate) const OUTCOMES: &[&str] = &["accepted", "rejected", "gave_up"];

/// A solve as `record_solve` was given it (`source` lower-case, every text trimmed).
#[derive(Debug, Clone)]
pub(crate) struct Solve {
    pub(crate) source: String,
    pub(crate) id: String,
    pub(crate) model: String,
    /// One of [`OUTCOMES`].
    pub(crate) outcome: &'static str,
    pub(crate) time_ms: Option<u64>,
    pub(crate) attempts: Option<u64>,
    pub(crate) note: Option<String>,
}

/// What the log adds to a solve.
#[derive(Debug, Default)]
pub(crate) struct Facts {
    pub(crate) time_ms: Option<u64>,
    /// `given` or `log`; `None` when there is no time.
    pub(crate) time_from: Option<&'static str>,
    pub(crate) attempts: u64,
    pub(crate) attempts_from: &'static str,
    pub(crate) title: Option<String>,
    pub(crate) difficulty: Option<String>,
    pub(crate) rating: Option<f64>,
    pub(crate) index: Option<String>,
    pub(crate) class: String,
    /// The class's accepted solves with a time, this one included.
    pub(crate) class_times: Times,
}

/// The facts of `solve`, from the log's `entries` (file order), at `now` (Unix ms).
pub(crate) fn facts(entries: &[Entry], solve: &Solve, now: i64) -> Facts {
    let mine: Vec<&Entry> = entries.iter().filter(|e| e.source == solve.source && e.id == solve.id).collect();
    let first_fetch = mine.iter().filter(|e| e.kind() == Kind::Fetch).map(|e| e.ms).min();
    let measured = first_fetch.map(|f| now.saturating_sub(f).max(0) as u64);
    let mut f = Facts {
        time_ms: solve.time_ms.or(measured),
        time_from: if solve.time_ms.is_some() { Some("given") } else { measured.map(|_| "log") },
        attempts: solve.attempts.unwrap_or_else(|| mine.iter().filter(|e| e.kind() == Kind::Test).count() as u64),
        attempts_from: if solve.attempts.is_some() { "given" } else { "log" },
        ..Facts::default()
    };
    for e in &mine {
        f.title = e.title.clone().or(f.title.take());
        f.difficulty = e.difficulty.clone().or(f.difficulty.take());
        f.rating = e.rating.or(f.rating);
        f.index = e.index.clone().or(f.index.take());
    }
    let index = stats::index_of(&solve.source, &solve.id, f.index.as_deref());
    f.class = stats::class(&solve.source, f.difficulty.as_deref(), f.rating, index);
    let this = Entry {
        ms: now,
        event: "record_solve".into(),
        source: solve.source.clone(),
        id: solve.id.clone(),
        difficulty: f.difficulty.clone(),
        rating: f.rating,
        index: f.index.clone(),
        outcome: Some(solve.outcome.into()),
        time_ms: f.time_ms,
        ..Entry::default()
    };
    let all: Vec<&Entry> = entries.iter().chain(std::iter::once(&this)).collect();
    f.class_times = stats::class_average(&stats::problems(&all), &f.class);
    f
}

impl Facts {
    /// The line's fields.
    pub(crate) fn fields(&self, solve: &Solve) -> Vec<(&'static str, Value)> {
        let opt = |v: &Option<String>| v.clone().map_or(Value::Null, Value::from);
        vec![
            ("event", Value::from("record_solve")),
            ("source", Value::from(solve.source.as_str())),
            ("id", Value::from(solve.id.as_str())),
            ("title", opt(&self.title)),
            ("difficulty", opt(&self.difficulty)),
            ("rating", self.rating.map_or(Value::Null, Value::from)),
            ("index", opt(&self.index)),
            ("outcome", Value::from(solve.outcome)),
            ("time_ms", self.time_ms.map_or(Value::Null, Value::from)),
            ("time_from", self.time_from.map_or(Value::Null, Value::from)),
            ("attempts", Value::from(self.attempts)),
            ("note", opt(&solve.note)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvelog::read;

    fn solve(outcome: &'static str, time_ms: Option<u64>) -> Solve {
        Solve {
            source: "atcoder".into(),
            id: "abc321_c".into(),
            model: "claude-sonnet".into(),
            outcome,
            time_ms,
            attempts: None,
            note: None,
        }
    }

    #[test]
    fn time_and_runs_come_from_the_log_unless_given() {
        let log = b"{\"time\":\"2026-11-21T00:00:00Z\",\"event\":\"get_problem\",\"source\":\"atcoder\",\"id\":\"abc321_c\",\"index\":\"C\"}\n\
{\"time\":\"2026-11-21T00:01:00Z\",\"event\":\"test_solution\",\"source\":\"atcoder\",\"id\":\"abc321_c\",\"verdict\":\"WA\"}\n\
{\"time\":\"2026-11-21T00:02:00Z\",\"event\":\"test_solution\",\"source\":\"atcoder\",\"id\":\"abc321_c\",\"verdict\":\"AC\"}\n\
{\"time\":\"2026-11-20T00:00:00Z\",\"event\":\"record_solve\",\"source\":\"atcoder\",\"id\":\"abc300_c\",\"outcome\":\"accepted\",\"time_ms\":480000}\n";
        let entries = read::text(log).entries;
        let now = entries[0].ms + 252_000;
        let f = facts(&entries, &solve("accepted", None), now);
        assert_eq!((f.time_ms, f.time_from, f.attempts, f.attempts_from), (Some(252_000), Some("log"), 2, "log"));
        assert_eq!(f.class, "AtCoder C");
        // This solve and abc300_c's: (252 + 480) / 2 s.
        assert_eq!((f.class_times.count, f.class_times.average_ms), (2, Some(366_000)));
        let f = facts(&entries, &Solve { attempts: Some(7), ..solve("gave_up", Some(1000)) }, now);
        assert_eq!((f.time_ms, f.time_from, f.attempts), (Some(1000), Some("given"), 7));
        assert_eq!(f.class_times.count, 1, "a solve given up is not in the average");
        let f = facts(&[], &solve("accepted", None), now);
        assert_eq!((f.time_ms, f.time_from, f.attempts, f.class_times.count), (None, None, 0, 0));
    }
}
