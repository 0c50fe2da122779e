//! The tokenizer over raw HTML: tags with their attributes, text, comments; attribute helpers and
//! tag scanning. Linear, never panics.

#[derive(Clone, Copy, Debug)]
pub(crate) enum Tok<'a> {
    Text(&'a str),
    Start {
        name: &'a str,
        attrs: &'a str,
        self_closing: bool,
    },
    End {
        name: &'a str,
    },
    /// Comment, doctype, processing instruction, malformed markup.
    Other,
}

/// Minimal, linear HTML tokenizer (no tree building). Never panics on any input. A copy is a
/// cheap look-ahead.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lexer<'a> {
    pub(crate) src: &'a str,
    pub(crate) pos: usize,
}

impl<'a> Lexer<'a> {
    pub(crate) fn new(src: &'a str) -> Self {
        Lexer { src, pos: 0 }
    }

    /// Next token and the byte offset where it starts.
    pub(crate) fn next_tok(&mut self) -> Option<(Tok<'a>, usize)> {
        let src = self.src;
        let b = src.as_bytes();
        let start = self.pos;
        if start >= b.len() {
            return None;
        }
        if b[start] != b'<' {
            let end = find_byte(b, b'<', start + 1).unwrap_or(b.len());
            self.pos = end;
            return Some((Tok::Text(&src[start..end]), start));
        }
        let next = b.get(start + 1).copied().unwrap_or(0);
        if next.is_ascii_alphabetic() {
            let i = name_end(b, start + 1);
            let name = &src[start + 1..i];
            match scan_tag_end(b, i) {
                Some(gt) => {
                    self.pos = gt + 1;
                    let self_closing = gt > i && b[gt - 1] == b'/';
                    let attrs_end = if self_closing { gt - 1 } else { gt };
                    let attrs = &src[i..attrs_end.max(i)];
                    Some((Tok::Start { name, attrs, self_closing }, start))
                }
                None => {
                    self.pos = b.len();
                    Some((Tok::Other, start))
                }
            }
        } else if next == b'/' {
            let after = b.get(start + 2).copied().unwrap_or(0);
            let gt = find_byte(b, b'>', start + 2);
            self.pos = gt.map_or(b.len(), |g| g + 1);
            if after.is_ascii_alphabetic() && gt.is_some() {
                let i = name_end(b, start + 2);
                Some((Tok::End { name: &src[start + 2..i] }, start))
            } else {
                Some((Tok::Other, start))
            }
        } else if next == b'!' && src[start..].starts_with("<!--") {
            self.pos = src[start + 4..].find("-->").map_or(b.len(), |k| start + 4 + k + 3);
            Some((Tok::Other, start))
        } else if next == b'!' || next == b'?' {
            self.pos = find_byte(b, b'>', start + 1).map_or(b.len(), |g| g + 1);
            Some((Tok::Other, start))
        } else {
            // A lone '<' is text.
            self.pos = start + 1;
            Some((Tok::Text(&src[start..start + 1]), start))
        }
    }

    /// Skip raw text up to and including `</name…>` (case-insensitive); returns the raw text.
    pub(crate) fn skip_raw(&mut self, name: &str) -> &'a str {
        let src = self.src;
        let b = src.as_bytes();
        let from = self.pos;
        let mut i = from;
        while let Some(p) = find_byte(b, b'<', i) {
            let end = p + 2 + name.len();
            if b.get(p + 1) == Some(&b'/')
                && b.len() >= end
                && b[p + 2..end].eq_ignore_ascii_case(name.as_bytes())
                && b.get(end).is_none_or(|&c| c == b'>' || c == b'/' || c.is_ascii_whitespace())
            {
                self.pos = find_byte(b, b'>', p).map_or(b.len(), |g| g + 1);
                return &src[from..p];
            }
            i = p + 1;
        }
        self.pos = b.len();
        &src[from..]
    }
}

/// End of a tag name starting at `i` (stops at whitespace, `/` or `>`).
fn name_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b'>' && b[i] != b'/' {
        i += 1;
    }
    i
}

pub(super) fn find_byte(b: &[u8], needle: u8, from: usize) -> Option<usize> {
    b.get(from..)?.iter().position(|&c| c == needle).map(|k| from + k)
}

