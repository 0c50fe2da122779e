//! What one run of the server over arbitrary stdin bytes must guarantee, checked in memory: the
//! real read loop (`server::run`, so `mcp::read_line`, `mcp::parse` and `Server::handle`) with a
//! worker pool, an in-memory stdout, and a backend URL where nothing listens (no traffic leaves
//! the machine: a connection to 127.0.0.1:9 is refused at once).
//!
//! Shared by the cargo-fuzz targets (`fuzz/fuzz_targets/`) and the dependency-free mutation fuzzer
//! (`tests/fuzz_dispatch.rs`, which includes this file with `#[path]`). The invariants:
//! - `run` returns `Ok`, and every call still running finishes within [`GRACE`] of EOF (no hang);
//! - stdout is whole lines, each JSON: a JSON-RPC 2.0 response (`id`, exactly one of
//!   `result`/`error`, an error with an integer code and a string message), a non-empty array of
//!   them, or a `notifications/progress`;
//! - every request gets exactly one reply with its id (a slow one that a `notifications/cancelled`
//!   names: at most one, alone or in a batch), every unreadable line or entry one error, every
//!   batch with a request or an error one array whose entries are the batch's, in order, less
//!   the cancelled ones (a batch whose every entry was cancelled: no array); nothing else is
//!   written;
//! - reading is independent of how stdin is chunked (the server reads through a `BufReader` of a
//!   capacity drawn from the input, the expectation is computed from the whole slice);
//! - no thread panics (the fuzz targets abort on panic; the test counts panics with a hook).
#![allow(dead_code)]

use std::collections::{HashMap, HashSet};
use std::io::{self, BufReader, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Once, PoisonError};
use std::time::Duration;

use oj_mcp_rs::cli::{self, Command};
use oj_mcp_rs::client::Client;
use oj_mcp_rs::log::{self, Level};
use oj_mcp_rs::mcp::{self, Incoming, Message, RequestId};
use oj_mcp_rs::server::{self, Outbox, Pool, Server};
use serde_json::Value;

/// Where the backend "is": nothing listens there.
pub const DEAD_URL: &str = "http://127.0.0.1:9";
/// The fixed clock (2026-11-21T23:30:00Z).
pub const NOW: i64 = 1_795_303_800;
/// How long calls may still run after EOF before it counts as a hang.
pub const GRACE: Duration = Duration::from_secs(20);
/// The error codes the server may send.
pub const CODES: [i64; 6] = [-32700, -32600, -32601, -32602, -32603, -32022];

/// Figures of one run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    /// Input lines read (including unreadable ones).
    pub lines: usize,
    /// Requests, single or batched.
    pub requests: usize,
    /// Reply lines written.
    pub replies: usize,
    /// Batch replies among them.
    pub batches: usize,
    /// Progress notifications written.
    pub notifications: usize,
    /// Requests whose reply a cancellation may have suppressed, and was.
    pub cancelled: usize,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.lines += o.lines;
        self.requests += o.requests;
        self.replies += o.replies;
        self.batches += o.batches;
        self.notifications += o.notifications;
        self.cancelled += o.cancelled;
    }
}

/// Once per process: error-level logging only (the server logs every bad line at WARN).
pub fn init() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| log::set_level(Level::Error));
}

static PANICS: AtomicUsize = AtomicUsize::new(0);
static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

/// Counts panics on every thread (for the test; the fuzz targets abort on panic instead).
pub fn count_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::SeqCst);
            *LAST_PANIC.lock().unwrap_or_else(PoisonError::into_inner) = info.to_string();
            default(info);
        }));
    });
}

/// A server whose backend refuses connections.
pub fn dead_server() -> Arc<Server> {
    let env = |_: &str| -> Option<String> { None };
    let config = match cli::parse(["--base-url", DEAD_URL, "--timeout", "5", "--retries", "0"], &env) {
        Ok(Command::Run(c)) => c,
        other => panic!("cannot configure the server: {other:?}"),
    };
    Arc::new(Server::new(Client::new(&config), Box::new(|| NOW)))
}

/// An in-memory stdout.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The capacity of the reader the server reads through: drawn from the input, so that runs
/// over the same bytes are the same, and `\n`, `\r\n` and UTF-8 sequences fall across chunk
/// boundaries.
fn chunk_size(input: &[u8]) -> usize {
    const SIZES: [usize; 6] = [1, 2, 3, 7, 64, 8192];
    let h = input.iter().fold(input.len(), |h, &b| h.wrapping_mul(31).wrapping_add(b as usize));
    SIZES[h % SIZES.len()]
}

