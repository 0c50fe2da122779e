//! The private-use sentinels passed between the passes: the format every pass may assume.
//!
//! Pass 1 (`prep`) writes canonical HTML for html2text. Inline formatting never reaches html2text
//! as tags: it becomes the span markers below, which html2text copies as text; links reach
//! html2text as `<a>` and come back as link markers from the decorator (`render`). Pass 3
//! (`spans`) turns span markers into Markdown delimiters; `tidy` removes `M_BREAK` and replaces
//! `M_BLOCK` placeholders. Raw input text is scrubbed of the whole U+F8D0..=U+F8FF range
//! (literal or written as a numeric reference, `text::push_scrubbed`), so every sentinel a pass
//! sees was written by an earlier pass, and none survives `tidy`.

/// `M_STRONG_OPEN text M_STRONG_CLOSE` → `**text**` (`<b>`, `<strong>`, CF `tex-font-style-bf`).
pub(super) const M_STRONG_OPEN: char = '\u{F8F0}';
pub(super) const M_STRONG_CLOSE: char = '\u{F8F1}';
/// `M_EM_OPEN text M_EM_CLOSE` → `*text*` (`<i>`, `<em>`, `<cite>`, `<dfn>`).
pub(super) const M_EM_OPEN: char = '\u{F8F2}';
pub(super) const M_EM_CLOSE: char = '\u{F8F3}';
/// `M_CODE_OPEN text M_CODE_CLOSE` → a code span (`<code>`, `<kbd>`, `<samp>`, `<tt>`).
pub(super) const M_CODE_OPEN: char = '\u{F8F4}';
pub(super) const M_CODE_CLOSE: char = '\u{F8F5}';
/// `M_DEL_OPEN text M_DEL_CLOSE` → `~~text~~` (`<s>`, `<del>`, `<strike>`).
pub(super) const M_DEL_OPEN: char = '\u{F8F6}';
pub(super) const M_DEL_CLOSE: char = '\u{F8F7}';
/// `M_LINK_OPEN url M_LINK_URL_END text M_LINK_CLOSE` → `[text](url)`, written by the decorator;
/// the URL holds no whitespace and no sentinel.
pub(super) const M_LINK_OPEN: char = '\u{F8F8}';
pub(super) const M_LINK_URL_END: char = '\u{F8F9}';
pub(super) const M_LINK_CLOSE: char = '\u{F8FA}';
/// Placeholder for a block converted in pass 1 (fenced code, pipe table):
/// `<p>M_BLOCK index M_BLOCK</p>`, so it is alone on its line after html2text; `tidy` puts the
/// block there, indented to the enclosing list item or quote.
pub(super) const M_BLOCK: char = '\u{F8FB}';
/// Separates table cells rendered in one html2text call (pass 1 only; never leaves `prep`).
pub(super) const M_CELL: char = '\u{F8FC}';
/// Inside `<pre>` text (pass 1 only): a line break unless already at the start of a line.
pub(super) const M_SOFT_BREAK: char = '\u{F8FD}';
/// A paragraph that only forces a blank line (`<p>M_BREAK</p>` before and after top-level lists);
/// `tidy` removes it, leaving a blank line.
pub(super) const M_BREAK: char = '\u{F8FE}';
/// Around the index of a stashed text run (`M_TEXT 12 M_TEXT`): replaced by its text right after
/// html2text, before any other pass sees the output (see `stash`).
pub(super) const M_TEXT: char = '\u{F8FF}';

/// A `<br>` inside a paragraph, written before it when more of the paragraph follows:
/// `tidy` makes it a Markdown hard break (`\` at the end of the line) when the next line
/// continues the paragraph, and drops it otherwise. Never inside code, tables or headings.
pub(super) const M_HARD_BREAK: char = '\u{F8EF}';

/// Whitespace that html2text would collapse into one ASCII space but that carries meaning: the
/// ideographic space of Japanese text, thin and other fixed-width spaces. Pass 1 writes each as
/// its own sentinel (`M_KEPT_SPACE` + its index here), which html2text keeps as a visible
/// character; `spans` writes the character back. Line separators (U+0085, U+2028, U+2029) are
/// not kept: html2text's space is what they mean inside a paragraph.
const KEPT_SPACES: [char; 15] = [
    '\u{1680}', '\u{2000}', '\u{2001}', '\u{2002}', '\u{2003}', '\u{2004}', '\u{2005}', '\u{2006}', '\u{2007}',
    '\u{2008}', '\u{2009}', '\u{200A}', '\u{202F}', '\u{205F}', '\u{3000}',
];
/// The first of the kept-space sentinels (U+F8D0..=U+F8DE).
const M_KEPT_SPACE: u32 = 0xF8D0;

/// The sentinel standing for `c` when `c` is one of [`KEPT_SPACES`].
pub(super) fn kept_sentinel(c: char) -> Option<char> {
    if !matches!(c, '\u{1680}' | '\u{2000}'..='\u{205F}' | '\u{3000}') {
        return None;
    }
    let i = KEPT_SPACES.iter().position(|&k| k == c)?;
    char::from_u32(M_KEPT_SPACE + i as u32)
}

/// The kept space that sentinel `c` stands for.
pub(super) fn kept_space(c: char) -> Option<char> {
    let i = (c as u32).checked_sub(M_KEPT_SPACE)? as usize;
    KEPT_SPACES.get(i).copied()
}

/// Does html2text collapse `c` (with its neighbours) into one space? Unicode whitespace but NBSP
/// and the kept spaces, which pass 1 hands it as sentinels.
#[inline]
pub(super) fn collapses(c: char) -> bool {
    if c.is_ascii() {
        return matches!(c, ' ' | '\t' | '\n' | '\x0B' | '\x0C' | '\r');
    }
    c.is_whitespace() && c != '\u{a0}' && kept_sentinel(c).is_none()
}

/// Is `c` one of the converter's sentinels (the whole reserved range, used or not)?
pub(super) fn is_sentinel(c: char) -> bool {
    ('\u{F8D0}'..='\u{F8FF}').contains(&c)
}
