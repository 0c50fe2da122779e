//! The run on macOS, under Seatbelt (`sandbox-exec -p PROFILE`, the sandbox Codex CLI and
//! Anthropic's sandbox-runtime use there): no network at all, and no file written outside the
//! run's folders and the user's cache folder. Reading stays allowed (compilers read the system),
//! and so does seeing the user's processes; the wall clock and the process group's kill are as
//! elsewhere. The profile is one text; the folders reach it as parameters (`-D W0=…`), so no path
//! is ever quoted into it.
//!
//! `sandbox-exec` is deprecated by Apple but still shipped and used by those tools; where it is
//! gone or refuses the profile (checked once), runs are not confined, and the result says so.

use std::path::{Path, PathBuf};

/// The profile for `writable` folders (`W0`, `W1`, … as parameters). The cache folder
/// (`/private/var/folders/…/C/`, `confstr(_CS_DARWIN_USER_CACHE_DIR)`) is where Apple's `xcrun`
/// and clang keep their caches; the run's temporary files go to its own folder (`TMPDIR`).
pub(super) fn profile(writable: usize) -> String {
    let mut p = String::from("(version 1)\n(allow default)\n(deny network*)\n(deny file-write*)\n(allow file-write*\n");
    for i in 0..writable {
        p.push_str(&format!("    (subpath (param \"W{i}\"))\n"));
    }
    p.push_str(
        "    (regex #\"^/private/var/folders/[^/]+/[^/]+/C/\")\n    (literal \"/dev/null\")\n    \
(literal \"/dev/zero\")\n    (literal \"/dev/dtracehelper\")\n    (regex #\"^/dev/fd/\")\n    (regex #\"^/dev/tty\"))\n",
    );
    p
}

/// `sandbox-exec -p PROFILE -D W0=… …`, to put before the command: each folder by its real path
/// (Seatbelt matches resolved paths: `/var/folders/…` is `/private/var/folders/…`).
pub(super) fn args(sandbox_exec: &str, writable: &[&Path]) -> Vec<String> {
    let mut out = vec![sandbox_exec.to_string(), "-p".into(), profile(writable.len())];
    for (i, w) in writable.iter().enumerate() {
        let real = std::fs::canonicalize(w).unwrap_or_else(|_| PathBuf::from(w));
        out.extend(["-D".to_string(), format!("W{i}={}", real.to_string_lossy())]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_profile_denies_the_network_and_writes_outside_the_folders() {
        assert_eq!(
            profile(2),
            r#"(version 1)
(allow default)
(deny network*)
(deny file-write*)
(allow file-write*
    (subpath (param "W0"))
    (subpath (param "W1"))
    (regex #"^/private/var/folders/[^/]+/[^/]+/C/")
    (literal "/dev/null")
    (literal "/dev/zero")
    (literal "/dev/dtracehelper")
    (regex #"^/dev/fd/")
    (regex #"^/dev/tty"))
"#
        );
        // Balanced parentheses: a profile that does not parse would leave every run unconfined.
        let p = profile(1);
        assert_eq!(p.matches('(').count(), p.matches(')').count());
    }

    #[test]
    fn the_folders_are_parameters() {
        let a = args("/usr/bin/sandbox-exec", &[Path::new("/nonexistent/run")]);
        assert_eq!((a[0].as_str(), a[1].as_str()), ("/usr/bin/sandbox-exec", "-p"));
        assert!(a[2].contains("(param \"W0\")") && !a[2].contains("W1"));
        assert_eq!(a[3..], ["-D", "W0=/nonexistent/run"]);
    }
}
