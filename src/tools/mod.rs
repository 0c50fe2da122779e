//! The MCP tools feature: each tool's declaration (name, title, description, schemas, the
//! arguments it takes, its operation in `problems/`), the registry `tools/list` shows, and the
//! argument check before an operation runs. What a tool does is in `problems/`, which resources,
//! prompts and completions reach too, from the side.

pub(crate) mod schema;

use serde_json::{Value, json};

use crate::problems::{self, Args, Ctx, ToolResult};

/// One tool: its listing and its operation.
pub(crate) struct Tool {
    /// The tool's name.
    pub(crate) name: &'static str,
    /// A short human title.
    pub(crate) title: &'static str,
    /// What it does and when to use it, written for a model.
    pub(crate) description: &'static str,
    /// Its JSON Schema for `arguments`.
    pub(crate) input_schema: fn() -> Value,
    /// The JSON Schema of its `structuredContent` (an object).
    pub(crate) output_schema: fn() -> Value,
    /// The names of the arguments it takes (others are rejected).
    pub(crate) params: &'static [&'static str],
    /// The operation.
    pub(crate) call: fn(&Ctx, &Args) -> ToolResult,
}

/// Every tool, in the order `tools/list` shows them.
pub(crate) static TOOLS: &[Tool] = &[DAILY, PROBLEM, SIMILAR, RESOLVE, STATUS, SEARCH, TAGS];

/// The tool called `name`.
pub(crate) fn find(name: &str) -> Option<&'static Tool> {
    TOOLS.iter().find(|t| t.name == name)
}

impl Tool {
    /// The tool's entry in `tools/list`. `title`: whether the client's protocol version has
    /// `title` (2025-06-18 on); `output_schema`: whether to declare `outputSchema` (that version,
    /// unless `--structured-content off`); `annotations`: whether it has annotations (2025-03-26
    /// on).
    pub(crate) fn listing(&self, title: bool, output_schema: bool, annotations: bool) -> Value {
        let mut v = json!({
            "name": self.name,
            "description": self.description,
            "inputSchema": (self.input_schema)(),
        });
        if title {
            v["title"] = json!(self.title);
        }
        if output_schema {
            v["outputSchema"] = (self.output_schema)();
        }
        if annotations {
            v["annotations"] = json!({
                "title": self.title,
                "readOnlyHint": true,
                "destructiveHint": false,
                "idempotentHint": true,
                "openWorldHint": true,
            });
        }
        v
    }

    /// Validates the raw `arguments` and runs the operation.
    pub(crate) fn run(&self, ctx: &Ctx, arguments: Option<&Value>) -> ToolResult {
        let args = Args::new(arguments, self.params)?;
        (self.call)(ctx, &args)
    }
}

const DAILY: Tool = Tool {
    name: "get_daily_challenge",
    title: "LeetCode daily challenge",
    description: "Get the LeetCode daily challenge: title, difficulty, tags, link, acceptance rate and the full \
statement as Markdown. Use it when the user asks for today's LeetCode problem (or the daily problem of a past \
day). Defaults to today on leetcode.com; `domain: \"cn\"` gives leetcode.cn's daily problem, whose day follows \
China time (UTC+8), in Chinese unless `language: \"en\"`. If the backend is still fetching the problem, the answer \
says so and when to retry.",
    input_schema: || schema::load(include_str!("schemas/daily.input.json")),
    output_schema: || schema::load(include_str!("schemas/daily.output.json")),
    params: &["domain", "date", "language"],
    call: problems::daily::call,
};

const PROBLEM: Tool = Tool {
    name: "get_problem",
    title: "Get a problem",
    description: "Get one competitive-programming problem by platform and id: title, difficulty, tags, link, \
acceptance rate and the full statement as Markdown (TeX math kept as $…$). Use it when you know the platform \
and id, e.g. leetcode 1, codeforces 1920A, atcoder abc321_a, luogu P1001, spoj SP1. Ids are case-sensitive; \
LeetCode takes the numeric id, not the slug. For a URL or a slug use resolve_problem instead. `language: \"zh\"` \
gives LeetCode's Chinese statement (when a language is missing, the one that exists, with a note).",
    input_schema: || schema::load(include_str!("schemas/problem.input.json")),
    output_schema: || schema::load(include_str!("schemas/problem.output.json")),
    params: &["source", "id", "language"],
    call: problems::problem::call,
};

