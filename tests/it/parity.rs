//! `structuredContent` carries everything the text carries (issue 13 part 3): Claude Code and
//! Codex hand the model only the JSON, Claude Desktop only the text. For every tool and outcome
//! (success, empty, 202, truncated, a missing language), every line of the text outside the
//! statement body is taken apart and each piece must be found in the structured JSON: table
//! cells and `- Label: value` values as some string or number there (numbers in the forms the
//! text prints them), sentences word for word in `notes`. A new line in a template that the JSON
//! does not carry fails here. The statement body must be the problem's `content` (or, without
//! one, a note). `test_solution`'s results (with `--allow-run` and real compilers) are taken apart
//! by their own template (`check_judge_parity`): every verdict, its settings, sample table,
//! failure details and fenced blocks against the fields they render.

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
    // A whole line that is a structured value (record_solve's one line, also its `message`).
    if h.is_note(line) || h.has_value(line) { Ok(()) } else { missing("the sentence") }
}

/// Table header rows: template words only.
const TABLE_HEADERS: &[&str] = &[
    "| ID | Title | Difficulty | Rating | Tags | Link |",
    "| # | Source | ID | Title | Difficulty | Similarity | Link |",
    "| Platform | Problems | Missing Content | Not Embedded |",
    "| Platform | Attempted | Samples pass | Accepted |",
    "| Difficulty | Attempted | Samples pass | Accepted |",
    "| Model | Solves | Accepted | Rejected | Gave up | Average |",
    "| Verdict | Runs |",
    "| When | Source | ID | Title | Status | Runs |",
];

