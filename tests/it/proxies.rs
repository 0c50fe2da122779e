//! Helpers for the network tests: two std-only local proxies (an HTTP CONNECT proxy and a SOCKS5
//! proxy) that record what each client asked for and tunnel every connection to one fixed address,
//! an HTTPS fixture (`openssl s_server -WWW` over a CA and a server certificate made at test time),
//! and a few waiting helpers. Every thread is named and joined on drop; every child process started
//! here is killed (by its own handle) and reaped on drop.
#![allow(dead_code)] // shared by several test modules; not every module uses every helper

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Polls `cond` (every 2 ms) until it holds or `timeout` passes; returns whether it held.
pub fn wait_until(timeout: Duration, mut cond: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + timeout;
    loop {
        if cond() {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        thread::sleep(Duration::from_millis(2));
    }
}

/// Which protocol a [`Proxy`] speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `CONNECT host:port HTTP/1.1`, answered `200` (RFC 9110 §9.3.6).
    Connect,
    /// SOCKS5 `CONNECT` (RFC 1928), with no authentication or username/password (RFC 1929).
    Socks5,
}

/// What one client asked a proxy for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ask {
    /// CONNECT and SOCKS5: `host:port` as the client named it (a domain, an IPv4 address, or
    /// `[v6]`). A request in absolute form: its request-target (`http://host:port/path`).
    pub target: String,
    /// HTTP: the `Proxy-Authorization` header; SOCKS5: `user:password` from RFC 1929.
    pub auth: Option<String>,
    /// `CONNECT`, the method of a request in absolute form (`GET`), or `SOCKS5`.
    pub method: String,
    /// Whether the proxy refused it (a Squid-like proxy and a CONNECT to a port other than 443).
    pub refused: bool,
}

struct ProxyShared {
    kind: Kind,
    /// Like Squid's default configuration: CONNECT only to port 443.
    connect_443_only: bool,
    upstream: SocketAddr,
    asks: Mutex<Vec<Ask>>,
    connections: AtomicUsize,
    /// Set (under this lock) when the proxy stops; clones of every socket opened, to shut down.
    open: Mutex<(bool, Vec<TcpStream>)>,
    workers: Mutex<Vec<JoinHandle<()>>>,
}

impl ProxyShared {
    /// Keeps a clone of `s` to shut down on drop; false (and `s` shut down) if already stopping.
    fn register(&self, s: &TcpStream) -> bool {
        let mut open = lock(&self.open);
        if open.0 {
            let _ = s.shutdown(Shutdown::Both);
            return false;
        }
        if let Ok(c) = s.try_clone() {
            open.1.push(c);
        }
        true
    }

    fn stopped(&self) -> bool {
        lock(&self.open).0
    }
}

/// A local proxy on 127.0.0.1 that tunnels every accepted request, whatever host it names, to
/// `upstream`, so a made-up host name in a base URL reaches a local fixture only through it.
pub struct Proxy {
    shared: Arc<ProxyShared>,
    addr: SocketAddr,
    acceptor: Option<JoinHandle<()>>,
}

impl Proxy {
    /// Starts a proxy of `kind` that tunnels to `upstream`.
    pub fn start(kind: Kind, upstream: SocketAddr) -> Proxy {
        Proxy::start_with(kind, upstream, false)
    }

