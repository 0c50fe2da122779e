//! The rounds of a stress test: an input from the generator, the reference's output on it, the
//! program's, compared as samples are; many rounds at once over the cores, stopping at the first
//! round whose outcome differs (the search: `batch.rs`); then a search for a smaller failing input (new seeds at each
//! smaller size, smallest first).

use std::path::PathBuf;

use super::super::compare::Diff;
use super::super::plan::Reader;
use super::super::sandbox::Limits;
use super::super::verdict::{self, SampleResult, Verdict};
use super::super::{Case, Job, execute, judge_output};
use super::source::GeneratorSource;

/// Seeds tried at each smaller size while shrinking.
const TRIES_PER_SIZE: u64 = 24;
/// Characters of an input or an output kept in a report.
const SHOWN: usize = 2000;

/// What the rounds run: the program's job (limits, comparison, checker), the built argvs, the
/// input source, and for LeetCode the reader that turns a testcase into the drivers' call.
pub(super) struct Engine<'a> {
    pub(super) job: &'a Job,
    pub(super) program: Vec<String>,
    pub(super) program_cwd: Option<PathBuf>,
    pub(super) limits: Limits,
    pub(super) reference: Vec<String>,
    pub(super) reference_cwd: Option<PathBuf>,
    pub(super) reference_limits: Limits,
    pub(super) generator: &'a GeneratorSource,
    pub(super) reader: Option<&'a Reader>,
    /// LeetCode, both sides built by a driver that runs a batch's testcases in one process
    /// (`--many`: `batch.rs`).
    pub(super) many: bool,
    /// Inputs generated from a statement with lines the generator did not read: an input may
    /// break one (see [`outside`]).
    pub(super) doubtful: bool,
}

/// One program's run in a round.
#[derive(Debug, Clone)]
pub(super) struct Side {
    pub(super) verdict: Verdict,
    pub(super) time_ms: u64,
    /// CPU time (user + system), where the init measured it: what TLE is judged on.
    pub(super) cpu_ms: Option<u64>,
    pub(super) exit: Option<String>,
    pub(super) output: String,
    pub(super) stderr: Option<String>,
}

/// What a round found.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Found {
    /// The program agreed with the reference.
    Same,
    /// The program's verdict: `WA`, `RE`, `TLE`, `MLE`, `OLE`, or `UNVERIFIED` where the
    /// statement accepts several answers and no checker decided (the outputs differ).
    Program(Verdict),
    /// The reference crashed or ran out of time: its fault, not the program's.
    Reference,
    /// The generator failed, or printed what is not a testcase: why.
    Generator(String),
}

/// A round: its seed and size, the input, both runs, and the comparison's details.
#[derive(Debug, Clone)]
pub(super) struct Round {
    pub(super) seed: u64,
    pub(super) size: u64,
    pub(super) found: Found,
    pub(super) input: String,
    pub(super) program: Option<Side>,
    pub(super) reference: Option<Side>,
    pub(super) diff: Option<Diff>,
    pub(super) note: Option<String>,
    pub(super) checker: Option<String>,
}

impl Round {
    fn new(seed: u64, size: u64, found: Found) -> Round {
        Round {
            seed,
            size,
            found,
            input: String::new(),
            program: None,
            reference: None,
            diff: None,
            note: None,
            checker: None,
        }
    }
}

/// Runs `argv` on `stdin` once, confined; the run's side and what it left for a comparison.
fn side(
    argv: &[String],
    cwd: Option<&std::path::Path>,
    limits: Limits,
    stdin: &str,
    cancelled: &dyn Fn() -> bool,
) -> (Side, Option<super::super::Exec>) {
    let done = match execute(argv, cwd, limits, stdin.as_bytes(), cancelled) {
        Ok(d) => d,
        Err(e) => {
            let s = Side {
                verdict: Verdict::Re,
                time_ms: 0,
                cpu_ms: None,
                exit: Some(e),
                output: String::new(),
                stderr: None,
            };
            return (s, None);
        }
    };
    let out = &done.out;
    let (v, exit) = verdict::of_end(&out.end, &out.stderr, done.memory_limited).unwrap_or((Verdict::Ac, None));
    let exit = exit.or_else(|| done.why.clone());
    let err = out.stderr.trim();
    let side = Side {
        verdict: v,
        time_ms: out.time_ms,
        cpu_ms: done.cpu_ms,
        exit,
        output: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: (!err.is_empty()).then(|| verdict::shown_stderr(err)),
    };
    (side, Some(done))
}

