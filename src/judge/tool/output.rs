//! The result of `test_solution`: its structured copy (schema
//! `tools/schemas/test_solution.output.json`), the text made from it (`judge/report.rs`), and the
//! notes: what was not enforced, what to do next.

use serde_json::Value;

use super::super::compare::Mode;
use super::super::plan;
use super::super::toolchain::Lang;
use super::super::verdict::Verdict;
use super::super::{Job, Program, Report};
use super::args::Options;
use crate::models::Problem;
use crate::problems::ToolOutput;
use crate::samples::Io;
use crate::statement::Facts;

/// Why the comparison is what it is.
pub(in crate::judge) fn comparison(job: &Job, opts: &Options, facts: &Facts) -> Value {
    let order = facts.any_order.as_deref().filter(|_| job.any_order);
    if job.io == Io::Function {
        let sets = facts.set_items.as_deref().filter(|_| job.order == super::super::leetcode::Order::Sets);
        let why = match sets.or(order) {
            Some(o) if sets.is_some() => format!(
                "LeetCode: the return value compared as data, floats within 1e-5; a returned list in any order, each \
item in any order too (\"{o}\")"
            ),
            Some(o) => format!(
                "LeetCode: the return value compared as data, floats within 1e-5; a returned list in any order (\"{o}\")"
            ),
            None => "LeetCode: the return value compared as data, floats within 1e-5".into(),
        };
        return json!({ "mode": "data", "float_tolerance": null, "error": null, "any_case": false, "any_order": sets.or(order).is_some(), "why": why });
    }
    let (tol, kind) = match job.mode {
        Mode::Float(t, k) => (Some(t), Some(k.name())),
        _ => (None, None),
    };
    let mut why = match (opts.compare, &facts.tolerance) {
        (Some(c), _) => format!("`compare: {c}` was asked for"),
        (None, Some(t)) => format!("the statement accepts answers within an error (\"{}\")", t.words),
        (None, None) if opts.tolerance.is_some() => "`float_tolerance` was given".into(),
        (None, None) => "the default: whitespace-separated tokens, as most checkers compare".into(),
    };
    if let Some(c) = facts.any_case.as_deref().filter(|_| job.any_case) {
        why.push_str(&format!("; letters in either case (\"{c}\")"));
    }
    if let Some(o) = order {
        why.push_str(&format!(
            "; lines or tokens in any order (\"{o}\"): another order is AC, another output UNVERIFIED"
        ));
    }
    json!({ "mode": job.mode.name(), "float_tolerance": tol, "error": kind, "any_case": job.any_case, "any_order": order.is_some(), "why": why })
}

fn limits_from(given: Option<u64>, stated: Option<u64>) -> &'static str {
    match (given, stated) {
        (Some(_), _) => "arguments",
        (None, Some(_)) => "statement",
        (None, None) => "default",
    }
}

/// Where the limits came from, in words: `time: statement, memory: default (AtCoder's usual …)`.
pub(in crate::judge) fn limits_words(p: &Problem, opts: &Options, facts: &Facts) -> String {
    let time = limits_from(opts.time_ms, facts.time_ms);
    let memory = limits_from(opts.memory_mb, facts.memory_mb);
    let mut from = format!("time: {time}, memory: {memory}");
    if time == "default" || memory == "default" {
        from.push_str(&format!(" ({})", plan::defaults(p.source.as_str()).why));
    }
    from
}

/// What decides a mismatch, by the caller's checker or the statement's words.
fn mismatch_rule(job: &Job) -> &'static str {
    match () {
        _ if job.checker.is_some() => "checker",
        _ if job.any_answer => "any_answer",
        _ if job.any_order => "any_order",
        _ => "wrong_answer",
    }
}

