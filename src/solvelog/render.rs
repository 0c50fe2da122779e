//! What the reader sees: the Markdown of the summary, a problem's history and `record_solve`'s
//! one line, and their structured copies. Every figure the text shows is a field of the JSON
//! (durations also in their written form), and every other sentence is a note.

use std::path::Path;

use serde_json::Value;

use super::read::{Entry, History, Kind};
use super::record::{Facts, Solve};
use super::stats::{self, Filter, Group, Summary, Times};
use super::{Shown, Unread, when};

/// A duration as a person says it: `850 ms`, `42 s`, `4 min 12 s`, `1 h 05 min`.
pub(crate) fn duration(ms: u64) -> String {
    let s = ms / 1000;
    match s {
        0 => format!("{ms} ms"),
        1..=59 => format!("{s} s"),
        60..=3599 => format!("{} min {:02} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", s / 3600, s % 3600 / 60),
    }
}

fn opt_duration(ms: Option<u64>) -> Value {
    ms.map_or(Value::Null, |m| Value::from(duration(m)))
}

/// The sentence for a log that is off or unreadable.
fn unread_note(u: &Unread) -> String {
    match u {
        Unread::Off => "The solve log is off (--no-log or OJ_LOG=0, or no data folder): nothing is recorded.".into(),
        Unread::Failed(e) => format!("The solve log could not be read: {e}."),
    }
}

fn path_value(path: Option<&Path>) -> Value {
    path.map_or(Value::Null, |p| Value::from(p.display().to_string()))
}

fn groups_json(groups: &[Group], key: &str) -> Value {
    let rows: Vec<Value> = groups
        .iter()
        .map(|g| {
            let mut row = json!({ "attempted": g.attempted, "passed_samples": g.passed, "accepted": g.accepted });
            row[key] = Value::from(g.name.as_str());
            row
        })
        .collect();
    Value::Array(rows)
}

fn groups_table(out: &mut String, head: &str, groups: &[Group]) {
    if groups.is_empty() {
        return;
    }
    out.push_str(&format!("\n| {head} | Attempted | Samples pass | Accepted |\n|---|---|---|---|\n"));
    for g in groups {
        out.push_str(&format!("| {} | {} | {} | {} |\n", cell(&g.name), g.attempted, g.passed, g.accepted));
    }
}

/// A table cell: pipes escaped, one line.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace(['\n', '\r'], " ")
}

fn times_json(t: &Times) -> Value {
    json!({
        "count": t.count,
        "average_ms": t.average_ms,
        "median_ms": t.median_ms,
        "average": opt_duration(t.average_ms),
        "median": opt_duration(t.median_ms),
    })
}

/// The summary as JSON (without notes).
fn summary_json(s: &Summary, skipped: usize) -> Value {
    let models: Vec<Value> = s
        .models
        .iter()
        .map(|m| {
            json!({
                "model": m.model, "solves": m.solves, "accepted": m.accepted, "rejected": m.rejected,
                "gave_up": m.gave_up, "average_ms": m.average_ms, "average": opt_duration(m.average_ms),
            })
        })
        .collect();
    let verdicts: Vec<Value> = s.verdicts.iter().map(|(v, n)| json!({ "verdict": v, "count": n })).collect();
    let recent: Vec<Value> = s
        .recent
        .iter()
        .map(|p| {
            json!({
                "source": p.source, "id": p.id, "title": p.title, "last_time": when::rfc3339(p.last_ms),
                "when": when::short(p.last_ms), "status": p.status(), "runs": p.runs,
            })
        })
        .collect();
    json!({
        "events": s.events,
        "skipped_lines": skipped,
        "problems": { "attempted": s.attempted, "passed_samples": s.passed, "accepted": s.accepted },
        "time_to_all_ac": times_json(&s.to_ac),
        "platforms": groups_json(&s.platforms, "source"),
        "difficulties": groups_json(&s.classes, "class"),
        "models": models,
        "verdicts": verdicts,
        "recent": recent,
    })
}

