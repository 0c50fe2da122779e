//! A small reading of C++ code, enough to call it: the code with its comments and literals
//! blanked, a class's body, and the methods and constructors declared in it (name, parameters'
//! types and names, result, access). Not a C++ parser: what it does not understand it skips, and
//! the compiler has the last word.

/// A method or constructor declared in a class body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Method {
    pub(super) name: String,
    /// The result's type as written (`vector<int>`); empty for a constructor.
    pub(super) ret: String,
    /// Each parameter's type as written (`vector<int>&`) and name (empty when unnamed).
    pub(super) params: Vec<(String, String)>,
    /// How many of the last parameters have a default value (`int from = 0`).
    pub(super) defaults: usize,
    pub(super) public: bool,
    pub(super) is_static: bool,
    pub(super) is_const: bool,
    /// Its body's text (blanked), to see which methods it calls.
    pub(super) body: String,
}

/// `code` with comments, string and character literals and preprocessor lines made spaces
/// (line breaks kept), so that what is left is declarations and statements: the one scanner's
/// C++ rules (`leetcode::source`).
pub(super) fn blank(code: &str) -> String {
    super::super::source::code(code, &super::super::source::CPP)
}

/// The index of the bracket closing the one at `open` (`(`, `[`, `{` or `<`), counting only that
/// kind; `None` when unbalanced.
pub(super) fn closing(b: &[u8], open: usize) -> Option<usize> {
    let (o, c) = match b[open] {
        b'(' => (b'(', b')'),
        b'[' => (b'[', b']'),
        b'<' => (b'<', b'>'),
        _ => (b'{', b'}'),
    };
    let mut depth = 0usize;
    for (k, &x) in b.iter().enumerate().skip(open) {
        if x == o {
            depth += 1;
        } else if x == c {
            depth -= 1;
            if depth == 0 {
                return Some(k);
            }
        }
    }
    None
}

