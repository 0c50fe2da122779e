//! The local judge behind `test_solution`: build the program once, run it on every sample (as
//! many at once as the machine has cores), compare, and report a verdict per sample.
//!
//! The pipeline, one call:
//!
//! 1. `builder::build` writes the source into a folder of the session and compiles it (or checks
//!    its syntax), or finds it built already; a C++ program that starts with `<bits/stdc++.h>`
//!    gets that header precompiled (`pch`: kept in the user's cache folder across sessions);
//! 2. for each sample, `run_sample` makes a fresh folder, confines the run (`sandbox`: clean
//!    environment, namespaces, limits), runs it (`run`: wall-clock limit, output cap, the whole
//!    process tree killed), and judges the output (`verdict`, `compare`, `leetcode` for function
//!    problems, or the caller's checker);
//! 3. the caller (`tool`) turns the `Report` into text and structured content (`report`).
//!
//! What the statement says about limits, tolerances and several answers is read by
//! `crate::statement` (layer 1: `problems` reads the limits there too).

mod acl;
mod builder;
mod compare;
pub mod init;
mod leetcode;
mod paths;
mod pch;
mod plan;
mod report;
mod run;
mod sandbox;
mod standard;
mod stress;
mod tool;
mod toolchain;
mod verdict;

/// The unpacker of `build.rs`'s packed files, for the MCP Apps view's page (`crate::view`).
pub(crate) use leetcode::packed::text_of as unpack_text;

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::thread;
use std::time::Instant;

pub use builder::cleanup;
use compare::Mode;
pub(crate) use leetcode::driver::names as leetcode_languages;
pub use leetcode::generate::{Plan as LeetCodePlan, plan_statement as leetcode_plan};
use run::{End, Spec};
use sandbox::{Confinement, Limits, TempDir};
pub(crate) use stress::call as stress_test;
pub(crate) use tool::call as test_solution;
use toolchain::Lang;
/// For `test_solution`'s description, from the tables the judge chooses by: the `language`
/// names (its schema's enum), each with what builds and runs it, and those a LeetCode problem can
/// be given in (the drivers' table).
pub(crate) use toolchain::{NAMES as LANGUAGES, described as languages_described};
use verdict::{SampleResult, Verdict};

use crate::samples::{Io, Sample};

use compare::Match;

/// Bytes of output a sample may print; one more is `OLE`. 4 MiB: LeetCode's answers can be large
/// (2641's tree of 10^5 nodes with its `null`s is about 1.5 MB in LeetCode's syntax).
const OUTPUT_CAP: usize = 1 << 22;
/// Bytes a stress generator run alone may print, and the program on the largest input: AtCoder's
/// largest inputs run to megabytes (2×10^5 numbers up to 10^10 are 2.2 MB, an 800×800 grid 6.4
/// MB), and so do outputs of 10^5 lines; at the sample's cap they were `OLE` (a generator
/// "failed", the program "too verbose") where the judge saw nothing wrong.
const INPUT_CAP: usize = 64 << 20;
/// Characters of an own test's output shown when it has no expected output.
const OWN_OUTPUT_SHOWN: usize = 4000;
/// Characters of each output (expected, got) shown for a mismatch: the whole of a sample's
/// output as a rule, with `…` where it is cut.
const MISMATCH_SHOWN: usize = 2000;
/// A checker gets this long per sample.
const CHECKER_MS: u64 = 10_000;

/// What to run.
pub(crate) enum Program {
    /// Source text in a language: built by the judge.
    Code { lang: Lang, source: String },
    /// An already built program's argv, run in `cwd` (else a fresh folder).
    Command { argv: Vec<String>, cwd: Option<PathBuf> },
}

/// One sample as the judge runs it.
#[derive(Debug, Clone)]
pub(crate) struct Case {
    /// Its number in the statement, from 1.
    pub(crate) number: usize,
    /// What the program reads: the sample's input, or for LeetCode the call as JSON.
    pub(crate) stdin: String,
    /// What it must print: the sample's output, or for LeetCode the expected value as JSON.
    pub(crate) expected: String,
    /// The input as the statement shows it (the report's).
    pub(crate) shown: String,
    /// LeetCode: a design problem's calls (its answers compared one by one).
    pub(crate) design: bool,
    /// One of the caller's own tests (`custom_tests`), numbered from 1 among them.
    pub(crate) own: bool,
    /// It has an expected output to compare with; without one the run's output is shown (`RAN`).
    pub(crate) judged: bool,
}

