//! The backend's JSON shapes (oj-api-rs v0.2). Forward compatible: unknown fields are ignored,
//! fields that real rows leave null or out are `Option`s or default, and ids are accepted as
//! strings or numbers.

use std::convert::Infallible;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::json;

/// A platform the backend serves. The five known ones are variants; a name the backend may add
/// later (or an unrecognised one, `unknown` from the resolver, an empty field) is `Other`, kept as
/// written, so every value prints back exactly as it came in.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Source {
    /// leetcode.com and leetcode.cn.
    Leetcode,
    /// codeforces.com.
    Codeforces,
    /// atcoder.jp.
    Atcoder,
    /// luogu.com.cn.
    Luogu,
    /// spoj.com (crawled through Luogu).
    Spoj,
    /// Any other name, as written.
    Other(String),
}

impl Source {
    /// The known platforms, in the order messages list them.
    pub(crate) const KNOWN: [Source; 5] =
        [Source::Leetcode, Source::Codeforces, Source::Atcoder, Source::Luogu, Source::Spoj];

    /// The name the backend uses.
    pub fn as_str(&self) -> &str {
        match self {
            Source::Leetcode => "leetcode",
            Source::Codeforces => "codeforces",
            Source::Atcoder => "atcoder",
            Source::Luogu => "luogu",
            Source::Spoj => "spoj",
            Source::Other(s) => s,
        }
    }

    /// Whether it is one of the five known platforms.
    pub(crate) fn is_known(&self) -> bool {
        !matches!(self, Source::Other(_))
    }

    /// The known platforms' names, joined with `, `.
    pub(crate) fn known_list() -> String {
        Source::KNOWN.iter().map(Source::as_str).collect::<Vec<_>>().join(", ")
    }
}

impl Default for Source {
    /// An empty name: what a missing or null `source` field reads as.
    fn default() -> Source {
        Source::Other(String::new())
    }
}

impl FromStr for Source {
    type Err = Infallible;

    /// Exactly a known name, else `Other` (no trimming or case folding: the caller normalises).
    fn from_str(s: &str) -> Result<Source, Infallible> {
        Ok(Source::KNOWN.into_iter().find(|k| k.as_str() == s).unwrap_or_else(|| Source::Other(s.to_string())))
    }
}

