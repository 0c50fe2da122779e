//! The Markdown passthrough: fences kept verbatim, embedded HTML converted where it would leak.

use std::borrow::Cow;

use html2text::RcDom;

use super::detect::{fence_open, is_fence_close, strip_indent};
use super::fallback::plain_text_fallback;
use super::inline::{collapse, format_script};
use super::media::MAX_SCRIPT_DEPTH;
use super::tags::{MD_BLOCK, MD_HOLDS, MD_LEAKS, class, scan_tags, tag_at};
use super::url::shorten_data_uris_in;
use super::writer::Md;
use super::{Statement, html_to_markdown, normalize_newlines};
use super::{dom, media};

/// Does the line open a CommonMark HTML block (types 1, 2 and 6)?
fn starts_html_block(line: &str) -> bool {
    let t = strip_indent(line, 3);
    if t.starts_with("<!--") {
        return true;
    }
    let Some(rest) = t.strip_prefix('<') else {
        return false;
    };
    let rest = rest.strip_prefix('/').unwrap_or(rest);
    let end = rest.bytes().position(|b| !b.is_ascii_alphanumeric()).unwrap_or(rest.len());
    if end == 0 {
        return false;
    }
    let boundary = rest[end..].chars().next().is_none_or(|c| c == '>' || c == '/' || c.is_whitespace());
    boundary && class(&rest[..end].to_ascii_lowercase()).has(MD_BLOCK)
}

/// Net count of opened elements that make an HTML block continue across blank lines.
fn raw_balance(line: &str) -> isize {
    let mut bal = 0isize;
    scan_tags(line, |name, closing| {
        if class(name).has(MD_HOLDS) {
            bal += if closing { -1 } else { 1 };
        }
    });
    let opens = line.matches("<!--").count() as isize;
    let closes = line.matches("-->").count() as isize;
    bal + opens - closes
}

/// Does a Markdown paragraph contain block-level HTML that must go through the HTML path?
fn has_block_html(text: &str) -> bool {
    let mut found = false;
    scan_tags(text, |name, _| {
        if class(name).has(MD_LEAKS) {
            found = true;
        }
    });
    found
}

/// A Markdown statement as it goes to the model (see the module documentation of `convert`).
pub(super) fn markdown_passthrough(s: &str) -> String {
    let s = normalize_newlines(s);
    let lines: Vec<&str> = s.split('\n').collect();
    let mut out = String::with_capacity(s.len());
    let mut fence: Option<(u8, usize)> = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some((ch, len)) = fence {
            out.push_str(line);
            out.push('\n');
            if is_fence_close(line, ch, len) {
                fence = None;
            }
            i += 1;
            continue;
        }
        if let Some(f) = fence_open(line) {
            fence = Some(f);
            push_md_line(&mut out, line);
            i += 1;
            continue;
        }
        if line.trim().is_empty() {
            out.push('\n');
            i += 1;
            continue;
        }
        let html_block = starts_html_block(line);
        let j = group_end(&lines, i, html_block);
        let group = lines[i..j].join("\n");
        if html_block || has_block_html(&group) {
            let converted = html_to_markdown(&group);
            if !converted.is_empty() {
                out.push_str(&converted);
                out.push('\n');
            }
        } else {
            push_md_paragraphs(&mut out, &rewrite_inline_html(&group, 0));
        }
        i = j;
    }
    let start = out.len() - out.trim_start_matches('\n').len();
    let end = out.trim_end_matches([' ', '\t', '\n']).len().max(start);
    out[start..end].to_string()
}

/// Where the group of lines starting at `i` ends: an HTML block runs to a blank line (past it
/// while a `<pre>`, table, script or comment is open), a paragraph to a blank line, a fence or an
/// HTML block.
fn group_end(lines: &[&str], i: usize, html_block: bool) -> usize {
    let mut j = i + 1;
    if html_block {
        let mut bal = raw_balance(lines[i]);
        while j < lines.len() && (bal > 0 || !lines[j].trim().is_empty()) {
            bal += raw_balance(lines[j]);
            j += 1;
        }
    } else {
        while j < lines.len()
            && !lines[j].trim().is_empty()
            && fence_open(lines[j]).is_none()
            && !starts_html_block(lines[j])
        {
            j += 1;
        }
    }
    j
}

