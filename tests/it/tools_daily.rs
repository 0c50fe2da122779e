//! `get_daily_challenge` (tools.md T1) against the fixture backend: default domain and date (UTC
//! for com, UTC+8 for cn), date and domain validation before any request, 202, 200 template and
//! statement conversion, backend errors.

use serde_json::json;

use crate::backend::{self, Backend, Reply};
use crate::harness::{LATE_UTC, Opts, Server};
use crate::util::{http, json_reply, lines, only_target, rejects, setup};

const TOOL: &str = "get_daily_challenge";

/// 2026-11-21T16:30:00Z: still the 21st in UTC, already 00:30 on the 22nd in UTC+8.
const AFTERNOON_UTC: i64 = 1_795_278_600;

#[test]
fn default_domain_is_com_and_default_date_is_the_utc_day() {
    let (b, mut s) = setup();
    let text = s.call_ok(TOOL, json!({}));
    assert_eq!(only_target(&b), "/api/v1/daily?domain=com&date=2026-11-21");
    assert!(text.starts_with("# Network Delay Time\n"), "{text}");
    // `null` counts as absent.
    s.call_ok(TOOL, json!({"domain": null, "date": null}));
    assert_eq!(only_target(&b), "/api/v1/daily?domain=com&date=2026-11-21");
    // Explicit com, no date: the same UTC day, even at 23:30 UTC when UTC+8 is a day ahead.
    s.call_ok(TOOL, json!({"domain": "com"}));
    assert_eq!(only_target(&b), "/api/v1/daily?domain=com&date=2026-11-21");
}

#[test]
fn cn_default_date_is_the_utc_plus_8_day() {
    let (b, mut s) = setup();
    let text = s.call_ok(TOOL, json!({"domain": "cn"}));
    assert_eq!(only_target(&b), "/api/v1/daily?domain=cn&date=2026-11-22");
    // leetcode.cn's daily defaults to what leetcode.cn shows: the Chinese statement and title.
    assert!(text.starts_with("# 两数之和\n"), "{text}");
    assert!(text.contains("给定一个整数数组"), "{text}");
}

#[test]
fn default_dates_at_16_30_utc() {
    let b = Backend::start(&backend::fixtures_dir());
    let url = b.url();
    let mut s = Server::with(Opts {
        base_url: Some(&url),
        env: vec![("OJ_MCP_NOW", AFTERNOON_UTC.to_string())],
        ..Opts::default()
    });
    s.call_ok(TOOL, json!({}));
    assert_eq!(only_target(&b), "/api/v1/daily?domain=com&date=2026-11-21");
    s.call_ok(TOOL, json!({"domain": "cn"}));
    assert_eq!(only_target(&b), "/api/v1/daily?domain=cn&date=2026-11-22");
}

/// tools.md T1: at 23:30 UTC with the machine in UTC+14 (and UTC-12), `com` still asks for the
/// UTC day and `cn` for the UTC+8 day.
#[test]
fn the_machine_time_zone_is_ignored() {
    let b = Backend::start(&backend::fixtures_dir());
    let url = b.url();
    for tz in ["Pacific/Kiritimati", "Etc/GMT-14", "Etc/GMT+12", "Asia/Tokyo"] {
        let mut s = Server::with(Opts {
            base_url: Some(&url),
            env: vec![("OJ_MCP_NOW", LATE_UTC.to_string()), ("TZ", tz.to_string())],
            ..Opts::default()
        });
        s.call_ok(TOOL, json!({}));
        assert_eq!(only_target(&b), "/api/v1/daily?domain=com&date=2026-11-21", "TZ={tz}");
        s.call_ok(TOOL, json!({"domain": "cn"}));
        assert_eq!(only_target(&b), "/api/v1/daily?domain=cn&date=2026-11-22", "TZ={tz}");
    }
}

