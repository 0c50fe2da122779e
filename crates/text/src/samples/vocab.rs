//! The words that mark samples on each platform, in one place: section and I/O headings, the
//! labels inside LeetCode's and Codeforces' example blocks, and the phrases of interactive tasks.

/// Which half of a sample a heading or label introduces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Input,
    Output,
}

/// What a heading (or a fence's info string) says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Heading {
    /// `Sample Input 2`, `入力例 2`, `样例输出 #1`, `输入样例`: always a sample.
    Io(Kind, Option<u32>),
    /// `Input`, `输出 #1`: a sample only under a samples section (elsewhere it is the format).
    Bare(Kind, Option<u32>),
    /// `Example(s)`, `Sample(s)`, `样例 #1`, `输入输出样例`, `入出力例`.
    Section,
    /// `Interaction` and its translations: the task is interactive.
    Interaction,
    Other,
}

/// Headings that always introduce one half of a sample (lowercase, number and `#` removed).
const IO: &[(&str, Kind)] = &[
    ("sample input", Kind::Input),
    ("sample output", Kind::Output),
    ("example input", Kind::Input),
    ("example output", Kind::Output),
    ("入力例", Kind::Input),
    ("出力例", Kind::Output),
    ("样例输入", Kind::Input),
    ("样例输出", Kind::Output),
    ("输入样例", Kind::Input),
    ("输出样例", Kind::Output),
];

/// Headings that introduce a half only under a samples section (CF's `div.title`, Luogu's `输入 #1`).
const BARE: &[(&str, Kind)] = &[
    ("input", Kind::Input),
    ("output", Kind::Output),
    ("输入", Kind::Input),
    ("输出", Kind::Output),
    ("входные данные", Kind::Input),
    ("выходные данные", Kind::Output),
];

const SECTION: &[&str] = &[
    "example",
    "examples",
    "sample",
    "samples",
    "sample test",
    "sample tests",
    "样例",
    "输入输出样例",
    "入出力例",
    "пример",
    "примеры",
];

const INTERACTION: &[&str] = &["interaction", "interaction protocol", "протокол взаимодействия", "交互", "交互方式"];

/// Phrases (lowercase) that make a statement interactive wherever they appear.
const INTERACTIVE_PHRASES: &[&str] = &[
    "this is an interactive",
    "interactive problem",
    "interactive task",
    "problem is interactive",
    "task is interactive",
    "reactive problem",
    "reactive task",
    "(reactive)",
    "интерактивная задача",
    "インタラクティブ",
    "リアクティブ",
    "交互题",
];

/// Where to look for [`INTERACTIVE_PHRASES`] in a statement that is not ASCII: every
/// non-ASCII phrase holds one of these as written (case variants listed).
const ANCHORS: &[&str] = &["нтерактивн", "НТЕРАКТИВН", "インタラクティブ", "リアクティブ", "交互题"];

/// Names a heading's text (or a fence info string such as `input1`).
pub(super) fn heading(text: &str) -> Heading {
    let (core, num) = split_number(text);
    // Every word of the tables is under 64 bytes: longer text (bold prose) is no heading, and
    // ASCII text compares without a lowercase copy.
    if core.len() > 64 {
        return Heading::Other;
    }
    let lower;
    let core = if core.is_ascii() {
        core
    } else {
        lower = core.to_lowercase();
        lower.as_str()
    };
    let same = |w: &&str| w.eq_ignore_ascii_case(core);
    if let Some(&(_, k)) = IO.iter().find(|(w, _)| same(w)) {
        return Heading::Io(k, num);
    }
    if let Some(&(_, k)) = BARE.iter().find(|(w, _)| same(w)) {
        return Heading::Bare(k, num);
    }
    if SECTION.iter().any(same) {
        return Heading::Section;
    }
    if num.is_none() && INTERACTION.iter().any(same) {
        return Heading::Interaction;
    }
    Heading::Other
}

/// A Hydro fence info string: `input1` / `output1` (also without a number).
pub(super) fn fence_info(info: &str) -> Option<(Kind, Option<u32>)> {
    let word = info.split_ascii_whitespace().next()?;
    let (core, num) = split_number(word);
    match core.to_ascii_lowercase().as_str() {
        "input" | "in" => Some((Kind::Input, num)),
        "output" | "out" => Some((Kind::Output, num)),
        _ => None,
    }
}

/// `"Sample Input 12:"` → (`"Sample Input"`, 12); `"样例输入 #1"` → (`"样例输入"`, 1). Surrounding
/// whitespace, a final colon and the `#` before the number are dropped.
fn split_number(text: &str) -> (&str, Option<u32>) {
    let t = text.trim().trim_end_matches([':', '：']).trim_end();
    let core = t.trim_end_matches(|c: char| c.is_ascii_digit());
    let digits = &t[core.len()..];
    // Saturates instead of failing: a 20-digit "number" is still a number, just a useless one.
    let num = (!digits.is_empty())
        .then(|| digits.bytes().fold(0u32, |n, d| n.saturating_mul(10).saturating_add(u32::from(d - b'0'))));
    let core = core.trim_end().trim_end_matches(['#', '＃']).trim_end();
    (core, num)
}

