//! Pass 3b: Codeforces `$$$` delimiters, line tidying, converted blocks put in place.

use std::borrow::Cow;

use super::markers::{M_BLOCK, M_BREAK, M_HARD_BREAK};

/// Pass 3b: `$$$` delimiters, then lines, then the blocks converted in pass 1 put in place.
pub(super) fn tidy(s: String, blocks: Vec<String>) -> String {
    let s = fix_dollars(s);
    let s = tidy_lines(&s);
    substitute_blocks(&s, blocks)
}

/// Codeforces TeX delimiters: `$$$x$$$` → `$x$`, `$$$$$$x$$$$$$` → `$$x$$`.
pub(super) fn fix_dollars(s: String) -> String {
    if !s.contains("$$$") {
        return s;
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s.as_str();
    while let Some(p) = rest.find('$') {
        out.push_str(&rest[..p]);
        let run = rest[p..].bytes().take_while(|&b| b == b'$').count();
        match run {
            3 => out.push('$'),
            6 => out.push_str("$$"),
            n => out.extend(std::iter::repeat_n('$', n)),
        }
        rest = &rest[p + run..];
    }
    out.push_str(rest);
    out
}

/// Trim trailing blanks, drop leading/trailing blank lines, collapse blank-line runs to one
/// blank line. [`M_BREAK`] markers are removed (a line left empty is blank); a quote-only line
/// (`>`) is kept once between quoted lines and dropped next to a blank line. [`M_HARD_BREAK`] at
/// the end of a line becomes `\\` when the next line follows it directly, and goes otherwise.
fn tidy_lines(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut blank_pending = false;
    let mut quote_pending: Option<String> = None;
    let mut hard_break = false;
    for raw in s.split('\n') {
        let line: Cow<'_, str> = if raw.contains([M_BREAK, M_HARD_BREAK]) {
            Cow::Owned(raw.chars().filter(|&c| c != M_BREAK && c != M_HARD_BREAK).collect())
        } else {
            Cow::Borrowed(raw)
        };
        // Only ASCII blanks are trimmed: an ideographic space at the end of a line is text.
        let line = line.trim_end_matches([' ', '\t']);
        if line.is_empty() {
            blank_pending = !out.is_empty();
            quote_pending = None;
            continue;
        }
        let in_quote = !blank_pending && out.rsplit('\n').next().is_some_and(|l| l.starts_with('>'));
        if in_quote && line.chars().all(|c| c == '>' || c == ' ') {
            quote_pending = Some(line.to_string());
            continue;
        }
        if blank_pending {
            out.push_str("\n\n");
            blank_pending = false;
        } else if let Some(q) = quote_pending.take() {
            out.push('\n');
            out.push_str(&q);
            out.push('\n');
        } else if !out.is_empty() {
            // A `<br>` inside a paragraph that goes on: a Markdown hard break, so that the lines
            // do not merge when rendered. A backslash rather than two trailing spaces: it
            // survives the trimming above (and any editor's), and a model reads it as a break.
            if hard_break {
                out.push('\\');
            }
            out.push('\n');
        }
        quote_pending = None;
        out.push_str(line);
        hard_break = raw.trim_end_matches([' ', '\t', M_BREAK]).ends_with(M_HARD_BREAK);
    }
    out
}

/// Replace placeholder lines by their blocks; each block is used at most once.
fn substitute_blocks(s: &str, mut blocks: Vec<String>) -> String {
    if blocks.is_empty() || !s.contains(M_BLOCK) {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len() + blocks.iter().map(String::len).sum::<usize>());
    for line in s.split('\n') {
        let Some(p) = line.find(M_BLOCK) else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        let after = &line[p + M_BLOCK.len_utf8()..];
        let (idx, rest) = match after.find(M_BLOCK) {
            Some(q) => (after[..q].parse::<usize>().ok(), &after[q + M_BLOCK.len_utf8()..]),
            None => (None, ""),
        };
        let mut prefix = &line[..p];
        if !prefix.chars().all(|c| matches!(c, ' ' | '>' | '-' | '*' | '+' | '.' | ')') || c.is_ascii_digit()) {
            out.push_str(prefix.trim_end());
            out.push_str("\n\n");
            prefix = "";
        }
        let cont: String = prefix.chars().map(|c| if c == '>' { '>' } else { ' ' }).collect();
        let block = idx.and_then(|k| blocks.get_mut(k)).map(std::mem::take).unwrap_or_default();
        for (k, bline) in block.split('\n').enumerate() {
            let pre = if k == 0 { prefix } else { cont.as_str() };
            if bline.is_empty() {
                out.push_str(pre.trim_end());
            } else {
                out.push_str(pre);
                out.push_str(bline);
            }
            out.push('\n');
        }
        let rest = rest.trim();
        if !rest.is_empty() {
            out.push_str(rest);
            out.push('\n');
        }
    }
    let len = out.trim_end().len();
    out.truncate(len);
    out
}
