//! Pass 1: a collected `<table>` becomes a pipe table, or is flattened when it is a layout table.

use super::Prep;
use crate::old_convert::lexer::{LName, Lexer, Tok, attr};
use crate::old_convert::markers::{M_BLOCK, M_BREAK, M_CELL};
use crate::old_convert::render::render_html;
use crate::old_convert::spans::write_spans;
use crate::old_convert::tags::{Role, tag_of};
use crate::old_convert::text::collapse_text;
use crate::old_convert::tidy::fix_dollars;
use crate::old_convert::{CHUNK_TARGET, Failure, MAX_COLSPAN, MAX_COLUMNS};

/// One collected table cell: its canonical HTML and colspan.
struct TableCell {
    html: String,
    colspan: usize,
}

/// A collected table: its rows of cells and its caption (canonical HTML).
struct Collected {
    rows: Vec<Vec<TableCell>>,
    caption: String,
}

impl Prep<'_> {
    /// Convert a collected table (canonical HTML) into a pipe-table block, or flatten it into
    /// plain blocks when it is a layout table (one column, nested `<pre>`/tables, too wide).
    pub(super) fn finish_table(&mut self, inner: &str) -> Result<(), Failure> {
        let Collected { mut rows, caption } = collect(inner);
        rows.retain(|r| !r.is_empty());
        let ncols = rows.iter().map(|r| r.iter().map(|c| c.colspan).sum::<usize>()).max().unwrap_or(0);
        if !caption.trim().is_empty() {
            self.out.push_str("<p>");
            self.out.push_str(&caption);
            self.out.push_str("</p>");
        }
        if ncols == 0 {
            return Ok(());
        }
        let complex = ncols == 1 || ncols > MAX_COLUMNS || rows.iter().flatten().any(|c| c.html.contains(M_BLOCK));
        if complex {
            for row in &rows {
                self.out.push_str("<div>");
                for cell in row {
                    self.out.push_str("<div>");
                    self.out.push_str(&cell.html);
                    self.out.push_str("</div>");
                }
                self.out.push_str("</div>");
            }
            return Ok(());
        }
        let texts = cell_texts(&rows.iter().flatten().collect::<Vec<_>>())?;
        self.emit_block(pipe_table(&rows, texts, ncols));
        Ok(())
    }
}

/// Splits a table's canonical HTML into rows of cells and a caption.
fn collect(inner: &str) -> Collected {
    let mut t = Collected { rows: Vec::new(), caption: String::new() };
    let mut in_cell = false;
    let mut in_caption = false;
    let mut lx = Lexer::new(inner);
    while let Some((tok, start)) = lx.next_tok() {
        let raw = &inner[start..lx.pos];
        let role = match tok {
            Tok::Start { name, .. } | Tok::End { name } => tag_of(&LName::new(name)).role,
            _ => Role::Transparent,
        };
        match (tok, role) {
            (Tok::Start { .. }, Role::Row) => {
                t.rows.push(Vec::new());
                (in_cell, in_caption) = (false, false);
            }
            (Tok::Start { attrs, .. }, Role::Cell) => {
                if t.rows.is_empty() {
                    t.rows.push(Vec::new());
                }
                let colspan =
                    attr(attrs, "colspan").and_then(|v| v.parse().ok()).unwrap_or(1usize).clamp(1, MAX_COLSPAN);
                if let Some(row) = t.rows.last_mut() {
                    row.push(TableCell { html: String::new(), colspan });
                }
                (in_cell, in_caption) = (true, false);
            }
            (Tok::Start { .. }, Role::TableSection) => (in_cell, in_caption) = (false, false),
            (Tok::Start { .. }, Role::Caption) => (in_cell, in_caption) = (false, true),
            (Tok::End { .. }, Role::Row | Role::Cell | Role::TableSection) => in_cell = false,
            (Tok::End { .. }, Role::Caption) => in_caption = false,
            _ => push_table_raw(&mut t.rows, &mut t.caption, in_cell, in_caption, raw),
        }
    }
    t
}

