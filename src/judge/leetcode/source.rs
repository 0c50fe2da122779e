//! The one source scanner of the LeetCode drivers: a program's comments and literals found by
//! its language's rules, given here as data ([`Syntax`]), and blanked so that what is left is
//! declarations and statements (or, the other way round, only the comments, where LeetCode's
//! templates define their classes). Blanking keeps every line break and every byte offset: a
//! position in the result is the same position in the code.

/// A language's comments and literals.
pub(crate) struct Syntax {
    /// Line comments (`//`, `#`).
    pub(crate) line: &'static [&'static str],
    /// A block comment's opening and closing (`/*`, `*/`).
    pub(crate) block: Option<(&'static str, &'static str)>,
    /// Block comments nest (Rust).
    pub(crate) nested: bool,
    /// Quotes of escaped literals (`"`, `'`), which end at the line's end unless `multiline`.
    pub(crate) quotes: &'static [u8],
    pub(crate) multiline: bool,
    /// Raw literals, opening and closing, without escapes (Go's `` ` ``, Java's `"""`).
    pub(crate) raw: &'static [(&'static str, &'static str)],
    /// Rust: `r"…"`, `r#"…"#`, and `'` a character or a lifetime (left as it is).
    pub(crate) rust: bool,
    /// C++: `'` after a digit separates digits (`1'000`); `#` at a line's start is a
    /// preprocessor line (continued lines included), blanked like a comment.
    pub(crate) cpp: bool,
    /// A literal's quotes stay where they were (its content is blanked): a value is still seen
    /// to be there (Go, Rust).
    pub(crate) keep_quotes: bool,
}

pub(crate) const CPP: Syntax = Syntax {
    line: &["//"],
    block: Some(("/*", "*/")),
    nested: false,
    quotes: b"\"'",
    multiline: false,
    raw: &[],
    rust: false,
    cpp: true,
    keep_quotes: false,
};

pub(crate) const JAVA: Syntax = Syntax {
    line: &["//"],
    block: Some(("/*", "*/")),
    nested: false,
    quotes: b"\"'",
    multiline: false,
    raw: &[("\"\"\"", "\"\"\"")],
    rust: false,
    cpp: false,
    keep_quotes: false,
};

pub(crate) const GO: Syntax = Syntax {
    line: &["//"],
    block: Some(("/*", "*/")),
    nested: false,
    quotes: b"\"'",
    multiline: false,
    raw: &[("`", "`")],
    rust: false,
    cpp: false,
    keep_quotes: true,
};

pub(crate) const RUST: Syntax = Syntax {
    line: &["//"],
    block: Some(("/*", "*/")),
    nested: true,
    quotes: b"\"",
    multiline: true,
    raw: &[],
    rust: true,
    cpp: false,
    keep_quotes: true,
};

/// JavaScript and TypeScript: only comments are told apart (a `/` may start a regular
/// expression, which these rules do not read; strings are kept).
pub(crate) const JAVASCRIPT: Syntax = Syntax {
    line: &["//"],
    block: Some(("/*", "*/")),
    nested: false,
    quotes: b"",
    multiline: false,
    raw: &[],
    rust: false,
    cpp: false,
    keep_quotes: false,
};

pub(crate) const PYTHON: Syntax = Syntax {
    line: &["#"],
    block: None,
    nested: false,
    quotes: b"\"'",
    multiline: false,
    raw: &[("\"\"\"", "\"\"\""), ("'''", "'''")],
    rust: false,
    cpp: false,
    keep_quotes: false,
};

/// What a piece of the code is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece {
    Comment,
    Literal,
}

/// The code with its comments and literals blanked (spaces; line breaks kept).
pub(crate) fn code(text: &str, syntax: &Syntax) -> String {
    render(text, syntax, |piece| piece.is_some())
}

/// Only the code's comments (all else blanked, line breaks kept).
pub(crate) fn comments(text: &str, syntax: &Syntax) -> String {
    render(text, syntax, |piece| piece != Some(Piece::Comment))
}

/// `text` with the bytes of every piece `blank` says blanked.
fn render(text: &str, syntax: &Syntax, blank: impl Fn(Option<Piece>) -> bool) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut wipe = |from: usize, to: usize, piece: Option<Piece>| {
        if blank(piece) {
            out[from..to].iter_mut().filter(|c| **c != b'\n').for_each(|c| *c = b' ');
        }
    };
    let mut code_from = 0;
    for (start, end, piece) in pieces(b, syntax) {
        wipe(code_from, start, None);
        let (mut s, mut e) = (start, end);
        // The quotes stay where the rules say so; a raw string or a Rust character goes whole.
        let first = b[start];
        if piece == Piece::Literal && syntax.keep_quotes && first != b'r' && !(syntax.rust && first == b'\'') {
            s = start + 1;
            e = if end > s && b[end - 1] == first { end - 1 } else { end };
        }
        wipe(s.min(e), e, Some(piece));
        code_from = end;
    }
    wipe(code_from, b.len(), None);
    // Only ASCII bytes were replaced by spaces, and only whole comments and literals: UTF-8 still.
    String::from_utf8(out).unwrap_or_default()
}

