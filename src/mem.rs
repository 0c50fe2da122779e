//! The static x86-64 build's `memcpy` and `memmove`, in place of musl's. musl's copy every call
//! with `rep movsq` and its odd bytes with `movsb`, microcoded instructions that take some
//! thirty cycles to start: a 300 KB statement's call made 170,000 copies, most of them a few
//! bytes (a text run, a tag name), and `memcpy` was an eighth of its time (glibc's, which the
//! reference links, is three times cheaper). These copy with plain loads and stores: up to 32
//! bytes as two possibly overlapping pieces, beyond that 16 bytes at a time. The binary crate
//! is `no_builtins`, so the loops are not turned back into calls to `memcpy`.
//!
//! Only the static x86-64 build exports them (`no_mangle`); the tests call them by name on every
//! target. musl's `memmove` calls into its `memcpy`'s file, so both are replaced.

use std::ptr::{read_unaligned as load, write_unaligned as store};

/// Copies `n` bytes from `src` to `dst`, which do not overlap.
///
/// # Safety
/// As C's `memcpy`: `src` readable and `dst` writable for `n` bytes, the two apart.
#[cfg_attr(all(target_env = "musl", target_arch = "x86_64", not(test)), unsafe(no_mangle))]
pub unsafe extern "C" fn memcpy(dst: *mut u8, src: *const u8, n: usize) -> *mut u8 {
    // SAFETY: the caller's promise; a forward copy is right for regions apart.
    unsafe { forward(dst, src, n) };
    dst
}

/// Copies `n` bytes from `src` to `dst`, which may overlap.
///
/// # Safety
/// As C's `memmove`: `src` readable and `dst` writable for `n` bytes.
#[cfg_attr(all(target_env = "musl", target_arch = "x86_64", not(test)), unsafe(no_mangle))]
pub unsafe extern "C" fn memmove(dst: *mut u8, src: *const u8, n: usize) -> *mut u8 {
    // `dst` below `src`, or past its end: a forward copy never reads what it has written.
    if (dst as usize).wrapping_sub(src as usize) >= n {
        // SAFETY: the caller's promise.
        unsafe { forward(dst, src, n) };
    } else {
        // SAFETY: the caller's promise.
        unsafe { backward(dst, src, n) };
    }
    dst
}

/// Up to 32 bytes: every load before the first store, so right whatever the overlap.
#[inline(always)]
unsafe fn short(dst: *mut u8, src: *const u8, n: usize) {
    // SAFETY (all below): `n` bytes at each end are in bounds, and each piece lies within them.
    unsafe {
        if n > 16 {
            let (a, b) = (load(src as *const u128), load(src.add(n - 16) as *const u128));
            store(dst as *mut u128, a);
            store(dst.add(n - 16) as *mut u128, b);
        } else if n >= 8 {
            let (a, b) = (load(src as *const u64), load(src.add(n - 8) as *const u64));
            store(dst as *mut u64, a);
            store(dst.add(n - 8) as *mut u64, b);
        } else if n >= 4 {
            let (a, b) = (load(src as *const u32), load(src.add(n - 4) as *const u32));
            store(dst as *mut u32, a);
            store(dst.add(n - 4) as *mut u32, b);
        } else if n >= 2 {
            let (a, b) = (load(src as *const u16), load(src.add(n - 2) as *const u16));
            store(dst as *mut u16, a);
            store(dst.add(n - 2) as *mut u16, b);
        } else if n == 1 {
            *dst = *src;
        }
    }
}

/// Low addresses first; right when `dst` is below `src` or apart from it.
#[inline(always)]
unsafe fn forward(dst: *mut u8, src: *const u8, n: usize) {
    // SAFETY (all below): offsets stay within `n`; each chunk is read before it is written, and
    // a chunk written is below every chunk still to read (`dst` below `src`). The last 16 bytes
    // are read first and written last, over what the loop wrote there.
    unsafe {
        if n <= 32 {
            return short(dst, src, n);
        }
        let tail = load(src.add(n - 16) as *const u128);
        let mut i = 0;
        while i < n - 16 {
            store(dst.add(i) as *mut u128, load(src.add(i) as *const u128));
            i += 16;
        }
        store(dst.add(n - 16) as *mut u128, tail);
    }
}

/// High addresses first; right when `dst` is above `src`.
#[inline(always)]
unsafe fn backward(dst: *mut u8, src: *const u8, n: usize) {
    // SAFETY (all below): as `forward`, mirrored: the first 16 bytes are read first and written
    // last.
    unsafe {
        if n <= 32 {
            return short(dst, src, n);
        }
        let head = load(src as *const u128);
        let mut i = n;
        while i > 16 {
            i -= 16;
            store(dst.add(i) as *mut u128, load(src.add(i) as *const u128));
        }
        store(dst as *mut u128, head);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every length to 300 at every pair of alignments, apart and overlapping both ways, against
    /// a copy a byte at a time; bytes around the destination stay as they were.
    #[test]
    fn copies_as_bytes_would() {
        let pattern: Vec<u8> = (0..800u32).map(|i| (i * 7 + 3) as u8).collect();
        for n in 0..300 {
            for (s, d) in [(0, 400), (3, 401), (5, 416), (16, 399), (400, 0), (401, 9)] {
                let mut buf = pattern.clone();
                let mut want = pattern.clone();
                want.copy_within(s..s + n, d);
                // SAFETY: both ranges lie within `buf` and are apart.
                unsafe { memcpy(buf.as_mut_ptr().add(d), buf.as_ptr().add(s), n) };
                assert_eq!(buf, want, "memcpy n {n} from {s} to {d}");
            }
            for (s, d) in
                [(10, 10), (10, 11), (11, 10), (10, 26), (26, 10), (10, 42), (42, 10), (0, 7), (7, 0), (33, 1)]
            {
                let mut buf = pattern.clone();
                let mut want = pattern.clone();
                want.copy_within(s..s + n, d);
                // SAFETY: both ranges lie within `buf`.
                unsafe { memmove(buf.as_mut_ptr().add(d), buf.as_ptr().add(s), n) };
                assert_eq!(buf, want, "memmove n {n} from {s} to {d}");
            }
        }
    }
}
