//! `structuredContent` carries everything the text carries (issue 13 part 3): Claude Code and
//! Codex hand the model only the JSON, Claude Desktop only the text. For every tool and outcome
//! (success, empty, 202, truncated, a missing language), every line of the text outside the
//! statement body is taken apart and each piece must be found in the structured JSON: table
//! cells and `- Label: value` values as some string or number there (numbers in the forms the
//! text prints them), sentences word for word in `notes`. A new line in a template that the JSON
//! does not carry fails here. The statement body must be the problem's `content` (or, without
//! one, a note).

use serde_json::{Value, json};

use crate::backend::{self, Backend};
use crate::harness::{Server, text};
use crate::schema_check::check;

/// The strings a value can show as in the text: strings as they are, numbers as the templates
/// print them (`57.1%`, `12,984`, `79.1%` for a similarity of 0.791, a rating rounded).
fn forms(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(norm(s)),
        Value::Number(n) => {
            let x = n.as_f64().unwrap_or(f64::NAN);
            out.push(n.to_string());
            out.push(format!("{x:.0}"));
            out.push(format!("{x:.1}%"));
            out.push(format!("{:.1}%", x * 100.0));
            if let Some(u) = n.as_u64() {
                out.push(thousands(u));
            }
        }
        Value::Bool(true) => out.push("yes".into()),
        Value::Array(a) => a.iter().for_each(|x| forms(x, out)),
        Value::Object(m) => m.values().for_each(|x| forms(x, out)),
        _ => {}
    }
}

fn thousands(n: u64) -> String {
    let d = n.to_string();
    let mut s = String::new();
    for (i, c) in d.chars().enumerate() {
        if i > 0 && (d.len() - i).is_multiple_of(3) {
            s.push(',');
        }
        s.push(c);
    }
    s
}

