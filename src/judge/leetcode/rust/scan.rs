//! The signatures of Rust code as LeetCode's templates write it: each top-level `impl Type`
//! block's functions (name, `pub`, `unsafe`, receiver, parameters with their types as written,
//! return type) and the types the code defines. A scan of tokens, not a parser: comments and
//! literals are blanked first, function bodies skipped by their braces.

/// A function of an `impl` block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Func {
    pub(super) name: String,
    pub(super) public: bool,
    pub(super) unsafe_: bool,
    /// Takes `self` in some form (`&self`, `&mut self`, `self`).
    pub(super) receiver: bool,
    /// Each parameter's name (`""` for a pattern) and type, white space collapsed.
    pub(super) params: Vec<(String, String)>,
    /// The return type; `None` for `()`.
    pub(super) ret: Option<String>,
}

/// What the code defines at its top level.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Code {
    /// Each inherent `impl Type` block (trait impls are left out), in order.
    pub(super) impls: Vec<(String, Vec<Func>)>,
    /// The names of the structs, enums, type aliases and functions defined.
    pub(super) defined: Vec<String>,
}

impl Code {
    /// The functions of every `impl ty` block.
    pub(super) fn funcs(&self, ty: &str) -> Vec<&Func> {
        self.impls.iter().filter(|(t, _)| t == ty).flat_map(|(_, f)| f).collect()
    }
}

/// Scans `code` for its top-level definitions.
pub(super) fn scan(code: &str) -> Code {
    let text = blank(code);
    let toks = tokens(&text);
    let mut out = Code::default();
    let mut i = 0;
    while i < toks.len() {
        match toks[i].1 {
            "impl" => {
                let (ty, body, end) = impl_header(&toks, i + 1);
                if let Some(ty) = ty {
                    out.impls.push((ty, funcs(&text, &toks, body, end)));
                }
                i = end + 1;
            }
            "struct" | "enum" | "type" | "union" | "trait" | "fn" if i + 1 < toks.len() => {
                out.defined.push(toks[i + 1].1.to_string());
                i = skip_item(&toks, i + 1);
            }
            "{" => i = close(&toks, i) + 1,
            _ => i += 1,
        }
    }
    out
}

/// A token: its byte offset and its text.
type Tok<'a> = (usize, &'a str);

/// Comments, strings and characters made spaces (newlines kept), so that every offset still
/// points at the same place of the code: the one scanner's Rust rules (`leetcode::source`).
fn blank(code: &str) -> String {
    super::super::source::code(code, &super::super::source::RUST)
}

/// Identifiers (a lifetime with its quote) and single punctuation characters, with `::` and `->`
/// as one token.
fn tokens(text: &str) -> Vec<Tok<'_>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80;
        if c.is_ascii_whitespace() {
            i += 1;
        } else if word(c) || (c == b'\'' && b.get(i + 1).is_some_and(|&d| word(d))) {
            let start = i;
            i += 1;
            while i < b.len() && word(b[i]) {
                i += 1;
            }
            out.push((start, &text[start..i]));
        } else if b[i..].starts_with(b"::") || b[i..].starts_with(b"->") {
            out.push((i, &text[i..i + 2]));
            i += 2;
        } else {
            let n = text[i..].chars().next().map_or(1, char::len_utf8);
            out.push((i, &text[i..i + n]));
            i += n;
        }
    }
    out
}

