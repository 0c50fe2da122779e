//! Tags in text that is not parsed as HTML: the HTML-or-Markdown heuristic, the depth count
//! before a parse and the HTML inside Markdown statements read tags one at a time (the tree is
//! for documents). What each name means to them is here.

/// A tag read at a `<` of some text.
pub(super) struct TagAt {
    /// Its name, lower-cased (`""` when longer than any this module knows).
    name: [u8; 12],
    name_len: usize,
    pub(super) closing: bool,
    pub(super) self_closing: bool,
    /// The position after its `>`.
    pub(super) end: usize,
}

impl TagAt {
    /// The name, lower-cased.
    pub(super) fn name(&self) -> &str {
        std::str::from_utf8(&self.name[..self.name_len]).unwrap_or_default()
    }
}

/// The tag starting at byte `i` of `text` (which holds `<` there), if one does.
pub(super) fn tag_at(text: &str, i: usize) -> Option<TagAt> {
    let b = text.as_bytes();
    let closing = b.get(i + 1) == Some(&b'/');
    let from = i + 1 + usize::from(closing);
    let len = b[from.min(b.len())..].iter().take_while(|c| c.is_ascii_alphanumeric()).count();
    if len == 0 || !b[from].is_ascii_alphabetic() {
        return None;
    }
    let end = tag_end(b, from + len)?;
    let attrs = &text[from + len..end];
    let mut name = [0u8; 12];
    let name_len = if len <= name.len() { len } else { 0 };
    name[..name_len].copy_from_slice(&b[from..from + name_len]);
    name.make_ascii_lowercase();
    Some(TagAt { name, name_len, self_closing: attrs.trim_end().ends_with('/'), closing, end: end + 1 })
}

/// Calls `f(name, closing)` for each tag in `line`.
pub(super) fn scan_tags(line: &str, mut f: impl FnMut(&str, bool)) {
    find_tag(line, |name, closing| {
        f(name, closing);
        false
    });
}

/// Calls `f(name, closing)` for each tag in `line` until it says `true`; whether it did. A `<`
/// is found eight bytes at a time: text runs between tags are short.
pub(super) fn find_tag(line: &str, mut f: impl FnMut(&str, bool) -> bool) -> bool {
    let mut i = 0;
    while let Some(k) = crate::scan::find_byte(&line.as_bytes()[i..], b'<') {
        let at = i + k;
        match tag_at(line, at) {
            Some(t) => {
                if f(t.name(), t.closing) {
                    return true;
                }
                i = t.end;
            }
            None => i = at + 1,
        }
    }
    false
}

/// What a tag name means outside the HTML parse.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Class(u8);

/// Its presence means a statement is HTML (a block, or an inline tag common in statements).
pub(super) const KNOWN: u8 = 1;
/// Raw text: its content is not markup (`<script>`, `<style>`, `<textarea>`, and here `<pre>`).
pub(super) const RAW: u8 = 1 << 1;
/// Starts a CommonMark HTML block in a Markdown statement.
pub(super) const MD_BLOCK: u8 = 1 << 2;
/// In a Markdown statement, an HTML block holding it open continues across blank lines.
pub(super) const MD_HOLDS: u8 = 1 << 3;
/// In a Markdown paragraph, sends the paragraph through the HTML path (it would leak otherwise).
pub(super) const MD_LEAKS: u8 = 1 << 4;

impl Class {
    /// Whether the name has `flag` (one of the constants above).
    pub(super) fn has(self, flag: u8) -> bool {
        self.0 & flag != 0
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
/// sibling closes them). Keyed by [`key`]: the depth scan asks this at every tag, and 35 integer
/// comparisons cost less than as many `memcmp`s of byte strings.
fn is_flat(name: u64) -> bool {
    #[rustfmt::skip]
    const FLAT: [&[u8]; 35] = [
        b"p", b"li", b"dt", b"dd", b"tr", b"td", b"th", b"option", b"optgroup", b"rb", b"rt", b"rp", b"colgroup",
        b"caption", b"thead", b"tbody", b"tfoot", b"head", b"body", b"html", b"br", b"img", b"hr", b"wbr", b"input",
        b"meta", b"link", b"col", b"area", b"base", b"embed", b"source", b"track", b"param", b"keygen",
    ];
    const KEYS: [u64; 35] = {
        let mut keys = [0; 35];
        let mut i = 0;
        while i < FLAT.len() {
            keys[i] = key(FLAT[i]);
            i += 1;
        }
        keys
    };
    KEYS.contains(&name)
}

/// A tag name of up to 8 bytes as an integer, lower-cased (longer names are never flat).
const fn key(name: &[u8]) -> u64 {
    let mut k = 0u64;
    let mut i = 0;
    while i < name.len() && i < 8 {
        k |= (name[i].to_ascii_lowercase() as u64) << (8 * i);
        i += 1;
    }
    k
}

/// Would the tree nest deeper than `max`? Counted on the tags, before parsing: html5ever checks
/// its stack of open elements at each tag, so a deep document costs it the square of its depth
/// (a minute for 64 K nested `<ul><li>`), and such input gets the plain-text fallback instead.
pub fn too_deep(html: &str, max: usize) -> bool {
    // Eight bytes at a time: between a statement's tags are a dozen bytes of text on average,
    // too few for a `memchr` to pay for its setup, and in a `<pre>` of test data thousands.
    let b = html.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    while let Some(p) = crate::scan::find_byte(&b[i..], b'<') {
        i += p;
        let closing = b.get(i + 1) == Some(&b'/');
        let from = i + 1 + usize::from(closing);
        let mut to = from;
        while to < b.len() && b[to].is_ascii_alphanumeric() {
            to += 1;
        }
        if to == from || !b[from].is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        // The tag's end, past quoted attribute values; none: the rest is text.
        let Some(end) = tag_end(b, to) else { break };
        i = end + 1;
        // Names over 10 bytes (custom elements) count as flat, as they always have.
        let flat = to - from > 10 || (to - from <= 8 && is_flat(key(&b[from..to])));
        if flat || b[end - 1] == b'/' {
            continue;
        }
        if closing {
            depth = depth.saturating_sub(1);
        } else if depth == max {
            return true;
        } else {
            depth += 1;
        }
    }
    false
}

/// The position of the `>` that ends a tag whose attributes start at `from`: the first outside a
/// quoted value (a search per quote, rather than a state per byte: a third of a Markdown
/// statement's tag scan went to attributes).
fn tag_end(b: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    loop {
        i += b[i..].iter().position(|&c| matches!(c, b'>' | b'"' | b'\''))?;
        if b[i] == b'>' {
            return Some(i);
        }
        let quote = b[i];
        i += 2 + b[i + 1..].iter().position(|&c| c == quote)?;
    }
}

/// Whether the end of `line` is inside an HTML comment, given whether its start is.
pub fn in_comment_after(line: &str, mut inside: bool) -> bool {
    // Most lines hold neither mark: one byte search each.
    if !line.as_bytes().contains(if inside { &b'>' } else { &b'!' }) {
        return inside;
    }
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