impl Case {
    /// A stdin sample as it is.
    pub(crate) fn stdin(number: usize, s: &Sample) -> Case {
        Case {
            number,
            stdin: s.input.clone(),
            expected: s.output.clone(),
            shown: s.input.clone(),
            design: false,
            own: false,
            judged: true,
        }
    }
}

/// One judging job.
pub(crate) struct Job {
    pub(crate) program: Program,
    pub(crate) io: Io,
    /// The samples to run.
    pub(crate) samples: Vec<Case>,
    /// LeetCode: the driver that calls the code (`io` is `Function`).
    pub(crate) driver: Option<leetcode::driver::Driver>,
    pub(crate) time_ms: u64,
    /// 0: no memory limit.
    pub(crate) memory_mb: u64,
    pub(crate) mode: Mode,
    /// The statement accepts any of several answers (a mismatch is `UNVERIFIED`).
    pub(crate) any_answer: bool,
    /// The statement frees the answer's order (a multiset compare; a mismatch is `UNVERIFIED`).
    pub(crate) any_order: bool,
    /// LeetCode: what the statement says of a returned list's order.
    pub(crate) order: leetcode::Order,
    /// LeetCode: the answer is a quad tree (`isLeaf`, `topLeft`), whose inner nodes' `val` is free.
    pub(crate) quad_tree: bool,
    /// The statement accepts letters in either case.
    pub(crate) any_case: bool,
    /// The statement hints at other accepted outputs: a WA says so.
    pub(crate) maybe_several: bool,
    pub(crate) checker: Option<Vec<String>>,
    pub(crate) fail_fast: bool,
    /// When the call began: the debug log places each run in it (`make bench` reads that).
    pub(crate) called: Instant,
    /// The problem's judge (`atcoder`, …): C and C++ are built in its standard.
    pub(crate) judge: String,
}

/// How the program was built.
pub(crate) struct BuildInfo {
    pub(crate) cached: bool,
    /// C++: the build read a precompiled header of its include block.
    pub(crate) pch: bool,
    /// C and C++: the language standard built with, and why.
    pub(crate) standard: Option<standard::Standard>,
    pub(crate) compile_ms: u64,
    pub(crate) log: String,
    /// Built with AddressSanitizer (LeetCode's C++, `toolchain::ASAN`).
    pub(crate) sanitized: bool,
}

/// What a job found.
pub(crate) struct Report {
    pub(crate) build: Option<BuildInfo>,
    /// The compiler's message when it refused the program (`CE`).
    pub(crate) compile_error: Option<String>,
    /// One per sample run, in sample order.
    pub(crate) results: Vec<SampleResult>,
    pub(crate) confinement: Confinement,
    /// Samples not run (`fail_fast` stopped early).
    pub(crate) not_run: usize,
    pub(crate) cancelled: bool,
}

impl Report {
    /// `CE`, else the first sample's verdict that is not `AC` nor `RAN`, else `AC` (`RAN` when
    /// every test run was an own test without an expected output).
    pub(crate) fn overall(&self) -> Verdict {
        if self.compile_error.is_some() {
            return Verdict::Ce;
        }
        let failed = self.results.iter().map(|r| r.verdict).find(|v| !v.passed());
        let only_ran = !self.results.is_empty() && self.results.iter().all(|r| r.verdict == Verdict::Ran);
        failed.unwrap_or(if only_ran { Verdict::Ran } else { Verdict::Ac })
    }
}

