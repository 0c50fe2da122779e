//! Issue 12: every message tells the model the truth and the next step, in the text and in
//! `structuredContent.notes` alike (some clients read only one of them).

use serde_json::{Value, json};

use crate::backend::{Backend, Reply};
use crate::harness::{Opts, Server, text};
use crate::util::{json_reply, setup, targets};

/// The `notes` of a tool result's structured content.
fn notes(reply: &Value) -> Vec<String> {
    let notes = reply["result"]["structuredContent"]["notes"].as_array().cloned().unwrap_or_default();
    notes.iter().map(|n| n.as_str().expect("notes are strings").to_string()).collect()
}

/// A successful call: its text and its notes. Every note is also in the text.
fn call(s: &mut Server, tool: &str, args: Value) -> (String, Vec<String>) {
    let r = s.call(tool, args.clone());
    assert_ne!(r["result"]["isError"], true, "{tool} {args}: {r}");
    let (t, n) = (text(&r), notes(&r));
    for note in &n {
        assert!(t.contains(note.as_str()), "{tool}: the note {note:?} is not in the text:\n{t}");
    }
    (t, n)
}

// 1. ---------------------------------------------------------------------------------------

#[test]
fn an_empty_similarity_search_suggests_only_what_can_be_asked() {
    let (_b, mut s) = setup();
    // agc001_a: every neighbour is below 0, the default and lowest threshold.
    let (t, n) = call(&mut s, "find_similar_problems", json!({"source": "atcoder", "id": "agc001_a"}));
    assert_eq!(n.len(), 1, "{t}");
    assert!(n[0].contains("similarity of at least 0 (0 is the lowest `threshold`)"), "{t}");
    assert!(n[0].contains("`query`"), "{t}");
    assert!(!t.contains("negative") && !t.contains("lower `threshold`") && !t.contains("larger `limit`"), "{t}");
    // A threshold above 0 can be lowered; a filter can be dropped, and an unknown one is named.
    let args = json!({"source": "atcoder", "id": "agc001_a", "threshold": 0.5, "source_filter": "Luogu, uva"});
    let (_, n) = call(&mut s, "find_similar_problems", args);
    assert!(n[0].contains("among luogu, uva with a similarity of at least 0.5"), "{n:?}");
    assert!(n[0].contains("a lower `threshold` (0, the default, is the lowest)"), "{n:?}");
    assert!(n[0].contains("no `source_filter` (\"uva\" is not a source this backend serves"), "{n:?}");
    // A threshold the hint could suggest is one the tool accepts.
    let e = s.call_err("find_similar_problems", json!({"source": "atcoder", "id": "agc001_a", "threshold": -1}));
    assert!(e.contains("`threshold` must be between 0.0 and 1.0"), "{e}");
}

// 2. ---------------------------------------------------------------------------------------

