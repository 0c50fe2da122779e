//! The text stash: runs of plain text taken out of the canonical HTML and put back after html2text.

use super::markers::M_TEXT;

/// Text runs taken out of the canonical HTML (see [`Prep::text`]): their normalised text, one
/// after another, and where each ends.
#[derive(Default)]
pub(super) struct Stash {
    pub(super) text: String,
    pub(super) ends: Vec<usize>,
}

impl Stash {
    fn get(&self, i: usize) -> Option<&str> {
        let end = *self.ends.get(i)?;
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        Some(&self.text[start..end])
    }

    /// `rendered` with every `M_TEXT index M_TEXT` replaced by its text.
    pub(super) fn restore(&self, rendered: &str) -> String {
        if self.ends.is_empty() {
            return rendered.to_string();
        }
        let mut out = String::with_capacity(rendered.len() + self.text.len());
        let mut rest = rendered;
        while let Some(p) = rest.find(M_TEXT) {
            out.push_str(&rest[..p]);
            let after = &rest[p + M_TEXT.len_utf8()..];
            let text = after.find(M_TEXT).and_then(|q| Some((after[..q].parse().ok().and_then(|i| self.get(i))?, q)));
            match text {
                Some((t, q)) => {
                    out.push_str(t);
                    rest = &after[q + M_TEXT.len_utf8()..];
                }
                None => rest = after,
            }
        }
        out.push_str(rest);
        out
    }
}
