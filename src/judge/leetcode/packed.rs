//! The drivers' source files, compressed into the binary by `build.rs` and expanded when a
//! driver is built (a few milliseconds, once per build of a problem). Their text is ~200 KB, a
//! sixteenth of the binary's budget; packed, about a quarter of that (docs/benchmarks.md).
//!
//! The format is the project's own, DEFLATE's ideas without its framing: the original length
//! (u32, little-endian), the code lengths of two canonical Huffman codes (286 literal/length
//! symbols, 30 distance symbols; four bits each), then the symbols, LZ77 over a 32 KiB window
//! with DEFLATE's length and distance tables. `build.rs` writes it; this reads it. The decoder
//! trusts nothing: a damaged stream gives `None`, never a panic (tests round-trip every file).

/// The packed files: their path under `src/judge/leetcode/` and their bytes (`build.rs`).
static FILES: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/packed_drivers.rs"));

include!("deflate_tables.rs");

/// The text of a packed driver file (`name` as `build.rs` lists it: `python.py`,
/// `javascript/driver.js`, …); empty where there is none (a test makes sure each one unpacks).
/// Call it as `packed::text("…")` with the name written out: that is how `build.rs` finds what
/// to pack.
pub(crate) fn text(name: &str) -> String {
    FILES
        .iter()
        .find(|(n, _)| *n == name)
        .and_then(|(_, bytes)| unpack(bytes))
        .and_then(|b| String::from_utf8(b).ok())
        .unwrap_or_default()
}

/// The text of a stream `build.rs` packed outside the drivers' list (the MCP Apps view's page);
/// empty when it is damaged (a test there makes sure it unpacks).
pub(crate) fn text_of(packed: &[u8]) -> String {
    unpack(packed).and_then(|b| String::from_utf8(b).ok()).unwrap_or_default()
}

/// Bits read from the lowest of each byte up.
struct Bits<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Bits<'_> {
    fn bit(&mut self) -> Option<u16> {
        let byte = *self.bytes.get(self.at / 8)?;
        let b = (byte >> (self.at % 8)) & 1;
        self.at += 1;
        Some(u16::from(b))
    }

    /// `n` bits, the first read the lowest.
    fn bits(&mut self, n: u8) -> Option<u16> {
        (0..n).try_fold(0u16, |v, i| Some(v | (self.bit()? << i)))
    }
}

/// A canonical Huffman code: how many codes of each length, and the symbols in code order.
struct Huffman {
    counts: [u16; 16],
    symbols: Vec<u16>,
}

impl Huffman {
    fn new(lengths: &[u8]) -> Huffman {
        let mut counts = [0u16; 16];
        for &l in lengths {
            counts[usize::from(l & 15)] += 1;
        }
        counts[0] = 0;
        let mut symbols: Vec<u16> = Vec::with_capacity(lengths.len());
        for len in 1..16u8 {
            symbols.extend((0..lengths.len() as u16).filter(|&s| lengths[usize::from(s)] == len));
        }
        Huffman { counts, symbols }
    }

    /// The next symbol: its code read from its first bit on.
    fn decode(&self, bits: &mut Bits) -> Option<u16> {
        let (mut code, mut first, mut index) = (0i32, 0i32, 0usize);
        for len in 1..16 {
            code |= i32::from(bits.bit()?);
            let count = i32::from(self.counts[len]);
            if code - first < count {
                return self.symbols.get(index + (code - first) as usize).copied();
            }
            index += count as usize;
            first = (first + count) << 1;
            code <<= 1;
        }
        None
    }
}

/// The bytes a packed stream holds; `None` when it is damaged.
fn unpack(packed: &[u8]) -> Option<Vec<u8>> {
    let len = u32::from_le_bytes(packed.get(..4)?.try_into().ok()?) as usize;
    let nibbles = |from: usize, n: usize| -> Option<Vec<u8>> {
        (0..n).map(|i| packed.get(from + i / 2).map(|b| if i % 2 == 0 { b & 15 } else { b >> 4 })).collect()
    };
    let literals = Huffman::new(&nibbles(4, 286)?);
    let distances = Huffman::new(&nibbles(4 + 143, 30)?);
    let mut bits = Bits { bytes: packed.get(4 + 143 + 15..)?, at: 0 };
    // A damaged length must not ask for gigabytes: the stream ends first.
    let mut out: Vec<u8> = Vec::with_capacity(len.min(1 << 20));
    while out.len() < len {
        let sym = literals.decode(&mut bits)?;
        match sym {
            0..=255 => out.push(sym as u8),
            257..=285 => {
                let (base, extra) = LENGTHS[usize::from(sym - 257)];
                let length = usize::from(base + bits.bits(extra)?);
                let (dbase, dextra) = *DISTANCES.get(usize::from(distances.decode(&mut bits)?))?;
                let distance = usize::from(dbase) + usize::from(bits.bits(dextra)?);
                let start = out.len().checked_sub(distance)?;
                for i in 0..length {
                    out.push(out[start + i]);
                }
            }
            _ => return None,
        }
    }
    out.truncate(len);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every packed file unpacks to the file in the source tree, byte for byte.
    #[test]
    fn every_driver_file_round_trips() {
        assert!(!FILES.is_empty());
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/judge/leetcode/");
        for (name, packed) in FILES {
            let original = std::fs::read_to_string(format!("{dir}{name}")).unwrap();
            assert_eq!(text(name), original, "{name}");
            assert!(packed.len() < original.len(), "{name}: {} packed, {} plain", packed.len(), original.len());
        }
        assert_eq!(text("no/such/file"), "");
    }

    #[test]
    fn damaged_streams_give_nothing() {
        let (_, packed) = FILES[0];
        for cut in [0, 3, 100, packed.len() / 2] {
            assert!(unpack(&packed[..cut]).is_none(), "cut at {cut}");
        }
        let mut bad = packed.to_vec();
        bad[200] ^= 0xff;
        let _ = unpack(&bad);
        assert_eq!(unpack(&[255, 255, 255, 255]), None);
    }
}
