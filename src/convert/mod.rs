//! Problem statement → Markdown for an LLM: HTML (LeetCode, AtCoder, Codeforces, Luogu …) is
//! parsed once and walked with a rule per element; Markdown passes through. Pure: no I/O.
//!
//! # HTML pipeline (`html_to_markdown`)
//! 1. **One parse** (`dom`): html5ever, through html2text, builds the tree as a browser would:
//!    every character reference decoded, comments set apart, `<pre>`'s first newline dropped,
//!    implied end tags and broken markup repaired. A document nested deeper than `MAX_DEPTH`
//!    (counted on its tags first, `tags::too_deep`: html5ever's cost grows with the square of the
//!    depth) is not parsed.
//! 2. **The rules** (`rules`): one walk in document order, a rule per kind of element (`rule`):
//!    blocks set gaps (`<p>` a blank line, `<div>` a line break), headings, list items, quotes and
//!    `<dd>` render into a writer of their own whose lines are then prefixed, inline formatting
//!    opens and closes spans, and the judges' markup has its own rules: `<sup>`/`<sub>` as `^x` /
//!    `_x` (`^{…}` when not a single token or a letter follows), AtCoder `<var>` and Codeforces
//!    `span.tex-span` as `$…$`, MathML and MathJax scripts as their TeX (`media`), `<pre>` as a
//!    fenced block (`pre`), tables as pipe tables or, for layout tables, their cells as lines
//!    (`table`), legacy Codeforces' header as one line of limits and its section titles as
//!    headings (`codeforces`); scripts, styles, hidden elements and copy buttons are dropped.
//!    The writer (`writer`) writes gaps, collapsed spaces and span openers lazily, so whitespace
//!    ends up outside the delimiters (`**Note:** x`), empty spans vanish, adjacent identical spans
//!    merge, and a `<br>` inside a paragraph that goes on becomes a hard break (`\` at the end of
//!    the line). Codeforces `$$$` becomes `$` (`$$$$$$` → `$$`), NBSP a space. Nothing is ever
//!    backslash-escaped (but `|` in pipe-table cells), so TeX (`\le`, `a_i`) survives verbatim,
//!    and whitespace with meaning (U+3000, U+2009 and the other fixed-width spaces) is kept.
//! 3. **Tidy**: trailing blanks trimmed and blank-line runs collapsed, outside code blocks.
//!
//! Nothing passes between the steps but the tree and the text: no private-use markers, no
//! second parse. A panic anywhere in that pipeline is caught and the input is rendered by a
//! tiny std-only tag stripper instead (`fallback`), so `html_to_markdown` never panics.
//!
//! # HTML or Markdown (`looks_like_html`)
//! Statements come as Markdown, HTML, or Markdown with HTML blocks / inline HTML (Hydro-style
//! exports: `## Input` headings around `<p>…</p>` blocks). The heuristic:
//! * a document starting with `<!DOCTYPE`, `<html` or `<?xml` is HTML;
//! * otherwise, Markdown *structure* outside `<pre>`/`<script>`/`<style>`/`<textarea>` (an ATX
//!   heading line `# …`, a code-fence line, or two or more list-item lines) means Markdown;
//! * otherwise, any known HTML tag (`<p>`, `<div>`, `<br>`, `<sup>`, `<var>`, …) means HTML;
//! * otherwise it is Markdown (plain text included).
//!
//! Markdown is passed through untouched except that, outside code fences, NBSP becomes a space,
//! trailing whitespace is trimmed, long `data:` URIs are shortened, two trailing spaces (a hard
//! break) become a trailing `\`, and embedded HTML is converted where it would otherwise leak: a
//! paragraph that *starts* with a block-level tag (CommonMark's HTML-block rule: `<div`, `<p`,
//! `<pre`, `<table`, `<ul`, `<!--`, …; extended across blank lines while a
//! `<pre>`/`<table>`/`<script>`/`<style>`/comment is unclosed) or that contains `<pre`/`<table`/
//! `<div`/`<p`-style block tags goes through `html_to_markdown`; in other paragraphs only
//! `<sup>`, `<sub>`, `<var>`, `<span class="tex-span">`, `<img>` (→ `![alt](src)`),
//! `<script>`/`<style>` and comments are rewritten (never inside code spans or `$…$` math);
//! other inline tags such as `<br>` or `<b>` are left alone (valid Markdown).

use std::borrow::Cow;
use std::panic::catch_unwind;

mod codeforces;
mod detect;
pub(crate) mod dom;
mod fallback;
mod markdown;
mod media;
mod pre;
mod rules;
mod table;
mod tags;
mod text;
mod url;
mod writer;

pub(crate) use detect::looks_like_html;
use fallback::plain_text_fallback;
use markdown::markdown_passthrough;
use rules::Walk;
use writer::Md;

/// Text shown when a problem has no statement.
pub(crate) const NO_DESCRIPTION: &str = "No description available.";

/// Converted output is at most this many bytes: a longer one is cut by [`truncate`].
pub(crate) const MAX_OUTPUT_BYTES: usize = 100 * 1024;

/// Suffix appended by [`truncate`] when it cuts.
const TRUNCATED_SUFFIX: &str = "\n\n... (truncated)";

/// Element nesting deeper than this is treated as pathological (the plain-text fallback).
const MAX_DEPTH: usize = 200;

/// Colspan values are clamped to this; tables wider than `MAX_COLUMNS` are flattened.
const MAX_COLSPAN: usize = 64;
const MAX_COLUMNS: usize = 256;

