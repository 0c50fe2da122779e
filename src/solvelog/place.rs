//! Where the solve log lives by default: one file, `oj-mcp-rs/solves.jsonl`, in the user's data
//! folder as each system names it. Read from the environment only (no `getpwuid`): a process
//! started with no `HOME` (the tests' servers) has no default log rather than a guessed one.

use std::path::PathBuf;

/// The folder under the data folder, and the file in it.
const FOLDER: &str = "oj-mcp-rs";
const FILE: &str = "solves.jsonl";

/// The default file: `%APPDATA%\oj-mcp-rs\` on Windows, `~/Library/Application Support/oj-mcp-rs/`
/// on macOS, else `$XDG_DATA_HOME/oj-mcp-rs/` (an absolute path, as the XDG specification asks)
/// or `~/.local/share/oj-mcp-rs/`. `None` when the environment names no such folder.
pub fn default_path(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let set = |k: &str| env(k).filter(|v| !v.trim().is_empty()).map(PathBuf::from);
    let data = if cfg!(windows) {
        set("APPDATA")?
    } else if cfg!(target_os = "macos") {
        set("HOME")?.join("Library").join("Application Support")
    } else {
        match set("XDG_DATA_HOME").filter(|p| p.is_absolute()) {
            Some(p) => p,
            None => set("HOME")?.join(".local").join("share"),
        }
    };
    Some(data.join(FOLDER).join(FILE))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(vars: &[(&str, &str)]) -> Option<PathBuf> {
        let vars: Vec<(String, String)> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        default_path(&move |k: &str| vars.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()))
    }

    #[test]
    #[cfg(all(unix, not(target_os = "macos")))]
    fn xdg_then_home_then_nothing() {
        let p = path(&[("XDG_DATA_HOME", "/x/data"), ("HOME", "/h")]);
        assert_eq!(p, Some(PathBuf::from("/x/data/oj-mcp-rs/solves.jsonl")));
        // A relative XDG_DATA_HOME is ignored, as the specification says.
        let p = path(&[("XDG_DATA_HOME", "rel"), ("HOME", "/h")]);
        assert_eq!(p, Some(PathBuf::from("/h/.local/share/oj-mcp-rs/solves.jsonl")));
        assert_eq!(path(&[("HOME", " ")]), None);
        assert_eq!(path(&[]), None);
    }
}
