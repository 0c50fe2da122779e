//! `stress_test`'s Python fork server (src/judge/init/fork.rs): inside a batch, a Python
//! program's runs are children forked from one interpreter per batch. Each round starts from a
//! fresh module (no state passes between rounds), ends as a fresh run does (`sys.exit()`,
//! `atexit`, the output flushed), and a failure (an exception, `sys.exit(3)`, a time-out, memory
//! past the limit) gets the verdict a fresh start gets (`OJ_JUDGE_NO_FORK=1`); a program that
//! kills or stops its server only costs time; a child holds none of its server's descriptors and
//! no other round's input.
//!
//! The programs print the right answer only where they see that they were forked (their parent
//! is the server: its script, given with `-c`, is on its command line): where batches run without the fork
//! server, the rounds would fail, and run again alone (never forked) they say WA.

use serde_json::{Value, json};

use crate::judge::{have, judge_server};
use crate::judge_stress::{SEED_GENERATOR, SEED_REFERENCE, py, stressed, sum_problem};
use crate::util::json_reply;

/// Sets `forked`: whether this process is a child of the fork server.
const FORKED: &str = "import os, sys\n\
forked = b'os.fork()' in open(f'/proc/{os.getppid()}/cmdline', 'rb').read()\n";

/// Whether this machine runs stress rounds in batches (under the init, with prlimit), seen in a
/// result; where it does not, the fork server never runs and the test says so.
fn batches(v: &Value) -> bool {
    assert_ne!(v["verdict"], "CE", "{v}");
    let c = &v["confinement"];
    let yes = ["bwrap", "unshare"].contains(&c["engine"].as_str().unwrap_or("")) && c["memory_limited"] == true;
    if !yes {
        eprintln!("skipping: no batches here ({c})");
    }
    yes
}

fn usable() -> bool {
    have("python3") && cfg!(target_os = "linux") && !crate::harness::emulated()
}

fn args(program: &str, extra: Value) -> Value {
    let mut a = json!({"source": "atcoder", "id": "sum_a", "language": "python", "code": program,
        "reference": py(SEED_REFERENCE), "generator": py(SEED_GENERATOR), "rounds": 12, "time_limit_ms": 20000,
        "time_budget_s": 300});
    for (k, v) in extra.as_object().unwrap() {
        a[k] = v.clone();
    }
    a
}

