//! The HTTP client: one lazily built `ureq::Agent` with keep-alive, a body limit, a proxy chosen
//! from the environment, optional extra root certificates, and status codes returned rather than
//! raised (we classify them ourselves, RFC 7807 bodies included). On top of ureq: retries of
//! transient failures within the timeout, and redirects followed by hand so the token only ever
//! goes to the base URL's origin.
//!
//! URLs are parsed by `ureq::http::Uri` (scheme, host, port, path). What is still ours, and why:
//! - Redirects: ureq follows them itself, but would send the `Authorization` header we set to
//!   whatever origin a `Location` names; we follow them by hand and attach the token per hop,
//!   only to the base URL's origin (`tests/it/faults.rs`:
//!   `a_redirect_to_another_origin_drops_the_token`). `http::Uri` parses but cannot join a
//!   relative reference, so `resolve_location` joins it (RFC 3986 §5.2, with
//!   `remove_dot_segments`; `relative_locations_resolve_against_the_request_url`).
//! - `NO_PROXY`: ureq's own matching is an exact host, or `.example.com`/`*.example.com` for the
//!   subdomains only, without ports or trimming; curl's, which users expect, also lets
//!   `example.com` cover its subdomains and `host:port` name a port (`no_proxy_matches`;
//!   `tests/it/network.rs`: `no_proxy_entries_are_trimmed_and_match_domains_suffixes_ports_and_star`).

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use ureq::http::Uri;

use crate::cli::{BaseUrl, Config, ProxyEnv, redact};
use crate::error::ClientError;

/// Largest response body accepted, in bytes. A body of exactly this size is accepted.
const MAX_BODY_BYTES: u64 = 1024 * 1024;

/// Most redirects followed for one request.
const MAX_REDIRECTS: u32 = 5;

/// A response whose status we still have to judge.
#[derive(Debug, Clone)]
pub struct HttpResponse {
    /// The status code.
    pub(crate) status: u16,
    /// The `Content-Type` header, if any.
    pub(crate) content_type: Option<String>,
    /// `Retry-After`, when given in seconds.
    pub(crate) retry_after: Option<u64>,
    /// The body, at most [`MAX_BODY_BYTES`].
    pub(crate) body: Vec<u8>,
    /// How many attempts it took (1 without retries).
    pub(crate) attempts: u32,
}

/// The backend client. Cheap to create: the agent (TLS set-up, CA file) is built on first use.
pub struct Client {
    base: BaseUrl,
    /// The base URL's origin: the only one the token is sent to.
    base_origin: Option<String>,
    token: Option<String>,
    timeout: Duration,
    retries: u32,
    backoff: Duration,
    ca_file: Option<std::path::PathBuf>,
    proxy: Option<String>,
    /// Shared with the agent, so that a failed connection can make the next attempt look up again.
    resolver: crate::dns::Resolver,
    agent: OnceLock<Result<ureq::Agent, ClientError>>,
}

/// Whether a host is a loopback address (never proxied).
fn is_loopback(host: &str) -> bool {
    let h = host.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
    h == "localhost" || h.ends_with(".localhost") || h == "::1" || h.starts_with("127.")
}

/// `scheme` and host (both lowercase; an IPv6 host keeps its brackets) and port (the scheme's
/// default when none is written) of an absolute URL; `None` when `http::Uri` cannot parse it.
fn split_url(url: &str) -> Option<(String, String, u16)> {
    let uri: Uri = url.parse().ok()?;
    let scheme = uri.scheme_str()?.to_ascii_lowercase();
    let authority = uri.authority()?;
    let host = authority.host().to_ascii_lowercase();
    // A written port must be a `u16`: `http::Uri` accepts `h:99999` and then has no port for it.
    let written = authority.as_str().rsplit('@').next()?.get(authority.host().len()..)?;
    let port = match written.strip_prefix(':') {
        None | Some("") => {
            if scheme == "https" {
                443
            } else {
                80
            }
        }
        Some(p) => p.parse().ok()?,
    };
    Some((scheme, host, port))
}

/// The origin (`scheme://host:port`, ports made explicit) of an absolute URL.
fn origin_of(url: &str) -> Option<String> {
    split_url(url).map(|(s, h, p)| format!("{s}://{h}:{p}"))
}

