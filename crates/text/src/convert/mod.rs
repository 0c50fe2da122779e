//! Problem statement → Markdown for an LLM: HTML (LeetCode, AtCoder, Codeforces, Luogu …) is
//! parsed once and walked with a rule per element; Markdown passes through. Pure: no I/O.
//!
//! # HTML pipeline (`html_to_markdown`)
//! 1. **One parse** (`dom`): html5ever, through html2text, builds the tree as a browser would:
//!    every character reference decoded, comments set apart, `<pre>`'s first newline dropped,
//!    implied end tags and broken markup repaired. A document of more than `PARSE_UNSEEN_TAGS`
//!    tags nested deeper than `MAX_DEPTH` (counted on its tags first, `tags::too_deep`:
//!    html5ever's cost grows with the square of the depth) is not parsed.
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
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::scan;

use dom::Texts;
use html2text::RcDom;

mod codeforces;
mod detect;
mod element;
use crate::dom;
mod fallback;
mod inline;
mod markdown;
mod media;
mod pre;
mod rules;
mod table;
mod tags;
mod truncate;
mod url;
mod writer;

pub use detect::{looks_like_html, open_fence};
use fallback::plain_text_fallback;
use markdown::markdown_passthrough;
use rules::Walk;
pub use tags::in_comment_after;
pub use truncate::{MAX_TEXT_BYTES, is_truncated, truncate};
use writer::Md;

/// Text shown when a problem has no statement.
pub const NO_DESCRIPTION: &str = "No description available.";

/// Element nesting deeper than this is treated as pathological (the plain-text fallback).
const MAX_DEPTH: usize = 200;

/// A document with at most this many `<` is parsed without a look at its depth first: even
/// all nested, it costs html5ever about five times a 5 KB statement (the walks over the tree
/// stop at [`MAX_DEPTH`] on their own). The look costs a sixth of a parse.
const PARSE_UNSEEN_TAGS: usize = 512;

/// Whether html5ever may parse `html`: a deep document costs it the square of its depth (its
/// tree builder walks the stack of open elements at each tag), so one nested deeper than
/// [`MAX_DEPTH`] (counted on its tags first) takes the plain-text fallback.
fn parseable(html: &str) -> bool {
    count_lt(html) <= PARSE_UNSEEN_TAGS || !tags::too_deep(html, MAX_DEPTH)
}

/// How many `<` `html` holds, counted eight bytes at a time: a byte loop (or `memchr` per `<`)
/// cost 1.7% of a 5 KB statement's conversion.
fn count_lt(html: &str) -> usize {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let words = html.as_bytes().chunks_exact(8);
    let tail = words.remainder().iter().filter(|&&b| b == b'<').count();
    let lts = words.map(|w| {
        // A byte of `v` is zero where `w` has a `<`; the expression sets the top bit of exactly
        // those bytes (no carries between bytes: each sum stays within its byte).
        let v = u64::from_le_bytes(w.try_into().unwrap_or_default()) ^ 0x3c3c_3c3c_3c3c_3c3c;
        (!(((v & LOW7) + LOW7) | v | LOW7)).count_ones() as usize
    });
    lts.sum::<usize>() + tail
}

/// Colspan values are clamped to this; tables wider than `MAX_COLUMNS` are flattened.
const MAX_COLSPAN: usize = 64;
const MAX_COLUMNS: usize = 256;

/// Payloads of `data:` URIs longer than this are replaced by `…omitted`.
const DATA_URI_KEEP: usize = 16;

/// A statement as the backend serves it, parsed once: the converter and the sample reader both
/// read it.
pub struct Statement<'a> {
    raw: &'a str,
    form: Form,
    /// The text of the tree's text nodes, kept as the converter reads them: the sample reader
    /// reads many of them again (`dom::Texts`). Belongs to the tree in `form`.
    texts: Texts,
}

/// What a statement is.
enum Form {
    Markdown,
    /// HTML, and its tree.
    Html(RcDom),
    /// HTML that is not parsed: nested too deep (or html5ever failed).
    Unparsed,
}

impl<'a> Statement<'a> {
    /// Tells HTML from Markdown (see the module documentation) and parses HTML into its tree.
    pub fn parse(raw: &'a str) -> Statement<'a> {
        let form = if !looks_like_html(raw) {
            Form::Markdown
        } else {
            Self::parse_html(raw).map_or(Form::Unparsed, Form::Html)
        };
        Statement { raw, form, texts: Texts::default() }
    }

    /// The tree of an HTML fragment (of a Markdown statement), `None` when too deep to parse.
    pub fn parse_html(html: &str) -> Option<RcDom> {
        if !parseable(html) {
            return None;
        }
        catch_unwind(|| dom::parse(&normalize_newlines(html))).ok().flatten()
    }

    /// The statement as the backend sent it.
    pub fn raw(&self) -> &'a str {
        self.raw
    }

