//! The walk over the tree: one rule per kind of element, writing Markdown into an [`Md`].
//!
//! The rule of an element comes from its name ([`rule`]); elements dropped with their content
//! (scripts, hidden elements, copy buttons, rendered math beside its TeX) are decided first, by
//! attributes ([`dropped`]). Blocks set gaps, containers that prefix their lines (list items,
//! quotes, headings) render into an `Md` of their own, inline formatting opens and closes spans.

use html2text::Handle;

use super::element::{Rule, dropped, rule};
use super::writer::{Gap, Mark, Md};
use super::{MAX_DEPTH, TooDeep, codeforces, media, pre, table};
use crate::dom::{self, Node, Texts, attr, has_class, kind};

/// The walk's state: how deep it is, and what the enclosing elements make of their content.
pub(super) struct Walk<'t> {
    /// Where the text nodes' text goes as it is read (the sample reader reads it again).
    pub(super) texts: &'t Texts,
    depth: usize,
    /// Lists open around the current node.
    lists: usize,
    /// Inside a table cell being rendered as one pipe-table cell.
    in_cell: bool,
    /// A `div.problem-statement` was seen: Codeforces' header and section titles mean something.
    pub(super) codeforces: bool,
}

impl<'t> Walk<'t> {
    pub(super) fn new(texts: &'t Texts) -> Walk<'t> {
        Walk { texts, depth: 0, lists: 0, in_cell: false, codeforces: false }
    }

    /// Renders a document: the elements below the document node (a doctype is not text).
    pub(super) fn document(&mut self, doc: &Handle, md: &mut Md) -> Result<(), TooDeep> {
        for child in doc.children.borrow().iter().filter(|c| matches!(kind(c), Node::Element(_))) {
            self.node(child, md)?;
        }
        Ok(())
    }

    /// Renders the children of `node` into `md`.
    pub(super) fn children(&mut self, node: &Handle, md: &mut Md) -> Result<(), TooDeep> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(TooDeep);
        }
        for child in node.children.borrow().iter() {
            self.node(child, md)?;
        }
        self.depth -= 1;
        Ok(())
    }

    /// Renders `node` into `md`, by its rule.
    pub(super) fn node(&mut self, node: &Handle, md: &mut Md) -> Result<(), TooDeep> {
        let name = match kind(node) {
            Node::Element(name) => name,
            Node::Text => {
                self.texts.read(node, |text| md.text(text));
                return Ok(());
            }
            Node::Other => return Ok(()),
        };
        let rule = rule(name);
        if rule == Rule::Drop || dropped(node) {
            return Ok(());
        }
        match rule {
            Rule::Para | Rule::Item | Rule::Dl => self.block(node, md, Gap::Blank),
            Rule::Div => self.div(node, md),
            Rule::Heading(level) => self.heading(node, md, level),
            Rule::Link => self.link(node, md),
            Rule::Span => self.span(node, md),
            Rule::Table => self.table(node, md),
            Rule::List => self.list(node, md),
            Rule::Quote => self.prefixed(node, md, "> ", ">", Gap::Blank),
            Rule::Dt => {
                md.gap(Gap::Line);
                self.marked(node, md, Mark::Em)
            }
            Rule::Dd => self.prefixed(node, md, "  ", "", Gap::Line),
            Rule::Mark(mark) => self.marked(node, md, mark),
            Rule::Transparent | Rule::Drop => self.children(node, md),
            leaf => {
                self.leaf(node, leaf, md);
                Ok(())
            }
        }
    }

    /// The elements without content of their own to walk.
    fn leaf(&self, node: &Handle, rule: Rule, md: &mut Md) {
        match rule {
            Rule::Br => md.line_break(!self.in_cell),
            Rule::Hr => md.block("---"),
            Rule::Img => media::image(node, md),
            Rule::Pre => md.block(&pre::fenced(node, self.texts)),
            _ => media::inline_math(node, rule, md, self.texts),
        }
    }

    /// A block set off by `gap` before and after.
    fn block(&mut self, node: &Handle, md: &mut Md, gap: Gap) -> Result<(), TooDeep> {
        md.gap(gap);
        self.children(node, md)?;
        md.gap(gap);
        Ok(())
    }

    /// A `div`-like block; in Codeforces markup, its header and section titles are rewritten.
    fn div(&mut self, node: &Handle, md: &mut Md) -> Result<(), TooDeep> {
        if !self.codeforces && has_class(node, |c| c == "problem-statement") {
            self.codeforces = true;
        } else if self.codeforces && !self.in_cell && codeforces::rewrite(node, md) {
            return Ok(());
        }
        self.block(node, md, Gap::Line)
    }

    /// `<hN>`: one line (a `<br>` inside starts another line with the same prefix).
    fn heading(&mut self, node: &Handle, md: &mut Md, level: u8) -> Result<(), TooDeep> {
        let mut inner = Md::new();
        inner.hard_breaks = false;
        self.children(node, &mut inner)?;
        let prefix = format!("{} ", "#".repeat(usize::from(level)));
        let text: Vec<String> =
            inner.finish().split('\n').filter(|l| !l.trim().is_empty()).map(|l| format!("{prefix}{l}")).collect();
        md.gap(Gap::Blank);
        md.lines(&text.join("\n"));
        md.gap(Gap::Blank);
        Ok(())
    }

    fn link(&mut self, node: &Handle, md: &mut Md) -> Result<(), TooDeep> {
        let href = attr(node, "href").unwrap_or_default();
        let href = href.trim();
        if href.is_empty()
            || href.starts_with('#')
            || href.get(..11).is_some_and(|s| s.eq_ignore_ascii_case("javascript:"))
        {
            return self.children(node, md);
        }
        md.open(Mark::Link, &media::sanitize_url(href));
        self.children(node, md)?;
        md.close(Mark::Link);
        Ok(())
    }

    /// Codeforces spans: `tex-span` is math, `tex-font-style-*` bold, italic or monospace.
    fn span(&mut self, node: &Handle, md: &mut Md) -> Result<(), TooDeep> {
        let style = |s: &'static str| has_class(node, |c| c == s);
        if style("tex-span") {
            media::inline_math(node, Rule::Var, md, self.texts);
            return Ok(());
        }
        let mark =
            [("tex-font-style-bf", Mark::Strong), ("tex-font-style-it", Mark::Em), ("tex-font-style-tt", Mark::Code)]
                .into_iter()
                .find(|(class, _)| style(class));
        match mark {
            Some((_, mark)) => self.marked(node, md, mark),
            None => self.children(node, md),
        }
    }

    fn marked(&mut self, node: &Handle, md: &mut Md, mark: Mark) -> Result<(), TooDeep> {
        // `token<em><sub>i</sub></em>` is `token_i`: `token*_i*` is no script to the view.
        if matches!(mark, Mark::Em | Mark::Strong) && media::lone_script(node) {
            return self.children(node, md);
        }
        md.open(mark, "");
        self.children(node, md)?;
        md.close(mark);
        Ok(())
    }

    /// `<table>`: a pipe table, or its cells as lines when it is a layout table (`table::read`).
    fn table(&mut self, node: &Handle, md: &mut Md) -> Result<(), TooDeep> {
        let table = table::read(node);
        if let Some(caption) = &table.caption {
            md.gap(Gap::Blank);
            self.with_cell(|w| w.children(caption, md))?;
            md.gap(Gap::Blank);
        }
        if table.columns == 0 {
            return Ok(());
        }
        if table.layout {
            return self.with_cell(|w| {
                for row in &table.rows {
                    md.gap(Gap::Line);
                    for (cell, _) in row {
                        md.gap(Gap::Line);
                        w.children(cell, md)?;
                        md.gap(Gap::Line);
                    }
                    md.gap(Gap::Line);
                }
                Ok(())
            });
        }
        let mut texts = Vec::new();
        for (cell, _) in table.rows.iter().flatten() {
            let mut inner = Md::new();
            inner.hard_breaks = false;
            self.with_cell(|w| w.children(cell, &mut inner))?;
            texts.push(table::cell_markdown(&inner.finish()));
        }
        md.block(&table::pipe_table(&table.rows, texts, table.columns));
        Ok(())
    }

    /// Runs `f` with the walk inside a table cell.
    fn with_cell<T>(&mut self, f: impl FnOnce(&mut Walk<'t>) -> T) -> T {
        let was = std::mem::replace(&mut self.in_cell, true);
        let out = f(self);
        self.in_cell = was;
        out
    }

    /// `<ul>`/`<ol>`: an item per `<li>` (any child of a `<ul>`), numbered from `start`; a list
    /// that is not inside another (nor in a table cell) is set off by blank lines.
    fn list(&mut self, node: &Handle, md: &mut Md) -> Result<(), TooDeep> {
        let ordered = dom::name(node) == "ol";
        let items: Vec<Handle> =
            node.children.borrow().iter().filter(|c| !ordered || dom::name(c) == "li").cloned().collect();
        let start = attr(node, "start").and_then(|s| s.trim().parse::<i64>().ok()).unwrap_or(1);
        let outer = if self.lists == 0 && !self.in_cell { Gap::Blank } else { Gap::Line };
        let width = if ordered {
            let last = start.saturating_add(items.len().max(1) as i64 - 1);
            format!("{start}. ").len().max(format!("{last}. ").len())
        } else {
            2
        };
        md.gap(outer);
        self.lists += 1;
        let mut number = start;
        for item in &items {
            let bullet = if ordered { format!("{:<width$}", format!("{number}.")) } else { "- ".to_string() };
            let mut inner = Md::new();
            if matches!(kind(item), Node::Element(_)) && !dropped(item) {
                self.children(item, &mut inner)?;
            } else {
                self.node(item, &mut inner)?;
            }
            let text = inner.finish();
            if text.trim().is_empty() {
                continue;
            }
            md.gap(Gap::Line);
            md.lines(&prefix_lines(&text, &bullet, &" ".repeat(width), ""));
            md.gap(Gap::Line);
            number = number.saturating_add(1);
        }
        self.lists -= 1;
        md.gap(outer);
        Ok(())
    }

    /// A container whose lines are prefixed (`> ` for a quote, two spaces for `<dd>`).
    fn prefixed(&mut self, node: &Handle, md: &mut Md, prefix: &str, empty: &str, gap: Gap) -> Result<(), TooDeep> {
        let mut inner = Md::new();
        self.children(node, &mut inner)?;
        let text = inner.finish();
        if text.trim().is_empty() {
            return Ok(());
        }
        md.gap(gap);
        md.lines(&prefix_lines(&text, prefix, prefix, empty));
        md.gap(gap);
        Ok(())
    }
}

/// `text`'s lines, the first after `first`, the others after `rest`; an empty line becomes `empty`.
fn prefix_lines(text: &str, first: &str, rest: &str, empty: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for (k, line) in text.split('\n').enumerate() {
        if k > 0 {
            out.push('\n');
        }
        if line.is_empty() {
            out.push_str(empty);
        } else {
            out.push_str(if k == 0 { first } else { rest });
            out.push_str(line);
        }
    }
    out
}
