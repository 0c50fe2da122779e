//! The statement in the user's language (issue 13 part 2): `language` on get_problem,
//! resolve_problem and get_daily_challenge, the fallback to what exists with one note in the text
//! and in `structuredContent`, and `title_cn` in search results.

use serde_json::{Value, json};

use crate::harness::text;
use crate::util::{assert_no_request, lines, setup};

const NO_ZH: &str = "No Chinese statement is available for this problem; showing the English one.";
const NO_EN: &str = "No English statement is available for this problem; showing the Chinese one.";

/// The text and the structured content of a successful call.
fn call(s: &mut crate::harness::Server, tool: &str, args: Value) -> (String, Value) {
    let r = s.call(tool, args.clone());
    assert_eq!(r["result"]["isError"], false, "{tool} {args}: {r}");
    (text(&r), r["result"]["structuredContent"].clone())
}

#[test]
fn chinese_statement_under_the_chinese_title() {
    let (b, mut s) = setup();
    let (zh, sc) = call(&mut s, "get_problem", json!({"source": "leetcode", "id": "1", "language": "zh"}));
    assert_eq!(lines(&zh)[0], "# 两数之和");
    assert!(zh.contains("给定一个整数数组") && !zh.contains("Given an array of integers"), "{zh}");
    assert!(!zh.contains("- Note:"), "{zh}");
    assert_eq!(sc["language"], "zh");
    assert_eq!(sc["notes"], json!([]));
    assert!(sc["problem"]["content"].as_str().unwrap().contains("给定一个整数数组"), "{sc}");
    // Both titles stay data.
    assert_eq!((&sc["problem"]["title"], &sc["problem"]["title_cn"]), (&json!("Two Sum"), &json!("两数之和")));
    // The backend call is the same: the language is chosen here.
    assert_eq!(b.requests()[0].target, "/api/v1/problems/leetcode/1");
    let (en, sc) = call(&mut s, "get_problem", json!({"source": "leetcode", "id": "1", "language": "en"}));
    assert_eq!(en, call(&mut s, "get_problem", json!({"source": "leetcode", "id": "1"})).0, "en is the default");
    assert!(en.starts_with("# Two Sum\n") && en.contains("Given an array of integers"), "{en}");
    assert_eq!(sc["language"], "en");
}

#[test]
fn samples_come_from_the_statement_returned() {
    let (_b, mut s) = setup();
    let sample = |sc: &Value| sc["problem"]["samples"].as_array().unwrap().clone();
    let (_, en) = call(&mut s, "get_problem", json!({"source": "leetcode", "id": "1"}));
    let (_, zh) = call(&mut s, "get_problem", json!({"source": "leetcode", "id": "1", "language": "zh"}));
    // The fixture's Chinese statement shows one example, the English one two; the explanation is
    // in the statement's own language.
    let (en, zh) = (sample(&en), sample(&zh));
    assert_eq!((en.len(), zh.len()), (2, 1), "{en:?} {zh:?}");
    assert_eq!(en[0]["input"], zh[0]["input"]);
    assert_eq!(en[0]["explanation"], "nums[2] + nums[3] = 11 + 5 = 16.");
    assert_eq!(zh[0]["explanation"], "nums[2] + nums[3] = 11 + 5 = 16。");
}

#[test]
fn a_missing_language_gives_what_exists_and_one_note() {
    let (_b, mut s) = setup();
    // LeetCode 743 has no content_cn.
    let (t, sc) = call(&mut s, "get_problem", json!({"source": "leetcode", "id": "743", "language": "zh"}));
    assert!(t.starts_with("# Network Delay Time\n"), "{t}");
    assert_eq!(t.matches(NO_ZH).count(), 1, "{t}");
    assert!(lines(&t).contains(&format!("- Note: {NO_ZH}").as_str()), "the note is a header line: {t}");
    assert_eq!(sc["language"], "en");
    assert_eq!(sc["notes"], json!([NO_ZH]));
    // Luogu is Chinese already: asked in Chinese, no note; in English (the default), a note.
    let (t, sc) = call(&mut s, "get_problem", json!({"source": "luogu", "id": "P1002", "language": "zh"}));
    assert!(!t.contains("- Note:"), "{t}");
    assert_eq!((&sc["language"], &sc["notes"]), (&json!("zh"), &json!([])));
    let (t, sc) = call(&mut s, "get_problem", json!({"source": "luogu", "id": "P1002"}));
    assert!(t.contains(&format!("- Note: {NO_EN}")), "{t}");
    assert_eq!((&sc["language"], &sc["notes"]), (&json!("zh"), &json!([NO_EN])));
    // SPOJ (through Luogu): Chinese headings over an English statement is English.
    let (_, sc) = call(&mut s, "get_problem", json!({"source": "spoj", "id": "SP1"}));
    assert_eq!((&sc["language"], &sc["notes"]), (&json!("en"), &json!([])));
    // No statement at all: no language, and only the "No description available" advice.
    let (t, sc) = call(&mut s, "get_problem", json!({"source": "leetcode", "id": "253", "language": "zh"}));
    assert!(t.contains("No description available") && !t.contains("- Note:"), "{t}");
    assert_eq!((&sc["language"], &sc["problem"]["content"]), (&Value::Null, &Value::Null));
    assert!(sc["notes"][0].as_str().unwrap().starts_with("No description available"), "{sc}");
    assert_eq!(sc["notes"].as_array().unwrap().len(), 1, "{sc}");
}

