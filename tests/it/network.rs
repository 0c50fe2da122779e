//! The server on the network and under concurrency: path segments that cannot escape (a property
//! test), proxies from the environment through real local proxies, extra root certificates with an
//! HTTPS fixture and a CA made at test time, tool calls on worker threads, cancellation, progress,
//! and prompt exits (stdin EOF, SIGTERM/SIGINT/SIGHUP, Ctrl-C on Windows, a closed stdout).

use std::io::{Read, Write};
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::backend::{self, Backend, Reply};
use crate::harness::{self, LATE_UTC, Opts, Server, TOKEN};
use crate::proxies::{self, Https, Proxy, TempDir, wait_until};
use crate::util::{assert_serving, rpc_error, setup};

/// JSON-RPC "Internal error", what a transport failure of a tool call becomes.
const INTERNAL_ERROR: i64 = -32603;

/// How long to wait for something that normally takes milliseconds.
const SOON: Duration = Duration::from_secs(10);

fn two_sum() -> Value {
    json!({"source": "leetcode", "id": "1"})
}

/// A server against `base` with the fixture token, the pinned clock and `env`.
fn server(base: &str, env: &[(&'static str, &str)], args: Vec<&str>) -> Server {
    let mut all = vec![("OJ_MCP_NOW", LATE_UTC.to_string())];
    all.extend(env.iter().map(|(k, v)| (*k, v.to_string())));
    let mut s = Server::with(Opts { base_url: Some(base), env: all, args, ..Opts::default() });
    s.initialize("2025-11-25");
    s
}

// ---------------------------------------------------------------------------------------------
// Path segments (property test)

/// xorshift64*: a tiny deterministic PRNG, so a failure names a seed that reproduces it.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Characters that mean something in a URL or a path, white space, and non-ASCII.
const ALPHABET: &[char] = &[
    '/', '/', '.', '.', '.', '%', '%', '?', '#', '&', '=', '+', ' ', ' ', '\\', ';', ':', '@', '!', '$', '\'', '(',
    '*', ',', '[', ']', '~', '-', '_', '"', '<', '>', '^', '`', '{', '|', '\t', '\n', '\u{0}', '\u{7f}', 'a', 'Z', '0',
    '9', 'é', 'ß', '漢', '🙂', '\u{a0}', '\u{200b}', '\u{2028}', 'A', '2', 'F',
];

/// Strings built to probe the encoder: dot segments, encoded-looking triplets, separators.
fn arbitrary(rng: &mut Rng) -> String {
    const PIECES: &[&str] = &[".", "..", "../", "%2F", "%2e%2e", "%", "%zz", "?x=1", "#frag", "//", "\\..\\", " ", "+"];
    match rng.below(10) {
        0 => [".", "..", " .. ", "...", "%2E"][rng.below(5)].to_string(),
        1..=3 => (0..1 + rng.below(4)).map(|_| PIECES[rng.below(PIECES.len())]).collect(),
        _ => (0..rng.below(12)).map(|_| ALPHABET[rng.below(ALPHABET.len())]).collect(),
    }
}

/// Percent-decodes a segment, checking it holds only unreserved characters and `%XX` triplets.
fn decode_segment(seg: &str) -> Result<String, String> {
    let b = seg.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let hex = seg.get(i + 1..i + 3).ok_or("a truncated %XX")?;
                out.push(u8::from_str_radix(hex, 16).map_err(|_| format!("bad escape %{hex}"))?);
                i += 3;
            }
            c if c.is_ascii_alphanumeric() || b"-._~".contains(&c) => {
                out.push(c);
                i += 1;
            }
            c => return Err(format!("a raw {:?} in the segment", c as char)),
        }
    }
    String::from_utf8(out).map_err(|_| "not UTF-8 once decoded".to_string())
}

