//! Sanity tests of the fixture backend itself (`tests/support/backend.rs`) and of `tests/fixtures`.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::backend::{Backend, NOT_FOUND, Reply, UNAUTHORIZED_BODY, fixtures_dir};

const TOKEN: &str = "fixture-token-0123456789abcdef";

/// A minimal keep-alive HTTP/1.1 client over one TCP connection.
struct Client {
    stream: TcpStream,
    buf: Vec<u8>,
}

/// One parsed response.
#[derive(Debug)]
struct Response {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Response {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn text(&self) -> &str {
        std::str::from_utf8(&self.body).expect("body is UTF-8")
    }
}

impl Client {
    fn connect(backend: &Backend) -> Client {
        let stream = TcpStream::connect(backend.addr()).expect("connect to the fixture backend");
        stream.set_read_timeout(Some(Duration::from_secs(10))).expect("set a read timeout");
        Client { stream, buf: Vec::new() }
    }

    fn send(&mut self, method: &str, target: &str, extra: &[(&str, &str)]) {
        let mut req = format!("{method} {target} HTTP/1.1\r\nhost: 127.0.0.1\r\n");
        for (name, value) in extra {
            req.push_str(&format!("{name}: {value}\r\n"));
        }
        req.push_str("\r\n");
        self.stream.write_all(req.as_bytes()).expect("write the request");
    }

    fn get(&mut self, target: &str) -> Response {
        self.request("GET", target, &[])
    }

    fn request(&mut self, method: &str, target: &str, extra: &[(&str, &str)]) -> Response {
        self.send(method, target, extra);
        self.read_response().expect("a response")
    }

    /// Reads one response; `None` if the connection closed first.
    fn read_response(&mut self) -> Option<Response> {
        let head_end = loop {
            if let Some(p) = self.buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break p + 4;
            }
            if !self.fill() {
                return None;
            }
        };
        let head = String::from_utf8(self.buf[..head_end - 4].to_vec()).expect("UTF-8 head");
        let mut lines = head.split("\r\n");
        let status_line = lines.next().expect("a status line");
        let status = status_line.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status code");
        let headers: Vec<(String, String)> = lines
            .map(|l| {
                let (n, v) = l.split_once(':').expect("name: value");
                (n.trim().to_ascii_lowercase(), v.trim().to_string())
            })
            .collect();
        let len: usize = headers
            .iter()
            .find(|(n, _)| n == "content-length")
            .map(|(_, v)| v.parse().expect("numeric content-length"))
            .expect("every fixture response has a content-length");
        while self.buf.len() < head_end + len {
            assert!(self.fill(), "connection closed inside a body");
        }
        let body = self.buf[head_end..head_end + len].to_vec();
        self.buf.drain(..head_end + len);
        Some(Response { status, headers, body })
    }

    /// Reads more bytes; false on EOF or a reset.
    fn fill(&mut self) -> bool {
        let mut chunk = [0u8; 16 * 1024];
        match self.stream.read(&mut chunk) {
            Ok(0) | Err(_) => false,
            Ok(n) => {
                self.buf.extend_from_slice(&chunk[..n]);
                true
            }
        }
    }

    /// True once the server has closed the connection (EOF or reset), with nothing sent.
    fn closed(&mut self) -> bool {
        !self.fill() && self.buf.is_empty()
    }
}

fn start() -> Backend {
    Backend::start(&fixtures_dir())
}

