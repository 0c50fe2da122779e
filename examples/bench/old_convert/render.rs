//! Pass 2: html2text renders canonical HTML with a Markdown decorator that writes block syntax
//! directly and sentinels for inline spans.

use html2text::config::ImageRenderMode;
use html2text::render::{TaggedLine, TextDecorator};

use super::Failure;
use super::markers::{
    M_CODE_CLOSE, M_CODE_OPEN, M_DEL_CLOSE, M_DEL_OPEN, M_EM_CLOSE, M_EM_OPEN, M_LINK_CLOSE, M_LINK_OPEN,
    M_LINK_URL_END, M_STRONG_CLOSE, M_STRONG_OPEN, is_sentinel,
};
use super::prep::Prepared;

/// Pass 2 over all of pass 1's output: one html2text call per chunk (chunks are cut between
/// top-level blocks, so html2text's memory stays bounded), stashed text put back.
pub(super) fn render_chunks(prepared: &Prepared) -> Result<String, Failure> {
    let mut raw = String::with_capacity(prepared.html.len());
    let mut prev = 0;
    for cut in prepared.splits.iter().copied().chain([prepared.html.len()]) {
        let chunk = &prepared.html[prev..cut];
        prev = cut;
        if chunk.trim().is_empty() {
            continue;
        }
        raw.push_str(&prepared.stash.restore(&render_html(chunk)?));
        raw.push_str("\n\n");
    }
    Ok(raw)
}

/// One html2text call over canonical HTML, unbounded width.
pub(super) fn render_html(html: &str) -> Result<String, Failure> {
    html2text::config::with_decorator(MarkdownDecorator)
        .empty_img_mode(ImageRenderMode::ShowAlways)
        .unicode_strikeout(false)
        .no_link_wrapping()
        .allow_width_overflow()
        .link_footnotes(false)
        .string_from_read(html.as_bytes(), usize::MAX)
        .map_err(|_| Failure::Render)
}

/// html2text decorator producing Markdown block syntax directly, and sentinel characters for
/// inline spans (resolved afterwards, which lets whitespace and nesting be fixed up).
#[derive(Clone, Copy, Debug, Default)]
struct MarkdownDecorator;

impl TextDecorator for MarkdownDecorator {
    type Annotation = ();

    fn decorate_link_start(&mut self, url: &str) -> (String, ()) {
        let mut s = String::with_capacity(url.len() + 6);
        s.push(M_LINK_OPEN);
        s.extend(url.chars().filter(|&c| !is_sentinel(c) && !c.is_whitespace()));
        s.push(M_LINK_URL_END);
        (s, ())
    }
    fn decorate_link_end(&mut self) -> String {
        M_LINK_CLOSE.to_string()
    }
    fn decorate_em_start(&self) -> (String, ()) {
        (M_EM_OPEN.to_string(), ())
    }
    fn decorate_em_end(&self) -> String {
        M_EM_CLOSE.to_string()
    }
    fn decorate_strong_start(&self) -> (String, ()) {
        (M_STRONG_OPEN.to_string(), ())
    }
    fn decorate_strong_end(&self) -> String {
        M_STRONG_CLOSE.to_string()
    }
    fn decorate_strikeout_start(&self) -> (String, ()) {
        (M_DEL_OPEN.to_string(), ())
    }
    fn decorate_strikeout_end(&self) -> String {
        M_DEL_CLOSE.to_string()
    }
    fn decorate_code_start(&self) -> (String, ()) {
        (M_CODE_OPEN.to_string(), ())
    }
    fn decorate_code_end(&self) -> String {
        M_CODE_CLOSE.to_string()
    }
    fn decorate_preformat_first(&self) {}
    fn decorate_preformat_cont(&self) {}
    fn decorate_image(&mut self, src: &str, title: &str) -> (String, ()) {
        (format!("![{title}]({src})"), ())
    }
    fn header_prefix(&self, level: usize) -> String {
        let mut s = "#".repeat(level.clamp(1, 6));
        s.push(' ');
        s
    }
    fn quote_prefix(&self) -> String {
        "> ".to_string()
    }
    fn unordered_item_prefix(&self) -> String {
        "- ".to_string()
    }
    fn ordered_item_prefix(&self, i: i64) -> String {
        format!("{i}. ")
    }
    fn make_subblock_decorator(&self) -> Self {
        MarkdownDecorator
    }
    // `<sup>` never reaches html2text (the pre-processor rewrites it); `^{…}` just in case.
    fn decorate_superscript_start(&self) -> (String, ()) {
        ("^{".to_string(), ())
    }
    fn decorate_superscript_end(&self) -> String {
        "}".to_string()
    }
    fn finalise(&mut self, _links: Vec<String>) -> Vec<TaggedLine<()>> {
        Vec::new()
    }
}
