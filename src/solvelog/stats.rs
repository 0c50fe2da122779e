//! The statistics, as pure functions of the entries: which entries a filter keeps, each problem's
//! story (first read, runs until every sample passed, what the judge said), and the summary the
//! tool, the resource and the prompt show. No I/O, no clock: the unit tests script a history.

use std::collections::HashMap;

use super::read::{Entry, Kind};

/// What `solve_stats` narrows the log to. Names compare without case.
#[derive(Debug, Default, Clone)]
pub(crate) struct Filter {
    /// The model's lines, and the unnamed lines of the problems it recorded a solve of.
    pub(crate) model: Option<String>,
    pub(crate) source: Option<String>,
    /// From this Unix millisecond on.
    pub(crate) since: Option<i64>,
    /// Before this Unix millisecond.
    pub(crate) until: Option<i64>,
}

impl Filter {
    /// The entries this filter keeps, in time order (file order among equal times: servers
    /// writing at once may append a little out of order).
    pub(crate) fn apply<'a>(&self, entries: &'a [Entry]) -> Vec<&'a Entry> {
        let same = |a: &str, b: &Option<String>| b.as_ref().is_none_or(|b| a.eq_ignore_ascii_case(b));
        let solved_by: Vec<(&str, &str)> = match &self.model {
            None => Vec::new(),
            Some(m) => entries
                .iter()
                .filter(|e| e.kind() == Kind::Solve && e.model.as_deref().is_some_and(|x| x.eq_ignore_ascii_case(m)))
                .map(|e| (e.source.as_str(), e.id.as_str()))
                .collect(),
        };
        let by_model = |e: &Entry| match (&self.model, &e.model) {
            (None, _) => true,
            (Some(m), Some(x)) => x.eq_ignore_ascii_case(m),
            (Some(_), None) => solved_by.contains(&(e.source.as_str(), e.id.as_str())),
        };
        let mut kept: Vec<&Entry> = entries
            .iter()
            .filter(|e| same(&e.source, &self.source))
            .filter(|e| self.since.is_none_or(|s| e.ms >= s) && self.until.is_none_or(|u| e.ms < u))
            .filter(|e| by_model(e))
            .collect();
        kept.sort_by_key(|e| e.ms);
        kept
    }
}

/// A platform's name as its site writes it.
pub(crate) fn platform(source: &str) -> String {
    match source {
        "leetcode" => "LeetCode".into(),
        "codeforces" => "Codeforces".into(),
        "atcoder" => "AtCoder".into(),
        "luogu" => "Luogu".into(),
        "spoj" => "SPOJ".into(),
        other => other.to_string(),
    }
}

/// One problem's story, from its entries in time order.
#[derive(Debug, Default)]
pub(crate) struct Problem<'a> {
    pub(crate) source: &'a str,
    pub(crate) id: &'a str,
    pub(crate) title: Option<&'a str>,
    /// Its difficulty class (see [`class`]).
    pub(crate) class: String,
    pub(crate) first_fetch: Option<i64>,
    /// The first run where every sample passed.
    pub(crate) first_ac: Option<i64>,
    /// Local runs, and those up to and including the first all-AC one.
    pub(crate) runs: u64,
    pub(crate) runs_to_ac: Option<u64>,
    pub(crate) last_ms: i64,
    /// The last verdict of a local run.
    pub(crate) last_verdict: Option<&'a str>,
    /// The solves recorded: outcome, time, model.
    pub(crate) solves: Vec<(&'a str, Option<u64>, Option<&'a str>)>,
    /// What its class is named from: difficulty, rating, contest letter (the last line's).
    graded: Option<(Option<&'a str>, Option<f64>, Option<&'a str>)>,
}

