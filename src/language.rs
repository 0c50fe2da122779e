//! Which statement of a problem to show: the English `content` or the Chinese `content_cn`, as
//! the user asked, falling back to what exists with a one-line note. Pure: no I/O.
//!
//! `content` is not always English: Luogu's statements are Chinese, AtCoder's may be Japanese
//! only, and SPOJ's (crawled through Luogu) are English under Chinese headings. So the language
//! of `content` is read from the text itself, by counting scripts, rather than assumed from the
//! platform.

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

use crate::models::Problem;

/// A statement's language: what a caller asks for (`en`, `zh`) or what a text is written in
/// (also `ja`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// English (`en`).
    En,
    /// Chinese (`zh`).
    Zh,
    /// Japanese (`ja`): AtCoder's statements without an English copy; never asked for.
    Ja,
}

impl Language {
    /// The code on the wire.
    pub(crate) const fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Zh => "zh",
            Language::Ja => "ja",
        }
    }

    /// The name a note uses.
    fn name(self) -> &'static str {
        match self {
            Language::En => "English",
            Language::Zh => "Chinese",
            Language::Ja => "Japanese",
        }
    }
}

/// The languages a caller may ask for, as written in arguments and URIs.
pub(crate) const LANGUAGES: &[&str] = &[Language::En.code(), Language::Zh.code()];

/// A code that is not one a caller may ask for.
#[derive(Debug, PartialEq, Eq)]
pub struct NotAskable;

impl FromStr for Language {
    type Err = NotAskable;

