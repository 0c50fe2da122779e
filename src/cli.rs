//! Command line and environment: flags override env, both parsed into a [`Config`] by lexopt.
//! The parser takes the arguments and an env lookup, so tests never touch the process environment.

use std::ffi::OsString;
use std::fmt;
use std::time::Duration;

use crate::log::Level;

/// Default timeout of a backend call.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
/// Default number of retries.
const DEFAULT_RETRIES: u32 = 2;
/// Default first backoff.
const DEFAULT_BACKOFF: Duration = Duration::from_millis(200);

/// Proxy settings read from the environment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProxyEnv {
    /// `HTTPS_PROXY` / `https_proxy`.
    pub(crate) https: Option<String>,
    /// `HTTP_PROXY` / `http_proxy`.
    pub(crate) http: Option<String>,
    /// `ALL_PROXY` / `all_proxy`.
    pub(crate) all: Option<String>,
    /// `NO_PROXY` / `no_proxy`, split on commas and trimmed.
    pub(crate) no_proxy: Vec<String>,
}

/// Everything the server needs to run.
#[derive(Clone)]
pub struct Config {
    /// The backend's base URL.
    pub base_url: BaseUrl,
    /// The API token, if any. Never logged, never shown: see the `Debug` impl.
    pub token: Option<String>,
    /// Timeout of one backend call.
    pub timeout: Duration,
    /// Log level on stderr.
    pub log_level: Level,
    /// Retries of an idempotent GET after a transient failure.
    pub(crate) retries: u32,
    /// The first retry's delay (doubled for each further one).
    pub(crate) retry_backoff: Duration,
    /// Extra root certificates (PEM), read on the first request.
    pub(crate) ca_file: Option<std::path::PathBuf>,
    /// Proxy environment.
    pub(crate) proxy: ProxyEnv,
    /// Whether tools declare `outputSchema` and results carry `structuredContent` (both or
    /// neither: a declared schema promises the structured result).
    pub structured_content: bool,
    /// Whether `test_solution` (which runs code on this machine) is offered.
    pub allow_run: bool,
    /// `--no-log` / `OJ_LOG=0`: keep no solve log.
    pub solve_log_off: bool,
    /// `--log-file` / `OJ_LOG_FILE`: the solve log's file, else the user's data folder's.
    pub solve_log_file: Option<std::path::PathBuf>,
    /// `--ui`: when the tools link the MCP Apps view.
    pub ui: Ui,
}

/// `--ui`: when `tools/list` links the view (`_meta.ui.resourceUri`) and `resources/list` lists it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ui {
    /// For every client, declared or not (a host that shows views without declaring them).
    Always,
    /// For a client that declares `io.modelcontextprotocol/ui` in its capabilities.
    #[default]
    Auto,
    /// Never: `tools/list` is what it was before the view.
    Never,
}

impl Ui {
    fn parse(s: &str) -> Option<Ui> {
        match s.trim().to_ascii_lowercase().as_str() {
            "always" => Some(Ui::Always),
            "auto" => Some(Ui::Auto),
            "never" => Some(Ui::Never),
            _ => None,
        }
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("base_url", &self.base_url)
            .field("token", &self.token.as_ref().map(|_| "<redacted>"))
            .field("timeout", &self.timeout)
            .field("log_level", &self.log_level)
            .field("retries", &self.retries)
            .field("retry_backoff", &self.retry_backoff)
            .field("ca_file", &self.ca_file)
            .field("proxy", &self.proxy.all.as_deref().or(self.proxy.https.as_deref()).map(redact))
            .field("structured_content", &self.structured_content)
            .field("allow_run", &self.allow_run)
            .field("solve_log_off", &self.solve_log_off)
            .field("solve_log_file", &self.solve_log_file)
            .field("ui", &self.ui)
            .finish()
    }
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    /// Serve MCP on stdio.
    Run(Box<Config>),
    /// Print the usage text (`oj_mcp_rs::help`).
    Help,
    /// Print the version.
    Version,
}

/// A command-line or environment problem: one line for stderr, exit code 2.
#[derive(Debug, PartialEq, Eq)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CliError {}