impl From<&str> for Source {
    fn from(s: &str) -> Source {
        let Ok(source) = s.parse();
        source
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<&str> for Source {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Serialize for Source {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Source {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Source, D::Error> {
        Ok(Source::from(String::deserialize(d)?.as_str()))
    }
}

/// LeetCode's `paid_only` as a flag: `true`/`false`, or `1`/`0` as LeetCode sends it (any non-zero
/// number is paid); anything else (null, a string) reads as not paid.
fn paid_flag(v: &Value) -> bool {
    match v {
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|n| n != 0.0),
        _ => false,
    }
}

/// Accepts `"1"` or `1` (or null, as an empty string).
fn string_or_number<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    id_text(Value::deserialize(d)?).map_err(serde::de::Error::custom)
}

/// An id from `"1"` or `1` (null: empty).
fn id_text(v: Value) -> Result<String, String> {
    match v {
        Value::String(s) => Ok(s),
        Value::Number(n) => Ok(n.to_string()),
        Value::Null => Ok(String::new()),
        other => Err(format!("expected a string id, got {other}")),
    }
}

/// `null` as the default value.
fn null_as_default<'de, D: Deserializer<'de>, T: Default + Deserialize<'de>>(d: D) -> Result<T, D::Error> {
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

/// A problem as the backend returns it (also the daily challenge, with `date` and `domain`). Read
/// by hand from a parsed object (`Problem::from_fields`), not derived: serde's derived reader of
/// these twenty fields was 24 KB of code, one function, against 6 KB.
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct Problem {
    /// The platform's id (`"1"`, `"1920A"`, `"abc321_a"`, `"P1001"`).
    pub id: String,
    /// The platform (`leetcode`, `codeforces`, `atcoder`, `luogu`, `spoj`).
    pub(crate) source: Source,
    /// The URL slug (LeetCode), else often the id.
    pub(crate) slug: Option<String>,
    /// The title.
    pub(crate) title: String,
    /// The Chinese title, empty when there is none.
    pub(crate) title_cn: Option<String>,
    /// `Easy`/`Medium`/`Hard` (LeetCode), Luogu's levels, or null.
    pub(crate) difficulty: Option<String>,
    /// Acceptance rate in percent, or null.
    pub(crate) ac_rate: Option<f64>,
    /// Difficulty rating (Codeforces, LeetCode contest rating); `0.0` means unrated.
    pub(crate) rating: Option<f64>,
    /// The contest it belongs to.
    pub(crate) contest: Option<String>,
    /// Its index in the contest (`A`, `Q1`).
    pub(crate) problem_index: Option<String>,
    /// Topic tags.
    pub(crate) tags: Vec<String>,
    /// The problem's page on its judge.
    pub(crate) link: Option<String>,
    /// `Algorithms`, `Database`, …
    pub(crate) category: Option<String>,
    /// Whether the problem is for paying users only (LeetCode sends 0/1).
    pub(crate) paid_only: bool,
    /// The statement: HTML (LeetCode, legacy rows) or Markdown; null when not crawled or paid.
    pub(crate) content: Option<String>,
    /// The Chinese statement, when there is one.
    pub(crate) content_cn: Option<String>,
    /// Related problems, as the backend lists them.
    pub(crate) similar_questions: Option<Value>,
    /// Daily challenge only: the day (`YYYY-MM-DD`).
    pub(crate) date: Option<String>,
    /// Daily challenge only: `com` or `cn`.
    pub(crate) domain: Option<String>,
}

impl<'de> Deserialize<'de> for Problem {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Problem, D::Error> {
        Fields::of(Value::deserialize(d)?, "a problem object")
            .and_then(Problem::from_fields)
            .map_err(serde::de::Error::custom)
    }
}

/// A problem object's fields, taken out one by one (each read once, no copy of the statement).
struct Fields(serde_json::Map<String, Value>);

impl Fields {
    /// The fields of `v`, which must be an object (`what` names it in the error).
    fn of(v: Value, what: &str) -> Result<Fields, String> {
        match v {
            Value::Object(m) => Ok(Fields(m)),
            other => Err(format!("expected {what}, got {}", json::kind(&other))),
        }
    }

    fn take(&mut self, k: &str) -> Value {
        self.0.remove(k).unwrap_or(Value::Null)
    }

    /// A string field; null or missing is `None`, another type an error that names the field.
    fn text(&mut self, k: &str) -> Result<Option<String>, String> {
        match self.take(k) {
            Value::Null => Ok(None),
            Value::String(s) => Ok(Some(s)),
            other => Err(format!("invalid type for `{k}`: {}, expected a string", json::kind(&other))),
        }
    }

    /// The `source` field as a [`Source`] (null or missing: the default).
    fn source(&mut self) -> Result<Source, String> {
        Ok(self.text("source")?.map(|s| Source::from(s.as_str())).unwrap_or_default())
    }

    fn number(&mut self, k: &str) -> Result<Option<f64>, String> {
        match self.take(k) {
            Value::Null => Ok(None),
            Value::Number(n) => Ok(n.as_f64()),
            other => Err(format!("invalid type for `{k}`: {}, expected a number", json::kind(&other))),
        }
    }

    fn texts(&mut self, k: &str) -> Result<Vec<String>, String> {
        let bad = |v: &Value, what| format!("invalid type for `{k}`: {}, expected {what}", json::kind(v));
        match self.take(k) {
            Value::Null => Ok(Vec::new()),
            Value::Array(items) => items
                .into_iter()
                .map(|v| if let Value::String(s) = v { Ok(s) } else { Err(bad(&v, "strings")) })
                .collect(),
            other => Err(bad(&other, "an array")),
        }
    }
}

impl Problem {
    /// The fields of a problem object: unknown ones ignored, missing or null ones empty, ids as
    /// strings or numbers, `paid_only` as a flag or 0/1; any other type is an error that names
    /// the field.
    fn from_fields(mut f: Fields) -> Result<Problem, String> {
        Ok(Problem {
            id: id_text(f.take("id"))?,
            source: f.source()?,
            slug: f.text("slug")?,
            title: f.text("title")?.unwrap_or_default(),
            title_cn: f.text("title_cn")?,
            difficulty: f.text("difficulty")?,
            ac_rate: f.number("ac_rate")?,
            rating: f.number("rating")?,
            contest: f.text("contest")?,
            problem_index: f.text("problem_index")?,
            tags: f.texts("tags")?,
            link: f.text("link")?,
            category: f.text("category")?,
            paid_only: paid_flag(&f.take("paid_only")),
            content: f.text("content")?,
            content_cn: f.text("content_cn")?,
            similar_questions: Some(f.take("similar_questions")).filter(|v| !v.is_null()),
            date: f.text("date")?,
            domain: f.text("domain")?,
        })
    }

    /// The slugs of the related problems. The backend sends an array of slugs; LeetCode's own
    /// shapes (objects with `titleSlug`, or that array as a JSON string) are read too.
    pub(crate) fn similar_slugs(&self) -> Vec<String> {
        fn slugs(v: &Value) -> Vec<String> {
            let Value::Array(items) = v else { return Vec::new() };
            let slug = |item: &Value| match item {
                Value::String(s) => Some(s.trim().to_string()),
                Value::Object(m) => {
                    m.get("titleSlug").or_else(|| m.get("slug")).and_then(Value::as_str).map(String::from)
                }
                _ => None,
            };
            items.iter().filter_map(slug).filter(|s| !s.is_empty()).collect()
        }
        match &self.similar_questions {
            Some(Value::String(s)) => serde_json::from_str(s).map(|v| slugs(&v)).unwrap_or_default(),
            Some(v) => slugs(v),
            None => Vec::new(),
        }
    }
}

/// HTTP 202 from the daily endpoint: the backend's crawler is fetching the problem.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct Fetching {
    /// Seconds to wait before asking again.
    pub(crate) retry_after: Option<u64>,
    /// `"fetching"`.
    pub(crate) status: Option<String>,
}

/// One neighbour from the similarity search. Read by hand, as [`Problem`] is (6 KB of derived code).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub(crate) struct SimilarItem {
    /// Its platform.
    pub(crate) source: Source,
    /// Its id.
    pub id: String,
    /// Its title.
    pub(crate) title: String,
    /// Its difficulty, or null.
    pub(crate) difficulty: Option<String>,
    /// Its page.
    pub(crate) link: Option<String>,
    /// `1 - L2 distance` of the embeddings: at most 1, and can be negative.
    pub(crate) similarity: f64,
}