#[test]
fn path_segments_never_escape_their_place_property() {
    const PREFIX: &str = "/api/v1/problems/";
    const CASES: usize = 400;
    let (b, mut s) = setup();
    let seed = 0x0a11_ce5e_ed5e_9e17;
    let mut rng = Rng(seed);
    let mut sent = 0;
    for case in 0..CASES {
        let (source, id) = (arbitrary(&mut rng), arbitrary(&mut rng));
        let what = format!("case {case} (seed {seed:#x}): source {source:?}, id {id:?}");
        let reply = s.call("get_problem", json!({"source": source, "id": id}));
        // An unknown source's error names the valid ones, which the server asks `/status` for once.
        let targets: Vec<String> =
            b.requests().into_iter().map(|r| r.target).filter(|t| t.as_str() != "/status").collect();
        b.clear();
        if source.trim().is_empty() || id.trim().is_empty() {
            assert_eq!(reply["result"]["isError"], json!(true), "{what}: {reply}");
            assert!(targets.is_empty(), "{what}: a blank argument made a request: {targets:?}");
            continue;
        }
        sent += 1;
        assert!(reply.get("result").is_some(), "{what}: {reply}");
        assert_eq!(targets.len(), 1, "{what}: {targets:?}");
        let target = &targets[0];
        let rest = target.strip_prefix(PREFIX).unwrap_or_else(|| panic!("{what}: target {target:?}"));
        assert!(!target.contains(['?', '#']), "{what}: query or fragment in {target:?}");
        let segments: Vec<&str> = rest.split('/').collect();
        assert_eq!(segments.len(), 2, "{what}: {target:?} does not have exactly two segments");
        // The source is sent lower-cased (the backend's platforms are), the id as given.
        for (seg, input) in segments.iter().zip([source.trim().to_lowercase(), id.trim().to_string()]) {
            assert!(!seg.is_empty() && *seg != "." && *seg != "..", "{what}: dot or empty segment in {target:?}");
            let decoded = decode_segment(seg).unwrap_or_else(|e| panic!("{what}: {e} in {target:?}"));
            assert_eq!(decoded, input, "{what}: {target:?}");
        }
    }
    assert!(sent > CASES / 2, "only {sent} of {CASES} cases reached the backend");
    assert_serving(&mut s);
}

// ---------------------------------------------------------------------------------------------
// Proxies

/// A base URL whose host only the test proxies can reach: `.test` never resolves (RFC 2606).
fn made_up_base(b: &Backend) -> String {
    format!("http://oj.test:{}", b.addr().port())
}