impl From<lexopt::Error> for CliError {
    fn from(e: lexopt::Error) -> CliError {
        CliError(e.to_string())
    }
}

/// A validated http(s) base URL: no trailing slash, no query or fragment, path prefix kept.
#[derive(Clone, PartialEq, Eq)]
pub struct BaseUrl {
    url: String,
}

impl BaseUrl {
    /// Parses and normalises `s` (`https://host/oj/` → `https://host/oj`).
    pub fn parse(s: &str) -> Result<BaseUrl, String> {
        let s = s.trim();
        let lower = s.to_ascii_lowercase();
        let rest_at = if lower.starts_with("https://") {
            8
        } else if lower.starts_with("http://") {
            7
        } else {
            return Err(format!("invalid base URL {:?}: it must start with http:// or https://", redact(s)));
        };
        if s.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(format!("invalid base URL {:?}: it contains white space", redact(s)));
        }
        if s.contains(['?', '#']) {
            return Err(format!("invalid base URL {:?}: it must not have a query or fragment", redact(s)));
        }
        let rest = &s[rest_at..];
        let host_end = rest.find('/').unwrap_or(rest.len());
        let authority = &rest[..host_end];
        let host = authority.rsplit('@').next().unwrap_or("");
        if host.is_empty() || host.starts_with(':') {
            return Err(format!("invalid base URL {:?}: it has no host", redact(s)));
        }
        if let Some((_, port)) = host.rsplit_once(':').filter(|_| !host.ends_with(']'))
            && port.parse::<u16>().is_err()
        {
            return Err(format!("invalid base URL {:?}: bad port {port:?}", redact(s)));
        }
        let url = format!("{}{}", &lower[..rest_at], &rest.trim_end_matches('/'));
        Ok(BaseUrl { url })
    }

    /// The URL of `path` (which starts with `/`) under this base.
    pub(crate) fn join(&self, path: &str) -> String {
        format!("{}{}", self.url, path)
    }

    /// The URL as a string, without a trailing slash.
    pub(crate) fn as_str(&self) -> &str {
        &self.url
    }
}

impl fmt::Debug for BaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&redact(&self.url))
    }
}

impl fmt::Display for BaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&redact(&self.url))
    }
}

/// Hides `user:password@` in a URL, for messages and logs.
pub(crate) fn redact(url: &str) -> String {
    let Some(scheme_end) = url.find("://").map(|i| i + 3) else {
        return url.to_string();
    };
    let rest = &url[scheme_end..];
    let auth_end = rest.find('/').unwrap_or(rest.len());
    match rest[..auth_end].rfind('@') {
        Some(at) => format!("{}***@{}", &url[..scheme_end], &rest[at + 1..]),
        None => url.to_string(),
    }
}

/// An env value counts as unset when empty or an unfilled `${user_config.…}` placeholder (what
/// Claude Desktop passes for a blank bundle field).
fn env_value(v: Option<String>) -> Option<String> {
    let v = v?;
    let t = v.trim();
    if t.is_empty() || (t.starts_with("${user_config.") && t.ends_with('}')) { None } else { Some(v) }
}

/// A whole number in `range`, if given: `invalid {what} "x": expected {unit} from a to b`.
fn number(
    s: Option<String>,
    range: std::ops::RangeInclusive<u64>,
    what: &str,
    unit: &str,
) -> Result<Option<u64>, CliError> {
    let Some(s) = s else { return Ok(None) };
    match s.trim().parse::<u64>() {
        Ok(n) if range.contains(&n) => Ok(Some(n)),
        _ => Err(CliError(format!("invalid {what} {s:?}: expected {unit} from {} to {}", range.start(), range.end()))),
    }
}

/// `on` or `off`, in any case.
fn on_off(s: &str) -> Option<bool> {
    match s.trim().to_ascii_lowercase().as_str() {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}

/// `1`/`true`/`on`/`yes` or `0`/`false`/`off`/`no`, in any case (a bundle's checkbox sends
/// `true`/`false`).
fn yes_no(s: &str) -> Option<bool> {
    match s.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "on" | "yes" => Some(true),
        "0" | "false" | "off" | "no" => Some(false),
        _ => None,
    }
}

