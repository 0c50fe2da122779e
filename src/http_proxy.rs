//! Requests to an `http://` backend through an HTTP proxy, sent in absolute form
//! (`GET http://host:port/path HTTP/1.1` to the proxy, RFC 9112 §3.2.2) as curl sends them.
//!
//! ureq 3 reaches every target through an HTTP proxy with a `CONNECT host:port` tunnel, and many
//! proxies (Squid's default configuration among them) refuse CONNECT to ports other than 443, so
//! an `http://` backend on port 80 or 8080 was unreachable through them. [`AbsoluteForm`] sits in
//! the connector chain before ureq's CONNECT connector: for an `http://` target and a plain-HTTP
//! proxy it opens the connection to the proxy itself and wraps it in a transport that writes each
//! request line in absolute form (adding `Proxy-Authorization` when the proxy URL has
//! credentials). Everything else (`https://` targets, SOCKS and HTTPS proxies) passes on to ureq's
//! own connectors unchanged. ureq still writes the request (its `Host` header is the target's),
//! applies the timeouts and pools the connection, so keep-alive, the body limit and our retries
//! and token rules are the same with or without a proxy.
//!
//! Shown by `tests/it/network.rs`:
//! `an_http_base_url_goes_to_an_http_proxy_in_absolute_form_and_https_keeps_connect` (a proxy
//! that refuses CONNECT to ports other than 443, as Squid does), and the unit tests below.

use std::fmt;
use std::io;

use ureq::Error;
use ureq::http::Uri;
use ureq::http::uri::Scheme;
use ureq::unversioned::transport::{
    Buffers, ConnectionDetails, Connector, Either, NextTimeout, TcpConnector, Transport,
};
use ureq::{Proxy, ProxyProtocol};

/// The connector: see the module documentation.
#[derive(Debug, Default)]
pub(crate) struct AbsoluteForm;

impl<In: Transport> Connector<In> for AbsoluteForm {
    type Out = Either<In, Box<dyn Transport>>;

    fn connect(&self, details: &ConnectionDetails, chained: Option<In>) -> Result<Option<Self::Out>, Error> {
        if let Some(transport) = chained {
            return Ok(Some(Either::A(transport)));
        }
        let Some(proxy) = details.config.proxy() else {
            return Ok(None);
        };
        let plain_http = details.uri.scheme() == Some(&Scheme::HTTP);
        if proxy.protocol() != ProxyProtocol::Http || !plain_http || proxy.is_no_proxy(details.uri) {
            return Ok(None);
        }
        let (Some(host), port) = (details.uri.host(), details.uri.port_u16().unwrap_or(80)) else {
            return Ok(None);
        };
        let proxy_uri: Uri = format!("http://{}:{}", bracketed(proxy.host()), proxy.port())
            .parse()
            .map_err(|_| Error::InvalidProxyUrl)?;
        let addrs = details.resolver.resolve(&proxy_uri, details.config, details.timeout)?;
        let to_proxy = ConnectionDetails {
            uri: &proxy_uri,
            addrs,
            config: details.config,
            request_level: details.request_level,
            resolver: details.resolver,
            now: details.now,
            timeout: details.timeout,
            current_time: details.current_time.clone(),
            run_connector: details.run_connector.clone(),
            register_shutdown: details.register_shutdown.clone(),
        };
        // The TCP connector only opens a socket to `addrs` (it reads no proxy setting).
        let Some(socket) = TcpConnector::default().connect(&to_proxy, None::<()>)? else {
            return Ok(None);
        };
        crate::debug!("absolute-form requests through the HTTP proxy to http://{host}:{port}");
        let transport = AbsoluteFormTransport {
            inner: Box::new(socket),
            origin: format!("http://{}:{port}", bracketed(host)).into_bytes(),
            auth: proxy_authorization(proxy).map(String::into_bytes).unwrap_or_default(),
            at_head: true,
        };
        Ok(Some(Either::B(Box::new(transport))))
    }
}

/// An IPv6 address in brackets, as a URI authority writes it; other hosts as they are.
fn bracketed(host: &str) -> String {
    if host.contains(':') && !host.starts_with('[') { format!("[{host}]") } else { host.to_string() }
}

/// The `Proxy-Authorization` header line (with its CRLF) for a proxy URL with credentials.
fn proxy_authorization(proxy: &Proxy) -> Option<String> {
    if proxy.username().is_none() && proxy.password().is_none() {
        return None;
    }
    let creds = format!("{}:{}", proxy.username().unwrap_or_default(), proxy.password().unwrap_or_default());
    Some(format!("Proxy-Authorization: Basic {}\r\n", base64(creds.as_bytes())))
}

/// Standard base64 with padding (RFC 4648 §4): the only encoding a proxy's Basic credentials need.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The connection to the proxy; rewrites the request line of each request ureq writes.
struct AbsoluteFormTransport {
    inner: Box<dyn Transport>,
    /// `http://host:port`, put before the origin-form target.
    origin: Vec<u8>,
    /// The `Proxy-Authorization` line, or empty.
    auth: Vec<u8>,
    /// Whether the next bytes written start a request (the previous ones ended a request head;
    /// our requests are GETs without a body).
    at_head: bool,
}

