//! C++ builds through `test_solution` (part of the judge section): the build time (`compile.ms`)
//! of a typical AtCoder submission without its precompiled include block (`OJ_PCH=0`) and with
//! it, the same with the AtCoder Library (`<atcoder/all>`, where the server finds it: `CPATH`,
//! `-I` in `OJ_CXX`, `/opt/ac-library`, `~/ac-library`), and the header's one-off build (time, as the server logs it, and size), in a cache
//! folder of the bench's own (`target/bench/pch`, emptied first). The two servers take turns,
//! so both series see the same load; the same builds are also run directly, for the compiler's
//! CPU time, which the load barely changes. `BENCH_CPP_SOURCES=DIR` measures the `.cpp` files there
//! too (real accepted submissions, say: docs/judge.md says how to get some; with the AtCoder
//! Library, name it in `OJ_CXX`, which both servers inherit).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

use crate::backend;
use crate::pipes::{Proc, initialize_request, request};
use crate::server::{na, note, program_path};
use crate::table::{Cell, Row, Stats, Target, fmt_mb, fmt_ms, stats};
use crate::{Opts, TOKEN};

/// A typical AtCoder submission (ABC 321 A, "321-like number"): the usual template (aliases, a
/// `rep` macro, `chmax`), vectors, a map, a set, a sort, a lambda, `printf` and `cout`.
const SUBMISSION: &str = r#"#include <bits/stdc++.h>
using namespace std;
using ll = long long;
using P = pair<int, int>;
#define rep(i, n) for (int i = 0; i < (int)(n); i++)
#define all(v) (v).begin(), (v).end()
template <class T> bool chmax(T& a, const T& b) { if (a < b) { a = b; return true; } return false; }
template <class T> bool chmin(T& a, const T& b) { if (b < a) { a = b; return true; } return false; }
const ll INF = 1LL << 60;

int main() {
    string n;
    cin >> n;
    vector<int> d;
    for (char c : n) d.push_back(c - '0');
    map<int, int> count;
    set<int> seen;
    for (int x : d) count[x]++, seen.insert(x);
    auto decreasing = [&](const vector<int>& v) {
        rep(i, (int)v.size() - 1) if (v[i] <= v[i + 1]) return false;
        return true;
    };
    int most = 0;
    for (auto [digit, k] : count) chmax(most, k);
    vector<P> order;
    rep(i, d.size()) order.emplace_back(d[i], i);
    sort(all(order), greater<P>());
    ll far = INF;
    rep(i, order.size()) chmin(far, (ll)order[i].second);
    if (decreasing(d) && most == 1 && seen.size() == d.size()) printf("Yes\n");
    else cout << "No" << endl;
    return 0;
}
"#;

/// The same submission with the AtCoder Library, as AtCoder users write it.
fn with_acl() -> String {
    SUBMISSION.replacen("using namespace std;\n", "using namespace std;\n#include <atcoder/all>\nusing namespace atcoder;\n", 1).replacen(
        "    return 0;\n",
        "    dsu uf(4);\n    uf.merge(0, 1);\n    fenwick_tree<ll> fw(4);\n    fw.add(0, uf.size(0));\n    return 0;\n",
        1,
    )
}

/// A LeetCode C++ call (the fixture's problem 1, Two Sum) as LeetCode's C++ template has it.
const LEETCODE: &str = "class Solution {\npublic:\n    vector<int> twoSum(vector<int>& nums, int target) {\n        \
unordered_map<int, int> seen;\n        for (int i = 0; i < (int)nums.size(); i++) {\n            \
auto it = seen.find(target - nums[i]);\n            if (it != seen.end()) return {it->second, i};\n            \
seen[nums[i]] = i;\n        }\n        return {};\n    }\n};\n";