/// Lines that are template words around one value: (before, after).
const FRAMES: &[(&str, &str)] = &[
    ("# Problems on ", ""),
    ("# Similar Problems", ""),
    ("# Solve log", ""),
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

/// The solve log's tools, on a scripted log: every figure of the summary's text and of
/// record_solve's line is in the JSON.
#[test]
fn solve_log_results_carry_every_fact_of_the_text() {
    let b = Backend::start(&backend::fixtures_dir()).with_token(crate::harness::TOKEN);
    let dir = std::env::temp_dir().join(format!("oj-it-parity-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("solves.jsonl");
    let mut lines = String::new();
    for (m, event, source, id, extra) in [
        (0, "get_problem", "atcoder", "abc321_c", r#","title":"321-like | Searcher","index":"C""#),
        (2, "test_solution", "atcoder", "abc321_c", r#","verdict":"WA""#),
        (4, "test_solution", "atcoder", "abc321_c", r#","verdict":"AC""#),
        (5, "record_solve", "atcoder", "abc321_c", r#","outcome":"accepted","time_ms":300000,"model":"claude""#),
        (9, "get_problem", "leetcode", "1", r#","title":"Two Sum","difficulty":"Easy""#),
        (10, "test_solution", "leetcode", "1", r#","verdict":"TLE""#),
        (11, "record_solve", "leetcode", "1", r#","outcome":"gave_up","model":"gpt""#),
    ] {
        lines.push_str(&format!(
            "{{\"time\":\"2026-11-01T00:{m:02}:00Z\",\"event\":\"{event}\",\"source\":\"{source}\",\"id\":\"{id}\"{extra}}}\n"
        ));
    }
    lines.push_str("a line cut short\n");
    std::fs::write(&log, lines).unwrap();
    let url = b.url();
    let env = vec![("OJ_MCP_NOW", crate::harness::LATE_UTC.to_string()), ("OJ_LOG_FILE", log.display().to_string())];
    let mut s = Server::with(crate::harness::Opts { base_url: Some(&url), env, ..Default::default() });
    s.initialize("2025-11-25");
    let schemas = schemas(&mut s);
    let mut errs = Vec::new();
    for (tool, args) in [
        ("solve_stats", json!({})),
        ("solve_stats", json!({"model": "claude", "source": "atcoder", "since": "2026-11-01", "until": "2026-11-02"})),
        ("solve_stats", json!({"model": "nobody"})),
        (
            "record_solve",
            json!({"source": "atcoder", "id": "abc321_c", "model": "claude", "outcome": "accepted", "time_ms": 1000}),
        ),
        ("record_solve", json!({"source": "spoj", "id": "SP1", "model": "claude", "outcome": "rejected"})),
    ] {
        let r = s.call(tool, args.clone());
        assert_eq!(r["result"]["isError"], false, "{tool} {args}: {r}");
        let structured = &r["result"]["structuredContent"];
        let schema = &schemas.iter().find(|(n, _)| n == tool).unwrap().1;
        errs.extend(check(schema, structured).into_iter().map(|e| format!("{tool} {args}: schema: {e}")));
        errs.extend(check_parity(tool, &args, &text(&r), structured));
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(errs.is_empty(), "{} problems:\n{}", errs.len(), errs.join("\n"));
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

/// One line of a `test_solution` text (src/judge/report.rs) checked against the structured
/// result: each template line's values against the fields it renders, fenced blocks against the
/// string they show, any other line a note word for word. `sample` is the `## Sample n` section
/// the line is in.
fn check_judge_line(h: &Haystack, s: &Value, sample: &Value, line: &str) -> Result<(), String> {
    let missing = |what: &str| Err(format!("{what} of line {line:?} is not in structuredContent"));
    let expect = |ok: bool, what: &str| if ok { Ok(()) } else { missing(what) };
    if let Some(rest) = line.strip_prefix("# ") {
        let mut want = format!("{}: {}/{} samples passed", str_of(&s["verdict"]), s["passed"], s["total"]);
        let own = s["own_tests"].as_u64().unwrap_or(0);
        if own > 0 {
            let samples = s["samples"].as_array().unwrap().iter().filter(|x| x["own"] != true).count();
            want = format!(
                "{}: {}/{} tests passed ({samples} samples, {own} of yours; {} of yours ran without an expected output)",
                str_of(&s["verdict"]),
                s["passed"],
                s["total"],
                s["ran"]
            );
        }
        return expect(rest == want, "the verdict or the counts");
    }
    if let Some(rest) = line.strip_prefix("- Problem: ") {
        return expect(
            rest == format!("{} {} ({})", str_of(&s["source"]), str_of(&s["id"]), str_of(&s["title"])),
            "the problem",
        );
    }
    if let Some((ok, what)) = judge_settings_line(s, line) {
        return expect(ok, what);
    }
    if line == "| # | Verdict | Time | Memory |" || line == "|---|---|---|---|" {
        return Ok(());
    }
    if let Some(cells) = line.strip_prefix("| ").and_then(|l| l.strip_suffix(" |")) {
        let shown = s["samples"].as_array().unwrap().iter().any(|x| {
            let memory = x["memory_kb"].as_u64().map_or("-".to_string(), |kb| format!("{kb} KB"));
            cells == format!("{} | {} | {} | {memory}", label(x), str_of(&x["verdict"]), time_of(x))
        });
        return expect(shown, "the sample row");
    }
    if let Some(rest) = line.strip_prefix("- Time: ") {
        return expect(rest == time_of(sample), "the times");
    }
    if let Some(rest) = line.strip_prefix("- Peak memory: ") {
        return expect(sample["memory_kb"].as_u64().is_some_and(|kb| rest == format!("{kb} KB")), "the memory");
    }
    if let Some(rest) = line.strip_prefix("## Sample ").or_else(|| line.strip_prefix("## Your test ")) {
        let exit = if sample["exit"].is_null() { String::new() } else { format!(" ({})", str_of(&sample["exit"])) };
        return expect(
            rest == format!("{}: {}{exit}", sample["number"], str_of(&sample["verdict"])),
            "the sample's end",
        );
    }
    let d = &sample["first_difference"];
    if let Some(rest) = line.strip_prefix("- First difference, line ") {
        let show = |v: &Value| v.as_str().map_or("(nothing)".to_string(), |s| format!("`{}`", s.replace('`', "'")));
        let want = format!("{}: expected {}, got {}", d["line"], show(&d["expected"]), show(&d["got"]));
        return expect(rest == want && d["whitespace_only"] == false, "the first difference");
    }
    if line == "- The outputs differ only in white space or line ends." {
        return expect(d["whitespace_only"] == true, "the white-space-only difference");
    }
    if let Some(rest) = line.strip_prefix("- Checker: ") {
        return expect(sample["checker_message"] == rest, "the checker's message");
    }
    if let Some(rest) = line.strip_prefix("- Note: ") {
        return expect(sample["note"] == rest, "the sample's note");
    }
    let noted = line.strip_prefix("- Sample ").map(|r| (r, false));
    if let Some(((n, note), own)) =
        noted.or(line.strip_prefix("- Your test ").map(|r| (r, true))).and_then(|(r, o)| Some((r.split_once(": ")?, o)))
    {
        let noted = s["samples"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x["number"].as_u64() == n.parse().ok() && x["note"] == note && (x["own"] == true) == own);
        return expect(noted, "a sample's note");
    }
    if h.is_note(line) { Ok(()) } else { missing("the sentence") }
}

/// A line of the settings a `test_solution` text lists (program, limits, comparison, rule,
/// confinement): whether it shows its fields, and what it shows; `None` for another line.
fn judge_settings_line(s: &Value, line: &str) -> Option<(bool, &'static str)> {
    if let Some(rest) = line.strip_prefix("- Program: ") {
        let c = &s["compile"];
        let lang = str_of(&s["language"]);
        let ok = match rest.split_once(" (") {
            None => (s["language"].is_null() && rest == "the given command") || (c.is_null() && rest == lang),
            Some((l, how)) => {
                l == lang
                    && (how == "built earlier in this session)" && c["cached"] == true
                        || how == format!("built in {} ms)", c["ms"])
                        || how == format!("built in {} ms, with its include block precompiled)", c["ms"])
                            && c["precompiled_header"] == true
                        || how == format!("syntax checked in {} ms)", c["ms"]))
            }
        };
        return Some((ok, "the program"));
    }
    if let Some(rest) = line.strip_prefix("- Standard: ") {
        let c = &s["compile"];
        return Some((rest == format!("{} ({})", str_of(&c["standard"]), str_of(&c["standard_why"])), "the standard"));
    }
    if let Some(rest) = line.strip_prefix("- Limits: ") {
        let l = &s["limits"];
        let want = format!("{} ms, {} MB ({})", l["time_ms"], l["memory_mb"], str_of(&l["from"]));
        return Some((rest == want, "the limits"));
    }
    if let Some(rest) = line.strip_prefix("- Comparison: ") {
        let c = &s["comparison"];
        let tol = c["float_tolerance"].as_f64().map(|t| format!(" within {t:e}")).unwrap_or_default();
        return Some((rest == format!("{}{tol} ({})", str_of(&c["mode"]), str_of(&c["why"])), "the comparison"));
    }
    if let Some(rest) = line.strip_prefix("- A mismatch is: ") {
        let ok = match s["mismatch_rule"].as_str() {
            Some("checker") => rest == "the checker decides",
            Some("any_answer") => rest.contains(&format!("(\"{}\")", str_of(&s["any_answer_phrase"]))),
            Some("any_order") => rest.contains(&format!("(\"{}\")", str_of(&s["statement_says"]["any_order"]))),
            Some("wrong_answer") => rest == "WA",
            _ => false,
        };
        return Some((ok, "the mismatch rule"));
    }
    if let Some(rest) = line.strip_prefix("- Sandbox: ") {
        let k = &s["confinement"];
        let want = format!(
            "{} (filesystem: {}; processes: {})",
            str_of(&k["engine"]),
            str_of(&k["filesystem"]),
            str_of(&k["processes"])
        );
        return Some((rest == want, "the sandbox"));
    }
    if let Some(rest) = line.strip_prefix("- Network: ") {
        let k = &s["confinement"];
        let net = if k["network_blocked"] == true { "blocked" } else { "not blocked" };
        return Some((rest == format!("{net}; memory: {}", str_of(&k["memory"])), "the confinement"));
    }
    None
}

/// A result's number as the table shows it: a sample's, or `yours N`.
fn label(x: &Value) -> String {
    if x["own"] == true { format!("yours {}", x["number"]) } else { x["number"].to_string() }
}

/// A string field as it is, anything else as JSON.
fn str_of(v: &Value) -> String {
    v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())
}

/// A `test_solution` text against its structured result: fenced blocks (input, stderr, the
/// compiler's messages) must show a string of the JSON whole; every other line goes through
/// [`check_judge_line`].
fn check_judge_parity(args: &Value, text: &str, s: &Value) -> Vec<String> {
    let h = Haystack::new(s);
    let samples = s["samples"].as_array().unwrap();
    let (mut errs, mut sample, mut block, mut label) = (Vec::new(), Value::Null, None::<String>, String::new());
    for line in text.lines() {
        if let Some(b) = &mut block {
            if line != "```" {
                b.push_str(line);
                b.push('\n');
                continue;
            }
            let shown = b.trim_end().to_string();
            let field = match label.as_str() {
                "- Input:" => sample["input"].as_str().map(str::trim_end),
                "- stderr (end):" => sample["stderr_tail"].as_str(),
                "- Output" => sample["output"].as_str().map(str::trim_end),
                "- Expected output:" => sample["expected_output"].as_str().map(str::trim_end),
                "## Compilation error (CE)" => s["compile_error"].as_str().map(str::trim_end),
                "## Compiler messages" => s["compile"]["log"].as_str(),
                _ => None,
            };
            if field.map(|f| f.replace("```", "'''")) != Some(shown) {
                errs.push(format!("test_solution {args}: the block under {label:?} is not its field"));
            }
            block = None;
            continue;
        }
        if line == "```" {
            block = Some(String::new());
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        let heading = line.strip_prefix("## Sample ").map(|r| (r, false));
        if let Some((n, own)) = heading
            .or(line.strip_prefix("## Your test ").map(|r| (r, true)))
            .and_then(|(r, o)| Some((r.split(':').next()?, o)))
        {
            let found = samples.iter().find(|x| x["number"].as_u64() == n.parse().ok() && (x["own"] == true) == own);
            sample = found.cloned().unwrap_or(Value::Null);
        }
        if line.starts_with("- Output (") {
            let ok = line == format!("- Output ({} ms):", sample["time_ms"]);
            if !ok {
                errs.push(format!("test_solution {args}: {line:?} is not the own test's time"));
            }
            label = "- Output".to_string();
            continue;
        }
        if line.starts_with("- Input:")
            || line.starts_with("- Expected output:")
            || line.starts_with("- stderr (end):")
            || line.starts_with("## Comp")
        {
            label = line.to_string();
            continue;
        }
        if let Err(e) = check_judge_line(&h, s, &sample, line) {
            errs.push(format!("test_solution {args}: {e}"));
        }
    }
    errs
}

/// One call of each outcome: AC (built, then cached), WA with stderr, a white-space-only
/// difference, TLE, RE, CE, compiler warnings, UNVERIFIED, a checker's verdict, a float
/// tolerance, LeetCode's Python harness, a `command`.
fn judge_calls() -> Vec<Value> {
    let c = |code: &str| json!({"source": "codeforces", "id": "1A", "language": "c", "code": code});
    vec![
        c(crate::judge::CF_1A_C),
        c(crate::judge::CF_1A_C),
        c("#include <stdio.h>\nint main(void){puts(\"35\");fputs(\"debug ```x```\\n\",stderr);return 0;}"),
        c("#include <stdio.h>\nint main(void){printf(\"6 \");return 0;}"),
        json!({"source": "codeforces", "id": "1A", "language": "c", "compare": "exact",
            "code": "#include <stdio.h>\nint main(void){printf(\"6 \\n\");return 0;}"}),
        json!({"source": "codeforces", "id": "1A", "language": "c", "time_limit_ms": 300,
            "code": "int main(void){volatile int x=0;for(;;)x++;}"}),
        c("#include <stdlib.h>\n#include <stdio.h>\nint main(void){fputs(\"about to abort\\n\",stderr);abort();}"),
        json!({"source": "codeforces", "id": "1A", "language": "cpp", "code": "int main( {"}),
        json!({"source": "codeforces", "id": "1A", "language": "c", "code": "#warning look\nint main(void){return 0;}"}),
        json!({"source": "atcoder", "id": "any_a", "language": "python", "code": "print(0.5)"}),
        json!({"source": "atcoder", "id": "any_a", "language": "python", "code": "print(0.5)", "fail_fast": true,
            "checker": ["sh", "-c", "echo 'not a third' >&2; exit 1", "checker"]}),
        json!({"source": "atcoder", "id": "any_a", "language": "python", "code": "print(0.3333333333)",
            "float_tolerance": 0.0001}),
        json!({"source": "leetcode", "id": "1", "language": "python",
            "code": "class Solution:\n    def twoSum(self, nums, target):\n        return [0, 1]\n"}),
        json!({"source": "codeforces", "id": "1A", "command": ["python3", "-c", "print(6)"]}),
        json!({"source": "codeforces", "id": "1A", "language": "c", "code": crate::judge::CF_1A_C,
            "custom_tests": [{"input": "1 1 1\n", "output": "1\n"}, {"input": "9 9 3\n"}, {"input": "2 2 1\n", "output": "5"}]}),
    ]
}

/// What the judge's results must show among them (so that each kind of line was checked).
const JUDGE_KINDS: &[&str] = &[
    "# AC",
    "# WA",
    "# TLE",
    "# RE",
    "# CE",
    "# UNVERIFIED",
    "built earlier in this session",
    "built in",
    "syntax checked in",
    "the given command",
    "| # | Verdict | Time | Memory |",
    "- First difference, line",
    "- Expected output:",
    "white space or line ends",
    "- Checker: ",
    "- Input:",
    "- stderr (end):",
    "## Compiler messages",
    "killed by signal 6 (SIGABRT)",
    "the checker decides",
    "UNVERIFIED, not WA",
    " within 1e-4",
    "data",
    "fail_fast stopped",
    "pass `checker`",
    "## Your test 2: RAN",
    "| yours 3 | WA |",
    "- Peak memory: ",
    "- Time: ",
    "- Output (",
];

/// A result's times as the text shows them: the wall clock, and the CPU time where measured.
fn time_of(x: &Value) -> String {
    match x["cpu_ms"].as_u64() {
        Some(cpu) => format!("{} ms (CPU {cpu} ms)", x["time_ms"]),
        None => format!("{} ms", x["time_ms"]),
    }
}

/// `test_solution`'s results go through the same rule: every verdict's text, with its details,
/// is in `structuredContent` (and its notes in the text); a refusal (interactive, LeetCode in
/// another language than Python) is an error result, text only, which every client shows.
#[test]
fn test_solution_results_carry_every_fact_of_the_text() {
    let have =
        |c: &str| std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(c).is_file()));
    if crate::harness::windows() || !have("gcc") || !have("g++") || !have("python3") {
        eprintln!("skipping: needs gcc, g++ and python3 (and a Linux binary)");
        return;
    }
    let (b, mut s) = crate::judge::judge_server(vec![]);
    let statement = "<p>Print one third.</p><p>If there are multiple answers, print any of them.</p>\
<h3>Sample Input 1</h3><pre>1\n</pre><h3>Sample Output 1</h3><pre>0.3333333333\n</pre>\
<h3>Sample Input 2</h3><pre>2\n</pre><h3>Sample Output 2</h3><pre>0.3333333333\n</pre>";
    b.route(
        "/api/v1/problems/atcoder/any_a",
        crate::util::json_reply(
            &json!({"id": "any_a", "source": "atcoder", "title": "Third", "tags": [], "content": statement}),
        ),
    );
    b.route(
        "/api/v1/problems/codeforces/9I",
        crate::util::json_reply(&json!({"id": "9I", "source": "codeforces", "title": "Guess", "tags": [],
            "content": "<p>This is an interactive problem.</p><h3>Example</h3><pre>1\n</pre>"})),
    );
    let mut errs = Vec::new();
    let mut texts = String::new();
    for args in judge_calls() {
        let r = s.call("test_solution", args.clone());
        assert_eq!(r["result"]["isError"], false, "{args}: {r}");
        let structured = &r["result"]["structuredContent"];
        errs.extend(check_judge_parity(&args, &text(&r), structured));
        for n in structured["notes"].as_array().unwrap() {
            if !text(&r).contains(n.as_str().unwrap()) {
                errs.push(format!("test_solution {args}: the note {n} is not in the text"));
            }
        }
        texts.push_str(&text(&r));
    }
    for args in [
        json!({"source": "codeforces", "id": "9I", "language": "python", "code": "print(1)"}),
        json!({"source": "leetcode", "id": "1", "language": "c", "code": "int x;"}),
    ] {
        let r = s.call("test_solution", args.clone());
        assert_eq!(r["result"]["isError"], true, "{args}: {r}");
        assert!(r["result"].get("structuredContent").is_none(), "{args}: an error result shows its text: {r}");
        assert!(text(&r).contains("interactive") || text(&r).contains("has no driver"), "{r}");
    }
    assert!(errs.is_empty(), "{} problems:\n{}", errs.len(), errs.join("\n"));
    for kind in JUDGE_KINDS {
        // Emulated, the program is PID 1 and its abort() ends as SIGSEGV (see judge.rs), and
        // without the judge's init no run's peak memory is measured.
        let lost = crate::harness::emulated() && (kind.contains("SIGABRT") || kind.contains("Peak memory"));
        assert!(lost || texts.contains(kind), "no result showed {kind:?}: add a call that does");
    }
}

#[test]
fn the_judge_checker_catches_what_the_json_lacks() {
    let s = json!({"verdict": "WA", "passed": 0, "total": 1, "source": "codeforces", "id": "1A", "title": "T",
        "confinement": {"network_blocked": false, "memory": "not limited"}, "notes": ["Look."],
        "samples": [{"number": 1, "verdict": "WA", "time_ms": 3, "exit": null, "input": "7 5 3",
            "first_difference": {"line": 1, "expected": "6", "got": "35", "whitespace_only": false}}]});
    let ok = "# WA: 0/1 samples passed\n\n- Problem: codeforces 1A (T)\n- Network: not blocked; memory: not limited\n\n\
## Sample 1: WA\n- First difference, line 1: expected `6`, got `35`\n- Input:\n```\n7 5 3\n```\nLook.\n";
    assert_eq!(check_judge_parity(&json!({}), ok, &s), Vec::<String>::new());
    for bad in [
        "# AC: 0/1 samples passed\n",
        "- Network: blocked; memory: not limited\n",
        "## Sample 1: WA (exit code 3)\n",
        "## Sample 1: WA\n- First difference, line 2: expected `6`, got `35`\n",
        "## Sample 1: WA\n- The outputs differ only in white space or line ends.\n",
        "## Sample 1: WA\n- Input:\n```\n7 5 4\n```\n",
        "Try again later.\n",
    ] {
        assert!(!check_judge_parity(&json!({}), bad, &s).is_empty(), "{bad}");
    }
}
