//! The generator's random numbers: SplitMix64, seeded by the caller, so that a seed and a size
//! always give the same testcase (a counterexample is reproduced from them). No crate: a few
//! lines, and the sequence never changes under us.

pub(super) struct Rng(u64);

impl Rng {
    pub(super) fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x6a09_e667_f3bc_c908)
    }

    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`), by a 128-bit multiply (no modulo bias worth the name).
    pub(super) fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }

    /// Uniform in `lo..=hi`; `lo` when the range is empty.
    pub(super) fn range(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            return lo;
        }
        let span = (hi as i128 - lo as i128) as u128 + 1;
        if span > u128::from(u64::MAX) {
            return self.next() as i64;
        }
        (lo as i128 + i128::from(self.below(span as u64))) as i64
    }

    /// Uniform in `[0, 1)`.
    pub(super) fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub(super) fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
}
