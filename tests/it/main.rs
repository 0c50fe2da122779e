//! The integration-test binary: one crate, one module per area.

#[path = "../support/backend.rs"]
mod backend;
mod backend_selftest;
mod harness;
mod wire;
mod extras;
mod schema_check;
