//! Pass 1: what each start tag becomes, by its role in the tag table (`tags.rs`).

use super::pre::code_lang;
use super::{FrameKind, Prep, SpanKind};
use crate::old_convert::entities::decode_entities;
use crate::old_convert::lexer::{LName, Tok, attr, has_class, is_hidden, starts_with_ci};
use crate::old_convert::markers::{M_CODE_OPEN, M_EM_OPEN, M_HARD_BREAK, M_SOFT_BREAK, M_STRONG_OPEN};
use crate::old_convert::tags::{Role, Tag, tag, tag_of};
use crate::old_convert::text::escape_html_into;
use crate::old_convert::url::sanitize_url;
use crate::old_convert::{Failure, MAX_COLSPAN};

impl Prep<'_> {
    pub(super) fn start_tag(&mut self, name: &str, attrs: &str, self_closing: bool) -> Result<(), Failure> {
        let lname = LName::new(name);
        let n = lname.as_str();
        let t = tag_of(&lname);
        if self.dropped(n, t, attrs, self_closing) {
            return Ok(());
        }
        if self.in_pre() {
            return self.start_tag_in_pre(n, t, attrs);
        }
        match t.role {
            Role::Heading(level) => {
                self.block_boundary()?;
                self.out.push_str(&format!("<h{level}>"));
                self.in_heading = true;
            }
            Role::Div => {
                self.block_boundary()?;
                if !attrs.is_empty() && self.codeforces_div(attrs) {
                    return Ok(());
                }
                self.out.push_str("<div>");
                self.push_depth(true)?;
            }
            Role::Br => self.line_break(),
            Role::Hr => {
                self.block_boundary()?;
                self.out.push_str("<p>---</p>");
            }
            Role::Img => self.emit_img(attrs),
            Role::Link => self.start_link(attrs)?,
            Role::Sup => _ = self.open_frame(FrameKind::Sup, String::new()),
            Role::Sub => _ = self.open_frame(FrameKind::Sub, String::new()),
            Role::Var => _ = self.open_frame(FrameKind::Var, String::new()),
            Role::Span => self.start_span(attrs),
            Role::Pre => {
                self.block_boundary()?;
                _ = self.open_frame(FrameKind::Pre, code_lang(attrs));
            }
            Role::Table => self.start_table()?,
            Role::Row | Role::Cell | Role::TableSection | Role::Caption => self.start_table_part(n, t, attrs)?,
            Role::Para => {
                self.block_boundary()?;
                self.out.push_str("<p>");
            }
            Role::List => self.start_list(n, attrs)?,
            Role::Item => {
                self.block_boundary()?;
                self.out.push_str(&format!("<{n}>"));
            }
            Role::Nest => {
                self.block_boundary()?;
                self.out.push_str(&format!("<{n}>"));
                self.push_depth(false)?;
            }
            Role::Mark(mark) => self.out.push(mark.open()),
            // html, body, head, font, u, small, unknown…: tag dropped, content kept.
            Role::Transparent | Role::Script | Role::RawText | Role::Skipped | Role::Math => {}
        }
        Ok(())
    }

    /// Elements dropped with their content (scripts, buttons, hidden elements, copy buttons,
    /// rendered math beside its TeX), and MathML, which is read whole here: true when the
    /// element was consumed.
    fn dropped(&mut self, n: &str, t: Tag, attrs: &str, self_closing: bool) -> bool {
        match t.role {
            Role::Script => {
                let ty = attr(attrs, "type").unwrap_or("");
                let body = self.lx.skip_raw("script");
                if starts_with_ci(ty, "math/tex") {
                    self.emit_math(&decode_entities(body), ty.contains("mode=display"));
                }
                return true;
            }
            Role::RawText => {
                if !self_closing {
                    self.lx.skip_raw(n);
                }
                return true;
            }
            Role::Skipped => {
                if !self_closing {
                    self.skip_element(n);
                }
                return true;
            }
            Role::Math => {
                if !self_closing {
                    let display = attr(attrs, "display").is_some_and(|d| d == "block");
                    self.math_element(display);
                }
                return true;
            }
            _ => {}
        }
        let hidden = !attrs.is_empty()
            && (is_hidden(attrs)
                || has_class(attrs, |c| {
                    c.ends_with("copier") || c == "btn-copy" || c == "katex-html" || c.starts_with("MathJax")
                }));
        if hidden && !self_closing && !t.is_void() && !n.is_empty() {
            self.skip_element(n);
        }
        hidden
    }

    /// `<br>` outside `<pre>`. In a paragraph that has text before it and goes on after it, it
    /// is marked as a hard break ([`M_HARD_BREAK`]); not in tables (a cell is one line, its
    /// breaks become `<br>`), headings (one line) or inline frames (their text is flattened).
    pub(super) fn line_break(&mut self) {
        let line_has_text = !self.after_block && !self.out.trim_end_matches([' ', '\t', '\n']).ends_with("<br>");
        if line_has_text && self.frames.is_empty() && !self.in_heading && self.inline_follows() {
            self.out.push(M_HARD_BREAK);
        }
        self.out.push_str("<br>");
    }

    /// Does the line go on: is the next thing (past blanks, comments and inline end tags, a few
    /// tokens ahead at most) text or an inline element?
    fn inline_follows(&self) -> bool {
        let mut lx = self.lx;
        for _ in 0..8 {
            match lx.next_tok() {
                Some((Tok::Text(t), _)) if !t.bytes().all(|b| b.is_ascii_whitespace()) => return true,
                Some((Tok::Text(_) | Tok::Other, _)) => {}
                Some((Tok::Start { name, .. }, _)) => return tag(name).continues_line(),
                Some((Tok::End { name }, _)) if tag(name).continues_line() => {}
                _ => return false,
            }
        }
        false
    }

    fn start_link(&mut self, attrs: &str) -> Result<(), Failure> {
        let href = decode_entities(attr(attrs, "href").unwrap_or(""));
        let href = href.trim();
        if href.is_empty() || href.starts_with('#') || starts_with_ci(href, "javascript:") {
            self.out.push_str("<a>");
        } else {
            self.out.push_str("<a href=\"");
            escape_html_into(&sanitize_url(href), &mut self.out);
            self.out.push_str("\">");
        }
        self.push_depth(false)
    }

    /// Codeforces spans: `tex-span` is math, `tex-font-style-*` bold, italic or monospace.
    fn start_span(&mut self, attrs: &str) {
        let kind = if has_class(attrs, |c| c == "tex-span") {
            if self.open_frame(FrameKind::TexSpan, String::new()) { SpanKind::Tex } else { SpanKind::Plain }
        } else if has_class(attrs, |c| c == "tex-font-style-bf") {
            self.out.push(M_STRONG_OPEN);
            SpanKind::Strong
        } else if has_class(attrs, |c| c == "tex-font-style-it") {
            self.out.push(M_EM_OPEN);
            SpanKind::Em
        } else if has_class(attrs, |c| c == "tex-font-style-tt") {
            self.out.push(M_CODE_OPEN);
            SpanKind::Code
        } else {
            SpanKind::Plain
        };
        self.spans.push(kind);
    }

    fn start_table(&mut self) -> Result<(), Failure> {
        self.block_boundary()?;
        if !self.open_frame(FrameKind::Table, String::new()) {
            // Too many nested frames: keep nesting visible to the depth limit.
            self.out.push_str("<div>");
            self.push_depth(true)?;
        }
        Ok(())
    }

    /// Rows, cells, sections and captions: kept inside a table; outside one, a row is a line
    /// break and a cell a space.
    fn start_table_part(&mut self, n: &str, t: Tag, attrs: &str) -> Result<(), Failure> {
        if self.in_table() {
            self.close_inline_frames()?;
            let span =
                attr(attrs, "colspan").and_then(|v| v.trim().parse::<usize>().ok()).unwrap_or(1).clamp(1, MAX_COLSPAN);
            if t.role == Role::Cell && span > 1 {
                self.out.push_str(&format!("<{n} colspan=\"{span}\">"));
            } else {
                self.out.push_str(&format!("<{n}>"));
            }
        } else if t.role == Role::Row {
            self.out.push_str("<br>");
        } else if t.role == Role::Cell {
            self.out.push(' ');
        }
        Ok(())
    }

    /// `<ul>`/`<ol>`: a top-level list is set off by blank lines (`M_BREAK` paragraphs).
    fn start_list(&mut self, n: &str, attrs: &str) -> Result<(), Failure> {
        self.block_boundary()?;
        if self.list_depth == 0 && !self.in_table() {
            self.push_break_paragraph();
        }
        match attr(attrs, "start").and_then(|v| v.trim().parse::<i64>().ok()) {
            Some(start) if n == "ol" && start != 1 => {
                self.out.push_str(&format!("<ol start=\"{start}\">"));
            }
            _ => self.out.push_str(if n == "ol" { "<ol>" } else { "<ul>" }),
        }
        self.list_depth += 1;
        self.push_depth(false)
    }

    /// Inside `<pre>` only text survives: line breaks, scripts, and the code language.
    fn start_tag_in_pre(&mut self, n: &str, t: Tag, attrs: &str) -> Result<(), Failure> {
        match t.role {
            Role::Br => self.out.push('\n'),
            Role::Sup => _ = self.open_frame(FrameKind::Sup, String::new()),
            Role::Sub => _ = self.open_frame(FrameKind::Sub, String::new()),
            Role::Span => self.spans.push(SpanKind::Plain),
            Role::Mark(_) if n == "code" => {
                if let Some(f) = self.frames.iter_mut().rev().find(|f| f.kind == FrameKind::Pre)
                    && f.lang.is_empty()
                {
                    f.lang = code_lang(attrs);
                }
            }
            Role::Pre => {
                self.close_inline_frames()?;
                _ = self.open_frame(FrameKind::Pre, String::new());
            }
            Role::Cell => self.out.push(' '),
            _ if t.is_block() => {
                self.close_inline_frames()?;
                self.out.push(M_SOFT_BREAK);
            }
            _ => {}
        }
        Ok(())
    }
}
