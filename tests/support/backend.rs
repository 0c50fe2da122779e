//! Fixture backend: a std-only HTTP/1.1 server on 127.0.0.1 that replays `tests/fixtures/*.http`.
//!
//! Included as a module by the integration tests (`#[path = "../support/backend.rs"] mod backend;`)
//! and by the examples (`#[path = "../tests/support/backend.rs"] mod backend;`). It routes a
//! request-target through programmatic overrides ([`Backend::route`]) and then `INDEX.tsv`: an
//! exact target wins over a `*` prefix, a longer prefix over a shorter one. Connections are kept
//! alive, one named thread each; dropping the [`Backend`] stops and joins every thread.
#![allow(dead_code)]

use std::collections::HashMap;
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// Largest request head (request line and headers) accepted; a longer one gets a 431.
const MAX_HEAD: usize = 64 * 1024;
/// Largest request body accepted (it is read and discarded); a longer one gets a 413.
const MAX_BODY: usize = 1024 * 1024;
/// How often an idle connection thread looks at the stop flag.
const IDLE_POLL: Duration = Duration::from_millis(100);

/// What an unrouted target gets, like the real backend's unknown routes.
pub const NOT_FOUND: &[u8] = b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n";
/// What a routed target gets for a method its INDEX row does not name (the `method_not_allowed`
/// case when the fixtures have it).
pub const METHOD_NOT_ALLOWED: &[u8] =
    b"HTTP/1.1 405 Method Not Allowed\r\nallow: GET,HEAD\r\ncontent-length: 0\r\n\r\n";
/// Body of the 401 sent when a token is set and the request lacks `authorization: Bearer <token>`
/// (the `unauthorized` case when the fixtures have it, else a built-in response with this body).
pub const UNAUTHORIZED_BODY: &str =
    r#"{"type":"about:blank","title":"Unauthorized","status":401,"detail":"missing or invalid token"}"#;

/// One request as the backend read it.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    /// The request-target exactly as sent (path and query, still percent-encoded).
    pub target: String,
    /// Header names lowercased, values trimmed, in the order sent.
    pub headers: Vec<(String, String)>,
    /// Number of the TCP connection it came on, counting from 0.
    pub conn: usize,
    /// When the backend finished reading it.
    pub at: Instant,
}

impl Request {
    /// The first value of header `name` (give it lowercased).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// How to answer a matched request.
#[derive(Clone, Debug)]
pub enum Reply {
    /// The fixture case of that name (`NAME.http`), written as is.
    Case(String),
    /// These bytes, written as is; the connection stays open only if they are one complete
    /// response with a correct `content-length`.
    Raw(Vec<u8>),
    /// Read the request and never answer, until the backend is dropped.
    Hang,
    /// Read the request and close the connection without answering.
    Close,
    /// Wait this long (cut short when the backend is dropped), then answer with the inner reply.
    Delay(Duration, Box<Reply>),
    /// Successive requests matched by the route get successive replies; once they run out, the
    /// last one answers every further request. (An empty list answers like [`Reply::Close`].)
    Seq(Vec<Reply>),
    /// These bytes, `chunk` bytes at a time with a pause of `every` before each chunk after the
    /// first (cut short when the backend is dropped); the connection stays open as for
    /// [`Reply::Raw`].
    Trickle { bytes: Vec<u8>, chunk: usize, every: Duration },
    /// Read the request and abort the connection with a TCP reset (RST) instead of an answer. On
    /// platforms where that cannot be done without a dependency it closes like [`Reply::Close`].
    Reset,
}

impl Reply {
    /// Shorthand for [`Reply::Case`].
    pub fn case(name: &str) -> Reply {
        Reply::Case(name.to_string())
    }

