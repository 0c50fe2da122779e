//! The MCP Apps view (src/view/page.html) in a real browser: headless Chromium loads
//! `host.html`, which plays the host's side (ui/initialize, the tool input and result, size
//! changes) for the view in a sandboxed iframe under the spec's default CSP, and writes what the
//! view rendered into its own DOM, which `--dump-dom` prints. One case per platform's problem
//! and per verdict this machine can cause; each also saves a screenshot under
//! `target/app-view/` for a person to look at. `make app-tests` runs it (not `cargo test`: a
//! browser start per case). Without Chromium it says so and passes, except in CI (`CI` set),
//! where `.ci/run` installs it and its absence fails.

#[path = "../support/backend.rs"]
mod backend;
#[path = "../it/harness.rs"]
mod harness;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};

use backend::Backend;
use harness::{Opts, Server};

/// The browser: `$OJ_CHROMIUM`, else the first of Debian's and the usual names on `PATH`.
fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("OJ_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |d| d.join(name)))
        .find(|p| p.is_file())
}

fn out_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"), PathBuf::from);
    let dir = target.join("app-view");
    std::fs::create_dir_all(&dir).expect("target/app-view");
    dir
}

/// Runs Chromium headless on `page` with `extra` arguments; returns stdout.
fn browse(browser: &Path, page: &Path, extra: &[String]) -> String {
    let profile = tempdir(&format!("profile-{}", page.file_stem().unwrap().to_string_lossy()));
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--hide-scrollbars",
            "--allow-file-access-from-files",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(["--virtual-time-budget=30000", "--run-all-compositor-stages-before-draw"])
        .args(if extra.iter().any(|a| a.starts_with("--window-size")) {
            &[][..]
        } else {
            &["--window-size=400,1200"][..]
        })
        .args(extra)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("run chromium");
    let _ = std::fs::remove_dir_all(&profile);
    assert!(out.status.success(), "chromium failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn tempdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("oj-app-view-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// What the view rendered for one tool result: the host page's report.
fn render(browser: &Path, name: &str, html: &str, arguments: &Value, result: &Value, theme: &str) -> Value {
    let case = json!({ "html": html, "arguments": arguments, "result": result, "theme": theme });
    // `</script>` inside the data would end the host's script: JSON's \u escape keeps it data.
    let case = case.to_string().replace("</", "<\\u002f");
    let host = include_str!("host.html").replace("/*CASE*/null", &case);
    let dir = out_dir();
    let page = dir.join(format!("{name}.html"));
    std::fs::write(&page, host).unwrap();
    let dom = browse(browser, &page, &["--dump-dom".into()]);
    let report = dom.split("<pre id=\"report\">").nth(1).and_then(|r| r.split("</pre>").next()).unwrap_or("");
    let report = report.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    let report: Value =
        serde_json::from_str(&report).unwrap_or_else(|e| panic!("{name}: no report ({e}) in {dom:.2000}"));
    // The whole view: a window as tall as the height the view reported.
    let height = report["height"].as_str().and_then(|h| h.trim_end_matches("px").parse::<u32>().ok()).unwrap_or(1200);
    let shot = dir.join(format!("{name}.png"));
    browse(
        browser,
        &page,
        &[format!("--screenshot={}", shot.display()), format!("--window-size=400,{}", height.clamp(100, 8000))],
    );
    report
}

/// The fixture backend, and a server on it that declares nothing (the page does not care) with
/// `--allow-run`; plus the view's HTML as `resources/read` serves it.
fn setup() -> (Backend, Server, String) {
    let b = Backend::start(&backend::fixtures_dir()).with_token(harness::TOKEN);
    let mut opts = Opts { base_url: Some(&b.url()), args: vec!["--allow-run"], ..Opts::default() };
    // The harness clears the server's environment: the judge finds python3 and gcc on this PATH.
    opts.env.push(("PATH", std::env::var("PATH").unwrap_or_default()));
    let mut s = Server::with(opts);
    s.initialize("2025-11-25");
    let r = s.request("resources/read", json!({"uri": "ui://oj-mcp-rs/problem-view"}));
    let html = r["result"]["contents"][0]["text"].as_str().expect("the view's HTML").to_string();
    (b, s, html)
}

fn browser_or_skip() -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        assert!(std::env::var_os("CI").is_none(), "Chromium is missing: CI must install it (.ci/run)");
        eprintln!("app tests: SKIPPED: no Chromium (install Debian's `chromium`, or set OJ_CHROMIUM)");
    }
    found
}

