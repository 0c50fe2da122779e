//! `get_platform_status` (T5): per-platform counts, `GET /status` (needs the token).

use serde_json::{Value, json};

use super::{Args, Ctx, Tool, ToolOutput, ToolResult, fetch, schema};
use crate::error::ToolError;
use crate::format;
use crate::models::Status;

pub(crate) const TOOL: Tool = Tool {
    name: "get_platform_status",
    title: "Backend platform status",
    description: "Show which online judges the backend covers and how completely: for each platform the number \
of problems stored, how many lack a statement, and how many are not yet searchable by similarity. Use it to \
explain missing statements or empty similarity results. Needs the server's API token.",
    input_schema,
    output_schema,
    params: &[],
    call,
};

fn input_schema() -> Value {
    schema::load(include_str!("schemas/status.input.json"))
}

fn output_schema() -> Value {
    schema::load(include_str!("schemas/status.output.json"))
}

fn call(ctx: &Ctx, _args: &Args) -> ToolResult {
    if !ctx.client.has_token() {
        return Err(ToolError::Domain(
            "get_platform_status needs an API token, and none is configured. Set OJ_TOKEN (or pass --token) in \
this MCP server's configuration."
                .into(),
        ));
    }
    let s: Status = fetch(ctx, "/status")?.json()?;
    let structured = json!({ "version": s.version, "platforms": s.platforms });
    let mut out = ToolOutput::structured(format::status(&s), structured);
    if s.platforms.is_empty() {
        out.note(format::NO_PLATFORMS);
    }
    Ok(out)
}
