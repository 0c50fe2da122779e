//! Tests for the statement converter: one group per hazard, hand-written snapshots of realistic
//! statements, invariants over the shared corpus (read in place, never copied), and the text
//! stash's differential tests. The helpers shared by the groups live here.

use super::markers::is_sentinel;
use super::prep::text_cell;
use super::*;

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
mod hazards;
mod snapshots;
mod stash;

pub(in crate::convert) use corpus::corpus;
pub(in crate::convert) use stash::fixture_statements;
