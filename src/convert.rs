//! HTML → Markdown for problem statements. Pure: no I/O.

/// Placeholder, replaced by the real converter.
pub fn to_markdown(content: Option<&str>) -> String {
    content.unwrap_or("No description available.").to_string()
}
