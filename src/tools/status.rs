//! `get_platform_status` (T5): per-platform counts, `GET /status` (needs the token).

use serde_json::{Value, json};

use super::{Args, Ctx, Tool, ToolOutput, ToolResult, fetch};
use crate::error::ToolError;
use crate::format;
use crate::models::Status;

pub const TOOL: Tool = Tool {
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
    json!({ "type": "object", "properties": {}, "additionalProperties": false })
}

fn output_schema() -> Value {
    let count = json!({ "type": "integer", "minimum": 0 });
    json!({
        "type": "object",
        "properties": {
            "version": { "type": "string", "description": "The backend's version." },
            "platforms": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "source": { "type": "string" },
                        "total": count,
                        "missing_content": count,
                        "not_embedded": count
                    },
                    "required": ["source", "total", "missing_content", "not_embedded"]
                }
            }
        },
        "required": ["version", "platforms"]
    })
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
    Ok(ToolOutput { text: format::status(&s), structured: Some(structured) })
}
