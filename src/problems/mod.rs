//! The one layer of problem fetching and formatting: an operation per tool (one file each beside
//! this one: its validation and its handler), the arguments they read, and the backend call they
//! share. The MCP features (tools, resources, prompts, completions) are peers above it.

pub(crate) mod daily;
mod failure;
mod output;
pub(crate) mod problem;
mod problem_output;
pub(crate) mod resolve;
pub(crate) mod samples;
pub(crate) mod search;
pub(crate) mod similar;
pub(crate) mod solves;
pub(crate) mod sources;
pub(crate) mod status;
pub(crate) mod tags;

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::client::Client;
use crate::error::ToolError;
use crate::language::{self, Language};
use crate::solvelog::SolveLog;

pub use output::ToolOutput;
pub use problem_output::problem_output;

/// The result of an operation.
pub(crate) type ToolResult = Result<ToolOutput, ToolError>;

/// What an operation may use.
pub(crate) struct Ctx<'a> {
    /// The backend.
    pub(crate) client: &'a Client,
    /// The current time, seconds since the Unix epoch (injectable for tests).
    pub(crate) now_unix: i64,
    /// The call as it runs: cancellation and progress ([`Idle`] for a call with neither).
    pub(crate) live: &'a dyn Live,
    /// The solve log: what the tools record and `solve_stats`, `record_solve` and `oj://log`
    /// read.
    pub(crate) log: &'a SolveLog,
}

/// A running call, as a long operation (the judge) sees it.
pub(crate) trait Live: Sync {
    /// Whether the client cancelled the call (an operation stops what it started and returns).
    fn cancelled(&self) -> bool;
    /// Reports `done` of `total` steps, when the client asked for progress.
    fn progress(&self, done: u64, total: u64, message: &str);
}

/// A call that cannot be cancelled and reports no progress.
pub(crate) struct Idle;

impl Live for Idle {
    fn cancelled(&self) -> bool {
        false
    }
    fn progress(&self, _: u64, _: u64, _: &str) {}
}

/// A tool's arguments, checked field by field. Every problem is a [`ToolError::Domain`] naming the
/// argument and what is expected.
pub(crate) struct Args<'a> {
    map: Option<&'a Map<String, Value>>,
    /// The names the tool declares (`None` for arguments built by this program): debug builds
    /// check that an operation reads no other, so a handler cannot drift from its declaration.
    #[cfg(debug_assertions)]
    declared: Option<Vec<String>>,
}

fn bad(msg: String) -> ToolError {
    ToolError::Args(format!("Invalid arguments: {msg}"))
}

impl<'a> Args<'a> {
    /// Arguments built by this program (from a resource URI, for a prompt), not by a client: an
    /// object, or none; their names are the operation's own.
    pub(crate) fn trusted(arguments: &'a Value) -> Args<'a> {
        Args {
            map: arguments.as_object(),
            #[cfg(debug_assertions)]
            declared: None,
        }
    }

    /// Checks that `arguments` is an object (or absent) holding only `allowed` names.
    pub fn new(arguments: Option<&'a Value>, allowed: &[&str]) -> Result<Args<'a>, ToolError> {
        let map = match arguments {
            None | Some(Value::Null) => None,
            Some(Value::Object(m)) => Some(m),
            Some(other) => {
                return Err(bad(format!("`arguments` must be an object, got {}", crate::json::kind(other))));
            }
        };
        let mut unknown: Vec<&str> =
            map.into_iter().flat_map(Map::keys).map(String::as_str).filter(|k| !allowed.contains(k)).collect();
        if !unknown.is_empty() {
            unknown.sort_unstable();
            let takes = if allowed.is_empty() { "no arguments".to_string() } else { allowed.join(", ") };
            return Err(bad(format!(
                "unknown argument{} `{}`; this tool takes: {takes}",
                if unknown.len() > 1 { "s" } else { "" },
                unknown.join("`, `")
            )));
        }
        Ok(Args {
            map,
            #[cfg(debug_assertions)]
            declared: Some(allowed.iter().map(|a| a.to_string()).collect()),
        })
    }

    /// The raw value of an argument; `null` counts as absent.
    pub(crate) fn raw(&self, name: &str) -> Option<&Value> {
        self.get(name)
    }

    /// Every argument given, `null`s left out: what to send again to repeat the call.
    pub(crate) fn all(&self) -> Map<String, Value> {
        self.map.into_iter().flatten().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k.clone(), v.clone())).collect()
    }

