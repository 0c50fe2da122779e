//! Tag classes (void, raw text, block, div-like, known) read by every pass.

pub(super) fn is_void(name: &str) -> bool {
    matches!(
        name,
        "area"
            | "base"
            | "br"
            | "col"
            | "embed"
            | "hr"
            | "img"
            | "input"
            | "link"
            | "meta"
            | "source"
            | "track"
            | "wbr"
            | "param"
            | "keygen"
    )
}

/// Elements whose content is raw text (or, for `pre`, must not be scanned for Markdown).
pub(super) fn raw_element(name: &str) -> Option<&'static str> {
    Some(match name {
        "script" => "script",
        "style" => "style",
        "title" => "title",
        "textarea" => "textarea",
        "xmp" => "xmp",
        "iframe" => "iframe",
        "noembed" => "noembed",
        "noframes" => "noframes",
        "noscript" => "noscript",
        "pre" => "pre",
        _ => return None,
    })
}

/// Block containers re-emitted as `<div>`.
pub(super) fn is_div_like(name: &str) -> bool {
    matches!(
        name,
        "div"
            | "section"
            | "article"
            | "main"
            | "header"
            | "footer"
            | "nav"
            | "aside"
            | "figure"
            | "figcaption"
            | "center"
            | "details"
            | "summary"
            | "form"
            | "fieldset"
            | "legend"
            | "address"
            | "hgroup"
            | "menu"
            | "dir"
    )
}

pub(super) fn heading_level(name: &str) -> Option<u8> {
    match name.as_bytes() {
        [b'h', d @ b'1'..=b'6'] => Some(d - b'0'),
        _ => None,
    }
}

/// Block-level tags that end a line inside `<pre>` (and implicitly close `<p>`).
pub(super) fn is_block_tag(name: &str) -> bool {
    heading_level(name).is_some()
        || is_div_like(name)
        || matches!(
            name,
            "p" | "pre" | "ul" | "ol" | "li" | "dl" | "dt" | "dd" | "table" | "tr" | "blockquote" | "hr" | "body"
        )
}

pub(super) fn is_known_tag(name: &str) -> bool {
    is_block_tag(name)
        || matches!(
            name,
            "br" | "span"
                | "code"
                | "b"
                | "i"
                | "strong"
                | "em"
                | "td"
                | "th"
                | "sup"
                | "sub"
                | "var"
                | "img"
                | "a"
                | "font"
                | "html"
                | "head"
                | "script"
                | "style"
                | "small"
                | "u"
                | "s"
                | "del"
                | "kbd"
                | "tt"
        )
}
