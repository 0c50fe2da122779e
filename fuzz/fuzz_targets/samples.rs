//! Sample extraction alone: `samples::extract` on arbitrary statements, as every platform.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oj_mcp_rs_fuzz::samples_oracle;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = samples_oracle::check(data) {
        panic!("invariant broken: {e}");
    }
});
