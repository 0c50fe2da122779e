//! The text of a `test_solution` result: a verdict line, the settings that decided it, a table of
//! samples, and the details of each failure (input cut, first difference, end of stderr). The
//! same facts as the structured copy, read from it.

use std::fmt::Write as _;

use serde_json::Value;

use super::verdict::{SampleResult, Verdict};
use super::{Job, Report};
use crate::models::Problem;

/// The Markdown text; `s` is the structured copy already built.
pub(crate) fn text(p: &Problem, job: &Job, report: &Report, s: &Value) -> String {
    let mut out = String::new();
    let verdict = report.overall();
    let passed = s["passed"].as_u64().unwrap_or(0);
    let (total, own, ran) = (s["total"].as_u64().unwrap_or(0), s["own_tests"].as_u64().unwrap_or(0), s["ran"].as_u64());
    if own == 0 {
        let _ = writeln!(out, "# {}: {passed}/{total} samples passed\n", verdict.name());
    } else {
        let samples = job.samples.len() as u64 - own;
        let _ = writeln!(
            out,
            "# {}: {passed}/{total} tests passed ({samples} samples, {own} of yours; {} of yours ran without an \
expected output)\n",
            verdict.name(),
            ran.unwrap_or(0)
        );
    }
    let _ = writeln!(out, "- Problem: {} {} ({})", p.source, p.id, p.title.trim());
    settings(&mut out, s);
    if let Some(err) = &report.compile_error {
        let _ = writeln!(out, "\n## Compilation error (CE)\n\n```\n{}\n```", err.trim_end().replace("```", "'''"));
        return out;
    }
    if report.results.len() > 1 || verdict == Verdict::Ac {
        out.push_str("\n| # | Verdict | Time | Memory |\n|---|---|---|---|\n");
        for r in &report.results {
            let _ = writeln!(out, "| {} | {} | {} | {} |", label(r), r.verdict.name(), time(r), memory(r));
        }
    }
    for r in report.results.iter().filter(|r| r.verdict == Verdict::Ac) {
        if let Some(note) = &r.note {
            let _ = writeln!(out, "- {}: {note}", title(r));
        }
    }
    for r in report.results.iter().filter(|r| r.verdict != Verdict::Ac) {
        failure(&mut out, r);
    }
    if let Some(log) = s["compile"]["log"].as_str().filter(|l| !l.is_empty()) {
        let _ = writeln!(out, "\n## Compiler messages\n\n```\n{}\n```", log.replace("```", "'''"));
    }
    out
}

/// The lines that say how the program was judged.
fn settings(out: &mut String, s: &Value) {
    let program = match (s["language"].as_str(), s["compile"].as_object()) {
        (Some(l), Some(c)) if c["cached"] == true => format!("{l} (built earlier in this session)"),
        (Some(l @ ("python" | "javascript")), Some(c)) => format!("{l} (syntax checked in {} ms)", c["ms"]),
        (Some(l), Some(c)) if c["precompiled_header"] == true => {
            format!("{l} (built in {} ms, with its include block precompiled)", c["ms"])
        }
        (Some(l), Some(c)) => format!("{l} (built in {} ms)", c["ms"]),
        (Some(l), None) => l.to_string(),
        (None, _) => "the given command".into(),
    };
    let _ = writeln!(out, "- Program: {program}");
    if let (Some(std), Some(why)) = (s["compile"]["standard"].as_str(), s["compile"]["standard_why"].as_str()) {
        let _ = writeln!(out, "- Standard: {std} ({why})");
    }
    let l = &s["limits"];
    let _ =
        writeln!(out, "- Limits: {} ms, {} MB ({})", l["time_ms"], l["memory_mb"], l["from"].as_str().unwrap_or(""));
    let c = &s["comparison"];
    let tol = c["float_tolerance"].as_f64().map(|t| format!(" within {t:e}")).unwrap_or_default();
    let _ =
        writeln!(out, "- Comparison: {}{tol} ({})", c["mode"].as_str().unwrap_or(""), c["why"].as_str().unwrap_or(""));
    let rule = match s["mismatch_rule"].as_str() {
        Some("checker") => "the checker decides".to_string(),
        Some("any_answer") => format!(
            "UNVERIFIED, not WA: the statement accepts several answers (\"{}\")",
            s["any_answer_phrase"].as_str().unwrap_or("")
        ),
        Some("any_order") => format!(
            "AC when the same in another order, else UNVERIFIED, not WA: the statement frees the order (\"{}\")",
            s["statement_says"]["any_order"].as_str().unwrap_or("")
        ),
        _ => "WA".into(),
    };
    let _ = writeln!(out, "- A mismatch is: {rule}");
    let k = &s["confinement"];
    let word = |f: &str| k[f].as_str().unwrap_or("").to_string();
    let (engine, files, processes) = (word("engine"), word("filesystem"), word("processes"));
    let _ = writeln!(out, "- Sandbox: {engine} (filesystem: {files}; processes: {processes})");
    let net = if k["network_blocked"] == true { "blocked" } else { "not blocked" };
    let _ = writeln!(out, "- Network: {net}; memory: {}", k["memory"].as_str().unwrap_or(""));
}

