//! The plain-text fallback used when the main pipeline panics or gives up.

use super::entities::decode_entities;
use super::lexer::{Lexer, find_byte};
use super::markers::is_sentinel;
use super::tags::{Role, tag};

/// Std-only tag stripper used when the main pipeline panics or gives up: drops `<script>`,
/// `<style>` and comments, turns block tags into line breaks, decodes entities, NBSP → space.
pub(super) fn plain_text_fallback(html: &str) -> String {
    let b = html.as_bytes();
    let mut text = String::with_capacity(html.len().min(1 << 20));
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'<' {
            let next = find_byte(b, b'<', i + 1).unwrap_or(b.len());
            text.push_str(&html[i..next]);
            i = next;
            continue;
        }
        if html[i..].starts_with("<!--") {
            i = html[i + 4..].find("-->").map_or(b.len(), |k| i + 4 + k + 3);
            continue;
        }
        let next = b.get(i + 1).copied().unwrap_or(0);
        if !(next.is_ascii_alphabetic() || next == b'/' || next == b'!' || next == b'?') {
            text.push('<');
            i += 1;
            continue;
        }
        let Some(gt) = find_byte(b, b'>', i) else {
            break;
        };
        let inner = &html[i + 1..gt];
        i = gt + 1;
        let closing = inner.starts_with('/');
        let name: String = inner
            .trim_start_matches('/')
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect();
        if !closing && (name == "script" || name == "style") {
            let mut lx = Lexer { src: html, pos: i };
            lx.skip_raw(&name);
            i = lx.pos;
            continue;
        }
        let t = tag(&name);
        if t.is_block() || t.role == Role::Br {
            text.push('\n');
        } else if t.role == Role::Cell && !closing {
            text.push(' ');
        }
    }
    let decoded = decode_entities(&text);
    let mut out = String::with_capacity(decoded.len());
    let mut blank = false;
    for line in decoded.split('\n') {
        let line: String =
            line.chars().map(|c| if c == '\u{a0}' { ' ' } else { c }).filter(|&c| !is_sentinel(c)).collect();
        let line = line.trim();
        if line.is_empty() {
            blank = !out.is_empty();
            continue;
        }
        if blank {
            out.push_str("\n\n");
            blank = false;
        } else if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(line);
    }
    out
}