#[test]
fn problems_of_each_platform_render_with_math_samples_and_copy_buttons() {
    let Some(browser) = browser_or_skip() else { return };
    let (_b, mut s, html) = setup();
    // (source, id, title, at least this many formulas, samples, theme)
    let cases = [
        // LeetCode's formulas are HTML scripts, which the server writes as `10^4`: typeset.
        ("leetcode", "1", "Two Sum", 4, 2, "light"),
        ("codeforces", "4A", "Watermelon", 5, 1, "dark"),
        ("atcoder", "abc300_a", "N-choice question", 10, 1, "light"),
        ("luogu", "P1002", "", 1, 1, "light"),
        ("spoj", "SP1", "", 0, 1, "light"),
    ];
    for (source, id, title, formulas, samples, theme) in cases {
        let args = json!({"source": source, "id": id});
        let result = s.call("get_problem", args.clone())["result"].clone();
        let p = &result["structuredContent"]["problem"];
        let r = render(&browser, &format!("problem_{source}_{id}"), &html, &args, &result, theme);
        let want_title = if title.is_empty() { p["title"].as_str().unwrap() } else { title };
        assert_eq!(r["title"], want_title, "{source} {id}: {r}");
        assert!(r["math"].as_u64().unwrap() >= formulas, "{source} {id}: {r}");
        assert_eq!(r["tex_errors"], 0, "{source} {id}: a formula left as TeX: {r}");
        assert_eq!(r["samples"].as_u64().unwrap(), p["samples"].as_array().unwrap().len() as u64, "{source} {id}: {r}");
        assert!(r["samples"].as_u64().unwrap() >= samples, "{source} {id}: {r}");
        assert_eq!(r["copy_buttons"].as_u64(), r["samples"].as_u64().map(|n| 2 * n), "{source} {id}: {r}");
        assert!(r["sized"].as_u64().unwrap() >= 1, "{source} {id}: no size-changed after the result: {r}");
        assert_eq!(r["log"][0], "ui/initialize", "{r}");
        if theme == "dark" {
            assert_eq!(r["background"], "rgb(16, 20, 24)", "the host's background variable: {r}");
        }
    }
    // The daily challenge takes the same view.
    let args = json!({"domain": "com", "date": "2024-01-15"});
    let result = s.call("get_daily_challenge", args.clone())["result"].clone();
    let r = render(&browser, "daily_com", &html, &args, &result, "light");
    assert_eq!(r["title"], result["structuredContent"]["problem"]["title"], "{r}");
    assert!(r["samples"].as_u64().unwrap() >= 1, "{r}");
}

