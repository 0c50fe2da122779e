//! The Markdown writer the rules write into: lines and the gaps between blocks, collapsed
//! whitespace, `<br>` as a hard break, and inline spans (`**`, `*`, `` ` ``, `~~`, links) whose
//! delimiters hug their text.
//!
//! Nothing is written eagerly: a gap (a new line or a blank line) is written before the next
//! content, a collapsed space too (never at the start of a line), and a span's opener just before
//! its first content, so whitespace ends up outside the delimiters and an empty span vanishes.

use super::inline::{collapses, fix_dollars_into, invisible, max_backtick_run};

/// The separation owed before the next content.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Gap {
    None,
    /// A line break (a `div`, a list item, a `<br>`).
    Line,
    /// A blank line (a paragraph, a heading, a block).
    Blank,
}

/// The inline spans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mark {
    Strong,
    Em,
    Code,
    Del,
    Link,
}

impl Mark {
    fn opener(self) -> &'static str {
        match self {
            Mark::Strong => "**",
            Mark::Em => "*",
            Mark::Code => "`",
            Mark::Del => "~~",
            Mark::Link => "[",
        }
    }
}

/// An open span: where its opener went (once written) and its content starts.
struct Span {
    mark: Mark,
    url: String,
    written: bool,
    open_pos: usize,
    content_start: usize,
}

/// The span closed last, while its closer still ends the output (an identical span opened right
/// after it continues it: `<b>a</b><b>b</b>` is `**ab**`).
struct Closed {
    mark: Mark,
    url: String,
    open_pos: usize,
    content_start: usize,
    closer_start: usize,
}

/// Markdown being written for one container (the document, a list item, a quote, a cell).
pub(super) struct Md {
    pub(super) out: String,
    gap: Gap,
    /// Collapsed whitespace owed before the next content on this line.
    space: bool,
    /// The current line holds content.
    line_content: bool,
    /// A `<br>` ended a line that had content: a `\` if the next content follows on the next line.
    hard: bool,
    /// Hard breaks are written (not in headings and table cells, which are one line each).
    pub(super) hard_breaks: bool,
    spans: Vec<Span>,
    /// Spans ignored because an open one makes them redundant (same kind, or inside code), per
    /// kind: their closers are ignored too.
    ignored: [u32; 5],
    last_closed: Option<Closed>,
    /// Set by a span marker, cleared by content: a non-breaking space right after a marker, at
    /// the start of a line or after a space, is dropped.
    after_marker: bool,
}

impl Md {
    pub(super) fn new() -> Md {
        Md {
            out: String::new(),
            gap: Gap::None,
            space: false,
            line_content: false,
            hard: false,
            hard_breaks: true,
            spans: Vec::new(),
            ignored: [0; 5],
            last_closed: None,
            after_marker: false,
        }
    }

    /// A block boundary owed: at least `gap` before the next content.
    pub(super) fn gap(&mut self, gap: Gap) {
        if gap == Gap::Blank {
            self.close_all();
        }
        self.gap = self.gap.max(gap);
        self.space = false;
        self.hard = false;
    }

    /// Text as HTML renders it outside `<pre>`: whitespace collapsed (not NBSP nor the fixed-width
    /// spaces of CJK and math text), zero-width spaces dropped, Codeforces' `$$$` made `$`.
    pub(super) fn text(&mut self, s: &str) {
        let mut buf = String::new();
        let s = if s.as_bytes().contains(&b'$') && s.contains("$$$") { fix_dollars_into(s, &mut buf) } else { s };
        let b = s.as_bytes();
        let mut run = 0;
        let mut i = 0;
        while i < b.len() {
            // Visible ASCII, most of any text, is passed over a byte at a time; so is a lone space
            // between two visible characters of a run, which writes itself as it is (after
            // content nothing is owed, and the space would be owed and written just so).
            let visible = |c: u8| c > b' ' && c < 0x80;
            if visible(b[i]) || (b[i] == b' ' && run < i && b.get(i + 1).is_some_and(|&c| visible(c))) {
                i += 1;
                continue;
            }
            let Some(c) = s[i..].chars().next() else { break };
            let at = i;
            i += c.len_utf8();
            if !(c.is_whitespace() || invisible(c)) {
                continue;
            }
            let i = at;
            if run < i {
                self.content(&s[run..i]);
            }
            run = at + c.len_utf8();
            match c {
                '\u{a0}' => self.nbsp(),
                c if invisible(c) => {}
                c if collapses(c) => self.space = self.line_content || self.space,
                c => self.content(c.encode_utf8(&mut [0; 4])),
            }
        }
        if run < s.len() {
            self.content(&s[run..]);
        }
    }

    /// A non-breaking space: a space that does not collapse, written outside a pending opener.
    fn nbsp(&mut self) {
        let pending = self.spans.last().is_some_and(|s| !s.written);
        let at_gap = self.gap != Gap::None && !self.out.is_empty();
        if (self.after_marker || pending) && (self.out.is_empty() || self.out.ends_with([' ', '\n']) || at_gap) {
            return;
        }
        self.start_content();
        self.out.push(' ');
        self.line_content = true;
        self.last_closed = None;
    }

    /// Visible content on the current line (already escaped or literal as the caller wants; a
    /// non-breaking space in it is the caller's to make a space).
    pub(super) fn content(&mut self, s: &str) {
        self.start_content();
        self.flush_openers();
        self.out.push_str(s);
        self.line_content = true;
        self.after_marker = false;
        self.last_closed = None;
    }

