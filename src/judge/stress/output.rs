//! The result of `stress_test`: its structured copy (schema
//! `tools/schemas/stress_test.output.json`), the text made from the same facts, and the notes.

use std::fmt::Write as _;

use serde_json::Value;

use super::super::Job;
use super::super::sandbox::Confinement;
use super::super::tool::output::{comparison, limits_words, resident_words};
use super::super::verdict::Verdict;
use super::args::Stress;
use super::rounds::{Found, Round, Side};
use super::{Outcome, Program};
use crate::models::Problem;
use crate::problems::ToolOutput;
use crate::statement::Facts;

/// The result when one of the three programs did not compile.
pub(super) fn compile_error(p: &Problem, job: &Job, which: &str, msg: &str) -> ToolOutput {
    let structured = json!({
        "source": p.source, "id": p.id, "title": p.title,
        "verdict": "CE",
        "summary": format!("the {which} did not compile"),
        "rounds": 0,
        "compile_error": { "which": which, "message": msg },
        "limits": { "time_ms": job.time_ms, "memory_mb": job.memory_mb },
    });
    let text = format!(
        "# CE: the {which} did not compile\n\n- Problem: {} {} ({})\n\n## Compilation error ({which})\n\n```\n{}\n```\n",
        p.source,
        p.id,
        p.title.trim(),
        msg.trim_end().replace("```", "'''")
    );
    let mut out = ToolOutput::structured(text, structured);
    out.note("Nothing was run: fix the compile error and call stress_test again.");
    out
}

fn side_json(s: &Side) -> Value {
    json!({ "verdict": s.verdict.name(), "time_ms": s.time_ms, "cpu_ms": s.cpu_ms, "exit": s.exit, "output": s.output,
        "stderr_tail": s.stderr })
}

/// A run's times in words: the wall clock, and the CPU time where measured (what TLE is judged on).
fn times(x: &Value) -> String {
    match x["cpu_ms"].as_u64() {
        Some(cpu) => format!("{} ms (CPU {cpu} ms)", x["time_ms"]),
        None => format!("{} ms", x["time_ms"]),
    }
}

/// The verdict and the one-line summary.
fn verdict(o: &Outcome) -> (&'static str, String) {
    if let Some(r) = &o.found {
        // An input generated from a statement the generator did not wholly read may be invalid:
        // a failure on it is a lead, not a wrong answer (nor the reference's fault).
        let side = match &r.found {
            Found::Program(v) if *v != Verdict::Unverified => Some(format!("the program ({})", v.name())),
            Found::Reference => Some("the reference".into()),
            _ => None,
        };
        if let Some(side) = side.filter(|_| !o.doubts.is_empty()) {
            let why =
                format!("{side} fails on a generated input that may break a constraint the generator did not read");
            return ("UNCONFIRMED", why);
        }
        return match &r.found {
            Found::Program(Verdict::Unverified) => (
                "OUTPUTS_DIFFER",
                "the outputs differ, and the statement accepts several answers: give a checker to decide".into(),
            ),
            Found::Program(v) => (v.name(), format!("the program fails where the reference does not ({})", v.name())),
            Found::Reference => ("REFERENCE_FAULT", "the reference failed (its fault, not the program's)".into()),
            Found::Generator(_) => ("GENERATOR_FAULT", "the generator did not give an input".into()),
            Found::Same => ("PASSED", String::new()),
        };
    }
    if let Some((_, Ok(s))) = &o.largest
        && s.verdict != Verdict::Ac
    {
        let why = if s.verdict == Verdict::Tle {
            "too slow on the largest input".into()
        } else {
            format!("{} on the largest input", s.verdict.name())
        };
        return (s.verdict.name(), why);
    }
    if let Some((_, Err(_))) = &o.largest {
        return ("GENERATOR_FAULT", "the generator did not give the largest input".into());
    }
    if o.cancelled {
        return ("CANCELLED", format!("cancelled after {} rounds without a difference", o.rounds));
    }
    // With `rounds: 0` "no difference in 0 rounds" read as if nothing had run: say what did.
    let largest = match &o.largest {
        Some((size, Ok(s))) => {
            let t = times(&json!({ "time_ms": s.time_ms, "cpu_ms": s.cpu_ms }));
            format!("the largest input (size {size}) ran in {t}, within the time limit")
        }
        _ => String::new(),
    };
    let skipped = match o.skipped {
        0 => String::new(),
        k => format!(" ({k} more skipped: the reference failed on inputs outside the statement)"),
    };
    match (o.rounds.saturating_sub(o.skipped), largest.is_empty()) {
        (0, false) => ("PASSED", format!("no round run{skipped}; {largest}")),
        (n, false) => ("PASSED", format!("no difference in {n} rounds{skipped}; {largest}")),
        (n, true) => ("PASSED", format!("no difference in {n} rounds{skipped}")),
    }
}

