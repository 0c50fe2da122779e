//! What a session costs in memory: VmRSS summed over the whole process tree a client starts (the
//! binary alone, or the npm launcher on its `execve` or spawn path), idle after `initialize`.
//! With `--launcher-node`, that Node runs the launcher twice: as is (execve on Node 22.15+) and
//! with `process.execve` removed by a preload (the spawn path), so both paths are measured on
//! the same Node whatever the machine's own Node is.

use crate::backend;
use crate::pipes::{Proc, initialize_request, proc_status_kb};
use crate::table::{Stats, ms, stats};
use crate::{Opts, TOKEN};
use std::process::Command;
use std::time::Instant;

/// Runs per figure: RSS barely moves between runs, so a few give a stable median.
const RUNS: usize = 7;

pub(crate) struct Tree {
    /// How the session was started, e.g. `launcher, node v24.21.0`.
    pub(crate) label: String,
    /// The processes of the tree, root first (`node → oj-mcp-rs`, or `oj-mcp-rs` alone).
    pub(crate) processes: String,
    /// Median of the summed VmRSS, kB.
    pub(crate) rss_kb: u64,
    /// Spawn → `initialize` reply, ms.
    pub(crate) start: Stats,
}

/// The binary, the launcher on the machine's Node, and the launcher on `--launcher-node` with and
/// without `process.execve`; a
/// failed measurement is reported on stderr and sets `failed`.
pub(crate) fn measure_trees(opts: &Opts, failed: &mut bool) -> Vec<(String, Result<Tree, String>)> {
    let mut cmds = vec![("the binary alone".to_string(), opts.server.clone())];
    if let Some(launcher) = &opts.launcher {
        cmds.push((format!("launcher, node {}", node_version(&opts.node[0])), launcher.clone()));
        if let Some(node) = &opts.launcher_node {
            let version = node_version(&node[0]);
            let mut cmd = node.clone();
            cmd.extend(launcher.iter().cloned());
            cmds.push((format!("launcher, node {version}"), cmd));
            // The same Node without process.execve: the spawn path, whatever the machine's Node.
            if let Some(hide) = hide_execve() {
                let mut cmd = node.clone();
                cmd.extend(["--require".to_string(), hide]);
                cmd.extend(launcher.iter().cloned());
                cmds.push((format!("launcher, node {version} without execve"), cmd));
            }
        }
    }
    println!("\n== session tree RSS (VmRSS summed over the tree, idle after initialize; median of {RUNS})");
    cmds.into_iter()
        .map(|(label, cmd)| {
            let tree = measure_tree(&label, &cmd, opts);
            match &tree {
                Ok(t) => println!("{label}: {} kB [{}]", t.rss_kb, t.processes),
                Err(e) => {
                    eprintln!("bench: session tree ({label}): {e}");
                    *failed = true;
                }
            }
            (label, tree)
        })
        .collect()
}

fn measure_tree(label: &str, cmd: &[String], opts: &Opts) -> Result<Tree, String> {
    let backend = backend::Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let init = initialize_request();
    let (mut rss, mut start, mut processes) = (Vec::new(), Vec::new(), String::new());
    for _ in 0..RUNS {
        let t0 = Instant::now();
        let mut p = Proc::spawn(Proc::command(cmd, &backend.url()), opts.timeout)?;
        p.send(&init)?;
        p.reply(1)?;
        start.push(ms(t0.elapsed()));
        p.reply_result("initialize")?;
        let pids = tree(p.child.id());
        rss.push(pids.iter().filter_map(|&pid| proc_status_kb(pid, "VmRSS:")).sum::<u64>());
        processes = pids.iter().map(|&pid| comm(pid)).collect::<Vec<_>>().join(" → ");
        p.close()?;
    }
    rss.sort_unstable();
    Ok(Tree { label: label.to_string(), processes, rss_kb: rss[rss.len() / 2], start: stats(&start) })
}

/// `pid` and its descendants, parents first, from the parent pids in `/proc/*/stat`.
fn tree(root: u32) -> Vec<u32> {
    let parents: Vec<(u32, u32)> = std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            // `pid (comm) state ppid …`: the name may hold spaces and parentheses.
            let ppid = stat[stat.rfind(')')? + 1..].split_whitespace().nth(1)?.parse().ok()?;
            Some((pid, ppid))
        })
        .collect();
    let mut out = vec![root];
    let mut i = 0;
    while i < out.len() {
        let parent = out[i];
        out.extend(parents.iter().filter(|&&(_, pp)| pp == parent).map(|&(pid, _)| pid));
        i += 1;
    }
    out
}

fn comm(pid: u32) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/comm")).map_or_else(|_| "?".into(), |s| s.trim().to_string())
}

/// A preload that takes `process.execve` away, in the temporary directory (its path).
fn hide_execve() -> Option<String> {
    let path = std::env::temp_dir().join("oj-mcp-rs-bench-no-execve.cjs");
    std::fs::write(&path, "delete process.execve;\n").ok()?;
    path.to_str().map(str::to_string)
}

fn node_version(node: &str) -> String {
    Command::new(node)
        .arg("--version")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| format!("({node})"))
}
