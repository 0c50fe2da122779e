//! Pass 1: math (`<math>`, `<script type=math/tex>`, `<var>`) and images.

use super::Prep;
use crate::old_convert::entities::decode_entities;
use crate::old_convert::lexer::{LName, Tok, attr};
use crate::old_convert::text::{escape_html_into, fragment_text};
use crate::old_convert::url::sanitize_url;

impl Prep<'_> {
    /// `$tex$` (`$$tex$$` for display math), or the bare text inside `<pre>`.
    pub(super) fn emit_math(&mut self, tex: &str, display: bool) {
        let tex = tex.trim();
        if tex.is_empty() {
            return;
        }
        if self.in_pre() {
            escape_html_into(tex, &mut self.out);
            return;
        }
        let delim = if display { "$$" } else { "$" };
        self.out.push_str(delim);
        escape_html_into(tex, &mut self.out);
        self.out.push_str(delim);
    }

    /// `<math>`: the TeX annotation (KaTeX/MathJax MathML) or else the text, as `$…$`.
    pub(super) fn math_element(&mut self, display: bool) {
        let mut d = 1usize;
        let mut tex: Option<String> = None;
        let mut text = String::new();
        let mut in_tex = false;
        while let Some((tok, _)) = self.lx.next_tok() {
            match tok {
                Tok::Text(t) => {
                    if in_tex {
                        tex.get_or_insert_with(String::new).push_str(t);
                    } else {
                        text.push_str(t);
                        text.push(' ');
                    }
                }
                Tok::Start { name, attrs, self_closing } => match LName::new(name).as_str() {
                    "math" if !self_closing => d += 1,
                    "annotation" => {
                        in_tex = attr(attrs, "encoding").is_some_and(|e| e.contains("tex"));
                    }
                    _ => {}
                },
                Tok::End { name } => match LName::new(name).as_str() {
                    "math" => {
                        d -= 1;
                        if d == 0 {
                            break;
                        }
                    }
                    "annotation" => in_tex = false,
                    _ => {}
                },
                Tok::Other => {}
            }
        }
        let body = fragment_text(&tex.unwrap_or(text));
        self.emit_math(&body, display);
    }

    pub(super) fn emit_img(&mut self, attrs: &str) {
        let src = decode_entities(attr(attrs, "src").unwrap_or(""));
        let src = sanitize_url(&src);
        if src.is_empty() {
            return;
        }
        let alt = decode_entities(attr(attrs, "alt").unwrap_or(""));
        let alt = alt.split_whitespace().collect::<Vec<_>>().join(" ").replace(['[', ']'], "");
        self.out.push_str("<img src=\"");
        escape_html_into(&src, &mut self.out);
        self.out.push_str("\" alt=\"");
        escape_html_into(&alt, &mut self.out);
        self.out.push_str("\">");
    }
}