/// Runs the server over `input` and returns what it wrote to stdout.
pub fn run_server(input: &[u8]) -> Result<Vec<u8>, String> {
    init();
    let server = dead_server();
    let sink = Sink::default();
    let outbox = Arc::new(Outbox::new(Box::new(sink.clone())));
    let pool = Pool::new(server::WORKERS);
    let mut reader = BufReader::with_capacity(chunk_size(input), input);
    server::run(&server, &mut reader, &outbox, &pool).map_err(|e| format!("run failed: {e}"))?;
    if !pool.shutdown(GRACE) {
        return Err(format!("a hang: calls still running {GRACE:?} after EOF"));
    }
    if outbox.is_closed() {
        return Err("the in-memory stdout was marked closed".into());
    }
    let out = sink.0.lock().unwrap_or_else(PoisonError::into_inner).clone();
    Ok(out)
}

/// What the output must hold, computed from the input alone.
#[derive(Default)]
struct Expected {
    /// Single replies by id (as JSON text; `null` for unreadable ones): (required, optional).
    singles: HashMap<String, (usize, usize)>,
    /// Batch replies: each batch's entries in order, as (id, whether a cancellation may drop it).
    batches: Vec<Vec<(Value, bool)>>,
    stats: Stats,
}

fn key(id: Option<&RequestId>) -> String {
    id.map_or(Value::Null, RequestId::to_value).to_string()
}

fn cancelled_id(m: &Message) -> Option<String> {
    match m {
        Message::Notification(n) if n.method == "notifications/cancelled" => {
            let id = n.params.as_ref()?.get("requestId").and_then(RequestId::from_value)?;
            Some(key(Some(&id)))
        }
        _ => None,
    }
}

fn expect(input: &[u8]) -> Result<Expected, String> {
    let mut reader = input;
    let mut lines = Vec::new();
    while let Some(line) = mcp::read_line(&mut reader, mcp::MAX_LINE_BYTES).map_err(|e| e.to_string())? {
        lines.push(match line {
            Ok(text) => Ok(mcp::parse(&text)),
            Err(e) => Err(e),
        });
    }
    let mut cancels = HashSet::new();
    for line in lines.iter().flatten() {
        match line {
            Incoming::Single(Ok(m)) => cancels.extend(cancelled_id(m)),
            Incoming::Batch(items) => cancels.extend(items.iter().flatten().filter_map(cancelled_id)),
            Incoming::Single(Err(_)) => {}
        }
    }
    let mut x = Expected::default();
    x.stats.lines = lines.len();
    for line in lines {
        match line {
            Err(e) => x.singles.entry(key(e.response().id.as_ref())).or_default().0 += 1,
            Ok(Incoming::Single(Err(resp))) => x.singles.entry(key(resp.id.as_ref())).or_default().0 += 1,
            Ok(Incoming::Single(Ok(Message::Request(req)))) => {
                x.stats.requests += 1;
                let k = key(Some(&req.id));
                let slot = x.singles.entry(k.clone()).or_default();
                if Server::is_slow(&req.method) && cancels.contains(&k) {
                    slot.1 += 1;
                } else {
                    slot.0 += 1;
                }
            }
            Ok(Incoming::Single(Ok(_))) => {}
            Ok(Incoming::Batch(items)) => {
                let ids: Vec<(Value, bool)> = items
                    .iter()
                    .filter_map(|item| match item {
                        Err(resp) => Some((resp.id.as_ref().map_or(Value::Null, RequestId::to_value), false)),
                        Ok(Message::Request(r)) => {
                            let cancellable = Server::is_slow(&r.method) && cancels.contains(&key(Some(&r.id)));
                            Some((r.id.to_value(), cancellable))
                        }
                        Ok(_) => None,
                    })
                    .collect();
                x.stats.requests += items.iter().filter(|i| matches!(i, Ok(Message::Request(_)))).count();
                if !ids.is_empty() {
                    x.batches.push(ids);
                }
            }
        }
    }
    Ok(x)
}