#[test]
fn a_prompt_is_built_when_one_ingredient_fails() {
    let (b, mut s) = setup();
    // leetcode 253 has no embedding: `[404] … no embedding found`.
    let r =
        s.request("prompts/get", json!({"name": "practice_similar", "arguments": {"source": "leetcode", "id": "253"}}));
    let msgs = r["result"]["messages"].as_array().unwrap_or_else(|| panic!("a prompt, not an error: {r}"));
    assert_eq!(msgs.len(), 3, "{r}");
    assert_eq!(msgs[0]["content"]["resource"]["uri"], "oj://problem/leetcode/253");
    let similar = msgs[1]["content"]["text"].as_str().unwrap();
    assert!(similar.contains("Similar problems are unavailable for leetcode 253"), "{similar}");
    assert!(similar.contains("no embedding found") && similar.contains("not computed yet"), "{similar}");
    // A backend failure of the statement itself: the prompt says so instead of failing.
    b.route("/api/v1/problems/leetcode/1", Reply::Raw(crate::util::http(500, "Internal Server Error", None, b"")));
    let r = s.request("prompts/get", json!({"name": "solve_problem", "arguments": {"source": "leetcode", "id": "1"}}));
    let first = r["result"]["messages"][0]["content"]["text"].as_str().unwrap_or_else(|| panic!("{r}"));
    assert!(first.contains("The statement of leetcode 1 (oj://problem/leetcode/1) is not included"), "{first}");
    assert!(first.contains("[500]") && first.contains("Ask me to paste it"), "{first}");
    // An argument that names no problem is still an invalid argument, with the URI as data.
    let r =
        s.request("prompts/get", json!({"name": "solve_problem", "arguments": {"source": "leetcode", "id": "99999"}}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    assert_eq!(r["error"]["data"]["uri"], "oj://problem/leetcode/99999", "{r}");
}

// 3. ---------------------------------------------------------------------------------------

#[test]
fn a_search_that_matches_nothing_names_the_filters_to_loosen() {
    let (b, mut s) = setup();
    let (t, n) = call(&mut s, "search_problems", json!({"source": "leetcode", "search": "zzzz"}));
    assert!(!t.contains("Page 1 of 0"), "{t}");
    assert_eq!(n.len(), 1, "{t}");
    assert!(n[0].starts_with("No leetcode problems match these filters; loosen them: search \"zzzz\""), "{t}");
    let args = json!({"source": "leetcode", "search": "zzzz", "difficulty": "Hard", "tags": ["graph"],
                      "tag_mode": "all", "rating_min": 1200});
    b.route("/api/v1/problems/leetcode?page=1&per_page=20&difficulty=Hard&tags=graph*", Reply::case("list_no_match"));
    let r = s.call("search_problems", args);
    let n = notes(&r);
    for want in ["search \"zzzz\"", "difficulty \"Hard\"", "tags all of graph", "rating 1200 to any"] {
        assert!(n[0].contains(want), "{want}: {n:?}");
    }
}

// 4. ---------------------------------------------------------------------------------------

#[test]
fn sources_are_normalised_and_unknown_ones_get_the_valid_list() {
    let (b, mut s) = setup();
    let t = s.call_ok("get_problem", json!({"source": " LeetCode ", "id": "1"}));
    assert!(t.starts_with("# Two Sum\n"), "{t}");
    assert_eq!(targets(&b), ["/api/v1/problems/leetcode/1"]);
    b.clear();
    s.call_ok("list_tags", json!({"source": "SPOJ"}));
    s.call_ok("search_problems", json!({"source": "Codeforces"}));
    assert_eq!(targets(&b)[0], "/api/v1/tags/spoj");
    assert!(targets(&b)[1].starts_with("/api/v1/problems/codeforces?"), "{:?}", targets(&b));
    b.clear();
    // The valid list comes from /status (a platform only it knows shows that), asked once.
    let status = json!({"version": "0.2.1", "platforms": [
        {"source": "leetcode", "total": 1, "missing_content": 0, "not_embedded": 0},
        {"source": "kattis", "total": 1, "missing_content": 0, "not_embedded": 0}]});
    b.route("/status", json_reply(&status));
    let e = s.call_err("get_problem", json!({"source": "hackerrank", "id": "1"}));
    assert!(e.starts_with("[400] Bad Request: invalid source: hackerrank\n"), "{e}");
    assert!(e.contains("\"hackerrank\" is not a source this backend serves. Valid sources: leetcode, kattis."), "{e}");
    let e = s.call_err("list_tags", json!({"source": "uva"}));
    assert!(e.contains("Valid sources: leetcode, kattis."), "{e}");
    let e = s.call_err("search_problems", json!({"source": "uva"}));
    assert!(e.contains("Valid sources: leetcode, kattis."), "{e}");
    assert_eq!(targets(&b).iter().filter(|t| *t == "/status").count(), 1, "{:?}", targets(&b));
}

#[test]
fn without_a_token_or_status_the_five_known_sources_are_named() {
    let five = "Valid sources: leetcode, codeforces, atcoder, luogu, spoj.";
    // No token: /status needs one, so it is not asked.
    let b = Backend::start(&crate::backend::fixtures_dir());
    let mut s = Server::with(Opts { base_url: Some(&b.url()), token: None, ..Opts::default() });
    let e = s.call_err("get_problem", json!({"source": "hackerrank", "id": "1"}));
    assert!(e.contains(five), "{e}");
    assert!(!targets(&b).contains(&"/status".to_string()), "{:?}", targets(&b));
    // /status failing never fails the call: the backend's answer and the five known ones.
    let (b, mut s) = setup();
    b.route("/status", Reply::Raw(crate::util::http(503, "Service Unavailable", None, b"")));
    let e = s.call_err("get_problem", json!({"source": "hackerrank", "id": "1"}));
    assert!(e.starts_with("[400] Bad Request: invalid source: hackerrank\n") && e.contains(five), "{e}");
}

#[test]
fn similar_with_an_unknown_source_says_the_source_is_unknown() {
    let (_b, mut s) = setup();
    let e = s.call_err("find_similar_problems", json!({"source": "HackerRank", "id": "1"}));
    assert!(e.starts_with("\"hackerrank\" is not a source this backend serves. Valid sources: "), "{e}");
    assert!(e.contains("only means it has nothing under that name"), "{e}");
    // A known source: the problem is missing or not embedded yet, and what to do.
    let e = s.call_err("find_similar_problems", json!({"source": "leetcode", "id": "253"}));
    assert!(e.starts_with("[404] Not Found: no embedding found for this problem\n"), "{e}");
    assert!(e.contains("not computed yet") && e.contains("`query`"), "{e}");
}

#[test]
fn resolve_with_an_unknown_slug_says_no_problem_has_it() {
    let (_b, mut s) = setup();
    let e = s.call_err("resolve_problem", json!({"query": "https://leetcode.com/problems/no-such-problem/"}));
    assert!(e.starts_with("No leetcode problem has the slug \"no-such-problem\""), "{e}");
    assert!(e.contains("search_problems") && !e.contains("Check the id"), "{e}");
    let e = s.call_err("resolve_problem", json!({"query": "99999"}));
    assert!(e.starts_with("No leetcode problem has the id \"99999\""), "{e}");
}

#[test]
fn a_missing_resolve_route_says_so_and_names_the_other_tools() {
    // oj-api-rs answers every resolve with 200; the fixture backend, like any server without the
    // route, answers 404 with an empty body.
    let (b, mut s) = setup();
    let e = s.call_err("resolve_problem", json!({"query": "hello world"}));
    assert_eq!(targets(&b), ["/api/v1/resolve/hello%20world"]);
    assert!(e.starts_with("[404] Not Found\nThe backend has no resolve endpoint at this address"), "{e}");
    assert!(e.contains("OJ_BASE_URL") && e.contains("get_problem") && e.contains("search_problems"), "{e}");
}

#[test]
fn a_missing_statement_says_whether_it_is_paid_only_or_not_crawled() {
    let (b, mut s) = setup();
    let r = s.call("get_problem", json!({"source": "leetcode", "id": "253"}));
    let (t, n) = (text(&r), notes(&r));
    assert!(t.contains("No description available: this is a paid-only (premium) problem"), "{t}");
    assert!(n.len() == 1 && n[0].contains("paid-only"), "{n:?}");
    assert_eq!(r["result"]["structuredContent"]["problem"]["paid_only"], true);
    let row = json!({"id": "9X", "source": "codeforces", "title": "Not yet", "content": null, "paid_only": false});
    b.route("/api/v1/problems/codeforces/9X", json_reply(&row));
    let r = s.call("get_problem", json!({"source": "codeforces", "id": "9X"}));
    assert!(text(&r).contains("No description available: the backend has not crawled this problem's statement"));
    assert!(notes(&r)[0].contains("Missing Content"), "{r}");
}

// 5. ---------------------------------------------------------------------------------------

#[test]
fn a_leetcode_cn_url_keeps_the_cn_site() {
    let (b, mut s) = setup();
    let r = s.call("resolve_problem", json!({"query": "https://leetcode.cn/problems/3sum/description/"}));
    let t = text(&r);
    assert!(t.contains("- Link: https://leetcode.cn/problems/3sum/\n"), "{t}");
    assert!(!t.contains("leetcode.com"), "{t}");
    assert_eq!(r["result"]["structuredContent"]["problem"]["link"], "https://leetcode.cn/problems/3sum/");
    // Chinese by default for leetcode.cn: the fixture has no Chinese statement, so the answer
    // says so and gives the English one; asking for English says nothing about it.
    assert_eq!(r["result"]["structuredContent"]["language"], "en", "{r}");
    assert!(t.contains("No Chinese statement is available for this problem"), "{t}");
    let cn_first = notes(&r);
    assert!(cn_first.iter().any(|n| n.to_lowercase().contains("chinese")), "{cn_first:?}");
    let r =
        s.call("resolve_problem", json!({"query": "https://leetcode.cn/problems/3sum/description/", "language": "en"}));
    assert!(notes(&r).iter().all(|n| !n.to_lowercase().contains("chinese")), "{r}");
    // With a Chinese statement, a leetcode.cn URL gets it (and the Chinese title).
    let cn = "/api/v1/resolve/https%3A%2F%2Fleetcode.cn%2Fproblems%2Ftwo-sum%2F";
    b.route(cn, Reply::case("resolve_leetcode_url"));
    let r = s.call("resolve_problem", json!({"query": "https://leetcode.cn/problems/two-sum/"}));
    assert_eq!(r["result"]["structuredContent"]["language"], "zh", "{r}");
    let t = text(&r);
    assert!(t.starts_with("# 两数之和") && t.contains("- Link: https://leetcode.cn/problems/two-sum/\n"), "{t}");
    // A leetcode.com URL keeps leetcode.com.
    let t = s.call_ok("resolve_problem", json!({"query": "https://leetcode.com/problems/two-sum/"}));
    assert!(t.contains("- Link: https://leetcode.com/problems/two-sum/\n"), "{t}");
}

// 6. ---------------------------------------------------------------------------------------

#[test]
fn tags_with_commas_are_unambiguous_and_refused_as_filters_with_the_reason() {
    let (b, mut s) = setup();
    let (t, n) = call(&mut s, "list_tags", json!({"source": "spoj"}));
    assert!(t.starts_with("Tags on spoj (3): \"数学\", \"模拟\", \"素数判断,质数,筛法\"\n"), "{t}");
    assert!(n.len() == 1 && n[0].contains("cannot be used as a search_problems `tags` filter"), "{n:?}");
    // Without such a tag the list stays plain.
    let t = s.call_ok("list_tags", json!({"source": "leetcode"}));
    assert!(!t.contains('"'), "{t}");
    // The search table and a problem's header.
    let t = s.call_ok("search_problems", json!({"source": "spoj"}));
    assert!(t.contains("| \"数学\", \"素数判断,质数,筛法\" |"), "{t}");
    let row = json!({"id": "SP2", "source": "spoj", "title": "Prime Generator", "tags": ["数学", "素数判断,质数,筛法"],
                     "content": "x"});
    b.route("/api/v1/problems/spoj/SP2", json_reply(&row));
    let t = s.call_ok("get_problem", json!({"source": "spoj", "id": "SP2"}));
    assert!(t.contains("- Tags: \"数学\", \"素数判断,质数,筛法\"\n"), "{t}");
    // The filter is refused before any request, saying why.
    b.clear();
    let e = s.call_err("search_problems", json!({"source": "spoj", "tags": ["素数判断,质数,筛法"]}));
    assert!(e.contains("The backend splits `tags` on commas") && e.contains("cannot be used as a filter"), "{e}");
    assert!(targets(&b).is_empty());
    let r = s.request("tools/list", json!({}));
    let tools = r["result"]["tools"].as_array().unwrap();
    let search = tools.iter().find(|t| t["name"] == "search_problems").unwrap();
    assert!(search["description"].as_str().unwrap().contains("the backend splits the filter on commas"));
}

// 7. ---------------------------------------------------------------------------------------

#[test]
fn the_202_advice_is_worded_as_what_the_backend_reported() {
    let (b, mut s) = setup();
    let r = s.call("get_daily_challenge", json!({"date": "2024-02-01"}));
    let t = text(&r);
    assert!(
        t.starts_with("The backend answered HTTP 202 with status \"fetching\" and retry_after 30: it reports"),
        "{t}"
    );
    assert!(t.contains("in 30 seconds") && t.contains("If it keeps answering this"), "{t}");
    assert!(!t.contains("right now"), "{t}");
    let sc = &r["result"]["structuredContent"];
    assert_eq!((sc["status"].as_str(), sc["retry_after"].as_u64()), (Some("fetching"), Some(30)), "{sc}");
    assert_eq!(notes(&r), [t.as_str()]);
    // No retry_after: said so, and null in the structured copy.
    let body = json!({"status": "fetching"}).to_string();
    let raw = crate::util::http(202, "Accepted", Some("application/json"), body.as_bytes());
    b.route("/api/v1/daily?domain=com&date=2024-02-02", Reply::Raw(raw));
    let r = s.call("get_daily_challenge", json!({"date": "2024-02-02"}));
    assert!(text(&r).contains("and no retry_after:"), "{r}");
    assert_eq!(r["result"]["structuredContent"]["retry_after"], Value::Null);
}

// 9. ---------------------------------------------------------------------------------------

#[test]
fn a_resource_that_does_not_exist_carries_its_uri_in_both_eras() {
    let (_b, mut s) = setup();
    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                      "io.modelcontextprotocol/clientCapabilities": {}});
    let uris = [
        "oj://nope",
        "oj://problem/leetcode/99999",
        "oj://problem/leetcode/99999/samples",
        "oj://problem/leetcode/99999/zh",
        "https://leetcode.com/problems/two-sum/",
    ];
    for uri in uris {
        for params in [json!({"uri": uri}), json!({"uri": uri, "_meta": meta})] {
            let r = s.request("resources/read", params.clone());
            assert_eq!(r["error"]["code"], -32602, "{params}: {r}");
            assert_eq!(r["error"]["data"], json!({"uri": uri}), "{params}: {r}");
        }
    }
}