impl fmt::Debug for AbsoluteFormTransport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never the credentials.
        f.debug_struct("AbsoluteFormTransport").field("origin", &String::from_utf8_lossy(&self.origin)).finish()
    }
}

impl Transport for AbsoluteFormTransport {
    fn buffers(&mut self) -> &mut dyn Buffers {
        self.inner.buffers()
    }

    fn transmit_output(&mut self, amount: usize, timeout: NextTimeout) -> Result<(), Error> {
        let amount = if self.at_head { self.rewrite(amount)? } else { amount };
        self.at_head = self.inner.buffers().output()[..amount].ends_with(b"\r\n\r\n");
        self.inner.transmit_output(amount, timeout)
    }

    fn await_input(&mut self, timeout: NextTimeout) -> Result<bool, Error> {
        self.inner.await_input(timeout)
    }

    fn is_open(&mut self) -> bool {
        self.inner.is_open()
    }
}

impl AbsoluteFormTransport {
    /// Rewrites, in the output buffer, `GET /path HTTP/1.1\r\n` at its start into
    /// `GET http://host:port/path HTTP/1.1\r\n` followed by the `Proxy-Authorization` line;
    /// returns the new length. Bytes that do not start with an origin-form request line are left
    /// as they are.
    fn rewrite(&mut self, amount: usize) -> Result<usize, Error> {
        let (origin, auth) = (&self.origin, &self.auth);
        let out = self.inner.buffers().output();
        let Some(new_len) = absolute_form(out, amount, origin, auth) else {
            let e = io::Error::other("the request head does not fit the output buffer in absolute form");
            return Err(Error::Io(e));
        };
        Ok(new_len)
    }
}

/// The rewrite of [`AbsoluteFormTransport::rewrite`] on a buffer holding `amount` bytes: the new
/// length, or `None` when it would not fit.
fn absolute_form(out: &mut [u8], amount: usize, origin: &[u8], auth: &[u8]) -> Option<usize> {
    let head = &out[..amount];
    let Some(sp) = head.iter().position(|&b| b == b' ') else {
        return Some(amount);
    };
    let Some(line_end) = head.windows(2).position(|w| w == b"\r\n").map(|i| i + 2) else {
        return Some(amount);
    };
    if sp > line_end || head.get(sp + 1) != Some(&b'/') {
        return Some(amount);
    }
    let new_len = amount + origin.len() + auth.len();
    if new_len > out.len() {
        return None;
    }
    // Move the headers, then the target and version, then fill the two gaps.
    out.copy_within(line_end..amount, line_end + origin.len() + auth.len());
    out.copy_within(sp + 1..line_end, sp + 1 + origin.len());
    out[sp + 1..sp + 1 + origin.len()].copy_from_slice(origin);
    out[line_end + origin.len()..line_end + origin.len() + auth.len()].copy_from_slice(auth);
    Some(new_len)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewrite(head: &str, auth: &str, capacity: usize) -> Option<String> {
        let mut buf = vec![0u8; capacity];
        buf[..head.len()].copy_from_slice(head.as_bytes());
        let n = absolute_form(&mut buf, head.len(), b"http://oj.test:8080", auth.as_bytes())?;
        Some(String::from_utf8(buf[..n].to_vec()).unwrap())
    }

    #[test]
    fn request_lines_become_absolute_form() {
        let head = "GET /api/v1/problems/leetcode/1?x=1 HTTP/1.1\r\nhost: oj.test:8080\r\n\r\n";
        assert_eq!(
            rewrite(head, "", 200).unwrap(),
            "GET http://oj.test:8080/api/v1/problems/leetcode/1?x=1 HTTP/1.1\r\nhost: oj.test:8080\r\n\r\n"
        );
        let auth = "Proxy-Authorization: Basic dXNlcjpzM2NyZXQ=\r\n";
        assert_eq!(
            rewrite(head, auth, 200).unwrap(),
            format!(
                "GET http://oj.test:8080/api/v1/problems/leetcode/1?x=1 HTTP/1.1\r\n{auth}host: oj.test:8080\r\n\r\n"
            )
        );
        // Exactly full, and one byte short.
        let exact = head.len() + "http://oj.test:8080".len();
        assert!(rewrite(head, "", exact).is_some());
        assert!(rewrite(head, "", exact - 1).is_none());
        // Not an origin-form request line: untouched.
        for other in ["GET http://x/ HTTP/1.1\r\n\r\n", "partial", "GET /x", "\r\n GET /"] {
            assert_eq!(rewrite(other, auth, 200).unwrap(), other);
        }
    }

    #[test]
    fn base64_of_credentials() {
        for (raw, encoded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("user:s3cret", "dXNlcjpzM2NyZXQ="),
        ] {
            assert_eq!(base64(raw.as_bytes()), encoded, "{raw}");
        }
        assert_eq!(bracketed("::1"), "[::1]");
        assert_eq!(bracketed("[::1]"), "[::1]");
        assert_eq!(bracketed("proxy.example"), "proxy.example");
    }
}
