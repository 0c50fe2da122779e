//! `test_solution`'s operation: run a program on a problem's samples and report a verdict per
//! sample. The tool is declared in `tools/` and offered only with `--allow-run` (it compiles and
//! runs code on the user's machine).

use std::path::PathBuf;
use std::time::Instant;

use serde_json::Value;

use super::compare::Mode;
use super::toolchain::{self, Lang};
use super::verdict::Verdict;
use super::{Case, Job, Program, Report};
use super::{leetcode, plan};
use crate::convert::Statement;
use crate::error::ToolError;
use crate::language::{self, Language};
use crate::models::Problem;
use crate::problems::{Args, Ctx, ToolOutput, ToolResult, problem, sources};
use crate::samples::{self, Io};
use crate::statement::{self, Facts};

/// A source file larger than this is refused.
const MAX_SOURCE: u64 = 1 << 20;

fn bad(msg: impl Into<String>) -> ToolError {
    ToolError::Args(format!("Invalid arguments: {}", msg.into()))
}

/// An optional array of strings, not empty.
fn argv_arg(args: &Args, name: &str) -> Result<Option<Vec<String>>, ToolError> {
    let Some(v) = args.raw(name) else { return Ok(None) };
    let items = v
        .as_array()
        .filter(|a| !a.is_empty())
        .ok_or_else(|| bad(format!("`{name}` must be a non-empty array of strings")))?;
    let argv: Option<Vec<String>> = items.iter().map(|s| s.as_str().map(str::to_string)).collect();
    argv.filter(|a| !a[0].trim().is_empty())
        .map(Some)
        .ok_or_else(|| bad(format!("`{name}` must be a non-empty array of strings")))
}

/// The program: `code` or `file` with `language`, or `command` (+ `cwd`); exactly one.
fn program_arg(args: &Args) -> Result<Program, ToolError> {
    let code = args.opt_str("code")?;
    let file = args.opt_trimmed("file")?;
    let command = argv_arg(args, "command")?;
    let given = [code.is_some(), file.is_some(), command.is_some()].iter().filter(|b| **b).count();
    if given != 1 {
        return Err(bad("give exactly one of `code` (with `language`), `file` (with `language`) or `command`"));
    }
    if let Some(argv) = command {
        if args.raw("language").is_some() {
            return Err(bad("`language` goes with `code` or `file`, not with `command`"));
        }
        let cwd = args.opt_trimmed("cwd")?.map(PathBuf::from);
        if let Some(c) = &cwd
            && !c.is_dir()
        {
            return Err(bad(format!("`cwd` {:?} is not a folder", c.display().to_string())));
        }
        let argv = absolute(argv, cwd.as_deref());
        return Ok(Program::Command { argv, cwd });
    }
    if args.raw("cwd").is_some() {
        return Err(bad("`cwd` goes with `command` only"));
    }
    let name =
        args.req_str("language", "the programming language: cpp, c, python, java, rust, go, javascript or typescript")?;
    let lang = Lang::parse(name)
        .ok_or_else(|| bad(format!("`language` must be one of {}, got {name:?}", toolchain::NAMES.join(", "))))?;
    // `given == 1`: without `code` there is a `file` (an empty path is an unreadable file).
    let source = match code {
        Some(c) => c.to_string(),
        None => read_source(file.unwrap_or_default())?,
    };
    if source.trim().is_empty() {
        return Err(bad("the program's source is empty"));
    }
    Ok(Program::Code { lang, source })
}

fn read_source(path: &str) -> Result<String, ToolError> {
    let meta = std::fs::metadata(path).map_err(|e| bad(format!("cannot read `file` {path:?}: {e}")))?;
    if meta.len() > MAX_SOURCE {
        return Err(bad(format!("`file` {path:?} is over 1 MiB: not a source file")));
    }
    std::fs::read_to_string(path).map_err(|e| bad(format!("cannot read `file` {path:?} as UTF-8 text: {e}")))
}

