//! Shared code of the fuzz targets: the invariants of a server run live in [`oracle`], which
//! `tests/fuzz_dispatch.rs` also includes (the dependency-free fuzzer run by `cargo test`).

pub mod oracle;
