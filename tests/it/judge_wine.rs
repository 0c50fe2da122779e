//! `test_solution` of the Windows build, under Wine (`make windows-tests`, where
//! `OJ_MCP_BIN_OS=windows`): there is no Windows compiler at run time, so small C programs are
//! built here with mingw-w64 (`x86_64-w64-mingw32-gcc`) and judged as `command` through the real
//! `.exe` server. A correct program gets `AC` (on several samples at once), a wrong one `WA` with
//! the first differing line, an output flood `OLE`, a crash and a non-zero exit `RE` with the exit
//! status, an infinite loop `TLE` at the limit with the program and the child it started killed
//! (every Wine process is a Linux process, so `/proc` shows what is left), and a cancelled call's
//! program is killed at once. And `code` in C, compiled by a Windows C compiler under Wine (the
//! Tiny C Compiler for win64, `OJ_TEST_WIN_TCC`: see [`c_code_is_compiled_by_tcc_under_wine`]).
//! Elsewhere: skipped.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::harness;
use crate::judge::{CF_1A_C, alive, eventually, judge_server, judged, marker};

const MINGW: &str = "x86_64-w64-mingw32-gcc";

/// Builds `code` into `dir/name.exe` with mingw-w64; the path as the Windows program sees it
/// (Wine's drive `Z:` is the Linux root).
fn build(dir: &Path, name: &str, code: &str) -> String {
    let src = dir.join(format!("{name}.c"));
    std::fs::write(&src, code).unwrap();
    let exe: PathBuf = dir.join(format!("{name}.exe"));
    let built = std::process::Command::new(MINGW).args(["-O2", "-s", "-o"]).arg(&exe).arg(&src).status();
    assert!(built.is_ok_and(|s| s.success()), "{MINGW} failed on {name}.c");
    windows_path(&exe)
}

/// The programs: (name, source).
const PROGRAMS: &[(&str, &str)] = &[
    ("ok", CF_1A_C),
    (
        "yes_no",
        "#include <stdio.h>\n#include <string.h>\nint main(void){char s[16];scanf(\"%15s\",s);int ok=1;\
for(size_t i=1;i<strlen(s);i++)if(s[i]>=s[i-1])ok=0;puts(ok?\"Yes\":\"No\");return 0;}\n",
    ),
    ("wrong", "#include <stdio.h>\nint main(void){puts(\"35\");return 0;}\n"),
    ("crash", "int main(void){volatile int *p=0;*p=1;return 0;}\n"),
    ("exit3", "int main(void){return 3;}\n"),
    ("flood", "#include <stdio.h>\nint main(void){for(;;)puts(\"xxxxxxxxxxxxxxxxxxxxxxxx\");}\n"),
    // Starts the program named by its argument (no wait), then spins.
    (
        "parent",
        "#include <process.h>\nint main(int argc,char**argv){if(argc>1)_spawnl(_P_NOWAIT,argv[1],argv[1],(char*)0);\
volatile int x=0;for(;;)x++;}\n",
    ),
];