/// Whether `NO_PROXY` exempts `host`: entries are trimmed; `*` matches everything; `example.com`
/// and `.example.com` match the domain and its subdomains; `host:port` entries match that port.
fn no_proxy_matches(entries: &[String], host: &str, port: u16) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
    entries.iter().any(|e| {
        let e = e.trim().to_ascii_lowercase();
        if e == "*" {
            return true;
        }
        let (name, want_port) = match e.rsplit_once(':') {
            Some((n, p)) if !n.contains(':') && p.parse::<u16>().is_ok() => (n.to_string(), p.parse::<u16>().ok()),
            _ => (e.clone(), None),
        };
        let name = name.trim_start_matches('[').trim_end_matches(']').trim_start_matches("*.").trim_start_matches('.');
        if name.is_empty() || want_port.is_some_and(|p| p != port) {
            return false;
        }
        host == name || host.ends_with(&format!(".{name}"))
    })
}

/// The proxy URL for requests to `base`, from the environment: none for loopback or a `NO_PROXY`
/// match; else `HTTPS_PROXY` (https) or `HTTP_PROXY` (http), then `ALL_PROXY`.
fn select_proxy(base: &BaseUrl, env: &ProxyEnv) -> Option<String> {
    let (scheme, host, port) = split_url(base.as_str())?;
    if is_loopback(&host) || no_proxy_matches(&env.no_proxy, &host, port) {
        return None;
    }
    let by_scheme = if scheme == "https" { &env.https } else { &env.http };
    by_scheme.clone().or_else(|| env.all.clone())
}

/// Resolves a `Location` header against the URL that answered with it (RFC 3986 §5.2: the
/// current URL taken apart by `http::Uri`, which has no join of its own).
fn resolve_location(current: &str, location: &str) -> Option<String> {
    let location = location.trim();
    if location.contains("://") {
        return Some(location.to_string());
    }
    let current: Uri = current.parse().ok()?;
    let scheme = current.scheme_str()?;
    if let Some(l) = location.strip_prefix("//") {
        return Some(format!("{scheme}://{l}"));
    }
    let origin = format!("{scheme}://{}", current.authority()?);
    let merged = if location.starts_with('/') {
        location.to_string()
    } else {
        let path = current.path();
        let dir = &path[..path.rfind('/').map_or(0, |i| i + 1)];
        let dir = if dir.is_empty() { "/" } else { dir };
        format!("{dir}{location}")
    };
    let (path, tail) = merged.split_at(merged.find(['?', '#']).unwrap_or(merged.len()));
    Some(format!("{origin}{}{tail}", remove_dot_segments(path)))
}

/// RFC 3986 §5.2.4: resolves `.` and `..` segments of an absolute path.
fn remove_dot_segments(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').skip(1).collect();
    for (i, seg) in segments.iter().enumerate() {
        let last = i + 1 == segments.len();
        match *seg {
            "." => {
                if last {
                    out.push("");
                }
            }
            ".." => {
                out.pop();
                if last {
                    out.push("");
                }
            }
            s => out.push(s),
        }
    }
    format!("/{}", out.join("/"))
}

/// Whether a failure is worth another attempt (the request may not have reached the backend, or
/// a gateway in front of it failed).
fn transient(e: &ClientError) -> bool {
    matches!(e, ClientError::Connect(_) | ClientError::Io(_))
}

/// Whether an I/O error from ureq is really a TLS failure: rustls reports a failed handshake or
/// an untrusted certificate as an `io::Error` wrapping a `rustls::Error`. The type is named
/// through ureq's own `Error::Rustls` variant, so rustls need not be a dependency of ours. A
/// certificate problem is not worth retrying.
fn is_tls_failure(io: &std::io::Error) -> bool {
    fn wraps<T: std::error::Error + 'static>(_variant: fn(T) -> ureq::Error, io: &std::io::Error) -> bool {
        io.get_ref().is_some_and(|inner| inner.is::<T>())
    }
    wraps(ureq::Error::Rustls, io)
}

enum Attempt {
    Done(HttpResponse),
    /// Worth another try: a transport error, or a 502/503/504 response (kept, to be returned as
    /// is when the retries run out).
    Retry(Result<HttpResponse, ClientError>),
    Fail(ClientError),
}

