//! The solve log: every problem read, every local run and every solve a model records, one JSON
//! line each in one file on the user's machine (`docs/solve-log.md`), and the statistics read
//! back from it. A file per concern: where the file is (`place`), appending a line (`append`),
//! reading it back tolerantly (`read`), the clock (`when`), what a tool call's line holds
//! (`event`), the statistics as pure functions (`stats`), `record_solve`'s facts (`record`), and
//! the text and structured copy shown (`render`).
//!
//! Nothing here may fail a call: a log that cannot be written costs one warning on stderr (then
//! debug lines), and the tool answers as if there were no log.

mod append;
mod event;
mod place;
mod read;
mod record;
mod render;
mod stats;
mod when;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use serde_json::Value;

use crate::cli::Config;

pub use place::default_path;
pub(crate) use record::{OUTCOMES, Solve};
pub(crate) use stats::Filter;

/// The solve log of this server: its file (none when off) and what it adds to each line.
pub struct SolveLog {
    path: Option<PathBuf>,
    /// The client's name (`clientInfo.name`).
    client: Mutex<Option<String>>,
    /// The model's name, once it gave it to `record_solve`.
    model: Mutex<Option<String>>,
    /// Whether the one warning about a failed write was given.
    warned: AtomicBool,
}

/// What a read of the log says when there is nothing to read, or the file cannot be read.
pub(crate) enum Unread {
    /// `--no-log` / `OJ_LOG=0`, or no data folder.
    Off,
    /// The file exists but cannot be read.
    Failed(String),
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl SolveLog {
    /// A log kept in `path`, or none.
    pub fn new(path: Option<PathBuf>) -> SolveLog {
        SolveLog { path, client: Mutex::new(None), model: Mutex::new(None), warned: AtomicBool::new(false) }
    }

    /// The log the configuration asks for: none with `--no-log`, else `--log-file`, else the
    /// default file of the user's data folder (none when the environment names no such folder).
    pub fn from_config(config: &Config, env: &dyn Fn(&str) -> Option<String>) -> SolveLog {
        if config.solve_log_off {
            return SolveLog::new(None);
        }
        SolveLog::new(config.solve_log_file.clone().or_else(|| default_path(env)))
    }

    /// The file, when the log is kept.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Remembers the client's name for the lines to come.
    pub(crate) fn set_client(&self, name: &str) {
        *lock(&self.client) = Some(name.chars().take(100).collect());
    }

    /// Appends one line; `fields` without the time, client and model, which are added. Returns
    /// the failure, already logged (one warning per process, then debug lines).
    #[cfg_attr(oj_size, optimize(size))]
    fn append(&self, fields: Vec<(&str, Value)>) -> Result<(), String> {
        let Some(path) = &self.path else { return Err("the solve log is off".into()) };
        let client = lock(&self.client).clone();
        let model = lock(&self.model).clone();
        let line = event::line(when::now_ms(), fields, client, model);
        append::line(path, &line).map_err(|e| {
            let msg = format!("cannot write the solve log {}: {e}", path.display());
            if self.warned.swap(true, Ordering::Relaxed) {
                crate::debug!("{msg}");
            } else {
                crate::warn!("{msg} (the tools answer as usual; further failures are logged at debug level)");
            }
            msg
        })
    }

    /// Records a successful call of `tool` (`get_problem`, `get_daily_challenge`,
    /// `test_solution`; any other is ignored) from its structured output; `code`: the program
    /// tested, of which only the size and a hash are kept. Public for `make bench`, which times
    /// it; the tools call it after each call (`tools::Tool::run`).
    pub fn record_call(&self, tool: &str, structured: Option<&Value>, code: Option<&[u8]>) {
        if self.path.is_none() {
            return;
        }
        if let Some(fields) = structured.and_then(|s| event::fields(tool, s, code)) {
            let _ = self.append(fields);
        }
    }

    /// The log as read, or why there is none.
    #[cfg_attr(oj_size, optimize(size))]
    fn history(&self) -> Result<read::History, Unread> {
        let path = self.path.as_ref().ok_or(Unread::Off)?;
        read::file(path).map_err(|e| Unread::Failed(format!("cannot read the solve log {}: {e}", path.display())))
    }

    /// The sources in the log, and the ids of `source` that start with `prefix` (most recent
    /// first), for completions.
    pub(crate) fn known(&self, source: Option<&str>, prefix: &str) -> Vec<String> {
        let Ok(h) = self.history() else { return Vec::new() };
        let mut seen: Vec<String> = Vec::new();
        for e in h.entries.iter().rev() {
            let v = match source {
                None => &e.source,
                Some(s) if e.source.eq_ignore_ascii_case(s) => &e.id,
                Some(_) => continue,
            };
            if v.to_lowercase().starts_with(&prefix.to_lowercase()) && !seen.contains(v) {
                seen.push(v.clone());
            }
        }
        seen
    }
}

/// The text and structured copy of a read of the log, and the sentences that are not data (the
/// caller adds them as notes).
pub(crate) struct Shown {
    pub(crate) text: String,
    pub(crate) structured: Value,
    pub(crate) notes: Vec<String>,
}

impl SolveLog {
    /// `solve_stats` (and `oj://log`, unfiltered): the summary of what `filter` keeps;
    /// `asked` echoes the filters as given.
    #[cfg_attr(oj_size, optimize(size))]
    pub(crate) fn stats(&self, filter: &Filter, asked: Value) -> Shown {
        let history = self.history();
        render::stats(self.path(), history, filter, asked)
    }

    /// `oj://log/{source}/{id}`: one problem's lines, oldest first.
    pub(crate) fn problem(&self, source: &str, id: &str) -> Shown {
        render::problem(self.path(), self.history(), source, id)
    }

    /// `record_solve`: the facts, the line appended, the reply.
    pub(crate) fn record_solve(&self, solve: &Solve) -> Shown {
        *lock(&self.model) = Some(solve.model.to_string());
        let history = self.history();
        let now = when::now_ms();
        let facts = record::facts(history.as_ref().map(|h| h.entries.as_slice()).unwrap_or(&[]), solve, now);
        let written = self.append(facts.fields(solve));
        render::recorded(&facts, solve, written, self.path())
    }
}

impl SolveLog {
    /// For `make bench`: reads the log and renders the unfiltered summary, as `oj://log` does;
    /// returns the lines summarised and the lines skipped.
    #[doc(hidden)]
    pub fn summarise(&self) -> (u64, u64) {
        let shown = self.stats(&Filter::default(), Value::Null);
        let n = |k: &str| shown.structured[k].as_u64().unwrap_or(0);
        (n("events"), n("skipped_lines"))
    }
}

/// Parses a filter's time: a day or RFC 3339; `end` takes a bare day whole (its next midnight).
pub(crate) fn parse_time(s: &str, end: bool) -> Option<i64> {
    let ms = when::parse(s)?;
    Some(if end && when::is_day(s) { ms + when::DAY_MS } else { ms })
}
