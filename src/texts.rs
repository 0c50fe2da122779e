//! The texts compiled in packed: the files of `tools/schemas/` (each tool's description and
//! parameters, its output schema, the shared fragments) and of `prompts/` (the prompts' list and
//! instructions). build.rs packs them into one stream, `name\0text\0` per file, sorted by name,
//! JSON without the white space between its tokens: a quarter of their bytes, where Rust string
//! literals would take them whole. Unpacked once, at the first `tools/list` or prompt.

use std::sync::OnceLock;

use crate::judge;

static PACKED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/texts.pack"));

/// The text of file `name` (`daily.output.json`, `hints.md`, …), empty when there is none (the
/// tests read every file the tools and prompts name).
pub(crate) fn file(name: &str) -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    let mut parts = TEXT.get_or_init(|| judge::unpack_text(PACKED)).split('\0');
    while let (Some(n), Some(text)) = (parts.next(), parts.next()) {
        if n == name {
            return text;
        }
    }
    ""
}
