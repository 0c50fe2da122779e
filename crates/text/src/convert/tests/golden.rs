//! Golden test of the whole converter (as a tool shows a statement: converted, then cut by
//! `format::truncate`): every fixture statement against its committed Markdown
//! (`tests/golden/convert/NAME.md`), and every `../shared/corpus` statement against a committed
//! manifest of output length and 64-bit FNV-1a hash (the corpus is the judges' copyright, so its
//! converted text is never committed). `UPDATE_GOLDEN=1 cargo test --lib convert::tests::golden`
//! rewrites both; a mismatch writes the actual output to `target/golden-actual/` for diffing.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::{corpus, fixture_statements};
use crate::convert::to_markdown;
use crate::convert::{MAX_TEXT_BYTES, truncate};

/// A statement as a tool shows it: converted, then cut to the reply's size.
fn shown(input: &str) -> String {
    truncate(to_markdown(Some(input)), MAX_TEXT_BYTES)
}

const GOLDEN_DIR: &str = concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."), "/tests/golden/convert");
const MANIFEST: &str = "corpus.manifest";
const ACTUAL_DIR: &str = concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."), "/target/golden-actual");

/// 64-bit FNV-1a: tiny, dependency-free and stable across platforms and releases (a std `Hasher`
/// is neither), enough to notice any change of an output without storing it.
fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn updating() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| !v.is_empty() && v != "0")
}

/// Keeps the actual output of a mismatching document where a developer can diff it.
fn write_actual(name: &str, out: &str) -> PathBuf {
    let path = Path::new(ACTUAL_DIR).join(name);
    let _ = std::fs::create_dir_all(ACTUAL_DIR);
    let _ = std::fs::write(&path, out);
    path
}

/// `NAME.md` for each fixture file (`NAME.http`); a second statement in one file gets `.2`.
fn fixture_docs() -> Vec<(String, String)> {
    let mut docs: Vec<(String, String)> = Vec::new();
    for (file, content) in fixture_statements() {
        let stem = file.strip_suffix(".http").unwrap_or(&file).to_string();
        let taken = docs.iter().filter(|(n, _)| n.strip_suffix(".md").unwrap_or(n).split('.').next() == Some(&stem));
        let name = match taken.count() {
            0 => format!("{stem}.md"),
            k => format!("{stem}.{}.md", k + 1),
        };
        docs.push((name, content));
    }
    docs
}

#[test]
fn golden_fixture_statements() {
    let update = updating();
    if update {
        std::fs::create_dir_all(GOLDEN_DIR).expect("create the golden directory");
    }
    let mut bad = Vec::new();
    for (name, input) in fixture_docs() {
        let out = shown(&input);
        let path = Path::new(GOLDEN_DIR).join(&name);
        if update {
            std::fs::write(&path, &out).expect("write a golden file");
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(want) if want == out => {}
            Ok(_) => bad.push(format!("{name}: differs (actual in {})", write_actual(&name, &out).display())),
            Err(e) => bad.push(format!("{name}: {e} (actual in {})", write_actual(&name, &out).display())),
        }
    }
    assert!(bad.is_empty(), "golden mismatches (UPDATE_GOLDEN=1 to accept):\n{}", bad.join("\n"));
}

#[test]
fn golden_corpus_manifest() {
    let Some(docs) = corpus() else {
        eprintln!("skipping the corpus golden manifest: ../shared/corpus not found");
        return;
    };
    let mut actual = String::new();
    for (name, input) in &docs {
        let out = shown(input);
        let _ = writeln!(actual, "{name}\t{}\t{:016x}", out.len(), fnv1a64(out.as_bytes()));
    }
    let path = Path::new(GOLDEN_DIR).join(MANIFEST);
    if updating() {
        std::fs::create_dir_all(GOLDEN_DIR).expect("create the golden directory");
        std::fs::write(&path, &actual).expect("write the manifest");
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    let mut bad = Vec::new();
    for line in actual.lines() {
        if !want.lines().any(|w| w == line) {
            let name = line.split('\t').next().unwrap_or_default();
            let out = docs.iter().find(|(n, _)| n == name).map(|(_, i)| shown(i)).unwrap_or_default();
            bad.push(format!("{line}: not in the manifest (actual in {})", write_actual(name, &out).display()));
        }
    }
    for line in want.lines() {
        if !actual.lines().any(|a| a.split('\t').next() == line.split('\t').next()) {
            bad.push(format!("{line}: in the manifest, but no such document"));
        }
    }
    assert!(bad.is_empty(), "corpus golden mismatches (UPDATE_GOLDEN=1 to accept):\n{}", bad.join("\n"));
}

#[test]
fn fnv1a64_known_values() {
    // Reference values of the 64-bit FNV-1a function.
    assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
}
