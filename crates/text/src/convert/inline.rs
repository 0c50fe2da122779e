//! Text helpers the rules and the writer share: which characters collapse into a space and which
//! are invisible, the flattened text of an element, `^x`/`_x`, Codeforces' `$$$`, backtick runs.

use crate::dom::push_text_content;
use html2text::Handle;

/// The text of an element as one line: its text content, collapsible whitespace made single
/// spaces, zero-width characters dropped, trimmed (the text of `<sup>`, `<var>`, a tex-span, a
/// Codeforces section title).
pub(super) fn flat_text(node: &Handle) -> String {
    let mut raw = String::new();
    push_text_content(node, &mut raw);
    collapse(&raw)
}

/// `s` with collapsible whitespace runs made one space, zero-width characters dropped, trimmed.
pub(super) fn collapse(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for word in s.split(collapses) {
        let word = word.trim_matches(invisible);
        if word.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().filter(|&c| !invisible(c)));
    }
    out
}

/// `x` → `^x`, `-9` → `^-9`, `n+1` → `^{n+1}` (braces also when a letter or digit follows). A
/// subscript of more than one character that is not a number is braced (`start_{row}`): written
/// `start_row` it reads as one name, like a column `customer_id`, and the view leaves it alone.
/// A script the statement already braced (`sub<sub>{i+1}</sub>`) is not braced twice.
pub(super) fn format_script(mark: char, text: &str, next_alnum: bool) -> String {
    let body = text.strip_prefix(['-', '+', '−']).unwrap_or(text);
    let simple = (!body.is_empty() && body.chars().all(|c| c.is_ascii_alphanumeric())) || text.chars().count() == 1;
    let word = mark == '_' && body.chars().nth(1).is_some() && !body.bytes().all(|b| b.is_ascii_digit());
    if (simple && !next_alnum && !word) || braced(text) { format!("{mark}{text}") } else { format!("{mark}{{{text}}}") }
}

/// `{…}` whose first brace closes at its end.
fn braced(s: &str) -> bool {
    let mut depth = 0usize;
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 1 => return i == s.len() - 1 && s.starts_with('{'),
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => return false,
            _ => {}
        }
    }
    false
}

/// Codeforces TeX delimiters: `$$$x$$$` → `$x$`, `$$$$$$x$$$$$$` → `$$x$$`; other runs stay.
pub(super) fn fix_dollars_into<'a>(s: &str, out: &'a mut String) -> &'a str {
    out.clear();
    let mut rest = s;
    while let Some(p) = rest.find('$') {
        out.push_str(&rest[..p]);
        let run = rest[p..].bytes().take_while(|&b| b == b'$').count();
        match run {
            3 => out.push('$'),
            6 => out.push_str("$$"),
            n => out.extend(std::iter::repeat_n('$', n)),
        }
        rest = &rest[p + run..];
    }
    out.push_str(rest);
    out
}

/// The longest run of backticks in `s`: from one backtick to the next by `memchr` (a split on
/// every other character cost a 300 KB statement's `<pre>` blocks 8.5M instructions).
pub(super) fn max_backtick_run(s: &str) -> usize {
    let (mut longest, mut rest) = (0, s);
    while let Some(p) = rest.find('`') {
        let run = rest[p..].bytes().take_while(|&b| b == b'`').count();
        longest = longest.max(run);
        rest = &rest[p + run..];
    }
    longest
}

/// Does `c` collapse with its neighbours into one space? Whitespace but NBSP and the fixed-width
/// spaces that carry meaning (U+3000 in Japanese text, thin spaces in math).
pub(super) fn collapses(c: char) -> bool {
    if c.is_ascii() {
        return matches!(c, ' ' | '\t' | '\n' | '\x0B' | '\x0C' | '\r');
    }
    c.is_whitespace()
        && !matches!(c, '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}')
}

/// Invisible format characters (soft hyphen, zero-width and direction marks, word joiner, BOM):
/// nothing for a reader, dropped from text.
pub(super) fn invisible(c: char) -> bool {
    matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206f}' | '\u{feff}')
}
