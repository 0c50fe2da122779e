//! LeetCode's `Python` language is Python 2.7 (its `Python3` is Python 3): accepted code written
//! for it (`xrange`, `d.iteritems()`, `itertools.izip`, a `print` statement) is run by a Python 2
//! interpreter, as LeetCode runs it, where Python 3 would blame it with a `NameError`. The Python
//! driver (`python.py`) runs under both. Which code is Python 2 is read from what only Python 2
//! has, outside comments and strings; code that also runs on Python 3 (`xrange = range` in a
//! `try`) stays with Python 3.

use super::source;
use crate::judge::toolchain;

/// Names only Python 2 has (built-ins, methods of `dict`, `itertools`' and `sys`' members).
const ONLY_PYTHON2: &[&str] = &[
    "xrange",
    "iteritems",
    "iterkeys",
    "itervalues",
    "viewitems",
    "viewkeys",
    "viewvalues",
    "has_key",
    "izip",
    "imap",
    "ifilter",
    "izip_longest",
    "maxint",
    "basestring",
    "raw_input",
    "unichr",
];

/// Python 3's own, which no Python 2 code has (syntax, and library names LeetCode's `Python`
/// lacks): code that shows one is Python 3 whatever its template.
const ONLY_PYTHON3: &[&str] =
    &["nonlocal", "lru_cache", "bit_count", "isqrt", "zip_longest", "List", "Optional", "@cache", "math.comb"];

/// How sure the judge is that code is LeetCode's `Python` (2.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Two {
    /// It uses what only Python 2 has (the name, or `print` for a statement): Python 3 fails it.
    Only(&'static str),
    /// It is written on LeetCode's `Python` template (`:rtype:` in docstrings, no annotation) and
    /// uses nothing of Python 3's own: Python 2 where there is one (`range` a list, `/` on
    /// integers flooring, `zip` a list, as the code was accepted with), else Python 3.
    Template,
}

/// Whether `code` is Python 2, and how sure.
pub(super) fn python2(code: &str) -> Option<Two> {
    if let Some(m) = marker(code) {
        return Some(Two::Only(m));
    }
    let blank = source::code(code, &source::PYTHON);
    let three = ONLY_PYTHON3
        .iter()
        .any(|name| super::node::mentions(&blank, name.trim_start_matches('@')) && blank.contains(name))
        || blank.contains("->")
        || blank.contains(":=")
        || blank.contains("yield from")
        || blank.contains("super()")
        || f_string(code);
    // `:rtype:` in docstrings, or the oldest template's `# @return an integer` comments.
    ((code.contains(":rtype:") || code.contains("# @return")) && !three).then_some(Two::Template)
}

/// Whether the code has an f-string (`f"…"`, `f'…'`; not `inf"` of `float("inf")`).
fn f_string(code: &str) -> bool {
    let b = code.as_bytes();
    (1..b.len()).any(|i| {
        matches!(b[i], b'"' | b'\'')
            && matches!(b[i - 1], b'f' | b'F')
            && (i < 2 || !(b[i - 2].is_ascii_alphanumeric() || b[i - 2] == b'_'))
    })
}

/// The first thing in `code` that only Python 2 has (a name, or `print` as a statement).
fn marker(code: &str) -> Option<&'static str> {
    let code = source::code(code, &source::PYTHON);
    let statement = code.lines().any(|l| {
        let rest = l.trim_start().strip_prefix("print").unwrap_or("(");
        (rest.starts_with(char::is_whitespace) && !rest.trim_start().starts_with(['(', '='])) || rest.is_empty()
    });
    if statement {
        return Some("print");
    }
    ONLY_PYTHON2.iter().copied().find(|name| super::node::mentions(&code, name) && !defines(&code, name))
}

