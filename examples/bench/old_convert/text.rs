//! Text helpers: HTML escaping, html2text's whitespace collapsing, sentinel scrubbing, script
//! (`^x` / `_x`) formatting.

use super::entities::{decode_entities_into, decode_one};
use super::lexer::{Lexer, Tok};
use super::markers::{collapses, is_sentinel, kept_sentinel, kept_space};

/// Append `s` to `out` escaped as HTML text (it goes back into the html2text input), kept
/// spaces as their sentinels.
pub(super) fn escape_html_into(s: &str, out: &mut String) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if is_sentinel(c) => {}
            c => out.push(kept_sentinel(c).unwrap_or(c)),
        }
    }
}

/// Input text (entities still encoded) as html2text renders it outside `<pre>`, appended to `out`:
/// references decoded, U+200B dropped, runs of collapsible whitespace (Unicode whitespace but
/// NBSP, html2text's rule) made one space, and none at either end; returns whether there was
/// whitespace at the start and at the end. `None` (with `out` partly written) when the run has
/// no visible text, or anything whose rendering is less certain: a bare `<`, a control character, a
/// reference that is not a known name with `;` or a plain numeric one, or a sentinel (unless
/// `sentinels`: then they are kept, as html2text keeps them).
pub(super) fn collapse_text(t: &str, out: &mut String, sentinels: bool) -> Option<(bool, bool)> {
    let mut w = Collapser { out, start: 0, lead: false, pending_space: false, sentinels };
    w.start = w.out.len();
    let mut rest = t;
    let mut decoded = String::new();
    loop {
        let (chunk, reference) = match rest.find('&') {
            Some(p) => (&rest[..p], true),
            None => (rest, false),
        };
        w.push_str(chunk, true)?;
        if !reference {
            break;
        }
        let after = &rest[chunk.len() + 1..];
        decoded.clear();
        let used = match after.as_bytes().first() {
            // A bare `&` before whitespace or at the end is text.
            None | Some(b' ' | b'\t' | b'\n' | b'\x0c') => {
                decoded.push('&');
                0
            }
            Some(b'#') => {
                let used = decode_one(after, &mut decoded)?;
                let c = decoded.chars().next()?;
                let plain = !matches!(c as u32, 0x80..=0x9F | 0xFFFD) && !c.is_control();
                if !after[..used].ends_with(';') || !plain {
                    return None;
                }
                used
            }
            Some(_) => {
                let used = decode_one(after, &mut decoded)?;
                if !after[..used].ends_with(';') {
                    return None;
                }
                used
            }
        };
        w.push_str(&decoded, false)?;
        rest = &after[used..];
    }
    // No visible text (NBSP and other non-collapsing spaces count as none): html2text drops such a
    // text node at a block's end, so it must see it.
    if !w.out[w.start..].chars().any(|c| !c.is_whitespace()) {
        return None;
    }
    Some((w.lead, w.pending_space))
}

/// The state of [`collapse_text`].
struct Collapser<'a> {
    out: &'a mut String,
    start: usize,
    lead: bool,
    pending_space: bool,
    sentinels: bool,
}

impl Collapser<'_> {
    /// Appends input text (`raw`) or a decoded reference (where `<` is just a character).
    fn push_str(&mut self, s: &str, raw: bool) -> Option<()> {
        let b = s.as_bytes();
        let plain = |b: u8| b > b' ' && b < 0x7f && (b != b'<' || !raw);
        let mut i = 0;
        while i < b.len() {
            if plain(b[i]) {
                // A run of visible ASCII (most text) is copied whole.
                let from = i;
                while i < b.len() && plain(b[i]) {
                    i += 1;
                }
                self.visible();
                self.out.push_str(&s[from..i]);
                continue;
            }
            let c = s[i..].chars().next()?;
            i += c.len_utf8();
            if c == '\u{200b}' {
                continue;
            }
            if collapses(c) {
                if self.out.len() == self.start {
                    self.lead = true;
                } else {
                    self.pending_space = true;
                }
                continue;
            }
            if (c == '<' && raw) || c.is_control() || (is_sentinel(c) && !self.sentinels) {
                return None;
            }
            self.visible();
            self.out.push(c);
        }
        Some(())
    }

    /// Before visible text: the space a whitespace run before it collapsed to.
    fn visible(&mut self) {
        if self.pending_space {
            self.out.push(' ');
            self.pending_space = false;
        }
    }
}

