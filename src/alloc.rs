//! A small caching allocator for the static musl build. musl's allocator returns memory to the
//! system eagerly: converting one 5 KB statement cost 66 `mmap`/`munmap` pairs and ~100 page
//! faults, three times glibc's time (see docs/benchmarks.md), and a 300 KB problem's buffers
//! (its body, its Markdown, the reply: a few hundred KB each) were mapped afresh at each call,
//! 850 page faults and a fifth of its time in the kernel. This keeps freed blocks on per-size
//! free lists and hands them out again, in front of the system allocator.
//!
//! Blocks of up to 4 MiB (alignment up to 16) are rounded up to a power of two from 16 bytes;
//! the 19 size classes together keep at most `MAX_CACHED` bytes of free blocks, and anything
//! beyond that, or larger, goes straight to the system. Each class is guarded by its own spin
//! lock, held for a few instructions.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::UnsafeCell;
use std::ptr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

const CLASSES: usize = 19; // 16, 32, …, 4 MiB
const MIN_CLASS: usize = 16;
const MAX_CLASS: usize = 4 << 20;
/// Most bytes of free blocks kept, all classes together. A statement is parsed into one tree,
/// freed at once after its conversion, so what is kept is at most what was live at a
/// conversion's peak. A bound per class (2 MiB each, before) let a tree of a few MB spill to musl,
/// which unmaps it and faults it in again at the next large statement: a 1 MiB statement then
/// cost twice glibc's time per byte, a tenth of it in the kernel. Kept whole up to this size, a
/// large statement converts in time linear in its size, as in a glibc build (whose heap keeps
/// freed memory the same way); ordinary statements never come near it.
const MAX_CACHED: usize = 32 * 1024 * 1024;

struct Class {
    lock: AtomicBool,
    /// Head of a singly linked list threaded through the free blocks themselves.
    head: UnsafeCell<*mut u8>,
}

// SAFETY: `head` is only touched while `lock` is held (see `Class::with`).
unsafe impl Sync for Class {}

impl Class {
    const fn empty() -> Class {
        Class { lock: AtomicBool::new(false), head: UnsafeCell::new(ptr::null_mut()) }
    }

    fn with<R>(&self, f: impl FnOnce(&mut *mut u8) -> R) -> R {
        while self.lock.compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed).is_err() {
            std::hint::spin_loop();
        }
        // SAFETY: the lock is held, so this is the only reference to the class's list.
        let r = unsafe { f(&mut *self.head.get()) };
        self.lock.store(false, Ordering::Release);
        r
    }
}

/// The allocator: size-class free lists in front of [`System`].
pub struct Cache {
    classes: [Class; CLASSES],
    /// Bytes of free blocks kept now, all classes together.
    cached: AtomicUsize,
}

impl Cache {
    /// An empty cache.
    pub const fn new() -> Cache {
        Cache { classes: [const { Class::empty() }; CLASSES], cached: AtomicUsize::new(0) }
    }
}

impl Default for Cache {
    fn default() -> Cache {
        Cache::new()
    }
}

/// The size class of a layout and its block size, or `None` for the system allocator.
fn class_of(l: &Layout) -> Option<(usize, usize)> {
    if l.align() > MIN_CLASS || l.size() > MAX_CLASS {
        return None;
    }
    let size = l.size().max(MIN_CLASS).next_power_of_two();
    Some((size.trailing_zeros() as usize - MIN_CLASS.trailing_zeros() as usize, size))
}

fn block(size: usize) -> Layout {
    // SAFETY: `size` is a power of two from 16 to 4 MiB, so the layout is valid.
    unsafe { Layout::from_size_align_unchecked(size, MIN_CLASS) }
}

