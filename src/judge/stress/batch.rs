//! Stress rounds in batches: many rounds in one sandbox (the init's batch mode,
//! `init/batch.rs`), where a round alone starts three (6 to 9 ms each at rest). The init runs
//! each round's generator, reference and program, each under its own time limit, and stops at
//! the first that fails; the outputs are compared here, as a round's are. The first round that
//! did not agree (a failure, a difference, or a batch that could not run) runs again alone
//! (`rounds::round`): its report is that run's, as without batches; one that then agrees is
//! counted as not repeated and the rounds go on.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::thread;
use std::time::Instant;

use super::super::init::BATCH;
use super::super::sandbox::{self, Limits};
use super::super::verdict::Verdict;
use super::super::{Case, Exec, OUTPUT_CAP, execute_for, judge_output};
use super::rounds::{Engine, Found, Round, blank, outside, round};
use super::source::GeneratorSource;

/// Rounds in a thread's first batch; each clean batch doubles it, up to [`MOST`].
pub(super) const FIRST: u64 = 4;
pub(super) const MOST: u64 = 32;

/// What rounds `from..to` found: how many ran to their end and agreed (or, alone, agreed again:
/// `unrepeated` of them), how many were skipped as outside the statement (`rounds::outside`; the
/// first of them), and the first that did not agree, alone.
#[derive(Default)]
pub(super) struct Batch {
    pub(super) same: u64,
    pub(super) unrepeated: u64,
    pub(super) skipped: u64,
    pub(super) first_skipped: Option<(u64, Round)>,
    pub(super) first: Option<(u64, Round)>,
}

/// The limits every run of a batch is under (prlimit's, before the sandbox: each process's own),
/// where all three have the same memory limit; `None` where batches cannot run here.
fn shared_limits(e: &Engine) -> Option<Limits> {
    let gen_limits = match e.generator {
        GeneratorSource::Program { limits, .. } => Some(*limits),
        GeneratorSource::Statement { .. } => None,
    };
    let all = [e.limits, e.reference_limits].into_iter().chain(gen_limits);
    // One memory figure for all. An AddressSanitizer build (LeetCode's C++) cannot run under an
    // address-space limit (`Limits::rss_mb`): a batch with one runs without it, its other
    // programs (a Python reference) then bound only by their time and the CPU limit, as a JVM's
    // are by its heap; a round that fails runs again alone, under its own limits. Unbatched,
    // a C++ program against a Python reference ran 18 times fewer rounds.
    let figure = |l: &Limits| l.memory_mb.or(l.rss_mb);
    let same = all.clone().all(|l| figure(&l) == figure(&e.limits));
    let rss_mb = all.clone().find_map(|l| l.rss_mb);
    let time_ms = all.map(|l| l.time_ms).max().unwrap_or(e.limits.time_ms);
    let limits = Limits { time_ms, memory_mb: e.limits.memory_mb.filter(|_| rss_mb.is_none()), rss_mb };
    (same && !e.reference.is_empty() && sandbox::batches()).then_some(limits)
}

/// Rounds `from..to` (round `i` on the seed and size `at(i)`) in batches, until one does not
/// agree, `deadline` passes or the call is cancelled; without batches here, one by one.
pub(super) fn rounds(
    e: &Engine,
    (from, to): (u64, u64),
    at: &dyn Fn(u64) -> (u64, u64),
    deadline: Instant,
    cancelled: &dyn Fn() -> bool,
) -> Batch {
    let mut b = Batch::default();
    let limits = shared_limits(e);
    let mut i = from;
    while i < to && !cancelled() && Instant::now() < deadline {
        let (ok, flagged) = match limits {
            Some(l) => screen(e, l, (i, to), at, deadline, cancelled),
            None => (0, false),
        };
        (b.same, i) = (b.same + ok, i + ok);
        if i >= to || cancelled() || Instant::now() >= deadline {
            break;
        }
        let (seed, size) = at(i);
        let r = round(e, seed, size, cancelled);
        if cancelled() {
            break;
        }
        if outside(e, &r) {
            b.skipped += 1;
            b.first_skipped.get_or_insert((i, r));
            i += 1;
            continue;
        }
        if r.found != Found::Same {
            b.first = Some((i, r));
            break;
        }
        (b.same, b.unrepeated, i) = (b.same + 1, b.unrepeated + u64::from(flagged), i + 1);
    }
    b
}