    /// Writes what is owed before content: the gap (with a `\` for a hard break), then a space.
    fn start_content(&mut self) {
        if self.gap != Gap::None {
            if !self.out.is_empty() {
                if self.gap == Gap::Line && self.hard && self.hard_breaks && !self.in_code() {
                    self.out.push('\\');
                }
                self.out.push_str(if self.gap == Gap::Blank { "\n\n" } else { "\n" });
                self.last_closed = None;
            }
            self.gap = Gap::None;
            self.hard = false;
            self.space = false;
        }
        if self.space {
            // A space owed right after a written NBSP collapses into it next to a span marker.
            let pending = self.spans.last().is_some_and(|s| !s.written);
            if !((self.after_marker || pending) && self.out.ends_with(' ')) {
                self.out.push(' ');
                self.last_closed = None;
            }
            self.space = false;
        }
    }

    /// `<br>`: ends the line; on a line with nothing yet, leaves an empty line. `hard`: a `\`
    /// when the paragraph goes on (not in a table cell, where each line becomes a `<br>`).
    pub(super) fn line_break(&mut self, hard: bool) {
        if self.line_content && self.gap == Gap::None {
            self.gap = Gap::Line;
            self.hard = hard;
        } else if self.gap == Gap::Line && !self.out.is_empty() {
            self.gap = Gap::Blank;
            self.hard = false;
        } else if self.gap == Gap::None && !self.out.is_empty() {
            self.gap = Gap::Line;
        }
        self.line_content = false;
        self.space = false;
    }

    /// A block of finished lines (a fenced block, a table, a list item's Markdown): on lines of
    /// its own, after the owed gap.
    pub(super) fn lines(&mut self, block: &str) {
        if block.is_empty() {
            return;
        }
        self.close_all();
        self.start_content();
        self.out.push_str(block);
        self.line_content = true;
        self.after_marker = false;
    }

    /// A block of its own, set off by blank lines (a fenced block, a table, a limits line).
    pub(super) fn block(&mut self, block: &str) {
        self.gap(Gap::Blank);
        self.lines(block);
        self.gap(Gap::Blank);
    }

    /// The last character written, when nothing (no gap, no space) is owed after it.
    pub(super) fn last_char(&self) -> Option<char> {
        if self.gap != Gap::None || self.space {
            return None;
        }
        self.out.chars().next_back()
    }

    fn in_code(&self) -> bool {
        self.spans.iter().any(|s| s.mark == Mark::Code)
    }

    /// Opens a span (its opener is written before its first content).
    pub(super) fn open(&mut self, mark: Mark, url: &str) {
        self.after_marker = true;
        if self.spans.iter().any(|s| s.mark == Mark::Code || s.mark == mark) {
            self.ignored[mark as usize] += 1;
            return;
        }
        self.spans.push(Span { mark, url: url.to_string(), written: false, open_pos: 0, content_start: 0 });
    }

    /// Closes the innermost span of `mark` (and any opened inside it).
    pub(super) fn close(&mut self, mark: Mark) {
        self.after_marker = true;
        if self.ignored[mark as usize] > 0 {
            self.ignored[mark as usize] -= 1;
            return;
        }
        let Some(idx) = self.spans.iter().rposition(|s| s.mark == mark) else { return };
        while self.spans.len() > idx {
            if let Some(span) = self.spans.pop() {
                self.close_span(span);
            }
        }
    }

    fn close_all(&mut self) {
        while let Some(span) = self.spans.pop() {
            self.close_span(span);
        }
        self.ignored = [0; 5];
    }

    fn close_span(&mut self, span: Span) {
        if !span.written {
            return;
        }
        // The closer goes before trailing spaces (a written NBSP).
        let content_end = self.out.trim_end_matches(' ').len().max(span.content_start);
        let (mut content_start, mut content_end) = (span.content_start, content_end);
        let closer = match span.mark {
            Mark::Code => {
                let (opener, closer) = code_delims(&self.out[content_start..content_end]);
                if opener != "`" {
                    let old = content_start - span.open_pos;
                    self.out.replace_range(span.open_pos..content_start, &opener);
                    content_start = span.open_pos + opener.len();
                    content_end = content_end + opener.len() - old;
                }
                closer
            }
            Mark::Link => format!("]({})", span.url),
            m => m.opener().to_string(),
        };
        self.out.insert_str(content_end, &closer);
        let at_end = content_end + closer.len() == self.out.len();
        self.last_closed = at_end.then_some(Closed {
            mark: span.mark,
            url: span.url,
            open_pos: span.open_pos,
            content_start,
            closer_start: content_end,
        });
    }

    /// Writes the openers of pending spans (continuing a just-closed identical span instead).
    fn flush_openers(&mut self) {
        let Some(first) = self.spans.iter().position(|s| !s.written) else { return };
        for i in first..self.spans.len() {
            let merge = self.last_closed.take().filter(|c| c.mark == self.spans[i].mark && c.url == self.spans[i].url);
            let span = &mut self.spans[i];
            if let Some(c) = merge {
                self.out.truncate(c.closer_start);
                span.open_pos = c.open_pos;
                span.content_start = c.content_start;
            } else {
                span.open_pos = self.out.len();
                self.out.push_str(span.mark.opener());
                span.content_start = self.out.len();
            }
            span.written = true;
        }
    }

    /// The Markdown written, spans closed.
    pub(super) fn finish(mut self) -> String {
        self.close_all();
        self.out
    }
}

/// A code span's delimiters: one backtick more than the longest run inside, padded with a space
/// when the code starts or ends with a backtick.
fn code_delims(code: &str) -> (String, String) {
    let run = max_backtick_run(code);
    if run == 0 {
        return ("`".into(), "`".into());
    }
    let delim = "`".repeat(run + 1);
    if code.starts_with('`') || code.ends_with('`') {
        (format!("{delim} "), format!(" {delim}"))
    } else {
        (delim.clone(), delim)
    }
}