/// The index of the `[` that the `]` at `close` closes.
pub(super) fn opening(b: &[u8], close: usize) -> Option<usize> {
    let mut depth = 0usize;
    for k in (0..=close).rev() {
        match b[k] {
            b']' => depth += 1,
            b'[' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

pub(super) fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Whether `name` occurs in `text` as a whole word.
pub(super) fn mentions(text: &str, name: &str) -> bool {
    let b = text.as_bytes();
    let word = |k: Option<usize>| k.and_then(|k| b.get(k)).is_some_and(|&c| is_word(c));
    text.match_indices(name).any(|(i, _)| !word(i.checked_sub(1)) && !word(Some(i + name.len())))
}

/// The body of `class name { … }` or `struct name { … }` (a definition, not a declaration), and
/// whether it is a struct (members public until said otherwise).
pub(super) fn class_body<'a>(scan: &'a str, name: &str) -> Option<(&'a str, bool)> {
    let b = scan.as_bytes();
    for keyword in ["class", "struct"] {
        let mut from = 0;
        while let Some(at) = scan[from..].find(keyword).map(|p| p + from) {
            from = at + keyword.len();
            let rest = scan[from..].trim_start();
            if (at > 0 && is_word(b[at - 1])) || !rest.starts_with(name) {
                continue;
            }
            let after = &rest[name.len()..];
            if after.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
                continue;
            }
            // `final`, a base clause: up to the body, unless a `;` says it was a declaration.
            let Some(open) = after.find(['{', ';']).filter(|&k| after.as_bytes()[k] == b'{') else { continue };
            let open = scan.len() - after.len() + open;
            let close = closing(b, open)?;
            return Some((&scan[open + 1..close], keyword == "struct"));
        }
    }
    None
}

/// Whether the code declares `name` itself: a class or struct of that name (defined), or an
/// alias (`using Node = pair<int, int>;`, `typedef … Node;`).
pub(super) fn declares(scan: &str, name: &str) -> bool {
    class_body(scan, name).is_some()
        || scan.split(';').any(|statement| {
            let spaced = statement.replace('=', " = ");
            let words: Vec<&str> = spaced.split_whitespace().collect();
            (words.first() == Some(&"typedef") && words.last() == Some(&name))
                || words.windows(3).any(|w| w == ["using", name, "="])
        })
}

/// The methods and constructors declared at the top level of a class body, in order.
pub(super) fn methods(body: &str, class: &str, is_struct: bool) -> Vec<Method> {
    let b = body.as_bytes();
    let mut out = Vec::new();
    let mut public = is_struct;
    let (mut start, mut i) = (0, 0);
    while i < b.len() {
        match b[i] {
            b';' => {
                // A declaration alone (its body elsewhere, or `= default`).
                if let Some(mut m) = header(&body[start..i], class) {
                    m.public = public;
                    out.push(m);
                }
                start = i + 1;
            }
            b':' if b.get(i + 1) != Some(&b':') && (i == 0 || b[i - 1] != b':') => {
                match body[start..i].trim() {
                    "public" => public = true,
                    "private" | "protected" => public = false,
                    _ => {}
                }
                if matches!(body[start..i].trim(), "public" | "private" | "protected") {
                    start = i + 1;
                }
            }
            b'(' | b'[' => {
                // Parentheses and brackets are skipped whole: a `{` or `;` inside them is not a
                // member's end (default arguments, lambdas in initializers).
                i = closing(b, i).unwrap_or(b.len() - 1);
            }
            b'{' => {
                let end = closing(b, i).unwrap_or(b.len() - 1);
                if let Some(mut m) = header(&body[start..i], class) {
                    m.public = public;
                    m.body = body[i + 1..end].to_string();
                    out.push(m);
                    start = end + 1;
                }
                i = end;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Specifiers before a method's result type that are not part of it.
const SPECIFIERS: &[&str] = &["static", "inline", "virtual", "constexpr", "explicit", "friend", "consteval"];

/// A method's or constructor's header (`vector<int> twoSum(vector<int>& nums, int target)`), or
/// `None` for anything else (a nested class, a field with an initializer, an operator, a
/// template, a destructor).
#[cfg_attr(oj_size, optimize(size))]
fn header(text: &str, class: &str) -> Option<Method> {
    let text = text.trim();
    if text.starts_with("template") || text.contains("operator") || text.contains('~') {
        return None;
    }
    let b = text.as_bytes();
    let open = first_paren(b)?;
    let before = text[..open].trim_end();
    if before.contains('=') {
        return None;
    }
    let name_start = before.rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |k| k + 1);
    let name = &before[name_start..];
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let close = closing(b, open)?;
    let mut words: Vec<&str> = before[..name_start].split_whitespace().collect();
    let is_static = words.contains(&"static");
    words.retain(|w| !SPECIFIERS.contains(w) && !w.starts_with("[["));
    let ret = words.join(" ");
    if ret.is_empty() && name != class {
        return None;
    }
    let after = &text[close + 1..];
    let qualifiers = after.split("->").next().unwrap_or("").split(':').next().unwrap_or("");
    Some(Method {
        name: name.to_string(),
        ret,
        params: parts(&text[open + 1..close]).into_iter().map(param).collect(),
        defaults: parts(&text[open + 1..close]).iter().filter(|p| p.contains('=')).count(),
        public: false,
        is_static,
        is_const: mentions(qualifiers, "const"),
        body: String::new(),
    })
}

/// The first `(` outside angle brackets (a result type `pair<int,int>` holds none, but
/// `function<int(int)>` does).
fn first_paren(b: &[u8]) -> Option<usize> {
    let mut angle = 0i32;
    for (k, &c) in b.iter().enumerate() {
        match c {
            b'<' => angle += 1,
            b'>' => angle -= 1,
            b'(' if angle <= 0 => return Some(k),
            _ => {}
        }
    }
    None
}

/// A parameter list split at its top-level commas.
fn parts(list: &str) -> Vec<&str> {
    let list = list.trim();
    if list.is_empty() || list == "void" {
        return Vec::new();
    }
    let b = list.as_bytes();
    let (mut parts, mut depth, mut from) = (Vec::new(), 0i32, 0);
    for (k, &c) in b.iter().enumerate() {
        match c {
            b'<' | b'(' | b'[' | b'{' => depth += 1,
            b'>' | b')' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                parts.push(&list[from..k]);
                from = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&list[from..]);
    parts
}

/// A parameter as (type, name), its default value dropped, the last word the name when
/// something stands before it.
fn param(p: &str) -> (String, String) {
    let p = p.split('=').next().unwrap_or(p).trim();
    let end = p.trim_end_matches(|c: char| c.is_alphanumeric() || c == '_');
    let name = &p[end.len()..];
    let ty = end.trim_end();
    let named = !name.is_empty()
        && !ty.is_empty()
        && !ty.ends_with("::")
        && !matches!(ty, "unsigned" | "signed" | "long" | "short" | "const")
        && !matches!(name, "int" | "long" | "short" | "char" | "double");
    if named { (ty.to_string(), name.to_string()) } else { (p.to_string(), String::new()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_literals_and_directives_are_blanked() {
        let code = "#include <x>\n// class Solution {\nint a = '}'; /* { */ char s[] = \"{\\\"\"; int n = 1'000;\n";
        let s = blank(code);
        assert_eq!(s.len(), code.len());
        assert!(!s.contains(['{', '}', '#']), "{s}");
        assert!(s.contains("1'000"));
        assert_eq!(s.lines().count(), code.lines().count());
    }

    #[test]
    fn a_class_and_its_methods() {
        let code = "/* class Solution { int f(int x); }; */\nclass Helper;\nclass Solution : public Base {\n\
int memo[10];\n  function<int(int)> g = [&](int x) { return x; };\npublic:\n  static const int M = 5;\n\
  vector<int> twoSum(vector<int>& nums, int target = 3) const {\n    return {};\n  }\n\
  Solution(const vector<pair<int, int>>& p, int) : k(1) { }\nprivate:\n  int dfs(TreeNode* root) { return dfs(root); }\n\
  struct Node { int v; };\n  std::map<int, long long> m;\n};\n";
        let s = blank(code);
        let (body, is_struct) = class_body(&s, "Solution").unwrap();
        assert!(!is_struct);
        let ms = methods(body, "Solution", false);
        let names: Vec<_> = ms.iter().map(|m| (m.name.as_str(), m.public)).collect();
        assert_eq!(names, [("twoSum", true), ("Solution", true), ("dfs", false)]);
        let two = &ms[0];
        assert_eq!(two.ret, "vector<int>");
        assert_eq!(two.params, [("vector<int>&".into(), "nums".into()), ("int".into(), "target".into())]);
        assert!(two.is_const && !two.is_static);
        assert_eq!(ms[1].params, [("const vector<pair<int, int>>&".into(), "p".into()), ("int".into(), String::new())]);
        assert!(ms[2].body.contains("dfs(root)"));
        assert!(class_body(&s, "Helper").is_none());
    }

    fn params(list: &str) -> Vec<(String, String)> {
        parts(list).into_iter().map(param).collect()
    }

    #[test]
    fn parameters() {
        assert_eq!(params(""), []);
        assert_eq!(params("void"), []);
        assert_eq!(params("unsigned int n"), [("unsigned int".into(), "n".into())]);
        assert_eq!(params("TreeNode *root"), [("TreeNode *".into(), "root".into())]);
        assert_eq!(params("unsigned long"), [("unsigned long".into(), String::new())]);
        assert_eq!(
            params("std::string s, map<int,int> m"),
            [("std::string".into(), "s".into()), ("map<int,int>".into(), "m".into())]
        );
        assert_eq!(params("int a, int from = 0"), [("int".into(), "a".into()), ("int".into(), "from".into())]);
        let s = blank("class Solution {\npublic:\n    int f(int a, vector<int> v = {}, int k = 1) { return a; }\n};");
        let (body, _) = class_body(&s, "Solution").unwrap();
        assert_eq!(methods(body, "Solution", false)[0].defaults, 2);
        assert!(mentions("a Node*", "Node") && !mentions("ListNode*", "Node"));
        assert!(declares("using Node=pair<int,int>;", "Node") && declares("typedef long long Node;", "Node"));
        assert!(declares("struct Node;\nstruct Node { int v; };", "Node") && !declares("struct Node;", "Node"));
    }
}