// SAFETY: every block handed out is either fresh from `System` with the class's layout (size a
// power of two ≥ the request, alignment 16 ≥ the request's), or one such block returned earlier
// and not in use; blocks go back to `System` with the same layout they were allocated with.
unsafe impl GlobalAlloc for Cache {
    #[cfg_attr(oj_size, optimize(speed))]
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let Some((c, size)) = class_of(&l) else { return unsafe { System.alloc(l) } };
        let p = self.classes[c].with(|head| {
            let p = *head;
            if !p.is_null() {
                // SAFETY: a free block holds the next pointer in its first bytes.
                *head = unsafe { *(p as *mut *mut u8) };
            }
            p
        });
        if p.is_null() {
            return unsafe { System.alloc(block(size)) };
        }
        self.cached.fetch_sub(size, Ordering::Relaxed);
        p
    }

    #[cfg_attr(oj_size, optimize(speed))]
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        let Some((c, size)) = class_of(&l) else { return unsafe { System.dealloc(p, l) } };
        // Counted before the block is listed, so the count never falls below what is listed.
        if self.cached.fetch_add(size, Ordering::Relaxed) + size > MAX_CACHED {
            self.cached.fetch_sub(size, Ordering::Relaxed);
            return unsafe { System.dealloc(p, block(size)) };
        }
        self.classes[c].with(|head| {
            // SAFETY: the block is ours again and at least 16 bytes, aligned 16.
            unsafe { *(p as *mut *mut u8) = *head };
            *head = p;
        });
    }

    #[cfg_attr(oj_size, optimize(speed))]
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller guarantees `new_size` with `l.align()` is a valid layout.
        let new_l = unsafe { Layout::from_size_align_unchecked(new_size, l.align()) };
        match (class_of(&l), class_of(&new_l)) {
            // The block is already big enough.
            (Some((a, _)), Some((b, _))) if a == b => p,
            (None, None) => unsafe { System.realloc(p, l, new_size) },
            _ => {
                let q = unsafe { self.alloc(new_l) };
                if !q.is_null() {
                    unsafe { ptr::copy_nonoverlapping(p, q, l.size().min(new_size)) };
                    unsafe { self.dealloc(p, l) };
                }
                q
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        let c = |size, align| class_of(&Layout::from_size_align(size, align).unwrap());
        assert_eq!(c(1, 1), Some((0, 16)));
        assert_eq!(c(16, 8), Some((0, 16)));
        assert_eq!(c(17, 8), Some((1, 32)));
        assert_eq!(c(4096, 16), Some((8, 4096)));
        assert_eq!(c(4097, 8), Some((9, 8192)));
        assert_eq!(c(300_742, 1), Some((15, 512 << 10)));
        assert_eq!(c(4 << 20, 16), Some((18, 4 << 20)));
        assert_eq!(c((4 << 20) + 1, 8), None);
        assert_eq!(c(64, 32), None);
    }

    #[test]
    fn blocks_are_reused_written_and_moved_across_classes() {
        let cache = Cache::new();
        unsafe {
            let l = Layout::from_size_align(24, 8).unwrap();
            let a = cache.alloc(l);
            a.write_bytes(0xAB, 24);
            cache.dealloc(a, l);
            let b = cache.alloc(l);
            assert_eq!(a, b, "a freed block of the class is handed out again");
            b.write_bytes(1, 24);
            // Growing within the class keeps the block; across classes copies the contents.
            let b = cache.realloc(b, l, 30);
            assert_eq!(b, a);
            let big = cache.realloc(b, Layout::from_size_align(30, 8).unwrap(), 10_000);
            assert!((0..24).all(|i| *big.add(i) == 1));
            // Past the largest class, and back.
            let huge = cache.realloc(big, Layout::from_size_align(10_000, 8).unwrap(), 5 << 20);
            assert!((0..24).all(|i| *huge.add(i) == 1));
            huge.add((5 << 20) - 1).write(7);
            let big = cache.realloc(huge, Layout::from_size_align(5 << 20, 8).unwrap(), 10_000);
            assert!((0..24).all(|i| *big.add(i) == 1));
            let small = cache.realloc(big, Layout::from_size_align(10_000, 8).unwrap(), 100);
            assert!((0..24).all(|i| *small.add(i) == 1));
            cache.dealloc(small, Layout::from_size_align(100, 8).unwrap());
        }
    }

    #[test]
    fn the_cache_is_bounded_and_threads_share_it_safely() {
        static CACHE: Cache = Cache::new();
        let threads: Vec<_> = (0..4)
            .map(|t| {
                std::thread::spawn(move || unsafe {
                    let l = Layout::from_size_align(64 + t, 8).unwrap();
                    let mut held = Vec::new();
                    for round in 0..200 {
                        for _ in 0..100 {
                            let p = CACHE.alloc(l);
                            p.write_bytes(t as u8, l.size());
                            held.push(p);
                        }
                        for p in held.drain(..) {
                            assert!((0..l.size()).all(|i| *p.add(i) == t as u8), "round {round}");
                            CACHE.dealloc(p, l);
                        }
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert!(CACHE.cached.load(Ordering::Relaxed) <= MAX_CACHED);
    }

    #[test]
    fn what_is_kept_stays_within_the_bound() {
        let cache = Cache::new();
        let l = Layout::from_size_align(4096, 16).unwrap();
        let blocks: Vec<_> = (0..MAX_CACHED / 4096 + 100).map(|_| unsafe { cache.alloc(l) }).collect();
        for p in blocks {
            unsafe { cache.dealloc(p, l) };
        }
        assert_eq!(cache.cached.load(Ordering::Relaxed), MAX_CACHED, "kept up to the bound, the rest given back");
    }
}
