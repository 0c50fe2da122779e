//! `test_solution` through the binary, with real compilers (`--allow-run`): correct C++, C and
//! Python solutions of a fixture problem of each stdin platform pass; each kind of failure gets
//! its verdict within its limit; the program's environment holds no token; cancellation leaves no
//! process behind; LeetCode through the Python harness; limits and float comparison from the
//! statement. A language whose compiler is missing is skipped with a message (`.ci/run` installs
//! gcc, g++ and python3).

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::backend::{self, Backend};
use crate::harness::{self, Opts, Server};
use crate::util::json_reply;

const TOOL: &str = "test_solution";

/// A fixture backend and a server started with `--allow-run` (and `env`), initialized.
pub(crate) fn judge_server(env: Vec<(&'static str, String)>) -> (Backend, Server) {
    let b = Backend::start(&backend::fixtures_dir()).with_token(harness::TOKEN);
    let mut opts = Opts { base_url: None, args: vec!["--allow-run"], ..Opts::default() };
    // The harness clears the server's environment: the compilers are found on this PATH.
    opts.env.push(("PATH", std::env::var("PATH").unwrap_or_default()));
    // OJ_JUDGE_NO_NAMESPACES=1 cargo test: the fallback of machines without user namespaces.
    if let Ok(v) = std::env::var("OJ_JUDGE_NO_NAMESPACES") {
        opts.env.push(("OJ_JUDGE_NO_NAMESPACES", v));
    }
    opts.env.extend(env);
    let url = b.url();
    opts.base_url = Some(&url);
    let mut s = Server::with(opts);
    s.initialize("2025-11-25");
    (b, s)
}

/// `OJ_CXX` for LeetCode's C++ without AddressSanitizer (the user's way to turn it off), for
/// tests of the driver's calls: `judge_asan.rs` tests the sanitizer, and ASan builds are the
/// slowest of the suite.
pub(crate) fn cxx_without_asan() -> (&'static str, String) {
    let cxx = if have("clang++") { "clang++" } else { "g++" };
    ("OJ_CXX", format!("{cxx} -fno-sanitize=address"))
}

/// Whether `cmd` is on PATH; says so on stderr when not (the test is skipped). A Windows binary
/// under Wine (`make windows-tests`) cannot run the host's Linux compilers: skipped too (its
/// judge is tested with programs built by mingw-w64 instead: `judge_wine.rs`).
pub(crate) fn have(cmd: &str) -> bool {
    if harness::windows() {
        eprintln!("skipping: no Linux compiler for the Windows build (tests/it/judge_wine.rs runs its judge)");
        return false;
    }
    let found = std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(cmd).is_file()));
    if !found {
        eprintln!("skipping: `{cmd}` is not installed");
    }
    found
}

/// A call's structured result, after checking it is not an error and matches the tool's
/// `outputSchema`.
pub(crate) fn judged(s: &mut Server, args: Value) -> Value {
    let r = s.call(TOOL, args.clone());
    assert_eq!(r["result"]["isError"], json!(false), "{args}: {r}");
    let list = s.request("tools/list", json!({}));
    let tools = list["result"]["tools"].as_array().unwrap();
    let schema = &tools.iter().find(|t| t["name"] == TOOL).unwrap()["outputSchema"];
    let v = r["result"]["structuredContent"].clone();
    let errors = crate::schema_check::check(schema, &v);
    assert!(errors.is_empty(), "{errors:?}: {v}");
    v
}

pub(crate) const CF_1A_C: &str = "#include <stdio.h>\nint main(void){long long n,m,a;if(scanf(\"%lld%lld%lld\",&n,&m,&a)!=3)return 1;\
printf(\"%lld\\n\",((n+a-1)/a)*((m+a-1)/a));return 0;}\n";