impl Problem<'_> {
    /// From the first read to the first all-AC run, when both are known and in that order.
    pub(crate) fn time_to_ac(&self) -> Option<u64> {
        let (f, a) = (self.first_fetch?, self.first_ac?);
        (a >= f).then(|| (a - f) as u64)
    }

    /// Whether the real judge (or the user) accepted it.
    pub(crate) fn accepted(&self) -> bool {
        self.solves.iter().any(|s| s.0 == "accepted")
    }

    /// What happened last, in a word or two.
    pub(crate) fn status(&self) -> String {
        match (self.solves.last(), self.first_ac, self.last_verdict) {
            (Some(s), _, _) => s.0.replace('_', " "),
            (None, Some(_), _) => "samples pass".into(),
            (None, None, Some(v)) => format!("tried ({v})"),
            _ => "read".into(),
        }
    }
}

/// A problem's difficulty class, the group an average is taken over: `LeetCode Medium`,
/// `Codeforces 1200` (the rating's hundred), `AtCoder C` (the contest letter), else the platform.
pub(crate) fn class(source: &str, difficulty: Option<&str>, rating: Option<f64>, index: Option<&str>) -> String {
    let name = platform(source);
    let letter = |i: &str| i.chars().take_while(char::is_ascii_alphabetic).collect::<String>().to_ascii_uppercase();
    if let Some(d) = difficulty.map(str::trim).filter(|d| !d.is_empty()) {
        format!("{name} {d}")
    } else if let Some(r) = rating.filter(|r| *r > 0.0) {
        format!("{name} {}", (r as i64) / 100 * 100)
    } else if let Some(l) = index.map(letter).filter(|l| !l.is_empty()) {
        format!("{name} {l}")
    } else {
        name
    }
}

/// A problem's contest letter: the backend's index, else the one AtCoder's ids name
/// (`abc321_c`).
pub(crate) fn index_of<'a>(source: &str, id: &'a str, index: Option<&'a str>) -> Option<&'a str> {
    index.or_else(|| (source == "atcoder").then(|| id.rsplit_once('_').map(|(_, l)| l)).flatten())
}

/// Each problem's story, in order of first appearance. `entries` in time order.
pub(crate) fn problems<'a>(entries: &[&'a Entry]) -> Vec<Problem<'a>> {
    let mut out: Vec<Problem<'a>> = Vec::new();
    let mut at: HashMap<(&str, &str), usize> = HashMap::new();
    for e in entries {
        let i = *at.entry((e.source.as_str(), e.id.as_str())).or_insert_with(|| {
            out.push(Problem { source: &e.source, id: &e.id, ..Problem::default() });
            out.len() - 1
        });
        let p = &mut out[i];
        p.last_ms = e.ms;
        if let Some(t) = e.title.as_deref() {
            p.title = Some(t);
        }
        // The class is named once at the end, from the last line that gave one.
        let index = index_of(&e.source, &e.id, e.index.as_deref());
        if e.difficulty.is_some() || e.rating.is_some() || index.is_some() {
            p.graded = Some((e.difficulty.as_deref(), e.rating, index));
        }
        match e.kind() {
            Kind::Fetch => {
                p.first_fetch.get_or_insert(e.ms);
            }
            Kind::Test => {
                p.runs += 1;
                p.last_verdict = e.verdict.as_deref();
                if p.first_ac.is_none() && e.verdict.as_deref() == Some("AC") {
                    p.first_ac = Some(e.ms);
                    p.runs_to_ac = Some(p.runs);
                }
            }
            Kind::Solve => {
                p.solves.push((e.outcome.as_deref().unwrap_or("accepted"), e.time_ms, e.model.as_deref()));
            }
        }
    }
    for p in &mut out {
        p.class = match p.graded {
            Some((difficulty, rating, index)) => class(p.source, difficulty, rating, index),
            None => platform(p.source),
        };
    }
    out
}

/// Problems attempted, passing every sample locally, accepted: for a platform, a class.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Group {
    pub(crate) name: String,
    pub(crate) attempted: usize,
    pub(crate) passed: usize,
    pub(crate) accepted: usize,
}

