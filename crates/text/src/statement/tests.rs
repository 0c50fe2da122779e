//! The statement reader against written layouts, the fixtures and `../shared/corpus` (read in
//! place; skipped with a message when absent), each converted first as `get_problem` and
//! `test_solution` convert them.

use super::*;

/// The facts of a raw statement (HTML or Markdown), read from its conversion.
fn facts(raw: &str) -> Facts {
    read(&crate::convert::to_markdown(Some(raw)))
}

/// The limits of a raw statement, read from its conversion.
fn limits_of(raw: &str) -> (Option<u64>, Option<u64>) {
    limits(&crate::convert::to_markdown(Some(raw)))
}

fn fixture(case: &str) -> String {
    let path = format!("{}/tests/fixtures/{case}.http", concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let raw = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let body = raw.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    let v: serde_json::Value = serde_json::from_str(body).expect(case);
    v["content"].as_str().unwrap_or_default().to_string()
}

fn corpus(name: &str) -> Option<String> {
    let path = format!("{}/../shared/corpus/{name}", concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let text = std::fs::read_to_string(path).ok();
    if text.is_none() {
        eprintln!("skipping corpus statement {name}: ../shared/corpus not found");
    }
    text
}

#[test]
fn limits_of_each_layout() {
    let cases: &[(&str, Option<u64>, Option<u64>)] = &[
        // Codeforces, legacy HTML header.
        (
            r#"<div class="time-limit"><div class="property-title">time limit per test</div>2 seconds</div><div class="memory-limit"><div class="property-title">memory limit per test</div>512 megabytes</div>"#,
            Some(2000),
            Some(512),
        ),
        // The converter's one-line header and the crawler's Markdown.
        ("**time limit per test:** 1.5 seconds | **memory limit per test:** 256 megabytes", Some(1500), Some(256)),
        ("- Time limit per test: 1 second\n- Memory limit per test: 64 megabytes", Some(1000), Some(64)),
        // AtCoder, both languages.
        ("<p>Time Limit: 2 sec / Memory Limit: 1024 MB</p>", Some(2000), Some(1024)),
        ("<p>実行時間制限: 3 sec / メモリ制限: 1024 MB</p>", Some(3000), Some(1024)),
        // Luogu.
        ("时间限制：1.00s 内存限制：125.00MB", Some(1000), Some(125)),
        ("Time limit: 500 ms, memory limit: 65536 KB", Some(500), Some(64)),
        // Words that are not a limit.
        ("if your submission exceeds the time limit for some test cases", None, None),
        ("", None, None),
    ];
    for (text, time, memory) in cases {
        assert_eq!(limits_of(text), (*time, *memory), "{text}");
        assert_eq!((facts(text).time_ms, facts(text).memory_mb), (*time, *memory), "{text}");
    }
}

#[test]
fn tolerances_and_any_answer() {
    let tol = |s: &str| facts(s).tolerance.map(|t| t.value);
    assert_eq!(tol("absolute or relative error at most <var>10^{-9}</var>"), Some(1e-9));
    assert_eq!(
        tol("Your answer is accepted if its absolute or relative error does not exceed 10<sup>-6</sup>."),
        Some(1e-6)
    );
    assert_eq!(tol("relative error is at most $10^{-6}$"), Some(1e-6));
    assert_eq!(tol("with an absolute error of 1e-4 or less"), Some(1e-4));
    assert_eq!(tol("答案与标准答案的绝对误差不超过 $10^{-3}$"), Some(1e-3));
    assert_eq!(tol("print 10^9 + 7"), None);
    assert_eq!(tol("the absolute score"), None);
    let any = |s: &str| facts(s).any_answer;
    assert!(any("If there are multiple answers, print any of them.").is_some());
    assert!(any("如果有多组解，输出任意一组即可。").is_some());
    assert!(any("解が複数存在する場合、どれを出力しても正解とみなされます。").is_some());
    assert!(any("Если ответов несколько, выведите любой из них.").is_some());
    assert!(any("Print the answer.").is_none());
    assert!(facts("You may return the answer in any order.").any_order.is_some());
    assert!(facts("<p>You may return the answer in <strong>any order</strong>.</p>").any_order.is_some());
}

/// A list whose items are sets (3Sum's triplets, 4Sum's quadruplets, combinations): each item's
/// own order is free too; permutations, and tuples whose indices are ordered, are not.
#[test]
fn answers_whose_items_are_sets() {
    let sets = |s: &str| facts(s).set_items.is_some();
    assert!(sets(
        "Return all the triplets [nums[i], nums[j], nums[k]] such that i != j. Notice that the order of the output and the order of the triplets does not matter."
    ));
    assert!(sets(
        "Return all quadruplets <code>[nums[a], nums[b], nums[c], nums[d]]</code> such that a, b, c, and d are distinct. You may return the answer in <strong>any order</strong>."
    ));
    assert!(sets("Return all combinations of k numbers. You may return the combinations in any order."));
    assert!(!sets("Return all quadruplets [nums[a], nums[b], nums[c], nums[d]]. The answer must be sorted."));
    assert!(!sets(
        "Return the triplets [nums[i], nums[j], nums[k]] such that i < j < k. You may return the answer in any order."
    ));
    assert!(!sets("Return all the possible permutations. You can return the answer in any order."));
    assert!(!sets("Return all pairs [nums[i], nums[j]] with a sum of zero. You may return the answer in any order."));
}

#[test]
fn fixtures() {
    assert_eq!(limits_of(&fixture("problem_cf_1A_legacy_html")), (Some(1000), Some(256)));
    // The recorded AtCoder, Luogu and SPOJ statements state no limits: nulls, never a guess.
    for case in ["problem_ac_abc300_a_legacy_html", "problem_luogu_P1002_unicode_title", "problem_spoj_SP1"] {
        assert_eq!(limits_of(&fixture(case)), (None, None), "{case}");
    }
    assert!(facts(&fixture("problem_cf_1A_legacy_html")).any_answer.is_none());
}

#[test]
fn real_statements_of_the_corpus() {
    if let Some(s) = corpus("codeforces_923A.html") {
        assert_eq!(limits_of(&s), (Some(1500), Some(256)));
    }
    if let Some(s) = corpus("atcoder_abc292_f.html") {
        let f = facts(&s);
        assert_eq!(f.tolerance.map(|t| t.value), Some(1e-9));
        assert!(f.any_answer.is_none());
    }
    if let Some(s) = corpus("atcoder_arc106_c.html") {
        assert!(facts(&s).any_answer.is_some_and(|a| a.contains("any of them will be accepted")));
    }
    if let Some(s) = corpus("leetcode_0001-zh.html") {
        assert!(facts(&s).any_order.is_some());
    }
    if let Some(s) = corpus("atcoder_ahc036_a.html") {
        let f = facts(&s);
        assert_eq!((f.time_ms, f.tolerance), (None, None), "a score statement's words are not limits");
    }
}

#[test]
fn linear_on_hostile_input() {
    // 200,000 `<` without a `>`, and as many error words without a number: no limits read. Not
    // timed (speed belongs to `make bench`): a quadratic reader would take minutes here, not a
    // fraction of a second, and hold the test run up for all to see.
    let text = "a < b ".repeat(200_000) + &"absolute error ".repeat(20_000);
    let f = read(&text);
    assert_eq!((f.time_ms, f.tolerance), (None, None));
    assert_eq!(limits(&text), (None, None));
}
