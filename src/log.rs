//! A few lines of std logging: one line per event on stderr, `oj-mcp-rs: LEVEL: message`.
//! stdout is never touched here. Nothing secret is ever passed in: callers log no token.

use std::io::Write;
use std::sync::atomic::{AtomicU8, Ordering};

/// How much to log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Failures only.
    Error = 1,
    /// Failures and surprises.
    Warn = 2,
    /// Start-up and one line per tool call (the default).
    Info = 3,
    /// Every message on the wire, every backend request.
    Debug = 4,
}

impl Level {
    /// Parses `error`, `warn`, `info` or `debug` (any case).
    pub fn parse(s: &str) -> Option<Level> {
        match s.to_ascii_lowercase().as_str() {
            "error" => Some(Level::Error),
            "warn" | "warning" => Some(Level::Warn),
            "info" => Some(Level::Info),
            "debug" | "trace" => Some(Level::Debug),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Level::Error => "ERROR",
            Level::Warn => "WARN",
            Level::Info => "INFO",
            Level::Debug => "DEBUG",
        }
    }
}

static LEVEL: AtomicU8 = AtomicU8::new(Level::Info as u8);

/// Sets the process-wide level.
pub fn set_level(level: Level) {
    LEVEL.store(level as u8, Ordering::Relaxed);
}

/// Whether a line at `level` would be written.
pub(crate) fn enabled(level: Level) -> bool {
    level as u8 <= LEVEL.load(Ordering::Relaxed)
}

/// Writes one line to stderr if `level` is enabled. Errors writing stderr are ignored.
pub fn log(level: Level, args: std::fmt::Arguments<'_>) {
    if enabled(level) {
        let line = format!("oj-mcp-rs: {}: {}\n", level.name(), args);
        let _ = std::io::stderr().lock().write_all(line.as_bytes());
    }
}

/// `error!("...", args)`: log at [`Level::Error`].
#[macro_export]
macro_rules! error { ($($t:tt)*) => { $crate::log::log($crate::log::Level::Error, format_args!($($t)*)) } }
/// `warn!("...", args)`: log at [`Level::Warn`].
#[macro_export]
macro_rules! warn { ($($t:tt)*) => { $crate::log::log($crate::log::Level::Warn, format_args!($($t)*)) } }
/// `info!("...", args)`: log at [`Level::Info`].
#[macro_export]
macro_rules! info { ($($t:tt)*) => { $crate::log::log($crate::log::Level::Info, format_args!($($t)*)) } }
/// `debug!("...", args)`: log at [`Level::Debug`].
#[macro_export]
macro_rules! debug { ($($t:tt)*) => { $crate::log::log($crate::log::Level::Debug, format_args!($($t)*)) } }