#[test]
fn statement_markdown_renders_as_html() {
    let Some(browser) = browser_or_skip() else { return };
    let (_b, _s, html) = setup();
    let content = "## Input\n\nThe first line holds $N$ ($1 \\le N \\le 2 \\times 10^5$), **bold**, *em*, `code`.\n\n\
- $A_i$ is $\\sum_{j=1}^{i} B_j$\n- $\\frac{a}{b} \\bmod 998244353$\n\n| $i$ | value |\n|---|---|\n| 1 | $x^2$ |\n\n\
```\n3\n1 2 3\n```\n\n$$\n\\left\\lfloor \\frac{N}{2} \\right\\rfloor\n$$\n\nFrom real statements: $\\frac49$, ${\\rm case}_1$, ${a \\over b}$, ${4 \\choose 2}$, $c_{1,1}$$c_{1,2}$, \
$\\left\\lparen x \\right\\rparen$, $X \\coloneqq 1$, $\\large x$.\n\nUnknown: $\\undefinedmacro{x}$.\n\nLeetCode's scripts: `1 <= nums.length <= 10^4`, a_i, `word_A`, 2^{31} - 1, `start_{row}`, `to_i.length`, `x_1.x_2`, `r_i^{(x-1)}`, `⌊n / 2⌋^th`, not `customer_id`, `x_center` nor `in_0000.txt`.\n\n![figure](https://img.example/a.png)";
    let problem = json!({"source": "atcoder", "id": "x_a", "title": "Markdown", "tags": ["math"], "content": content, "link": null,
        "samples": [], "limits": {"time_ms": 2000, "memory_mb": 1024}, "difficulty": null});
    let result = json!({"content": [{"type": "text", "text": "…"}], "isError": false, "structuredContent": {"problem": problem, "notes": []}});
    let r = render(&browser, "markdown", &html, &json!({}), &result, "light");
    assert_eq!(r["title"], "Markdown", "{r}");
    assert_eq!(
        (r["headings"].as_u64(), r["tables"].as_u64(), r["lists"].as_u64(), r["code"].as_u64()),
        (Some(1), Some(1), Some(2), Some(1)),
        "{r}"
    );
    // Every formula but the unknown macro, which stays as its TeX in code style; among them the
    // forms the measure over AtCoder's archive found (docs/app.md), and two formulas side by
    // side ($A$$B$), which are not display math.
    // LeetCode's scripts (`10^4`, `a_i`, `word_A`, `2^{31}`, a word subscript the server braced,
    // one before `.length` or another script, two scripts on one base, an ordinal after `⌋`)
    // typeset too, a name with an underscore or a file name not.
    assert_eq!((r["math"].as_u64(), r["tex_errors"].as_u64()), (Some(27), Some(1)), "{r}");
    assert_eq!(r["customer_id"], true, "{r}");
    for name in ["x_center", "in_0000.txt"] {
        assert!(r["plain_code"].as_array().unwrap().iter().any(|c| c == name), "{name}: {r}");
    }
}

/// A test_solution result for `code` on Codeforces 4A (one sample: 8 → YES).
/// A loop that never ends gets half a second; the others ten (a loaded machine is slow).
fn judge(s: &mut Server, language: &str, code: &str) -> (Value, Value) {
    let limit = if code.contains("while True") { 500 } else { 10_000 };
    let args = json!({"source": "codeforces", "id": "4A", "language": language, "code": code, "time_limit_ms": limit});
    let r = s.call("test_solution", args.clone());
    assert_eq!(r["result"]["isError"], false, "{r}");
    (args, r["result"].clone())
}

#[test]
fn verdicts_render_as_rows_with_the_difference_marked() {
    let Some(browser) = browser_or_skip() else { return };
    let (_b, mut s, html) = setup();
    let python = [
        ("AC", "w = int(input())\nprint('YES' if w > 2 and w % 2 == 0 else 'NO')\n"),
        ("WA", "input()\nprint('NO')\n"),
        ("RE", "import sys\ninput()\nsys.exit(3)\n"),
        ("TLE", "while True:\n    pass\n"),
    ];
    for (verdict, code) in python {
        let (args, result) = judge(&mut s, "python", code);
        assert_eq!(result["structuredContent"]["verdict"], verdict, "{result}");
        let r = render(
            &browser,
            &format!("verdict_{verdict}"),
            &html,
            &args,
            &result,
            if verdict == "WA" { "dark" } else { "light" },
        );
        assert_eq!(r["verdict"], verdict, "{r}");
        assert_eq!(r["verdict_rows"], 1, "{r}");
        assert_eq!(r["title"], "Watermelon", "{r}");
        if verdict == "WA" {
            assert_eq!(r["marked"], json!([["1", "YES", "NO"]]), "the first differing line: {r}");
        } else {
            assert_eq!(r["marked"], json!([]), "{r}");
        }
    }
    if chromium().is_some() && which("gcc") {
        let (args, result) = judge(&mut s, "c", "int main( { return 0; }\n");
        let r = render(&browser, "verdict_CE", &html, &args, &result, "light");
        assert_eq!(r["verdict"], "CE", "{r}");
        let message = r["compile_error"].as_str().unwrap_or_default();
        assert!(message.contains("error"), "the compiler's message: {r}");
    } else {
        eprintln!("app tests: the CE case SKIPPED: no gcc");
    }
}

