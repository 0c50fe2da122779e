//! Pass 3a: inline-span sentinels become Markdown delimiters (`**`, `*`, `` ` ``, `~~`, links),
//! whitespace moved outside them.

use super::markers::{
    M_BLOCK, M_BREAK, M_CODE_CLOSE, M_CODE_OPEN, M_DEL_CLOSE, M_DEL_OPEN, M_EM_CLOSE, M_EM_OPEN, M_HARD_BREAK,
    M_LINK_CLOSE, M_LINK_OPEN, M_LINK_URL_END, M_STRONG_CLOSE, M_STRONG_OPEN, is_sentinel, kept_space,
};
use super::text::max_backtick_run;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mk {
    Strong,
    Em,
    Code,
    Del,
    Link,
}

impl Mk {
    fn index(self) -> usize {
        self as usize
    }
    fn opener(self) -> &'static str {
        match self {
            Mk::Strong => "**",
            Mk::Em => "*",
            Mk::Code => "`",
            Mk::Del => "~~",
            Mk::Link => "[",
        }
    }
}

struct OpenSpan {
    kind: Mk,
    url: String,
    written: bool,
    open_pos: usize,
    content_start: usize,
}

struct Closed {
    kind: Mk,
    url: String,
    open_pos: usize,
    content_start: usize,
    closer_start: usize,
    closer_end: usize,
}

/// Turns sentinels into Markdown delimiters. Openers are written lazily (just before the first
/// non-blank content) and closers are inserted before trailing whitespace, so whitespace ends
/// up outside the delimiters and empty spans vanish. A blank line (paragraph end) or a block
/// placeholder closes everything still open.
struct SpanWriter {
    out: String,
    stack: Vec<OpenSpan>,
    ignored: [usize; 5],
    last_closed: Option<Closed>,
    line_has_content: bool,
    after_marker: bool,
}

impl SpanWriter {
    fn open(&mut self, kind: Mk, url: &str) {
        self.after_marker = true;
        // Inside code everything else is literal; a span nested in the same kind is redundant.
        if self.stack.iter().any(|s| s.kind == Mk::Code || s.kind == kind) {
            self.ignored[kind.index()] += 1;
            return;
        }
        self.stack.push(OpenSpan { kind, url: url.to_string(), written: false, open_pos: 0, content_start: 0 });
    }

    fn close(&mut self, kind: Mk) {
        self.after_marker = true;
        if self.ignored[kind.index()] > 0 {
            self.ignored[kind.index()] -= 1;
            return;
        }
        let Some(idx) = self.stack.iter().rposition(|s| s.kind == kind) else {
            return;
        };
        while self.stack.len() > idx {
            if let Some(span) = self.stack.pop() {
                self.close_span(span);
            }
        }
    }

    fn close_all(&mut self) {
        while let Some(span) = self.stack.pop() {
            self.close_span(span);
        }
        self.ignored = [0; 5];
    }

    fn close_span(&mut self, span: OpenSpan) {
        if !span.written {
            return;
        }
        let out = &mut self.out;
        // Closers go before trailing whitespace and a hard break (which must end its line).
        let mut content_end = out.trim_end_matches([' ', '\n', '\t', M_HARD_BREAK]).len().max(span.content_start);
        let mut content_start = span.content_start;
        let closer = match span.kind {
            Mk::Code => {
                let run = max_backtick_run(&out[content_start..content_end]);
                if run > 0 {
                    let content = &out[content_start..content_end];
                    let pad = content.starts_with('`') || content.ends_with('`');
                    let delim = "`".repeat(run + 1);
                    let opener = if pad { format!("{delim} ") } else { delim.clone() };
                    let old_len = content_start - span.open_pos;
                    out.replace_range(span.open_pos..content_start, &opener);
                    content_start = span.open_pos + opener.len();
                    content_end = content_end + opener.len() - old_len;
                    if pad { format!(" {delim}") } else { delim }
                } else {
                    "`".to_string()
                }
            }
            Mk::Link => format!("]({})", span.url),
            k => k.opener().to_string(),
        };
        out.insert_str(content_end, &closer);
        let closer_end = content_end + closer.len();
        self.last_closed = (closer_end == out.len()).then_some(Closed {
            kind: span.kind,
            url: span.url,
            open_pos: span.open_pos,
            content_start,
            closer_start: content_end,
            closer_end,
        });
    }