    /// The reply for the `n`th request (from 0) a route answers: a [`Reply::Seq`] picks its
    /// element, anywhere in the reply.
    fn pick(&self, n: usize) -> Reply {
        match self {
            Reply::Seq(replies) => match replies.get(n).or(replies.last()) {
                Some(reply) => reply.pick(n),
                None => Reply::Close,
            },
            Reply::Delay(d, inner) => Reply::Delay(*d, Box::new(inner.pick(n))),
            other => other.clone(),
        }
    }

    /// Whether answering ends in a [`Reply::Reset`].
    fn resets(&self) -> bool {
        match self {
            Reply::Reset => true,
            Reply::Delay(_, inner) => inner.resets(),
            _ => false,
        }
    }
}

struct Route {
    /// Exact target, or a prefix followed by `*`.
    pattern: String,
    /// `None` answers any method.
    method: Option<String>,
    reply: Reply,
    /// Requests this route has answered, for [`Reply::Seq`].
    hits: AtomicUsize,
}

/// Everything the accept loop and the connection threads share.
struct Shared {
    cases: HashMap<String, Vec<u8>>,
    index: Vec<Route>,
    overrides: Mutex<Vec<Route>>,
    token: Mutex<Option<String>>,
    requests: Mutex<Vec<Request>>,
    connections: AtomicUsize,
    stopped: Mutex<bool>,
    stop_signal: Condvar,
    /// Clones of the open connections' sockets, to shut them down on drop.
    open: Mutex<HashMap<usize, TcpStream>>,
    workers: Mutex<Vec<JoinHandle<()>>>,
}

/// A running fixture backend; dropping it stops the server and joins its threads.
pub struct Backend {
    shared: Arc<Shared>,
    addr: SocketAddr,
    acceptor: Option<JoinHandle<()>>,
}

/// `CARGO_MANIFEST_DIR/tests/fixtures`.
pub fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("fixtures")
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panicking test thread must not take the backend down with it.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Backend {
    /// Loads `INDEX.tsv` and every `*.http` in `fixtures_dir` and serves them on 127.0.0.1:0.
    pub fn start(fixtures_dir: &Path) -> Backend {
        Backend::start_on(fixtures_dir, 0)
    }

    /// Like [`Backend::start`] on a chosen port (0: any free one).
    pub fn start_on(fixtures_dir: &Path, port: u16) -> Backend {
        let (cases, index) = load(fixtures_dir);
        let listener = TcpListener::bind(("127.0.0.1", port)).expect("fixture backend: cannot bind 127.0.0.1");
        let addr = listener.local_addr().expect("fixture backend: no local address");
        let shared = Arc::new(Shared {
            cases,
            index,
            overrides: Mutex::new(Vec::new()),
            token: Mutex::new(None),
            requests: Mutex::new(Vec::new()),
            connections: AtomicUsize::new(0),
            stopped: Mutex::new(false),
            stop_signal: Condvar::new(),
            open: Mutex::new(HashMap::new()),
            workers: Mutex::new(Vec::new()),
        });
        let acceptor = {
            let shared = Arc::clone(&shared);
            thread::Builder::new()
                .name("fixture-backend-accept".into())
                .spawn(move || accept_loop(&listener, &shared))
                .expect("fixture backend: cannot spawn the accept thread")
        };
        Backend { shared, addr, acceptor: Some(acceptor) }
    }

    /// Requires `authorization: Bearer <token>` on every target but `/health`; others get a 401.
    pub fn with_token(self, token: &str) -> Backend {
        *lock(&self.shared.token) = Some(token.to_string());
        self
    }

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The address the backend listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Answers `pattern` (exact target, or prefix ending in `*`) with `reply`, for any method.
    /// Overrides take precedence over `INDEX.tsv`; the same pattern routed again replaces it.
    pub fn route(&self, pattern: &str, reply: Reply) {
        let mut overrides = lock(&self.shared.overrides);
        overrides.retain(|r| r.pattern != pattern);
        overrides.push(Route { pattern: pattern.to_string(), method: None, reply, hits: AtomicUsize::new(0) });
    }

    /// Every request read so far, in order.
    pub fn requests(&self) -> Vec<Request> {
        lock(&self.shared.requests).clone()
    }

    /// TCP connections accepted so far.
    pub fn connections(&self) -> usize {
        self.shared.connections.load(Ordering::SeqCst)
    }

    /// Forgets the recorded requests (the connection count stays).
    pub fn clear(&self) {
        lock(&self.shared.requests).clear();
    }

    /// The raw bytes of fixture case `name` (status line, headers and body).
    pub fn case(&self, name: &str) -> Option<&[u8]> {
        self.shared.cases.get(name).map(Vec::as_slice)
    }

    /// The body of fixture case `name`.
    pub fn case_body(&self, name: &str) -> Option<&[u8]> {
        let raw = self.case(name)?;
        find(raw, b"\r\n\r\n", 0).map(|end| &raw[end + 4..])
    }

    /// Names of all loaded fixture cases, sorted.
    pub fn case_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.shared.cases.keys().cloned().collect();
        names.sort();
        names
    }
}