/// Index of the `>` closing a start tag whose attributes begin at `i` (quotes respected).
fn scan_tag_end(b: &[u8], mut i: usize) -> Option<usize> {
    let mut after_eq = false;
    while i < b.len() {
        let c = b[i];
        if c == b'>' {
            return Some(i);
        }
        if after_eq && (c == b'"' || c == b'\'') {
            let q = find_byte(b, c, i + 1)?;
            i = q + 1;
            after_eq = false;
            continue;
        }
        if c == b'=' {
            after_eq = true;
        } else if !c.is_ascii_whitespace() {
            after_eq = false;
        }
        i += 1;
    }
    None
}

/// Raw (entity-encoded) value of attribute `want`; `Some("")` for a boolean attribute.
pub(crate) fn attr<'a>(attrs: &'a str, want: &str) -> Option<&'a str> {
    let b = attrs.as_bytes();
    let n = b.len();
    let mut i = 0;
    loop {
        while i < n && (b[i].is_ascii_whitespace() || b[i] == b'/') {
            i += 1;
        }
        if i >= n {
            return None;
        }
        let ns = i;
        while i < n && !b[i].is_ascii_whitespace() && b[i] != b'=' && b[i] != b'/' {
            i += 1;
        }
        if i == ns {
            i += 1; // a stray '='
            continue;
        }
        let name = &attrs[ns..i];
        let mut j = i;
        while j < n && b[j].is_ascii_whitespace() {
            j += 1;
        }
        let mut value = "";
        if j < n && b[j] == b'=' {
            j += 1;
            while j < n && b[j].is_ascii_whitespace() {
                j += 1;
            }
            if j < n && (b[j] == b'"' || b[j] == b'\'') {
                let vs = j + 1;
                let ve = find_byte(b, b[j], vs).unwrap_or(n);
                value = &attrs[vs..ve];
                i = (ve + 1).min(n);
            } else {
                let vs = j;
                while j < n && !b[j].is_ascii_whitespace() {
                    j += 1;
                }
                value = &attrs[vs..j];
                i = j;
            }
        }
        if name.eq_ignore_ascii_case(want) {
            return Some(value);
        }
    }
}

pub(crate) fn has_class(attrs: &str, pred: impl Fn(&str) -> bool) -> bool {
    attr(attrs, "class").is_some_and(|c| c.split_ascii_whitespace().any(pred))
}

pub(super) fn is_hidden(attrs: &str) -> bool {
    if attr(attrs, "hidden").is_some() {
        return true;
    }
    attr(attrs, "style").is_some_and(|style| {
        let compact: String = style.chars().filter(|c| !c.is_whitespace()).map(|c| c.to_ascii_lowercase()).collect();
        compact.contains("display:none") || compact.contains("visibility:hidden")
    })
}

/// Lower-cased tag name in a small stack buffer (names longer than 16 bytes become "").
pub(super) struct LName {
    buf: [u8; 16],
    len: usize,
}

impl LName {
    pub(super) fn new(name: &str) -> Self {
        let mut buf = [0u8; 16];
        let b = name.as_bytes();
        if b.len() > buf.len() {
            return LName { buf, len: 0 };
        }
        for (d, s) in buf.iter_mut().zip(b) {
            *d = s.to_ascii_lowercase();
        }
        LName { buf, len: b.len() }
    }
    /// The name as a table key (see `names::key`): the buffer is already zero-padded.
    pub(super) fn key(&self) -> u128 {
        u128::from_be_bytes(self.buf)
    }
    pub(super) fn len(&self) -> usize {
        self.len
    }
    pub(super) fn as_str(&self) -> &str {
        std::str::from_utf8(&self.buf[..self.len]).unwrap_or("")
    }
}

/// Calls `f(lowercase_name, is_closing)` for every tag-looking `<name` / `</name` in `text`.
pub(super) fn scan_tags(text: &str, mut f: impl FnMut(&str, bool)) {
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(p) = find_byte(b, b'<', i) {
        let mut s = p + 1;
        let closing = b.get(s) == Some(&b'/');
        if closing {
            s += 1;
        }
        let mut e = s;
        while e < b.len() && b[e].is_ascii_alphanumeric() {
            e += 1;
        }
        let boundary = b.get(e).is_none_or(|&c| c == b'>' || c == b'/' || c.is_ascii_whitespace());
        if e > s && b[s].is_ascii_alphabetic() && boundary {
            let l = LName::new(&text[s..e]);
            f(l.as_str(), closing);
        }
        i = p + 1;
    }
}

pub(super) fn starts_with_ci(s: &str, prefix: &str) -> bool {
    s.len() >= prefix.len() && s.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}