/// Runs `job`. `cancelled` is polled throughout; `progress(done, total, result)` follows each
/// sample. An `Err` is a sentence for the caller (no compiler, no folder).
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn judge(
    job: &Job,
    cancelled: &(dyn Fn() -> bool + Sync),
    progress: &(dyn Fn(usize, usize, &SampleResult) + Sync),
) -> Result<Report, String> {
    let memory = job.memory_mb;
    let Built { argv, info: build, limits } =
        match build(&job.program, job.driver.as_ref(), &job.judge, job.time_ms, memory, cancelled) {
            Ok(b) => b,
            Err(builder::BuildError::Compile(msg)) => return Ok(compile_error(msg, memory)),
            Err(builder::BuildError::Setup(msg)) => return Err(msg),
        };
    let confinement = sandbox::confinement(limits);
    let results = run_all(job, &argv, limits, cancelled, progress);
    let not_run = job.samples.len() - results.len();
    Ok(Report { build, compile_error: None, results, confinement, not_run, cancelled: cancelled() })
}

/// A program ready to run: its argv, how it was built (`None` for a command), and the limits it
/// runs under (no address-space limit for a runtime that reserves more than it uses).
pub(crate) struct Built {
    pub(crate) argv: Vec<String>,
    pub(crate) info: Option<BuildInfo>,
    pub(crate) limits: Limits,
}

/// Builds `program` (or finds it built), through `driver` for LeetCode; C and C++ in the
/// standard of the problem's `judge` (`standard`).
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn build(
    program: &Program,
    driver: Option<&leetcode::driver::Driver>,
    judge: &str,
    time_ms: u64,
    memory: u64,
    cancelled: &dyn Fn() -> bool,
) -> Result<Built, builder::BuildError> {
    let (argv, info, mem_ok) = match program {
        Program::Code { lang, source } => {
            let env = |k: &str| std::env::var(k).ok();
            let tool = lang.tool_for(judge, &env);
            let (built, info) = match (compile_code(*lang, source, judge, tool.clone(), driver, cancelled), driver) {
                (Err(builder::BuildError::Compile(msg)), Some(d)) if d.fallback.is_some() => {
                    let (gxx, fallback) = (lang.tool(&env), d.fallback.as_deref());
                    let Ok((built, mut info)) = compile_code(*lang, source, judge, gxx.clone(), fallback, cancelled)
                    else {
                        // Refused by both: Clang's message, the compiler LeetCode uses.
                        return Err(builder::BuildError::Compile(msg));
                    };
                    if let Some(s) = info.standard.as_mut() {
                        s.why += &refused_by(&tool, &gxx, &msg);
                    }
                    (built, info)
                }
                (r, _) => r?,
            };
            (built.argv(memory), Some(info), lang.address_space_limit_ok())
        }
        Program::Command { argv, .. } => (argv.clone(), None, true),
    };
    // An ASan build's memory limit is on its resident memory (`Limits::rss_mb`).
    let (limit, sanitized) = ((memory > 0).then_some(memory), info.as_ref().is_some_and(|i| i.sanitized));
    let (memory_mb, rss_mb) = (limit.filter(|_| mem_ok && !sanitized), limit.filter(|_| sanitized));
    Ok(Built { argv, info, limits: Limits { time_ms, memory_mb, rss_mb } })
}

/// Builds code with `tool`: C and C++ in the standard of `judge`, named in the result with the
/// compiler where it was ours to choose.
fn compile_code(
    lang: Lang,
    source: &str,
    judge: &str,
    tool: Vec<String>,
    driver: Option<&leetcode::driver::Driver>,
    cancelled: &dyn Fn() -> bool,
) -> Result<(std::sync::Arc<builder::Built>, BuildInfo), builder::BuildError> {
    let mut standard = standard::choose(lang, judge, &tool);
    if let Some(s) = standard.as_mut().filter(|_| tool != lang.tool(&|k| std::env::var(k).ok())) {
        // The compiler was ours to choose (LeetCode's Clang): the result says which.
        let version = toolchain::version(&tool).unwrap_or_default();
        s.why += &format!("; compiled by `{}` ({version}), as LeetCode compiles (OJ_CXX names another)", tool[0]);
    }
    if let Some(s) = standard.as_mut().filter(|_| driver.is_some() && lang.passed_over_clang(judge, &tool)) {
        s.why += "; compiled by `g++`, not `clang++`: it cannot build with AddressSanitizer here (compiler-rt's \
runtime is not installed: `apt install libclang-rt-dev`)";
    }
    let sanitized = driver.is_some_and(|d| toolchain::sanitized(&d.compile));
    if let Some(s) = standard.as_mut().filter(|_| lang == Lang::Cpp && driver.is_some()) {
        s.why += &asan_words(sanitized, &tool);
    }
    let flag = standard.as_ref().and_then(standard::Standard::flag);
    let (built, cached) = builder::build(lang, source, tool, flag.as_deref(), driver, cancelled)?;
    let (pch, compile_ms, log) = (built.pch, built.compile_ms, built.log.clone());
    Ok((built, BuildInfo { cached, pch, standard, compile_ms, log, sanitized }))
}