/// Whether the code gives `name` a value itself (`xrange = range`, `def izip`, `import … as izip`):
/// then it runs on Python 3 too.
fn defines(code: &str, name: &str) -> bool {
    code.match_indices(name).any(|(i, _)| {
        let before = code[..i].trim_end();
        let after = code[i + name.len()..].trim_start();
        (after.starts_with('=') && !after.starts_with("==")) || before.ends_with("def") || before.ends_with(" as")
    })
}

/// The Python 2 interpreter to run Python 2 code in: the server's `OJ_PYTHON2`, else `python2.7`
/// or `python2` where `--version` says Python 2; else why not (`marker`: what makes it Python 2).
pub(super) fn tool(marker: &str) -> Result<Vec<String>, String> {
    let named = std::env::var("OJ_PYTHON2").ok().map(|v| v.split_whitespace().map(str::to_string).collect());
    let candidates: Vec<Vec<String>> = match named {
        Some(words) => vec![words],
        None => vec![vec!["python2.7".into()], vec!["python2".into()]],
    };
    let two = |t: &Vec<String>| !t.is_empty() && toolchain::version(t).is_some_and(|v| v.starts_with("Python 2."));
    candidates.into_iter().find(two).ok_or_else(|| {
        let what = if marker == "print" { "`print` as a statement".to_string() } else { format!("`{marker}`") };
        format!(
            "This code is Python 2 ({what}): LeetCode's `Python` language, which runs it under Python 2.7 (its \
`Python3` is Python 3). No Python 2 interpreter was found to run it (`python2.7` or `python2` on PATH, or the \
server's environment variable OJ_PYTHON2): install one, or give the code in Python 3 (`range` for `xrange`, \
`items()` for `iteritems()`, `zip` for `izip`, `print(...)`)."
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_2_is_read_from_what_only_python_2_has() {
        let two = [
            ("class Solution(object):\n    def f(self, n):\n        return sum(i for i in xrange(n))\n", "xrange"),
            ("for k, v in d.iteritems():\n    pass", "iteritems"),
            ("from itertools import izip\n", "izip"),
            ("def f(x):\n    print x\n", "print"),
            ("def f(x):\n    print \"done\"\n", "print"),
        ];
        for (code, want) in two {
            assert_eq!(marker(code), Some(want), "{code}");
        }
        let three = [
            "class Solution:\n    def f(self, n: int) -> int:\n        return sum(range(n))\n",
            "print(x)\nprint (x, y)\n",
            // In comments and strings, or given a value by the code: Python 3 runs it.
            "# xrange in Python 2\ns = 'iteritems'\n",
            "try:\n    xrange\nexcept NameError:\n    xrange = range\nfor i in xrange(3): pass\n",
            "def izip(*a):\n    return zip(*a)\n",
            "from itertools import zip_longest as izip_longest\n",
            "printed = 1\nprint_ = 2\n",
        ];
        for code in three {
            assert_eq!(marker(code), None, "{code}");
        }
        // LeetCode's `Python` template: Python 2 where there is one, unless Python 3's own shows.
        let template = "class Solution(object):\n    def f(self, n):\n        \"\"\"\n        :type n: int\n        \
:rtype: List[int]\n        \"\"\"\n        return range(n)\n";
        assert_eq!(python2(template), Some(Two::Template));
        assert_eq!(python2(&template.replace("range(n)", "xrange(n)")), Some(Two::Only("xrange")));
        let inf = template.replace("return range(n)", "return float(\"inf\")");
        assert_eq!(python2(&inf), Some(Two::Template));
        let oldest = "class Solution(object):\n    # @param tokens, a list of string\n    # @return an integer\n    def f(self, tokens):\n        return operator.div(6, 4)\n";
        assert_eq!(python2(oldest), Some(Two::Template));
        for three in ["nonlocal n", "return f'{n}'", "@lru_cache(None)", "return n.bit_count()"] {
            assert_eq!(python2(&template.replace("return range(n)", three)), None, "{three}");
        }
        assert_eq!(python2("class Solution:\n    def f(self, n: int) -> List[int]:\n        return [n]\n"), None);
    }
}