/// A server for the proxy tests: no retries, a short timeout.
fn proxy_server(base: &str, env: &[(&'static str, &str)]) -> Server {
    let mut all = vec![("OJ_RETRIES", "0"), ("OJ_TIMEOUT", "5")];
    all.extend_from_slice(env);
    server(base, &all, vec![])
}

/// What an HTTP proxy is asked for an `http://` base URL: the request in absolute form.
fn absolute(b: &Backend) -> String {
    format!("http://oj.test:{}/api/v1/problems/leetcode/1", b.addr().port())
}

/// `get_problem` leetcode 1 goes through `proxy`, which is asked for `target`.
fn assert_proxied(s: &mut Server, b: &Backend, proxy: &Proxy, target: &str, what: &str) {
    let text = s.call_ok("get_problem", two_sum());
    assert!(text.starts_with("# Two Sum\n"), "{what}: {text}");
    assert_eq!(proxy.targets(), [target], "{what}");
    let reqs = b.requests();
    assert_eq!(reqs.len(), 1, "{what}: {reqs:?}");
    // The token goes to the base URL's origin, through the tunnel.
    assert_eq!(reqs[0].header("authorization"), Some(format!("Bearer {TOKEN}").as_str()), "{what}");
    assert_eq!(reqs[0].target, "/api/v1/problems/leetcode/1", "{what}");
    b.clear();
}

/// `get_problem` goes direct: the made-up host does not resolve, so a JSON-RPC error naming the
/// failed lookup, and no proxy sees anything.
fn assert_direct_and_unresolved(s: &mut Server, proxies: &[&Proxy], what: &str) {
    let (code, msg) = rpc_error(s, "get_problem", two_sum());
    assert_eq!(code, INTERNAL_ERROR, "{what}: {msg}");
    // ureq reports a failed name lookup as an I/O error, so either wording names the cause.
    let lower = msg.to_lowercase();
    assert!(lower.contains("lookup") || lower.contains("host not found"), "{what}: {msg}");
    for p in proxies {
        assert_eq!(p.connections(), 0, "{what}: a proxy was used: {:?}", p.asks());
    }
    assert_serving(s);
}

#[test]
fn http_proxy_all_proxy_upper_and_lower_case_tunnel_an_http_base_url() {
    let b = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let base = made_up_base(&b);
    let target = absolute(&b);
    for var in ["HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"] {
        let proxy = Proxy::connect(b.addr());
        let url = proxy.url();
        let mut s = proxy_server(&base, &[(var, &url)]);
        assert_proxied(&mut s, &b, &proxy, &target, var);
        assert_eq!(proxy.asks()[0].method, "GET", "{var}: absolute form, not CONNECT");
        // Keep-alive to the proxy: a second call reuses the connection.
        s.call_ok("get_platform_status", json!({}));
        let status = format!("http://oj.test:{}/status", b.addr().port());
        assert_eq!(proxy.targets(), [target.clone(), status], "{var}");
        assert_eq!(proxy.connections(), 1, "{var}");
        b.clear();
    }
}

#[test]
fn socks5_proxies_from_all_proxy() {
    let b = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let port = b.addr().port();
    // socks5h: the proxy resolves the name.
    let socks = Proxy::socks5(b.addr());
    let url = format!("socks5h://{}", socks.addr());
    let mut s = proxy_server(&made_up_base(&b), &[("ALL_PROXY", &url)]);
    assert_proxied(&mut s, &b, &socks, &format!("oj.test:{port}"), "ALL_PROXY=socks5h");
    drop(s);
    // socks5: names are resolved locally (as curl does), so use an address literal that is not
    // loopback (TEST-NET-2; nothing answers there directly).
    let socks = Proxy::socks5(b.addr());
    let url = socks.url();
    assert!(url.starts_with("socks5://"));
    let mut s = proxy_server(&format!("http://198.51.100.7:{port}"), &[("all_proxy", &url)]);
    assert_proxied(&mut s, &b, &socks, &format!("198.51.100.7:{port}"), "all_proxy=socks5");
    drop(s);
    // HTTP_PROXY may be a socks proxy too.
    let socks = Proxy::socks5(b.addr());
    let url = format!("socks5h://{}", socks.addr());
    let mut s = proxy_server(&made_up_base(&b), &[("HTTP_PROXY", &url)]);
    assert_proxied(&mut s, &b, &socks, &format!("oj.test:{port}"), "HTTP_PROXY=socks5h");
}

#[test]
fn the_scheme_specific_proxy_wins_and_https_proxy_is_ignored_for_http() {
    let b = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let base = made_up_base(&b);
    let target = absolute(&b);
    // HTTPS_PROXY alone does not apply to an http base URL: direct, and the host is unknown.
    let proxy = Proxy::connect(b.addr());
    let mut s = proxy_server(&base, &[("HTTPS_PROXY", &proxy.url()), ("https_proxy", &proxy.url())]);
    assert_direct_and_unresolved(&mut s, &[&proxy], "HTTPS_PROXY with an http base");
    drop(s);
    // HTTP_PROXY wins over ALL_PROXY.
    let (http, all) = (Proxy::connect(b.addr()), Proxy::socks5(b.addr()));
    let all_url = format!("socks5h://{}", all.addr());
    let mut s = proxy_server(&base, &[("HTTP_PROXY", &http.url()), ("ALL_PROXY", &all_url)]);
    assert_proxied(&mut s, &b, &http, &target, "HTTP_PROXY over ALL_PROXY");
    assert_eq!(all.connections(), 0);
    drop(s);
    // The lower-case variable wins over the upper-case one (a dead proxy here). Not on Windows:
    // there the two spellings are one variable, and no Windows parent can pass both (Wine, which
    // starts the .exe here from a Unix environment, can; what it then does is Wine's business).
    if !harness::windows() {
        let proxy = Proxy::connect(b.addr());
        let mut s = proxy_server(&base, &[("http_proxy", &proxy.url()), ("HTTP_PROXY", "http://127.0.0.1:9")]);
        assert_proxied(&mut s, &b, &proxy, &target, "http_proxy over HTTP_PROXY");
    }
}

#[test]
fn proxy_variable_names_ignore_case_on_windows_only() {
    // Windows looks environment names up regardless of case, so `Http_Proxy` is `HTTP_PROXY`
    // there; on Unix it is another variable, and the server ignores it.
    let b = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let base = made_up_base(&b);
    let target = absolute(&b);
    for var in ["Http_Proxy", "All_Proxy"] {
        let proxy = Proxy::connect(b.addr());
        let mut s = proxy_server(&base, &[(var, &proxy.url())]);
        if harness::windows() {
            assert_proxied(&mut s, &b, &proxy, &target, var);
        } else {
            assert_direct_and_unresolved(&mut s, &[&proxy], var);
        }
    }
}

#[test]
fn no_proxy_entries_are_trimmed_and_match_domains_suffixes_ports_and_star() {
    let b = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let base = made_up_base(&b);
    let port = b.addr().port();
    let target = absolute(&b);
    let with_port = format!("oj.test:{port}");
    let direct = [
        ("NO_PROXY", " oj.test "),
        ("NO_PROXY", "other.example, oj.test ,"),
        ("NO_PROXY", ".test"),
        ("NO_PROXY", "test"),
        ("NO_PROXY", "*.test"),
        ("NO_PROXY", "*"),
        ("NO_PROXY", "OJ.TEST"),
        ("NO_PROXY", &with_port),
        ("no_proxy", "oj.test"),
    ];
    for (var, value) in direct {
        let proxy = Proxy::connect(b.addr());
        let mut s = proxy_server(&base, &[("HTTP_PROXY", &proxy.url()), (var, value)]);
        assert_direct_and_unresolved(&mut s, &[&proxy], &format!("{var}={value:?}"));
    }
    let proxied = [
        ("NO_PROXY", "j.test"),
        ("NO_PROXY", "oj.test.example"),
        ("NO_PROXY", "oj.test:1"),
        ("NO_PROXY", "other.example,127.0.0.1"),
        ("NO_PROXY", " , "),
    ];
    for (var, value) in proxied {
        let proxy = Proxy::connect(b.addr());
        let mut s = proxy_server(&base, &[("HTTP_PROXY", &proxy.url()), (var, value)]);
        assert_proxied(&mut s, &b, &proxy, &target, &format!("{var}={value:?}"));
    }
}

#[test]
fn loopback_base_urls_are_never_proxied() {
    let b = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let port = b.addr().port();
    for base in [b.url(), format!("http://localhost:{port}"), format!("http://LocalHost:{port}/")] {
        let (http, socks) = (Proxy::connect(b.addr()), Proxy::socks5(b.addr()));
        let socks_url = format!("socks5h://{}", socks.addr());
        let env = [("HTTP_PROXY", http.url()), ("ALL_PROXY", socks_url), ("HTTPS_PROXY", http.url())];
        let env: Vec<(&'static str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let mut s = proxy_server(&base, &env);
        let text = s.call_ok("get_problem", two_sum());
        assert!(text.starts_with("# Two Sum\n"), "{base}: {text}");
        assert_eq!((http.connections(), socks.connections()), (0, 0), "{base}: proxied");
        assert_eq!(b.requests().len(), 1, "{base}");
        b.clear();
    }
}

#[test]
fn proxy_credentials_are_sent_to_the_proxy_and_never_logged() {
    let b = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let base = made_up_base(&b);
    let target = absolute(&b);
    let proxy = Proxy::connect(b.addr());
    let url = format!("http://user:s3cret@{}", proxy.addr());
    let mut s = proxy_server(&base, &[("HTTP_PROXY", &url), ("OJ_LOG", "debug")]);
    assert_proxied(&mut s, &b, &proxy, &target, "http proxy with credentials");
    assert_eq!(proxy.asks()[0].auth.as_deref(), Some("Basic dXNlcjpzM2NyZXQ="));
    let log = s.stderr();
    assert!(log.contains("using proxy"), "{log}");
    assert!(!log.contains("s3cret") && !log.contains(TOKEN), "a secret reached the log:\n{log}");
    drop(s);
    let socks = Proxy::socks5(b.addr());
    let url = format!("socks5h://user:s3cret@{}", socks.addr());
    let mut s = proxy_server(&base, &[("ALL_PROXY", &url), ("OJ_LOG", "debug")]);
    let target = format!("oj.test:{}", b.addr().port());
    assert_proxied(&mut s, &b, &socks, &target, "socks5h proxy with credentials");
    assert_eq!(socks.asks()[0].auth.as_deref(), Some("user:s3cret"));
    assert!(!s.stderr().contains("s3cret"), "{}", s.stderr());
}

#[test]
fn https_proxy_tunnels_an_https_base_url_and_http_proxy_does_not() {
    let tls = Https::two_sum();
    let addr: std::net::SocketAddr = ([127, 0, 0, 1], tls.port()).into();
    let base = format!("https://oj.test:{}", tls.port());
    let ca = proxies::pki().ca();
    let ca = ca.to_str().expect("a UTF-8 path");
    let proxy = Proxy::connect(addr);
    let mut s = proxy_server(&base, &[("HTTPS_PROXY", &proxy.url()), ("SSL_CERT_FILE", ca)]);
    let text = s.call_ok("get_problem", two_sum());
    assert!(text.starts_with("# Two Sum\n"), "{text}");
    assert_eq!(proxy.targets(), [format!("oj.test:{}", tls.port())]);
    drop(s);
    let proxy = Proxy::connect(addr);
    let mut s = proxy_server(&base, &[("HTTP_PROXY", &proxy.url()), ("SSL_CERT_FILE", ca)]);
    assert_direct_and_unresolved(&mut s, &[&proxy], "HTTP_PROXY with an https base");
}

#[test]
fn an_http_base_url_goes_to_an_http_proxy_in_absolute_form_and_https_keeps_connect() {
    // A Squid-like proxy: absolute-form requests forwarded, CONNECT only to port 443.
    let b = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let proxy = Proxy::squid(b.addr());
    let mut s = proxy_server(&made_up_base(&b), &[("HTTP_PROXY", &proxy.url())]);
    assert_proxied(&mut s, &b, &proxy, &absolute(&b), "http base through a Squid-like proxy");
    let asks = proxy.asks();
    assert_eq!((asks[0].method.as_str(), asks[0].refused, asks[0].auth.as_deref()), ("GET", false, None));
    // The backend got the request in origin form, for its own host, with the token.
    s.call_ok("get_problem", two_sum());
    let reqs = b.requests();
    assert_eq!(reqs[0].header("host"), Some(format!("oj.test:{}", b.addr().port()).as_str()));
    assert!(reqs[0].header("proxy-authorization").is_none());
    assert_eq!(proxy.connections(), 1, "keep-alive to the proxy");
    drop(s);
    // An https base still tunnels with CONNECT, which this proxy refuses for a port but 443.
    let tls = Https::two_sum();
    let squid = Proxy::squid(([127, 0, 0, 1], tls.port()).into());
    let base = format!("https://oj.test:{}", tls.port());
    let mut s = proxy_server(&base, &[("HTTPS_PROXY", &squid.url()), ("OJ_RETRIES", "2")]);
    let (code, msg) = rpc_error(&mut s, "get_problem", two_sum());
    assert_eq!(code, INTERNAL_ERROR, "{msg}");
    assert!(msg.contains("the HTTP proxy refused to tunnel to the backend (proxy server responded 403"), "{msg}");
    assert!(msg.contains("NO_PROXY") && !msg.contains("attempts"), "not retried: {msg}");
    let asks = squid.asks();
    assert_eq!(asks.len(), 1, "{asks:?}");
    assert_eq!(
        (asks[0].method.as_str(), asks[0].target.clone(), asks[0].refused),
        ("CONNECT", format!("oj.test:{}", tls.port()), true)
    );
    assert_serving(&mut s);
}

#[test]
fn an_unreachable_proxy_is_a_json_rpc_error() {
    let b = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let dead = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    for proxy in [format!("http://{dead}"), format!("socks5h://{dead}")] {
        let mut s = proxy_server(&made_up_base(&b), &[("HTTP_PROXY", &proxy)]);
        let started = Instant::now();
        let (code, msg) = rpc_error(&mut s, "get_problem", two_sum());
        assert_eq!(code, INTERNAL_ERROR, "{proxy}: {msg}");
        assert!(started.elapsed() < Duration::from_secs(5), "{proxy}: {:?}", started.elapsed());
        assert_serving(&mut s);
    }
    assert!(b.requests().is_empty());
}

// ---------------------------------------------------------------------------------------------
// Extra root certificates

/// A server for the TLS tests: no retries, a short timeout.
fn tls_server(base: &str, env: &[(&'static str, &str)], args: Vec<&str>) -> Server {
    let mut all = vec![("OJ_RETRIES", "0"), ("OJ_TIMEOUT", "5")];
    all.extend_from_slice(env);
    server(base, &all, args)
}

fn ca_path() -> String {
    proxies::pki().ca().to_str().expect("a UTF-8 path").to_string()
}

#[test]
fn without_the_test_ca_the_certificate_is_refused() {
    let tls = Https::two_sum();
    let mut s = tls_server(&tls.url(), &[], vec![]);
    let (code, msg) = rpc_error(&mut s, "get_problem", two_sum());
    assert_eq!(code, INTERNAL_ERROR, "{msg}");
    assert!(msg.to_lowercase().contains("certificate"), "{msg}");
    // Recognised as TLS (by the error's type), so named as such and not retried.
    assert!(msg.contains("TLS with the backend failed"), "{msg}");
    assert!(!msg.contains("attempts"), "{msg}");
    assert_serving(&mut s);
}

#[test]
fn ssl_cert_file_adds_the_test_ca() {
    let tls = Https::two_sum();
    let ca = ca_path();
    for base in [tls.url(), format!("https://localhost:{}", tls.port())] {
        let mut s = tls_server(&base, &[("SSL_CERT_FILE", &ca)], vec![]);
        let text = s.call_ok("get_problem", two_sum());
        assert!(text.starts_with("# Two Sum\n"), "{base}: {text}");
        // A second call on the same agent.
        s.call_ok("get_problem", two_sum());
    }
}

#[test]
fn ca_file_flag_adds_the_test_ca_and_wins_over_ssl_cert_file() {
    let tls = Https::two_sum();
    let ca = ca_path();
    let mut s = tls_server(&tls.url(), &[], vec!["--ca-file", &ca]);
    let text = s.call_ok("get_problem", two_sum());
    assert!(text.starts_with("# Two Sum\n"), "{text}");
    drop(s);
    let mut s = tls_server(&tls.url(), &[("SSL_CERT_FILE", "/nonexistent/oj-mcp-rs/ca.pem")], vec!["--ca-file", &ca]);
    let text = s.call_ok("get_problem", two_sum());
    assert!(text.starts_with("# Two Sum\n"), "{text}");
}

#[test]
fn a_missing_ca_file_is_named_on_the_first_call_but_start_up_succeeds() {
    let tls = Https::two_sum();
    let missing = "/nonexistent/oj-mcp-rs/extra-ca.pem";
    for (env, args) in [(vec![("SSL_CERT_FILE", missing)], vec![]), (vec![], vec!["--ca-file", missing])] {
        let mut s = tls_server(&tls.url(), &env, args.clone());
        assert_serving(&mut s);
        for _ in 0..2 {
            let (code, msg) = rpc_error(&mut s, "get_problem", two_sum());
            assert_eq!(code, INTERNAL_ERROR, "{env:?} {args:?}: {msg}");
            assert!(msg.contains(missing), "{env:?} {args:?}: {msg}");
            assert_serving(&mut s);
        }
    }
}

#[test]
fn a_ca_file_without_certificates_is_named() {
    let tls = Https::two_sum();
    let dir = TempDir::new("it-bad-ca");
    let bad = dir.path().join("not-a-cert.pem");
    std::fs::write(&bad, "this is not PEM\n").unwrap();
    let bad = bad.to_str().unwrap();
    let mut s = tls_server(&tls.url(), &[("SSL_CERT_FILE", bad)], vec![]);
    let (code, msg) = rpc_error(&mut s, "get_problem", two_sum());
    assert_eq!(code, INTERNAL_ERROR, "{msg}");
    assert!(msg.contains(bad), "{msg}");
    assert_serving(&mut s);
}

#[test]
fn the_ca_file_is_read_on_the_first_request_only() {
    let tls = Https::two_sum();
    let dir = TempDir::new("it-late-ca");
    let late = dir.path().join("late-ca.pem");
    let mut s = tls_server(&tls.url(), &[("SSL_CERT_FILE", late.to_str().unwrap())], vec![]);
    // Start-up did not read it: it does not exist yet.
    assert_serving(&mut s);
    std::fs::copy(proxies::pki().ca(), &late).unwrap();
    let text = s.call_ok("get_problem", two_sum());
    assert!(text.starts_with("# Two Sum\n"), "{text}");
    // Read once: removing it changes nothing.
    std::fs::remove_file(&late).unwrap();
    let text = s.call_ok("get_problem", two_sum());
    assert!(text.starts_with("# Two Sum\n"), "{text}");
}

// ---------------------------------------------------------------------------------------------
// Concurrency, cancellation, progress, exits

fn call_msg(id: Value, args: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "get_problem", "arguments": args}})
}

/// A backend whose `leetcode/slow` answers Two Sum after `delay`, and a server on it.
fn slow_setup(delay: Duration) -> (Backend, Server) {
    let (b, s) = setup();
    b.route("/api/v1/problems/leetcode/slow", Reply::Delay(delay, Box::new(Reply::case("problem_lc_1_two_sum"))));
    (b, s)
}

fn slow() -> Value {
    json!({"source": "leetcode", "id": "slow"})
}

/// Waits until the backend has read `n` requests.
fn wait_requests(b: &Backend, n: usize) {
    assert!(wait_until(SOON, || b.requests().len() >= n), "the backend saw {:?}", b.requests());
}

#[test]
fn ping_and_tools_list_are_answered_while_a_slow_call_runs() {
    let (b, mut s) = slow_setup(Duration::from_secs(2));
    s.send(&call_msg(json!("slow"), slow()));
    wait_requests(&b, 1);
    let sent = Instant::now();
    s.send(&json!({"jsonrpc": "2.0", "id": "ping", "method": "ping"}));
    s.send(&json!({"jsonrpc": "2.0", "id": "list", "method": "tools/list"}));
    let first = s.recv();
    let second = s.recv();
    let fast = sent.elapsed();
    let third = s.recv();
    eprintln!("ping and tools/list answered {fast:?} after sending, during a 2 s call");
    assert_eq!(first["id"], "ping", "{first}");
    assert_eq!(first["result"], json!({}));
    assert_eq!(second["id"], "list", "{second}");
    assert!(second["result"]["tools"].as_array().is_some_and(|t| !t.is_empty()), "{second}");
    assert_eq!(third["id"], "slow", "{third}");
    assert_eq!(third["result"]["isError"], json!(false), "{third}");
    assert!(fast < Duration::from_secs(1), "{fast:?}");
}

#[test]
fn tool_calls_run_concurrently_on_workers() {
    let (b, mut s) = slow_setup(Duration::from_secs(1));
    let started = Instant::now();
    for i in 0..4 {
        s.send(&call_msg(json!(100 + i), slow()));
    }
    let mut ids: Vec<i64> = (0..4)
        .map(|_| {
            let r = s.recv();
            assert_eq!(r["result"]["isError"], json!(false), "{r}");
            r["id"].as_i64().unwrap()
        })
        .collect();
    let took = started.elapsed();
    eprintln!("4 calls of 1 s each took {took:?}");
    ids.sort_unstable();
    assert_eq!(ids, [100, 101, 102, 103]);
    assert_eq!(b.requests().len(), 4);
    // One after another would take 4 s.
    assert!(took < Duration::from_millis(3500), "{took:?}");
}

#[test]
fn a_cancelled_call_gets_no_reply_and_later_calls_work() {
    let (b, mut s) = slow_setup(Duration::from_millis(1500));
    s.send(&call_msg(json!("doomed"), slow()));
    wait_requests(&b, 1);
    s.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
        "params": {"requestId": "doomed", "reason": "the user gave up"}}));
    // Cancelling an unknown request is ignored.
    s.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 424242}}));
    assert_serving(&mut s);
    // Wait until the call has finished on its worker (it logs one line), then a little more.
    assert!(wait_until(SOON, || s.stderr().contains("get_problem: ok in")), "stderr:\n{}", s.stderr());
    if let Some(v) = s.try_recv(Duration::from_millis(500)) {
        panic!("unexpected message after a cancellation: {v}");
    }
    let text = s.call_ok("get_problem", two_sum());
    assert!(text.starts_with("# Two Sum\n"), "{text}");
    // An integer id can be cancelled too.
    s.send(&call_msg(json!(77), slow()));
    wait_requests(&b, 3);
    s.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 77}}));
    assert!(wait_until(SOON, || s.stderr().matches("get_problem: ok in").count() >= 3), "stderr:\n{}", s.stderr());
    let (status, rest, _) = s.close();
    assert!(status.success());
    assert!(rest.is_empty(), "{rest:?}");
}

