//! Talking to a spawned server: pipes with deadlines, line reading, JSON-RPC requests, the
//! process and its `/proc` figures, and a raw HTTP client for the backend's own round trip.

use crate::{MODERN_VERSION, PROTOCOL_VERSION, TOKEN};
use serde_json::{Value, json};
use std::io::{self, Read, Write};
use std::net::TcpStream;
#[cfg(unix)]
use std::os::fd::{AsRawFd, RawFd};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

#[cfg(unix)]
pub(crate) mod sys {
    use std::ffi::{c_int, c_long, c_short, c_ulong};

    #[repr(C)]
    pub struct PollFd {
        pub fd: c_int,
        pub events: c_short,
        pub revents: c_short,
    }

    pub const POLLIN: c_short = 1;

    /// `_SC_CLK_TCK` on Linux.
    const SC_CLK_TCK: c_int = 2;

    unsafe extern "C" {
        pub fn poll(fds: *mut PollFd, nfds: c_ulong, timeout: c_int) -> c_int;
        fn sysconf(name: c_int) -> c_long;
    }

    /// The unit of /proc's CPU times, per second (100 nearly everywhere).
    pub fn clock_ticks() -> u64 {
        // SAFETY: sysconf takes a constant and has no other effect.
        let n = unsafe { sysconf(SC_CLK_TCK) };
        if n > 0 { n as u64 } else { 100 }
    }
}

/// Waits until `fd` is readable (or closed); an error once `deadline` passes.
#[cfg(unix)]
pub(crate) fn wait_readable(fd: RawFd, deadline: Instant) -> io::Result<()> {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::Error::new(io::ErrorKind::TimedOut, "no answer in time"));
        }
        let mut pfd = sys::PollFd { fd, events: sys::POLLIN, revents: 0 };
        let timeout = left.as_millis().clamp(1, i32::MAX as u128) as i32;
        // SAFETY: one valid pollfd, and its count.
        let n = unsafe { sys::poll(&mut pfd, 1, timeout) };
        if n > 0 {
            return Ok(());
        }
        if n < 0 {
            let e = io::Error::last_os_error();
            if e.kind() != io::ErrorKind::Interrupted {
                return Err(e);
            }
        }
    }
}

/// Position of the first `\n`, eight bytes at a time (a 300 KB reply is one line).
pub(crate) fn find_newline(hay: &[u8]) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    const NL: u64 = LO * b'\n' as u64;
    let mut i = 0;
    for chunk in hay.chunks_exact(8) {
        let w = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])) ^ NL;
        if w.wrapping_sub(LO) & !w & HI != 0 {
            break;
        }
        i += 8;
    }
    hay[i..].iter().position(|&b| b == b'\n').map(|p| p + i)
}

/// Reads lines from a child's stdout, each read guarded by a deadline.
pub(crate) struct LineReader {
    pub(crate) src: ChildStdout,
    pub(crate) buf: Vec<u8>,
    pub(crate) pos: usize,
}

impl LineReader {
    pub(crate) fn new(src: ChildStdout) -> LineReader {
        LineReader { src, buf: Vec::with_capacity(1 << 16), pos: 0 }
    }

    /// Reads more into `buf`; Ok(false) at EOF.
    pub(crate) fn fill(&mut self, deadline: Instant) -> io::Result<bool> {
        if self.pos == self.buf.len() {
            self.buf.clear();
            self.pos = 0;
        }
        // Elsewhere reads simply block (the harness is meant for Linux; it still builds everywhere).
        #[cfg(unix)]
        wait_readable(self.src.as_raw_fd(), deadline)?;
        #[cfg(not(unix))]
        let _ = deadline;
        let len = self.buf.len();
        if self.buf.capacity() - len < 1 << 15 {
            self.buf.reserve(1 << 16);
        }
        let cap = self.buf.capacity();
        self.buf.resize(cap, 0);
        match self.src.read(&mut self.buf[len..]) {
            Ok(n) => {
                self.buf.truncate(len + n);
                Ok(n > 0)
            }
            Err(e) => {
                self.buf.truncate(len);
                if e.kind() == io::ErrorKind::Interrupted { Ok(true) } else { Err(e) }
            }
        }
    }