#[cfg_attr(oj_size, optimize(size))]
pub(super) fn output(
    p: &Problem,
    job: &Job,
    opts: &Options,
    facts: &Facts,
    report: &Report,
    skipped: &[String],
) -> ToolOutput {
    let passed = report.results.iter().filter(|r| r.verdict == Verdict::Ac).count();
    let memory = memory_words(job, report);
    let structured = json!({
        "source": p.source,
        "id": p.id,
        "title": p.title,
        "verdict": report.overall().name(),
        "passed": passed,
        "total": job.samples.iter().filter(|c| c.judged).count(),
        "own_tests": job.samples.iter().filter(|c| c.own).count(),
        "ran": report.results.iter().filter(|r| r.verdict == Verdict::Ran).count(),
        "not_run": report.not_run,
        "language": match &job.program { Program::Code { lang, .. } => Some(lang.name()), _ => None },
        "compile": report.build.as_ref().map(|b| {
            let standard = b.standard.as_ref();
            json!({
                "cached": b.cached,
                "ms": b.compile_ms,
                "precompiled_header": b.pch,
                "standard": standard.map(|s| &s.name),
                "standard_why": standard.map(|s| &s.why),
                "log": b.log,
            })
        }),
        "compile_error": report.compile_error,
        "comparison": comparison(job, opts, facts),
        "mismatch_rule": mismatch_rule(job),
        "any_answer_phrase": facts.any_answer,
        "statement_says": {
            "any_answer": facts.any_answer,
            "any_order": facts.any_order,
            "any_case": facts.any_case,
            "tolerance": facts.tolerance.as_ref().map(|t| &t.words),
            "other_outputs_possible": facts.maybe_several,
        },
        "limits": { "time_ms": job.time_ms, "memory_mb": job.memory_mb, "from": limits_words(p, opts, facts) },
        "confinement": report.confinement.json(memory),
        "samples": report.results.iter().map(|r| r.json()).collect::<Vec<_>>(),
    });
    let text = super::super::report::text(p, job, report, &structured);
    let mut out = ToolOutput::structured(text, structured);
    let default_time = limits_from(opts.time_ms, facts.time_ms) == "default";
    let timed_out = report.results.iter().any(|r| r.verdict == Verdict::Tle);
    let time_note = (default_time && timed_out).then(|| {
        format!(
            "The time limit, {} ms, is the platform's usual one ({}): if this problem allows more (a heuristic \
contest's program runs to its own clock), pass `time_limit_ms`.",
            job.time_ms,
            plan::defaults(p.source.as_str()).why
        )
    });
    for n in notes(job, report, skipped).into_iter().chain(time_note) {
        out.note(&n);
    }
    out
}

/// How memory was limited, in words.
pub(in crate::judge) fn memory_words(job: &Job, report: &Report) -> String {
    if job.memory_mb == 0 {
        return "not limited (memory_limit_mb: 0)".into();
    }
    if report.confinement.memory_limited {
        return format!("address space limited to {} MB (prlimit --as)", job.memory_mb);
    }
    match &job.program {
        Program::Code { lang: Lang::Java, .. } => {
            format!("Java heap limited to {} MB (-Xmx); the process is not", job.memory_mb)
        }
        Program::Code { lang: Lang::JavaScript, .. } => {
            format!("V8 heap limited to {} MB (--max-old-space-size); the process is not", job.memory_mb)
        }
        _ => "not limited on this system".into(),
    }
}

/// What Windows does not enforce (docs/sandbox.md, Windows).
const WINDOWS_NOTE: &str = "On Windows only the wall-clock limit is enforced (the program and the processes it \
started are killed with taskkill): memory, CPU time and network access are not limited.";

/// The sentences that are not data: what was not enforced, what to do next.
fn notes(job: &Job, report: &Report, skipped: &[String]) -> Vec<String> {
    let mut notes = Vec::new();
    if cfg!(windows) {
        notes.push(WINDOWS_NOTE.to_string());
    } else if let Some(note) = report.confinement.note() {
        notes.push(note);
    }
    if !skipped.is_empty() {
        notes.push(format!("Not run, their examples are not values to call and compare: {}.", skipped.join("; ")));
    }
    if report.not_run > 0 {
        notes.push(format!("fail_fast stopped after the first failure: {} sample(s) not run.", report.not_run));
    }
    if let (Some(msg), Program::Code { lang, source }) = (&report.compile_error, &job.program) {
        let tool = lang.tool_for(&job.judge, &|k| std::env::var(k).ok());
        notes.extend(plan::python_syntax_note(*lang, &tool, msg));
        notes.extend(plan::java_version_note(*lang, &tool, msg));
        notes.extend(plan::cpp_standard_note(*lang, &tool, source, msg));
    }
    if report.overall() == Verdict::Unverified {
        notes.push(
            "A different output is not necessarily wrong here (the statement accepts several answers, or another \
order): check it by hand, or pass `checker` (argv run with input, output and expected file paths; exit 0 = \
accepted)."
                .into(),
        );
    }
    if let Some(n) = pypy_note(job, report) {
        notes.push(n);
    }
    notes.extend(module_note(job, report));
    if job.samples.len() > 1 && report.results.is_empty() && report.compile_error.is_none() && !report.cancelled {
        notes.push("No sample was run.".into());
    }
    notes
}

