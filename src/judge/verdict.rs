//! Verdicts: what one run of one sample earned, and the words for it.

use serde_json::Value;

use super::compare::Diff;
use super::run::End;

/// The verdict of a sample (or, for `CE`, of the whole program).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Accepted.
    Ac,
    /// Wrong answer.
    Wa,
    /// A different answer where the statement accepts several: not checked (no checker given).
    Unverified,
    /// Time limit exceeded (killed at the wall-clock limit, or by the CPU limit).
    Tle,
    /// Memory limit exceeded (an allocation failed under the limit).
    Mle,
    /// Output limit exceeded.
    Ole,
    /// Runtime error: a non-zero exit or a signal.
    Re,
    /// Compilation error.
    Ce,
    /// An own test without an expected output ran to its end: its output is shown, not judged.
    Ran,
}

impl Verdict {
    /// The judge's abbreviation.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Verdict::Ac => "AC",
            Verdict::Wa => "WA",
            Verdict::Unverified => "UNVERIFIED",
            Verdict::Tle => "TLE",
            Verdict::Mle => "MLE",
            Verdict::Ole => "OLE",
            Verdict::Re => "RE",
            Verdict::Ce => "CE",
            Verdict::Ran => "RAN",
        }
    }

    /// Not a failure: accepted, or ran without an expected output.
    pub(crate) fn passed(self) -> bool {
        matches!(self, Verdict::Ac | Verdict::Ran)
    }
}

/// Signals by number, for the report (the same on Linux for the ones that matter here).
fn signal_name(sig: i32) -> &'static str {
    match sig {
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        _ => "signal",
    }
}

/// An exit code in words: a Windows exception status (`0xC0000005`, which Unix exit codes of
/// 0 to 255 never are) in hex with its name, else the number.
fn exit_words(code: i32) -> String {
    let status = code as u32;
    if status < 0xC000_0000 {
        return format!("exit code {code}");
    }
    let name = match status {
        0xC000_0005 => "access violation",
        0xC000_001D => "illegal instruction",
        0xC000_0017 | 0xC000_012D => "out of memory",
        0xC000_008C => "array bounds exceeded",
        0xC000_008E => "floating-point division by zero",
        0xC000_0094 => "integer division by zero",
        0xC000_0095 => "integer overflow",
        0xC000_00FD => "stack overflow",
        0xC000_013A => "interrupted by Ctrl-C",
        0xC000_0374 => "heap corruption",
        0xC000_0409 => "fast fail: abort or a failed check",
        _ => "an exception",
    };
    format!("exit code 0x{status:08X} ({name})")
}

/// What a crashed program's stderr says when an allocation failed (C++, Python, Java, Rust, Go,
/// Node, glibc).
const OUT_OF_MEMORY: &[&str] = &[
    "bad_alloc",
    "MemoryError",
    "OutOfMemoryError",
    "out of memory",
    "Cannot allocate memory",
    "memory allocation of",
    "heap out of memory",
    "failed to reserve",
    // AddressSanitizer past its resident-memory limit (`sandbox::asan_options`), or the judge's
    // own note of a peak past it (`judge::over_the_peak`).
    "rss limit exhausted",
];

/// An AddressSanitizer report's headline, for the exit's words: the error (`heap-buffer-overflow
/// on address 0x…`), the access (`READ of size 4`) and the first frame in the user's code
/// (`solution.cpp:5:23 in Solution::f(…)`), else the first frame. The report itself is long
/// (frames, then a map of shadow memory): this is what a reader needs of it.
fn asan_headline(stderr: &str) -> Option<String> {
    // The report's own line, else (the start cut off by a flood of prints) its summary.
    let at = stderr.find("ERROR: AddressSanitizer: ").or_else(|| stderr.find("SUMMARY: AddressSanitizer: "))?;
    let at = at + stderr[at..].find("AddressSanitizer")?;
    let mut lines = stderr[at..].lines();
    let first = lines.next()?;
    let error = first.split(" at pc ").next().unwrap_or(first).split(" (pc ").next().unwrap_or(first);
    let rest: Vec<&str> = lines.take_while(|l| !l.starts_with("Shadow bytes")).map(str::trim).collect();
    let access = rest.iter().find(|l| l.contains(" of size ")).map(|l| l.split(" at 0x").next().unwrap_or(l));
    let frames = rest.iter().filter(|l| l.starts_with('#'));
    let frame = frames.clone().find(|l| l.contains("solution.cpp:")).or(frames.clone().next());
    // `#0 0x55f2… in Solution::f(…) /path/solution.cpp:5:23`: the place, then the function.
    let place = frame.and_then(|f| f.split_once(" in ")).map(|(_, f)| match f.rfind(' ') {
        Some(k) => format!("at {} in {}", file_line(&f[k + 1..]), head(&f[..k], 120)),
        None => format!("in {}", head(f, 120)),
    });
    Some([Some(error), access].into_iter().flatten().map(str::to_string).chain(place).collect::<Vec<_>>().join("; "))
}

