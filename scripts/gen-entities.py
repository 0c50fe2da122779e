#!/usr/bin/env python3
"""Writes src/convert/html5_entities.rs: every named character reference of HTML.

The list is the WHATWG one (https://html.spec.whatwg.org/entities.json), as Python's standard
library carries it (html.entities.html5, Python 3.11). The converter decodes a reference itself
rather than leaving it to html2text, so it must know every name html2text's parser knows: an
unknown one would be left for html2text, which turns a decoded space such as U+200A into an
ASCII one. A value made only of invisible format characters (Unicode category Cf: the soft
hyphen, direction marks, zero-width joiners and spaces, invisible operators) is written empty:
the converter drops those, which carry nothing for a reader. Run it again only if the list
changes (it has not since 2014):

    python3 scripts/gen-entities.py > src/convert/html5_entities.rs && cargo fmt
"""

import html.entities
import unicodedata

ESCAPED_CATEGORIES = {"Cc", "Cf", "Zs", "Zl", "Zp", "Mn", "Mc", "Me"}


def rust_char(c: str) -> str:
    if c in '"\\':
        return "\\" + c
    if c == "\n":
        return "\\n"
    if c == "\t":
        return "\\t"
    if unicodedata.category(c) in ESCAPED_CATEGORIES and c != " ":
        return "\\u{%x}" % ord(c)
    return c


def main() -> None:
    table = html.entities.html5
    names = sorted(k[:-1] for k in table if k.endswith(";"))
    legacy = sorted(k for k in table if not k.endswith(";"))
    assert all(n.isascii() and n.isalnum() for n in names)
    assert all(table[n + ";"] == table[n] for n in legacy)
    print("//! Every named character reference of HTML, as `name;value` entries ended by NUL and sorted")
    print("//! by name (byte order), so that `entities.rs` can binary-search the text itself: one string")
    print("//! instead of a table of pointers, about a third of the size.")
    print("//! Written by `scripts/gen-entities.py` from the WHATWG list; do not edit by hand. Values made")
    print("//! only of invisible format characters (soft hyphen, direction marks, zero-width joiners and")
    print("//! spaces, invisible operators) are empty: the converter drops them.")
    print()
    print(f"/// The {len(names)} names with their values.")
    print('pub(super) const ALL: &str = "\\')
    for n in names:
        value = table[n + ";"]
        if all(unicodedata.category(c) == "Cf" for c in value):
            value = ""
        value = "".join(rust_char(c) for c in value)
        print(f"{n};{value}\\0\\")
    print('";')
    print()
    print(f"/// The {len(legacy)} names that are also recognised without the `;` (sorted).")
    print("pub(super) const LEGACY: &[&str] = &[")
    for n in legacy:
        print(f'    "{n}",')
    print("];")


main()
