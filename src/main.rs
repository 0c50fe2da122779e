//! Entry point: parse the command line, wire stdin/stdout to the server loop.

fn main() {}