/// Append raw input text, dropping any private-use sentinel characters and writing kept spaces
/// as their sentinels, whether literal or written as a character reference (html5ever would
/// decode `&#xF8F0;` into a marker, and `&thinsp;` into a space it collapses).
pub(super) fn push_scrubbed(out: &mut String, s: &str) {
    if s.contains('&') {
        let mut rest = s;
        let mut decoded = String::new();
        while let Some(p) = rest.find('&') {
            push_scrubbed_chars(out, &rest[..p]);
            let after = &rest[p + 1..];
            decoded.clear();
            let used = decode_one(after, &mut decoded);
            match used {
                // A value with a sentinel or a kept space in it (`&thinsp;`, `&ThickSpace;` is two
                // spaces), or none (`&shy;`: invisible characters are dropped), is written decoded;
                // any other reference is left for html5ever.
                Some(used)
                    if decoded.is_empty() || decoded.chars().any(|c| is_sentinel(c) || kept_sentinel(c).is_some()) =>
                {
                    for c in decoded.chars().filter(|&c| !is_sentinel(c)) {
                        match c {
                            '<' => out.push_str("&lt;"),
                            '&' => out.push_str("&amp;"),
                            c => out.push(kept_sentinel(c).unwrap_or(c)),
                        }
                    }
                    rest = &after[used..];
                }
                _ => {
                    out.push('&');
                    rest = after;
                }
            }
        }
        push_scrubbed_chars(out, rest);
    } else {
        push_scrubbed_chars(out, s);
    }
}

/// [`push_scrubbed`] for literal sentinels. A `<` in text (one that the lexer found starts no tag)
/// is written `&lt;`: html5ever must read it as text too, whatever follows it once sentinels are
/// gone.
fn push_scrubbed_chars(out: &mut String, s: &str) {
    for (k, part) in s.split('<').enumerate() {
        if k > 0 {
            out.push_str("&lt;");
        }
        push_without_sentinels(out, part);
    }
}

fn push_without_sentinels(out: &mut String, s: &str) {
    // Most text is ASCII, which `is_ascii` checks a word at a time.
    if s.is_ascii() {
        out.push_str(s);
        return;
    }
    let b = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    // Kept spaces start with E1, E2 or E3 in UTF-8, sentinels (U+F8D0..=U+F8FF) with EF: only
    // characters with those lead bytes need a look.
    while let Some(k) = b[i..].iter().position(|&x| matches!(x, 0xE1..=0xE3 | 0xEF)) {
        let p = i + k;
        i = p + 1;
        let Some(c) = s[p..].chars().next() else { break };
        if is_sentinel(c) {
            out.push_str(&s[start..p]);
            start = p + c.len_utf8();
        } else if let Some(kept) = kept_sentinel(c) {
            out.push_str(&s[start..p]);
            out.push(kept);
            start = p + c.len_utf8();
        }
    }
    out.push_str(&s[start..]);
}

/// Text content of a (canonical) HTML fragment: tags and sentinels stripped (kept spaces written
/// back), entities decoded, collapsible whitespace collapsed to single spaces, trimmed.
pub(super) fn fragment_text(html: &str) -> String {
    let mut decoded = String::with_capacity(html.len());
    let mut lx = Lexer::new(html);
    while let Some((tok, _)) = lx.next_tok() {
        match tok {
            Tok::Text(t) => decode_entities_into(t, &mut decoded),
            Tok::Start { name, .. } | Tok::End { name } if name.eq_ignore_ascii_case("br") => {
                decoded.push(' ');
            }
            _ => {}
        }
    }
    let mut out = String::with_capacity(decoded.len());
    for word in decoded.split(collapses) {
        if word.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().filter_map(|c| if is_sentinel(c) { kept_space(c) } else { Some(c) }));
    }
    out
}

/// `x` → `^x`, `-9` → `^-9`, `n+1` → `^{n+1}` (braces also when a letter/digit follows).
pub(super) fn format_script(mark: char, text: &str, next_alnum: bool) -> String {
    let body = text.strip_prefix(['-', '+', '−']).unwrap_or(text);
    let simple = (!body.is_empty() && body.chars().all(|c| c.is_ascii_alphanumeric())) || text.chars().count() == 1;
    let mut s = String::with_capacity(text.len() + 3);
    s.push(mark);
    if simple && !next_alnum {
        s.push_str(text);
    } else {
        s.push('{');
        s.push_str(text);
        s.push('}');
    }
    s
}

pub(super) fn max_backtick_run(s: &str) -> usize {
    let mut best = 0;
    let mut cur = 0;
    for b in s.bytes() {
        if b == b'`' {
            cur += 1;
            best = best.max(cur);
        } else {
            cur = 0;
        }
    }
    best
}