/// The lines of a group of Markdown paragraphs, trimmed, with CommonMark's hard break of two
/// trailing spaces written as a trailing `\`: the same break, but visible, so that it survives the
/// trim (and any client that trims). Not in indented code, not inside a code span (an odd count of
/// backticks so far), and only where the next line continues the paragraph: a `\` before a new
/// block would print.
fn push_md_paragraphs(out: &mut String, group: &str) {
    let lines: Vec<&str> = group.split('\n').collect();
    let code = strip_indent(lines[0], 3).starts_with([' ', '\t']);
    let mut ticks = 0usize;
    for (k, line) in lines.iter().enumerate() {
        ticks += line.bytes().filter(|&b| b == b'`').count();
        push_md_line(out, line);
        let breaks = !code
            && ticks.is_multiple_of(2)
            && line.ends_with("  ")
            && !out.ends_with("\\\n")
            && !cannot_break(line)
            && lines.get(k + 1).is_some_and(|next| !starts_block(next) && !starts_html_block(next));
        if breaks {
            out.insert(out.len() - 1, '\\');
        }
    }
}

/// Is the line a heading, a table row, a rule or a setext underline, which a `\` would spoil?
fn cannot_break(line: &str) -> bool {
    let t = strip_indent(line, 3).trim_end();
    t.starts_with(['#', '|']) || t.bytes().all(|b| matches!(b, b'=' | b'-' | b'*' | b'_' | b' '))
}

/// Does the line start a block (or may it: a heading, quote, list item, table row, rule, setext
/// underline, fence) rather than continue a paragraph? Erring towards yes only costs a hard break.
fn starts_block(line: &str) -> bool {
    let t = strip_indent(line, 3);
    if t.starts_with(['#', '>', '|', '=', '-', '*', '+', '_', '~', '`']) {
        return true;
    }
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with(['.', ')'])
}

/// A Markdown line outside fences: NBSP → space, trailing whitespace trimmed, long `data:`
/// URIs shortened.
fn push_md_line(out: &mut String, line: &str) {
    // Only ASCII blanks: an ideographic or thin space at the end of a line is text.
    let line = line.trim_end_matches([' ', '\t', '\u{a0}']);
    let line: Cow<'_, str> =
        if line.contains('\u{a0}') { Cow::Owned(line.replace('\u{a0}', " ")) } else { Cow::Borrowed(line) };
    if line.contains("data:") {
        out.push_str(&shorten_data_uris_in(&line));
    } else {
        out.push_str(&line);
    }
    out.push('\n');
}

/// Rewrite the few inline HTML elements of a Markdown paragraph that must not leak (see the
/// module docs); code spans and `$…$` math are copied verbatim. `depth`: how many scripts hold
/// `text`.
fn rewrite_inline_html(text: &str, depth: usize) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let Some(off) = b[i..].iter().position(|&c| matches!(c, b'`' | b'$' | b'<')) else {
            out.push_str(&text[i..]);
            break;
        };
        out.push_str(&text[i..i + off]);
        i += off;
        let c = b[i];
        if c == b'`' || c == b'$' {
            let run = b[i..].iter().take_while(|&&x| x == c).count();
            let end = find_exact_run(text, i + run, c, run).map_or(i + run, |q| q + run);
            out.push_str(&text[i..end]);
            i = end;
            continue;
        }
        if text[i..].starts_with("<!--") {
            i = text[i..].find("-->").map_or(text.len(), |k| i + k + 3);
            continue;
        }
        i = rewrite_tag(text, i, &mut out, depth);
    }
    out
}

