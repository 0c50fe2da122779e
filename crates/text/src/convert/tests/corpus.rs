//! Invariants over the shared corpus and the fixtures' statements (files are read in place, never
//! copied into the repository).

use super::*;

/// `(name, statement)` for every corpus file and every fixture problem body.
pub(in crate::convert) fn corpus() -> Option<Vec<(String, String)>> {
    let root = concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."), "/../shared");
    let dir = std::path::Path::new(root).join("corpus");
    let entries = std::fs::read_dir(&dir).ok()?;
    let mut docs = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let name = path.file_name()?.to_string_lossy().into_owned();
        let is_doc = name.ends_with(".html") || (name.ends_with(".md") && name != "SOURCES.md");
        if is_doc && let Ok(text) = std::fs::read_to_string(&path) {
            docs.push((name, text));
        }
    }
    let fixtures = std::path::Path::new(root).join("fixtures/oj-api");
    for entry in std::fs::read_dir(fixtures).into_iter().flatten().flatten() {
        let path = entry.path();
        let name = path.file_name()?.to_string_lossy().into_owned();
        if !(name.starts_with("problem_") && name.ends_with(".body")) {
            continue;
        }
        let content = std::fs::read_to_string(&path)
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
            .and_then(|v| v.get("content")?.as_str().map(str::to_string));
        if let Some(content) = content {
            docs.push((name, content));
        }
    }
    docs.sort();
    Some(docs)
}

fn count_ci(hay: &str, needle: &str) -> usize {
    hay.to_ascii_lowercase().matches(needle).count()
}

/// `(base, exponent)` for every `digits<sup …>digits</sup>` in `input`.
fn digit_superscripts(input: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = input;
    while let Some(p) = rest.find("<sup") {
        let base: String =
            rest[..p].chars().rev().take_while(char::is_ascii_digit).collect::<Vec<_>>().into_iter().rev().collect();
        let after = &rest[p..];
        if let Some(gt) = after.find('>') {
            let exp: String = after[gt + 1..].chars().take_while(char::is_ascii_digit).collect();
            if !base.is_empty() && !exp.is_empty() && after[gt + 1 + exp.len()..].starts_with("</sup>") {
                found.push((base, exp));
            }
        }
        rest = &rest[p + 4..];
    }
    found
}

#[test]
fn corpus_invariants() {
    let Some(docs) = corpus() else {
        eprintln!("skipping corpus tests: ../shared/corpus not found");
        return;
    };
    assert!(!docs.is_empty());
    for (name, input) in &docs {
        let truncated = shown(input);
        assert!(truncated.len() <= MAX_OUTPUT_BYTES + TRUNCATED_SUFFIX.len(), "{name}");
        // The invariants are checked on the untruncated conversion.
        let out = if looks_like_html(input) { html_to_markdown(input) } else { markdown_passthrough(input) };
        if out.len() <= MAX_OUTPUT_BYTES {
            assert_eq!(truncated, out, "{name}");
        }
        let ctx = format!("{name}:\n{out}");
        for tag in ["<sup", "<sub", "<pre", "<script", "</sup", "</sub", "</pre"] {
            assert_eq!(count_ci(&out, tag), 0, "{tag} left in {ctx}");
        }
        let fences = out.lines().filter(|l| l.trim_start().starts_with("```")).count();
        let pres = count_ci(input, "<pre>") + count_ci(input, "<pre ");
        assert!(fences >= 2 * pres, "{pres} <pre> but {fences} fences in {ctx}");
        for (base, exp) in digit_superscripts(input) {
            let ok = out.contains(&format!("{base}^{exp}")) || out.contains(&format!("{base}^{{{exp}}}"));
            assert!(ok, "{base}<sup>{exp}</sup> not rendered as {base}^{exp} in {ctx}");
        }
        // No hard wrapping: a long input paragraph stays a long output line.
        let longest_in = plain_text_fallback(input).lines().map(|l| l.chars().count()).max();
        if longest_in.unwrap_or(0) > 120 {
            assert!(out.lines().any(|l| l.chars().count() > 80), "wrapped? {ctx}");
        }
        let mut rest = out.as_str();
        while let Some(p) = rest.find("data:") {
            let uri: String =
                rest[p..].chars().take_while(|c| !c.is_whitespace() && !matches!(c, ')' | '"' | '\'')).collect();
            assert!(uri.chars().count() <= 64, "long data URI in {name}: {uri}");
            rest = &rest[p + 5..];
        }
        if !input.contains("\\_") && !input.contains("\\*") {
            assert!(!out.contains("\\_") && !out.contains("\\*"), "escapes in {ctx}");
        }
        assert!(!out.contains(['─', '│', '┌']), "box drawing in {ctx}");
        assert!(out.lines().all(|l| l.trim_end() == l || l.starts_with(' ') || !l.is_empty()));
        if looks_like_html(input) {
            assert!(!out.contains("\n\n\n"), "blank-line run in {ctx}");
        }
    }
}

#[test]
fn corpus_is_deterministic_and_idempotent_on_markdown() {
    let Some(docs) = corpus() else {
        eprintln!("skipping corpus tests: ../shared/corpus not found");
        return;
    };
    for (name, input) in &docs {
        let once = to_markdown(Some(input));
        assert_eq!(once, to_markdown(Some(input)), "{name}");
        if !looks_like_html(input) && !input.contains('<') {
            // Untouched except trailing whitespace, NBSP, and hard breaks (two trailing spaces
            // become a trailing `\`).
            let norm = |s: &str| -> Vec<String> {
                s.trim().lines().map(|l| l.trim_end().trim_end_matches('\\').replace('\u{a0}', " ")).collect()
            };
            assert_eq!(norm(&once), norm(input), "{name}: Markdown changed");
        }
    }
}