    fn start_with(kind: Kind, upstream: SocketAddr, connect_443_only: bool) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("proxy: cannot bind 127.0.0.1");
        let addr = listener.local_addr().expect("proxy: no local address");
        let shared = Arc::new(ProxyShared {
            kind,
            connect_443_only,
            upstream,
            asks: Mutex::new(Vec::new()),
            connections: AtomicUsize::new(0),
            open: Mutex::new((false, Vec::new())),
            workers: Mutex::new(Vec::new()),
        });
        let acceptor = {
            let shared = shared.clone();
            let name = match kind {
                Kind::Connect => "it-connect-proxy-accept",
                Kind::Socks5 => "it-socks5-proxy-accept",
            };
            thread::Builder::new()
                .name(name.into())
                .spawn(move || accept_loop(&listener, &shared))
                .expect("proxy: cannot spawn the accept thread")
        };
        Proxy { shared, addr, acceptor: Some(acceptor) }
    }

    /// A CONNECT proxy to `upstream`.
    pub fn connect(upstream: SocketAddr) -> Proxy {
        Proxy::start(Kind::Connect, upstream)
    }

    /// An HTTP proxy to `upstream` that, like Squid's default configuration, forwards requests in
    /// absolute form and refuses CONNECT to any port but 443 (`403`).
    pub fn squid(upstream: SocketAddr) -> Proxy {
        Proxy::start_with(Kind::Connect, upstream, true)
    }

    /// A SOCKS5 proxy to `upstream`.
    pub fn socks5(upstream: SocketAddr) -> Proxy {
        Proxy::start(Kind::Socks5, upstream)
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://127.0.0.1:PORT` or `socks5://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        match self.shared.kind {
            Kind::Connect => format!("http://{}", self.addr),
            Kind::Socks5 => format!("socks5://{}", self.addr),
        }
    }

    /// Every request for a tunnel so far, in order.
    pub fn asks(&self) -> Vec<Ask> {
        lock(&self.shared.asks).clone()
    }

    /// The targets of [`Proxy::asks`].
    pub fn targets(&self) -> Vec<String> {
        self.asks().into_iter().map(|a| a.target).collect()
    }

    /// TCP connections accepted so far.
    pub fn connections(&self) -> usize {
        self.shared.connections.load(Ordering::SeqCst)
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        let open = {
            let mut open = lock(&self.shared.open);
            open.0 = true;
            std::mem::take(&mut open.1)
        };
        if let Some(acceptor) = self.acceptor.take() {
            // Wake the blocking accept; it sees the stop flag and returns.
            let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
            let _ = acceptor.join();
        }
        for s in &open {
            let _ = s.shutdown(Shutdown::Both);
        }
        let workers = std::mem::take(&mut *lock(&self.shared.workers));
        for w in workers {
            let _ = w.join();
        }
    }
}

fn accept_loop(listener: &TcpListener, shared: &Arc<ProxyShared>) {
    for stream in listener.incoming() {
        if shared.stopped() {
            return;
        }
        let Ok(stream) = stream else { continue };
        let n = shared.connections.fetch_add(1, Ordering::SeqCst);
        if !shared.register(&stream) {
            return;
        }
        let worker = {
            let shared = shared.clone();
            thread::Builder::new().name(format!("it-proxy-conn-{n}")).spawn(move || {
                let _ = serve_proxy(stream, &shared);
            })
        };
        if let Ok(w) = worker {
            lock(&shared.workers).push(w);
        }
    }
}

/// One proxied connection: the handshake, then bytes both ways until either side closes; or, for
/// requests in absolute form, each request head rewritten to origin form and passed on.
fn serve_proxy(mut client: TcpStream, shared: &ProxyShared) -> io::Result<()> {
    let ask = match shared.kind {
        Kind::Connect => {
            let head = read_head(&mut client)?;
            let (ask, _) = parse_head(&head);
            if ask.method != "CONNECT" {
                return forward(client, head, shared);
            }
            let port = ask.target.rsplit(':').next().and_then(|p| p.parse::<u16>().ok());
            if shared.connect_443_only && port != Some(443) {
                lock(&shared.asks).push(Ask { refused: true, ..ask });
                client.write_all(b"HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")?;
                return Ok(());
            }
            ask
        }
        Kind::Socks5 => socks5_handshake(&mut client)?,
    };
    lock(&shared.asks).push(ask);
    let upstream = TcpStream::connect_timeout(&shared.upstream, Duration::from_secs(5));
    let reply: &[u8] = match (shared.kind, upstream.is_ok()) {
        (Kind::Connect, true) => b"HTTP/1.1 200 Connection established\r\n\r\n",
        (Kind::Connect, false) => b"HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n",
        (Kind::Socks5, true) => &[5, 0, 0, 1, 127, 0, 0, 1, 0, 0],
        // 5: connection refused.
        (Kind::Socks5, false) => &[5, 5, 0, 1, 0, 0, 0, 0, 0, 0],
    };
    client.write_all(reply)?;
    let upstream = upstream?;
    if !shared.register(&upstream) {
        return Ok(());
    }
    relay(client, upstream)
}

