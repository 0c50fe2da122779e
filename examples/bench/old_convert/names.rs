//! Lookup in the converter's static name tables (tags, named entities). A tag is looked up for
//! every token, so the lookup compares no strings: names are packed into integers and hashed into
//! an open-addressing table, all at compile time.

/// A name of at most 16 bytes packed big-endian into a `u128`, zero-padded. Longer names get
/// `u128::MAX`, which no table name has. Equal keys and equal lengths mean equal names (padding
/// is zeros, and a trailing NUL changes the length).
pub(super) const fn key(name: &str) -> u128 {
    let b = name.as_bytes();
    if b.len() > 16 {
        return u128::MAX;
    }
    let mut buf = [0u8; 16];
    let mut i = 0;
    while i < b.len() {
        buf[i] = b[i];
        i += 1;
    }
    u128::from_be_bytes(buf)
}

/// [`key`] of an ASCII-lower-cased name, for tag names (`None` past 16 bytes). Lower-casing
/// byte by byte also keeps `memcpy` out of the lookup of every token.
pub(super) fn lower_key(name: &str) -> Option<u128> {
    let b = name.as_bytes();
    if b.len() > 16 {
        return None;
    }
    let mut buf = [0u8; 16];
    for (d, s) in buf.iter_mut().zip(b) {
        *d = s.to_ascii_lowercase();
    }
    Some(u128::from_be_bytes(buf))
}

/// The slot a key hashes to in a table of `S` slots (a power of two): the top bits of a
/// multiplicative hash, which depend on every bit of the key (short names have only high bits).
const fn slot<const S: usize>(k: u128) -> usize {
    let x = (k >> 64) as u64 ^ k as u64;
    (x.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - S.trailing_zeros())) as usize
}

/// A table of `N` names hashed into `S` slots (`S` a power of two, at least twice `N`).
pub(super) struct Index<const N: usize, const S: usize> {
    keys: [u128; N],
    lens: [u8; N],
    /// 1 + the table position of the name in each slot; 0 for an empty slot.
    slots: [u16; S],
}

impl<const N: usize, const S: usize> Index<N, S> {
    pub(super) const fn new<T>(table: &[(&str, T)]) -> Self {
        let mut keys = [0u128; N];
        let mut lens = [0u8; N];
        let mut slots = [0u16; S];
        let mut i = 0;
        while i < N {
            keys[i] = key(table[i].0);
            lens[i] = table[i].0.len() as u8;
            let mut s = slot::<S>(keys[i]);
            while slots[s] != 0 {
                s = (s + 1) & (S - 1);
            }
            slots[s] = i as u16 + 1;
            i += 1;
        }
        Index { keys, lens, slots }
    }

    /// Position of `name` in the table.
    pub(super) fn find(&self, name: &str) -> Option<usize> {
        self.find_key(key(name), name.len())
    }

    /// Position of the name of key `k` and length `len` in the table.
    pub(super) fn find_key(&self, k: u128, len: usize) -> Option<usize> {
        let mut s = slot::<S>(k);
        loop {
            let i = (self.slots[s] as usize).checked_sub(1)?;
            if self.keys[i] == k && self.lens[i] as usize == len {
                return Some(i);
            }
            s = (s + 1) & (S - 1);
        }
    }

    /// Sorted, unique, short names, room in the table (for the tests of each table).
    #[cfg(test)]
    pub(super) fn is_sound<T>(&self, table: &[(&str, T)]) -> bool {
        S.is_power_of_two()
            && S >= 2 * N
            && table.len() == N
            && table.iter().all(|(n, _)| !n.is_empty() && n.len() <= 16 && !n.contains('\0'))
            && table.windows(2).all(|w| w[0].0 < w[1].0)
            && table.iter().enumerate().all(|(i, (n, _))| self.find(n) == Some(i))
    }
}