    /// The next line, without its `\n`, into `line`.
    pub(crate) fn read_line(&mut self, line: &mut Vec<u8>, deadline: Instant) -> io::Result<()> {
        line.clear();
        loop {
            let rest = &self.buf[self.pos..];
            if let Some(i) = find_newline(rest) {
                line.extend_from_slice(&rest[..i]);
                self.pos += i + 1;
                return Ok(());
            }
            line.extend_from_slice(rest);
            self.pos = self.buf.len();
            if !self.fill(deadline)? {
                return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "the server closed stdout"));
            }
        }
    }

    /// Reads and drops everything until EOF.
    pub(crate) fn drain_to_eof(&mut self, deadline: Instant) -> io::Result<()> {
        self.pos = self.buf.len();
        while self.fill(deadline)? {
            self.pos = self.buf.len();
        }
        Ok(())
    }
}

/// Whether `line` is the response with numeric id `id`: looked for at both ends first (where
/// servers put it), so that a 300 KB reply is not scanned by the harness.
pub(crate) fn is_response_to(line: &[u8], id: u64) -> bool {
    let has = |hay: &[u8]| {
        for pat in [format!("\"id\":{id}"), format!("\"id\": {id}")] {
            let pat = pat.as_bytes();
            let mut from = 0;
            while let Some(p) = hay[from..].windows(pat.len()).position(|w| w == pat) {
                let end = from + p + pat.len();
                if hay.get(end).is_none_or(|b| !b.is_ascii_digit()) {
                    return true;
                }
                from = end;
            }
        }
        false
    };
    let edge = 160.min(line.len());
    if has(&line[..edge]) || has(&line[line.len() - edge..]) {
        return true;
    }
    // A notification carries no id; anything else gets the full (slow) look.
    !line.starts_with(b"{\"jsonrpc\":\"2.0\",\"method\"") && has(line)
}

pub(crate) fn request(id: u64, method: &str, params: Value) -> Vec<u8> {
    let mut v = serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
        .unwrap_or_default();
    v.push(b'\n');
    v
}

pub(crate) fn initialize_request() -> Vec<u8> {
    request(
        1,
        "initialize",
        json!({
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "oj-mcp-rs-bench", "version": "0"}
        }),
    )
}

pub(crate) fn discover_request() -> Vec<u8> {
    request(
        1,
        "server/discover",
        json!({"_meta": {
            "io.modelcontextprotocol/protocolVersion": MODERN_VERSION,
            "io.modelcontextprotocol/clientCapabilities": {}
        }}),
    )
}

/// A tool call to time, and the backend path it reads.
pub(crate) struct ToolCall {
    pub(crate) tool: &'static str,
    pub(crate) args: Value,
    pub(crate) path: String,
}

impl ToolCall {
    pub(crate) fn problem((source, id): (&str, &str)) -> ToolCall {
        let path = format!("/api/v1/problems/{source}/{id}");
        ToolCall { tool: "get_problem", args: json!({"source": source, "id": id}), path }
    }

    /// A call on the same path through the server that converts nothing: the floor under
    /// get_problem (pipes, thread hand-off, HTTP client, JSON, formatting).
    pub(crate) fn status() -> ToolCall {
        ToolCall { tool: "get_platform_status", args: json!({}), path: "/status".into() }
    }

    pub(crate) fn request(&self, id: u64) -> Vec<u8> {
        request(id, "tools/call", json!({"name": self.tool, "arguments": self.args}))
    }
}

/// A spawned server, talking over pipes.
pub(crate) struct Proc {
    pub(crate) child: Child,
    pub(crate) stdin: Option<ChildStdin>,
    pub(crate) out: LineReader,
    pub(crate) timeout: Duration,
    pub(crate) line: Vec<u8>,
}

impl Proc {
    /// The server's command, told of the backend by `OJ_BASE_URL` and `OJ_TOKEN`; a word
    /// `{base_url}` or `{token}` in `cmd` is replaced by the same value, for a server that reads
    /// them from its command line only.
    pub(crate) fn command(cmd: &[String], backend_url: &str) -> Command {
        let mut c = Command::new(&cmd[0]);
        c.args(cmd[1..].iter().map(|w| match w.as_str() {
            "{base_url}" => backend_url,
            "{token}" => TOKEN,
            w => w,
        }))
        .env("OJ_BASE_URL", backend_url)
        .env("OJ_TOKEN", TOKEN)
        // Each call's solve-log line is written, as in use, to a file of this run's (removed at
        // the end), never to the user's data folder.
        .env("OJ_LOG_FILE", crate::log_file())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        // Default log level: the server's stderr lines go where a client would drop them.
        .stderr(Stdio::null());
        c
    }

    pub(crate) fn spawn(mut cmd: Command, timeout: Duration) -> Result<Proc, String> {
        let mut child = cmd.spawn().map_err(|e| format!("cannot start {:?}: {e}", cmd.get_program()))?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().ok_or("no stdout pipe")?;
        Ok(Proc { child, stdin, out: LineReader::new(stdout), timeout, line: Vec::new() })
    }

