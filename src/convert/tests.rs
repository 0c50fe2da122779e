//! Tests for the statement converter: one group per hazard, hand-written snapshots of realistic
//! statements, and invariants over the shared corpus (read in place, never copied).

use super::markers::is_sentinel;
use super::prep::text_cell;
use super::*;

/// HTML path: `html_to_markdown(input) == expected`.
fn check(input: &str, expected: &str) {
    assert_eq!(html_to_markdown(input), expected, "\ninput: {input:?}");
}

/// Full entry point: `to_markdown(Some(input)) == expected`.
fn check_md(input: &str, expected: &str) {
    assert_eq!(to_markdown(Some(input)), expected, "\ninput: {input:?}");
}

fn check_all(cases: &[(&str, &str)]) {
    for (input, expected) in cases {
        check(input, expected);
    }
}

// ---------------------------------------------------------------------------------------------
// Hazards
// ---------------------------------------------------------------------------------------------

#[test]
fn superscripts_become_carets() {
    check_all(&[
        ("<p>10<sup>4</sup></p>", "10^4"),
        ("<p>at most 10<sup>-9</sup>.</p>", "at most 10^-9."),
        ("<p>2<sup>31</sup> - 1</p>", "2^31 - 1"),
        ("<p>10<sup>9</sup>+7</p>", "10^9+7"),
        ("<p>2<sup>n+1</sup></p>", "2^{n+1}"),
        ("<p>2<sup>n - 1</sup></p>", "2^{n - 1}"),
        // A letter or digit right after the script needs braces.
        ("<p>x<sup>2</sup>y</p>", "x^{2}y"),
        ("<p>the 1<sup>st</sup> and i<sup>th</sup></p>", "the 1st and i^th"),
        ("<p>2<sup>2<sup>k</sup></sup></p>", "2^{2^k}"),
        ("<p>10<sup class=\"upper-index\">6</sup></p>", "10^6"),
        ("<p>10<sup>&minus;9</sup></p>", "10^−9"),
        ("<p>x<sup></sup>y</p>", "xy"),
    ]);
}

#[test]
fn subscripts_become_underscores() {
    check_all(&[
        ("<p>a<sub>i</sub></p>", "a_i"),
        ("<p>a<sub>i,j</sub> and a<sub>i+1</sub></p>", "a_{i,j} and a_{i+1}"),
        ("<p>x<sub>i</sub><sup>2</sup> ≤ 10<sup>5</sup></p>", "x_i^2 ≤ 10^5"),
        ("<p><i>X</i><sub class=\"lower-index\"><i>i</i> - 1</sub></p>", "*X*_{i - 1}"),
    ]);
}

#[test]
fn pre_becomes_fenced_block() {
    check_all(&[
        // LeetCode: tags inside stripped, entities decoded, leading newline dropped.
        (
            "<pre>\n<strong>Input:</strong> nums = [2,7], target = 9\n<strong>Output:</strong> [0,1]\n</pre>",
            "```\nInput: nums = [2,7], target = 9\nOutput: [0,1]\n```",
        ),
        // Codeforces: <br> lines and &amp;.
        ("<pre>1<br />10 &amp; 20<br /></pre>", "```\n1\n10 & 20\n```"),
        // Codeforces: one <div> per line.
        (
            "<pre><div class=\"test-example-line\">2</div><div class=\"test-example-line\">1 2</div></pre>",
            "```\n2\n1 2\n```",
        ),
        // No Markdown escaping inside, entities decoded, &nbsp; is a space.
        ("<pre>a_b *c* [d] \\le &lt;x&gt;&nbsp;y</pre>", "```\na_b *c* [d] \\le <x> y\n```"),
        // Indentation and blank lines inside are kept.
        ("<pre>int f()\n{\n    return 0;\n\n}</pre>", "```\nint f()\n{\n    return 0;\n\n}\n```"),
        // Backticks inside lengthen the fence; a language class is kept.
        ("<pre><code class=\"language-cpp\">a ``` b</code></pre>", "````cpp\na ``` b\n````"),
        ("<pre></pre>", "```\n```"),
        // Superscripts and AtCoder <var> inside <pre>: plain text, no `$`.
        (
            "<pre><var>N</var>\n<var>A_1</var> <var>\\ldots</var> <var>A_N</var>\n10<sup>9</sup></pre>",
            "```\nN\nA_1 \\ldots A_N\n10^9\n```",
        ),
        // Around paragraphs and inside list items.
        ("<p>Example:</p><pre>3\n1 2 3</pre><p>Done.</p>", "Example:\n\n```\n3\n1 2 3\n```\n\nDone."),
        ("<ul><li>Input:<pre>1 2</pre></li><li>next</li></ul>", "- Input:\n\n  ```\n  1 2\n  ```\n- next"),
    ]);
}

#[test]
fn inline_code_becomes_backticks() {
    check_all(&[
        ("<p><code>10<sup>4</sup></code></p>", "`10^4`"),
        ("<p><code>1 &lt;= nums.length &lt;= 10<sup>4</sup></code></p>", "`1 <= nums.length <= 10^4`"),
        ("<p>use <code>a`b</code> here</p>", "use ``a`b`` here"),
        ("<p><code>`x</code></p>", "`` `x ``"),
        // Nothing is emphasised inside code.
        ("<p><code>a <b>b</b> c</code></p>", "`a b c`"),
        ("<p><kbd>Ctrl</kbd> <tt>x</tt></p>", "`Ctrl` `x`"),
        ("<p><code> </code>x</p>", "x"),
    ]);
}

