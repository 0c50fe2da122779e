//! Pass 1: what each start tag becomes.

use super::pre::code_lang;
use super::{FrameKind, Prep, SpanKind};
use crate::convert::entities::decode_entities;
use crate::convert::lexer::{LName, attr, has_class, is_hidden, starts_with_ci};
use crate::convert::markers::{M_BREAK, M_CODE_OPEN, M_DEL_OPEN, M_EM_OPEN, M_SOFT_BREAK, M_STRONG_OPEN};
use crate::convert::tags::{heading_level, is_block_tag, is_div_like, is_void};
use crate::convert::text::escape_html_into;
use crate::convert::url::sanitize_url;
use crate::convert::{Failure, MAX_COLSPAN};

impl Prep<'_> {
    pub(super) fn start_tag(&mut self, name: &str, attrs: &str, self_closing: bool) -> Result<(), Failure> {
        let lname = LName::new(name);
        let n = lname.as_str();

        // Elements dropped together with their content.
        match n {
            "script" => {
                let ty = attr(attrs, "type").unwrap_or("");
                let body = self.lx.skip_raw("script");
                if starts_with_ci(ty, "math/tex") {
                    self.emit_math(&decode_entities(body), ty.contains("mode=display"));
                }
                return Ok(());
            }
            "style" | "title" | "textarea" | "xmp" | "iframe" | "noembed" | "noframes" | "noscript" => {
                if !self_closing {
                    self.lx.skip_raw(n);
                }
                return Ok(());
            }
            "template" | "svg" | "button" | "select" | "object" | "video" | "audio" | "canvas" | "datalist" | "map" => {
                if !self_closing {
                    self.skip_element(n);
                }
                return Ok(());
            }
            "math" => {
                if !self_closing {
                    let display = attr(attrs, "display").is_some_and(|d| d == "block");
                    self.math_element(display);
                }
                return Ok(());
            }
            _ => {}
        }
        if !attrs.is_empty()
            && (is_hidden(attrs)
                || has_class(attrs, |c| {
                    c.ends_with("copier") || c == "btn-copy" || c == "katex-html" || c.starts_with("MathJax")
                }))
        {
            if !self_closing && !is_void(n) && !n.is_empty() {
                self.skip_element(n);
            }
            return Ok(());
        }

        if self.in_pre() {
            return self.start_tag_in_pre(n, attrs);
        }

        if let Some(level) = heading_level(n) {
            self.block_boundary()?;
            self.out.push_str(&format!("<h{level}>"));
            return Ok(());
        }
        if is_div_like(n) {
            self.block_boundary()?;
            self.out.push_str("<div>");
            return self.push_depth(true);
        }
        match n {
            "br" => self.out.push_str("<br>"),
            "hr" => {
                self.block_boundary()?;
                self.out.push_str("<p>---</p>");
            }
            "img" => self.emit_img(attrs),
            "a" => {
                let href = decode_entities(attr(attrs, "href").unwrap_or(""));
                let href = href.trim();
                if href.is_empty() || href.starts_with('#') || starts_with_ci(href, "javascript:") {
                    self.out.push_str("<a>");
                } else {
                    self.out.push_str("<a href=\"");
                    escape_html_into(&sanitize_url(href), &mut self.out);
                    self.out.push_str("\">");
                }
                self.push_depth(false)?;
            }
            "sup" => {
                self.open_frame(FrameKind::Sup, String::new());
            }
            "sub" => {
                self.open_frame(FrameKind::Sub, String::new());
            }
            "var" => {
                self.open_frame(FrameKind::Var, String::new());
            }
            "span" => {
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
            "pre" | "listing" | "plaintext" => {
                self.block_boundary()?;
                let lang = code_lang(attrs);
                self.open_frame(FrameKind::Pre, lang);
            }
            "table" => {
                self.block_boundary()?;
                if !self.open_frame(FrameKind::Table, String::new()) {
                    // Too many nested frames: keep nesting visible to the depth limit.
                    self.out.push_str("<div>");
                    self.push_depth(true)?;
                }
            }
            "tr" | "td" | "th" | "thead" | "tbody" | "tfoot" | "caption" => {
                if self.in_table() {
                    self.close_inline_frames()?;
                    let span = attr(attrs, "colspan")
                        .and_then(|v| v.trim().parse::<usize>().ok())
                        .unwrap_or(1)
                        .clamp(1, MAX_COLSPAN);
                    if matches!(n, "td" | "th") && span > 1 {
                        self.out.push_str(&format!("<{n} colspan=\"{span}\">"));
                    } else {
                        self.out.push_str(&format!("<{n}>"));
                    }
                } else if n == "tr" {
                    self.out.push_str("<br>");
                } else if matches!(n, "td" | "th") {
                    self.out.push(' ');
                }
            }
            "p" => {
                self.block_boundary()?;
                self.out.push_str("<p>");
            }
            "ul" | "ol" => {
                self.block_boundary()?;
                if self.list_depth == 0 && !self.in_table() {
                    self.out.push_str("<p>");
                    self.out.push(M_BREAK);
                    self.out.push_str("</p>");
                }
                match attr(attrs, "start").and_then(|v| v.trim().parse::<i64>().ok()) {
                    Some(start) if n == "ol" && start != 1 => {
                        self.out.push_str(&format!("<ol start=\"{start}\">"));
                    }
                    _ => self.out.push_str(if n == "ol" { "<ol>" } else { "<ul>" }),
                }
                self.list_depth += 1;
                self.push_depth(false)?;
            }
            "li" | "dt" | "dd" => {
                self.block_boundary()?;
                self.out.push_str(&format!("<{n}>"));
            }
            "blockquote" | "dl" => {
                self.block_boundary()?;
                self.out.push_str(&format!("<{n}>"));
                self.push_depth(false)?;
            }
            "b" | "strong" => self.out.push(M_STRONG_OPEN),
            "i" | "em" | "cite" | "dfn" => self.out.push(M_EM_OPEN),
            "code" | "kbd" | "samp" | "tt" => self.out.push(M_CODE_OPEN),
            "s" | "del" | "strike" => self.out.push(M_DEL_OPEN),
            _ => {} // html, body, head, font, u, small, unknown…: tag dropped, content kept
        }
        Ok(())
    }

    fn start_tag_in_pre(&mut self, n: &str, attrs: &str) -> Result<(), Failure> {
        match n {
            "br" => self.out.push('\n'),
            "sup" => {
                self.open_frame(FrameKind::Sup, String::new());
            }
            "sub" => {
                self.open_frame(FrameKind::Sub, String::new());
            }
            "span" => self.spans.push(SpanKind::Plain),
            "code" => {
                if let Some(f) = self.frames.iter_mut().rev().find(|f| f.kind == FrameKind::Pre)
                    && f.lang.is_empty()
                {
                    f.lang = code_lang(attrs);
                }
            }
            "pre" | "listing" => {
                self.close_inline_frames()?;
                self.open_frame(FrameKind::Pre, String::new());
            }
            "td" | "th" => self.out.push(' '),
            _ if is_block_tag(n) => {
                self.close_inline_frames()?;
                self.out.push(M_SOFT_BREAK);
            }
            _ => {}
        }
        Ok(())
    }
}
