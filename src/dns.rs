//! Name resolution for the HTTP agent. ureq resolves the host before every request, even when a
//! pooled keep-alive connection will carry it, and its default resolver bounds each lookup by the
//! timeout by spawning a thread for it: one thread (and, for a host name, one DNS query: musl
//! keeps no cache) per tool call. Profiling the 5 KB `get_problem` call showed that thread as
//! 1,000 `clone`s for 1,000 calls (see docs/benchmarks.md).
//!
//! [`Resolver`] answers IP literals directly (no lookup, no thread) and keeps a host name's
//! addresses for [`TTL`]; [`Resolver::forget`] drops them when a connection fails, so a retry
//! looks the name up again. What stays ureq's: the lookup itself (its `DefaultResolver`, with
//! its thread and timeout), for a name not cached. Shown by the unit tests below
//! (`ip_literals_are_parsed_without_a_timed_lookup`, `names_are_cached_per_scheme_and_authority_until_forgotten`)
//! and the thread count in `make bench`.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ureq::config::Config;
use ureq::http::Uri;
use ureq::unversioned::resolver::{DefaultResolver, ResolvedSocketAddrs, Resolver as UreqResolver};
use ureq::unversioned::transport::NextTimeout;

/// How long a host name's addresses are reused. They only matter when a new connection is opened.
const TTL: Duration = Duration::from_secs(60);

/// Most host names remembered (the base URL's, a proxy's, a redirect target's).
const MAX_ENTRIES: usize = 8;

/// How a name is looked up when not cached: ureq's default resolver, or a stub in tests.
type Lookup = dyn Fn(&Uri, &Config, NextTimeout) -> Result<ResolvedSocketAddrs, ureq::Error> + Send + Sync;

/// A caching resolver, shared between the agent and the client (which calls [`Resolver::forget`]).
#[derive(Clone)]
pub(crate) struct Resolver {
    inner: Arc<Inner>,
}

struct Inner {
    lookup: Box<Lookup>,
    cache: Mutex<Vec<(String, Instant, ResolvedSocketAddrs)>>,
}

impl std::fmt::Debug for Resolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("dns::Resolver")
    }
}

impl Default for Resolver {
    fn default() -> Resolver {
        let default = DefaultResolver::default();
        Resolver::with_lookup(move |uri, config, timeout| default.resolve(uri, config, timeout))
    }
}

/// Whether a URI host (`[::1]` bracketed) is an IP address rather than a name.
fn is_ip_literal(host: &str) -> bool {
    host.trim_start_matches('[').trim_end_matches(']').parse::<std::net::IpAddr>().is_ok()
}

impl Resolver {
    fn with_lookup(
        lookup: impl Fn(&Uri, &Config, NextTimeout) -> Result<ResolvedSocketAddrs, ureq::Error> + Send + Sync + 'static,
    ) -> Resolver {
        Resolver { inner: Arc::new(Inner { lookup: Box::new(lookup), cache: Mutex::new(Vec::new()) }) }
    }