#[test]
fn progress_notifications_while_a_slow_call_runs_and_none_after_its_reply() {
    let (_b, mut s) = slow_setup(Duration::from_millis(2800));
    let mut msg = call_msg(json!(9), slow());
    msg["params"]["_meta"] = json!({"progressToken": "p1"});
    s.send(&msg);
    let mut progress = Vec::new();
    let reply = loop {
        let v = s.recv();
        if v["id"] == 9 {
            break v;
        }
        assert_eq!(v["method"], "notifications/progress", "{v}");
        assert_eq!(v["params"]["progressToken"], "p1", "{v}");
        progress.push(v["params"]["progress"].as_f64().unwrap_or_else(|| panic!("no progress in {v}")));
    };
    assert_eq!(reply["result"]["isError"], json!(false), "{reply}");
    eprintln!("progress during a 2.8 s call: {progress:?}");
    assert!(progress.len() >= 2, "{progress:?}");
    assert!(progress.windows(2).all(|w| w[0] < w[1]), "not strictly increasing: {progress:?}");
    // Then two calls at once: one without a token gets no progress, one with an integer token
    // does, and for the 2.8 s they run nothing more comes for "p1" (the ticker runs every 100 ms
    // and one more notification would have been due 1 s after the last).
    s.send(&call_msg(json!(10), slow()));
    let mut msg = call_msg(json!(11), slow());
    msg["params"]["_meta"] = json!({"progressToken": 5});
    s.send(&msg);
    let mut tokens = Vec::new();
    let mut replied = Vec::new();
    while replied.len() < 2 {
        let v = s.recv();
        if v["id"].is_null() {
            assert_eq!(v["method"], "notifications/progress", "{v}");
            assert!(!replied.contains(&11), "progress after the reply it belongs to: {v}");
            tokens.push(v["params"]["progressToken"].clone());
        } else {
            assert_eq!(v["result"]["isError"], json!(false), "{v}");
            replied.push(v["id"].as_i64().unwrap());
        }
    }
    assert!(!tokens.is_empty(), "no progress for the integer token");
    assert!(tokens.iter().all(|t| *t == json!(5)), "progress for another token, or after a reply: {tokens:?}");
}