impl<'de> Deserialize<'de> for SimilarItem {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SimilarItem, D::Error> {
        Fields::of(Value::deserialize(d)?, "a similar problem")
            .and_then(SimilarItem::from_fields)
            .map_err(serde::de::Error::custom)
    }
}

impl SimilarItem {
    fn from_fields(mut f: Fields) -> Result<SimilarItem, String> {
        Ok(SimilarItem {
            source: f.source()?,
            id: id_text(f.take("id"))?,
            title: f.text("title")?.unwrap_or_default(),
            difficulty: f.text("difficulty")?,
            link: f.text("link")?,
            similarity: f.number("similarity")?.ok_or("missing field `similarity`")?,
        })
    }
}

/// The similarity search's answer.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct Similar {
    /// The statement (or query) as the backend rewrote it for embedding; can be null.
    #[serde(default)]
    pub(crate) rewritten_query: Option<String>,
    /// The neighbours, most similar first.
    #[serde(default, deserialize_with = "null_as_default")]
    pub(crate) results: Vec<SimilarItem>,
}

/// The resolver's answer. Always HTTP 200: an unknown problem is `problem: null`, an
/// undetectable input is `source: "unknown"`.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct Resolved {
    /// The platform detected, or `unknown`.
    #[serde(default, deserialize_with = "null_as_default")]
    pub(crate) source: Source,
    /// The id detected.
    #[serde(default, deserialize_with = "string_or_number")]
    pub id: String,
    /// The problem, when the backend has it.
    #[serde(default)]
    pub(crate) problem: Option<Problem>,
}

/// One platform's row in `/status`.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
pub(crate) struct PlatformStatus {
    /// The platform.
    pub(crate) source: String,
    /// Problems stored.
    pub(crate) total: u64,
    /// Problems without a statement.
    pub(crate) missing_content: u64,
    /// Problems without an embedding (not searchable by similarity).
    pub(crate) not_embedded: u64,
}

/// `/status`.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct Status {
    /// The backend's version.
    #[serde(default, deserialize_with = "null_as_default")]
    pub(crate) version: String,
    /// One row per platform, in the backend's order.
    #[serde(default, deserialize_with = "null_as_default")]
    pub(crate) platforms: Vec<PlatformStatus>,
}

/// An RFC 7807 problem-details error body. Every field is optional: we take what is there.
#[derive(Debug, Clone, Default, Deserialize)]
pub(crate) struct ProblemDetails {
    /// A short summary (`Not Found`).
    pub(crate) title: Option<String>,
    /// The HTTP status.
    pub(crate) status: Option<u16>,
    /// What went wrong this time.
    pub(crate) detail: Option<String>,
}

