//! What `samples::extract` must guarantee on any statement, checked for each platform: it
//! returns (no panic), gives the same answer twice (the second time after the statement's
//! conversion, as `get_problem` reads the samples: from the text the converter kept; so the
//! conversion is fuzzed too), and every sample follows the text rules: no `\r`, no trailing
//! whitespace on a line, no blank first or last line; `stdin`/`interactive` texts empty or
//! ending with exactly one `\n`; `function` texts and explanations trimmed; explanations never
//! empty. At most one sample per two bytes of input (never invented).
//!
//! Shared by the cargo-fuzz target `samples` and the mutation fuzzer `tests/fuzz_samples.rs`
//! (which includes this file with `#[path]`).
#![allow(dead_code)]

use oj_mcp_rs::convert::Statement;
use oj_mcp_rs::samples::{self, Io, Samples};

/// At most 200 characters of `s`, for messages.
fn short(s: &str) -> String {
    let mut t: String = s.chars().take(200).collect();
    if t.len() < s.len() {
        t.push('…');
    }
    format!("{t:?}")
}

/// The platforms each input is read as (LeetCode reads `Input:` blocks anywhere).
pub const SOURCES: [&str; 3] = ["leetcode", "codeforces", "atcoder"];

fn lines_ok(what: &str, s: &str) -> Result<(), String> {
    if s.contains('\r') {
        return Err(format!("{what} holds a \\r: {}", short(s)));
    }
    let body = s.strip_suffix('\n').unwrap_or(s);
    if body.split('\n').any(|l| l != l.trim_end()) {
        return Err(format!("{what} has a line with trailing whitespace: {}", short(s)));
    }
    if !s.is_empty() && (body.starts_with('\n') || body.ends_with('\n') || body.trim().is_empty()) {
        return Err(format!("{what} starts or ends with a blank line: {}", short(s)));
    }
    Ok(())
}

fn text_ok(what: &str, s: &str, io: Io) -> Result<(), String> {
    lines_ok(what, s)?;
    match io {
        Io::Function if s != s.trim() => Err(format!("{what} is not trimmed: {}", short(s))),
        Io::Stdin | Io::Interactive if !s.is_empty() && (!s.ends_with('\n') || s.ends_with("\n\n")) => {
            Err(format!("{what} does not end with exactly one newline: {}", short(s)))
        }
        _ => Ok(()),
    }
}

/// Checks one extraction; returns the number of samples found.
pub fn verify(doc: &str, source: &str, got: &Samples) -> Result<usize, String> {
    if got.tests.len() > doc.len() / 2 + 1 {
        return Err(format!("{} samples from {} bytes", got.tests.len(), doc.len()));
    }
    if got.io == Io::Function && source != "leetcode" {
        return Err(format!("io function for {source}"));
    }
    for (k, t) in got.tests.iter().enumerate() {
        text_ok(&format!("sample {k} input"), &t.input, got.io)?;
        text_ok(&format!("sample {k} output"), &t.output, got.io)?;
        if let Some(e) = &t.explanation {
            if e.is_empty() || e != e.trim() {
                return Err(format!("sample {k} explanation empty or untrimmed: {}", short(e)));
            }
            lines_ok(&format!("sample {k} explanation"), e)?;
        }
    }
    Ok(got.tests.len())
}

/// Extracts `input` (lossily decoded) as every platform and checks each result.
pub fn check(input: &[u8]) -> Result<usize, String> {
    let doc = String::from_utf8_lossy(input);
    let mut found = 0;
    for source in SOURCES {
        let got = samples::extract(&doc, source);
        // Again, as get_problem reads them: after the conversion (which keeps the text it read).
        let parsed = Statement::parse(&doc);
        drop(parsed.markdown());
        if samples::extract_from(&parsed, source) != got {
            return Err(format!("{source}: the samples after the conversion differ"));
        }
        found += verify(&doc, source, &got).map_err(|e| format!("{source}: {e}"))?;
    }
    Ok(found)
}
