//! The texts compiled in packed: the files of `tools/schemas/` (each tool's description and
//! parameters, its output schema, the shared fragments), of `prompts/` (the prompts' list and
//! instructions) and of `texts/` (the usage text, the server's instructions to a model, the resources' listing,
//! the URI forms and `resolve_problem`'s inputs that work). build.rs packs them into one stream, `name\0text\0` per file, sorted by name,
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_servers_texts_are_compiled_in() {
        assert!(super::file("help.txt").starts_with("oj-mcp-rs: an MCP server"));
        assert!(super::file("help.txt").contains("--base-url"));
        assert!(super::file("instructions.md").contains("get_daily_challenge"));
        assert!(super::file("uri_forms.txt").starts_with("oj://problem/{source}/{id}"));
        assert!(super::file("resolve_forms.txt").starts_with("Inputs that work"));
        let resources: serde_json::Value = serde_json::from_str(super::file("resources.json")).unwrap();
        assert_eq!(resources["resourceTemplates"].as_array().map(Vec::len), Some(8));
        assert_eq!(
            (resources["status"]["uri"].as_str(), resources["log"]["uri"].as_str()),
            (Some("oj://status"), Some("oj://log"))
        );
        assert_eq!(super::file("no-such-file"), "");
    }
}