/// A server with a call to a hanging backend in flight.
fn hanging_call() -> (Backend, Server) {
    let (b, mut s) = setup();
    b.route("/api/v1/problems/leetcode/hang", Reply::Hang);
    s.send(&call_msg(json!("hang"), json!({"source": "leetcode", "id": "hang"})));
    wait_requests(&b, 1);
    (b, s)
}

#[test]
fn stdin_eof_exits_promptly_with_a_call_in_flight() {
    let (_b, mut s) = hanging_call();
    let closed = Instant::now();
    s.close_stdin();
    let status = s.wait_exit(Duration::from_secs(10)).expect("no exit after stdin closed");
    let took = closed.elapsed();
    eprintln!("stdin EOF to exit with a hanging call in flight: {took:?}");
    assert_eq!(status.code(), Some(0), "{status:?}");
    assert!(took < Duration::from_secs(1), "{took:?}");
}

#[test]
fn sigterm_and_sigint_exit_promptly_with_code_zero() {
    // Windows has no SIGTERM or SIGHUP. Under Wine a SIGINT becomes the console's Ctrl-C event,
    // which the server's console control handler (main.rs) turns into exit 0.
    let signals: &[&str] = if harness::windows() { &["-INT"] } else { &["-TERM", "-INT", "-HUP"] };
    for &sig in signals {
        let (_b, mut s) = hanging_call();
        let sent = Instant::now();
        let kill = std::process::Command::new("kill").args([sig, &s.pid().to_string()]).status().expect("run kill");
        assert!(kill.success(), "kill {sig} failed");
        let status = s.wait_exit(Duration::from_secs(10)).unwrap_or_else(|| panic!("no exit after {sig}"));
        let took = sent.elapsed();
        eprintln!("kill {sig} to exit: {took:?}");
        assert_eq!(status.code(), Some(0), "{sig}: {status:?}");
        assert!(took < Duration::from_secs(1), "{sig}: {took:?}");
        if harness::windows() {
            // Wine 8.0's default handler exits 0 as well (Windows' leaves 0xC000013A): the line
            // the server's console control handler logs tells them apart.
            let (_, _, stderr) = s.close();
            assert!(stderr.contains("INFO: Ctrl-C: exiting"), "{sig}: {stderr}");
        }
    }
}

