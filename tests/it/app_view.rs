//! The MCP Apps view (#34) on the wire: `tools/list` links it only for a client that declares the
//! extension (in `initialize`, or in a 2026-07-28 request's own capabilities) or under
//! `--ui always`; a client without it gets `tools/list` byte for byte as before the view existed
//! (`tests/golden/tools_list.manifest`); the `ui://` resource is listed alongside and read whole.
//! The page's rendering is tested in a real browser by `make app-tests` (tests/app/).

use serde_json::{Value, json};

use crate::harness::{Opts, Server};

const UI: &str = "io.modelcontextprotocol/ui";
const URI: &str = "ui://oj-mcp-rs/problem-view";
const MODERN: &str = "io.modelcontextprotocol/protocolVersion";
const CAPS: &str = "io.modelcontextprotocol/clientCapabilities";

fn server(args: &[&str]) -> Server {
    Server::with(Opts { base_url: Some("http://127.0.0.1:9"), args: args.to_vec(), ..Opts::default() })
}

fn initialize(s: &mut Server, version: &str, capabilities: Value) {
    s.request(
        "initialize",
        json!({"protocolVersion": version, "capabilities": capabilities, "clientInfo": {"name": "it", "version": "0"}}),
    );
    s.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
}

/// The reply line as the server wrote it (ids aside, serde_json writes what it read in order).
fn line(reply: &Value) -> String {
    serde_json::to_string(reply).unwrap()
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3))
}

/// Asserts `reply`'s line has the length and hash the manifest holds for `name`.
fn assert_golden(name: &str, reply: &Value) {
    let manifest = include_str!("../golden/tools_list.manifest");
    let row = manifest.lines().find(|l| l.split('\t').next() == Some(name)).unwrap_or_else(|| panic!("no {name}"));
    let fields: Vec<&str> = row.split('\t').collect();
    let text = line(reply);
    let got = (text.len().to_string(), format!("{:016x}", fnv(text.as_bytes())));
    assert_eq!((fields[1], fields[2]), (got.0.as_str(), got.1.as_str()), "{name}: tools/list changed: {text:.300}");
}

fn linked(list: &Value) -> Vec<String> {
    let tools = list["result"]["tools"].as_array().expect("tools");
    for t in tools.iter().filter(|t| t.get("_meta").is_some()) {
        assert_eq!(t["_meta"], json!({"ui": {"resourceUri": URI}, "ui/resourceUri": URI}), "{}", t["name"]);
    }
    tools.iter().filter(|t| t.get("_meta").is_some()).map(|t| t["name"].as_str().unwrap().to_string()).collect()
}

const VIEWED: [&str; 4] = ["get_daily_challenge", "get_problem", "test_solution", "stress_test"];

#[test]
fn without_the_extension_tools_list_is_what_it_was() {
    for (name, args, version) in [
        ("legacy", &[][..], "2025-11-25"),
        ("legacy_allow_run", &["--allow-run"], "2025-11-25"),
        ("v2024_allow_run", &["--allow-run"], "2024-11-05"),
    ] {
        for ui in [None, Some("auto"), Some("never")] {
            let mut args = args.to_vec();
            if let Some(ui) = ui {
                args.extend(["--ui", ui]);
            }
            let mut s = server(&args);
            initialize(&mut s, version, json!({"extensions": {"io.example/other": {}}}));
            let mut r = s.request("tools/list", json!({}));
            r["id"] = json!(2);
            assert_golden(name, &r);
        }
    }
    let mut s = server(&["--allow-run"]);
    let mut r = s.request("tools/list", json!({"_meta": {MODERN: "2026-07-28", CAPS: {}}}));
    r["id"] = json!(2);
    assert_golden("modern_allow_run", &r);
    // A client that declared the extension but runs --ui never sees the same.
    let mut s = server(&["--allow-run", "--ui", "never"]);
    initialize(&mut s, "2025-11-25", json!({"extensions": {UI: {"mimeTypes": ["text/html;profile=mcp-app"]}}}));
    let mut r = s.request("tools/list", json!({}));
    r["id"] = json!(2);
    assert_golden("legacy_allow_run", &r);
    let list = s.request("resources/list", json!({}));
    assert!(!list.to_string().contains("ui://"), "{list}");
}

#[test]
fn a_client_that_declares_the_extension_gets_the_view_linked_and_listed() {
    let mut s = server(&["--allow-run"]);
    initialize(&mut s, "2025-11-25", json!({"extensions": {UI: {"mimeTypes": ["text/html;profile=mcp-app"]}}}));
    assert_eq!(linked(&s.request("tools/list", json!({}))), VIEWED);
    let resources = s.request("resources/list", json!({}));
    let view = &resources["result"]["resources"][0];
    assert_eq!((view["uri"].as_str(), view["mimeType"].as_str()), (Some(URI), Some("text/html;profile=mcp-app")));
    // A 2026-07-28 request declares it itself: with it, linked; without it, not (whatever the
    // session's initialize said).
    let with = json!({"_meta": {MODERN: "2026-07-28", CAPS: {"extensions": {UI: {"mimeTypes": ["text/html;profile=mcp-app"]}}}}});
    assert_eq!(linked(&s.request("tools/list", with.clone())), VIEWED);
    assert!(s.request("resources/list", with).to_string().contains(URI));
    assert!(linked(&s.request("tools/list", json!({"_meta": {MODERN: "2026-07-28", CAPS: {}}}))).is_empty());
    // Without --allow-run, test_solution is not there to link.
    let mut s = server(&[]);
    initialize(&mut s, "2025-06-18", json!({"extensions": {UI: {}}}));
    assert_eq!(linked(&s.request("tools/list", json!({}))), ["get_daily_challenge", "get_problem"]);
}

#[test]
fn ui_always_links_it_for_any_client_and_the_page_reads_whole() {
    let mut s = server(&["--ui", "always"]);
    initialize(&mut s, "2025-11-25", json!({}));
    assert_eq!(linked(&s.request("tools/list", json!({}))), ["get_daily_challenge", "get_problem"]);
    let r = s.request("resources/read", json!({"uri": URI}));
    let content = &r["result"]["contents"][0];
    assert_eq!(content["mimeType"], "text/html;profile=mcp-app");
    let html = content["text"].as_str().unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"), "{html:.100}");
    assert!(html.contains("ui/initialize") && html.contains("ui/notifications/size-changed"));
    // Read without the extension too (a host may read it before it lists): it costs nothing.
    let mut s = server(&[]);
    initialize(&mut s, "2025-11-25", json!({}));
    let r = s.request("resources/read", json!({"uri": URI}));
    assert_eq!(r["result"]["contents"][0]["uri"], URI);
    let r = s.request("resources/read", json!({"uri": "ui://oj-mcp-rs/other"}));
    assert!(r.get("error").is_some(), "{r}");
}
