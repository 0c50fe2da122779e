//! `get_daily_challenge` (T1): the LeetCode daily problem of a day, `GET /api/v1/daily`.

use time::{Date, Month, OffsetDateTime};

use super::{Args, Ctx, Query, ToolOutput, ToolResult, fetch, language_arg, problem_output};
use crate::error::ToolError;
use crate::language::Language;
use crate::models::{Fetching, Problem, Source};

/// Which LeetCode site a daily challenge is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Domain {
    /// leetcode.com: days in UTC, statements in English.
    Com,
    /// leetcode.cn: days in UTC+8, statements in Chinese.
    Cn,
}

impl Domain {
    /// The names on the wire, in the order messages list them.
    pub(crate) const NAMES: [&'static str; 2] = ["com", "cn"];

    /// `com` or `cn`; anything else is `None`.
    pub(crate) fn parse(s: &str) -> Option<Domain> {
        match s {
            "com" => Some(Domain::Com),
            "cn" => Some(Domain::Cn),
            _ => None,
        }
    }

    /// The name on the wire.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Domain::Com => "com",
            Domain::Cn => "cn",
        }
    }

    /// The site's host.
    fn site(self) -> &'static str {
        match self {
            Domain::Com => "leetcode.com",
            Domain::Cn => "leetcode.cn",
        }
    }

    /// What the site shows: leetcode.cn the Chinese statement, leetcode.com the English one.
    fn language(self) -> Language {
        match self {
            Domain::Com => Language::En,
            Domain::Cn => Language::Zh,
        }
    }
}

/// The calendar day "today" for a domain at `now_unix`: UTC for `com`, the fixed UTC+8 day for
/// `cn` (how leetcode.cn and the backend count days). Never the machine's local zone.
pub(crate) fn today(domain: Domain, now_unix: i64) -> Date {
    let shift = match domain {
        Domain::Com => 0,
        Domain::Cn => 8 * 3600,
    };
    OffsetDateTime::from_unix_timestamp(now_unix.saturating_add(shift)).unwrap_or(OffsetDateTime::UNIX_EPOCH).date()
}

/// `YYYY-MM-DD` of a date.
pub(crate) fn ymd(d: Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), d.month() as u8, d.day())
}

/// Parses a strict `YYYY-MM-DD` that names a real calendar day.
fn parse_date(s: &str) -> Option<Date> {
    let b = s.as_bytes();
    let shape = b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    if !shape {
        return None;
    }
    let year: i32 = s[0..4].parse().ok()?;
    let month: u8 = s[5..7].parse().ok()?;
    let day: u8 = s[8..10].parse().ok()?;
    Date::from_calendar_date(year, Month::try_from(month).ok()?, day).ok()
}

#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn call(ctx: &Ctx, args: &Args) -> ToolResult {
    // `opt_enum` lets through only the names `Domain::parse` reads.
    let domain = args.opt_enum("domain", &Domain::NAMES)?.and_then(Domain::parse).unwrap_or(Domain::Com);
    let language = language_arg(args, domain.language())?;
    let asked = args.opt_str("date")?.is_some();
    let date = match args.opt_str("date")? {
        None => today(domain, ctx.now_unix),
        Some(s) => parse_date(s.trim()).ok_or_else(|| {
            ToolError::Args(format!(
                "Invalid arguments: `date` must be a real calendar day written YYYY-MM-DD (e.g. 2024-01-15), got {:?}",
                s.chars().take(40).collect::<String>()
            ))
        })?,
    };
    let date = ymd(date);
    let site = domain.site();
    let ok = fetch(ctx, &Query::path("/api/v1/daily").pair("domain", domain.as_str()).pair("date", &date).finish())
        .map_err(|e| match e {
            // The backend refuses days outside its range with a bare 400: name the range and the fix.
            ToolError::Http(400, msg) if asked && msg.contains("date") => ToolError::Http(
                400,
                format!(
                    "{msg}\nDaily challenges go from 2020-04-01 to today ({today} in {site}'s day). Give a `date` in \
that range, or none for today's challenge.",
                    today = ymd(today(domain, ctx.now_unix))
                ),
            ),
            other => other,
        })?;
    if ok.status == 202 {
        let f: Fetching = ok.json()?;
        return Ok(fetching(&f, site, &date, domain.as_str()));
    }
    let mut p: Problem = ok.json()?;
    // The daily body carries no `source`: every daily challenge is a LeetCode problem.
    if p.source.as_str().trim().is_empty() {
        p.source = Source::Leetcode;
    }
    let day = p.date.clone().filter(|d| !d.trim().is_empty()).unwrap_or(date);
    let extra = [format!("- Daily Challenge: {day} ({site})")];
    Ok(problem_output(
        &p,
        language,
        &extra,
        |problem| json!({ "status": "ready", "date": day, "domain": domain.as_str(), "retry_after": null, "problem": problem }),
    ))
}

