//! `stress_test`'s operation: the program against a reference (a brute force) on many inputs from
//! a generator, run as `generator SEED SIZE`; the three built once, the rounds run in parallel
//! over the cores in the sandbox under the limits, the outputs compared as samples are (tokens, the
//! statement's float tolerance, LeetCode's data, or the caller's checker with the reference's
//! output as the expected one). It stops at the first round that differs, looks for a smaller
//! failing input, and reports it; `largest` runs the program once on the generator's largest
//! input. Declared in `tools/`, offered with `--allow-run`.
//!
//! A file per job: `args` (the arguments), `source` (where inputs come from: the seam for
//! LeetCode testcases generated from the statement), `rounds` (a round, the parallel search, the
//! shrink), `output` (the structured result and its text).

mod args;
mod batch;
mod output;
mod rounds;
mod source;

use std::time::{Duration, Instant};

use super::plan::{self, Reader};
use super::sandbox::{self, Limits};
use super::tool::{diagnose, job as tool_job};
use super::{Job, Program, build, builder};
use crate::convert::Statement;
use crate::error::ToolError;
use crate::language::{self, Language};
use crate::problems::{Args, Ctx, ToolResult, problem, sources};
use crate::samples::{self, Io};
use crate::statement;
pub(crate) use source::GeneratorSource;

/// The rounds of a call and what they found.
struct Outcome {
    rounds: u64,
    elapsed: Duration,
    /// The smallest differing round found (after shrinking), if any.
    found: Option<rounds::Round>,
    /// The size the first differing round had, before shrinking.
    first_size: Option<u64>,
    shrink_rounds: u64,
    /// The largest input's run: its size and the program's side.
    largest: Option<(u64, Result<rounds::Side, String>)>,
    cancelled: bool,
    /// Why the rounds stopped: rounds, time_budget, difference, difference_not_repeated, cancelled.
    stopped_by: &'static str,
    /// Time-outs seen among parallel rounds that did not repeat when the round ran alone.
    unrepeated: u64,
    /// Rounds skipped: the reference failed on a generated input that may break a line the
    /// generator did not read (`rounds::outside`); the first of them, for the note.
    skipped: u64,
    first_skipped: Option<rounds::Round>,
    /// The statement's lines the generator did not keep that may rule out an input: while there
    /// is one, a failure is `UNCONFIRMED`, not a wrong answer (the input may be invalid).
    doubts: Vec<String>,
}

/// `stress_test`'s operation (declared in `tools/`): arguments checked before any request, the
/// problem fetched and its statement read as `test_solution` does, the three programs built, the
/// rounds run.
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn call(ctx: &Ctx, args: &Args) -> ToolResult {
    let called = Instant::now();
    let source = sources::required(args)?;
    let id = args.req_str("id", "the problem id, e.g. \"1920A\" or \"abc321_a\"")?;
    let mut a = args::read(args)?;
    let p = problem::get(ctx, &source, id)?;
    let raw = language::choose(&p, Language::En).raw.unwrap_or_default();
    let statement = Statement::parse(raw);
    let markdown = statement.markdown();
    let mut found = samples::extract_from(&statement, p.source.as_str());
    drop(statement);
    // LeetCode's "interactive" problems call a hidden API the driver builds (as test_solution).
    if found.io == Io::Interactive && p.source.as_str().eq_ignore_ascii_case("leetcode") {
        found.io = Io::Function;
    }
    diagnose::check_io(found.io, &a.program)?;
    let facts = statement::read(&markdown);
    let cases = plan::cases(&p, &found, &markdown, &a.program, &[]).map_err(ToolError::Domain)?;
    // The job holds the program; `a` keeps the rest.
    let program = std::mem::replace(&mut a.program, Program::Command { argv: Vec::new(), cwd: None });
    let mut job = tool_job::job(program, found.io, Vec::new(), &a.opts, &facts, &p);
    job.driver = cases.driver;
    job.called = called;
    // Several answers accepted, or hinted at: a difference is not a wrong answer without a checker.
    job.any_answer |= job.maybe_several;
    let reader = cases.reader;
    let reference = match &a.reference {
        Some(r) if found.io == Io::Function => {
            diagnose::check_io(Io::Function, r).map_err(|e| in_arg("reference", e))?;
            plan::cases(&p, &found, &markdown, r, &[]).map_err(|e| in_arg("reference", ToolError::Domain(e)))?.driver
        }
        _ => None,
    };
    let cancelled = || ctx.live.cancelled();
    let built = build_all(&job, &a, reference.as_ref(), &p, (&markdown, &found), reader.as_ref(), &cancelled);
    let built = match built {
        Ok(b) => b,
        Err(Failure::Compile(which, msg)) => return Ok(output::compile_error(&p, &job, which, &msg)),
        Err(Failure::Refused(msg)) => return Err(ToolError::Domain(msg)),
    };
    let doubts = built.generator.doubts();
    let engine = rounds::Engine {
        job: &job,
        program: built.program,
        program_cwd: cwd_of(&job.program),
        limits: built.limits,
        reference: built.reference.0,
        reference_cwd: a.reference.as_ref().and_then(cwd_of),
        reference_limits: built.reference.1,
        generator: &built.generator,
        reader: reader.as_ref(),
        many: reader.is_some() && many(&job.program) && a.reference.as_ref().is_some_and(many),
        doubtful: !doubts.is_empty(),
    };
    let mut outcome = run(ctx, &engine, &a);
    outcome.doubts = doubts;
    let confinement = sandbox::confinement(built.limits);
    let mut out = output::output(&p, &job, &a, &facts, &outcome, &confinement);
    for n in built.generator.notes() {
        out.note(&n);
    }
    Ok(out)
}