impl Client {
    /// A client for the configured backend.
    pub fn new(config: &Config) -> Client {
        let proxy = select_proxy(&config.base_url, &config.proxy);
        if let Some(p) = &proxy {
            crate::info!("using proxy {}", redact(p));
        }
        Client {
            base: config.base_url.clone(),
            base_origin: origin_of(config.base_url.as_str()),
            token: config.token.clone(),
            timeout: config.timeout,
            retries: config.retries,
            backoff: config.retry_backoff,
            ca_file: config.ca_file.clone(),
            proxy,
            resolver: crate::dns::Resolver::default(),
            agent: OnceLock::new(),
        }
    }

    /// Whether a token is configured.
    pub(crate) fn has_token(&self) -> bool {
        self.token.is_some()
    }

    fn agent(&self) -> Result<&ureq::Agent, ClientError> {
        self.agent.get_or_init(|| self.build_agent()).as_ref().map_err(Clone::clone)
    }

    fn build_agent(&self) -> Result<ureq::Agent, ClientError> {
        let mut builder = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .timeout_global(Some(self.timeout))
            .user_agent(concat!("oj-mcp-rs/", env!("CARGO_PKG_VERSION")))
            .accept("application/json")
            .max_idle_connections_per_host(8)
            // A connection's two buffers are zero-filled whole when it opens and kept with it in
            // the pool: ureq's 128 KiB each were 256 KB of the process's memory (a tenth of its
            // peak RSS) for requests of a few hundred bytes and responses read in pieces anyway.
            // The input buffer also bounds a response's head.
            .input_buffer_size(BUFFER_IN)
            .max_response_header_size(BUFFER_IN / 2)
            .output_buffer_size(BUFFER_OUT);
        builder = match &self.proxy {
            None => builder.proxy(None),
            Some(p) => {
                let proxy = ureq::Proxy::new(p)
                    .map_err(|e| ClientError::Connect(format!("invalid proxy {}: {e}", redact(p))))?;
                builder.proxy(Some(proxy))
            }
        };
        // Roots matter only for TLS: a stale SSL_CERT_FILE, or no CA bundle, must not break an
        // http backend.
        if self.base.as_str().starts_with("https://")
            && let Some(tls) = tls_roots(self.ca_file.as_deref(), SYSTEM_BUNDLES)?
        {
            builder = builder.tls_config(tls);
        }
        Ok(ureq::Agent::with_parts(builder.build(), connector(), self.resolver.clone()))
    }

    /// `GET` of `path_and_query` (starting with `/`) under the base URL, with retries of transient
    /// failures and HTTP 502/503/504, all within the timeout.
    #[cfg_attr(oj_size, optimize(size))]
    pub(crate) fn get(&self, path_and_query: &str) -> Result<HttpResponse, ClientError> {
        let agent = self.agent()?;
        let deadline = Instant::now() + self.timeout;
        let url = self.base.join(path_and_query);
        let mut attempt = 1;
        loop {
            let failed = match self.attempt(agent, &url, deadline) {
                Attempt::Done(mut r) => {
                    r.attempts = attempt;
                    return Ok(r);
                }
                Attempt::Fail(e) => return Err(e),
                Attempt::Retry(failed) => failed,
            };
            // Exponential backoff, or the server's Retry-After, within what is left of the timeout.
            let backoff = self.backoff.saturating_mul(1 << (attempt - 1).min(16));
            let after = failed.as_ref().ok().and_then(|r| r.retry_after);
            let wait = after.map_or(backoff, |s| Duration::from_secs(s).max(backoff));
            if attempt > self.retries || Instant::now() + wait >= deadline {
                return match failed {
                    Ok(mut r) => {
                        r.attempts = attempt;
                        Ok(r)
                    }
                    Err(e) if attempt > 1 => Err(ClientError::Retried(Box::new(e), attempt)),
                    Err(e) => Err(e),
                };
            }
            crate::debug!("attempt {attempt} failed; retrying in {} ms", wait.as_millis());
            std::thread::sleep(wait);
            attempt += 1;
        }
    }

    fn attempt(&self, agent: &ureq::Agent, url: &str, deadline: Instant) -> Attempt {
        match self.follow(agent, url, deadline) {
            Ok(r) if matches!(r.status, 502..=504) => Attempt::Retry(Ok(r)),
            Ok(r) => Attempt::Done(r),
            Err(e) if transient(&e) => {
                // The host may have moved: the next attempt looks its name up again.
                self.resolver.forget();
                Attempt::Retry(Err(e))
            }
            Err(e) => Attempt::Fail(e),
        }
    }

