//! Samples written by hand, from reading each statement (never from this extractor's output),
//! for every statement in `tests/fixtures` and every file in `../shared/corpus` (read in place
//! when it exists; the statements are never copied into the repository), plus the layouts
//! neither has (both AtCoder languages, Hydro fences, interactive tasks).

use super::{Io, Sample, Samples, extract_from};
use crate::convert::Statement;

/// The samples of `content`, read the two ways: from a fresh parse, and after the conversion
/// (as `get_problem` reads them: the text nodes' text then comes from what the converter kept).
fn extract(content: &str, source: &str) -> Samples {
    let fresh = extract_from(&Statement::parse(content), source);
    let statement = Statement::parse(content);
    drop(statement.markdown());
    assert_eq!(
        extract_from(&statement, source),
        fresh,
        "after the conversion: {}",
        content.chars().take(80).collect::<String>()
    );
    fresh
}

/// `(input, output, explanation)`.
type T = (&'static str, &'static str, Option<&'static str>);

fn check(name: &str, got: &Samples, io: Io, want: &[T]) {
    let want: Vec<Sample> = want
        .iter()
        .map(|&(i, o, e)| Sample { input: i.into(), output: o.into(), explanation: e.map(Into::into) })
        .collect();
    assert_eq!(got.io, io, "{name}: io");
    for (k, (g, w)) in got.tests.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "{name}: sample {}", k + 1);
    }
    assert_eq!(got.tests.len(), want.len(), "{name}: number of samples");
}

// ---------------------------------------------------------------------------------------------
// tests/fixtures (the statements written for this repository)
// ---------------------------------------------------------------------------------------------

