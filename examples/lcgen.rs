//! LeetCode testcases generated from a statement, as the stress test gets them:
//! `cargo run --example lcgen -- STATEMENT.html [SOLUTION] [SEED] [SIZE]` prints the constraints
//! read and not read, what was assumed, a sentence that accepts several answers, and the testcase
//! for SEED (default 1) at SIZE, a fraction of the largest input (default 1: the largest input
//! itself).

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(statement) = args.first().and_then(|p| std::fs::read_to_string(p).ok()) else {
        eprintln!("usage: lcgen STATEMENT.html [SOLUTION] [SEED] [SIZE]");
        return ExitCode::from(2);
    };
    let code = args.get(1).and_then(|p| std::fs::read_to_string(p).ok());
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let size = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1.0);
    // What test_solution and stress_test read of the answer: several accepted, or hinted at.
    let facts = oj_mcp_rs_text::statement::read(&oj_mcp_rs::convert::to_markdown(Some(&statement)));
    if let Some(s) = facts.any_answer.as_ref().or(facts.maybe_several.as_ref()) {
        eprintln!("several: {s}");
    }
    match oj_mcp_rs::judge::leetcode_plan(&statement, code.as_deref()) {
        Ok(plan) => {
            plan.read().iter().for_each(|l| eprintln!("read:    {l}"));
            plan.unread().iter().for_each(|l| eprintln!("unread:  {l}"));
            plan.assumed().iter().for_each(|l| eprintln!("assumed: {l}"));
            plan.premises().iter().for_each(|l| eprintln!("premise: {l}"));
            println!("{}", plan.testcase(seed, size));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("no plan: {e}");
            ExitCode::FAILURE
        }
    }
}
