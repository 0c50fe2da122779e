//! `resolve_problem` (T4): a problem from a URL, slug or pattern, `GET /api/v1/resolve/{query}`.

use super::{Args, Ctx, ToolResult, fetch, language_arg, problem_output, seg};
use crate::error::ToolError;
use crate::language::Language;
use crate::models::{Problem, Resolved, Source};

#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn call(ctx: &Ctx, args: &Args) -> ToolResult {
    let query = args.req_str("query", "a problem URL, slug or id")?;
    // A leetcode.cn URL asks about the Chinese site: its statement is the Chinese one.
    let language = language_arg(args, if is_leetcode_cn(query) { Language::Zh } else { Language::En })?;
    let r: Resolved = fetch(ctx, &format!("/api/v1/resolve/{}", seg(query)))
        .map_err(|e| match e {
            // oj-api-rs answers every resolve with 200 (an unknown problem is `"problem": null`), so
            // a 404 means the route itself is missing: a base URL with a path, or another server.
            ToolError::Http(404, msg) => ToolError::Http(
                404,
                format!(
                    "{msg}\nThe backend has no resolve endpoint at this address (oj-api-rs answers every resolve, \
even of an unknown problem): OJ_BASE_URL may not be the backend's root. Meanwhile, get_problem takes a source and \
id, and search_problems finds a problem by title."
                ),
            ),
            other => other,
        })?
        .json()?;
    match r.problem {
        Some(mut p) => {
            if is_leetcode_cn(query) && p.source == Source::Leetcode {
                p.link = Some(cn_link(&p));
            }
            let mut extra = Vec::new();
            if r.source != p.source || r.id != p.id {
                extra.push(format!("- Resolved from: {} {}", r.source, r.id));
            }
            let (source, id) = (r.source.clone(), r.id.clone());
            Ok(problem_output(
                &p,
                language,
                &extra,
                |problem| json!({ "detected_source": source, "detected_id": id, "problem": problem }),
            ))
        }
        None if matches!(r.source.as_str(), "unknown" | "") => Err(ToolError::Domain(format!(
            "Could not recognise a problem in {query:?}. {}",
            crate::texts::file("resolve_forms.txt")
        ))),
        None if !r.source.is_known() => Err(ToolError::Domain(format!(
            "Recognised platform {:?} (id {:?}), but the backend does not serve it. Supported platforms: {}.",
            r.source.as_str(),
            r.id,
            Source::known_list()
        ))),
        None => {
            // A LeetCode id that is not a number is a slug (from a URL or given bare).
            let slug = r.source == Source::Leetcode && !r.id.bytes().all(|b| b.is_ascii_digit());
            let what = if slug { "slug" } else { "id" };
            Err(ToolError::Domain(format!(
                "No {source} problem has the {what} {id:?} on this backend (the input was read as {source} {what} \
{id:?}). Find it with search_problems (source \"{source}\", `search` with words of its title{ids}), or by \
meaning with find_similar_problems and a `query`.",
                source = r.source,
                id = r.id,
                ids = if slug { "" } else { " or its id" },
            )))
        }
    }
}

/// Whether the input names leetcode.cn (a URL or a bare host and path): the answer then keeps
/// that site, as the user asked about it, though the backend stores leetcode.com links.
fn is_leetcode_cn(query: &str) -> bool {
    let q = query.trim().to_ascii_lowercase();
    let rest = q.split_once("://").map_or(q.as_str(), |(_, r)| r);
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = host.rsplit('@').next().unwrap_or(host).split(':').next().unwrap_or("");
    host == "leetcode.cn" || host.ends_with(".leetcode.cn")
}

/// The problem's page on leetcode.cn: its link with the host changed, else built from the slug.
fn cn_link(p: &Problem) -> String {
    let link = p.link.as_deref().map(str::trim).unwrap_or("");
    for com in ["https://leetcode.com/", "http://leetcode.com/", "https://www.leetcode.com/"] {
        if let Some(path) = link.strip_prefix(com) {
            return format!("https://leetcode.cn/{path}");
        }
    }
    match p.slug.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(slug) => format!("https://leetcode.cn/problems/{}/", seg(slug)),
        None => link.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leetcode_cn_inputs_keep_their_site() {
        for q in
            ["https://leetcode.cn/problems/3sum/description/", "leetcode.cn/problems/3sum", "HTTPS://LeetCode.CN/x"]
        {
            assert!(is_leetcode_cn(q), "{q}");
        }
        for q in ["https://leetcode.com/problems/3sum/", "two-sum", "https://evil.example/leetcode.cn/"] {
            assert!(!is_leetcode_cn(q), "{q}");
        }
        let p = Problem { link: Some("https://leetcode.com/problems/3sum/".into()), ..Problem::default() };
        assert_eq!(cn_link(&p), "https://leetcode.cn/problems/3sum/");
        let p = Problem { slug: Some("3sum".into()), ..Problem::default() };
        assert_eq!(cn_link(&p), "https://leetcode.cn/problems/3sum/");
    }
}
