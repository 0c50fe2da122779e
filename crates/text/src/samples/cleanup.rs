//! Text rules (competitive-companion's): trailing spaces of each line removed, leading and
//! trailing blank lines removed; `stdin` text ends with exactly one `\n`, `function` text is
//! trimmed. Also [`Sink`], which renders HTML text either literally (`<pre>`) or as flowing
//! text (whitespace collapsed, one line per block).

/// Line cleanup shared by both rules: `\r\n` and `\r` become `\n`, trailing whitespace of every
/// line goes, and so do blank lines at either end. The result has no final newline.
pub(super) fn clean_lines(raw: &str) -> String {
    // A lone `\r` ends a line too (old Mac files); it must not survive inside one.
    let normalized;
    let raw = if raw.contains('\r') {
        normalized = raw.replace("\r\n", "\n").replace('\r', "\n");
        normalized.as_str()
    } else {
        raw
    };
    // The lines trimmed and joined again: the text as it is between lines that end in white
    // space (most end in none), copied a stretch at a time.
    let mut out = String::with_capacity(raw.len());
    let (mut copied, mut start) = (0, 0);
    for line in crate::scan::split_lines(raw) {
        let end = start + line.len();
        if line.as_bytes().last().is_some_and(|&b| b >= 0x80 || (b as char).is_whitespace()) {
            let kept = line.trim_end_matches(char::is_whitespace).len();
            out.push_str(&raw[copied..start + kept]);
            copied = end;
        }
        start = end + 1;
    }
    out.push_str(&raw[copied..]);
    // Blank lines at either end are the `\n`s there.
    let blank_head = out.len() - out.trim_start_matches('\n').len();
    out.drain(..blank_head);
    out.truncate(out.trim_end_matches('\n').len());
    out
}

/// The text a program reads or prints: cleaned, ending with exactly one `\n` (empty stays empty).
pub(super) fn stdin(raw: &str) -> String {
    let mut s = clean_lines(raw);
    if !s.is_empty() {
        s.push('\n');
    }
    s
}

/// The displayed text of a function example (`nums = [2,7,11,15], target = 9`), trimmed.
pub(super) fn function(raw: &str) -> String {
    let s = clean_lines(raw);
    let t = s.trim_start();
    if t.len() == s.len() { s } else { t.to_string() }
}

/// Builds plain text out of HTML text and tags.
#[derive(Default)]
pub(super) struct Sink {
    pub(super) out: String,
    /// Inside `<pre>` (nesting depth): whitespace is kept as written.
    pre: u32,
    /// Flow text: whitespace seen and not yet written.
    space: bool,
    /// A text node's text on its way in, kept between nodes (a sample has dozens).
    pub(super) scratch: String,
}

impl Sink {
    /// A sink writing into `out` (emptied), literal or flowing.
    pub(super) fn with_buffer(mut out: String, literal: bool) -> Sink {
        out.clear();
        Sink { out, pre: u32::from(literal), space: false, scratch: String::new() }
    }

    pub(super) fn enter_pre(&mut self) {
        self.block();
        self.pre = self.pre.saturating_add(1);
    }

    pub(super) fn leave_pre(&mut self) {
        self.pre = self.pre.saturating_sub(1);
        self.block();
    }

    /// Inside `<pre>`: text is kept as written.
    pub(super) fn literal(&self) -> bool {
        self.pre > 0
    }

    fn at_line_start(&self) -> bool {
        matches!(self.out.as_bytes().last(), None | Some(b'\n'))
    }

    /// Text already decoded from entities.
    pub(super) fn text(&mut self, t: &str) {
        self.out.reserve(t.len());
        if self.pre > 0 {
            // A no-break space is never part of sample data: it is how pages keep a space visible.
            if t.contains('\u{a0}') {
                self.out.extend(t.chars().map(|c| if c == '\u{a0}' { ' ' } else { c }));
            } else {
                self.out.push_str(t);
            }
            return;
        }
        // Word by word: every piece after the first follows a whitespace character. ASCII text
        // (nearly all of it) is split by byte; the rest by Unicode's whitespace.
        if t.is_ascii() {
            self.ascii_words(t);
        } else {
            self.words(t.split(char::is_whitespace));
        }
    }

