//! HTML statements (LeetCode, legacy Codeforces and AtCoder pages, HTML inside Markdown): one
//! pass of the converter's tokenizer that captures headings (`<h1>`–`<h6>`, Codeforces'
//! `div.title` and `div.section-title`, and bold text that names a sample half), `<pre>` blocks
//! and LeetCode's `div.example-block` as text, and hands each to the [`Collector`].

use html2text::Handle;

use super::collect::Collector;
use super::text::Sink;
use crate::convert::Statement;
use crate::convert::dom::{self, Node, has_class, kind};

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

/// The events of an HTML statement, parsed once ([`dom::parse`]), to `c`.
pub(super) fn scan(html: &str, c: &mut Collector) {
    if let Some(tree) = Statement::parse_html(html) {
        scan_tree(&tree.document, c);
    }
}

/// The state of a walk: the open capture, and one text buffer handed from capture to capture (a
/// statement opens dozens).
struct Scan<'c> {
    cap: Option<Capture>,
    spare: String,
    c: &'c mut Collector,
}

/// Walks the tree in document order (iteratively: a tree may be deeper than the stack), reading
/// each element's start and end as the captures need them.
pub(super) fn scan_tree(root: &Handle, c: &mut Collector) {
    let mut s = Scan { cap: None, spare: String::new(), c };
    // (node, whether its children were entered)
    let mut stack: Vec<(Handle, bool)> = root.children.borrow().iter().rev().map(|n| (n.clone(), false)).collect();
    while let Some((node, entered)) = stack.pop() {
        match kind(&node) {
            Node::Text => s.text(&node),
            Node::Element(name) if entered => s.end(tag(name)),
            Node::Element(name) => {
                let t = tag(name);
                if t == Tag::Raw {
                    continue;
                }
                s.start(t, &node);
                stack.push((node.clone(), true));
                stack.extend(node.children.borrow().iter().rev().map(|n| (n.clone(), false)));
            }
            Node::Other => {}
        }
    }
    if let Some(cp) = s.cap {
        cp.emit(s.c);
    }
}

impl Scan<'_> {
    fn text(&mut self, node: &Handle) {
        if let Some(cp) = self.cap.as_mut().filter(|cp| cp.muted == 0) {
            let mut text = String::new();
            dom::push_text(node, &mut text);
            cp.sink.text(&text);
        }
    }

    fn start(&mut self, t: Tag, node: &Handle) {
        match self.cap.as_mut() {
            None => self.cap = open(t, node, &mut self.spare),
            Some(cp) if cp.ended_by(t) => {
                // An unclosed `<b>` or `<h3>` must not swallow the blocks after it.
                if let Some(cp) = self.cap.take() {
                    self.spare = cp.emit(self.c);
                }
                self.cap = open(t, node, &mut self.spare);
            }
            Some(cp) => cp.start(t),
        }
    }

    fn end(&mut self, t: Tag) {
        if self.cap.as_mut().is_some_and(|cp| cp.end(t))
            && let Some(cp) = self.cap.take()
        {
            self.spare = cp.emit(self.c);
        }
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
fn open(t: Tag, node: &Handle, spare: &mut String) -> Option<Capture> {
    let (kind, end) = match t {
        Tag::H(level) => (Kind::Heading, End::H(level)),
        Tag::Pre => (Kind::Pre, End::Pre),
        Tag::Bold => (Kind::Soft, End::Bold),
        Tag::Div if has_class(node, |k| k == "title" || k == "section-title") => (Kind::Heading, End::Div(0)),
        Tag::Div if has_class(node, |k| k == "example-block") => (Kind::Example, End::Div(0)),
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

    fn start(&mut self, t: Tag) {
        match t {
            Tag::Div => {
                if let End::Div(d) = &mut self.end {
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
