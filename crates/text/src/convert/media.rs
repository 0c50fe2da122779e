//! Inline math and scripts (`<sup>`, `<sub>`, `<var>`, tex-spans, `<math>`, MathJax scripts) and
//! images; URLs made safe for Markdown.

use html2text::Handle;

use super::element::{Rule, dropped, rule};
use super::inline::{collapse, collapses, format_script};
pub(super) use super::url::sanitize_url;
use super::writer::Md;
use crate::dom::{self, Node, Texts, attr, kind};

/// Nested scripts deeper than this are read as plain text.
pub(super) const MAX_SCRIPT_DEPTH: usize = 32;

/// A script or math element written inline: `^x`, `_x`, `$tex$`, `$$tex$$`.
pub(super) fn inline_math(node: &Handle, r: Rule, md: &mut Md, texts: &Texts) {
    match r {
        Rule::Sup | Rule::Sub => {
            let s = script(node, r, md.last_char().is_some_and(|c| c.is_ascii_digit()), next_is_alnum(node), texts);
            // The space a script ended with (`[a<sub>i, </sub>b<sub>i</sub>]`) is text's, collapsible.
            let (s, space) = s.strip_suffix(' ').map_or((s.as_str(), false), |s| (s, true));
            if !s.is_empty() {
                md.content(s);
            }
            if space {
                md.text(" ");
            }
        }
        Rule::Var => math(md, &script_text(node, 0, texts), false),
        Rule::Script => {
            let ty = attr(node, "type").unwrap_or_default().to_ascii_lowercase();
            if ty.starts_with("math/tex") {
                let mut tex = String::new();
                dom::push_text_content(node, &mut tex);
                math(md, &tex, ty.contains("mode=display"));
            }
        }
        _ => math(md, &math_tex(node), attr(node, "display").is_some_and(|d| d == "block")),
    }
}

/// `<sup>`/`<sub>` as text: `^x`/`_x` (`^{…}` when not a single token, or when a letter or digit
/// follows), an ordinal's letters as they are right after a digit (`1<sup>st</sup>`), or nothing.
/// A comma, semicolon or full stop that ends the script, and the white space after it, are put
/// after it (`[a<sub>i, </sub>b<sub>i</sub>]` is `[a_i, b_i]`; a script of white space is a space).
pub(super) fn script(node: &Handle, r: Rule, after_digit: bool, next_alnum: bool, texts: &Texts) -> String {
    let text = script_text(node, 0, texts);
    let ordinal = r == Rule::Sup && matches!(text.as_str(), "st" | "nd" | "rd" | "th");
    if ordinal && after_digit {
        return text;
    }
    let mut raw = String::new();
    dom::push_text_content(node, &mut raw);
    let space = raw.ends_with(collapses) || (text.trim().is_empty() && !text.is_empty());
    let body =
        text.strip_suffix([',', ';']).unwrap_or(text.strip_suffix('.').filter(|b| !b.ends_with('.')).unwrap_or(&text));
    let mut out = if body.trim().is_empty() {
        String::new()
    } else {
        format_script(if r == Rule::Sup { '^' } else { '_' }, &spaced(body), next_alnum && body.len() == text.len())
    };
    out.push_str(text[body.len()..].trim());
    if space {
        out.push(' ');
    }
    out
}

fn math(md: &mut Md, tex: &str, display: bool) {
    let tex = tex.trim();
    if !tex.is_empty() {
        let delim = if display { "$$" } else { "$" };
        md.content(&format!("{delim}{}{delim}", spaced(tex)));
    }
}

/// `<math>`: its TeX annotation (KaTeX, MathJax), else its text.
fn math_tex(node: &Handle) -> String {
    let tex =
        dom::find_all(node, |n| dom::name(n) == "annotation" && attr(n, "encoding").is_some_and(|e| e.contains("tex")));
    let mut raw = String::new();
    match tex.first() {
        Some(annotation) => dom::push_text_content(annotation, &mut raw),
        None => dom::text_nodes(node, |n| {
            dom::push_text(n, &mut raw);
            raw.push(' ');
        }),
    }
    collapse(&raw)
}

/// The one-line text of a script or `<var>`: nested scripts as `^x`/`_x`, a `<br>` as a space,
/// dropped elements left out. The text nodes' text goes to `texts` as it is read.
pub(super) fn script_text(node: &Handle, depth: usize, texts: &Texts) -> String {
    let mut raw = String::new();
    if depth > MAX_SCRIPT_DEPTH {
        dom::push_text_content(node, &mut raw);
        return collapse(&raw);
    }
    let children = node.children.borrow();
    for (k, child) in children.iter().enumerate() {
        match kind(child) {
            Node::Text => texts.read(child, |t| raw.push_str(t)),
            Node::Element(name) => {
                let r = rule(name);
                if r == Rule::Drop || r == Rule::Script || dropped(child) {
                    continue;
                }
                match r {
                    Rule::Br => raw.push(' '),
                    Rule::Sup | Rule::Sub => {
                        let inner = script_text(child, depth + 1, texts);
                        if !inner.is_empty() {
                            let next = children.get(k + 1).is_some_and(starts_alnum);
                            raw.push_str(&format_script(if r == Rule::Sup { '^' } else { '_' }, &inner, next));
                        }
                    }
                    _ => raw.push_str(&script_text(child, depth + 1, texts)),
                }
            }
            Node::Other => {}
        }
    }
    collapse(&raw)
}

/// Is a script all that `node` holds (white space aside)?
pub(super) fn lone_script(node: &Handle) -> bool {
    let mut scripts = 0;
    for child in node.children.borrow().iter() {
        match kind(child) {
            Node::Element(name) if matches!(rule(name), Rule::Sup | Rule::Sub) => scripts += 1,
            Node::Text => {
                let mut s = String::new();
                dom::push_text(child, &mut s);
                if !s.chars().all(char::is_whitespace) {
                    return false;
                }
            }
            Node::Element(_) => return false,
            Node::Other => {}
        }
    }
    scripts == 1
}

/// Does the text right after `node` (its next sibling) start with a letter or digit?
fn next_is_alnum(node: &Handle) -> bool {
    let Some(parent) = node.get_parent() else { return false };
    let children = parent.children.borrow();
    let Some(i) = children.iter().position(|c| std::rc::Rc::ptr_eq(c, node)) else { return false };
    children.get(i + 1).is_some_and(starts_alnum)
}

pub(super) fn starts_alnum(node: &Handle) -> bool {
    if !matches!(kind(node), Node::Text) {
        return false;
    }
    let mut s = String::new();
    dom::push_text(node, &mut s);
    s.chars().next().is_some_and(char::is_alphanumeric)
}

/// `<img>`: `![alt](src)`; nothing without a `src`.
pub(super) fn image(node: &Handle, md: &mut Md) {
    let src = sanitize_url(&attr(node, "src").unwrap_or_default());
    if src.is_empty() {
        return;
    }
    let alt = attr(node, "alt").unwrap_or_default();
    let alt = alt.split_whitespace().collect::<Vec<_>>().join(" ").replace(['[', ']'], "");
    md.content(&format!("![{alt}]({src})"));
}

/// `s` with its non-breaking spaces made spaces (pages use them to keep a space in math).
pub(super) fn spaced(s: &str) -> String {
    s.replace('\u{a0}', " ")
}
