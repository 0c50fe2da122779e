//! Pass 1: what each end tag becomes, by its role in the tag table (`tags.rs`).

use super::{FrameKind, Prep, SpanKind};
use crate::old_convert::Failure;
use crate::old_convert::lexer::LName;
use crate::old_convert::markers::{M_CODE_CLOSE, M_EM_CLOSE, M_SOFT_BREAK, M_STRONG_CLOSE};
use crate::old_convert::tags::{Role, tag_of};

impl Prep<'_> {
    pub(super) fn end_tag(&mut self, name: &str) -> Result<(), Failure> {
        let lname = LName::new(name);
        let n = lname.as_str();
        let t = tag_of(&lname);
        // Frames close the same way inside `<pre>` and out.
        match t.role {
            Role::Sup | Role::Sub => {
                let kind = if t.role == Role::Sup { FrameKind::Sup } else { FrameKind::Sub };
                let next = self.next_is_alnum();
                return self.close_kind(kind, next);
            }
            Role::Var => return self.close_kind(FrameKind::Var, false),
            Role::Span => return self.end_span(),
            Role::Pre => return self.close_kind(FrameKind::Pre, false),
            _ => {}
        }
        if self.in_pre() {
            if t.role == Role::Br {
                self.out.push('\n');
            } else if t.is_block() {
                self.close_inline_frames()?;
                self.out.push(M_SOFT_BREAK);
            }
            return Ok(());
        }
        match t.role {
            Role::Table => return self.close_kind(FrameKind::Table, false),
            Role::Heading(level) => {
                self.block_boundary()?;
                self.out.push_str(&format!("</h{level}>"));
                self.in_heading = false;
            }
            Role::Div => {
                self.block_boundary()?;
                self.out.push_str("</div>");
                self.pop_depth(true);
            }
            Role::Br => self.line_break(),
            Role::Link => {
                self.out.push_str("</a>");
                self.pop_depth(false);
            }
            _ if t.is_table_part() && self.in_table() => {
                self.close_inline_frames()?;
                self.out.push_str(&format!("</{n}>"));
            }
            Role::Para => {
                self.block_boundary()?;
                self.out.push_str("</p>");
            }
            Role::List => self.end_list(n)?,
            Role::Item => {
                self.block_boundary()?;
                self.out.push_str(&format!("</{n}>"));
            }
            Role::Nest => {
                self.block_boundary()?;
                self.out.push_str(&format!("</{n}>"));
                self.pop_depth(false);
            }
            Role::Mark(mark) => self.out.push(mark.close()),
            _ => {}
        }
        Ok(())
    }

    /// `</span>` closes what its `<span>` opened (a math frame or a span sentinel).
    fn end_span(&mut self) -> Result<(), Failure> {
        match self.spans.pop() {
            Some(SpanKind::Tex) => self.close_kind(FrameKind::TexSpan, false)?,
            Some(SpanKind::Strong) if !self.in_pre() => self.out.push(M_STRONG_CLOSE),
            Some(SpanKind::Em) if !self.in_pre() => self.out.push(M_EM_CLOSE),
            Some(SpanKind::Code) if !self.in_pre() => self.out.push(M_CODE_CLOSE),
            _ => {}
        }
        Ok(())
    }

    fn end_list(&mut self, n: &str) -> Result<(), Failure> {
        self.block_boundary()?;
        self.out.push_str(&format!("</{n}>"));
        self.pop_depth(false);
        self.list_depth = self.list_depth.saturating_sub(1);
        if self.list_depth == 0 && !self.in_table() {
            self.push_break_paragraph();
        }
        Ok(())
    }
}
