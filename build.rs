//! Packs the LeetCode drivers' source files into the binary (`src/judge/leetcode/packed.rs`
//! reads them): their text is written to programs' folders, never read by the server itself, and
//! packed it takes about a quarter of the room. The MCP Apps view's page (`src/view/page.html`,
//! read by `src/view/mod.rs` when a host asks for it) is packed the same way, to about a third. The files are the ones the code names with
//! `packed::text("…")` in `src/judge/leetcode/` (each `.rs` file there is scanned), so a new
//! driver file is packed by naming it. Std only: LZ77 over a 32 KiB window with DEFLATE's length
//! and distance tables, then two canonical Huffman codes (`packed.rs` documents the format).

use std::fs;
use std::path::{Path, PathBuf};

include!("src/judge/leetcode/deflate_tables.rs");

fn main() {
    let dir = Path::new("src/judge/leetcode");
    println!("cargo:rerun-if-changed={}", dir.display());
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut list = String::from("&[\n");
    for (i, name) in named_files(dir).iter().enumerate() {
        let path = dir.join(name);
        println!("cargo:rerun-if-changed={}", path.display());
        let text = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let blob = out.join(format!("driver{i}.pack"));
        fs::write(&blob, pack(&text)).expect("OUT_DIR is writable");
        list.push_str(&format!("    ({name:?}, include_bytes!({:?})),\n", blob.display().to_string()));
    }
    list.push(']');
    fs::write(out.join("packed_drivers.rs"), list).expect("OUT_DIR is writable");
    let page = Path::new("src/view/page.html");
    println!("cargo:rerun-if-changed={}", page.display());
    let text = fs::read_to_string(page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
    fs::write(out.join("view_page.pack"), pack(uncommented(&text).as_bytes())).expect("OUT_DIR is writable");
    pack_texts(
        &[Path::new("src/tools/schemas"), Path::new("src/prompts"), Path::new("src/texts")],
        &out.join("texts.pack"),
    );
}

/// The tools' texts and JSON Schemas (`src/tools/schemas/`) and the prompts' list and
/// instructions (`src/prompts/`, but its `.rs` files), compiled in as one packed stream
/// (`src/texts.rs` reads it): `name\0text\0` per file, sorted by name, JSON files (written
/// indented for people) without the white space between their tokens. 56 KB of files, 43 KB
/// minified, 11.5 KB packed; the same values once parsed.
fn pack_texts(dirs: &[&Path], to: &Path) {
    let mut files: Vec<(String, PathBuf)> = Vec::new();
    for dir in dirs {
        println!("cargo:rerun-if-changed={}", dir.display());
        for path in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).flatten().map(|e| e.path()) {
            let name = path.file_name().and_then(|n| n.to_str()).expect("text file names are UTF-8").to_string();
            if !name.ends_with(".rs") {
                files.push((name, path));
            }
        }
    }
    files.sort();
    let mut all = String::new();
    for (i, (name, path)) in files.iter().enumerate() {
        assert!(i == 0 || files[i - 1].0 != *name, "two text files are named {name}");
        println!("cargo:rerun-if-changed={}", path.display());
        let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let text = if name.ends_with(".json") { minify_json(&text) } else { text };
        all.push_str(&format!("{name}\0{text}\0"));
    }
    fs::write(to, pack(all.as_bytes())).expect("OUT_DIR is writable");
}

/// `text` without white space outside its strings (a string's escapes are kept as written).
fn minify_json(text: &str) -> String {
    let (mut out, mut in_string, mut escaped) = (String::with_capacity(text.len()), false, false);
    for c in text.chars() {
        if in_string {
            out.push(c);
            (in_string, escaped) = (escaped || c != '"', !escaped && c == '\\');
        } else if !c.is_whitespace() {
            out.push(c);
            in_string = c == '"';
        }
    }
    out
}

/// The page without its script's whole-line `//` comments: they are for the source's reader,
/// and a tenth of the packed page. `src/view/mod.rs`'s test strips them the same way.
fn uncommented(page: &str) -> String {
    page.lines().filter(|l| !l.trim_start().starts_with("//")).map(|l| format!("{l}\n")).collect()
}

/// The names in `packed::text("…")` calls of the `.rs` files under `dir`, sorted, each once.
fn named_files(dir: &Path) -> Vec<String> {
    let mut names = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(d) = folders.pop() {
        for entry in fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = entry.path();
            if p.is_dir() {
                folders.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                let code = fs::read_to_string(&p).unwrap_or_default();
                for (at, _) in code.match_indices("packed::text(\"") {
                    let rest = &code[at + "packed::text(\"".len()..];
                    if let Some(end) = rest.find('"') {
                        names.push(rest[..end].to_string());
                    }
                }
            }
        }
    }
    // A real file name has an extension and no ellipsis (doc comments show `packed::text("…")`).
    names.retain(|n| n.contains('.') && !n.contains('…') && !n.contains(' '));
    names.sort();
    names.dedup();
    names
}

/// A symbol of the LZ77 stream: a byte, or a match of `len` bytes `dist` back.
enum Token {
    Literal(u8),
    Match { len: u16, dist: u16 },
}

