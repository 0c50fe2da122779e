//! Shared code of the fuzz targets: the invariants of a server run live in [`oracle`], which
//! `tests/fuzz_dispatch.rs` also includes (the dependency-free fuzzer run by `cargo test`); those
//! of sample extraction in [`samples_oracle`], included by `tests/fuzz_samples.rs`.

pub mod oracle;
pub mod samples_oracle;
