//! The whole stdin path over arbitrary bytes: `server::run` with a worker pool, an in-memory
//! stdout and a backend that refuses connections. A broken invariant panics (libFuzzer then
//! saves the input under fuzz/artifacts/dispatch/).
#![no_main]

use libfuzzer_sys::fuzz_target;
use oj_mcp_rs_fuzz::oracle;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = oracle::check(data) {
        panic!("invariant broken: {e}");
    }
});