#[test]
fn daily_defaults_follow_the_site() {
    let (b, mut s) = setup();
    let (t, sc) = call(&mut s, "get_daily_challenge", json!({"domain": "cn"}));
    assert!(t.starts_with("# 两数之和\n") && t.contains("给定一个整数数组"), "{t}");
    assert_eq!(sc["language"], "zh");
    let (t, sc) = call(&mut s, "get_daily_challenge", json!({"domain": "cn", "language": "en"}));
    assert!(t.starts_with("# Two Sum\n") && t.contains("Given an array of integers"), "{t}");
    assert_eq!(sc["language"], "en");
    let (t, sc) = call(&mut s, "get_daily_challenge", json!({"domain": "com"}));
    assert!(t.starts_with("# Network Delay Time\n"), "{t}");
    assert_eq!((&sc["language"], &sc["notes"]), (&json!("en"), &json!([])));
    let (_, sc) = call(&mut s, "get_daily_challenge", json!({"domain": "com", "language": "zh"}));
    assert_eq!((&sc["language"], &sc["notes"]), (&json!("en"), &json!([NO_ZH])));
    b.clear();
    let e = s.call_err("get_daily_challenge", json!({"language": "fr"}));
    assert!(e.contains("`language` must be one of \"en\", \"zh\""), "{e}");
    assert_no_request(&b, "a bad language");
}

#[test]
fn resolve_and_problem_take_language_and_reject_others() {
    let (b, mut s) = setup();
    let (t, sc) =
        call(&mut s, "resolve_problem", json!({"query": "https://leetcode.com/problems/two-sum/", "language": "zh"}));
    assert!(t.starts_with("# 两数之和\n"), "{t}");
    assert_eq!(sc["language"], "zh");
    b.clear();
    for (tool, args) in [
        ("resolve_problem", json!({"query": "two-sum", "language": "cn"})),
        ("get_problem", json!({"source": "leetcode", "id": "1", "language": "ZH"})),
        ("get_problem", json!({"source": "leetcode", "id": "1", "language": 1})),
    ] {
        let e = s.call_err(tool, args.clone());
        assert!(e.contains("`language`"), "{args}: {e}");
    }
    assert_no_request(&b, "a bad language");
}

#[test]
fn search_shows_the_chinese_title_when_it_differs() {
    let (_b, mut s) = setup();
    let (t, sc) = call(&mut s, "search_problems", json!({"source": "leetcode"}));
    assert!(t.contains("| 1 | Two Sum (两数之和) | Easy |"), "{t}");
    assert_eq!(sc["problems"][0]["title"], "Two Sum");
    assert_eq!(sc["problems"][0]["title_cn"], "两数之和");
    // Luogu's title_cn is its title, and AtCoder's is empty: nothing beside it.
    let (t, sc) = call(&mut s, "search_problems", json!({"source": "luogu"}));
    assert!(!t.contains(") ("), "{t}");
    assert!(sc["problems"].as_array().unwrap().iter().all(|p| p["title_cn"].is_null()), "{sc}");
    let (_, sc) = call(&mut s, "search_problems", json!({"source": "atcoder"}));
    assert!(sc["problems"][0]["title_cn"].is_null(), "{sc}");
}

#[test]
fn similar_questions_and_truncation_reach_both_views() {
    let (_b, mut s) = setup();
    let (t, sc) = call(&mut s, "get_problem", json!({"source": "leetcode", "id": "1"}));
    assert!(lines(&t).contains(&"- Similar questions: two-sum-ii-input-array-is-sorted, 3sum"), "{t}");
    assert_eq!(sc["problem"]["similar_questions"], json!(["two-sum-ii-input-array-is-sorted", "3sum"]));
    assert_eq!(sc["problem"]["truncated"], false);
    let (t, sc) = call(&mut s, "get_problem", json!({"source": "atcoder", "id": "ahc001_a"}));
    assert_eq!(sc["problem"]["truncated"], true);
    let note = sc["notes"][0].as_str().unwrap();
    assert!(note.contains("cut"), "{sc}");
    assert!(t.contains(&format!("- Note: {note}")), "{t}");
    assert!(t.ends_with("... (truncated)\n"), "{}", &t[t.len() - 80..]);
}