/// Paging facts of a problem list.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(default)]
pub(crate) struct ListMeta {
    /// Problems matching, over all pages.
    pub(crate) total: u64,
    /// This page, from 1.
    pub(crate) page: u64,
    /// Problems per page.
    pub(crate) per_page: u64,
    /// Pages in all.
    pub(crate) total_pages: u64,
}

/// `/api/v1/problems/{source}`: one page of problems (without statements).
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct ListPage {
    /// The problems.
    #[serde(default, deserialize_with = "null_as_default")]
    pub(crate) data: Vec<Problem>,
    /// Paging.
    #[serde(default)]
    pub(crate) meta: ListMeta,
}

#[cfg(test)]
mod tests {

    use super::*;

    #[test]
    fn sources_print_back_as_they_came() {
        for name in ["leetcode", "codeforces", "atcoder", "luogu", "spoj", "hackerrank", "LeetCode", "unknown", ""] {
            let s = Source::from(name);
            assert_eq!(s.to_string(), name);
            assert_eq!(serde_json::to_value(&s).unwrap(), json!(name));
            assert_eq!(serde_json::from_value::<Source>(json!(name)).unwrap(), s);
        }
        assert_eq!(Source::from("atcoder"), Source::Atcoder);
        assert_eq!(Source::from("LeetCode"), Source::Other("LeetCode".into()), "the caller normalises");
        assert!(Source::KNOWN.iter().all(Source::is_known));
        assert_eq!(Source::known_list(), "leetcode, codeforces, atcoder, luogu, spoj");
    }

    #[test]
    fn problem_fields_parse_once() {
        let p: Problem = serde_json::from_value(json!({"id": 1, "source": "codeforces", "paid_only": 1})).unwrap();
        assert_eq!((p.source, p.paid_only), (Source::Codeforces, true));
        for (paid, want) in [(json!(0), false), (json!(true), true), (json!(0.5), true), (json!(null), false)] {
            let p: Problem = serde_json::from_value(json!({"paid_only": paid})).unwrap();
            assert_eq!(p.paid_only, want, "{paid}");
        }
        let p: Problem = serde_json::from_value(json!({"paid_only": "yes", "source": null})).unwrap();
        assert_eq!((p.source, p.paid_only), (Source::default(), false), "unknown shapes read as before");
    }

    #[test]
    fn problem_fields_of_the_wrong_type_are_named() {
        let read = |v: Value| serde_json::from_value::<Problem>(v);
        let p =
            read(json!({"tags": null, "ac_rate": 51, "rating": 1500.5, "similar_questions": "[]", "x": {}})).unwrap();
        assert_eq!((p.tags, p.ac_rate, p.rating), (vec![], Some(51.0), Some(1500.5)));
        assert_eq!(p.similar_questions, Some(json!("[]")));
        assert_eq!(read(json!({"tags": ["dp", "math"]})).unwrap().tags, ["dp", "math"]);
        assert_eq!(read(json!({"similar_questions": null})).unwrap().similar_questions, None);
        for (bad, field) in [
            (json!({"title_cn": 5}), "`title_cn`: a number, expected a string"),
            (json!({"rating": "high"}), "`rating`: a string, expected a number"),
            (json!({"tags": [1]}), "`tags`: a number, expected strings"),
            (json!({"tags": "dp"}), "`tags`: a string, expected an array"),
            (json!({"id": []}), "expected a string id"),
            (json!(["1"]), "expected a problem object, got an array"),
        ] {
            let e = read(bad.clone()).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(e.contains(field), "{bad}: {e}");
        }
        let item = |v: Value| serde_json::from_value::<SimilarItem>(v).map_err(|e| e.to_string());
        let got = item(json!({"source": "atcoder", "id": 12, "title": null, "similarity": 0.5})).unwrap();
        assert_eq!((got.source, got.id.as_str(), got.title.as_str(), got.similarity), (Source::Atcoder, "12", "", 0.5));
        assert!(item(json!({"id": "1"})).unwrap_err().contains("missing field `similarity`"));
        assert!(item(json!({"similarity": "high"})).unwrap_err().contains("`similarity`: a string"));
        assert!(item(json!(1)).unwrap_err().contains("expected a similar problem, got a number"));
        // Inside a response, through serde_json's reader, as the tools read it.
        let page: Option<Problem> = serde_json::from_str(r#"{"id": 7, "content": "<p>x</p>"}"#).unwrap();
        assert_eq!(page.map(|p| (p.id, p.content)), Some(("7".into(), Some("<p>x</p>".into()))));
    }
}