impl Drop for Backend {
    fn drop(&mut self) {
        *lock(&self.shared.stopped) = true;
        self.shared.stop_signal.notify_all();
        if let Some(acceptor) = self.acceptor.take() {
            // Wake the blocking accept; it sees the stop flag and returns.
            let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
            let _ = acceptor.join();
        }
        // No new connection threads from here on. Unblock the ones reading or writing.
        for stream in lock(&self.shared.open).values() {
            let _ = stream.shutdown(Shutdown::Both);
        }
        let workers = std::mem::take(&mut *lock(&self.shared.workers));
        for worker in workers {
            let _ = worker.join();
        }
    }
}

impl Shared {
    fn is_stopped(&self) -> bool {
        *lock(&self.stopped)
    }

    /// Waits up to `d`; returns false if the backend was stopped meanwhile.
    fn pause(&self, d: Duration) -> bool {
        let stopped = lock(&self.stopped);
        let (stopped, _) =
            self.stop_signal.wait_timeout_while(stopped, d, |s| !*s).unwrap_or_else(PoisonError::into_inner);
        !*stopped
    }

    /// Blocks until the backend is stopped.
    fn wait_for_stop(&self) {
        let stopped = lock(&self.stopped);
        let _stopped = self.stop_signal.wait_while(stopped, |s| !*s).unwrap_or_else(PoisonError::into_inner);
    }

    /// The reply for a request, after the token check.
    fn choose(&self, req: &Request) -> Reply {
        if let Some(token) = lock(&self.token).as_deref() {
            let path = req.target.split('?').next().unwrap_or("");
            let expected = format!("Bearer {token}");
            if path != "/health" && req.header("authorization") != Some(expected.as_str()) {
                if self.cases.contains_key("unauthorized") {
                    return Reply::case("unauthorized");
                }
                return Reply::Raw(unauthorized());
            }
        }
        if let Some(route) = best(&lock(&self.overrides), &req.target) {
            return route.reply.pick(route.hits.fetch_add(1, Ordering::SeqCst));
        }
        match best(&self.index, &req.target) {
            Some(route) if route.method.as_deref().is_none_or(|m| m == req.method) => route.reply.clone(),
            Some(_) if self.cases.contains_key("method_not_allowed") => Reply::case("method_not_allowed"),
            Some(_) => Reply::Raw(METHOD_NOT_ALLOWED.to_vec()),
            None => Reply::Raw(NOT_FOUND.to_vec()),
        }
    }
}

fn unauthorized() -> Vec<u8> {
    format!(
        "HTTP/1.1 401 Unauthorized\r\ncontent-type: application/problem+json\r\n\
         vary: origin, access-control-request-method, access-control-request-headers\r\n\
         access-control-allow-origin: *\r\ncontent-length: {}\r\n\r\n{}",
        UNAUTHORIZED_BODY.len(),
        UNAUTHORIZED_BODY
    )
    .into_bytes()
}

