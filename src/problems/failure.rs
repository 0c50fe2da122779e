//! The text of a failed backend call: the status line (RFC 7807 problem details, or the body, or
//! the reason phrase) and what to do about it. Beside `fetch`, its one user, so that `format`
//! stays a layer of templates that knows nothing of HTTP.

use crate::client::HttpResponse;
use crate::models::ProblemDetails;

/// The standard reason phrase of a status code.
fn reason(code: u16) -> &'static str {
    match code {
        300 => "Multiple Choices",
        301 => "Moved Permanently",
        302 => "Found",
        303 => "See Other",
        304 => "Not Modified",
        307 => "Temporary Redirect",
        308 => "Permanent Redirect",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        410 => "Gone",
        413 => "Payload Too Large",
        414 => "URI Too Long",
        422 => "Unprocessable Entity",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "Unexpected Status",
    }
}

/// Longest slice of a non-RFC 7807 error body quoted in a message, in chars.
const ERROR_BODY_CHARS: usize = 500;

/// The message for an HTTP error status: `[{status}] {title}: {detail}` for RFC 7807 bodies,
/// `[{code}] {first 500 chars}` for other bodies, `[{code}] {reason phrase}` for empty ones.
fn http_error(code: u16, content_type: Option<&str>, body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    let text = text.trim();
    let is_json = content_type.is_some_and(|c| c.contains("json")) || text.starts_with('{');
    if is_json
        && let Ok(p) = serde_json::from_str::<ProblemDetails>(text)
        && (p.title.is_some() || p.detail.is_some())
    {
        let status = p.status.unwrap_or(code);
        let title = p.title.as_deref().unwrap_or(reason(code));
        return match p.detail.as_deref().filter(|d| !d.trim().is_empty()) {
            Some(d) => format!("[{status}] {title}: {d}"),
            None => format!("[{status}] {title}"),
        };
    }
    if text.is_empty() {
        return format!("[{code}] {}", reason(code));
    }
    let cut: String = text.chars().take(ERROR_BODY_CHARS).collect();
    format!("[{code}] {cut}")
}

/// The whole message for a failed backend call: `http_error`'s first line, then what to do
/// about it where the status says (a refused token, rate limiting, a failing backend).
pub(super) fn http_failure(resp: &HttpResponse) -> String {
    let mut msg = http_error(resp.status, resp.content_type.as_deref(), &resp.body);
    let advice = match (resp.status, resp.retry_after) {
        (401 | 403, _) => {
            "The backend refused the API token. Check OJ_TOKEN (or --token) in this MCP server's configuration."
                .to_string()
        }
        (429, Some(s)) => format!("The backend is rate limiting requests; try again in {s} seconds."),
        (429, None) => "The backend is rate limiting requests; wait a little before trying again.".to_string(),
        (500..=599, _) if resp.attempts > 1 => {
            format!("The backend failed {} attempts in a row; try again later.", resp.attempts)
        }
        (500..=599, _) => "The backend failed; trying again later may help.".to_string(),
        _ => return msg,
    };
    msg.push('\n');
    msg.push_str(&advice);
    msg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn http_error_texts() {
        let rfc = br#"{"type":"about:blank","title":"Not Found","status":404,"detail":"problem not found"}"#;
        assert_eq!(http_error(404, Some("application/problem+json"), rfc), "[404] Not Found: problem not found");
        assert_eq!(http_error(400, Some("text/plain; charset=utf-8"), b"Invalid URL"), "[400] Invalid URL");
        assert_eq!(http_error(405, None, b""), "[405] Method Not Allowed");
        let long = "é".repeat(800);
        let msg = http_error(502, Some("text/html"), long.as_bytes());
        assert_eq!(msg.chars().count(), "[502] ".len() + ERROR_BODY_CHARS);
        // A JSON body that is not problem details is quoted as text.
        assert_eq!(http_error(500, Some("application/json"), b"{\"x\":1}"), "[500] {\"x\":1}");
    }
}
