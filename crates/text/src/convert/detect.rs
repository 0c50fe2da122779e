//! Is a statement HTML or Markdown? Plus the Markdown line shapes (headings, lists, fences).

use super::tags::{KNOWN, RAW, class, find_tag, in_comment_after, scan_tags};
use crate::scan;

fn starts_with_ci(s: &str, prefix: &str) -> bool {
    s.get(..prefix.len()).is_some_and(|p| p.eq_ignore_ascii_case(prefix))
}

/// Heuristic: is this statement HTML (to convert) or Markdown (to pass through untouched)?
///
/// True for documents that start with a doctype/`<html>`/`<?xml`, or that contain a known HTML
/// tag and no Markdown structure (ATX heading or code-fence line, or two or more list-item lines)
/// outside `<pre>`/`<script>`/`<style>`/`<textarea>` and comments.
pub fn looks_like_html(s: &str) -> bool {
    let t = s.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if starts_with_ci(t, "<!doctype") || starts_with_ci(t, "<html") || starts_with_ci(t, "<?xml") {
        return true;
    }
    if let Some(html) = without_markdown_lines(t) {
        return html;
    }
    let mut tags = 0usize;
    let mut list_lines = 0usize;
    let mut raw: Option<String> = None;
    let mut comment = false;
    for line in scan::lines(t) {
        // A line that starts inside a comment is not Markdown (AtCoder keeps drafts, fences
        // included, in comments).
        let commented = comment;
        comment = in_comment_after(line, comment);
        // Markdown structure decides at once: nothing after it can undo that.
        if raw.is_none() && !commented {
            match shape(line) {
                Shape::Text => {}
                Shape::ListItem => list_lines += 1,
                Shape::Block => return false,
            }
            if list_lines >= 2 {
                return false;
            }
        }
        scan_tags(line, |name, closing| {
            let c = class(name);
            if c.has(KNOWN) {
                tags += 1;
            }
            if c.has(RAW) {
                if !closing {
                    raw = Some(name.to_string());
                } else if raw.as_deref() == Some(name) {
                    raw = None;
                }
            }
        });
    }
    tags > 0
}

/// Most statements have no line of Markdown's shape at all: then whether one is HTML is whether
/// it has a known tag, and the tag scan can stop at the first (the full scan of
/// [`looks_like_html`] tracks raw elements and comments only to rule such lines out). `None`:
/// there is such a line, the full scan decides.
fn without_markdown_lines(t: &str) -> Option<bool> {
    let (mut lists, mut known) = (0, false);
    for line in scan::lines(t) {
        match shape(line) {
            Shape::Text => {}
            Shape::ListItem => {
                lists += 1;
                if lists >= 2 {
                    return None;
                }
            }
            Shape::Block => return None,
        }
        if !known {
            known = find_tag(line, |name, _| class(name).has(KNOWN));
        }
    }
    Some(known)
}

/// What a line is to the HTML-or-Markdown check.
enum Shape {
    Text,
    ListItem,
    /// A fence or an ATX heading.
    Block,
}

/// The line's shape. Each shape starts with its own characters once white space is skipped
/// (digits or `-*+` a list item, `` ` `` or `~` a fence, `#` a heading), so a line is tried only
/// as what its first one allows: a line of test data is tried as a list item alone. A lead byte
/// first (white space other than ASCII's may come first: no lead byte is white space read as
/// Latin-1) tries every rule.
#[inline(always)]
fn shape(line: &str) -> Shape {
    let first = line.bytes().find(|&b| !(b as char).is_whitespace());
    if matches!(first, Some(b'0'..=b'9' | b'-' | b'*' | b'+' | 0x80..)) && is_list_line(line) {
        Shape::ListItem
    } else if matches!(first, Some(b'`' | b'~' | b'#' | 0x80..)) && (fence_open(line).is_some() || is_atx_heading(line))
    {
        Shape::Block
    } else {
        Shape::Text
    }
}

