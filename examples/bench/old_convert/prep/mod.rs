//! Pass 1: raw HTML → canonical HTML for html2text, plus blocks converted here (fenced code,
//! pipe tables) and the text stash. One linear walk over the tokens.

mod codeforces;
mod end;
mod media;
mod pre;
mod skip;
mod start;
mod table;

#[cfg(test)]
pub(super) use table::text_cell;

use super::lexer::{Lexer, Tok};
use super::markers::{M_BLOCK, M_BREAK, M_SOFT_BREAK, M_TEXT};
use super::stash::Stash;
use super::tags::tag;
use super::text::{collapse_text, escape_html_into, format_script, fragment_text, push_scrubbed};
use super::{CHUNK_HARD_LIMIT, CHUNK_TARGET, Failure, MAX_DEPTH, MAX_FRAMES};
use pre::{fence_block, pre_text};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FrameKind {
    Sup,
    Sub,
    Var,
    TexSpan,
    Pre,
    Table,
}

impl FrameKind {
    fn is_inline(self) -> bool {
        matches!(self, FrameKind::Sup | FrameKind::Sub | FrameKind::Var | FrameKind::TexSpan)
    }
}

/// An element whose content is collected in `out[start..]` and converted when it closes.
struct Frame {
    kind: FrameKind,
    start: usize,
    depth: usize,
    nondiv: usize,
    list_depth: usize,
    lang: String,
}

/// What an open `<span>` was turned into (so that its `</span>` can be mapped).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SpanKind {
    Plain,
    Tex,
    Strong,
    Em,
    Code,
}

pub(super) struct Prepared {
    pub(super) html: String,
    pub(super) splits: Vec<usize>,
    pub(super) blocks: Vec<String>,
    pub(super) stash: Stash,
}

pub(super) struct Prep<'a> {
    lx: Lexer<'a>,
    out: String,
    blocks: Vec<String>,
    frames: Vec<Frame>,
    spans: Vec<SpanKind>,
    /// Open nesting elements emitted for html2text (divs included).
    depth: usize,
    /// Open nesting elements other than divs (lists, quotes, links).
    nondiv: usize,
    list_depth: usize,
    pre_depth: usize,
    splits: Vec<usize>,
    last_split: usize,
    /// The last thing emitted is a block-level tag (whitespace after it can be dropped).
    after_block: bool,
    /// Inside `<h1>`…`<h6>`: a heading is one line, so a `<br>` there is no hard break.
    in_heading: bool,
    /// The statement is Codeforces markup (a `div.problem-statement` was seen).
    codeforces: bool,
    stash: Stash,
    /// Bytes of input text held in the stash rather than in `out`: chunks are cut by the length
    /// `out` would have without the stash.
    stashed: isize,
    /// The last character of the input text behind a stash reference that ends `out`.
    stash_tail: Option<char>,
}

impl<'a> Prep<'a> {
    pub(super) fn new(src: &'a str) -> Self {
        Prep {
            lx: Lexer::new(src),
            out: String::with_capacity(src.len().min(1 << 20)),
            blocks: Vec::new(),
            frames: Vec::new(),
            spans: Vec::new(),
            depth: 0,
            nondiv: 0,
            list_depth: 0,
            pre_depth: 0,
            splits: Vec::new(),
            last_split: 0,
            after_block: true,
            in_heading: false,
            codeforces: false,
            stash: Stash::default(),
            stashed: 0,
            stash_tail: None,
        }
    }

    /// Length of `out` as if no text had been stashed.
    fn virtual_len(&self) -> usize {
        self.out.len().saturating_add_signed(self.stashed)
    }

