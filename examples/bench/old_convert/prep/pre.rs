//! Pass 1: `<pre>` text and fenced code blocks.

use crate::old_convert::entities::decode_entities_into;
use crate::old_convert::lexer::attr;
use crate::old_convert::markers::{M_SOFT_BREAK, is_sentinel, kept_space};
use crate::old_convert::text::max_backtick_run;

/// Language of a `<pre>`/`<code>` from `class="language-x"` / `lang-x`.
pub(super) fn code_lang(attrs: &str) -> String {
    let Some(class) = attr(attrs, "class") else {
        return String::new();
    };
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

/// Verbatim text of a `<pre>` (collected as raw text with entities, `\n` for `<br>` and
/// [`M_SOFT_BREAK`] for block boundaries): entities decoded, NBSP → space, leading and trailing
/// blank lines (including the newline right after `<pre>`) dropped.
pub(super) fn pre_text(inner: &str) -> String {
    let mut decoded = String::with_capacity(inner.len());
    decode_entities_into(inner, &mut decoded);
    let mut text = String::with_capacity(decoded.len());
    for c in decoded.chars() {
        match c {
            M_SOFT_BREAK => {
                if !text.is_empty() && !text.ends_with('\n') {
                    text.push('\n');
                }
            }
            '\u{a0}' => text.push(' '),
            c if is_sentinel(c) => text.extend(kept_space(c)),
            c => text.push(c),
        }
    }
    let lines: Vec<&str> = text.split('\n').collect();
    let first = lines.iter().position(|l| !l.trim().is_empty());
    let last = lines.iter().rposition(|l| !l.trim().is_empty());
    match (first, last) {
        (Some(f), Some(l)) => lines[f..=l].join("\n"),
        _ => String::new(),
    }
}

/// A fenced code block around `body`, the fence longer than any backtick run inside.
pub(super) fn fence_block(body: &str, lang: &str) -> String {
    let fence = "`".repeat(max_backtick_run(body).max(2) + 1);
    let mut s = String::with_capacity(body.len() + 2 * fence.len() + lang.len() + 2);
    s.push_str(&fence);
    s.push_str(lang);
    s.push('\n');
    if !body.is_empty() {
        s.push_str(body);
        s.push('\n');
    }
    s.push_str(&fence);
    s
}
