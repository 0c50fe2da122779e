//! What the two dependency-free mutation fuzzers share (`tests/fuzz_dispatch.rs`,
//! `tests/fuzz_samples.rs`): the random numbers, the environment knobs, and where a failing input
//! is saved.
// Each fuzzer is its own test binary and uses part of this.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// xorshift64*.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A whole number from the environment (`FUZZ_SECONDS`, `FUZZ_ITERS`, `FUZZ_SEED`).
pub fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// The run's knobs: how long, how many inputs at most, and the seed (`FUZZ_SEED`, else the clock,
/// printed by the caller so that a failure can be replayed).
pub fn knobs(default_seconds: u64) -> (Duration, u64, u64) {
    let budget = Duration::from_secs(env_number("FUZZ_SECONDS").unwrap_or(default_seconds));
    let max_iters = env_number("FUZZ_ITERS").unwrap_or(u64::MAX);
    let seed = env_number("FUZZ_SEED")
        .unwrap_or_else(|| SystemTime::now().duration_since(UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64));
    (budget, max_iters, seed)
}

/// Saves a failing input under `target/fuzz-failures/{kind}-{hash}.bin` and returns its path.
pub fn save_failure(kind: &str, input: &[u8]) -> PathBuf {
    let h = input.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("fuzz-failures");
    let path = dir.join(format!("{kind}-{h:016x}.bin"));
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(&path, input);
    path
}
