//! Framing and classification alone: `mcp::read_line`, `mcp::parse`, and every error response
//! written back with `mcp::write`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oj_mcp_rs_fuzz::oracle;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = oracle::check_parse(data) {
        panic!("invariant broken: {e}");
    }
});