/// The summary's Markdown.
fn summary_text(s: &Summary, asked: &Value, path: Option<&Path>) -> String {
    let mut out = String::from("# Solve log\n");
    if let Some(p) = path {
        out.push_str(&format!("- Log file: {}\n", p.display()));
    }
    let shown: Vec<String> = ["model", "source", "since", "until"]
        .iter()
        .filter_map(|k| Some(format!("{}: {}", capital(k), asked.get(*k)?.as_str()?)))
        .collect();
    if !shown.is_empty() {
        out.push_str(&format!("- {}\n", shown.join(" | ")));
    }
    out.push_str(&format!(
        "- Problems attempted: {} | Samples pass: {} | Accepted: {} | Lines: {}\n",
        s.attempted, s.passed, s.accepted, s.events
    ));
    if let (Some(avg), Some(median)) = (s.to_ac.average_ms, s.to_ac.median_ms) {
        out.push_str(&format!(
            "- Average time to a first all-AC run: {} | Median: {} | Problems timed: {}\n",
            duration(avg),
            duration(median),
            s.to_ac.count
        ));
    }
    groups_table(&mut out, "Platform", &s.platforms);
    groups_table(&mut out, "Difficulty", &s.classes);
    if !s.models.is_empty() {
        out.push_str("\n| Model | Solves | Accepted | Rejected | Gave up | Average |\n|---|---|---|---|---|---|\n");
        for m in &s.models {
            let avg = m.average_ms.map_or("N/A".into(), duration);
            let row = [cell(&m.model), m.solves.to_string(), m.accepted.to_string(), m.rejected.to_string()];
            out.push_str(&format!("| {} | {} | {avg} |\n", row.join(" | "), m.gave_up));
        }
    }
    if !s.verdicts.is_empty() {
        out.push_str("\n| Verdict | Runs |\n|---|---|\n");
        for (v, n) in &s.verdicts {
            out.push_str(&format!("| {} | {n} |\n", cell(v)));
        }
    }
    if !s.recent.is_empty() {
        out.push_str("\n| When | Source | ID | Title | Status | Runs |\n|---|---|---|---|---|---|\n");
        for p in &s.recent {
            let title = cell(p.title.unwrap_or("N/A"));
            let row = [when::short(p.last_ms), cell(p.source), cell(p.id), title, p.status(), p.runs.to_string()];
            out.push_str(&format!("| {} |\n", row.join(" | ")));
        }
    }
    out
}

fn capital(k: &str) -> String {
    let mut c = k.chars();
    c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
}

/// `solve_stats` and `oj://log`.
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn stats(path: Option<&Path>, history: Result<History, Unread>, filter: &Filter, asked: Value) -> Shown {
    let (history, mut notes) = match history {
        Ok(h) => (h, Vec::new()),
        Err(u) => (History::default(), vec![unread_note(&u)]),
    };
    let kept = filter.apply(&history.entries);
    let summary = stats::summary(&kept);
    if history.skipped > 0 {
        notes.push(format!(
            "{} line(s) of the log could not be read (cut short or edited by hand) and were skipped.",
            history.skipped
        ));
    }
    if notes.is_empty() && kept.is_empty() {
        notes.push(if history.entries.is_empty() {
            "The log has no lines yet: get_problem, get_daily_challenge and test_solution calls are recorded as they \
happen, and record_solve records what the judge said."
                .into()
        } else {
            "No line of the log matches these filters.".into()
        });
    }
    let mut structured = summary_json(&summary, history.skipped);
    structured["log_file"] = path_value(path);
    structured["filters"] = asked.clone();
    let text = summary_text(&summary, &asked, path);
    Shown { text, structured, notes }
}