fn counterexample(o: &Outcome, r: &Round) -> Value {
    let diff = r.diff.as_ref().map(|d| json!({ "line": d.line, "expected": d.expected, "got": d.got }));
    let fault = match &r.found {
        Found::Reference => "reference",
        Found::Generator(_) => "generator",
        _ => "program",
    };
    json!({
        "fault": fault,
        "seed": r.seed,
        "size": r.size,
        "first_size": o.first_size,
        "shrink_rounds": o.shrink_rounds,
        "input": r.input,
        "program": r.program.as_ref().map(side_json),
        "reference": r.reference.as_ref().map(side_json),
        "first_difference": diff,
        "note": r.note,
        "checker_message": r.checker,
        "generator_error": match &r.found { Found::Generator(w) => Some(w.as_str()), _ => None },
    })
}

/// The result of the rounds.
#[cfg_attr(oj_size, optimize(size))]
pub(super) fn output(p: &Problem, job: &Job, a: &Stress, facts: &Facts, o: &Outcome, c: &Confinement) -> ToolOutput {
    let (v, summary) = verdict(o);
    let secs = o.elapsed.as_secs_f64();
    let memory = if c.memory_limited {
        format!("address space limited to {} MB", job.memory_mb)
    } else if c.resident_limited {
        resident_words(job.memory_mb)
    } else {
        "not limited by the sandbox".into()
    };
    let largest = o.largest.as_ref().map(|(size, run)| match run {
        Ok(s) => json!({ "size": size, "verdict": s.verdict.name(), "time_ms": s.time_ms, "cpu_ms": s.cpu_ms, "exit": s.exit,
            "stderr_tail": s.stderr, "too_slow": s.verdict == Verdict::Tle, "error": null }),
        Err(e) => json!({ "size": size, "verdict": null, "time_ms": null, "cpu_ms": null, "exit": null, "stderr_tail": null, "too_slow": false, "error": e }),
    });
    let structured = json!({
        "source": p.source, "id": p.id, "title": p.title,
        "verdict": v,
        "summary": summary,
        "rounds": o.rounds,
        "seconds": (secs * 1000.0).round() / 1000.0,
        "rounds_per_second": if secs > 0.0 { (o.rounds as f64 / secs * 10.0).round() / 10.0 } else { 0.0 },
        "stopped_by": o.stopped_by,
        "timeouts_not_repeated": o.unrepeated,
        "rounds_skipped": o.skipped,
        "first_skipped": o.first_skipped.as_ref().map(|r| json!({ "seed": r.seed, "size": r.size, "input": r.input,
            "reference": r.reference.as_ref().map(side_json) })),
        "generator_call": "generator SEED SIZE",
        "sizes": { "max_size": a.max_size, "first_seed": a.seed },
        "counterexample": o.found.as_ref().map(|r| counterexample(o, r)),
        "largest": largest,
        "compile_error": null,
        "language": match &job.program { Program::Code { lang, .. } => Some(lang.name()), _ => None },
        "comparison": comparison(job, &a.opts, facts),
        "limits": { "time_ms": job.time_ms, "memory_mb": job.memory_mb, "from": limits_words(p, &a.opts, facts) },
        "confinement": c.json(memory),
    });
    let text = text(p, &structured);
    let mut out = ToolOutput::structured(text, structured);
    for n in notes(job, o, c, v) {
        out.note(&n);
    }
    out
}

