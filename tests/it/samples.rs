//! Sample tests through the real binary: `io`, `samples` and `samples_total` in the structured
//! problem of get_problem, resolve_problem and get_daily_challenge (expectations written by
//! hand from the fixture statements), the `oj://problem/{source}/{id}/samples` resource in
//! competitive-companion's shape, its completions, and the solve_problem prompt that embeds them.

use serde_json::{Value, json};

use crate::backend::Backend;
use crate::harness::{Server, TOKEN};
use crate::schema_check::check;

fn start() -> (Backend, Server) {
    let b = Backend::start(&crate::backend::fixtures_dir()).with_token(TOKEN);
    let mut s = Server::start(&b.url());
    s.initialize("2025-11-25");
    (b, s)
}

/// The structured problem of a successful call, checked against the tool's output schema.
fn problem(s: &mut Server, tool: &str, args: Value) -> Value {
    let r = s.call(tool, args.clone());
    assert_eq!(r["result"]["isError"], false, "{tool} {args}: {r}");
    let tools = s.request("tools/list", json!({}));
    let schema =
        tools["result"]["tools"].as_array().unwrap().iter().find(|t| t["name"] == tool).unwrap()["outputSchema"]
            .clone();
    let structured = r["result"]["structuredContent"].clone();
    let errs = check(&schema, &structured);
    assert!(errs.is_empty(), "{tool} {args}: {errs:?}");
    structured["problem"].clone()
}

fn sample(input: &str, output: &str, explanation: Option<&str>) -> Value {
    json!({ "input": input, "output": output, "explanation": explanation })
}

#[test]
fn problems_carry_their_samples_and_io() {
    let (_b, mut s) = start();
    let cases = [
        (
            json!({"source": "leetcode", "id": "1"}),
            "function",
            json!([
                sample("nums = [3,8,11,5], target = 16", "[2,3]", Some("nums[2] + nums[3] = 11 + 5 = 16.")),
                sample("nums = [7,0,7], target = 14", "[0,2]", None),
            ]),
        ),
        (json!({"source": "codeforces", "id": "4A"}), "stdin", json!([sample("8\n", "YES\n", None)])),
        (json!({"source": "codeforces", "id": "1A"}), "stdin", json!([sample("7 5 3\n", "6\n", None)])),
        (
            json!({"source": "atcoder", "id": "abc321_a"}),
            "stdin",
            json!([sample("4310\n", "Yes\n", None), sample("4410\n", "No\n", None)]),
        ),
        (
            json!({"source": "atcoder", "id": "abc300_a"}),
            "stdin",
            json!([sample("4 10 15\n5 25 15 30\n", "2\n", None)]),
        ),
        (json!({"source": "luogu", "id": "P1002"}), "stdin", json!([sample("6 5 4 1\n", "57\n", None)])),
        (json!({"source": "spoj", "id": "SP1"}), "stdin", json!([sample("7\n13\n42\n5\n", "7\n13\n", None)])),
    ];
    for (args, io, want) in cases {
        let p = problem(&mut s, "get_problem", args.clone());
        assert_eq!(p["io"], io, "{args}");
        assert_eq!(p["samples"], want, "{args}");
        assert_eq!(p["samples_total"], want.as_array().unwrap().len(), "{args}");
    }
}

#[test]
fn resolve_and_daily_carry_samples_too() {
    let (_b, mut s) = start();
    let p = problem(&mut s, "resolve_problem", json!({"query": "codeforces:4A"}));
    assert_eq!((p["io"].clone(), p["samples"][0]["input"].clone()), (json!("stdin"), json!("8\n")));
    let p = problem(&mut s, "get_daily_challenge", json!({"domain": "com", "date": "2024-01-15"}));
    assert_eq!(p["io"], "function");
    assert_eq!(p["samples"][1], sample("height = [4,1,3]", "2", None));
    // The 202 answer has no problem, hence no samples.
    let r = s.call("get_daily_challenge", json!({"date": "2024-02-01"}));
    assert_eq!(r["result"]["structuredContent"]["problem"], Value::Null);
}

#[test]
fn a_problem_without_statement_has_no_samples_and_no_io() {
    let (_b, mut s) = start();
    let p = problem(&mut s, "get_problem", json!({"source": "leetcode", "id": "253"}));
    assert_eq!((p["io"].clone(), p["samples"].clone(), p["samples_total"].clone()), (Value::Null, json!([]), json!(0)));
}