    fn get(&self, name: &str) -> Option<&Value> {
        #[cfg(debug_assertions)]
        if let Some(declared) = &self.declared {
            assert!(
                declared.iter().any(|d| d == name),
                "the operation reads `{name}`, which its tool does not declare"
            );
        }
        self.map.and_then(|m| m.get(name)).filter(|v| !v.is_null())
    }

    /// An optional string, as given (not trimmed). `null` counts as absent.
    pub(crate) fn opt_str(&self, name: &str) -> Result<Option<&str>, ToolError> {
        match self.get(name) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(other) => Err(bad(format!("`{name}` must be a string, got {}", crate::json::kind(other)))),
        }
    }

    /// An optional string, trimmed; empty after trimming counts as absent.
    pub(crate) fn opt_trimmed(&self, name: &str) -> Result<Option<&str>, ToolError> {
        Ok(self.opt_str(name)?.map(str::trim).filter(|s| !s.is_empty()))
    }

    /// A required string, trimmed, not empty. `hint` says what a good value looks like.
    pub(crate) fn req_str(&self, name: &str, hint: &str) -> Result<&str, ToolError> {
        match self.opt_str(name)? {
            None => Err(bad(format!("`{name}` is required ({hint})"))),
            Some(s) if s.trim().is_empty() => Err(bad(format!("`{name}` must not be empty ({hint})"))),
            Some(s) => Ok(s.trim()),
        }
    }

    /// An optional integer within `min..=max`.
    pub(crate) fn opt_int(&self, name: &str, min: i64, max: i64) -> Result<Option<i64>, ToolError> {
        let Some(v) = self.get(name) else {
            return Ok(None);
        };
        let n = match v {
            Value::Number(n) => n.as_i64().or_else(|| {
                // 10.0 is an integer written as a float; 10.5 is not.
                n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15).map(|f| f as i64)
            }),
            _ => None,
        };
        match n {
            Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
            Some(n) => Err(bad(format!("`{name}` must be between {min} and {max}, got {n}"))),
            None => Err(bad(format!("`{name}` must be an integer from {min} to {max}, got {}", show(v)))),
        }
    }

    /// An optional number within `min..=max`.
    pub(crate) fn opt_f64(&self, name: &str, min: f64, max: f64) -> Result<Option<f64>, ToolError> {
        let Some(v) = self.get(name) else {
            return Ok(None);
        };
        match v.as_f64() {
            Some(x) if x >= min && x <= max => Ok(Some(x)),
            Some(x) => Err(bad(format!("`{name}` must be between {min:.1} and {max:.1}, got {x}"))),
            None => Err(bad(format!("`{name}` must be a number from {min:.1} to {max:.1}, got {}", show(v)))),
        }
    }

    /// An optional string that must be one of `choices` (case-sensitive).
    pub(crate) fn opt_enum(&self, name: &str, choices: &[&'static str]) -> Result<Option<&'static str>, ToolError> {
        let Some(s) = self.opt_str(name)? else {
            return Ok(None);
        };
        match choices.iter().find(|c| **c == s) {
            Some(c) => Ok(Some(c)),
            None => Err(bad(format!("`{name}` must be one of {}, got {s:?}", quoted(choices)))),
        }
    }
}

fn quoted(choices: &[&str]) -> String {
    choices.iter().map(|c| format!("\"{c}\"")).collect::<Vec<_>>().join(", ")
}

/// A value as shown in an error message: strings quoted, long values cut.
fn show(v: &Value) -> String {
    let s = match v {
        Value::String(_) | Value::Number(_) | Value::Bool(_) => v.to_string(),
        other => crate::json::kind(other).to_string(),
    };
    if s.chars().count() > 60 { s.chars().take(60).collect::<String>() + "…" } else { s }
}

/// Percent-encodes one path segment (only `A-Za-z0-9-_.~` stay literal, so `/`, `?`, `#`, `%`
/// and `..` can never leave their segment).
pub(crate) fn seg(s: &str) -> String {
    let e = urlencoding::encode(s).into_owned();
    // "." and ".." are unreserved but mean something in a path: encode their dots.
    if e == "." || e == ".." { e.replace('.', "%2E") } else { e }
}

/// A request path and its query string, built pair by pair: the one way the operations write a
/// query. Each value is percent-encoded (only `A-Za-z0-9-_.~` stay literal, so `&`, `=`, `#` and
/// spaces in a user's text cannot add or cut a pair); the pairs keep the order they are added in.
pub(crate) struct Query {
    path: String,
    /// Whether a pair has been written (the next one starts with `&`, else `?`).
    started: bool,
}

impl Query {
    /// A path whose segments are already encoded (with [`seg`]), no query yet.
    pub(crate) fn path(path: impl Into<String>) -> Query {
        Query { path: path.into(), started: false }
    }

    /// Adds `name=value`.
    pub(crate) fn pair(mut self, name: &str, value: impl std::fmt::Display) -> Query {
        self.path.push(if self.started { '&' } else { '?' });
        self.started = true;
        self.path.push_str(name);
        self.path.push('=');
        self.path.push_str(&urlencoding::encode(&value.to_string()));
        self
    }

    /// Adds `name=value` when there is a value.
    pub(crate) fn opt(self, name: &str, value: Option<impl std::fmt::Display>) -> Query {
        match value {
            Some(v) => self.pair(name, v),
            None => self,
        }
    }

    /// Adds `name=a,b,c` (each item encoded, the commas literal, as the backend splits on them)
    /// when there are items.
    pub(crate) fn list(mut self, name: &str, items: &[String]) -> Query {
        if items.is_empty() {
            return self;
        }
        let list: Vec<String> = items.iter().map(|t| urlencoding::encode(t).into_owned()).collect();
        self.path.push(if self.started { '&' } else { '?' });
        self.started = true;
        self.path.push_str(name);
        self.path.push('=');
        self.path.push_str(&list.join(","));
        self
    }

    /// The path with its query.
    pub(crate) fn finish(self) -> String {
        self.path
    }
}

/// A successful (2xx) backend answer, its body UTF-8 text.
pub(crate) struct Success {
    /// The status (200, 202, …).
    pub(crate) status: u16,
    /// The body.
    pub(crate) body: String,
    path: String,
}

impl Success {
    /// The body parsed as `T`; anything else is a protocol error naming the endpoint.
    pub(crate) fn json<T: DeserializeOwned>(&self) -> Result<T, ToolError> {
        serde_json::from_str(&self.body).map_err(|e| {
            let why = if self.body.trim().is_empty() { "an empty body".to_string() } else { e.to_string() };
            ToolError::Protocol(format!(
                "the backend answered {} with invalid JSON ({why}) for GET {}",
                self.status,
                endpoint(&self.path)
            ))
        })
    }
}

/// The endpoint of a path, without the query (which may hold a user's text) and cut short.
fn endpoint(path: &str) -> String {
    let p = path.split('?').next().unwrap_or(path);
    if p.len() > 120 { format!("{}…", &p[..p.floor_char_boundary(120)]) } else { p.to_string() }
}

/// `GET path`: 2xx is a [`Success`]; 4xx/5xx (and any other status) a domain error with the
/// RFC 7807 text; transport failures and non-UTF-8 success bodies protocol errors.
#[cfg_attr(oj_size, optimize(size))]
pub(crate) fn fetch(ctx: &Ctx, path: &str) -> Result<Success, ToolError> {
    let resp = ctx.client.get(path)?;
    if (200..300).contains(&resp.status) {
        let body = String::from_utf8(resp.body).map_err(|_| {
            ToolError::Protocol(format!(
                "the backend answered {} with a body that is not UTF-8 for GET {}",
                resp.status,
                endpoint(path)
            ))
        })?;
        return Ok(Success { status: resp.status, body, path: path.to_string() });
    }
    Err(ToolError::Http(resp.status, failure::http_failure(&resp)))
}

/// The `language` argument: `"en"` or `"zh"`, `default` when absent.
pub(crate) fn language_arg(args: &Args, default: Language) -> Result<Language, ToolError> {
    let code = args.opt_enum("language", language::LANGUAGES)?;
    // `opt_enum` let through only the codes `Language` parses.
    Ok(code.and_then(|c| c.parse().ok()).unwrap_or(default))
}

#[cfg(test)]
mod tests {

    use super::*;

    /// The error `Args::new` gives for these arguments.
    fn args_error(v: Value, allowed: &[&str]) -> ToolError {
        Args::new(Some(&v), allowed).err().expect("an argument error")
    }

    fn domain(e: ToolError) -> String {
        match e {
            ToolError::Args(s) => s,
            other => panic!("expected an argument error, got {other:?}"),
        }
    }

    #[test]
    fn unknown_and_non_object_arguments() {
        let e = domain(args_error(json!({"problem_id": "1"}), &["source", "id"]));
        assert!(e.contains("unknown argument `problem_id`") && e.contains("source, id"), "{e}");
        let e = domain(args_error(json!([1]), &["x"]));
        assert!(e.contains("must be an object"), "{e}");
        assert!(Args::new(None, &[]).is_ok());
    }

    /// An operation that reads a name its tool does not declare is a bug the tests catch.
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "does not declare")]
    fn reading_an_undeclared_argument_is_caught() {
        let v = json!({"source": "leetcode"});
        let _ = Args::new(Some(&v), &["source"]).unwrap().opt_str("sauce");
    }

    #[test]
    fn typed_getters() {
        let v = json!({"s": " x ", "e": "  ", "n": 10.0, "f": 0.5, "big": 99, "str": "7", "en": "cn", "nul": null});
        let a = Args::new(Some(&v), &["s", "e", "n", "f", "big", "str", "en", "nul", "missing"]).unwrap();
        assert_eq!(a.req_str("s", "").unwrap(), "x");
        assert!(domain(a.req_str("e", "h").err().unwrap()).contains("`e` must not be empty"));
        assert!(domain(a.req_str("missing", "h").err().unwrap()).contains("`missing` is required"));
        assert!(domain(a.req_str("n", "h").err().unwrap()).contains("`n` must be a string, got a number"));
        assert_eq!(a.opt_trimmed("e").unwrap(), None);
        assert_eq!(a.opt_str("nul").unwrap(), None);
        assert_eq!(a.opt_int("n", 1, 50).unwrap(), Some(10));
        assert!(domain(a.opt_int("big", 1, 50).err().unwrap()).contains("between 1 and 50, got 99"));
        assert!(domain(a.opt_int("str", 1, 50).err().unwrap()).contains("must be an integer"));
        assert!(domain(a.opt_int("f", 1, 50).err().unwrap()).contains("must be an integer"));
        assert_eq!(a.opt_f64("f", 0.0, 1.0).unwrap(), Some(0.5));
        assert!(domain(a.opt_f64("big", 0.0, 1.0).err().unwrap()).contains("between 0.0 and 1.0"));
        assert_eq!(a.opt_enum("en", &["com", "cn"]).unwrap(), Some("cn"));
        assert!(domain(a.opt_enum("s", &["com", "cn"]).err().unwrap()).contains("one of \"com\", \"cn\""));
    }

    #[test]
    fn queries_encode_each_value_and_keep_the_order() {
        let q = Query::path("/p/a%2Fb")
            .pair("page", 2)
            .opt("none", None::<&str>)
            .opt("search", Some("a&b=c #d"))
            .list("tags", &["x,y".into(), "dynamic programming".into()])
            .list("empty", &[])
            .pair("rating_min", 1200.5)
            .finish();
        assert_eq!(q, "/p/a%2Fb?page=2&search=a%26b%3Dc%20%23d&tags=x%2Cy,dynamic%20programming&rating_min=1200.5");
        assert_eq!(Query::path("/status").finish(), "/status");
        assert_eq!(Query::path("/x").opt("a", Some(1)).finish(), "/x?a=1");
    }

    #[test]
    fn segments_cannot_escape() {
        assert_eq!(seg("a/b"), "a%2Fb");
        assert_eq!(seg("c d"), "c%20d");
        assert_eq!(seg(".."), "%2E%2E");
        assert_eq!(seg("."), "%2E");
        assert_eq!(seg("1920A"), "1920A");
        assert_eq!(seg("?#%"), "%3F%23%25");
    }
}
