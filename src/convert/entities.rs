//! HTML character references: numeric ones and the named ones common in statements.

use std::borrow::Cow;

use super::names::Index;

/// Decode HTML character references (the named ones common in statements, and numeric ones).
/// Unknown references are kept literally.
pub(crate) fn decode_entities_into(s: &str, out: &mut String) {
    let mut rest = s;
    while let Some(p) = rest.find('&') {
        out.push_str(&rest[..p]);
        let after = &rest[p + 1..];
        match decode_one(after, out) {
            Some(used) => rest = &after[used..],
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
}

pub(crate) fn decode_entities(s: &str) -> Cow<'_, str> {
    if s.contains('&') {
        let mut out = String::with_capacity(s.len());
        decode_entities_into(s, &mut out);
        Cow::Owned(out)
    } else {
        Cow::Borrowed(s)
    }
}

/// Decode one reference at the start of `s` (just after `&`); returns the bytes consumed.
pub(super) fn decode_one(s: &str, out: &mut String) -> Option<usize> {
    let b = s.as_bytes();
    if b.first() == Some(&b'#') {
        let (hex, start) = match b.get(1) {
            Some(b'x' | b'X') => (true, 2),
            _ => (false, 1),
        };
        let mut i = start;
        while i < b.len() && i - start < 8 && (if hex { b[i].is_ascii_hexdigit() } else { b[i].is_ascii_digit() }) {
            i += 1;
        }
        if i == start {
            return None;
        }
        let v = u32::from_str_radix(&s[start..i], if hex { 16 } else { 10 }).ok()?;
        out.push(match v {
            0 => '\u{FFFD}',
            _ => char::from_u32(v).unwrap_or('\u{FFFD}'),
        });
        if b.get(i) == Some(&b';') {
            i += 1;
        }
        return Some(i);
    }
    let mut i = 0;
    while i < b.len() && i < 32 && b[i].is_ascii_alphanumeric() {
        i += 1;
    }
    if i == 0 {
        return None;
    }
    let name = &s[..i];
    if b.get(i) == Some(&b';') {
        out.push_str(named_entity(name)?);
        return Some(i + 1);
    }
    // Legacy references without ';'.
    out.push_str(match name {
        "lt" => "<",
        "gt" => ">",
        "amp" => "&",
        "quot" => "\"",
        "nbsp" => "\u{a0}",
        _ => return None,
    });
    Some(i)
}

/// The value of a named reference (`name` without `&` and `;`), looked up in [`NAMED`].
fn named_entity(name: &str) -> Option<&'static str> {
    NAMED_INDEX.find(name).map(|i| NAMED[i].1)
}

/// [`NAMED`] indexed for [`named_entity`].
static NAMED_INDEX: Index<{ NAMED.len() }, 512> = Index::new(NAMED);