const SIMILAR: Tool = Tool {
    name: "find_similar_problems",
    title: "Find similar problems",
    description: "Find problems similar to a given one, across platforms, ranked by embedding similarity. Two \
modes: give `source` and `id` to find neighbours of that problem, or give `query` (3-2000 characters of free \
text, e.g. a statement or an idea such as \"shortest path with one free edge\") to search by meaning; `query` \
wins when both are given. Returns a table of source, id, title, difficulty, similarity and link; follow up with \
get_problem to read one.",
    input_schema: || schema::load(include_str!("schemas/similar.input.json")),
    output_schema: || schema::load(include_str!("schemas/similar.output.json")),
    params: &["source", "id", "query", "limit", "threshold", "source_filter"],
    call: problems::similar::call,
};

const RESOLVE: Tool = Tool {
    name: "resolve_problem",
    title: "Resolve a problem from a URL or name",
    description: "Find a problem from whatever the user gave: a problem URL (leetcode.com, leetcode.cn, \
codeforces.com, atcoder.jp, luogu.com.cn), a prefixed id (\"codeforces:1920A\", \"atcoder:abc321_a\"), a LeetCode \
slug (\"two-sum\") or a bare id (\"1920A\", \"P3371\", \"SP1\"). Returns the same Markdown as get_problem. Use it \
when the platform or id is not given separately.",
    input_schema: || schema::load(include_str!("schemas/resolve.input.json")),
    output_schema: || schema::load(include_str!("schemas/resolve.output.json")),
    params: &["query", "language"],
    call: problems::resolve::call,
};

const STATUS: Tool = Tool {
    name: "get_platform_status",
    title: "Backend platform status",
    description: "Show which online judges the backend covers and how completely: for each platform the number \
of problems stored, how many lack a statement, and how many are not yet searchable by similarity. Use it to \
explain missing statements or empty similarity results. Needs the server's API token.",
    input_schema: || schema::load(include_str!("schemas/status.input.json")),
    output_schema: || schema::load(include_str!("schemas/status.output.json")),
    params: &[],
    call: problems::status::call,
};

const SEARCH: Tool = Tool {
    name: "search_problems",
    title: "Search a platform's problems",
    description: "Browse and filter one platform's problems: by words in the title or id (`search`), \
`difficulty`, `tags` (any or all of them), and a rating range, sorted by id, difficulty, rating or acceptance \
rate. Returns a compact table (id, title, difficulty, rating, tags, link) one page at a time, and says how to \
get the next page. Use it to pick practice problems (\"hard graph problems on LeetCode\", \"Codeforces 1200-1400 \
greedy\"); use list_tags to see the tag names, and get_problem to read a statement. A tag that itself contains a \
comma (list_tags shows it in quotes) cannot be a `tags` filter: the backend splits the filter on commas.",
    input_schema: || schema::load(include_str!("schemas/search.input.json")),
    output_schema: || schema::load(include_str!("schemas/search.output.json")),
    params: &[
        "source",
        "search",
        "difficulty",
        "tags",
        "tag_mode",
        "rating_min",
        "rating_max",
        "sort_by",
        "sort_order",
        "page",
        "per_page",
    ],
    call: problems::search::call,
};

const TAGS: Tool = Tool {
    name: "list_tags",
    title: "List a platform's tags",
    description: "List the topic tags used on one platform (lowercased, e.g. \"dynamic programming\", \"graph\"). \
Use it before search_problems to pick valid `tags`. When a tag itself contains a comma, every tag is shown in \
double quotes; such a tag cannot be a search_problems filter (the backend splits that filter on commas).",
    input_schema: || schema::load(include_str!("schemas/tags.input.json")),
    output_schema: || schema::load(include_str!("schemas/tags.output.json")),
    params: &["source"],
    call: problems::tags::call,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tools_are_listed_in_order_with_object_schemas() {
        // The order on the wire is checked against mcpb/manifest.json by tests/it/wire.rs.
        let mut names: Vec<&str> = TOOLS.iter().map(|t| t.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), TOOLS.len(), "tool names are unique");
        for t in TOOLS {
            assert_eq!((t.output_schema)()["type"], "object", "{}", t.name);
            for s in [(t.input_schema)(), (t.output_schema)()] {
                assert!(!s.to_string().contains("\"@"), "{}: a fragment marker was left unexpanded", t.name);
            }
            let s = (t.input_schema)();
            assert_eq!(s["type"], "object", "{}", t.name);
            let props: Vec<&String> = s["properties"].as_object().unwrap().keys().collect();
            let mut params: Vec<&str> = t.params.to_vec();
            params.sort_unstable();
            let mut props: Vec<&str> = props.iter().map(|s| s.as_str()).collect();
            props.sort_unstable();
            assert_eq!(props, params, "{}: schema properties and accepted params differ", t.name);
        }
    }
}
