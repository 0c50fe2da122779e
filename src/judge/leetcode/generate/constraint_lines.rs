//! The constraint lines of a statement (its converted Markdown): the items under
//! `Constraints:` up to the next heading, each made plain for the reader in `constraints.rs`:
//! markup and TeX gone, `≤` and `\leq` written `<=`, superscript digits as `^`.

/// The constraint lines, plain, in the statement's order.
pub(super) fn constraint_lines(md: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for raw in md.lines() {
        let bare = raw.trim().trim_matches(|c: char| c == '*' || c == '#' || c == ':' || c.is_whitespace());
        let lower = bare.to_ascii_lowercase();
        if !inside {
            inside = lower == "constraints" || lower == "constraint" || lower == "提示";
            continue;
        }
        if raw.trim().is_empty() || raw.trim() == "```" {
            continue;
        }
        let heading = raw.trim_start().starts_with('#')
            || (raw.trim().starts_with("**") && (raw.trim().ends_with(":**") || raw.trim().ends_with("**:")))
            || lower.starts_with("follow")
            || lower.starts_with("note");
        if heading {
            break;
        }
        let item = raw.trim().trim_start_matches(['-', '*', '+']).trim_start();
        let item = item.split_once(". ").filter(|(n, _)| n.chars().all(|c| c.is_ascii_digit())).map_or(item, |x| x.1);
        let line = plain(item);
        if !line.is_empty() && !instruction(&line) {
            out.push(line);
        }
    }
    out
}

/// A line that tells the solver what to do, not what the input is (`Please do not use the
/// built-in LinkedList library`, `You must use only standard operations of a stack`, `Could you
/// do it in O(1) space?`): neither read nor doubted, as a follow-up is not. A line that says
/// what may be assumed of the input (`You may assume …`) is not one.
fn instruction(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let starts = |ws: &[&str]| ws.iter().any(|w| lower.starts_with(w));
    let uses = ["use", "solve", "implement", "write"].iter().any(|w| lower.contains(w));
    starts(&["please do not", "please don't", "please remember", "do not use", "don't use", "could you", "can you"])
        || (starts(&["you must", "you may not", "you cannot", "you can't", "you should not", "you are not allowed"])
            && uses
            && !lower.contains("assume"))
}

/// A line without markup: comparison signs as ASCII, TeX commands and braces gone (those of an
/// exponent made parentheses).
#[cfg_attr(oj_size, optimize(size))]
pub(super) fn plain(s: &str) -> String {
    let mut s = s.to_string();
    for (from, to) in [
        ("\\leq", "<="),
        ("\\le", "<="),
        ("\\geq", ">="),
        ("\\ge", ">="),
        ("\\neq", "!="),
        ("\\ne", "!="),
        ("\\times", "*"),
        ("\\cdot", "*"),
        ("&lt;", "<"),
        ("&gt;", ">"),
        ("&amp;", "&"),
        ("&nbsp;", " "),
        ("≤", "<="),
        ("≥", ">="),
        ("≠", "!="),
        ("×", "*"),
        ("⋅", "*"),
        ("·", "*"),
        ("−", "-"),
        ("–", "-"),
        ("\\_", "_"),
        ("\\*", "*"),
        ("\\[", "["),
        ("\\]", "]"),
        ("\\<", "<"),
        ("\\>", ">"),
    ] {
        if s.contains(from) {
            s = s.replace(from, to);
        }
    }
    let s = s.replace("**", "");
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut in_sup = false;
    // Braces open by `^`: a group (`2^{n - 1}`, 779), kept as parentheses; other braces go.
    let mut groups: Vec<bool> = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        if let Some(d) = "⁰¹²³⁴⁵⁶⁷⁸⁹".chars().position(|d| d == c) {
            if !in_sup {
                out.push('^');
            }
            out.push(char::from(b'0' + d as u8));
            in_sup = true;
            continue;
        }
        in_sup = false;
        match c {
            // A product (`2 * 10^4`, `m*n`) stays; an emphasis mark (`*word*`) goes.
            '*' => {
                let word = |c: Option<&char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || ")]".contains(*c));
                let (before, after) = (i.checked_sub(1).and_then(|j| chars.get(j)), chars.get(i + 1));
                let spaced = |c: Option<&char>| c.is_some_and(|c| *c == ' ');
                if (spaced(before) && spaced(after)) || (word(before) && word(after)) {
                    out.push('*');
                }
            }
            '{' => {
                groups.push(out.ends_with('^'));
                if out.ends_with('^') {
                    out.push('(');
                }
            }
            '}' => {
                if groups.pop() == Some(true) {
                    out.push(')');
                }
            }
            '`' | '$' | '\u{200b}' | '\u{feff}' => {}
            '\u{a0}' => out.push(' '),
            c => out.push(c),
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ").trim_end_matches('.').trim().to_string()
}