    /// The tree of an HTML statement (`None` for Markdown, or HTML too deep to parse).
    pub fn tree(&self) -> Option<&RcDom> {
        match &self.form {
            Form::Html(tree) => Some(tree),
            _ => None,
        }
    }

    /// The text nodes' text the converter has read (see `dom::Texts`).
    pub fn texts(&self) -> &Texts {
        &self.texts
    }

    /// Whether the statement is HTML (parsed or not).
    pub fn is_html(&self) -> bool {
        !matches!(self.form, Form::Markdown)
    }

    /// The statement as Markdown, whole (a reply's size is `format`'s business); a blank one, or
    /// one that converts to nothing, gives `NO_DESCRIPTION`. Never panics: a panic in the rules
    /// (or the Markdown passthrough) is caught, and the HTML is then rendered as plain text with
    /// tags stripped; HTML too deep to parse takes the same fallback.
    pub fn markdown(&self) -> String {
        if self.raw.trim().is_empty() {
            return NO_DESCRIPTION.to_string();
        }
        let out = match &self.form {
            Form::Markdown => {
                catch_unwind(|| markdown_passthrough(self.raw)).unwrap_or_else(|_| self.raw.trim().to_string())
            }
            Form::Html(tree) => match catch_unwind(AssertUnwindSafe(|| render(tree, &self.texts))) {
                Ok(Some(s)) => s,
                _ => fallback(self.raw),
            },
            Form::Unparsed => fallback(self.raw),
        };
        if out.trim().is_empty() { NO_DESCRIPTION.to_string() } else { out }
    }
}

/// Statement (HTML, Markdown, or Markdown with some inline HTML) → Markdown, whole.
///
/// `None` or blank input (and input that converts to nothing) gives `NO_DESCRIPTION`. See the
/// module documentation for the HTML-versus-Markdown heuristic.
pub fn to_markdown(content: Option<&str>) -> String {
    Statement::parse(content.unwrap_or_default()).markdown()
}

/// The HTML path alone (used for HTML blocks inside Markdown): parse, rules, tidy.
///
/// Never panics: a panic inside html5ever or the rules is caught and the input is then rendered
/// as plain text with tags stripped and entities decoded. Pathologically deep input takes the
/// same fallback.
pub fn html_to_markdown(html: &str) -> String {
    match catch_unwind(|| convert_html(html)) {
        Ok(Some(s)) => s,
        _ => fallback(html),
    }
}

fn fallback(html: &str) -> String {
    catch_unwind(|| plain_text_fallback(html)).unwrap_or_default()
}

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
    let html = normalize_newlines(html);
    if !parseable(&html) {
        return None;
    }
    render(&dom::parse(&html)?, &Texts::default())
}

/// The rules over a parsed tree, then the lines tidied; `None` when it nests too deep. The text
/// nodes' text goes to `texts` as it is read.
fn render(tree: &RcDom, texts: &Texts) -> Option<String> {
    #[cfg(test)]
    if FORCE_PANIC.with(|f| f.get()) {
        panic!("forced panic (test hook)");
    }
    let mut md = Md::new();
    Walk::new(texts).document(&tree.document, &mut md).ok()?;
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
    // The start of the next line; `None` past the last one.
    let mut next = Some(0);
    while let Some(start) = next {
        let end = line_end(s, start);
        next = (end < s.len()).then_some(end + 1);
        let raw = &s[start..end];
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
        // A fence line, after the quote and list-item indentation that holds it.
        if let Some((ch, len)) = detect::fence_open(&raw[detect::container_prefix(raw)..]) {
            next = next.and_then(|from| fenced_lines(s, from, ch, len, &mut out));
        }
    }
    out
}

/// Where the line holding `at` ends: its `\n`, or the end of the text.
#[inline]
fn line_end(s: &str, at: usize) -> usize {
    scan::find_byte(&s.as_bytes()[at..], b'\n').map_or(s.len(), |p| at + p)
}

/// Copies the lines of a fenced code block from `from` to its closing fence, each after a line
/// break, as they are; returns where the line after the fence starts. Only a line holding the
/// fence character can close the block, so the copy goes from one of those to the next (a
/// search over the text, not a look at each line).
fn fenced_lines(s: &str, mut from: usize, ch: u8, len: usize, out: &mut String) -> Option<usize> {
    loop {
        let Some(at) = scan::find_byte(&s.as_bytes()[from..], ch).map(|p| from + p) else {
            out.push('\n');
            out.push_str(&s[from..]);
            return None;
        };
        let start = s.as_bytes()[from..at].iter().rposition(|&b| b == b'\n').map_or(from, |p| from + p + 1);
        let end = line_end(s, at);
        out.push('\n');
        out.push_str(&s[from..end]);
        let raw = &s[start..end];
        let next = (end < s.len()).then_some(end + 1);
        if detect::is_fence_close(&raw[detect::container_prefix(raw)..], ch, len) {
            return next;
        }
        from = next?;
    }
}

#[cfg(test)]
mod tests;
