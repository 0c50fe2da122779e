//! What a statement says about judging: its time and memory limits, whether answers within an
//! error are accepted (and which error), whether any of several answers is, and (LeetCode)
//! whether the order of the answer is free. Pure and linear: tags are stripped simply and the
//! phrases looked up in the flattened text; no second HTML parser, no regular expressions.

/// The judging facts of one statement.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Facts {
    /// `time limit per test` and its kin, in milliseconds.
    pub(crate) time_ms: Option<u64>,
    /// `memory limit per test` and its kin, in MiB (megabytes as judges mean them).
    pub(crate) memory_mb: Option<u64>,
    /// The accepted absolute/relative error, with the words that said so.
    pub(crate) float_tolerance: Option<(f64, String)>,
    /// The words that say any of several answers is accepted.
    pub(crate) any_answer: Option<String>,
    /// The statement lets the answer be returned in any order (LeetCode).
    pub(crate) any_order: bool,
}

/// Reads the facts of a raw statement (HTML or Markdown).
pub(crate) fn read(raw: &str) -> Facts {
    let text = flatten(raw);
    Facts {
        time_ms: limit(&text, TIME_WORDS, time_unit),
        memory_mb: limit(&text, MEMORY_WORDS, memory_unit),
        float_tolerance: tolerance(&text),
        any_answer: find_any(&text, ANY_ANSWER).map(str::to_string),
        any_order: find_any(&text, ANY_ORDER).is_some(),
    }
}

/// Only the limits: what the problem object shows.
pub(crate) fn limits(raw: &str) -> (Option<u64>, Option<u64>) {
    let text = flatten(raw);
    (limit(&text, TIME_WORDS, time_unit), limit(&text, MEMORY_WORDS, memory_unit))
}

/// The statement as lower-case text: tags dropped (`<sup>` becomes `^`), the few entities that
/// matter decoded, TeX's braces, dollars and backslashes dropped, white space collapsed.
fn flatten(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    // Once no `>` is left, a `<` is text: never search again (that would be quadratic).
    let mut tags_left = true;
    while let Some(c) = rest.chars().next() {
        if c == '<' && tags_left {
            match rest.find('>') {
                Some(end) => {
                    let sup = rest[1..end].get(..3).is_some_and(|t| t.eq_ignore_ascii_case("sup"));
                    out.push(if sup { '^' } else { ' ' });
                    rest = &rest[end + 1..];
                    continue;
                }
                None => tags_left = false,
            }
        }
        if c == '&'
            && let Some((decoded, len)) = entity(rest)
        {
            out.push(decoded);
            rest = &rest[len..];
            continue;
        }
        rest = &rest[c.len_utf8()..];
        match c {
            '$' | '{' | '}' | '\\' | '*' | '`' => {}
            '−' | '–' => out.push('-'),
            c if c.is_whitespace() => {
                if !out.ends_with(' ') {
                    out.push(' ');
                }
            }
            c => out.extend(c.to_lowercase()),
        }
    }
    out
}

fn entity(s: &str) -> Option<(char, usize)> {
    const ENTITIES: &[(&str, char)] =
        [("&lt;", '<'), ("&gt;", '>'), ("&amp;", '&'), ("&nbsp;", ' '), ("&minus;", '-'), ("&times;", '×')].as_slice();
    ENTITIES.iter().find(|(name, _)| s.starts_with(name)).map(|(name, c)| (*c, name.len()))
}

const TIME_WORDS: &[&str] = &["time limit per test", "time limit", "実行時間制限", "时间限制", "時間制限"];
const MEMORY_WORDS: &[&str] = &["memory limit per test", "memory limit", "メモリ制限", "内存限制", "空间限制"];

/// The first `words` followed, after only separators, by a number and a unit `unit` accepts.
fn limit(text: &str, words: &[&str], unit: fn(&str) -> Option<f64>) -> Option<u64> {
    for w in words {
        let mut from = 0;
        while let Some(at) = text[from..].find(w) {
            let after = from + at + w.len();
            from = after;
            if let Some(v) = number_then_unit(&text[after..], unit) {
                return Some(v);
            }
        }
    }
    None
}