    /// [`Sink::words`] of ASCII text, split by byte on what `char::is_whitespace` holds for.
    fn ascii_words(&mut self, t: &str) {
        let ws = |c: u8| matches!(c, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ');
        let (b, mut i) = (t.as_bytes(), 0);
        let mut line_start = self.at_line_start();
        while i < b.len() {
            if ws(b[i]) {
                self.space = true;
                i += 1;
                continue;
            }
            let start = i;
            while i < b.len() && !ws(b[i]) {
                i += 1;
            }
            if self.space && !line_start {
                self.out.push(' ');
            }
            self.space = false;
            line_start = false;
            self.out.push_str(&t[start..i]);
        }
    }

    /// Flowing text split into words: every piece after the first follows whitespace.
    fn words<'a>(&mut self, words: impl Iterator<Item = &'a str>) {
        let mut line_start = self.at_line_start();
        for (k, word) in words.enumerate() {
            if k > 0 {
                self.space = true;
            }
            if word.is_empty() {
                continue;
            }
            if self.space && !line_start {
                self.out.push(' ');
            }
            self.space = false;
            line_start = false;
            self.out.push_str(word);
        }
    }

    /// `<br>`: always a line break, even an empty line.
    pub(super) fn br(&mut self) {
        self.out.push('\n');
        self.space = false;
    }

    /// A block boundary (`</p>`, `</div>`, Codeforces' one `div.test-example-line` per line): a
    /// line break unless the line is empty already.
    pub(super) fn block(&mut self) {
        if !self.at_line_start() {
            self.out.push('\n');
        }
        self.space = false;
    }

    /// A table cell: cells of a row are separated by ` | `.
    pub(super) fn cell(&mut self) {
        if self.pre == 0 && !self.at_line_start() {
            self.out.push_str(" | ");
        }
        self.space = false;
    }

    /// `<sup>` and `<sub>`: `10<sup>9</sup>` reads `10^9`, not `109`.
    pub(super) fn mark(&mut self, m: char) {
        if self.space && self.pre == 0 && !self.at_line_start() {
            self.out.push(' ');
        }
        self.space = false;
        self.out.push(m);
    }
}

#[cfg(test)]
mod tests {
    /// `clean_lines` as it was written before it copied stretches: line by line.
    fn clean_lines_by_line(raw: &str) -> String {
        let raw = raw.replace("\r\n", "\n").replace('\r', "\n");
        let mut out = String::new();
        let mut blank_run = 0usize;
        for line in raw.split('\n') {
            let line = line.trim_end_matches(|c: char| c.is_whitespace());
            if line.is_empty() {
                blank_run += 1;
                continue;
            }
            if !out.is_empty() {
                for _ in 0..=blank_run {
                    out.push('\n');
                }
            }
            blank_run = 0;
            out.push_str(line);
        }
        out
    }

    #[test]
    fn clean_lines_is_the_line_by_line_reading() {
        const PIECES: &[&str] = &["", "a", "12 34", " ", "\t", "\u{3000}", "\u{a0}", "é", "\n", "\n", "\r\n", "\r"];
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let raw: String =
                (0..state % 12).map(|k| PIECES[((state >> (4 * k + 3)) % PIECES.len() as u64) as usize]).collect();
            assert_eq!(super::clean_lines(&raw), clean_lines_by_line(&raw), "{raw:?}");
        }
    }

    use super::*;

    #[test]
    fn rules() {
        assert_eq!(stdin("\n\n 1 2  \r\n3\t\n\n"), " 1 2\n3\n");
        assert_eq!(stdin("a\n\n\nb"), "a\n\n\nb\n");
        assert_eq!(stdin(" \n\t\n"), "");
        assert_eq!(function("\n  nums = [1], k = 2 \n"), "nums = [1], k = 2");
        assert_eq!(function("a\r\nb"), "a\nb");
        assert_eq!(stdin("a\rb\r\r"), "a\nb\n");
        assert_eq!(function(""), "");
    }

    #[test]
    fn ascii_text_splits_as_unicode_text() {
        let texts = ["", " ", "a", " a  b\tc ", "\x0ba\x0cb\r\n", "x\n", "\u{a0}a b", "a\u{3000}b "];
        for t in texts {
            for (prefix, space) in [("", false), ("p", false), ("p", true), ("p\n", true)] {
                let sink = |ascii: bool| {
                    let mut s = Sink { out: prefix.to_string(), space, ..Sink::default() };
                    if ascii && t.is_ascii() {
                        s.ascii_words(t);
                    } else {
                        s.words(t.split(char::is_whitespace));
                    }
                    (s.out, s.space)
                };
                assert_eq!(sink(true), sink(false), "{t:?} after {prefix:?}");
            }
        }
    }

    #[test]
    fn sink_flow_and_pre() {
        let mut s = Sink::default();
        s.text("  Input:\n  n = ");
        s.mark('^');
        s.text("3 \u{a0}x");
        s.block();
        s.block();
        s.text("a");
        s.cell();
        s.text("b");
        assert_eq!(s.out, "Input: n = ^3 x\na | b");
        let mut p = Sink::with_buffer(String::from("old"), true);
        p.text(" 1\u{a0}2 ");
        p.br();
        p.br();
        p.text("3");
        p.block();
        assert_eq!(p.out, " 1 2 \n\n3\n");
    }
}
