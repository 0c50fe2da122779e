//! Tests for the statement converter: one group per hazard, hand-written snapshots of realistic
//! statements, invariants over the shared corpus (read in place, never copied), and random documents. The helpers shared by the groups live here.

use super::*;
use crate::convert::{MAX_TEXT_BYTES as MAX_OUTPUT_BYTES, is_truncated, truncate};

/// The notice `format::truncate` ends a cut text with.
const TRUNCATED_SUFFIX: &str = "\n\n... (truncated)";

/// A statement as a tool shows it: converted, then cut to the reply's size.
fn shown(input: &str) -> String {
    truncate(to_markdown(Some(input)), MAX_OUTPUT_BYTES)
}

/// HTML path: `html_to_markdown(input) == expected`.
fn check(input: &str, expected: &str) {
    assert_eq!(html_to_markdown(input), expected, "\ninput: {input:?}");
}

/// Full entry point: `to_markdown(Some(input)) == expected`.
fn check_md(input: &str, expected: &str) {
    assert_eq!(to_markdown(Some(input)), expected, "\ninput: {input:?}");
}

fn check_all(cases: &[(&str, &str)]) {
    for (input, expected) in cases {
        check(input, expected);
    }
}

mod corpus;
mod golden;
mod hazards;
mod random;
mod snapshots;

pub(in crate::convert) use corpus::corpus;
pub(in crate::convert) use random::fixture_statements;
