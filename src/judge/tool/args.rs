//! `test_solution`'s arguments, checked before any request: the program (`code`/`file` with
//! `language`, or `command`), the judging options, and the samples picked.

use std::path::PathBuf;

use serde_json::Value;

use super::super::plan::OwnTest;
use super::super::toolchain::{self, Lang};
use super::super::{Case, Program};
use crate::error::ToolError;
use crate::problems::Args;

/// A source file larger than this is refused.
const MAX_SOURCE: u64 = 1 << 20;

pub(in crate::judge) fn bad(msg: impl Into<String>) -> ToolError {
    ToolError::Args(format!("Invalid arguments: {}", msg.into()))
}

/// An optional array of strings, not empty.
pub(in crate::judge) fn argv_arg(args: &Args, name: &str) -> Result<Option<Vec<String>>, ToolError> {
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
#[cfg_attr(oj_size, optimize(size))]
pub(in crate::judge) fn program_arg(args: &Args) -> Result<Program, ToolError> {
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
pub(in crate::judge) struct Options {
    pub(in crate::judge) time_ms: Option<u64>,
    pub(in crate::judge) memory_mb: Option<u64>,
    pub(in crate::judge) compare: Option<&'static str>,
    pub(in crate::judge) tolerance: Option<f64>,
    pub(in crate::judge) tests: Option<Vec<usize>>,
    pub(in crate::judge) fail_fast: bool,
    pub(in crate::judge) checker: Option<Vec<String>>,
    /// The caller's own tests (`custom_tests`), run after the samples.
    pub(in crate::judge) own: Vec<OwnTest>,
}

/// At most this many own tests in a call.
const MAX_OWN: usize = 100;

/// `custom_tests`: `[{"input": "…", "output": "…"?}]`, each input not empty.
pub(in crate::judge) fn own_tests(args: &Args) -> Result<Vec<OwnTest>, ToolError> {
    let Some(v) = args.raw("custom_tests") else { return Ok(Vec::new()) };
    let shape = "`custom_tests` must be an array of objects {\"input\": string, \"output\": string (optional)}";
    let items = v.as_array().ok_or_else(|| bad(shape))?;
    if items.len() > MAX_OWN {
        return Err(bad(format!("`custom_tests` has {} tests; at most {MAX_OWN}", items.len())));
    }
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let n = i + 1;
        let obj = item.as_object().ok_or_else(|| bad(format!("{shape}; test {n} is not an object")))?;
        if let Some(k) = obj.keys().find(|k| !matches!(k.as_str(), "input" | "output")) {
            return Err(bad(format!("{shape}; test {n} has an unknown field `{k}`")));
        }
        let input = obj.get("input").and_then(Value::as_str).filter(|s| !s.trim().is_empty());
        let input = input.ok_or_else(|| bad(format!("{shape}; test {n} has no `input` text")))?;
        let output = match obj.get("output") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(_) => return Err(bad(format!("{shape}; test {n}'s `output` is not a string"))),
        };
        out.push(OwnTest { input: input.to_string(), output });
    }
    Ok(out)
}

pub(in crate::judge) fn options(args: &Args) -> Result<Options, ToolError> {
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
        own: own_tests(args)?,
    })
}

/// `argv` with a relative program path (`./a.out`, `bin/checker`) made absolute against `base`,
/// else the server's folder: the program starts in another folder, where it would not be found.
/// A bare name (`python3`) is left to `PATH`.
pub(in crate::judge) fn absolute(mut argv: Vec<String>, base: Option<&std::path::Path>) -> Vec<String> {
    if let Some(first) = argv.first_mut()
        && std::path::Path::new(first.as_str()).is_relative()
        && first.contains(['/', '\\'])
        && let Some(b) = base.map(PathBuf::from).or_else(|| std::env::current_dir().ok())
    {
        *first = b.join(first.as_str()).to_string_lossy().into_owned();
    }
    argv
}

/// The cases asked for (`tests`: sample numbers from 1, of `total`).
pub(in crate::judge) fn pick(all: Vec<Case>, total: usize, wanted: Option<&[usize]>) -> Result<Vec<Case>, ToolError> {
    let Some(wanted) = wanted else { return Ok(all) };
    if let Some(bad_n) = wanted.iter().find(|n| **n > total) {
        return Err(bad(format!("`tests` names sample {bad_n}, but the statement has {total}")));
    }
    Ok(all.into_iter().filter(|c| c.own || wanted.contains(&c.number)).collect())
}
