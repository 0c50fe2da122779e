//! Legacy Codeforces HTML (`div.problem-statement`): its header repeats the title (which already
//! heads the document) and spreads the limits over label/value lines; its section titles (Input,
//! Output, Examples, Note) are plain `div`s. The header becomes one line of limits, each section
//! title a heading.

use html2text::Handle;

use super::inline::{collapse, flat_text};
use super::writer::Md;
use crate::dom::{self, has_class};

/// The header fields kept, in order, with their labels.
const LIMITS: [(&str, &str); 4] = [
    ("time-limit", "Time limit"),
    ("memory-limit", "Memory limit"),
    ("input-file", "Input"),
    ("output-file", "Output"),
];

/// The file fields' usual values, left out of the limits line.
const STANDARD: [&str; 2] = ["standard input", "standard output"];

/// Writes a `div.header` or `div.section-title` of Codeforces markup its way; false (nothing
/// written) for any other `div`.
pub(super) fn rewrite(div: &Handle, md: &mut Md) -> bool {
    let line = if has_class(div, |c| c == "header") {
        match header_line(div) {
            Some(line) => line,
            None => return false,
        }
    } else if has_class(div, |c| c == "section-title") {
        let title = flat_text(div);
        if title.is_empty() { title } else { format!("## {title}") }
    } else {
        return false;
    };
    if !line.is_empty() {
        md.block(&super::media::spaced(&line));
    }
    true
}

/// `div.header` → `Time limit: 2 seconds · Memory limit: 256 megabytes` (plus the input and output
/// files when they are not the standard streams); `None` when it holds neither a title nor a
/// limit. The title is dropped.
fn header_line(header: &Handle) -> Option<String> {
    let mut values: [Option<String>; 4] = Default::default();
    let mut title = false;
    for field in header.children.borrow().iter().filter(|c| dom::name(c) == "div") {
        if let Some(k) = LIMITS.iter().position(|(class, _)| has_class(field, |c| c == *class)) {
            values[k] = Some(field_value(field));
        }
        title |= has_class(field, |c| c == "title");
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
    Some(parts.join(" · "))
}

/// A header field's text without its label (`div.property-title`).
fn field_value(field: &Handle) -> String {
    let mut text = String::new();
    for child in field.children.borrow().iter() {
        match dom::kind(child) {
            dom::Node::Text => dom::push_text(child, &mut text),
            dom::Node::Element(_) if !has_class(child, |c| c == "property-title") => {
                dom::push_text_content(child, &mut text);
            }
            _ => {}
        }
    }
    collapse(&text)
}
