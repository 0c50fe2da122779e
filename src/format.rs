//! The Markdown templates of the tools' texts (headers, tables, notes), and the error texts of HTTP
//! failures. Pure: no I/O.

use std::fmt::Write as _;

use crate::convert::Statement;
use serde_json::Value;

use crate::models::{Problem, Similar, Status};

/// `N/A` for missing values.
pub(crate) const NA: &str = "N/A";

/// `12984` → `12,984`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A similarity (`0.791`) as a percentage with one decimal (`79.1%`). Negative values stay
/// negative.
pub(crate) fn similarity(x: f64) -> String {
    let v = x * 100.0;
    // Avoid "-0.0%" for tiny negatives that round to zero.
    if v.abs() < 0.05 { "0.0%".into() } else { format!("{v:.1}%") }
}

/// Text for a Markdown table cell: no pipes or line breaks can escape it.
pub(crate) fn cell(s: &str) -> String {
    let s = s.trim();
    if s.is_empty() {
        return NA.into();
    }
    s.replace('\\', "\\\\").replace('|', "\\|").replace(['\r', '\n'], " ")
}

fn or_na(s: Option<&str>) -> &str {
    match s.map(str::trim) {
        Some(s) if !s.is_empty() => s,
        _ => NA,
    }
}

/// The metadata header and statement of a problem (T1, T2, T4):
///
/// ```text
/// # {title}
///
/// - Source: {source} | ID: {id} | Difficulty: {difficulty}
/// - Tags: {tags}
/// - Link: {link}
/// - AC Rate: {ac_rate}%
///
/// ---
///
/// {content}
/// ```
///
/// `title` is the title of the statement shown (`title_cn` over a Chinese one); `content` is the
/// statement already converted to Markdown (`None`: "No description available."); `extra` lines
/// (e.g. the daily date, notes) go after the other metadata.
pub(crate) fn problem(p: &Problem, title: &str, content: Option<&str>, extra: &[String]) -> String {
    let mut out = String::new();
    let title = if title.trim().is_empty() { "Untitled" } else { title.trim() };
    let _ = writeln!(out, "# {title}\n");
    let _ = writeln!(
        out,
        "- Source: {} | ID: {} | Difficulty: {}",
        or_na(Some(p.source.as_str())),
        or_na(Some(&p.id)),
        or_na(p.difficulty.as_deref())
    );
    let tags = if p.tags.is_empty() { NA.to_string() } else { tag_list(&p.tags) };
    let _ = writeln!(out, "- Tags: {tags}");
    let _ = writeln!(out, "- Link: {}", or_na(p.link.as_deref()));
    match p.ac_rate {
        Some(r) if r.is_finite() => {
            let _ = writeln!(out, "- AC Rate: {r:.1}%");
        }
        _ => {
            let _ = writeln!(out, "- AC Rate: {NA}");
        }
    }
    if let Some(r) = p.rating.filter(|r| r.is_finite() && *r > 0.0) {
        let _ = writeln!(out, "- Rating: {r:.0}");
    }
    if let Some(c) = p.contest.as_deref().filter(|c| !c.trim().is_empty()) {
        match p.problem_index.as_deref().filter(|i| !i.trim().is_empty()) {
            Some(i) => {
                let _ = writeln!(out, "- Contest: {} (problem {})", c.trim(), i.trim());
            }
            None => {
                let _ = writeln!(out, "- Contest: {}", c.trim());
            }
        }
    }
    if p.paid_only {
        let _ = writeln!(out, "- Paid only: yes");
    }
    let similar = p.similar_slugs();
    if !similar.is_empty() {
        let _ = writeln!(out, "- Similar questions: {}", similar.join(", "));
    }
    for line in extra {
        let _ = writeln!(out, "{line}");
    }
    out.push_str("\n---\n\n");
    out.push_str(content.unwrap_or(no_statement(p)));
    out.push('\n');
    out
}

