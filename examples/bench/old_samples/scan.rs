//! The converter's HTML tokenizer, class helper and entity decoder, as the sample scanner uses
//! them (one tokenizer for the whole crate).

pub(super) use crate::old_convert::entities::decode_entities_into;
pub(super) use crate::old_convert::lexer::{Lexer, Tok, has_class};
