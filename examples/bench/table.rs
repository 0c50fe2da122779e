//! Statistics and the summary table: figures, cells, targets and verdicts.

use crate::MB;
use std::fmt::Write as _;
use std::time::Duration;

#[derive(Clone, Debug)]
pub(crate) struct Stats {
    pub(crate) min: f64,
    pub(crate) median: f64,
    pub(crate) p95: f64,
    pub(crate) p99: f64,
}

/// Minimum, median and nearest-rank percentiles of `xs` (any unit).
pub(crate) fn stats(xs: &[f64]) -> Stats {
    let mut s = xs.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    let rank = |p: f64| s[((p * n as f64).ceil() as usize).clamp(1, n) - 1];
    let median = if n % 2 == 1 { s[n / 2] } else { (s[n / 2 - 1] + s[n / 2]) / 2.0 };
    Stats { min: s[0], median, p95: rank(0.95), p99: rank(0.99) }
}

pub(crate) fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Milliseconds with three significant decimals below 10 ms.
pub(crate) fn fmt_ms(v: f64) -> String {
    if v.abs() < 10.0 { format!("{v:.3} ms") } else { format!("{v:.1} ms") }
}

pub(crate) fn fmt_mb(bytes: f64) -> String {
    format!("{:.2} MB", bytes / MB)
}

/// A cell of the summary: its text, and the number a ratio and a verdict are taken of.
#[derive(Clone, Default)]
pub(crate) struct Cell {
    pub(crate) text: String,
    pub(crate) value: Option<f64>,
}

impl Cell {
    pub(crate) fn new(text: impl Into<String>, value: f64) -> Cell {
        Cell { text: text.into(), value: Some(value) }
    }
    pub(crate) fn text(text: impl Into<String>) -> Cell {
        Cell { text: text.into(), value: None }
    }
    pub(crate) fn ms(v: f64) -> Cell {
        Cell::new(fmt_ms(v), v)
    }
    /// `median / pNN` in ms; the value is the median.
    pub(crate) fn dist(s: &Stats, p: f64) -> Cell {
        let tail = if p >= 0.99 { s.p99 } else { s.p95 };
        Cell::new(format!("{} / {}", fmt_ms(s.median), fmt_ms(tail)), s.median)
    }
    pub(crate) fn rss_kb(kb: u64) -> Cell {
        let bytes = kb as f64 * 1024.0;
        Cell::new(format!("{} ({kb} kB)", fmt_mb(bytes)), bytes / MB)
    }
}

pub(crate) fn cell_or<T>(r: &Result<T, String>, f: impl FnOnce(&T) -> Cell) -> Cell {
    match r {
        Ok(v) => f(v),
        Err(e) if e.starts_with("n/a") || e.starts_with("skipped") => Cell::text(e.clone()),
        Err(_) => Cell::text("error (see above)"),
    }
}

#[derive(Clone, Copy)]
pub(crate) enum Target {
    AtMost(f64),
    AtLeast(f64),
    Exactly(f64),
}

impl Target {
    pub(crate) fn met(self, v: f64) -> bool {
        match self {
            Target::AtMost(t) => v <= t,
            Target::AtLeast(t) => v >= t,
            Target::Exactly(t) => v == t,
        }
    }
}

pub(crate) struct Row {
    pub(crate) figure: String,
    pub(crate) ours: Cell,
    pub(crate) other: Cell,
    /// What the target says, and the target itself (checked against `ours.value`).
    pub(crate) target: Option<(String, Target)>,
}

impl Row {
    pub(crate) fn info(figure: impl Into<String>, ours: Cell, other: Cell) -> Row {
        Row { figure: figure.into(), ours, other, target: None }
    }
    pub(crate) fn target(
        figure: impl Into<String>,
        ours: Cell,
        other: Cell,
        text: impl Into<String>,
        t: Target,
    ) -> Row {
        Row { figure: figure.into(), ours, other, target: Some((text.into(), t)) }
    }
    pub(crate) fn verdict(&self) -> &'static str {
        match (&self.target, self.ours.value) {
            (None, _) => "",
            (Some(_), None) => "n/a",
            (Some((_, t)), Some(v)) if t.met(v) => "met",
            (Some(_), Some(_)) => "NOT MET",
        }
    }
    pub(crate) fn ratio(&self) -> String {
        match (self.ours.value, self.other.value) {
            (Some(a), Some(b)) if a > 0.0 => format!("{:.2}×", b / a),
            _ => String::new(),
        }
    }
}

pub(crate) fn print_table(rows: &[Row], other_name: Option<&str>, markdown: bool) {
    let mut head = vec!["figure", "oj-mcp-rs"];
    if let Some(name) = other_name {
        head.push(name);
        head.push("ratio");
    }
    head.extend(["target", "verdict"]);
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let mut cols = vec![r.figure.clone(), r.ours.text.clone()];
            if other_name.is_some() {
                cols.push(r.other.text.clone());
                cols.push(r.ratio());
            }
            cols.push(r.target.as_ref().map(|(t, _)| t.clone()).unwrap_or_default());
            cols.push(r.verdict().to_string());
            cols
        })
        .collect();
    let width = |s: &str| s.chars().count();
    let mut widths: Vec<usize> = head.iter().map(|h| width(h)).collect();
    for row in &body {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(width(c));
        }
    }
    let line = |cols: &[String]| {
        let mut s = String::new();
        for (i, (c, w)) in cols.iter().zip(&widths).enumerate() {
            let pad = " ".repeat(w - width(c));
            if markdown {
                let _ = write!(s, "| {c}{pad} ");
            } else if i + 1 == cols.len() {
                s.push_str(c);
            } else {
                let _ = write!(s, "{c}{pad}  ");
            }
        }
        if markdown {
            s.push('|');
        }
        println!("{}", s.trim_end());
    };
    let head: Vec<String> = head.iter().map(|h| h.to_string()).collect();
    line(&head);
    if markdown {
        let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
        line(&rule);
    } else {
        println!("{}", "-".repeat(widths.iter().sum::<usize>() + 2 * (widths.len() - 1)));
    }
    for row in &body {
        line(row);
    }
}
