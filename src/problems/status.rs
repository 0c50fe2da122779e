//! `get_platform_status` (T5): per-platform counts, `GET /status` (needs the token).

use super::{Args, Ctx, ToolOutput, ToolResult, fetch};
use crate::error::ToolError;
use crate::format;
use crate::models::Status;

#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn call(ctx: &Ctx, _args: &Args) -> ToolResult {
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
