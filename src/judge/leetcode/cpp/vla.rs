//! A lambda that uses a variable-length array of more than one dimension (`int f[m][n + 1];`,
//! then `[&](int i, int j) { return f[i][j]; }`, common in LeetCode's C++ memoised searches),
//! for GCC, which refuses to capture one in any version (`sorry, unimplemented: capture of
//! variably-modified type`) where LeetCode's Clang compiles it. The array is not captured at all:
//! its address and bounds are, as plain values declared after it, and the lambda's body starts by
//! declaring a reference of the array's type under the array's name (a variably-modified type may
//! be declared inside the body; only a capture of one is refused). Everything is added on the
//! lines already there, so the compiler's line numbers stay the user's.

use super::scan::{closing, is_word, mentions};

/// One such array: its name, element type and bounds, the end of its declaration (the `;`) and
/// of the block it is declared in.
struct Array<'a> {
    name: &'a str,
    ty: &'a str,
    bounds: Vec<&'a str>,
    semicolon: usize,
    scope_end: usize,
}

/// The code with every lambda that uses such an array given it by reference, or `None` when no
/// lambda uses one.
pub(super) fn without_array_captures(code: &str, scan: &str) -> Option<String> {
    let mut edits: Vec<(usize, String)> = Vec::new();
    for a in arrays(code, scan) {
        let bodies: Vec<Lambda> = lambdas(scan, a.semicolon, a.scope_end)
            .into_iter()
            .filter(|l| mentions(&scan[l.brace..l.end], a.name))
            .collect();
        // A capture that names the array (`[&f]`) cannot be rewritten here.
        if bodies.is_empty() || bodies.iter().any(|l| mentions(l.captures, a.name)) {
            continue;
        }
        let n = a.name;
        let bounds: Vec<String> = a.bounds.iter().enumerate().map(|(k, b)| format!("oj_{n}_{k} = ({b})")).collect();
        edits.push((a.semicolon + 1, format!(" void* const oj_{n} = {n}; const long long {};", bounds.join(", "))));
        let dims: String = (0..a.bounds.len()).map(|k| format!("[oj_{n}_{k}]")).collect();
        for l in bodies {
            edits.push((l.brace + 1, format!(" auto& {n} = *static_cast<{}(*){dims}>(oj_{n});", a.ty)));
        }
    }
    if edits.is_empty() {
        return None;
    }
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = code.to_string();
    for (at, text) in edits {
        out.insert_str(at, &text);
    }
    Some(out)
}

/// The declarations `TYPE NAME[a][b]…;` inside a function's body with two bounds or more, one of
/// them not a constant's (a lower-case name in it: `n`, `k + 1`, `nums.size()`).
fn arrays<'a>(code: &'a str, scan: &str) -> Vec<Array<'a>> {
    let b = scan.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    for (semicolon, c) in scan.bytes().enumerate() {
        if matches!(c, b';' | b'{' | b'}') {
            if c == b';'
                && let Some(mut a) = declaration(code, scan, start, semicolon)
                && let Some(open) = enclosing(b, start)
                && in_function(scan, open)
                && let Some(end) = closing(b, open)
            {
                a.scope_end = end;
                out.push(a);
            }
            start = semicolon + 1;
        }
    }
    out
}

/// The statement `scan[start..semicolon]` as such a declaration.
fn declaration<'a>(code: &'a str, scan: &str, start: usize, semicolon: usize) -> Option<Array<'a>> {
    let text = &scan[start..semicolon];
    let first = text.find('[')?;
    let head = text[..first].trim_end();
    let name_at = head.rfind(|c: char| !is_word(c as u8)).map_or(0, |k| k + 1);
    let (ty, name) = (head[..name_at].trim(), &head[name_at..]);
    let (code_ty, code_name) = (code[start..start + name_at].trim(), &code[start + name_at..start + head.len()]);
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':' || c == ' ';
    let keyword = ["return", "delete", "throw", "case", "goto", "static", "const", "extern"];
    let first_word = ty.split_whitespace().next()?;
    if name.is_empty() || !ty.chars().all(plain) || keyword.contains(&first_word) || name.starts_with(char::is_numeric)
    {
        return None;
    }
    // The bounds, back to back up to the `;`.
    let mut bounds = Vec::new();
    let mut at = start + first;
    loop {
        let close = closing(scan.as_bytes(), at)?;
        bounds.push(code[at + 1..close].trim());
        let rest = &scan[close + 1..semicolon];
        if rest.trim().is_empty() {
            break;
        }
        at = close + 1 + rest.find('[').filter(|&k| rest[..k].trim().is_empty())?;
    }
    let variable = bounds
        .iter()
        .any(|b| b.split(|c: char| !is_word(c as u8)).any(|w| w.starts_with(|c: char| c.is_ascii_lowercase())));
    (bounds.len() >= 2 && variable && !bounds.iter().any(|b| b.is_empty() || b.contains(';'))).then_some(Array {
        name: code_name,
        ty: code_ty,
        bounds,
        semicolon,
        scope_end: 0,
    })
}