/// Runs rounds `from..to` as one batch: how many agreed from `from` on, and whether the next was
/// seen to fail (`false`: the batch was cut, or could not run).
fn screen(
    e: &Engine,
    limits: Limits,
    (from, to): (u64, u64),
    at: &dyn Fn(u64) -> (u64, u64),
    deadline: Instant,
    cancelled: &dyn Fn() -> bool,
) -> (u64, bool) {
    let wall = deadline.saturating_duration_since(Instant::now()).as_millis() as u64;
    // LeetCode: the testcases are made first (the generator's in a batch of their own), then
    // written as the drivers read them.
    let inputs = match (e.reader, e.generator) {
        (None, _) => None,
        (Some(_), GeneratorSource::Statement { .. }) => {
            Some((from..to).map(|i| e.generator.input(at(i).0, at(i).1, cancelled).ok()).collect::<Vec<_>>())
        }
        (Some(_), GeneratorSource::Program { .. }) => {
            let mut plan = String::new();
            (from..to).for_each(|i| generator_step(&mut plan, e, i, at, i));
            let Ok(done) = execute_for(&words(e), None, limits, (wall, OUTPUT_CAP), plan.as_bytes(), cancelled) else {
                return (0, false);
            };
            Some((from..to).map(|i| read(&done, &format!("in{i}"))).collect())
        }
    };
    // Stdin problems: each round's generator, reference and program. LeetCode: the testcases
    // written first (nothing is written by the init once a program has run), then the runs.
    let (mut writes, mut runs, mut stdins) = (String::new(), String::new(), Vec::new());
    for i in from..to {
        let stdin = match (e.reader, inputs.as_ref()) {
            (Some(r), Some(inputs)) => inputs[(i - from) as usize].as_ref().and_then(|t| r.stdin("", 1, t).ok()),
            _ => None,
        };
        match &stdin {
            Some((text, _)) => write!(writes, "write\0in{i}\0{text}\0").unwrap_or(()),
            None if e.reader.is_some() => break,
            None => generator_step(&mut runs, e, i, at, i),
        }
        stdins.push(stdin);
        let (input, refs, outs) = (format!("in{i}"), format!("ref{i}"), format!("out{i}"));
        step(&mut runs, (&e.reference, &[]), e.reference_cwd.as_deref(), e.reference_limits.time_ms, &input, &refs);
        step(&mut runs, (&e.program, &[]), e.program_cwd.as_deref(), e.limits.time_ms, &input, &outs);
        write!(runs, "done\0{i}\0").unwrap_or(());
    }
    // A call a line: each driver input is one line of JSON and its newline.
    let calls: Vec<&str> = stdins.iter().flatten().map(|(t, _)| t.strip_suffix('\n').unwrap_or(t)).collect();
    let many = e.many && calls.iter().all(|c| !c.contains('\n'));
    if many && !calls.is_empty() {
        runs = many_steps(e, &calls, from);
    }
    writes.push_str(&runs);
    let Ok(done) = execute_for(&words(e), None, limits, (wall, OUTPUT_CAP), writes.as_bytes(), cancelled) else {
        return (0, false);
    };
    let (ok, flagged) = compare(e, &done, (from, many), &stdins, cancelled);
    // A LeetCode testcase that was not made (the generator failed): the round after the batch.
    (ok, flagged || (ok == stdins.len() as u64 && ok < to - from))
}

/// The generator's run for round `i` (stdin problems, or LeetCode's first batch), its output
/// the file `in{round}`.
fn generator_step(plan: &mut String, e: &Engine, i: u64, at: &dyn Fn(u64) -> (u64, u64), round: u64) {
    if let GeneratorSource::Program { argv, cwd, limits } = e.generator {
        let (seed, size) = at(i);
        let extra = [seed.to_string(), size.to_string()];
        step(plan, (argv, &extra), cwd.as_deref(), limits.time_ms, "", &format!("in{round}"));
    }
}

