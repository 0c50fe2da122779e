//! The MCP server: lifecycle of both protocol eras (legacy `initialize`, modern per-request
//! `_meta`), method dispatch, and the read loop that hands slow tool calls to named worker
//! threads while it keeps answering.

use std::collections::{HashMap, VecDeque};
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, OnceLock, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Map, Value, json};

use crate::client::Client;
use crate::error::ToolError;
use crate::mcp::{self, ErrorCode, Incoming, Message, Notification, Request, RequestId, Response, ResponseError};
use crate::tools::{self, Ctx};
use crate::{complete, prompts, resources};

/// The stateless (modern) protocol version, served per request when `_meta` names it.
pub const MODERN_VERSION: &str = "2026-07-28";
/// The legacy versions `initialize` can agree on, newest first.
pub const LEGACY_VERSIONS: [&str; 4] = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];
/// Every version this server speaks, newest first.
pub const SUPPORTED_VERSIONS: [&str; 5] = [MODERN_VERSION, "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

const META_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
const META_CAPS: &str = "io.modelcontextprotocol/clientCapabilities";
const META_SERVER_INFO: &str = "io.modelcontextprotocol/serverInfo";

/// How long a client may cache what never changes during this process (tool list, discovery).
const STATIC_TTL_MS: u64 = 3_600_000;

/// Threads that run tool calls.
pub const WORKERS: usize = 4;

/// After stdin closes, how long calls still running may take to send their replies.
pub const EXIT_GRACE: Duration = Duration::from_millis(50);

/// The `instructions` given to a model at start-up.
pub const INSTRUCTIONS: &str = "Read competitive-programming problems (LeetCode, Codeforces, AtCoder, Luogu, \
SPOJ) from an oj-api-rs backend. Today's or a past day's LeetCode daily problem: get_daily_challenge. A problem \
whose platform and id you know (leetcode 1, codeforces 1920A, atcoder abc321_a): get_problem. A problem URL, a \
slug like two-sum, or an id without a platform: resolve_problem. Related problems for practice, by problem or \
by a text description: find_similar_problems. Which platforms the backend covers and how completely: \
get_platform_status. Browsing a platform by tags, difficulty or rating: search_problems (tag names from \
list_tags). Statements come back as Markdown with TeX math as $…$.";

/// Which rules a request is served under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Era {
    /// Session semantics, with the version `initialize` agreed on (or the newest, before it).
    Legacy(&'static str),
    /// 2026-07-28: stateless, every result carries `resultType`.
    Modern,
}

impl Era {
    /// Whether results may carry fields introduced in 2025-06-18 (`title`, `outputSchema`,
    /// `structuredContent`).
    pub fn has_structured_output(&self) -> bool {
        match self {
            Era::Modern => true,
            Era::Legacy(v) => *v >= "2025-06-18",
        }
    }

    /// Whether tools may carry `annotations` (2025-03-26 on).
    pub fn has_annotations(&self) -> bool {
        match self {
            Era::Modern => true,
            Era::Legacy(v) => *v >= "2025-03-26",
        }
    }
}

/// The server's state, shared by the reader and the workers.
pub struct Server {
    client: Client,
    negotiated: Mutex<Option<&'static str>>,
    clock: Box<dyn Fn() -> i64 + Send + Sync>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

fn invalid_params(msg: impl Into<String>) -> ResponseError {
    ResponseError::new(ErrorCode::InvalidParams, msg)
}

impl Server {
    /// A server over `client`; `clock` gives the current Unix time in seconds.
    pub fn new(client: Client, clock: Box<dyn Fn() -> i64 + Send + Sync>) -> Server {
        Server { client, negotiated: Mutex::new(None), clock }
    }

    fn server_info() -> Value {
        json!({
            "name": "oj-mcp-rs",
            "title": "Online Judge problems (oj-mcp-rs)",
            "version": env!("CARGO_PKG_VERSION"),
        })
    }

    fn capabilities() -> Value {
        json!({
            "tools": { "listChanged": false },
            "resources": { "subscribe": false, "listChanged": false },
            "prompts": { "listChanged": false },
            "completions": {},
        })
    }

    /// The era of a request, from its `_meta`, or the error it deserves.
    pub fn era(&self, params: Option<&Value>) -> Result<Era, ResponseError> {
        let meta = params.and_then(|p| p.get("_meta"));
        let Some(version) = meta.and_then(|m| m.get(META_VERSION)) else {
            return Ok(Era::Legacy(lock(&self.negotiated).unwrap_or(LEGACY_VERSIONS[0])));
        };
        if version.as_str() != Some(MODERN_VERSION) {
            return Err(ResponseError::new(ErrorCode::UnsupportedProtocolVersion, "Unsupported protocol version")
                .with_data(json!({ "supported": SUPPORTED_VERSIONS, "requested": version })));
        }
        match meta.and_then(|m| m.get(META_CAPS)) {
            Some(Value::Object(_)) => Ok(Era::Modern),
            Some(_) => Err(invalid_params(format!("_meta[\"{META_CAPS}\"] must be an object"))),
            None => Err(invalid_params(format!(
                "missing _meta[\"{META_CAPS}\"], required by protocol version {MODERN_VERSION}"
            ))),
        }
    }

    /// Whether answering this request may take a backend call (and so belongs on a worker).
    pub fn is_slow(method: &str) -> bool {
        matches!(method, "tools/call" | "resources/read" | "prompts/get" | "completion/complete")
    }

    fn ctx(&self) -> Ctx<'_> {
        Ctx { client: &self.client, now_unix: (self.clock)() }
    }

    /// Answers one request.
    pub fn handle(&self, req: &Request) -> Response {
        crate::debug!("<- {} (id {})", req.method, req.id);
        let result = self.dispatch(req);
        if let Err(e) = &result {
            crate::debug!("-> error {} for {} (id {}): {}", e.code, req.method, req.id, e.message);
        }
        Response { id: Some(req.id.clone()), result }
    }

    fn dispatch(&self, req: &Request) -> Result<Value, ResponseError> {
        let params = match &req.params {
            None => None,
            Some(p @ Value::Object(_)) => Some(p),
            Some(_) => return Err(invalid_params("params must be an object")),
        };
        let era = self.era(params)?;
        let mut result = match (req.method.as_str(), &era) {
            ("initialize" | "ping", Era::Modern) => {
                return Err(ResponseError::new(
                    ErrorCode::MethodNotFound,
                    format!("Method not found: {} is not part of protocol version {MODERN_VERSION}", req.method),
                ));
            }
            ("initialize", Era::Legacy(_)) => self.initialize(params),
            ("ping", _) => Ok(json!({})),
            ("server/discover", _) => Ok(Self::discover()),
            ("tools/list", _) => Ok(self.tools_list(&era)),
            ("tools/call", _) => self.tools_call(params, &era),
            ("resources/list", _) => Ok(cacheable(resources::list(self.client.has_token()), &era, 60_000, "private")),
            ("resources/templates/list", _) => Ok(cacheable(resources::templates(), &era, STATIC_TTL_MS, "public")),
            ("resources/read", _) => {
                let (result, ttl) = resources::read(&self.ctx(), params)?;
                let scope = if result["contents"][0]["uri"] == "oj://status" { "private" } else { "public" };
                Ok(cacheable(result, &era, ttl, scope))
            }
            ("prompts/list", _) => Ok(cacheable(prompts::list(), &era, STATIC_TTL_MS, "public")),
            ("prompts/get", _) => prompts::get(&self.ctx(), params),
            ("completion/complete", _) => complete::complete(&self.ctx(), params),
            (m, _) => Err(ResponseError::new(ErrorCode::MethodNotFound, format!("Method not found: {m}"))),
        }?;
        if era == Era::Modern
            && let Value::Object(m) = &mut result
        {
            m.insert("resultType".into(), json!("complete"));
        }
        Ok(result)
    }

    fn initialize(&self, params: Option<&Value>) -> Result<Value, ResponseError> {
        let asked = params.and_then(|p| p.get("protocolVersion")).and_then(Value::as_str);
        let version = LEGACY_VERSIONS.iter().copied().find(|v| Some(*v) == asked).unwrap_or(LEGACY_VERSIONS[0]);
        *lock(&self.negotiated) = Some(version);
        let client = params.and_then(|p| p.get("clientInfo")).and_then(|c| c.get("name")).and_then(Value::as_str);
        crate::info!("initialize from {} (asked {:?}, agreed {version})", client.unwrap_or("an unnamed client"), asked);
        let mut info = Self::server_info();
        if version < "2025-06-18" {
            // `title` arrived in 2025-06-18.
            info.as_object_mut().map(|m| m.remove("title"));
        }
        Ok(json!({
            "protocolVersion": version,
            "capabilities": Self::capabilities(),
            "serverInfo": info,
            "instructions": INSTRUCTIONS,
        }))
    }

    fn discover() -> Value {
        // A 2026-07-28 method: its result always has `resultType`, whatever era asked.
        json!({
            "resultType": "complete",
            "supportedVersions": SUPPORTED_VERSIONS,
            "capabilities": Self::capabilities(),
            "instructions": INSTRUCTIONS,
            "ttlMs": STATIC_TTL_MS,
            "cacheScope": "public",
            "_meta": { META_SERVER_INFO: Self::server_info() },
        })
    }

    fn tools_list(&self, era: &Era) -> Value {
        // Built once per shape (the schemas are parsed from their JSON files): a clone is cheap.
        static LISTS: [OnceLock<Value>; 4] = [const { OnceLock::new() }; 4];
        let (structured, annotations) = (era.has_structured_output(), era.has_annotations());
        let list = LISTS[usize::from(structured) * 2 + usize::from(annotations)].get_or_init(|| {
            let tools: Vec<Value> = tools::TOOLS.iter().map(|t| t.listing(structured, annotations)).collect();
            json!({ "tools": tools })
        });
        cacheable(list.clone(), era, STATIC_TTL_MS, "public")
    }

    fn tools_call(&self, params: Option<&Value>, era: &Era) -> Result<Value, ResponseError> {
        let name = match params.and_then(|p| p.get("name")) {
            Some(Value::String(n)) => n,
            Some(_) => return Err(invalid_params("tools/call: \"name\" must be a string")),
            None => return Err(invalid_params("tools/call: missing \"name\"")),
        };
        let Some(tool) = tools::find(name) else {
            let known: Vec<&str> = tools::TOOLS.iter().map(|t| t.name).collect();
            return Err(invalid_params(format!("Unknown tool: {name} (tools: {})", known.join(", "))));
        };
        let ctx = self.ctx();
        let started = std::time::Instant::now();
        let outcome = tool.run(&ctx, params.and_then(|p| p.get("arguments")));
        let ms = started.elapsed().as_millis();
        match outcome {
            Ok(out) => {
                crate::info!("{name}: ok in {ms} ms");
                let mut result = Map::new();
                result.insert("content".into(), json!([{ "type": "text", "text": out.text }]));
                result.insert("isError".into(), json!(false));
                if let Some(structured) = out.structured.filter(|_| era.has_structured_output()) {
                    result.insert("structuredContent".into(), structured);
                }
                Ok(Value::Object(result))
            }
            Err(ToolError::Domain(text)) => {
                crate::info!("{name}: error result in {ms} ms: {}", text.lines().next().unwrap_or(""));
                Ok(json!({ "content": [{ "type": "text", "text": text }], "isError": true }))
            }
            Err(ToolError::Protocol(msg)) => {
                crate::warn!("{name}: failed in {ms} ms: {msg}");
                Err(ResponseError::new(ErrorCode::InternalError, format!("{name}: {msg}"))
                    .with_data(json!({ "tool": name })))
            }
        }
    }

    /// Handles a notification (never answered).
    pub fn notify(&self, n: &Notification, inflight: &Inflight) {
        crate::debug!("<- notification {}", n.method);
        if n.method == "notifications/cancelled"
            && let Some(id) = n.params.as_ref().and_then(|p| p.get("requestId")).and_then(RequestId::from_value)
        {
            inflight.cancel(&id);
        }
    }
}

/// Adds the 2026-07-28 caching hints to a list or read result, in the modern era only.
fn cacheable(mut result: Value, era: &Era, ttl_ms: u64, scope: &str) -> Value {
    if *era == Era::Modern {
        result["ttlMs"] = json!(ttl_ms);
        result["cacheScope"] = json!(scope);
    }
    result
}

/// One request running on a worker.
struct Call {
    seq: u64,
    cancelled: AtomicBool,
    /// `_meta.progressToken`, when the client asked for progress.
    progress_token: Option<Value>,
    started: Instant,
    /// Progress notifications sent so far; `None` once the reply is out (no progress after it).
    sent: Mutex<Option<u64>>,
}

/// Requests being worked on: so a `notifications/cancelled` can suppress a reply, and a slow one
/// can report progress.
pub struct Inflight {
    map: Mutex<HashMap<RequestId, Arc<Call>>>,
    seq: AtomicU64,
    outbox: Arc<Outbox>,
    /// The progress thread, started by the first call that asks for progress: the sender wakes
    /// it, dropping the sender stops it.
    ticker: Mutex<Option<(mpsc::Sender<()>, thread::JoinHandle<()>)>>,
}

/// After how long a running call starts reporting progress, and how often.
pub const PROGRESS_EVERY: Duration = Duration::from_secs(1);

impl Inflight {
    fn new(outbox: Arc<Outbox>) -> Inflight {
        Inflight { map: Mutex::default(), seq: AtomicU64::new(0), outbox, ticker: Mutex::new(None) }
    }

    /// Wakes the progress thread, starting it if needed. It sleeps until a call that wants
    /// progress is in flight, then ticks every 100 ms until none is.
    fn wake_ticker(self: &Arc<Self>) {
        let mut ticker = lock(&self.ticker);
        if let Some((wake, _)) = &*ticker {
            let _ = wake.send(());
            return;
        }
        let (wake, woken) = mpsc::channel::<()>();
        let me = self.clone();
        let spawned = thread::Builder::new().name("oj-progress".into()).spawn(move || {
            loop {
                let stop = if me.wants_progress() {
                    woken.recv_timeout(Duration::from_millis(100)) == Err(mpsc::RecvTimeoutError::Disconnected)
                } else {
                    woken.recv().is_err()
                };
                if stop {
                    break;
                }
                me.tick(&me.outbox);
            }
        });
        match spawned {
            Ok(handle) => *ticker = Some((wake, handle)),
            Err(e) => crate::warn!("cannot start the progress thread: {e}"),
        }
    }

    fn stop_ticker(&self) {
        let taken = lock(&self.ticker).take();
        if let Some((wake, handle)) = taken {
            drop(wake);
            if handle.join().is_err() {
                crate::error!("the progress thread panicked");
            }
        }
    }

    fn start(self: &Arc<Self>, req: &Request) -> Arc<Call> {
        let progress_token = req
            .params
            .as_ref()
            .and_then(|p| p.get("_meta"))
            .and_then(|m| m.get("progressToken"))
            .filter(|t| t.is_string() || t.is_i64() || t.is_u64())
            .cloned();
        let call = Arc::new(Call {
            seq: self.seq.fetch_add(1, Ordering::Relaxed),
            cancelled: AtomicBool::new(false),
            progress_token,
            started: Instant::now(),
            sent: Mutex::new(Some(0)),
        });
        lock(&self.map).insert(req.id.clone(), call.clone());
        if call.progress_token.is_some() {
            self.wake_ticker();
        }
        call
    }

    fn wants_progress(&self) -> bool {
        lock(&self.map).values().any(|c| c.progress_token.is_some())
    }

    /// Sends the reply of a finished call, unless it was cancelled, and forgets the call.
    fn finish(&self, id: &RequestId, call: &Call, reply: &Value, outbox: &Outbox) {
        {
            let mut map = lock(&self.map);
            if map.get(id).is_some_and(|c| c.seq == call.seq) {
                map.remove(id);
            }
        }
        // Under the progress lock: no progress notification can follow the reply.
        let mut sent = lock(&call.sent);
        *sent = None;
        if !call.cancelled.load(Ordering::Relaxed) {
            outbox.send(reply);
        }
    }

    fn cancel(&self, id: &RequestId) {
        if let Some(call) = lock(&self.map).get(id) {
            crate::debug!("request {id} cancelled");
            call.cancelled.store(true, Ordering::Relaxed);
        }
    }

    /// Sends `notifications/progress` for calls that asked for it and have run longer than
    /// [`PROGRESS_EVERY`], at most once per interval each.
    fn tick(&self, outbox: &Outbox) {
        let calls: Vec<Arc<Call>> = lock(&self.map).values().filter(|c| c.progress_token.is_some()).cloned().collect();
        for call in calls {
            let elapsed = call.started.elapsed();
            let mut sent = lock(&call.sent);
            let Some(n) = *sent else { continue };
            let due = (elapsed.as_millis() / PROGRESS_EVERY.as_millis().max(1)) as u64;
            if due > n && !call.cancelled.load(Ordering::Relaxed) {
                let note = json!({
                    "jsonrpc": "2.0",
                    "method": "notifications/progress",
                    "params": {
                        "progressToken": call.progress_token,
                        "progress": n + 1,
                        "message": format!("waiting for the backend ({} s)", elapsed.as_secs()),
                    }
                });
                outbox.send(&note);
                *sent = Some(n + 1);
            }
        }
    }
}

/// The single writer of stdout: whole lines under one lock, so replies never interleave.
pub struct Outbox {
    out: Mutex<Box<dyn Write + Send>>,
    closed: AtomicBool,
    exit_on_close: bool,
}

impl Outbox {
    /// Wraps the output stream.
    pub fn new(out: Box<dyn Write + Send>) -> Outbox {
        Outbox { out: Mutex::new(out), closed: AtomicBool::new(false), exit_on_close: false }
    }

    /// Makes a failed write end the process with exit code 0: the client is gone, and the reader
    /// may be blocked on stdin where it cannot notice. For the real stdout only.
    pub fn exit_on_close(mut self) -> Outbox {
        self.exit_on_close = true;
        self
    }

    /// Writes one message; a failed write (the client went away) marks the outbox closed.
    pub fn send(&self, value: &Value) {
        if self.closed.load(Ordering::Relaxed) {
            return;
        }
        if crate::log::enabled(crate::log::Level::Debug) {
            let s = value.to_string();
            let cut = s.floor_char_boundary(2000);
            crate::debug!("-> {}{}", &s[..cut], if cut < s.len() { "…" } else { "" });
        }
        let mut out = lock(&self.out);
        if let Err(e) = mcp::write(&mut **out, value) {
            if e.kind() != io::ErrorKind::BrokenPipe {
                crate::warn!("cannot write to stdout: {e}");
            }
            self.closed.store(true, Ordering::Relaxed);
            if self.exit_on_close {
                crate::info!("stdout is closed; exiting");
                std::process::exit(0);
            }
        }
    }

    /// Whether stdout has gone away.
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }
}

