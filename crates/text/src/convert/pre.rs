//! `<pre>`: its text verbatim in a fenced code block, the language from its class.

use html2text::Handle;

use super::element::{Rule, dropped, rule};
use super::inline::max_backtick_run;
use super::media::{script, script_text, starts_alnum};
use crate::dom::{self, Node, Texts, attr, kind};

/// Nesting inside a `<pre>` deeper than this is read as plain text.
const MAX_PRE_DEPTH: usize = 64;

/// The fenced code block of a `<pre>`: `<br>` and block boundaries as line breaks, scripts as
/// `^x`/`_x`, `<var>` and math as their bare text, NBSP as a space, blank lines at either end
/// dropped; the fence is longer than any backtick run inside.
pub(super) fn fenced(node: &Handle, texts: &Texts) -> String {
    let mut lang = code_lang(node);
    let mut text = String::new();
    pre_text(node, &mut text, &mut lang, 0, texts);
    if text.contains('\u{a0}') {
        text = text.replace('\u{a0}', " ");
    }
    let body = without_blank_lines_around(&text);
    let fence = "`".repeat(max_backtick_run(body).max(2) + 1);
    let mut s = String::with_capacity(body.len() + 2 * fence.len() + lang.len() + 2);
    s.push_str(&fence);
    s.push_str(&lang);
    s.push('\n');
    if !body.is_empty() {
        s.push_str(body);
        s.push('\n');
    }
    s.push_str(&fence);
    s
}

/// `text` from its first line with more than white space to its last, without copying it: the
/// first such line holds the first character that is not white space, the last one the last.
fn without_blank_lines_around(text: &str) -> &str {
    let not_blank = |c: char| !c.is_whitespace();
    let (Some(first), Some(last)) = (text.find(not_blank), text.rfind(not_blank)) else { return "" };
    let start = text[..first].rfind('\n').map_or(0, |p| p + 1);
    let end = text[last..].find('\n').map_or(text.len(), |p| last + p);
    &text[start..end]
}

/// Appends the text of `node`'s children; the first `<code>` with a language names it.
fn pre_text(node: &Handle, out: &mut String, lang: &mut String, depth: usize, texts: &Texts) {
    let children = node.children.borrow();
    for (k, child) in children.iter().enumerate() {
        let name = match kind(child) {
            Node::Text => {
                texts.read(child, |t| out.push_str(t));
                continue;
            }
            Node::Element(name) => name,
            Node::Other => continue,
        };
        let r = rule(name);
        if r == Rule::Drop || dropped(child) || (r == Rule::Script && !is_tex(child)) {
            continue;
        }
        match r {
            Rule::Br => out.push('\n'),
            Rule::Sup | Rule::Sub => {
                let (after_digit, next) = (out.ends_with(|c: char| c.is_ascii_digit()), children.get(k + 1));
                out.push_str(&script(child, r, after_digit, next.is_some_and(starts_alnum), texts));
            }
            Rule::Var | Rule::Math | Rule::Script => out.push_str(&script_text(child, 0, texts)),
            _ if depth > MAX_PRE_DEPTH => dom::push_text_content(child, out),
            Rule::Mark(_) if name == "code" => {
                if lang.is_empty() {
                    *lang = code_lang(child);
                }
                pre_text(child, out, lang, depth + 1, texts);
            }
            _ if name == "td" || name == "th" => {
                out.push(' ');
                pre_text(child, out, lang, depth + 1, texts);
            }
            _ if r.is_block() || name == "tr" => {
                soft_break(out);
                pre_text(child, out, lang, depth + 1, texts);
                soft_break(out);
            }
            _ => pre_text(child, out, lang, depth + 1, texts),
        }
    }
}

fn is_tex(node: &Handle) -> bool {
    attr(node, "type").is_some_and(|t| t.to_ascii_lowercase().starts_with("math/tex"))
}

/// A line break unless the text is empty or already at the start of a line.
fn soft_break(out: &mut String) {
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
}

/// The language of a `<pre>` or `<code>` from `class="language-x"` or `lang-x`.
fn code_lang(node: &Handle) -> String {
    let Some(class) = attr(node, "class") else { return String::new() };
    for c in class.split_ascii_whitespace() {
        let lang = c.strip_prefix("language-").or_else(|| c.strip_prefix("lang-"));
        if let Some(lang) = lang
            && !lang.is_empty()
            && lang.len() <= 20
            && lang.chars().all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '_' | '+' | '#' | '-' | '.'))
        {
            return lang.to_string();
        }
    }
    String::new()
}
