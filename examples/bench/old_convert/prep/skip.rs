//! Pass 1: elements dropped together with their content.

use super::Prep;
use crate::old_convert::lexer::{LName, Tok};
use crate::old_convert::tags::{tag, tag_of};

impl Prep<'_> {
    /// Skip an element and its content (`<button>`, hidden elements, …).
    pub(super) fn skip_element(&mut self, name: &str) {
        let implied = tag(name).ends_implied();
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
                    let t2 = tag_of(&l);
                    if t2.is_raw_text() {
                        self.lx.skip_raw(n2);
                    } else if n2 == name && !self_closing && !t2.is_void() {
                        if implied {
                            self.lx.pos = save;
                            break;
                        }
                        d += 1;
                    } else if name == "p" && t2.is_block() {
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
                    } else if implied && (tag_of(&l).is_block() || tag_of(&l).is_table_part()) {
                        self.lx.pos = save;
                        break;
                    }
                }
                _ => {}
            }
        }
    }
}