/// What stands in for a missing statement: which of the two reasons it is, and what to do.
pub(crate) fn no_statement(p: &Problem) -> &'static str {
    if p.paid_only {
        "No description available: this is a paid-only (premium) problem, and the backend does not store \
the statements of paid-only problems. Read it on its page (the link above) with a subscription, or pick another \
problem."
    } else {
        "No description available: the backend has not crawled this problem's statement yet \
(get_platform_status counts such problems under Missing Content). Read it on its page (the link above), or try \
again later."
    }
}

/// Tags as a list in which each tag is unambiguous: comma-separated, or, when a tag itself
/// contains a comma (SPOJ has `素数判断,质数,筛法`), every tag in double quotes.
pub(crate) fn tag_list(tags: &[String]) -> String {
    if tags.iter().any(|t| t.contains(',')) {
        let quoted: Vec<String> = tags.iter().map(|t| Value::from(t.as_str()).to_string()).collect();
        quoted.join(", ")
    } else {
        tags.join(", ")
    }
}

/// A statement (parsed once, HTML or Markdown as the backend sent it) as Markdown, whole, or
/// `None` when there is none.
pub(crate) fn statement(parsed: Option<&Statement>) -> Option<String> {
    parsed.filter(|s| !s.raw().trim().is_empty()).map(Statement::markdown)
}

pub use crate::convert::{MAX_TEXT_BYTES, is_truncated, truncate};

/// [`problem`] with `notes` after `extra` (as `- Note:` lines), cut to [`MAX_TEXT_BYTES`]: a
/// statement that does not fit after the header is cut ([`truncate`] closes an open
/// code block before its notice) and [`TRUNCATED`] goes into `notes` at `cut_note_at`. Returns
/// the text and the statement it shows.
pub(crate) fn problem_text(
    p: &Problem,
    title: &str,
    content: Option<String>,
    extra: &[String],
    notes: &mut Vec<String>,
    cut_note_at: usize,
) -> (String, Option<String>) {
    let header = |notes: &[String]| -> Vec<String> {
        extra.iter().cloned().chain(notes.iter().map(|n| format!("- Note: {n}"))).collect()
    };
    if let Some(c) = content.as_deref() {
        // Everything but the statement, without and with the note.
        let rest = problem(p, title, Some(""), &header(notes)).len();
        if rest + c.len() > MAX_TEXT_BYTES {
            notes.insert(cut_note_at.min(notes.len()), TRUNCATED.to_string());
            let rest = problem(p, title, Some(""), &header(notes)).len();
            let c = truncate(content.unwrap_or_default(), MAX_TEXT_BYTES.saturating_sub(rest));
            return (problem(p, title, Some(&c), &header(notes)), Some(c));
        }
    }
    (problem(p, title, content.as_deref(), &header(notes)), content)
}

/// The note of a cut statement.
const TRUNCATED: &str =
    "The statement is longer than this reply allows (100 KiB) and was cut; the full text is at the link.";

/// The similar-problems table (T3).
pub(crate) fn similar(s: &Similar) -> String {
    let mut out = String::from("# Similar Problems\n\n");
    let query = s.rewritten_query.as_deref().map(str::trim).filter(|q| !q.is_empty());
    let _ = writeln!(out, "Query: {}\n", query.map_or(NA.into(), |q| q.replace(['\r', '\n'], " ")));
    out.push_str("| # | Source | ID | Title | Difficulty | Similarity | Link |\n");
    out.push_str("|---|--------|----|-------|------------|------------|------|\n");
    for (i, r) in s.results.iter().enumerate() {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} |",
            i + 1,
            cell(r.source.as_str()),
            cell(&r.id),
            cell(&r.title),
            cell(r.difficulty.as_deref().unwrap_or("")),
            similarity(r.similarity),
            cell(r.link.as_deref().unwrap_or("")),
        );
    }
    if s.results.is_empty() {
        // The tool appends the hint as a note, so that its structured copy carries it too.
        out.push('\n');
    }
    out
}

