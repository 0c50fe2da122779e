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
                if is(name, "script") || is(name, "style") || is(name, "textarea") {
                    if !self_closing {
                        lx.skip_raw(name);
                    }
                    continue;
                }
                match cap.as_mut() {
                    None => cap = open(name, attrs, self_closing),
                    Some(cp) => cp.start(name, self_closing),
                }
            }
            Tok::End { name } => {
                if cap.as_mut().is_some_and(|cp| cp.end(name))
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

fn is(name: &str, want: &str) -> bool {
    name.eq_ignore_ascii_case(want)
}

/// `h1`..`h6` → the level.
fn heading_level(name: &str) -> Option<u8> {
    match name.as_bytes() {
        [b'h' | b'H', d @ b'1'..=b'6'] => Some(d - b'0'),
        _ => None,
    }
}

/// Tags that end a line of flowing text.
fn is_block(name: &str) -> bool {
    ["p", "li", "tr", "table", "ul", "ol", "blockquote", "section", "hr", "dt", "dd"].iter().any(|b| is(name, b))
        || heading_level(name).is_some()
}

/// Starts a capture at an element that holds sample text, if this is one.
fn open(name: &str, attrs: &str, self_closing: bool) -> Option<Capture> {
    if self_closing {
        return None;
    }
    let (kind, end, sink) = if let Some(level) = heading_level(name) {
        (Kind::Heading, End::H(level), Sink::default())
    } else if is(name, "pre") {
        (Kind::Pre, End::Pre, Sink::literal())
    } else if is(name, "div") && has_class(attrs, |k| k == "title" || k == "section-title") {
        (Kind::Heading, End::Div(0), Sink::default())
    } else if is(name, "div") && has_class(attrs, |k| k == "example-block") {
        (Kind::Example, End::Div(0), Sink::default())
    } else {
        return None;
    };
    Some(Capture { kind, end, sink, muted: 0 })
}

impl Capture {
    fn start(&mut self, name: &str, self_closing: bool) {
        if is(name, "div") {
            if let (End::Div(d), false) = (&mut self.end, self_closing) {
                *d = d.saturating_add(1);
                if self.kind == Kind::Heading {
                    self.muted = self.muted.saturating_add(1);
                    return;
                }
            }
            self.sink.block();
        } else if is(name, "br") {
            self.sink.br();
        } else if is(name, "sup") {
            self.sink.mark('^');
        } else if is(name, "sub") {
            self.sink.mark('_');
        } else if is(name, "td") || is(name, "th") {
            self.sink.cell();
        } else if is(name, "pre") && self.kind == Kind::Example {
            self.sink.enter_pre();
        } else if is_block(name) {
            self.sink.block();
        }
    }

    /// Handles an end tag; true when it closes the capture.
    fn end(&mut self, name: &str) -> bool {
        match &mut self.end {
            End::H(level) if heading_level(name) == Some(*level) => return true,
            End::Pre if is(name, "pre") => return true,
            End::Div(0) if is(name, "div") => return true,
            End::Div(d) if is(name, "div") => {
                *d -= 1;
                if self.muted > 0 {
                    self.muted -= 1;
                    return false;
                }
                self.sink.block();
            }
            _ if is(name, "pre") && self.kind == Kind::Example => self.sink.leave_pre(),
            _ if is(name, "div") || is_block(name) => self.sink.block(),
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