#[test]
fn emphasis_headings_lists_links_paragraphs() {
    check_all(&[
        ("<p><strong>bold</strong> <b>b</b></p>", "**bold** **b**"),
        ("<p><em>em</em> <i>i</i></p>", "*em* *i*"),
        // Whitespace is moved outside the delimiters.
        ("<p><strong>Note: </strong>text and<em> spaced </em>x</p>", "**Note:** text and *spaced* x"),
        ("<p><strong>Follow-up:&nbsp;</strong>Can you</p>", "**Follow-up:** Can you"),
        // Empty and redundant spans disappear.
        ("<p>a<b></b>b<em> </em>c</p>", "ab c"),
        ("<p><b><b>x</b></b></p>", "**x**"),
        ("<p><b>a</b><b>b</b></p>", "**ab**"),
        ("<p><strong><em>both</em></strong></p>", "***both***"),
        ("<p><s>old</s> new</p>", "~~old~~ new"),
        ("<h1>One</h1><h2>Two</h2><h3>Three</h3><h6>Six</h6>", "# One\n\n## Two\n\n### Three\n\n###### Six"),
        ("<ul><li>a</li><li>b</li></ul>", "- a\n- b"),
        ("<ol><li>a</li><li>b</li></ol>", "1. a\n2. b"),
        ("<ol start=\"3\"><li>c</li><li>d</li></ol>", "3. c\n4. d"),
        ("<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>", "- a\n  - b\n- c"),
        // Lists are separated from surrounding text by a blank line.
        ("<p>Constraints:</p><ul><li>x</li></ul>tail", "Constraints:\n\n- x\n\ntail"),
        (
            "<p>see <a href=\"https://example.com/p?a=1&amp;b=2\">this page</a>.</p>",
            "see [this page](https://example.com/p?a=1&b=2).",
        ),
        ("<p><a href=\"/problems/two-sum/\"><b>Two Sum</b></a></p>", "[**Two Sum**](/problems/two-sum/)"),
        ("<p><a href=\"a b(1).html\">x</a></p>", "[x](a%20b%281%29.html)"),
        ("<p><a href=\"#note\">note</a> <a href=\"javascript:void(0)\">js</a></p>", "note js"),
        ("<p>one</p><p>two</p>\n\n<p>three</p>", "one\n\ntwo\n\nthree"),
        ("<p>line<br>break</p>", "line\\\nbreak"),
        ("<blockquote><p>q1</p><p>q2</p></blockquote>", "> q1\n>\n> q2"),
        ("<blockquote><p>Note</p><ul><li>a</li></ul></blockquote><p>end</p>", "> Note\n>\n> - a\n\nend"),
        ("<dl><dt>term</dt><dd>definition</dd></dl>", "*term*\n  definition"),
        ("<p>a</p><p>&gt;</p><p>&gt;&gt;</p>", "a\n\n>\n\n>>"),
        ("<p>a</p><hr><p>b</p>", "a\n\n---\n\nb"),
    ]);
}

#[test]
fn images() {
    check_all(&[
        ("<img src=\"a.png\" alt=\"A graph\">", "![A graph](a.png)"),
        // Empty or missing alt: kept.
        ("<p><img src=\"https://x.y/a.png\" alt=\"\"></p>", "![](https://x.y/a.png)"),
        ("<p><img src=\"b.png\" style=\"width: 40px\" /></p>", "![](b.png)"),
        // No src: nothing.
        ("<p>x<img alt=\"lost\">y</p>", "xy"),
        ("<p><a href=\"big.png\"><img src=\"small.png\" alt=\"s\"></a></p>", "[![s](small.png)](big.png)"),
    ]);
    let b64 = "iVBORw0KGgoAAAANSUhEUgAA".repeat(20_000);
    let out = html_to_markdown(&format!("<p><img alt=\"fig\" src=\"data:image/png;base64,{b64}\"></p>"));
    assert_eq!(out, "![fig](data:image/png;base64,…omitted)");
    let out = html_to_markdown(&format!("<p><img src='data:image/png;base64,{b64}'></p>"));
    assert_eq!(out, "![](data:image/png;base64,…omitted)");
}

#[test]
fn tex_markup() {
    check_all(&[
        // AtCoder <var>.
        ("<p>Given <var>N</var> and <var>1 \\leq N \\leq 10^5</var>.</p>", "Given $N$ and $1 \\leq N \\leq 10^5$."),
        ("<p><var>A_1, A_2, \\ldots, A_N</var></p>", "$A_1, A_2, \\ldots, A_N$"),
        ("<p><var> x </var><var></var></p>", "$x$"),
        // Codeforces $$$ and display $$$$$$.
        ("<p>$$$1 \\le n \\le 10^5$$$</p>", "$1 \\le n \\le 10^5$"),
        ("<p>$$$r_i &lt; l_{i + 1}$$$</p>", "$r_i < l_{i + 1}$"),
        ("<p>so $$$$$$\\sum_{i=1}^n a_i$$$$$$ holds</p>", "so $$\\sum_{i=1}^n a_i$$ holds"),
        // Old Codeforces tex-span with <i> and <sub> inside.
        (
            "<p><span class=\"tex-span\"><i>a</i><sub class=\"lower-index\"><i>i</i></sub>, <i>b</i><sub class=\"lower-index\"><i>i</i></sub></span></p>",
            "$a_i, b_i$",
        ),
        (
            "<p><span class=\"tex-font-style-bf\">bold</span> <span class=\"tex-font-style-tt\">YES</span> <span class=\"tex-font-style-it\">it</span></p>",
            "**bold** `YES` *it*",
        ),
        // Never escaped.
        ("<p>a_i * b_j [k] \\le \\{x\\} $x_1$ #1</p>", "a_i * b_j [k] \\le \\{x\\} $x_1$ #1"),
        // MathJax v2 scripts and KaTeX MathML annotations.
        (
            "<p>if <script type=\"math/tex\">x_1 \\le y</script> then <script type=\"math/tex; mode=display\">\\sum a</script></p>",
            "if $x_1 \\le y$ then $$\\sum a$$",
        ),
        (
            "<p>k = <span class=\"katex\"><span class=\"katex-mathml\"><math><semantics><mrow><mi>k</mi></mrow><annotation encoding=\"application/x-tex\">k^2</annotation></semantics></math></span><span class=\"katex-html\" aria-hidden=\"true\">k2</span></span>.</p>",
            "k = $k^2$.",
        ),
    ]);
}

