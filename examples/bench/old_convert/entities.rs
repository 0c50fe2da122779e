//! HTML character references: numeric ones and every named one. The named ones common in
//! statements are found in a hashed table; the rest of HTML's 2,125 by a binary search of
//! `html5_entities.rs`. The converter must know every name that html2text's parser knows: a
//! reference it left alone would be decoded by html2text, which treats a decoded space such as
//! U+200A (`&hairsp;`) as an ASCII one, and inside `<pre>` it would stay undecoded. References to
//! invisible format characters (`&shy;`, `&lrm;`, `&ZeroWidthSpace;`…) decode to nothing.

use std::borrow::Cow;

use super::html5_entities::{ALL, LEGACY};
use super::names::Index;

/// Decode HTML character references (named and numeric). Unknown references are kept literally.
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
            0x80..=0x9F if WINDOWS_1252[v as usize - 0x80] != 0 => {
                char::from_u32(WINDOWS_1252[v as usize - 0x80].into()).unwrap_or('\u{FFFD}')
            }
            _ => char::from_u32(v).unwrap_or('\u{FFFD}'),
        });
        if b.get(i) == Some(&b';') {
            i += 1;
        }
        return Some(i);
    }
    let mut i = 0;
    while i < b.len() && i <= LONGEST_NAME && b[i].is_ascii_alphanumeric() {
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
    // The references HTML also knows without ';' (`&copy 2024`), when the name ends there: as
    // in an attribute, `&copyright` stays as it is.
    if LEGACY.binary_search(&name).is_ok() {
        out.push_str(named_entity(name)?);
        return Some(i);
    }
    None
}

/// HTML reads `&#128;`…`&#159;` as windows-1252, which is what the pages that write them meant
/// (`&#150;` is an en dash); 0 where windows-1252 has no character and the code point stays.
const WINDOWS_1252: [u16; 32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0, 0,
    0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
];

/// The longest name HTML has (`CounterClockwiseContourIntegral`).
const LONGEST_NAME: usize = 31;

/// The value of a named reference (`name` without `&` and `;`): the common ones from [`NAMED`],
/// the rest from [`ALL`].
fn named_entity(name: &str) -> Option<&'static str> {
    match NAMED_INDEX.find(name) {
        Some(i) => Some(NAMED[i].1),
        None => find_in_all(name),
    }
}

/// Binary search of [`ALL`], a string of sorted `name;value\0` entries: a probe falls inside an
/// entry, which runs from the NUL before it to the NUL after it. `lo` and `hi` stay on entry
/// starts, so each step drops at least the probed entry.
fn find_in_all(name: &str) -> Option<&'static str> {
    let b = ALL.as_bytes();
    let (mut lo, mut hi) = (0, b.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let start = b[lo..mid].iter().rposition(|&c| c == 0).map_or(lo, |p| lo + p + 1);
        let end = b[start..hi].iter().position(|&c| c == 0).map_or(hi, |p| start + p);
        let (n, value) = ALL[start..end].split_once(';')?;
        match n.cmp(name) {
            std::cmp::Ordering::Equal => return Some(value),
            std::cmp::Ordering::Less => lo = end + 1,
            std::cmp::Ordering::Greater => hi = start,
        }
    }
    None
}

/// [`NAMED`] indexed for [`named_entity`].
static NAMED_INDEX: Index<{ NAMED.len() }, 512> = Index::new(NAMED);

/// The named references common in statements, sorted by name (byte order, so upper case first)
/// for a reader; [`NAMED_INDEX`] finds them. `entity_table_is_sorted` (tests) keeps it so, and
/// `common_names_agree_with_html` keeps each value HTML's.
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

    /// Every entry of [`ALL`], in order.
    fn all() -> Vec<(&'static str, &'static str)> {
        ALL.strip_suffix('\0').unwrap().split('\0').map(|e| e.split_once(';').unwrap()).collect()
    }

    #[test]
    fn every_html_name_is_found() {
        let all = all();
        assert_eq!(all.len(), 2125);
        assert!(all.windows(2).all(|w| w[0].0 < w[1].0), "ALL must be sorted and unique");
        assert_eq!(all.iter().map(|(n, _)| n.len()).max(), Some(LONGEST_NAME));
        for (n, v) in &all {
            assert!(n.bytes().all(|c| c.is_ascii_alphanumeric()), "{n}");
            assert_eq!(find_in_all(n), Some(*v), "{n}");
            assert_eq!(named_entity(n), Some(*v), "{n}");
        }
        for miss in ["", "A", "AEli", "AEligg", "zz", "zwjz", "hairsp2", "\u{0}"] {
            assert_eq!(find_in_all(miss), None, "{miss:?}");
        }
        assert!(LEGACY.windows(2).all(|w| w[0] < w[1]));
        assert!(LEGACY.iter().all(|n| find_in_all(n).is_some()));
    }

    #[test]
    fn common_names_agree_with_html() {
        for (n, v) in NAMED {
            assert_eq!(find_in_all(n), Some(*v), "{n}");
        }
    }

    #[test]
    fn references_decode_as_html_does() {
        let d = |s: &str| decode_entities(s).into_owned();
        assert_eq!(d("a&hairsp;b&ThickSpace;c"), "a\u{200a}b\u{205f}\u{200a}c");
        assert_eq!(d("&CounterClockwiseContourIntegral;&NewLine;&semi;&fjlig;"), "∳\n;fj");
        assert_eq!(d("&copy 2024 &amp &lt3 &copyright &notin; &unknown; &"), "© 2024 & &lt3 &copyright ∉ &unknown; &");
        assert_eq!(d("&#x200A;&#8203;&#0;"), "\u{200a}\u{200b}\u{fffd}");
        assert_eq!(d("&#150;&#x80;&#153;&#x81;&#xD800;&#x110000;"), "–€™\u{81}\u{fffd}\u{fffd}");
    }
}
