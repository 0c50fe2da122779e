//! The converter's HTML tokenizer, class helper and entity decoder, as the sample scanner uses
//! them (one tokenizer for the whole crate).

pub(super) use crate::convert::entities::decode_entities_into;
pub(super) use crate::convert::lexer::{Lexer, Tok, has_class};