#[test]
fn windows_programs_are_judged_under_wine() {
    if !harness::windows() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("oj-judge-wine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = |name: &str| build(&dir, name, PROGRAMS.iter().find(|p| p.0 == name).unwrap().1);
    let (_b, mut s) = judge_server(vec![]);
    let run = |s: &mut harness::Server, id: (&str, &str), argv: Vec<String>| {
        judged(s, json!({"source": id.0, "id": id.1, "command": argv, "time_limit_ms": 1000}))
    };
    let cf = ("codeforces", "1A");
    let v = run(&mut s, cf, vec![exe("ok")]);
    assert_eq!((v["verdict"].as_str(), v["passed"].as_u64()), (Some("AC"), Some(1)), "{v}");
    // What Windows does not enforce is said.
    assert_eq!(
        (v["confinement"]["network_blocked"].as_bool(), v["confinement"]["memory_limited"].as_bool()),
        (Some(false), Some(false)),
        "{v}"
    );
    assert!(v["notes"].to_string().contains("only the wall-clock limit"), "{v}");
    let v = run(&mut s, ("atcoder", "abc321_a"), vec![exe("yes_no")]);
    assert_eq!((v["verdict"].as_str(), v["passed"].as_u64()), (Some("AC"), Some(2)), "{v}");
    let v = run(&mut s, cf, vec![exe("wrong")]);
    let d = &v["samples"][0]["first_difference"];
    assert_eq!(
        (v["verdict"].as_str(), d["line"].as_u64(), d["expected"].as_str(), d["got"].as_str()),
        (Some("WA"), Some(1), Some("6"), Some("35")),
        "{v}"
    );
    let v = run(&mut s, cf, vec![exe("crash")]);
    assert_eq!(
        (v["verdict"].as_str(), v["samples"][0]["exit"].as_str()),
        (Some("RE"), Some("exit code 0xC0000005 (access violation)")),
        "{v}"
    );
    let v = run(&mut s, cf, vec![exe("exit3")]);
    assert_eq!((v["verdict"].as_str(), v["samples"][0]["exit"].as_str()), (Some("RE"), Some("exit code 3")), "{v}");
    // The flood with time to reach the output cap: at load 10, Wine's pipe did not in 1 s (`TLE`).
    let v = judged(&mut s, json!({"source": cf.0, "id": cf.1, "command": [exe("flood")], "time_limit_ms": 20000}));
    assert_eq!(v["verdict"], "OLE", "{v}");
    time_limit_kills_the_tree(&mut s, &dir);
    cancellation_kills_the_program(&mut s, &dir);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A program that starts a child and spins: `TLE` at the limit, the call back within seconds,
/// and neither process left.
fn time_limit_kills_the_tree(s: &mut harness::Server, dir: &Path) {
    let (parent, child) = (marker(6), marker(5));
    let parent_exe = build(dir, &format!("parent-{parent}"), PROGRAMS.iter().find(|p| p.0 == "parent").unwrap().1);
    let child_exe = build(dir, &format!("spin-{child}"), "int main(void){volatile int x=0;for(;;)x++;}\n");
    let started = Instant::now();
    let v = judged(
        s,
        json!({"source": "codeforces", "id": "1A", "command": [parent_exe, child_exe], "time_limit_ms": 1000}),
    );
    let took = started.elapsed();
    assert_eq!(v["verdict"], "TLE", "{v}");
    let ms = v["samples"][0]["time_ms"].as_u64().unwrap();
    // Killed at the limit; Wine ends a tree (`taskkill /F /T`) seconds later on a busy machine.
    assert!((1000..10000).contains(&ms), "{v}");
    assert!(took < Duration::from_secs(10), "{took:?}");
    assert!(eventually(Duration::from_secs(3), || !alive(&parent)), "the program outlived its time limit");
    assert!(eventually(Duration::from_secs(3), || !alive(&child)), "the program's child outlived its time limit");
}

/// A cancelled call's program is killed at once; the server still answers, and the cancelled
/// call gets no reply.
fn cancellation_kills_the_program(s: &mut harness::Server, dir: &Path) {
    let spin = marker(4);
    let exe = build(dir, &format!("spin-{spin}"), "int main(void){volatile int x=0;for(;;)x++;}\n");
    let args = json!({"source": "codeforces", "id": "1A", "command": [exe], "time_limit_ms": 60000});
    s.send(&json!({"jsonrpc": "2.0", "id": "wine-1", "method": "tools/call",
        "params": {"name": "test_solution", "arguments": args}}));
    assert!(eventually(Duration::from_secs(20), || alive(&spin)), "the program never started");
    s.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "wine-1"}}));
    assert!(eventually(Duration::from_secs(3), || !alive(&spin)), "the program survived the cancellation");
    let pong = s.request("ping", json!({}));
    assert_eq!(pong["result"], json!({}), "{pong}");
    assert!(s.try_recv(Duration::from_millis(200)).is_none());
}

/// The path of `path` as a Windows program under Wine sees it (drive `Z:` is the Linux root).
fn windows_path(path: &Path) -> String {
    format!("Z:{}", path.display()).replace('/', "\\")
}