#[test]
fn tables_become_pipe_tables() {
    check_all(&[
        (
            "<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>",
            "| a | b |\n|---|---|\n| 1 | 2 |",
        ),
        // LeetCode layout: thead/tbody, whitespace, inline markup and pipes in cells.
        (
            "<table border=\"1\">\n<thead>\n\t<tr>\n\t\t<th>Second</th>\n\t\t<th>State</th>\n\t</tr>\n</thead>\n<tbody>\n\t<tr>\n\t\t<td><code>0</code></td>\n\t\t<td>[1,1] | x<sup>2</sup></td>\n\t</tr>\n</tbody>\n</table>",
            "| Second | State |\n|---|---|\n| `0` | [1,1] \\| x^2 |",
        ),
        // Header from the first row even without <th>; colspan; short rows padded; <br>.
        (
            "<table><tr><td>x</td><td>y</td><td>z</td></tr><tr><td colspan=\"2\">wide</td></tr><tr><td>a<br>b</td><td>c</td><td>d</td></tr></table>",
            "| x | y | z |\n|---|---|---|\n| wide |  |  |\n| a<br>b | c | d |",
        ),
        // Text around a table.
        (
            "<p>Before</p><table><caption>Scores</caption><tr><td>1</td><td>2</td></tr></table><p>After</p>",
            "Before\n\nScores\n\n| 1 | 2 |\n|---|---|\n\nAfter",
        ),
        // Layout tables (one column, or with <pre> inside) are flattened.
        ("<table><tr><td>only</td></tr><tr><td>column</td></tr></table>", "only\ncolumn"),
        (
            "<table><tr><th>Output</th><th>Note</th></tr><tr><td><pre>1 2</pre></td><td>first</td></tr></table>",
            "Output\nNote\n\n```\n1 2\n```\n\nfirst",
        ),
    ]);
    // Never box-drawing characters.
    let out = html_to_markdown("<table><tr><td>a</td><td>b</td></tr></table>");
    assert!(!out.contains(['─', '│', '┌']), "{out}");
}

#[test]
fn hidden_content_is_dropped() {
    check_all(&[
        ("<p>a<script>var x = '<p>no</p>';</script>b</p>", "ab"),
        ("<style>p { color: red }</style><p>text</p>", "text"),
        ("<p>shown</p><div style=\"display:none\"><p>hidden <b>x</b></p></div><p>too</p>", "shown\n\ntoo"),
        ("<p>a<span style=\"DISPLAY: None;\">hidden</span>b</p>", "ab"),
        ("<p>a<span hidden>hidden</span>b</p>", "ab"),
        ("<div style=\"display:none\"><div>nested</div><div>more</div></div><p>kept</p>", "kept"),
        // An unclosed hidden <p> ends at the next block.
        ("<p style=\"display:none\">hidden<p>kept</p>", "kept"),
        // Copy buttons (Codeforces, AtCoder) and form controls.
        (
            "<div class=\"title\">Input<div title=\"Copy\" class=\"input-output-copier\">Copy</div></div><pre>1</pre>",
            "Input\n\n```\n1\n```",
        ),
        ("<p>x<button>Copy</button><span class=\"btn-copy\">Copy</span>y</p>", "xy"),
        ("<p>a<!-- comment <b>x</b> -->b</p>", "ab"),
        ("<head><title>T</title><meta charset=\"utf-8\"></head><body><p>body</p></body>", "body"),
    ]);
}

#[test]
fn entities_whitespace_and_no_wrapping() {
    check_all(&[
        (
            "<p>&lt;tag&gt; &amp; &quot;q&quot; &#39;s&#39; &radic;73 &asymp; 8.5 &le; &#8804; &#x2264; &times;</p>",
            "<tag> & \"q\" 's' √73 ≈ 8.5 ≤ ≤ ≤ ×",
        ),
        ("<p>a&nbsp;b\u{a0}c</p>", "a b c"),
        ("<p>&nbsp;</p><p>x</p><p>&nbsp;</p><p>&nbsp;</p><p>y</p>", "x\n\ny"),
        ("<p>unknown &foo; stays, &amp lt</p>", "unknown &foo; stays, & lt"),
        ("<div>a   \n  b</div>\n\n\n\n<div>c</div>", "a b\nc"),
    ]);
    let long = "word ".repeat(100);
    let out = html_to_markdown(&format!("<p>{long}</p>"));
    assert_eq!(out, long.trim_end());
    assert_eq!(out.lines().count(), 1);
    // No line ends with a space, no runs of blank lines.
    let out = html_to_markdown("<p>a </p>\n\n\n<p> b </p><br><br><br><p>c</p>");
    assert!(out.lines().all(|l| !l.ends_with(' ')), "{out:?}");
    assert!(!out.contains("\n\n\n"), "{out:?}");
}

