//! The sample reader as it was before the one-parse rewrite (its own pass of the old
//! converter's tokenizer), kept in the bench for the A/B run until the rewrite has landed.
#![allow(dead_code, unused_imports, clippy::all)]
//!
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
mod scan;
mod text;
mod vocab;

use serde::Serialize;

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
    pub(crate) fn as_str(self) -> &'static str {
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
    let leetcode = source.eq_ignore_ascii_case("leetcode");
    let mut c = collect::Collector::new(leetcode);
    // One reader for HTML and Markdown alike (Markdown lines, HTML chunks between them): cheaper
    // than telling them apart first, and right for Markdown that embeds HTML.
    markdown::scan(content, &mut c);
    let io = if c.interactive() || vocab::says_interactive(content) {
        Io::Interactive
    } else if leetcode {
        Io::Function
    } else {
        Io::Stdin
    };
    Samples { io, tests: c.finish(io) }
}