/// LZ77, greedy: the longest match (3 to 258 bytes, up to 32 KiB back) among the last 128
/// positions with the same three bytes, else a literal. The first parse `tokens` prices.
fn greedy(data: &[u8]) -> Vec<Token> {
    const WINDOW: usize = 32 * 1024;
    let mut head = vec![usize::MAX; 1 << 15];
    let mut prev = vec![usize::MAX; data.len()];
    let hash =
        |i: usize| (usize::from(data[i]) << 10 ^ usize::from(data[i + 1]) << 5 ^ usize::from(data[i + 2])) & 0x7fff;
    let mut out = Vec::new();
    let mut i = 0;
    let insert = |i: usize, head: &mut Vec<usize>, prev: &mut Vec<usize>| {
        if i + 2 < data.len() {
            let h = hash(i);
            prev[i] = head[h];
            head[h] = i;
        }
    };
    while i < data.len() {
        let (mut best_len, mut best_dist) = (0, 0);
        if i + 2 < data.len() {
            let mut cand = head[hash(i)];
            let mut chain = 0;
            while cand != usize::MAX && i - cand <= WINDOW && chain < 128 {
                let len = data[cand..].iter().zip(&data[i..]).take(258).take_while(|(a, b)| a == b).count();
                if len > best_len {
                    (best_len, best_dist) = (len, i - cand);
                }
                cand = prev[cand];
                chain += 1;
            }
        }
        if best_len >= 3 {
            out.push(Token::Match { len: best_len as u16, dist: best_dist as u16 });
            for k in i..i + best_len {
                insert(k, &mut head, &mut prev);
            }
            i += best_len;
        } else {
            out.push(Token::Literal(data[i]));
            insert(i, &mut head, &mut prev);
            i += 1;
        }
    }
    out
}

/// For each position, the nearest distance of each match length (0: none), among the last 128
/// positions with the same three bytes within 32 KiB (4,096 saved 155 B more of 96 KB, at 10
/// times the build time).
fn matches(data: &[u8]) -> Vec<Vec<u16>> {
    const WINDOW: usize = 32 * 1024;
    let mut head = vec![usize::MAX; 1 << 15];
    let mut prev = vec![usize::MAX; data.len()];
    let hash =
        |i: usize| (usize::from(data[i]) << 10 ^ usize::from(data[i + 1]) << 5 ^ usize::from(data[i + 2])) & 0x7fff;
    let mut out = Vec::with_capacity(data.len());
    for i in 0..data.len() {
        let mut near: Vec<u16> = Vec::new();
        if i + 2 < data.len() {
            let (mut cand, mut chain) = (head[hash(i)], 0);
            while cand != usize::MAX && i - cand <= WINDOW && chain < 128 {
                let len = data[cand..].iter().zip(&data[i..]).take(258).take_while(|(a, b)| a == b).count();
                // Nearest first: a length keeps the first (smallest) distance that reaches it.
                while near.len() < len + 1 {
                    near.push(if near.len() < 3 { 0 } else { (i - cand) as u16 });
                }
                cand = prev[cand];
                chain += 1;
            }
            let h = hash(i);
            prev[i] = head[h];
            head[h] = i;
        }
        out.push(near);
    }
    out
}

/// LZ77 by the cheapest parse (as zopfli does): the bits of each literal and match priced by
/// the Huffman code lengths of the parse before (the greedy one first), the cheapest path to
/// the end found by dynamic programming, three rounds. 7.9% smaller packs than greedy (103,868 → 95,676 B), at build
/// time only: the format and its reader are the same.
fn tokens(data: &[u8]) -> Vec<Token> {
    let near = matches(data);
    let mut toks = greedy(data);
    for _ in 0..3 {
        let (lit, dist) = frequencies(&toks);
        let (ll, dl) = (lengths(&lit), lengths(&dist));
        // A symbol the last parse did not use gets a long code's price, not none.
        let price = |l: u8| f64::from(if l == 0 { 15 } else { l });
        let n = data.len();
        let mut cost = vec![f64::INFINITY; n + 1];
        let mut step: Vec<(u16, u16)> = vec![(0, 0); n + 1];
        cost[0] = 0.0;
        for i in 0..n {
            let here = cost[i];
            let c = here + price(ll[usize::from(data[i])]);
            if c < cost[i + 1] {
                (cost[i + 1], step[i + 1]) = (c, (1, 0));
            }
            for (len, &d) in near[i].iter().enumerate().skip(3) {
                let (lk, _, ln) = code_of(&LENGTHS, len as u16);
                let (dk, _, dn) = code_of(&DISTANCES, d);
                let c = here + price(ll[257 + lk]) + f64::from(ln) + price(dl[dk]) + f64::from(dn);
                if c < cost[i + len] {
                    (cost[i + len], step[i + len]) = (c, (len as u16, d));
                }
            }
        }
        let mut back = Vec::new();
        let mut at = n;
        while at > 0 {
            let (len, d) = step[at];
            at -= usize::from(len);
            back.push(if d == 0 { Token::Literal(data[at]) } else { Token::Match { len, dist: d } });
        }
        back.reverse();
        toks = back;
    }
    toks
}