/// The caller's judging options, checked before any request.
struct Options {
    time_ms: Option<u64>,
    memory_mb: Option<u64>,
    compare: Option<&'static str>,
    tolerance: Option<f64>,
    tests: Option<Vec<usize>>,
    fail_fast: bool,
    checker: Option<Vec<String>>,
}

fn options(args: &Args) -> Result<Options, ToolError> {
    let tests = match args.raw("tests") {
        None => None,
        Some(v) => {
            let nums: Option<Vec<usize>> = v
                .as_array()
                .and_then(|a| a.iter().map(|n| n.as_u64().filter(|n| *n >= 1).map(|n| n as usize)).collect());
            Some(nums.ok_or_else(|| bad("`tests` must be an array of sample numbers from 1"))?)
        }
    };
    let fail_fast = match args.raw("fail_fast") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(bad("`fail_fast` must be a boolean")),
    };
    Ok(Options {
        time_ms: args.opt_int("time_limit_ms", 1, 60_000)?.map(|n| n as u64),
        memory_mb: args.opt_int("memory_limit_mb", 0, 65_536)?.map(|n| n as u64),
        compare: args.opt_enum("compare", &["tokens", "exact", "float"])?,
        tolerance: args.opt_f64("float_tolerance", f64::MIN_POSITIVE, 1.0)?,
        tests,
        fail_fast,
        checker: argv_arg(args, "checker")?.map(|a| absolute(a, None)),
    })
}

/// `argv` with a relative program path (`./a.out`, `bin/checker`) made absolute against `base`,
/// else the server's folder: the program starts in another folder, where it would not be found.
/// A bare name (`python3`) is left to `PATH`.
fn absolute(mut argv: Vec<String>, base: Option<&std::path::Path>) -> Vec<String> {
    if let Some(first) = argv.first_mut()
        && std::path::Path::new(first.as_str()).is_relative()
        && first.contains(['/', '\\'])
        && let Some(b) = base.map(PathBuf::from).or_else(|| std::env::current_dir().ok())
    {
        *first = b.join(first.as_str()).to_string_lossy().into_owned();
    }
    argv
}

/// `test_solution`'s operation (declared in `tools/`): the arguments checked before any request,
/// the problem fetched as `get_problem` fetches it, its statement converted once (the facts that
/// decide the comparison are read from that text), its samples judged.
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn call(ctx: &Ctx, args: &Args) -> ToolResult {
    let called = Instant::now();
    let source = sources::required(args)?;
    let id = args.req_str("id", "the problem id, e.g. \"1920A\" or \"abc321_a\"")?;
    let program = program_arg(args)?;
    let opts = options(args)?;
    let p = problem::get(ctx, &source, id)?;
    let raw = language::choose(&p, Language::En).raw.unwrap_or_default();
    let statement = Statement::parse(raw);
    let markdown = statement.markdown();
    let mut found = samples::extract_from(&statement, p.source.as_str());
    drop(statement);
    // LeetCode's "interactive" problems are functions calling a hidden API (1095's
    // MountainArray): judged where the driver builds the API from the example.
    let interactive = found.io == Io::Interactive && p.source.as_str().eq_ignore_ascii_case("leetcode");
    if interactive {
        found.io = Io::Function;
    }
    check_io(found.io, &program)?;
    if found.tests.is_empty() {
        return Err(ToolError::Domain(no_samples(source.as_str(), id, &markdown)));
    }
    let facts = statement::read(&markdown);
    let plan::Cases { cases, driver, skipped, api } =
        plan::cases(&p, &found, &markdown, &program).map_err(ToolError::Domain)?;
    if interactive && !api {
        check_io(Io::Interactive, &program)?;
    }
    let cases = pick(cases, found.tests.len(), opts.tests.as_deref())?;
    let mut job = job(program, found.io, cases, &opts, &facts, &p);
    job.driver = driver;
    job.called = called;
    let report = super::judge(&job, &|| ctx.live.cancelled(), &|done, total, r| {
        let msg = format!("sample {}: {} ({} ms); {done} of {total} done", r.number, r.verdict.name(), r.time_ms);
        ctx.live.progress(done as u64, total as u64, &msg);
    })
    .map_err(ToolError::Domain)?;
    Ok(output(&p, &job, &opts, &facts, &report, &skipped))
}

