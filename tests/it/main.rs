//! The integration-test binary: one crate, one module per area.

#[path = "../support/backend.rs"]
mod backend;
mod backend_selftest;
mod harness;
mod wire;
mod extras;
mod schema_check;
mod util;
mod tools_daily;
mod tools_problem;
mod tools_similar;
mod tools_resolve;
mod tools_status;
mod http_client;
mod hostile;
mod faults;
mod network;
mod proxies;
mod retries;