/// Every comment and literal of the code, as byte ranges, in order.
#[cfg_attr(oj_size, optimize(size))]
fn pieces(b: &[u8], syntax: &Syntax) -> Vec<(usize, usize, Piece)> {
    let mut out = Vec::new();
    let (mut i, mut line_start) = (0, true);
    while i < b.len() {
        let rest = &b[i..];
        let found = if syntax.line.iter().any(|l| rest.starts_with(l.as_bytes())) {
            Some((line_end(b, i), Piece::Comment))
        } else if let Some((open, close)) = syntax.block.filter(|(o, _)| rest.starts_with(o.as_bytes())) {
            Some((block_end(b, i, open, close, syntax.nested), Piece::Comment))
        } else if syntax.cpp && line_start && b[i] == b'#' {
            Some((preprocessor_end(b, i), Piece::Comment))
        } else if let Some((open, close)) = syntax.raw.iter().find(|(o, _)| rest.starts_with(o.as_bytes())) {
            let from = i + open.len();
            Some((find(b, from, close.as_bytes()).map_or(b.len(), |e| e + close.len()), Piece::Literal))
        } else if syntax.rust {
            rust_literal(b, i).map(|end| (end, Piece::Literal))
        } else if syntax.quotes.contains(&b[i]) && !(syntax.cpp && b[i] == b'\'' && i > 0 && b[i - 1].is_ascii_digit())
        {
            Some((quoted_end(b, i, syntax.multiline), Piece::Literal))
        } else {
            None
        };
        match found {
            Some((end, piece)) => {
                out.push((i, end, piece));
                i = end;
            }
            None => {
                line_start = b[i] == b'\n' || (line_start && b[i].is_ascii_whitespace());
                i += 1;
            }
        }
    }
    out
}

fn find(b: &[u8], from: usize, what: &[u8]) -> Option<usize> {
    b.get(from..)?.windows(what.len()).position(|w| w == what).map(|p| p + from)
}

fn line_end(b: &[u8], from: usize) -> usize {
    b[from..].iter().position(|&c| c == b'\n').map_or(b.len(), |p| p + from)
}

fn block_end(b: &[u8], from: usize, open: &str, close: &str, nested: bool) -> usize {
    if !nested {
        return find(b, from + open.len(), close.as_bytes()).map_or(b.len(), |e| e + close.len());
    }
    let (mut depth, mut j) = (0usize, from);
    while j < b.len() {
        if b[j..].starts_with(open.as_bytes()) {
            depth += 1;
            j += open.len();
        } else if b[j..].starts_with(close.as_bytes()) {
            depth -= 1;
            j += close.len();
            if depth == 0 {
                return j;
            }
        } else {
            j += 1;
        }
    }
    b.len()
}

/// The end of a preprocessor line, continued lines included.
fn preprocessor_end(b: &[u8], mut i: usize) -> usize {
    loop {
        let end = line_end(b, i);
        if end > 0 && end < b.len() && b[end - 1] == b'\\' {
            i = end + 1;
        } else {
            return end;
        }
    }
}

/// The end of the escaped literal opening at `start` (its closing quote included).
fn quoted_end(b: &[u8], start: usize, multiline: bool) -> usize {
    let q = b[start];
    let mut i = start + 1;
    while i < b.len() && b[i] != q && (multiline || b[i] != b'\n') {
        i += if b[i] == b'\\' { 2 } else { 1 };
    }
    (i + 1).min(b.len())
}

/// A Rust literal at `i`: a string, a raw string, or a character (not a lifetime or a label).
fn rust_literal(b: &[u8], i: usize) -> Option<usize> {
    let word_before = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
    match b[i] {
        b'"' => Some(quoted_end(b, i, true)),
        b'r' if !word_before && matches!(b.get(i + 1), Some(b'"' | b'#')) => {
            let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
            if b.get(i + 1 + hashes) != Some(&b'"') {
                return None;
            }
            let close = [b"\"".as_slice(), &b"#".repeat(hashes)].concat();
            let start = i + 2 + hashes;
            Some(find(b, start, &close).map_or(b.len(), |e| e + close.len()))
        }
        b'\'' if b.get(i + 1) == Some(&b'\\') => find(b, i + 3, b"'").map(|e| e + 1),
        b'\'' => {
            let c = std::str::from_utf8(&b[i + 1..(i + 5).min(b.len())])
                .ok()
                .or_else(|| std::str::from_utf8(&b[i + 1..(i + 2).min(b.len())]).ok())
                .and_then(|s| s.chars().next())
                .map_or(1, char::len_utf8);
            (b.get(i + 1 + c) == Some(&b'\'')).then_some(i + 2 + c)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_blanks_its_own_comments_and_literals() {
        // `_` shows a blank.
        let show = |s: String| s.replace(' ', "_");
        let cpp = "int a = 1'000; // x\nchar c = '{';\n#include <x>\nstring s = \"}\"; /* { */ f();";
        assert_eq!(
            show(code(cpp, &CPP)),
            "int_a_=_1'000;_____\nchar_c_=____;\n____________\nstring_s_=____;_________f();"
        );
        let rust = "let s = r#\"}\"#; /* a /* b */ c */ fn f<'a>(x: &'a str) -> char { '}' }";
        assert_eq!(show(code(rust, &RUST)), "let_s_=_______;___________________fn_f<'a>(x:_&'a_str)_->_char_{_____}");
        let go = "s := `}\n{` + \"}\" // c";
        assert_eq!(show(code(go, &GO)), "s_:=_`_\n_`_+_\"_\"_____");
        let java = "String t = \"\"\"\n}\n\"\"\"; /* class Node { } */";
        assert_eq!(show(code(java, &JAVA)), "String_t_=____\n_\n___;_____________________");
        assert_eq!(show(comments(java, &JAVA)), "______________\n_\n_____/*_class_Node_{_}_*/");
        let py = "x = '#'  # c\n\"\"\"\nclass Node:\n\"\"\"";
        assert_eq!(show(code(py, &PYTHON)), "x_=_________\n___\n___________\n___");
        assert_eq!(show(code("a // b\nc /* d */ e / f", &JAVASCRIPT)), "a_____\nc_________e_/_f");
        // Multi-byte characters in comments and strings: blanked byte for byte, same offsets.
        assert_eq!(code("a /* é */ \"ü\" b", &CPP), format!("a{}b", " ".repeat(15)));
    }
}
