//! What held for a run, as every result says it (`confinement`): the engine, and in words the
//! filesystem, the processes, the network; the note that says what was not confined and what to
//! install. Nobody is told more than is true.

use serde_json::Value;

use super::engine::{Engine, Level, bwrap_failure};
use super::mounts;

/// How one run is confined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Confinement {
    engine: Engine,
    /// A new network namespace (or Seatbelt's `deny network*`): no network at all.
    pub(crate) network_blocked: bool,
    /// A new PID namespace: everything the program starts dies with it.
    pub(crate) pid_namespace: bool,
    /// An address-space limit (`prlimit --as`).
    pub(crate) memory_limited: bool,
    /// A limit on the resident memory instead: an AddressSanitizer build (`Limits::rss_mb`).
    pub(crate) resident_limited: bool,
}

/// The filesystem's words where it is not confined.
const OPEN: &str = "not confined: the program can write wherever you can";

impl Confinement {
    pub(super) fn new(engine: Engine, memory_limited: bool) -> Confinement {
        let namespaces = matches!(engine, Engine::Bwrap | Engine::Unshare(_));
        Confinement {
            engine,
            network_blocked: namespaces || engine == Engine::SandboxExec,
            pid_namespace: namespaces,
            memory_limited,
            resident_limited: false,
        }
    }

    /// Unconfined, for tests of what the result says.
    #[cfg(test)]
    pub(crate) fn none(memory_limited: bool) -> Confinement {
        Confinement::new(Engine::None, memory_limited)
    }

    fn engine_name(&self) -> &'static str {
        match self.engine {
            Engine::Bwrap => "bwrap",
            Engine::Unshare(_) => "unshare",
            Engine::SandboxExec => "sandbox-exec",
            Engine::None => "none",
        }
    }

    /// What the program could write.
    fn filesystem(&self) -> String {
        match self.engine {
            Engine::Bwrap => "read-only except the run folder and a private /tmp".into(),
            Engine::Unshare(Level::Mounts) => {
                let open = mounts::this_system().open;
                let mut words = String::from("read-only except the run folder and a private /tmp");
                if !open.is_empty() {
                    let list: Vec<String> = open.iter().map(|p| p.to_string_lossy().into_owned()).collect();
                    words.push_str(&format!(" (not made read-only: {})", list.join(", ")));
                }
                words
            }
            Engine::SandboxExec => "read-only except the run folder and your cache folder".into(),
            Engine::Unshare(_) | Engine::None => OPEN.into(),
        }
    }

    /// What the program could see of the machine's processes.
    fn processes(&self) -> &'static str {
        match self.engine {
            Engine::Bwrap | Engine::Unshare(Level::Mounts | Level::Proc) => "private",
            Engine::Unshare(Level::Bare) => "own PID namespace, but /proc shows every process",
            Engine::SandboxExec | Engine::None => "not private: the program sees your processes",
        }
    }

    /// The result's `confinement` object; `memory` says how memory was limited.
    pub(crate) fn json(&self, memory: String) -> Value {
        json!({
            "engine": self.engine_name(),
            "filesystem": self.filesystem(),
            "processes": self.processes(),
            "network": if self.network_blocked { "blocked" } else { "not blocked" },
            "memory": memory,
            "network_blocked": self.network_blocked,
            "pid_namespace": self.pid_namespace,
            "memory_limited": self.memory_limited,
        })
    }

    /// The sentence that says what was not confined and how to get more, if anything was not
    /// (Windows has its own note).
    pub(crate) fn note(&self) -> Option<String> {
        let install = "Install bubblewrap (`apt install bubblewrap`; Ubuntu 24.04 also needs it allowed user \
namespaces: see the README) for a read-only filesystem, private processes and no network.";
        let failed = bwrap_failure()
            .map(|why| format!(" bubblewrap is installed but failed here: `{why}`."))
            .unwrap_or_default();
        match self.engine {
            Engine::Bwrap | Engine::Unshare(Level::Mounts) | Engine::SandboxExec => None,
            Engine::Unshare(_) => Some(format!(
                "The filesystem was not confined (no mount table here): the program could write your files.{failed} {install}"
            )),
            Engine::None if cfg!(target_os = "macos") => Some(
                "Not confined: sandbox-exec is missing or refused the profile, so the program could write your files \
and reach the network."
                    .into(),
            ),
            Engine::None => Some(format!(
                "Not confined: no unprivileged user namespaces here (or OJ_JUDGE_NO_NAMESPACES is set), so the \
program could write your files, see your processes and reach the network.{failed} {install}"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_say_what_held() {
        let c = Confinement::new(Engine::Bwrap, true);
        let v = c.json("address space limited to 256 MB (prlimit --as)".into());
        assert_eq!(
            v,
            json!({"engine": "bwrap", "filesystem": "read-only except the run folder and a private /tmp",
                "processes": "private", "network": "blocked", "memory": "address space limited to 256 MB (prlimit --as)",
                "network_blocked": true, "pid_namespace": true, "memory_limited": true})
        );
        assert_eq!(c.note(), None);
        let c = Confinement::new(Engine::Unshare(Level::Bare), false);
        let v = c.json(String::new());
        assert_eq!((v["engine"].as_str(), v["filesystem"].as_str()), (Some("unshare"), Some(OPEN)));
        assert!(c.note().unwrap().contains("apt install bubblewrap"));
        let v = Confinement::new(Engine::SandboxExec, false).json(String::new());
        assert_eq!((v["network"].as_str(), v["pid_namespace"].as_bool()), (Some("blocked"), Some(false)));
        let c = Confinement::none(false);
        assert_eq!((c.json(String::new())["engine"].as_str(), c.network_blocked), (Some("none"), false));
        assert!(c.note().unwrap().starts_with("Not confined"));
    }
}