/// Checks one response object; returns its id.
fn response(r: &Value) -> Result<&Value, String> {
    let Value::Object(m) = r else { return Err(format!("a reply that is not an object: {r}")) };
    if m.get("jsonrpc") != Some(&Value::from("2.0")) {
        return Err(format!("a reply without \"jsonrpc\":\"2.0\": {r}"));
    }
    let id = m.get("id").ok_or_else(|| format!("a reply without an id: {r}"))?;
    let id_ok = match id {
        Value::Null | Value::String(_) => true,
        Value::Number(n) => n.is_i64() || n.is_u64(),
        _ => false,
    };
    if !id_ok {
        return Err(format!("a reply whose id is not null, a string or an integer: {r}"));
    }
    match (m.get("result"), m.get("error")) {
        (Some(_), None) => {}
        (None, Some(e)) => {
            let code = e.get("code").and_then(Value::as_i64);
            if !code.is_some_and(|c| CODES.contains(&c)) || !e.get("message").is_some_and(Value::is_string) {
                return Err(format!("a malformed error (or an unknown code): {r}"));
            }
        }
        _ => return Err(format!("a reply without exactly one of result/error: {r}")),
    }
    if m.keys().any(|k| !matches!(k.as_str(), "jsonrpc" | "id" | "result" | "error")) {
        return Err(format!("a reply with an unknown member: {r}"));
    }
    Ok(id)
}

fn progress(v: &Value) -> Result<(), String> {
    let ok = v["jsonrpc"] == "2.0"
        && v["method"] == "notifications/progress"
        && v.get("id").is_none()
        && (v["params"]["progressToken"].is_string() || v["params"]["progressToken"].is_i64())
        && v["params"]["progress"].is_number();
    if ok { Ok(()) } else { Err(format!("an unexpected message: {v}")) }
}

/// Checks `out` (what the server wrote) against `input` (what it read).
pub fn verify(input: &[u8], out: &[u8]) -> Result<Stats, String> {
    let mut x = expect(input)?;
    if !out.is_empty() && out.last() != Some(&b'\n') {
        return Err("stdout does not end with a newline".into());
    }
    let mut singles: HashMap<String, usize> = HashMap::new();
    let mut batches: Vec<Vec<Value>> = Vec::new();
    for line in out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        let v: Value = serde_json::from_slice(line)
            .map_err(|e| format!("a stdout line that is not JSON ({e}): {:?}", String::from_utf8_lossy(line)))?;
        match &v {
            Value::Array(items) if items.is_empty() => return Err("an empty array on stdout".into()),
            Value::Array(items) => {
                let ids = items.iter().map(|r| response(r).cloned()).collect::<Result<Vec<_>, _>>()?;
                batches.push(ids);
                x.stats.batches += 1;
            }
            Value::Object(m) if m.contains_key("method") => {
                progress(&v)?;
                x.stats.notifications += 1;
                continue;
            }
            _ => *singles.entry(response(&v)?.to_string()).or_default() += 1,
        }
        x.stats.replies += 1;
    }
    for (id, &n) in &singles {
        let (required, optional) = x.singles.get(id).copied().unwrap_or_default();
        if n < required || n > required + optional {
            return Err(format!("id {id}: {n} replies, expected {required} (+{optional} cancellable)"));
        }
        x.stats.cancelled += required + optional - n;
    }
    for (id, &(required, optional)) in &x.singles {
        if required > 0 && !singles.contains_key(id) {
            return Err(format!("id {id}: no reply, expected {required}"));
        }
        if required == 0 && !singles.contains_key(id) {
            x.stats.cancelled += optional;
        }
    }
    match_batches(&batches, &x.batches)?;
    Ok(x.stats)
}

/// Pairs each batch reply with its own expected batch, one it fits (its entries' ids in order,
/// the cancellable ones possibly missing); an expected batch left unpaired must be all
/// cancellable. Ids repeat across batches, so no greedy choice is safe (`[5]` fits both
/// `[(5, may drop)]` and `[(5, may drop), (5, must stay)]`, and whether the first batch answered
/// at all decides which): a bipartite matching. Every reply is paired first (Kuhn's augmenting
/// paths); then each batch that must be answered and is not takes a reply along an alternating
/// path that ends by unpairing a batch that may go unanswered. If any pairing answers both sides,
/// such a path exists (Mendelsohn–Dulmage), so a refusal here is the server's.
fn match_batches(got: &[Vec<Value>], expected: &[Vec<(Value, bool)>]) -> Result<(), String> {
    let edges: Vec<Vec<usize>> =
        got.iter().map(|ids| (0..expected.len()).filter(|&b| fits(&expected[b], ids)).collect()).collect();
    let mut m = Matching { edges: &edges, at: vec![usize::MAX; got.len()], owner: vec![None; expected.len()] };
    for (r, ids) in got.iter().enumerate() {
        if !m.augment(r, &mut vec![false; expected.len()]) {
            return Err(format!("a batch reply that fits no batch: {ids:?}; expected {expected:?}"));
        }
    }
    let must: Vec<bool> = expected.iter().map(|w| w.iter().any(|(_, c)| !c)).collect();
    for b in 0..expected.len() {
        if must[b] && m.owner[b].is_none() {
            let mut seen = vec![false; expected.len()];
            seen[b] = true;
            if !m.release(b, &must, &mut seen) {
                return Err(format!("a batch without its reply: {:?}", expected[b]));
            }
        }
    }
    Ok(())
}

