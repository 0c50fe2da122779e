//! `<table>`: a pipe table, or its cells as lines when it is a layout table (one column, a
//! `<pre>` or a table inside, too wide).

use html2text::Handle;

use super::rules::Walk;
use super::writer::{Gap, Md};
use super::{MAX_COLSPAN, MAX_COLUMNS, TooDeep};
use crate::dom::{self, attr};

/// One row: its cells and their colspans.
type Row = Vec<(Handle, usize)>;

pub(super) fn table(walk: &mut Walk<'_>, node: &Handle, md: &mut Md) -> Result<(), TooDeep> {
    let (caption, mut rows) = collect(node);
    rows.retain(|r| !r.is_empty());
    if let Some(caption) = caption {
        md.gap(Gap::Blank);
        with_cell(walk, |w| w.children(&caption, md))?;
        md.gap(Gap::Blank);
    }
    let ncols = rows.iter().map(|r| r.iter().map(|c| c.1).sum::<usize>()).max().unwrap_or(0);
    if ncols == 0 {
        return Ok(());
    }
    let layout = ncols == 1
        || ncols > MAX_COLUMNS
        || rows
            .iter()
            .flatten()
            .any(|(cell, _)| !dom::find_all(cell, |n| matches!(dom::name(n), "pre" | "table")).is_empty());
    if layout {
        return with_cell(walk, |w| {
            for row in &rows {
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
    for (cell, _) in rows.iter().flatten() {
        let mut inner = Md::new();
        inner.hard_breaks = false;
        with_cell(walk, |w| w.children(cell, &mut inner))?;
        texts.push(cell_markdown(&inner.finish()));
    }
    md.block(&pipe_table(&rows, texts, ncols));
    Ok(())
}

/// Runs `f` with the walk inside a table cell.
fn with_cell<T>(walk: &mut Walk<'_>, f: impl FnOnce(&mut Walk<'_>) -> T) -> T {
    let was = std::mem::replace(&mut walk.in_cell, true);
    let out = f(walk);
    walk.in_cell = was;
    out
}

/// The caption and the rows (of `thead`, `tbody`, `tfoot` or the table itself, in order).
fn collect(table: &Handle) -> (Option<Handle>, Vec<Row>) {
    let mut caption = None;
    let mut rows = Vec::new();
    for child in table.children.borrow().iter() {
        match dom::name(child) {
            "caption" => caption = Some(child.clone()),
            "thead" | "tbody" | "tfoot" => {
                rows.extend(child.children.borrow().iter().filter(|r| dom::name(r) == "tr").map(row));
            }
            "tr" => rows.push(row(child)),
            _ => {}
        }
    }
    (caption, rows)
}

fn row(tr: &Handle) -> Row {
    tr.children
        .borrow()
        .iter()
        .filter(|c| matches!(dom::name(c), "td" | "th"))
        .map(|c| {
            let span = attr(c, "colspan").and_then(|v| v.trim().parse::<usize>().ok()).unwrap_or(1);
            (c.clone(), span.clamp(1, MAX_COLSPAN))
        })
        .collect()
}

/// The pipe table: the first row is the header, short rows are padded to `ncols`.
fn pipe_table(rows: &[Row], texts: Vec<String>, ncols: usize) -> String {
    let mut table = String::new();
    let mut it = texts.into_iter();
    for (r, row) in rows.iter().enumerate() {
        table.push('|');
        let mut used = 0;
        for (_, colspan) in row {
            table.push(' ');
            table.push_str(&it.next().unwrap_or_default());
            table.push_str(" |");
            for _ in 1..*colspan {
                table.push_str("  |");
            }
            used += colspan;
        }
        for _ in used..ncols {
            table.push_str("  |");
        }
        table.push('\n');
        if r == 0 {
            table.push('|');
            table.push_str(&"---|".repeat(ncols));
            table.push('\n');
        }
    }
    table.pop();
    table
}

/// A cell's Markdown on one line: its lines trimmed and joined by `<br>`, `|` escaped.
fn cell_markdown(md: &str) -> String {
    let lines: Vec<String> =
        md.lines().map(str::trim).filter(|l| !l.is_empty()).map(|l| l.replace('|', "\\|")).collect();
    lines.join("<br>")
}