#[test]
fn every_fixture_is_a_well_formed_response() {
    let dir = fixtures_dir();
    let index = std::fs::read_to_string(dir.join("INDEX.tsv")).expect("INDEX.tsv");
    let mut lines = index.lines();
    assert_eq!(lines.next(), Some("method\ttarget\tcase\tnote"));
    let mut named = std::collections::BTreeSet::new();
    for line in lines {
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 4, "four columns: {line:?}");
        let target = cols[1];
        assert!(target == "-" || target.starts_with('/'), "{line:?}");
        assert!(
            !target.contains(' ') && !target[..target.len() - 1].contains('*'),
            "a target is one wire token with at most a trailing `*`: {line:?}"
        );
        named.insert(cols[2].to_string());
    }
    let backend = start();
    assert_eq!(
        backend.case_names().into_iter().collect::<std::collections::BTreeSet<_>>(),
        named,
        "every .http file is in INDEX.tsv and the other way round"
    );
    for name in backend.case_names() {
        let raw = backend.case(&name).expect("listed case");
        let end = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap_or_else(|| panic!("{name}: no blank line"));
        let head = std::str::from_utf8(&raw[..end]).expect("UTF-8 head");
        assert!(!head.contains("\n\n") && !head.replace("\r\n", "").contains('\n'));
        assert!(head.starts_with("HTTP/1.1 "), "{name}: status line");
        let body = &raw[end + 4..];
        let length = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length: "))
            .unwrap_or_else(|| panic!("{name}: no content-length"));
        assert_eq!(length.parse::<usize>().ok(), Some(body.len()), "{name}: content-length");
        let content_type = head.lines().find_map(|l| l.strip_prefix("content-type: "));
        match content_type {
            Some("application/json") | Some("application/problem+json") => {
                serde_json::from_slice::<serde_json::Value>(body)
                    .unwrap_or_else(|e| panic!("{name}: body is not JSON: {e}"));
            }
            Some("text/plain; charset=utf-8") => assert!(std::str::from_utf8(body).is_ok()),
            Some(other) => panic!("{name}: unexpected content type {other}"),
            None => assert!(body.is_empty(), "{name}: a body without a content type"),
        }
        if content_type == Some("application/problem+json") {
            let v: serde_json::Value = serde_json::from_slice(body).expect("JSON");
            let status: u64 = head[9..12].parse().expect("status");
            assert_eq!(v["status"].as_u64(), Some(status), "{name}: RFC 7807 status");
            assert_eq!(v["type"], "about:blank", "{name}");
            assert!(v["title"].is_string() && v["detail"].is_string(), "{name}");
        }
    }
    assert_eq!(backend.case_body("unauthorized"), Some(UNAUTHORIZED_BODY.as_bytes()));
    let big = backend.case_body("problem_ac_ahc001_a_300kb").expect("big case");
    assert!((290_000..340_000).contains(&big.len()), "{}", big.len());
    let mid = backend.case_body("problem_lc_3000_5kb").expect("5 KB case");
    assert!((4_500..7_000).contains(&mid.len()), "{}", mid.len());
}

#[test]
fn serves_many_requests_on_one_connection() {
    let backend = start();
    let mut client = Client::connect(&backend);
    let health = client.get("/health");
    assert_eq!(health.status, 200);
    assert_eq!(health.header("content-type"), Some("application/json"));
    let problem = client.get("/api/v1/problems/leetcode/1");
    assert_eq!(problem.status, 200);
    let v: serde_json::Value = serde_json::from_slice(&problem.body).expect("JSON");
    assert_eq!(v["title"], "Two Sum");
    let big = client.get("/api/v1/problems/atcoder/ahc001_a");
    assert_eq!(big.body, backend.case_body("problem_ac_ahc001_a_300kb").expect("case"));
    let missing = client.get("/api/v1/problems/leetcode/99999");
    assert_eq!(missing.status, 404);
    assert_eq!(missing.header("content-type"), Some("application/problem+json"));
    assert_eq!(backend.connections(), 1);
    let requests = backend.requests();
    let targets: Vec<&str> = requests.iter().map(|r| r.target.as_str()).collect();
    assert_eq!(
        targets,
        [
            "/health",
            "/api/v1/problems/leetcode/1",
            "/api/v1/problems/atcoder/ahc001_a",
            "/api/v1/problems/leetcode/99999"
        ]
    );
    assert!(requests.iter().all(|r| r.conn == 0 && r.method == "GET"));
    assert_eq!(requests[0].header("host"), Some("127.0.0.1"));
    backend.clear();
    assert!(backend.requests().is_empty());
    let mut second = Client::connect(&backend);
    assert_eq!(second.get("/status").status, 200);
    assert_eq!(backend.connections(), 2);
    assert_eq!(backend.requests()[0].conn, 1);
}