/// A sub-argument's error, said as such.
fn in_arg(name: &str, e: ToolError) -> ToolError {
    match e {
        ToolError::Args(m) | ToolError::Domain(m) => ToolError::Args(format!("`{name}`: {m}")),
        other => other,
    }
}

/// Whether `p`'s LeetCode driver runs many testcases in one process (`--many MS`, a call a line
/// in, "N RESULT" a line out; at a testcase that fails or is too slow it stops with 1).
fn many(p: &Program) -> bool {
    use crate::judge::toolchain::Lang::{Cpp, Go, Java, JavaScript, PyPy, Python, Rust, TypeScript};
    matches!(p, Program::Code { lang: Python | PyPy | Cpp | Java | Go | JavaScript | TypeScript | Rust, .. })
}

fn cwd_of(p: &Program) -> Option<std::path::PathBuf> {
    match p {
        Program::Command { cwd, .. } => cwd.clone(),
        Program::Code { .. } => None,
    }
}

/// Why the programs are not ready: one did not compile (which, the message), or a refusal.
enum Failure {
    Compile(&'static str, String),
    Refused(String),
}

/// The three programs ready to run.
struct Ready {
    program: Vec<String>,
    limits: Limits,
    reference: (Vec<String>, Limits),
    generator: GeneratorSource,
}

/// Builds the program, the reference and the generator (the last two only when given), each
/// once; for LeetCode without a generator, the statement's source (see `source`).
fn build_all(
    job: &Job,
    a: &args::Stress,
    reference_driver: Option<&super::leetcode::driver::Driver>,
    p: &crate::models::Problem,
    st: (&str, &samples::Samples),
    reader: Option<&Reader>,
    cancelled: &dyn Fn() -> bool,
) -> Result<Ready, Failure> {
    let make = |which: &'static str, prog: &Program, driver, time_ms| {
        build(prog, driver, &job.judge, time_ms, job.memory_mb, cancelled).map_err(|e| match e {
            builder::BuildError::Compile(m) => Failure::Compile(which, m),
            builder::BuildError::Setup(m) => Failure::Refused(m),
        })
    };
    let program = make("program", &job.program, job.driver.as_ref(), job.time_ms)?;
    let reference = match &a.reference {
        Some(r) => {
            let b = make("reference", r, reference_driver, a.reference_time_ms.unwrap_or(job.time_ms))?;
            (b.argv, b.limits)
        }
        None => (Vec::new(), program.limits),
    };
    let generator = match (&a.generator, reader) {
        (Some(g), _) => {
            let b = make("generator", g, None, source::GENERATOR_MS)?;
            GeneratorSource::Program { argv: b.argv, cwd: cwd_of(g), limits: b.limits }
        }
        (None, Some(r)) => source::from_statement(p, st, r, &job.program, a.max_size).map_err(Failure::Refused)?,
        (None, None) => return Err(Failure::Refused("Invalid arguments: give `generator`".into())),
    };
    Ok(Ready { program: program.argv, limits: program.limits, reference, generator })
}