/// A label at the start of a line inside an example block, and the rest of the line after it.
/// Colon labels (`Input:`, `输入：`) are LeetCode's; a bare `Input` alone on its line is
/// Codeforces' crawler Markdown (`bare`).
pub(super) fn label(line: &str, bare: bool) -> Option<(Label, &str)> {
    let t = line.trim_start();
    if bare {
        let w = t.trim_end();
        return match w {
            "Input" | "input" | "输入" => Some((Label::Input, "")),
            "Output" | "output" | "输出" => Some((Label::Output, "")),
            "Explanation" | "解释" => Some((Label::Explanation, "")),
            _ => None,
        };
    }
    // LeetCode's own misspellings of `Explanation` are labels too: else the output would run on
    // into the explanation.
    const LABELS: &[(&str, Label)] = &[
        ("Input", Label::Input),
        ("Output", Label::Output),
        ("Explanation", Label::Explanation),
        ("Explantion", Label::Explanation),
        ("Explaination", Label::Explanation),
        ("Expalnation", Label::Explanation),
        ("输入", Label::Input),
        ("输出", Label::Output),
        ("解释", Label::Explanation),
    ];
    LABELS.iter().find_map(|&(word, l)| {
        let rest = t.strip_prefix(word)?.trim_start_matches([' ', '\t']);
        match rest.strip_prefix(':').or_else(|| rest.strip_prefix('：')) {
            Some(rest) => Some((l, rest)),
            // A label alone on its line (LeetCode's design examples: `Input`, then the two arrays).
            None if rest.trim().is_empty() => Some((l, "")),
            None => None,
        }
    })
}

/// The labels inside an example block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Label {
    Input,
    Output,
    Explanation,
}

/// True when the statement says in so many words that the task is interactive.
pub(super) fn says_interactive(content: &str) -> bool {
    // Lowercasing the whole statement would cost more than the rest of the extraction (Chinese
    // text especially). Every English phrase holds `active` in some case: its rare `v` is found
    // with memchr, and only a window around each `activ` is lowercased and checked. The
    // non-ASCII anchors are searched only in a statement that is not ASCII. Linear.
    let b = content.as_bytes();
    let hit = |at: usize, len: usize| {
        let start = floor_char(content, at.saturating_sub(24));
        let end = floor_char(content, (at + len + 24).min(content.len()));
        let window = content[start..end].to_lowercase();
        INTERACTIVE_PHRASES.iter().any(|p| window.contains(p))
    };
    let english = ['v', 'V'].iter().any(|&v| {
        content.match_indices(v).any(|(p, _)| p >= 4 && b[p - 4..p].eq_ignore_ascii_case(b"acti") && hit(p - 4, 6))
    });
    english || (!content.is_ascii() && ANCHORS.iter().any(|a| content.match_indices(a).any(|(p, _)| hit(p, a.len()))))
}

/// The largest char boundary at or before `i`.
fn floor_char(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_are_named_in_every_language() {
        assert_eq!(heading("Sample Input 1"), Heading::Io(Kind::Input, Some(1)));
        assert_eq!(heading(" Sample Output 12: "), Heading::Io(Kind::Output, Some(12)));
        assert_eq!(heading("Sample Input"), Heading::Io(Kind::Input, None));
        assert_eq!(heading("入力例 3"), Heading::Io(Kind::Input, Some(3)));
        assert_eq!(heading("出力例 3"), Heading::Io(Kind::Output, Some(3)));
        assert_eq!(heading("样例输入 #1"), Heading::Io(Kind::Input, Some(1)));
        assert_eq!(heading("样例输出#2"), Heading::Io(Kind::Output, Some(2)));
        assert_eq!(heading("输入样例 #1："), Heading::Io(Kind::Input, Some(1)));
        assert_eq!(heading("输入 #1"), Heading::Bare(Kind::Input, Some(1)));
        assert_eq!(heading("Output"), Heading::Bare(Kind::Output, None));
        assert_eq!(heading("Examples"), Heading::Section);
        assert_eq!(heading("样例 #1"), Heading::Section);
        assert_eq!(heading("输入输出样例"), Heading::Section);
        assert_eq!(heading("Interaction"), Heading::Interaction);
        assert_eq!(heading("Протокол взаимодействия"), Heading::Interaction);
        assert_eq!(heading("样例解释"), Heading::Other);
        assert_eq!(heading("Note"), Heading::Other);
        assert_eq!(heading("99999999999999999999"), Heading::Other);
        assert_eq!(heading(""), Heading::Other);
    }

    #[test]
    fn fence_infos_and_labels() {
        assert_eq!(fence_info("input1"), Some((Kind::Input, Some(1))));
        assert_eq!(fence_info("output12"), Some((Kind::Output, Some(12))));
        assert_eq!(fence_info("cpp"), None);
        assert_eq!(fence_info(""), None);
        assert_eq!(label("Input: n = 3", false), Some((Label::Input, " n = 3")));
        assert_eq!(label("输入：nums = [1]", false), Some((Label::Input, "nums = [1]")));
        assert_eq!(label("Explanation:", false), Some((Label::Explanation, "")));
        assert_eq!(label("Inputs: 3", false), None);
        assert_eq!(label("Input", false), Some((Label::Input, "")));
        assert_eq!(label("Explantion: the sum", false), Some((Label::Explanation, " the sum")));
        assert_eq!(label("Input the data", false), None);
        assert_eq!(label("Input", true), Some((Label::Input, "")));
        assert_eq!(label("Input 3", true), None);
    }

    #[test]
    fn interactive_phrases() {
        assert!(says_interactive("This is an Interactive problem."));
        assert!(says_interactive("Это интерактивная задача."));
        assert!(!says_interactive("An active problem about reactions."));
        assert!(says_interactive("THIS IS AN INTERACTIVE PROBLEM"));
        assert!(says_interactive("本题是交互题。"));
        assert!(says_interactive("Ввод. Это Интерактивная задача."));
        assert!(!says_interactive("交互"));
        assert!(!says_interactive("Interactive"));
    }
}
