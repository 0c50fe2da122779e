//! Serves `tests/fixtures` as a fake oj-api-rs backend until stdin reaches EOF or the process dies.
//!
//! `cargo run --example fixture_backend [-- --token T] [--port N] [--fixtures DIR]` prints the
//! base URL (`http://127.0.0.1:PORT`) as one line on stdout, then serves.

#[path = "../tests/support/backend.rs"]
mod backend;

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const HELP: &str = "\
Usage: fixture_backend [--token T] [--port N] [--fixtures DIR]

Serves the project's fixture responses on 127.0.0.1, prints the base URL on stdout and runs
until stdin reaches EOF. With --token every target but /health needs `Authorization: Bearer T`
(the fixtures' token is fixture-token-0123456789abcdef).";

fn main() -> ExitCode {
    let mut token = None;
    let mut port = 0u16;
    let mut dir = backend::fixtures_dir();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        let parsed = match arg.as_str() {
            "--token" => value("--token").map(|v| token = Some(v)),
            "--port" => {
                value("--port").and_then(|v| v.parse().map(|p| port = p).map_err(|e| format!("--port {v}: {e}")))
            }
            "--fixtures" => value("--fixtures").map(|v| dir = PathBuf::from(v)),
            "-h" | "--help" => {
                println!("{HELP}");
                return ExitCode::SUCCESS;
            }
            other => Err(format!("unknown argument {other:?}")),
        };
        if let Err(e) = parsed {
            eprintln!("fixture_backend: {e}\n\n{HELP}");
            return ExitCode::from(2);
        }
    }

    let mut server = backend::Backend::start_on(&dir, port);
    if let Some(token) = &token {
        server = server.with_token(token);
    }
    let mut stdout = std::io::stdout();
    if writeln!(stdout, "{}", server.url()).and_then(|()| stdout.flush()).is_err() {
        return ExitCode::FAILURE;
    }
    // Serve until stdin is closed; a read error ends it too.
    let mut sink = [0u8; 4096];
    let mut stdin = std::io::stdin().lock();
    loop {
        match stdin.read(&mut sink) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    drop(server);
    ExitCode::SUCCESS
}