/// The best route for `target`: an exact pattern, else the longest matching `*` prefix; among
/// equals the one added last.
fn best<'a>(routes: &'a [Route], target: &str) -> Option<&'a Route> {
    let mut found: Option<(&Route, usize)> = None;
    for route in routes {
        let rank = match route.pattern.strip_suffix('*') {
            Some(prefix) if target.starts_with(prefix) => prefix.len(),
            Some(_) => continue,
            None if route.pattern == target => usize::MAX,
            None => continue,
        };
        if found.is_none_or(|(_, r)| rank >= r) {
            found = Some((route, rank));
        }
    }
    found.map(|(route, _)| route)
}

/// Reads every `*.http` in `dir` and the routes of `dir/INDEX.tsv`.
fn load(dir: &Path) -> (HashMap<String, Vec<u8>>, Vec<Route>) {
    let mut cases = HashMap::new();
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("fixture backend: cannot read {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("fixture backend: bad directory entry").path();
        if path.extension().is_some_and(|e| e == "http") {
            let name = path
                .file_stem()
                .and_then(|s| s.to_str())
                .expect("fixture backend: case file names are UTF-8")
                .to_string();
            let bytes =
                std::fs::read(&path).unwrap_or_else(|e| panic!("fixture backend: cannot read {}: {e}", path.display()));
            cases.insert(name, bytes);
        }
    }
    let index_path = dir.join("INDEX.tsv");
    let index = std::fs::read_to_string(&index_path)
        .unwrap_or_else(|e| panic!("fixture backend: cannot read {}: {e}", index_path.display()));
    let mut routes = Vec::new();
    for (n, line) in index.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') || line.starts_with("method\t") {
            continue;
        }
        let mut cols = line.split('\t');
        let (Some(method), Some(target), Some(case)) = (cols.next(), cols.next(), cols.next()) else {
            panic!("fixture backend: INDEX.tsv line {}: expected method, target, case", n + 1);
        };
        assert!(
            cases.contains_key(case),
            "fixture backend: INDEX.tsv line {} names case {case:?} but {case}.http is missing",
            n + 1
        );
        if method == "-" || target == "-" {
            continue;
        }
        routes.push(Route {
            pattern: target.to_string(),
            method: Some(method.to_string()),
            reply: Reply::Case(case.to_string()),
            hits: AtomicUsize::new(0),
        });
    }
    (cases, routes)
}

fn accept_loop(listener: &TcpListener, shared: &Arc<Shared>) {
    for stream in listener.incoming() {
        if shared.is_stopped() {
            return;
        }
        let Ok(stream) = stream else { continue };
        let conn = shared.connections.fetch_add(1, Ordering::SeqCst);
        if let Ok(clone) = stream.try_clone() {
            lock(&shared.open).insert(conn, clone);
        }
        let worker = {
            let shared = Arc::clone(shared);
            thread::Builder::new().name(format!("fixture-backend-conn-{conn}")).spawn(move || {
                serve(stream, conn, &shared);
                lock(&shared.open).remove(&conn);
            })
        };
        let mut workers = lock(&shared.workers);
        // Reap finished connection threads so a long benchmark does not pile them up.
        let (done, running): (Vec<_>, Vec<_>) =
            std::mem::take(&mut *workers).into_iter().partition(|w| w.is_finished());
        *workers = running;
        if let Ok(worker) = worker {
            workers.push(worker);
        } else {
            lock(&shared.open).remove(&conn);
        }
        drop(workers);
        for w in done {
            let _ = w.join();
        }
    }
}