/// A model's recorded solves.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct ModelRow {
    pub(crate) model: String,
    pub(crate) solves: usize,
    pub(crate) accepted: usize,
    pub(crate) rejected: usize,
    pub(crate) gave_up: usize,
    /// The average time of its accepted solves that have one.
    pub(crate) average_ms: Option<u64>,
}

/// The average and median of some durations.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Times {
    pub(crate) count: usize,
    pub(crate) average_ms: Option<u64>,
    pub(crate) median_ms: Option<u64>,
}

impl Times {
    pub(crate) fn of(mut ms: Vec<u64>) -> Times {
        if ms.is_empty() {
            return Times::default();
        }
        ms.sort_unstable();
        let n = ms.len();
        let median = if n % 2 == 1 { ms[n / 2] } else { (ms[n / 2 - 1] + ms[n / 2]) / 2 };
        Times { count: n, average_ms: Some(ms.iter().sum::<u64>() / n as u64), median_ms: Some(median) }
    }
}

/// Everything the summary shows.
#[derive(Debug, Default)]
pub(crate) struct Summary<'a> {
    pub(crate) events: usize,
    pub(crate) attempted: usize,
    pub(crate) passed: usize,
    pub(crate) accepted: usize,
    pub(crate) platforms: Vec<Group>,
    pub(crate) classes: Vec<Group>,
    pub(crate) models: Vec<ModelRow>,
    /// From the first read of a problem to its first all-AC run.
    pub(crate) to_ac: Times,
    /// Local runs' verdicts other than AC, most often met first.
    pub(crate) verdicts: Vec<(String, usize)>,
    /// The ten problems touched last, latest first.
    pub(crate) recent: Vec<Problem<'a>>,
}

/// Adds a problem to its group in `groups` (by name, in order of first appearance).
fn tally(groups: &mut Vec<Group>, name: &str, p: &Problem) {
    let i = match groups.iter().position(|g| g.name == name) {
        Some(i) => i,
        None => {
            groups.push(Group { name: name.to_string(), ..Group::default() });
            groups.len() - 1
        }
    };
    let g = &mut groups[i];
    g.attempted += 1;
    g.passed += usize::from(p.first_ac.is_some());
    g.accepted += usize::from(p.accepted());
}

/// The models' rows, most solves first.
fn models(problems: &[Problem]) -> Vec<ModelRow> {
    let mut rows: Vec<ModelRow> = Vec::new();
    let mut times: Vec<Vec<u64>> = Vec::new();
    for (outcome, ms, model) in problems.iter().flat_map(|p| &p.solves) {
        let model = model.unwrap_or("(unnamed)");
        let i = rows.iter().position(|r| r.model == model).unwrap_or_else(|| {
            rows.push(ModelRow { model: model.to_string(), ..ModelRow::default() });
            times.push(Vec::new());
            rows.len() - 1
        });
        let r = &mut rows[i];
        r.solves += 1;
        match *outcome {
            "accepted" => {
                r.accepted += 1;
                times[i].extend(*ms);
            }
            "rejected" => r.rejected += 1,
            _ => r.gave_up += 1,
        }
    }
    for (r, t) in rows.iter_mut().zip(times) {
        r.average_ms = Times::of(t).average_ms;
    }
    rows.sort_by_key(|r| std::cmp::Reverse(r.solves));
    rows
}

