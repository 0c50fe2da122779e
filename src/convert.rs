//! HTML → Markdown for problem statements. Pure: no I/O. (Placeholder, being replaced.)

/// Text shown when a problem has no statement.
pub const NO_DESCRIPTION: &str = "No description available.";

/// Placeholder, replaced by the real converter.
pub fn to_markdown(content: Option<&str>) -> String {
    content.unwrap_or(NO_DESCRIPTION).to_string()
}