/// Copies bytes both ways; each direction's end is passed on as a write shutdown.
fn relay(client: TcpStream, upstream: TcpStream) -> io::Result<()> {
    let (mut from_up, mut to_client) = (upstream.try_clone()?, client.try_clone()?);
    let down = thread::Builder::new().name("it-proxy-relay".into()).spawn(move || {
        let _ = io::copy(&mut from_up, &mut to_client);
        let _ = to_client.shutdown(Shutdown::Write);
    })?;
    let (mut from_client, mut to_up) = (client, upstream);
    let _ = io::copy(&mut from_client, &mut to_up);
    let _ = to_up.shutdown(Shutdown::Write);
    let _ = down.join();
    Ok(())
}

/// Reads a request head byte by byte (nothing past it); `None` at a clean end of the stream.
fn read_head_or_end(client: &mut TcpStream) -> io::Result<Option<String>> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if head.len() > 64 * 1024 {
            return Err(io::Error::other("request head too large"));
        }
        if client.read(&mut byte)? == 0 {
            return if head.is_empty() {
                Ok(None)
            } else {
                Err(io::Error::new(io::ErrorKind::UnexpectedEof, "no complete request head"))
            };
        }
        head.push(byte[0]);
    }
    Ok(Some(String::from_utf8_lossy(&head).into_owned()))
}

fn read_head(client: &mut TcpStream) -> io::Result<String> {
    read_head_or_end(client)?.ok_or_else(|| io::Error::new(io::ErrorKind::UnexpectedEof, "no request"))
}

/// What a request head asks for, and the head as the origin server should get it: the request
/// line in origin form and without `Proxy-Authorization`.
fn parse_head(head: &str) -> (Ask, String) {
    let mut lines = head.split("\r\n");
    let first = lines.next().unwrap_or("");
    let mut parts = first.split(' ');
    let (method, target, version) =
        (parts.next().unwrap_or(""), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let mut auth = None;
    let mut rest = Vec::new();
    for l in lines {
        match l.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("proxy-authorization") => {
                auth = Some(value.trim().to_string());
            }
            _ => rest.push(l),
        }
    }
    let path = target.strip_prefix("http://").map_or(target, |t| t.find('/').map_or("/", |i| &t[i..]));
    let origin_form = format!("{method} {path} {version}\r\n{}", rest.join("\r\n"));
    let ask = Ask { target: target.to_string(), auth, method: method.to_string(), refused: false };
    (ask, origin_form)
}

/// Requests in absolute form, on one client connection: each head is recorded and passed on in
/// origin form to `upstream` (GETs: no bodies); the answers go back as they come.
fn forward(mut client: TcpStream, first: String, shared: &ProxyShared) -> io::Result<()> {
    let mut upstream = TcpStream::connect_timeout(&shared.upstream, Duration::from_secs(5))?;
    if !shared.register(&upstream) {
        return Ok(());
    }
    let (mut from_up, mut to_client) = (upstream.try_clone()?, client.try_clone()?);
    let down = thread::Builder::new().name("it-proxy-forward".into()).spawn(move || {
        let _ = io::copy(&mut from_up, &mut to_client);
        let _ = to_client.shutdown(Shutdown::Write);
    })?;
    let mut head = Some(first);
    while let Some(h) = head {
        let (ask, origin_form) = parse_head(&h);
        if !ask.target.starts_with("http://") {
            break;
        }
        lock(&shared.asks).push(ask);
        upstream.write_all(origin_form.as_bytes())?;
        head = read_head_or_end(&mut client).unwrap_or(None);
    }
    let _ = upstream.shutdown(Shutdown::Write);
    let _ = down.join();
    Ok(())
}

fn read_exact_vec(s: &mut TcpStream, n: usize) -> io::Result<Vec<u8>> {
    let mut buf = vec![0u8; n];
    s.read_exact(&mut buf)?;
    Ok(buf)
}

