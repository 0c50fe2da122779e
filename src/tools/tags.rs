//! `list_tags`: the tag names of a platform, `GET /api/v1/tags/{source}`.

use serde_json::{Value, json};

use super::{Args, Ctx, Tool, ToolOutput, ToolResult, fetch, schema, seg};

pub const TOOL: Tool = Tool {
    name: "list_tags",
    title: "List a platform's tags",
    description: "List the topic tags used on one platform (lowercased, e.g. \"dynamic programming\", \"graph\"). \
Use it before search_problems to pick valid `tags`.",
    input_schema,
    output_schema,
    params: &["source"],
    call,
};

fn input_schema() -> Value {
    schema::load(include_str!("schemas/tags.input.json"))
}

fn output_schema() -> Value {
    schema::load(include_str!("schemas/tags.output.json"))
}

fn call(ctx: &Ctx, args: &Args) -> ToolResult {
    let source = args.req_str("source", "a platform such as \"leetcode\" or \"codeforces\"")?;
    let tags: Vec<String> = fetch(ctx, &format!("/api/v1/tags/{}", seg(source)))?.json()?;
    let text = if tags.is_empty() {
        String::new()
    } else {
        format!("Tags on {source} ({}): {}\n", tags.len(), tags.join(", "))
    };
    let mut out = ToolOutput::structured(text, json!({ "source": source, "tags": tags }));
    if tags.is_empty() {
        out.note(&format!("{source} has no tags on this backend."));
    }
    Ok(out)
}