/// Whether a LeetCode C++ build has AddressSanitizer, as LeetCode's has, in words for the
/// result: built with it; turned off by `OJ_CXX`; or not buildable here (`toolchain::sanitizes`).
fn asan_words(sanitized: bool, tool: &[String]) -> String {
    if sanitized {
        return "; with AddressSanitizer (-fsanitize=address), as LeetCode builds: an out-of-bounds access or a use \
after free is RE with ASan's report (OJ_CXX=\"clang++ -fno-sanitize=address\" turns it off)"
            .into();
    }
    if toolchain::sanitizes(tool) {
        return "; without AddressSanitizer (OJ_CXX turns it off), which LeetCode builds with: an out-of-bounds access \
LeetCode reports as a Runtime Error may pass here"
            .into();
    }
    format!(
        "; without AddressSanitizer, which LeetCode builds with: `{}` cannot build with -fsanitize=address here (its \
runtime is not installed: libasan for g++, compiler-rt for clang++; or a musl system), so an out-of-bounds access \
LeetCode reports as a Runtime Error may pass here",
        tool[0]
    )
}

/// Why a LeetCode program was built by `g++`: the older Clang chosen first refused it (the
/// first error line of its message `msg`).
fn refused_by(clang: &[String], gxx: &[String], msg: &str) -> String {
    let version = |t: &[String]| toolchain::version(t).unwrap_or_default();
    let error = msg.lines().find(|l| l.contains("error")).unwrap_or("").trim();
    format!(
        "; compiled by `{}` ({}): `{}` ({}), older than LeetCode's Clang 19, refused the code ({error})",
        gxx[0],
        version(gxx),
        clang[0],
        version(clang)
    )
}

fn compile_error(msg: String, memory: u64) -> Report {
    let confinement =
        sandbox::confinement(Limits { time_ms: 1, memory_mb: (memory > 0).then_some(memory), rss_mb: None });
    Report { build: None, compile_error: Some(msg), results: Vec::new(), confinement, not_run: 0, cancelled: false }
}

/// Runs the samples on up to as many threads as there are cores, in sample order of start.
fn run_all(
    job: &Job,
    argv: &[String],
    limits: Limits,
    cancelled: &(dyn Fn() -> bool + Sync),
    progress: &(dyn Fn(usize, usize, &SampleResult) + Sync),
) -> Vec<SampleResult> {
    let total = job.samples.len();
    let (next, done, stop) = (AtomicUsize::new(0), AtomicUsize::new(0), AtomicBool::new(false));
    // By position: no sort afterwards (a sort of these is a few KB of code in the binary).
    let results: Mutex<Vec<Option<SampleResult>>> = Mutex::new((0..total).map(|_| None).collect());
    let work = || {
        loop {
            if stop.load(Ordering::Relaxed) || cancelled() {
                return;
            }
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(case) = job.samples.get(i) else { return };
            let r = run_sample(job, argv, limits, case, cancelled);
            if cancelled() {
                return;
            }
            if job.fail_fast && !r.verdict.passed() {
                stop.store(true, Ordering::Relaxed);
            }
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, total, &r);
            if let Some(slot) = results.lock().unwrap_or_else(PoisonError::into_inner).get_mut(i) {
                *slot = Some(r);
            }
        }
    };
    let cores = thread::available_parallelism().map_or(1, |n| n.get());
    let threads = cores.min(total).max(1);
    thread::scope(|s| {
        let mut started = 0;
        for k in 1..threads {
            if thread::Builder::new().name(format!("oj-judge-{k}")).spawn_scoped(s, work).is_ok() {
                started += 1;
            }
        }
        crate::debug!("judge: {total} samples on {} threads", started + 1);
        // This thread works too: one sample needs no other thread.
        work();
    });
    let mut results: Vec<SampleResult> =
        results.into_inner().unwrap_or_else(PoisonError::into_inner).into_iter().flatten().collect();
    if job.fail_fast {
        // Samples after the first failure may have run in parallel: report up to it only.
        if let Some(first) = results.iter().position(|r| !r.verdict.passed()) {
            results.truncate(first + 1);
        }
    }
    results
}