/// The sentences that are not data: what to do next.
fn notes(job: &Job, o: &Outcome, c: &Confinement, v: &str) -> Vec<String> {
    let mut notes: Vec<String> = c.note().into_iter().collect();
    let kind = o.found.as_ref().map(|r| &r.found);
    if v == "UNCONFIRMED" {
        notes.push(format!(
            "Check the counterexample's input against what the statement says and the generator did not read: {}. \
If the input keeps all of it, it is a real counterexample (fix the program, or the reference if it failed); if it \
breaks one, it proves nothing: pass a `generator` whose inputs keep it.",
            o.doubts.join("; ")
        ));
        return notes;
    }
    match kind {
        Some(Found::Program(Verdict::Unverified)) => notes.push(
            "The statement accepts several answers and no `checker` was given: the outputs differ, which is not \
necessarily wrong. Check the program's output by hand, or pass `checker` (argv run with the input, the program's \
output and the reference's output as file paths; exit 0 = accepted)."
                .into(),
        ),
        Some(Found::Program(_)) => notes.push(
            "Fix the program on this input (rerun it with test_solution's `custom_tests`), then stress again; the \
seed and size reproduce it (`generator SEED SIZE`)."
                .into(),
        ),
        Some(Found::Reference) => notes.push(
            "The reference failed on this input: fix the reference (or the generator, if the input breaks the \
constraints) before trusting any verdict of this stress test."
                .into(),
        ),
        _ => {}
    }
    if o.found.is_none() && o.rounds > 0 && !o.cancelled {
        notes.push(
            "No difference is evidence, not proof: the rounds only cover what the generator makes. Before \
submitting, also try `largest: true` and edge cases (smallest values, equal elements, extremes)."
                .into(),
        );
    }
    if let Some(r) = &o.first_skipped {
        let how = r.reference.as_ref().map_or(String::new(), |s| {
            format!(" ({}{})", s.verdict.name(), s.exit.as_deref().map(|e| format!(": {e}")).unwrap_or_default())
        });
        notes.push(format!(
            "{} of the {} rounds were skipped: the reference failed on their inputs, generated from a statement \
with lines the generator did not read ({}), so those inputs are taken as outside the statement. The first: seed {}, \
size {}{how}, input `{}`. If that input keeps every line, the reference has a bug: fix it.",
            o.skipped,
            o.rounds,
            o.doubts.join("; "),
            r.seed,
            r.size,
            super::super::verdict::head(&r.input, 300).replace('`', "'")
        ));
    }
    if o.unrepeated > 0 && o.stopped_by != "difference_not_repeated" {
        notes.push(format!(
            "{} round(s) failed in a batch of rounds (a time-out on a busy machine, usually) but not when run again \
alone: not reported, and the rounds went on (timeouts_not_repeated).",
            o.unrepeated
        ));
    } else if o.unrepeated > 0 {
        notes.push(
            "A round timed out while rounds ran in parallel, but not when it ran again alone: the machine was busy, \
the program is not too slow there. The rounds stopped at it (stopped_by: difference_not_repeated); call again for \
more rounds, or check the time with `largest: true`."
                .into(),
        );
    }
    if job.checker.is_none() && job.any_answer && o.found.is_none() {
        notes.push("The statement accepts several answers: any difference would be reported as OUTPUTS_DIFFER, not WA, without a `checker`.".into());
    }
    notes
}

/// The Markdown text, from the structured copy.
fn text(p: &Problem, s: &Value) -> String {
    let mut out = String::new();
    let str_of = |v: &Value| v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string());
    let _ = writeln!(out, "# {}: {}\n", str_of(&s["verdict"]), str_of(&s["summary"]));
    let _ = writeln!(out, "- Problem: {} {} ({})", p.source, p.id, p.title.trim());
    let _ = writeln!(
        out,
        "- Rounds: {} in {} s ({} per second), stopped by {}; the generator ran as `generator SEED SIZE`, sizes 1 to {}, seeds from {}",
        s["rounds"],
        s["seconds"],
        s["rounds_per_second"],
        str_of(&s["stopped_by"]),
        s["sizes"]["max_size"],
        s["sizes"]["first_seed"]
    );
    let c = &s["comparison"];
    let _ = writeln!(out, "- Comparison: {} ({})", str_of(&c["mode"]), str_of(&c["why"]));
    let l = &s["limits"];
    let _ = writeln!(out, "- Limits: {} ms, {} MB ({})", l["time_ms"], l["memory_mb"], str_of(&l["from"]));
    let k = &s["confinement"];
    let _ = writeln!(
        out,
        "- Sandbox: {} (filesystem: {}; processes: {}); memory: {}",
        str_of(&k["engine"]),
        str_of(&k["filesystem"]),
        str_of(&k["processes"]),
        str_of(&k["memory"])
    );
    if let Some(x) = s["counterexample"].as_object() {
        counterexample_text(&mut out, x);
    }
    if let Some(x) = s["largest"].as_object() {
        let _ = writeln!(out, "\n## Largest input (size {})", x["size"]);
        if let Some(e) = x["error"].as_str() {
            let _ = writeln!(out, "- Not run: {e}");
        } else {
            let _ = writeln!(
                out,
                "- {}, {}{}",
                str_of(&x["verdict"]),
                times(&s["largest"]),
                x["exit"].as_str().map(|e| format!(" ({e})")).unwrap_or_default()
            );
            if x["too_slow"] == true {
                out.push_str("- Too slow on the largest input.\n");
            }
            fence(&mut out, "stderr (end)", &x["stderr_tail"]);
        }
    }
    out
}

