//! Pass 1: what each end tag becomes.

use super::{FrameKind, Prep, SpanKind};
use crate::convert::Failure;
use crate::convert::lexer::LName;
use crate::convert::markers::{M_BREAK, M_CODE_CLOSE, M_DEL_CLOSE, M_EM_CLOSE, M_SOFT_BREAK, M_STRONG_CLOSE};
use crate::convert::tags::{heading_level, is_block_tag, is_div_like};

impl Prep<'_> {
    pub(super) fn end_tag(&mut self, name: &str) -> Result<(), Failure> {
        let lname = LName::new(name);
        let n = lname.as_str();
        match n {
            "sup" => {
                let next = self.next_is_alnum();
                return self.close_kind(FrameKind::Sup, next);
            }
            "sub" => {
                let next = self.next_is_alnum();
                return self.close_kind(FrameKind::Sub, next);
            }
            "var" => return self.close_kind(FrameKind::Var, false),
            "span" => {
                match self.spans.pop() {
                    Some(SpanKind::Tex) => self.close_kind(FrameKind::TexSpan, false)?,
                    Some(SpanKind::Strong) if !self.in_pre() => self.out.push(M_STRONG_CLOSE),
                    Some(SpanKind::Em) if !self.in_pre() => self.out.push(M_EM_CLOSE),
                    Some(SpanKind::Code) if !self.in_pre() => self.out.push(M_CODE_CLOSE),
                    _ => {}
                }
                return Ok(());
            }
            "pre" | "listing" | "plaintext" => return self.close_kind(FrameKind::Pre, false),
            _ => {}
        }
        if self.in_pre() {
            if n == "br" {
                self.out.push('\n');
            } else if is_block_tag(n) {
                self.close_inline_frames()?;
                self.out.push(M_SOFT_BREAK);
            }
            return Ok(());
        }
        if n == "table" {
            return self.close_kind(FrameKind::Table, false);
        }
        if let Some(level) = heading_level(n) {
            self.block_boundary()?;
            self.out.push_str(&format!("</h{level}>"));
            return Ok(());
        }
        if is_div_like(n) {
            self.block_boundary()?;
            self.out.push_str("</div>");
            self.pop_depth(true);
            return Ok(());
        }
        match n {
            "br" => self.out.push_str("<br>"),
            "a" => {
                self.out.push_str("</a>");
                self.pop_depth(false);
            }
            "tr" | "td" | "th" | "thead" | "tbody" | "tfoot" | "caption" if self.in_table() => {
                self.close_inline_frames()?;
                self.out.push_str(&format!("</{n}>"));
            }
            "p" => {
                self.block_boundary()?;
                self.out.push_str("</p>");
            }
            "ul" | "ol" => {
                self.block_boundary()?;
                self.out.push_str(&format!("</{n}>"));
                self.pop_depth(false);
                self.list_depth = self.list_depth.saturating_sub(1);
                if self.list_depth == 0 && !self.in_table() {
                    self.out.push_str("<p>");
                    self.out.push(M_BREAK);
                    self.out.push_str("</p>");
                }
            }
            "li" | "dt" | "dd" => {
                self.block_boundary()?;
                self.out.push_str(&format!("</{n}>"));
            }
            "blockquote" | "dl" => {
                self.block_boundary()?;
                self.out.push_str(&format!("</{n}>"));
                self.pop_depth(false);
            }
            "b" | "strong" => self.out.push(M_STRONG_CLOSE),
            "i" | "em" | "cite" | "dfn" => self.out.push(M_EM_CLOSE),
            "code" | "kbd" | "samp" | "tt" => self.out.push(M_CODE_CLOSE),
            "s" | "del" | "strike" => self.out.push(M_DEL_CLOSE),
            _ => {}
        }
        Ok(())
    }
}
