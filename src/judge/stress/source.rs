//! Where a stress round's input comes from: the caller's generator program, or for a LeetCode
//! problem without one, testcases generated from the statement's types and constraints
//! (`leetcode::generate`, made by [`from_statement`]).

use std::path::PathBuf;

use super::super::Program;
use super::super::leetcode::example;
use super::super::leetcode::generate::{self, Plan};
use super::super::plan::Reader;
use super::super::sandbox::Limits;
use super::super::verdict::{self, Verdict};
use super::super::{execute_large, verdict::of_end};
use crate::models::Problem;

/// A generator gets this long per input.
pub(super) const GENERATOR_MS: u64 = 10_000;

/// Where inputs come from. Each yields one input (a stdin problem's input, or a LeetCode
/// testcase as LeetCode writes one) for a `seed` and a `size`.
pub(crate) enum GeneratorSource {
    /// The caller's generator, built: run confined as `argv… SEED SIZE`, its stdout the input.
    Program { argv: Vec<String>, cwd: Option<PathBuf>, limits: Limits },
    /// LeetCode testcases from the statement: `size` of `max_size` is that fraction of the
    /// largest input the constraints allow; size 0 (the largest-input run's) is that input.
    Statement { plan: Box<Plan>, max_size: u64 },
}

impl GeneratorSource {
    /// The input for `seed` and `size`, or why there is none (the generator's fault).
    #[cfg_attr(oj_size, optimize(size))]
    pub(crate) fn input(&self, seed: u64, size: u64, cancelled: &dyn Fn() -> bool) -> Result<String, String> {
        match self {
            GeneratorSource::Statement { plan, max_size } => {
                if size == 0 {
                    return Ok(plan.largest(seed));
                }
                let fraction = if size >= *max_size { 1.0 } else { size as f64 / *max_size as f64 };
                Ok(plan.testcase(seed, fraction))
            }
            GeneratorSource::Program { argv, cwd, limits } => {
                let mut argv = argv.clone();
                argv.extend([seed.to_string(), size.to_string()]);
                let done = execute_large(&argv, cwd.as_deref(), *limits, b"", cancelled)?;
                let out = &done.out;
                if let Some((v, exit)) = of_end(&out.end, &out.stderr, done.memory_limited) {
                    let how = exit
                        .or_else(|| done.why.clone())
                        .unwrap_or_else(|| if v == Verdict::Tle { "ran out of time".into() } else { v.name().into() });
                    let err = out.stderr.trim();
                    let err = if err.is_empty() { String::new() } else { format!(": {}", verdict::tail(err, 400)) };
                    return Err(format!("the generator failed on seed {seed}, size {size} ({how}){err}"));
                }
                let text = String::from_utf8_lossy(&out.stdout).into_owned();
                if text.trim().is_empty() {
                    return Err(format!("the generator printed nothing on seed {seed}, size {size}"));
                }
                Ok(text)
            }
        }
    }

    /// The lines not read that may rule out a generated input (none for the caller's generator,
    /// whose inputs are the caller's to vouch for).
    pub(crate) fn doubts(&self) -> Vec<String> {
        match self {
            GeneratorSource::Statement { plan, .. } => plan.doubts(),
            GeneratorSource::Program { .. } => Vec::new(),
        }
    }

    /// What the result says of the inputs: for generated testcases, the constraints read and
    /// those not read (a counterexample may break one of these), and what was assumed.
    pub(crate) fn notes(&self) -> Vec<String> {
        let GeneratorSource::Statement { plan, .. } = self else { return Vec::new() };
        let mut notes = vec![format!(
            "Inputs generated from the statement; constraints read: {}.",
            if plan.read().is_empty() { "none".into() } else { plan.read().join("; ") }
        )];
        if !plan.unread().is_empty() {
            notes.push(format!(
                "Constraints not read (a generated input may break them; check a counterexample against them): {}.",
                plan.unread().join("; ")
            ));
        }
        if !plan.premises().is_empty() {
            notes.push(format!(
                "Premises read from the examples (every example has them; each generated input keeps them): {}.",
                plan.premises().join("; ")
            ));
        }
        if !plan.assumed().is_empty() {
            notes.push(format!("Assumed where nothing was read: {}.", plan.assumed().join("; ")));
        }
        notes
    }
}

/// A LeetCode problem's inputs generated from its statement (the examples' and the code's types,
/// the constraints), when the caller gave no generator; refused, saying what to give instead,
/// when no example can be read. The examples are the samples `test_solution` reads (from the
/// statement as served: read again from its Markdown, 205's examples with an explanation in a
/// list were lost).
pub(crate) fn from_statement(
    p: &Problem,
    (markdown, found): (&str, &crate::samples::Samples),
    reader: &Reader,
    program: &Program,
    max_size: u64,
) -> Result<GeneratorSource, String> {
    let examples: Vec<example::Example> =
        found.tests.iter().filter_map(|s| example::parse(&s.input, &s.output).ok()).collect();
    let code = match program {
        Program::Code { source, .. } => Some(source.as_str()),
        Program::Command { .. } => None,
    };
    match generate::plan(markdown, &examples, code, reader.node()) {
        Ok(plan) => Ok(GeneratorSource::Statement { plan: Box::new(plan), max_size }),
        Err(why) => Err(format!(
            "Invalid arguments: give `generator` for {} {}: testcases cannot be generated from the statement \
({why}). A generator is a program run as `generator SEED SIZE` that prints one testcase as LeetCode writes one \
(`nums = [3,1,2], target = 4`, a design problem's two lines).",
            p.source, p.id
        )),
    }
}
