//! Where a stress round's input comes from: THE SEAM for generated inputs. Today one source, the
//! caller's generator program; LeetCode testcases generated from the statement's constraints
//! (the `lcgen` work) plug in as another variant of [`GeneratorSource`], made by
//! [`from_statement`], with an arm in [`GeneratorSource::input`].

use std::path::PathBuf;

use super::super::plan::Reader;
use super::super::sandbox::Limits;
use super::super::verdict::{self, Verdict};
use super::super::{execute, verdict::of_end};
use crate::models::Problem;

/// A generator gets this long per input.
pub(super) const GENERATOR_MS: u64 = 10_000;

/// Where inputs come from. Each yields one input (a stdin problem's input, or a LeetCode
/// testcase as LeetCode writes one) for a `seed` and a `size`.
pub(crate) enum GeneratorSource {
    /// The caller's generator, built: run confined as `argv… SEED SIZE`, its stdout the input.
    Program { argv: Vec<String>, cwd: Option<PathBuf>, limits: Limits },
}

impl GeneratorSource {
    /// The input for `seed` and `size`, or why there is none (the generator's fault).
    pub(crate) fn input(&self, seed: u64, size: u64, cancelled: &dyn Fn() -> bool) -> Result<String, String> {
        match self {
            GeneratorSource::Program { argv, cwd, limits } => {
                let mut argv = argv.clone();
                argv.extend([seed.to_string(), size.to_string()]);
                let done = execute(&argv, cwd.as_deref(), *limits, b"", cancelled)?;
                let out = &done.out;
                if let Some((v, exit)) = of_end(&out.end, &out.stderr, done.memory_limited) {
                    let how = exit
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
}

/// A LeetCode problem's inputs generated from its statement (signature types and constraints),
/// when the caller gave no generator. `reader` turns a testcase into the driver's call and checks
/// its parameter names. Not available yet: the refusal says what to give instead.
pub(crate) fn from_statement(p: &Problem, _markdown: &str, _reader: &Reader) -> Result<GeneratorSource, String> {
    Err(format!(
        "Invalid arguments: give `generator` for {} {}: a program run as `generator SEED SIZE` that prints one \
testcase as LeetCode writes one (`nums = [3,1,2], target = 4`, a design problem's two lines); testcases generated \
from the statement alone are not available yet.",
        p.source, p.id
    ))
}