/// A frame's `/build/folder/solution.cpp:5:23` as `solution.cpp:5:23`: the user's file by the
/// name the compile gave it.
fn file_line(path: &str) -> &str {
    path.rfind('/').map_or(path, |k| &path[k + 1..])
}

/// A failed run's standard error as shown: its end (800 characters), or of an AddressSanitizer
/// report its start, from the error to the map of shadow memory that ends it (the map would push
/// the error and its frames out of the end).
pub(crate) fn shown_stderr(err: &str) -> String {
    match err.find("ERROR: AddressSanitizer") {
        Some(at) => {
            let report = &err[at..];
            head(report[..report.find("Shadow bytes around").unwrap_or(report.len())].trim_end(), 800)
        }
        None => tail(err, 800),
    }
}

/// The verdict of a run that did not end normally, with the exit described; `None` for exit 0.
pub(crate) fn of_end(end: &End, stderr: &str, memory_limited: bool) -> Option<(Verdict, Option<String>)> {
    let oom = || OUT_OF_MEMORY.iter().any(|m| stderr.contains(m));
    match end {
        End::Code(0) => None,
        End::TimedOut | End::Cancelled => Some((Verdict::Tle, None)),
        End::OutputLimit => Some((Verdict::Ole, None)),
        End::Signal(24) => Some((Verdict::Tle, Some("killed by SIGXCPU (CPU time limit)".into()))),
        End::Code(c) => {
            let ours = ["OutOfMemoryError", "rss limit exhausted"].iter().any(|m| stderr.contains(m));
            let v = if oom() && (memory_limited || ours) { Verdict::Mle } else { Verdict::Re };
            let asan = asan_headline(stderr).map(|h| format!(": {h}")).unwrap_or_default();
            Some((v, Some(exit_words(*c) + &asan)))
        }
        End::Signal(s) => {
            let v = if oom() && memory_limited { Verdict::Mle } else { Verdict::Re };
            Some((v, Some(format!("killed by signal {s} ({})", signal_name(*s)))))
        }
        End::NotStarted(why) => Some((Verdict::Re, Some(why.clone()))),
    }
}

/// One sample's result.
#[derive(Debug, Clone)]
pub(crate) struct SampleResult {
    /// The sample's number, from 1.
    pub(crate) number: usize,
    pub(crate) verdict: Verdict,
    pub(crate) time_ms: u64,
    /// How the program ended, for `RE`/`MLE`/`TLE` by CPU.
    pub(crate) exit: Option<String>,
    /// The first differing line, for a wrong or unverified answer.
    pub(crate) diff: Option<Diff>,
    /// The end of stderr, for a failure.
    pub(crate) stderr: Option<String>,
    /// The sample's input, cut, for a failure.
    pub(crate) input: Option<String>,
    /// The checker's message, when one decided.
    pub(crate) checker: Option<String>,
    /// How the verdict was reached when equality did not decide it (another order accepted; why
    /// a different output is unverified; that the statement may accept other outputs).
    pub(crate) note: Option<String>,
    /// Microseconds of the judge's own overhead: before the spawn, after the exit.
    pub(crate) overhead_us: (u64, u64),
    /// One of the caller's own tests (`number` counts them from 1).
    pub(crate) own: bool,
    /// What the program printed (cut): an own test's without an expected output, or a wrong
    /// or unverified answer's beside [`SampleResult::expected`].
    pub(crate) output: Option<String>,
    /// The expected output (cut), for a wrong or unverified answer: the view and the model see
    /// both outputs whole up to the cut, not only the first differing line.
    pub(crate) expected: Option<String>,
    /// The run's peak resident memory in KiB, where the judge's init measured it (`init.rs`).
    pub(crate) memory_kb: Option<u64>,
    /// The run's CPU time (user + system) in ms, where the init measured it: what TLE is judged
    /// on (`time_ms` is the wall clock, inflated on a busy machine).
    pub(crate) cpu_ms: Option<u64>,
}

impl SampleResult {
    /// The structured copy.
    pub(crate) fn json(&self) -> Value {
        // Line 0 is "no line differs": only white space or line ends do (the text says so in
        // words; the flag says it to a reader of the JSON alone).
        let diff = self
            .diff
            .as_ref()
            .map(|d| json!({ "line": d.line, "expected": d.expected, "got": d.got, "whitespace_only": d.line == 0 }));
        json!({
            "number": self.number,
            "verdict": self.verdict.name(),
            "time_ms": self.time_ms,
            "exit": self.exit,
            "first_difference": diff,
            "stderr_tail": self.stderr,
            "input": self.input,
            "checker_message": self.checker,
            "note": self.note,
            "own": self.own,
            "output": self.output,
            "expected_output": self.expected,
            "memory_kb": self.memory_kb,
            "cpu_ms": self.cpu_ms,
        })
    }
}

