//! The statement's text as its phrases are looked up in: the converter's Markdown (or the
//! backend's own Markdown) with its markup gone, lower-cased, white space collapsed, TeX's
//! braces, dollars and backslashes dropped, `^` written tight (`10 ^ {-5}` and `10<sup>-5</sup>`
//! both read `10^-5`), superscript digits as `^` and digits, and no space next to a CJK
//! character (`以 任意 顺序` reads `以任意顺序`). Linear: a tag is looked for at most
//! `TAG_MAX` bytes ahead.

/// A `<` whose `>` is further than this is text, not a tag.
const TAG_MAX: usize = 200;

/// `md` as plain text for phrase look-ups (see the module documentation).
pub fn plain(md: &str) -> String {
    let mut out = String::with_capacity(md.len());
    let mut rest = md;
    let mut tight = false;
    // The previous character was a superscript digit or minus: `¹⁰` is one exponent.
    let mut in_sup = false;
    while let Some(c) = rest.chars().next() {
        if c == '<'
            && let Some(len) = tag_len(rest)
        {
            let sup = rest[1..].get(..3).is_some_and(|t| t.eq_ignore_ascii_case("sup"));
            rest = &rest[len..];
            if sup {
                caret(&mut out);
                tight = true;
            } else {
                space(&mut out, rest);
            }
            continue;
        }
        if c == '&'
            && let Some((decoded, len)) = entity(rest)
        {
            rest = &rest[len..];
            if decoded == ' ' {
                space(&mut out, rest);
            } else {
                out.push(decoded);
            }
            continue;
        }
        rest = &rest[c.len_utf8()..];
        if c == '\n' && block_starts(rest) {
            // A paragraph, list item, heading, quote or table row ends a sentence.
            while out.ends_with(' ') {
                out.pop();
            }
            if !out.is_empty() && !out.ends_with('\n') {
                out.push('\n');
            }
            in_sup = false;
            continue;
        }
        if c.is_whitespace() {
            if !tight && !out.ends_with('\n') {
                space(&mut out, rest);
            }
            in_sup = false;
            continue;
        }
        tight = false;
        let sup = superscript(c);
        if let Some(s) = sup {
            if !in_sup {
                caret(&mut out);
            }
            out.push(s);
            in_sup = true;
            continue;
        }
        in_sup = false;
        match c {
            '$' | '{' | '}' | '\\' | '*' | '`' | '\u{200b}' | '\u{200c}' | '\u{200d}' | '\u{feff}' => {}
            '^' => {
                caret(&mut out);
                tight = true;
            }
            '−' | '–' => out.push('-'),
            c if c.is_ascii() => out.push(c.to_ascii_lowercase()),
            c => out.extend(c.to_lowercase()),
        }
    }
    while out.ends_with([' ', '\n']) {
        out.pop();
    }
    out
}

/// Whether the Markdown after a line break starts a block: a blank line, a list item, a heading,
/// a quote, a table row or a fence.
fn block_starts(next: &str) -> bool {
    let t = next.trim_start_matches([' ', '\t']);
    let item = t.strip_prefix(['-', '*', '+']).is_some_and(|r| r.starts_with(' '))
        || t.find(". ").is_some_and(|i| i > 0 && t[..i].bytes().all(|b| b.is_ascii_digit()));
    t.starts_with(['\n', '#', '>', '|', '`']) || item
}

/// Writes `^`, the spaces before it dropped.
fn caret(out: &mut String) {
    while out.ends_with(' ') {
        out.pop();
    }
    out.push('^');
}

/// One space, none at the start, none twice, none beside a CJK character (whose text has no
/// spaces between words: a tag there leaves one that would split a phrase).
fn space(out: &mut String, next: &str) {
    let before = out.chars().next_back();
    let after = next.trim_start().chars().next();
    let closes = |c: char| cjk(c) || ".,;:!?)]".contains(c);
    if before.is_none_or(|b| b == ' ' || b == '^' || b == '(' || cjk(b)) || after.is_some_and(closes) {
        return;
    }
    out.push(' ');
}