fn norm(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What the structured JSON says: every value in its printed forms, and the notes.
struct Haystack {
    values: Vec<String>,
    notes: Vec<String>,
}

impl Haystack {
    fn new(structured: &Value) -> Haystack {
        let mut values = Vec::new();
        forms(structured, &mut values);
        let notes = structured["notes"].as_array().expect("notes").iter().map(|n| norm(n.as_str().unwrap())).collect();
        Haystack { values, notes }
    }

    /// A value shown in the text: some structured value, exactly.
    fn has_value(&self, v: &str) -> bool {
        let v = norm(v);
        v.is_empty() || v == "N/A" || self.values.contains(&v)
    }

    /// A list shown as `a, b, c` (tags, similar questions): each item a value, or the whole.
    fn has_list(&self, v: &str) -> bool {
        self.has_value(v) || v.split(", ").all(|item| self.has_value(item.trim_matches('"')))
    }

    /// A value with a parenthesised second value: `Two Sum (两数之和)`, `ABC 321 (problem A)`.
    fn has_pair(&self, v: &str) -> bool {
        if self.has_list(v) {
            return true;
        }
        let Some((a, b)) = v.strip_suffix(')').and_then(|v| v.rsplit_once(" (")) else {
            return false;
        };
        let b = b.strip_prefix("problem ").unwrap_or(b);
        // The daily's site is its domain written as a host.
        let b = b.strip_prefix("leetcode.").unwrap_or(b);
        self.has_list(a) && self.has_value(b)
    }

    fn is_note(&self, sentence: &str) -> bool {
        self.notes.contains(&norm(sentence))
    }
}

/// The parts of a text line that are not template words, with how each must be found.
fn check_line(h: &Haystack, line: &str) -> Result<(), String> {
    let line = line.trim();
    if line.is_empty() || line == "---" || line.starts_with("|--") || line.starts_with("|-") {
        return Ok(());
    }
    let missing = |what: &str| Err(format!("{what} of line {line:?} is not in structuredContent"));
    if let Some(note) = line.strip_prefix("- Note: ") {
        return if h.is_note(note) { Ok(()) } else { missing("the note") };
    }
    if let Some(rest) = line.strip_prefix("- ") {
        // `- Source: leetcode | ID: 1 | Difficulty: Easy`, `- Tags: a, b`, `- Contest: c (problem A)`.
        for part in rest.split(" | ") {
            let Some((_, value)) = part.split_once(": ") else {
                return missing("a header part");
            };
            // `- Resolved from: leetcode two-sum`: two values side by side.
            let side_by_side = || value.split(' ').all(|v| h.has_value(v));
            if !h.has_pair(value) && !side_by_side() {
                return missing(&format!("the value {value:?}"));
            }
        }
        return Ok(());
    }
    if line.starts_with('|') {
        if TABLE_HEADERS.contains(&norm(line).as_str()) {
            return Ok(());
        }
        let inner = line.trim_matches('|').replace("\\|", "\u{0}");
        for cell in inner.split('|') {
            let cell = cell.replace('\u{0}', "|").replace("\\\\", "\\");
            let cell = cell.trim();
            if !h.has_pair(cell) {
                return missing(&format!("the cell {cell:?}"));
            }
        }
        return Ok(());
    }
    for (prefix, suffix) in FRAMES {
        if let Some(v) = line.strip_prefix(prefix).and_then(|r| r.strip_suffix(suffix)) {
            return if h.has_pair(v) { Ok(()) } else { missing(&format!("the value {v:?}")) };
        }
    }
    if let Some(v) = page_line(line) {
        return if v.iter().all(|x| h.has_value(x)) { Ok(()) } else { missing("a paging number") };
    }
    if let Some((source, count, tags)) = tags_line(line) {
        return if h.has_value(source) && h.has_list(tags) && tags.split(", ").count().to_string() == count {
            Ok(())
        } else {
            missing("the tag list")
        };
    }
    if h.is_note(line) { Ok(()) } else { missing("the sentence") }
}

/// Table header rows: template words only.
const TABLE_HEADERS: &[&str] = &[
    "| ID | Title | Difficulty | Rating | Tags | Link |",
    "| # | Source | ID | Title | Difficulty | Similarity | Link |",
    "| Platform | Problems | Missing Content | Not Embedded |",
];

/// Lines that are template words around one value: (before, after).
const FRAMES: &[(&str, &str)] = &[
    ("# Problems on ", ""),
    ("# Similar Problems", ""),
    ("Query: ", ""),
    ("# OJ Platform Status (v", ")"),
    ("# ", ""),
];

/// `Page 2 of 3, total 7 problems.` → its numbers.
fn page_line(line: &str) -> Option<[&str; 3]> {
    let rest = line.strip_prefix("Page ")?.strip_suffix(" problems.")?;
    let (page, rest) = rest.split_once(" of ")?;
    let (pages, total) = rest.split_once(", total ")?;
    Some([page, pages, total])
}

/// `Tags on leetcode (15): a, b` → (source, count, list).
fn tags_line(line: &str) -> Option<(&str, &str, &str)> {
    let rest = line.strip_prefix("Tags on ")?;
    let (source, rest) = rest.split_once(" (")?;
    let (count, list) = rest.split_once("): ")?;
    Some((source, count, list))
}

/// Checks one result: every line of the text outside the statement body is in the JSON, and the
/// body is the problem's content.
fn check_parity(tool: &str, args: &Value, text: &str, structured: &Value) -> Vec<String> {
    let h = Haystack::new(structured);
    let (head, body) = match text.split_once("\n---\n\n") {
        Some((head, body)) if structured.get("problem").is_some_and(Value::is_object) => (head, Some(body)),
        _ => (text, None),
    };
    let mut errs: Vec<String> = head.lines().filter_map(|l| check_line(&h, l).err()).collect();
    if let Some(body) = body {
        let body = body.strip_suffix('\n').unwrap_or(body);
        let shown = match &structured["problem"]["content"] {
            Value::String(c) => c == body,
            _ => h.is_note(body),
        };
        if !shown {
            errs.push("the statement body is neither problem.content nor a note".into());
        }
    }
    errs.into_iter().map(|e| format!("{tool} {args}: {e}")).collect()
}

/// Every outcome of every tool that has structuredContent.
fn calls() -> Vec<(&'static str, Value)> {
    vec![
        ("get_daily_challenge", json!({})),
        ("get_daily_challenge", json!({"domain": "cn"})),
        ("get_daily_challenge", json!({"domain": "cn", "language": "en"})),
        ("get_daily_challenge", json!({"domain": "com", "language": "zh"})),
        ("get_daily_challenge", json!({"domain": "cn", "date": "2024-01-15"})),
        ("get_daily_challenge", json!({"date": "2024-02-01"})),
        ("get_problem", json!({"source": "leetcode", "id": "1"})),
        ("get_problem", json!({"source": "leetcode", "id": "1", "language": "zh"})),
        ("get_problem", json!({"source": "leetcode", "id": "743", "language": "zh"})),
        ("get_problem", json!({"source": "leetcode", "id": "253"})),
        ("get_problem", json!({"source": "leetcode", "id": "42"})),
        ("get_problem", json!({"source": "leetcode", "id": "3000"})),
        ("get_problem", json!({"source": "codeforces", "id": "4A"})),
        ("get_problem", json!({"source": "codeforces", "id": "1A"})),
        ("get_problem", json!({"source": "atcoder", "id": "abc321_a"})),
        ("get_problem", json!({"source": "atcoder", "id": "abc300_a"})),
        ("get_problem", json!({"source": "atcoder", "id": "ahc001_a"})),
        ("get_problem", json!({"source": "luogu", "id": "P1002"})),
        ("get_problem", json!({"source": "luogu", "id": "P1002", "language": "zh"})),
        ("get_problem", json!({"source": "spoj", "id": "SP1"})),
        ("find_similar_problems", json!({"source": "leetcode", "id": "1"})),
        ("find_similar_problems", json!({"source": "atcoder", "id": "agc001_a", "limit": 5})),
        ("find_similar_problems", json!({"source": "luogu", "id": "P1002"})),
        ("find_similar_problems", json!({"query": "two numbers adding to a target"})),
        ("resolve_problem", json!({"query": "https://leetcode.com/problems/two-sum/"})),
        ("resolve_problem", json!({"query": "https://leetcode.com/problems/two-sum/", "language": "zh"})),
        ("resolve_problem", json!({"query": "atcoder:abc321_a"})),
        ("resolve_problem", json!({"query": "two-sum"})),
        ("resolve_problem", json!({"query": "https://codeforces.com/problemset/problem/4/A"})),
        ("resolve_problem", json!({"query": "https://leetcode.cn/problems/3sum/description/"})),
        ("get_platform_status", json!({})),
        ("search_problems", json!({"source": "leetcode"})),
        ("search_problems", json!({"source": "leetcode", "page": 2, "per_page": 3})),
        ("search_problems", json!({"source": "leetcode", "page": 9, "per_page": 5})),
        ("search_problems", json!({"source": "atcoder"})),
        ("search_problems", json!({"source": "luogu"})),
        ("search_problems", json!({"source": "codeforces"})),
        ("list_tags", json!({"source": "leetcode"})),
        ("list_tags", json!({"source": "atcoder"})),
    ]
}

fn schemas(s: &mut Server) -> Vec<(String, Value)> {
    let r = s.request("tools/list", json!({}));
    let tools = r["result"]["tools"].as_array().unwrap();
    tools.iter().map(|t| (t["name"].as_str().unwrap().to_string(), t["outputSchema"].clone())).collect()
}

#[test]
fn structured_content_carries_every_fact_and_instruction_of_the_text() {
    let b = Backend::start(&backend::fixtures_dir()).with_token(crate::harness::TOKEN);
    // A resolver that names the problem differently from its row: the text says "Resolved from".
    let p: Value = serde_json::from_slice(b.case_body("problem_lc_1_two_sum").expect("fixture")).unwrap();
    b.route(
        "/api/v1/resolve/two-sum",
        crate::util::json_reply(&json!({"source": "leetcode", "id": "two-sum", "problem": p})),
    );
    let mut s = Server::start(&b.url());
    s.initialize("2025-11-25");
    let schemas = schemas(&mut s);
    let mut errs = Vec::new();
    let mut checked = 0;
    let mut texts = String::new();
    for (tool, args) in calls() {
        let r = s.call(tool, args.clone());
        assert_eq!(r["result"]["isError"], false, "{tool} {args}: {r}");
        let structured = &r["result"]["structuredContent"];
        let schema = &schemas.iter().find(|(n, _)| n == tool).unwrap().1;
        errs.extend(check(schema, structured).into_iter().map(|e| format!("{tool} {args}: schema: {e}")));
        errs.extend(check_parity(tool, &args, &text(&r), structured));
        checked += text(&r).lines().count();
        texts.push_str(&text(&r));
    }
    assert!(errs.is_empty(), "{} problems:\n{}", errs.len(), errs.join("\n"));
    // Every kind of line the templates write was among those checked.
    for kind in [
        "- Source: ",
        "- Tags: ",
        "- Link: ",
        "- AC Rate: ",
        "- Rating: ",
        "- Contest: ",
        "- Paid only: yes",
        "- Similar questions: ",
        "- Resolved from: ",
        "- Daily Challenge: ",
        "- Note: ",
        "Next page: ",
        "past the last one",
        "No problems on this page.",
        "Page ",
        "Query: ",
        "Tags on ",
        "has no tags",
        "| Platform",
        "No similar problems",
        "being fetched",
        "No description available",
        "(truncated)",
    ] {
        assert!(texts.contains(kind), "no result showed {kind:?}: add a call that does");
    }
    assert!(checked > 300, "only {checked} lines checked");
}

#[test]
fn the_checker_catches_what_the_json_lacks() {
    let structured = json!({"page": 2, "total_pages": 3, "total": 7, "problems": [], "notes": ["Next page: page=3."]});
    let ok = "Page 2 of 3, total 7 problems.\nNext page: page=3.\n";
    assert!(check_parity("t", &json!({}), ok, &structured).is_empty());
    for bad in [
        "Page 2 of 4, total 7 problems.\n",
        "Try again later.\n",
        "- Source: leetcode\n",
        "| 1 | Two Sum |\n",
        "- Note: Next page: page=4.\n",
    ] {
        assert!(!check_parity("t", &json!({}), bad, &structured).is_empty(), "{bad}");
    }
    // A statement body that is not the content.
    let p = json!({"problem": {"content": "A"}, "notes": []});
    assert!(
        check_parity(
            "t",
            &json!({}),
            "# T\n\n---\n\nA\n",
            &json!({"problem": {"content": "A", "title": "T"}, "notes": []})
        )
        .is_empty()
    );
    assert!(!check_parity("t", &json!({}), "# T\n\n---\n\nB\n", &p).is_empty());
}

/// `tools/list` and a `get_problem` call: whether `outputSchema` and `structuredContent` came.
fn shapes(s: &mut Server, modern: bool) -> (bool, bool, bool) {
    let with_meta = |mut params: Value| {
        if modern {
            params["_meta"] = json!({
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {}
            });
        }
        params
    };
    let list = s.request("tools/list", with_meta(json!({})));
    let tools = list["result"]["tools"].as_array().unwrap();
    let schemas = tools.iter().filter(|t| t.get("outputSchema").is_some()).count();
    assert!(schemas == 0 || schemas == tools.len(), "{list}");
    let titles = tools.iter().all(|t| t.get("title").is_some());
    let args = json!({"name": "get_problem", "arguments": {"source": "leetcode", "id": "1"}});
    let r = s.request("tools/call", with_meta(args));
    assert!(text(&r).starts_with("# Two Sum\n"), "{r}");
    (schemas > 0, r["result"].get("structuredContent").is_some(), titles)
}

#[test]
fn structured_content_off_drops_schema_and_result_together_in_both_eras() {
    let b = Backend::start(&backend::fixtures_dir());
    let url = b.url();
    for opts in [
        crate::harness::Opts { base_url: Some(&url), args: vec!["--structured-content", "off"], ..Default::default() },
        crate::harness::Opts {
            base_url: Some(&url),
            env: vec![("OJ_STRUCTURED_CONTENT", "off".into())],
            ..Default::default()
        },
    ] {
        let mut s = Server::with(opts);
        s.initialize("2025-11-25");
        // Legacy era: titles stay (the version has them); no schema, no structured result.
        assert_eq!(shapes(&mut s, false), (false, false, true));
        assert_eq!(shapes(&mut s, true), (false, false, true));
    }
    // On (the default), both come, in both eras.
    let mut s = Server::start(&url);
    s.initialize("2025-11-25");
    assert_eq!(shapes(&mut s, false), (true, true, true));
    assert_eq!(shapes(&mut s, true), (true, true, true));
    let s = Server::with(crate::harness::Opts {
        base_url: Some(&url),
        args: vec!["--structured-content", "maybe"],
        ..Default::default()
    });
    let (status, _, stderr) = s.close();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("expected on or off"), "{stderr}");
}