/// The Markdown of every cell. A table of text-only cells is rendered here (as html2text
/// would). Otherwise html2text renders every cell, in batches, separated by `M_CELL`
/// paragraphs (a cell's unclosed element can reach into the next one's, so the batches must
/// stay as they are).
fn cell_texts(cells: &[&TableCell]) -> Result<Vec<String>, Failure> {
    if let Some(texts) = cells.iter().map(|c| text_cell(&c.html)).collect::<Option<Vec<String>>>() {
        return Ok(texts);
    }
    let mut texts: Vec<String> = Vec::with_capacity(cells.len());
    let mut batch = String::new();
    let mut in_batch = 0usize;
    for (k, cell) in cells.iter().enumerate() {
        batch.push_str("<div>");
        batch.push(M_CELL);
        batch.push_str("</div>");
        batch.push_str(&cell.html);
        in_batch += 1;
        if batch.len() >= CHUNK_TARGET || k + 1 == cells.len() {
            let raw = render_html(&batch)?;
            let mut pieces = raw.split(M_CELL);
            pieces.next(); // whatever precedes the first separator
            let mut got = 0;
            for piece in pieces.take(in_batch) {
                texts.push(cell_markdown(piece));
                got += 1;
            }
            texts.extend((got..in_batch).map(|_| String::new()));
            batch.clear();
            in_batch = 0;
        }
    }
    Ok(texts)
}

/// The pipe table: the first row is the header, short rows are padded to `ncols`.
fn pipe_table(rows: &[Vec<TableCell>], texts: Vec<String>, ncols: usize) -> String {
    let mut table = String::new();
    let mut it = texts.into_iter();
    for (r, row) in rows.iter().enumerate() {
        table.push('|');
        let mut used = 0;
        for cell in row {
            let text = it.next().unwrap_or_default();
            table.push(' ');
            table.push_str(&text);
            table.push_str(" |");
            for _ in 1..cell.colspan {
                table.push_str("  |");
            }
            used += cell.colspan;
        }
        for _ in used..ncols {
            table.push_str("  |");
        }
        table.push('\n');
        if r == 0 {
            table.push('|');
            for _ in 0..ncols {
                table.push_str("---|");
            }
            table.push('\n');
        }
    }
    table.pop();
    table
}

fn push_table_raw(rows: &mut [Vec<TableCell>], caption: &mut String, in_cell: bool, in_caption: bool, raw: &str) {
    if in_caption {
        caption.push_str(raw);
    } else if in_cell && let Some(cell) = rows.last_mut().and_then(|r| r.last_mut()) {
        cell.html.push_str(raw);
    }
}

/// The Markdown of a table cell holding text alone (no tags), without html2text; `None` when
/// html2text must render it. `stash_is_invisible` (tests) checks both give the same.
pub(in crate::old_convert) fn text_cell(html: &str) -> Option<String> {
    #[cfg(test)]
    if crate::old_convert::NO_STASH.with(|f| f.get()) {
        return None;
    }
    if html.contains('<') {
        return None;
    }
    if html.chars().all(|c| c.is_whitespace() && c != '\u{a0}') {
        return Some(String::new());
    }
    let mut text = String::with_capacity(html.len());
    collapse_text(html, &mut text, true)?;
    Some(cell_markdown(&text))
}

/// Markdown text of one rendered table cell: one line (`<br>` between lines), `|` escaped.
fn cell_markdown(raw: &str) -> String {
    let s = fix_dollars(write_spans(raw));
    let mut out = String::new();
    for line in s.lines() {
        let line = line.trim();
        if line.is_empty() || line.chars().all(|c| c == M_BREAK) {
            continue;
        }
        if !out.is_empty() {
            out.push_str("<br>");
        }
        out.push_str(&line.replace('|', "\\|"));
    }
    out
}