/// `field` (`content` or `content_cn`) of the problem in fixture `case` (a problem body, a daily
/// body or a resolve body's `problem`).
fn fixture(case: &str, field: &str) -> String {
    let path = format!("{}/tests/fixtures/{case}.http", concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let raw = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let body = raw.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    let v: serde_json::Value = serde_json::from_str(body).expect(case);
    let p = if v["problem"].is_object() { &v["problem"] } else { &v };
    p[field].as_str().unwrap_or_else(|| panic!("{case}: no {field}")).to_string()
}

const LC_1: &[T] = &[
    ("nums = [3,8,11,5], target = 16", "[2,3]", Some("nums[2] + nums[3] = 11 + 5 = 16.")),
    ("nums = [7,0,7], target = 14", "[0,2]", None),
];
const LC_1_CN: &[T] = &[("nums = [3,8,11,5], target = 16", "[2,3]", Some("nums[2] + nums[3] = 11 + 5 = 16。"))];
const LC_42: &[T] = &[
    (
        "height = [1,0,2,0,3,1,2]",
        "4",
        Some("One unit stays above position 1, two above position 3 and one above position 5."),
    ),
    ("height = [4,1,3]", "2", None),
];
const LC_743: &[T] = &[
    (
        "times = [[1,2,4],[1,3,1],[3,2,2]], n = 3, k = 1",
        "3",
        Some("Node 3 hears the message at time 1, node 2 at time 1 + 2 = 3 (faster than the direct link)."),
    ),
    ("times = [[1,2,1]], n = 2, k = 2", "-1", None),
];
const LC_3000: &[T] = &[
    (
        "dimensions = [[6,2],[4,5]]",
        "20",
        Some(
            "Rectangle 0 has a squared diagonal of 6^2 + 2^2 = 40, so its diagonal is √40 ≈ 6.325.\n\
Rectangle 1 has a squared diagonal of 4^2 + 5^2 = 41, so its diagonal is √41 ≈ 6.403.\n\
Rectangle 1 is longer, so the answer is its area 4 × 5 = 20.",
        ),
    ),
    (
        "dimensions = [[3,4],[4,3],[2,4]]",
        "12",
        Some(
            "Rectangles 0 and 1 both have a squared diagonal of 25, that is a diagonal of exactly 5; rectangle 2 \
only reaches 20.\nThe two tied rectangles both have area 12.",
        ),
    ),
    (
        "dimensions = [[1,1],[2,2],[3,1],[1,3]]",
        "3",
        Some(
            "Rectangle | Length | Width | l^2 + w^2 | Area\n0 | 1 | 1 | 2 | 1\n1 | 2 | 2 | 8 | 4\n2 | 3 | 1 | 10 | 3\n\
3 | 1 | 3 | 10 | 3\nRectangles 2 and 3 tie with the longest diagonal (√10 ≈ 3.162), and both have area 3, so the \
answer is 3. Rectangle 1 has the largest area overall, but its diagonal (√8 ≈ 2.828) is shorter, so it does not count.",
        ),
    ),
];

#[test]
fn fixtures() {
    let stdin = |case: &str, source: &str, want: &[T]| {
        check(case, &extract(&fixture(case, "content"), source), Io::Stdin, want);
    };
    let lc = |case: &str, field: &str, want: &[T]| {
        check(&format!("{case}.{field}"), &extract(&fixture(case, field), "leetcode"), Io::Function, want);
    };
    lc("problem_lc_1_two_sum", "content", LC_1);
    lc("problem_lc_1_two_sum", "content_cn", LC_1_CN);
    lc("resolve_leetcode_url", "content", LC_1);
    lc("resolve_leetcode_url", "content_cn", LC_1_CN);
    lc("daily_cn_today", "content", LC_1);
    lc("daily_cn_today", "content_cn", LC_1_CN);
    lc("problem_lc_42_img", "content", LC_42);
    lc("daily_com_past", "content", LC_42);
    lc("daily_cn_past", "content", LC_42);
    lc("problem_lc_743", "content", LC_743);
    lc("daily_com_today", "content", LC_743);
    lc("problem_lc_3000_5kb", "content", LC_3000);
    stdin("problem_cf_4A_markdown", "codeforces", &[("8\n", "YES\n", None)]);
    stdin("resolve_codeforces", "codeforces", &[("8\n", "YES\n", None)]);
    stdin("problem_cf_1A_legacy_html", "codeforces", &[("7 5 3\n", "6\n", None)]);
    let abc321: &[T] = &[("4310\n", "Yes\n", None), ("4410\n", "No\n", None)];
    stdin("problem_ac_abc321_a_nulls", "atcoder", abc321);
    stdin("resolve_prefixed_atcoder", "atcoder", abc321);
    stdin("problem_ac_abc300_a_legacy_html", "atcoder", &[("4 10 15\n5 25 15 30\n", "2\n", None)]);
    stdin("problem_luogu_P1002_unicode_title", "luogu", &[("6 5 4 1\n", "57\n", None)]);
    stdin("problem_spoj_SP1", "spoj", &[("7\n13\n42\n5\n", "7\n13\n", None)]);
}

#[test]
fn fixture_300kb_has_its_130_samples() {
    let s = extract(&fixture("problem_ac_ahc001_a_300kb", "content"), "atcoder");
    assert_eq!(s.io, Io::Stdin);
    assert_eq!(s.tests.len(), 130);
    let first = &s.tests[0];
    assert!(first.input.starts_with("50\n3247 3404 30790\n9978 1019 371497\n"), "{:.80}", first.input);
    assert_eq!(first.input.lines().count(), 51);
    assert!(first.output.starts_with("3247 3404 3248 3405\n9978 1019 9979 1020\n"));
    assert_eq!(first.output.lines().count(), 50);
    let last = &s.tests[129];
    assert!(last.input.starts_with("50\n5639 2052 378094\n"));
    assert!(last.output.ends_with("\n6583 6852 6584 6853\n2386 2675 2387 2676\n"));
    assert!(s.tests.iter().all(|t| t.explanation.is_none()));
}

// ---------------------------------------------------------------------------------------------
// ../shared/corpus (real statements, read in place)
// ---------------------------------------------------------------------------------------------

fn corpus_file(name: &str) -> Option<String> {
    let path = format!("{}/../shared/corpus/{name}", concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    std::fs::read_to_string(path).ok()
}

const LC_0001: &[T] = &[
    ("nums = [2,7,11,15], target = 9", "[0,1]", Some("Because nums[0] + nums[1] == 9, we return [0, 1].")),
    ("nums = [3,2,4], target = 6", "[1,2]", None),
    ("nums = [3,3], target = 6", "[0,1]", None),
];
const LC_0001_ZH: &[T] = &[
    ("nums = [2,7,11,15], target = 9", "[0,1]", Some("因为 nums[0] + nums[1] == 9 ，返回 [0, 1] 。")),
    ("nums = [3,2,4], target = 6", "[1,2]", None),
    ("nums = [3,3], target = 6", "[0,1]", None),
];
const LC_0004: &[T] = &[
    ("nums1 = [1,3], nums2 = [2]", "2.00000", Some("merged array = [1,2,3] and median is 2.")),
    ("nums1 = [1,2], nums2 = [3,4]", "2.50000", Some("merged array = [1,2,3,4] and median is (2 + 3) / 2 = 2.5.")),
];
const LC_0010: &[T] = &[
    (r#"s = "aa", p = "a""#, "false", Some(r#""a" does not match the entire string "aa"."#)),
    (
        r#"s = "aa", p = "a*""#,
        "true",
        Some(
            r#"'*' means zero or more of the preceding element, 'a'. Therefore, by repeating 'a' once, it becomes "aa"."#,
        ),
    ),
    (r#"s = "ab", p = ".*""#, "true", Some(r#"".*" means "zero or more (*) of any character (.)"."#)),
];
const LC_0059: &[T] = &[("n = 3", "[[1,2,3],[8,9,4],[7,6,5]]", None), ("n = 1", "[[1]]", None)];
const LC_0175: &[T] = &[(
    "Person table:
+----------+----------+-----------+
| personId | lastName | firstName |
+----------+----------+-----------+
| 1        | Wang     | Allen     |
| 2        | Alice    | Bob       |
+----------+----------+-----------+
Address table:
+-----------+----------+---------------+------------+
| addressId | personId | city          | state      |
+-----------+----------+---------------+------------+
| 1         | 2        | New York City | New York   |
| 2         | 3        | Leetcode      | California |
+-----------+----------+---------------+------------+",
    "+-----------+----------+---------------+----------+
| firstName | lastName | city          | state    |
+-----------+----------+---------------+----------+
| Allen     | Wang     | Null          | Null     |
| Bob       | Alice    | New York City | New York |
+-----------+----------+---------------+----------+",
    Some(
        "There is no address in the address table for the personId = 1 so we return null in their city and state.
addressId = 1 contains information about the address of personId = 2.",
    ),
)];
const LC_0679: &[T] =
    &[("cards = [4,1,8,7]", "true", Some("(8-4) * (7-1) = 24")), ("cards = [1,2,1,2]", "false", None)];
const LC_1192: &[T] = &[
    ("n = 4, connections = [[0,1],[1,2],[2,0],[1,3]]", "[[1,3]]", Some("[[3,1]] is also accepted.")),
    ("n = 2, connections = [[0,1]]", "[[0,1]]", None),
];
const LC_2303: &[T] = &[
    (
        "brackets = [[3,50],[7,10],[12,25]], income = 10",
        "2.65000",
        Some(
            "Based on your income, you have 3 dollars in the 1^st tax bracket, 4 dollars in the 2^nd tax bracket, \
and 3 dollars in the 3^rd tax bracket.
The tax rate for the three tax brackets is 50%, 10%, and 25%, respectively.
In total, you pay $3 * 50% + $4 * 10% + $3 * 25% = $2.65 in taxes.",
        ),
    ),
    (
        "brackets = [[1,0],[4,25],[5,50]], income = 2",
        "0.25000",
        Some(
            "Based on your income, you have 1 dollar in the 1^st tax bracket and 1 dollar in the 2^nd tax bracket.
The tax rate for the two tax brackets is 0% and 25%, respectively.
In total, you pay $1 * 0% + $1 * 25% = $0.25 in taxes.",
        ),
    ),
    (
        "brackets = [[2,50]], income = 0",
        "0.00000",
        Some("You have no income to tax, so you have to pay a total of $0 in taxes."),
    ),
];
const LC_3179: &[T] = &[
    (
        "n = 4, k = 5",
        "56",
        Some(
            "Second | State After\n0 | [1,1,1,1]\n1 | [1,2,3,4]\n2 | [1,3,6,10]\n3 | [1,4,10,20]\n4 | [1,5,15,35]\n\
5 | [1,6,21,56]",
        ),
    ),
    (
        "n = 5, k = 3",
        "35",
        Some("Second | State After\n0 | [1,1,1,1,1]\n1 | [1,2,3,4,5]\n2 | [1,3,6,10,15]\n3 | [1,4,10,20,35]"),
    ),
];

const ABC042_A: &[T] = &[("5 5 7\n", "YES\n", None), ("7 7 5\n", "NO\n", None)];
const ABC254_B: &[T] = &[
    ("3\n", "1\n1 1\n1 2 1\n", None),
    (
        "10\n",
        "1\n1 1\n1 2 1\n1 3 3 1\n1 4 6 4 1\n1 5 10 10 5 1\n1 6 15 20 15 6 1\n1 7 21 35 35 21 7 1\n\
1 8 28 56 70 56 28 8 1\n1 9 36 84 126 126 84 36 9 1\n",
        None,
    ),
];
const AHC036_A: &[T] = &[(
    "7 9 3 7 4\n0 1\n0 2\n0 3\n1 2\n2 3\n3 4\n4 5\n5 6\n6 0\n4 1 5\n100 0\n200 0\n200 100\n100 100\n0 200\n0 100\n0 0\n",
    "0 1 3 4 5 6 2\ns 4 0 0\nm 3\nm 4\nm 3\nm 0\nm 1\ns 2 4 2\nm 0\nm 6\nm 5\n",
    None,
)];
const KUPC2016_G: &[T] = &[
    ("abcabc\n", "3\n", None),
    ("abracadabra\n", "7\n", None),
    ("abcbabbcabbc\n", "8\n", None),
    ("bbcacbcbcabbabacccbbcacbaaababbacabaaccbccabcaabba\n", "44\n", None),
];
const CF_639F: &[T] = &[
    (
        "6 5 4\n1 2\n2 3\n3 4\n2 4\n5 6\n2 0\n4 2\n2 1\n6 2\n3 4\n3 2\n6 3 4\n2 5\n4 6\n2 1\n1 2\n1 2\n",
        "YES\nNO\nYES\nYES\n",
        None,
    ),
    (
        "7 6 2\n1 2\n1 3\n2 4\n2 5\n3 6\n3 7\n7 2\n1 2 3 4 5 6 7\n4 5\n6 7\n7 2\n1 2 3 4 5 6 7\n4 6\n5 7\n",
        "NO\nYES\n",
        None,
    ),
];
const P2482: &[T] =
    &[("3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n", "FP\nDEAD\nDEAD\nJ J J J J J D\n", None)];

/// `(file, source, io, samples)` for every statement in the corpus.
const CORPUS: &[(&str, &str, Io, &[T])] = &[
    ("leetcode_0001-zh.html", "leetcode", Io::Function, LC_0001_ZH),
    ("leetcode_0001.html", "leetcode", Io::Function, LC_0001),
    ("leetcode_0004.html", "leetcode", Io::Function, LC_0004),
    ("leetcode_0010.html", "leetcode", Io::Function, LC_0010),
    ("leetcode_0059.html", "leetcode", Io::Function, LC_0059),
    ("leetcode_0175.html", "leetcode", Io::Function, LC_0175),
    ("leetcode_0679.html", "leetcode", Io::Function, LC_0679),
    ("leetcode_1192.html", "leetcode", Io::Function, LC_1192),
    ("leetcode_2303.html", "leetcode", Io::Function, LC_2303),
    ("leetcode_3179.html", "leetcode", Io::Function, LC_3179),
    ("atcoder_abc042_a.html", "atcoder", Io::Stdin, ABC042_A),
    ("atcoder_abc042_a_ja.html", "atcoder", Io::Stdin, ABC042_A),
    ("atcoder_abc200_a.html", "atcoder", Io::Stdin, &[("2021\n", "21\n", None), ("200\n", "2\n", None)]),
    ("atcoder_abc254_b.html", "atcoder", Io::Stdin, ABC254_B),
    ("atcoder_abc292_f.html", "atcoder", Io::Stdin, &[("1 1\n", "1.03527618041008295791\n", None)]),
    ("atcoder_ahc036_a.html", "atcoder", Io::Stdin, AHC036_A),
    (
        "atcoder_arc106_c.html",
        "atcoder",
        Io::Stdin,
        &[("5 1\n", "1 10\n8 12\n13 20\n11 14\n2 4\n", None), ("10 -10\n", "-1\n", None)],
    ),
    (
        "atcoder_dp_a.html",
        "atcoder",
        Io::Stdin,
        &[("4\n10 30 40 20\n", "30\n", None), ("2\n10 10\n", "0\n", None), ("6\n30 10 60 10 60 50\n", "40\n", None)],
    ),
    (
        "atcoder_dwacon5th_prelims_e.html",
        "atcoder",
        Io::Stdin,
        &[("2\n4 3\n", "3\n", None), ("4\n2 5 2 5\n", "2\n", None)],
    ),
    ("atcoder_kupc2016_g.html", "atcoder", Io::Stdin, KUPC2016_G),
    (
        "atcoder_toyota2023spring_final_a_ja.html",
        "atcoder",
        Io::Stdin,
        &[("2 2 3\n", "2\n", None), ("2 2 5\n", "0\n", None), ("13 8 1032\n", "5\n", None)],
    ),
    (
        "codeforces_923A.html",
        "codeforces",
        Io::Stdin,
        &[("14\n", "6\n", None), ("20\n", "15\n", None), ("8192\n", "8191\n", None)],
    ),
    (
        "codeforces_fixture_cprunner.html",
        "codeforces",
        Io::Stdin,
        &[("2\n1 2\n3 4\n", "3\n7\n", None), ("1\n10 & 20\n", "30\n", None)],
    ),
    (
        "hydro_cf1000C.md",
        "codeforces",
        Io::Stdin,
        &[("3\n0 3\n1 3\n3 8\n", "6 2 1\n", None), ("3\n1 3\n2 4\n5 7\n", "5 2 0\n", None)],
    ),
    ("hydro_cf639F.md", "codeforces", Io::Stdin, CF_639F),
    ("luogu_P2482.md", "luogu", Io::Stdin, P2482),
    ("luogu_P2482.html", "luogu", Io::Stdin, P2482),
];

#[test]
fn corpus() {
    let dir = format!("{}/../shared/corpus", concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("skipping corpus samples: ../shared/corpus not found");
        return;
    };
    // Every statement in the corpus has its expectation (a new file needs one written).
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if name != "SOURCES.md" && (name.ends_with(".html") || name.ends_with(".md")) {
            assert!(CORPUS.iter().any(|c| c.0 == name), "{name}: no expected samples written");
        }
    }
    for &(file, source, io, want) in CORPUS {
        let text = corpus_file(file).unwrap_or_else(|| panic!("{file} unreadable"));
        check(file, &extract(&text, source), io, want);
    }
}

// ---------------------------------------------------------------------------------------------
// Layouts neither set holds, in small statements written for these tests
// ---------------------------------------------------------------------------------------------

#[test]
fn atcoder_with_both_languages_gives_each_sample_once() {
    let one = |lang: &str, i: &str, o: &str| {
        format!(
            "<span class=\"lang-{lang}\"><div class=\"part\"><section><h3>{i} 1</h3><pre>1 2\n</pre></section></div>\
<div class=\"part\"><section><h3>{o} 1</h3><pre>3\n</pre></section></div>\
<div class=\"part\"><section><h3>{i} 2</h3><pre>5 5\n</pre></section></div>\
<div class=\"part\"><section><h3>{o} 2</h3><pre>10\n</pre></section></div></span>"
        )
    };
    let html = one("ja", "入力例", "出力例") + &one("en", "Sample Input", "Sample Output");
    check("ja+en", &extract(&html, "atcoder"), Io::Stdin, &[("1 2\n", "3\n", None), ("5 5\n", "10\n", None)]);
    let md = "## 入力例 1\n\n```\n1 2\n```\n\n## 出力例 1\n\n```\n3\n```\n\n## Sample Input 1\n\n```\n1 2\n```\n\n\
## Sample Output 1\n\n```\n3\n```\n";
    check("ja+en markdown", &extract(md, "atcoder"), Io::Stdin, &[("1 2\n", "3\n", None)]);
}

#[test]
fn codeforces_markdown_examples() {
    // One block holding one test (several test cases inside it), then blocks of one test each.
    let md = "Statement.\n\n## Input\n\n```\nInput\n```\n\n## Examples\n\n```\nInput\n2\n1 3\n2 10\nOutput\n7\n0\n```\n\n\
```\nInput\nabc\nOutput\nYES\nabc\n```\n\n## Note\n\n```\nInput\n1\nOutput\n2\n```\n";
    let want: &[T] = &[("2\n1 3\n2 10\n", "7\n0\n", None), ("abc\n", "YES\nabc\n", None)];
    check("cf markdown", &extract(md, "codeforces"), Io::Stdin, want);
    // Several tests in one block.
    let md = "## Examples\n\n```\nInput\n1\nOutput\n2\nInput\n3\nOutput\n4\n```\n";
    check("cf one block", &extract(md, "codeforces"), Io::Stdin, &[("1\n", "2\n", None), ("3\n", "4\n", None)]);
}

#[test]
fn luogu_layouts() {
    let md = "## 题目描述\n\n求和。\n\n## 输入输出样例\n\n### 输入 #1\n\n```\n1 2\n```\n\n### 输出 #1\n\n```\n3\n```\n\n\
### 输入 #2\n\n```\n0 0\n```\n\n### 输出 #2\n\n```\n0\n```\n\n## 说明/提示\n\n```\n不是样例\n```\n";
    check("luogu 输入 #N", &extract(md, "luogu"), Io::Stdin, &[("1 2\n", "3\n", None), ("0 0\n", "0\n", None)]);
    // `输入` alone outside a samples section is the input format, not a sample.
    let md = "## 输入\n\n```\nn m\n```\n\n## 输出\n\n```\nans\n```\n";
    check("luogu format", &extract(md, "luogu"), Io::Stdin, &[]);
    let md = "## 样例\n\n输入样例#1：\n\n```input1\n1\n```\n\n```output1\n2\n```\n";
    check("hydro fences", &extract(md, "luogu"), Io::Stdin, &[("1\n", "2\n", None)]);
}

#[test]
fn leetcode_example_block_and_chinese_labels() {
    let html = "<p><strong class=\"example\">示例 1：</strong></p><div class=\"example-block\">\
<p><strong>输入：</strong><span class=\"example-io\">n = 10<sup>9</sup></span></p>\
<p><strong>输出：</strong><span class=\"example-io\">&quot;x&quot;</span></p>\
<p><strong>解释：</strong></p><p>第一行<br/>第二行</p></div>";
    check("lc zh block", &extract(html, "leetcode"), Io::Function, &[("n = 10^9", "\"x\"", Some("第一行\n第二行"))]);
    // A design problem's `<pre>` with bare labels (232).
    let design = "<p><strong class=\"example\">Example 1:</strong></p>\n<pre>\n<strong>Input</strong>\n\
[&quot;MyQueue&quot;, &quot;push&quot;, &quot;empty&quot;]\n[[], [1], []]\n<strong>Output</strong>\n[null, null, false]\n\n\
<strong>Explanation</strong>\nMyQueue myQueue = new MyQueue();\n</pre>";
    let want = (
        "[\"MyQueue\", \"push\", \"empty\"]\n[[], [1], []]",
        "[null, null, false]",
        Some("MyQueue myQueue = new MyQueue();"),
    );
    check("lc design pre", &extract(design, "leetcode"), Io::Function, &[want]);
    // An example whose output never comes is not a sample.
    check("lc no output", &extract("<pre><strong>Input:</strong> x = 1\n</pre>", "leetcode"), Io::Function, &[]);
}

#[test]
fn interactive_tasks() {
    let cf = "<div class=\"problem-statement\"><div class=\"section-title\">Interaction</div><p>Ask.</p>\
<div class=\"sample-tests\"><div class=\"section-title\">Example</div><div class=\"sample-test\">\
<div class=\"input\"><div class=\"title\">Input</div><pre>3\n\n&gt;\n</pre></div>\
<div class=\"output\"><div class=\"title\">Output</div><pre>? 1\n\n! 2\n</pre></div></div></div></div>";
    check("cf interactive", &extract(cf, "codeforces"), Io::Interactive, &[("3\n\n>\n", "? 1\n\n! 2\n", None)]);
    let ru = "## Протокол взаимодействия\n\nСпросите.\n\n## Пример\n\n```\n1\n```\n";
    assert_eq!(extract(ru, "codeforces").io, Io::Interactive);
    assert_eq!(extract("This is an interactive task.", "atcoder").io, Io::Interactive);
    assert_eq!(extract("<p>This is a reactive problem.</p>", "atcoder").io, Io::Interactive);
    assert_eq!(extract("Print the sum.", "spoj").io, Io::Stdin);
}

#[test]
fn no_samples_is_an_empty_list() {
    for (s, src) in [("", "leetcode"), ("<p>No examples.</p>", "leetcode"), ("## Input\n\n```\nN\n```", "atcoder")] {
        assert!(extract(s, src).tests.is_empty(), "{s:?}");
    }
}

#[test]
fn hostile_markup_neither_panics_nor_blows_up() {
    let nasty = [
        "<pre>",
        "</pre>",
        "<div class=title>",
        "</div>",
        "<h3>Sample Input 1",
        "```input1",
        "```",
        "## Examples",
        "Input",
        "Output",
        "Input:",
        "输入：",
        "<br>",
        "&#xFFFFFF;",
        "&",
        "<",
        "\r",
        "\u{a0}",
        "<sup>",
        "<td>",
        "<div class=\"example-block\">",
        "<script>",
        "<!--",
        "99999999999999999999",
        "#",
    ];
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..3000 {
        let mut doc = String::new();
        for _ in 0..(seed % 40) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            doc.push_str(nasty[(seed % nasty.len() as u64) as usize]);
            if seed.is_multiple_of(3) {
                doc.push('\n');
            }
        }
        let s = extract(&doc, if seed.is_multiple_of(2) { "leetcode" } else { "atcoder" });
        assert!(s.tests.len() <= doc.len(), "{doc:?}");
    }
}

#[test]
fn html_pre_lines_are_never_markdown() {
    // A grid row `# #` and a fence-like line inside `<pre>` stay sample text.
    let html = "<h3>Sample Input 1</h3><PRE>2 3\n# #\n```\n</PRE>\n<h3>Sample Output 1</h3>\n<pre>\n## Title\n</pre>\n";
    check("grid", &extract(html, "atcoder"), Io::Stdin, &[("2 3\n# #\n```\n", "## Title\n", None)]);
    // Markdown around HTML: the heading outside counts, the fence after `</pre>` too.
    let mixed = "## Sample Input 1\n\n<pre>1\n# 2\n</pre>\n\n## Sample Output 1\n\n```\n3\n```\n";
    check("mixed", &extract(mixed, "atcoder"), Io::Stdin, &[("1\n# 2\n", "3\n", None)]);
}

#[test]
fn bold_labels_name_sample_halves() {
    let md = "## 输入输出样例\n\n**输入样例#1：**\n\n```\n1 2\n```\n\n**输出样例#1：**\n\n```\n3\n```\n";
    check("luogu bold", &extract(md, "luogu"), Io::Stdin, &[("1 2\n", "3\n", None)]);
    let html = "<p><strong>Sample Input 1</strong></p><pre>1 2\n</pre><p><b>Sample Output 1</b></p><pre>3\n</pre>";
    check("html bold", &extract(html, "codeforces"), Io::Stdin, &[("1 2\n", "3\n", None)]);
    // Bold words in running text neither start nor end anything.
    let html = "<h3>Sample Input 1</h3><p>Read <strong>carefully</strong>:</p><pre>5\n</pre>\
<h3>Sample Output 1</h3><pre>6\n</pre>";
    check("bold prose", &extract(html, "atcoder"), Io::Stdin, &[("5\n", "6\n", None)]);
}

#[test]
fn unclosed_inline_tags_do_not_swallow_samples() {
    let html =
        "<p><b>Note: bold never closed</p><h3>Sample Input 1</h3><pre>1\n</pre><h3>Sample Output 1<pre>2\n</pre>";
    check("unclosed", &extract(html, "atcoder"), Io::Stdin, &[("1\n", "2\n", None)]);
}

#[test]
fn a_fence_in_a_comment_hides_no_sample() {
    // AtCoder keeps drafts in comments, Markdown fences included: they must neither make the
    // statement Markdown nor open a fence that swallows the samples after them.
    let html = "<span class=\"lang-en\"><div class=\"part\"><section><h3>Problem Statement</h3><p>Print the sum.</p>\n<!--\n```\nold draft\n```\n-->\n</section></div>\n<div class=\"part\"><section><h3>Sample Input 1</h3><pre>1 2\n</pre></section></div>\n<div class=\"part\"><section><h3>Sample Output 1</h3><pre>3\n</pre></section></div></span>";
    assert!(crate::convert::looks_like_html(html));
    let got = extract(html, "atcoder");
    check("comment", &got, Io::Stdin, &[("1 2\n", "3\n", None)]);
    let md = crate::convert::to_markdown(Some(html));
    assert!(!md.contains("old draft") && md.contains("## Sample Input 1"), "{md}");
    // The same in a Markdown statement: the comment's lines are HTML, not a fence.
    let md_statement = "## Problem\n\nPrint the sum.\n\n<!--\n```\ndraft\n-->\n\n## Sample Input 1\n\n```\n1 2\n```\n\n## Sample Output 1\n\n```\n3\n```\n";
    check("comment in Markdown", &extract(md_statement, "codeforces"), Io::Stdin, &[("1 2\n", "3\n", None)]);
}
