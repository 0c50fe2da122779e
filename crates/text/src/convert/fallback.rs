//! The plain-text fallback used when the main pipeline panics or gives up.

use super::element::{Rule, rule};

/// Std-only tag stripper used when the main pipeline panics or gives up (html5ever is not trusted
/// here): drops `<script>`, `<style>` and comments, turns block tags into line breaks, decodes
/// the common references, NBSP → space.
pub(super) fn plain_text_fallback(html: &str) -> String {
    let b = html.as_bytes();
    let mut text = String::with_capacity(html.len().min(1 << 20));
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'<' {
            let next = html[i..].find('<').map_or(b.len(), |k| i + k);
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
        let Some(gt) = html[i..].find('>').map(|k| i + k) else { break };
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
            let close = format!("</{name}");
            i = html[i..].to_ascii_lowercase().find(&close).map_or(b.len(), |k| {
                let at = i + k;
                html[at..].find('>').map_or(b.len(), |g| at + g + 1)
            });
            continue;
        }
        match rule(&name) {
            Rule::Br => text.push('\n'),
            r if r.is_block() || name == "tr" => text.push('\n'),
            _ if !closing && (name == "td" || name == "th") => text.push(' '),
            _ => {}
        }
    }
    lines(&decode(&text))
}

/// Lines trimmed, NBSP made a space, blank-line runs made one.
fn lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = false;
    for line in text.split('\n') {
        let line = line.replace('\u{a0}', " ");
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

/// The common references (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&nbsp;`, numeric ones) decoded; any
/// other stays as written.
fn decode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(p) = rest.find('&') {
        out.push_str(&rest[..p]);
        rest = &rest[p..];
        let name = rest[1..].split(';').next().filter(|n| n.len() < 10 && rest.len() > n.len() + 1).unwrap_or("");
        let num = |n: &str, radix| u32::from_str_radix(n, radix).ok().and_then(char::from_u32);
        let c = match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "nbsp" => Some(' '),
            _ => {
                name.strip_prefix("#x").map_or_else(|| name.strip_prefix('#').and_then(|n| num(n, 10)), |h| num(h, 16))
            }
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &rest[name.len() + 2..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}