    /// Input text outside any frame. html2text walks text character by character (and it is
    /// most of its time), yet all it does with the text of a paragraph, heading, list item or
    /// link is collapse its whitespace and decode its entities. So a run it would render
    /// verbatim is decoded and collapsed here, the way html2text does it, kept in the stash and
    /// replaced by a short reference (`M_TEXT index M_TEXT`, with a space on either side where
    /// the run had whitespace); [`Stash::restore`] puts it back into html2text's output. Runs
    /// whose rendering is not certain (unusual references, control characters, `<`) are left to
    /// html2text. `stash_is_invisible` (tests) checks the output is the same with and without.
    fn text(&mut self, t: &str) {
        #[cfg(test)]
        let enabled = !crate::old_convert::NO_STASH.with(|f| f.get());
        #[cfg(not(test))]
        let enabled = true;
        if enabled && self.frames.is_empty() && self.pre_depth == 0 {
            let start = self.stash.text.len();
            if let Some((lead, trail)) = collapse_text(t, &mut self.stash.text, false) {
                self.stash.ends.push(self.stash.text.len());
                let before = self.out.len();
                if lead {
                    self.out.push(' ');
                }
                self.out.push(M_TEXT);
                self.out.push_str(&(self.stash.ends.len() - 1).to_string());
                self.out.push(M_TEXT);
                if trail {
                    self.out.push(' ');
                }
                // A stashed run holds no sentinel (collapse_text refuses them): `t` is what
                // push_scrubbed would have written.
                self.stashed += t.len() as isize - (self.out.len() - before) as isize;
                self.stash_tail = if trail { None } else { t.chars().next_back() };
                return;
            }
            self.stash.text.truncate(start);
        }
        push_scrubbed(&mut self.out, t);
    }

    /// The last character of `out`, or of the input text it stands for.
    fn last_char(&self) -> Option<char> {
        match self.out.chars().next_back() {
            Some(M_TEXT) => self.stash_tail,
            c => c,
        }
    }

    pub(super) fn run(mut self) -> Result<Prepared, Failure> {
        while let Some((tok, _)) = self.lx.next_tok() {
            if self.frames.is_empty() && self.virtual_len() - self.last_split >= CHUNK_HARD_LIMIT {
                self.splits.push(self.out.len());
                self.last_split = self.virtual_len();
            }
            let before = self.out.len();
            match tok {
                // Whitespace right after a block tag is insignificant: dropping it saves
                // html2text a node per gap between blocks.
                Tok::Text(t) if self.after_block && t.bytes().all(|b| b.is_ascii_whitespace()) => {}
                Tok::Text(t) => self.text(t),
                Tok::Start { name, attrs, self_closing } => self.start_tag(name, attrs, self_closing)?,
                Tok::End { name } => self.end_tag(name)?,
                Tok::Other => {}
            }
            self.after_block = match tok {
                // Text writes no `<` (it is escaped), so text never ends `out` with a tag: only
                // text that wrote nothing leaves the answer as it was. Saves a lookup per token.
                Tok::Text(_) | Tok::Other => self.after_block && self.out.len() == before,
                _ => self.pre_depth == 0 && ends_with_block_tag(&self.out),
            };
        }
        while !self.frames.is_empty() {
            self.close_top(false)?;
        }
        Ok(Prepared { html: self.out, splits: self.splits, blocks: self.blocks, stash: self.stash })
    }

    fn in_pre(&self) -> bool {
        self.pre_depth > 0
    }

    fn in_table(&self) -> bool {
        self.frames.iter().rev().find(|f| !f.kind.is_inline()).is_some_and(|f| f.kind == FrameKind::Table)
    }

    fn push_depth(&mut self, div: bool) -> Result<(), Failure> {
        self.depth += 1;
        if !div {
            self.nondiv += 1;
        }
        if self.depth > MAX_DEPTH {
            return Err(Failure::TooDeep);
        }
        Ok(())
    }

    fn pop_depth(&mut self, div: bool) {
        self.depth = self.depth.saturating_sub(1);
        if !div {
            self.nondiv = self.nondiv.saturating_sub(1);
        }
    }

    /// Close open inline frames (`<sup>`, `<var>`…) above the innermost `<pre>`/`<table>`.
    fn close_inline_frames(&mut self) -> Result<(), Failure> {
        while self.frames.last().is_some_and(|f| f.kind.is_inline()) {
            self.close_top(false)?;
        }
        Ok(())
    }