/// At most `max` characters of the end of `s` (stderr: the error is at the end).
pub(crate) fn tail(s: &str, max: usize) -> String {
    let n = s.chars().count();
    if n <= max { s.to_string() } else { format!("…{}", s.chars().skip(n - max).collect::<String>()) }
}

/// At most `max` characters of the start of `s`.
pub(crate) fn head(s: &str, max: usize) -> String {
    if s.chars().count() <= max { s.to_string() } else { s.chars().take(max).collect::<String>() + "…" }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An ASan report (Clang 14's, shortened): RE, with the error, the access and the user's
    /// line in the exit's words; the shown stderr starts at the error and stops before the map.
    #[test]
    fn an_asan_report_is_re_with_its_headline() {
        let report = "looking\n=================================================================\n\
==7==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000020 at pc 0x55 bp 0x7f sp 0x7f\n\
READ of size 4 at 0x602000000020 thread T0\n    #0 0x55 in std::vector<int>::operator[](unsigned long) stl_vector.h:1046:9\n\
    #1 0x55 in Solution::total(std::vector<int>&) /tmp/oj-judge-1/ab-0/solution.cpp:5:50\n    #2 0x55 in main leetcode-call.cpp:3:5\n\n\
SUMMARY: AddressSanitizer: heap-buffer-overflow /tmp/oj-judge-1/ab-0/solution.cpp:5:50 in Solution::total\n\
Shadow bytes around the buggy address:\n  0x0c047fff8000: fa fa 00 00\n";
        let (v, exit) = of_end(&End::Code(1), report, false).unwrap();
        assert_eq!(v, Verdict::Re);
        assert_eq!(
            exit.unwrap(),
            "exit code 1: AddressSanitizer: heap-buffer-overflow on address 0x602000000020; READ of size 4; at \
solution.cpp:5:50 in Solution::total(std::vector<int>&)"
        );
        let shown = shown_stderr(report);
        assert!(shown.starts_with("ERROR: AddressSanitizer") && shown.ends_with("in Solution::total"), "{shown}");
        // A segmentation fault ASan caught: its address, no access line; the first frame.
        let segv = "==9==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x55 bp 0x7f sp 0x7f T0)\n\
    #0 0x55 in f() /x/solution.cpp:2:3\n";
        assert_eq!(
            of_end(&End::Code(1), segv, false).unwrap().1.unwrap(),
            "exit code 1: AddressSanitizer: SEGV on unknown address 0x000000000000; at solution.cpp:2:3 in f()"
        );
        // Past its resident-memory limit: MLE, with or without an address-space limit.
        let rss = "==9==ERROR: AddressSanitizer: hard rss limit exhausted (1024Mb vs 1030Mb)\n";
        assert_eq!(of_end(&End::Code(1), rss, false).unwrap().0, Verdict::Mle);
        assert_eq!(of_end(&End::Code(1), "plain failure", false).unwrap().1.unwrap(), "exit code 1");
    }

    #[test]
    fn ends_and_their_verdicts() {
        assert_eq!(of_end(&End::Code(0), "", true), None);
        assert_eq!(of_end(&End::TimedOut, "", true).unwrap().0, Verdict::Tle);
        assert_eq!(of_end(&End::Signal(11), "", true).unwrap().1.as_deref(), Some("killed by signal 11 (SIGSEGV)"));
        assert_eq!(of_end(&End::Signal(6), "std::bad_alloc", true).unwrap().0, Verdict::Mle);
        assert_eq!(of_end(&End::Signal(6), "std::bad_alloc", false).unwrap().0, Verdict::Re);
        assert_eq!(of_end(&End::Code(1), "MemoryError", true).unwrap().0, Verdict::Mle);
        assert_eq!(of_end(&End::OutputLimit, "", true).unwrap().0, Verdict::Ole);
        assert_eq!(of_end(&End::Code(3), "", true).unwrap().1.as_deref(), Some("exit code 3"));
        let crash = of_end(&End::Code(0xC000_0005_u32 as i32), "", false).unwrap();
        assert_eq!((crash.0, crash.1.as_deref()), (Verdict::Re, Some("exit code 0xC0000005 (access violation)")));
        assert_eq!(exit_words(0xC000_00FD_u32 as i32), "exit code 0xC00000FD (stack overflow)");
        assert_eq!(tail("abcdef", 3), "…def");
        assert_eq!(head("abcdef", 3), "abc…");
    }
}