/// Words that say what the whole input is, which the generator does not build.
pub(super) const SHAPES: [&str; 4] = ["non-overlapping", "form a tree", "forms a tree", "disjoint"];

/// A sentence that says what the whole input is: 1617's `In other words, the cities form a tree`,
/// or a shape said of what is given, before what is asked (57's `You are given an array of
/// non-overlapping intervals`; not `find two non-overlapping sub-arrays`, not an image's name).
fn shape(lower: &str) -> bool {
    if lower.contains("form a tree") || lower.contains("forms a tree") {
        return true;
    }
    let Some((_, given)) = lower.split_once("given ") else { return false };
    let asked = ["return", "find", "select", "choose", "divide", "break", "you want", "you have to"];
    let given = asked.iter().fold(given, |g, w| g.split(w).next().unwrap_or(g));
    !lower.starts_with("![") && SHAPES.iter().any(|w| given.contains(w))
}

/// The sentences of the statement's prose, above the constraints and outside the examples, that
/// state a premise on the input (`It is guaranteed that …`, `You may assume …`, `The input is
/// generated such that …`): no constraint line says them, the generator keeps none of them, and a
/// counterexample may break one (`plan` lists them with the lines not read).
pub(super) fn prose_premises(md: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let (mut code, mut listed) = (false, false);
    for raw in md.lines() {
        let t = raw.trim();
        // The items listed after `… given … with the following properties:` (74's sorted rows).
        let item = ["- ", "* ", "• "].iter().find_map(|b| t.strip_prefix(b));
        match item {
            Some(s) if listed => {
                if may_restrict(s) && out.len() < 4 {
                    out.push(plain(s).chars().take(200).collect());
                }
                continue;
            }
            None if !t.is_empty() => listed = lists_properties(t),
            _ => {}
        }
        let bare = t.trim_matches(|c: char| c == '*' || c == '#' || c == ':' || c.is_whitespace());
        if bare.eq_ignore_ascii_case("constraints") || bare.eq_ignore_ascii_case("constraint") {
            break;
        }
        code ^= t.starts_with("```");
        let example =
            ["input", "output", "explanation", "example"].iter().any(|w| bare.to_ascii_lowercase().starts_with(w));
        if code || example {
            continue;
        }
        for s in plain(t).split(". ") {
            let lower = s.to_ascii_lowercase();
            let premise =
                ["guarantee", "generated such", "generated so", "may assume", "assume that", "will always be"]
                    .iter()
                    .any(|w| lower.contains(w));
            // 150's `The input represents a valid arithmetic expression in a reverse polish
            // notation`, in a note above the constraints.
            let whole = ["the input represents a valid", "the input is a valid", "the input is guaranteed"];
            let premise = premise || shape(&lower) || whole.iter().any(|w| lower.contains(w));
            if premise && may_restrict(s) && out.len() < 4 {
                let s = s.trim_start_matches(['-', '*', '•', '+']).trim_start();
                out.push(s.chars().take(200).collect());
            }
        }
    }
    out
}

/// Whether a prose line introduces a list of what the given input is (`You are given an m x n
/// integer matrix with the following two properties:`, `The following property holds for nums:`),
/// not of what is asked or defined (`a pair is nice if it satisfies the following conditions:`).
fn lists_properties(line: &str) -> bool {
    let lower = plain(line).to_ascii_lowercase();
    let Some(lead) = lower.trim_end().strip_suffix(':') else { return false };
    let last = lead.rsplit(". ").next().unwrap_or(lead);
    let given = last.contains("given") || last.contains(" has the following") || last.contains("holds");
    let defined = ["consider", "construct", "create", "call", "return", " if "].iter().any(|w| last.contains(w));
    last.contains("propert") && given && !defined
}

/// Whether a line the generator did not read may rule out a generated input. Not a bound on the
/// answer's size (`The answer is guaranteed to fit in a 32-bit integer`: the values drawn stay in
/// their ranges, and a wider answer shows as a difference worth seeing) nor on the number of calls.
pub(super) fn may_restrict(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let of_answer = ["answer", "result", "output"].iter().any(|w| lower.contains(w))
        && ["fit", "bit", "integer", "range", "at most", "less than", "exceed"].iter().any(|w| lower.contains(w));
    let calls = lower.starts_with("at most") && lower.contains("call");
    !(of_answer || calls)
}