fn which(tool: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(tool).is_file()))
}

#[test]
fn a_failure_shows_both_outputs_line_by_line_with_the_first_difference_marked() {
    let Some(browser) = browser_or_skip() else { return };
    let (_b, mut s, html) = setup();
    // The sample (8 → YES) differs at line 2 (nothing expected there); the own test at line 3.
    let code = "input()\nprint('YES\\n1\\n9\\n3')\n";
    let args = json!({"source": "codeforces", "id": "4A", "language": "python", "code": code, "time_limit_ms": 10_000,
        "custom_tests": [{"input": "8\n", "output": "YES\n1\n2\n3\n"}, {"input": "5\n"}]});
    let r = s.call("test_solution", args.clone());
    let result = r["result"].clone();
    let sc = &result["structuredContent"];
    assert_eq!(sc["verdict"], "WA", "{result}");
    assert_eq!(sc["samples"][1]["expected_output"], "YES\n1\n2\n3\n", "the expected output whole: {sc}");
    assert_eq!(sc["samples"][1]["output"], "YES\n1\n9\n3\n", "the output whole: {sc}");
    let r = render(&browser, "failure_lines", &html, &args, &result, "light");
    assert_eq!(r["verdict"], "WA", "{r}");
    assert_eq!(r["verdict_rows"], 3, "{r}");
    assert_eq!(r["marked"], json!([["2", "(no line)", "1"], ["3", "2", "9"]]), "the first differing lines: {r}");
    // Every line of both outputs: 4 for the sample, 4 for the own test; the RAN test's output.
    assert_eq!(r["diff_rows"], 8, "{r}");
    // Memory per row: measured where the judge's init runs (a number), else a dash.
    let memory = r["memory"].as_array().unwrap();
    assert_eq!(memory.len(), 3, "{r}");
    for (m, s) in memory.iter().zip(sc["samples"].as_array().unwrap()) {
        let m = m.as_str().unwrap();
        assert!(if s["memory_kb"].is_null() { m == "–" } else { m.ends_with(" KB") || m.ends_with(" MB") }, "{r}");
    }
}

/// A `stress_test` reply, waited for as long as a loaded machine needs (the harness waits 20 s).
fn call_long(s: &mut Server, args: &Value) -> Value {
    let id = format!("stress-{}", args.to_string().len());
    s.send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "stress_test", "arguments": args}}));
    loop {
        let v = s.try_recv(std::time::Duration::from_secs(600)).unwrap_or_else(|| panic!("no reply to {args}"));
        if v["id"] == id {
            return v;
        }
    }
}

/// A stress_test call on Codeforces 4A: Python program, reference and generator.
fn stress(s: &mut Server, program: &str, extra: Value) -> (Value, Value) {
    let reference = "w = int(input())\nprint('YES' if w > 2 and w % 2 == 0 else 'NO')\n";
    let generator =
        "import random, sys\nseed, size = map(int, sys.argv[1:3])\nrandom.seed(seed)\nprint(random.randint(1, size))\n";
    let mut args = json!({"source": "codeforces", "id": "4A", "language": "python", "code": program,
        "reference": {"language": "python", "code": reference}, "generator": {"language": "python", "code": generator},
        "time_limit_ms": 10_000, "time_budget_s": 120, "rounds": 8, "max_size": 10});
    for (k, v) in extra.as_object().unwrap() {
        args[k] = v.clone();
    }
    let r = call_long(s, &args);
    assert_eq!(r["result"]["isError"], false, "{r}");
    (args, r["result"].clone())
}