/// One sample in a fresh folder, judged.
#[cfg_attr(oj_size, optimize(size))]
fn run_sample(job: &Job, argv: &[String], limits: Limits, case: &Case, cancelled: &dyn Fn() -> bool) -> SampleResult {
    let mut r = SampleResult {
        number: case.number,
        verdict: Verdict::Ac,
        time_ms: 0,
        exit: None,
        diff: None,
        stderr: None,
        input: None,
        checker: None,
        note: None,
        overhead_us: (0, 0),
        own: case.own,
        output: None,
        expected: None,
        memory_kb: None,
        cpu_ms: None,
    };
    let cwd = match &job.program {
        Program::Command { cwd: Some(c), .. } => Some(c.as_path()),
        _ => None,
    };
    let Exec { out, tmp, env, memory_limited, memory_kb, cpu_ms, why } =
        match execute(argv, cwd, limits, case.stdin.as_bytes(), cancelled) {
            Ok(done) => done,
            Err(e) => {
                r.verdict = Verdict::Re;
                r.exit = Some(e);
                return r;
            }
        };
    r.time_ms = out.time_ms;
    r.overhead_us = out.overhead_us;
    r.memory_kb = memory_kb;
    r.cpu_ms = cpu_ms;
    if let Some((v, exit)) = verdict::of_end(&out.end, &out.stderr, memory_limited) {
        r.verdict = v;
        r.exit = exit.or(why);
    } else {
        let got = String::from_utf8_lossy(&out.stdout);
        judge_output(job, case, &got, &tmp, &env, &mut r, cancelled);
    }
    log_run(job, &r, &out);
    if r.verdict != Verdict::Ac {
        if r.verdict != Verdict::Ran {
            r.input = Some(verdict::head(&case.shown, 500));
        }
        let err = out.stderr.trim();
        r.stderr = (!err.is_empty()).then(|| verdict::shown_stderr(err));
    }
    r
}

/// One confined run done: its outcome, its folder (kept for a checker's files), the environment
/// it saw, and whether its memory was limited.
pub(crate) struct Exec {
    pub(crate) out: run::Outcome,
    pub(crate) tmp: TempDir,
    pub(crate) env: Vec<(String, String)>,
    pub(crate) memory_limited: bool,
    /// The program's peak resident memory in KiB, where the init measured it.
    pub(crate) memory_kb: Option<u64>,
    /// The program's CPU time (user + system) in ms, where the init measured it.
    pub(crate) cpu_ms: Option<u64>,
    /// Why a run judged on its CPU time is TLE, in words (both times).
    pub(crate) why: Option<String>,
}

/// Runs `argv` on `stdin` in a fresh folder (or a command's `cwd`), confined, under `limits`;
/// `Err` when the folder cannot be made.
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn execute(
    argv: &[String],
    cwd: Option<&std::path::Path>,
    limits: Limits,
    stdin: &[u8],
    cancelled: &dyn Fn() -> bool,
) -> Result<Exec, String> {
    judged_on_cpu(argv, cwd, limits, OUTPUT_CAP, stdin, cancelled)
}

/// [`execute`] with [`INPUT_CAP`] for the output: a generator's input, the largest input's run.
pub(crate) fn execute_large(
    argv: &[String],
    cwd: Option<&std::path::Path>,
    limits: Limits,
    stdin: &[u8],
    cancelled: &dyn Fn() -> bool,
) -> Result<Exec, String> {
    judged_on_cpu(argv, cwd, limits, INPUT_CAP, stdin, cancelled)
}

/// The wall-clock cap of a run whose time limit is `limit_ms`: the backstop for a program that
/// sleeps or blocks, far enough above the limit that a busy machine does not reach it.
pub(crate) fn wall_cap(limit_ms: u64) -> u64 {
    (limit_ms * 3).max(limit_ms + 2000)
}

