//! The MCP server: lifecycle of both protocol eras (legacy `initialize`, modern per-request
//! `_meta`) and method dispatch. The read loop, the worker pool, the in-flight calls and the
//! stdout writer have a file each beside this one.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::Duration;

use serde_json::{Map, Value};

use crate::cli::Ui;
use crate::client::Client;
use crate::error::ToolError;
use crate::mcp::{ErrorCode, Notification, Request, RequestId, Response, ResponseError};
use crate::problems::{Ctx, Live};
use crate::solvelog::SolveLog;
use crate::tools;
use crate::{complete, prompts, resources, view};

mod inflight;
mod outbox;
mod pool;
mod read_loop;
mod reply;

use inflight::Inflight;
pub use outbox::Outbox;
pub use pool::Pool;
pub use read_loop::run;

mod version;

use version::ProtocolVersion;

/// The stateless (modern) protocol version, served per request when `_meta` names it.
const MODERN_VERSION: ProtocolVersion = ProtocolVersion::V2026_07_28;

const META_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
const META_CAPS: &str = "io.modelcontextprotocol/clientCapabilities";
const META_SERVER_INFO: &str = "io.modelcontextprotocol/serverInfo";
const META_CLIENT_INFO: &str = "io.modelcontextprotocol/clientInfo";

/// How long a client may cache what never changes during this process (tool list, discovery).
const STATIC_TTL_MS: u64 = 3_600_000;

/// Threads that run tool calls.
pub const WORKERS: usize = 4;

/// After stdin closes, how long calls still running may take to send their replies.
pub const EXIT_GRACE: Duration = Duration::from_millis(50);

/// Which rules a request is served under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Era {
    /// Session semantics, with the version `initialize` agreed on (or the newest, before it).
    Legacy(ProtocolVersion),
    /// 2026-07-28: stateless, every result carries `resultType`.
    Modern,
}

impl Era {
    /// Whether results may carry fields introduced in 2025-06-18 (`title`, `outputSchema`,
    /// `structuredContent`).
    fn has_structured_output(&self) -> bool {
        match self {
            Era::Modern => true,
            Era::Legacy(v) => *v >= ProtocolVersion::V2025_06_18,
        }
    }

    /// Whether tools may carry `annotations` (2025-03-26 on).
    fn has_annotations(&self) -> bool {
        match self {
            Era::Modern => true,
            Era::Legacy(v) => *v >= ProtocolVersion::V2025_03_26,
        }
    }
}

