//! The log's clock: times as RFC 3339 in UTC with milliseconds (`2026-11-28T08:33:16.123Z`), and
//! the times a filter may name (a day, or RFC 3339 with any offset), as Unix milliseconds. The
//! `time` crate's calendar checks the dates; no parsing or formatting feature is needed.

use time::{Date, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcOffset};

/// Now, in Unix milliseconds.
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// `ms` as RFC 3339 in UTC with milliseconds.
pub(crate) fn rfc3339(ms: i64) -> String {
    let t = OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000).unwrap_or(OffsetDateTime::UNIX_EPOCH);
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        t.year(),
        u8::from(t.month()),
        t.day(),
        t.hour(),
        t.minute(),
        t.second(),
        t.millisecond()
    )
}

/// `ms` as the day and minute a table shows: `2026-11-28 08:33`.
pub(crate) fn short(ms: i64) -> String {
    let s = rfc3339(ms);
    format!("{} {}", &s[..10], &s[11..16])
}

fn num(s: &str) -> Option<u32> {
    (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok()).flatten()
}

fn date(s: &str) -> Option<Date> {
    let (y, rest) = s.split_once('-')?;
    let (m, d) = rest.split_once('-')?;
    (y.len() == 4 && m.len() == 2 && d.len() == 2).then_some(())?;
    let month = Month::try_from(num(m)? as u8).ok()?;
    Date::from_calendar_date(num(y)? as i32, month, num(d)? as u8).ok()
}

/// `HH:MM:SS[.fraction]`.
fn clock(s: &str) -> Option<Time> {
    let (hms, frac) = s.split_once('.').unwrap_or((s, ""));
    let mut parts = hms.split(':');
    let (h, m, sec) = (num(parts.next()?)?, num(parts.next()?)?, num(parts.next()?)?);
    let milli = if frac.is_empty() { 0 } else { num(&format!("{frac:0<3}")[..3])? };
    Time::from_hms_milli(h as u8, m as u8, sec as u8, milli as u16).ok()
}

/// `Z`, `+HH:MM` or `-HH:MM`.
fn offset(s: &str) -> Option<UtcOffset> {
    if s.eq_ignore_ascii_case("z") {
        return Some(UtcOffset::UTC);
    }
    let sign: i8 = match s.as_bytes().first()? {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let (h, m) = s[1..].split_once(':')?;
    UtcOffset::from_hms(sign * num(h)? as i8, sign * num(m)? as i8, 0).ok()
}

/// The form this log writes (`2026-11-28T08:33:16.123Z`), read by hand: every line's time is read
/// when the log is, and the calendar crate, built for size, costs more than the rest of the line.
fn ours(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    let at = |i: usize, c: u8| b.get(i) == Some(&c);
    if b.len() != 24 || !(at(4, b'-') && at(7, b'-') && at(10, b'T') && at(13, b':') && at(16, b':')) {
        return None;
    }
    if !(at(19, b'.') && at(23, b'Z')) {
        return None;
    }
    let n = |from: usize, to: usize| {
        b[from..to].iter().try_fold(0i64, |a, c| c.is_ascii_digit().then(|| a * 10 + i64::from(c - b'0')))
    };
    let (y, m, d) = (n(0, 4)?, n(5, 7)?, n(8, 10)?);
    let (hh, mm, ss, ms) = (n(11, 13)?, n(14, 16)?, n(17, 19)?, n(20, 23)?);
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let month_days = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    if !(1..=12).contains(&m) || d < 1 || d > month_days[(m - 1) as usize] || hh > 23 || mm > 59 || ss > 59 {
        return None;
    }
    // Days since 1970-01-01 from the civil date (H. Hinnant's `days_from_civil`).
    let y = if m <= 2 { y - 1 } else { y };
    let (era, yoe) = (y.div_euclid(400), y.rem_euclid(400));
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468;
    Some((((days * 24 + hh) * 60 + mm) * 60 + ss) * 1000 + ms)
}

/// An RFC 3339 time (`2026-11-28T08:33:16.123Z`, any offset, `T` or a space), or a day
/// (`2026-11-28`: its first millisecond in UTC), as Unix milliseconds.
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn parse(s: &str) -> Option<i64> {
    let s = s.trim();
    if let Some(ms) = ours(s) {
        return Some(ms);
    }
    let (day, rest) = match s.find(['T', 't', ' ']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let day = date(day)?;
    let t = match rest {
        None => PrimitiveDateTime::new(day, Time::MIDNIGHT).assume_utc(),
        Some(rest) => {
            let at = rest.find(['Z', 'z', '+', '-'])?;
            PrimitiveDateTime::new(day, clock(&rest[..at])?).assume_offset(offset(&rest[at..])?)
        }
    };
    Some((t.unix_timestamp_nanos() / 1_000_000) as i64)
}

/// Whether `s` is a bare day (`YYYY-MM-DD`), which `until` takes whole.
pub(crate) fn is_day(s: &str) -> bool {
    let s = s.trim();
    s.len() == 10 && date(s).is_some()
}

/// A day's milliseconds.
pub(crate) const DAY_MS: i64 = 86_400_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn our_form_read_by_hand_agrees_with_the_calendar() {
        for ms in [0, 951_782_400_000, 1_709_164_800_999, 1_795_303_800_123, 4_107_542_399_999] {
            let s = rfc3339(ms);
            assert_eq!(ours(&s), Some(ms), "{s}");
        }
        for bad in [
            "2026-02-29T00:00:00.000Z",
            "2026-11-31T00:00:00.000Z",
            "2026-11-21T24:00:00.000Z",
            "2026-1x-21T00:00:00.000Z",
        ] {
            assert_eq!(ours(bad), None, "{bad}");
            assert_eq!(parse(bad), None, "{bad}");
        }
        assert_eq!(ours("2024-02-29T00:00:00.000Z"), parse("2024-02-29T00:00:00Z"));
    }

    #[test]
    fn round_trips_and_offsets() {
        let ms = 1_795_303_800_123;
        assert_eq!(rfc3339(ms), "2026-11-21T23:30:00.123Z");
        assert_eq!(parse(&rfc3339(ms)), Some(ms));
        assert_eq!(parse("2026-11-22T07:30:00.123+08:00"), Some(ms));
        assert_eq!(parse("2026-11-21 23:30:00z"), Some(ms - 123));
        assert_eq!(parse("2026-11-21"), Some(ms - 84_600_123));
        assert_eq!(short(ms), "2026-11-21 23:30");
        assert!(is_day("2026-11-21") && !is_day("2026-11-21T00:00:00Z"));
        for bad in ["", "2026-13-01", "2026-02-30", "26-11-21", "2026-11-21T25:00:00Z", "2026-11-21T10:00:00", "x"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