/// One run judged as judges do, on its CPU time (user + system), so that the verdict does not
/// depend on how busy the machine is: TLE when both it and the wall clock are past the limit.
/// The wall clock stops it only at [`wall_cap`]. Where the init measured no CPU time, the wall
/// clock alone judges it, as before.
fn judged_on_cpu(
    argv: &[String],
    cwd: Option<&std::path::Path>,
    limits: Limits,
    cap: usize,
    stdin: &[u8],
    cancelled: &dyn Fn() -> bool,
) -> Result<Exec, String> {
    // Only the Linux init measures CPU time: elsewhere the wall clock judges, and stops the run
    // at the limit as it always did (a spinning program would otherwise run to the cap).
    let measured = cfg!(all(target_os = "linux", target_pointer_width = "64"));
    let stop = if measured { wall_cap(limits.time_ms) } else { limits.time_ms };
    let mut done = execute_for(argv, cwd, limits, (stop, cap), stdin, cancelled)?;
    over_the_peak(&mut done, limits);
    if past_the_limit(done.out.time_ms, done.cpu_ms, &done.out.end, limits.time_ms) {
        done.out.end = run::End::TimedOut;
    }
    if done.out.end == run::End::TimedOut {
        let (wall, cpu) = (done.out.time_ms, done.cpu_ms.map_or("not measured".into(), |c| format!("{c} ms")));
        done.why = Some(if measured && wall >= wall_cap(limits.time_ms) {
            format!(
                "waited {wall} ms, CPU {cpu}: stopped at the wall-clock cap (the larger of 3x the limit and the limit + 2 s)"
            )
        } else {
            format!("CPU {cpu} past the {} ms limit (waited {wall} ms)", limits.time_ms)
        });
    }
    Ok(done)
}

/// An AddressSanitizer build's run whose measured peak resident memory passed its limit
/// (`Limits::rss_mb`) but that ASan did not stop (it samples the resident memory every 100 ms or
/// so): `MLE`, as ASan's own `hard rss limit exhausted` is (`verdict::of_end`).
fn over_the_peak(done: &mut Exec, limits: Limits) {
    let (Some(mb), Some(kb)) = (limits.rss_mb, done.memory_kb) else { return };
    if kb > mb * 1024 && done.out.end == run::End::Code(0) {
        done.out.end = run::End::Code(1);
        done.out.stderr +=
            &format!("\nAddressSanitizer: hard rss limit exhausted (peak {} MB, limit {mb} MB)", kb / 1024);
    }
}

/// Whether a run that ended (`Code`, `Signal`) was slow, judged on CPU time where measured.
/// Both past the limit: a busy machine inflates the wall clock, and threads (a JVM's collector)
/// add CPU time beyond it; neither alone makes a run slow. A run killed by `SIGKILL` or
/// `SIGXCPU` with the wall clock past the limit and its CPU time within a tenth of it was
/// stopped by the CPU limit (`prlimit --cpu`, whole seconds past the limit; the CPU time read
/// lags it: a spinning JVM at load 5 was killed at 7,996 ms of an 8,000 ms limit, 11.6 s of wall
/// time, and was called `RE`), never a crash of its own; past the limit in CPU time, any signal.
fn past_the_limit(wall_ms: u64, cpu_ms: Option<u64>, end: &run::End, limit_ms: u64) -> bool {
    const SIGKILL: i32 = 9;
    const SIGXCPU: i32 = 24;
    let signal = match end {
        run::End::Code(_) => None,
        run::End::Signal(n) => Some(*n),
        _ => return false,
    };
    let cpu_over = cpu_ms.is_some_and(|cpu| cpu > limit_ms);
    let cpu_near = cpu_ms.is_some_and(|cpu| cpu * 10 >= limit_ms * 9);
    let killed = matches!(signal, Some(SIGKILL | SIGXCPU));
    wall_ms > limit_ms && (cpu_ms.is_none_or(|cpu| cpu > limit_ms) || killed && cpu_near)
        || cpu_over && signal.is_some()
}