/// A result's number in the table: a sample's, or `yours N`.
fn label(r: &SampleResult) -> String {
    if r.own { format!("yours {}", r.number) } else { r.number.to_string() }
}

/// A run's time as the table shows it: the wall clock, and the CPU time where measured (the one
/// TLE is judged on).
fn time(r: &SampleResult) -> String {
    match r.cpu_ms {
        Some(cpu) => format!("{} ms (CPU {cpu} ms)", r.time_ms),
        None => format!("{} ms", r.time_ms),
    }
}

/// A run's peak memory as the table shows it: KiB, or `-` where it was not measured.
fn memory(r: &SampleResult) -> String {
    r.memory_kb.map_or_else(|| "-".into(), |kb| format!("{kb} KB"))
}

/// A result's name in a heading.
fn title(r: &SampleResult) -> String {
    if r.own { format!("Your test {}", r.number) } else { format!("Sample {}", r.number) }
}

/// One failed sample's details, or an own test's output.
fn failure(out: &mut String, r: &SampleResult) {
    let _ = write!(out, "\n## {}: {}", title(r), r.verdict.name());
    if let Some(exit) = &r.exit {
        let _ = write!(out, " ({exit})");
    }
    out.push('\n');
    if let Some(d) = &r.diff {
        let show =
            |s: &Option<String>| s.as_deref().map_or("(nothing)".to_string(), |s| format!("`{}`", s.replace('`', "'")));
        if d.line == 0 {
            out.push_str("- The outputs differ only in white space or line ends.\n");
        } else {
            let _ = writeln!(
                out,
                "- First difference, line {}: expected {}, got {}",
                d.line,
                show(&d.expected),
                show(&d.got)
            );
        }
    }
    if r.verdict == Verdict::Tle {
        let _ = writeln!(out, "- Time: {}", time(r));
    }
    if let Some(kb) = r.memory_kb {
        let _ = writeln!(out, "- Peak memory: {kb} KB");
    }
    if let Some(c) = &r.checker {
        let _ = writeln!(out, "- Checker: {c}");
    }
    if let Some(n) = &r.note {
        let _ = writeln!(out, "- Note: {n}");
    }
    if let Some(e) = &r.expected {
        let _ = writeln!(out, "- Expected output:\n```\n{}\n```", e.trim_end().replace("```", "'''"));
    }
    if let Some(o) = &r.output {
        let _ = writeln!(out, "- Output ({} ms):\n```\n{}\n```", r.time_ms, o.trim_end().replace("```", "'''"));
    }
    if let Some(input) = &r.input {
        let _ = writeln!(out, "- Input:\n```\n{}\n```", input.trim_end().replace("```", "'''"));
    }
    if let Some(err) = &r.stderr {
        let _ = writeln!(out, "- stderr (end):\n```\n{}\n```", err.replace("```", "'''"));
    }
}
