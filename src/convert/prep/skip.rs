//! Pass 1: elements dropped together with their content.

use super::Prep;
use crate::convert::lexer::{LName, Tok};
use crate::convert::tags::{is_block_tag, is_void, raw_element};

impl Prep<'_> {
    /// Skip an element and its content (`<button>`, hidden elements, …).
    pub(super) fn skip_element(&mut self, name: &str) {
        let implied = matches!(name, "p" | "li" | "dt" | "dd" | "option" | "tr" | "td" | "th");
        let mut d = 1usize;
        loop {
            let save = self.lx.pos;
            let Some((tok, _)) = self.lx.next_tok() else {
                break;
            };
            match tok {
                Tok::Start { name: n2, self_closing, .. } => {
                    let l = LName::new(n2);
                    let n2 = l.as_str();
                    if let Some(raw) = raw_element(n2).filter(|&r| r != "pre") {
                        self.lx.skip_raw(raw);
                    } else if n2 == name && !self_closing && !is_void(n2) {
                        if implied {
                            self.lx.pos = save;
                            break;
                        }
                        d += 1;
                    } else if name == "p" && is_block_tag(n2) {
                        self.lx.pos = save;
                        break;
                    }
                }
                Tok::End { name: n2 } => {
                    let l = LName::new(n2);
                    let n2 = l.as_str();
                    if n2 == name {
                        d -= 1;
                        if d == 0 {
                            break;
                        }
                    } else if implied && (is_block_tag(n2) || n2 == "tbody") {
                        self.lx.pos = save;
                        break;
                    }
                }
                _ => {}
            }
        }
    }
}
