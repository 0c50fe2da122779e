//! `<table>`: its rows and cells read, whether it is a layout table (one column, a `<pre>` or a
//! table inside, too wide), and a pipe table's text. The walk (`rules`) renders the cells.

use html2text::Handle;

use super::{MAX_COLSPAN, MAX_COLUMNS};
use crate::dom::{self, attr};

/// One row: its cells and their colspans.
pub(super) type Row = Vec<(Handle, usize)>;

/// A table as the walk renders it.
pub(super) struct Table {
    pub(super) caption: Option<Handle>,
    /// The rows that have cells.
    pub(super) rows: Vec<Row>,
    /// The widest row's width, colspans counted.
    pub(super) columns: usize,
    /// A layout table, its cells written as lines: one column, too many, or a `<pre>` or a table
    /// in a cell.
    pub(super) layout: bool,
}

/// The `<table>` element `node` read as a [`Table`].
pub(super) fn read(node: &Handle) -> Table {
    let (caption, mut rows) = collect(node);
    rows.retain(|r| !r.is_empty());
    let columns = rows.iter().map(|r| r.iter().map(|c| c.1).sum::<usize>()).max().unwrap_or(0);
    let layout = columns == 1
        || columns > MAX_COLUMNS
        || rows
            .iter()
            .flatten()
            .any(|(cell, _)| !dom::find_all(cell, |n| matches!(dom::name(n), "pre" | "table")).is_empty());
    Table { caption, rows, columns, layout }
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
pub(super) fn pipe_table(rows: &[Row], texts: Vec<String>, ncols: usize) -> String {
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
pub(super) fn cell_markdown(md: &str) -> String {
    let lines: Vec<String> =
        md.lines().map(str::trim).filter(|l| !l.is_empty()).map(|l| l.replace('|', "\\|")).collect();
    lines.join("<br>")
}
