//! The error enums at the server's two boundaries: the backend ([`ClientError`], from `client.rs`)
//! and a tool call (`ToolError`, which decides between an `isError` result and a JSON-RPC error).

use std::fmt;
use std::time::Duration;

/// Why a backend call produced no usable HTTP response. `ureq::Error` is converted into this inside
/// `client.rs` and never leaks further.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientError {
    /// The connection could not be made: refused, unknown host, TLS failure.
    Connect(String),
    /// The whole call took longer than the configured timeout.
    Timeout(Duration),
    /// The response body was larger than the limit (in bytes).
    TooLarge(u64),
    /// The connection broke while the request or response was in flight.
    Io(String),
    /// The backend did not speak HTTP, or redirected too often.
    Protocol(String),
    /// TLS failed: an untrusted or invalid certificate, a failed handshake. Not retried.
    Tls(String),
    /// The HTTP proxy refused to open a `CONNECT` tunnel to the backend (an `https://` backend;
    /// many proxies allow CONNECT to port 443 only). Not retried.
    ProxyRefused(String),
    /// The last of several attempts failed with this error.
    Retried(Box<ClientError>, u32),
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Connect(why) => write!(f, "cannot connect to the backend: {why}"),
            ClientError::Timeout(d) => {
                write!(f, "the backend did not answer within {} s", d.as_secs())
            }
            ClientError::TooLarge(n) => {
                write!(f, "the backend's response is larger than {} KiB", n / 1024)
            }
            ClientError::Io(why) => write!(f, "the connection to the backend failed: {why}"),
            ClientError::Protocol(why) => {
                write!(f, "the backend's answer is not usable HTTP: {why}")
            }
            ClientError::Tls(why) => write!(
                f,
                "TLS with the backend failed: {why} (behind a TLS-intercepting proxy? set SSL_CERT_FILE to its CA)"
            ),
            ClientError::ProxyRefused(why) => write!(
                f,
                "the HTTP proxy refused to tunnel to the backend ({why}); a proxy that allows CONNECT only to \
port 443 (Squid's default) must allow the backend's port, or list the backend's host in NO_PROXY"
            ),
            ClientError::Retried(e, n) => write!(f, "{e} (after {n} attempts)"),
        }
    }
}

impl std::error::Error for ClientError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ClientError::Retried(last, _) => Some(&**last),
            _ => None,
        }
    }
}

/// How a tool call failed: the variant decides between an `isError` result the model reads and a
/// JSON-RPC error (ARCHITECTURE.md, "Error split").
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ToolError {
    /// Something else the model should read and react to (an unrecognised URL, a missing token,
    /// a source the backend does not serve). Becomes a result with `isError: true`.
    Domain(String),
    /// A tool argument the tool itself rejects, before any request ("Invalid arguments: …").
    /// Becomes a result with `isError: true`.
    Args(String),
    /// The backend answered with an HTTP error status (4xx/5xx): the status, and the message for
    /// the model. Becomes a result with `isError: true`; callers decide by the status, never by
    /// the text.
    Http(u16, String),
    /// The backend is unreachable or answered garbage (network failure, invalid JSON, non-UTF-8
    /// or oversized body). Becomes a JSON-RPC error (`-32603`).
    Protocol(String),
}

impl From<ClientError> for ToolError {
    fn from(e: ClientError) -> ToolError {
        ToolError::Protocol(e.to_string())
    }
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToolError::Domain(s) | ToolError::Args(s) | ToolError::Http(_, s) | ToolError::Protocol(s) => {
                f.write_str(s)
            }
        }
    }
}

impl std::error::Error for ToolError {}