    /// Write the openers of pending spans (re-opening a just-closed identical span instead).
    fn flush_pending(&mut self) {
        let Some(first) = self.stack.iter().position(|s| !s.written) else {
            return;
        };
        for i in first..self.stack.len() {
            let kind = self.stack[i].kind;
            let merge = self
                .last_closed
                .take()
                .filter(|c| c.kind == kind && c.url == self.stack[i].url && c.closer_end == self.out.len());
            let span = &mut self.stack[i];
            if let Some(c) = merge {
                self.out.truncate(c.closer_start);
                span.open_pos = c.open_pos;
                span.content_start = c.content_start;
            } else {
                span.open_pos = self.out.len();
                self.out.push_str(kind.opener());
                span.content_start = self.out.len();
            }
            span.written = true;
        }
    }

    fn write_content(&mut self, s: &str) {
        self.flush_pending();
        self.out.push_str(s);
        self.line_has_content = true;
        self.after_marker = false;
        self.last_closed = None;
    }

    fn write_space(&mut self) {
        let pending = self.stack.last().is_some_and(|s| !s.written);
        if (self.after_marker || pending)
            && (self.out.is_empty() || self.out.ends_with(' ') || self.out.ends_with('\n'))
        {
            return;
        }
        self.out.push(' ');
    }

    fn newline(&mut self) {
        if !self.line_has_content {
            self.close_all();
        }
        self.out.push('\n');
        self.line_has_content = false;
        self.after_marker = false;
    }

    /// A hard break is kept for `tidy` (which decides whether the paragraph goes on), except
    /// inside code, where a backslash would be literal. It writes no pending opener: a span
    /// opened before it starts on the next line.
    fn hard_break(&mut self) {
        if !self.stack.iter().any(|s| s.kind == Mk::Code) {
            self.out.push(M_HARD_BREAK);
        }
    }

    /// Copy a placeholder / break marker verbatim; it ends every open span.
    fn write_boundary(&mut self, s: &str) {
        self.close_all();
        self.out.push_str(s);
        self.line_has_content = true;
        self.last_closed = None;
    }
}

pub(super) fn write_spans(raw: &str) -> String {
    let mut r = SpanWriter {
        out: String::with_capacity(raw.len()),
        stack: Vec::new(),
        ignored: [0; 5],
        last_closed: None,
        line_has_content: false,
        after_marker: false,
    };
    let b = raw.as_bytes();
    let mut i = 0;
    while i < b.len() {
        // Runs of bytes that cannot start a space, NBSP, ZWSP or sentinel are copied at once.
        let run =
            b[i..].iter().position(|&x| matches!(x, b'\n' | b' ' | b'\t' | 0xC2 | 0xE2 | 0xEF)).unwrap_or(b.len() - i);
        if run > 0 {
            r.write_content(&raw[i..i + run]);
            i += run;
            continue;
        }
        let Some(c) = raw[i..].chars().next() else {
            break;
        };
        i += c.len_utf8();
        match c {
            '\n' => r.newline(),
            ' ' | '\t' | '\u{a0}' => r.write_space(),
            '\u{200b}' | '\u{feff}' => {}
            M_STRONG_OPEN => r.open(Mk::Strong, ""),
            M_STRONG_CLOSE => r.close(Mk::Strong),
            M_EM_OPEN => r.open(Mk::Em, ""),
            M_EM_CLOSE => r.close(Mk::Em),
            M_CODE_OPEN => r.open(Mk::Code, ""),
            M_CODE_CLOSE => r.close(Mk::Code),
            M_DEL_OPEN => r.open(Mk::Del, ""),
            M_DEL_CLOSE => r.close(Mk::Del),
            M_LINK_OPEN => {
                let end = raw[i..].find(M_LINK_URL_END).map_or(raw.len(), |k| i + k);
                let url = &raw[i..end];
                i = (end + M_LINK_URL_END.len_utf8()).min(raw.len());
                r.open(Mk::Link, url);
            }
            M_LINK_CLOSE => r.close(Mk::Link),
            M_BLOCK => {
                let end = raw[i..].find(M_BLOCK).map_or(raw.len(), |k| i + k);
                let ph = format!("{M_BLOCK}{}{M_BLOCK}", &raw[i..end]);
                i = (end + M_BLOCK.len_utf8()).min(raw.len());
                r.write_boundary(&ph);
            }
            M_BREAK => r.write_boundary(&M_BREAK.to_string()),
            M_HARD_BREAK => r.hard_break(),
            c if is_sentinel(c) => {
                if let Some(space) = kept_space(c) {
                    r.write_content(space.encode_utf8(&mut [0u8; 4]));
                }
            }
            c => r.write_content(c.encode_utf8(&mut [0u8; 4])),
        }
    }
    r.close_all();
    r.out
}