/// The summary of the entries a filter kept (in time order).
pub(crate) fn summary<'a>(entries: &[&'a Entry]) -> Summary<'a> {
    let mut problems = problems(entries);
    let mut s = Summary { events: entries.len(), attempted: problems.len(), ..Summary::default() };
    for p in &problems {
        s.passed += usize::from(p.first_ac.is_some());
        s.accepted += usize::from(p.accepted());
        tally(&mut s.platforms, p.source, p);
        tally(&mut s.classes, &p.class, p);
    }
    s.classes.sort_by(|a, b| a.name.cmp(&b.name));
    s.models = models(&problems);
    s.to_ac = Times::of(problems.iter().filter_map(Problem::time_to_ac).collect());
    let mut verdicts: Vec<(String, usize)> = Vec::new();
    for v in entries.iter().filter(|e| e.kind() == Kind::Test).filter_map(|e| e.verdict.as_deref()) {
        match verdicts.iter_mut().find(|(name, _)| name == v) {
            Some((_, n)) => *n += 1,
            None if v != "AC" => verdicts.push((v.to_string(), 1)),
            None => {}
        }
    }
    verdicts.sort_by_key(|v| std::cmp::Reverse(v.1));
    s.verdicts = verdicts;
    problems.sort_by_key(|p| std::cmp::Reverse(p.last_ms));
    problems.truncate(10);
    s.recent = problems;
    s
}

/// The average time of the accepted solves of a class (in the whole history), and their number.
pub(crate) fn class_average(problems: &[Problem], class: &str) -> Times {
    let ms = problems
        .iter()
        .filter(|p| p.class == class)
        .flat_map(|p| &p.solves)
        .filter(|s| s.0 == "accepted")
        .filter_map(|s| s.1)
        .collect();
    Times::of(ms)
}

#[cfg(test)]
mod tests {
    use super::super::read;
    use super::*;

    /// A scripted history: minutes after 2026-11-21 00:00 UTC, one line each.
    fn history(lines: &[(i64, &str, &str, &str, &str)]) -> Vec<Entry> {
        let text: String = lines
            .iter()
            .map(|(min, event, source, id, extra)| {
                let time = super::super::when::rfc3339(1_795_219_200_000 + min * 60_000);
                let extra = if extra.is_empty() { String::new() } else { format!(",{extra}") };
                format!(
                    "{{\"time\":\"{time}\",\"event\":\"{event}\",\"source\":\"{source}\",\"id\":\"{id}\"{extra}}}\n"
                )
            })
            .collect();
        let h = read::text(text.as_bytes());
        assert_eq!(h.skipped, 0);
        h.entries
    }

