//! The judging job built from the program, the cases, the caller's options and the statement's
//! facts (limits, comparison, what a mismatch is), and what the source says of its answer (a
//! LeetCode quad tree).

use std::time::Instant;

use super::super::{Case, Job, Program};
use super::super::{leetcode, plan};
use super::args::Options;
use crate::models::Problem;
use crate::samples::Io;
use crate::statement::Facts;

pub(in crate::judge) fn job(
    program: Program,
    io: Io,
    samples: Vec<Case>,
    opts: &Options,
    facts: &Facts,
    p: &Problem,
) -> Job {
    let defaults = plan::defaults(p.source.as_str());
    Job {
        program,
        io,
        samples,
        driver: None,
        time_ms: opts.time_ms.or(facts.time_ms).unwrap_or(defaults.time_ms),
        memory_mb: opts.memory_mb.or(facts.memory_mb).unwrap_or(defaults.memory_mb),
        mode: plan::mode(opts.compare, opts.tolerance, facts),
        any_answer: facts.any_answer.is_some(),
        any_order: facts.any_order.is_some(),
        order: match (&facts.any_order, &facts.ordered) {
            // 3Sum's triplets, combinations: a multiset of multisets (none said to be sorted).
            _ if facts.set_items.is_some() && facts.ordered.is_none() => leetcode::Order::Sets,
            (Some(_), _) => leetcode::Order::Free,
            (None, Some(_)) => leetcode::Order::Fixed,
            (None, None) => leetcode::Order::Unsaid,
        },
        // Set by the caller from the node kind (leetcode/node.rs).
        quad_tree: false,
        any_case: facts.any_case.is_some(),
        maybe_several: facts.maybe_several.is_some(),
        checker: opts.checker.clone(),
        fail_fast: opts.fail_fast,
        called: Instant::now(),
        judge: p.source.as_str().to_ascii_lowercase(),
    }
}
