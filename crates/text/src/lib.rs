//! The statement pipeline of oj-mcp-rs, pure text in and out (no I/O): a statement (HTML or
//! Markdown, as the backend sends it) parsed once (`dom`) and converted to Markdown (`convert`),
//! its sample tests (`samples`), its judging facts (`statement`: limits, tolerance, any-answer
//! phrases), and the helpers they share (`scan`, `decimal`); and a reply's JSON line (`line`).
//!
//! Its own crate for one reason: it is the hot path of every `get_problem` call, and a crate has
//! one optimisation level. This one is built for speed (opt-level "s", and html5ever's generic
//! tokenizer is instantiated here), the server around it for size ("z"): see the workspace's
//! Cargo.toml and docs/benchmarks.md. The server re-exports the modules under their old paths
//! (`crate::convert`, …), so the layers of ARCHITECTURE.md are unchanged.

#![forbid(unsafe_code)]

pub mod convert;
pub mod decimal;
pub mod dom;
pub mod line;
pub mod samples;
pub mod scan;
pub mod statement;
