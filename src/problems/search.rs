//! `search_problems`: browse and filter a platform's problems, `GET /api/v1/problems/{source}`.

use std::fmt::Write as _;

use serde_json::{Value, json};

use super::{Args, Ctx, Query, ToolOutput, ToolResult, fetch, seg, sources};
use crate::error::ToolError;
use crate::format::{self, cell};
use crate::models::{ListPage, Source};

fn bad(msg: &str) -> ToolError {
    ToolError::Args(format!("Invalid arguments: {msg}"))
}

/// Largest page number accepted.
const MAX_PAGE: i64 = 1_000_000;

pub(crate) fn call(ctx: &Ctx, args: &Args) -> ToolResult {
    let source = sources::required(args)?;
    let page = args.opt_int("page", 1, MAX_PAGE)?.unwrap_or(1);
    let per_page = args.opt_int("per_page", 1, 100)?.unwrap_or(20);
    let difficulty = args.opt_trimmed("difficulty")?;
    let tags = tags(args)?;
    let tag_mode = args.opt_enum("tag_mode", &["any", "all"])?;
    let search = args.opt_trimmed("search")?;
    let sort_by = args.opt_enum("sort_by", &["id", "difficulty", "rating", "ac_rate"])?;
    let sort_order = args.opt_enum("sort_order", &["asc", "desc"])?;
    let rating_min = args.opt_f64("rating_min", 0.0, 1.0e6)?;
    let rating_max = args.opt_f64("rating_max", 0.0, 1.0e6)?;
    if let (Some(lo), Some(hi)) = (rating_min, rating_max)
        && lo > hi
    {
        return Err(bad(&format!("`rating_min` ({lo}) must not be greater than `rating_max` ({hi})")));
    }
    if sort_order.is_some() && sort_by.is_none() {
        return Err(bad("`sort_order` needs `sort_by` (id, difficulty, rating or ac_rate)"));
    }
    if tag_mode.is_some() && tags.is_empty() {
        return Err(bad("`tag_mode` needs `tags`"));
    }

    let path = Query::path(format!("/api/v1/problems/{}", seg(source.as_str())))
        .pair("page", page)
        .pair("per_page", per_page)
        .opt("difficulty", difficulty)
        .list("tags", &tags)
        .opt("tag_mode", tag_mode)
        .opt("search", search)
        .opt("sort_by", sort_by)
        .opt("sort_order", sort_order)
        .opt("rating_min", rating_min)
        .opt("rating_max", rating_max)
        .finish();

    let list: ListPage = fetch(ctx, &path).map_err(|e| sources::explain(ctx, &source, e))?.json()?;
    let mut filters = Vec::new();
    if let Some(s) = search {
        filters.push(format!("search {s:?} (use fewer or shorter words; it matches the title or id)"));
    }
    if let Some(d) = difficulty {
        filters.push(format!("difficulty {d:?} (drop it, or check its spelling: LeetCode uses Easy, Medium, Hard)"));
    }
    if !tags.is_empty() {
        let mode = if tag_mode == Some("all") { "all of" } else { "any of" };
        filters.push(format!(
            "tags {mode} {} (use fewer, or tag_mode \"any\"; list_tags gives the exact names)",
            format::tag_list(&tags)
        ));
    }
    if rating_min.is_some() || rating_max.is_some() {
        filters.push(format!(
            "rating {} to {} (widen the range; unrated problems have no rating)",
            rating_min.map_or("any".into(), |r| r.to_string()),
            rating_max.map_or("any".into(), |r| r.to_string())
        ));
    }
    Ok(output(&source, &list, args, &filters))
}

/// The note of a search that matched nothing: which filters to loosen, or that the platform is
/// empty on this backend.
fn no_match(source: &Source, filters: &[String]) -> String {
    if filters.is_empty() {
        return format!(
            "No problems matched: the backend has no {source} problems (get_platform_status shows how many each \
platform has)."
        );
    }
    format!("No {source} problems match these filters; loosen them: {}.", filters.join("; "))
}