/// Why nothing can run: no sample at all, or examples the reader could not take apart, or a
/// statement that sends the reader to another task of its contest.
fn no_samples(source: &str, id: &str, markdown: &str) -> String {
    let shows = ["Example", "Sample", "示例", "样例", "入力例", "Пример"].iter().any(|w| markdown.contains(w));
    if let Some(task) = referred_task(source, id, markdown) {
        format!(
            "The statement of {source} {id} is another task's with other inputs (\"the same as Problem …, differing \
only in input\"): it has no samples of its own, nothing was run. get_problem on {source} {task} shows the details; \
test_solution on {task} runs the program on that task's samples."
        )
    } else if shows {
        format!(
            "The statement of {source} {id} shows examples, but they could not be read as sample tests (their \
layout is not one the judge knows): nothing was run. get_problem shows them; test the program on them through \
`command` with your own input files, or write your own tests."
        )
    } else {
        format!(
            "No sample tests were found in the statement of {source} {id}: nothing to run. Write your own tests, or \
check the statement with get_problem."
        )
    }
}

/// The task an AtCoder statement refers to for everything ("This problem is the same as Problem
/// A, differing only in input. See Problem A for details.": masters2025_qual_b and _c), by its
/// letter in the same contest.
fn referred_task(source: &str, id: &str, markdown: &str) -> Option<String> {
    let (contest, _) = id.rsplit_once('_').filter(|_| source == "atcoder")?;
    let after =
        ["same as Problem ", "この問題は"].iter().find_map(|w| Some(&markdown[markdown.find(w)? + w.len()..]))?;
    let letter = after.chars().next().filter(char::is_ascii_uppercase)?;
    // The letter alone ("Problem A,", "A問題"), not a word that starts with one ("AtCoder").
    let rest = &after[1..];
    let alone = rest.starts_with("問題") || !rest.starts_with(|c: char| c.is_alphanumeric());
    alone.then(|| format!("{contest}_{}", letter.to_ascii_lowercase()))
}

/// LeetCode needs a driver for the language; an interactive problem cannot be judged from its
/// samples.
fn check_io(io: Io, program: &Program) -> Result<(), ToolError> {
    match io {
        Io::Interactive => Err(ToolError::Domain(
            "This problem is interactive: the program talks with the judge, and the samples only show one \
dialogue. It cannot be judged locally from them; write an interactor, or test the logic with your own input."
                .into(),
        )),
        Io::Function => plan::leetcode_language(program).map_err(ToolError::Domain),
        Io::Stdin => Ok(()),
    }
}

/// The cases asked for (`tests`: sample numbers from 1, of `total`).
fn pick(all: Vec<Case>, total: usize, wanted: Option<&[usize]>) -> Result<Vec<Case>, ToolError> {
    let Some(wanted) = wanted else { return Ok(all) };
    if let Some(bad_n) = wanted.iter().find(|n| **n > total) {
        return Err(bad(format!("`tests` names sample {bad_n}, but the statement has {total}")));
    }
    Ok(all.into_iter().filter(|c| wanted.contains(&c.number)).collect())
}

fn job(program: Program, io: Io, samples: Vec<Case>, opts: &Options, facts: &Facts, p: &Problem) -> Job {
    let defaults = plan::defaults(p.source.as_str());
    // `isLeaf` and `topLeft` (Go: `IsLeaf`, `TopLeft`; Rust: `is_leaf`).
    let quad_tree = match &program {
        Program::Code { source, .. } => {
            let words = source.to_ascii_lowercase().replace('_', "");
            words.contains("isleaf") && words.contains("topleft")
        }
        _ => false,
    };
    Job {
        program,
        io,
        samples,
        driver: None,
        time_ms: opts.time_ms.or(facts.time_ms).unwrap_or(defaults.time_ms),
        memory_mb: opts.memory_mb.or(facts.memory_mb).unwrap_or(defaults.memory_mb),
        mode: plan::mode(opts.compare, opts.tolerance, facts),
        any_answer: facts.any_answer.is_some(),
        any_order: facts.any_order.is_some(),
        order: match (&facts.any_order, &facts.ordered) {
            (Some(_), _) => leetcode::Order::Free,
            (None, Some(_)) => leetcode::Order::Fixed,
            (None, None) => leetcode::Order::Unsaid,
        },
        quad_tree,
        any_case: facts.any_case.is_some(),
        maybe_several: facts.maybe_several.is_some(),
        checker: opts.checker.clone(),
        fail_fast: opts.fail_fast,
        called: Instant::now(),
    }
}