/// One round on `seed` and `size`.
pub(super) fn round(e: &Engine, seed: u64, size: u64, cancelled: &dyn Fn() -> bool) -> Round {
    let input = match e.generator.input(seed, size, cancelled) {
        Ok(i) => i,
        Err(why) => return Round::new(seed, size, Found::Generator(why)),
    };
    let (stdin, design) = match e.reader.map(|r| r.stdin("generated testcase", 1, &input)) {
        None => (input.clone(), false),
        Some(Ok(call)) => call,
        Some(Err(why)) => {
            let mut r = Round::new(seed, size, Found::Generator(why));
            r.input = verdict::head(&input, SHOWN);
            return r;
        }
    };
    let mut r = Round::new(seed, size, Found::Same);
    r.input = verdict::head(&input, SHOWN);
    let (reference, _) = side(&e.reference, e.reference_cwd.as_deref(), e.reference_limits, &stdin, cancelled);
    if reference.verdict != Verdict::Ac {
        r.found = Found::Reference;
        r.reference = Some(reference);
        return r;
    }
    let (mut program, done) = side(&e.program, e.program_cwd.as_deref(), e.limits, &stdin, cancelled);
    if let (Verdict::Ac, Some(done)) = (program.verdict, done) {
        let case = Case {
            number: 1,
            stdin,
            expected: reference.output.clone(),
            shown: String::new(),
            design,
            own: false,
            judged: true,
        };
        let mut s = blank();
        judge_output(e.job, &case, &program.output, &done.tmp, &done.env, &mut s, cancelled);
        (program.verdict, r.diff, r.note, r.checker) = (s.verdict, s.diff, s.note, s.checker);
    }
    if program.verdict != Verdict::Ac {
        r.found = Found::Program(program.verdict);
    }
    program.output = verdict::head(&program.output, SHOWN);
    r.program = Some(program);
    r.reference = Some(Side { output: verdict::head(&reference.output, SHOWN), ..reference });
    r
}

pub(super) fn blank() -> SampleResult {
    SampleResult {
        number: 1,
        verdict: Verdict::Ac,
        time_ms: 0,
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

/// The seed and size of stress round `i`: seeds count up from `seed`, sizes cycle 1..=`max_size`
/// (small inputs often: a failure found small needs little shrinking).
pub(super) fn stress_at(seed: u64, max_size: u64) -> impl Fn(u64) -> (u64, u64) + Sync {
    move |i| (seed.wrapping_add(i), 1 + i % max_size.max(1))
}

/// The seed and size of shrinking round `i`: sizes from 1 up, [`TRIES_PER_SIZE`] new seeds each.
pub(super) fn shrink_at(seed: u64) -> impl Fn(u64) -> (u64, u64) + Sync {
    move |i| (seed.wrapping_add(1_000_000_007).wrapping_add(i), 1 + i / TRIES_PER_SIZE)
}

/// Rounds a shrink below `size` tries.
pub(super) fn shrink_count(size: u64) -> u64 {
    size.saturating_sub(1).saturating_mul(TRIES_PER_SIZE)
}

/// Whether round `r` is taken as an input outside the statement, and skipped: the reference (the
/// trusted brute force) crashed or ran out of memory on an input generated from a statement with
/// lines the generator did not read. Accepted solutions fail on the inputs those lines rule out
/// (385's `s = "-"`, not a serialized NestedInteger; 797's graph with a cycle, not a DAG); a
/// reference that is too slow is still its own fault (its limit, not the input), as is any
/// failure on the caller's generator's inputs, which the caller vouches for.
pub(super) fn outside(e: &Engine, r: &Round) -> bool {
    let failed = r.reference.as_ref().is_some_and(|s| matches!(s.verdict, Verdict::Re | Verdict::Mle | Verdict::Ole));
    e.doubtful && r.found == Found::Reference && failed
}

/// Whether a smaller round found the same kind of fault as `first` (the program's, of any kind).
pub(super) fn same_kind(first: &Found, smaller: &Found) -> bool {
    matches!((first, smaller), (Found::Program(_), Found::Program(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_and_sizes_of_the_rounds_and_of_the_shrink() {
        let at = stress_at(7, 3);
        assert_eq!((0..5).map(&at).collect::<Vec<_>>(), [(7, 1), (8, 2), (9, 3), (10, 1), (11, 2)]);
        // Shrinking below size 3: sizes 1 then 2, TRIES_PER_SIZE seeds each, none a stress seed.
        assert_eq!(shrink_count(3), 2 * TRIES_PER_SIZE);
        assert_eq!(shrink_count(1), 0);
        let at = shrink_at(7);
        assert_eq!(at(0).1, 1);
        assert_eq!(at(TRIES_PER_SIZE).1, 2);
        assert_ne!(at(0).0, 7);
        assert!(same_kind(&Found::Program(Verdict::Wa), &Found::Program(Verdict::Re)));
        assert!(!same_kind(&Found::Program(Verdict::Wa), &Found::Reference));
    }
}