/// The tag at `i` (a `<`) rewritten into `out` if it is one that must not leak, else copied;
/// returns where the text goes on.
fn rewrite_tag(text: &str, i: usize, out: &mut String, depth: usize) -> usize {
    let Some(t) = tag_at(text, i) else {
        out.push('<');
        return i + 1;
    };
    let n = t.name();
    if t.closing {
        // Stray closers of rewritten elements are dropped.
        if !matches!(n, "sup" | "sub" | "var" | "script" | "style") {
            out.push_str(&text[i..t.end]);
        }
        return t.end;
    }
    // The tag alone, parsed: its attributes read (and decoded) as a browser reads them.
    let parsed = || {
        let tree = dom::parse(&text[i..t.end])?;
        dom::find_all(&tree.document, |e| dom::name(e) == n).into_iter().next()
    };
    let tex_span = n == "span" && parsed().is_some_and(|e| dom::has_class(&e, |c| c == "tex-span"));
    match n {
        "script" | "style" if !t.self_closing => find_close(text, t.end, n).1,
        "img" => {
            if let Some(img) = parsed() {
                let mut md = Md::new();
                media::image(&img, &mut md);
                out.push_str(&md.finish());
            }
            t.end
        }
        "sup" | "sub" | "var" if !t.self_closing => rewrite_script(text, t.end, n, out, depth),
        "span" if tex_span && !t.self_closing => rewrite_script(text, t.end, n, out, depth),
        _ => {
            out.push_str(&text[i..t.end]);
            t.end
        }
    }
}

/// `<sup>`, `<sub>`, `<var>` or tex-span content starting at `from`: appends the rewritten
/// text and returns the position after the closing tag. Scripts nested deeper than
/// `MAX_SCRIPT_DEPTH` are read as their text (the recursion must not outgrow the stack).
fn rewrite_script(text: &str, from: usize, name: &str, out: &mut String, depth: usize) -> usize {
    let (inner_end, close_end) = find_close(text, from, name);
    let inner = &text[from..inner_end];
    let inner = if depth < MAX_SCRIPT_DEPTH { &rewrite_inline_html(inner, depth + 1) } else { inner };
    let inner = collapse(&strip_tags(inner));
    let next_alnum = text[close_end..].chars().next().is_some_and(char::is_alphanumeric);
    if !inner.is_empty() {
        match name {
            "sup" => out.push_str(&format_script('^', &inner, next_alnum)),
            "sub" => out.push_str(&format_script('_', &inner, next_alnum)),
            _ => {
                out.push('$');
                out.push_str(&inner);
                out.push('$');
            }
        }
    }
    close_end
}

/// The text of an HTML fragment on one line, as a script's (`<br>` a space, references decoded);
/// a fragment too deep to parse has its tags stripped.
fn strip_tags(html: &str) -> String {
    let text = |tree: RcDom| media::script_text(&tree.document, 0, &dom::Texts::default());
    Statement::parse_html(html).map_or_else(|| plain_text_fallback(html), text)
}

/// Position of the next run of exactly `run` bytes `c` at or after `from`.
fn find_exact_run(text: &str, from: usize, c: u8, run: usize) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = from;
    while let Some(p) = b[i.min(b.len())..].iter().position(|&x| x == c).map(|k| i + k) {
        let n = b[p..].iter().take_while(|&&x| x == c).count();
        if n == run {
            return Some(p);
        }
        i = p + n;
    }
    None
}

/// (end of content, end of closing tag) for an element `name` whose content starts at `from`,
/// counting nested same-name elements; unclosed → runs to the end of `text`.
fn find_close(text: &str, from: usize, name: &str) -> (usize, usize) {
    let mut d = 1usize;
    let mut i = from;
    while let Some(k) = text[i..].find('<') {
        let at = i + k;
        match tag_at(text, at) {
            Some(t) if t.name() == name && t.closing => {
                d -= 1;
                if d == 0 {
                    return (at, t.end);
                }
                i = t.end;
            }
            Some(t) if t.name() == name && !t.self_closing => {
                d += 1;
                i = t.end;
            }
            Some(t) => i = t.end,
            None => i = at + 1,
        }
    }
    (text.len(), text.len())
}
