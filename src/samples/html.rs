//! HTML statements (LeetCode, legacy Codeforces and AtCoder pages, HTML inside Markdown): one
//! pass of the converter's tokenizer that captures headings (`<h1>`–`<h6>`, Codeforces'
//! `div.title` and `div.section-title`), `<pre>` blocks and LeetCode's `div.example-block` as
//! text, and hands each to the [`Collector`].

use super::collect::Collector;
use super::scan::{Lexer, Tok, decode_entities_into, has_class};
use super::text::Sink;

/// What is being captured.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Heading,
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
    while let Some((tok, _)) = lx.next_tok() {
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
                    None => cap = open(t, attrs, self_closing),
                    Some(cp) => cp.start(t, self_closing),
                }
            }
            Tok::End { name } => {
                if cap.as_mut().is_some_and(|cp| cp.end(tag(name)))
                    && let Some(cp) = cap.take()
                {
                    cp.emit(c);
                }
            }
            Tok::Other => {}
        }
    }
    if let Some(cp) = cap {
        cp.emit(c);
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
    /// `td`, `th`.
    Cell,
    /// Tags that end a line of flowing text.
    Block,
    /// `script`, `style`, `textarea`: skipped whole.
    Raw,
    Other,
}

fn tag(name: &str) -> Tag {
    let b = name.as_bytes();
    let mut buf = [0u8; 10];
    if b.len() > buf.len() {
        return Tag::Other;
    }
    for (d, s) in buf.iter_mut().zip(b) {
        *d = s.to_ascii_lowercase();
    }
    match &buf[..b.len()] {
        b"pre" => Tag::Pre,
        b"div" => Tag::Div,
        b"br" => Tag::Br,
        b"sup" => Tag::Sup,
        b"sub" => Tag::Sub,
        b"td" | b"th" => Tag::Cell,
        b"p" | b"li" | b"tr" | b"table" | b"ul" | b"ol" | b"blockquote" | b"section" | b"hr" | b"dt" | b"dd" => {
            Tag::Block
        }
        b"script" | b"style" | b"textarea" => Tag::Raw,
        [b'h', d @ b'1'..=b'6'] => Tag::H(d - b'0'),
        _ => Tag::Other,
    }
}

/// Starts a capture at an element that holds sample text, if this is one.
fn open(t: Tag, attrs: &str, self_closing: bool) -> Option<Capture> {
    if self_closing {
        return None;
    }
    let (kind, end, sink) = match t {
        Tag::H(level) => (Kind::Heading, End::H(level), Sink::default()),
        Tag::Pre => (Kind::Pre, End::Pre, Sink::literal()),
        Tag::Div if has_class(attrs, |k| k == "title" || k == "section-title") => {
            (Kind::Heading, End::Div(0), Sink::default())
        }
        Tag::Div if has_class(attrs, |k| k == "example-block") => (Kind::Example, End::Div(0), Sink::default()),
        _ => return None,
    };
    Some(Capture { kind, end, sink, muted: 0 })
}

impl Capture {
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
            (End::Pre, Tag::Pre) | (End::Div(0), Tag::Div) => return true,
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

    fn emit(self, c: &mut Collector) {
        match self.kind {
            Kind::Heading => c.heading(&self.sink.out),
            Kind::Pre => c.pre(&self.sink.out, ""),
            Kind::Example => c.example(&self.sink.out),
        }
    }
}
