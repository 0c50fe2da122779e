//! Searches over bytes a word at a time, for the passes over a whole statement that stop at
//! every line: `str::find` and `split` call `memchr`, whose set-up costs about a hundred
//! instructions a call, more than a 20-byte line takes eight bytes at a time (a 300 KB
//! statement has 15,000 lines, and several passes read them). Pure: no I/O.

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = LO * 0x80;

/// The position of the first `b` in `hay`.
pub fn find_byte(hay: &[u8], b: u8) -> Option<usize> {
    let pattern = LO * u64::from(b);
    let mut words = hay.chunks_exact(8);
    let mut at = 0;
    for word in words.by_ref() {
        let v = u64::from_le_bytes(word.try_into().unwrap_or_default()) ^ pattern;
        // Nonzero exactly when a byte of `v` is zero, its lowest such byte marked first.
        let zero = v.wrapping_sub(LO) & !v & HI;
        if zero != 0 {
            return Some(at + zero.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    words.remainder().iter().position(|&c| c == b).map(|p| at + p)
}

/// The pieces of `s` between `\n`s, as `s.split('\n')` gives them (an empty text is one empty
/// piece; a final `\n` is followed by one).
pub fn split_lines(s: &str) -> SplitLines<'_> {
    SplitLines { rest: Some(s) }
}

/// The iterator of [`split_lines`].
pub struct SplitLines<'a> {
    rest: Option<&'a str>,
}

impl<'a> Iterator for SplitLines<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        match find_byte(rest.as_bytes(), b'\n') {
            // `\n` is ASCII: the positions around it are char boundaries.
            Some(p) => {
                self.rest = rest.get(p + 1..);
                rest.get(..p)
            }
            None => self.rest.take(),
        }
    }
}

/// The lines of `s` as `s.lines()` gives them: split at `\n`, a `\r` before it dropped, and no
/// line after a final `\n` (nor any in an empty text).
pub fn lines(s: &str) -> Lines<'_> {
    Lines { rest: s }
}

/// The iterator of [`lines`]: what is left of the text, empty once it is read.
pub struct Lines<'a> {
    rest: &'a str,
}

impl<'a> Iterator for Lines<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        if self.rest.is_empty() {
            return None;
        }
        let line = match find_byte(self.rest.as_bytes(), b'\n') {
            // `\n` is ASCII: the positions around it are char boundaries.
            Some(p) => {
                let line = self.rest.get(..p).unwrap_or_default();
                self.rest = self.rest.get(p + 1..).unwrap_or_default();
                line.strip_suffix('\r').unwrap_or(line)
            }
            None => std::mem::take(&mut self.rest),
        };
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn as_std_finds_and_splits() {
        let texts = [
            "",
            "\n",
            "\n\n",
            "a",
            "a\n",
            "a\r\n",
            "a\r",
            "\r\n",
            "\r",
            "a\nb",
            "a\r\nb\r\n",
            "a\n\nb\n",
            "aaaaaaa\nbbbbbbbbbbbbbbbb\n",
            "0123456789abcdef\r\n0123456789",
            "é\nあ\r\n😀",
            "x\r\r\n",
            "no newline in sixteen bytes at all",
        ];
        for s in texts {
            assert_eq!(split_lines(s).collect::<Vec<_>>(), s.split('\n').collect::<Vec<_>>(), "{s:?}");
            assert_eq!(lines(s).collect::<Vec<_>>(), s.lines().collect::<Vec<_>>(), "{s:?}");
            for b in [b'\n', b'\r', b'a', b'x', 0xA9] {
                assert_eq!(find_byte(s.as_bytes(), b), s.bytes().position(|c| c == b), "{s:?} {b}");
            }
        }
        // Every position in a long text, and a byte that appears only past the first word.
        let long: Vec<u8> = (0..40u8).collect();
        for b in 0..45u8 {
            assert_eq!(find_byte(&long, b), long.iter().position(|&c| c == b));
        }
    }
}