/// LeetCode, both sides run by a driver with `--many` (Python, C++, Java, Go, JavaScript,
/// TypeScript, Rust): the batch's testcases
/// in one process each, as LeetCode runs them (`python.py`'s `many`, and the others': a line per call in
/// `calls`, a line per result in `refs` and `outs`), where a round alone starts two. `try`
/// records: a driver that stopped at a testcase (a failure, a time-out) leaves the rounds before
/// it to compare, and that one is run again alone.
fn many_steps(e: &Engine, calls: &[&str], from: u64) -> String {
    let mut plan = format!("write\0calls\0{}\n\0", calls.join("\n"));
    let n = calls.len() as u64;
    for ((argv, cwd, ms), out) in [
        ((&e.reference, &e.reference_cwd, e.reference_limits.time_ms), "refs"),
        ((&e.program, &e.program_cwd, e.limits.time_ms), "outs"),
    ] {
        let mut run = String::new();
        let extra = ["--many".to_string(), ms.to_string()];
        step(&mut run, (argv, &extra), cwd.as_deref(), ms.saturating_mul(n + 1), "calls", out);
        plan.push_str(&run.replacen("run", "try", 1));
    }
    (from..from + n).for_each(|i| write!(plan, "done\0{i}\0").unwrap_or(()));
    plan
}

/// Round `i`'s output in a many-testcase driver's `file` (its line "K RESULT", K counted from
/// `from`), as a run of its own prints it.
fn many_output(done: &Exec, file: &str, from: u64, i: u64) -> Option<String> {
    let text = read(done, file)?;
    let key = format!("{} ", i - from);
    text.lines().find_map(|l| l.strip_prefix(key.as_str())).map(|r| format!("{r}\n"))
}

/// Whether `argv` is a Python script built by this session (`python [OPTIONS] BUILD/main.py`),
/// whose runs go through the batch's fork server (`init/fork.rs`: the interpreter starts once
/// per batch); not with `OJ_JUDGE_NO_FORK` set (each run then starts its own).
fn forks(argv: &[String]) -> bool {
    use std::path::Path;
    let script =
        argv.last().map(Path::new).filter(|_| argv.len() > 1 && std::env::var_os("OJ_JUDGE_NO_FORK").is_none());
    script.is_some_and(|s| {
        s.file_name() == Some("main.py".as_ref())
            && s.parent().is_some_and(|d| d.starts_with(super::super::paths::root()))
    })
}

/// A `run` record of the plan (`init/batch.rs`), or `fork` for a Python script ([`forks`]).
fn step(
    plan: &mut String,
    (argv, extra): (&[String], &[String]),
    cwd: Option<&std::path::Path>,
    time_ms: u64,
    stdin: &str,
    stdout: &str,
) {
    let cwd = cwd.map(|c| c.to_string_lossy()).unwrap_or_default();
    let n = argv.len() + extra.len();
    if forks(argv) {
        write!(plan, "fork\0{}\0", argv.len()).unwrap_or(());
    } else {
        plan.push_str("run\0");
    }
    write!(plan, "{time_ms}\0{cwd}\0{stdin}\0{stdout}\0{n}\0").unwrap_or(());
    for w in argv.iter().chain(extra) {
        plan.push_str(w);
        plan.push('\0');
    }
}

/// The batch's command: the marker, then every word and folder the runs read (the sandbox keeps
/// their folders readable; the init reads only the plan).
fn words(e: &Engine) -> Vec<String> {
    let mut out = vec![BATCH.to_string()];
    out.extend(e.program.iter().chain(&e.reference).cloned());
    if let GeneratorSource::Program { argv, cwd, .. } = e.generator {
        out.extend(argv.iter().cloned().chain(cwd.iter().map(|c| c.to_string_lossy().into_owned())));
    }
    out.extend([&e.program_cwd, &e.reference_cwd].into_iter().flatten().map(|c| c.to_string_lossy().into_owned()));
    out
}