type Job = Box<dyn FnOnce() + Send>;

/// The pool's queue and bookkeeping, under one lock.
#[derive(Default)]
struct PoolState {
    jobs: VecDeque<Job>,
    /// Jobs queued or running.
    busy: usize,
    /// Workers waiting for a job.
    idle: usize,
    closed: bool,
}

#[derive(Default)]
struct PoolShared {
    state: Mutex<PoolState>,
    /// Signalled when a job is queued or the pool closes.
    work: Condvar,
    /// Signalled when `busy` drops to zero.
    done: Condvar,
}

/// Up to `max` named worker threads, started only when a job finds none idle: a session that
/// never calls a tool starts none, and one that calls tools one at a time starts one.
pub struct Pool {
    shared: Arc<PoolShared>,
    handles: Mutex<Vec<thread::JoinHandle<()>>>,
    max: usize,
}

impl Pool {
    /// A pool of at most `max` workers; none is started yet.
    pub fn new(max: usize) -> Pool {
        Pool { shared: Arc::default(), handles: Mutex::new(Vec::new()), max: max.max(1) }
    }

    fn worker(shared: &PoolShared) {
        let mut st = lock(&shared.state);
        loop {
            if let Some(job) = st.jobs.pop_front() {
                drop(st);
                job();
                st = lock(&shared.state);
                st.busy -= 1;
                if st.busy == 0 {
                    shared.done.notify_all();
                }
            } else if st.closed {
                return;
            } else {
                st.idle += 1;
                st = shared.work.wait(st).unwrap_or_else(PoisonError::into_inner);
                st.idle -= 1;
            }
        }
    }

