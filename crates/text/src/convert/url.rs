//! URL sanitising for Markdown links and images, and `data:` URI shortening.

use super::DATA_URI_KEEP;

/// `data:` URIs keep their media type only: `data:image/png;base64,…omitted`.
fn shorten_data_uri(uri: &str) -> Option<String> {
    if !uri.get(..5).is_some_and(|s| s.eq_ignore_ascii_case("data:")) {
        return None;
    }
    let comma = uri.find(',').unwrap_or(uri.len());
    let payload = uri.len().saturating_sub(comma + 1);
    if payload <= DATA_URI_KEEP && uri.len() <= 64 {
        return None;
    }
    let mut head: String = uri[..comma]
        .chars()
        .filter(|c| c.is_ascii_graphic() && !matches!(c, '(' | ')' | '<' | '>' | '"'))
        .take(40)
        .collect();
    head.push_str(",…omitted");
    Some(head)
}

/// Make a URL safe inside `(…)` of a Markdown link/image.
pub(super) fn sanitize_url(url: &str) -> String {
    let url = url.trim();
    if let Some(short) = shorten_data_uri(url) {
        return short;
    }
    let mut out = String::with_capacity(url.len());
    for c in url.chars() {
        match c {
            ' ' => out.push_str("%20"),
            '(' => out.push_str("%28"),
            ')' => out.push_str("%29"),
            '<' => out.push_str("%3C"),
            '>' => out.push_str("%3E"),
            c if c.is_control() || c.is_whitespace() => {}
            c => out.push(c),
        }
    }
    out
}

/// Shorten every long `data:` URI in free text (Markdown images, raw attributes).
pub(super) fn shorten_data_uris_in(s: &str) -> String {
    let mut out = String::with_capacity(s.len().min(4096));
    let mut rest = s;
    while let Some(p) = rest.find("data:") {
        out.push_str(&rest[..p]);
        let tail = &rest[p..];
        let end =
            tail.find(|c: char| c.is_whitespace() || matches!(c, ')' | '"' | '\'' | '>' | '<')).unwrap_or(tail.len());
        match shorten_data_uri(&tail[..end]) {
            Some(short) => out.push_str(&short),
            None => out.push_str(&tail[..end]),
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}
