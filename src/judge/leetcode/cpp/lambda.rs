//! C++23's explicit object parameter in a lambda (`[&](this auto&& dfs, int i) -> int { … }`),
//! which LeetCode's Clang 19 takes, rewritten for an older compiler (GCC before 14, Clang before
//! 18). Two forms, each on the lambda's own lines so that the compiler's line numbers stay the
//! user's:
//! - `auto dfs = [&](this auto&& dfs, int i) -> int {` becomes `std::function<int(int i)> dfs; dfs
//!   = [&](int i) -> int {`, when the lambda's result is declared (or plainly `void`), its other
//!   parameters are not `auto`, and it captures everything by reference. GCC 12 deletes the
//!   destructor of a generic lambda that captures a variable-length array (`int f[n];`, common in
//!   LeetCode's C++), so only a lambda that is not generic can hold one.
//! - Any other: `this` made spaces and the lambda wrapped in `oj_leetcode::fix(…)`, which hands the
//!   lambda itself as its first argument. A lambda without a declared result that returns nothing
//!   gets `-> void`, since the wrapper cannot deduce a result its own body uses before returning.

use super::scan::{closing, is_word, opening};

/// The parts of one lambda with an explicit object parameter, as byte offsets into the code.
struct Lambda {
    /// The `[` of its captures.
    start: usize,
    /// The `(` and `)` of its parameters.
    open: usize,
    close: usize,
    /// The `this` keyword, and the end of that parameter (its `,`, else the `)`).
    this_at: usize,
    self_end: usize,
    /// The `{` and `}` of its body.
    brace: usize,
    end: usize,
}

/// An edit of the code: at `at`, `cut` bytes replaced by `text`.
type Edit = (usize, usize, String);

/// The code with every such lambda rewritten, or `None` when it has none.
pub(super) fn without_explicit_this(code: &str, scan: &str) -> Option<String> {
    let mut edits: Vec<Edit> = Vec::new();
    for (at, _) in scan.match_indices("this") {
        let Some(l) = lambda(scan, at) else { continue };
        match as_function(code, scan, &l) {
            Some(mut e) => edits.append(&mut e),
            None => edits.append(&mut wrapped(scan, &l)),
        }
    }
    if edits.is_empty() {
        return None;
    }
    // From the end backwards, so that each edit's offsets still hold; a stable sort keeps two
    // inserts at one place in the order they were made, reversed (the later one lands first).
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = code.as_bytes().to_vec();
    for (at, cut, text) in edits {
        out.splice(at..at + cut, text.bytes());
    }
    String::from_utf8(out).ok()
}

/// The lambda whose first parameter starts with the `this` at `at`, if it is one.
fn lambda(scan: &str, at: usize) -> Option<Lambda> {
    let b = scan.as_bytes();
    let word = |k: Option<usize>| k.and_then(|k| b.get(k)).is_some_and(|&c| is_word(c));
    let before = scan[..at].trim_end();
    if word(at.checked_sub(1)) || word(Some(at + 4)) || !before.ends_with('(') {
        return None;
    }
    let open = before.len() - 1;
    let start = opening(b, scan[..open].trim_end().strip_suffix(']')?.len())?;
    let close = closing(b, open)?;
    let brace = scan[close..].find('{')? + close;
    let self_end = scan[at..close].find(',').map_or(close, |k| k + at);
    Some(Lambda { start, open, close, this_at: at, self_end, brace, end: closing(b, brace)? })
}

/// The `std::function` form's edits, when the lambda allows it.
fn as_function(code: &str, scan: &str, l: &Lambda) -> Option<Vec<Edit>> {
    let name_end = scan[..l.start].trim_end().strip_suffix('=')?.trim_end();
    let name_at = name_end.rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))? + 1;
    let name = &name_end[name_at..];
    let decl = scan[..name_at].trim_end().strip_suffix("auto")?;
    let prior = decl.trim_end();
    let own_statement = prior.is_empty() || prior.ends_with([';', '{', '}']);
    let spaced = decl.is_empty() || decl.ends_with(char::is_whitespace);
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) || !spaced {
        return None;
    }
    if !own_statement || scan[l.start + 1..l.open].trim().trim_end_matches(']').trim() != "&" {
        return None;
    }
    let result = result(scan, l)?;
    let rest = if l.self_end < l.close { &code[l.self_end + 1..l.close] } else { "" };
    if rest.contains("auto") || rest.contains('=') || result.contains("auto") {
        return None;
    }
    let rest: String = rest.split_whitespace().collect::<Vec<_>>().join(" ");
    let head = format!("std::function<{result}({rest})> {name}; {name} = ");
    // From `auto` to the `[`, which must be on one line: the lines stay where they were.
    let auto_at = decl.len();
    if code[auto_at..l.start].contains('\n') {
        return None;
    }
    let mut edits = vec![(auto_at, l.start - auto_at, head)];
    let this_param = scan[l.this_at..l.self_end].trim_end();
    let self_name = &this_param[this_param.rfind(|c: char| !is_word(c as u8)).map_or(0, |k| k + 1)..];
    let cut = (l.self_end + 1).min(l.close) - l.this_at;
    edits.push((l.this_at, cut, blank_line_safe(&code[l.this_at..l.this_at + cut])));
    if self_name != name && !self_name.is_empty() {
        edits.push((l.brace + 1, 0, format!(" auto& {self_name} = {name};")));
    }
    Some(edits)
}