pub(crate) struct CppFigures {
    /// With the precompiled header, each build: (wall ms, the server's children's CPU ms).
    warm: Warm,
    plain: Stats,
    with: Stats,
    /// With the AtCoder Library: without, with the header, and the header's build (ms, bytes);
    /// `Err` where the library is not found.
    acl: Result<(Stats, Stats, f64, f64), String>,
    header_ms: f64,
    header_bytes: f64,
    /// The compiler's CPU time for the same builds run directly, without and with the header.
    cpu: (Stats, Stats),
    /// `BENCH_CPP_SOURCES`: how many (and how many used the header), without, with.
    real: Option<(usize, usize, Stats, Stats)>,
}

/// Builds with warm headers, the median wall time (`compile.ms`) and the CPU time of the
/// server's children (the compiler) for each: the plain submission, the one with the AtCoder
/// Library, a LeetCode C++ call (its prelude precompiled); `Err` for what was not measured.
struct Warm {
    plain: Vec<(f64, f64)>,
    acl: Vec<(f64, f64)>,
    leetcode: Result<Vec<(f64, f64)>, String>,
}

/// The CPU time (user + system, ms) of the waited-for children of process `pid` (the server:
/// its compilers and runs), from `/proc/<pid>/stat`.
fn cpu_of_children(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit_once(')').map(|(_, r)| r.split_whitespace().collect()).unwrap_or_default();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(13) + ticks(14)) * 10.0
}

/// One call by `p` with `args`: its `compile` object, and the CPU time of the server's children.
fn timed(p: &mut Proc, id: &mut u64, args: Value) -> Result<(Value, f64), String> {
    let before = cpu_of_children(p.child.id());
    *id += 1;
    p.call(*id, &request(*id, "tools/call", json!({"name": "test_solution", "arguments": args})))?;
    let v = p.reply_result("test_solution")?["structuredContent"].take();
    let cpu = cpu_of_children(p.child.id()) - before;
    match v["compile"].is_object() {
        true => Ok((v["compile"].clone(), cpu)),
        false => Err(format!("no build: {}", v["compile_error"])),
    }
}

/// LeetCode C++ calls on the server with the cache: the first starts the prelude's build, then
/// `n` calls (each code unique) once it is ready. (wall ms, CPU ms) each.
fn measure_leetcode(
    p: &mut Proc,
    id: &mut u64,
    lines: &mpsc::Receiver<String>,
    n: usize,
) -> Result<Vec<(f64, f64)>, String> {
    let args = |k: usize| {
        json!({"source": "leetcode", "id": "1", "language": "cpp", "code": format!("{LEETCODE}// bench call {k}\n"),
            "time_limit_ms": 2000})
    };
    timed(p, id, args(0))?;
    header_built(lines)?;
    let mut out = Vec::new();
    for k in 1..=n {
        let (compile, cpu) = timed(p, id, args(k))?;
        if compile["precompiled_header"] != true {
            return Err("a LeetCode C++ call without the precompiled prelude".into());
        }
        out.push((compile["ms"].as_f64().unwrap_or(0.0), cpu));
    }
    Ok(out)
}

/// Which of the warm builds a row shows.
type WarmOf = fn(&Warm) -> Result<&[(f64, f64)], String>;

/// "median wall (median CPU), ratio to the target".
fn warm_cell(xs: &[(f64, f64)], target: f64) -> Cell {
    let wall = stats(&xs.iter().map(|x| x.0).collect::<Vec<_>>()).median;
    let cpu = stats(&xs.iter().map(|x| x.1).collect::<Vec<_>>()).median;
    Cell::new(format!("{} (CPU {}), {:.2}× the target by CPU", fmt_ms(wall), fmt_ms(cpu), cpu / target), cpu)
}