#[test]
fn reads_and_skips_a_request_body() {
    let backend = start();
    let mut client = Client::connect(&backend);
    client.stream.write_all(b"POST /anything HTTP/1.1\r\ncontent-length: 5\r\n\r\nhello").expect("write");
    let first = client.read_response().expect("a response");
    assert_eq!(first.status, 404);
    assert_eq!(client.get("/health").status, 200);
}

#[test]
fn exact_beats_prefix_and_longer_prefix_beats_shorter() {
    let backend = start();
    let mut client = Client::connect(&backend);
    let body = |r: Response| -> serde_json::Value { serde_json::from_slice(&r.body).expect("JSON") };
    let today = body(client.get("/api/v1/daily?domain=com&date=2026-01-05"));
    assert_eq!(today["id"], "743");
    let past = body(client.get("/api/v1/daily?domain=cn&date=2024-01-15"));
    assert_eq!((past["id"].as_str(), past["domain"].as_str()), (Some("42"), Some("cn")));
    let fetching = client.get("/api/v1/daily?domain=com&date=2024-02-01");
    assert_eq!(fetching.status, 202);
    assert_eq!(fetching.text(), r#"{"retry_after":30,"status":"fetching"}"#);
    let default = body(client.get("/api/v1/similar/leetcode/1?limit=10&threshold=0"));
    assert_eq!(default["results"].as_array().map(Vec::len), Some(10));
    let three = body(client.get("/api/v1/similar/leetcode/1?limit=3&threshold=0"));
    assert_eq!(three["results"].as_array().map(Vec::len), Some(3));
    let filtered = body(client.get("/api/v1/similar/leetcode/1?limit=10&threshold=0&source=luogu"));
    assert!(filtered["results"].as_array().expect("results").iter().all(|r| r["source"] == "luogu"));
    let text = client.get("/api/v1/similar?q=two%20numbers%20adding%20to%20a%20target&limit=10&threshold=0");
    assert_eq!(text.status, 200);
    let other = client.get("/api/v1/similar?q=anything%20else&limit=10&threshold=0");
    assert_eq!(other.status, 502);
    let utf8 = client.get("/api/v1/problems/luogu/%FF%FE");
    assert_eq!(utf8.status, 400);
    assert_eq!(utf8.header("content-type"), Some("text/plain; charset=utf-8"));
    let resolved = body(client.get("/api/v1/resolve/https%3A%2F%2Fleetcode.com%2Fproblems%2Ftwo-sum%2F"));
    assert_eq!(resolved["problem"]["id"], "1");
}

#[test]
fn unmatched_targets_and_other_methods() {
    let backend = start();
    let mut client = Client::connect(&backend);
    client.send("GET", "/no/such/route", &[]);
    let mut raw = vec![0u8; NOT_FOUND.len()];
    client.stream.read_exact(&mut raw).expect("the 404");
    assert_eq!(raw, NOT_FOUND);
    let post = client.request("POST", "/status", &[]);
    assert_eq!(post.status, 405);
    assert!(post.body.is_empty());
    assert_eq!(post.header("content-type"), None);
    assert_eq!(client.get("/health").status, 200, "still alive");
}

#[test]
fn token_guards_everything_but_health() {
    let backend = start().with_token(TOKEN);
    let mut client = Client::connect(&backend);
    assert_eq!(client.get("/health").status, 200);
    let denied = client.get("/status");
    assert_eq!(denied.status, 401);
    assert_eq!(denied.header("content-type"), Some("application/problem+json"));
    assert_eq!(denied.text(), UNAUTHORIZED_BODY);
    let bearer = format!("Bearer {TOKEN}");
    let lower = format!("bearer {TOKEN}");
    assert_eq!(client.request("GET", "/status", &[("authorization", &lower)]).status, 401);
    assert_eq!(client.request("GET", "/status", &[("Authorization", &bearer)]).status, 200);
    assert_eq!(client.request("GET", "/nope", &[("authorization", "Bearer wrong")]).status, 401);
    let requests = backend.requests();
    assert_eq!(requests.len(), 5);
    assert_eq!(requests[3].header("authorization"), Some(bearer.as_str()));
}

#[test]
fn overrides_win_and_replace_each_other() {
    let backend = start();
    backend.route("/status", Reply::case("unauthorized"));
    backend.route("/api/v1/problems/*", Reply::case("health"));
    let mut client = Client::connect(&backend);
    assert_eq!(client.get("/status").status, 401);
    assert_eq!(client.get("/api/v1/problems/leetcode/1").body, backend.case_body("health").expect("case"));
    backend.route("/status", Reply::case("status_ok"));
    assert_eq!(client.get("/status").status, 200);
    backend.route("/missing", Reply::case("no_such_case"));
    assert_eq!(client.get("/missing").status, 500);
    let raw = b"HTTP/1.1 418 I'm a teapot\r\ncontent-length: 2\r\n\r\nhi".to_vec();
    backend.route("/teapot", Reply::Raw(raw));
    let tea = client.get("/teapot");
    assert_eq!((tea.status, tea.text()), (418, "hi"));
    assert_eq!(client.get("/health").status, 200, "a full Raw keeps the connection");
    assert_eq!(backend.connections(), 1);
}

#[test]
fn close_and_partial_raw_end_the_connection() {
    let backend = start();
    backend.route("/close", Reply::Close);
    backend.route("/partial", Reply::Raw(b"HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nabc".to_vec()));
    let mut client = Client::connect(&backend);
    client.send("GET", "/close", &[]);
    assert!(client.closed());
    let mut client = Client::connect(&backend);
    client.send("GET", "/partial", &[]);
    let mut got = Vec::new();
    client.stream.read_to_end(&mut got).expect("read to EOF");
    assert!(got.ends_with(b"abc"));
    let mut client = Client::connect(&backend);
    client.send("GET", "/health", &[("connection", "close")]);
    assert_eq!(client.read_response().expect("response").status, 200);
    assert!(client.closed());
}

#[test]
fn delay_answers_late() {
    let backend = start();
    let delay = Duration::from_millis(150);
    backend.route("/slow", Reply::Delay(delay, Box::new(Reply::case("health"))));
    let mut client = Client::connect(&backend);
    let started = Instant::now();
    assert_eq!(client.get("/slow").status, 200);
    assert!(started.elapsed() >= delay);
}

#[test]
fn drop_is_prompt_with_hanging_and_idle_connections() {
    let backend = start();
    backend.route("/hang", Reply::Hang);
    backend.route("/later", Reply::Delay(Duration::from_secs(3600), Box::new(Reply::Close)));
    let mut hanging = Client::connect(&backend);
    hanging.send("GET", "/hang", &[]);
    let mut delayed = Client::connect(&backend);
    delayed.send("GET", "/later", &[]);
    let mut idle = Client::connect(&backend);
    assert_eq!(idle.get("/health").status, 200);
    // Wait until the backend has read both requests (they are recorded before the reply).
    while backend.requests().len() < 3 {
        std::thread::yield_now();
    }
    let started = Instant::now();
    drop(backend);
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    assert!(hanging.closed());
    assert!(delayed.closed());
    assert!(idle.closed());
}

#[test]
fn seq_answers_in_turn_then_repeats_the_last() {
    let backend = start();
    let teapot = b"HTTP/1.1 418 I'm a teapot\r\ncontent-length: 0\r\n\r\n".to_vec();
    backend.route(
        "/seq",
        Reply::Seq(vec![
            Reply::Raw(teapot),
            Reply::Delay(Duration::from_millis(1), Box::new(Reply::case("health"))),
            Reply::Raw(NOT_FOUND.to_vec()),
        ]),
    );
    backend.route("/other*", Reply::Seq(vec![Reply::case("health")]));
    let mut client = Client::connect(&backend);
    assert_eq!(client.get("/seq").status, 418);
    // Other routes do not advance it.
    assert_eq!(client.get("/other/1").status, 200);
    assert_eq!(client.get("/seq").status, 200);
    for _ in 0..3 {
        assert_eq!(client.get("/seq").status, 404);
        assert_eq!(client.get("/other/2").status, 200);
    }
    // Routing the pattern again starts a fresh sequence.
    backend.route("/seq", Reply::Seq(vec![Reply::case("health"), Reply::Raw(NOT_FOUND.to_vec())]));
    assert_eq!(client.get("/seq").status, 200);
    assert_eq!(client.get("/seq").status, 404);
    assert_eq!(backend.connections(), 1);
    // A sequence can close the connection, and the next request gets the next reply.
    backend.route("/flaky", Reply::Seq(vec![Reply::Close, Reply::case("health")]));
    let mut client = Client::connect(&backend);
    client.send("GET", "/flaky", &[]);
    assert!(client.closed());
    let mut client = Client::connect(&backend);
    assert_eq!(client.get("/flaky").status, 200);
    // An empty sequence closes.
    backend.route("/empty", Reply::Seq(vec![]));
    let mut client = Client::connect(&backend);
    client.send("GET", "/empty", &[]);
    assert!(client.closed());
}

#[test]
fn trickle_sends_slowly_and_keeps_a_complete_response_alive() {
    let backend = start();
    let raw = backend.case("health").expect("the health case").to_vec();
    let every = Duration::from_millis(20);
    let chunk = raw.len() / 4 + 1;
    backend.route("/trickle", Reply::Trickle { bytes: raw.clone(), chunk, every });
    let mut client = Client::connect(&backend);
    let started = Instant::now();
    let resp = client.get("/trickle");
    assert_eq!(resp.status, 200);
    assert_eq!(resp.body, backend.case_body("health").unwrap());
    let chunks = raw.len().div_ceil(chunk) as u32;
    assert!(started.elapsed() >= every * (chunks - 1), "{:?}", started.elapsed());
    assert_eq!(client.get("/health").status, 200, "the connection stays open");
    // An incomplete trickle closes the connection after its last byte.
    backend.route(
        "/trickle-cut",
        Reply::Trickle {
            bytes: b"HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nabc".to_vec(),
            chunk: 8,
            every: Duration::from_millis(1),
        },
    );
    let mut client = Client::connect(&backend);
    client.send("GET", "/trickle-cut", &[]);
    let mut got = Vec::new();
    client.stream.read_to_end(&mut got).expect("read to EOF");
    assert!(got.ends_with(b"abc"));
    assert_eq!(backend.connections(), 2);
}

#[test]
fn reset_aborts_the_connection_without_an_answer() {
    let backend = start();
    backend.route("/reset", Reply::Reset);
    let mut client = Client::connect(&backend);
    client.send("GET", "/reset", &[]);
    let mut buf = [0u8; 64];
    let got = client.stream.read(&mut buf);
    if cfg!(any(target_os = "linux", target_os = "android", target_vendor = "apple")) {
        let err = got.expect_err("a reset, not a clean close");
        assert_eq!(err.kind(), std::io::ErrorKind::ConnectionReset, "{err}");
    } else {
        assert!(matches!(got, Ok(0) | Err(_)));
    }
    assert_eq!(backend.requests().len(), 1, "the request is recorded");
    // The backend goes on serving.
    assert_eq!(Client::connect(&backend).get("/health").status, 200);
}

#[test]
fn requests_are_stamped_in_order() {
    let backend = start();
    let before = Instant::now();
    let mut client = Client::connect(&backend);
    for _ in 0..3 {
        client.get("/health");
    }
    let reqs = backend.requests();
    assert_eq!(reqs.len(), 3);
    assert!(reqs[0].at >= before);
    assert!(reqs.windows(2).all(|w| w[0].at <= w[1].at));
    assert!(reqs[2].at <= Instant::now());
}