    /// A block boundary: closes inline frames and records a chunk split point at top level.
    fn block_boundary(&mut self) -> Result<(), Failure> {
        self.close_inline_frames()?;
        if self.frames.is_empty() && self.nondiv == 0 && self.virtual_len() - self.last_split >= CHUNK_TARGET {
            self.splits.push(self.out.len());
            self.last_split = self.virtual_len();
        }
        Ok(())
    }

    fn open_frame(&mut self, kind: FrameKind, lang: String) -> bool {
        if self.frames.len() >= MAX_FRAMES {
            return false;
        }
        if kind == FrameKind::Pre {
            self.pre_depth += 1;
        }
        self.frames.push(Frame {
            kind,
            start: self.out.len(),
            depth: self.depth,
            nondiv: self.nondiv,
            list_depth: self.list_depth,
            lang,
        });
        true
    }

    /// Close the innermost frame of `kind` (and any frame opened inside it).
    fn close_kind(&mut self, kind: FrameKind, next_alnum: bool) -> Result<(), Failure> {
        if let Some(idx) = self.frames.iter().rposition(|f| f.kind == kind) {
            while self.frames.len() > idx + 1 {
                self.close_top(false)?;
            }
            self.close_top(next_alnum)?;
        }
        Ok(())
    }

    /// Is the input right after the current position a letter or digit?
    fn next_is_alnum(&self) -> bool {
        self.lx.src[self.lx.pos..].chars().next().is_some_and(char::is_alphanumeric)
    }

    fn close_top(&mut self, next_alnum: bool) -> Result<(), Failure> {
        let Some(f) = self.frames.pop() else {
            return Ok(());
        };
        let inner = self.out.split_off(f.start);
        self.depth = f.depth;
        self.nondiv = f.nondiv;
        self.list_depth = f.list_depth;
        match f.kind {
            FrameKind::Sup | FrameKind::Sub => {
                let text = fragment_text(&inner);
                if text.is_empty() {
                    return Ok(());
                }
                let after_digit = self.last_char().is_some_and(|c| c.is_ascii_digit());
                if f.kind == FrameKind::Sup && after_digit && matches!(text.as_str(), "st" | "nd" | "rd" | "th") {
                    escape_html_into(&text, &mut self.out);
                } else {
                    let mark = if f.kind == FrameKind::Sup { '^' } else { '_' };
                    escape_html_into(&format_script(mark, &text, next_alnum), &mut self.out);
                }
            }
            FrameKind::Var | FrameKind::TexSpan => {
                let text = fragment_text(&inner);
                self.emit_math(&text, false);
            }
            FrameKind::Pre => {
                self.pre_depth = self.pre_depth.saturating_sub(1);
                let body = pre_text(&inner);
                if self.in_pre() {
                    // A <pre> inside a <pre> (rare): keep the text.
                    escape_html_into(&body, &mut self.out);
                    self.out.push(M_SOFT_BREAK);
                } else {
                    self.emit_block(fence_block(&body, &f.lang));
                }
            }
            FrameKind::Table => self.finish_table(&inner)?,
        }
        Ok(())
    }

    /// A paragraph that only keeps a blank line there (around top-level lists).
    fn push_break_paragraph(&mut self) {
        self.out.push_str("<p>");
        self.out.push(M_BREAK);
        self.out.push_str("</p>");
    }

    /// Store a converted block and emit its placeholder paragraph.
    fn emit_block(&mut self, block: String) {
        let idx = self.blocks.len();
        self.blocks.push(block);
        self.out.push_str("<p>");
        self.out.push(M_BLOCK);
        self.out.push_str(&idx.to_string());
        self.out.push(M_BLOCK);
        self.out.push_str("</p>");
    }
}

/// Does canonical HTML end with a block-level tag (`<p>`, `</div>`, `</li>`, …)?
fn ends_with_block_tag(out: &str) -> bool {
    if !out.ends_with('>') {
        return out.is_empty();
    }
    let Some(lt) = out.rfind('<') else {
        return false;
    };
    let inner = out[lt + 1..out.len() - 1].trim_start_matches('/');
    let name = &inner[..inner.find(' ').unwrap_or(inner.len())];
    let t = tag(name);
    t.is_block() || t.is_table_part()
}