/// A server of the bench with `env`, initialized; its stderr's lines come on the receiver.
fn server(cmd: &[String], url: &str, env: &[(&str, &str)]) -> Result<(Proc, mpsc::Receiver<String>), String> {
    let mut c = Proc::command(cmd, url);
    c.env("OJ_ALLOW_RUN", "1").stderr(Stdio::piped());
    for (k, v) in env {
        c.env(k, v);
    }
    let mut p = Proc::spawn(c, Duration::from_secs(120))?;
    let err = p.child.stderr.take().ok_or("no stderr pipe")?;
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(err).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    p.send(&initialize_request())?;
    p.reply(1)?;
    Ok((p, rx))
}

/// One build of `code` (first sample only, short limit: the build is what is measured): its
/// `compile` object.
fn build(p: &mut Proc, id: &mut u64, code: &str) -> Result<Value, String> {
    *id += 1;
    let args = json!({"source": "atcoder", "id": "abc321_a", "language": "cpp", "code": code, "tests": [1],
        "time_limit_ms": 200});
    p.call(*id, &request(*id, "tools/call", json!({"name": "test_solution", "arguments": args})))?;
    let v = p.reply_result("test_solution")?["structuredContent"].take();
    match v["compile"].is_object() {
        true => Ok(v["compile"].clone()),
        false => Err(format!("no build: {}", v["compile_error"])),
    }
}

/// The milliseconds of one build by each server, `code` made unique (no session cache hit),
/// and whether the second used the header.
fn pair(servers: &mut [(Proc, u64); 2], code: &str, n: usize) -> Result<(f64, f64, bool), String> {
    let code = format!("{code}\n// bench build {n}\n");
    let [(plain, a), (with, b)] = servers;
    let off = build(plain, a, &code)?;
    let before = cpu_of_children(with.child.id());
    let on = build(with, b, &code)?;
    LAST_CPU.with(|c| c.set(cpu_of_children(with.child.id()) - before));
    let ms = |c: &Value| c["ms"].as_f64().unwrap_or(0.0);
    Ok((ms(&off), ms(&on), on["precompiled_header"] == true))
}

thread_local! {
    /// The CPU time of the last [`pair`]'s build with the header (the server's children).
    static LAST_CPU: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
}

fn last_cpu() -> f64 {
    LAST_CPU.with(std::cell::Cell::get)
}

/// Waits for "precompiled header ready in N ms, M bytes" on the server's stderr.
fn header_built(lines: &mpsc::Receiver<String>) -> Result<(f64, f64), String> {
    loop {
        let line = lines.recv_timeout(Duration::from_secs(900)).map_err(|_| "the header was not built in 15 min")?;
        if let Some(rest) = line.split_once("precompiled header ready in ").map(|(_, r)| r) {
            let mut nums = rest.split(|c: char| !c.is_ascii_digit()).filter(|w| !w.is_empty());
            let mut next = || nums.next().and_then(|w| w.parse::<f64>().ok()).ok_or(format!("unread: {line}"));
            return Ok((next()?, next()?));
        }
        if line.contains("no precompiled header") {
            return Err(line);
        }
    }
}

/// The CPU time (user + system, ms) of this process's waited-for children, from
/// `/proc/self/stat` (`cutime`, `cstime`, at 100 ticks a second): a figure that other work on
/// the machine barely changes, unlike the wall clock.
fn children_cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
    Some((ticks(13)? + ticks(14)?) * 10.0)
}