#[test]
fn br_inside_a_paragraph_is_a_hard_break() {
    check_all(&[
        // LeetCode 3000's explanation: lines that must not merge when rendered.
        (
            "<p>Rectangle 0: 40.<br />\nRectangle 1: 41.<br />\nSo 20.</p>",
            "Rectangle 0: 40.\\\nRectangle 1: 41.\\\nSo 20.",
        ),
        // Nothing after it in the paragraph, or a block next: no break.
        ("<p>a<br></p><p>b<br><br>c</p>", "a\n\nb\n\nc"),
        ("<p>a<br><span hidden>x</span></p>", "a"),
        ("<div>a<br><ul><li>b</li></ul></div>", "a\n\n- b"),
        // Formatting around it: the closer stays on the line, the break ends it.
        ("<p>a <b>x<br></b> y</p>", "a **x**\\\ny"),
        ("<p>a<br><em>b</em></p>", "a\\\n*b*"),
        ("<ul><li>a<br>b</li></ul>", "- a\\\n  b"),
        ("<blockquote>q<br>r</blockquote>", "> q\\\n> r"),
        // Not in code (a backslash would be literal), tables (cells are one line) or headings.
        ("<p><code>a<br>b</code></p>", "`a\nb`"),
        ("<table><tr><td>a<br>b</td><td>c</td></tr></table>", "| a<br>b | c |\n|---|---|"),
        ("<h3>a<br>b</h3>", "### a\n### b"),
        ("<pre>a<br>b</pre>", "```\na\nb\n```"),
    ]);
}

#[test]
fn meaningful_whitespace_is_kept() {
    // U+3000 (Japanese text) and U+2009, literal or as references, in text, math and code.
    check_all(&[
        ("<p>それぞれ\u{3000}5,5,7</p>", "それぞれ\u{3000}5,5,7"),
        ("<p>a&thinsp;b &#x3000;c &emsp;d\u{202f}e</p>", "a\u{2009}b \u{3000}c \u{2003}d\u{202f}e"),
        ("<p><var>a\u{3000}b</var> and <sup>x&thinsp;y</sup></p>", "$a\u{3000}b$ and ^{x\u{2009}y}"),
        ("<pre>a\u{3000}b&thinsp;c</pre>", "```\na\u{3000}b\u{2009}c\n```"),
        (
            "<table><tr><td>a\u{3000}b</td><td><b>c</b>\u{2009}d</td></tr></table>",
            "| a\u{3000}b | **c**\u{2009}d |\n|---|---|",
        ),
        // Ordinary whitespace still collapses; a line separator is a space.
        ("<p>a \t\n b\u{2028}c</p>", "a b c"),
    ]);
    // Markdown passes through with them, at the end of a line too.
    check_md(
        "# T\n\nそれぞれ\u{3000}5,5,7\u{3000}\nthin\u{2009}space  \n",
        "# T\n\nそれぞれ\u{3000}5,5,7\u{3000}\nthin\u{2009}space",
    );
}

#[test]
fn codeforces_header_and_sections() {
    let header = |fields: &str| {
        format!(
            "<div class=\"problem-statement\"><div class=\"header\"><div class=\"title\">B. Files</div>{fields}</div><p>Body.</p>\
             <div class=\"input-specification\"><div class=\"section-title\">Input &amp; format</div><p>x</p></div></div>"
        )
    };
    let field = |class: &str, label: &str, value: &str| {
        format!("<div class=\"{class}\"><div class=\"property-title\">{label}</div>{value}</div>")
    };
    let limits = field("time-limit", "time limit per test", "2 seconds")
        + &field("memory-limit", "memory limit per test", "256 megabytes");
    let std_files = field("input-file", "input", "standard input") + &field("output-file", "output", "standard output");
    let files = field("input-file", "input", "input.txt") + &field("output-file", "output", "output.txt");
    check_all(&[
        // The title goes (it heads the document), the limits are one line, the standard streams
        // are not worth a word, a section title is a heading.
        (
            &header(&(limits.clone() + &std_files)),
            "Time limit: 2 seconds · Memory limit: 256 megabytes\n\nBody.\n\n## Input & format\n\nx",
        ),
        (
            &header(&(limits + &files)),
            "Time limit: 2 seconds · Memory limit: 256 megabytes · Input: input.txt · Output: output.txt\n\nBody.\n\n## Input & format\n\nx",
        ),
        (&header(""), "Body.\n\n## Input & format\n\nx"),
        // Outside Codeforces markup, a div.header or div.section-title is an ordinary block.
        ("<div class=\"header\"><div class=\"title\">T</div></div><div class=\"section-title\">S</div>", "T\nS"),
    ]);
}

#[test]
fn crlf_input() {
    check("<pre>1\r\n2\r\n</pre>\r\n<p>a\r\nb</p>", "```\n1\n2\n```\n\na b");
}

#[test]
fn private_use_sentinels_in_input_are_harmless() {
    check("<p>a\u{F8F0}b\u{F8FB}0\u{F8FB}c</p>", "ab0c");
    let out = html_to_markdown("<p>&#xF8F0;x&#xF8FB;0&#xF8FB;</p><pre>y</pre>");
    assert!(out.contains("```\ny\n```"), "{out}");
}

#[test]
fn markdown_passes_through() {
    let md = "Alex is handed $n$ requirements on an integer $k$.\n\n1. $k$ must be **at least** some integer $x$;\n2. $k$ must be **at most** some integer $x$.\n\n## Input\n\nThe first line holds one integer $t$ ($1 \\leq t \\leq 500$) — the number of test cases.\n\nEach of the next $n$ lines holds $a$ and $x$ ($a \\in \\{1,2,3\\}, \\, 1 \\leq x \\leq 10^9$).\n\n## Example\n\n```\nInput\n3\n<b>not a tag</b>   \n```\n\n## Note\n\nIn the first test case, $k \\geq 3$ and $k \\neq 5$ (see `a_i * b`).";
    check_md(md, md);
    assert!(!looks_like_html(md));
    // Only NBSP and trailing whitespace are normalised (outside fences).
    check_md(
        "# T\n\nline\u{a0}one   \n\n\n\nnext\t\n```\nkeep   \n```",
        "# T\n\nline one\n\n\n\nnext\n```\nkeep   \n```",
    );
    // Plain text without any tags is Markdown too.
    check_md("Print a < b and c > d.", "Print a < b and c > d.");
}

