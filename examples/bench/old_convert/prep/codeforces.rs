//! Pass 1: legacy Codeforces HTML (`div.problem-statement`). Its header repeats the title (which
//! already heads the document) and spreads the limits over label/value lines; its section titles
//! (Input, Output, Examples, Note) are plain `div`s. The header becomes one line of limits, each
//! section title a heading.

use super::Prep;
use crate::old_convert::lexer::{Lexer, Tok, has_class};
use crate::old_convert::text::{escape_html_into, fragment_text};

/// The header fields kept, in order, with their labels.
const LIMITS: [(&str, &str); 4] = [
    ("time-limit", "Time limit"),
    ("memory-limit", "Memory limit"),
    ("input-file", "Input"),
    ("output-file", "Output"),
];

/// The file fields' usual values, left out of the limits line.
const STANDARD: [&str; 2] = ["standard input", "standard output"];

impl Prep<'_> {
    /// A `div` start tag in Codeforces markup: the header and section titles are read whole here
    /// (true when consumed); `div.problem-statement` marks the markup as Codeforces'.
    pub(super) fn codeforces_div(&mut self, attrs: &str) -> bool {
        if !self.codeforces {
            // A substring search first: most statements are not Codeforces', and parsing the
            // attributes of every `div` would cost them.
            self.codeforces = attrs.contains("problem-statement") && has_class(attrs, |c| c == "problem-statement");
            return false;
        }
        if !self.frames.is_empty() {
            return false;
        }
        let replaced = if has_class(attrs, |c| c == "header") {
            header_line(self.lx).map(|(line, end)| (line, end, "p"))
        } else if has_class(attrs, |c| c == "section-title") {
            element_inner(self.lx).map(|(inner, end)| (fragment_text(inner), end, "h2"))
        } else {
            None
        };
        let Some((text, end, tag)) = replaced else {
            return false;
        };
        self.lx.pos = end;
        if !text.is_empty() {
            self.out.push_str(&format!("<{tag}>"));
            escape_html_into(&text, &mut self.out);
            self.out.push_str(&format!("</{tag}>"));
        }
        true
    }
}

/// The raw content of the `div` whose start tag `lx` has just read, and the position after its
/// end tag; `None` when it is never closed.
fn element_inner(mut lx: Lexer<'_>) -> Option<(&str, usize)> {
    let from = lx.pos;
    let mut depth = 1usize;
    while let Some((tok, start)) = lx.next_tok() {
        match tok {
            Tok::Start { name, self_closing: false, .. } if name.eq_ignore_ascii_case("div") => depth += 1,
            Tok::End { name } if name.eq_ignore_ascii_case("div") => {
                depth -= 1;
                if depth == 0 {
                    return Some((&lx.src[from..start], lx.pos));
                }
            }
            _ => {}
        }
    }
    None
}

/// `div.header` → `Time limit: 2 seconds · Memory limit: 256 megabytes` (plus the input and
/// output files when they are not the standard streams), and the position after the header;
/// `None` when it holds neither a title nor a limit. The title is dropped.
fn header_line(lx: Lexer<'_>) -> Option<(String, usize)> {
    let (inner, end) = element_inner(lx)?;
    let mut values: [Option<String>; 4] = Default::default();
    let mut title = false;
    let mut sub = Lexer::new(inner);
    while let Some((tok, _)) = sub.next_tok() {
        let Tok::Start { name, attrs, self_closing: false } = tok else { continue };
        if !name.eq_ignore_ascii_case("div") {
            continue;
        }
        let Some((field, field_end)) = element_inner(sub) else { break };
        sub.pos = field_end;
        if let Some(k) = LIMITS.iter().position(|(class, _)| has_class(attrs, |c| c == *class)) {
            values[k] = Some(field_value(field));
        }
        title |= has_class(attrs, |c| c == "title");
    }
    if !title && values.iter().all(Option::is_none) {
        return None;
    }
    let parts: Vec<String> = LIMITS
        .iter()
        .zip(values)
        .filter_map(|((_, label), value)| Some((label, value?)))
        .filter(|(_, value)| !value.is_empty() && !STANDARD.contains(&value.as_str()))
        .map(|(label, value)| format!("{label}: {value}"))
        .collect();
    Some((parts.join(" · "), end))
}

/// A header field's text without its label (`div.property-title`).
fn field_value(html: &str) -> String {
    let mut lx = Lexer::new(html);
    let mut kept = String::with_capacity(html.len());
    while let Some((tok, start)) = lx.next_tok() {
        if let Tok::Start { attrs, self_closing: false, .. } = tok
            && has_class(attrs, |c| c == "property-title")
            && let Some((_, end)) = element_inner(lx)
        {
            lx.pos = end;
            continue;
        }
        kept.push_str(&html[start..lx.pos]);
    }
    fragment_text(&kept)
}