/// What a line says beyond its event, for a problem's history.
fn details(e: &Entry) -> String {
    let mut parts: Vec<String> = Vec::new();
    match e.kind() {
        Kind::Fetch => parts.extend(e.title.clone()),
        Kind::Test => {
            parts.extend(e.verdict.clone());
            parts.extend(e.language.clone());
        }
        Kind::Solve => {
            parts.extend(e.outcome.as_ref().map(|o| o.replace('_', " ")));
            parts.extend(e.time_ms.map(duration));
            parts.extend(e.attempts.map(|a| format!("{a} local run(s)")));
            parts.extend(e.note.clone());
        }
    }
    parts.extend(e.model.as_ref().map(|m| format!("model {m}")));
    parts.join(", ")
}

/// `oj://log/{source}/{id}`: its lines, oldest first.
pub(crate) fn problem(path: Option<&Path>, history: Result<History, Unread>, source: &str, id: &str) -> Shown {
    let (history, mut notes) = match history {
        Ok(h) => (h, Vec::new()),
        Err(u) => (History::default(), vec![unread_note(&u)]),
    };
    let filter = Filter { source: Some(source.to_string()), ..Filter::default() };
    let mine: Vec<&Entry> = filter.apply(&history.entries).into_iter().filter(|e| e.id == id).collect();
    let mut text = format!("# Solve log: {source} {id}\n");
    if mine.is_empty() {
        notes.push(format!("The solve log has no line about {source} {id}."));
    } else {
        text.push_str("\n| Time | Event | Details |\n|---|---|---|\n");
        for e in &mine {
            text.push_str(&format!("| {} | {} | {} |\n", when::short(e.ms), e.event, cell(&details(e))));
        }
    }
    let lines: Vec<Value> =
        mine.iter().map(|e| json!({ "time": when::rfc3339(e.ms), "event": e.event, "details": details(e) })).collect();
    let structured = json!({ "source": source, "id": id, "log_file": path_value(path), "lines": lines });
    Shown { text, structured, notes }
}

/// `record_solve`'s reply: the one line, and the notes.
pub(crate) fn recorded(f: &Facts, solve: &Solve, written: Result<(), String>, path: Option<&Path>) -> Shown {
    let mut line =
        format!("Recorded {} on {} {}: {}", solve.model, solve.source, solve.id, solve.outcome.replace('_', " "));
    if let Some(ms) = f.time_ms {
        line.push_str(&format!(" in {}", duration(ms)));
    }
    line.push_str(&match f.attempts {
        0 => " with no local run".to_string(),
        1 => " after 1 local run".to_string(),
        n => format!(" after {n} local runs"),
    });
    if let Some(avg) = f.class_times.average_ms {
        let n = f.class_times.count;
        let plural = if n == 1 { "solve" } else { "solves" };
        line.push_str(&format!(" (your average on {} problems: {} over {n} {plural})", f.class, duration(avg)));
    }
    let mut notes = Vec::new();
    if f.time_ms.is_none() {
        notes.push(format!(
            "No time: the log has no read of {} {} before now; pass time_ms to record one.",
            solve.source, solve.id
        ));
    }
    let kept = written.is_ok();
    if let Err(e) = written {
        notes.push(format!("Not kept: {e}."));
    }
    let structured = json!({
        "recorded": kept,
        "message": line,
        "source": solve.source,
        "id": solve.id,
        "title": f.title,
        "model": solve.model,
        "outcome": solve.outcome,
        "time_ms": f.time_ms,
        "time": opt_duration(f.time_ms),
        "time_from": f.time_from,
        "attempts": f.attempts,
        "attempts_from": f.attempts_from,
        "note": solve.note,
        "class": f.class,
        "class_average_ms": f.class_times.average_ms,
        "class_solves": f.class_times.count,
        "log_file": path_value(path),
    });
    Shown { text: line + "\n", structured, notes }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_spoken() {
        assert_eq!(duration(850), "850 ms");
        assert_eq!(duration(42_000), "42 s");
        assert_eq!(duration(252_000), "4 min 12 s");
        assert_eq!(duration(363_000), "6 min 03 s");
        assert_eq!(duration(3_900_000), "1 h 05 min");
    }
}
