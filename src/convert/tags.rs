//! Tags in text that is not parsed as HTML: the HTML-or-Markdown heuristic and the HTML inside
//! Markdown statements read tags one at a time. What each name means to them is here.

/// A tag read at a `<` of some text.
pub(super) struct TagAt<'a> {
    /// Lower-cased.
    pub(super) name: String,
    pub(super) attrs: &'a str,
    pub(super) closing: bool,
    pub(super) self_closing: bool,
    /// The position after its `>`.
    pub(super) end: usize,
}

/// The tag starting at byte `i` of `text` (which holds `<` there), if one does.
pub(super) fn tag_at(text: &str, i: usize) -> Option<TagAt<'_>> {
    let b = text.as_bytes();
    let closing = b.get(i + 1) == Some(&b'/');
    let from = i + 1 + usize::from(closing);
    let len = b[from.min(b.len())..].iter().take_while(|c| c.is_ascii_alphanumeric()).count();
    if len == 0 || !b[from].is_ascii_alphabetic() {
        return None;
    }
    let mut end = from + len;
    let mut quote: Option<u8> = None;
    while end < b.len() {
        match (quote, b[end]) {
            (Some(q), c) if c == q => quote = None,
            (None, b'"' | b'\'') => quote = Some(b[end]),
            (None, b'>') => break,
            _ => {}
        }
        end += 1;
    }
    if end >= b.len() {
        return None;
    }
    let attrs = &text[from + len..end];
    Some(TagAt {
        name: text[from..from + len].to_ascii_lowercase(),
        self_closing: attrs.trim_end().ends_with('/'),
        attrs: attrs.trim_end().trim_end_matches('/'),
        closing,
        end: end + 1,
    })
}

/// Calls `f(name, closing)` for each tag in `line`.
pub(super) fn scan_tags(line: &str, mut f: impl FnMut(&str, bool)) {
    let mut i = 0;
    while let Some(k) = line[i..].find('<') {
        let at = i + k;
        match tag_at(line, at) {
            Some(t) => {
                f(&t.name, t.closing);
                i = t.end;
            }
            None => i = at + 1,
        }
    }
}

/// The value of attribute `key` in a tag's attribute text (character references decoded).
pub(super) fn attr(attrs: &str, key: &str) -> Option<String> {
    let b = attrs.as_bytes();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b'/') {
            i += 1;
        }
        let start = i;
        while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b'=' {
            i += 1;
        }
        let name = &attrs[start..i];
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        let mut value = "";
        if b.get(i) == Some(&b'=') {
            i += 1;
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            let (from, to) = match b.get(i) {
                Some(&q @ (b'"' | b'\'')) => {
                    let end = attrs[i + 1..].find(q as char).map_or(b.len(), |e| i + 1 + e);
                    (i + 1, end)
                }
                _ => (i, attrs[i..].find(|c: char| c.is_ascii_whitespace()).map_or(b.len(), |e| i + e)),
            };
            value = &attrs[from..to];
            i = to + 1;
        }
        if name.eq_ignore_ascii_case(key) {
            return Some(decode(value));
        }
        if name.is_empty() {
            i += 1;
        }
    }
    None
}

