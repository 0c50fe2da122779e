//! What a statement says about judging: its time and memory limits, whether answers within an
//! error are accepted (and which error), whether any of several answers is, whether the order of
//! the answer or the case of its letters is free, and whether it hints at other accepted outputs.
//! Read from the statement as the converter wrote it (`prose::plain` drops what markup is left,
//! TeX's braces and spaces), sentence by sentence (`phrases`, `tolerance`). Pure and linear: no
//! second HTML parse, no regular expressions. Layer 1, beside `convert` and `samples`: the judge
//! reads every fact, `problems` the limits the problem object shows.

mod phrases;
mod prose;
mod tolerance;

pub use tolerance::{ErrorKind, Tolerance};

/// The judging facts of one statement.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Facts {
    /// `time limit per test` and its kin, in milliseconds.
    pub time_ms: Option<u64>,
    /// `memory limit per test` and its kin, in MiB (megabytes as judges mean them).
    pub memory_mb: Option<u64>,
    /// The accepted absolute/relative error, with the sentence that said so.
    pub tolerance: Option<Tolerance>,
    /// The sentence that says any of several answers is accepted.
    pub any_answer: Option<String>,
    /// The sentence that says the answer may be in any order.
    pub any_order: Option<String>,
    /// The sentence that says letters may be printed in either case.
    pub any_case: Option<String>,
    /// The sentence that suggests other outputs may be accepted, without saying "any".
    pub maybe_several: Option<String>,
    /// The sentence that speaks of the answer's order (`sorted`, `in ascending order`).
    pub ordered: Option<String>,
    /// The sentence that says (or shows) the answer's items are sets, each in any order too
    /// (3Sum's triplets, combinations).
    pub set_items: Option<String>,
}

/// Reads the facts of a statement from its Markdown as the converter wrote it (or as the
/// backend served it): the text a reader sees, markup gone.
pub fn read(markdown: &str) -> Facts {
    let text = prose::plain(markdown);
    Facts {
        time_ms: limit(&text, TIME_WORDS, time_unit),
        memory_mb: limit(&text, MEMORY_WORDS, memory_unit),
        tolerance: tolerance::read(&text),
        any_answer: phrases::any_answer(&text).map(quote),
        any_order: phrases::any_order(&text).map(quote),
        any_case: phrases::any_case(&text).map(quote),
        maybe_several: phrases::maybe_several(&text).map(quote),
        ordered: phrases::ordered(&text).map(quote),
        set_items: phrases::set_items(&text, phrases::any_order(&text).is_some()).map(quote),
    }
}

/// Only the limits, from the converter's Markdown: what the problem object shows. `get_problem`
/// reads these on every call, so the statement is not made plain: each `limit` (`Limit`,
/// `LIMIT`, `制限`, `限制`) is found by a substring search, and only the few dozen bytes around it
/// are made plain and read. Only the statement's head is searched: every judge states its limits
/// above the story (a 300 KB statement cost 3M instructions searched whole, a tenth of that now).
pub fn limits(markdown: &str) -> (Option<u64>, Option<u64>) {
    let markdown = &markdown[..markdown.floor_char_boundary(markdown.len().min(LIMITS_HEAD))];
    let (mut time, mut memory) = (None, None);
    for anchor in ["imit", "IMIT", "制限", "限制"] {
        for (at, _) in markdown.match_indices(anchor) {
            if time.is_some() && memory.is_some() {
                return (time, memory);
            }
            // The words before the anchor (`memory `, `実行時間`) and the value after it.
            let start = markdown.floor_char_boundary(at.saturating_sub(24));
            let end = markdown.floor_char_boundary((at + 80).min(markdown.len()));
            let window = prose::plain(&markdown[start..end]);
            time = time.or_else(|| limit(&window, TIME_WORDS, time_unit));
            memory = memory.or_else(|| limit(&window, MEMORY_WORDS, memory_unit));
        }
    }
    (time, memory)
}

/// A sentence as the result quotes it: at most 200 characters.
fn quote(s: &str) -> String {
    if s.chars().count() > 200 { s.chars().take(200).collect::<String>() + "…" } else { s.to_string() }
}

/// How much of a statement's start [`limits`] reads.
const LIMITS_HEAD: usize = 16 * 1024;

const TIME_WORDS: &[&str] = &["time limit per test", "time limit", "実行時間制限", "时间限制", "時間制限"];
const MEMORY_WORDS: &[&str] = &["memory limit per test", "memory limit", "メモリ制限", "内存限制", "空间限制"];

/// The first `words` followed, after only separators, by a number and a unit `unit` accepts.
fn limit(text: &str, words: &[&str], unit: fn(&str) -> Option<f64>) -> Option<u64> {
    for w in words {
        let mut from = 0;
        while let Some(at) = text[from..].find(w) {
            let after = from + at + w.len();
            from = after;
            if let Some(v) = number_then_unit(&text[after..], unit) {
                return Some(v);
            }
        }
    }
    None
}

/// `: 2 seconds`, `1.5 s`, `：1024 mb`, `| 256 megabytes`: separators, a number, a unit.
fn number_then_unit(s: &str, unit: fn(&str) -> Option<f64>) -> Option<u64> {
    let s = s.trim_start_matches(|c: char| c.is_whitespace() || ":：|-=(（".contains(c));
    let end = s.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(s.len());
    let n = crate::decimal::number(&s[..end])?;
    let scale = unit(s[end..].trim_start())?;
    let v = (n * scale).round();
    (v > 0.0 && v < 1e9).then_some(v as u64)
}

/// Milliseconds per unit of a time limit.
fn time_unit(s: &str) -> Option<f64> {
    if s.starts_with("ms") || s.starts_with("millisecond") || s.starts_with("毫秒") {
        Some(1.0)
    } else if s.starts_with('s') || s.starts_with("秒") {
        Some(1000.0)
    } else {
        None
    }
}

/// MiB per unit of a memory limit.
fn memory_unit(s: &str) -> Option<f64> {
    let w = |p: &str| s.starts_with(p);
    if w("kb") || w("kib") || w("kilobyte") {
        Some(1.0 / 1024.0)
    } else if w("gb") || w("gib") || w("gigabyte") {
        Some(1024.0)
    } else if w("mb") || w("mib") || w("megabyte") || w("m ") || s == "m" {
        Some(1.0)
    } else {
        None
    }
}

#[cfg(test)]
mod tests;
