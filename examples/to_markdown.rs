//! Statements through the server's converter, many at once, for measuring scripts that read
//! it (scripts/app/leetcode_math.mjs): each stdin line a JSON string (a statement as the backend
//! serves it), each stdout line a JSON string (its Markdown, as `get_problem` writes it).

use std::io::{BufRead, Write};

fn main() {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let html: String = serde_json::from_str(&line).unwrap_or_default();
        let md = oj_mcp_rs::convert::to_markdown(Some(&html));
        let _ = writeln!(out, "{}", serde_json::Value::String(md));
    }
}