/// The common character references (`&amp;` and kin, numeric ones) decoded: enough for the
/// attributes of HTML inside Markdown and for the plain-text fallback; the HTML path has html5ever.
pub(super) fn decode(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(p) = rest.find('&') {
        out.push_str(&rest[..p]);
        let after = &rest[p + 1..];
        let semi = after.find(';').filter(|&k| k <= 10);
        let c = semi.and_then(|k| {
            let name = &after[..k];
            let num = |n: &str, radix| u32::from_str_radix(n, radix).ok().and_then(char::from_u32);
            match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some('\u{a0}'),
                _ => name
                    .strip_prefix("#x")
                    .or_else(|| name.strip_prefix("#X"))
                    .map_or_else(|| name.strip_prefix('#').and_then(|n| num(n, 10)), |h| num(h, 16)),
            }
        });
        match (c, semi) {
            (Some(c), Some(k)) => {
                out.push(c);
                rest = &after[k + 1..];
            }
            _ => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Does the element have a class for which `f` holds (in a tag's attribute text)?
pub(super) fn has_class(attrs: &str, f: impl Fn(&str) -> bool) -> bool {
    attr(attrs, "class").is_some_and(|c| c.split_ascii_whitespace().any(f))
}

/// What a tag name means outside the HTML parse.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Class(u8);

/// Its presence means a statement is HTML (a block, or an inline tag common in statements).
const KNOWN: u8 = 1;
/// Raw text: its content is not markup (`<script>`, `<style>`, `<textarea>`, and here `<pre>`).
const RAW: u8 = 1 << 1;
/// Starts a CommonMark HTML block in a Markdown statement.
const MD_BLOCK: u8 = 1 << 2;
/// In a Markdown statement, an HTML block holding it open continues across blank lines.
const MD_HOLDS: u8 = 1 << 3;
/// In a Markdown paragraph, sends the paragraph through the HTML path (it would leak otherwise).
const MD_LEAKS: u8 = 1 << 4;

impl Class {
    pub(super) fn known(self) -> bool {
        self.0 & KNOWN != 0
    }
    pub(super) fn raw(self) -> bool {
        self.0 & RAW != 0
    }
    pub(super) fn starts_md_block(self) -> bool {
        self.0 & MD_BLOCK != 0
    }
    pub(super) fn holds_md_block(self) -> bool {
        self.0 & MD_HOLDS != 0
    }
    pub(super) fn leaks_in_md(self) -> bool {
        self.0 & MD_LEAKS != 0
    }
}

/// The classes of a (lower-case) tag name.
pub(super) fn class(name: &str) -> Class {
    const BLOCK: u8 = KNOWN | MD_BLOCK;
    Class(match name {
        "p" | "div" | "section" | "li" | "ol" | "ul" | "blockquote" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
            BLOCK | MD_LEAKS
        }
        "pre" | "table" => BLOCK | MD_LEAKS | MD_HOLDS | if name == "pre" { RAW } else { 0 },
        "script" | "style" => KNOWN | RAW | MD_BLOCK | MD_HOLDS,
        "textarea" => RAW | MD_BLOCK | MD_HOLDS,
        "address" | "article" | "aside" | "body" | "center" | "details" | "dir" | "dl" | "dd" | "dt" | "fieldset"
        | "figcaption" | "figure" | "footer" | "form" | "header" | "hgroup" | "hr" | "legend" | "main" | "menu"
        | "nav" | "summary" | "tr" | "html" | "head" => BLOCK,
        "td" | "th" => KNOWN | MD_BLOCK,
        "caption" | "tbody" | "thead" | "tfoot" => MD_BLOCK,
        "a" | "b" | "br" | "code" | "del" | "em" | "font" | "i" | "img" | "kbd" | "s" | "small" | "span" | "strong"
        | "sub" | "sup" | "tt" | "u" | "var" => KNOWN,
        "title" | "iframe" | "noembed" | "noframes" | "noscript" | "xmp" | "listing" | "plaintext" => RAW,
        _ => 0,
    })
}

/// Elements that never deepen a tree: void ones, and those whose end tag may be left out (a
/// sibling closes them).
const FLAT: &[&str] = &[
    "p", "li", "dt", "dd", "tr", "td", "th", "option", "optgroup", "rb", "rt", "rp", "colgroup", "caption", "thead",
    "tbody", "tfoot", "head", "body", "html", "br", "img", "hr", "wbr", "input", "meta", "link", "col", "area", "base",
    "embed", "source", "track", "param", "keygen",
];

/// Would the tree nest deeper than `max`? Counted on the tags, before parsing: html5ever checks
/// its stack of open elements at each tag, so a deep document costs it the square of its depth
/// (a minute for 64 K nested `<ul><li>`), and such input gets the plain-text fallback instead.
pub(crate) fn too_deep(html: &str, max: usize) -> bool {
    let mut depth = 0usize;
    let mut i = 0;
    while let Some(k) = html[i..].find('<') {
        let Some(t) = tag_at(html, i + k) else {
            i += k + 1;
            continue;
        };
        i = t.end;
        if t.self_closing || FLAT.contains(&t.name.as_str()) {
            continue;
        }
        if t.closing {
            depth = depth.saturating_sub(1);
        } else if depth == max {
            return true;
        } else {
            depth += 1;
        }
    }
    false
}

/// Whether the end of `line` is inside an HTML comment, given whether its start is.
pub(crate) fn in_comment_after(line: &str, mut inside: bool) -> bool {
    let mut rest = line;
    loop {
        let (mark, len) = if inside { ("-->", 3) } else { ("<!--", 4) };
        match rest.find(mark) {
            Some(p) => {
                rest = &rest[p + len..];
                inside = !inside;
            }
            None => return inside,
        }
    }
}
