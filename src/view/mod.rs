//! The MCP Apps view (the `io.modelcontextprotocol/ui` extension, spec 2026-01-26): one HTML page
//! that a host shows beside a call of `get_problem`, `get_daily_challenge`, `test_solution` or
//! `stress_test`. It renders the call's `structuredContent` for the person: the statement's
//! Markdown as HTML, its TeX as MathML (converted in the page, so the server does nothing more per
//! call), the samples with a copy button each, a verdict as a table with both outputs of a failure
//! and the first differing line marked, a stress test's counterexample. What the page is and does: `page.html`, and
//! docs/app.md. Data only: the server decides when the tools link it (`--ui`, the client's
//! capabilities), `resources` serves it. Layer 2, beside `judge`, whose unpacker reads the page
//! (`build.rs` packs it without its script's comment lines: 40 KB of HTML take about 13.7 KB of the binary).

use std::sync::OnceLock;

use serde_json::Value;

use crate::judge;

/// The view's URI, in `resources/list` and in the tools' `_meta.ui.resourceUri`.
pub(crate) const URI: &str = "ui://oj-mcp-rs/problem-view";

/// The extension's identifier in `capabilities.extensions`.
pub(crate) const EXTENSION: &str = "io.modelcontextprotocol/ui";

/// The MIME type of an MCP Apps HTML view.
pub(crate) const MIME: &str = "text/html;profile=mcp-app";

/// The tools whose results the view renders.
const TOOLS: &[&str] = &["get_problem", "get_daily_challenge", "test_solution", "stress_test"];

/// `page.html` as `build.rs` packed it.
static PACKED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/view_page.pack"));

/// The page: one self-contained HTML document (inline style and script, no network), so the
/// host's default content security policy suffices. Unpacked at the first read, then kept.
fn page() -> &'static str {
    static PAGE: OnceLock<String> = OnceLock::new();
    PAGE.get_or_init(|| judge::unpack_text(PACKED))
}

/// Whether `capabilities` (a client's, from `initialize` or a 2026-07-28 request's `_meta`)
/// declare the extension: an object under `extensions`, whose `mimeTypes`, when given, name ours.
pub(crate) fn declared(capabilities: Option<&Value>) -> bool {
    let Some(ext) = capabilities.and_then(|c| c.get("extensions")).and_then(|e| e.get(EXTENSION)) else {
        return false;
    };
    match ext.get("mimeTypes") {
        None => ext.is_object(),
        Some(Value::Array(types)) => types.iter().any(|t| t.as_str().is_some_and(|t| t.starts_with("text/html"))),
        Some(_) => false,
    }
}

/// The `_meta` that links a tool to the view (the SDK's nested key and the older flat one, which
/// hosts of early 2026 still read), or `None` for a tool the view does not render.
pub(crate) fn tool_meta(tool: &str) -> Option<Value> {
    TOOLS.contains(&tool).then(|| json!({ "ui": { "resourceUri": URI }, "ui/resourceUri": URI }))
}

/// The view's entry in `resources/list`.
pub(crate) fn listing() -> Value {
    json!({
        "uri": URI,
        "name": "problem-view",
        "title": "Problem and verdict view",
        "description": "The view a host shows beside get_problem, get_daily_challenge, test_solution and stress_test: the statement with typeset math, copyable samples, the verdicts as a table, a counterexample with its first difference.",
        "mimeType": MIME,
    })
}

/// `resources/read` of the view.
pub(crate) fn contents() -> Value {
    json!({ "contents": [{ "uri": URI, "mimeType": MIME, "text": page() }] })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_only_with_the_extension_and_an_html_type() {
        let caps = |v: Value| declared(Some(&v));
        assert!(caps(json!({"extensions": {EXTENSION: {"mimeTypes": [MIME]}}})));
        assert!(caps(json!({"extensions": {EXTENSION: {}}})));
        assert!(!caps(json!({"extensions": {EXTENSION: {"mimeTypes": ["text/uri-list"]}}})));
        assert!(!caps(json!({"extensions": {EXTENSION: true}})));
        assert!(!caps(json!({"extensions": {}})));
        assert!(!caps(json!({})));
        assert!(!declared(None));
    }

    #[test]
    fn the_page_is_self_contained_and_unpacks_whole() {
        // The page as written, less its script's whole-line comments (`build.rs`).
        let written: String = include_str!("page.html")
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(page(), written);
        assert!(PACKED.len() * 2 < page().len(), "packed {} of {}", PACKED.len(), page().len());
        assert!(page().starts_with("<!DOCTYPE html>"));
        // No network: nothing loaded from elsewhere (statement images are links, made in the page).
        for needle in ["src=\"http", "href=\"http", "@import", "fetch(", "XMLHttpRequest", "<link"] {
            assert!(!page().contains(needle), "the page has {needle:?}");
        }
        assert!(tool_meta("get_problem").is_some() && tool_meta("search_problems").is_none());
    }
}
