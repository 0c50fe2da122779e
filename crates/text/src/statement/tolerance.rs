//! The error a statement accepts in a real-valued answer: which error (absolute, relative, or
//! either) and how much, read from the sentence that says so (`prose::plain`'s text).

use super::prose;

/// Which error a tolerance bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// `|got - expected| <= tol`.
    Absolute,
    /// `|got - expected| <= tol * |expected|`.
    Relative,
    /// Either of the two (`absolute or relative error`, the usual checker).
    Either,
}

impl ErrorKind {
    /// The wire name.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Absolute => "absolute",
            ErrorKind::Relative => "relative",
            ErrorKind::Either => "absolute or relative",
        }
    }
}

/// An accepted error: its size, its kind, and the sentence that stated it.
#[derive(Debug, Clone, PartialEq)]
pub struct Tolerance {
    pub value: f64,
    pub kind: ErrorKind,
    pub words: String,
}

/// Words that name an error or a difference from the true answer.
const ERROR_WORDS: &[&str] =
    &["error", "absolute difference", "relative difference", "precision", "误差", "誤差", "погрешност"];

/// The tolerance of the first sentence that names an error and a small number.
pub fn read(text: &str) -> Option<Tolerance> {
    prose::sentences(text).find_map(|s| {
        if !ERROR_WORDS.iter().any(|w| s.contains(w)) {
            return None;
        }
        let value = small_number(s)?;
        let abs = ["absolute", "绝对", "絶対", "абсолютн"].iter().any(|w| s.contains(w));
        let rel = ["relative", "相对", "相対", "относительн"].iter().any(|w| s.contains(w));
        let kind = match (abs, rel) {
            (true, false) => ErrorKind::Absolute,
            (false, true) => ErrorKind::Relative,
            _ => ErrorKind::Either,
        };
        Some(Tolerance { value, kind, words: super::quote(s) })
    })
}

/// The first tolerance-sized number of `s`: `10^-k`, `10^(-k)`, `c times 10^-k`, `1e-k`
/// (k from 1 to 15), or a decimal below 1 (`0.000001`).
fn small_number(s: &str) -> Option<f64> {
    for (i, _) in s.match_indices("10^") {
        let rest = s[i + 3..].trim_start_matches('(');
        let Some(digits) = rest.strip_prefix('-') else { continue };
        if let Some(k) = exponent(digits) {
            return Some(coefficient(&s[..i]) * 10f64.powi(-k));
        }
    }
    for (i, _) in s.match_indices("e-") {
        let mantissa_start = s[..i].rfind(|c: char| !(c.is_ascii_digit() || c == '.')).map_or(0, |p| p + 1);
        let mantissa = crate::decimal::number(&s[mantissa_start..i]);
        if let (Some(m), Some(k)) = (mantissa, exponent(&s[i + 2..])) {
            return Some(m * 10f64.powi(-k));
        }
    }
    s.split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter(|w| w.starts_with("0.") && w.len() > 2)
        .filter_map(|w| crate::decimal::number(w.trim_end_matches('.')))
        .find(|v| *v > 0.0 && *v < 0.5)
}

/// The exponent's digits at the start of `s`, 1 to 15.
fn exponent(s: &str) -> Option<i32> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    s[..end].parse::<i32>().ok().filter(|k| (1..=15).contains(k))
}

/// The factor written before `10^…` (`5 times 10^-3`, `2 × 10^-6`, `1.5·10^-4`), else 1.
fn coefficient(before: &str) -> f64 {
    let b = before.trim_end();
    let Some(b) = ["times", "×", "*", "cdot", "·"].iter().find_map(|m| b.strip_suffix(m)) else { return 1.0 };
    let b = b.trim_end();
    let start = b.rfind(|c: char| !(c.is_ascii_digit() || c == '.')).map_or(0, |p| p + 1);
    crate::decimal::number(&b[start..]).filter(|c| *c > 0.0).unwrap_or(1.0)
}

#[cfg(test)]
mod tests {
    use super::super::prose::plain;
    use super::*;

    fn tol(s: &str) -> Option<(f64, ErrorKind)> {
        read(&plain(s)).map(|t| (t.value, t.kind))
    }

    #[test]
    fn every_form_of_the_number() {
        let either = ErrorKind::Either;
        assert_eq!(tol("absolute or relative error at most <var>10^{-9}</var>"), Some((1e-9, either)));
        assert_eq!(tol("if its absolute or relative error does not exceed 10<sup>-6</sup>."), Some((1e-6, either)));
        assert_eq!(tol("the error is at most $10 ^ {-5}$."), Some((1e-5, either)));
        assert_eq!(tol("with an absolute error of 1e-4 or less"), Some((1e-4, ErrorKind::Absolute)));
        assert_eq!(tol("Relative error within 10^(-7) is accepted."), Some((1e-7, ErrorKind::Relative)));
        assert_eq!(
            tol("the absolute difference from the true value is at most 10^{-6}"),
            Some((1e-6, ErrorKind::Absolute))
        );
        assert_eq!(
            tol("the output is considered correct when the relative difference is not greater than 10^{-6}."),
            Some((1e-6, ErrorKind::Relative))
        );
        assert_eq!(tol("if the absolute error is at most $5 \\times 10^{-3}$"), Some((5e-3, ErrorKind::Absolute)));
        assert_eq!(tol("absolute error not exceeding 0.001 is allowed"), Some((1e-3, ErrorKind::Absolute)));
        assert_eq!(tol("答案与标准答案的绝对误差不超过 $10^{-3}$"), Some((1e-3, ErrorKind::Absolute)));
        assert_eq!(tol("絶対誤差または相対誤差が $10^{-6}$ 以下ならば，正解と判定される．"), Some((1e-6, either)));
        assert_eq!(
            tol("Ответ считается верным, если его абсолютная или относительная погрешность не превосходит 10^{-6}."),
            Some((1e-6, either))
        );
        assert_eq!(tol("within 10⁻⁶ absolute error"), Some((1e-6, ErrorKind::Absolute)));
    }

    #[test]
    fn numbers_that_are_not_a_tolerance() {
        assert_eq!(tol("print 10^9 + 7"), None);
        assert_eq!(tol("the absolute score"), None);
        assert_eq!(tol("a runtime error. Print 10^{-6}."), None);
    }
}
