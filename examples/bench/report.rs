//! The run: the machine and its load, every measurement, the summary table and its verdicts.

use crate::convert::{converter_rows, measure_converter};
use crate::cpp::{cpp_rows, measure_cpp};
use crate::judge::{judge_rows, measure_judge};
use crate::launcher::{LauncherFigures, measure_launcher};
use crate::samples::{measure_samples, sample_rows};
use crate::server::{CallFigures, ServerFigures, measure_server, note, start_series};
use crate::table::{Cell, Row, Target, cell_or, fmt_mb, fmt_ms, print_table};
use crate::tree::{Tree, measure_trees};
use crate::{MB, Opts, WARM_UP, skipped};
use std::path::Path;

pub(crate) fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| {
            c.lines()
                .find_map(|l| l.strip_prefix("model name").map(|v| v.trim_start_matches([' ', '\t', ':']).to_string()))
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    let mem_kb = proc_meminfo_kb("MemTotal:").unwrap_or(0);
    format!("{cpu}, {cores} cores, {:.0} GB RAM, Linux {}", mem_kb as f64 / 1e6 * 1.024, kernel.trim())
}

pub(crate) fn proc_meminfo_kb(key: &str) -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    info.lines().find_map(|l| l.strip_prefix(key)).and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// The 1-minute load average, and a warning when other work competes for the cores.
pub(crate) fn load() -> (f64, Option<String>) {
    let load1 = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().and_then(|v| v.parse().ok()))
        .unwrap_or(0.0);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    let warn = (load1 > 0.5 * cores).then(|| {
        format!("WARNING: load average {load1:.2} on {cores} cores: other work competes, figures are pessimistic")
    });
    (load1, warn)
}

/// The converter's target rows when its section did not run (so the table still names them).
fn skipped_converter_rows(rows: &mut Vec<Row>) {
    let skip = || Cell::text("skipped (--only)");
    rows.push(Row::target(
        "conversion throughput, ordinary statements",
        skip(),
        Cell::default(),
        "≥ 20 MB/s",
        Target::AtLeast(20.0),
    ));
    rows.push(Row::target(
        "conversion time against size, 1 KiB → 1 MiB",
        skip(),
        Cell::default(),
        "linear (exponent ≤ 1.15)",
        Target::AtMost(1.15),
    ));
}

pub(crate) fn run(opts: &Opts) -> bool {
    let mut failed = false;
    let (load1, warn) = load();
    println!("oj-mcp-rs benchmark: {}, load average {load1:.2} at start", machine());
    if let Some(w) = &warn {
        println!("{w}");
    }
    println!(
        "{} spawns per start-up figure (after {WARM_UP} warm-up runs), {} calls per round trip, {} calls before the \
         last peak-RSS reading; MB = 10^6 bytes",
        opts.spawns, opts.calls, opts.long
    );
    let mut cmds: Vec<&[String]> = vec![&opts.server];
    cmds.extend(opts.compare.as_deref());
    let mut starts = start_series(&cmds, opts).into_iter();
    let ours =
        measure_server("oj-mcp-rs", &opts.server, starts.next().expect("one series per command"), opts, &mut failed);
    let other = opts
        .compare
        .as_ref()
        .map(|cmd| measure_server("other", cmd, starts.next().expect("one series per command"), opts, &mut failed));
    let cpu = opts.wants("cpu").then(|| crate::cpu::measure_cpu(opts, &mut failed));
    let conv = opts.wants("convert").then(|| measure_converter(opts, &mut failed));
    let samples = opts.wants("samples").then(|| measure_samples(opts, &mut failed));
    let judge = opts.wants("judge").then(|| measure_judge(opts, &mut failed));
    let cpp = opts.wants("judge").then(|| measure_cpp(opts, &mut failed));
    let stress = opts.wants("stress").then(|| crate::stress::measure_stress(opts, &mut failed));
    let launcher = if opts.wants("launcher") { measure_launcher(opts) } else { skipped() };
    let launcher = note("npm launcher", launcher, &mut failed);
    let trees = if opts.wants("launcher") { measure_trees(opts, &mut failed) } else { Vec::new() };

    let both = Both { ours: &ours, other: other.as_ref() };
    let mut rows = Vec::new();
    start_rows(&both, opts, &mut rows);
    call_rows(&both, opts, &mut rows);
    memory_rows(&both, opts, &mut rows);
    if let Some(cpu) = &cpu {
        crate::cpu::cpu_rows(cpu, &mut rows);
    }
    match &conv {
        Some(conv) => converter_rows(conv, &mut rows),
        None => skipped_converter_rows(&mut rows),
    }

    if let Some(samples) = &samples {
        sample_rows(samples, &mut rows);
    }
    if let Some(judge) = &judge {
        judge_rows(judge, &mut rows);
    }
    if let Some(cpp) = &cpp {
        cpp_rows(cpp, &mut rows);
    }
    if let Some(stress) = &stress {
        crate::stress::stress_rows(stress, &mut rows);
    }
    launcher_rows(&launcher, &trees, opts, &mut rows);
    let (load_end, warn_end) = load();
    println!("\n== summary: {}; load average {load1:.2} at start, {load_end:.2} at the end", machine());
    if let Some(w) = warn.or(warn_end) {
        println!("{w}");
    }
    let other_name = other_name(opts);
    let skip = |c: &Cell| c.text.starts_with("skipped (--only)");
    rows.retain(|r| !(skip(&r.ours) && (r.other.text.is_empty() || skip(&r.other))));
    print_table(&rows, other_name.as_deref(), opts.markdown);
    let missed: Vec<&str> = rows.iter().filter(|r| r.verdict() == "NOT MET").map(|r| r.figure.trim()).collect();
    let met = rows.iter().filter(|r| r.verdict() == "met").count();
    println!(
        "\ntargets: {met} met, {} not met{}",
        missed.len(),
        if missed.is_empty() { String::new() } else { format!(": {}", missed.join("; ")) }
    );
    if failed {
        println!("bench: some measurements failed (see the messages above)");
    }
    !failed
}

