//! The integration-test binary: one crate, one module per area.

mod app_view;
#[path = "../support/backend.rs"]
mod backend;
mod backend_selftest;
mod batch;
mod extras;
mod faults;
mod fresh_machine;
mod harness;
mod hostile;
mod http_client;
mod judge;
mod judge_leetcode_cpp;
mod judge_leetcode_go;
mod judge_leetcode_java;
mod judge_leetcode_javascript;
mod judge_leetcode_rust;
mod judge_pch;
mod judge_sandbox;
mod judge_verdicts;
mod judge_wine;
mod language;
mod messages;
mod network;
mod parity;
mod proxies;
mod retries;
mod samples;
mod schema_check;
mod tools_daily;
mod tools_problem;
mod tools_resolve;
mod tools_similar;
mod tools_status;
mod util;
mod wire;
