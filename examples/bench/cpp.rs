//! C++ builds through `test_solution` (part of the judge section): the build time (`compile.ms`)
//! of a typical AtCoder submission without the precompiled `<bits/stdc++.h>` (`OJ_PCH=0`) and
//! with it, and the header's one-off build (time, as the server logs it, and size), in a cache
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

pub(crate) struct CppFigures {
    plain: Stats,
    with: Stats,
    header_ms: f64,
    header_bytes: f64,
    /// The compiler's CPU time for the same builds run directly, without and with the header.
    cpu: (Stats, Stats),
    /// `BENCH_CPP_SOURCES`: how many (and how many used the header), without, with.
    real: Option<(usize, usize, Stats, Stats)>,
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
    let on = build(with, b, &code)?;
    let ms = |c: &Value| c["ms"].as_f64().unwrap_or(0.0);
    Ok((ms(&off), ms(&on), on["precompiled_header"] == true))
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

/// The typical submission built directly (`g++`, or `OJ_CXX`'s words, then the judge's flags),
/// without and with the header the server built: the compiler's CPU time, `n` of each in turn.
fn direct_cpu(cache: &Path, n: usize) -> Result<(Stats, Stats), String> {
    let keys = std::fs::read_dir(cache.join("oj-mcp-rs/pch")).map_err(|e| format!("the header's folder: {e}"))?;
    let include = keys.flatten().map(|e| e.path().join("include")).find(|p| p.is_dir()).ok_or("no header")?;
    let dir = cache.join("direct");
    std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(dir.join("main.cpp"), SUBMISSION))
        .map_err(|e| e.to_string())?;
    let words: Vec<String> = std::env::var("OJ_CXX").unwrap_or_default().split_whitespace().map(String::from).collect();
    let words = if words.is_empty() { vec!["g++".to_string()] } else { words };
    let (mut off, mut on) = (Vec::new(), Vec::new());
    for _ in 0..n {
        for (header, out) in [(false, &mut off), (true, &mut on)] {
            let mut c = Command::new(&words[0]);
            c.args(&words[1..]).args(["-std=gnu++17", "-O2", "-pipe", "-o", "main", "main.cpp"]).current_dir(&dir);
            if header {
                c.arg("-I").arg(&include).arg("-Winvalid-pch");
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
        for i in 0..n {
            let (a, b, used) = pair(&mut servers, SUBMISSION, i)?;
            if !used {
                return Err("a build without the precompiled header".into());
            }
            off.push(a);
            on.push(b);
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
        let real = match real_sources() {
            Some(files) if !files.is_empty() => Some(measure_real(&mut servers, &files)?),
            _ => None,
        };
        Ok(CppFigures { plain, with, header_ms, header_bytes, cpu, real })
    };
    note("C++ builds", run(), failed)
}

/// Each file once by each server (one that does not build is left out, said on stderr).
fn measure_real(servers: &mut [(Proc, u64); 2], files: &[PathBuf]) -> Result<(usize, usize, Stats, Stats), String> {
    let (mut off, mut on, mut used) = (Vec::new(), Vec::new(), 0);
    for (i, f) in files.iter().enumerate() {
        let code = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        match pair(servers, &code, 1000 + i) {
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
        "≤ 1000 ms",
        Target::AtMost(1000.0),
    ));
    let header =
        |c: &CppFigures| Cell::new(format!("{}, {}", fmt_ms(c.header_ms), fmt_mb(c.header_bytes)), c.header_ms);
    rows.push(Row::info(
        "  the precompiled <bits/stdc++.h>: one-off build (background), size",
        cell(&header),
        Cell::default(),
    ));
    let cpu = |c: &CppFigures| Cell::text(format!("{} → {}", fmt_ms(c.cpu.0.median), fmt_ms(c.cpu.1.median)));
    rows.push(Row::info("  the compiler's CPU time for it, run directly: without → with", cell(&cpu), Cell::default()));
    if let Ok(CppFigures { real: Some((n, used, a, b)), .. }) = figures {
        let line = format!("  BENCH_CPP_SOURCES ({n} files, {used} used the header): median without → with");
        rows.push(Row::info(line, Cell::text(format!("{} → {}", fmt_ms(a.median), fmt_ms(b.median))), Cell::default()));
    }
}
