//! The one table of tag classes that every pass reads: what pass 1 makes of each element (its
//! [`Role`]) and the classes the other passes ask about (void, raw text, block, known, …). A tag
//! that is not in the table is [`Role::Transparent`] with no class: its tags are dropped and its
//! content kept.

use super::lexer::LName;
use super::markers::{
    M_CODE_CLOSE, M_CODE_OPEN, M_DEL_CLOSE, M_DEL_OPEN, M_EM_CLOSE, M_EM_OPEN, M_STRONG_CLOSE, M_STRONG_OPEN,
};
use super::names::{Index, lower_key};

/// What pass 1 (`prep`) makes of an element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// Presentational or unknown (`html`, `body`, `font`, `u`, …): the tags go, the content stays.
    Transparent,
    /// `<script>`: dropped with its raw text, unless it holds `math/tex`.
    Script,
    /// Raw-text elements dropped with their content (`<style>`, `<textarea>`, `<noscript>`, …).
    RawText,
    /// Elements dropped with their content, nesting counted (`<button>`, `<svg>`, `<select>`, …).
    Skipped,
    /// MathML: its TeX annotation (or its text) as `$…$`.
    Math,
    Heading(u8),
    /// Block containers re-emitted as `<div>`.
    Div,
    Br,
    Hr,
    Img,
    Link,
    Sup,
    Sub,
    /// AtCoder's `<var>`: `$…$`.
    Var,
    /// `<span>`: Codeforces' `tex-span` and `tex-font-style-*` classes mean something.
    Span,
    /// `<pre>`, `<listing>`, `<plaintext>`: a fenced code block.
    Pre,
    Table,
    Row,
    /// `<td>`, `<th>`.
    Cell,
    /// `<thead>`, `<tbody>`, `<tfoot>`.
    TableSection,
    Caption,
    Para,
    /// `<ul>`, `<ol>`.
    List,
    /// `<li>`, `<dt>`, `<dd>`.
    Item,
    /// `<blockquote>`, `<dl>`: nesting blocks kept as themselves.
    Nest,
    /// Inline formatting that becomes a span sentinel.
    Mark(Mark),
}

/// The inline spans that pass 1 writes as sentinels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mark {
    Strong,
    Em,
    Code,
    Del,
}

impl Mark {
    pub(super) fn open(self) -> char {
        match self {
            Mark::Strong => M_STRONG_OPEN,
            Mark::Em => M_EM_OPEN,
            Mark::Code => M_CODE_OPEN,
            Mark::Del => M_DEL_OPEN,
        }
    }

    pub(super) fn close(self) -> char {
        match self {
            Mark::Strong => M_STRONG_CLOSE,
            Mark::Em => M_EM_CLOSE,
            Mark::Code => M_CODE_CLOSE,
            Mark::Del => M_DEL_CLOSE,
        }
    }
}

/// A tag's role and classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Tag {
    pub(super) role: Role,
    flags: u8,
}

/// No end tag (`<br>`, `<img>`, …).
const VOID: u8 = 1;
/// The content is raw text, not markup (`<script>`, `<style>`, `<textarea>`, …).
const RAW_TEXT: u8 = 1 << 1;
/// Block level: ends a line inside `<pre>`, implicitly closes `<p>`, counts as HTML for
/// detection.
const BLOCK: u8 = 1 << 2;
/// An inline tag common in statements: its presence means the statement is HTML.
const KNOWN: u8 = 1 << 3;
/// The end tag may be left out (`<p>`, `<li>`, `<td>`, …): a sibling or a block ends it.
const ENDS_IMPLIED: u8 = 1 << 4;
/// Not a block here, but starts a CommonMark HTML block in a Markdown statement.
const MD_BLOCK: u8 = 1 << 5;
/// In a Markdown statement, an HTML block holding it open continues across blank lines.
const MD_HOLDS: u8 = 1 << 6;
/// In a Markdown paragraph, sends the paragraph through the HTML path (it would leak otherwise).
const MD_LEAKS: u8 = 1 << 7;