/// The typical submission built directly, with the command the server's header was built with
/// (its `key.txt`), without and with that header: the compiler's CPU time, `n` of each in turn.
fn direct_cpu(cache: &Path, n: usize) -> Result<(Stats, Stats), String> {
    let keys = std::fs::read_dir(cache.join("oj-mcp-rs/pch")).map_err(|e| format!("the header's folder: {e}"))?;
    let key = keys.flatten().map(|e| e.path()).find(|p| p.join("block.h.gch").is_file()).ok_or("no header")?;
    let text = std::fs::read_to_string(key.join("key.txt")).map_err(|e| e.to_string())?;
    // `command: ["g++", "-std=gnu++23", "-O2", "-pipe"]`
    let command = text.lines().find_map(|l| l.strip_prefix("command: [")).ok_or("no command in key.txt")?;
    let words: Vec<String> =
        command.trim_end_matches(']').split("\", \"").map(|w| w.trim_matches('"').replace("\\\\", "\\")).collect();
    let dir = cache.join("direct");
    std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(dir.join("main.cpp"), SUBMISSION))
        .map_err(|e| e.to_string())?;
    let (mut off, mut on) = (Vec::new(), Vec::new());
    for _ in 0..n {
        for (header, out) in [(false, &mut off), (true, &mut on)] {
            let mut c = Command::new(&words[0]);
            c.args(&words[1..]).args(["-o", "main", "main.cpp"]).current_dir(&dir);
            if header {
                c.arg("-include").arg(key.join("block.h")).arg("-Winvalid-pch");
            }
            let before = children_cpu_ms().ok_or("no /proc/self/stat")?;
            let built = c.status().map_err(|e| format!("{}: {e}", words[0]))?;
            if !built.success() {
                return Err(format!("{} failed: {built}", words[0]));
            }
            out.push(children_cpu_ms().ok_or("no /proc/self/stat")? - before);
        }
    }
    Ok((stats(&off), stats(&on)))
}

/// The submission with the AtCoder Library: its header built (the first build starts it), then
/// `n` builds by each server in turn.
fn measure_acl(
    servers: &mut [(Proc, u64); 2],
    lines: &mpsc::Receiver<String>,
    n: usize,
    warm: &mut Vec<(f64, f64)>,
) -> Result<(Stats, Stats, f64, f64), String> {
    let code = with_acl();
    let [_, (with, id)] = servers;
    build(with, id, &code).map_err(|e| format!("no AtCoder Library found ({e})"))?;
    let (header_ms, header_bytes) = header_built(lines)?;
    let (mut off, mut on) = (Vec::new(), Vec::new());
    for i in 0..n {
        let (a, b, used) = pair(servers, &code, 2000 + i)?;
        if !used {
            return Err("an AtCoder Library build without the precompiled header".into());
        }
        off.push(a);
        on.push(b);
        warm.push((b, last_cpu()));
    }
    Ok((stats(&off), stats(&on), header_ms, header_bytes))
}

/// The `.cpp` files of `BENCH_CPP_SOURCES`, sorted.
fn real_sources() -> Option<Vec<PathBuf>> {
    let dir = PathBuf::from(std::env::var_os("BENCH_CPP_SOURCES")?);
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir).ok()?.flatten().map(|e| e.path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "cpp"));
    files.sort();
    Some(files)
}

