//! What a tool hands back: the Markdown text and its structured copy, and the `notes`
//! convention that keeps the two in step.
//!
//! Some clients show the model only `structuredContent` (Claude Code, Codex), others only the
//! text (Claude Desktop). So a sentence of the text that is not data (a hint, a next step, an
//! availability note, the 202 advice, paging advice) is also an entry of the structured object's
//! top-level `"notes": [string, ...]`, word for word; data facts are fields. Every output schema
//! declares `notes` (see `schemas/notes.fragment.json`) and every structured result carries it,
//! empty when there is nothing to say. Add a note with [`ToolOutput::note`] (end of the text) or
//! [`ToolOutput::record_note`] (a sentence the caller has already placed in the text), never by
//! writing the text alone.

use serde_json::Value;

/// What a tool call hands back when it succeeds: Markdown for the model, and the same facts and
/// instructions as a JSON object.
#[derive(Debug, Clone)]
pub struct ToolOutput {
    /// The Markdown text.
    pub text: String,
    /// The structured content, when the tool has an output schema (an object with `notes`).
    pub structured: Option<Value>,
}

impl ToolOutput {
    /// Text and its structured copy. `structured` must be an object; `notes: []` is added when
    /// it has none, so every structured result carries the field its schema requires.
    pub fn structured(text: String, mut structured: Value) -> ToolOutput {
        if let Value::Object(m) = &mut structured {
            m.entry("notes").or_insert_with(|| Value::Array(Vec::new()));
        }
        ToolOutput { text, structured: Some(structured) }
    }

    /// Appends `sentence` to the text, on a line of its own, and to `structuredContent.notes`.
    pub(crate) fn note(&mut self, sentence: &str) {
        if !self.text.is_empty() && !self.text.ends_with('\n') {
            self.text.push('\n');
        }
        self.text.push_str(sentence);
        self.text.push('\n');
        self.record_note(sentence);
    }

    /// Adds `sentence` to `structuredContent.notes` only: for a sentence the caller has already
    /// written into the text at a place of its own (a header line, a whole 202 answer).
    pub(crate) fn record_note(&mut self, sentence: &str) {
        if let Some(Value::Object(m)) = &mut self.structured
            && let Value::Array(notes) = m.entry("notes").or_insert_with(|| Value::Array(Vec::new()))
        {
            notes.push(Value::from(sentence));
        }
    }

    /// The notes recorded so far (empty for a text-only output).
    #[cfg(test)]
    fn notes(&self) -> Vec<&str> {
        let notes = self.structured.as_ref().and_then(|s| s.get("notes")).and_then(Value::as_array);
        notes.map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {

    use super::*;

    #[test]
    fn a_note_goes_to_the_text_and_the_notes() {
        let mut out = ToolOutput::structured("Page 1 of 2.".into(), json!({ "page": 1 }));
        assert_eq!(out.structured.as_ref().unwrap()["notes"], json!([]));
        out.note("Next page: page=2.");
        assert_eq!(out.text, "Page 1 of 2.\nNext page: page=2.\n");
        assert_eq!(out.notes(), ["Next page: page=2."]);
        out.record_note("Placed elsewhere.");
        assert_eq!(out.structured.unwrap()["notes"], json!(["Next page: page=2.", "Placed elsewhere."]));
    }

    #[test]
    fn text_only_outputs_keep_no_notes() {
        let mut out = ToolOutput { text: "x\n".into(), structured: None };
        out.note("Hint.");
        assert_eq!(out.text, "x\nHint.\n");
        assert!(out.structured.is_none() && out.notes().is_empty());
    }
}