fn fence(out: &mut String, label: &str, v: &Value) {
    if let Some(t) = v.as_str() {
        let _ = writeln!(out, "- {label}:\n```\n{}\n```", t.trim_end().replace("```", "'''"));
    }
}

fn counterexample_text(out: &mut String, x: &serde_json::Map<String, Value>) {
    let shrunk = match x["first_size"].as_u64() {
        Some(f) if Some(f) != x["size"].as_u64() => format!("; shrunk from size {f} in {} rounds", x["shrink_rounds"]),
        _ => String::new(),
    };
    let _ = writeln!(
        out,
        "\n## Counterexample ({} fault; seed {}, size {}{shrunk})",
        x["fault"].as_str().unwrap_or(""),
        x["seed"],
        x["size"]
    );
    if let Some(g) = x["generator_error"].as_str() {
        let _ = writeln!(out, "- Generator: {g}");
    }
    fence(out, "Input", &x["input"]);
    for (who, key) in [("Program", "program"), ("Reference", "reference")] {
        let side = &x[key];
        if side.is_null() {
            continue;
        }
        let exit = side["exit"].as_str().map(|e| format!(" ({e})")).unwrap_or_default();
        let _ = writeln!(out, "- {who}: {}, {}{exit}", side["verdict"].as_str().unwrap_or(""), times(side));
        fence(out, &format!("{who}'s output"), &side["output"]);
        fence(out, &format!("{who}'s stderr (end)"), &side["stderr_tail"]);
    }
    if let Some(d) = x["first_difference"].as_object() {
        let show = |v: &Value| v.as_str().map_or("(nothing)".to_string(), |s| format!("`{}`", s.replace('`', "'")));
        let _ = writeln!(
            out,
            "- First difference, line {}: the reference {}, the program {}",
            d["line"],
            show(&d["expected"]),
            show(&d["got"])
        );
    }
    if let Some(n) = x["note"].as_str() {
        let _ = writeln!(out, "- Note: {n}");
    }
    if let Some(c) = x["checker_message"].as_str() {
        let _ = writeln!(out, "- Checker: {c}");
    }
}

#[cfg(test)]
mod tests {
    use super::super::rounds::Side;
    use super::*;
    use crate::judge::compare::{Diff, Mode};
    use crate::judge::leetcode::Order;
    use crate::judge::tool::args::Options;
    use crate::judge::toolchain::Lang;
    use crate::samples::Io;
    use std::time::{Duration, Instant};

    fn job(any_answer: bool) -> Job {
        Job {
            program: Program::Code { lang: Lang::Cpp, source: "x".into() },
            io: Io::Stdin,
            samples: Vec::new(),
            driver: None,
            time_ms: 1000,
            memory_mb: 256,
            mode: Mode::Tokens,
            any_answer,
            any_order: false,
            order: Order::Fixed,
            quad_tree: false,
            any_case: false,
            maybe_several: false,
            checker: None,
            fail_fast: false,
            called: Instant::now(),
            judge: "atcoder".into(),
        }
    }

    fn stress() -> Stress {
        let opts = Options {
            time_ms: None,
            memory_mb: None,
            compare: None,
            tolerance: None,
            tests: None,
            fail_fast: false,
            checker: None,
            own: Vec::new(),
        };
        Stress {
            program: Program::Command { argv: Vec::new(), cwd: None },
            reference: None,
            generator: None,
            opts,
            rounds: 100,
            budget_s: 10.0,
            max_size: 10,
            seed: 1,
            largest_size: None,
            reference_time_ms: None,
        }
    }