/// (source, id, C++, C, Python): one problem of each stdin platform of the fixtures.
type Row = (&'static str, &'static str, &'static str, &'static str, &'static str);
const SOLUTIONS: &[Row] = &[
    (
        "codeforces",
        "1A",
        "#include <iostream>\nint main(){long long n,m,a;std::cin>>n>>m>>a;std::cout<<((n+a-1)/a)*((m+a-1)/a)<<'\\n';}\n",
        CF_1A_C,
        "n, m, a = map(int, input().split())\nprint(((n + a - 1) // a) * ((m + a - 1) // a))\n",
    ),
    (
        "atcoder",
        "abc321_a",
        "#include <iostream>\n#include <string>\nint main(){std::string s;std::cin>>s;bool ok=true;\
for(size_t i=1;i<s.size();i++)if(s[i]>=s[i-1])ok=false;std::cout<<(ok?\"Yes\":\"No\")<<std::endl;}\n",
        "#include <stdio.h>\n#include <string.h>\nint main(void){char s[16];scanf(\"%15s\",s);int ok=1;\
for(size_t i=1;i<strlen(s);i++)if(s[i]>=s[i-1])ok=0;puts(ok?\"Yes\":\"No\");return 0;}\n",
        "s = input().strip()\nprint('Yes' if all(a > b for a, b in zip(s, s[1:])) else 'No')\n",
    ),
    (
        "luogu",
        "P1002",
        "#include <iostream>\nint main(){int n,m,x,y;std::cin>>n>>m>>x>>y;long long f[25][25]={};\
auto bad=[&](int i,int j){int dx=i-x,dy=j-y;return (dx==0&&dy==0)||(dx*dx+dy*dy==5);};\
for(int i=0;i<=n;i++)for(int j=0;j<=m;j++){if(bad(i,j)){f[i][j]=0;continue;}if(!i&&!j){f[i][j]=1;continue;}\
f[i][j]=(i?f[i-1][j]:0)+(j?f[i][j-1]:0);}std::cout<<f[n][m]<<'\\n';}\n",
        "#include <stdio.h>\nint main(void){int n,m,x,y;scanf(\"%d%d%d%d\",&n,&m,&x,&y);long long f[25][25]={{0}};\
for(int i=0;i<=n;i++)for(int j=0;j<=m;j++){int dx=i-x,dy=j-y;if((dx==0&&dy==0)||dx*dx+dy*dy==5){f[i][j]=0;continue;}\
if(!i&&!j){f[i][j]=1;continue;}f[i][j]=(i?f[i-1][j]:0)+(j?f[i][j-1]:0);}printf(\"%lld\\n\",f[n][m]);return 0;}\n",
        "n, m, x, y = map(int, input().split())
f = [[0] * (m + 1) for _ in range(n + 1)]
for i in range(n + 1):
    for j in range(m + 1):
        dx, dy = i - x, j - y
        if (dx, dy) == (0, 0) or dx * dx + dy * dy == 5:
            continue
        f[i][j] = 1 if i == j == 0 else (f[i - 1][j] if i else 0) + (f[i][j - 1] if j else 0)
print(f[n][m])
",
    ),
    (
        "spoj",
        "SP1",
        "#include <iostream>\nint main(){int x;while(std::cin>>x&&x!=42)std::cout<<x<<'\\n';}\n",
        "#include <stdio.h>\nint main(void){int x;while(scanf(\"%d\",&x)==1&&x!=42)printf(\"%d\\n\",x);return 0;}\n",
        "import sys\nfor line in sys.stdin:\n    if int(line) == 42:\n        break\n    print(int(line))\n",
    ),
];

/// Correct solutions in each language pass every sample of each platform's fixture.
fn passes_everywhere(language: &str, pick: fn(&Row) -> &'static str, tool: &str) {
    if !have(tool) {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    for row in SOLUTIONS {
        let v = judged(&mut s, json!({"source": row.0, "id": row.1, "language": language, "code": pick(row)}));
        assert_eq!(v["verdict"], "AC", "{language} {} {}: {v}", row.0, row.1);
        assert_eq!(v["passed"], v["total"], "{v}");
        assert!(v["total"].as_u64().unwrap() >= 1);
    }
}

#[test]
fn correct_cpp_solutions_pass() {
    passes_everywhere("cpp", |r| r.2, "g++");
}

#[test]
fn correct_c_solutions_pass() {
    passes_everywhere("c", |r| r.3, "gcc");
}

#[test]
fn correct_python_solutions_pass() {
    passes_everywhere("python", |r| r.4, "python3");
}

/// A C program on Codeforces 1A (one sample: `7 5 3` → `6`), with a time limit.
fn run_c(s: &mut Server, code: &str, extra: Value) -> Value {
    let mut args = json!({"source": "codeforces", "id": "1A", "language": "c", "code": code});
    for (k, v) in extra.as_object().unwrap() {
        args[k] = v.clone();
    }
    judged(s, args)
}

#[test]
fn each_failure_gets_its_verdict_within_the_limit() {
    if !have("gcc") {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    let cases: &[(&str, &str, &str)] = &[
        ("WA", "#include <stdio.h>\nint main(void){puts(\"35\");return 0;}", ""),
        ("TLE", "int main(void){volatile int x=0;for(;;)x++;}", ""),
        ("TLE", "#include <unistd.h>\nint main(void){sleep(100);return 0;}", "sleeping"),
        ("TLE", "#include <stdio.h>\nint main(void){char b[8];while(fgets(b,8,stdin)||1){}}", "reading forever"),
        ("RE", "int main(void){volatile int *p=0;*p=1;return 0;}", "killed by signal 11 (SIGSEGV)"),
        ("RE", "int main(void){return 3;}", "exit code 3"),
        ("OLE", "#include <stdio.h>\nint main(void){for(;;)puts(\"xxxxxxxxxxxxxxxxxxxxxxxx\");}", ""),
        // 2 MB is under the cap (a LeetCode answer can be that large: 2641's tree of 10^5 nodes).
        ("WA", "#include <stdio.h>\nint main(void){for(int i=0;i<80000;i++)puts(\"xxxxxxxxxxxxxxxxxxxxxxxx\");}", ""),
        (
            "MLE",
            "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\nint main(void){char*p=malloc(1u<<30);\
if(!p){fputs(\"out of memory\\n\",stderr);return 1;}memset(p,1,1u<<30);puts(\"6\");return 0;}",
            "",
        ),
    ];
    for (want, code, exit) in cases {
        let started = Instant::now();
        let v = run_c(&mut s, code, json!({"time_limit_ms": 400, "memory_limit_mb": 64}));
        let took = started.elapsed();
        assert_eq!(v["verdict"], *want, "{code}: {v}");
        // Under qemu the server itself is emulated, four tests at once (`make aarch64-tests`).
        let bound = Duration::from_secs(if crate::harness::emulated() { 40 } else { 8 });
        assert!(took < bound, "{code}: {took:?}");
        if *exit == "sleeping" {
            // Little CPU: the wall-clock cap stopped it, and the result says so.
            let why = v["samples"][0]["exit"].as_str().unwrap_or("");
            assert!(why.contains("wall-clock cap") && why.contains("waited"), "{v}");
        }
        if exit.contains("signal") || exit.contains("exit") {
            assert_eq!(v["samples"][0]["exit"], *exit, "{v}");
        }
    }
    // Past the limit on the wall clock but not in CPU time (a busy machine looks the same): not
    // TLE, under the wall-clock cap (2.4 s here).
    let slow = "#include <stdio.h>\n#include <unistd.h>\nint main(void){usleep(600000);puts(\"6\");return 0;}";
    let v = run_c(&mut s, slow, json!({"time_limit_ms": 400}));
    // Under an emulator the binary cannot start itself as the run's init, which measures the CPU
    // time: there the wall clock alone judges, as the docs say.
    assert_eq!(v["verdict"], if harness::emulated() { "TLE" } else { "AC" }, "{v}");
    // Threads spinning on every core reach the CPU limit (`prlimit --cpu`, a second over the
    // limit) before the wall clock reaches the limit: killed by it, a TLE, never an RE (a JVM's
    // threads under load did this in a stress batch).
    let threads = "#include <pthread.h>\nstatic void*spin(void*a){volatile int x=0;for(;;)x++;return a;}\n\
int main(void){pthread_t t[7];for(int i=0;i<7;i++)pthread_create(&t[i],0,spin,0);spin(0);}";
    // (Not under an emulator: without the run's init no CPU time is measured, and the kill is
    // a signal like any other.)
    if !harness::emulated() {
        let v = run_c(&mut s, threads, json!({"time_limit_ms": 2000}));
        assert_eq!(v["verdict"], "TLE", "{v}");
    }
    let v = run_c(&mut s, "#include <stdio.h>\nint main(void){puts(\"35\");return 0;}", json!({}));
    let d = &v["samples"][0]["first_difference"];
    assert_eq!(
        (d["line"].as_u64(), d["expected"].as_str(), d["got"].as_str()),
        (Some(1), Some("6"), Some("35")),
        "{v}"
    );
    assert_eq!(v["samples"][0]["input"], "7 5 3\n");
    // Out of time under a limit the statement does not state: the note says whose it is and how
    // to give another (a heuristic contest's program runs to its own clock).
    let spin = "int main(void){volatile int x=0;for(;;)x++;}";
    let v = judged(&mut s, json!({"source": "atcoder", "id": "abc321_a", "language": "c", "code": spin, "tests": [1]}));
    assert_eq!(v["verdict"], "TLE", "{v}");
    assert!(v["limits"]["from"].as_str().unwrap().starts_with("time: default"), "{v}");
    assert!(v["notes"].to_string().contains("pass `time_limit_ms`"), "{v}");
}

/// How a program ended, reported exactly, with the PID namespace (where the program is not its
/// namespace's PID 1, which could not `abort()`: glibc then faults, SIGSEGV) and without it.
#[test]
fn signals_and_exit_codes_are_reported_exactly() {
    // Emulated (an arm64 build under qemu-user), the server cannot start itself as the init: the
    // program is PID 1 and a signal it sends itself is lost, as docs/sandbox.md says.
    if !have("gcc") || !have("g++") || !cfg!(target_os = "linux") || crate::harness::emulated() {
        return;
    }
    let cases: &[(&str, &str, &str)] = &[
        ("c", "#include <stdlib.h>\nint main(void){abort();}", "killed by signal 6 (SIGABRT)"),
        ("c", "#include <assert.h>\nint main(void){assert(1 == 2);return 0;}", "killed by signal 6 (SIGABRT)"),
        (
            "cpp",
            "#include <stdexcept>\nint main(){throw std::runtime_error(\"boom\");}",
            "killed by signal 6 (SIGABRT)",
        ),
        ("c", "#include <stdlib.h>\nint main(void){exit(134);}", "exit code 134"),
        ("c", "#include <stdlib.h>\nint main(void){exit(139);}", "exit code 139"),
        ("c", "int main(void){volatile int *p=0;*p=1;return 0;}", "killed by signal 11 (SIGSEGV)"),
        ("c", "#include <signal.h>\nint main(void){raise(SIGTERM);return 0;}", "killed by signal 15 (SIGTERM)"),
        (
            "c",
            "#include <signal.h>\n#include <unistd.h>\nint main(void){kill(getpid(),SIGUSR1);return 0;}",
            "killed by signal 10 (signal)",
        ),
    ];
    let with =
        if namespaces() { vec![vec![], vec![("OJ_JUDGE_NO_NAMESPACES", "1".to_string())]] } else { vec![vec![]] };
    for env in with {
        let (_b, mut s) = judge_server(env.clone());
        for (language, code, exit) in cases {
            let args = json!({"source": "codeforces", "id": "1A", "language": language, "code": code});
            let v = judged(&mut s, args);
            assert_eq!(
                (v["verdict"].as_str(), v["samples"][0]["exit"].as_str()),
                (Some("RE"), Some(*exit)),
                "{env:?} {code}: {v}"
            );
        }
    }
}

#[test]
fn a_compile_error_is_one_ce_with_the_compilers_message() {
    if !have("g++") {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    let r = s.call(TOOL, json!({"source": "codeforces", "id": "1A", "language": "cpp", "code": "int main( {"}));
    let v = &r["result"]["structuredContent"];
    assert_eq!(v["verdict"], "CE", "{r}");
    assert!(v["compile_error"].as_str().unwrap().contains("error"), "{v}");
    assert_eq!(v["samples"], json!([]));
    assert!(harness::text(&r).contains("## Compilation error (CE)"), "{r}");
}

/// Whether a process whose command line holds `marker` is alive (Linux: /proc).
pub(crate) fn alive(marker: &str) -> bool {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .any(|e| std::fs::read(e.path().join("cmdline")).is_ok_and(|c| String::from_utf8_lossy(&c).contains(marker)))
}

/// Polls `cond` for up to `within`.
pub(crate) fn eventually(within: Duration, cond: impl Fn() -> bool) -> bool {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        if cond() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    cond()
}

/// Whether the runs get a PID namespace here (as the server decides: `unshare` works and
/// `OJ_JUDGE_NO_NAMESPACES` is not set). Without one, a process that leaves the process group
/// (`setsid`) is out of the judge's reach, as docs/sandbox.md says.
fn namespaces() -> bool {
    std::env::var_os("OJ_JUDGE_NO_NAMESPACES").is_none()
        && std::process::Command::new("unshare")
            .args(["-rn", "--pid", "--fork", "--kill-child", "--", "true"])
            .status()
            .is_ok_and(|s| s.success())
}

/// A marker for `sleep`: unique to this test process, and a short sleep (a few seconds) so that
/// nothing lingers even if a test fails.
pub(crate) fn marker(k: u32) -> String {
    format!("{k}.{}{k}", std::process::id())
}

/// A C program that forks a `sleep <marker>` (in a session of its own when `escape`), then
/// answers 1A (`answer`) or becomes a `sleep <marker>` itself.
fn forking(marker: &str, answer: bool, escape: bool) -> String {
    format!(
        "#include <stdio.h>\n#include <unistd.h>\nint main(void){{if(fork()==0){{{}\
execlp(\"sleep\",\"sleep\",\"{marker}\",(char*)0);return 0;}}{}return 0;}}",
        if escape { "setsid();" } else { "" },
        if answer { "puts(\"6\");".to_string() } else { format!("execlp(\"sleep\",\"sleep\",\"{marker}\",(char*)0);") }
    )
}

#[test]
fn a_fork_that_outlives_its_parent_dies_with_the_run() {
    if !have("gcc") || !cfg!(target_os = "linux") {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    // Without a PID namespace only a child that stays in the process group is caught.
    let escape = namespaces();
    let marker = marker(9);
    let v = run_c(&mut s, &forking(&marker, true, escape), json!({"time_limit_ms": 2000}));
    assert_eq!(v["verdict"], "AC", "{v}");
    assert_eq!(v["confinement"]["pid_namespace"], escape, "{v}");
    assert!(eventually(Duration::from_secs(2), || !alive(&marker)), "a forked process outlived the run");
}

#[test]
fn cancellation_kills_the_program_and_its_children() {
    if !have("gcc") || !cfg!(target_os = "linux") {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    let marker = marker(8);
    let code = forking(&marker, false, namespaces());
    let args = json!({"source": "codeforces", "id": "1A", "language": "c", "code": code,
        "time_limit_ms": 60000});
    s.send(&json!({"jsonrpc": "2.0", "id": "judge-1", "method": "tools/call",
        "params": {"name": TOOL, "arguments": args}}));
    assert!(eventually(Duration::from_secs(20), || alive(&marker)), "the program never started");
    s.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "judge-1"}}));
    assert!(eventually(Duration::from_secs(3), || !alive(&marker)), "processes survived the cancellation");
    // No reply to a cancelled call; the server still answers.
    let pong = s.request("ping", json!({}));
    assert_eq!(pong["result"], json!({}), "{pong}");
    assert!(s.try_recv(Duration::from_millis(200)).is_none());
}

/// A `test_solution` in a batch takes the same path as one alone: it reports its samples'
/// progress before the batch's reply, and a cancellation kills its program and leaves its entry
/// out of the array.
#[test]
fn a_batched_test_solution_reports_progress_and_can_be_cancelled() {
    if !have("gcc") || !have("python3") || !cfg!(target_os = "linux") {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    let code = "import sys\nfor line in sys.stdin:\n    if int(line) == 42: break\n    print(int(line))\n";
    s.send(&json!([
        {"jsonrpc": "2.0", "id": "j", "method": "tools/call", "params": {"name": TOOL, "_meta": {"progressToken": "p"},
            "arguments": {"source": "spoj", "id": "SP1", "language": "python", "code": code}}},
        {"jsonrpc": "2.0", "id": "ping", "method": "ping"},
    ]));
    let mut steps = Vec::new();
    let reply = loop {
        let v = s.recv();
        if v.is_array() {
            break v;
        }
        assert_eq!(v["method"], "notifications/progress", "{v}");
        steps.push(v["params"].clone());
    };
    assert_eq!(reply[0]["result"]["structuredContent"]["verdict"], "AC", "{reply}");
    assert_eq!(reply[1]["id"], "ping", "{reply}");
    let last = steps.last().expect("progress before the batch reply");
    assert_eq!(last["progress"], last["total"], "{last}");
    assert!(last["message"].as_str().unwrap().contains("sample 1: AC"), "{last}");

    let marker = marker(7);
    let args = json!({"source": "codeforces", "id": "1A", "language": "c",
        "code": forking(&marker, false, namespaces()), "time_limit_ms": 60000});
    s.send(&json!([
        {"jsonrpc": "2.0", "id": "judge-2", "method": "tools/call", "params": {"name": TOOL, "arguments": args}},
        {"jsonrpc": "2.0", "id": "ping-2", "method": "ping"},
    ]));
    assert!(eventually(Duration::from_secs(20), || alive(&marker)), "the program never started");
    s.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "judge-2"}}));
    assert!(eventually(Duration::from_secs(3), || !alive(&marker)), "processes survived the cancellation");
    let reply = s.recv();
    assert_eq!(reply, json!([{"jsonrpc": "2.0", "id": "ping-2", "result": {}}]), "the cancelled entry is left out");
    assert!(s.try_recv(Duration::from_millis(200)).is_none());
}

