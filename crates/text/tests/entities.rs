//! Every named character reference decodes as the HTML standard says, through the parse the
//! statements go through (`dom::parse`, html5ever's tokenizer). The project builds html5ever with
//! its own copy of web_atoms (vendor/web_atoms: the references as a sorted table instead of a
//! phf map); this checks that table against the list it is made from, and the tokenizer's
//! longest-match rules that lean on its answers for prefixes.

use oj_mcp_rs_text::dom;

// `NAMED_ENTITIES: [(&str, u32, u32); 2231]`: each name with its `&`, and its code points.
include!("../../../vendor/web_atoms/entities.rs");

/// The text content of `html`'s body, as parsed.
fn text(html: &str) -> String {
    let dom = dom::parse(html).expect("parses");
    let mut out = String::new();
    dom::push_text_content(&dom.document, &mut out);
    out
}

fn decoded(cp1: u32, cp2: u32) -> String {
    let mut s = String::from(char::from_u32(cp1).expect("a code point"));
    if cp2 != 0 {
        s.push(char::from_u32(cp2).expect("a code point"));
    }
    s
}

#[test]
fn every_named_reference_decodes_to_its_code_points() {
    // One parse: each reference between two `~` (not a name's character, so no reference runs on; no reference is `~`).
    let html: String = NAMED_ENTITIES.iter().map(|(name, _, _)| format!("{name}~")).collect();
    let got = text(&format!("<p>~{html}</p>"));
    let got: Vec<&str> = got.split('~').skip(1).collect();
    assert_eq!(got.len(), NAMED_ENTITIES.len() + 1, "{got:?}");
    for ((name, cp1, cp2), got) in NAMED_ENTITIES.iter().zip(&got) {
        assert_eq!(*got, decoded(*cp1, *cp2), "{name}");
    }
}

#[test]
fn prefixes_and_unknown_names_follow_the_longest_match_rules() {
    for (html, want) in [
        ("&notin;", "∉"),
        ("&notit;", "¬it;"), // `&not` (a legacy name) then text: `notit;` is no name
        ("&not", "¬"),
        ("&ampx", "&x"),
        ("&amp;x", "&x"),
        ("&le;&ge;&times;&nbsp;", "≤≥×\u{a0}"),
        ("&acE;", "\u{223e}\u{333}"),
        ("&xyz;", "&xyz;"),
        ("&;", "&;"),
        ("&", "&"),
        ("&zwj;&zwnj;", "\u{200d}\u{200c}"),
        ("&Aacute&aacute;", "Áá"),
        ("&frac12;&frac1", "½&frac1"),
    ] {
        assert_eq!(text(&format!("<p>{html}</p>")), want, "{html}");
    }
}