#[test]
fn markdown_with_inline_html() {
    // Inline elements that must not leak are rewritten; code and math are left alone.
    check_md(
        "## Constraints\n\n- $1 \\le n \\le 10^5$\n- 10<sup>9</sup> and a<sub>i</sub>, <var>N</var>\n- keep `x<sup>2</sup>` and <b>bold</b><br>next",
        "## Constraints\n\n- $1 \\le n \\le 10^5$\n- 10^9 and a_i, $N$\n- keep `x<sup>2</sup>` and <b>bold</b><br>next",
    );
    check_md(
        "## Figure\n\n<img src=\"fig.png\" alt=\"graph\"> and ![x](data:image/png;base64,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA)<script>alert(1)</script><!-- note -->",
        "## Figure\n\n![graph](fig.png) and ![x](data:image/png;base64,…omitted)",
    );
    // HTML blocks (Hydro-style) are converted, the Markdown around them is kept.
    check_md(
        "## Description\n\n<div><p>Given $n$ segments, <span class=\"tex-span\"><i>l</i><sub class=\"lower-index\">i</sub></span> &le; x.</p><p>Second.</p></div>\n\n## Input\n\n<p>One line.</p>\n\n```input1\n3\n```",
        "## Description\n\nGiven $n$ segments, $l_i$ ≤ x.\n\nSecond.\n\n## Input\n\nOne line.\n\n```input1\n3\n```",
    );
    // An HTML block continues across blank lines while a <pre> is open.
    check_md(
        "## Note\n\n<pre class=\"verbatim\">int f()<br>{\n\n}</pre>\n\nafter",
        "## Note\n\n```\nint f()\n{\n\n}\n```\n\nafter",
    );
}

#[test]
fn html_or_markdown_heuristic() {
    for html in [
        "<p>x</p>",
        "  <div class=\"problem-statement\"><p>x</p></div>",
        "<!DOCTYPE html><html><body># not a heading</body></html>",
        "Given 10<sup>5</sup> numbers.",
        "<span class=\"lang-en\">\n<p>Score : <var>100</var> points</p>",
        // Markdown-looking lines inside <pre> do not count.
        "<p>Grid:</p><pre>\n# #\n```\n</pre>",
    ] {
        assert!(looks_like_html(html), "{html:?}");
    }
    for md in [
        "## Input\n\n<p>x</p>",
        "text\n\n```\n<p>x</p>\n```",
        "Print **YES**.",
        "a < b, c > d",
        "- $a$ <br>\n- $b$",
        "",
    ] {
        assert!(!looks_like_html(md), "{md:?}");
    }
}

#[test]
fn no_description_for_empty_input() {
    assert_eq!(to_markdown(None), NO_DESCRIPTION);
    assert_eq!(to_markdown(Some("")), NO_DESCRIPTION);
    assert_eq!(to_markdown(Some(" \n\t ")), NO_DESCRIPTION);
    assert_eq!(to_markdown(Some("<p>&nbsp;</p><script>x()</script>")), NO_DESCRIPTION);
}

#[test]
fn panic_falls_back_to_plain_text() {
    let html = "<h3>Title</h3><p>a &lt; b&nbsp;c <b>bold</b></p><script>evil()</script><style>p{}</style><!-- c --><ul><li>one</li><li>two</li></ul><table><tr><td>x</td><td>y</td></tr></table>";
    let expected = "Title\n\na < b c bold\n\none\n\ntwo\n\nx y";
    assert_eq!(plain_text_fallback(html), expected);
    FORCE_PANIC.with(|f| f.set(true));
    let out = html_to_markdown(html);
    FORCE_PANIC.with(|f| f.set(false));
    assert_eq!(out, expected);
    // And the normal path works again afterwards.
    assert_eq!(html_to_markdown("<p><b>x</b></p>"), "**x**");
}

#[test]
fn fallback_is_robust() {
    check_all(&[]);
    assert_eq!(plain_text_fallback(""), "");
    assert_eq!(plain_text_fallback("a < b > c"), "a < b > c");
    assert_eq!(plain_text_fallback("x<b"), "x");
    assert_eq!(plain_text_fallback("<p>é&eacute;</p><script>never closed"), "éé");
}

#[test]
fn truncation_on_char_boundary() {
    let cut = |s: &str, max: usize| truncate(s.to_string(), max);
    let n = TRUNCATED_SUFFIX.len();
    assert_eq!(cut("short", 10), "short");
    assert_eq!(cut("exactly10!", 10), "exactly10!");
    // The whole result fits in `max`; 'é' is two bytes: a cut at 3 would split the second one.
    assert_eq!(cut(&"é".repeat(20), 3 + n), "é\n\n... (truncated)");
    assert_eq!(cut(&"日".repeat(10), 5 + n), "日\n\n... (truncated)");
    assert_eq!(cut(&"🦀".repeat(10), 7 + n), "🦀\n\n... (truncated)");
    assert_eq!(cut(&"🦀".repeat(10), 2), "... (truncated)");
    // A line end near the cut is preferred.
    assert_eq!(cut("one\ntwo three four five six", 9 + n), "one\n\n... (truncated)");

    // Through to_markdown, with multi-byte text straddling the limit.
    let para = format!("<p>{}</p>", "界".repeat(MAX_OUTPUT_BYTES));
    let out = to_markdown(Some(&para));
    assert!(out.ends_with("\n\n... (truncated)") && is_truncated(&out));
    assert!(out.len() <= MAX_OUTPUT_BYTES && out.len() > MAX_OUTPUT_BYTES - n - 3, "{}", out.len());
    let body = out.strip_suffix("\n\n... (truncated)").unwrap_or_default();
    assert!(body.chars().all(|c| c == '界'));
    let md = "x".repeat(MAX_OUTPUT_BYTES + 1);
    assert_eq!(to_markdown(Some(&md)).len(), MAX_OUTPUT_BYTES);
    assert!(!is_truncated(&to_markdown(Some("short"))));
}

