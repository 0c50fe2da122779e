//! Beyond the spec: structured output checked against each tool's outputSchema, tool metadata by
//! protocol version, search_problems, list_tags, resources, prompts and completions.

use serde_json::{Value, json};

use crate::backend::Backend;
use crate::harness::{Opts, Server, TOKEN, text};
use crate::schema_check::check;

fn backend() -> Backend {
    Backend::start(&crate::backend::fixtures_dir()).with_token(TOKEN)
}

fn modern(mut params: Value) -> Value {
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {}
    });
    params
}

fn schemas(s: &mut Server) -> Vec<(String, Value)> {
    let r = s.request("tools/list", json!({}));
    r["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap().to_string(), t["outputSchema"].clone()))
        .collect()
}

#[test]
fn every_successful_call_returns_structured_content_matching_its_output_schema() {
    let b = backend();
    let mut s = Server::start(&b.url());
    s.initialize("2025-06-18");
    let schemas = schemas(&mut s);
    let calls = [
        ("get_daily_challenge", json!({})),
        ("get_daily_challenge", json!({"domain": "cn", "date": "2024-01-15"})),
        ("get_daily_challenge", json!({"date": "2024-02-01"})),
        ("get_problem", json!({"source": "leetcode", "id": "1"})),
        ("get_problem", json!({"source": "leetcode", "id": "253"})),
        ("get_problem", json!({"source": "codeforces", "id": "4A"})),
        ("get_problem", json!({"source": "atcoder", "id": "abc321_a"})),
        ("get_problem", json!({"source": "luogu", "id": "P1002"})),
        ("find_similar_problems", json!({"source": "leetcode", "id": "1"})),
        ("find_similar_problems", json!({"source": "atcoder", "id": "agc001_a", "limit": 5})),
        ("find_similar_problems", json!({"source": "luogu", "id": "P1002"})),
        ("find_similar_problems", json!({"query": "two numbers adding to a target"})),
        ("resolve_problem", json!({"query": "https://leetcode.com/problems/two-sum/"})),
        ("get_platform_status", json!({})),
        ("search_problems", json!({"source": "leetcode"})),
        ("search_problems", json!({"source": "leetcode", "page": 9, "per_page": 5})),
        ("search_problems", json!({"source": "atcoder"})),
        ("list_tags", json!({"source": "leetcode"})),
        ("list_tags", json!({"source": "atcoder"})),
    ];
    for (tool, args) in calls {
        let r = s.call(tool, args.clone());
        assert_eq!(r["result"]["isError"], false, "{tool} {args}: {r}");
        let structured = &r["result"]["structuredContent"];
        assert!(structured.is_object(), "{tool} {args}: no structuredContent in {r}");
        let schema = &schemas.iter().find(|(n, _)| n == tool).unwrap().1;
        assert_eq!(schema["type"], "object");
        let errs = check(schema, structured);
        assert!(errs.is_empty(), "{tool} {args}: {errs:?}\n{structured}");
    }
}

#[test]
fn structured_values_follow_the_backend_data() {
    let b = backend();
    let mut s = Server::start(&b.url());
    s.initialize("2025-11-25");
    let r = s.call("get_problem", json!({"source": "atcoder", "id": "abc321_a"}));
    let p = &r["result"]["structuredContent"]["problem"];
    assert_eq!(p["source"], "atcoder");
    assert_eq!(p["difficulty"], Value::Null);
    assert_eq!(p["ac_rate"], Value::Null);
    assert_eq!(p["rating"], Value::Null);
    assert_eq!(p["content"].as_str().unwrap(), text(&r).split("\n---\n\n").nth(1).unwrap().trim_end());
    let r = s.call("get_problem", json!({"source": "leetcode", "id": "253"}));
    assert_eq!(r["result"]["structuredContent"]["problem"]["content"], Value::Null);
    assert_eq!(r["result"]["structuredContent"]["problem"]["paid_only"], true);
    let r = s.call("get_daily_challenge", json!({"date": "2024-02-01"}));
    let d = &r["result"]["structuredContent"];
    assert_eq!(
        (d["status"].clone(), d["retry_after"].clone(), d["problem"].clone()),
        (json!("fetching"), json!(30), Value::Null)
    );
    let r = s.call("find_similar_problems", json!({"source": "atcoder", "id": "agc001_a", "threshold": 0.0}));
    assert_eq!(r["result"]["structuredContent"]["mode"], "id");
    let r = s.call("list_tags", json!({"source": "leetcode"}));
    assert_eq!(r["result"]["structuredContent"]["tags"][0], "array");
    assert!(text(&r).starts_with("Tags on leetcode (15): array, binary search, "), "{}", text(&r));
}

#[test]
fn error_results_carry_no_structured_content() {
    let b = backend();
    let mut s = Server::start(&b.url());
    s.initialize("2025-11-25");
    for (tool, args) in [
        ("get_problem", json!({"source": "leetcode", "id": "99999"})),
        ("get_problem", json!({"source": "leetcode"})),
        ("search_problems", json!({"source": "uva"})),
        ("resolve_problem", json!({"query": "https://example.com/problem/1"})),
    ] {
        let r = s.call(tool, args);
        assert_eq!(r["result"]["isError"], true, "{r}");
        assert!(r["result"].get("structuredContent").is_none(), "{r}");
    }
}

#[test]
fn older_protocol_versions_get_no_newer_fields() {
    let b = backend();
    for (version, structured, annotations) in [
        ("2024-11-05", false, false),
        ("2025-03-26", false, true),
        ("2025-06-18", true, true),
        ("2025-11-25", true, true),
    ] {
        let mut s = Server::start(&b.url());
        s.initialize(version);
        let r = s.request("tools/list", json!({}));
        for t in r["result"]["tools"].as_array().unwrap() {
            assert_eq!(t.get("outputSchema").is_some(), structured, "{version}: {t}");
            assert_eq!(t.get("title").is_some(), structured, "{version}: {t}");
            assert_eq!(t.get("annotations").is_some(), annotations, "{version}: {t}");
        }
        let r = s.call("get_problem", json!({"source": "leetcode", "id": "1"}));
        assert_eq!(r["result"].get("structuredContent").is_some(), structured, "{version}");
    }
    // The modern era has them all.
    let mut s = Server::start(&b.url());
    let r =
        s.request("tools/call", modern(json!({"name": "get_problem", "arguments": {"source": "leetcode", "id": "1"}})));
    assert!(r["result"]["structuredContent"].is_object(), "{r}");
    assert_eq!(r["result"]["resultType"], "complete");
}

#[test]
fn search_problems_builds_the_query_and_pages() {
    let b = backend();
    let mut s = Server::start(&b.url());
    let out = s.call_ok("search_problems", json!({"source": "leetcode", "page": 2, "per_page": 3}));
    assert!(out.contains("| ID | Title | Difficulty | Rating | Tags | Link |"), "{out}");
    assert!(out.contains("Page 2 of 3, total 7 problems."), "{out}");
    assert!(out.contains("page=3"), "the footer tells how to get the next page: {out}");
    // Clients that read only structuredContent get the same advice, and the arguments to send.
    let r = s.call("search_problems", json!({"source": "leetcode", "page": 2, "per_page": 3}));
    let sc = &r["result"]["structuredContent"];
    assert_eq!(sc["next_page_arguments"], json!({"source": "leetcode", "page": 3, "per_page": 3}), "{sc}");
    let note = "Next page: call search_problems with the same arguments and page=3.";
    assert_eq!(sc["notes"], json!([note]), "{sc}");
    assert!(out.contains(note), "{out}");
    b.clear();
    s.call_ok(
        "search_problems",
        json!({"source": "leetcode", "difficulty": "Hard", "tags": ["graph", "shortest path"], "tag_mode": "all",
               "search": "delay time", "sort_by": "rating", "sort_order": "desc", "rating_min": 1200, "rating_max": 2000.5}),
    );
    assert_eq!(
        b.requests()[0].target,
        "/api/v1/problems/leetcode?page=1&per_page=20&difficulty=Hard&tags=graph,shortest%20path&tag_mode=all\
&search=delay%20time&sort_by=rating&sort_order=desc&rating_min=1200&rating_max=2000.5"
    );
    b.clear();
    for (args, want) in [
        (json!({"source": "codeforces", "rating_min": 2000, "rating_max": 1000}), "rating_min"),
        (json!({"source": "leetcode", "per_page": 101}), "per_page"),
        (json!({"source": "leetcode", "page": 0}), "page"),
        (json!({"source": "leetcode", "sort_by": "title"}), "sort_by"),
        (json!({"source": "leetcode", "sort_order": "desc"}), "sort_order"),
        (json!({"source": "leetcode", "tag_mode": "none", "tags": ["a"]}), "tag_mode"),
        (json!({"source": "leetcode", "tags": "graph"}), "tags"),
        (json!({"source": "leetcode", "tags": ["a,b"]}), "comma"),
        (json!({"source": " "}), "source"),
        (json!({}), "source"),
    ] {
        let e = s.call_err("search_problems", args.clone());
        assert!(e.contains(want), "{args}: {e}");
    }
    assert!(b.requests().is_empty(), "argument errors make no request");
    let e = s.call_err("search_problems", json!({"source": "uva"}));
    assert!(e.starts_with("[400] Bad Request: "), "{e}");
    let r = s.call("search_problems", json!({"source": "leetcode", "page": 9, "per_page": 5}));
    let out = r["result"]["content"][0]["text"].as_str().unwrap();
    assert!(out.contains("No problems on this page."), "{out}");
    let sc = &r["result"]["structuredContent"];
    assert_eq!(sc["notes"][0], "No problems on this page.", "{sc}");
    assert_eq!(sc["next_page_arguments"], Value::Null, "{sc}");
}

#[test]
fn list_tags_texts_and_errors() {
    let b = backend();
    let mut s = Server::start(&b.url());
    assert!(s.call_ok("list_tags", json!({"source": "atcoder"})).contains("no tags"));
    let e = s.call_err("list_tags", json!({"source": "uva"}));
    assert!(e.starts_with("[400]"), "{e}");
    let e = s.call_err("list_tags", json!({}));
    assert!(e.contains("`source` is required"), "{e}");
}

#[test]
fn resources_list_templates_and_read() {
    let b = backend();
    let mut s = Server::start(&b.url());
    let caps = s.initialize("2025-11-25")["capabilities"].clone();
    assert!(caps["resources"].is_object() && caps["prompts"].is_object() && caps["completions"].is_object(), "{caps}");
    let r = s.request("resources/templates/list", json!({}));
    let uris: Vec<&str> = r["result"]["resourceTemplates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["uriTemplate"].as_str().unwrap())
        .collect();
    // The expected templates, in order: one list for this suite and the real-client suites.
    let expected: Vec<String> = serde_json::from_str(include_str!("../resource-templates.json")).unwrap();
    assert_eq!(uris, expected);
    let r = s.request("resources/list", json!({}));
    assert_eq!(r["result"]["resources"][0]["uri"], "oj://status");
    for (uri, want) in [
        ("oj://problem/leetcode/1", "# Two Sum"),
        ("oj://problem/leetcode/1/zh", "# 两数之和"),
        ("oj://problem/leetcode/1/en", "# Two Sum"),
        ("oj://daily/com", "- Daily Challenge: "),
        ("oj://daily/cn/2024-01-15", "leetcode.cn"),
        ("oj://status", "# OJ Platform Status (v0.2.1)"),
    ] {
        let r = s.request("resources/read", json!({"uri": uri}));
        let c = &r["result"]["contents"][0];
        assert_eq!(c["uri"], uri);
        assert_eq!(c["mimeType"], "text/markdown");
        assert!(c["text"].as_str().unwrap().contains(want), "{uri}: {r}");
        // The same Markdown as the tool.
        if uri == "oj://problem/leetcode/1" {
            assert_eq!(c["text"].as_str().unwrap(), s.call_ok("get_problem", json!({"source": "leetcode", "id": "1"})));
        }
    }
    for uri in [
        "oj://nope",
        "https://leetcode.com/problems/two-sum/",
        "oj://problem/leetcode",
        "oj://daily/jp",
        "oj://problem/leetcode/1/fr",
    ] {
        let r = s.request("resources/read", json!({"uri": uri}));
        assert_eq!(r["error"]["code"], -32602, "{uri}: {r}");
    }
    let r = s.request("resources/read", json!({"uri": "oj://nope"}));
    assert!(r["error"]["message"].as_str().unwrap().contains("oj://problem/{source}/{id}"), "{r}");
    let r = s.request("resources/read", json!({"uri": "oj://problem/leetcode/99999"}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    assert!(r["error"]["message"].as_str().unwrap().contains("[404]"), "{r}");
    // Modern era: resultType and caching hints.
    for (method, params) in [
        ("resources/list", json!({})),
        ("resources/templates/list", json!({})),
        ("resources/read", json!({"uri": "oj://problem/leetcode/1"})),
        ("prompts/list", json!({})),
    ] {
        let r = s.request(method, modern(params));
        assert_eq!(r["result"]["resultType"], "complete", "{method}: {r}");
        assert!(r["result"]["ttlMs"].as_u64().is_some(), "{method}: {r}");
        assert!(r["result"]["cacheScope"].is_string(), "{method}: {r}");
    }
    // Without a token the status resource is not listed: the solve log's summary alone is.
    let mut s = Server::with(Opts { base_url: Some(&b.url()), token: None, ..Opts::default() });
    let r = s.request("resources/list", json!({}));
    let uris: Vec<&Value> = r["result"]["resources"].as_array().unwrap().iter().map(|r| &r["uri"]).collect();
    assert_eq!(uris, [&json!("oj://log")]);
}

#[test]
fn prompts_embed_the_problem_and_coach_by_mode() {
    let b = backend();
    let mut s = Server::start(&b.url());
    let r = s.request("prompts/list", json!({}));
    let names: Vec<&str> =
        r["result"]["prompts"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["solve_problem", "daily_practice", "practice_similar", "weekly_review"]);
    let r = s.request("prompts/get", json!({"name": "solve_problem", "arguments": {"source": "leetcode", "id": "1"}}));
    let msgs = r["result"]["messages"].as_array().unwrap();
    assert_eq!(msgs[0]["content"]["type"], "resource");
    assert_eq!(msgs[0]["content"]["resource"]["uri"], "oj://problem/leetcode/1");
    assert!(msgs[0]["content"]["resource"]["text"].as_str().unwrap().starts_with("# Two Sum"));
    let hints = msgs[1]["content"]["text"].as_str().unwrap();
    assert!(hints.contains("hint") && hints.contains("Do not reveal"), "{hints}");
    let r = s.request(
        "prompts/get",
        json!({"name": "solve_problem", "arguments": {"source": "leetcode", "id": "1", "mode": "walkthrough"}}),
    );
    assert!(r["result"]["messages"][1]["content"]["text"].as_str().unwrap().contains("reference implementation"));
    let r = s.request("prompts/get", json!({"name": "daily_practice", "arguments": {"domain": "cn"}}));
    assert_eq!(r["result"]["messages"][0]["content"]["resource"]["uri"], "oj://daily/cn");
    let r =
        s.request("prompts/get", json!({"name": "practice_similar", "arguments": {"source": "leetcode", "id": "1"}}));
    let msgs = r["result"]["messages"].as_array().unwrap();
    assert!(msgs[1]["content"]["text"].as_str().unwrap().contains("# Similar Problems"), "{r}");
    assert!(msgs[2]["content"]["text"].as_str().unwrap().contains("study plan"), "{r}");
    for (params, want) in [
        (json!({"name": "solve_problem", "arguments": {"source": "leetcode"}}), "`id` is required"),
        (json!({"name": "solve_problem", "arguments": {"source": "leetcode", "id": "1", "mode": "spoil"}}), "mode"),
        (
            json!({"name": "solve_problem", "arguments": {"source": "leetcode", "id": "1", "x": "y"}}),
            "unknown argument",
        ),
        (json!({"name": "daily_practice", "arguments": {"domain": "jp"}}), "domain"),
        (json!({"name": "nope"}), "Unknown prompt"),
        (json!({}), "name"),
        (json!({"name": "solve_problem", "arguments": {"source": "leetcode", "id": "99999"}}), "[404]"),
    ] {
        let r = s.request("prompts/get", params.clone());
        assert_eq!(r["error"]["code"], -32602, "{params}: {r}");
        assert!(r["error"]["message"].as_str().unwrap().contains(want), "{params}: {r}");
    }
}

#[test]
fn completions_for_prompt_and_template_arguments() {
    let b = backend();
    let mut s = Server::start(&b.url());
    let complete = |s: &mut Server, reference: Value, name: &str, value: &str, context: Value| {
        let r = s.request(
            "completion/complete",
            json!({"ref": reference, "argument": {"name": name, "value": value}, "context": {"arguments": context}}),
        );
        r["result"]["completion"].clone()
    };
    let prompt = json!({"type": "ref/prompt", "name": "solve_problem"});
    let c = complete(&mut s, prompt.clone(), "source", "co", json!({}));
    assert_eq!(c["values"], json!(["codeforces"]));
    assert_eq!(c["hasMore"], false);
    assert_eq!(
        complete(&mut s, prompt.clone(), "mode", "", json!({}))["values"],
        json!(["hints", "walkthrough", "review"])
    );
    let daily = json!({"type": "ref/prompt", "name": "daily_practice"});
    assert_eq!(complete(&mut s, daily, "domain", "c", json!({}))["values"], json!(["com", "cn"]));
    b.clear();
    let c = complete(&mut s, prompt.clone(), "id", "1", json!({"source": "leetcode"}));
    let ids = c["values"].as_array().unwrap();
    assert!(!ids.is_empty() && ids[0].as_str().unwrap().starts_with('1'), "{c}");
    assert_eq!(b.requests()[0].target, "/api/v1/problems/leetcode?page=1&per_page=20&search=1");
    let template = json!({"type": "ref/resource", "uri": "oj://problem/{source}/{id}"});
    assert_eq!(complete(&mut s, template.clone(), "source", "l", json!({}))["values"], json!(["leetcode", "luogu"]));
    let by_language = json!({"type": "ref/resource", "uri": "oj://problem/{source}/{id}/{language}"});
    assert_eq!(complete(&mut s, by_language.clone(), "language", "", json!({}))["values"], json!(["en", "zh"]));
    assert_eq!(complete(&mut s, by_language, "language", "Z", json!({}))["values"], json!(["zh"]));
    // A backend failure is an empty list, not an error.
    let c = complete(&mut s, template, "id", "1", json!({"source": "uva"}));
    assert_eq!(c["values"], json!([]));
    let r = s.request(
        "completion/complete",
        json!({"ref": {"type": "ref/prompt", "name": "nope"}, "argument": {"name": "x", "value": ""}}),
    );
    assert_eq!(r["error"]["code"], -32602);
    let r = s.request("completion/complete", json!({"argument": {"name": "x", "value": ""}}));
    assert_eq!(r["error"]["code"], -32602);
}