    /// Drops every cached address: the next request looks its host up again.
    pub(crate) fn forget(&self) {
        self.cache().clear();
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, Vec<(String, Instant, ResolvedSocketAddrs)>> {
        self.inner.cache.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl UreqResolver for Resolver {
    fn resolve(&self, uri: &Uri, config: &Config, timeout: NextTimeout) -> Result<ResolvedSocketAddrs, ureq::Error> {
        if uri.host().is_some_and(is_ip_literal) {
            // Parsing needs no timeout, hence no thread.
            return (self.inner.lookup)(uri, config, NextTimeout::default());
        }
        // Host names are case-insensitive, but musl's lookup is not (`LocalHost` fails there).
        let key = format!("{}://{}", uri.scheme_str().unwrap_or(""), uri.authority().map_or("", |a| a.as_str()))
            .to_ascii_lowercase();
        let now = Instant::now();
        if let Some((_, _, addrs)) = self.cache().iter().find(|(k, at, _)| *k == key && now.duration_since(*at) < TTL) {
            return Ok(addrs.clone());
        }
        let lower: Uri;
        let uri = match uri.host() {
            Some(h) if h.bytes().any(|b| b.is_ascii_uppercase()) => {
                lower = format!("{key}/").parse().map_err(|_| ureq::Error::HostNotFound)?;
                &lower
            }
            _ => uri,
        };
        // A host name's lookup fails only as "not found" to the caller, whatever the resolver's
        // wording (glibc and musl differ): the client tells it apart by this variant, not by text.
        let addrs = (self.inner.lookup)(uri, config, timeout).map_err(|e| match e {
            ureq::Error::Io(io) => {
                crate::debug!("looking up {key} failed: {io}");
                ureq::Error::HostNotFound
            }
            other => other,
        })?;
        let mut cache = self.cache();
        cache.retain(|(k, at, _)| *k != key && now.duration_since(*at) < TTL);
        if cache.len() >= MAX_ENTRIES {
            cache.remove(0);
        }
        cache.push((key, now, addrs.clone()));
        Ok(addrs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::SocketAddr;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn counting() -> (Resolver, Arc<AtomicUsize>, Arc<Mutex<Vec<bool>>>) {
        let calls = Arc::new(AtomicUsize::new(0));
        let timed = Arc::new(Mutex::new(Vec::new()));
        let (c, t) = (calls.clone(), timed.clone());
        let default = DefaultResolver::default();
        let r = Resolver::with_lookup(move |uri, config, timeout: NextTimeout| {
            c.fetch_add(1, Ordering::SeqCst);
            t.lock().unwrap().push(!timeout.after.is_not_happening());
            assert!(!uri.host().unwrap_or("").bytes().any(|b| b.is_ascii_uppercase()), "{uri}: not lowercased");
            if uri.host() == Some("fails.invalid") {
                return Err(ureq::Error::HostNotFound);
            }
            if uri.host().is_some_and(is_ip_literal) {
                return default.resolve(uri, config, NextTimeout::default());
            }
            // Every name is 127.0.0.1 here: no network in tests.
            let fake: Uri = format!("http://127.0.0.1:{}/", uri.port_u16().unwrap_or(80)).parse().unwrap();
            default.resolve(&fake, config, NextTimeout::default())
        });
        (r, calls, timed)
    }

    fn resolve(r: &Resolver, url: &str) -> Result<Vec<SocketAddr>, ureq::Error> {
        let timeout = NextTimeout { after: Duration::from_secs(5).into(), ..NextTimeout::default() };
        r.resolve(&url.parse().unwrap(), &Config::default(), timeout).map(|a| a.to_vec())
    }

    #[test]
    fn ip_literals_are_parsed_without_a_timed_lookup() {
        let (r, calls, timed) = counting();
        assert_eq!(resolve(&r, "http://127.0.0.1:8080/x").unwrap(), vec!["127.0.0.1:8080".parse().unwrap()]);
        assert_eq!(resolve(&r, "https://[::1]/").unwrap(), vec!["[::1]:443".parse().unwrap()]);
        assert_eq!(calls.load(Ordering::SeqCst), 2);
        assert_eq!(*timed.lock().unwrap(), [false, false], "no timeout, so ureq spawns no thread");
    }

    #[test]
    fn names_are_cached_per_scheme_and_authority_until_forgotten() {
        let (r, calls, timed) = counting();
        for _ in 0..5 {
            assert_eq!(resolve(&r, "http://oj.example:9/a").unwrap(), vec!["127.0.0.1:9".parse().unwrap()]);
        }
        assert_eq!(calls.load(Ordering::SeqCst), 1, "one lookup for five requests");
        assert_eq!(*timed.lock().unwrap(), [true], "a name is looked up within the timeout");
        resolve(&r, "http://OJ.Example:9/b").unwrap();
        assert_eq!(calls.load(Ordering::SeqCst), 1, "host names are case-insensitive");
        resolve(&r, "http://oj.example:10/").unwrap();
        resolve(&r, "https://oj.example:9/").unwrap();
        assert_eq!(calls.load(Ordering::SeqCst), 3, "another port or scheme is another entry");
        r.forget();
        resolve(&r, "http://oj.example:9/").unwrap();
        assert_eq!(calls.load(Ordering::SeqCst), 4, "forget() makes the next request look up again");
    }

    #[test]
    fn failures_are_not_cached_and_the_cache_is_bounded() {
        let (r, calls, _) = counting();
        assert!(matches!(resolve(&r, "http://fails.invalid/"), Err(ureq::Error::HostNotFound)));
        assert!(resolve(&r, "http://fails.invalid/").is_err());
        assert_eq!(calls.load(Ordering::SeqCst), 2);
        for port in 1..=20 {
            resolve(&r, &format!("http://h.example:{port}/")).unwrap();
        }
        assert!(r.cache().len() <= MAX_ENTRIES);
    }
}