#[test]
fn truncation_closes_an_open_code_block() {
    let doc = format!("Intro\n\n```\n{}```\n\nAfter", "0123456789\n".repeat(10));
    // Cut inside the block: the fence is closed, then the notice, all within `max`.
    let out = truncate(doc.clone(), 60);
    assert_eq!(out, "Intro\n\n```\n0123456789\n0123456789\n```\n\n... (truncated)");
    // In a list item, with a longer tilde fence, or on the item's line: the container's
    // indentation is kept, and the closing fence's length counts.
    let item = format!("- item\n\n  ~~~~\n{}  ~~~~", "  abcdefgh\n".repeat(6));
    assert_eq!(truncate(item, 50), "- item\n\n  ~~~~\n  abcdefgh\n  ~~~~\n\n... (truncated)");
    let inline = format!("- ```\n{}  ```", "  abcdefgh\n".repeat(6));
    assert_eq!(truncate(inline, 45), "- ```\n  abcdefgh\n  ```\n\n... (truncated)");
    // Past a closed block, nothing to close.
    let closed = format!("```\na\n```\n{}", "word ".repeat(40));
    assert_eq!(truncate(closed, 60), "```\na\n```\n\n... (truncated)");
    // A long statement cut in its last sample (the 300 KB fixture's shape).
    let long = format!("<p>x</p><pre>{}</pre>", "12345 67890\n".repeat(20_000));
    let out = to_markdown(Some(&long));
    assert!(out.len() <= MAX_OUTPUT_BYTES);
    assert!(out.ends_with("12345 67890\n```\n\n... (truncated)"), "{}", &out[out.len() - 60..]);
}

#[test]
fn pathological_inputs_stay_bounded() {
    // Deep nesting: plain-text fallback, no panic, no stack overflow.
    let deep = format!("{}x{}", "<div>".repeat(100_000), "</div>".repeat(100_000));
    assert_eq!(html_to_markdown(&deep), "x");
    let deep_lists = "<ul><li>x".repeat(50_000);
    let out = to_markdown(Some(&deep_lists));
    assert!(out.starts_with("x\n\nx") && !out.contains('<'), "{out:.40}");
    // Tag-dense input of many shapes (1 MiB for some; the rest smaller to keep debug test
    // runs quick): finishes, output bounded. Memory is bounded by chunked rendering.
    for (unit, size) in [
        ("<b>x</b>", 1 << 20),
        ("<table><tr><td>", 1 << 20),
        ("<ul><li>x", 1 << 20),
        ("<b>x", 1 << 18),
        ("<p>x</p>", 1 << 18),
        ("<sup>1</sup>", 1 << 18),
        ("<pre>x</pre>", 1 << 18),
        ("<span class=\"tex-span\">x", 1 << 18),
        ("<a href=\"u\">x", 1 << 18),
        ("<td>x</td>", 1 << 18),
        ("<var>x", 1 << 18),
        ("<p style=\"display:none\">x", 1 << 18),
        ("<div>", 1 << 18),
    ] {
        let input = unit.repeat(size / unit.len());
        let out = to_markdown(Some(&input));
        assert!(out.len() <= MAX_OUTPUT_BYTES + TRUNCATED_SUFFIX.len(), "{unit}");
        assert!(!out.chars().any(is_sentinel), "{unit}");
    }
    // Huge colspan does not allocate huge rows.
    let out = html_to_markdown("<table><tr><td colspan=\"100000000\">a</td><td>b</td></tr></table>");
    assert!(out.len() < 1000, "{out}");
}

#[test]
fn chunked_rendering_matches_single_pass() {
    // Many top-level blocks: rendered in several html2text calls, same result.
    let unit = "<p>Para with <b>bold</b> and <code>x<sup>2</sup></code>.</p><ul><li>item</li></ul><pre>1 2</pre>";
    let expected_unit = "Para with **bold** and `x^2`.\n\n- item\n\n```\n1 2\n```";
    let n = 3 * CHUNK_TARGET / unit.len();
    let out = html_to_markdown(&unit.repeat(n));
    let expected = vec![expected_unit; n].join("\n\n");
    assert_eq!(out, expected);
}

// ---------------------------------------------------------------------------------------------
// Snapshots of realistic statements (written for these tests)
// ---------------------------------------------------------------------------------------------