/// The index of the bracket closing the one at `open` (or the last token).
fn close(toks: &[Tok], open: usize) -> usize {
    let mut depth = 0i32;
    for (j, (_, t)) in toks.iter().enumerate().skip(open) {
        match *t {
            "{" | "(" | "[" => depth += 1,
            "}" | ")" | "]" => {
                depth -= 1;
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
    }
    toks.len().saturating_sub(1)
}

/// The end of an item starting at `i`: its `;` or its block's closing brace.
fn skip_item(toks: &[Tok], mut i: usize) -> usize {
    while i < toks.len() {
        match toks[i].1 {
            ";" => return i + 1,
            "{" => return close(toks, i) + 1,
            "(" | "[" => i = close(toks, i) + 1,
            _ => i += 1,
        }
    }
    i
}

/// After `impl`: the type of an inherent impl (`None` for `impl Trait for Type`), the index of
/// its `{` and of its `}`.
fn impl_header(toks: &[Tok], mut i: usize) -> (Option<String>, usize, usize) {
    if toks.get(i).is_some_and(|t| t.1 == "<") {
        i = angle_end(toks, i) + 1;
    }
    let start = i;
    while i < toks.len() && toks[i].1 != "{" && toks[i].1 != ";" {
        i += 1;
    }
    let header = &toks[start..i];
    let end = if toks.get(i).is_some_and(|t| t.1 == "{") { close(toks, i) } else { i };
    if header.iter().any(|t| t.1 == "for") {
        return (None, i, end);
    }
    // The last path segment before any generics: `Solution`, `MinStack`, `a::B<T>` is `B`.
    let ty = header.iter().take_while(|t| t.1 != "<" && t.1 != "where").filter(|t| t.1 != "::").last();
    (ty.map(|t| t.1.to_string()), i, end)
}

/// The `>` closing the `<` at `open` (a `->` inside does not close).
fn angle_end(toks: &[Tok], open: usize) -> usize {
    let mut depth = 0;
    for (j, (_, t)) in toks.iter().enumerate().skip(open) {
        match *t {
            "<" => depth += 1,
            ">" => {
                depth -= 1;
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
    }
    toks.len().saturating_sub(1)
}

/// The functions between the braces at `open` and `end`.
fn funcs(text: &str, toks: &[Tok], open: usize, end: usize) -> Vec<Func> {
    let mut out = Vec::new();
    let mut i = open + 1;
    let mut mods: Vec<&str> = Vec::new();
    while i < end {
        match toks[i].1 {
            "fn" => {
                let (f, next) = func(text, toks, i + 1, &mods);
                out.extend(f);
                mods.clear();
                i = next;
            }
            "#" => i = toks.get(i + 1).filter(|t| t.1 == "[").map_or(i + 1, |_| close(toks, i + 1) + 1),
            "(" => i = close(toks, i) + 1,
            "{" => {
                i = close(toks, i) + 1;
                mods.clear();
            }
            ";" => {
                i += 1;
                mods.clear();
            }
            m => {
                mods.push(m);
                i += 1;
            }
        }
    }
    out
}

/// One function after `fn`, with the words before it; and the index after its body.
fn func(text: &str, toks: &[Tok], mut i: usize, mods: &[&str]) -> (Option<Func>, usize) {
    let Some(&(_, name)) = toks.get(i) else { return (None, i) };
    i += 1;
    if toks.get(i).is_some_and(|t| t.1 == "<") {
        i = angle_end(toks, i) + 1;
    }
    if toks.get(i).is_none_or(|t| t.1 != "(") {
        return (None, i);
    }
    let close_paren = close(toks, i).max(i + 1);
    let params = split(toks.get(i + 1..close_paren).unwrap_or_default());
    i = close_paren + 1;
    let ret_start = i;
    while i < toks.len() && !matches!(toks[i].1, "{" | ";" | "where") {
        i += 1;
    }
    let ret = (toks.get(ret_start).is_some_and(|t| t.1 == "->") && ret_start + 1 < i)
        .then(|| span(text, &toks[ret_start + 1..i]))
        .filter(|r| r != "()");
    while i < toks.len() && !matches!(toks[i].1, "{" | ";") {
        i += 1;
    }
    let after = if toks.get(i).is_some_and(|t| t.1 == "{") { close(toks, i) + 1 } else { i + 1 };
    let mut receiver = false;
    let mut ps = Vec::new();
    for p in params {
        let colon = p.iter().position(|t| t.1 == ":");
        let pattern = &p[..colon.unwrap_or(p.len())];
        if pattern.iter().any(|t| t.1 == "self") {
            receiver = true;
            continue;
        }
        let Some(colon) = colon else { continue };
        let pname = match pattern.iter().filter(|t| t.1 != "mut" && t.1 != "ref").collect::<Vec<_>>()[..] {
            [one] if one.1 != "_" => one.1.to_string(),
            _ => String::new(),
        };
        ps.push((pname, span(text, &p[colon + 1..])));
    }
    let f = Func {
        name: name.to_string(),
        public: mods.contains(&"pub"),
        unsafe_: mods.contains(&"unsafe"),
        receiver,
        params: ps,
        ret,
    };
    (Some(f), after)
}

/// The tokens of a parameter list split at its top-level commas.
fn split<'a, 'b>(toks: &'b [Tok<'a>]) -> Vec<&'b [Tok<'a>]> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (j, (_, t)) in toks.iter().enumerate() {
        match *t {
            "<" | "(" | "[" | "{" => depth += 1,
            ">" | ")" | "]" | "}" => depth -= 1,
            "," if depth == 0 => {
                out.push(&toks[start..j]);
                start = j + 1;
            }
            _ => {}
        }
    }
    if start < toks.len() {
        out.push(&toks[start..]);
    }
    out
}

/// The code from the first token to the end of the last, white space collapsed.
fn span(text: &str, toks: &[Tok]) -> String {
    let (Some(first), Some(last)) = (toks.first(), toks.last()) else { return String::new() };
    text[first.0..last.0 + last.1.len()].split_whitespace().collect::<Vec<_>>().join(" ")
}
