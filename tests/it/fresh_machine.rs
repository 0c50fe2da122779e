//! `make release` on a fresh machine: without a C compiler for the musl target it stops with one
//! line saying what to install, before cargo runs; with plain gcc it builds with `CC_<target>=gcc`.
//! The commands run with a `PATH` of stubs and links made here (`id` says "not root", so nothing
//! is installed), so the result does not depend on what this machine has. Linux only: the scripts
//! are the Linux release build's.
#![cfg(target_os = "linux")]

use std::fs;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const TARGET: &str = "x86_64-unknown-linux-musl";
const MISSING: &str =
    "ensure-musl: no C compiler for x86_64-unknown-linux-musl: install musl-tools (apt-get install musl-tools)";

/// A directory for `PATH`: the real `grep`, `tr`, `env` and `uname` (and `make` if asked), and stubs for
/// `id` (not root), `rustup` (the target installed) and `cargo` (leaves a mark if it ever runs).
fn fake_path(name: &str, with_make: bool) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fresh-machine").join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let mut real = vec!["grep", "tr", "env", "uname"];
    if with_make {
        real.push("make");
    }
    for tool in real {
        let found = which(tool).unwrap_or_else(|| panic!("{tool} is not on PATH"));
        symlink(found, dir.join(tool)).unwrap();
    }
    stub(&dir, "id", "echo 1000");
    stub(&dir, "rustup", &format!("echo {TARGET}"));
    stub(&dir, "cargo", &format!("touch '{}'", dir.join("cargo-ran").display()));
    dir
}

fn stub(dir: &Path, name: &str, body: &str) {
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
}

fn which(tool: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(tool)).find(|p| p.is_file())
}

fn run(cmd: &mut Command, path: &Path) -> Output {
    cmd.current_dir(env!("CARGO_MANIFEST_DIR")).env_clear().env("PATH", path).output().expect("run")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn ensure_musl_without_a_c_compiler_says_what_to_install_in_one_line() {
    let path = fake_path("no-cc", false);
    let out = run(Command::new("scripts/ship/ensure-musl.sh").arg(TARGET), &path);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(text(&out.stdout), "", "nothing for the caller's environment");
    assert_eq!(text(&out.stderr), format!("{MISSING}\n"));
}

#[test]
fn ensure_musl_with_plain_gcc_builds_with_it() {
    let path = fake_path("gcc-only", false);
    stub(&path, "gcc", "exit 0");
    let out = run(Command::new("scripts/ship/ensure-musl.sh").arg(TARGET), &path);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(text(&out.stdout), "CC_x86_64_unknown_linux_musl=gcc\n");
}

#[test]
fn make_release_without_a_c_compiler_stops_before_cargo_with_one_line() {
    if which("make").is_none() {
        eprintln!("skipped: no make on PATH");
        return;
    }
    let path = fake_path("make-release", true);
    let out = run(Command::new("make").args(["--no-print-directory", "release"]), &path);
    assert!(!out.status.success(), "{out:?}");
    let stderr = text(&out.stderr);
    let mut lines = stderr.lines();
    assert_eq!(lines.next(), Some(MISSING), "{stderr}");
    // What follows is make's own "Error 1" line, nothing from cargo.
    assert!(lines.all(|l| l.starts_with("make")), "{stderr}");
    assert!(!path.join("cargo-ran").exists(), "cargo ran without a C compiler");
}