#[test]
fn snapshot_leetcode_pre_examples() {
    let html = r#"<p>Given an array <code>heights</code> of <code>n</code> towers, return <em>the number of pairs</em> <code>(i, j)</code> such that tower <code>i</code> <strong>sees</strong> tower <code>j</code>.</p>

<p>&nbsp;</p>
<p><strong class="example">Example 1:</strong></p>
<img alt="" src="https://assets.example.com/towers.png" style="width: 300px; height: 120px;" />
<pre>
<strong>Input:</strong> heights = [4,2,3]
<strong>Output:</strong> 2
<strong>Explanation:</strong> Tower 0 sees towers 1 and 2 &amp; nothing else.
</pre>

<p><strong class="example">Example 2:</strong></p>

<pre>
<strong>Input:</strong> heights = [1]
<strong>Output:</strong> 0
</pre>

<p>&nbsp;</p>
<p><strong>Constraints:</strong></p>

<ul>
	<li><code>1 &lt;= n &lt;= 10<sup>5</sup></code></li>
	<li><code>-10<sup>9</sup> &lt;= heights[i] &lt;= 10<sup>9</sup></code></li>
</ul>

<p>&nbsp;</p>
<strong>Follow up:&nbsp;</strong>Can you do it in <code>O(n)</code>?"#;
    let expected = "Given an array `heights` of `n` towers, return *the number of pairs* `(i, j)` such that tower `i` **sees** tower `j`.

**Example 1:**

![](https://assets.example.com/towers.png)

```
Input: heights = [4,2,3]
Output: 2
Explanation: Tower 0 sees towers 1 and 2 & nothing else.
```

**Example 2:**

```
Input: heights = [1]
Output: 0
```

**Constraints:**

- `1 <= n <= 10^5`
- `-10^9 <= heights[i] <= 10^9`

**Follow up:** Can you do it in `O(n)`?";
    check_md(html, expected);
}

#[test]
fn snapshot_leetcode_example_block() {
    let html = r#"<p>You are given a <strong>0-indexed </strong>array <code>nums</code>.</p>

<p>&nbsp;</p>
<p><strong class="example">Example 1:</strong></p>

<div class="example-block">
<p><strong>Input:</strong> <span class="example-io">nums = [3,4]</span></p>

<p><strong>Output:</strong> <span class="example-io">25</span></p>

<p><strong>Explanation:</strong></p>

<p>The answer is 3<sup>2</sup> + 4<sup>2</sup> = 25 &asymp; &radic;625.<br />
It cannot be larger.</p>
</div>

<p>&nbsp;</p>
<p><strong>Constraints:</strong></p>

<ul>
	<li><code><font face="monospace">1 &lt;= nums.length &lt;= 100</font></code></li>
</ul>
"#;
    let expected = "You are given a **0-indexed** array `nums`.

**Example 1:**

**Input:** nums = [3,4]

**Output:** 25

**Explanation:**

The answer is 3^2 + 4^2 = 25 ≈ √625.\\
It cannot be larger.

**Constraints:**

- `1 <= nums.length <= 100`";
    check_md(html, expected);
}

/// A legacy AtCoder statement (written for this test): `<var>`, `<section>`, samples in `<pre>`.
const ATCODER_LEGACY: &str = r#"<span class="lang-en">
<p>Score : <var>200</var> points</p>

<div class="part">
<section>
<h3>Problem Statement</h3><p>You are given <var>N</var> integers <var>A_1, A_2, \ldots, A_N</var>. Print the number of pairs <var>(i, j)</var> with <var>A_i + A_j \leq K</var>.</p>
</section>
</div>

<div class="part">
<section>
<h3>Constraints</h3><ul>
<li><var>1 \leq N \leq 2 \times 10^5</var></li>
<li>All values in input are integers.</li>
</ul>
</section>
</div>

<hr />
<div class="io-style">
<div class="part">
<section>
<h3>Input</h3><p>Input is given from Standard Input in the following format:</p>
<pre><var>N</var> <var>K</var>
<var>A_1</var> <var>\ldots</var> <var>A_N</var>
</pre>
</section>
</div>
</div>

<hr />
<div class="part">
<section>
<h3>Sample Input 1</h3><pre>3 5
1 2 4
</pre>
</section>
</div>

<div class="part">
<section>
<h3>Sample Output 1</h3><pre>2
</pre>
<p>The pairs are <var>(1, 2)</var> and <var>(1, 3)</var>.</p>
</section>
</div>
</span>"#;

#[test]
fn snapshot_atcoder_legacy() {
    let html = ATCODER_LEGACY;
    let expected = r"Score : $200$ points

### Problem Statement

You are given $N$ integers $A_1, A_2, \ldots, A_N$. Print the number of pairs $(i, j)$ with $A_i + A_j \leq K$.

### Constraints

- $1 \leq N \leq 2 \times 10^5$
- All values in input are integers.

---

### Input

Input is given from Standard Input in the following format:

```
N K
A_1 \ldots A_N
```

---

### Sample Input 1

```
3 5
1 2 4
```

### Sample Output 1

```
2
```

The pairs are $(1, 2)$ and $(1, 3)$.";
    check_md(html, expected);
}

#[test]
fn snapshot_codeforces_legacy() {
    let html = r#"<div class="problem-statement"><div class="header"><div class="title">A. Even Split</div><div class="time-limit"><div class="property-title">time limit per test</div>1 second</div></div><div><p>You are given $$$n$$$ integers $$$a_1, a_2, \ldots, a_n$$$ with $$$a_i &lt; 2^{30}$$$. The value $$$$$$S = \sum_{i=1}^{n} a_i$$$$$$ is <span class="tex-font-style-bf">even</span>.</p></div><div class="input-specification"><div class="section-title">Input</div><p>The first line contains $$$t$$$ ($$$1 \le t \le 10^4$$$).</p></div><div class="output-specification"><div class="section-title">Output</div><p>Print "<span class="tex-font-style-tt">YES</span>" or "<span class="tex-font-style-tt">NO</span>".</p></div><div class="sample-tests"><div class="section-title">Example</div><div class="sample-test"><div class="input"><div class="title">Input<div title="Copy" class="input-output-copier">Copy</div></div><pre><div class="test-example-line test-example-line-even test-example-line-0">2</div><div class="test-example-line test-example-line-odd test-example-line-1">1 2</div></pre></div><div class="output"><div class="title">Output<div title="Copy" class="input-output-copier">Copy</div></div><pre>
YES
</pre></div></div></div><div class="note"><div class="section-title">Note</div><p>In the first test case $$$1+2=3$$$.</p></div></div>"#;
    let expected = r#"Time limit: 1 second

You are given $n$ integers $a_1, a_2, \ldots, a_n$ with $a_i < 2^{30}$. The value $$S = \sum_{i=1}^{n} a_i$$ is **even**.

## Input

The first line contains $t$ ($1 \le t \le 10^4$).

## Output

Print "`YES`" or "`NO`".

## Example

Input

```
2
1 2
```

Output

```
YES
```

## Note

In the first test case $1+2=3$."#;
    check_md(html, expected);
}

// ---------------------------------------------------------------------------------------------
// Corpus invariants (files are read in place; never copied into the repository)
// ---------------------------------------------------------------------------------------------

/// `(name, statement)` for every corpus file and every fixture problem body.
pub(super) fn corpus() -> Option<Vec<(String, String)>> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared");
    let dir = std::path::Path::new(root).join("corpus");
    let entries = std::fs::read_dir(&dir).ok()?;
    let mut docs = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let name = path.file_name()?.to_string_lossy().into_owned();
        let is_doc = name.ends_with(".html") || (name.ends_with(".md") && name != "SOURCES.md");
        if is_doc && let Ok(text) = std::fs::read_to_string(&path) {
            docs.push((name, text));
        }
    }
    let fixtures = std::path::Path::new(root).join("fixtures/oj-api");
    for entry in std::fs::read_dir(fixtures).into_iter().flatten().flatten() {
        let path = entry.path();
        let name = path.file_name()?.to_string_lossy().into_owned();
        if !(name.starts_with("problem_") && name.ends_with(".body")) {
            continue;
        }
        let content = std::fs::read_to_string(&path)
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
            .and_then(|v| v.get("content")?.as_str().map(str::to_string));
        if let Some(content) = content {
            docs.push((name, content));
        }
    }
    docs.sort();
    Some(docs)
}