/// A CPython run out of time: PyPy, which AtCoder and Codeforces offer, is often many times faster.
fn pypy_note(job: &Job, report: &Report) -> Option<String> {
    let Program::Code { lang: Lang::Python, .. } = &job.program else { return None };
    if !report.results.iter().any(|r| r.verdict == Verdict::Tle) {
        return None;
    }
    let here = if super::super::paths::which(&Lang::PyPy.tool(&|k| std::env::var(k).ok())[0]).is_some() {
        "it is installed here: run again with `language: \"pypy\"`"
    } else {
        "install pypy3 (or name it in OJ_PYPY) and run again with `language: \"pypy\"`"
    };
    Some(format!(
        "This ran on CPython. Judges also offer PyPy, often 5 to 10 times faster on loops, and many Python \
solutions are written for it: {here}."
    ))
}

/// A Python run that failed on an import of a module this interpreter lacks: the judges' Python
/// has the usual ones (AtCoder's ac-library-python as `atcoder`, sortedcontainers, numpy; LeetCode's
/// sortedcontainers), so the `RE` is this machine's, not the program's.
fn module_note(job: &Job, report: &Report) -> Option<String> {
    let Program::Code { lang: lang @ (Lang::Python | Lang::PyPy), .. } = &job.program else { return None };
    let marker = "ModuleNotFoundError: No module named '";
    let module = report.results.iter().filter_map(|r| r.stderr.as_deref()).find_map(|e| {
        let rest = &e[e.find(marker)? + marker.len()..];
        Some(rest[..rest.find('\'')?].split('.').next().unwrap_or_default().to_string())
    })?;
    let package = match module.as_str() {
        "atcoder" => "ac-library-python",
        "sklearn" => "scikit-learn",
        "more_itertools" => "more-itertools",
        other => other,
    };
    let tool = lang.tool(&|k| std::env::var(k).ok());
    Some(format!(
        "The program imports `{module}`, which the Python this judge ran (`{}`) does not have, so the `RE` is this \
machine's: the judges' Python often has it (AtCoder's includes ac-library-python, numpy, scipy, networkx and \
sortedcontainers; LeetCode's sortedcontainers). Install it for that interpreter (`{} -m pip install {package}`), or \
name one that has it in {}, and run again.",
        tool[0],
        tool[0],
        lang.var()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::compare::Diff;
    use crate::judge::sandbox::Confinement;
    use crate::judge::verdict::SampleResult;
    use crate::judge::{BuildInfo, Case, leetcode};
    use crate::samples;
    use std::time::Instant;

    fn sample(number: usize, verdict: Verdict) -> SampleResult {
        SampleResult {
            number,
            verdict,
            time_ms: 3,
            exit: None,
            diff: None,
            stderr: None,
            input: None,
            checker: None,
            note: None,
            overhead_us: (0, 0),
            own: false,
            output: None,
            expected: None,
            memory_kb: None,
            cpu_ms: None,
        }
    }

    fn job(any_answer: bool) -> Job {
        let s = samples::Sample { input: "1\n".into(), output: "2\n".into(), explanation: None };
        Job {
            program: Program::Code { lang: Lang::Cpp, source: "x".into() },
            io: Io::Stdin,
            samples: vec![Case::stdin(1, &s), Case::stdin(2, &s)],
            driver: None,
            time_ms: 1000,
            memory_mb: 256,
            mode: Mode::Tokens,
            any_answer,
            any_order: false,
            order: leetcode::Order::Fixed,
            quad_tree: false,
            any_case: false,
            maybe_several: false,
            checker: None,
            fail_fast: false,
            called: Instant::now(),
            judge: "atcoder".into(),
        }
    }

    fn opts() -> Options {
        Options {
            time_ms: None,
            memory_mb: None,
            compare: None,
            tolerance: None,
            tests: None,
            fail_fast: false,
            checker: None,
            own: Vec::new(),
        }
    }

    fn report(results: Vec<SampleResult>, compile_error: Option<String>) -> Report {
        let confinement = Confinement::none(true);
        let build = Some(BuildInfo { cached: false, pch: false, standard: None, compile_ms: 500, log: String::new() });
        Report { build, compile_error, results, confinement, not_run: 0, cancelled: false }
    }

    #[test]
    fn text_and_structured_say_the_same() {
        let p = Problem {
            id: "1A".into(),
            source: "codeforces".into(),
            title: "Theatre Square".into(),
            ..Problem::default()
        };
        let facts = Facts { time_ms: Some(1000), memory_mb: Some(256), ..Facts::default() };
        let mut wa = sample(2, Verdict::Wa);
        wa.diff = Some(Diff { line: 1, expected: Some("6".into()), got: Some("2".into()) });
        wa.input = Some("7 5 3\n".into());
        wa.stderr = Some("warn".into());
        let out = output(&p, &job(false), &opts(), &facts, &report(vec![sample(1, Verdict::Ac), wa], None), &[]);
        let v = out.structured.unwrap();
        assert_eq!((v["verdict"].as_str(), v["passed"].as_u64(), v["total"].as_u64()), (Some("WA"), Some(1), Some(2)));
        assert!(out.text.starts_with("# WA: 1/2 samples passed\n"), "{}", out.text);
        assert!(out.text.contains("| 2 | WA | 3 ms |"), "{}", out.text);
        assert!(out.text.contains("- First difference, line 1: expected `6`, got `2`"), "{}", out.text);
        assert!(out.text.contains("- Limits: 1000 ms, 256 MB (time: statement, memory: statement)"), "{}", out.text);
        // What was not enforced is said in the text and in notes.
        let note = v["notes"][0].as_str().unwrap_or_default();
        assert!(note.starts_with(if cfg!(windows) { "On Windows" } else { "Not confined" }), "{note}");
        assert!(out.text.contains(note), "{}", out.text);
    }

    #[test]
    fn a_mismatch_where_any_answer_is_accepted_and_a_compile_error() {
        let p = Problem { id: "x".into(), source: "atcoder".into(), title: "T".into(), ..Problem::default() };
        let facts = Facts { any_answer: Some("print any of them".into()), ..Facts::default() };
        let out = output(&p, &job(true), &opts(), &facts, &report(vec![sample(1, Verdict::Unverified)], None), &[]);
        let v = out.structured.unwrap();
        assert_eq!((v["verdict"].as_str(), v["mismatch_rule"].as_str()), (Some("UNVERIFIED"), Some("any_answer")));
        assert!(v["notes"].as_array().unwrap().iter().any(|n| n.as_str().unwrap().contains("pass `checker`")));
        let out =
            output(&p, &job(false), &opts(), &Facts::default(), &report(vec![], Some("main.cpp:1: error".into())), &[]);
        assert!(out.text.contains("## Compilation error (CE)\n\n```\nmain.cpp:1: error\n```"), "{}", out.text);
        assert_eq!(out.structured.unwrap()["verdict"], "CE");
    }

    #[test]
    fn a_module_this_python_lacks_is_named_with_its_package() {
        let p = Problem { id: "abc157_e".into(), source: "atcoder".into(), title: "T".into(), ..Problem::default() };
        let mut re = sample(1, Verdict::Re);
        re.stderr = Some(
            "Traceback (most recent call last):\n  File \"main.py\", line 1\nModuleNotFoundError: No module named \
'atcoder.segtree'"
                .into(),
        );
        let mut j = job(false);
        j.program = Program::Code { lang: Lang::Python, source: "from atcoder.segtree import SegTree".into() };
        let out = output(&p, &j, &opts(), &Facts::default(), &report(vec![re], None), &[]);
        let v = out.structured.unwrap();
        let note = v["notes"].as_array().unwrap().iter().filter_map(|n| n.as_str()).find(|n| n.contains("imports"));
        let note = note.unwrap_or_default();
        assert!(note.contains("`atcoder`") && note.contains("pip install ac-library-python"), "{note}");
        assert!(out.text.contains(note), "{}", out.text);
        // C++ or a run without the message: no such note.
        let out = output(&p, &job(false), &opts(), &Facts::default(), &report(vec![sample(1, Verdict::Re)], None), &[]);
        assert!(!out.text.contains("imports"), "{}", out.text);
    }
}
