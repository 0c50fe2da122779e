//! Sample tests as data: the examples of a statement (HTML or Markdown, as the backend serves it)
//! pulled out as `{input, output, explanation}` triples, plus how the program talks to the judge.
//!
//! The pipeline, one pass over the statement and no I/O:
//!
//! 1. `markdown::scan` (Markdown lines, with the HTML chunks between them handed to `html::scan`)
//!    turns the statement into a few kinds of events: a heading, a preformatted block (`<pre>` or a fence),
//!    a LeetCode `div.example-block`.
//! 2. `collect::Collector` names each heading with the vocabulary in `vocab` (`Sample Input
//!    2`, `入力例 2`, `样例输出 #1`, `Example`, …), gives each block to the heading before it, splits
//!    labelled blocks (`Input: … Output: … Explanation: …`, CF's `Input … Output …`), and pairs
//!    inputs with outputs (by number when numbered: a statement with both the Japanese and the
//!    English copy gives each sample once).
//! 3. `text` applies competitive-companion's text rules for the I/O kind.
//!
//! Nothing here panics on any input, and every step is linear in the statement's size.

mod collect;
mod html;
mod markdown;

mod cleanup;
mod vocab;

#[cfg(test)]
mod tests;

use serde::Serialize;

use crate::convert::Statement;

/// How a solution reads the sample: from standard input, as a function's named arguments
/// (LeetCode), or in a dialogue with the judge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Io {
    Stdin,
    Function,
    Interactive,
}

impl Io {
    /// The wire name (`"stdin"`, `"function"`, `"interactive"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Io::Stdin => "stdin",
            Io::Function => "function",
            Io::Interactive => "interactive",
        }
    }
}

/// One sample test. For `stdin` and `interactive` the texts end with exactly one `\n` (empty stays
/// empty); for `function` they are the displayed text, trimmed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Sample {
    pub input: String,
    pub output: String,
    /// The statement's own explanation of this example (LeetCode's `Explanation:`), else `None`.
    pub explanation: Option<String>,
}

/// The samples of one statement, in statement order. Empty when it shows none: never a guess.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Samples {
    pub io: Io,
    pub tests: Vec<Sample>,
}

/// Extracts the sample tests of `content` (the raw statement) for platform `source`.
pub fn extract(content: &str, source: &str) -> Samples {
    extract_from(&Statement::parse(content), source)
}

/// [`extract`] from a statement already parsed (the converter reads the same tree).
pub fn extract_from(statement: &Statement, source: &str) -> Samples {
    let content = statement.raw();
    let leetcode = source.eq_ignore_ascii_case("leetcode");
    let mut c = collect::Collector::new(leetcode);
    match statement.tree() {
        // HTML: a walk over its tree, read as the converter reads it.
        Some(tree) => html::scan_tree(&tree.document, statement.texts(), &mut c),
        // Markdown lines, with the HTML chunks between them read as trees of their own. HTML too
        // deep to parse has no samples to give.
        None if !statement.is_html() => markdown::scan(content, &mut c),
        None => {}
    }
    let io = if c.interactive() || vocab::says_interactive(content) {
        Io::Interactive
    } else if leetcode {
        Io::Function
    } else {
        Io::Stdin
    };
    Samples { io, tests: c.finish(io) }
}