#[test]
fn module_state_does_not_pass_from_one_forked_round_to_the_next() {
    if !usable() {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    b.route("/api/v1/problems/atcoder/sum_a", json_reply(&sum_problem("")));
    // A global and an attribute of a module (`sys`) an earlier round would have left; the answer
    // printed at exit (`atexit`, after `sys.exit()`): the child's end flushes it.
    let program = format!(
        "{FORKED}import atexit\nn = globals().get('n', 0) + 1\nseen = getattr(sys, 'seen_by_a_round', False)\n\
sys.seen_by_a_round = True\ns, z = map(int, input().split())\n\
atexit.register(print, s + z if forked and n == 1 and not seen else -1)\nsys.exit()\n"
    );
    let v = stressed(&mut s, args(&program, json!({})));
    if !batches(&v) {
        return;
    }
    assert_eq!(
        (v["verdict"].as_str(), v["rounds"].as_u64(), v["timeouts_not_repeated"].as_u64()),
        (Some("PASSED"), Some(12), Some(0)),
        "{v}"
    );
}

/// What a stress call found, in the words a fresh run and a forked one must share.
fn found(v: &Value) -> Value {
    let c = &v["counterexample"];
    // A time-out's words carry its times ("CPU 4950 ms past the 4000 ms limit"): each number as `#`.
    // Which of the CPU limit and the wall-clock cap stops a spinning run first is the machine's
    // load's choice (at load 12 a fresh run met the cap first): a time-out's words are not compared.
    let tle = c["program"]["verdict"] == "TLE";
    let exit = c["program"]["exit"].as_str().filter(|_| !tle).map(|e| {
        let mut out = String::new();
        for ch in e.chars() {
            if !ch.is_ascii_digit() {
                out.push(ch);
            } else if !out.ends_with('#') {
                out.push('#');
            }
        }
        out
    });
    json!([v["verdict"], c["seed"], c["size"], c["fault"], c["program"]["verdict"], exit])
}

#[test]
fn failures_in_a_forked_round_get_the_verdicts_of_fresh_runs() {
    if !usable() {
        return;
    }
    let (b, mut forking) = judge_server(vec![]);
    let (c, mut fresh) = judge_server(vec![("OJ_JUDGE_NO_FORK", "1".into())]);
    for backend in [&b, &c] {
        backend.route("/api/v1/problems/atcoder/sum_a", json_reply(&sum_problem("")));
    }
    // The right answer printed first, then the fault, on seed 3 only: the third round of the first
    // batch (sizes 1, 2, 1, 2: nothing smaller to look for).
    for (fault, verdict) in [
        ("raise ValueError('three')", "RE"),
        ("sys.exit(3)", "RE"),
        ("while True: pass", "TLE"),
        ("x = bytearray(1 << 30)", "MLE"),
    ] {
        let program = format!(
            "{FORKED}s, z = map(int, input().split())\nprint(s + z if forked else -1, flush=True)\nif s == 3:\n    {fault}\n"
        );
        let a = args(&program, json!({"rounds": 4, "max_size": 2, "time_limit_ms": 2000, "memory_limit_mb": 256}));
        let v = stressed(&mut forking, a.clone());
        if !batches(&v) {
            return;
        }
        assert_eq!(
            found(&v).as_array().unwrap()[..5],
            json!([verdict, 3, 1, "program", verdict]).as_array().unwrap()[..],
            "{v}"
        );
        // Fresh starts, where a non-forked program prints -1: the first round differs (WA). The
        // seed-3 round alone, forked in neither, has the same verdict as above.
        let mut a = a;
        a["code"] = json!(program.replace("if forked else -1", ""));
        let w = stressed(&mut fresh, a);
        assert_eq!(found(&w), found(&v), "fresh {w}\nforked {v}");
    }
}

#[test]
fn a_server_killed_or_stopped_by_its_child_costs_only_time() {
    if !usable() {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    b.route("/api/v1/problems/atcoder/sum_a", json_reply(&sum_problem("")));
    for sig in ["SIGKILL", "SIGSTOP"] {
        // Each batch fails at its first forked run (a server gone: a fresh start, whose output file
        // is there already; a server stopped: the time limit); that round runs again alone and
        // agrees, and the rounds go on.
        let program = format!(
            "{FORKED}import signal\nif forked:\n    os.kill(os.getppid(), signal.{sig})\n\
s, z = map(int, input().split())\nprint(s + z)\n"
        );
        let v = stressed(&mut s, args(&program, json!({"rounds": 3, "time_limit_ms": 3000})));
        if !batches(&v) {
            return;
        }
        assert_eq!((v["verdict"].as_str(), v["rounds"].as_u64()), (Some("PASSED"), Some(3)), "{sig}: {v}");
        assert!(v["timeouts_not_repeated"].as_u64() >= Some(1), "{sig}: {v}");
    }
}

/// Prints the sum where it was forked, holds no descriptor of its server's pipes (its parent's 0
/// and 1), and finds no other round's marker in its memory; else -1. (Not "no descriptor beyond
/// 2": a run inherits those the server inherited without close-on-exec, fork or not.)
const HOSTILE: &str = r"import re
s, z = map(int, input().split())
bad = not forked
theirs = {os.readlink('/proc/%d/fd/%d' % (os.getppid(), n)) for n in (0, 1)}
for fd in os.listdir('/proc/self/fd'):
    try:
        bad = bad or os.readlink('/proc/self/fd/' + fd) in theirs
    except OSError:
        pass
for line in open('/proc/self/maps').read().splitlines():
    f = line.split()
    if f[1][0] != 'r' or (len(f) > 5 and not f[5].startswith('[heap')):
        continue
    a, e = (int(x, 16) for x in f[0].split('-'))
    try:
        with open('/proc/self/mem', 'rb', 0) as m:
            m.seek(a)
            data = m.read(min(e - a, 1 << 26))
    except (OSError, ValueError, OverflowError):
        continue
    bad = bad or any(int(n) != s for n in re.findall(rb'round-marker-(\d+)', data))
print(-1 if bad else s + z)
";

#[test]
fn a_forked_round_holds_no_descriptor_of_its_server_nor_another_rounds_input() {
    if !usable() {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    b.route("/api/v1/problems/atcoder/sum_a", json_reply(&sum_problem("")));
    // Each input carries its round's marker on a second line; a round looks for another's in its
    // own memory (anonymous mappings: the heap, what the server left), and for its server's pipes
    // among its descriptors (they would let it forge the server's answers).
    let generator = "import sys\nprint(sys.argv[1], sys.argv[2])\nprint('round' + '-marker-' + sys.argv[1])\n";
    let program = format!("{FORKED}{HOSTILE}");
    let v = stressed(&mut s, args(&program, json!({"generator": py(generator)})));
    if !batches(&v) {
        return;
    }
    assert_eq!(
        (v["verdict"].as_str(), v["rounds"].as_u64(), v["timeouts_not_repeated"].as_u64()),
        (Some("PASSED"), Some(12), Some(0)),
        "{v}"
    );
}