/// The `{` of the innermost block that is open at `at`.
fn enclosing(b: &[u8], at: usize) -> Option<usize> {
    let mut depth = 0usize;
    for k in (0..at).rev() {
        match b[k] {
            b'}' => depth += 1,
            b'{' if depth == 0 => return Some(k),
            b'{' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// Whether the block opened at `open` is a function's body or a block inside one, not a class's.
fn in_function(scan: &str, open: usize) -> bool {
    let before = scan[..open].trim_end();
    let word = before.rsplit(|c: char| !is_word(c as u8)).next().unwrap_or("");
    before.ends_with([')', '{', ';', '}'])
        || ["const", "override", "noexcept", "else", "do", "try", "mutable"].contains(&word)
}

/// A lambda: its captures' text, its body's `{` and `}`.
struct Lambda<'a> {
    captures: &'a str,
    brace: usize,
    end: usize,
}

/// The lambdas between `from` and `to`.
fn lambdas(scan: &str, from: usize, to: usize) -> Vec<Lambda<'_>> {
    let b = scan.as_bytes();
    let mut out = Vec::new();
    for (at, _) in scan[from..to].match_indices('[').map(|(k, s)| (k + from, s)) {
        let before = scan[..at].trim_end();
        let after_word = before.ends_with(|c: char| is_word(c as u8) || c == ']' || c == ')');
        // `return [&](…)` is a lambda; `a[i]`, `f(x)[i]` and `[[attributes]]` are not.
        if (after_word && !before.ends_with("return")) || b.get(at + 1) == Some(&b'[') || before.ends_with('[') {
            continue;
        }
        let Some(close) = closing(b, at) else { continue };
        let rest = scan[close + 1..].trim_start();
        let mut brace = close + 1 + (scan[close + 1..].len() - rest.len());
        if rest.starts_with('(') {
            let Some(paren) = closing(b, brace) else { continue };
            let Some(k) = scan[paren..].find('{') else { continue };
            if scan[paren + 1..paren + k].contains([';', '(', ')', '=']) {
                continue;
            }
            brace = paren + k;
        } else if !rest.starts_with('{') {
            continue;
        }
        if let Some(end) = closing(b, brace).filter(|&e| e <= to) {
            out.push(Lambda { captures: &scan[at + 1..close], brace, end });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::scan::blank;
    use super::without_array_captures;

    fn rewrite(code: &str) -> Option<String> {
        without_array_captures(code, &blank(code))
    }

    #[test]
    fn a_lambda_gets_the_array_by_reference_on_the_same_lines() {
        let code = "int count(int m, int n) {\n    long long f[m][n + 1];\n    memset(f, -1, sizeof(f));\n    \
auto dfs = [&](int i, int j) -> long long {\n        return i < 0 ? 1 : f[i][j];\n    };\n    return dfs(m - 1, n);\n}";
        let out = rewrite(code).unwrap();
        assert_eq!(out.lines().count(), code.lines().count());
        assert!(
            out.contains(
                "long long f[m][n + 1]; void* const oj_f = f; const long long oj_f_0 = (m), oj_f_1 = (n + 1);"
            ),
            "{out}"
        );
        assert!(out.contains("-> long long { auto& f = *static_cast<long long(*)[oj_f_0][oj_f_1]>(oj_f);\n"), "{out}");
        // Outside the lambda the array is untouched.
        assert!(out.contains("    memset(f, -1, sizeof(f));\n"), "{out}");
    }

    #[test]
    fn nested_lambdas_and_a_function_object() {
        let code = "void go(int n) {\n    bool vis[n][n];\n    function<void(int)> dfs = [&](int i) {\n        \
auto ok = [&](int j) { return !vis[i][j]; };\n        if (ok(i)) vis[i][i] = true;\n    };\n}";
        let out = rewrite(code).unwrap();
        assert_eq!(out.matches("auto& vis = *static_cast<bool(*)[oj_vis_0][oj_vis_1]>(oj_vis);").count(), 2, "{out}");
    }

    #[test]
    fn what_is_left_alone() {
        for code in [
            // Constant bounds, one bound, no lambda that uses it, a class member, a named capture.
            "void f() { int a[N][M]; auto g = [&] { return a[0][0]; }; }",
            "void f(int n) { int a[n]; auto g = [&] { return a[0]; }; }",
            "void f(int n) { int a[n][n]; auto g = [&] { return n; }; a[0][0] = 1; }",
            "class S { int a[maxn][maxn]; int f() { auto g = [&] { return a[0][0]; }; return g(); } };",
            "void f(int n) { int a[n][n]; auto g = [&a] { return a[0][0]; }; }",
            // Indexing and a return of an element are not declarations.
            "void f(int n) { x[i][j] = 1; return a[i][j]; }",
        ] {
            assert_eq!(rewrite(code), None, "{code}");
        }
    }
}
