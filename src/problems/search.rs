//! `search_problems`: browse and filter a platform's problems, `GET /api/v1/problems/{source}`.

use std::fmt::Write as _;

use serde_json::Value;

use super::{Args, Ctx, Query, ToolOutput, ToolResult, fetch, seg, sources};
use crate::error::ToolError;
use crate::format::{self, cell};
use crate::models::{ListPage, Source};

fn bad(msg: &str) -> ToolError {
    ToolError::Args(format!("Invalid arguments: {msg}"))
}

/// Largest page number accepted.
const MAX_PAGE: i64 = 1_000_000;

/// `search_problems`' arguments, typed and checked, read once in the order the checks run (the
/// first problem found is the one reported).
struct Search<'a> {
    source: Source,
    page: i64,
    per_page: i64,
    difficulty: Option<&'a str>,
    tags: Vec<String>,
    tag_mode: Option<&'static str>,
    search: Option<&'a str>,
    sort_by: Option<&'static str>,
    sort_order: Option<&'static str>,
    rating_min: Option<f64>,
    rating_max: Option<f64>,
}

impl<'a> Search<'a> {
    fn read(args: &'a Args) -> Result<Search<'a>, ToolError> {
        let s = Search {
            source: sources::required(args)?,
            page: args.opt_int("page", 1, MAX_PAGE)?.unwrap_or(1),
            per_page: args.opt_int("per_page", 1, 100)?.unwrap_or(20),
            difficulty: args.opt_trimmed("difficulty")?,
            tags: tags(args)?,
            tag_mode: args.opt_enum("tag_mode", &["any", "all"])?,
            search: args.opt_trimmed("search")?,
            sort_by: args.opt_enum("sort_by", &["id", "difficulty", "rating", "ac_rate"])?,
            sort_order: args.opt_enum("sort_order", &["asc", "desc"])?,
            rating_min: args.opt_f64("rating_min", 0.0, 1.0e6)?,
            rating_max: args.opt_f64("rating_max", 0.0, 1.0e6)?,
        };
        if let (Some(lo), Some(hi)) = (s.rating_min, s.rating_max)
            && lo > hi
        {
            return Err(bad(&format!("`rating_min` ({lo}) must not be greater than `rating_max` ({hi})")));
        }
        if s.sort_order.is_some() && s.sort_by.is_none() {
            return Err(bad("`sort_order` needs `sort_by` (id, difficulty, rating or ac_rate)"));
        }
        if s.tag_mode.is_some() && s.tags.is_empty() {
            return Err(bad("`tag_mode` needs `tags`"));
        }
        Ok(s)
    }

    /// The backend request: the filters under the same names as the arguments.
    fn path(&self) -> String {
        Query::path(format!("/api/v1/problems/{}", seg(self.source.as_str())))
            .pair("page", self.page)
            .pair("per_page", self.per_page)
            .opt("difficulty", self.difficulty)
            .list("tags", &self.tags)
            .opt("tag_mode", self.tag_mode)
            .opt("search", self.search)
            .opt("sort_by", self.sort_by)
            .opt("sort_order", self.sort_order)
            .opt("rating_min", self.rating_min)
            .opt("rating_max", self.rating_max)
            .finish()
    }

    /// The filters given, each with how to loosen it: what a search that matched nothing says.
    fn filters(&self) -> Vec<String> {
        let mut filters = Vec::new();
        if let Some(s) = self.search {
            filters.push(format!("search {s:?} (use fewer or shorter words; it matches the title or id)"));
        }
        if let Some(d) = self.difficulty {
            filters
                .push(format!("difficulty {d:?} (drop it, or check its spelling: LeetCode uses Easy, Medium, Hard)"));
        }
        if !self.tags.is_empty() {
            let mode = if self.tag_mode == Some("all") { "all of" } else { "any of" };
            filters.push(format!(
                "tags {mode} {} (use fewer, or tag_mode \"any\"; list_tags gives the exact names)",
                format::tag_list(&self.tags)
            ));
        }
        if self.rating_min.is_some() || self.rating_max.is_some() {
            filters.push(format!(
                "rating {} to {} (widen the range; unrated problems have no rating)",
                self.rating_min.map_or("any".into(), |r| r.to_string()),
                self.rating_max.map_or("any".into(), |r| r.to_string())
            ));
        }
        filters
    }
}

#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn call(ctx: &Ctx, args: &Args) -> ToolResult {
    let search = Search::read(args)?;
    let list: ListPage = fetch(ctx, &search.path()).map_err(|e| sources::explain(ctx, &search.source, e))?.json()?;
    Ok(output(&search.source, &list, args, &search.filters()))
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