/// A file the batch wrote in its folder: a regular file (not a link a program left), at most the
/// output cap (every process of the run is gone: nothing changes it now).
fn read(done: &Exec, name: &str) -> Option<String> {
    let path = done.tmp.path().join(name);
    let meta = std::fs::symlink_metadata(&path).ok()?;
    if !meta.file_type().is_file() || meta.len() > OUTPUT_CAP as u64 {
        return None;
    }
    std::fs::read(&path).ok().map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// How many of the batch's rounds, from `from` on, ran to their end and agree (compared as a
/// round's outputs are), and whether the next failed.
fn compare(
    e: &Engine,
    done: &Exec,
    (from, many): (u64, bool),
    stdins: &[Option<(String, bool)>],
    cancelled: &dyn Fn() -> bool,
) -> (u64, bool) {
    let printed = String::from_utf8_lossy(&done.out.stdout).into_owned();
    // The rounds the init said done, in order (a program may print there too: only its verdict).
    let mut finished = printed.lines().zip(from..).take_while(|(l, i)| l.parse() == Ok(*i)).count().min(stdins.len());
    if many && done.out.end == super::super::run::End::TimedOut {
        // The deadline cut the batch: the testcases both drivers printed a result for ran to
        // their end (a driver prints one only within the time limit); the rest are lost.
        let file = |f: &str| read(done, f).unwrap_or_default();
        finished = finished.max(printed_both(&file("refs"), &file("outs"), stdins.len()));
    }
    for (k, given) in stdins.iter().take(finished).enumerate() {
        let i = from + k as u64;
        let output = |one: &str, all: &str| {
            if many { many_output(done, all, from, i) } else { read(done, &format!("{one}{i}")) }
        };
        let (Some(input), Some(expected), Some(got)) =
            (read(done, &format!("in{i}")), output("ref", "refs"), output("out", "outs"))
        else {
            return (k as u64, true);
        };
        if input.trim().is_empty() {
            return (k as u64, true);
        }
        let design = given.as_ref().is_some_and(|g| g.1);
        let case = Case { number: 1, stdin: input, expected, shown: String::new(), design, own: false, judged: true };
        let mut s = blank();
        judge_output(e.job, &case, &got, &done.tmp, &done.env, &mut s, cancelled);
        if s.verdict != Verdict::Ac {
            return (k as u64, true);
        }
    }
    (finished as u64, finished < stdins.len() && done.out.end == super::super::run::End::Code(1))
}

/// How many testcases from the first both drivers' outputs give a whole result line for
/// (`K RESULT` and its newline; a line cut by the kill is not one).
fn printed_both(refs: &str, outs: &str, n: usize) -> usize {
    let whole = |t: &str, k: usize| {
        let t = &t[..t.rfind('\n').map_or(0, |i| i + 1)];
        t.lines().any(|l| l.strip_prefix(&format!("{k} ")).is_some())
    };
    (0..n).take_while(|&k| whole(refs, k) && whole(outs, k)).count()
}

/// How a search stopped.
pub(super) struct Searched {
    /// Rounds run to their end (the skipped among them).
    pub(super) done: u64,
    /// Rounds skipped as outside the statement (`rounds::outside`), and the first of them.
    pub(super) skipped: u64,
    pub(super) first_skipped: Option<Round>,
    /// The round of the smallest index that did not find `Same`.
    pub(super) first: Option<Round>,
    /// Rounds that failed in a batch but agreed when run again alone (a busy machine's time-out).
    pub(super) unrepeated: u64,
}

/// The round of the smallest index of a kind that the threads of a search found, with its index.
type Earliest = Mutex<Option<(u64, Round)>>;

/// The next batch's rounds: twice the last, up to [`MOST`], and no more than fit in the `left`
/// seconds at the last batch's pace (`per_round` seconds): a batch the deadline cuts loses its
/// rounds (a driver's results come at its end), so on a loaded machine the doubling batch was
/// the call's last, lost (Python calls stopped at 8, 24 or 56 rounds of 100 in 8 s).
fn next_size(size: u64, per_round: f64, left: f64) -> u64 {
    let fit = if per_round > 0.0 { (left / per_round).floor() as u64 } else { MOST };
    (size * 2).min(MOST).min(fit).max(1)
}

/// Runs rounds `0..count` (round `i` on the seed and size `at(i)`) in batches on up to
/// as many threads as there are cores, until one differs, `deadline` passes, or the call is
/// cancelled. `progress(done)` follows every finished round.
pub(super) fn search(
    e: &Engine,
    count: u64,
    at: &(dyn Fn(u64) -> (u64, u64) + Sync),
    deadline: Instant,
    cancelled: &(dyn Fn() -> bool + Sync),
    progress: &(dyn Fn(u64) + Sync),
) -> Searched {
    let (next, done, stop) = (AtomicU64::new(0), AtomicU64::new(0), AtomicBool::new(false));
    let (unrepeated, skipped) = (AtomicU64::new(0), AtomicU64::new(0));
    let (first, first_skipped): (Earliest, Earliest) = Default::default();
    let earliest = |slot: &Earliest, found: Option<(u64, Round)>| {
        if let Some((j, r)) = found {
            let mut f = slot.lock().unwrap_or_else(PoisonError::into_inner);
            if f.as_ref().is_none_or(|(k, _)| j < *k) {
                *f = Some((j, r));
            }
        }
    };
    let work = || {
        let mut size = FIRST;
        while !stop.load(Ordering::Relaxed) && !cancelled() && Instant::now() < deadline {
            let i = next.fetch_add(size, Ordering::Relaxed);
            if i >= count {
                return;
            }
            let started = Instant::now();
            let b = rounds(e, (i, (i + size).min(count)), at, deadline, cancelled);
            if cancelled() {
                return;
            }
            unrepeated.fetch_add(b.unrepeated, Ordering::Relaxed);
            skipped.fetch_add(b.skipped, Ordering::Relaxed);
            for _ in 0..b.same + b.skipped + u64::from(b.first.is_some()) {
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            }
            stop.fetch_or(b.first.is_some(), Ordering::Relaxed);
            earliest(&first, b.first);
            earliest(&first_skipped, b.first_skipped);
            let left = deadline.saturating_duration_since(Instant::now()).as_secs_f64();
            size = next_size(size, started.elapsed().as_secs_f64() / b.same.max(1) as f64, left);
        }
    };
    let cores = thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    thread::scope(|s| {
        for k in 1..cores.min(count).max(1) {
            let _ = thread::Builder::new().name(format!("oj-stress-{k}")).spawn_scoped(s, work);
        }
        work();
    });
    let last = |slot: Earliest| slot.into_inner().unwrap_or_else(PoisonError::into_inner).map(|(_, r)| r);
    Searched {
        done: done.into_inner(),
        skipped: skipped.into_inner(),
        first_skipped: last(first_skipped),
        first: last(first),
        unrepeated: unrepeated.into_inner(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Python calls on a loaded machine stopped at 8, 24 or 56 rounds: the doubled batch ran
    /// past the deadline and its rounds were lost. A batch now fits the time left.
    #[test]
    fn a_batch_fits_the_time_left() {
        assert_eq!(next_size(4, 0.01, 10.0), 8);
        assert_eq!(next_size(32, 0.01, 10.0), MOST);
        assert_eq!(next_size(8, 0.5, 3.0), 6);
        assert_eq!(next_size(8, 2.0, 0.5), 1);
        assert_eq!(next_size(8, 0.0, 1.0), 16);
    }

    /// A batch the deadline cut lost every round (the init says a round done when both drivers
    /// have ended): the testcases both drivers printed a whole result for are kept.
    #[test]
    fn a_cut_batch_keeps_the_results_both_drivers_printed() {
        let refs = "0 [1]\n1 [2]\n2 [3]\n3 [4";
        assert_eq!(printed_both(refs, "0 [1]\n1 [9]\n2 [", 5), 2);
        assert_eq!(printed_both(refs, "0 [1]\n1 [9]\n2 [3]\n3 [4]\n", 5), 3);
        assert_eq!(printed_both(refs, "", 5), 0);
        assert_eq!(printed_both("0 [1]\n", "0 [1]\n", 1), 1);
    }
}
