//! HTML statements (LeetCode, legacy Codeforces and AtCoder pages, HTML inside Markdown): one
//! pass of the converter's tokenizer that captures headings (`<h1>`–`<h6>`, Codeforces'
//! `div.title` and `div.section-title`, and bold text that names a sample half), `<pre>` blocks
//! and LeetCode's `div.example-block` as text, and hands each to the [`Collector`].

use super::collect::Collector;
use super::scan::{Lexer, Tok, decode_entities_into, has_class};
use super::text::Sink;

/// What is being captured.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Heading,
    /// `<strong>`/`<b>` outside any capture: a heading only when it names a sample half
    /// (`<p><strong>Sample Input 1</strong></p>`, Luogu's `<strong>输入样例#1：</strong>`).
    Soft,
    Pre,
    Example,
}

/// How the capture ends.
#[derive(Clone, Copy)]
enum End {
    /// `</hN>` of this level.
    H(u8),
    /// `</pre>`.
    Pre,
    /// `</strong>` or `</b>`.
    Bold,
    /// The `</div>` matching the opening one; the number of `<div>`s open inside it.
    Div(u32),
}

struct Capture {
    kind: Kind,
    end: End,
    sink: Sink,
    /// Inside a `div.title`, a nested `<div>` is the Copy button: its text is not the title's.
    muted: u32,
}

pub(super) fn scan(html: &str, c: &mut Collector) {
    let mut lx = Lexer::new(html);
    let mut cap: Option<Capture> = None;
    let mut decoded = String::new();
    // One text buffer, handed from capture to capture (a statement opens dozens).
    let mut spare = String::new();
    loop {
        if cap.is_none() {
            // Outside a capture only a few tags matter: jump from `<` to `<` without tokenizing
            // the text, end tags and attributes in between (most of a statement).
            match next_candidate(html, lx.pos) {
                Some(p) => lx.pos = p,
                None => break,
            }
        }
        let Some((tok, _)) = lx.next_tok() else { break };
        match tok {
            Tok::Text(t) => {
                if let Some(cp) = cap.as_mut().filter(|cp| cp.muted == 0) {
                    decoded.clear();
                    decode_entities_into(t, &mut decoded);
                    cp.sink.text(&decoded);
                }
            }
            Tok::Start { name, attrs, self_closing } => {
                let t = tag(name);
                if t == Tag::Raw {
                    if !self_closing {
                        lx.skip_raw(name);
                    }
                    continue;
                }
                match cap.as_mut() {
                    None => cap = open(t, attrs, self_closing, &mut spare),
                    Some(cp) if cp.ended_by(t) => {
                        // An unclosed `<b>` or `<h3>` must not swallow the blocks after it.
                        if let Some(cp) = cap.take() {
                            spare = cp.emit(c);
                        }
                        cap = open(t, attrs, self_closing, &mut spare);
                    }
                    Some(cp) => cp.start(t, self_closing),
                }
            }
            Tok::End { name } => {
                if cap.as_mut().is_some_and(|cp| cp.end(tag(name)))
                    && let Some(cp) = cap.take()
                {
                    spare = cp.emit(c);
                }
            }
            Tok::Other => {}
        }
    }
    if let Some(cp) = cap {
        cp.emit(c);
    }
}

/// The next `<` at or after `from` that starts a tag the scanner acts on outside a capture
/// (`h1`–`h6`, `pre`, `div`, `strong`, `b`, `script`, `style`, `textarea`) or a comment; the
/// lexer then reads it whole. Other tags are passed over on their name alone. (A `<` inside a
/// skipped tag's quoted attribute would be taken for a tag: statements do not write one raw.)
fn next_candidate(html: &str, mut from: usize) -> Option<usize> {
    let b = html.as_bytes();
    loop {
        let p = from + html.get(from..)?.find('<')?;
        let name_end = b[p + 1..].iter().position(|c| !c.is_ascii_alphanumeric()).map_or(b.len(), |n| p + 1 + n);
        if b.get(p + 1) == Some(&b'!')
            || matches!(tag(&html[p + 1..name_end]), Tag::H(_) | Tag::Pre | Tag::Div | Tag::Bold | Tag::Raw)
        {
            return Some(p);
        }
        from = p + 1;
    }
}

/// Whether a line leaves the document inside `<pre>`, `<script>`, `<style>` or `<textarea>`,
/// given whether it started inside: the last such open or close tag on the line decides.
pub(super) fn ends_inside_raw(line: &str, mut inside: bool) -> bool {
    let b = line.as_bytes();
    let mut i = 0;
    while let Some(k) = b[i..].iter().position(|&c| c == b'<') {
        let at = i + k + 1;
        let closing = b.get(at) == Some(&b'/');
        let name_at = at + usize::from(closing);
        // Only `pr…`, `sc…`, `st…`, `te…` can name one: most tags are skipped on two bytes.
        let head = b.get(name_at..name_at + 2).map(|h| [h[0].to_ascii_lowercase(), h[1].to_ascii_lowercase()]);
        if !matches!(head, Some([b'p', b'r'] | [b's', b'c'] | [b's', b't'] | [b't', b'e'])) {
            i = at;
            continue;
        }
        let end = b[name_at..].iter().position(|c| !c.is_ascii_alphabetic()).map_or(b.len(), |n| name_at + n);
        if matches!(tag(&line[name_at..end]), Tag::Pre | Tag::Raw) {
            inside = !closing;
        }
        i = at;
    }
    inside
}