/// Chinese, Japanese and full-width characters and punctuation.
pub fn cjk(c: char) -> bool {
    matches!(c as u32, 0x3000..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF)
}

/// A superscript digit or minus as its plain character.
fn superscript(c: char) -> Option<char> {
    match c {
        '⁻' => Some('-'),
        '⁰' => Some('0'),
        '¹' => Some('1'),
        '²' => Some('2'),
        '³' => Some('3'),
        '⁴'..='⁹' => char::from_u32(c as u32 - '⁴' as u32 + '4' as u32),
        _ => None,
    }
}

/// The length of the tag at the start of `s` (`<p>`, `</strong>`, `<br/>`, `<!-- … -->` up to its
/// first `>`), or `None` when the `<` is text (`a < b`, `<=`).
fn tag_len(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if !b.get(1).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'/' || *c == b'!') {
        return None;
    }
    let window = &b[..b.len().min(TAG_MAX)];
    window.iter().position(|&c| c == b'>').map(|end| end + 1)
}

fn entity(s: &str) -> Option<(char, usize)> {
    const ENTITIES: &[(&str, char)] = &[
        ("&lt;", '<'),
        ("&gt;", '>'),
        ("&amp;", '&'),
        ("&nbsp;", ' '),
        ("&minus;", '-'),
        ("&times;", '×'),
        ("&le;", '≤'),
        ("&ge;", '≥'),
        ("&quot;", '"'),
        ("&#39;", '\''),
    ];
    ENTITIES.iter().find(|(name, _)| s.starts_with(name)).map(|(name, c)| (*c, name.len()))
}

/// The sentences of plain text: split after `.`, `!`, `?` followed by a space, after the CJK
/// full stops, and at the line breaks `plain` keeps between blocks. A sentence keeps its end mark.
pub fn sentences(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let mut end = rest.len();
        for (i, c) in rest.char_indices() {
            let next = rest[i + c.len_utf8()..].chars().next();
            let stop = match c {
                '。' | '！' | '？' | '．' | '\n' => true,
                // `0.5` and `e.g.x` go on; `10^-6.` and `any of them. ` end.
                '.' | '!' | '?' => next.is_none_or(|n| n == ' '),
                _ => false,
            };
            if stop {
                end = i + c.len_utf8();
                break;
            }
        }
        let (s, r) = rest.split_at(end);
        rest = r.trim_start();
        Some(s.trim())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_tex_and_spaces() {
        assert_eq!(plain("You may return it in <strong>any order</strong>."), "you may return it in any order.");
        assert_eq!(plain("in **any  order**"), "in any order");
        assert_eq!(plain("error at most $10 ^ {-5}$"), "error at most 10^-5");
        assert_eq!(plain("at most 10<sup>-6</sup>."), "at most 10^-6.");
        assert_eq!(plain("at most 10<sup> −6 </sup>"), "at most 10^-6");
        assert_eq!(plain("within 10⁻⁶ or 10⁹"), "within 10^-6 or 10^9");
        assert_eq!(plain("以 任意 顺序&nbsp;返回"), "以任意顺序返回");
        assert_eq!(plain("в любом  порядке"), "в любом порядке");
        assert_eq!(plain("a < b and c<=d"), "a < b and c<=d");
        assert_eq!(plain("x\u{200b} = 5"), "x = 5");
        assert_eq!(plain("1 \\times 10^{-6}"), "1 times 10^-6");
    }

    #[test]
    fn blocks_end_sentences() {
        let s: Vec<String> = sentences(&plain("a\nb\n\nc.\n- d\n- e\n## f")).map(String::from).collect();
        assert_eq!(s, ["a b", "c.", "- d", "- e", "## f"]);
    }

    #[test]
    fn sentences_split_at_full_stops() {
        let s: Vec<&str> = sentences("print 0.5. if many, print any. 答案唯一。ok").collect();
        assert_eq!(s, ["print 0.5.", "if many, print any.", "答案唯一。", "ok"]);
    }
}