/// `OJ_ALLOW_RUN`: off when unset or blank.
fn allow_run_env(env: &dyn Fn(&str) -> Option<String>) -> Result<bool, CliError> {
    match env_value(env("OJ_ALLOW_RUN")) {
        None => Ok(false),
        Some(s) => yes_no(&s).ok_or_else(|| CliError(format!("invalid OJ_ALLOW_RUN {s:?}: expected 1 or 0"))),
    }
}

/// The proxy variables, the lower-case spelling first (as curl reads them).
fn proxy_env(env: &dyn Fn(&str) -> Option<String>) -> ProxyEnv {
    let either = |upper: &str, lower: &str| env_value(env(lower)).or_else(|| env_value(env(upper)));
    ProxyEnv {
        https: either("HTTPS_PROXY", "https_proxy"),
        http: either("HTTP_PROXY", "http_proxy"),
        all: either("ALL_PROXY", "all_proxy"),
        no_proxy: either("NO_PROXY", "no_proxy")
            .map(|s| s.split(',').map(|e| e.trim().to_string()).filter(|e| !e.is_empty()).collect())
            .unwrap_or_default(),
    }
}

/// Parses the command line (`args` without the program name) and the environment (`env`).
pub fn parse<I>(args: I, env: &dyn Fn(&str) -> Option<String>) -> Result<Command, CliError>
where
    I: IntoIterator,
    I::Item: Into<OsString>,
{
    use lexopt::prelude::*;

    let mut base_url = None;
    let mut token = None;
    let mut timeout = None;
    let mut log_level = None;
    let mut retries = None;
    let mut backoff = None;
    let mut ca_file = None;
    let mut structured = None;
    let mut allow_run = false;
    let mut no_log = false;
    let mut log_file = None;
    let mut ui = None;

    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next()? {
        match arg {
            Long("base-url") => base_url = Some(parser.value()?.string()?),
            Long("token") => token = Some(parser.value()?.string()?),
            Long("timeout") => timeout = Some(parser.value()?.string()?),
            Long("log-level") => log_level = Some(parser.value()?.string()?),
            Long("retries") => retries = Some(parser.value()?.string()?),
            Long("retry-backoff-ms") => backoff = Some(parser.value()?.string()?),
            Long("ca-file") => ca_file = Some(parser.value()?.string()?),
            Long("structured-content") => structured = Some(parser.value()?.string()?),
            Long("allow-run") => allow_run = true,
            Long("no-log") => no_log = true,
            Long("log-file") => log_file = Some(parser.value()?.string()?),
            Long("ui") => ui = Some(parser.value()?.string()?),
            Short('h') | Long("help") => return Ok(Command::Help),
            Short('V') | Long("version") => return Ok(Command::Version),
            _ => return Err(arg.unexpected().into()),
        }
    }

    let (log_level, solve_log_off) = log_settings(log_level, no_log, env)?;
    let timeout = number(timeout.or_else(|| env_value(env("OJ_TIMEOUT"))), 1..=600, "timeout", "whole seconds")?
        .map_or(DEFAULT_TIMEOUT, Duration::from_secs);
    let retries = number(retries.or_else(|| env_value(env("OJ_RETRIES"))), 0..=10, "retries", "a whole number")?
        .map_or(DEFAULT_RETRIES, |n| n as u32);
    let backoff = backoff.or_else(|| env_value(env("OJ_RETRY_BACKOFF_MS")));
    let retry_backoff =
        number(backoff, 0..=60_000, "retry backoff", "milliseconds")?.map_or(DEFAULT_BACKOFF, Duration::from_millis);
    let ca_file = ca_file.or_else(|| env_value(env("SSL_CERT_FILE"))).map(std::path::PathBuf::from);
    let structured_content = structured_setting(structured, env)?;
    let allow_run = allow_run || allow_run_env(env)?;
    let solve_log_file = log_file
        .filter(|f| !f.trim().is_empty())
        .or_else(|| env_value(env("OJ_LOG_FILE")))
        .map(std::path::PathBuf::from);
    let ui = ui_setting(ui, env)?;
    let proxy = proxy_env(env);
    let base_url = base_url
        .or_else(|| env_value(env("OJ_BASE_URL")))
        .ok_or_else(|| CliError("missing base URL: pass --base-url URL or set OJ_BASE_URL".into()))?;
    let base_url = BaseUrl::parse(&base_url).map_err(CliError)?;
    let token = token.filter(|t| !t.trim().is_empty()).or_else(|| env_value(env("OJ_TOKEN")));
    let token = token.map(|t| t.trim().to_string());
    Ok(Command::Run(Box::new(Config {
        base_url,
        token,
        timeout,
        log_level,
        retries,
        retry_backoff,
        ca_file,
        proxy,
        structured_content,
        allow_run,
        solve_log_off,
        solve_log_file,
        ui,
    })))
}