    fn submit(&self, job: Job) {
        let mut st = lock(&self.shared.state);
        st.busy += 1;
        st.jobs.push_back(job);
        let mut handles = lock(&self.handles);
        if st.jobs.len() > st.idle && handles.len() < self.max {
            let shared = self.shared.clone();
            let name = format!("oj-worker-{}", handles.len());
            match thread::Builder::new().name(name).spawn(move || Pool::worker(&shared)) {
                Ok(h) => handles.push(h),
                Err(e) if handles.is_empty() => {
                    // No thread at all: run the job here rather than drop its reply.
                    crate::warn!("cannot start a worker thread ({e}); running the call inline");
                    let job = st.jobs.pop_back().expect("just queued");
                    drop((handles, st));
                    job();
                    let mut st = lock(&self.shared.state);
                    st.busy -= 1;
                    return;
                }
                Err(e) => crate::warn!("cannot start another worker thread: {e}"),
            }
        }
        self.shared.work.notify_one();
    }

    /// Closes the queue, gives running calls up to `grace` to finish (so their replies still go
    /// out), and joins the workers if they are then idle. Workers still blocked in a backend call
    /// are not waited for (returns `false`): the process exits without them.
    pub fn shutdown(self, grace: Duration) -> bool {
        let st = {
            let mut st = lock(&self.shared.state);
            st.closed = true;
            self.shared.work.notify_all();
            st
        };
        let (st, _) =
            self.shared.done.wait_timeout_while(st, grace, |st| st.busy > 0).unwrap_or_else(PoisonError::into_inner);
        if st.busy > 0 {
            return false;
        }
        drop(st);
        for h in lock(&self.handles).drain(..) {
            if h.join().is_err() {
                crate::error!("a worker thread panicked");
            }
        }
        true
    }
}