#[test]
fn samples_beyond_100_kb_are_counted_and_noted() {
    let (_b, mut s) = start();
    let r = s.call("get_problem", json!({"source": "atcoder", "id": "ahc001_a"}));
    let st = &r["result"]["structuredContent"];
    let p = &st["problem"];
    assert_eq!(p["samples_total"], 130);
    let shown = p["samples"].as_array().unwrap();
    assert!(!shown.is_empty() && shown.len() < 130, "{}", shown.len());
    let bytes: usize =
        shown.iter().map(|t| t["input"].as_str().unwrap().len() + t["output"].as_str().unwrap().len()).sum();
    assert!(bytes <= 100 * 1024, "{bytes}");
    assert!(shown[0]["input"].as_str().unwrap().starts_with("50\n3247 3404 30790\n"));
    let note = format!("The structured samples hold the first {} of 130 sample tests", shown.len());
    let notes = st["notes"].as_array().unwrap();
    assert!(notes.iter().any(|n| n.as_str().unwrap().starts_with(&note)), "{notes:?}");
    let text = r["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.contains(&note), "the note is in the text too");
}

#[test]
fn the_samples_resource_has_competitive_companions_shape() {
    let (_b, mut s) = start();
    let uri = "oj://problem/codeforces/4A/samples";
    let r = s.request("resources/read", json!({"uri": uri}));
    let c = &r["result"]["contents"][0];
    assert_eq!((c["uri"].as_str(), c["mimeType"].as_str()), (Some(uri), Some("application/json")), "{r}");
    let v: Value = serde_json::from_str(c["text"].as_str().unwrap()).unwrap();
    assert_eq!(
        v,
        json!({
            "name": "Watermelon", "url": "https://codeforces.com/problemset/problem/4/A", "interactive": false,
            "io": "stdin", "tests": [{"input": "8\n", "output": "YES\n"}]
        })
    );
    let r = s.request("resources/read", json!({"uri": "oj://problem/leetcode/1/samples"}));
    let v: Value = serde_json::from_str(r["result"]["contents"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(v["tests"][1], json!({"input": "nums = [7,0,7], target = 14", "output": "[0,2]"}));
    assert_eq!(v["io"], "function");
    for bad in ["oj://problem/leetcode/99999/samples", "oj://problem/leetcode/1/samples/x", "oj://problem//1/samples"] {
        let r = s.request("resources/read", json!({"uri": bad}));
        assert_eq!(r["error"]["code"], -32602, "{bad}: {r}");
    }
    // Completions for the template's arguments.
    let r = s.request(
        "completion/complete",
        json!({"ref": {"type": "ref/resource", "uri": "oj://problem/{source}/{id}/samples"},
               "argument": {"name": "source", "value": "co"}}),
    );
    assert_eq!(r["result"]["completion"]["values"], json!(["codeforces"]), "{r}");
}

#[test]
fn solve_problem_embeds_the_samples_and_asks_to_run_them() {
    let (_b, mut s) = start();
    let r = s
        .request("prompts/get", json!({"name": "solve_problem", "arguments": {"source": "atcoder", "id": "abc321_a"}}));
    let msgs = r["result"]["messages"].as_array().unwrap();
    let advice = msgs[1]["content"]["text"].as_str().unwrap();
    assert!(advice.contains("2 sample tests are attached") && advice.contains("run it on every sample"), "{advice}");
    let res = &msgs[2]["content"]["resource"];
    assert_eq!(res["uri"], "oj://problem/atcoder/abc321_a/samples");
    assert_eq!(res["mimeType"], "application/json");
    let v: Value = serde_json::from_str(res["text"].as_str().unwrap()).unwrap();
    assert_eq!(v["tests"], json!([{"input": "4310\n", "output": "Yes\n"}, {"input": "4410\n", "output": "No\n"}]));
    // No statement, no samples: the advice says so instead.
    let r =
        s.request("prompts/get", json!({"name": "solve_problem", "arguments": {"source": "leetcode", "id": "253"}}));
    let advice = r["result"]["messages"][1]["content"]["text"].as_str().unwrap();
    assert!(advice.contains("no sample tests"), "{advice}");
}

#[test]
fn samples_come_from_the_statement_returned() {
    let (_b, mut s) = start();
    // The Chinese statement of the fixture shows only its first example, with a Chinese full stop.
    let p = problem(&mut s, "get_problem", json!({"source": "leetcode", "id": "1", "language": "zh"}));
    assert_eq!(
        p["samples"],
        json!([sample("nums = [3,8,11,5], target = 16", "[2,3]", Some("nums[2] + nums[3] = 11 + 5 = 16。"))])
    );
    let p = problem(&mut s, "get_daily_challenge", json!({"domain": "cn"}));
    assert_eq!(p["samples_total"], 1, "the leetcode.cn daily is Chinese by default");
}