/// ATX heading: up to 3 spaces, 1–6 `#`, then a space/tab or end of line.
fn is_atx_heading(line: &str) -> bool {
    let t = strip_indent(line, 3);
    let hashes = t.bytes().take_while(|&b| b == b'#').count();
    (1..=6).contains(&hashes) && t[hashes..].chars().next().is_none_or(|c| c == ' ' || c == '\t')
}

/// List item line: `- x`, `* x`, `+ x`, `1. x`, `1) x` (any indentation).
fn is_list_line(line: &str) -> bool {
    let t = line.trim_start();
    let b = t.as_bytes();
    if b.len() >= 2 && matches!(b[0], b'-' | b'*' | b'+') && b[1] == b' ' {
        return !t[2..].trim().is_empty();
    }
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    (1..=9).contains(&digits) && b.len() > digits + 1 && matches!(b[digits], b'.' | b')') && b[digits + 1] == b' '
}

/// The line without its leading spaces, if there are at most `n` of them (else unchanged).
pub(super) fn strip_indent(line: &str, n: usize) -> &str {
    let spaces = line.bytes().take_while(|&b| b == b' ').count();
    if spaces > n { line } else { &line[spaces..] }
}

/// The line that closes the fenced code block still open at the end of `text`, if one is: the
/// fence, after the continuation of the opening line's container (`- ` and `1. ` become spaces,
/// `> ` stays).
pub fn open_fence(text: &str) -> Option<String> {
    let mut open: Option<(String, u8, usize)> = None;
    for line in scan::split_lines(text) {
        match &open {
            Some((cont, ch, len)) => {
                let body = if cont.is_empty() { line } else { line.strip_prefix(cont.as_str()).unwrap_or(line) };
                if is_fence_close(body, *ch, *len) {
                    open = None;
                }
            }
            None => {
                let body = &line[container_prefix(line)..];
                let prefix = &line[..line.len() - body.len()];
                open = fence_open(body)
                    .map(|(ch, len)| (prefix.chars().map(|c| if c == '>' { '>' } else { ' ' }).collect(), ch, len));
            }
        }
    }
    let (cont, ch, len) = open?;
    Some(format!("{cont}{}", (ch as char).to_string().repeat(len)))
}

/// The length of the list-item and quote markers (and indentation) a line starts with, where a
/// fence may follow: spaces, `>`, `-`, `*`, `+`, `.`, `)` and digits, all ASCII, so counted by
/// byte.
#[inline(always)]
pub(super) fn container_prefix(line: &str) -> usize {
    line.bytes().take_while(|b| matches!(b, b' ' | b'>' | b'-' | b'*' | b'+' | b'.' | b')' | b'0'..=b'9')).count()
}

/// Opening code fence: (fence char, length).
pub(super) fn fence_open(line: &str) -> Option<(u8, usize)> {
    let t = strip_indent(line, 3);
    let ch = *t.as_bytes().first()?;
    if ch != b'`' && ch != b'~' {
        return None;
    }
    let len = t.bytes().take_while(|&b| b == ch).count();
    if len < 3 || (ch == b'`' && t[len..].contains('`')) {
        return None;
    }
    Some((ch, len))
}

pub(super) fn is_fence_close(line: &str, ch: u8, len: usize) -> bool {
    let t = strip_indent(line, 3);
    let n = t.bytes().take_while(|&b| b == ch).count();
    n >= len && t[n..].trim().is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line's shape is what the three rules, each tried, say of it.
    #[test]
    fn shape_is_the_three_rules() {
        const PIECES: &[&str] = &[
            " ", "\t", "\u{b}", "\u{3000}", "\u{a0}", "1", "12", ".", ")", "-", "*", "+", "`", "```", "~~~", "#", "##",
            "a", "é",
        ];
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let line: String =
                (0..state % 7).map(|k| PIECES[((state >> (5 * k + 3)) % PIECES.len() as u64) as usize]).collect();
            let (list, block) = (is_list_line(&line), fence_open(&line).is_some() || is_atx_heading(&line));
            let got = match shape(&line) {
                Shape::Text => (false, false),
                Shape::ListItem => (true, false),
                Shape::Block => (false, true),
            };
            assert_eq!(got, (list, block), "{line:?}");
        }
    }
}