    /// One request, following up to [`MAX_REDIRECTS`] redirects by hand.
    #[cfg_attr(oj_size, optimize(size))]
    fn follow(&self, agent: &ureq::Agent, first: &str, deadline: Instant) -> Result<HttpResponse, ClientError> {
        let mut url = first.to_string();
        for _ in 0..=MAX_REDIRECTS {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(ClientError::Timeout(self.timeout));
            }
            crate::debug!("GET {}", redact(&url));
            let mut req = agent.get(&url).config().timeout_global(Some(left)).build();
            // The token goes only to the base URL's own origin, never along a redirect elsewhere.
            if let Some(token) = self.token.as_ref().filter(|_| origin_of(&url) == self.base_origin) {
                req = req.header("Authorization", &format!("Bearer {token}"));
            }
            let mut resp = req.call().map_err(|e| self.convert(e))?;
            let status = resp.status().as_u16();
            let header = |name: &str| resp.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
            if matches!(status, 301 | 302 | 303 | 307 | 308)
                && let Some(next) = header("location").and_then(|l| resolve_location(&url, &l))
            {
                crate::debug!("-> {status}, redirected to {}", redact(&next));
                url = next;
                continue;
            }
            let content_type = header("content-type");
            let retry_after = header("retry-after").and_then(|v| v.trim().parse::<u64>().ok());
            // ureq's limit rejects a body of exactly `limit` bytes: allow one more.
            let body =
                resp.body_mut().with_config().limit(MAX_BODY_BYTES + 1).read_to_vec().map_err(|e| self.convert(e))?;
            if body.len() as u64 > MAX_BODY_BYTES {
                return Err(ClientError::TooLarge(MAX_BODY_BYTES));
            }
            crate::debug!("-> {status} ({} bytes)", body.len());
            return Ok(HttpResponse { status, content_type, retry_after, body, attempts: 1 });
        }
        Err(ClientError::Protocol(format!("more than {MAX_REDIRECTS} redirects")))
    }

    fn convert(&self, e: ureq::Error) -> ClientError {
        use std::io::ErrorKind;
        let base = &self.base;
        match e {
            ureq::Error::Timeout(_) => ClientError::Timeout(self.timeout),
            ureq::Error::BodyExceedsLimit(_) => ClientError::TooLarge(MAX_BODY_BYTES),
            ureq::Error::HostNotFound => ClientError::Connect(format!("host not found ({base})")),
            ureq::Error::ConnectionFailed => ClientError::Connect(format!("connection failed ({base})")),
            ureq::Error::Io(io) => match io.kind() {
                ErrorKind::TimedOut | ErrorKind::WouldBlock => ClientError::Timeout(self.timeout),
                ErrorKind::ConnectionRefused => ClientError::Connect(format!("connection refused ({base})")),
                _ if is_tls_failure(&io) => ClientError::Tls(io.to_string()),
                _ => ClientError::Io(io.to_string()),
            },
            ureq::Error::Tls(why) => ClientError::Tls(why.to_string()),
            ureq::Error::Rustls(e) => ClientError::Tls(e.to_string()),
            ureq::Error::TooManyRedirects => ClientError::Protocol("too many redirects".into()),
            ureq::Error::Protocol(e) => ClientError::Protocol(e.to_string()),
            ureq::Error::InvalidProxyUrl => ClientError::Connect("invalid proxy URL".into()),
            ureq::Error::ConnectProxyFailed(why) => ClientError::ProxyRefused(why),
            other => ClientError::Io(other.to_string()),
        }
    }
}

/// The size of a connection's input buffer: what one read can take of a response, and twice the
/// longest head of a response that is accepted (16 KiB; a backend's is a few hundred bytes).
const BUFFER_IN: usize = 32 * 1024;
/// The size of a connection's output buffer: the longest request head (a URL with its query and
/// the headers) that can be sent.
const BUFFER_OUT: usize = 16 * 1024;