/// The SOCKS5 greeting, optional username/password, and the CONNECT request.
fn socks5_handshake(client: &mut TcpStream) -> io::Result<Ask> {
    let greeting = read_exact_vec(client, 2)?;
    if greeting[0] != 5 {
        return Err(io::Error::other("not SOCKS5"));
    }
    let methods = read_exact_vec(client, greeting[1] as usize)?;
    let mut auth = None;
    if methods.contains(&2) {
        client.write_all(&[5, 2])?;
        let ver_ulen = read_exact_vec(client, 2)?;
        let user = read_exact_vec(client, ver_ulen[1] as usize)?;
        let plen = read_exact_vec(client, 1)?;
        let pass = read_exact_vec(client, plen[0] as usize)?;
        auth = Some(format!("{}:{}", String::from_utf8_lossy(&user), String::from_utf8_lossy(&pass)));
        client.write_all(&[1, 0])?;
    } else if methods.contains(&0) {
        client.write_all(&[5, 0])?;
    } else {
        client.write_all(&[5, 0xff])?;
        return Err(io::Error::other("no acceptable SOCKS5 method"));
    }
    let req = read_exact_vec(client, 4)?;
    if req[0] != 5 || req[1] != 1 {
        // 7: command not supported.
        client.write_all(&[5, 7, 0, 1, 0, 0, 0, 0, 0, 0])?;
        return Err(io::Error::other("not a SOCKS5 CONNECT"));
    }
    let host = match req[3] {
        1 => {
            let a = read_exact_vec(client, 4)?;
            IpAddr::V4(Ipv4Addr::new(a[0], a[1], a[2], a[3])).to_string()
        }
        3 => {
            let len = read_exact_vec(client, 1)?;
            String::from_utf8_lossy(&read_exact_vec(client, len[0] as usize)?).into_owned()
        }
        4 => {
            let a: [u8; 16] = read_exact_vec(client, 16)?.try_into().expect("16 bytes");
            format!("[{}]", Ipv6Addr::from(a))
        }
        _ => return Err(io::Error::other("bad SOCKS5 address type")),
    };
    let port = read_exact_vec(client, 2)?;
    let port = u16::from_be_bytes([port[0], port[1]]);
    Ok(Ask { target: format!("{host}:{port}"), auth, method: "SOCKS5".into(), refused: false })
}

// ---------------------------------------------------------------------------------------------
// HTTPS fixture