#[test]
fn a_killed_server_leaves_no_process_behind() {
    if !have("gcc") || !have("setpriv") || !cfg!(target_os = "linux") {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    let marker = marker(7);
    // Without namespaces the parent-death signal reaches the program itself, not its children.
    let code = if namespaces() {
        forking(&marker, false, true)
    } else {
        format!("#include <unistd.h>\nint main(void){{execlp(\"sleep\",\"sleep\",\"{marker}\",(char*)0);return 1;}}")
    };
    let args = json!({"source": "codeforces", "id": "1A", "language": "c", "code": code,
        "time_limit_ms": 60000});
    s.send(&json!({"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {"name": TOOL, "arguments": args}}));
    assert!(eventually(Duration::from_secs(20), || alive(&marker)), "the program never started");
    // SIGKILL: no handler of the server runs; the runs die with the init's lifeline (namespaces)
    // or through their parent-death signal (without).
    let killed = std::process::Command::new("kill").args(["-KILL", &s.pid().to_string()]).status().unwrap();
    assert!(killed.success());
    assert!(eventually(Duration::from_secs(3), || !alive(&marker)), "a run outlived the server");
}

#[test]
fn the_program_sees_no_token_no_proxy_and_no_server_variable() {
    if !have("python3") {
        return;
    }
    let (_b, mut s) = judge_server(vec![("HTTP_PROXY", "http://127.0.0.1:9".into()), ("OJ_LOG", "debug".into())]);
    let code = "import os, sys
leaks = [k for k, v in os.environ.items() if 'fixture-token' in v or 'proxy' in k.lower() or k.startswith('OJ_')]
# LANG too: the wrappers start without it (their locale files cost time), the init gives it back.
print(6 if not leaks and 'LANG' in os.environ else (leaks, sorted(os.environ)))
print(sorted(os.environ), file=sys.stderr)
";
    let r = s.call(TOOL, json!({"source": "codeforces", "id": "1A", "language": "python", "code": code}));
    let v = &r["result"]["structuredContent"];
    assert_eq!(v["verdict"], "AC", "{r}");
    assert!(!r.to_string().contains(harness::TOKEN));
    assert!(!s.stderr().contains(harness::TOKEN));
}

#[test]
fn leetcode_through_the_python_harness() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    // LeetCode's prelude: `bisect` and `random` are the modules (374's accepted solution calls
    // `bisect.bisect`, 384's `random.randrange`), and their functions are there by name too
    // (380's `choice`, 912's `randint`).
    let good = "class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        seen = {} if bisect.bisect([1], 1) == bisect_left([1], 2) else None
        seen = seen if random.randrange(1) == choice([0]) == randint(0, 0) else None
        for i, x in enumerate(nums):
            if target - x in seen:
                return [i, seen[target - x]]
            seen[x] = i
";
    let v = judged(&mut s, json!({"source": "leetcode", "id": "1", "language": "python", "code": good}));
    // [3, 2] for [2,3]: the statement lets the pair come in any order.
    assert_eq!(v["verdict"], "AC", "{v}");
    assert_eq!(v["comparison"]["mode"], "data");
    let bad = "class Solution:\n    def twoSum(self, nums, target):\n        return [0, 1]\n";
    let v = judged(&mut s, json!({"source": "leetcode", "id": "1", "language": "python", "code": bad}));
    assert_eq!(v["verdict"], "WA", "{v}");
    let d = &v["samples"][0]["first_difference"];
    assert_eq!((d["expected"].as_str(), d["got"].as_str()), (Some("[2,3]"), Some("[0,1]")), "{v}");
    // A linked list in, a linked list out: built from the sample's list and shown as one.
    let statement = "<p>Reverse the list.</p><p><strong class=\"example\">Example 1:</strong></p>\
<pre><strong>Input:</strong> head = [1,2,3]\n<strong>Output:</strong> [3,2,1]\n</pre>\
<p><strong class=\"example\">Example 2:</strong></p><pre><strong>Input:</strong> head = []\n\
<strong>Output:</strong> []\n</pre>";
    b.route(
        "/api/v1/problems/leetcode/206",
        json_reply(&json!({"id": "206", "source": "leetcode", "title": "Reverse Linked List", "tags": [],
            "content": statement})),
    );
    let reverse = "class Solution:
    def reverseList(self, head: Optional[ListNode]) -> Optional[ListNode]:
        prev = None
        while head:
            head.next, prev, head = prev, head, head.next
        return prev
";
    let v = judged(&mut s, json!({"source": "leetcode", "id": "206", "language": "python", "code": reverse}));
    assert_eq!((v["verdict"].as_str(), v["passed"].as_u64()), (Some("AC"), Some(2)), "{v}");
    let text = s.call_err(TOOL, json!({"source": "leetcode", "id": "1", "language": "c", "code": "int x;"}));
    assert!(text.contains("`c` has no driver"), "{text}");
}

#[test]
fn limits_and_comparison_come_from_the_statement() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    let v = judged(&mut s, json!({"source": "codeforces", "id": "1A", "language": "python", "code": "print(6)"}));
    assert_eq!(v["limits"], json!({"time_ms": 1000, "memory_mb": 256, "from": "time: statement, memory: statement"}));
    assert_eq!(v["comparison"]["mode"], "tokens");
    let statement = "<p>Print one third.</p><p>Your answer is accepted if its absolute or relative error does not \
exceed 10<sup>-6</sup>. If there are multiple answers, print any of them.</p>\
<h3>Sample Input 1</h3><pre>1\n</pre><h3>Sample Output 1</h3><pre>0.3333333333\n</pre>";
    b.route(
        "/api/v1/problems/atcoder/float_a",
        json_reply(&json!({"id": "float_a", "source": "atcoder", "title": "Third", "tags": [], "content": statement})),
    );
    let v =
        judged(&mut s, json!({"source": "atcoder", "id": "float_a", "language": "python", "code": "print(0.333333)"}));
    assert_eq!(v["verdict"], "AC", "{v}");
    assert_eq!(
        (v["comparison"]["mode"].as_str(), v["comparison"]["float_tolerance"].as_f64()),
        (Some("float"), Some(1e-6))
    );
    assert!(v["comparison"]["why"].as_str().unwrap().contains("absolute or relative error"), "{v}");
    assert_eq!(
        v["limits"]["from"],
        "time: default, memory: default (AtCoder's usual limits, 2 s and 1024 MB: the stored statement states none)"
    );
    assert_eq!((v["limits"]["time_ms"].as_u64(), v["limits"]["memory_mb"].as_u64()), (Some(2000), Some(1024)));
    // A different answer where any is accepted: UNVERIFIED, unless a checker decides.
    let v = judged(&mut s, json!({"source": "atcoder", "id": "float_a", "language": "python", "code": "print(0.5)"}));
    assert_eq!((v["verdict"].as_str(), v["mismatch_rule"].as_str()), (Some("UNVERIFIED"), Some("any_answer")), "{v}");
    let checker = json!(["sh", "-c", "test \"$(cat \"$2\")\" = 0.5", "checker"]);
    let v = judged(
        &mut s,
        json!({"source": "atcoder", "id": "float_a", "language": "python", "code": "print(0.5)",
        "checker": checker}),
    );
    assert_eq!((v["verdict"].as_str(), v["mismatch_rule"].as_str()), (Some("AC"), Some("checker")), "{v}");
    let v = judged(
        &mut s,
        json!({"source": "atcoder", "id": "float_a", "language": "python", "code": "print(0.5)",
        "compare": "exact", "checker": ["false"]}),
    );
    assert_eq!(v["verdict"], "WA", "{v}");
}

#[test]
fn interactive_problems_and_missing_samples_get_a_clear_message() {
    let (b, mut s) = judge_server(vec![]);
    b.route(
        "/api/v1/problems/codeforces/9I",
        json_reply(&json!({"id": "9I", "source": "codeforces", "title": "Guess", "tags": [],
            "content": "<p>This is an interactive problem.</p><h3>Example</h3><pre>1\n</pre>"})),
    );
    let text = s.call_err(TOOL, json!({"source": "codeforces", "id": "9I", "language": "python", "code": "print(1)"}));
    assert!(text.contains("interactive"), "{text}");
    b.route(
        "/api/v1/problems/codeforces/9N",
        json_reply(
            &json!({"id": "9N", "source": "codeforces", "title": "None", "tags": [], "content": "<p>No samples.</p>"}),
        ),
    );
    let text = s.call_err(TOOL, json!({"source": "codeforces", "id": "9N", "language": "python", "code": "print(1)"}));
    assert!(text.contains("No sample tests"), "{text}");
    // Arguments are checked before any request.
    let text = s.call_err(TOOL, json!({"source": "codeforces", "id": "1A", "code": "x"}));
    assert!(text.contains("`language` is required"), "{text}");
    let text = s.call_err(TOOL, json!({"source": "codeforces", "id": "1A", "code": "x", "command": ["a"]}));
    assert!(text.contains("exactly one of"), "{text}");
}

#[test]
fn progress_is_reported_per_sample() {
    if !have("python3") {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    let code = "import sys\nfor line in sys.stdin:\n    if int(line) == 42: break\n    print(int(line))\n";
    s.send(&json!({"jsonrpc": "2.0", "id": 77, "method": "tools/call", "params": {"name": TOOL,
        "arguments": {"source": "spoj", "id": "SP1", "language": "python", "code": code}, "_meta": {"progressToken": "p"}}}));
    let reply = s.wait_for(&json!(77));
    assert_eq!(reply["result"]["structuredContent"]["verdict"], "AC", "{reply}");
    // The notifications came before the reply: wait_for kept them aside.
    let mut progress = Vec::new();
    while let Some(m) = s.try_recv(Duration::from_millis(50)) {
        progress.push(m);
    }
    let p: Vec<&Value> = progress.iter().filter(|m| m["method"] == "notifications/progress").collect();
    assert!(!p.is_empty(), "{progress:?}");
    let last = &p[p.len() - 1]["params"];
    assert_eq!(last["progress"], last["total"], "{last}");
    assert!(last["message"].as_str().unwrap().contains("sample 1: AC"), "{last}");
}

#[test]
fn off_by_default_hidden_and_unknown() {
    let b = Backend::start(&backend::fixtures_dir()).with_token(harness::TOKEN);
    let mut s = Server::start(&b.url());
    s.initialize("2025-11-25");
    let list = s.request("tools/list", json!({}));
    let names: Vec<&str> =
        list["result"]["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert!(!names.contains(&TOOL), "{names:?}");
    let r = s.call(TOOL, json!({"source": "codeforces", "id": "1A", "language": "c", "code": CF_1A_C}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    // On: listed last, after the manifest's tools, not read-only, not open-world.
    let (_b2, mut on) = judge_server(vec![]);
    let list = on.request("tools/list", json!({}));
    let tools = list["result"]["tools"].as_array().unwrap();
    let last = &tools[tools.len() - 2];
    assert_eq!(last["name"], TOOL);
    assert_eq!(tools[tools.len() - 1]["name"], "stress_test");
    assert_eq!(tools.len(), names.len() + 2);
    assert_eq!(
        (last["annotations"]["readOnlyHint"].as_bool(), last["annotations"]["openWorldHint"].as_bool()),
        (Some(false), Some(false))
    );
    let description = last["description"].as_str().unwrap();
    assert!(description.contains("ON THIS MACHINE"), "{description}");
    // The languages come from the judge's tables (Java and Rust have LeetCode drivers), and the
    // confinement sentence says what the sandbox does rather than that there is none.
    assert!(description.contains("LeetCode problems: python, pypy, cpp, go, java, rust, javascript, typescript"));
    assert!(description.contains("read-only") && description.contains("no network"), "{description}");
    assert!(!description.contains("not a sandbox"), "{description}");
    let language = &last["inputSchema"]["properties"]["language"];
    assert_eq!(language["enum"].as_array().map(Vec::len), Some(9), "{language}");
    assert!(language["description"].as_str().unwrap().contains("rust (rustc -O)"), "{language}");
    // OJ_ALLOW_RUN=1 does the same.
    let url = b.url();
    let mut env_on =
        Server::with(Opts { base_url: Some(&url), env: vec![("OJ_ALLOW_RUN", "1".into())], ..Opts::default() });
    env_on.initialize("2025-11-25");
    let list = env_on.request("tools/list", json!({}));
    assert!(list.to_string().contains("\"test_solution\""));
}

#[test]
fn command_file_tests_and_fail_fast() {
    if !have("gcc") || !have("python3") {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    // An already built program, named relative to its `cwd`.
    let dir = std::env::temp_dir().join(format!("oj-judge-it-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.c"), CF_1A_C).unwrap();
    let built = std::process::Command::new("gcc").args(["-O2", "-o", "a.out", "a.c"]).current_dir(&dir).status();
    assert!(built.unwrap().success());
    let v = judged(&mut s, json!({"source": "codeforces", "id": "1A", "command": ["./a.out"], "cwd": dir}));
    assert_eq!(
        (v["verdict"].as_str(), v["language"].as_str(), v["compile"].is_null()),
        (Some("AC"), None, true),
        "{v}"
    );
    // A source file; sample selection; fail_fast.
    let file = dir.join("yes.py");
    std::fs::write(&file, "print('Yes')\n").unwrap();
    let args = json!({"source": "atcoder", "id": "abc321_a", "language": "python", "file": file});
    let v = judged(&mut s, args.clone());
    assert_eq!(
        (v["verdict"].as_str(), v["passed"].as_u64(), v["total"].as_u64()),
        (Some("WA"), Some(1), Some(2)),
        "{v}"
    );
    let mut only_first = args.clone();
    only_first["tests"] = json!([1]);
    let v = judged(&mut s, only_first);
    assert_eq!((v["verdict"].as_str(), v["total"].as_u64()), (Some("AC"), Some(1)), "{v}");
    std::fs::write(&file, "print('No')\n").unwrap();
    let mut fast = args;
    fast["fail_fast"] = json!(true);
    let v = judged(&mut s, fast);
    assert_eq!(
        (v["verdict"].as_str(), v["samples"].as_array().map(Vec::len), v["not_run"].as_u64()),
        (Some("WA"), Some(1), Some(1)),
        "{v}"
    );
    let text = s.call_err(
        TOOL,
        json!({"source": "atcoder", "id": "abc321_a", "language": "python", "file": file, "tests": [3]}),
    );
    assert!(text.contains("names sample 3, but the statement has 2"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_bundle_has_the_checkbox_and_lists_the_default_tools() {
    let manifest: Value = serde_json::from_str(include_str!("../../mcpb/manifest.json")).unwrap();
    let allow = &manifest["user_config"]["allow_run"];
    assert_eq!((allow["type"].as_str(), allow["default"].as_bool()), (Some("boolean"), Some(false)), "{allow}");
    assert_eq!(manifest["server"]["mcp_config"]["env"]["OJ_ALLOW_RUN"], "${user_config.allow_run}");
    // The manifest's tools are what tools/list shows by default (tests/it/wire.rs): not this one.
    assert!(!manifest["tools"].to_string().contains(TOOL));
}

/// The init on its own (`oj-mcp-rs --oj-judge-init STATUS INPUT -- PROGRAM`): the program reads
/// the input file, not the init's standard input; that is the run's lifeline, and when the
/// server closes it before the program ends, the init ends at once (code 125). In a PID
/// namespace the kernel then kills the rest of the run (`a_killed_server_leaves_no_process_behind`).
#[test]
fn the_init_gives_the_program_its_input_file_and_ends_with_its_lifeline() {
    if harness::windows() || !cfg!(unix) {
        return;
    }
    use std::io::Read;
    use std::process::Stdio;
    let dir = std::env::temp_dir().join(format!("oj-it-init-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (status, input) = (dir.join("exit"), dir.join("input"));
    std::fs::write(&input, "3 4\n").unwrap();
    let init = |program: &[&str]| {
        let mut c = harness::command();
        c.arg("--oj-judge-init").arg(&status).arg(&input).arg("--").args(program);
        c.env("PATH", std::env::var("PATH").unwrap_or_default());
        c.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        c.spawn().expect("spawn the init")
    };
    // `cat` copies the input file; the lifeline is held open (and written to: ignored) meanwhile.
    // The short sleep lets the write land while the init lives; should it not, the write's
    // broken pipe is no failure (the run may end first on a fast machine).
    let mut child = init(&["sh", "-c", "sleep 0.3; exec cat"]);
    let mut lifeline = child.stdin.take().unwrap();
    let _ = std::io::Write::write_all(&mut lifeline, b"not the input\n");
    let mut out = String::new();
    child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    assert_eq!(out, "3 4\n");
    assert_eq!(child.wait().unwrap().code(), Some(0));
    drop(lifeline);
    // A program still running when the lifeline closes: the init does not wait for it.
    // (Outside a PID namespace, as here, the `sleep` lives on its 5 s as an orphan.)
    let mut child = init(&["sleep", "5"]);
    let lifeline = child.stdin.take().unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let closed = Instant::now();
    drop(lifeline);
    let code = child.wait().unwrap().code();
    assert_eq!(code, Some(125), "the init's exit when its lifeline closed");
    assert!(closed.elapsed() < Duration::from_secs(2), "{:?}", closed.elapsed());
    let _ = std::fs::remove_dir_all(&dir);
}