/// The `--compare` column's heading: the other server's program name.
fn other_name(opts: &Opts) -> Option<String> {
    opts.compare.as_ref().map(|c| {
        let prog = Path::new(&c[0]).file_name().and_then(|f| f.to_str()).unwrap_or("other");
        if prog == "oj-mcp-rs" { "other".to_string() } else { prog.to_string() }
    })
}

/// Our server's figures and, with `--compare`, the other's: a row's two cells.
struct Both<'a> {
    ours: &'a ServerFigures,
    other: Option<&'a ServerFigures>,
}

impl Both<'_> {
    fn cells(&self, f: &dyn Fn(&ServerFigures) -> Cell) -> (Cell, Cell) {
        (f(self.ours), self.other.map(f).unwrap_or_default())
    }
}

/// Size, start-up and `tools/list`.
fn start_rows(both: &Both, opts: &Opts, rows: &mut Vec<Row>) {
    let calls = opts.calls;

    let (a, b) = both.cells(&|s| {
        cell_or(&s.size, |(file, stripped, did)| {
            let how = match (did, file == stripped) {
                (false, _) => ", strip unavailable".to_string(),
                (true, true) => ", as built".to_string(),
                (true, false) => format!(", file {file} B"),
            };
            Cell::new(format!("{} ({stripped} B{how})", fmt_mb(*stripped as f64)), *stripped as f64 / MB)
        })
    });
    // 3.0 MB before the judge (test_solution, src/judge/), which may take it to 3.2 MB.
    rows.push(Row::target("binary size, stripped", a, b, "≤ 3.2 MB", Target::AtMost(3.2)));
    let (a, b) = both.cells(&|s| cell_or(&s.spawn_init, |st| Cell::dist(st, 0.95)));
    rows.push(Row::target(
        format!("spawn → initialize response, median / p95 of {}", opts.spawns),
        a,
        b,
        "median ≤ 0.8 ms",
        Target::AtMost(0.8),
    ));
    let (a, b) = both.cells(&|s| {
        cell_or(&s.spawn_discover, |(st, ok)| {
            let mut c = Cell::dist(st, 0.95);
            if !ok {
                c.text.push_str(" (error reply)");
            }
            c
        })
    });
    rows.push(Row::info(format!("spawn → server/discover response, median / p95 of {}", opts.spawns), a, b));
    let (a, b) = both.cells(&|s| cell_or(&s.tools_list, |st| Cell::dist(st, 0.99)));
    rows.push(Row::info(format!("tools/list round trip, median / p99 of {calls}"), a, b));
}

/// `get_problem` round trips beside the backend's own, and the floor.
fn call_rows(both: &Both, opts: &Opts, rows: &mut Vec<Row>) {
    let calls = opts.calls;
    for (label, pick) in [
        ("5 KB", (|s: &ServerFigures| s.small.clone()) as fn(&ServerFigures) -> Result<CallFigures, String>),
        ("300 KB", |s: &ServerFigures| s.large.clone()),
    ] {
        let (a, b) = both.cells(&|s| cell_or(&pick(s), |f| Cell::dist(&f.server, 0.99)));
        rows.push(Row::info(format!("get_problem {label} round trip, median / p99 of {calls}"), a, b));
        let (a, b) = both.cells(&|s| cell_or(&pick(s), |f| Cell::dist(&f.backend, 0.99)));
        rows.push(Row::info(format!("  backend's own round trip {label}, median / p99"), a, b));
        let (a, b) = both.cells(&|s| {
            cell_or(&pick(s), |f| {
                Cell::new(format!("{} / {}", fmt_ms(f.diff_median()), fmt_ms(f.diff_p99())), f.diff_median())
            })
        });
        // No target: the conversion costs a thousandth of a backend round trip over the internet;
        // the figure stays so that a slowdown shows (compare runs A/B in one session).
        rows.push(Row::info(format!("  get_problem − backend, {label}, median / p99"), a, b));
        if label == "5 KB" {
            let (a, b) = both.cells(&|s| {
                cell_or(&s.floor, |f| {
                    Cell::new(format!("{} / {}", fmt_ms(f.diff_median()), fmt_ms(f.diff_p99())), f.diff_median())
                })
            });
            rows.push(Row::info("  the floor: get_platform_status − backend (no statement), median / p99", a, b));
        }
    }
}

