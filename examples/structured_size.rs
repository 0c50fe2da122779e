//! What each kind of client hands the model for a problem: the Markdown text (Claude Desktop,
//! and every client under `--structured-content off`) or `JSON.stringify(structuredContent)`
//! (Claude Code, Codex). Prints one row per statement of `../shared/corpus` (or the directory
//! given as the first argument) and the totals, for docs/configuration.md's trade-off.
//!
//! `cargo run --release --example structured_size [DIR]`

use std::path::{Path, PathBuf};

use oj_mcp_rs::language::Language;
use oj_mcp_rs::models::Problem;
use oj_mcp_rs::problems::problem_output;
use serde_json::json;

/// The platform a corpus file comes from, by its name (`hydro_cf…` is Codeforces through Hydro).
fn source_of(name: &str) -> &'static str {
    ["leetcode", "codeforces", "atcoder", "luogu", "spoj"]
        .into_iter()
        .find(|s| name.starts_with(s))
        .unwrap_or(if name.starts_with("hydro_cf") { "codeforces" } else { "unknown" })
}

fn statements(dir: &Path) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| {
                    let name = e.file_name().to_str()?.to_string();
                    let wanted = (name.ends_with(".html") || name.ends_with(".md")) && name != "SOURCES.md";
                    let text = std::fs::read_to_string(e.path()).ok()?;
                    wanted.then_some((name, text))
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// `JSON.stringify` and serde_json's compact writer escape the same characters (quotes,
/// backslashes, control characters) and leave other Unicode as it is, so the byte counts agree.
fn main() {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"));
    let files = statements(&dir);
    if files.is_empty() {
        eprintln!("no statements in {} (pass the corpus directory)", dir.display());
        std::process::exit(1);
    }
    println!(
        "| statement | raw | text | JSON | JSON/text | of which escaping | of which samples | backslashes text → JSON |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---|");
    let (mut raw_sum, mut text_sum, mut json_sum) = (0usize, 0usize, 0usize);
    let (mut escape_sum, mut samples_sum) = (0usize, 0usize);
    let mut ratios = Vec::new();
    for (name, content) in &files {
        let p: Problem = serde_json::from_value(json!({
            "id": name,
            "source": source_of(name),
            "title": name,
            "content": content,
        }))
        .expect("a problem object");
        let out = problem_output(&p, Language::En, &[], |problem| json!({ "problem": problem }));
        let structured = out.structured.as_ref().expect("structured");
        let json = serde_json::to_string(structured).expect("serialises");
        // The statement's own cost of being a JSON string: `\n`, `\\`, `\"` for one byte each.
        let body = structured["problem"]["content"].as_str().unwrap_or("");
        let escaping = serde_json::to_string(body).map_or(0, |q| q.len() - body.len() - 2);
        let samples = serde_json::to_string(&structured["problem"]["samples"]).map_or(0, |s| s.len());
        let ratio = json.len() as f64 / out.text.len() as f64;
        let slashes = |s: &str| s.matches('\\').count();
        println!(
            "| {name} | {} | {} | {} | {ratio:.2} | {escaping} | {samples} | {} → {} |",
            content.len(),
            out.text.len(),
            json.len(),
            slashes(&out.text),
            slashes(&json)
        );
        (raw_sum, text_sum, json_sum) = (raw_sum + content.len(), text_sum + out.text.len(), json_sum + json.len());
        (escape_sum, samples_sum) = (escape_sum + escaping, samples_sum + samples);
        ratios.push(ratio);
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "\n{} statements: raw {raw_sum} B, text {text_sum} B, JSON {json_sum} B (JSON/text {:.2} overall, median {:.2}, \
range {:.2}–{:.2}); of the JSON, {escape_sum} B are the statement's escaping and {samples_sum} B the samples array",
        files.len(),
        json_sum as f64 / text_sum as f64,
        ratios[ratios.len() / 2],
        ratios[0],
        ratios[ratios.len() - 1]
    );
}