    fn side(v: Verdict, out: &str) -> Side {
        Side { verdict: v, time_ms: 4, cpu_ms: None, exit: None, output: out.into(), stderr: None }
    }

    fn outcome(found: Found) -> Outcome {
        let round = Round {
            seed: 12,
            size: 3,
            found,
            input: "3\n1 2 3\n".into(),
            program: Some(side(Verdict::Wa, "5\n")),
            reference: Some(side(Verdict::Ac, "6\n")),
            diff: Some(Diff { line: 1, expected: Some("6".into()), got: Some("5".into()) }),
            note: None,
            checker: None,
        };
        Outcome {
            rounds: 11,
            elapsed: Duration::from_millis(500),
            found: Some(round),
            first_size: Some(7),
            shrink_rounds: 40,
            largest: None,
            cancelled: false,
            stopped_by: "difference",
            unrepeated: 0,
            skipped: 0,
            first_skipped: None,
            doubts: Vec::new(),
        }
    }

    #[test]
    fn a_counterexample_in_the_text_and_the_structured_copy() {
        let p = Problem { id: "1A".into(), source: "codeforces".into(), title: "T".into(), ..Problem::default() };
        let c = Confinement::none(true);
        let out = output(&p, &job(false), &stress(), &Facts::default(), &outcome(Found::Program(Verdict::Wa)), &c);
        let v = out.structured.unwrap();
        assert_eq!((v["verdict"].as_str(), v["counterexample"]["size"].as_u64()), (Some("WA"), Some(3)));
        assert!(out.text.starts_with("# WA: the program fails where the reference does not"), "{}", out.text);
        assert!(out.text.contains("seed 12, size 3; shrunk from size 7 in 40 rounds"), "{}", out.text);
        assert!(out.text.contains("- First difference, line 1: the reference `6`, the program `5`"), "{}", out.text);
        for n in v["notes"].as_array().unwrap() {
            assert!(out.text.contains(n.as_str().unwrap()), "{n}");
        }
        // Several answers and no checker: never WA.
        let out =
            output(&p, &job(true), &stress(), &Facts::default(), &outcome(Found::Program(Verdict::Unverified)), &c);
        let v = out.structured.unwrap();
        assert_eq!(v["verdict"], "OUTPUTS_DIFFER");
        assert!(out.text.contains("give a checker"), "{}", out.text);
        let out = output(&p, &job(false), &stress(), &Facts::default(), &outcome(Found::Reference), &c);
        assert_eq!(out.structured.unwrap()["counterexample"]["fault"], "reference");
    }

    /// A failure on an input generated from a statement with a line the generator did not keep
    /// is UNCONFIRMED, the line named (the input may break it); without such a line it is WA.
    #[test]
    fn a_failure_on_an_input_that_may_be_invalid_is_unconfirmed() {
        let p = Problem { id: "1".into(), source: "leetcode".into(), title: "T".into(), ..Problem::default() };
        let c = Confinement::none(true);
        let line = "The prerequisites graph has no cycles";
        for found in [Found::Program(Verdict::Wa), Found::Program(Verdict::Re), Found::Reference] {
            let mut o = outcome(found);
            o.doubts = vec![line.into()];
            let out = output(&p, &job(false), &stress(), &Facts::default(), &o, &c);
            let v = out.structured.unwrap();
            assert_eq!(v["verdict"], "UNCONFIRMED", "{v}");
            assert!(out.text.starts_with("# UNCONFIRMED: "), "{}", out.text);
            assert!(out.text.contains(line) && v["notes"].to_string().contains(line), "{}", out.text);
            assert!(!v["notes"].to_string().contains("Fix the program on this input"), "{v}");
        }
        // Several answers: still OUTPUTS_DIFFER.
        let mut o = outcome(Found::Program(Verdict::Unverified));
        o.doubts = vec![line.into()];
        let out = output(&p, &job(true), &stress(), &Facts::default(), &o, &c);
        assert_eq!(out.structured.unwrap()["verdict"], "OUTPUTS_DIFFER");
    }
}
