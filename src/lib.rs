//! oj-mcp-rs: an MCP server (stdio, newline-delimited JSON-RPC) that reads online-judge problems
//! from an oj-api-rs backend. `main.rs` only wires stdio; everything else lives here so that tests
//! and benchmarks can drive it in memory. See `ARCHITECTURE.md` for the map.

// No unsafe code, but for the allocator below (and the signal handler in `main.rs`). `deny`, not
// `forbid`, because `forbid` cannot be lifted for that one module; `make lint` checks that
// `allow(unsafe_code)` appears nowhere else.
#![deny(unsafe_code)]

#[macro_use]
pub mod log;
#[allow(unsafe_code)]
pub mod alloc;
pub mod cli;
pub mod client;
mod complete;
pub mod convert;
mod dns;
pub mod error;
mod format;
mod http_proxy;
mod language;
pub mod mcp;
pub mod models;
mod prompts;
mod resources;
pub mod samples;
pub mod server;
pub mod tools;
