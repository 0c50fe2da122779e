//! What an element is to the converter: its [`Rule`] by name ([`rule`]), and whether it is
//! dropped with its content whatever its name ([`dropped`]). The walk (`rules`) and the rules
//! that read an element's text themselves (`pre`, `media`, the plain-text `fallback`) decide
//! the same way.

use html2text::Handle;

use super::writer::Mark;
use crate::dom::{has_class, is_hidden};

/// What an element becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// Presentational or unknown (`span`, `font`, `u`, `body`, …): its content, as it is.
    Transparent,
    /// Dropped with its content (`style`, `button`, `svg`, `template`, …).
    Drop,
    /// `<script>`: dropped, unless it holds `math/tex`.
    Script,
    /// MathML: its TeX annotation (or its text) as `$…$`.
    Math,
    Heading(u8),
    /// A block that starts and ends a line (`div`, `section`, `center`, …).
    Div,
    /// A block set off by blank lines (`p`).
    Para,
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
    /// `<ul>`, `<ol>`.
    List,
    /// `<li>` outside a list.
    Item,
    Quote,
    /// `<dl>`, `<dt>`, `<dd>`.
    Dl,
    Dt,
    Dd,
    /// Inline formatting: a span.
    Mark(Mark),
}

impl Rule {
    /// A block: it ends a line inside `<pre>` (Codeforces writes one `div` per line) and in the
    /// plain-text fallback.
    pub(super) fn is_block(self) -> bool {
        use Rule::*;
        matches!(self, Div | Para | Heading(_) | List | Item | Quote | Dl | Dt | Dd | Table | Hr | Pre)
    }
}

/// The rule of an element by its (lower-case) name.
pub(super) fn rule(name: &str) -> Rule {
    use Rule::*;
    match name {
        "p" => Para,
        "div" | "section" | "article" | "aside" | "address" | "center" | "details" | "dir" | "fieldset"
        | "figcaption" | "figure" | "footer" | "form" | "header" | "hgroup" | "legend" | "main" | "menu" | "nav"
        | "summary" => Div,
        "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => Heading(name.as_bytes()[1] - b'0'),
        "br" => Br,
        "hr" => Hr,
        "img" => Img,
        "a" => Link,
        "sup" => Sup,
        "sub" => Sub,
        "var" => Var,
        "span" => Span,
        "pre" | "listing" | "plaintext" => Pre,
        "table" => Table,
        "ul" | "ol" => List,
        "li" => Item,
        "blockquote" => Quote,
        "dl" => Dl,
        "dt" => Dt,
        "dd" => Dd,
        "b" | "strong" => Mark(super::writer::Mark::Strong),
        "i" | "em" | "cite" | "dfn" => Mark(super::writer::Mark::Em),
        "code" | "kbd" | "samp" | "tt" => Mark(super::writer::Mark::Code),
        "s" | "del" | "strike" => Mark(super::writer::Mark::Del),
        "script" => Script,
        "math" => Math,
        "style" | "textarea" | "title" | "noscript" | "iframe" | "noembed" | "noframes" | "xmp" | "template"
        | "button" | "audio" | "video" | "canvas" | "datalist" | "map" | "object" | "select" | "svg" | "head" => Drop,
        _ => Transparent,
    }
}

/// Is the element dropped whatever its name: hidden, a copy button, or the rendered half of
/// KaTeX/MathJax output (its TeX is kept)?
pub(super) fn dropped(node: &Handle) -> bool {
    is_hidden(node)
        || has_class(node, |c| {
            c.ends_with("copier") || c == "btn-copy" || c == "katex-html" || c.starts_with("MathJax")
        })
}