/// Why reading a request stopped.
enum ReadError {
    /// Peer closed, socket error, or the backend is stopping: just close.
    Gone,
    /// Malformed or oversized request: answer this, then close.
    Reject(&'static [u8]),
}

/// Serves requests on one connection until the peer closes, a reply closes, or the backend stops.
fn serve(mut stream: TcpStream, conn: usize, shared: &Shared) {
    let _ = stream.set_read_timeout(Some(IDLE_POLL));
    let _ = stream.set_nodelay(true);
    let mut buf = Vec::new();
    loop {
        let req = match read_request(&mut stream, &mut buf, conn, shared) {
            Ok(req) => req,
            Err(ReadError::Gone) => return,
            Err(ReadError::Reject(answer)) => {
                let _ = stream.write_all(answer);
                return;
            }
        };
        let close_after = req.header("connection").is_some_and(|v| v.eq_ignore_ascii_case("close"));
        lock(&shared.requests).push(req.clone());
        let reply = shared.choose(&req);
        let resets = reply.resets();
        if !answer(&mut stream, reply, shared) || close_after {
            // A reset must not be preceded by a FIN: closing the socket (on return) sends it.
            if !resets {
                let _ = stream.shutdown(Shutdown::Both);
            }
            return;
        }
    }
}

/// Reads one request (head and body) from `stream`, keeping extra bytes in `buf`.
fn read_request(stream: &mut TcpStream, buf: &mut Vec<u8>, conn: usize, shared: &Shared) -> Result<Request, ReadError> {
    let mut scanned = 0;
    let head_end = loop {
        if let Some(pos) = find(buf, b"\r\n\r\n", scanned) {
            break pos + 4;
        }
        if buf.len() > MAX_HEAD {
            return Err(ReadError::Reject(
                b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
            ));
        }
        scanned = buf.len().saturating_sub(3);
        fill(stream, buf, shared)?;
    };
    if head_end > MAX_HEAD {
        return Err(ReadError::Reject(
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
        ));
    }
    const BAD: &[u8] = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\nconnection: close\r\n\r\n";
    let head = std::str::from_utf8(&buf[..head_end - 4]).map_err(|_| ReadError::Reject(BAD))?;
    let mut lines = head.split("\r\n");
    let mut parts = lines.next().unwrap_or("").split(' ');
    let (Some(method), Some(target), Some(version), None) = (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(ReadError::Reject(BAD));
    };
    let target_ok = target.starts_with('/') || target == "*";
    if method.is_empty() || !target_ok || !version.starts_with("HTTP/1.") {
        return Err(ReadError::Reject(BAD));
    }
    let mut headers = Vec::new();
    for line in lines {
        let (name, value) = line.split_once(':').ok_or(ReadError::Reject(BAD))?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
    }
    let req = Request { method: method.to_string(), target: target.to_string(), headers, conn, at: Instant::now() };
    if req.header("transfer-encoding").is_some() {
        return Err(ReadError::Reject(
            b"HTTP/1.1 501 Not Implemented\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
        ));
    }
    let body_len = match req.header("content-length") {
        None => 0,
        Some(v) => v.parse::<usize>().map_err(|_| ReadError::Reject(BAD))?,
    };
    if body_len > MAX_BODY {
        return Err(ReadError::Reject(
            b"HTTP/1.1 413 Content Too Large\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
        ));
    }
    while buf.len() < head_end + body_len {
        fill(stream, buf, shared)?;
    }
    buf.drain(..head_end + body_len);
    Ok(req)
}

/// Appends what the socket has to `buf`, waiting (and watching the stop flag) until it has some.
fn fill(stream: &mut TcpStream, buf: &mut Vec<u8>, shared: &Shared) -> Result<(), ReadError> {
    let mut chunk = [0u8; 16 * 1024];
    loop {
        if shared.is_stopped() {
            return Err(ReadError::Gone);
        }
        match stream.read(&mut chunk) {
            Ok(0) => return Err(ReadError::Gone),
            Ok(n) => {
                buf.extend_from_slice(&chunk[..n]);
                return Ok(());
            }
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut | ErrorKind::Interrupted) => {}
            Err(_) => return Err(ReadError::Gone),
        }
    }
}