#[test]
fn prompts_resources_and_completions_take_the_language() {
    let (_b, mut s) = setup();
    let args = json!({"source": "leetcode", "id": "1", "language": "zh"});
    let r = s.request("prompts/get", json!({"name": "solve_problem", "arguments": args}));
    let msgs = r["result"]["messages"].as_array().unwrap();
    let statement = &msgs[0]["content"]["resource"];
    assert_eq!(statement["uri"], "oj://problem/leetcode/1/zh", "{r}");
    assert!(statement["text"].as_str().unwrap().starts_with("# 两数之和\n"), "{r}");
    // The samples attached are those of the Chinese statement, under its own samples URI.
    let samples = &msgs[2]["content"]["resource"];
    assert_eq!(samples["uri"], "oj://problem/leetcode/1/zh/samples", "{r}");
    let v: Value = serde_json::from_str(samples["text"].as_str().unwrap()).unwrap();
    assert_eq!(v["tests"].as_array().unwrap().len(), 1, "{v}");
    // The same JSON as a resource read.
    let read = s.request("resources/read", json!({"uri": "oj://problem/leetcode/1/zh/samples"}));
    assert_eq!(read["result"]["contents"][0]["text"], samples["text"], "{read}");
    assert_eq!(read["result"]["contents"][0]["mimeType"], "application/json");
    let r = s.request("prompts/get", json!({"name": "practice_similar", "arguments": args}));
    assert_eq!(r["result"]["messages"][0]["content"]["resource"]["uri"], "oj://problem/leetcode/1/zh", "{r}");
    let r = s.request(
        "prompts/get",
        json!({"name": "solve_problem", "arguments": {"source": "leetcode", "id": "1", "language": "fr"}}),
    );
    assert_eq!(r["error"]["code"], -32602, "{r}");
    assert!(r["error"]["message"].as_str().unwrap().contains("`language` must be en or zh"), "{r}");
    let listed = s.request("prompts/list", json!({}));
    // Every prompt that shows a statement; the weekly review shows the solve log, in no language.
    for prompt in listed["result"]["prompts"].as_array().unwrap().iter().filter(|p| p["name"] != "weekly_review") {
        let takes = prompt["arguments"].as_array().unwrap().iter().any(|a| a["name"] == "language");
        assert!(takes, "every prompt takes language: {prompt}");
    }
    for reference in [
        json!({"type": "ref/prompt", "name": "solve_problem"}),
        json!({"type": "ref/prompt", "name": "practice_similar"}),
        json!({"type": "ref/prompt", "name": "daily_practice"}),
        json!({"type": "ref/resource", "uri": "oj://problem/{source}/{id}/{language}/samples"}),
        json!({"type": "ref/resource", "uri": "oj://daily/{domain}/{date}/{language}"}),
    ] {
        let r =
            s.request("completion/complete", json!({"ref": reference, "argument": {"name": "language", "value": "e"}}));
        assert_eq!(r["result"]["completion"]["values"], json!(["en"]), "{reference}: {r}");
    }
}

#[test]
fn the_daily_in_a_language_as_a_resource_and_a_prompt() {
    let (_b, mut s) = setup();
    let read = |s: &mut crate::harness::Server, uri: &str| {
        let r = s.request("resources/read", json!({"uri": uri}));
        r["result"]["contents"][0]["text"].as_str().unwrap_or_else(|| panic!("{uri}: {r}")).to_string()
    };
    // leetcode.cn's daily comes in Chinese; the language form asks for English.
    assert!(read(&mut s, "oj://daily/cn/2024-01-16").starts_with("# 两数之和\n"));
    let en = read(&mut s, "oj://daily/cn/2024-01-16/en");
    assert!(en.starts_with("# Two Sum\n") && en.contains("Given an array of integers"), "{en}");
    let r = s.request("resources/read", json!({"uri": "oj://daily/cn/2024-01-16/fr"}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    assert_eq!(r["error"]["data"]["uri"], "oj://daily/cn/2024-01-16/fr");

    let r =
        s.request("prompts/get", json!({"name": "daily_practice", "arguments": {"domain": "cn", "language": "en"}}));
    let resource = &r["result"]["messages"][0]["content"]["resource"];
    let uri = resource["uri"].as_str().unwrap_or_else(|| panic!("{r}"));
    let date =
        uri.strip_prefix("oj://daily/cn/").and_then(|d| d.strip_suffix("/en")).unwrap_or_else(|| panic!("{uri}"));
    assert!(date.len() == 10 && date.as_bytes()[4] == b'-', "today's date in the URI: {uri}");
    assert!(resource["text"].as_str().unwrap().starts_with("# Two Sum\n"), "{r}");
    let r = s.request("prompts/get", json!({"name": "daily_practice", "arguments": {"language": "de"}}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
}