/// The Windows server compiles `code` in C with a Windows compiler (tcc.exe 0.9.26 for win64,
/// from PyPI's `tinycc`: `scripts/ship/ensure-tcc.sh`, whose path windows-check.sh passes in
/// `OJ_TEST_WIN_TCC`), named in `OJ_CC` as `tests/windows/tcc-gcc.c` (which drops the gcc flags
/// tcc refuses) and tcc's path, both quoted: `AC` on the samples, the same code again from the
/// compile cache, `WA`, `CE` with tcc's message, and an infinite loop `TLE` at the limit with its
/// `main.exe` killed.
/// Why not zig cc: zig.exe locks its cache with NtLockFile, which Wine does not implement.
#[test]
fn c_code_is_compiled_by_tcc_under_wine() {
    if !harness::windows() {
        return;
    }
    let tcc = std::env::var_os("OJ_TEST_WIN_TCC").map(PathBuf::from).filter(|p| p.is_file());
    let Some(tcc) = tcc else {
        eprintln!(
            "skipping: OJ_TEST_WIN_TCC names no tcc.exe (scripts/ship/ensure-tcc.sh): `code` is not compiled under Wine"
        );
        return;
    };
    let dir = std::env::temp_dir().join(format!("oj-judge-wine-cc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shim = dir.join("tcc-gcc.exe");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/windows/tcc-gcc.c");
    let built = std::process::Command::new(MINGW).args(["-O2", "-s", "-o"]).arg(&shim).arg(&src).status();
    assert!(built.is_ok_and(|s| s.success()), "{MINGW} failed on tcc-gcc.c");
    // Quoted, as a path with spaces would have to be.
    let cc = format!("\"{}\" \"{}\"", windows_path(&shim), windows_path(&tcc));
    let (_b, mut s) = judge_server(vec![("OJ_CC", cc)]);
    let run = |s: &mut harness::Server, code: &str| {
        let args = json!({"source": "codeforces", "id": "1A", "language": "c", "code": code, "time_limit_ms": 1000});
        let started = Instant::now();
        (judged(s, args), started.elapsed())
    };
    let (v, first) = run(&mut s, CF_1A_C);
    assert_eq!((v["verdict"].as_str(), v["passed"].as_u64()), (Some("AC"), Some(1)), "{v}");
    assert_eq!(v["compile"]["cached"], false, "{v}");
    let compile_ms = v["compile"]["ms"].as_u64().unwrap();
    let (v, again) = run(&mut s, CF_1A_C);
    // From the cache: the first build's compile time, not a new one (the wall times are printed,
    // not compared: a busy machine's runs under Wine vary by as much as tcc's compile takes).
    assert_eq!(
        (v["verdict"].as_str(), v["compile"]["cached"].as_bool(), v["compile"]["ms"].as_u64()),
        (Some("AC"), Some(true), Some(compile_ms)),
        "{v}"
    );
    eprintln!("tcc under Wine: compiled ({compile_ms} ms) and judged in {first:?}, from the cache in {again:?}");
    let (v, _) = run(&mut s, "#include <stdio.h>\nint main(void){puts(\"35\");return 0;}\n");
    let d = &v["samples"][0]["first_difference"];
    assert_eq!(
        (v["verdict"].as_str(), d["expected"].as_str(), d["got"].as_str()),
        (Some("WA"), Some("6"), Some("35")),
        "{v}"
    );
    let (v, _) = run(&mut s, "int main(void){return x;}\n");
    assert_eq!(v["verdict"], "CE", "{v}");
    assert!(v["compile_error"].as_str().unwrap().contains("'x' undeclared"), "{v}");
    spinning_code_is_killed_at_the_limit(&mut s);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An infinite loop in `code`: its `main.exe` (in the server's judge folder, `oj-judge-<pid>\…`)
/// is seen running, then the call is `TLE` at the 1 s limit and no `main.exe` is left.
fn spinning_code_is_killed_at_the_limit(s: &mut harness::Server) {
    let code = "int main(void){volatile int x=0;for(;;)x++;}\n";
    let args = json!({"source": "codeforces", "id": "1A", "language": "c", "code": code, "time_limit_ms": 1000});
    let running = || alive_where(|c| c.contains("oj-judge-") && c.contains("main.exe"));
    let started = Instant::now();
    s.send(&json!({"jsonrpc": "2.0", "id": "tcc-tle", "method": "tools/call",
        "params": {"name": "test_solution", "arguments": args}}));
    assert!(eventually(Duration::from_secs(20), running), "main.exe never started");
    let r = s.wait_for(&json!("tcc-tle"));
    let took = started.elapsed();
    let v = &r["result"]["structuredContent"];
    assert_eq!(v["verdict"], "TLE", "{r}");
    // Killed at the limit; Wine ends a tree (`taskkill /F /T`) seconds later on a busy machine.
    assert!((1000..10000).contains(&v["samples"][0]["time_ms"].as_u64().unwrap()), "{v}");
    assert!(took < Duration::from_secs(15), "{took:?}");
    assert!(eventually(Duration::from_secs(3), || !running()), "main.exe outlived its time limit");
}

/// Whether a process whose command line satisfies `pred` is alive (Linux: /proc).
fn alive_where(pred: impl Fn(&str) -> bool) -> bool {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .any(|e| std::fs::read(e.path().join("cmdline")).is_ok_and(|c| pred(&String::from_utf8_lossy(&c))))
}