/// Payloads of `data:` URIs longer than this are replaced by `…omitted`.
const DATA_URI_KEEP: usize = 16;

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/// Statement (HTML, Markdown, or Markdown with some inline HTML) → Markdown.
///
/// `None` or blank input (and input that converts to nothing) gives `NO_DESCRIPTION`. The
/// result is limited to `MAX_OUTPUT_BYTES` with `truncate`. See the module documentation for
/// the HTML-versus-Markdown heuristic.
pub fn to_markdown(content: Option<&str>) -> String {
    let Some(s) = content else {
        return NO_DESCRIPTION.to_string();
    };
    if s.trim().is_empty() {
        return NO_DESCRIPTION.to_string();
    }
    let out = if looks_like_html(s) {
        html_to_markdown(s)
    } else {
        catch_unwind(|| markdown_passthrough(s)).unwrap_or_else(|_| s.trim().to_string())
    };
    if out.trim().is_empty() {
        return NO_DESCRIPTION.to_string();
    }
    truncate(out, MAX_OUTPUT_BYTES)
}

/// The HTML path alone (used by [`to_markdown`] when the input is HTML).
///
/// Never panics: a panic inside html2text (or this module) is caught with
/// [`std::panic::catch_unwind`] and the input is then rendered as plain text with tags stripped
/// and entities decoded. Pathologically deep input takes the same fallback. Not truncated.
pub(crate) fn html_to_markdown(html: &str) -> String {
    match catch_unwind(|| convert_html(html)) {
        Ok(Some(s)) => s,
        _ => catch_unwind(|| plain_text_fallback(html)).unwrap_or_default(),
    }
}

/// Cut to at most `max` bytes in all, ending with `"\n\n... (truncated)"` when cut (a `max`
/// too small for that notice gives the notice alone). The cut is at a line end when one is
/// near, else at a char boundary; a cut inside a fenced code block closes the block first, so
/// the notice is never read as code.
pub(crate) fn truncate(mut s: String, max: usize) -> String {
    if s.len() <= max {
        return s;
    }
    let mut room = max.saturating_sub(TRUNCATED_SUFFIX.len());
    // The closing fence takes room too, and a shorter cut may sit in another block: a couple of
    // rounds settle it (each round only shortens the cut).
    for _ in 0..4 {
        let cut = cut_point(&s, room);
        let close = detect::open_fence(&s[..cut]);
        let need = close.as_ref().map_or(0, |c| c.len() + 1);
        if cut == 0 {
            break;
        }
        if cut + need + TRUNCATED_SUFFIX.len() <= max {
            s.truncate(cut);
            if let Some(close) = close {
                s.push('\n');
                s.push_str(&close);
            }
            s.push_str(TRUNCATED_SUFFIX);
            return s;
        }
        room = room.saturating_sub(need);
    }
    TRUNCATED_SUFFIX.trim_start().to_string()
}

/// Where to cut `s` to keep at most `room` bytes: the last line end in the final kilobyte, else
/// the last char boundary.
fn cut_point(s: &str, room: usize) -> usize {
    let cut = s.floor_char_boundary(room);
    match s[..cut].rfind('\n') {
        Some(p) if cut - p <= 1024 => p,
        _ => cut,
    }
}

/// Whether a converted statement was cut by [`truncate`] (it ends with the notice).
pub(crate) fn is_truncated(markdown: &str) -> bool {
    markdown.ends_with(TRUNCATED_SUFFIX)
}

// ---------------------------------------------------------------------------------------------
// HTML pipeline
// ---------------------------------------------------------------------------------------------

#[cfg(test)]
thread_local! {
    /// Test hook: makes `convert_html` panic on this thread to exercise the fallback.
    static FORCE_PANIC: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The walk gave up: nesting deeper than [`MAX_DEPTH`] (the caller then uses the plain-text
/// fallback).
#[derive(Debug)]
struct TooDeep;

/// The HTML pipeline: one parse, the rules over the tree, then the lines tidied.
fn convert_html(html: &str) -> Option<String> {
    #[cfg(test)]
    if FORCE_PANIC.with(|f| f.get()) {
        panic!("forced panic (test hook)");
    }
    let html = normalize_newlines(html);
    if tags::too_deep(&html, MAX_DEPTH) {
        return None;
    }
    let dom = dom::parse(&html)?;
    let mut md = Md::new();
    Walk::default().document(&dom.document, &mut md).ok()?;
    Some(tidy(&md.finish()))
}

fn normalize_newlines(s: &str) -> Cow<'_, str> {
    if s.contains('\r') { Cow::Owned(s.replace("\r\n", "\n").replace('\r', "\n")) } else { Cow::Borrowed(s) }
}

/// Trailing blanks trimmed, blank-line runs made one, no blank line at either end; fenced code
/// blocks as they are. Only ASCII blanks are trimmed: an ideographic space at the end of a line is
/// text.
fn tidy(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut blank = false;
    let mut fence: Option<(u8, usize)> = None;
    for raw in s.split('\n') {
        // A fence line, after the quote and list-item indentation that holds it.
        let body = raw.trim_start_matches(|c: char| " >-*+.)".contains(c) || c.is_ascii_digit());
        if let Some((ch, len)) = fence {
            out.push('\n');
            out.push_str(raw);
            if detect::is_fence_close(body, ch, len) {
                fence = None;
            }
            continue;
        }
        fence = detect::fence_open(body);
        let line = raw.trim_end_matches([' ', '\t']);
        if line.is_empty() {
            blank = !out.is_empty();
            continue;
        }
        if !out.is_empty() {
            out.push_str(if blank { "\n\n" } else { "\n" });
        }
        blank = false;
        out.push_str(line);
    }
    out
}

#[cfg(test)]
mod golden;
#[cfg(test)]
mod tests;