    pub(crate) fn send(&mut self, bytes: &[u8]) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("stdin already closed")?;
        stdin.write_all(bytes).map_err(|e| format!("writing to the server: {e}"))
    }

    /// Reads until the response to `id`, left in `self.line`.
    pub(crate) fn reply(&mut self, id: u64) -> Result<(), String> {
        let deadline = Instant::now() + self.timeout;
        loop {
            self.out.read_line(&mut self.line, deadline).map_err(|e| format!("waiting for reply {id}: {e}"))?;
            if is_response_to(&self.line, id) {
                return Ok(());
            }
        }
    }

    /// Sends `req` (with id `id`) and times the round trip to its response.
    pub(crate) fn call(&mut self, id: u64, req: &[u8]) -> Result<Duration, String> {
        let t0 = Instant::now();
        self.send(req)?;
        self.reply(id)?;
        Ok(t0.elapsed())
    }

    /// The last reply, parsed.
    pub(crate) fn reply_value(&self) -> Result<Value, String> {
        serde_json::from_slice(&self.line).map_err(|e| format!("a reply that is not JSON ({e})"))
    }

    /// The last reply's `result`, or why there is none.
    pub(crate) fn reply_result(&self, what: &str) -> Result<Value, String> {
        let mut v = self.reply_value()?;
        if let Some(e) = v.get("error") {
            return Err(format!("{what}: error reply {e}"));
        }
        v.get_mut("result").map(Value::take).ok_or_else(|| format!("{what}: a reply without a result"))
    }

    pub(crate) fn hwm_kb(&self) -> Option<u64> {
        proc_status_kb(self.child.id(), "VmHWM:")
    }

    /// Closes stdin and times it until the process has exited (stdout EOF, then the wait).
    pub(crate) fn close(&mut self) -> Result<Duration, String> {
        let deadline = Instant::now() + self.timeout;
        let t0 = Instant::now();
        drop(self.stdin.take());
        let eof = self.out.drain_to_eof(deadline);
        if let Err(e) = eof {
            return Err(format!("no exit after stdin closed: {e}"));
        }
        let status = self.child.wait().map_err(|e| format!("wait: {e}"))?;
        let took = t0.elapsed();
        if !status.success() {
            return Err(format!("the server exited with {status} after stdin closed"));
        }
        Ok(took)
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

pub(crate) fn proc_status_kb(pid: u32, key: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find_map(|l| l.strip_prefix(key)).and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// A raw HTTP/1.1 GET client over one kept-alive socket: the backend's own round trip.
pub(crate) struct RawHttp {
    pub(crate) stream: TcpStream,
    pub(crate) host: String,
    pub(crate) buf: Vec<u8>,
}

impl RawHttp {
    pub(crate) fn connect(addr: std::net::SocketAddr) -> io::Result<RawHttp> {
        let stream = TcpStream::connect(addr)?;
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(Duration::from_secs(20)))?;
        Ok(RawHttp { stream, host: addr.to_string(), buf: Vec::with_capacity(1 << 16) })
    }

    /// One GET, read to the end of its body; returns the status and the body length.
    pub(crate) fn get(&mut self, path: &str) -> io::Result<(u16, usize)> {
        let req = format!(
            "GET {path} HTTP/1.1\r\nhost: {}\r\nauthorization: Bearer {TOKEN}\r\naccept: application/json\r\n\r\n",
            self.host
        );
        self.stream.write_all(req.as_bytes())?;
        self.buf.clear();
        let mut chunk = [0u8; 1 << 16];
        let head_end = loop {
            if let Some(p) = self.buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break p + 4;
            }
            let n = self.stream.read(&mut chunk)?;
            if n == 0 {
                return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "backend closed"));
            }
            self.buf.extend_from_slice(&chunk[..n]);
        };
        let head = String::from_utf8_lossy(&self.buf[..head_end]).to_string();
        let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        let len = head
            .lines()
            .find_map(|l| {
                let (k, v) = l.split_once(':')?;
                k.trim().eq_ignore_ascii_case("content-length").then(|| v.trim().parse::<usize>().ok())?
            })
            .ok_or_else(|| io::Error::other("no content-length"))?;
        while self.buf.len() < head_end + len {
            let n = self.stream.read(&mut chunk)?;
            if n == 0 {
                return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "backend closed mid-body"));
            }
            self.buf.extend_from_slice(&chunk[..n]);
        }
        Ok((status, len))
    }
}
