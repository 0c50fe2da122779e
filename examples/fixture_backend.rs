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
    let (token, port, dir) = match parse_args() {
        Ok(Some(parsed)) => parsed,
        Ok(None) => {
            println!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("fixture_backend: {e}\n\n{HELP}");
            return ExitCode::from(2);
        }
    };

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

/// `--token`, `--port` and `--fixtures` (lexopt); `None` for `--help`.
fn parse_args() -> Result<Option<(Option<String>, u16, PathBuf)>, String> {
    use lexopt::prelude::*;
    let (mut token, mut port, mut dir) = (None, 0u16, backend::fixtures_dir());
    let mut parser = lexopt::Parser::from_env();
    let err = |e: lexopt::Error| e.to_string();
    while let Some(arg) = parser.next().map_err(err)? {
        match arg {
            Long("token") => token = Some(parser.value().and_then(|v| v.string()).map_err(err)?),
            Long("port") => port = parser.value().and_then(|v| v.parse()).map_err(err)?,
            Long("fixtures") => dir = parser.value().map_err(err)?.into(),
            Short('h') | Long("help") => return Ok(None),
            other => return Err(other.unexpected().to_string()),
        }
    }
    Ok(Some((token, port, dir)))
}