    /// `en` or `zh`: the languages a caller may ask for.
    fn from_str(s: &str) -> Result<Language, NotAskable> {
        match s {
            "en" => Ok(Language::En),
            "zh" => Ok(Language::Zh),
            _ => Err(NotAskable),
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl Serialize for Language {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

/// The statement chosen for a problem.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Chosen<'a> {
    /// The title to show: `title_cn` over a Chinese statement when there is one, else `title`.
    pub(crate) title: &'a str,
    /// The raw statement (HTML or Markdown) as the backend sent it; `None` when it has none.
    pub(crate) raw: Option<&'a str>,
    /// The language of `raw`; `None` with no statement.
    pub(crate) language: Option<Language>,
    /// Said when the asked language is not what is returned.
    pub(crate) note: Option<String>,
}

fn non_empty(s: &Option<String>) -> Option<&str> {
    s.as_deref().filter(|s| !s.trim().is_empty())
}

/// The language a statement is written in, by its letters. Kana make it Japanese, unless Latin
/// letters outnumber the Japanese characters: then it is AtCoder's Japanese copy followed by the
/// English one, which counts as English. Without kana, Han characters outnumbering half the
/// Latin letters make it Chinese. HTML tags are skipped; TeX and Markdown are Latin letters too,
/// which only biases towards English: a Chinese statement has far more Han characters than its
/// TeX has letters (measured on the fixtures and the corpus, which a test reads: Luogu P2482 has
/// 2,360 Han characters and 4,128 Latin letters, SPOJ's English under Chinese headings 24 and
/// 159).
fn written_in(text: &str) -> Language {
    let (han, kana, latin) = scripts(text);
    // Japanese writes its particles in kana; Chinese has none.
    let japanese = kana > 0 && kana * 5 >= han;
    match (japanese, han + kana) {
        (true, cjk) if latin >= cjk => Language::En,
        (true, _) => Language::Ja,
        (false, cjk) if cjk * 2 <= latin => Language::En,
        _ => Language::Zh,
    }
}

/// The Han characters, kana and Latin letters of a text, outside HTML tags (a `<` followed by a
/// letter, `/` or `!` opens one, which the next `>` closes). One pass over the bytes: eight at a
/// time while they are ASCII without a `<` (most of a statement), else one by one, where the
/// scripts counted are three-byte UTF-8 sequences, read only where a lead byte of those ranges
/// (`E3`–`E9`, `EF`) stands; a tag's end is found a word at a time too.
fn scripts(text: &str) -> (usize, usize, usize) {
    let b = text.as_bytes();
    let (mut han, mut kana, mut latin) = (0usize, 0usize, 0usize);
    let mut i = 0;
    while i < b.len() {
        if let Some(letters) = b.get(i..i + 8).and_then(ascii_letters) {
            latin += letters;
            i += 8;
            continue;
        }
        match b[i] {
            b'<' if b.get(i + 1).is_some_and(|n| n.is_ascii_alphabetic() || matches!(n, b'/' | b'!')) => {
                i = crate::scan::find_byte(&b[i + 1..], b'>').map_or(b.len(), |p| i + 1 + p + 1);
                continue;
            }
            b'a'..=b'z' | b'A'..=b'Z' => latin += 1,
            lead @ (0xE3..=0xE9 | 0xEF) if i + 2 < b.len() => {
                let c = (u32::from(lead & 0x0F) << 12) | (u32::from(b[i + 1] & 0x3F) << 6) | u32::from(b[i + 2] & 0x3F);
                match c {
                    0x3040..=0x30FF => kana += 1,
                    0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF => han += 1,
                    _ => {}
                }
                i += 3;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    (han, kana, latin)
}

/// The ASCII letters among eight bytes, or `None` when one is not ASCII or is a `<`. Bytewise
/// arithmetic on a word: no carry crosses a byte, since every byte is below 0x80.
fn ascii_letters(eight: &[u8]) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = LO * 0x80;
    let w = u64::from_le_bytes(eight.try_into().ok()?);
    let lt = w ^ (LO * u64::from(b'<'));
    // A byte of `lt` is zero where `w` has a `<`.
    if w & HI != 0 || lt.wrapping_sub(LO) & !lt & HI != 0 {
        return None;
    }
    // Upper case folded to lower; then a letter is a byte from `a` (0x61) to `z` (0x7A).
    let x = w | (LO * 0x20);
    let from_a = x + LO * (0x80 - 0x61);
    let past_z = x + LO * (0x80 - 0x7B);
    Some((from_a & !past_z & HI).count_ones() as usize)
}

/// The statement of `p` in `asked`, or what exists, with a note saying so.
pub(crate) fn choose(p: &Problem, asked: Language) -> Chosen<'_> {
    let english = non_empty(&p.content).map(|c| (c, written_in(c)));
    let chinese = non_empty(&p.content_cn).map(|c| (c, Language::Zh));
    let (first, second) = if asked == Language::Zh { (chinese, english) } else { (english, chinese) };
    // A `content` already in the asked language (a Luogu statement asked in Chinese) counts as it.
    let exact = [first, second].into_iter().flatten().find(|(_, lang)| *lang == asked);
    let Some((raw, language)) = exact.or(first).or(second) else {
        return Chosen { title: title(p, None), raw: None, language: None, note: None };
    };
    let note = (language != asked).then(|| {
        format!("No {} statement is available for this problem; showing the {} one.", asked.name(), language.name())
    });
    Chosen { title: title(p, Some(language)), raw: Some(raw), language: Some(language), note }
}

fn title(p: &Problem, language: Option<Language>) -> &str {
    match (language, non_empty(&p.title_cn)) {
        (Some(Language::Zh), Some(cn)) => cn.trim(),
        _ => p.title.trim(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Language::{En, Ja, Zh};

    fn problem(content: Option<&str>, content_cn: Option<&str>) -> Problem {
        Problem {
            title: "Two Sum".into(),
            title_cn: Some("两数之和".into()),
            content: content.map(String::from),
            content_cn: content_cn.map(String::from),
            ..Problem::default()
        }
    }

    #[test]
    fn codes_parse_and_print_back() {
        for l in [En, Zh] {
            assert_eq!(l.to_string().parse(), Ok(l));
        }
        assert_eq!(LANGUAGES, ["en", "zh"]);
        assert_eq!("ja".parse::<Language>(), Err(NotAskable), "a caller cannot ask for Japanese");
        assert_eq!(serde_json::to_string(&Ja).unwrap(), "\"ja\"");
    }

    #[test]
    fn scripts_decide_the_language() {
        assert_eq!(written_in("<p>Given an array of integers <code>nums</code></p>"), En);
        assert_eq!(written_in("## 题目描述\n\n一枚过河卒从棋盘左上角的 $A$ 点出发，要走到右下角的 $B$ 点"), Zh);
        // SPOJ through Luogu: Chinese headings over an English statement.
        let spoj = "## 题目描述\n\nRead integers from the input, one per line, and copy each of them to the output \
until you meet the number $42$.\n\n## 输入格式\n\nIntegers.";
        assert_eq!(written_in(spoj), En);
        assert_eq!(written_in("整数 A, B が与えられます。A + B を出力してください。"), Ja);
        // AtCoder's page with both copies is English.
        let both = "整数 A, B が与えられます。A + B を出力してください。\nYou are given integers A and B. Print A + B.";
        assert_eq!(written_in(both), En);
        assert_eq!(written_in(""), En);
    }

    #[test]
    fn asked_language_when_it_exists() {
        let p = problem(Some("<p>Given nums</p>"), Some("<p>给定一个整数数组</p>"));
        let zh = choose(&p, Zh);
        assert_eq!(
            (zh.title, zh.raw, zh.language, zh.note),
            ("两数之和", Some("<p>给定一个整数数组</p>"), Some(Zh), None)
        );
        let en = choose(&p, En);
        assert_eq!((en.title, en.raw, en.language, en.note), ("Two Sum", Some("<p>Given nums</p>"), Some(En), None));
    }

    #[test]
    fn what_exists_with_a_note_otherwise() {
        let p = problem(Some("<p>Given nums</p>"), None);
        let c = choose(&p, Zh);
        assert_eq!((c.title, c.language), ("Two Sum", Some(En)));
        assert_eq!(
            c.note.as_deref(),
            Some("No Chinese statement is available for this problem; showing the English one.")
        );
        // A paid problem: only the Chinese statement.
        let p = problem(None, Some("<p>给定一个整数数组</p>"));
        let c = choose(&p, En);
        assert_eq!((c.title, c.language), ("两数之和", Some(Zh)));
        assert_eq!(
            c.note.as_deref(),
            Some("No English statement is available for this problem; showing the Chinese one.")
        );
        // A Luogu statement is Chinese already: asked in Chinese, no note; in English, a note.
        let mut luogu = problem(Some("一枚过河卒从棋盘左上角出发，要走到右下角"), None);
        luogu.title_cn = Some(" ".into());
        assert_eq!(choose(&luogu, Zh).note, None);
        assert_eq!(choose(&luogu, Zh).title, "Two Sum");
        assert!(choose(&luogu, En).note.unwrap().contains("showing the Chinese one"));
        // Nothing at all: no statement, no note (the text says "No description available.").
        let blank = problem(Some("  "), None);
        let none = choose(&blank, Zh);
        assert_eq!((none.raw, none.language, none.note), (None, None, None));
    }

    /// The counts as the char-by-char reading that came before the byte scan made them.
    fn scripts_by_chars(text: &str) -> (usize, usize, usize) {
        let (mut han, mut kana, mut latin) = (0usize, 0usize, 0usize);
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '<' && chars.peek().is_some_and(|n| n.is_ascii_alphabetic() || matches!(n, '/' | '!')) {
                chars.by_ref().find(|&c| c == '>');
                continue;
            }
            match c {
                'a'..='z' | 'A'..='Z' => latin += 1,
                '\u{3040}'..='\u{30ff}' => kana += 1,
                '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{f900}'..='\u{faff}' => han += 1,
                _ => {}
            }
        }
        (han, kana, latin)
    }

    #[test]
    fn the_byte_scan_counts_as_the_chars_did() {
        let edges = [
            "",
            "<",
            "<a",
            "a<b",
            "<b>x</b>y",
            "x <1 y",
            "<!-- 注释 -->文",
            "<p title='あ>'>い</p>",
            "\u{303f}\u{3040}\u{30ff}\u{3100}",
            "\u{33ff}\u{3400}\u{4dbf}\u{4dc0}\u{4dff}\u{4e00}\u{9fff}\u{a000}\u{f8ff}\u{f900}\u{faff}\u{fb00}",
            "é𝔸😀z",
            "<ü>a",
            "a\u{3042}",
        ];
        for text in edges {
            assert_eq!(scripts(text), scripts_by_chars(text), "{text:?}");
        }
        // Random texts of the characters that matter, at every alignment.
        let alphabet =
            ['a', 'Z', '@', '[', '`', '{', '<', '>', '/', '!', ' ', '9', 'é', 'あ', 'ア', '漢', '豈', '😀', '\u{4dc0}'];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..3000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let text: String =
                (0..seed % 40).map(|k| alphabet[((seed >> (k % 50)) as usize + k as usize) % alphabet.len()]).collect();
            assert_eq!(scripts(&text), scripts_by_chars(&text), "{text:?}");
        }
        let dirs =
            ["tests/fixtures", "../shared/corpus"].map(|d| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(d));
        for entry in dirs.iter().filter_map(|d| std::fs::read_dir(d).ok()).flatten().flatten() {
            let text =
                std::fs::read(entry.path()).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
            assert_eq!(scripts(&text), scripts_by_chars(&text), "{}", entry.path().display());
        }
    }

    /// Every corpus statement (`../shared/corpus`, read at test time when present) in the
    /// language its name says, and AtCoder's two copies together in English.
    #[test]
    fn corpus_statements_by_their_names() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
        let Ok(entries) = std::fs::read_dir(&dir) else { return };
        let mut seen = 0;
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !(name.ends_with(".html") || name.ends_with(".md")) || name == "SOURCES.md" {
                continue;
            }
            let text = std::fs::read_to_string(entry.path()).unwrap();
            let want = if name.contains("_ja.") {
                Ja
            } else if name.contains("-zh.") || name.starts_with("luogu_") {
                Zh
            } else {
                En
            };
            assert_eq!(written_in(&text), want, "{name}");
            seen += 1;
        }
        assert!(seen >= 20, "only {seen} corpus statements");
        let read = |n: &str| std::fs::read_to_string(dir.join(n)).unwrap();
        assert_eq!(written_in(&(read("atcoder_abc042_a_ja.html") + &read("atcoder_abc042_a.html"))), En);
    }
}
