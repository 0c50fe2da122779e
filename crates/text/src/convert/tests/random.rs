//! Random documents and the fixtures' statements: the converter never panics, and its output
//! keeps its promises whatever the input.

use super::*;

/// Statements of the project's own fixtures (`tests/fixtures/*.http`).
pub(in crate::convert) fn fixture_statements() -> Vec<(String, String)> {
    let dir = concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."), "/tests/fixtures");
    let mut docs = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Ok(raw) = std::fs::read_to_string(entry.path()) else { continue };
        let Some((_, body)) = raw.split_once("\r\n\r\n").or_else(|| raw.split_once("\n\n")) else { continue };
        let Ok(v) = serde_json::from_str::<serde_json::Value>(body) else { continue };
        for p in [&v, &v["problem"], &v["data"]] {
            if let Some(c) = p.get("content").and_then(|c| c.as_str()) {
                docs.push((name.clone(), c.to_string()));
            }
        }
    }
    assert!(docs.len() >= 5, "fixture statements found: {}", docs.len());
    docs
}

/// Random documents from pieces of the hazards: whitespace kinds, references, inline and block tags,
/// scripts, tables, private-use characters.
const PIECES: &[&str] = &[
    "<p>",
    "</p>",
    "<div>",
    "</div>",
    "<section>",
    "</section>",
    "<b>",
    "</b>",
    "<em>",
    "</em>",
    "<code>",
    "</code>",
    "<br>",
    "<ul><li>",
    "</li></ul>",
    "<li>",
    "<ol><li>",
    "</ol>",
    "<h3>",
    "</h3>",
    "<a href=\"https://e.example/x\">",
    "</a>",
    "<table><tr><td>",
    "</td><td>",
    "</td></tr><tr><td>",
    "</td></tr></table>",
    "<sup>",
    "</sup>",
    "<sub>",
    "</sub>",
    "<var>",
    "</var>",
    "<pre>",
    "</pre>",
    "<blockquote>",
    "</blockquote>",
    "<span>",
    "</span>",
    "<img src=\"s.png\" alt=\"a\">",
    "<hr>",
    "<!-- c -->",
    " ",
    "  ",
    "\n",
    "\t",
    "\u{a0}",
    "&nbsp;",
    "&amp;",
    "&lt;",
    "&gt;",
    "&quot;",
    "&#65;",
    "&#x3b1;",
    "&copy;",
    "&notit;",
    "&amp",
    "&",
    "& ",
    "&#0;",
    "&#x80;",
    "&#150;",
    "&hairsp;",
    "&ThickSpace;",
    "&NewLine;",
    "&Tab;",
    "&ZeroWidthSpace;",
    "&shy;",
    "&CounterClockwiseContourIntegral;",
    "&copy",
    "&fjlig;",
    "&#xF8F1;",
    "\u{200b}",
    "\u{3000}",
    "\u{2003}",
    "\u{202f}",
    "x",
    "word",
    "10",
    "2",
    "st",
    "$",
    "$$",
    "|",
    "*",
    "_",
    "`",
    "<",
    ">",
    "é",
    "中文",
    "\u{1}",
    "\u{f8f0}",
];

/// Tags that must never reach the output (a `<br>` does, inside a pipe-table cell).
const LEAKS: &[&str] = &[
    "<p>",
    "<div",
    "<b>",
    "<em>",
    "<code>",
    "<sup>",
    "<sub>",
    "<var>",
    "<pre>",
    "<table",
    "<td",
    "<span",
    "<h3>",
    "<a ",
    "<li>",
    "<ul>",
    "<blockquote>",
    "<img",
    "<hr",
];