/// Sends `reply`; returns whether the connection can serve another request.
fn answer(stream: &mut TcpStream, reply: Reply, shared: &Shared) -> bool {
    match reply {
        Reply::Case(name) => match shared.cases.get(&name) {
            Some(bytes) => stream.write_all(bytes).and_then(|()| stream.flush()).is_ok(),
            None => {
                let body = format!("fixture backend: no case named {name:?}\n");
                eprintln!("{}", body.trim_end());
                let head = format!(
                    "HTTP/1.1 500 Internal Server Error\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: {}\r\n\r\n",
                    body.len()
                );
                stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(body.as_bytes())).is_ok()
            }
        },
        Reply::Raw(bytes) => stream.write_all(&bytes).and_then(|()| stream.flush()).is_ok() && is_complete(&bytes),
        Reply::Hang => {
            shared.wait_for_stop();
            false
        }
        Reply::Close => false,
        Reply::Delay(d, inner) => shared.pause(d) && answer(stream, *inner, shared),
        Reply::Seq(_) => {
            // `choose` resolves a sequence; one reaching here answers its first element.
            let first = reply.pick(0);
            answer(stream, first, shared)
        }
        Reply::Trickle { bytes, chunk, every } => {
            for (i, part) in bytes.chunks(chunk.max(1)).enumerate() {
                if i > 0 && !shared.pause(every) {
                    return false;
                }
                if stream.write_all(part).and_then(|()| stream.flush()).is_err() {
                    return false;
                }
            }
            is_complete(&bytes)
        }
        Reply::Reset => {
            reset(stream);
            false
        }
    }
}

/// Makes the coming close send a TCP reset: `SO_LINGER` with a zero timeout.
#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
fn reset(stream: &TcpStream) {
    use std::ffi::{c_int, c_void};
    use std::os::fd::AsRawFd;

    #[repr(C)]
    struct Linger {
        onoff: c_int,
        seconds: c_int,
    }
    unsafe extern "C" {
        fn setsockopt(fd: c_int, level: c_int, name: c_int, value: *const c_void, len: u32) -> c_int;
    }
    #[cfg(any(target_os = "linux", target_os = "android"))]
    const SOL_SOCKET_SO_LINGER: (c_int, c_int) = (1, 13);
    #[cfg(target_vendor = "apple")]
    const SOL_SOCKET_SO_LINGER: (c_int, c_int) = (0xffff, 0x80);
    let linger = Linger { onoff: 1, seconds: 0 };
    let (level, name) = SOL_SOCKET_SO_LINGER;
    // SAFETY: a valid socket descriptor and a `struct linger` of the size passed.
    let rc = unsafe {
        setsockopt(stream.as_raw_fd(), level, name, (&raw const linger).cast(), std::mem::size_of::<Linger>() as u32)
    };
    if rc != 0 {
        eprintln!("fixture backend: SO_LINGER failed: {}", std::io::Error::last_os_error());
    }
}

/// Elsewhere a reset falls back to a plain close.
#[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
fn reset(_stream: &TcpStream) {}

/// Whether `bytes` is exactly one response whose `content-length` covers the rest.
fn is_complete(bytes: &[u8]) -> bool {
    let Some(pos) = find(bytes, b"\r\n\r\n", 0) else {
        return false;
    };
    let Ok(head) = std::str::from_utf8(&bytes[..pos]) else {
        return false;
    };
    let length = head.split("\r\n").skip(1).find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.trim().eq_ignore_ascii_case("content-length").then(|| value.trim().parse::<usize>().ok()).flatten()
    });
    length == Some(bytes.len() - pos - 4)
}

/// Position of `needle` in `hay`, searching from `from`.
fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    hay.get(from..)?.windows(needle.len()).position(|w| w == needle).map(|p| p + from)
}
