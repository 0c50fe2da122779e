//! oj-mcp-rs: an MCP server (stdio, newline-delimited JSON-RPC) that reads online-judge problems
//! from an oj-api-rs backend. `main.rs` only wires stdio; everything else lives here so that tests
//! and benchmarks can drive it in memory. See `ARCHITECTURE.md` for the map.

#[macro_use]
pub mod log;
pub mod alloc;
pub mod cli;
pub mod client;
pub mod complete;
pub mod convert;
pub mod dns;
pub mod error;
pub mod format;
pub mod mcp;
pub mod models;
pub mod prompts;
pub mod resources;
pub mod samples;
pub mod server;
pub mod tools;