/// Replies paired with expected batches: `at[reply]` is its batch, `owner[batch]` its reply.
struct Matching<'a> {
    edges: &'a [Vec<usize>],
    at: Vec<usize>,
    owner: Vec<Option<usize>>,
}

impl Matching<'_> {
    /// Kuhn's step: pairs reply `r`, moving earlier replies to other batches they fit.
    fn augment(&mut self, r: usize, seen: &mut [bool]) -> bool {
        for &b in &self.edges[r] {
            if std::mem::replace(&mut seen[b], true) {
                continue;
            }
            if self.owner[b].is_none_or(|o| self.augment(o, seen)) {
                self.owner[b] = Some(r);
                self.at[r] = b;
                return true;
            }
        }
        false
    }

    /// Gives batch `b` a reply that fits it, taken from a batch that may go unanswered or that
    /// can itself take another reply the same way.
    fn release(&mut self, b: usize, must: &[bool], seen: &mut [bool]) -> bool {
        for r in 0..self.edges.len() {
            let from = self.at[r];
            if !self.edges[r].contains(&b) || std::mem::replace(&mut seen[from], true) {
                continue;
            }
            if !must[from] || self.release(from, must, seen) {
                if self.owner[from] == Some(r) {
                    self.owner[from] = None;
                }
                self.owner[b] = Some(r);
                self.at[r] = b;
                return true;
            }
        }
        false
    }
}

/// Whether `got` is `want` with some cancellable entries left out. Ids can repeat in a batch, so
/// a greedy match is wrong (`[(5, may drop), (5, must stay)]` against `[5]`): `can[i][j]` says
/// whether `want[i..]` can still produce `got[j..]`.
fn fits(want: &[(Value, bool)], got: &[Value]) -> bool {
    let (n, m) = (want.len(), got.len());
    let mut can = vec![vec![false; m + 1]; n + 1];
    can[n][m] = true;
    for i in (0..n).rev() {
        for j in (0..=m).rev() {
            let (id, cancellable) = &want[i];
            can[i][j] = (j < m && &got[j] == id && can[i + 1][j + 1]) || (*cancellable && can[i + 1][j]);
        }
    }
    can[0][0]
}

/// Runs the server over `input` and checks every invariant.
pub fn check(input: &[u8]) -> Result<Stats, String> {
    let panics = PANICS.load(Ordering::SeqCst);
    let out = run_server(input);
    if PANICS.load(Ordering::SeqCst) != panics {
        let msg = LAST_PANIC.lock().unwrap_or_else(PoisonError::into_inner).clone();
        return Err(format!("a thread panicked: {msg}"));
    }
    verify(input, &out?)
}

/// Reading and classifying alone (no server): every line read is within the limit, every error
/// response is JSON-RPC 2.0 and serialises to one line that reads back the same.
pub fn check_parse(input: &[u8]) -> Result<usize, String> {
    init();
    let mut reader = BufReader::with_capacity(chunk_size(input), input);
    let mut n = 0;
    while let Some(line) = mcp::read_line(&mut reader, mcp::MAX_LINE_BYTES).map_err(|e| e.to_string())? {
        n += 1;
        let errors: Vec<mcp::Response> = match line {
            Err(e) => vec![e.response()],
            Ok(text) => {
                if text.len() > mcp::MAX_LINE_BYTES
                    || text.contains('\n')
                    || text.bytes().all(|b| b.is_ascii_whitespace())
                {
                    return Err(format!("read_line returned {:?}", text.chars().take(100).collect::<String>()));
                }
                match mcp::parse(&text) {
                    Incoming::Single(Err(r)) => vec![r],
                    Incoming::Single(Ok(_)) => vec![],
                    Incoming::Batch(items) if items.is_empty() => return Err("an empty batch".into()),
                    Incoming::Batch(items) => items.into_iter().filter_map(Result::err).collect(),
                }
            }
        };
        for r in errors {
            let v = r.to_value();
            response(&v)?;
            let mut line = Vec::new();
            mcp::write(&mut line, &v).map_err(|e| e.to_string())?;
            if line.iter().filter(|&&b| b == b'\n').count() != 1 || line.last() != Some(&b'\n') {
                return Err(format!("mcp::write wrote more than one line for {v}"));
            }
            let back: Value = serde_json::from_slice(&line).map_err(|e| e.to_string())?;
            if back != v {
                return Err(format!("{v} does not read back the same"));
            }
        }
    }
    Ok(n)
}