/// Starts the binary against `b`, closes the read end of its stdout, writes `lines` and waits for
/// it to exit; returns the exit status and stderr.
fn run_with_stdout_closed(b: &Backend, lines: &[Value]) -> (Option<std::process::ExitStatus>, String) {
    let mut child = harness::command()
        .env("OJ_BASE_URL", b.url())
        .env("OJ_TOKEN", TOKEN)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn oj-mcp-rs");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin");
    for line in lines {
        // The server may already be gone; that is what the test looks at.
        let _ = stdin.write_all(format!("{line}\n").as_bytes()).and_then(|()| stdin.flush());
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    let status = loop {
        if let Some(st) = child.try_wait().expect("try_wait") {
            break Some(st);
        }
        if Instant::now() > deadline {
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    if status.is_none() {
        let _ = child.kill();
        let _ = child.wait();
    }
    drop(stdin);
    let mut err = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut err).expect("read stderr");
    (status, err)
}

#[test]
fn a_closed_stdout_ends_the_server_quietly() {
    let b = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let (status, err) = run_with_stdout_closed(&b, &[json!({"jsonrpc": "2.0", "id": 1, "method": "ping"})]);
    let status = status.unwrap_or_else(|| panic!("still running 5 s after its stdout closed; stderr:\n{err}"));
    assert_eq!(status.code(), Some(0), "{status:?}; stderr:\n{err}");
    assert!(!err.contains("panicked") && !err.to_lowercase().contains("broken pipe"), "{err}");
}

#[test]
fn a_closed_stdout_seen_by_a_tool_reply_ends_the_server_quietly() {
    let b = Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let (status, err) = run_with_stdout_closed(&b, &[call_msg(json!(1), two_sum())]);
    assert_eq!(b.requests().len(), 1, "the call did not run");
    let status = status.unwrap_or_else(|| {
        panic!("still running 5 s after a tool reply hit a closed stdout (stdin still open); stderr:\n{err}")
    });
    assert_eq!(status.code(), Some(0), "{status:?}; stderr:\n{err}");
    assert!(!err.contains("panicked") && !err.to_lowercase().contains("broken pipe"), "{err}");
}