#[test]
fn stress_results_render_with_the_counterexample_and_its_difference() {
    let Some(browser) = browser_or_skip() else { return };
    let (_b, mut s, html) = setup();
    // Wrong on 2 only (2 is even, but not the sum of two even positive parts).
    let (args, result) =
        stress(&mut s, "w = int(input())\nprint('YES' if w % 2 == 0 else 'NO')\n", json!({"rounds": 40}));
    let sc = &result["structuredContent"];
    assert_eq!(sc["verdict"], "WA", "{result}");
    let r = render(&browser, "stress_WA", &html, &args, &result, "light");
    assert_eq!((r["verdict"].as_str(), r["title"].as_str()), (Some("WA"), Some("Watermelon")), "{r}");
    assert_eq!(r["marked"], json!([["1", "NO", "YES"]]), "the reference's line, then the program's: {r}");
    let x = &sc["counterexample"];
    let facts = r["counterexample"].as_str().unwrap_or_default();
    assert!(facts.contains(&format!("seed {}", x["seed"])) && facts.contains(&format!("size {}", x["size"])), "{r}");
    assert_eq!(r["sides"], 3, "verdict and time rows for both programs: {r}");
    assert!(r["rounds"].as_str().is_some_and(|t| t.contains("rounds in")), "{r}");
    // No difference: PASSED, the rounds, no counterexample.
    let (args, result) =
        stress(&mut s, "w = int(input())\nprint('YES' if w > 2 and w % 2 == 0 else 'NO')\n", json!({}));
    assert_eq!(result["structuredContent"]["verdict"], "PASSED", "{result}");
    let r = render(&browser, "stress_PASSED", &html, &args, &result, "dark");
    assert_eq!((r["verdict"].as_str(), r["counterexample"].as_str()), (Some("PASSED"), None), "{r}");
    assert!(r["rounds"].as_str().is_some_and(|t| t.starts_with("8 rounds")), "{r}");
    // The largest input too slow: TLE, said under its own heading.
    // (A loaded machine may time the rounds out too: the view shows what the tool said.)
    let slow =
        "import time\nw = int(input())\nif w > 1: time.sleep(9)\nprint('YES' if w > 2 and w % 2 == 0 else 'NO')\n";
    let extra = json!({"rounds": 1, "max_size": 1, "largest": true, "largest_size": 1000, "time_limit_ms": 4000});
    let (args, result) = stress(&mut s, slow, extra);
    let r = render(&browser, "stress_largest", &html, &args, &result, "light");
    assert_eq!(r["verdict"], result["structuredContent"]["verdict"], "{r}");
    assert_eq!(r["largest"].is_null(), result["structuredContent"]["largest"].is_null(), "{r}");
}

#[test]
fn stress_on_leetcode_without_a_generator_shows_the_constraints_read() {
    let Some(browser) = browser_or_skip() else { return };
    let (_b, mut s, html) = setup();
    let code = "class Solution:\n    def twoSum(self, nums, target):\n        seen = {}\n        for i, x in enumerate(nums):\n            if target - x in seen:\n                return [seen[target - x], i]\n            seen[x] = i\n";
    let args = json!({"source": "leetcode", "id": "1", "language": "python", "code": code,
        "reference": {"language": "python", "code": code}, "rounds": 5, "time_limit_ms": 10_000, "time_budget_s": 120});
    let r = call_long(&mut s, &args);
    let result = r["result"].clone();
    assert_eq!(result["isError"], false, "{r}");
    let r = render(&browser, "stress_leetcode", &html, &args, &result, "light");
    assert_eq!(r["verdict"], result["structuredContent"]["verdict"], "{r}");
    let notes = r["notes"].as_array().unwrap();
    assert!(
        notes.iter().any(|n| n.as_str().unwrap().starts_with("Inputs generated from the statement; constraints read:")),
        "{r}"
    );
}
