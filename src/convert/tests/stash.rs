//! The text stash (`Prep::text`) must not change a single byte of output: fixtures, corpus and
//! random documents, with and without it.

use super::*;

fn without_stash(html: &str) -> String {
    NO_STASH.with(|f| f.set(true));
    let out = html_to_markdown(html);
    NO_STASH.with(|f| f.set(false));
    out
}

/// Statements of the project's own fixtures (`tests/fixtures/*.http`).
pub(in crate::convert) fn fixture_statements() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
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

#[test]
fn stash_is_invisible() {
    let tricky = [
        "<p>a  b\t\nc</p>",
        "<p>  lead and trail  </p><p>x<b> bold </b>y</p>",
        "<p>1<sup>st</sup> and &#49;<sup>st</sup> and 2 <sup>nd</sup></p>",
        "<p>a&nbsp;&nbsp;b &amp; c &lt;d&gt; &copy; &#x3b1; &#946; &#128512;</p>",
        "<p>legacy &amp no semicolon &lt x &notit; &unknown; &#65 &#x80; &#0; &#xD800; & bare</p>",
        "<p>zero\u{200b}width \u{200b} space, nbsp\u{a0} , em\u{2003}space, ideographic\u{3000}space</p>",
        "<p>ctrl \u{1} char</p><p>\u{200b}</p><p>&#8203;</p><p>x</p>",
        "<ul><li>one <a href=\"https://e.example/x\">link text</a> after</li><li> two </li></ul>",
        "<h2>Head &amp; title</h2><blockquote>quote <em>em</em></blockquote>",
        "<p>a<!-- c -->b <span>c</span> d</p><div>e<br>f<br/> g</div>",
        "<p>x &lt; y and y > z</p><p>a < b</p>",
        "text outside <p>inside</p> after",
        "<p><strong>Note: </strong>x <code>a  b</code> y</p>",
        "<p>\u{f8f0} sentinel-like input \u{f8ff}3\u{f8ff}</p>",
        "<table><tr><td>a  b</td><td>&amp;</td></tr></table><p>after</p>",
        "<table><tr><th> x </th><th></th><th>&nbsp;</th><th>\u{200b}</th></tr><tr><td><code>a|b</code></td><td><b>bold</b> c</td><td>$$$x$$$</td><td>1 &lt; 2 &#x3b1;</td></tr><tr><td>&notit;</td><td>p<br>q</td><td><a href=\"u\">l</a></td><td><sup>2</sup>x</td></tr></table>",
        "<pre>  keep   spaces\n  here</pre><p>  and   here</p>",
        "<p>$a_1$ and <var>x</var> and $$b$$</p>",
    ];
    let mut docs: Vec<(String, String)> =
        tricky.iter().enumerate().map(|(i, s)| (format!("tricky {i}"), s.to_string())).collect();
    docs.extend(fixture_statements());
    match corpus() {
        Some(c) => docs.extend(c),
        None => eprintln!("../shared/corpus not found: fixtures and hand-written inputs only"),
    }
    // Long documents (several html2text chunks).
    let long = docs.iter().map(|(_, d)| d.as_str()).filter(|d| looks_like_html(d)).collect::<Vec<_>>().join("\n");
    docs.push(("all of them".into(), long.repeat(3)));
    // The stash is in use: plain paragraph text is stashed, text in frames and odd text is not.
    let stashed = |html: &str| Prep::new(html).run().map(|p| p.stash.ends.len()).unwrap_or(0);
    assert_eq!(stashed("<p>a  b</p><p>c <em>d</em></p>"), 3);
    assert_eq!(stashed("<p><sup>2</sup><var>x</var></p><pre>y</pre><table><tr><td>z</td></tr></table>"), 0);
    assert_eq!(stashed("<p>&notit; \u{1} &#x80; &amp</p>"), 0);
    assert_eq!(text_cell(" a \u{f8f4}b  c\u{f8f5} &amp; ").as_deref(), Some("a `b c` &"));
    assert_eq!(text_cell("a<br>b"), None);
    let mut checked = 0;
    for (name, doc) in &docs {
        if !looks_like_html(doc) {
            continue;
        }
        let (with, without) = (html_to_markdown(doc), without_stash(doc));
        if with != without {
            let at = with.bytes().zip(without.bytes()).take_while(|(a, b)| a == b).count();
            let from = at.saturating_sub(80);
            panic!(
                "{name}: output differs at byte {at}\n  stash: {:?}\n  plain: {:?}",
                &with[with.floor_char_boundary(from)..with.floor_char_boundary(at + 80)],
                &without[without.floor_char_boundary(from)..without.floor_char_boundary(at + 80)]
            );
        }
        checked += 1;
    }
    assert!(checked >= tricky.len(), "{checked} documents checked");
}
#[test]
fn sentinels_cannot_be_smuggled_in_as_references() {
    // The converter's private-use markers, written as character references in the input, are
    // dropped like literal ones: they must not act as markers.
    let cases = [
        ("<p>first</p><p>x &#xF8FF;0&#xF8FF; y &#63743;0&#63743;</p>", "first\n\nx 0 y 0"),
        ("<p>&#xF8F0;bold?&#xF8F1; <b>x</b></p>", "bold? **x**"),
        ("<table><tr><td>a</td><td>&#xf8f4;c&#xF8F5;</td></tr></table>", "| a | c |\n|---|---|"),
        ("<p>&#xF8CF; &#xF900; stay</p>", "\u{f8cf} \u{f900} stay"),
        ("<p>&#xF8EF; &#xF8D0; &#xF8DE; gone</p>", "gone"),
        // A bare `<` stays text even when a sentinel between it and a letter is dropped.
        ("<p>a <\u{f8f0}b c</p>", "a <b c"),
    ];
    for (html, want) in cases {
        assert_eq!(html_to_markdown(html), want, "{html}");
    }
}

/// Random documents from pieces that stress the stash's rules (whitespace kinds, references,
/// markers, inline and block tags, frames): html2text must see no difference.
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

#[test]
fn stash_is_invisible_on_random_documents() {
    // STASH_CASES and STASH_SEED run it longer or elsewhere (`cargo test --release --lib stash`).
    let env = |k: &str, d: u64| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
    let mut state = env("STASH_SEED", 0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for case in 0..env("STASH_CASES", 3000) {
        let len = 1 + (next() % 40) as usize;
        let doc: String = (0..len).map(|_| PIECES[(next() % PIECES.len() as u64) as usize]).collect();
        let doc = format!("<p>{doc}"); // always HTML
        let (with, without) = (html_to_markdown(&doc), without_stash(&doc));
        assert_eq!(with, without, "case {case}: {doc:?}");
        assert!(!with.chars().any(is_sentinel), "case {case}: a marker left in the output: {doc:?} -> {with:?}");
    }
}
