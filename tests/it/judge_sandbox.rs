//! `test_solution`'s sandbox against hostile programs, each point of issue 24: a program that
//! writes a file under `$HOME` and under `/tmp` outside its folder, that lists `/proc` and reads
//! the other processes' command lines (the server's holds `--token …` here), that connects to a
//! port the test listens on at the loopback, that forks 200 children which leave its session and
//! sleep. Each runs with bubblewrap on the server's `PATH` (where installed) and with it hidden
//! (a `PATH` of links to everything else on it), so both of the judge's ways on Linux are
//! tried; under `OJ_JUDGE_NO_NAMESPACES=1` the third, nothing.
//!
//! Each test holds the result to what its `confinement` says: where it says confined, the
//! program must have failed; where it says not, the program must have succeeded, so that the
//! words are true either way (and what it did is undone). A way this machine lacks is skipped
//! with a message (`.ci/run` installs bubblewrap).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use serde_json::{Value, json};

use crate::backend::{self, Backend};
use crate::harness::{self, Opts, Server};
use crate::judge::{alive, eventually, judged, marker};

/// Whether `cmd` is on this test's PATH; says so when not.
fn have(cmd: &str) -> bool {
    if harness::windows() || !cfg!(target_os = "linux") {
        eprintln!("skipping: the sandbox's hostile tests are for Linux");
        return false;
    }
    let found = std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(cmd).is_file()));
    if !found {
        eprintln!("skipping: `{cmd}` is not installed");
    }
    found
}

/// A folder of symbolic links to every program on this test's `PATH` but `bwrap` (the first of
/// each name, as `PATH` finds it): the server's `PATH` without bubblewrap. Under the temporary
/// folder, so that the sandbox must bind it back into its private `/tmp` (`oj-judge-<pid>-…`:
/// the judge's sweep removes it once this process is gone).
fn path_without_bwrap() -> &'static str {
    static DIR: OnceLock<String> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("oj-judge-{}-it-no-bwrap", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = std::env::var_os("PATH").unwrap_or_default();
        for folder in std::env::split_paths(&path) {
            for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
                let link = dir.join(entry.file_name());
                if entry.file_name() != "bwrap" && !link.exists() {
                    let _ = std::os::unix::fs::symlink(entry.path(), &link);
                }
            }
        }
        dir.to_string_lossy().into_owned()
    })
}

/// The ways to run on this machine: (name, the server's `PATH`).
fn ways() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    if have("bwrap") {
        out.push(("with bwrap", std::env::var("PATH").unwrap_or_default()));
    }
    out.push(("bwrap hidden", path_without_bwrap().to_string()));
    out
}