#[test]
fn explicit_date_passes_through_for_both_domains() {
    let (b, mut s) = setup();
    let text = s.call_ok(TOOL, json!({"date": "2024-01-15"}));
    assert_eq!(only_target(&b), "/api/v1/daily?domain=com&date=2024-01-15");
    assert!(text.starts_with("# Trapping Rain Water\n"), "{text}");
    assert!(text.contains("- Link: https://leetcode.com/problems/trapping-rain-water/\n"), "{text}");
    let text = s.call_ok(TOOL, json!({"domain": "cn", "date": "2024-01-15"}));
    assert_eq!(only_target(&b), "/api/v1/daily?domain=cn&date=2024-01-15");
    assert!(text.contains("- Link: https://leetcode.cn/problems/trapping-rain-water/\n"), "{text}");
    // A leap day is a real calendar day.
    s.call(TOOL, json!({"date": "2024-02-29"}));
    assert_eq!(only_target(&b), "/api/v1/daily?domain=com&date=2024-02-29");
}

#[test]
fn fetching_202_is_not_an_error_and_says_when_to_retry() {
    let (b, mut s) = setup();
    for domain in ["com", "cn"] {
        let r = s.call(TOOL, json!({"domain": domain, "date": "2024-02-01"}));
        assert_eq!(r["result"]["isError"], json!(false), "{r}");
        let text = crate::harness::text(&r);
        assert_eq!(only_target(&b), format!("/api/v1/daily?domain={domain}&date=2024-02-01"));
        assert!(text.contains("being fetched"), "{text}");
        assert!(text.contains("30 seconds"), "{text}");
        assert!(!text.starts_with("# "), "a 202 is not a problem: {text}");
    }
    // The number comes from the body's retry_after.
    b.route(
        "/api/v1/daily?domain=com&date=2024-02-02",
        Reply::Raw(http(202, "Accepted", Some("application/json"), br#"{"retry_after":45,"status":"fetching"}"#)),
    );
    let text = s.call_ok(TOOL, json!({"date": "2024-02-02"}));
    assert!(text.contains("being fetched") && text.contains("45"), "{text}");
}

#[test]
fn ok_200_follows_the_header_template() {
    let (_b, mut s) = setup();
    let text = s.call_ok(TOOL, json!({}));
    let l = lines(&text);
    assert_eq!(l[0], "# Network Delay Time");
    assert!(l[0].starts_with("# "));
    assert_eq!(l[1], "");
    assert!(l[2].contains("Source:"), "{text}");
    assert!(l[2].starts_with("- Source: ") && l[2].ends_with(" | ID: 743 | Difficulty: Medium"), "{text}");
    assert_eq!(l[3], "- Tags: Depth-First Search, Breadth-First Search, Graph, Heap (Priority Queue), Shortest Path");
    assert_eq!(l[4], "- Link: https://leetcode.com/problems/network-delay-time/");
    assert_eq!(l[5], "- AC Rate: 56.4%");
    let rule = l.iter().position(|x| *x == "---").expect("a --- rule");
    assert_eq!(l[rule - 1], "", "{text}");
    assert_eq!(l[rule + 1], "", "{text}");
    assert!(text.contains("A network has"), "{text}");
}

/// The daily endpoint's body has no `source` field (fixtures README): every daily challenge is a
/// LeetCode problem, so the header must still say so rather than `N/A`.
#[test]
fn daily_source_is_leetcode_though_the_body_has_none() {
    let (_b, mut s) = setup();
    for args in [json!({}), json!({"domain": "cn"})] {
        let text = s.call_ok(TOOL, args.clone());
        let l = lines(&text);
        assert!(l[2].starts_with("- Source: leetcode | ID: "), "{args}: {}", l[2]);
    }
}

#[test]
fn statement_html_is_converted_to_markdown() {
    let (_b, mut s) = setup();
    // cn today is Two Sum: <p>, <code>, <strong>, <sup>, &nbsp;, &lt;.
    let text = s.call_ok(TOOL, json!({"domain": "cn"}));
    let body = text.split("\n---\n").nth(1).expect("a statement after ---");
    for tag in ["<p>", "</p>", "<code>", "<sup>", "<strong", "<pre>", "<li>", "&nbsp;", "&lt;"] {
        assert!(!body.contains(tag), "raw {tag:?} left in:\n{body}");
    }
    assert!(body.contains("10^"), "<sup> not rendered as ^:\n{body}");
    assert!(body.contains("nums"), "{body}");
    // com today has <sub>.
    let text = s.call_ok(TOOL, json!({}));
    let body = text.split("\n---\n").nth(1).unwrap();
    assert!(!body.contains("<sub>") && !body.contains("<code>"), "{body}");
}

#[test]
fn bold_html_in_a_daily_statement_is_not_passed_raw() {
    let (b, mut s) = setup();
    b.route(
        "/api/v1/daily?domain=com&date=2024-05-05",
        json_reply(&json!({
            "date": "2024-05-05", "domain": "com", "id": "9", "title": "Bold",
            "difficulty": "Easy", "tags": [], "content": "<b>bold</b>"
        })),
    );
    let text = s.call_ok(TOOL, json!({"date": "2024-05-05"}));
    assert!(text.starts_with("# Bold\n"), "{text}");
    assert!(!text.contains("<b>"), "{text}");
    assert!(text.contains("bold"), "{text}");
}

#[test]
fn invalid_dates_are_rejected_before_any_request() {
    let (b, mut s) = setup();
    for date in [
        "2024-02-30",
        "20240115",
        "2024-1-5",
        "2024-1-15",
        "2023-02-29",
        "2024-01-15&x=1",
        "2024-13-01",
        "2024-00-10",
        "2024/01/15",
        "15-01-2024",
        "today",
    ] {
        rejects(&mut s, &b, TOOL, json!({"date": date}), &["date", "YYYY-MM-DD"]);
        rejects(&mut s, &b, TOOL, json!({"domain": "cn", "date": date}), &["date", "YYYY-MM-DD"]);
    }
}

#[test]
fn invalid_domains_are_rejected_before_any_request() {
    let (b, mut s) = setup();
    for domain in ["jp", "COM", "Cn", "", "cn ", "leetcode.com"] {
        rejects(&mut s, &b, TOOL, json!({"domain": domain}), &["domain"]);
        rejects(&mut s, &b, TOOL, json!({"domain": domain, "date": "2024-01-15"}), &["domain"]);
    }
}

#[test]
fn wrong_argument_types_are_rejected_before_any_request() {
    let (b, mut s) = setup();
    rejects(&mut s, &b, TOOL, json!({"date": 20240115}), &["date"]);
    rejects(&mut s, &b, TOOL, json!({"date": true}), &["date"]);
    rejects(&mut s, &b, TOOL, json!({"date": ["2024-01-15"]}), &["date"]);
    rejects(&mut s, &b, TOOL, json!({"domain": 1}), &["domain"]);
    rejects(&mut s, &b, TOOL, json!({"domain": ["com"]}), &["domain"]);
    rejects(&mut s, &b, TOOL, json!({"day": "2024-01-15"}), &["day"]);
}

#[test]
fn backend_errors_are_error_results() {
    let (b, mut s) = setup();
    let text = s.call_err(TOOL, json!({"date": "2099-01-01"}));
    assert_eq!(only_target(&b), "/api/v1/daily?domain=com&date=2099-01-01");
    assert!(text.starts_with("[400] Bad Request: date must be <= today"), "{text}");
    // The refusal names the range and the fix, with today in the domain's day.
    assert!(
        text.ends_with(
            "\nDaily challenges go from 2020-04-01 to today (2026-11-21 in leetcode.com's day). Give a `date` in that \
range, or none for today's challenge."
        ),
        "{text}"
    );
    let text = s.call_err(TOOL, json!({"domain": "cn", "date": "2020-03-31"}));
    assert!(text.starts_with("[400] Bad Request: date must be >= 2020-04-01"), "{text}");
    assert!(text.contains("(2026-11-22 in leetcode.cn's day)"), "{text}");
    let text = s.call_err(TOOL, json!({"date": "2024-03-01"}));
    assert!(text.starts_with("[500] Internal Server Error: failed to spawn crawler"), "{text}");
}
