//! `stress_test`'s arguments, checked before any request: the program as `test_solution` takes
//! it, the `reference` and the `generator` as objects of the same fields, the rounds, the time
//! budget, the sizes, and the judging options `test_solution` shares.

use serde_json::Value;

use super::super::Program;
use super::super::tool::args::{Options, absolute, argv_arg, bad, program_arg};
use crate::error::ToolError;
use crate::problems::Args;

/// What a stress test runs and how long.
pub(in crate::judge) struct Stress {
    pub(in crate::judge) program: Program,
    pub(in crate::judge) reference: Option<Program>,
    pub(in crate::judge) generator: Option<Program>,
    pub(in crate::judge) opts: Options,
    pub(in crate::judge) rounds: u64,
    pub(in crate::judge) budget_s: f64,
    pub(in crate::judge) max_size: u64,
    pub(in crate::judge) seed: u64,
    /// `largest`: the size the generator gets for the largest input (`largest_size`).
    pub(in crate::judge) largest_size: Option<u64>,
    pub(in crate::judge) reference_time_ms: Option<u64>,
}

/// `reference` or `generator`: `{code|file, language}` or `{command, cwd}`, read as the program is.
fn side(args: &Args, name: &str) -> Result<Option<Program>, ToolError> {
    let Some(v) = args.raw(name) else { return Ok(None) };
    let Some(obj) = v.as_object() else {
        return Err(bad(format!(
            "`{name}` must be an object: {{\"code\": …, \"language\": …}}, {{\"file\": …, \"language\": …}} or \
{{\"command\": [argv…], \"cwd\": …}}"
        )));
    };
    if let Some(k) = obj.keys().find(|k| !matches!(k.as_str(), "code" | "file" | "language" | "command" | "cwd")) {
        return Err(bad(format!("`{name}` has an unknown field `{k}` (it takes code, file, language, command, cwd)")));
    }
    let inner = Args::trusted(v);
    program_arg(&inner).map(Some).map_err(|e| match e {
        ToolError::Args(m) => {
            ToolError::Args(m.replacen("Invalid arguments: ", &format!("Invalid arguments: in `{name}`, "), 1))
        }
        other => other,
    })
}

/// The arguments, or what is wrong with them.
pub(in crate::judge) fn read(args: &Args) -> Result<Stress, ToolError> {
    let program = program_arg(args)?;
    let reference = side(args, "reference")?;
    let generator = side(args, "generator")?;
    let rounds = args.opt_int("rounds", 0, 1_000_000)?.map_or(10_000, |n| n as u64);
    let largest = match args.raw("largest") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(bad("`largest` must be a boolean")),
    };
    let largest_size = args.opt_int("largest_size", 1, 1_000_000_000_000)?.map(|n| n as u64);
    if largest && generator.is_some() && largest_size.is_none() {
        return Err(bad(
            "`largest` with a `generator` needs `largest_size`: the SIZE your generator takes to print the largest \
input the constraints allow (e.g. 200000 for N ≤ 2·10^5)",
        ));
    }
    if rounds > 0 && reference.is_none() {
        return Err(bad(
            "give `reference`: a simple, surely correct solution (a brute force) whose output the program's is \
compared with, as {\"code\": …, \"language\": …} or {\"command\": […]}; or `rounds: 0` with `largest: true` to time \
the program on the largest input only",
        ));
    }
    if rounds == 0 && !largest {
        return Err(bad("`rounds: 0` runs no round: add `largest: true`, or give more rounds"));
    }
    let opts = Options {
        time_ms: args.opt_int("time_limit_ms", 1, 60_000)?.map(|n| n as u64),
        memory_mb: args.opt_int("memory_limit_mb", 0, 65_536)?.map(|n| n as u64),
        compare: args.opt_enum("compare", &["tokens", "exact", "float"])?,
        tolerance: args.opt_f64("float_tolerance", f64::MIN_POSITIVE, 1.0)?,
        tests: None,
        fail_fast: false,
        checker: argv_arg(args, "checker")?.map(|a| absolute(a, None)),
        own: Vec::new(),
    };
    Ok(Stress {
        program,
        reference,
        generator,
        opts,
        rounds,
        budget_s: args.opt_f64("time_budget_s", 0.5, 300.0)?.unwrap_or(10.0),
        max_size: args.opt_int("max_size", 1, 1_000_000_000)?.map_or(10, |n| n as u64),
        seed: args.opt_int("seed", 0, i64::MAX)?.map_or(1, |n| n as u64),
        largest_size: if largest { Some(largest_size.unwrap_or(0)) } else { None },
        reference_time_ms: args.opt_int("reference_time_limit_ms", 1, 60_000)?.map(|n| n as u64),
    })
}