/// The server's state, shared by the reader and the workers.
pub struct Server {
    client: Client,
    negotiated: Mutex<Option<ProtocolVersion>>,
    clock: Box<dyn Fn() -> i64 + Send + Sync>,
    /// `--structured-content`: off drops `outputSchema` and `structuredContent` together.
    structured_content: bool,
    /// `--allow-run`: `test_solution` is listed and callable.
    allow_run: bool,
    /// The solve log (off unless [`Server::with_solve_log`] names one).
    log: SolveLog,
    /// `--ui`: when the tools link the MCP Apps view.
    ui: Ui,
    /// Whether the last `initialize` declared the MCP Apps extension (the legacy era's answer
    /// for `--ui auto`; a 2026-07-28 request declares it in its own `_meta`).
    ui_declared: AtomicBool,
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
        Server {
            client,
            negotiated: Mutex::new(None),
            clock,
            structured_content: true,
            allow_run: false,
            log: SolveLog::new(None),
            ui: Ui::Auto,
            ui_declared: AtomicBool::new(false),
        }
    }

    /// The solve log this server keeps (`--log-file`, `--no-log`): the tools' events are
    /// appended to it, and `record_solve`, `solve_stats` and `oj://log` read it.
    pub fn with_solve_log(mut self, log: SolveLog) -> Server {
        self.log = log;
        self
    }

    /// `--ui`: link the view from the tools for clients that declare the extension (`Auto`), for
    /// every client, or for none.
    pub fn with_ui(mut self, ui: Ui) -> Server {
        self.ui = ui;
        self
    }

    /// Whether this request's lists carry the view (the tools' `_meta.ui`, the `ui://` resource).
    /// Off, they are what they were before the view existed, byte for byte.
    fn view(&self, params: Option<&Value>, era: &Era) -> bool {
        match (self.ui, era) {
            (Ui::Always, _) => true,
            (Ui::Never, _) => false,
            (Ui::Auto, Era::Legacy(_)) => self.ui_declared.load(Ordering::Relaxed),
            (Ui::Auto, Era::Modern) => view::declared(params.and_then(|p| p["_meta"].get(META_CAPS))),
        }
    }

    /// `--allow-run`: list `test_solution`, which compiles and runs code on this machine. Off,
    /// `tools/list` is what it always was and a call by that name is an unknown tool.
    pub fn with_allow_run(mut self, on: bool) -> Server {
        self.allow_run = on;
        self
    }

    /// `--structured-content off`: no `outputSchema` in `tools/list`, no `structuredContent` in
    /// results, in every protocol era (a schema without the structured result would break
    /// clients that validate it).
    pub fn with_structured_content(mut self, on: bool) -> Server {
        self.structured_content = on;
        self
    }

    /// Whether this request's results carry `outputSchema` and `structuredContent`.
    fn structured(&self, era: &Era) -> bool {
        self.structured_content && era.has_structured_output()
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
    fn era(&self, params: Option<&Value>) -> Result<Era, ResponseError> {
        let meta = params.and_then(|p| p.get("_meta"));
        let Some(version) = meta.and_then(|m| m.get(META_VERSION)) else {
            return Ok(Era::Legacy(lock(&self.negotiated).unwrap_or(ProtocolVersion::NEWEST_LEGACY)));
        };
        if version.as_str().and_then(|v| v.parse().ok()) != Some(MODERN_VERSION) {
            return Err(ResponseError::new(ErrorCode::UnsupportedProtocolVersion, "Unsupported protocol version")
                .with_data(json!({ "supported": ProtocolVersion::ALL, "requested": version })));
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

    fn ctx<'a>(&'a self, live: &'a dyn Live) -> Ctx<'a> {
        Ctx { client: &self.client, now_unix: (self.clock)(), live, log: &self.log }
    }

    /// Answers one request; `live` lets a handler see its call cancelled and report progress
    /// ([`Idle`](crate::problems::Idle) for a request answered inline).
    pub(crate) fn handle(&self, req: &Request, live: &dyn Live) -> Response {
        crate::debug!("<- {} (id {})", req.method, req.id);
        let result = self.dispatch(req, live);
        if let Err(e) = &result {
            crate::debug!("-> error {} for {} (id {}): {}", e.code, req.method, req.id, e.message);
        }
        Response { id: Some(req.id.clone()), result }
    }

    #[cfg_attr(oj_size, optimize(size))]
    fn dispatch(&self, req: &Request, live: &dyn Live) -> Result<Value, ResponseError> {
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
            ("tools/list", _) => Ok(self.tools_list(&era, self.view(params, &era))),
            ("tools/call", _) => self.tools_call(params, &era, live),
            ("resources/list", _) => {
                let list = resources::list(self.client.has_token(), self.view(params, &era));
                Ok(cacheable(list, &era, 60_000, "private"))
            }
            ("resources/templates/list", _) => Ok(cacheable(resources::templates(), &era, STATIC_TTL_MS, "public")),
            ("resources/read", _) => {
                let (result, ttl) = resources::read(&self.ctx(live), params)?;
                let uri = result["contents"][0]["uri"].as_str().unwrap_or("");
                let private = uri == "oj://status" || uri.starts_with("oj://log");
                let scope = if private { "private" } else { "public" };
                Ok(cacheable(result, &era, ttl, scope))
            }
            ("prompts/list", _) => Ok(cacheable(prompts::list(), &era, STATIC_TTL_MS, "public")),
            ("prompts/get", _) => prompts::get(&self.ctx(live), params),
            ("completion/complete", _) => complete::complete(&self.ctx(live), params),
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
        // A version we do not speak, or the modern one (not negotiated by `initialize`): the newest
        // legacy one, as the specification says.
        let version = asked
            .and_then(|v| v.parse::<ProtocolVersion>().ok())
            .filter(|v| *v != MODERN_VERSION)
            .unwrap_or(ProtocolVersion::NEWEST_LEGACY);
        *lock(&self.negotiated) = Some(version);
        let caps = params.and_then(|p| p.get("capabilities"));
        self.ui_declared.store(view::declared(caps), Ordering::Relaxed);
        let client = params.and_then(|p| p.get("clientInfo")).and_then(|c| c.get("name")).and_then(Value::as_str);
        if let Some(name) = client {
            self.log.set_client(name);
        }
        crate::info!(
            "initialize from {} (asked {}, agreed {version})",
            client.unwrap_or("an unnamed client"),
            asked.unwrap_or("no version")
        );
        let mut info = Self::server_info();
        if version < ProtocolVersion::V2025_06_18 {
            // `title` arrived in 2025-06-18.
            info.as_object_mut().map(|m| m.remove("title"));
        }
        Ok(json!({
            "protocolVersion": version,
            "capabilities": Self::capabilities(),
            "serverInfo": info,
            "instructions": crate::texts::file("instructions.md"),
        }))
    }

    fn discover() -> Value {
        // A 2026-07-28 method: its result always has `resultType`, whatever era asked.
        json!({
            "resultType": "complete",
            "supportedVersions": ProtocolVersion::ALL,
            "capabilities": Self::capabilities(),
            "instructions": crate::texts::file("instructions.md"),
            "ttlMs": STATIC_TTL_MS,
            "cacheScope": "public",
            "_meta": { META_SERVER_INFO: Self::server_info() },
        })
    }

    /// `tools/list`; `view`: whether the tools the view renders link it.
    fn tools_list(&self, era: &Era, view: bool) -> Value {
        // Built once per shape (the schemas are parsed from their JSON files): a clone is cheap.
        static LISTS: [OnceLock<Value>; 32] = [const { OnceLock::new() }; 32];
        let (title, schema, annotations) = (era.has_structured_output(), self.structured(era), era.has_annotations());
        let shape = usize::from(view) * 16
            + usize::from(self.allow_run) * 8
            + usize::from(title) * 4
            + usize::from(schema) * 2
            + usize::from(annotations);
        let list = LISTS[shape].get_or_init(|| {
            let listing = |t: &tools::Tool| {
                let mut entry = t.listing(title, schema, annotations);
                if let Some(meta) = view::tool_meta(t.name).filter(|_| view) {
                    entry["_meta"] = meta;
                }
                entry
            };
            let tools: Vec<Value> = tools::listed(self.allow_run).map(listing).collect();
            json!({ "tools": tools })
        });
        cacheable(list.clone(), era, STATIC_TTL_MS, "public")
    }

    fn tools_call(&self, params: Option<&Value>, era: &Era, live: &dyn Live) -> Result<Value, ResponseError> {
        let name = match params.and_then(|p| p.get("name")) {
            Some(Value::String(n)) => n,
            Some(_) => return Err(invalid_params("tools/call: \"name\" must be a string")),
            None => return Err(invalid_params("tools/call: missing \"name\"")),
        };
        let Some(tool) = tools::find(name, self.allow_run) else {
            let known: Vec<&str> = tools::listed(self.allow_run).map(|t| t.name).collect();
            return Err(invalid_params(format!("Unknown tool: {name} (tools: {})", known.join(", "))));
        };
        #[cfg(debug_assertions)]
        panic_hook(name);
        // A stateless (2026-07-28) client names itself in each request's `_meta`.
        let meta_client = params.and_then(|p| p.get("_meta")).and_then(|m| m.get(META_CLIENT_INFO));
        if let Some(client) = meta_client.and_then(|c| c.get("name")).and_then(Value::as_str) {
            self.log.set_client(client);
        }
        let ctx = self.ctx(live);
        let started = std::time::Instant::now();
        let outcome = tool.run(&ctx, params.and_then(|p| p.get("arguments")));
        let ms = started.elapsed().as_millis();
        match outcome {
            Ok(out) => {
                crate::info!("{name}: ok in {ms} ms");
                let mut result = Map::new();
                result.insert("content".into(), json!([{ "type": "text", "text": out.text }]));
                result.insert("isError".into(), json!(false));
                if let Some(structured) = out.structured.filter(|_| self.structured(era)) {
                    result.insert("structuredContent".into(), structured);
                }
                Ok(Value::Object(result))
            }
            Err(ToolError::Domain(text) | ToolError::Args(text) | ToolError::Http(_, text)) => {
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
    pub(crate) fn notify(&self, n: &Notification, inflight: &Inflight) {
        crate::debug!("<- notification {}", n.method);
        if n.method == "notifications/cancelled"
            && let Some(id) = n.params.as_ref().and_then(|p| p.get("requestId")).and_then(RequestId::from_value)
        {
            inflight.cancel(&id);
        }
    }
}

/// The test-only hook, honoured in debug builds only (release builds compile it out): a call of
/// the tool named by `OJ_MCP_TEST_PANIC` panics in its handler, so the integration tests can show
/// that a panic costs only that call's reply (`tests/it/batch.rs`).
#[cfg(debug_assertions)]
fn panic_hook(tool: &str) {
    if std::env::var_os("OJ_MCP_TEST_PANIC").is_some_and(|t| t == tool) {
        panic!("OJ_MCP_TEST_PANIC: {tool} panics, as the test asked");
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