/// The tags the scanner tells apart; one lowercase lookup per tag (statements hold thousands).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tag {
    H(u8),
    Pre,
    Div,
    Br,
    Sup,
    Sub,
    /// `strong`, `b`.
    Bold,
    /// `td`, `th`.
    Cell,
    /// Tags that end a line of flowing text.
    Block,
    /// `script`, `style`, `textarea`: skipped whole.
    Raw,
    Other,
}

fn tag(name: &str) -> Tag {
    // By length, then by bytes: no string comparison on the common tags (this runs per tag).
    let b = name.as_bytes();
    let at = |i: usize| b[i].to_ascii_lowercase();
    let is = |w: &[u8]| b.eq_ignore_ascii_case(w);
    match b.len() {
        1 => match at(0) {
            b'p' => Tag::Block,
            b'b' => Tag::Bold,
            _ => Tag::Other,
        },
        2 => match (at(0), at(1)) {
            (b'b', b'r') => Tag::Br,
            (b't', b'd' | b'h') => Tag::Cell,
            (b'h', d @ b'1'..=b'6') => Tag::H(d - b'0'),
            (b'l', b'i') | (b't', b'r') | (b'u' | b'o', b'l') | (b'h', b'r') | (b'd', b't' | b'd') => Tag::Block,
            _ => Tag::Other,
        },
        3 => match [at(0), at(1), at(2)] {
            [b'p', b'r', b'e'] => Tag::Pre,
            [b'd', b'i', b'v'] => Tag::Div,
            [b's', b'u', b'p'] => Tag::Sup,
            [b's', b'u', b'b'] => Tag::Sub,
            _ => Tag::Other,
        },
        5 if is(b"table") => Tag::Block,
        5 if is(b"style") => Tag::Raw,
        6 if is(b"strong") => Tag::Bold,
        6 if is(b"script") => Tag::Raw,
        7 if is(b"section") => Tag::Block,
        8 if is(b"textarea") => Tag::Raw,
        10 if is(b"blockquote") => Tag::Block,
        _ => Tag::Other,
    }
}

/// Starts a capture at an element that holds sample text, if this is one.
fn open(t: Tag, attrs: &str, self_closing: bool, spare: &mut String) -> Option<Capture> {
    if self_closing {
        return None;
    }
    let (kind, end) = match t {
        Tag::H(level) => (Kind::Heading, End::H(level)),
        Tag::Pre => (Kind::Pre, End::Pre),
        Tag::Bold => (Kind::Soft, End::Bold),
        Tag::Div if has_class(attrs, |k| k == "title" || k == "section-title") => (Kind::Heading, End::Div(0)),
        Tag::Div if has_class(attrs, |k| k == "example-block") => (Kind::Example, End::Div(0)),
        _ => return None,
    };
    let mut out = std::mem::take(spare);
    out.clear();
    let sink = Sink::with_buffer(out, kind == Kind::Pre);
    Some(Capture { kind, end, sink, muted: 0 })
}

impl Capture {
    /// Whether a start tag shows that this inline capture was never closed: a block inside bold
    /// text, a `<pre>` or heading inside a heading.
    fn ended_by(&self, t: Tag) -> bool {
        match self.end {
            End::Bold => matches!(t, Tag::Pre | Tag::H(_) | Tag::Div | Tag::Block | Tag::Cell),
            End::H(_) => matches!(t, Tag::Pre | Tag::H(_)),
            End::Pre | End::Div(_) => false,
        }
    }

    fn start(&mut self, t: Tag, self_closing: bool) {
        match t {
            Tag::Div => {
                if let (End::Div(d), false) = (&mut self.end, self_closing) {
                    *d = d.saturating_add(1);
                    if self.kind == Kind::Heading {
                        self.muted = self.muted.saturating_add(1);
                        return;
                    }
                }
                self.sink.block();
            }
            Tag::Br => self.sink.br(),
            Tag::Sup => self.sink.mark('^'),
            Tag::Sub => self.sink.mark('_'),
            Tag::Cell => self.sink.cell(),
            Tag::Pre if self.kind == Kind::Example => self.sink.enter_pre(),
            Tag::Block | Tag::H(_) => self.sink.block(),
            _ => {}
        }
    }

    /// Handles an end tag; true when it closes the capture.
    fn end(&mut self, t: Tag) -> bool {
        match (&mut self.end, t) {
            (End::H(level), Tag::H(l)) if *level == l => return true,
            (End::Pre, Tag::Pre) | (End::Bold, Tag::Bold) | (End::Div(0), Tag::Div) => return true,
            (End::Div(d), Tag::Div) => {
                *d -= 1;
                if self.muted > 0 {
                    self.muted -= 1;
                    return false;
                }
                self.sink.block();
            }
            (_, Tag::Pre) if self.kind == Kind::Example => self.sink.leave_pre(),
            (_, Tag::Div | Tag::Block | Tag::H(_)) => self.sink.block(),
            _ => {}
        }
        false
    }

    /// Hands the captured text on; returns the buffer for the next capture.
    fn emit(self, c: &mut Collector) -> String {
        match self.kind {
            Kind::Heading => c.heading(&self.sink.out),
            Kind::Soft => c.soft_heading(&self.sink.out),
            Kind::Pre => c.pre(&self.sink.out, ""),
            Kind::Example => c.example(&self.sink.out),
        }
        self.sink.out
    }
}