    fn script() -> Vec<Entry> {
        history(&[
            (0, "get_problem", "atcoder", "abc321_c", r#""title":"321-like Searcher","index":"C""#),
            (2, "test_solution", "atcoder", "abc321_c", r#""verdict":"WA""#),
            (3, "test_solution", "atcoder", "abc321_c", r#""verdict":"TLE""#),
            (4, "test_solution", "atcoder", "abc321_c", r#""verdict":"AC""#),
            (5, "record_solve", "atcoder", "abc321_c", r#""model":"claude","outcome":"accepted","time_ms":300000"#),
            (10, "get_problem", "leetcode", "1", r#""title":"Two Sum","difficulty":"Easy""#),
            (11, "test_solution", "leetcode", "1", r#""verdict":"WA""#),
            (13, "test_solution", "leetcode", "1", r#""verdict":"AC""#),
            (14, "record_solve", "leetcode", "1", r#""model":"gpt","outcome":"rejected""#),
            (20, "get_daily_challenge", "leetcode", "2", r#""difficulty":"Medium""#),
            (30, "get_problem", "atcoder", "abc300_c", ""),
            (40, "test_solution", "atcoder", "abc300_c", r#""verdict":"AC""#),
            (41, "record_solve", "atcoder", "abc300_c", r#""model":"Claude","outcome":"accepted","time_ms":600000"#),
            (60 * 24 * 3, "get_problem", "codeforces", "1920A", r#""rating":1234"#),
        ])
    }

    #[test]
    fn the_summary_of_a_scripted_history() {
        let entries = script();
        let s = summary(&Filter::default().apply(&entries));
        assert_eq!((s.events, s.attempted, s.passed, s.accepted), (14, 5, 3, 2));
        let platforms: Vec<(&str, usize, usize, usize)> =
            s.platforms.iter().map(|g| (g.name.as_str(), g.attempted, g.passed, g.accepted)).collect();
        assert_eq!(platforms, [("atcoder", 2, 2, 2), ("leetcode", 2, 1, 0), ("codeforces", 1, 0, 0)]);
        let classes: Vec<&str> = s.classes.iter().map(|g| g.name.as_str()).collect();
        assert_eq!(classes, ["AtCoder C", "Codeforces 1200", "LeetCode Easy", "LeetCode Medium"]);
        assert_eq!(s.classes[0].attempted, 2);
        // First read to first all-AC: 4, 3 and 10 minutes.
        assert_eq!(s.to_ac, Times { count: 3, average_ms: Some(340_000), median_ms: Some(240_000) });
        assert_eq!(s.verdicts, [("WA".to_string(), 2), ("TLE".to_string(), 1)]);
        // Model names compare as written here ("claude" and "Claude" are two rows).
        let models: Vec<(&str, usize, usize, Option<u64>)> =
            s.models.iter().map(|m| (m.model.as_str(), m.solves, m.rejected, m.average_ms)).collect();
        assert_eq!(models, [("claude", 1, 0, Some(300_000)), ("gpt", 1, 1, None), ("Claude", 1, 0, Some(600_000))]);
        let recent: Vec<(&str, String)> = s.recent.iter().map(|p| (p.id, p.status())).collect();
        assert_eq!(
            recent,
            [
                ("1920A", "read".to_string()),
                ("abc300_c", "accepted".into()),
                ("2", "read".into()),
                ("1", "rejected".into()),
                ("abc321_c", "accepted".into())
            ]
        );
        assert_eq!(class_average(&problems(&Filter::default().apply(&entries)), "AtCoder C").average_ms, Some(450_000));
    }

    #[test]
    fn filters_by_model_source_and_time() {
        let entries = script();
        let by = |f: Filter| summary(&f.apply(&entries)).events;
        // The model's lines and the unnamed lines of the problems it recorded, in any case.
        assert_eq!(by(Filter { model: Some("CLAUDE".into()), ..Filter::default() }), 8);
        assert_eq!(by(Filter { model: Some("gpt".into()), ..Filter::default() }), 4);
        assert_eq!(by(Filter { model: Some("nobody".into()), ..Filter::default() }), 0);
        assert_eq!(by(Filter { source: Some("LeetCode".into()), ..Filter::default() }), 5);
        let t0 = 1_795_219_200_000;
        assert_eq!(by(Filter { since: Some(t0 + 30 * 60_000), ..Filter::default() }), 4);
        assert_eq!(by(Filter { until: Some(t0 + 30 * 60_000), ..Filter::default() }), 10);
        let s = summary(&Filter { since: Some(t0 + 3 * 60_000), ..Filter::default() }.apply(&entries));
        // Without its first read the first problem has no time to AC.
        assert_eq!(s.to_ac.count, 2);
    }

    #[test]
    fn out_of_order_lines_are_read_in_time_order() {
        let entries =
            history(&[(5, "test_solution", "spoj", "SP1", r#""verdict":"AC""#), (1, "get_problem", "spoj", "SP1", "")]);
        let s = summary(&Filter::default().apply(&entries));
        assert_eq!(s.to_ac.average_ms, Some(240_000));
    }

    #[test]
    fn classes() {
        assert_eq!(class("leetcode", Some("Hard"), Some(2100.0), None), "LeetCode Hard");
        assert_eq!(class("codeforces", None, Some(1999.0), Some("B")), "Codeforces 1900");
        assert_eq!(class("atcoder", None, None, index_of("atcoder", "abc321_c", None)), "AtCoder C");
        assert_eq!(class("codeforces", None, None, Some("A1")), "Codeforces A");
        assert_eq!(class("luogu", Some(" "), None, None), "Luogu");
    }
}