/// The 202 answer, worded as what the backend reported (it says it is fetching): a backend whose
/// crawler cannot start answers 202 for ever, so that the problem is coming is not a fact we know.
fn fetching(f: &Fetching, site: &str, date: &str, domain: &str) -> ToolOutput {
    let status = f.status.as_deref().map(str::trim).filter(|s| !s.is_empty()).unwrap_or("fetching");
    let (retry, wait) = match f.retry_after {
        Some(s) => (s, format!("retry_after {s}")),
        None => (30, "no retry_after".to_string()),
    };
    let text = format!(
        "The backend answered HTTP 202 with status \"{status}\" and {wait}: it reports that the {site} daily \
challenge for {date} is being fetched. Call get_daily_challenge again with the same arguments in {retry} seconds. \
If it keeps answering this, its crawler may be unable to run: then tell the user that this daily problem is not \
available from this backend for now (its operator can check the crawler)."
    );
    let structured = json!({
        "status": "fetching", "date": date, "domain": domain, "retry_after": f.retry_after, "problem": null,
        "language": null
    });
    let mut out = ToolOutput::structured(text.clone(), structured);
    // The whole answer is advice: the same words for clients that read only the JSON.
    out.record_note(&text);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    // 2026-11-21T23:30:00Z and 2026-11-21T16:30:00Z.
    const LATE_UTC: i64 = 1_795_303_800;
    const AFTERNOON_UTC: i64 = 1_795_278_600;

    #[test]
    fn today_follows_the_domain_calendar_not_the_local_zone() {
        assert_eq!(ymd(today(Domain::Com, LATE_UTC)), "2026-11-21");
        assert_eq!(ymd(today(Domain::Cn, LATE_UTC)), "2026-11-22");
        // 16:30 UTC is 00:30 the next day in UTC+8.
        assert_eq!(ymd(today(Domain::Com, AFTERNOON_UTC)), "2026-11-21");
        assert_eq!(ymd(today(Domain::Cn, AFTERNOON_UTC)), "2026-11-22");
        assert_eq!(ymd(today(Domain::Cn, AFTERNOON_UTC - 3600)), "2026-11-21");
    }

    #[test]
    fn dates_must_be_real_and_strict() {
        assert_eq!(parse_date("2024-01-15").map(ymd).as_deref(), Some("2024-01-15"));
        assert_eq!(parse_date("2024-02-29").map(ymd).as_deref(), Some("2024-02-29"));
        for bad in [
            "2023-02-29",
            "2024-02-30",
            "2024-13-01",
            "2024-00-10",
            "20240115",
            "2024-1-15",
            "2024/01/15",
            "2024-01-15x",
            "2024-01-15&x=1",
            "+024-01-15",
            "",
            "２０２４-01-15",
        ] {
            assert!(parse_date(bad).is_none(), "{bad}");
        }
    }
}