/// The stderr log's level and whether the solve log is off. `OJ_LOG` names the level, or, as `0`
/// (`off`, `false`, `no`), turns the solve log off; `1` (`on`, …) leaves both as they are. A level
/// word is never a yes or no.
fn log_settings(
    flag: Option<String>,
    no_log: bool,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<(Level, bool), CliError> {
    let oj_log = env_value(env("OJ_LOG"));
    let log_switch = oj_log.as_deref().and_then(yes_no);
    let level_env = oj_log.filter(|_| log_switch.is_none());
    let level = match flag.or(level_env) {
        None => Level::Info,
        Some(s) => Level::parse(&s)
            .ok_or_else(|| CliError(format!("invalid log level {s:?}: expected error, warn, info or debug")))?,
    };
    Ok((level, no_log || log_switch == Some(false)))
}

/// `--structured-content` / `OJ_STRUCTURED_CONTENT`: on unless `off`.
fn structured_setting(flag: Option<String>, env: &dyn Fn(&str) -> Option<String>) -> Result<bool, CliError> {
    match flag.or_else(|| env_value(env("OJ_STRUCTURED_CONTENT"))) {
        None => Ok(true),
        Some(s) => on_off(&s).ok_or_else(|| CliError(format!("invalid structured content {s:?}: expected on or off"))),
    }
}

/// `--ui` / `OJ_UI`: `auto` unless named.
fn ui_setting(flag: Option<String>, env: &dyn Fn(&str) -> Option<String>) -> Result<Ui, CliError> {
    match flag.or_else(|| env_value(env("OJ_UI"))) {
        None => Ok(Ui::Auto),
        Some(s) => Ui::parse(&s).ok_or_else(|| CliError(format!("invalid ui {s:?}: expected always, auto or never"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str], env: &[(&str, &str)]) -> Result<Config, CliError> {
        let env: Vec<(String, String)> = env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let lookup = move |k: &str| env.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
        match parse(args.iter().copied(), &lookup)? {
            Command::Run(c) => Ok(*c),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn flags_and_env() {
        let c = run(&["--base-url", "https://h.example/oj/", "--token", "t"], &[]).unwrap();
        assert_eq!(c.base_url.as_str(), "https://h.example/oj");
        assert_eq!(c.base_url.join("/status"), "https://h.example/oj/status");
        assert_eq!(c.token.as_deref(), Some("t"));
        assert_eq!(c.timeout, DEFAULT_TIMEOUT);
        assert_eq!(c.log_level, Level::Info);

        let c = run(&[], &[("OJ_BASE_URL", "http://127.0.0.1:8080"), ("OJ_TOKEN", "e"), ("OJ_TIMEOUT", "5")]).unwrap();
        assert_eq!(c.base_url.as_str(), "http://127.0.0.1:8080");
        assert_eq!(c.token.as_deref(), Some("e"));
        assert_eq!(c.timeout, Duration::from_secs(5));

        // Flags win over env.
        let c = run(
            &["--base-url=http://a", "--token", "flag", "--log-level", "debug"],
            &[("OJ_BASE_URL", "http://b"), ("OJ_TOKEN", "env"), ("OJ_LOG", "error")],
        )
        .unwrap();
        assert_eq!(c.base_url.as_str(), "http://a");
        assert_eq!(c.token.as_deref(), Some("flag"));
        assert_eq!(c.log_level, Level::Debug);
    }

    #[test]
    fn ui_always_auto_or_never() {
        let base = ["--base-url", "http://h"];
        assert_eq!(run(&base, &[]).unwrap().ui, Ui::Auto);
        assert_eq!(run(&[&base[..], &["--ui", "always"]].concat(), &[]).unwrap().ui, Ui::Always);
        assert_eq!(run(&base, &[("OJ_UI", "Never")]).unwrap().ui, Ui::Never);
        assert_eq!(run(&[&base[..], &["--ui=auto"]].concat(), &[("OJ_UI", "never")]).unwrap().ui, Ui::Auto);
        let e = run(&[&base[..], &["--ui", "on"]].concat(), &[]).unwrap_err();
        assert!(e.0.contains("always, auto or never"), "{e:?}");
    }

    #[test]
    fn structured_content_on_or_off() {
        let base = ["--base-url", "http://a"];
        assert!(run(&base, &[]).unwrap().structured_content);
        assert!(!run(&[&base[..], &["--structured-content", "off"]].concat(), &[]).unwrap().structured_content);
        assert!(!run(&base, &[("OJ_STRUCTURED_CONTENT", "OFF")]).unwrap().structured_content);
        // The flag wins over the env; a blank env is unset.
        let c = run(&[&base[..], &["--structured-content=on"]].concat(), &[("OJ_STRUCTURED_CONTENT", "off")]);
        assert!(c.unwrap().structured_content);
        assert!(run(&base, &[("OJ_STRUCTURED_CONTENT", " ")]).unwrap().structured_content);
        let e = run(&base, &[("OJ_STRUCTURED_CONTENT", "no")]).unwrap_err();
        assert_eq!(e.0, "invalid structured content \"no\": expected on or off");
    }

    #[test]
    fn running_code_is_off_unless_allowed() {
        let base = ["--base-url", "http://a"];
        assert!(!run(&base, &[]).unwrap().allow_run);
        assert!(run(&[&base[..], &["--allow-run"]].concat(), &[]).unwrap().allow_run);
        for yes in ["1", "true", "TRUE", "on", "yes"] {
            assert!(run(&base, &[("OJ_ALLOW_RUN", yes)]).unwrap().allow_run, "{yes}");
        }
        // A bundle's unchecked box, an unfilled placeholder, a blank value: off.
        for no in ["0", "false", "off", " ", "${user_config.allow_run}"] {
            assert!(!run(&base, &[("OJ_ALLOW_RUN", no)]).unwrap().allow_run, "{no}");
        }
        let e = run(&base, &[("OJ_ALLOW_RUN", "maybe")]).unwrap_err();
        assert_eq!(e.0, "invalid OJ_ALLOW_RUN \"maybe\": expected 1 or 0");
    }

    #[test]
    fn the_solve_log_file_and_switch() {
        let base = ["--base-url", "http://a"];
        let c = run(&base, &[]).unwrap();
        assert!(!c.solve_log_off && c.solve_log_file.is_none());
        let c = run(&[&base[..], &["--log-file", "/f.jsonl"]].concat(), &[("OJ_LOG_FILE", "/env.jsonl")]).unwrap();
        assert_eq!(c.solve_log_file.as_deref(), Some(std::path::Path::new("/f.jsonl")));
        let c = run(&base, &[("OJ_LOG_FILE", "/env.jsonl")]).unwrap();
        assert_eq!(c.solve_log_file.as_deref(), Some(std::path::Path::new("/env.jsonl")));
        assert!(run(&[&base[..], &["--no-log"]].concat(), &[]).unwrap().solve_log_off);
        // OJ_LOG=0 turns the solve log off and leaves the level alone; a level word is a level.
        for off in ["0", "off", "false", "no"] {
            let c = run(&base, &[("OJ_LOG", off)]).unwrap();
            assert!(c.solve_log_off && c.log_level == Level::Info, "{off}");
        }
        let c = run(&base, &[("OJ_LOG", "1")]).unwrap();
        assert!(!c.solve_log_off && c.log_level == Level::Info);
        let c = run(&base, &[("OJ_LOG", "debug")]).unwrap();
        assert!(!c.solve_log_off && c.log_level == Level::Debug);
    }

    #[test]
    fn blank_and_placeholder_env_values_are_unset() {
        let c = run(&["--base-url", "http://a"], &[("OJ_TOKEN", "${user_config.token}")]).unwrap();
        assert_eq!(c.token, None);
        let c = run(&["--base-url", "http://a"], &[("OJ_TOKEN", "  ")]).unwrap();
        assert_eq!(c.token, None);
        let e = run(&[], &[("OJ_BASE_URL", "${user_config.base_url}")]).unwrap_err();
        assert!(e.0.contains("missing base URL"), "{e}");
    }

    #[test]
    fn bad_input_is_one_clear_line() {
        let bad: &[(&[&str], &str)] = &[
            (&[], "missing base URL"),
            (&["--base-url", "ftp://x"], "http:// or https://"),
            (&["--base-url", "https://"], "no host"),
            (&["--base-url", "https://h:99999"], "bad port"),
            (&["--base-url", "https://h/?q=1"], "query"),
            (&["--base-url", "http://a", "--timeout", "0"], "invalid timeout"),
            (&["--base-url", "http://a", "--timeout", "abc"], "invalid timeout"),
            (&["--base-url", "http://a", "--log-level", "loud"], "invalid log level"),
            (&["--base-url", "http://a", "--frobnicate"], "--frobnicate"),
            (&["--base-url", "http://a", "--retries", "11"], "invalid retries"),
            (&["--base-url", "http://a", "--retry-backoff-ms", "x"], "invalid retry backoff"),
            (&["--base-url"], "missing argument"),
            (&["--base-url", "http://a", "extra"], "extra"),
        ];
        for (args, want) in bad {
            let e = run(args, &[]).unwrap_err();
            assert!(e.0.contains(want), "{args:?}: {e}");
            assert!(!e.0.contains('\n'), "{args:?}: {e}");
        }
    }

    #[test]
    fn retries_ca_and_proxy_environment() {
        let c = run(&["--base-url", "http://a"], &[]).unwrap();
        assert_eq!((c.retries, c.retry_backoff, c.ca_file.clone()), (DEFAULT_RETRIES, DEFAULT_BACKOFF, None));
        let c = run(
            &["--base-url", "http://a", "--retries", "0", "--ca-file", "/x.pem"],
            &[
                ("OJ_RETRY_BACKOFF_MS", "50"),
                ("https_proxy", "http://lower:1"),
                ("HTTPS_PROXY", "http://upper:1"),
                ("ALL_PROXY", "socks5://s:1080"),
                ("NO_PROXY", " a.example , .b.example,, "),
                ("SSL_CERT_FILE", "/ignored.pem"),
            ],
        )
        .unwrap();
        assert_eq!(c.retries, 0);
        assert_eq!(c.retry_backoff, Duration::from_millis(50));
        assert_eq!(c.ca_file.as_deref(), Some(std::path::Path::new("/x.pem")));
        assert_eq!(c.proxy.https.as_deref(), Some("http://lower:1"));
        assert_eq!(c.proxy.all.as_deref(), Some("socks5://s:1080"));
        assert_eq!(c.proxy.no_proxy, ["a.example", ".b.example"]);
        let c = run(&["--base-url", "http://a"], &[("SSL_CERT_FILE", "/env.pem")]).unwrap();
        assert_eq!(c.ca_file.as_deref(), Some(std::path::Path::new("/env.pem")));
    }

    #[test]
    fn help_and_version() {
        let none = |_: &str| None;
        assert!(matches!(parse(["-h"], &none), Ok(Command::Help)));
        assert!(matches!(parse(["--version"], &none), Ok(Command::Version)));
        assert!(matches!(parse(["-V"], &none), Ok(Command::Version)));
    }

    #[test]
    fn secrets_stay_out_of_debug_output() {
        let c = run(&["--base-url", "https://user:pw@h", "--token", "s3cret"], &[]).unwrap();
        let shown = format!("{c:?}");
        assert!(!shown.contains("s3cret") && !shown.contains("pw"), "{shown}");
    }
}