#[test]
fn random_documents_keep_the_promises() {
    // RANDOM_CASES and RANDOM_SEED run it longer or elsewhere (`cargo test --release --lib random`).
    let env = |k: &str, d: u64| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
    let mut state = env("RANDOM_SEED", 0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for case in 0..env("RANDOM_CASES", 3000) {
        let len = 1 + (next() % 40) as usize;
        let doc: String = (0..len).map(|_| PIECES[(next() % PIECES.len() as u64) as usize]).collect();
        let doc = format!("<p>{doc}"); // always HTML
        let out = html_to_markdown(&doc);
        let ctx = || format!("case {case}: {doc:?} -> {out:?}");
        for tag in LEAKS {
            assert!(!out.contains(tag), "{tag} leaked: {}", ctx());
        }
        assert!(!out.contains("\n\n\n") && !out.starts_with('\n') && !out.ends_with('\n'), "blank lines: {}", ctx());
        // Trailing blanks only in code blocks, whose text is verbatim.
        let mut in_code = false;
        for line in out.lines() {
            if line
                .trim_start_matches([' ', '>', '-', '.', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])
                .starts_with("```")
            {
                in_code = !in_code;
            }
            assert!(in_code || !line.ends_with([' ', '\t']), "trailing blanks: {}", ctx());
        }
        assert!(crate::convert::detect::open_fence(&out).is_none(), "an unclosed fence: {}", ctx());
    }
}

#[test]
fn private_use_characters_are_text() {
    // The old converter passed private-use sentinels between its passes and had to drop these
    // characters from the input; one parse has no sentinels, so they are kept as written.
    assert_eq!(html_to_markdown("<p>a\u{F8F0}b\u{F8FB}0\u{F8FB}c</p>"), "a\u{F8F0}b\u{F8FB}0\u{F8FB}c");
    assert_eq!(html_to_markdown("<p>&#xF8F0;bold?&#xF8F1; <b>x</b></p>"), "\u{F8F0}bold?\u{F8F1} **x**");
}

/// `tidy` as it was written before it copied a fenced block from one fence character to the
/// next: line by line.
fn tidy_by_lines(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut blank = false;
    let mut fence: Option<(u8, usize)> = None;
    for raw in s.split('\n') {
        let body = raw.trim_start_matches(|c: char| " >-*+.)".contains(c) || c.is_ascii_digit());
        if let Some((ch, len)) = fence {
            out.push('\n');
            out.push_str(raw);
            if detect::is_fence_close(body, ch, len) {
                fence = None;
            }
            continue;
        }
        fence = detect::fence_open(body);
        let line = raw.trim_end_matches([' ', '\t']);
        if line.is_empty() {
            blank = !out.is_empty();
            continue;
        }
        if !out.is_empty() {
            out.push_str(if blank { "\n\n" } else { "\n" });
        }
        blank = false;
        out.push_str(line);
    }
    out
}

#[test]
fn tidy_is_the_line_by_line_tidy() {
    const LINES: &[&str] = &[
        "",
        " ",
        "\t",
        "  \t ",
        "text",
        "text  ",
        "```",
        "````",
        "```rust",
        "~~~",
        "~~~~ ",
        "- ```",
        "> ```",
        "1. ~~~",
        "   ```",
        "    ```",
        "``` x ` y",
        "code `x` here",
        "~",
        "`",
        "\u{3000}",
        "a\u{3000}",
        "12 34 56",
        "> > quote",
    ];
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for case in 0..5000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let n = (state % 12) as usize;
        let doc: Vec<&str> = (0..n).map(|k| LINES[((state >> (3 * k)) % LINES.len() as u64) as usize]).collect();
        let doc = doc.join("\n");
        assert_eq!(tidy(&doc), tidy_by_lines(&doc), "case {case}: {doc:?}");
    }
    for (name, doc) in fixture_statements() {
        let mut md = Md::new();
        if let Some(tree) = dom::parse(&doc) {
            let _ = Walk::new(&Texts::default()).document(&tree.document, &mut md);
        }
        let raw = md.finish();
        assert_eq!(tidy(&raw), tidy_by_lines(&raw), "{name}");
    }
}