impl Tag {
    const fn new(role: Role, flags: u8) -> Tag {
        Tag { role, flags }
    }
    pub(super) fn is_void(self) -> bool {
        self.flags & VOID != 0
    }
    pub(super) fn is_raw_text(self) -> bool {
        self.flags & RAW_TEXT != 0
    }
    pub(super) fn is_block(self) -> bool {
        self.flags & BLOCK != 0
    }
    /// Block or common inline tag: a sign that a statement is HTML.
    pub(super) fn is_known(self) -> bool {
        self.flags & (BLOCK | KNOWN) != 0
    }
    pub(super) fn ends_implied(self) -> bool {
        self.flags & ENDS_IMPLIED != 0
    }
    /// Starts a CommonMark HTML block (types 1 and 6) in a Markdown statement.
    pub(super) fn starts_md_block(self) -> bool {
        self.flags & (BLOCK | MD_BLOCK) != 0
    }
    pub(super) fn holds_md_block(self) -> bool {
        self.flags & MD_HOLDS != 0
    }
    pub(super) fn leaks_in_md(self) -> bool {
        self.flags & MD_LEAKS != 0
    }
    /// Inline: text after it stays on the same line (links, images, formatting, math, spans,
    /// and unknown or presentational tags that are not blocks).
    pub(super) fn continues_line(self) -> bool {
        !self.is_block()
            && matches!(
                self.role,
                Role::Transparent
                    | Role::Link
                    | Role::Img
                    | Role::Sup
                    | Role::Sub
                    | Role::Var
                    | Role::Span
                    | Role::Mark(_)
                    | Role::Math
            )
    }

    /// Table structure inside a `<table>`: rows, cells, sections, caption.
    pub(super) fn is_table_part(self) -> bool {
        matches!(self.role, Role::Row | Role::Cell | Role::TableSection | Role::Caption)
    }
}

/// The entry for a tag name (any case); unknown names are [`Role::Transparent`] with no class.
pub(super) fn tag(name: &str) -> Tag {
    match lower_key(name).and_then(|k| TAG_INDEX.find_key(k, name.len())) {
        Some(i) => TAGS[i].1,
        None => Tag::new(Role::Transparent, 0),
    }
}

/// [`tag`] of a name already lower-cased by the caller (the tokens' usual path).
pub(super) fn tag_of(name: &LName) -> Tag {
    match TAG_INDEX.find_key(name.key(), name.len()) {
        Some(i) => TAGS[i].1,
        None => Tag::new(Role::Transparent, 0),
    }
}

/// The table's own copy of a raw-text or `<pre>` element's name, for matching its end tag later.
pub(super) fn raw_name(name: &str) -> Option<&'static str> {
    let i = TAG_INDEX.find(name)?;
    let (n, t) = TAGS[i];
    (t.is_raw_text() || t.role == Role::Pre).then_some(n)
}

/// [`TAGS`] indexed for [`tag`].
static TAG_INDEX: Index<{ TAGS.len() }, 256> = Index::new(TAGS);