/// Why the comparison is what it is.
fn comparison(job: &Job, opts: &Options, facts: &Facts) -> Value {
    let order = facts.any_order.as_deref().filter(|_| job.any_order);
    if job.io == Io::Function {
        let why = match order {
            Some(o) => format!(
                "LeetCode: the return value compared as data, floats within 1e-5; a returned list in any order (\"{o}\")"
            ),
            None => "LeetCode: the return value compared as data, floats within 1e-5".into(),
        };
        return json!({ "mode": "data", "float_tolerance": null, "error": null, "any_case": false, "any_order": order.is_some(), "why": why });
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
fn limits_words(p: &Problem, opts: &Options, facts: &Facts) -> String {
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
fn output(p: &Problem, job: &Job, opts: &Options, facts: &Facts, report: &Report, skipped: &[String]) -> ToolOutput {
    let passed = report.results.iter().filter(|r| r.verdict == Verdict::Ac).count();
    let memory = memory_words(job, report);
    let structured = json!({
        "source": p.source,
        "id": p.id,
        "title": p.title,
        "verdict": report.overall().name(),
        "passed": passed,
        "total": job.samples.len(),
        "not_run": report.not_run,
        "language": match &job.program { Program::Code { lang, .. } => Some(lang.name()), _ => None },
        "compile": report.build.as_ref().map(|b| {
            json!({ "cached": b.cached, "ms": b.compile_ms, "precompiled_header": b.pch, "log": b.log })
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
    let text = super::report::text(p, job, report, &structured);
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
fn memory_words(job: &Job, report: &Report) -> String {
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
        let tool = lang.tool(&|k| std::env::var(k).ok());
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
    let here = if super::paths::which(&Lang::PyPy.tool(&|k| std::env::var(k).ok())[0]).is_some() {
        "it is installed here: run again with `language: \"pypy\"`"
    } else {
        "install pypy3 (or name it in OJ_PYPY) and run again with `language: \"pypy\"`"
    };
    Some(format!(
        "This ran on CPython. Judges also offer PyPy, often 5 to 10 times faster on loops, and many Python \
solutions are written for it: {here}."
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::compare::Diff;
    use crate::judge::sandbox::Confinement;
    use crate::judge::verdict::SampleResult;

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
        }
    }

    fn report(results: Vec<SampleResult>, compile_error: Option<String>) -> Report {
        let confinement = Confinement::none(true);
        let build = Some(super::super::BuildInfo { cached: false, pch: false, compile_ms: 500, log: String::new() });
        Report { build, compile_error, results, confinement, not_run: 0, cancelled: false }
    }

    #[test]
    fn a_statement_that_is_another_tasks() {
        let en = "This problem is the same as Problem A, differing only in input. See Problem A for details.";
        let text = no_samples("atcoder", "masters2025_qual_c", en);
        assert!(text.contains("test_solution on masters2025_qual_a"), "{text}");
        let ja = "この問題はA問題と同じで入力のみ異なります。";
        assert_eq!(referred_task("atcoder", "masters2025_qual_b", ja).as_deref(), Some("masters2025_qual_a"));
        assert!(no_samples("atcoder", "abc1_a", "Print N.").starts_with("No sample tests were found"));
        assert_eq!(referred_task("codeforces", "1_A", en), None);
        assert_eq!(referred_task("atcoder", "abc1_a", "この問題はAtCoderの…"), None);
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
}