/// The rounds, the shrink, and the largest input's run, within the time budget.
fn run(ctx: &Ctx, e: &rounds::Engine, a: &args::Stress) -> Outcome {
    let start = Instant::now();
    let deadline = start + Duration::from_secs_f64(a.budget_s);
    let cancelled = || ctx.live.cancelled();
    let total = a.rounds;
    let progress = |done: u64| {
        if done.is_multiple_of(PROGRESS_EVERY) || done == total {
            ctx.live.progress(done, total, &format!("{done} of {total} rounds, no difference yet"));
        }
    };
    let mut out = Outcome {
        rounds: 0,
        elapsed: Duration::ZERO,
        found: None,
        first_size: None,
        shrink_rounds: 0,
        largest: None,
        cancelled: false,
        stopped_by: "rounds",
        unrepeated: 0,
        skipped: 0,
        first_skipped: None,
        doubts: Vec::new(),
    };
    if a.rounds > 0 {
        let s = batch::search(e, a.rounds, &rounds::stress_at(a.seed, a.max_size), deadline, &cancelled, &progress);
        out.rounds = s.done;
        out.unrepeated = s.unrepeated;
        out.first_size = s.first.as_ref().map(|r| r.size);
        (out.skipped, out.first_skipped) = (s.skipped, s.first_skipped);
        out.stopped_by = if s.first.is_some() {
            "difference"
        } else if s.done < a.rounds {
            "time_budget"
        } else {
            "rounds"
        };
        // Every round skipped: nothing was tested, and the reference's failure is what there is
        // to show (UNCONFIRMED, the lines not read named).
        out.found = s.first.or(if s.skipped == s.done { out.first_skipped.take() } else { None });
    }
    if let Some(first) = out.found.take() {
        out.found = confirmed(e, first, &cancelled, &mut out.unrepeated);
    }
    if let Some(first) = out.found.take() {
        let smaller = shrink(ctx, e, first.clone(), a.budget_s, &mut out.shrink_rounds);
        let mut ignored = 0;
        out.found = if smaller.size < first.size { confirmed(e, smaller, &cancelled, &mut ignored) } else { None };
        out.found = out.found.take().or(Some(first));
    }
    if out.found.is_none() && out.stopped_by == "difference" {
        out.stopped_by = "difference_not_repeated";
    }
    out.elapsed = start.elapsed();
    if a.largest_size.is_some() && out.found.is_none() && !cancelled() {
        out.largest = a.largest_size.map(|size| (size, largest(e, size, &cancelled)));
    }
    out.cancelled = cancelled();
    if out.cancelled {
        out.stopped_by = "cancelled";
    }
    out
}

/// A time-out among rounds run in parallel on a busy machine may be the machine's: the round
/// runs again alone, and counts only if it fails again (its second run is reported).
fn confirmed(
    e: &rounds::Engine,
    r: rounds::Round,
    cancelled: &dyn Fn() -> bool,
    unrepeated: &mut u64,
) -> Option<rounds::Round> {
    if r.found != rounds::Found::Program(super::verdict::Verdict::Tle) {
        return Some(r);
    }
    let again = rounds::round(e, r.seed, r.size, cancelled);
    if again.found == rounds::Found::Same {
        *unrepeated += 1;
        return None;
    }
    Some(again)
}

/// Progress is reported every this many rounds (a batch).
const PROGRESS_EVERY: u64 = 25;

/// A smaller round with the same kind of fault as `first`, else `first`; the shrink gets up to
/// half the budget again (at least 2 s).
fn shrink(ctx: &Ctx, e: &rounds::Engine, first: rounds::Round, budget_s: f64, tried: &mut u64) -> rounds::Round {
    let count = rounds::shrink_count(first.size);
    if count == 0 || !matches!(first.found, rounds::Found::Program(_)) {
        return first;
    }
    let deadline = Instant::now() + Duration::from_secs_f64((budget_s / 2.0).max(2.0));
    let cancelled = || ctx.live.cancelled();
    ctx.live.progress(0, count, &format!("a difference at size {}: looking for a smaller one", first.size));
    let s = batch::search(e, count, &rounds::shrink_at(first.seed), deadline, &cancelled, &|_| {});
    *tried = s.done;
    match s.first {
        Some(smaller) if rounds::same_kind(&first.found, &smaller.found) && smaller.size < first.size => smaller,
        _ => first,
    }
}

/// The program once on the generator's input of `size` (seed 1), alone, under its limits.
fn largest(e: &rounds::Engine, size: u64, cancelled: &dyn Fn() -> bool) -> Result<rounds::Side, String> {
    let input = e.generator.input(1, size, cancelled)?;
    let stdin = match e.reader {
        Some(r) => r.stdin("generated testcase", 1, &input)?.0,
        None => input,
    };
    let run = super::execute_large(&e.program, e.program_cwd.as_deref(), e.limits, stdin.as_bytes(), cancelled)?;
    let o = &run.out;
    let (verdict, exit) =
        super::verdict::of_end(&o.end, &o.stderr, run.memory_limited).unwrap_or((super::verdict::Verdict::Ac, None));
    let exit = exit.or_else(|| run.why.clone());
    let err = o.stderr.trim();
    Ok(rounds::Side {
        verdict,
        time_ms: o.time_ms,
        cpu_ms: run.cpu_ms,
        exit,
        output: super::verdict::head(&String::from_utf8_lossy(&o.stdout), 200),
        stderr: (!err.is_empty()).then(|| super::verdict::shown_stderr(err)),
    })
}
