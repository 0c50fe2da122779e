//! Why nothing can be judged, said before anything runs: no samples (or samples the reader
//! could not take apart, or a statement that is another task's), an interactive problem, a
//! LeetCode problem given a command.

use super::super::Program;
use super::super::plan;
use crate::error::ToolError;
use crate::samples::Io;

/// Why nothing can run: no sample at all, or examples the reader could not take apart, or a
/// statement that sends the reader to another task of its contest.
pub(in crate::judge) fn no_samples(source: &str, id: &str, markdown: &str) -> String {
    let shows = ["Example", "Sample", "示例", "样例", "入力例", "Пример"].iter().any(|w| markdown.contains(w));
    if let Some(task) = referred_task(source, id, markdown) {
        format!(
            "The statement of {source} {id} is another task's with other inputs (\"the same as Problem …, differing \
only in input\"): it has no samples of its own, nothing was run. get_problem on {source} {task} shows the details; \
test_solution on {task} runs the program on that task's samples."
        )
    } else if shows {
        format!(
            "The statement of {source} {id} shows examples, but they could not be read as sample tests (their \
layout is not one the judge knows): nothing was run. get_problem shows them; test the program on them through \
`command` with your own input files, or write your own tests."
        )
    } else {
        format!(
            "No sample tests were found in the statement of {source} {id}: nothing to run. Write your own tests, or \
check the statement with get_problem."
        )
    }
}

/// The task an AtCoder statement refers to for everything ("This problem is the same as Problem
/// A, differing only in input. See Problem A for details.": masters2025_qual_b and _c), by its
/// letter in the same contest.
fn referred_task(source: &str, id: &str, markdown: &str) -> Option<String> {
    let (contest, _) = id.rsplit_once('_').filter(|_| source == "atcoder")?;
    let after =
        ["same as Problem ", "この問題は"].iter().find_map(|w| Some(&markdown[markdown.find(w)? + w.len()..]))?;
    let letter = after.chars().next().filter(char::is_ascii_uppercase)?;
    // The letter alone ("Problem A,", "A問題"), not a word that starts with one ("AtCoder").
    let rest = &after[1..];
    let alone = rest.starts_with("問題") || !rest.starts_with(|c: char| c.is_alphanumeric());
    alone.then(|| format!("{contest}_{}", letter.to_ascii_lowercase()))
}

/// LeetCode needs a driver for the language; an interactive problem cannot be judged from its
/// samples.
pub(in crate::judge) fn check_io(io: Io, program: &Program) -> Result<(), ToolError> {
    match io {
        Io::Interactive => Err(ToolError::Domain(
            "This problem is interactive: the program talks with the judge, and the samples only show one \
dialogue. It cannot be judged locally from them; write an interactor, or test the logic with your own input."
                .into(),
        )),
        Io::Function => plan::leetcode_language(program).map_err(ToolError::Domain),
        Io::Stdin => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_statement_that_is_another_tasks() {
        let en = "This problem is the same as Problem A, differing only in input. See Problem A for details.";
        let text = no_samples("atcoder", "masters2025_qual_c", en);
        assert!(text.contains("test_solution on masters2025_qual_a"), "{text}");
        let ja = "この問題はA問題と同じで入力のみ異なります。";
        assert_eq!(referred_task("atcoder", "masters2025_qual_b", ja).as_deref(), Some("masters2025_qual_a"));
        assert!(no_samples("atcoder", "abc1_a", "Print N.").starts_with("No sample tests were found"));
        assert_eq!(referred_task("codeforces", "1_A", en), None);
        assert_eq!(referred_task("atcoder", "abc1_a", "この問題はAtCoderの…"), None);
    }
}