/// The read loop: reads messages from `input` until EOF (or until stdout closes), answers each
/// request exactly once on `outbox`, and runs slow requests on `pool`.
pub fn run(server: &Arc<Server>, input: &mut dyn BufRead, outbox: &Arc<Outbox>, pool: &Pool) -> io::Result<()> {
    let inflight = Arc::new(Inflight::new(outbox.clone()));
    let result = read_loop(server, input, outbox, pool, &inflight);
    inflight.stop_ticker();
    result
}

fn read_loop(
    server: &Arc<Server>,
    input: &mut dyn BufRead,
    outbox: &Arc<Outbox>,
    pool: &Pool,
    inflight: &Arc<Inflight>,
) -> io::Result<()> {
    while !outbox.is_closed() {
        let line = match mcp::read_line(input, mcp::MAX_LINE_BYTES)? {
            None => break,
            Some(Err(e)) => {
                crate::warn!("bad input line: {e:?}");
                outbox.send(&e.response().into_value());
                continue;
            }
            Some(Ok(line)) => line,
        };
        match mcp::parse(&line) {
            Incoming::Single(Err(resp)) => outbox.send(&resp.into_value()),
            Incoming::Single(Ok(Message::Request(req))) => {
                if Server::is_slow(&req.method) {
                    let call = inflight.start(&req);
                    let (server, outbox, inflight) = (server.clone(), outbox.clone(), inflight.clone());
                    pool.submit(Box::new(move || {
                        // A panic in a handler is a bug, but still gets its reply.
                        let reply = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| server.handle(&req)))
                            .unwrap_or_else(|_| {
                                crate::error!("handling {} (id {}) panicked", req.method, req.id);
                                Response::err(
                                    Some(req.id.clone()),
                                    ResponseError::new(ErrorCode::InternalError, "internal error"),
                                )
                            })
                            .into_value();
                        inflight.finish(&req.id, &call, &reply, &outbox);
                    }));
                } else {
                    outbox.send(&server.handle(&req).into_value());
                }
            }
            Incoming::Single(Ok(Message::Notification(n))) => server.notify(&n, inflight),
            Incoming::Single(Ok(Message::Response(_))) => {
                crate::debug!("ignored a response from the client")
            }
            Incoming::Batch(items) => {
                let slow = items.iter().any(|m| matches!(m, Ok(Message::Request(r)) if Server::is_slow(&r.method)));
                let (server2, outbox2, inflight2) = (server.clone(), outbox.clone(), inflight.clone());
                let job = move || {
                    let mut replies = Vec::new();
                    for item in items {
                        match item {
                            Err(resp) => replies.push(resp.into_value()),
                            Ok(Message::Request(req)) => replies.push(server2.handle(&req).into_value()),
                            Ok(Message::Notification(n)) => server2.notify(&n, &inflight2),
                            Ok(Message::Response(_)) => {}
                        }
                    }
                    if !replies.is_empty() {
                        outbox2.send(&Value::Array(replies));
                    }
                };
                if slow { pool.submit(Box::new(job)) } else { job() }
            }
        }
    }
    Ok(())
}