/// Sorted by name, so that a reader finds a tag (`tag_table_is_sorted` keeps it so).
const TAGS: &[(&str, Tag)] = &[
    ("a", Tag::new(Role::Link, KNOWN)),
    ("address", Tag::new(Role::Div, BLOCK)),
    ("area", Tag::new(Role::Transparent, VOID)),
    ("article", Tag::new(Role::Div, BLOCK)),
    ("aside", Tag::new(Role::Div, BLOCK)),
    ("audio", Tag::new(Role::Skipped, 0)),
    ("b", Tag::new(Role::Mark(Mark::Strong), KNOWN)),
    ("base", Tag::new(Role::Transparent, VOID)),
    ("blockquote", Tag::new(Role::Nest, BLOCK | MD_LEAKS)),
    ("body", Tag::new(Role::Transparent, BLOCK)),
    ("br", Tag::new(Role::Br, VOID | KNOWN)),
    ("button", Tag::new(Role::Skipped, 0)),
    ("canvas", Tag::new(Role::Skipped, 0)),
    ("caption", Tag::new(Role::Caption, MD_BLOCK)),
    ("center", Tag::new(Role::Div, BLOCK)),
    ("cite", Tag::new(Role::Mark(Mark::Em), 0)),
    ("code", Tag::new(Role::Mark(Mark::Code), KNOWN)),
    ("col", Tag::new(Role::Transparent, VOID)),
    ("datalist", Tag::new(Role::Skipped, 0)),
    ("dd", Tag::new(Role::Item, BLOCK | ENDS_IMPLIED)),
    ("del", Tag::new(Role::Mark(Mark::Del), KNOWN)),
    ("details", Tag::new(Role::Div, BLOCK)),
    ("dfn", Tag::new(Role::Mark(Mark::Em), 0)),
    ("dir", Tag::new(Role::Div, BLOCK)),
    ("div", Tag::new(Role::Div, BLOCK | MD_LEAKS)),
    ("dl", Tag::new(Role::Nest, BLOCK)),
    ("dt", Tag::new(Role::Item, BLOCK | ENDS_IMPLIED)),
    ("em", Tag::new(Role::Mark(Mark::Em), KNOWN)),
    ("embed", Tag::new(Role::Transparent, VOID)),
    ("fieldset", Tag::new(Role::Div, BLOCK)),
    ("figcaption", Tag::new(Role::Div, BLOCK)),
    ("figure", Tag::new(Role::Div, BLOCK)),
    ("font", Tag::new(Role::Transparent, KNOWN)),
    ("footer", Tag::new(Role::Div, BLOCK)),
    ("form", Tag::new(Role::Div, BLOCK)),
    ("h1", Tag::new(Role::Heading(1), BLOCK | MD_LEAKS)),
    ("h2", Tag::new(Role::Heading(2), BLOCK | MD_LEAKS)),
    ("h3", Tag::new(Role::Heading(3), BLOCK | MD_LEAKS)),
    ("h4", Tag::new(Role::Heading(4), BLOCK | MD_LEAKS)),
    ("h5", Tag::new(Role::Heading(5), BLOCK | MD_LEAKS)),
    ("h6", Tag::new(Role::Heading(6), BLOCK | MD_LEAKS)),
    ("head", Tag::new(Role::Transparent, KNOWN | MD_BLOCK)),
    ("header", Tag::new(Role::Div, BLOCK)),
    ("hgroup", Tag::new(Role::Div, BLOCK)),
    ("hr", Tag::new(Role::Hr, VOID | BLOCK)),
    ("html", Tag::new(Role::Transparent, KNOWN | MD_BLOCK)),
    ("i", Tag::new(Role::Mark(Mark::Em), KNOWN)),
    ("iframe", Tag::new(Role::RawText, RAW_TEXT)),
    ("img", Tag::new(Role::Img, VOID | KNOWN)),
    ("input", Tag::new(Role::Transparent, VOID)),
    ("kbd", Tag::new(Role::Mark(Mark::Code), KNOWN)),
    ("keygen", Tag::new(Role::Transparent, VOID)),
    ("legend", Tag::new(Role::Div, BLOCK)),
    ("li", Tag::new(Role::Item, BLOCK | ENDS_IMPLIED | MD_LEAKS)),
    ("link", Tag::new(Role::Transparent, VOID)),
    ("listing", Tag::new(Role::Pre, 0)),
    ("main", Tag::new(Role::Div, BLOCK)),
    ("map", Tag::new(Role::Skipped, 0)),
    ("math", Tag::new(Role::Math, 0)),
    ("menu", Tag::new(Role::Div, BLOCK)),
    ("meta", Tag::new(Role::Transparent, VOID)),
    ("nav", Tag::new(Role::Div, BLOCK)),
    ("noembed", Tag::new(Role::RawText, RAW_TEXT)),
    ("noframes", Tag::new(Role::RawText, RAW_TEXT)),
    ("noscript", Tag::new(Role::RawText, RAW_TEXT)),
    ("object", Tag::new(Role::Skipped, 0)),
    ("ol", Tag::new(Role::List, BLOCK | MD_LEAKS)),
    ("option", Tag::new(Role::Transparent, ENDS_IMPLIED)),
    ("p", Tag::new(Role::Para, BLOCK | ENDS_IMPLIED | MD_LEAKS)),
    ("param", Tag::new(Role::Transparent, VOID)),
    ("plaintext", Tag::new(Role::Pre, 0)),
    ("pre", Tag::new(Role::Pre, BLOCK | MD_HOLDS | MD_LEAKS)),
    ("s", Tag::new(Role::Mark(Mark::Del), KNOWN)),
    ("samp", Tag::new(Role::Mark(Mark::Code), 0)),
    ("script", Tag::new(Role::Script, RAW_TEXT | KNOWN | MD_BLOCK | MD_HOLDS)),
    ("section", Tag::new(Role::Div, BLOCK | MD_LEAKS)),
    ("select", Tag::new(Role::Skipped, 0)),
    ("small", Tag::new(Role::Transparent, KNOWN)),
    ("source", Tag::new(Role::Transparent, VOID)),
    ("span", Tag::new(Role::Span, KNOWN)),
    ("strike", Tag::new(Role::Mark(Mark::Del), 0)),
    ("strong", Tag::new(Role::Mark(Mark::Strong), KNOWN)),
    ("style", Tag::new(Role::RawText, RAW_TEXT | KNOWN | MD_BLOCK | MD_HOLDS)),
    ("sub", Tag::new(Role::Sub, KNOWN)),
    ("summary", Tag::new(Role::Div, BLOCK)),
    ("sup", Tag::new(Role::Sup, KNOWN)),
    ("svg", Tag::new(Role::Skipped, 0)),
    ("table", Tag::new(Role::Table, BLOCK | MD_HOLDS | MD_LEAKS)),
    ("tbody", Tag::new(Role::TableSection, MD_BLOCK)),
    ("td", Tag::new(Role::Cell, KNOWN | ENDS_IMPLIED | MD_BLOCK)),
    ("template", Tag::new(Role::Skipped, 0)),
    ("textarea", Tag::new(Role::RawText, RAW_TEXT | MD_BLOCK | MD_HOLDS)),
    ("tfoot", Tag::new(Role::TableSection, MD_BLOCK)),
    ("th", Tag::new(Role::Cell, KNOWN | ENDS_IMPLIED | MD_BLOCK)),
    ("thead", Tag::new(Role::TableSection, MD_BLOCK)),
    ("title", Tag::new(Role::RawText, RAW_TEXT)),
    ("tr", Tag::new(Role::Row, BLOCK | ENDS_IMPLIED)),
    ("track", Tag::new(Role::Transparent, VOID)),
    ("tt", Tag::new(Role::Mark(Mark::Code), KNOWN)),
    ("u", Tag::new(Role::Transparent, KNOWN)),
    ("ul", Tag::new(Role::List, BLOCK | MD_LEAKS)),
    ("var", Tag::new(Role::Var, KNOWN)),
    ("video", Tag::new(Role::Skipped, 0)),
    ("wbr", Tag::new(Role::Transparent, VOID)),
    ("xmp", Tag::new(Role::RawText, RAW_TEXT)),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_table_is_sorted() {
        assert!(TAG_INDEX.is_sound(TAGS), "TAGS must be sorted and unique");
        assert_eq!(tag("h3").role, Role::Heading(3));
        assert!(tag("p").is_block() && tag("p").ends_implied() && tag("p").leaks_in_md());
        assert!(tag("br").is_void() && tag("br").is_known() && !tag("br").is_block());
        assert_eq!(tag("nosuchtag"), Tag::new(Role::Transparent, 0));
        assert_eq!(raw_name("style"), Some("style"));
        assert_eq!(raw_name("pre"), Some("pre"));
        assert_eq!(raw_name("div"), None);
    }
}
