//! The HTTP client: one lazily built `ureq::Agent` with a timeout, a body limit, keep-alive, and
//! status codes returned rather than raised (we classify them ourselves, RFC 7807 bodies included).

use std::sync::OnceLock;
use std::time::Duration;

use crate::cli::{BaseUrl, Config};
use crate::error::ClientError;

/// Largest response body accepted, in bytes. A body of exactly this size is accepted.
pub const MAX_BODY_BYTES: u64 = 1024 * 1024;

/// A response whose status we still have to judge.
#[derive(Debug, Clone)]
pub struct HttpResponse {
    /// The status code.
    pub status: u16,
    /// The `Content-Type` header, if any.
    pub content_type: Option<String>,
    /// The body, at most [`MAX_BODY_BYTES`].
    pub body: Vec<u8>,
}

/// The backend client. Cheap to create: the agent (and its TLS set-up) is built on first use.
pub struct Client {
    base: BaseUrl,
    token: Option<String>,
    timeout: Duration,
    agent: OnceLock<ureq::Agent>,
}

impl Client {
    /// A client for the configured backend.
    pub fn new(config: &Config) -> Client {
        Client {
            base: config.base_url.clone(),
            token: config.token.clone(),
            timeout: config.timeout,
            agent: OnceLock::new(),
        }
    }

    /// Whether a token is configured.
    pub fn has_token(&self) -> bool {
        self.token.is_some()
    }

    fn agent(&self) -> &ureq::Agent {
        self.agent.get_or_init(|| {
            ureq::Agent::config_builder()
                .http_status_as_error(false)
                .timeout_global(Some(self.timeout))
                .timeout_connect(Some(self.timeout.min(Duration::from_secs(10))))
                .user_agent(concat!("oj-mcp-rs/", env!("CARGO_PKG_VERSION")))
                .accept("application/json")
                .max_idle_connections_per_host(4)
                .build()
                .new_agent()
        })
    }

    /// `GET` of `path_and_query` (starting with `/`) under the base URL.
    pub fn get(&self, path_and_query: &str) -> Result<HttpResponse, ClientError> {
        let url = self.base.join(path_and_query);
        crate::debug!("GET {}", crate::cli::redact(&url));
        let mut req = self.agent().get(&url);
        if let Some(token) = &self.token {
            req = req.header("Authorization", &format!("Bearer {token}"));
        }
        let mut resp = req.call().map_err(|e| self.convert(e))?;
        let status = resp.status().as_u16();
        let content_type = resp
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        // ureq's limit rejects a body of exactly `limit` bytes: allow one more.
        let body = resp
            .body_mut()
            .with_config()
            .limit(MAX_BODY_BYTES + 1)
            .read_to_vec()
            .map_err(|e| self.convert(e))?;
        if body.len() as u64 > MAX_BODY_BYTES {
            return Err(ClientError::TooLarge(MAX_BODY_BYTES));
        }
        crate::debug!("-> {status} ({} bytes)", body.len());
        Ok(HttpResponse {
            status,
            content_type,
            body,
        })
    }

    fn convert(&self, e: ureq::Error) -> ClientError {
        use std::io::ErrorKind;
        match e {
            ureq::Error::Timeout(_) => ClientError::Timeout(self.timeout),
            ureq::Error::BodyExceedsLimit(_) => ClientError::TooLarge(MAX_BODY_BYTES),
            ureq::Error::HostNotFound => {
                ClientError::Connect(format!("host not found ({})", self.base))
            }
            ureq::Error::ConnectionFailed => {
                ClientError::Connect(format!("connection failed ({})", self.base))
            }
            ureq::Error::Io(io) => match io.kind() {
                ErrorKind::TimedOut | ErrorKind::WouldBlock => ClientError::Timeout(self.timeout),
                ErrorKind::ConnectionRefused => {
                    ClientError::Connect(format!("connection refused ({})", self.base))
                }
                _ => ClientError::Io(io.to_string()),
            },
            ureq::Error::Tls(why) => ClientError::Connect(format!("TLS: {why}")),
            ureq::Error::Rustls(e) => ClientError::Connect(format!("TLS: {e}")),
            ureq::Error::TooManyRedirects => ClientError::Protocol("too many redirects".into()),
            ureq::Error::Protocol(e) => ClientError::Protocol(e.to_string()),
            other => ClientError::Io(other.to_string()),
        }
    }
}