/// [`execute`], stopped at `wall_ms` rather than the limits' time (a stress batch: its runs'
/// limits are each run's, and the batch lasts until the time budget), its output cut at `cap`.
pub(crate) fn execute_for(
    argv: &[String],
    cwd: Option<&std::path::Path>,
    limits: Limits,
    (wall_ms, cap): (u64, usize),
    stdin: &[u8],
    cancelled: &dyn Fn() -> bool,
) -> Result<Exec, String> {
    let (tmp, work) = run_folder().map_err(|e| format!("cannot make the run's folder: {e}"))?;
    // What the program sees (and a checker); the wrappers may be started with less of it.
    let mut env = sandbox::environment(&work);
    env.push(("ASAN_OPTIONS".into(), sandbox::asan_options(limits)));
    let (status, input) = (tmp.path().join("exit"), tmp.path().join("input"));
    let mut spawn_env = env.clone();
    let cwd = cwd.map_or(work, PathBuf::from);
    let files = sandbox::RunFiles { status: &status, input: &input, writable: &[tmp.path()], cwd: &cwd };
    let (wrapped, init) = sandbox::wrap(argv, limits, files, &mut spawn_env);
    let confinement = sandbox::confinement(limits);
    let spec = Spec {
        argv: &wrapped,
        cwd: &cwd,
        env: &spawn_env,
        stdin,
        stdin_file: init.then_some(input.as_path()),
        time_ms: wall_ms,
        output_cap: cap,
        // Unix without a PID namespace: children left in the group. (On Windows the tree of an
        // exited process cannot be walked: `taskkill /T` only helps while it runs.)
        kill_group_after: cfg!(unix) && !confinement.pid_namespace,
    };
    let mut out = run::run(&spec, cancelled);
    out.end = sandbox::exact_end(out.end, &status, init);
    let (memory_kb, cpu_ms) = if init { init::measures(&status) } else { (None, None) };
    Ok(Exec { out, tmp, env, memory_limited: confinement.memory_limited, memory_kb, cpu_ms, why: None })
}

/// The run in the debug log, placed in the call (`make bench` reads these lines).
fn log_run(job: &Job, r: &SampleResult, out: &run::Outcome) {
    let since_call = |t: Instant| t.saturating_duration_since(job.called).as_micros();
    crate::debug!(
        "judge: sample {} {} in {} ms (spawn {} µs, exit seen → output read {} µs; since the call: \
spawned at {} µs, exited at {} µs)",
        r.number,
        r.verdict.name(),
        r.time_ms,
        r.overhead_us.0,
        r.overhead_us.1,
        since_call(out.spawned),
        since_call(out.exited)
    );
}

/// A run's fresh folder and the program's folder, `work`, inside it: the init's status file
/// (`exit`) and the checker's files sit beside the program's folder, not among its own files.
fn run_folder() -> std::io::Result<(TempDir, PathBuf)> {
    let tmp = TempDir::new("run")?;
    let work = tmp.path().join("work");
    std::fs::create_dir(&work)?;
    Ok((tmp, work))
}

/// Compares a normally ended run's output: as data (LeetCode) or by the mode. A mismatch goes to
/// the checker if there is one; else it is `UNVERIFIED` where the statement accepts any answer
/// or leaves room for this one (another order), else `WA`, with a note where the statement
/// hints at other accepted outputs.
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn judge_output(
    job: &Job,
    case: &Case,
    got: &str,
    tmp: &TempDir,
    env: &[(String, String)],
    r: &mut SampleResult,
    cancelled: &dyn Fn() -> bool,
) {
    if !case.judged {
        // An own test without an expected output: what it printed is the result.
        r.verdict = Verdict::Ran;
        r.output = Some(verdict::head(got, OWN_OUTPUT_SHOWN));
        return;
    }
    let found = if job.io == Io::Function {
        leetcode::compare(&case.expected, got, job.order, case.design, job.quad_tree)
    } else {
        compare::outputs(job.mode, job.any_case, job.any_order, &case.expected, got)
    };
    let (diff, room) = match found {
        Match::Yes(note) => {
            r.note = note.map(str::to_string);
            return;
        }
        Match::No(diff) => (diff, None),
        Match::Maybe(diff, why) => (diff, Some(why)),
    };
    r.diff = Some(diff);
    // Both outputs, cut, for the reader of a mismatch (and the view's side-by-side lines).
    r.expected = Some(verdict::head(&case.expected, MISMATCH_SHOWN));
    r.output = Some(verdict::head(got, MISMATCH_SHOWN));
    r.verdict = match &job.checker {
        Some(checker) => run_checker(checker, case, got, tmp, env, r, cancelled),
        None if job.any_answer => Verdict::Unverified,
        None if room.is_some() => {
            r.note = room.map(str::to_string);
            Verdict::Unverified
        }
        None => {
            if job.maybe_several {
                r.note = Some(MAYBE_SEVERAL.into());
            }
            Verdict::Wa
        }
    };
}