/// How often each literal/length symbol and each distance symbol is used (the end of block
/// once; one distance at least, as `packed.rs` reads a code of one symbol).
fn frequencies(toks: &[Token]) -> (Vec<u32>, Vec<u32>) {
    let (mut lit, mut dist) = (vec![0u32; 286], vec![0u32; 30]);
    lit[256] = 1;
    for t in toks {
        match t {
            Token::Literal(b) => lit[usize::from(*b)] += 1,
            Token::Match { len, dist: d } => {
                lit[257 + code_of(&LENGTHS, *len).0] += 1;
                dist[code_of(&DISTANCES, *d).0] += 1;
            }
        }
    }
    if dist.iter().all(|&d| d == 0) {
        dist[0] = 1;
    }
    (lit, dist)
}

/// The code and extra bits of a length (257..=285) or a distance (0..=29).
fn code_of(table: &[(u16, u8)], value: u16) -> (usize, u16, u8) {
    let k = table.iter().rposition(|(base, _)| *base <= value).unwrap_or(0);
    (k, value - table[k].0, table[k].1)
}

/// Huffman code lengths (at most 15 bits) for `freqs`: the two rarest merged until one is left;
/// where a code would pass 15 bits, the counts are halved and the tree built again.
fn lengths(freqs: &[u32]) -> Vec<u8> {
    let mut f: Vec<u32> = freqs.to_vec();
    loop {
        let used: Vec<usize> = (0..f.len()).filter(|&s| f[s] > 0).collect();
        let mut len = vec![0u8; f.len()];
        if used.len() == 1 {
            len[used[0]] = 1;
            return len;
        }
        // Each node: its weight and the symbols under it.
        let mut nodes: Vec<(u64, Vec<usize>)> = used.iter().map(|&s| (u64::from(f[s]), vec![s])).collect();
        while nodes.len() > 1 {
            nodes.sort_by_key(|n| std::cmp::Reverse(n.0));
            let (wa, a) = nodes.pop().expect("two nodes");
            let (wb, b) = nodes.pop().expect("two nodes");
            for &s in a.iter().chain(&b) {
                len[s] += 1;
            }
            nodes.push((wa + wb, [a, b].concat()));
        }
        if len.iter().all(|&l| l <= 15) {
            return len;
        }
        f.iter_mut().filter(|x| **x > 0).for_each(|x| *x = (*x).div_ceil(2));
    }
}

/// Canonical codes for `lengths`, as `packed.rs` decodes them.
fn codes(lengths: &[u8]) -> Vec<u16> {
    let mut count = [0u16; 16];
    lengths.iter().filter(|&&l| l > 0).for_each(|&l| count[usize::from(l)] += 1);
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for len in 1..16 {
        next[len] = code;
        code = (code + count[len]) << 1;
    }
    lengths
        .iter()
        .map(|&l| {
            if l == 0 {
                return 0;
            }
            let c = next[usize::from(l)];
            next[usize::from(l)] += 1;
            c
        })
        .collect()
}

/// Bits written from the lowest of each byte up.
#[derive(Default)]
struct Writer {
    bytes: Vec<u8>,
    at: usize,
}

impl Writer {
    fn bit(&mut self, b: u16) {
        if self.at.is_multiple_of(8) {
            self.bytes.push(0);
        }
        if b & 1 == 1 {
            *self.bytes.last_mut().expect("pushed") |= 1 << (self.at % 8);
        }
        self.at += 1;
    }

    /// A Huffman code, its first bit the highest.
    fn code(&mut self, code: u16, len: u8) {
        for i in (0..len).rev() {
            self.bit(code >> i);
        }
    }

    /// `n` extra bits, the lowest first.
    fn bits(&mut self, v: u16, n: u8) {
        for i in 0..n {
            self.bit(v >> i);
        }
    }
}

/// The packed form of `data` (see `packed.rs`).
fn pack(data: &[u8]) -> Vec<u8> {
    let toks = tokens(data);
    let (lit, dist) = frequencies(&toks);
    let (ll, dl) = (lengths(&lit), lengths(&dist));
    let (lc, dc) = (codes(&ll), codes(&dl));
    let mut out = (data.len() as u32).to_le_bytes().to_vec();
    for pair in ll.chunks(2).chain(dl.chunks(2)) {
        out.push(pair[0] | pair.get(1).copied().unwrap_or(0) << 4);
    }
    let mut w = Writer::default();
    for t in &toks {
        match t {
            Token::Literal(b) => w.code(lc[usize::from(*b)], ll[usize::from(*b)]),
            Token::Match { len, dist: d } => {
                let (k, extra, n) = code_of(&LENGTHS, *len);
                w.code(lc[257 + k], ll[257 + k]);
                w.bits(extra, n);
                let (k, extra, n) = code_of(&DISTANCES, *d);
                w.code(dc[k], dl[k]);
                w.bits(extra, n);
            }
        }
    }
    out.extend(w.bytes);
    out
}
