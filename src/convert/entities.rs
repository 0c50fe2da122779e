//! HTML character references: numeric ones and the named ones common in statements.

use std::borrow::Cow;

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

fn named_entity(name: &str) -> Option<&'static str> {
    Some(match name {
        "lt" | "LT" => "<",
        "gt" | "GT" => ">",
        "amp" | "AMP" => "&",
        "quot" | "QUOT" => "\"",
        "apos" => "'",
        "nbsp" => "\u{a0}",
        "ensp" => "\u{2002}",
        "emsp" => "\u{2003}",
        "thinsp" => "\u{2009}",
        "zwnj" | "zwj" | "lrm" | "rlm" | "shy" => "",
        "le" => "≤",
        "ge" => "≥",
        "ne" => "≠",
        "times" => "×",
        "divide" => "÷",
        "minus" => "−",
        "plusmn" => "±",
        "radic" => "√",
        "sum" => "∑",
        "prod" => "∏",
        "infin" => "∞",
        "hellip" => "…",
        "mdash" => "—",
        "ndash" => "–",
        "lsquo" => "‘",
        "rsquo" => "’",
        "sbquo" => "‚",
        "ldquo" => "“",
        "rdquo" => "”",
        "bdquo" => "„",
        "laquo" => "«",
        "raquo" => "»",
        "lsaquo" => "‹",
        "rsaquo" => "›",
        "middot" => "·",
        "sdot" => "⋅",
        "bull" => "•",
        "deg" => "°",
        "micro" => "µ",
        "para" => "¶",
        "sect" => "§",
        "copy" => "©",
        "reg" => "®",
        "trade" => "™",
        "larr" => "←",
        "rarr" => "→",
        "uarr" => "↑",
        "darr" => "↓",
        "harr" => "↔",
        "lArr" => "⇐",
        "rArr" => "⇒",
        "uArr" => "⇑",
        "dArr" => "⇓",
        "hArr" => "⇔",
        "crarr" => "↵",
        "forall" => "∀",
        "exist" => "∃",
        "empty" => "∅",
        "nabla" => "∇",
        "isin" => "∈",
        "notin" => "∉",
        "ni" => "∋",
        "sub" => "⊂",
        "sup" => "⊃",
        "nsub" => "⊄",
        "sube" => "⊆",
        "supe" => "⊇",
        "cap" => "∩",
        "cup" => "∪",
        "and" => "∧",
        "or" => "∨",
        "not" => "¬",
        "part" => "∂",
        "int" => "∫",
        "there4" => "∴",
        "sim" => "∼",
        "cong" => "≅",
        "asymp" => "≈",
        "equiv" => "≡",
        "prop" => "∝",
        "ang" => "∠",
        "perp" => "⊥",
        "oplus" => "⊕",
        "otimes" => "⊗",
        "lceil" => "⌈",
        "rceil" => "⌉",
        "lfloor" => "⌊",
        "rfloor" => "⌋",
        "lang" => "⟨",
        "rang" => "⟩",
        "prime" => "′",
        "Prime" => "″",
        "lowast" => "∗",
        "frac12" => "½",
        "frac14" => "¼",
        "frac34" => "¾",
        "sup1" => "¹",
        "sup2" => "²",
        "sup3" => "³",
        "iexcl" => "¡",
        "iquest" => "¿",
        "cent" => "¢",
        "pound" => "£",
        "yen" => "¥",
        "euro" => "€",
        "curren" => "¤",
        "brvbar" => "¦",
        "dagger" => "†",
        "Dagger" => "‡",
        "permil" => "‰",
        "oline" => "‾",
        "frasl" => "⁄",
        "circ" => "ˆ",
        "tilde" => "˜",
        "acute" => "´",
        "uml" => "¨",
        "macr" => "¯",
        "cedil" => "¸",
        "ordf" => "ª",
        "ordm" => "º",
        "loz" => "◊",
        "spades" => "♠",
        "clubs" => "♣",
        "hearts" => "♥",
        "diams" => "♦",
        "alefsym" => "ℵ",
        "weierp" => "℘",
        "image" => "ℑ",
        "real" => "ℜ",
        "Alpha" => "Α",
        "Beta" => "Β",
        "Gamma" => "Γ",
        "Delta" => "Δ",
        "Epsilon" => "Ε",
        "Zeta" => "Ζ",
        "Eta" => "Η",
        "Theta" => "Θ",
        "Iota" => "Ι",
        "Kappa" => "Κ",
        "Lambda" => "Λ",
        "Mu" => "Μ",
        "Nu" => "Ν",
        "Xi" => "Ξ",
        "Omicron" => "Ο",
        "Pi" => "Π",
        "Rho" => "Ρ",
        "Sigma" => "Σ",
        "Tau" => "Τ",
        "Upsilon" => "Υ",
        "Phi" => "Φ",
        "Chi" => "Χ",
        "Psi" => "Ψ",
        "Omega" => "Ω",
        "alpha" => "α",
        "beta" => "β",
        "gamma" => "γ",
        "delta" => "δ",
        "epsilon" => "ε",
        "zeta" => "ζ",
        "eta" => "η",
        "theta" => "θ",
        "iota" => "ι",
        "kappa" => "κ",
        "lambda" => "λ",
        "mu" => "μ",
        "nu" => "ν",
        "xi" => "ξ",
        "omicron" => "ο",
        "pi" => "π",
        "rho" => "ρ",
        "sigmaf" => "ς",
        "sigma" => "σ",
        "tau" => "τ",
        "upsilon" => "υ",
        "phi" => "φ",
        "chi" => "χ",
        "psi" => "ψ",
        "omega" => "ω",
        "thetasym" => "ϑ",
        "piv" => "ϖ",
        "Agrave" => "À",
        "Aacute" => "Á",
        "Acirc" => "Â",
        "Auml" => "Ä",
        "Aring" => "Å",
        "Ccedil" => "Ç",
        "Egrave" => "È",
        "Eacute" => "É",
        "Ntilde" => "Ñ",
        "Ouml" => "Ö",
        "Uuml" => "Ü",
        "szlig" => "ß",
        "agrave" => "à",
        "aacute" => "á",
        "acirc" => "â",
        "auml" => "ä",
        "aring" => "å",
        "ccedil" => "ç",
        "egrave" => "è",
        "eacute" => "é",
        "ecirc" => "ê",
        "euml" => "ë",
        "iacute" => "í",
        "icirc" => "î",
        "iuml" => "ï",
        "ntilde" => "ñ",
        "oacute" => "ó",
        "ocirc" => "ô",
        "ouml" => "ö",
        "uacute" => "ú",
        "ucirc" => "û",
        "uuml" => "ü",
        _ => return None,
    })
}