/// The note of an empty status table.
pub(crate) const NO_PLATFORMS: &str = "The backend lists no platforms.";

/// The platform status table (T5), columns padded to line up.
pub(crate) fn status(s: &Status) -> String {
    let header = ["Platform", "Problems", "Missing Content", "Not Embedded"];
    let rows: Vec<[String; 4]> = s
        .platforms
        .iter()
        .map(|p| [cell(&p.source), thousands(p.total), thousands(p.missing_content), thousands(p.not_embedded)])
        .collect();
    let mut widths = header.map(str::len);
    for row in &rows {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let line = |cells: &[&str]| {
        let mut l = String::from("|");
        for (c, w) in cells.iter().zip(widths) {
            let pad = w.saturating_sub(c.chars().count());
            let _ = write!(l, " {c}{} |", " ".repeat(pad));
        }
        l.push('\n');
        l
    };
    let version = if s.version.trim().is_empty() { "unknown" } else { s.version.trim() };
    let mut out = format!("# OJ Platform Status (v{version})\n\n");
    out.push_str(&line(&header));
    out.push('|');
    for w in widths {
        let _ = write!(out, "{}|", "-".repeat(w + 2));
    }
    out.push('\n');
    for row in &rows {
        out.push_str(&line(&row.each_ref().map(String::as_str)));
    }
    if rows.is_empty() {
        // The tool appends NO_PLATFORMS as a note.
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::{PlatformStatus, SimilarItem};

    #[test]
    fn problem_text_fits_header_and_statement_in_the_cap() {
        let p = Problem { id: "x".into(), source: "atcoder".into(), title: "T".into(), ..Problem::default() };
        let extra = ["- Date: 2024-01-15".to_string()];
        // A statement the converter left whole, that only the header pushes over the cap.
        let statement = format!("Intro\n\n```\n{}```", "1 2 3 4 5 6 7 8 9\n".repeat(MAX_TEXT_BYTES / 18));
        assert!(statement.len() <= MAX_TEXT_BYTES && !is_truncated(&statement));
        let mut notes = vec!["first".to_string(), "last".to_string()];
        let (text, shown) = problem_text(&p, "T", Some(statement), &extra, &mut notes, 1);
        assert!(text.len() <= MAX_TEXT_BYTES, "{}", text.len());
        assert!(text.ends_with("```\n\n... (truncated)\n"), "{}", &text[text.len() - 60..]);
        assert!(shown.as_deref().is_some_and(is_truncated));
        assert_eq!(notes, ["first", TRUNCATED, "last"]);
        assert!(text.contains(&format!("- Note: {TRUNCATED}\n- Note: last\n")));
        // A short one is left alone, and so are the notes.
        let mut notes = vec!["only".to_string()];
        let (text, shown) = problem_text(&p, "T", Some("Short.".into()), &extra, &mut notes, 0);
        assert!(text.ends_with("---\n\nShort.\n") && shown.as_deref() == Some("Short."));
        assert_eq!(notes, ["only"]);
    }

    #[test]
    fn thousands_grouping() {
        for (n, s) in [(0, "0"), (100, "100"), (999, "999"), (1000, "1,000"), (12984, "12,984"), (1234567, "1,234,567")]
        {
            assert_eq!(thousands(n), s);
        }
    }

    #[test]
    fn tags_with_commas_are_quoted() {
        let tags = |t: &[&str]| tag_list(&t.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(tags(&["Array", "Hash Table"]), "Array, Hash Table");
        assert_eq!(tags(&["数学", "素数判断,质数,筛法"]), "\"数学\", \"素数判断,质数,筛法\"");
        assert_eq!(tags(&["a,\"b\""]), "\"a,\\\"b\\\"\"");
    }

    #[test]
    fn similarity_percentages() {
        for (x, s) in [(0.79, "79.0%"), (0.791, "79.1%"), (1.0, "100.0%"), (-0.1234, "-12.3%"), (-0.0001, "0.0%")] {
            assert_eq!(similarity(x), s);
        }
    }

    #[test]
    fn problem_header_follows_the_template() {
        let p = Problem {
            id: "1".into(),
            source: "leetcode".into(),
            title: "Two Sum".into(),
            difficulty: Some("Easy".into()),
            ac_rate: Some(57.08),
            rating: Some(0.0),
            tags: vec!["Array".into(), "Hash Table".into()],
            link: Some("https://leetcode.com/problems/two-sum/".into()),
            content: Some("<p><b>bold</b></p>".into()),
            ..Problem::default()
        };
        let content = statement(p.content.as_deref().map(Statement::parse).as_ref());
        let md = problem(&p, &p.title, content.as_deref(), &[]);
        let lines: Vec<&str> = md.lines().collect();
        assert_eq!(lines[0], "# Two Sum");
        assert_eq!(lines[1], "");
        assert_eq!(lines[2], "- Source: leetcode | ID: 1 | Difficulty: Easy");
        assert_eq!(lines[3], "- Tags: Array, Hash Table");
        assert_eq!(lines[4], "- Link: https://leetcode.com/problems/two-sum/");
        assert_eq!(lines[5], "- AC Rate: 57.1%");
        assert_eq!(lines[6], "");
        assert_eq!(lines[7], "---");
        assert!(!md.contains("<b>"), "{md}");
        assert!(md.contains("bold"), "{md}");
    }

    #[test]
    fn nullable_fields_show_na() {
        let p = Problem { id: "abc321_a".into(), source: "atcoder".into(), title: "T".into(), ..Problem::default() };
        let md = problem(&p, &p.title, statement(p.content.as_deref().map(Statement::parse).as_ref()).as_deref(), &[]);
        assert!(md.contains("- Source: atcoder | ID: abc321_a | Difficulty: N/A\n"), "{md}");
        assert!(md.contains("- Tags: N/A\n- Link: N/A\n- AC Rate: N/A\n"), "{md}");
        assert!(md.ends_with(&format!("---\n\n{}\n", no_statement(&p))), "{md}");
        assert!(md.contains("not crawled this problem's statement yet"), "{md}");
        let paid = Problem { paid_only: true, ..p };
        assert!(problem(&paid, &paid.title, None, &[]).contains("this is a paid-only (premium) problem"));
    }

    #[test]
    fn similar_table() {
        let s = Similar {
            rewritten_query: None,
            results: vec![SimilarItem {
                source: "leetcode".into(),
                id: "167".into(),
                title: "Two | Sum II".into(),
                difficulty: None,
                link: Some("https://x/".into()),
                similarity: 0.791,
            }],
        };
        let md = similar(&s);
        assert!(md.starts_with("# Similar Problems\n\nQuery: N/A\n\n| # | Source |"), "{md}");
        assert!(md.contains("| 1 | leetcode | 167 | Two \\| Sum II | N/A | 79.1% | https://x/ |"), "{md}");
        let empty = similar(&Similar { rewritten_query: Some("q".into()), results: vec![] });
        assert!(empty.contains("Query: q\n"), "{empty}");
    }

    #[test]
    fn status_table() {
        let s = Status {
            version: "1.2.3".into(),
            platforms: vec![
                PlatformStatus { source: "codeforces".into(), total: 12984, missing_content: 106, not_embedded: 127 },
                PlatformStatus { source: "luogu".into(), total: 100, missing_content: 1000, not_embedded: 0 },
            ],
        };
        let md = status(&s);
        let expected = "\
# OJ Platform Status (v1.2.3)

| Platform   | Problems | Missing Content | Not Embedded |
|------------|----------|-----------------|--------------|
| codeforces | 12,984   | 106             | 127          |
| luogu      | 100      | 1,000           | 0            |
";
        assert_eq!(md, expected);
    }
}
