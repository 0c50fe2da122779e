//! A decimal number read from text without the standard library's float parser, for the judge's
//! comparison of outputs and the statement's limits and tolerances.

/// A finite decimal number (no `inf`/`nan`: those are words to a checker): `-12`, `3.50`,
/// `.5`, `1e-9`. Parsed here rather than by `str::parse::<f64>`, whose exact algorithm and tables
/// cost the binary ~20 KB; the result is within 1e-14 relative of the exact one, far inside any
/// tolerance a checker uses (equal texts never get here).
pub fn number(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let negative = b.first() == Some(&b'-');
    let (mut mantissa, mut exp, mut digits) = (0u64, 0i32, 0usize);
    let mut seen_point = false;
    while let Some(&c) = b.get(i) {
        match c {
            b'0'..=b'9' => {
                digits += 1;
                if mantissa < 1_000_000_000_000_000_000 {
                    mantissa = mantissa * 10 + u64::from(c - b'0');
                    exp -= i32::from(seen_point);
                } else {
                    // Digits past 19 only scale the value.
                    exp += i32::from(!seen_point);
                }
            }
            b'.' if !seen_point => seen_point = true,
            _ => break,
        }
        i += 1;
    }
    if digits == 0 {
        return None;
    }
    if let Some(b'e' | b'E') = b.get(i) {
        let rest = s.get(i + 1..)?;
        let e: i32 = rest.strip_prefix('+').unwrap_or(rest).parse().ok().filter(|e: &i32| e.abs() < 400)?;
        exp += e;
        i = b.len();
    }
    if i != b.len() {
        return None;
    }
    // Split the power so that 10^exp itself never overflows where the product would not.
    let x = mantissa as f64 * 10f64.powi(exp / 2) * 10f64.powi(exp - exp / 2);
    let x = if negative { -x } else { x };
    x.is_finite().then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_not_numbers() {
        for (text, want) in [("-12", -12.0), ("3.50", 3.5), (".5", 0.5), ("1e-9", 1e-9), ("+2E3", 2000.0), ("0.1", 0.1)]
        {
            let got = number(text).unwrap();
            assert!((got - want).abs() <= want.abs() * 1e-15, "{text}: {got}");
        }
        for bad in ["", "-", ".", "1e", "1x", "0x10", "1e999", "inf", "nan", "1.2.3"] {
            assert_eq!(number(bad), None, "{bad}");
        }
        assert!((number("123456789012345678901234").unwrap() / 1.2345678901234568e23 - 1.0).abs() < 1e-15);
    }

    /// The small parser against std's exact one, on 100,000 generated numbers.
    #[test]
    fn numbers_agree_with_std() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        for _ in 0..100_000 {
            let width = next(19) as u32 + 1;
            let int = next(10u64.pow(width));
            let frac = next(1_000_000);
            let text = match next(4) {
                0 => format!("{int}"),
                1 => format!("-{int}.{frac:06}"),
                2 => format!("{int}.{frac}e-{}", next(30)),
                _ => format!("0.{frac:06}E{}", next(30)),
            };
            let want: f64 = text.parse().unwrap();
            let got = number(&text).unwrap();
            assert!((got - want).abs() <= want.abs() * 1e-14, "{text}: {got} vs {want}");
        }
    }
}