/// `tags`: an array of non-empty strings without commas (the backend splits on them).
fn tags(args: &Args) -> Result<Vec<String>, ToolError> {
    let Some(v) = args.raw("tags") else {
        return Ok(Vec::new());
    };
    let Value::Array(items) = v else {
        return Err(bad("`tags` must be an array of strings, e.g. [\"graph\", \"greedy\"]"));
    };
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        match item.as_str().map(str::trim) {
            Some("") => return Err(bad("`tags` must not contain empty strings")),
            Some(t) if t.contains(',') => {
                return Err(bad(&format!(
                    "tag {t:?} contains a comma. The backend splits `tags` on commas, so give each tag as its own \
array item; a tag whose name itself contains a comma (list_tags shows it in quotes) cannot be used as a filter \
(use words of the title in `search` instead)"
                )));
            }
            Some(t) => out.push(t.to_string()),
            None => {
                return Err(bad("`tags` must be an array of strings, e.g. [\"graph\", \"greedy\"]"));
            }
        }
    }
    Ok(out)
}

fn output(source: &Source, list: &ListPage, args: &Args, filters: &[String]) -> ToolOutput {
    let m = &list.meta;
    let mut text = format!("# Problems on {source}\n\n");
    if !list.data.is_empty() {
        text.push_str(
            "| ID | Title | Difficulty | Rating | Tags | Link |\n|----|-------|------------|--------|------|------|\n",
        );
        for p in &list.data {
            let rating = p.rating.filter(|r| *r > 0.0).map_or(format::NA.to_string(), |r| format!("{r:.0}"));
            let _ = writeln!(
                text,
                "| {} | {} | {} | {} | {} | {} |",
                cell(&p.id),
                cell(&title_cell(&p.title, p.title_cn.as_deref())),
                cell(p.difficulty.as_deref().unwrap_or("")),
                rating,
                cell(&format::tag_list(&p.tags)),
                cell(p.link.as_deref().unwrap_or("")),
            );
        }
    }
    let problems: Vec<Value> = list
        .data
        .iter()
        .map(|p| {
            json!({
                "source": p.source,
                "id": p.id,
                "title": p.title,
                "title_cn": other_title(&p.title, p.title_cn.as_deref()),
                "difficulty": p.difficulty,
                "rating": p.rating.filter(|r| *r > 0.0),
                "ac_rate": p.ac_rate,
                "tags": p.tags,
                "link": p.link,
            })
        })
        .collect();
    let next = (m.page < m.total_pages).then(|| next_arguments(args, m.page + 1));
    let structured = json!({
        "source": source,
        "page": m.page,
        "per_page": m.per_page,
        "total": m.total,
        "total_pages": m.total_pages,
        "next_page_arguments": next,
        "problems": problems,
    });
    let mut out = ToolOutput::structured(text, structured);
    if list.data.is_empty() && m.total == 0 {
        // Nothing matched at all: "Page 1 of 0" would say nothing; say which filters to loosen.
        out.note(&no_match(source, filters));
        return out;
    }
    if list.data.is_empty() {
        out.note("No problems on this page.");
        out.text.push('\n');
    } else {
        out.text.push('\n');
    }
    let _ = writeln!(out.text, "Page {} of {}, total {} problems.", m.page, m.total_pages, m.total);
    if m.page < m.total_pages {
        out.note(&format!("Next page: call search_problems with the same arguments and page={}.", m.page + 1));
    } else if m.total_pages > 0 && m.page > m.total_pages {
        out.note(&format!("This page is past the last one; use page={} or lower.", m.total_pages));
    }
    out
}

/// The Chinese title when it says something the title does not (a search for 两数 must show why
/// "Two Sum" matched); `None` when empty or the same (Luogu, SPOJ).
fn other_title<'a>(title: &str, title_cn: Option<&'a str>) -> Option<&'a str> {
    title_cn.map(str::trim).filter(|cn| !cn.is_empty() && *cn != title.trim())
}

/// The title cell: `Two Sum (两数之和)`, or the title alone.
fn title_cell(title: &str, title_cn: Option<&str>) -> String {
    match other_title(title, title_cn) {
        Some(cn) => format!("{} ({cn})", title.trim()),
        None => title.to_string(),
    }
}

/// The arguments of this call with `page` replaced: what to pass for the next page.
fn next_arguments(args: &Args, page: u64) -> Value {
    let mut next = args.all();
    next.insert("page".into(), json!(page));
    Value::Object(next)
}