/// Peak RSS, exit after EOF, and the backend connections.
fn memory_rows(both: &Both, opts: &Opts, rows: &mut Vec<Row>) {
    let calls = opts.calls;
    let (a, b) = both.cells(&|s| cell_or(&s.first_call, |v| Cell::ms(*v)));
    rows.push(Row::info("first get_problem of a process (connect)", a, b));
    let (a, b) = both.cells(&|s| cell_or(&s.idle_rss_kb, |kb| Cell::rss_kb(*kb)));
    rows.push(Row::info("peak RSS after initialize", a, b));
    let (a, b) = both.cells(&|s| cell_or(&s.rss_calls, |kb| Cell::rss_kb(*kb)));
    rows.push(Row::info(format!("peak RSS after {calls} get_problem calls (5 KB)"), a, b));
    let (a, b) = both.cells(&|s| cell_or(&s.rss_long, |kb| Cell::rss_kb(*kb)));
    rows.push(Row::target(
        format!("peak RSS after {} get_problem calls (5 KB)", opts.long),
        a,
        b,
        "≤ 4 MB",
        Target::AtMost(4.0),
    ));
    let (a, b) = both.cells(&|s| cell_or(&s.rss_large, |kb| Cell::rss_kb(*kb)));
    rows.push(Row::info(format!("peak RSS after {calls} get_problem calls (300 KB)"), a, b));
    let (a, b) = both.cells(&|s| cell_or(&s.eof_exit, |st| Cell::dist(st, 0.95)));
    rows.push(Row::target(
        format!("stdin EOF → exit, median / p95 of {} (after initialize)", opts.spawns),
        a,
        b,
        "median ≤ 0.5 ms",
        Target::AtMost(0.5),
    ));
    let (a, b) = both.cells(&|s| cell_or(&s.eof_after_long, |v| Cell::ms(*v)));
    rows.push(Row::info(format!("stdin EOF → exit after {} calls", opts.long), a, b));
    let (a, b) = both.cells(&|s| cell_or(&s.connections, |(c, r)| Cell::new(format!("{c} ({r} requests)"), *c as f64)));
    rows.push(Row::target(
        format!("backend TCP connections for {calls} sequential calls"),
        a,
        b,
        "1",
        Target::Exactly(1.0),
    ));
}

/// The npm launcher's start-up beside the binary's and Node's, then the session trees' memory.
fn launcher_rows(
    launcher: &Result<LauncherFigures, String>,
    trees: &[(String, Result<Tree, String>)],
    opts: &Opts,
    rows: &mut Vec<Row>,
) {
    match &launcher {
        Ok(l) => {
            let overhead = l.launcher.median - l.binary.median;
            rows.push(Row::info(
                format!("spawn → initialize through the npm launcher, median / p95 of {}", opts.spawns),
                Cell::dist(&l.launcher, 0.95),
                Cell::default(),
            ));
            rows.push(Row::info(
                "  the same, binary direct (interleaved runs)",
                Cell::dist(&l.binary, 0.95),
                Cell::default(),
            ));
            rows.push(Row::info(
                "  Node's own start-up (node -e \"\" → exit)",
                Cell::dist(&l.node, 0.95),
                Cell::default(),
            ));
            let limit = l.node.median + 10.0;
            rows.push(Row::target(
                "npm launcher overhead (launcher − binary, medians)",
                Cell::ms(overhead),
                Cell::default(),
                format!("≤ Node start-up + 10 ms = {}", fmt_ms(limit)),
                Target::AtMost(limit),
            ));
        }
        Err(e) => rows.push(Row::target(
            "npm launcher overhead (launcher − binary, medians)",
            Cell::text(e.clone()),
            Cell::default(),
            "≤ Node start-up + 10 ms",
            Target::AtMost(10.0),
        )),
    }
    tree_rows(trees, rows);
}

/// The memory of each way of starting a session, and its start-up, beside each other.
fn tree_rows(trees: &[(String, Result<Tree, String>)], rows: &mut Vec<Row>) {
    for (label, tree) in trees {
        match tree {
            Ok(t) => {
                rows.push(Row::info(
                    format!("session tree RSS after initialize: {} [{}]", t.label, t.processes),
                    Cell::rss_kb(t.rss_kb),
                    Cell::default(),
                ));
                rows.push(Row::info(
                    "  its spawn → initialize, median / p95",
                    Cell::dist(&t.start, 0.95),
                    Cell::default(),
                ));
            }
            Err(_) => rows.push(Row::info(
                format!("session tree RSS after initialize: {label}"),
                Cell::text("error (see above)"),
                Cell::default(),
            )),
        }
    }
}
