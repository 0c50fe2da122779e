//! `list_tags`: the tag names of a platform, `GET /api/v1/tags/{source}`.

use super::{Args, Ctx, ToolOutput, ToolResult, fetch, seg, sources};
use crate::format;

#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn call(ctx: &Ctx, args: &Args) -> ToolResult {
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
