//! One group of cases per hazard of the HTML and Markdown paths, truncation and fallback.

use super::*;

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

/// The scripts of LeetCode's statements as the view can typeset them (`docs/app.md`): a word
/// subscript braced, apart from a name with underscores; nothing braced twice; punctuation and
/// white space that end a script, and emphasis around a script alone, outside it.
#[test]
fn scripts_the_view_can_tell_from_names() {
    check_all(&[
        ("<p><code>cell = [cell<sub>row</sub>, cell<sub>col</sub>]</code></p>", "`cell = [cell_{row}, cell_{col}]`"),
        ("<p>w<sub>ab</sub> + w<sub>12</sub> + w<sub>-7</sub></p>", "w_{ab} + w_12 + w_-7"),
        ("<p>q<sup>ab</sup></p>", "q^ab"),
        ("<p>part<sub>{j+2}</sub> and part<sub>{a}{b}</sub></p>", "part_{j+2} and part_{{a}{b}}"),
        ("<p><code>[p<sub>k, </sub>q<sub>k</sub>]</code></p>", "`[p_k, q_k]`"),
        ("<p>u<sub>k;</sub> v<sub>k.</sub></p>", "u_k; v_k."),
        ("<p>node v<sub>.</sub> Next</p>", "node v. Next"),
        ("<p>x<sub>1...</sub></p>", "x_{1...}"),
        (
            "<p>move<em><sub>j</sub></em> and move<strong><sub>2</sub></strong>, <em>m<sub>j</sub></em></p>",
            "move_j and move_2, *m_j*",
        ),
        ("<p><code>h<sub>k</sub><sub>&nbsp;</sub>&lt;= 5</code></p>", "`h_k <= 5`"),
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
        // Numeric references to 128–159 mean windows-1252, as in a browser.
        ("<p>1992&#150;2024 &#147;quoted&#148;</p><pre>a&#151;b</pre>", "1992–2024 “quoted”\n\n```\na—b\n```"),
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
        // Every reference HTML names, not only the common ones: before, `&hairsp;` reached
        // html2text, which made it an ASCII space, and stayed undecoded in code.
        ("<p>a&hairsp;b&MediumSpace;c&ThickSpace;d</p>", "a\u{200a}b\u{205f}c\u{205f}\u{200a}d"),
        ("<pre>p&hairsp;q &CounterClockwiseContourIntegral;</pre>", "```\np\u{200a}q ∳\n```"),
        ("<table><tr><td>x&hairsp;y</td><td>&copy 2024</td></tr></table>", "| x\u{200a}y | © 2024 |\n|---|---|"),
        // Invisible format characters carry nothing for a reader: dropped.
        ("<p>a&shy;b&ZeroWidthSpace;c&NoBreak;d&lrm;e</p>", "abcde"),
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
fn markdown_hard_breaks_survive_as_backslashes() {
    // Two trailing spaces break a line in CommonMark; written as `\` the break is visible and
    // outlives the trim. Not before a new block, where a `\` would print, nor in code.
    check_md("role one  \nrole two  \nrole three", "role one\\\nrole two\\\nrole three");
    check_md("text  \n# Heading\n\nitem  \n- next  \n- last", "text\n# Heading\n\nitem\n- next\n- last");
    check_md("- item  \n  continued", "- item\\\n  continued");
    check_md("`code  \nspan` then  \nmore", "`code\nspan` then\\\nmore");
    check_md("    indented  \n    code", "    indented\n    code");
    check_md("| a |  \n|---|", "| a |\n|---|");
    check_md("last line  ", "last line");
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
    assert_eq!(plain_text_fallback("<p>é&amp;&#233;</p><script>never closed"), "é&é");
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

    // Converted, then cut, with multi-byte text straddling the limit.
    let para = format!("<p>{}</p>", "界".repeat(MAX_OUTPUT_BYTES));
    let out = shown(&para);
    assert!(out.ends_with("\n\n... (truncated)") && is_truncated(&out));
    assert!(out.len() <= MAX_OUTPUT_BYTES && out.len() > MAX_OUTPUT_BYTES - n - 3, "{}", out.len());
    let body = out.strip_suffix("\n\n... (truncated)").unwrap_or_default();
    assert!(body.chars().all(|c| c == '界'));
    let md = "x".repeat(MAX_OUTPUT_BYTES + 1);
    assert_eq!(shown(&md).len(), MAX_OUTPUT_BYTES);
    assert!(!is_truncated(&shown("short")));
    // The converter itself never cuts: a reply's size is format's business.
    assert_eq!(to_markdown(Some(&md)).len(), MAX_OUTPUT_BYTES + 1);
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
    let out = shown(&long);
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
    // Scripts nested in a Markdown statement's text: read as scripts 32 deep, then as their
    // text (this overflowed the stack: each level called the next).
    for tag in ["sub", "sup", "var"] {
        let md = format!("# T\n\nx{}y{}", format!("<{tag}>").repeat(20_000), format!("</{tag}>").repeat(20_000));
        let out = to_markdown(Some(&md));
        assert!(out.starts_with("# T\n\nx") && out.len() < 400 && !out.contains('<'), "{out}");
    }
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
        let out = shown(&input);
        assert!(out.len() <= MAX_OUTPUT_BYTES + TRUNCATED_SUFFIX.len(), "{unit}");
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
    let n = 3 * 32 * 1024 / unit.len();
    let out = html_to_markdown(&unit.repeat(n));
    let expected = vec![expected_unit; n].join("\n\n");
    assert_eq!(out, expected);
}

/// Line pieces of Markdown statements, for [`markdown_passthrough_is_idempotent`].
const MD_PIECES: &[&str] = &[
    "text",
    "text  ",
    "text \\",
    "# heading  ",
    "- item  ",
    "1. item",
    "  continued  ",
    "    code  ",
    "```",
    "~~~",
    "`span  ",
    "` end",
    "| a | b |  ",
    "|---|---|",
    "---  ",
    "===",
    "> quote  ",
    "$x$  ",
    "<b>bold</b>  ",
    "",
    "中文\u{3000}",
    "&amp;  ",
    "\u{a0} ",
];

#[test]
fn markdown_passthrough_is_idempotent() {
    // Converting a converted Markdown statement changes nothing: the hard breaks written as `\`
    // stay as they are, and no `\` lands where CommonMark would print it (before a block).
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut breaks = 0;
    for case in 0..3000 {
        let len = 1 + (next() % 12) as usize;
        let doc: Vec<&str> = (0..len).map(|_| MD_PIECES[(next() % MD_PIECES.len() as u64) as usize]).collect();
        let doc = doc.join("\n");
        if looks_like_html(&doc) {
            continue;
        }
        let once = to_markdown(Some(&doc));
        assert_eq!(to_markdown(Some(&once)), once, "case {case}: {doc:?}");
        for pair in once.split('\n').collect::<Vec<_>>().windows(2) {
            if pair[0].ends_with('\\') && !doc.contains(pair[0]) {
                breaks += 1;
                let next = crate::convert::detect::strip_indent(pair[1], 3);
                assert!(
                    !next.is_empty() && !next.starts_with(['#', '-', '|', '`', '~', '>']),
                    "case {case}: a break before a block: {doc:?} -> {once:?}"
                );
            }
        }
    }
    assert!(breaks > 100, "the documents exercise the hard breaks ({breaks})");
}

#[test]
fn the_word_at_a_time_count_of_lt_matches_a_byte_count() {
    let mut cases: Vec<String> =
        ["", "<", "<<<<<<<<", "a<b", "ü<ü¼<", "<p>x</p>\n<p>y&lt;</p>"].map(String::from).into();
    // Every alignment of a `<` and of bytes near it (0x3c ± 1, 0xbc, NUL) around the 8-byte words.
    for n in 0..20 {
        cases.push(format!("{}<{}", "=".repeat(n), ";\0¼".repeat(n % 4)));
        cases.push("<a>".repeat(n) + &"é".repeat(n));
    }
    for s in cases {
        assert_eq!(crate::convert::count_lt(&s), s.bytes().filter(|&b| b == b'<').count(), "{s:?}");
    }
}