/// The named references common in statements, sorted by name (byte order, so upper case first)
/// for a reader; [`NAMED_INDEX`] finds them. `entity_table_is_sorted` (tests) keeps it so.
const NAMED: &[(&str, &str)] = &[
    ("AMP", "&"),
    ("Aacute", "Á"),
    ("Acirc", "Â"),
    ("Agrave", "À"),
    ("Alpha", "Α"),
    ("Aring", "Å"),
    ("Auml", "Ä"),
    ("Beta", "Β"),
    ("Ccedil", "Ç"),
    ("Chi", "Χ"),
    ("Dagger", "‡"),
    ("Delta", "Δ"),
    ("Eacute", "É"),
    ("Egrave", "È"),
    ("Epsilon", "Ε"),
    ("Eta", "Η"),
    ("GT", ">"),
    ("Gamma", "Γ"),
    ("Iota", "Ι"),
    ("Kappa", "Κ"),
    ("LT", "<"),
    ("Lambda", "Λ"),
    ("Mu", "Μ"),
    ("Ntilde", "Ñ"),
    ("Nu", "Ν"),
    ("Omega", "Ω"),
    ("Omicron", "Ο"),
    ("Ouml", "Ö"),
    ("Phi", "Φ"),
    ("Pi", "Π"),
    ("Prime", "″"),
    ("Psi", "Ψ"),
    ("QUOT", "\""),
    ("Rho", "Ρ"),
    ("Sigma", "Σ"),
    ("Tau", "Τ"),
    ("Theta", "Θ"),
    ("Upsilon", "Υ"),
    ("Uuml", "Ü"),
    ("Xi", "Ξ"),
    ("Zeta", "Ζ"),
    ("aacute", "á"),
    ("acirc", "â"),
    ("acute", "´"),
    ("agrave", "à"),
    ("alefsym", "ℵ"),
    ("alpha", "α"),
    ("amp", "&"),
    ("and", "∧"),
    ("ang", "∠"),
    ("apos", "'"),
    ("aring", "å"),
    ("asymp", "≈"),
    ("auml", "ä"),
    ("bdquo", "„"),
    ("beta", "β"),
    ("brvbar", "¦"),
    ("bull", "•"),
    ("cap", "∩"),
    ("ccedil", "ç"),
    ("cedil", "¸"),
    ("cent", "¢"),
    ("chi", "χ"),
    ("circ", "ˆ"),
    ("clubs", "♣"),
    ("cong", "≅"),
    ("copy", "©"),
    ("crarr", "↵"),
    ("cup", "∪"),
    ("curren", "¤"),
    ("dArr", "⇓"),
    ("dagger", "†"),
    ("darr", "↓"),
    ("deg", "°"),
    ("delta", "δ"),
    ("diams", "♦"),
    ("divide", "÷"),
    ("eacute", "é"),
    ("ecirc", "ê"),
    ("egrave", "è"),
    ("empty", "∅"),
    ("emsp", "\u{2003}"),
    ("ensp", "\u{2002}"),
    ("epsilon", "ε"),
    ("equiv", "≡"),
    ("eta", "η"),
    ("euml", "ë"),
    ("euro", "€"),
    ("exist", "∃"),
    ("forall", "∀"),
    ("frac12", "½"),
    ("frac14", "¼"),
    ("frac34", "¾"),
    ("frasl", "⁄"),
    ("gamma", "γ"),
    ("ge", "≥"),
    ("gt", ">"),
    ("hArr", "⇔"),
    ("harr", "↔"),
    ("hearts", "♥"),
    ("hellip", "…"),
    ("iacute", "í"),
    ("icirc", "î"),
    ("iexcl", "¡"),
    ("image", "ℑ"),
    ("infin", "∞"),
    ("int", "∫"),
    ("iota", "ι"),
    ("iquest", "¿"),
    ("isin", "∈"),
    ("iuml", "ï"),
    ("kappa", "κ"),
    ("lArr", "⇐"),
    ("lambda", "λ"),
    ("lang", "⟨"),
    ("laquo", "«"),
    ("larr", "←"),
    ("lceil", "⌈"),
    ("ldquo", "“"),
    ("le", "≤"),
    ("lfloor", "⌊"),
    ("lowast", "∗"),
    ("loz", "◊"),
    ("lrm", ""),
    ("lsaquo", "‹"),
    ("lsquo", "‘"),
    ("lt", "<"),
    ("macr", "¯"),
    ("mdash", "—"),
    ("micro", "µ"),
    ("middot", "·"),
    ("minus", "−"),
    ("mu", "μ"),
    ("nabla", "∇"),
    ("nbsp", "\u{a0}"),
    ("ndash", "–"),
    ("ne", "≠"),
    ("ni", "∋"),
    ("not", "¬"),
    ("notin", "∉"),
    ("nsub", "⊄"),
    ("ntilde", "ñ"),
    ("nu", "ν"),
    ("oacute", "ó"),
    ("ocirc", "ô"),
    ("oline", "‾"),
    ("omega", "ω"),
    ("omicron", "ο"),
    ("oplus", "⊕"),
    ("or", "∨"),
    ("ordf", "ª"),
    ("ordm", "º"),
    ("otimes", "⊗"),
    ("ouml", "ö"),
    ("para", "¶"),
    ("part", "∂"),
    ("permil", "‰"),
    ("perp", "⊥"),
    ("phi", "φ"),
    ("pi", "π"),
    ("piv", "ϖ"),
    ("plusmn", "±"),
    ("pound", "£"),
    ("prime", "′"),
    ("prod", "∏"),
    ("prop", "∝"),
    ("psi", "ψ"),
    ("quot", "\""),
    ("rArr", "⇒"),
    ("radic", "√"),
    ("rang", "⟩"),
    ("raquo", "»"),
    ("rarr", "→"),
    ("rceil", "⌉"),
    ("rdquo", "”"),
    ("real", "ℜ"),
    ("reg", "®"),
    ("rfloor", "⌋"),
    ("rho", "ρ"),
    ("rlm", ""),
    ("rsaquo", "›"),
    ("rsquo", "’"),
    ("sbquo", "‚"),
    ("sdot", "⋅"),
    ("sect", "§"),
    ("shy", ""),
    ("sigma", "σ"),
    ("sigmaf", "ς"),
    ("sim", "∼"),
    ("spades", "♠"),
    ("sub", "⊂"),
    ("sube", "⊆"),
    ("sum", "∑"),
    ("sup", "⊃"),
    ("sup1", "¹"),
    ("sup2", "²"),
    ("sup3", "³"),
    ("supe", "⊇"),
    ("szlig", "ß"),
    ("tau", "τ"),
    ("there4", "∴"),
    ("theta", "θ"),
    ("thetasym", "ϑ"),
    ("thinsp", "\u{2009}"),
    ("tilde", "˜"),
    ("times", "×"),
    ("trade", "™"),
    ("uArr", "⇑"),
    ("uacute", "ú"),
    ("uarr", "↑"),
    ("ucirc", "û"),
    ("uml", "¨"),
    ("upsilon", "υ"),
    ("uuml", "ü"),
    ("weierp", "℘"),
    ("xi", "ξ"),
    ("yen", "¥"),
    ("zeta", "ζ"),
    ("zwj", ""),
    ("zwnj", ""),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entity_table_is_sorted() {
        assert!(NAMED_INDEX.is_sound(NAMED), "NAMED must be sorted and unique");
        assert_eq!(named_entity("lt"), Some("<"));
        assert_eq!(named_entity("LT"), Some("<"));
        assert_eq!(named_entity("uuml"), Some("ü"));
        assert_eq!(named_entity("Agrave"), Some("À"));
        assert_eq!(named_entity("zwnj"), Some(""));
        assert_eq!(named_entity("notit"), None);
    }
}