pub(crate) fn measure_cpp(opts: &Opts, failed: &mut bool) -> Result<CppFigures, String> {
    println!("\n== C++ builds through test_solution: without and with the precompiled <bits/stdc++.h>");
    let n = (opts.calls / 20).clamp(5, 15);
    let run = || -> Result<CppFigures, String> {
        if program_path("g++").is_none() {
            return na("no g++");
        }
        let cache = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench/pch");
        let _ = std::fs::remove_dir_all(&cache);
        std::fs::create_dir_all(&cache).map_err(|e| format!("{}: {e}", cache.display()))?;
        let served = backend::Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
        let (plain, _) = server(&opts.server, &served.url(), &[("OJ_PCH", "0")])?;
        let (mut with, lines) = server(&opts.server, &served.url(), &[("XDG_CACHE_HOME", &cache.to_string_lossy())])?;
        // The first build starts the header's, in the background.
        let mut id = 1;
        build(&mut with, &mut id, SUBMISSION)?;
        let (header_ms, header_bytes) = header_built(&lines)?;
        let mut servers = [(plain, 1), (with, id)];
        let (mut off, mut on) = (Vec::new(), Vec::new());
        let mut warm = Warm { plain: Vec::new(), acl: Vec::new(), leetcode: Err("not measured".into()) };
        for i in 0..n {
            let (a, b, used) = pair(&mut servers, SUBMISSION, i)?;
            if !used {
                return Err("a build without the precompiled header".into());
            }
            off.push(a);
            on.push(b);
            warm.plain.push((b, last_cpu()));
        }
        let (plain, with) = (stats(&off), stats(&on));
        println!(
            "a typical submission: {} without, {} with (medians of {n}); the header: {} once, {}",
            fmt_ms(plain.median),
            fmt_ms(with.median),
            fmt_ms(header_ms),
            fmt_mb(header_bytes)
        );
        let cpu = direct_cpu(&cache, n)?;
        println!(
            "the compiler's CPU time, run directly: {} without, {} with (medians of {n})",
            fmt_ms(cpu.0.median),
            fmt_ms(cpu.1.median)
        );
        let acl = measure_acl(&mut servers, &lines, n, &mut warm.acl);
        match &acl {
            Ok((a, b, ms, bytes)) => println!(
                "with the AtCoder Library: {} without, {} with (medians of {n}); its header: {} once, {}",
                fmt_ms(a.median),
                fmt_ms(b.median),
                fmt_ms(*ms),
                fmt_mb(*bytes)
            ),
            Err(e) => println!("with the AtCoder Library: {e}"),
        }
        let [_, (server, id)] = &mut servers;
        warm.leetcode = measure_leetcode(server, id, &lines, n);
        match &warm.leetcode {
            Ok(xs) => println!("a LeetCode C++ call, its prelude precompiled: {}", warm_cell(xs, 800.0).text),
            Err(e) => println!("a LeetCode C++ call: {e}"),
        }
        let real = match real_sources() {
            Some(files) if !files.is_empty() => Some(measure_real(&mut servers, &lines, &files)?),
            _ => None,
        };
        Ok(CppFigures { warm, plain, with, acl, header_ms, header_bytes, cpu, real })
    };
    note("C++ builds", run(), failed)
}

/// Builds each file once with the header server and waits for any header that build started,
/// so the timed builds find every include block's header warm (the issue's figure is "once the
/// header is built": a user's template is the same from one submission to the next).
fn prime(servers: &mut [(Proc, u64); 2], lines: &mpsc::Receiver<String>, files: &[(PathBuf, String)]) {
    let [_, (with, id)] = servers;
    for (f, code) in files {
        while lines.try_recv().is_ok() {}
        if build(with, id, &format!("{code}\n// bench prime\n")).is_err() {
            continue;
        }
        let started = std::iter::from_fn(|| lines.recv_timeout(Duration::from_millis(500)).ok())
            .any(|l| l.contains("precompiling the include block"));
        if started && let Err(e) = header_built(lines) {
            eprintln!("bench: {}: {e}", f.display());
        }
    }
}

/// Each file once by each server, the headers warm (one that does not build is left out, said
/// on stderr).
fn measure_real(
    servers: &mut [(Proc, u64); 2],
    lines: &mpsc::Receiver<String>,
    files: &[PathBuf],
) -> Result<(usize, usize, Stats, Stats), String> {
    let mut read = Vec::new();
    for f in files {
        read.push((f.clone(), std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?));
    }
    prime(servers, lines, &read);
    let (mut off, mut on, mut used) = (Vec::new(), Vec::new(), 0);
    for (i, (f, code)) in read.iter().enumerate() {
        match pair(servers, code, 1000 + i) {
            Ok((a, b, header)) => {
                let note = if header { "" } else { " (no header)" };
                println!("  {}: {} → {}{note}", f.display(), fmt_ms(a), fmt_ms(b));
                off.push(a);
                on.push(b);
                used += usize::from(header);
            }
            Err(e) => eprintln!("bench: {}: {e}", f.display()),
        }
    }
    if off.is_empty() {
        return Err("no file of BENCH_CPP_SOURCES was built".into());
    }
    let (a, b) = (stats(&off), stats(&on));
    let n = off.len();
    println!(
        "BENCH_CPP_SOURCES: {} without, {} with (medians of {n}; {used} used the header)",
        fmt_ms(a.median),
        fmt_ms(b.median)
    );
    Ok((n, used, a, b))
}

