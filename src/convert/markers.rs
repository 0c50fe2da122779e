//! The private-use sentinels passed between the passes (see ARCHITECTURE.md for the format).

// Raw input text is scrubbed of the whole U+F8F0..=U+F8FF range, so a sentinel in the
// canonical HTML or in html2text's output is always ours.
pub(super) const M_STRONG_OPEN: char = '\u{F8F0}';

pub(super) const M_STRONG_CLOSE: char = '\u{F8F1}';

pub(super) const M_EM_OPEN: char = '\u{F8F2}';

pub(super) const M_EM_CLOSE: char = '\u{F8F3}';

pub(super) const M_CODE_OPEN: char = '\u{F8F4}';

pub(super) const M_CODE_CLOSE: char = '\u{F8F5}';

pub(super) const M_DEL_OPEN: char = '\u{F8F6}';

pub(super) const M_DEL_CLOSE: char = '\u{F8F7}';

/// `M_LINK_OPEN url M_LINK_URL_END text M_LINK_CLOSE`.
pub(super) const M_LINK_OPEN: char = '\u{F8F8}';

pub(super) const M_LINK_URL_END: char = '\u{F8F9}';

pub(super) const M_LINK_CLOSE: char = '\u{F8FA}';

/// Placeholder for a converted block: `M_BLOCK index M_BLOCK`, alone in a paragraph.
pub(super) const M_BLOCK: char = '\u{F8FB}';

/// Separates table cells rendered in one html2text call.
pub(super) const M_CELL: char = '\u{F8FC}';

/// Inside `<pre>`: a line break unless already at the start of a line.
pub(super) const M_SOFT_BREAK: char = '\u{F8FD}';

/// A paragraph that only forces a blank line (before/after top-level lists).
pub(super) const M_BREAK: char = '\u{F8FE}';

/// Around the index of a stashed text run (`\u{F8FF}12\u{F8FF}`): see [`Prep::text`].
pub(super) const M_TEXT: char = '\u{F8FF}';

pub(super) fn is_sentinel(c: char) -> bool {
    ('\u{F8F0}'..='\u{F8FF}').contains(&c)
}