/// The lambda's declared result, or `void` when it declares none and returns no value; `None`
/// when neither holds or something else (`mutable`, `noexcept`) stands before the body.
fn result(scan: &str, l: &Lambda) -> Option<String> {
    let spec = scan[l.close + 1..l.brace].trim();
    if let Some(declared) = spec.strip_prefix("->") {
        let declared = declared.split_whitespace().collect::<Vec<_>>().join(" ");
        return (!declared.is_empty()).then_some(declared);
    }
    (spec.is_empty() && !returns_value(&scan[l.brace + 1..l.end])).then(|| "void".to_string())
}

/// Whether a body (nested lambdas' included) has a `return` with a value.
fn returns_value(body: &str) -> bool {
    let b = body.as_bytes();
    body.match_indices("return").any(|(k, _)| {
        let alone = (k == 0 || !is_word(b[k - 1])) && b.get(k + 6).is_none_or(|&c| !is_word(c));
        alone && !body[k + 6..].trim_start().starts_with(';')
    })
}

/// The `fix(…)` form's edits: `this` blanked, the wrapper around the lambda, `-> void` where the
/// lambda returns nothing and declares no result.
fn wrapped(scan: &str, l: &Lambda) -> Vec<Edit> {
    let mut edits = vec![
        (l.start, 0, "oj_leetcode::fix(".to_string()),
        (l.end + 1, 0, ")".to_string()),
        (l.this_at, 4, "    ".to_string()),
    ];
    let spec = scan[l.close + 1..l.brace].trim();
    if spec.is_empty() && !returns_value(&scan[l.brace + 1..l.end]) {
        edits.push((l.close + 1, 0, " -> void".to_string()));
    }
    edits
}

/// Spaces for `text`, its line breaks kept.
fn blank_line_safe(text: &str) -> String {
    text.chars().map(|c| if c == '\n' { '\n' } else { ' ' }).collect()
}

#[cfg(test)]
mod tests {
    use super::super::scan::blank;
    use super::without_explicit_this;

    fn rewrite(code: &str) -> Option<String> {
        without_explicit_this(code, &blank(code))
    }

    #[test]
    fn a_declared_result_and_reference_captures_make_a_std_function() {
        // Shaped like a memoised search over a variable-length array, GCC 12's trouble.
        let code = "int f[n];\n    auto dfs = [&](this auto&& dfs, int i, vector<int>& v) -> int {\n        return i ? dfs(i - 1, v) : 0;\n    };";
        let out = rewrite(code).unwrap();
        assert_eq!(
            out,
            "int f[n];\n    std::function<int(int i, vector<int>& v)> dfs; dfs = [&](                 int i, vector<int>& v) -> int {\n        return i ? dfs(i - 1, v) : 0;\n    };"
        );
        // Another name for itself: bound to the variable; no other parameter.
        let out = rewrite("auto go = [&](this auto& self) -> long long { return self(); };").unwrap();
        assert_eq!(
            out,
            "std::function<long long()> go; go = [&](               ) -> long long { auto& self = go; return self(); };"
        );
    }

    #[test]
    fn a_lambda_that_returns_nothing_is_void() {
        let code = "auto dfs = [&](this auto&& dfs, int i) {\n    if (i >= n) { ++ans; return; }\n    dfs(i + 1);\n};";
        let out = rewrite(code).unwrap();
        assert!(out.starts_with("std::function<void(int i)> dfs; dfs = [&]("), "{out}");
        assert_eq!(out.lines().count(), code.lines().count());
        // Captures by value: the wrapper, with `-> void`.
        let out = rewrite("auto dfs = [=](this auto&& dfs, int i) { if (i) dfs(i - 1); };").unwrap();
        assert_eq!(out, "auto dfs = oj_leetcode::fix([=](     auto&& dfs, int i) -> void { if (i) dfs(i - 1); });");
    }

    #[test]
    fn other_lambdas_are_wrapped() {
        let code = "auto f = [&](this auto&& f, int i) -> int {\n    auto g = [](this auto g) { return 1; };\n    return i ? f(i - 1) : g();\n};\nint x = (this)->y;";
        let out = rewrite(code).unwrap();
        // `f`'s result is declared and it captures by reference; `g` captures nothing and returns a
        // value whose type only the compiler knows.
        assert_eq!(
            out,
            "std::function<int(int i)> f; f = [&](               int i) -> int {\n    auto g = oj_leetcode::fix([](     auto g) { return 1; });\n    return i ? f(i - 1) : g();\n};\nint x = (this)->y;"
        );
        // An `auto` parameter, a `mutable` lambda, a declaration split over lines: wrapped.
        for code in [
            "auto f = [&](this auto&& f, auto x) -> int { return f(x); };",
            "auto f = [&](this auto&& f, int x) mutable -> int { return f(x); };",
            "auto f =\n [&](this auto&& f, int x) -> int { return f(x); };",
            "const auto f = [&](this auto&& f, int x) -> int { return f(x); };",
        ] {
            assert!(rewrite(code).unwrap().contains("oj_leetcode::fix("), "{code}");
        }
        assert_eq!(without_explicit_this("[this] { f(this); }", "[this] { f(this); }"), None);
    }
}
