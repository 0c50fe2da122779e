//! `list_tags`: the tag names of a platform, `GET /api/v1/tags/{source}`.

use serde_json::{Value, json};

use super::{Args, Ctx, Tool, ToolOutput, ToolResult, fetch, schema, seg, sources};
use crate::format;

pub(crate) const TOOL: Tool = Tool {
    name: "list_tags",
    title: "List a platform's tags",
    description: "List the topic tags used on one platform (lowercased, e.g. \"dynamic programming\", \"graph\"). \
Use it before search_problems to pick valid `tags`. When a tag itself contains a comma, every tag is shown in \
double quotes; such a tag cannot be a search_problems filter (the backend splits that filter on commas).",
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
    let source = sources::required(args)?;
    let tags: Vec<String> = fetch(ctx, &format!("/api/v1/tags/{}", seg(source.as_str())))
        .map_err(|e| sources::explain(ctx, &source, e))?
        .json()?;
    let text = if tags.is_empty() {
        String::new()
    } else {
        format!("Tags on {source} ({}): {}\n", tags.len(), format::tag_list(&tags))
    };
    let with_comma: Vec<&String> = tags.iter().filter(|t| t.contains(',')).collect();
    let mut out = ToolOutput::structured(text, json!({ "source": source, "tags": tags }));
    if tags.is_empty() {
        out.note(&format!("{source} has no tags on this backend."));
    }
    if let Some(first) = with_comma.first() {
        out.note(&comma_note(first, with_comma.len()));
    }
    Ok(out)
}

/// Why a tag with a comma in it cannot be a search filter.
fn comma_note(example: &str, n: usize) -> String {
    let which = if n == 1 {
        format!("The tag {example:?} contains")
    } else {
        format!("{n} tags (such as {example:?}) contain")
    };
    format!(
        "{which} a comma, so it is quoted above and cannot be used as a search_problems `tags` filter: the backend \
splits that filter on commas. Use the other tags, or words of the title in `search`."
    )
}
