//! oj-mcp-rs: an MCP server (stdio, newline-delimited JSON-RPC) that reads online-judge problems
//! from an oj-api-rs backend. `main.rs` only wires stdio; everything else lives here so that tests
//! and benchmarks can drive it in memory. See `ARCHITECTURE.md` for the map.

// No unsafe code in the library, and no way to lift that: the only unsafe code, the allocator
// (`alloc.rs`) and the signal handlers, belongs to the binary (`main.rs`).
#![forbid(unsafe_code)]
// The shipped build (scripts/ship/cargo-release.sh, which already needs nightly features for
// -Zbuild-std) sets `oj_size`: the cold, once-a-call code marked `#[cfg_attr(oj_size,
// optimize(size))]` is then built for size inside a binary built for speed. Without it (cargo
// install, tests) the attribute is not there at all.
#![cfg_attr(oj_size, feature(optimize_attribute))]

#[macro_use]
mod json;
#[macro_use]
pub mod log;
pub mod cli;
pub mod client;
mod complete;
pub use oj_mcp_rs_text::convert;
use oj_mcp_rs_text::decimal;
mod dns;
pub mod error;
pub mod format;
mod http_proxy;
pub mod judge;
pub mod language;
#[cfg(test)]
mod layers;
pub mod mcp;
pub mod models;
pub mod problems;
mod prompts;
mod resources;
mod routes;
pub use oj_mcp_rs_text::samples;
use oj_mcp_rs_text::scan;
pub mod server;
pub mod solvelog;
mod texts;
use oj_mcp_rs_text::statement;
mod tools;
mod view;

/// The usage text `--help` prints (and a command-line error after its message): `texts/help.txt`.
pub fn help() -> &'static str {
    texts::file("help.txt")
}