fn count_ci(hay: &str, needle: &str) -> usize {
    hay.to_ascii_lowercase().matches(needle).count()
}

/// `(base, exponent)` for every `digits<sup …>digits</sup>` in `input`.
fn digit_superscripts(input: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = input;
    while let Some(p) = rest.find("<sup") {
        let base: String =
            rest[..p].chars().rev().take_while(char::is_ascii_digit).collect::<Vec<_>>().into_iter().rev().collect();
        let after = &rest[p..];
        if let Some(gt) = after.find('>') {
            let exp: String = after[gt + 1..].chars().take_while(char::is_ascii_digit).collect();
            if !base.is_empty() && !exp.is_empty() && after[gt + 1 + exp.len()..].starts_with("</sup>") {
                found.push((base, exp));
            }
        }
        rest = &rest[p + 4..];
    }
    found
}

#[test]
fn corpus_invariants() {
    let Some(docs) = corpus() else {
        eprintln!("skipping corpus tests: ../shared/corpus not found");
        return;
    };
    assert!(!docs.is_empty());
    for (name, input) in &docs {
        let truncated = to_markdown(Some(input));
        assert!(truncated.len() <= MAX_OUTPUT_BYTES + TRUNCATED_SUFFIX.len(), "{name}");
        // The invariants are checked on the untruncated conversion.
        let out = if looks_like_html(input) { html_to_markdown(input) } else { markdown_passthrough(input) };
        if out.len() <= MAX_OUTPUT_BYTES {
            assert_eq!(truncated, out, "{name}");
        }
        let ctx = format!("{name}:\n{out}");
        for tag in ["<sup", "<sub", "<pre", "<script", "</sup", "</sub", "</pre"] {
            assert_eq!(count_ci(&out, tag), 0, "{tag} left in {ctx}");
        }
        let fences = out.lines().filter(|l| l.trim_start().starts_with("```")).count();
        let pres = count_ci(input, "<pre>") + count_ci(input, "<pre ");
        assert!(fences >= 2 * pres, "{pres} <pre> but {fences} fences in {ctx}");
        for (base, exp) in digit_superscripts(input) {
            let ok = out.contains(&format!("{base}^{exp}")) || out.contains(&format!("{base}^{{{exp}}}"));
            assert!(ok, "{base}<sup>{exp}</sup> not rendered as {base}^{exp} in {ctx}");
        }
        // No hard wrapping: a long input paragraph stays a long output line.
        let longest_in = plain_text_fallback(input).lines().map(|l| l.chars().count()).max();
        if longest_in.unwrap_or(0) > 120 {
            assert!(out.lines().any(|l| l.chars().count() > 80), "wrapped? {ctx}");
        }
        let mut rest = out.as_str();
        while let Some(p) = rest.find("data:") {
            let uri: String =
                rest[p..].chars().take_while(|c| !c.is_whitespace() && !matches!(c, ')' | '"' | '\'')).collect();
            assert!(uri.chars().count() <= 64, "long data URI in {name}: {uri}");
            rest = &rest[p + 5..];
        }
        if !input.contains("\\_") && !input.contains("\\*") {
            assert!(!out.contains("\\_") && !out.contains("\\*"), "escapes in {ctx}");
        }
        assert!(!out.contains(['─', '│', '┌']), "box drawing in {ctx}");
        assert!(!out.chars().any(is_sentinel), "sentinel left in {ctx}");
        assert!(out.lines().all(|l| l.trim_end() == l || l.starts_with(' ') || !l.is_empty()));
        if looks_like_html(input) {
            assert!(!out.contains("\n\n\n"), "blank-line run in {ctx}");
        }
    }
}

#[test]
fn corpus_is_deterministic_and_idempotent_on_markdown() {
    let Some(docs) = corpus() else {
        eprintln!("skipping corpus tests: ../shared/corpus not found");
        return;
    };
    for (name, input) in &docs {
        let once = to_markdown(Some(input));
        assert_eq!(once, to_markdown(Some(input)), "{name}");
        if !looks_like_html(input) && !input.contains('<') {
            // Untouched except trailing whitespace (e.g. Markdown hard breaks) and NBSP.
            let norm =
                |s: &str| -> Vec<String> { s.trim().lines().map(|l| l.trim_end().replace('\u{a0}', " ")).collect() };
            assert_eq!(norm(&once), norm(input), "{name}: Markdown changed");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The text stash (Prep::text) must not change a single byte of output
// ---------------------------------------------------------------------------------------------

fn without_stash(html: &str) -> String {
    NO_STASH.with(|f| f.set(true));
    let out = html_to_markdown(html);
    NO_STASH.with(|f| f.set(false));
    out
}

/// Statements of the project's own fixtures (`tests/fixtures/*.http`).
pub(super) fn fixture_statements() -> Vec<(String, String)> {
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