/// `: 2 seconds`, `1.5 s`, `：1024 mb`, `| 256 megabytes`: separators, a number, a unit.
fn number_then_unit(s: &str, unit: fn(&str) -> Option<f64>) -> Option<u64> {
    let s = s.trim_start_matches(|c: char| c.is_whitespace() || ":：|-=(（".contains(c));
    let end = s.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(s.len());
    let n = super::compare::number(&s[..end])?;
    let scale = unit(s[end..].trim_start())?;
    let v = (n * scale).round();
    (v > 0.0 && v < 1e9).then_some(v as u64)
}

/// Milliseconds per unit of a time limit.
fn time_unit(s: &str) -> Option<f64> {
    if s.starts_with("ms") || s.starts_with("millisecond") || s.starts_with("毫秒") {
        Some(1.0)
    } else if s.starts_with('s') || s.starts_with("秒") {
        Some(1000.0)
    } else {
        None
    }
}

/// MiB per unit of a memory limit.
fn memory_unit(s: &str) -> Option<f64> {
    let w = |p: &str| s.starts_with(p);
    if w("kb") || w("kib") || w("kilobyte") {
        Some(1.0 / 1024.0)
    } else if w("gb") || w("gib") || w("gigabyte") {
        Some(1024.0)
    } else if w("mb") || w("mib") || w("megabyte") || w("m ") || s == "m" {
        Some(1.0)
    } else {
        None
    }
}

/// Phrases that say an error is tolerated.
const ERROR_WORDS: &[&str] = &[
    "absolute or relative error",
    "relative or absolute error",
    "absolute error",
    "relative error",
    "相対誤差",
    "絶対誤差",
    "绝对误差",
    "相对误差",
    "误差",
    "погрешность",
];

/// The tolerance near an error phrase: `10^-6`, `10^(-6)`, `1e-9`, within 200 bytes.
fn tolerance(text: &str) -> Option<(f64, String)> {
    for w in ERROR_WORDS {
        let Some(at) = text.find(w) else { continue };
        let start = text.floor_char_boundary(at.saturating_sub(120));
        let end = text.ceil_char_boundary((at + w.len() + 200).min(text.len()));
        if let Some(tol) = power_of_ten(&text[start..end]) {
            return Some((tol, (*w).to_string()));
        }
    }
    None
}

/// The first `10^-k` or `1e-k` (k from 1 to 15) of `s`.
fn power_of_ten(s: &str) -> Option<f64> {
    for (i, _) in s.match_indices("10^").chain(s.match_indices("1e")) {
        let rest = &s[i..];
        let rest = rest.strip_prefix("10^").or_else(|| rest.strip_prefix("1e"))?;
        let rest = rest.trim_start_matches(['(', ' ']);
        let Some(digits) = rest.strip_prefix('-') else { continue };
        let end = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
        if let Ok(k) = digits[..end].parse::<i32>()
            && (1..=15).contains(&k)
        {
            return Some(10f64.powi(-k));
        }
    }
    None
}

/// Phrases that say any of several answers is accepted.
const ANY_ANSWER: &[&str] = &[
    "any of them will be accepted",
    "any of them is accepted",
    "any of them are accepted",
    "you may print any",
    "you can print any",
    "you may output any",
    "you can output any",
    "print any of them",
    "output any of them",
    "print any one",
    "output any one",
    "print any valid",
    "output any valid",
    "any valid answer",
    "any correct answer",
    "return any of them",
    "return any one of them",
    "return any valid",
    "any possible answer",
    "print any such",
    "output any such",
    "输出任意一",
    "输出任意一个",
    "输出任一",
    "任意一组",
    "任意输出一",
    "いずれを出力しても",
    "どれを出力しても",
    "выведите любой",
    "выведите любое",
    "любой из них",
];

/// Phrases that say the answer's order is free.
const ANY_ORDER: &[&str] = &["in any order", "任意顺序", "任意の順序", "順番は問いません"];

fn find_any<'a>(text: &str, phrases: &[&'a str]) -> Option<&'a str> {
    phrases.iter().find(|p| text.contains(*p)).copied()
}

#[cfg(test)]
mod tests;
