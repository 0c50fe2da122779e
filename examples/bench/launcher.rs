//! The npm launcher's start-up beside the binary's and Node's own.

use crate::backend;
use crate::pipes::{Proc, initialize_request};
use crate::table::{Stats, ms, stats};
use crate::{Opts, TOKEN, WARM_UP};
use std::process::{Command, Stdio};
use std::time::Instant;

pub(crate) struct LauncherFigures {
    pub(crate) binary: Stats,
    pub(crate) launcher: Stats,
    pub(crate) node: Stats,
}

pub(crate) fn measure_launcher(opts: &Opts) -> Result<LauncherFigures, String> {
    let Some(launcher) = &opts.launcher else {
        return Err("skipped (no launcher: run make npm-smoke first)".into());
    };
    println!(
        "\n== npm launcher: {} (vs {}; Node: {} -e \"\")",
        launcher.join(" "),
        opts.server.join(" "),
        opts.node.join(" ")
    );
    let backend = backend::Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let url = backend.url();
    let init = initialize_request();
    let (mut bin, mut launch, mut node) = (Vec::new(), Vec::new(), Vec::new());
    let spawn_init = |cmd: &[String]| -> Result<f64, String> {
        let command = Proc::command(cmd, &url);
        let t0 = Instant::now();
        let mut p = Proc::spawn(command, opts.timeout)?;
        p.send(&init)?;
        p.reply(1)?;
        let took = ms(t0.elapsed());
        p.reply_result("initialize through the launcher")?;
        p.close()?;
        Ok(took)
    };
    // Interleaved, so that all three see the same machine.
    for i in 0..WARM_UP + opts.spawns {
        let b = spawn_init(&opts.server)?;
        let mut c = Command::new(&opts.node[0]);
        c.args(&opts.node[1..]).args(["-e", ""]).stdin(Stdio::null()).stdout(Stdio::null());
        let t0 = Instant::now();
        let status = c.status().map_err(|e| format!("cannot run {}: {e}", opts.node[0]))?;
        let n = ms(t0.elapsed());
        if !status.success() {
            return Err(format!("node -e \"\" exited with {status}"));
        }
        let l = spawn_init(launcher)?;
        if i >= WARM_UP {
            bin.push(b);
            node.push(n);
            launch.push(l);
        }
    }
    Ok(LauncherFigures { binary: stats(&bin), launcher: stats(&launch), node: stats(&node) })
}