/// ureq's default connector chain (SOCKS, CONNECT, TCP, rustls) with [`AbsoluteForm`] before its
/// CONNECT step: an `http://` backend behind an HTTP proxy gets absolute-form requests, not a
/// CONNECT tunnel that many proxies refuse for ports other than 443.
///
/// [`AbsoluteForm`]: crate::http_proxy::AbsoluteForm
fn connector() -> impl ureq::unversioned::transport::Connector {
    use ureq::unversioned::transport::{
        ConnectProxyConnector, Connector, RustlsConnector, SocksConnector, TcpConnector,
    };
    ().chain(SocksConnector::default())
        .chain(crate::http_proxy::AbsoluteForm)
        .chain(ConnectProxyConnector::default())
        .chain(TcpConnector::default())
        .chain(RustlsConnector::default())
}

/// The system's CA bundle: the first of these files that exists (Go's list for Linux; the last is
/// also macOS's).
const SYSTEM_BUNDLES: &[&str] = &[
    "/etc/ssl/certs/ca-certificates.crt", // Debian, Ubuntu, Arch, Gentoo, Alpine
    "/etc/pki/tls/certs/ca-bundle.crt",   // Fedora, RHEL
    "/etc/ssl/ca-bundle.pem",             // openSUSE
    "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem", // CentOS, RHEL 7
    "/etc/ssl/cert.pem",                  // Alpine, macOS
];

