//! The single writer of stdout: each message one compact line, written whole under one lock and
//! flushed, so replies never interleave.

use std::io::{self, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::Value;

use super::lock;
use crate::mcp;

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
    pub(crate) fn send(&self, value: &Value) {
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