/// A WA's note where the statement hints at other accepted outputs without saying "any".
const MAYBE_SEVERAL: &str = "The statement may accept other outputs than the sample's (it asks for one such \
answer): if this output also meets the statement's conditions, it may be right. Check it by hand, or pass \
`checker` (argv run with the input, output and expected file paths; exit 0 = accepted).";

/// The special-judge convention: `checker input output expected`, exit 0 = accepted.
fn run_checker(
    checker: &[String],
    case: &Case,
    got: &str,
    tmp: &TempDir,
    env: &[(String, String)],
    r: &mut SampleResult,
    cancelled: &dyn Fn() -> bool,
) -> Verdict {
    let files = [("input.txt", case.stdin.as_str()), ("output.txt", got), ("expected.txt", case.expected.as_str())];
    let mut argv = checker.to_vec();
    for (name, text) in files {
        let path = tmp.path().join(name);
        if let Err(e) = std::fs::write(&path, text) {
            r.checker = Some(format!("cannot write {name} for the checker: {e}"));
            return Verdict::Wa;
        }
        argv.push(path.to_string_lossy().into_owned());
    }
    let spec = Spec {
        argv: &argv,
        cwd: tmp.path(),
        env,
        stdin: b"",
        stdin_file: None,
        time_ms: CHECKER_MS,
        output_cap: 64 * 1024,
        kill_group_after: true,
    };
    let out = run::run(&spec, cancelled);
    let mut msg = String::from_utf8_lossy(&out.stdout).into_owned();
    msg.push_str(&out.stderr);
    let msg = msg.trim();
    r.checker = Some(match &out.end {
        End::Code(c) if msg.is_empty() => format!("the checker exited with {c}"),
        End::Code(c) => format!("the checker exited with {c}: {}", verdict::tail(msg, 500)),
        other => format!("the checker failed: {other} {}", verdict::tail(msg, 300)),
    });
    if out.end == End::Code(0) {
        (r.diff, r.expected, r.output) = (None, None, None);
        Verdict::Ac
    } else {
        Verdict::Wa
    }
}

#[cfg(test)]
mod limit_tests {
    use super::{past_the_limit, run::End};

    #[test]
    fn a_run_is_slow_on_its_cpu_time_and_a_cpu_limit_kill_is_slow() {
        // The CI and load cases: a JVM killed at 7,996 ms of CPU of an 8,000 ms limit after 11.6 s;
        // eight spinning threads killed at 2,996 ms of CPU of 2,000 after 1.5 s.
        assert!(past_the_limit(11_644, Some(7_996), &End::Signal(9), 8_000));
        assert!(past_the_limit(1_527, Some(2_996), &End::Signal(9), 2_000));
        // Slow on a busy machine only (the wall clock), or a crash: not a time-out.
        assert!(!past_the_limit(11_644, Some(900), &End::Code(0), 8_000));
        assert!(!past_the_limit(11_644, Some(6_000), &End::Signal(9), 8_000));
        assert!(!past_the_limit(9_000, Some(7_900), &End::Signal(11), 8_000));
        assert!(!past_the_limit(100, Some(50), &End::Signal(9), 8_000));
        // Past both, however it ended; no CPU time measured: the wall clock alone.
        assert!(past_the_limit(9_000, Some(8_500), &End::Code(0), 8_000));
        assert!(past_the_limit(9_000, None, &End::Code(1), 8_000));
        assert!(!past_the_limit(9_000, None, &End::OutputLimit, 8_000));
    }
}