/// The TLS settings for an `https` backend: the PEM certificates of `extra` (`--ca-file`,
/// `SSL_CERT_FILE`) plus the system's bundle. On Linux the bundle is the only source of roots (the
/// binary carries none: 61 KB, and the bundle is what the machine's administrator trusts, a
/// corporate proxy's CA included), so a machine without one gets an error that says what to
/// install. Elsewhere, with no `extra`, `None`: ureq's bundled Mozilla roots (ureq cannot add
/// certificates to them, which it holds as trust anchors only, so with `extra` the system's
/// bundle stands in for them where there is one).
fn tls_roots(extra: Option<&std::path::Path>, bundles: &[&str]) -> Result<Option<ureq::tls::TlsConfig>, ClientError> {
    use ureq::tls::{PemItem, RootCerts, TlsConfig, parse_pem};
    if extra.is_none() && !cfg!(target_os = "linux") {
        return Ok(None);
    }
    let certificates = |pem: &[u8]| -> Vec<ureq::tls::Certificate<'static>> {
        parse_pem(pem)
            .filter_map(|item| match item {
                Ok(PemItem::Certificate(c)) => Some(c.to_owned()),
                _ => None,
            })
            .collect()
    };
    let mut certs = Vec::new();
    if let Some(path) = extra {
        let pem = std::fs::read(path)
            .map_err(|e| ClientError::Connect(format!("cannot read CA file {}: {e}", path.display())))?;
        certs = certificates(&pem);
        if certs.is_empty() {
            return Err(ClientError::Connect(format!("no PEM certificates in CA file {}", path.display())));
        }
    }
    let added = certs.len();
    let system = bundles.iter().map(std::path::Path::new).filter(|p| Some(*p) != extra);
    let bundle = system.filter_map(|p| std::fs::read(p).ok().map(|pem| (p, pem))).next();
    if let Some((path, pem)) = &bundle {
        certs.extend(certificates(pem));
        crate::debug!("{} system roots from {}", certs.len() - added, path.display());
    }
    if certs.is_empty() {
        return Err(ClientError::Tls(format!(
            "no CA certificates to check the backend's certificate against: none of {} exists (install \
the ca-certificates package)",
            bundles.join(", ")
        )));
    }
    if let Some(path) = extra {
        crate::info!(
            "trusting {added} certificate(s) from {} (and {} system roots)",
            path.display(),
            certs.len() - added
        );
    }
    Ok(Some(TlsConfig::builder().root_certs(RootCerts::new_with_certs(&certs)).build()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base(s: &str) -> BaseUrl {
        BaseUrl::parse(s).unwrap()
    }

    #[test]
    fn origins() {
        assert_eq!(origin_of("https://H.example/x").as_deref(), Some("https://h.example:443"));
        assert_eq!(origin_of("http://h:8080?q").as_deref(), Some("http://h:8080"));
        assert_eq!(origin_of("http://u:p@h/").as_deref(), Some("http://h:80"));
        assert_eq!(origin_of("http://[::1]:9/x").as_deref(), Some("http://[::1]:9"));
        assert_ne!(origin_of("https://h/"), origin_of("http://h/"));
        assert_eq!(origin_of("HTTP://H:80"), origin_of("http://h/"), "scheme and host compare without case");
        for bad in ["h/x", "http://h:99999/", "http://h:x/", "http://[::1/", "http:// h/"] {
            assert_eq!(origin_of(bad), None, "{bad}");
        }
    }

    #[test]
    fn locations_resolve() {
        let cur = "http://h:1/api/v1/problems/leetcode/1";
        assert_eq!(resolve_location(cur, "/x").unwrap(), "http://h:1/x");
        assert_eq!(resolve_location(cur, "2").unwrap(), "http://h:1/api/v1/problems/leetcode/2");
        assert_eq!(resolve_location(cur, "https://o/y").unwrap(), "https://o/y");
        assert_eq!(resolve_location(cur, "//o/y").unwrap(), "http://o/y");
        assert_eq!(resolve_location(cur, "./2").unwrap(), "http://h:1/api/v1/problems/leetcode/2");
        assert_eq!(resolve_location(cur, "../atcoder/x?a=1").unwrap(), "http://h:1/api/v1/problems/atcoder/x?a=1");
        assert_eq!(resolve_location(cur, "/a/b/../c/./d").unwrap(), "http://h:1/a/c/d");
        assert_eq!(resolve_location(cur, "/../../x").unwrap(), "http://h:1/x");
        assert_eq!(resolve_location(cur, "/a/b/..").unwrap(), "http://h:1/a/");
    }

    #[test]
    fn proxy_selection() {
        let env = ProxyEnv {
            https: Some("http://sp:1".into()),
            http: Some("http://hp:1".into()),
            all: Some("socks5://all:1080".into()),
            no_proxy: vec![".corp.example".into(), "exact.example:8443".into()],
        };
        assert_eq!(select_proxy(&base("https://api.example"), &env).as_deref(), Some("http://sp:1"));
        assert_eq!(select_proxy(&base("http://api.example"), &env).as_deref(), Some("http://hp:1"));
        assert_eq!(select_proxy(&base("http://127.0.0.1:8080"), &env), None);
        assert_eq!(select_proxy(&base("http://localhost"), &env), None);
        assert_eq!(select_proxy(&base("http://[::1]:3000"), &env), None);
        assert_eq!(select_proxy(&base("https://oj.corp.example"), &env), None);
        assert_eq!(select_proxy(&base("https://corp.example"), &env), None);
        assert_eq!(select_proxy(&base("https://exact.example:8443"), &env), None);
        assert!(select_proxy(&base("https://exact.example"), &env).is_some());
        assert!(select_proxy(&base("https://notcorp.example"), &env).is_some());
        let only_all = ProxyEnv { all: Some("socks5://s:1".into()), ..ProxyEnv::default() };
        assert_eq!(select_proxy(&base("https://x.example"), &only_all).as_deref(), Some("socks5://s:1"));
        let star = ProxyEnv { no_proxy: vec!["*".into()], ..env };
        assert_eq!(select_proxy(&base("https://x.example"), &star), None);
    }

    #[test]
    fn roots_come_from_the_first_system_bundle_and_a_machine_without_one_is_told_what_to_install() {
        let dir = std::env::temp_dir().join(format!("oj-client-roots-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pem = dir.join("bundle.pem");
        // Framing only: the certificates are parsed when a connection is checked, not here.
        let block = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
        std::fs::write(&pem, block.repeat(2)).unwrap();
        let missing = dir.join("missing.pem");
        let (pem_s, missing_s) = (pem.to_str().unwrap(), missing.to_str().unwrap());

        let none = tls_roots(None, &[missing_s]);
        if cfg!(target_os = "linux") {
            let e = none.expect_err("no roots at all");
            assert!(matches!(e, ClientError::Tls(_)), "{e:?}");
            let msg = e.to_string();
            assert!(
                msg.contains(missing_s) && msg.contains("ca-certificates") && msg.contains("SSL_CERT_FILE"),
                "{msg}"
            );
            assert!(tls_roots(None, &[missing_s, pem_s]).unwrap().is_some());
        } else {
            assert!(none.unwrap().is_none(), "the bundled roots");
        }
        // An extra file is enough on its own, and is not read twice when it is also the bundle.
        assert!(tls_roots(Some(&pem), &[pem_s]).unwrap().is_some());
        let e = tls_roots(Some(&missing), &[pem_s]).expect_err("a missing CA file");
        assert!(e.to_string().contains("cannot read CA file"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
