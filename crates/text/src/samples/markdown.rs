//! The statement's lines: ATX headings and fenced code blocks (the crawlers' Codeforces, AtCoder,
//! Luogu, SPOJ and Hydro Markdown) become events; the lines between them go through the HTML
//! scanner as one chunk (Hydro wraps Codeforces' HTML in Markdown; LeetCode and legacy pages are
//! HTML through and through). Lines inside an HTML `<pre>` are never Markdown: a grid row `# #`
//! or a ```` ``` ```` in a sample stays sample text.

use super::collect::Collector;
use super::html;
use crate::convert::in_comment_after;

/// An open fence: its character, its length and its info string.
struct Fence<'a> {
    ch: u8,
    len: usize,
    info: &'a str,
    body: String,
}

pub(super) fn scan(md: &str, c: &mut Collector) {
    // No line that could be Markdown structure (LeetCode, legacy pages): one HTML chunk, without
    // the per-line work below.
    if !md
        .split('\n')
        .any(|l| matches!(l.trim_start_matches(' ').as_bytes().first(), Some(b'#' | b'`' | b'~' | b'*' | b'_')))
    {
        return html::scan(md, c);
    }
    let mut fence: Option<Fence> = None;
    // Byte range of the HTML/text lines since the last heading or fence.
    let mut chunk: Option<(usize, usize)> = None;
    // Inside an HTML `<pre>` (or `<script>`, `<style>`): its lines are text, never Markdown.
    let mut raw_html = false;
    // Inside an HTML comment: its lines are not Markdown either (a fence in a comment hides
    // nothing after it).
    let mut comment = false;
    let mut pos = 0usize;
    for raw in md.split_inclusive('\n') {
        let start = pos;
        pos += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        if fence.is_none() && (comment || line.contains("<!--")) {
            let was = comment;
            comment = in_comment_after(line, comment);
            if was || comment {
                chunk = Some((chunk.map_or(start, |(s, _)| s), pos));
                continue;
            }
        }
        if raw_html || (fence.is_none() && line.contains('<')) {
            let was = raw_html;
            raw_html = html::ends_inside_raw(line, raw_html);
            if was || raw_html {
                chunk = Some((chunk.map_or(start, |(s, _)| s), pos));
                continue;
            }
        }
        if let Some(f) = &mut fence {
            if closes(line, f.ch, f.len) {
                c.pre(&f.body, f.info);
                fence = None;
            } else {
                f.body.push_str(line);
                f.body.push('\n');
            }
            continue;
        }
        if let Some((ch, len, info)) = opens(line) {
            flush(md, &mut chunk, c);
            fence = Some(Fence { ch, len, info, body: String::new() });
        } else if let Some(text) = atx_heading(line) {
            flush(md, &mut chunk, c);
            c.heading(text);
        } else if let Some(text) = bold_line(line) {
            flush(md, &mut chunk, c);
            c.soft_heading(text);
        } else {
            chunk = Some((chunk.map_or(start, |(s, _)| s), pos));
        }
    }
    // CommonMark: an unclosed fence runs to the end of the document.
    if let Some(f) = fence {
        c.pre(&f.body, f.info);
    }
    flush(md, &mut chunk, c);
}

fn flush(md: &str, chunk: &mut Option<(usize, usize)>, c: &mut Collector) {
    if let Some((s, e)) = chunk.take() {
        let text = &md[s..e];
        // Plain paragraphs hold no events: only a chunk with a tag needs the HTML scanner.
        if text.contains('<') {
            html::scan(text, c);
        }
    }
}

/// Up to three spaces of indentation.
fn indent(line: &str) -> Option<&str> {
    let t = line.trim_start_matches(' ');
    (line.len() - t.len() <= 3).then_some(t)
}

/// A fence opening: three or more backticks or tildes; the info string after them.
fn opens(line: &str) -> Option<(u8, usize, &str)> {
    let t = indent(line)?;
    let ch = *t.as_bytes().first()?;
    if ch != b'`' && ch != b'~' {
        return None;
    }
    let len = t.bytes().take_while(|&b| b == ch).count();
    let info = t[len..].trim();
    // A backtick fence's info string cannot hold a backtick (that is inline code).
    (len >= 3 && !(ch == b'`' && info.contains('`'))).then_some((ch, len, info))
}

fn closes(line: &str, ch: u8, len: usize) -> bool {
    indent(line).is_some_and(|t| {
        let n = t.bytes().take_while(|&b| b == ch).count();
        n >= len && t[n..].trim().is_empty()
    })
}

/// The text of a line that is bold and nothing else (`**输入样例#1：**`, `__Sample Input 1__`).
fn bold_line(line: &str) -> Option<&str> {
    let t = line.trim_start_matches([' ', '\t']);
    if !matches!(t.as_bytes(), [b'*', b'*', ..] | [b'_', b'_', ..]) {
        return None;
    }
    let t = t.trim_end();
    ["**", "__"].iter().find_map(|m| {
        let inner = t.strip_prefix(m)?.strip_suffix(m)?;
        (!inner.is_empty() && !inner.contains(m)).then_some(inner)
    })
}

/// The text of an ATX heading (`## Sample Input 1`), closing `#`s removed.
fn atx_heading(line: &str) -> Option<&str> {
    let t = indent(line)?;
    let level = t.bytes().take_while(|&b| b == b'#').count();
    if !(1..=6).contains(&level) {
        return None;
    }
    let rest = &t[level..];
    if !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
        return None;
    }
    let rest = rest.trim();
    let stripped = rest.trim_end_matches('#');
    Some(if stripped.is_empty() || stripped.ends_with([' ', '\t']) { stripped.trim_end() } else { rest })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_and_headings() {
        assert_eq!(opens("```input1"), Some((b'`', 3, "input1")));
        assert_eq!(opens("   ~~~~ "), Some((b'~', 4, "")));
        assert_eq!(opens("    ```"), None);
        assert_eq!(opens("``"), None);
        assert_eq!(opens("``` a`b"), None);
        assert!(closes("````", b'`', 3));
        assert!(!closes("``", b'`', 3));
        assert!(!closes("``` x", b'`', 3));
        assert_eq!(atx_heading("## Sample Input 1"), Some("Sample Input 1"));
        assert_eq!(atx_heading("### 样例输入 #1"), Some("样例输入 #1"));
        assert_eq!(atx_heading("## Title ##"), Some("Title"));
        assert_eq!(atx_heading("#hashtag"), None);
        assert_eq!(atx_heading("####### seven"), None);
        assert_eq!(atx_heading("#"), Some(""));
        assert_eq!(bold_line(" **输入样例#1：** "), Some("输入样例#1："));
        assert_eq!(bold_line("__Sample Input 1__"), Some("Sample Input 1"));
        assert_eq!(bold_line("**a** and **b**"), None);
        assert_eq!(bold_line("****"), None);
    }
}