/// Whether bubblewrap runs a sandbox here (as the server would try it): if so, the server must
/// have chosen it.
fn bwrap_works() -> bool {
    std::process::Command::new("bwrap")
        .args(["--unshare-all", "--die-with-parent", "--new-session", "--ro-bind", "/", "/", "--dev", "/dev"])
        .args(["--proc", "/proc", "--tmpfs", "/tmp", "--tmpfs", "/run", "--as-pid-1", "true"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
        && std::env::var_os("OJ_JUDGE_NO_NAMESPACES").is_none()
}

/// A server with `--allow-run`, the token on its command line (where `/proc` would show it),
/// `path` as its `PATH`, and descriptor 9 open without close-on-exec, as a client may leave one.
fn server(path: &str) -> (Backend, Server) {
    let b = Backend::start(&backend::fixtures_dir()).with_token(harness::TOKEN);
    let url = b.url();
    let mut opts = Opts {
        base_url: Some(&url),
        token: None,
        args: vec!["--allow-run", "--token", harness::TOKEN],
        leak_fd: true,
        ..Opts::default()
    };
    opts.env.push(("PATH", path.to_string()));
    if let Ok(v) = std::env::var("OJ_JUDGE_NO_NAMESPACES") {
        opts.env.push(("OJ_JUDGE_NO_NAMESPACES", v));
    }
    let mut s = Server::with(opts);
    s.initialize("2025-11-25");
    assert!(Path::new(&format!("/proc/{}/fd/9", s.pid())).exists(), "the server holds descriptor 9");
    (b, s)
}

/// Runs `code` on Codeforces 1A (whose answer is `6`) each way; `check(way, confinement,
/// result)` judges each result.
fn each_way(language: &str, code: &dyn Fn(&str) -> String, check: &dyn Fn(&str, &Value, &Value)) {
    for (way, path) in ways() {
        let (_b, mut s) = server(&path);
        let v = judged(
            &mut s,
            json!({"source": "codeforces", "id": "1A", "language": language, "code": code(way),
            "time_limit_ms": 10000}),
        );
        let c = &v["confinement"];
        let engine = c["engine"].as_str().unwrap_or_default();
        if way == "with bwrap" && bwrap_works() {
            assert_eq!(engine, "bwrap", "{way}: {v}");
        } else if way == "with bwrap" {
            eprintln!("note: bwrap is installed but does not work here: the run used {engine}");
        }
        assert_ne!((way, engine), ("bwrap hidden", "bwrap"), "{v}");
        eprintln!("{way}: {engine}; filesystem {}; processes {}", c["filesystem"], c["processes"]);
        check(way, c, &v);
    }
}

/// The program's first line when it did not print `6` (what it reports), else `6`.
fn said(v: &Value) -> String {
    let got = &v["samples"][0]["first_difference"]["got"];
    if v["verdict"] == "AC" { "6".into() } else { got.as_str().map_or_else(|| v.to_string(), str::to_string) }
}

#[test]
fn a_program_writes_nothing_outside_its_folder() {
    if !have("python3") {
        return;
    }
    let home = PathBuf::from(std::env::var("HOME").unwrap_or_else(|_| "/root".into()));
    let file =
        |way: &str, under: &Path| under.join(format!(".oj-judge-it-{}-{}", std::process::id(), way.replace(' ', "-")));
    // Under $HOME the write must fail; under /tmp it may succeed, in the run's private /tmp, but
    // nothing may appear in the real one. The program's own folder is writable.
    let code = |way: &str| {
        let targets = [file(way, &home), file(way, Path::new("/tmp"))];
        format!(
            "import os\nwrote = []\nfor p in {:?}:\n    try:\n        open(p, 'w').write('x')\n        wrote.append(p)\n    \
except OSError:\n        pass\nopen('mine', 'w').write('x')\nprint(6 if wrote[:1] != [{:?}] else 'wrote ' + ' '.join(wrote))\n",
            targets.clone().map(|t| t.to_string_lossy().into_owned()),
            targets[0].to_string_lossy()
        )
    };
    each_way("python", &code, &|way, c, v| {
        let targets = [file(way, &home), file(way, Path::new("/tmp"))];
        let written: Vec<&PathBuf> = targets.iter().filter(|t| t.exists()).collect();
        for t in &written {
            let _ = std::fs::remove_file(t);
        }
        if c["filesystem"].as_str().unwrap_or_default().starts_with("read-only") {
            assert_eq!((said(v), written.len()), ("6".to_string(), 0), "{way}: {v}");
        } else {
            eprintln!("{way}: the filesystem is not confined here ({}), as the result says", c["engine"]);
            assert_eq!(written.len(), 2, "{way}: said not confined, yet the program could not write: {v}");
        }
    });
}

#[test]
fn a_program_sees_no_other_process_and_not_the_servers_token() {
    if !have("python3") {
        return;
    }
    // The token is built at run time: the program's own files must not hold it.
    let code = |_: &str| {
        "import os\ntoken = ('fixture-token-' + '0123456789abcdef').encode()\npids = [p for p in os.listdir('/proc') if p.isdigit()]\n\
seen = []\nfor p in pids:\n    try:\n        if token in open('/proc/%s/cmdline' % p, 'rb').read():\n            seen.append(p)\n    \
except OSError:\n        pass\nprint(6 if not seen and len(pids) < 10 else 'pids %d token in %s' % (len(pids), seen))\n"
            .to_string()
    };
    each_way("python", &code, &|way, c, v| {
        if c["processes"] == "private" {
            assert_eq!(said(v), "6", "{way}: {v}");
        } else {
            eprintln!("{way}: processes are not private here ({}), as the result says", c["engine"]);
            assert!(said(v).starts_with("pids"), "{way}: said not private, yet the program saw nothing: {v}");
        }
    });
}

#[test]
fn a_program_cannot_reach_a_port_on_the_loopback() {
    if !have("python3") {
        return;
    }
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let code = |_: &str| {
        format!(
            "import socket\ntry:\n    socket.create_connection(('127.0.0.1', {port}), timeout=3)\n    print('connected')\n\
except OSError:\n    print(6)\n"
        )
    };
    each_way("python", &code, &|way, c, v| {
        let accepted = listener.accept().is_ok();
        if c["network"] == "blocked" {
            assert_eq!((said(v), accepted), ("6".to_string(), false), "{way}: {v}");
        } else {
            eprintln!("{way}: the network is not blocked here ({}), as the result says", c["engine"]);
            assert_eq!((said(v), accepted), ("connected".to_string(), true), "{way}: {v}");
        }
    });
}

#[test]
fn two_hundred_children_that_leave_the_session_die_with_the_run() {
    if !have("gcc") {
        return;
    }
    let code = |way: &str| {
        let m = marker(if way == "with bwrap" { 11 } else { 12 });
        format!(
            "#include <stdio.h>\n#include <unistd.h>\nint main(void){{for(int i=0;i<200;i++)if(fork()==0){{setsid();\
execlp(\"sleep\",\"sleep\",\"{m}\",(char*)0);_exit(1);}}puts(\"6\");return 0;}}\n"
        )
    };
    each_way("c", &code, &|way, c, v| {
        let m = marker(if way == "with bwrap" { 11 } else { 12 });
        assert_eq!(v["verdict"], "AC", "{way}: {v}");
        if c["pid_namespace"] == true {
            assert!(eventually(Duration::from_secs(3), || !alive(&m)), "{way}: children outlived the run");
        } else {
            eprintln!("{way}: no PID namespace here ({}): the children escape, as docs/sandbox.md says", c["engine"]);
            assert!(alive(&m), "{way}: said not caught, yet no child lives");
            kill_all(&m);
        }
    });
}

/// Kills this test's escaped `sleep <marker>` processes, by their ids.
fn kill_all(marker: &str) {
    for e in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let cmdline = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
        if String::from_utf8_lossy(&cmdline).contains(marker) {
            let _ = std::process::Command::new("kill").args(["-KILL", &e.file_name().to_string_lossy()]).status();
        }
    }
}

/// A descriptor the server inherited (`server` leaves 9 open, as a client may) is closed before
/// the program starts, whatever the confinement: the program holds only its stdin, stdout,
/// stderr (and the one its listing opens).
#[test]
fn a_program_reaches_no_descriptor_the_server_inherited() {
    // The run's init closes them; under an emulator the binary cannot start itself as the init.
    if !have("python3") || harness::emulated() {
        return;
    }
    let code = |_: &str| {
        "import os\nfds = sorted(int(f) for f in os.listdir('/proc/self/fd'))\nprint(6 if fds[-1] <= 3 else 'fds %s' % fds)\n"
            .to_string()
    };
    each_way("python", &code, &|way, _, v| assert_eq!(said(v), "6", "{way}: {v}"));
}

/// The server itself leaves nothing in the temporary folder: the probe of its init and each
/// run's folder go with the call (939 probe files had piled up in this machine's `/tmp`).
#[test]
fn the_server_leaves_nothing_in_the_temporary_folder() {
    if !have("python3") {
        return;
    }
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("server-tmp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let b = Backend::start(&backend::fixtures_dir());
    let url = b.url();
    let mut opts = Opts { base_url: Some(&url), args: vec!["--allow-run"], ..Opts::default() };
    opts.env.push(("TMPDIR", tmp.to_string_lossy().into_owned()));
    opts.env.push(("PATH", std::env::var("PATH").unwrap_or_default()));
    let mut s = Server::with(opts);
    s.initialize("2025-11-25");
    let v = judged(&mut s, json!({"source": "codeforces", "id": "1A", "language": "python", "code": "print(6)"}));
    assert_eq!(v["verdict"], "AC", "{v}");
    let _ = s.close();
    let left: Vec<_> = std::fs::read_dir(&tmp).unwrap().flatten().map(|e| e.file_name()).collect();
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(left.is_empty(), "left in the temporary folder: {left:?}");
}