/// A fresh directory under Cargo's per-target temp dir, removed on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    /// Creates `CARGO_TARGET_TMPDIR/<prefix>-<pid>-<n>`.
    pub fn new(prefix: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::SeqCst);
        let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{prefix}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap_or_else(|e| panic!("cannot create {}: {e}", path.display()));
        TempDir(path)
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `openssl` with `args` in `dir`; panics with its stderr (or a clear message when the
/// `openssl` CLI is missing).
fn openssl(dir: &Path, args: &[&str]) {
    let out = Command::new("openssl").args(args).current_dir(dir).stdin(Stdio::null()).output();
    let out = out.unwrap_or_else(|e| {
        panic!(
            "these tests need the `openssl` command-line tool on PATH to make a test CA and run an HTTPS fixture: {e}"
        )
    });
    assert!(out.status.success(), "openssl {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
}

/// A CA and a server certificate (for `localhost`, `oj.test` and 127.0.0.1) that it signed.
pub struct Pki {
    dir: TempDir,
}

impl Pki {
    /// The CA certificate (PEM).
    pub fn ca(&self) -> PathBuf {
        self.dir.path().join("ca.pem")
    }

    /// The server certificate (PEM).
    pub fn cert(&self) -> PathBuf {
        self.dir.path().join("server.pem")
    }

    /// The server key (PEM).
    pub fn key(&self) -> PathBuf {
        self.dir.path().join("server.key")
    }
}

/// The test CA, made once per test run (P-256 keys: quick to make, accepted by rustls).
pub fn pki() -> &'static Pki {
    static PKI: OnceLock<Pki> = OnceLock::new();
    PKI.get_or_init(|| {
        // A static is never dropped: remove what earlier runs left (an hour old is surely done).
        if let Ok(entries) = std::fs::read_dir(env!("CARGO_TARGET_TMPDIR")) {
            for e in entries.flatten() {
                let old = e
                    .metadata()
                    .and_then(|m| m.modified())
                    .is_ok_and(|t| t.elapsed().is_ok_and(|age| age > Duration::from_secs(3600)));
                if old && e.file_name().to_string_lossy().starts_with("it-pki-") {
                    let _ = std::fs::remove_dir_all(e.path());
                }
            }
        }
        let dir = TempDir::new("it-pki");
        let d = dir.path();
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"];
        let mut ca = vec!["req", "-x509"];
        ca.extend(ec);
        ca.extend(["-keyout", "ca.key", "-out", "ca.pem", "-days", "3", "-subj", "/CN=oj-mcp-rs test CA"]);
        openssl(d, &ca);
        let mut csr = vec!["req"];
        csr.extend(ec);
        csr.extend(["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost"]);
        openssl(d, &csr);
        std::fs::write(
            d.join("ext.cnf"),
            "subjectAltName=DNS:localhost,DNS:oj.test,IP:127.0.0.1\nbasicConstraints=critical,CA:FALSE\n\
             keyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n",
        )
        .expect("write ext.cnf");
        openssl(
            d,
            &[
                "x509",
                "-req",
                "-in",
                "server.csr",
                "-CA",
                "ca.pem",
                "-CAkey",
                "ca.key",
                "-CAcreateserial",
                "-out",
                "server.pem",
                "-days",
                "3",
                "-extfile",
                "ext.cnf",
            ],
        );
        Pki { dir }
    })
}

/// `openssl s_server -WWW` on 127.0.0.1: answers `GET /path` with `HTTP/1.0 200` and the bytes
/// of the file `path` under its web root, one connection at a time.
pub struct Https {
    root: TempDir,
    child: Child,
    port: u16,
    stdout: Option<JoinHandle<()>>,
}

impl Https {
    /// Serves `files` (`(path, bytes)`, paths relative, without a leading slash) with the
    /// certificate of [`pki`].
    pub fn start(files: &[(&str, &[u8])]) -> Https {
        let pki = pki();
        let root = TempDir::new("it-https");
        for (path, bytes) in files {
            let p = root.path().join(path);
            std::fs::create_dir_all(p.parent().expect("a parent")).expect("create the web root");
            std::fs::write(&p, bytes).expect("write a served file");
        }
        // A port that was free a moment ago; another process may take it first, so try again.
        for _ in 0..5 {
            let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
            let mut child = Command::new("openssl")
                .args(["s_server", "-WWW", "-accept", &format!("127.0.0.1:{port}"), "-cert"])
                .arg(pki.cert())
                .arg("-key")
                .arg(pki.key())
                .current_dir(root.path())
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap_or_else(|e| panic!("these tests need the `openssl` command-line tool on PATH: {e}"));
            // It prints ACCEPT once it listens; a failed bind ends it without that line.
            let (tx, rx) = mpsc::channel();
            let out = child.stdout.take().expect("stdout");
            let reader = thread::Builder::new()
                .name("it-s_server-stdout".into())
                .spawn(move || {
                    for line in BufReader::new(out).lines() {
                        let Ok(line) = line else { break };
                        if line.trim() == "ACCEPT" {
                            let _ = tx.send(());
                        }
                    }
                })
                .expect("s_server reader thread");
            if rx.recv_timeout(Duration::from_secs(10)).is_ok() {
                return Https { root, child, port, stdout: Some(reader) };
            }
            let _ = child.kill();
            let _ = child.wait();
            let _ = reader.join();
        }
        panic!("openssl s_server did not start listening");
    }

    /// Serves one problem, the fixture `problem_lc_1_two_sum`, at `/api/v1/problems/leetcode/1`.
    pub fn two_sum() -> Https {
        Https::start(&[("api/v1/problems/leetcode/1", &two_sum_body())])
    }

    /// Its port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// `https://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("https://127.0.0.1:{}", self.port)
    }
}

impl Drop for Https {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(r) = self.stdout.take() {
            let _ = r.join();
        }
    }
}

/// The JSON body of the fixture case `problem_lc_1_two_sum` (LeetCode 1, "Two Sum").
pub fn two_sum_body() -> Vec<u8> {
    let path = crate::backend::fixtures_dir().join("problem_lc_1_two_sum.http");
    let raw = std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let at = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("a response head");
    raw[at + 4..].to_vec()
}