pub(crate) fn cpp_rows(figures: &Result<CppFigures, String>, rows: &mut Vec<Row>) {
    let cell = |f: &dyn Fn(&CppFigures) -> Cell| match figures {
        Ok(c) => f(c),
        Err(e) => Cell::text(e.clone()),
    };
    let what = "C++ build of a typical AtCoder submission (median)";
    rows.push(Row::info(
        format!("{what}, without the precompiled header"),
        cell(&|c| Cell::ms(c.plain.median)),
        Cell::default(),
    ));
    rows.push(Row::target(
        format!("{what}, with it"),
        cell(&|c| Cell::ms(c.with.median)),
        Cell::default(),
        "≤ 600 ms",
        Target::AtMost(600.0),
    ));
    let header =
        |c: &CppFigures| Cell::new(format!("{}, {}", fmt_ms(c.header_ms), fmt_mb(c.header_bytes)), c.header_ms);
    rows.push(Row::info(
        "  its precompiled include block: one-off build (background), size",
        cell(&header),
        Cell::default(),
    ));
    let acl = |c: &CppFigures| match &c.acl {
        Ok((a, b, ms, bytes)) => Cell::new(
            format!("{} → {} (header: {} once, {})", fmt_ms(a.median), fmt_ms(b.median), fmt_ms(*ms), fmt_mb(*bytes)),
            b.median,
        ),
        Err(e) => Cell::text(e.clone()),
    };
    rows.push(Row::target(
        "C++ build of it with the AtCoder Library (<atcoder/all>): without → with the header (median)",
        cell(&acl),
        Cell::default(),
        "≤ 1000 ms",
        Target::AtMost(1000.0),
    ));
    let cpu = |c: &CppFigures| Cell::text(format!("{} → {}", fmt_ms(c.cpu.0.median), fmt_ms(c.cpu.1.median)));
    rows.push(Row::info("  the compiler's CPU time for it, run directly: without → with", cell(&cpu), Cell::default()));
    // The issue's targets with warm headers, judged by the compiler's CPU time (what the load on
    // a shared machine changes least); the wall time beside it.
    let warm: [(&str, f64, WarmOf); 3] = [
        ("a typical submission (<bits/stdc++.h>)", 600.0, |w| Ok(&w.plain)),
        ("it with the AtCoder Library", 1000.0, |w| Ok(&w.acl)),
        ("a LeetCode C++ call (Two Sum), its prelude precompiled", 800.0, |w| {
            w.leetcode.as_deref().map_err(Clone::clone)
        }),
    ];
    for (what, target, of) in warm {
        let cell = |c: &CppFigures| match of(&c.warm) {
            Ok(xs) if !xs.is_empty() => warm_cell(xs, target),
            Ok(_) => Cell::text("not measured"),
            Err(e) => Cell::text(e),
        };
        rows.push(Row::target(
            format!("C++ build with warm headers, {what}: median wall (CPU of the compiler)"),
            match figures {
                Ok(c) => cell(c),
                Err(e) => Cell::text(e.clone()),
            },
            Cell::default(),
            format!("≤ {target} ms CPU"),
            Target::AtMost(target),
        ));
    }
    if let Ok(CppFigures { real: Some((n, used, a, b)), .. }) = figures {
        let line = format!("  BENCH_CPP_SOURCES ({n} files, {used} used the header): median without → with");
        rows.push(Row::info(line, Cell::text(format!("{} → {}", fmt_ms(a.median), fmt_ms(b.median))), Cell::default()));
    }
}
