//! A dependency-free mutation fuzzer of the stdin path, for `cargo test` and CI: it needs neither
//! nightly features nor cargo-fuzz (those run the coverage-guided targets in `fuzz/`, `make
//! fuzz`). Sessions built from the seed corpus (`fuzz/seeds/`) are mutated with a small
//! xorshift PRNG (bit flips, interesting bytes, truncation, deletion, duplication, splices, JSON
//! tokens, deep nesting, huge numbers, batching) and run through the real read loop in memory;
//! `fuzz/src/oracle.rs` checks every invariant (JSON-RPC 2.0 lines only, each request answered
//! exactly once, no panic, no hang).
//!
//! `FUZZ_SECONDS` (default 5) bounds the run, `FUZZ_ITERS` the number of inputs, `FUZZ_SEED`
//! picks the sequence (printed, with the figures, under `--nocapture`). A failing input is saved
//! under `target/fuzz-failures/` and its path printed.

#[path = "support/mutator.rs"]
mod mutator;
#[path = "../fuzz/src/oracle.rs"]
mod oracle;

use std::path::Path;
use std::time::Instant;

use mutator::{Rng, save_failure};

const INTERESTING: &[u8] = b"\0\n\r\t \"\\{}[],:01-.eE\x7f\x80\xbf\xc0\xc3\xed\xef\xbb\xff";

const TOKENS: &[&str] = &[
    "null",
    "true",
    "false",
    "-0",
    "1.5",
    "1e400",
    "-1e-400",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775808",
    "-9223372036854775809",
    r#""\ud800""#,
    r#""\udc00\ud800""#,
    r#""\ud83e\udd80""#,
    r#""\u0000\u001b""#,
    "\u{feff}",
    "é🦀",
    r#""jsonrpc":"2.0","#,
    r#""jsonrpc":"1.0","#,
    r#""id":"#,
    r#""id":null,"#,
    r#""id":{},"#,
    r#""method":"#,
    r#""params":"#,
    r#""params":null,"#,
    r#""result":{},"#,
    r#""error":{"code":1,"message":"x"},"#,
    r#""arguments":"#,
    r#""name":"#,
    r#""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}},"#,
    r#""_meta":{"progressToken":1},"#,
    r#""ping""#,
    r#""initialize""#,
    r#""tools/call""#,
    r#""tools/list""#,
    r#""resources/read""#,
    r#""prompts/get""#,
    r#""completion/complete""#,
    r#""server/discover""#,
    r#""notifications/cancelled""#,
    r#""requestId":"#,
    r#""get_problem""#,
    r#""find_similar_problems""#,
    r#""search_problems""#,
    r#""get_daily_challenge""#,
    r#""oj://problem/leetcode/1""#,
    r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
    r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#,
];

/// The seed sessions: every file of `fuzz/seeds/`, else a few built-in lines.
fn seeds() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz").join("seeds");
    let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .map(|entries| entries.flatten().filter_map(|e| std::fs::read(e.path()).ok()).collect())
        .unwrap_or_default();
    if seeds.is_empty() {
        seeds = TOKENS[TOKENS.len() - 2..].iter().map(|t| format!("{t}\n").into_bytes()).collect();
    }
    seeds
}

/// The lines of the seeds, to build sessions and splice from.
fn seed_lines(seeds: &[Vec<u8>]) -> Vec<Vec<u8>> {
    seeds.iter().flat_map(|s| s.split(|&b| b == b'\n')).filter(|l| !l.is_empty()).map(<[u8]>::to_vec).collect()
}

fn range(rng: &mut Rng, len: usize) -> (usize, usize) {
    let a = rng.below(len + 1);
    let b = a + rng.below(len - a + 1).min(64 + rng.below(len + 1));
    (a, b.min(len))
}

/// Applies one mutation.
fn mutate(rng: &mut Rng, input: &mut Vec<u8>, lines: &[Vec<u8>]) {
    let len = input.len();
    match rng.below(14) {
        0 if len > 0 => {
            let i = rng.below(len);
            input[i] ^= 1 << rng.below(8);
        }
        1 if len > 0 => {
            let i = rng.below(len);
            input[i] = *rng.pick(INTERESTING);
        }
        2 => input.insert(rng.below(len + 1), *rng.pick(INTERESTING)),
        3 => input.truncate(rng.below(len + 1)),
        4 => {
            let (a, b) = range(rng, len);
            input.drain(a..b);
        }
        5 => {
            let (a, b) = range(rng, len);
            let copy = input[a..b].to_vec();
            let at = rng.below(input.len() + 1);
            input.splice(at..at, copy);
        }
        6 => {
            let other = rng.pick(lines);
            let (a, b) = range(rng, other.len());
            let at = rng.below(len + 1);
            input.splice(at..at, other[a..b].iter().copied());
        }
        7 | 8 => {
            let token = rng.pick(TOKENS).as_bytes();
            let at = rng.below(len + 1);
            input.splice(at..at, token.iter().copied());
        }
        9 => nest(rng, input),
        10 => odd_number(rng, input),
        11 => into_batch(rng, input),
        12 => line_endings(rng, input),
        _ => {
            let line = rng.pick(lines);
            let at = rng.below(len + 1);
            let mut add = line.clone();
            add.push(b'\n');
            input.splice(at..at, add);
        }
    }
}

/// Deep nesting, mostly past serde_json's limit of 128.
fn nest(rng: &mut Rng, input: &mut Vec<u8>) {
    let depth = *rng.pick(&[10, 100, 127, 128, 129, 1000, 10_000]);
    let (open, close): (&[u8], &[u8]) = if rng.chance(2) { (b"[", b"]") } else { (b"{\"a\":", b"}") };
    let at = rng.below(input.len() + 1);
    let mut nest = open.repeat(depth);
    nest.extend_from_slice(b"1");
    nest.extend_from_slice(&close.repeat(depth));
    input.splice(at..at, nest);
}

/// Replaces a run of digits with a huge or odd number.
fn odd_number(rng: &mut Rng, input: &mut Vec<u8>) {
    let len = input.len();
    let off = rng.below(len.max(1));
    if let Some(start) = (0..len).map(|k| (k + off) % len).find(|&i| input[i].is_ascii_digit()) {
        let end = (start..len).find(|&i| !input[i].is_ascii_digit()).unwrap_or(len);
        let n = *rng.pick(&["18446744073709551616", "1e400", "-0", "0.5", "99999999999999999999999"]);
        input.splice(start..end, n.bytes());
    }
}

/// Turns the lines into one batch (or a batch inside a batch).
fn into_batch(rng: &mut Rng, input: &mut Vec<u8>) {
    let body: Vec<&[u8]> = input.split(|&b| b == b'\n').filter(|l| !l.is_empty()).collect();
    let mut batch = b"[".to_vec();
    batch.extend_from_slice(&body.join(&b","[..]));
    batch.push(b']');
    if rng.chance(4) {
        batch = [b"[".as_slice(), &batch, b"]"].concat();
    }
    batch.push(b'\n');
    *input = batch;
}

/// Line endings: drops, doubles, or makes them `\r\n`, `\r` or blank lines.
fn line_endings(rng: &mut Rng, input: &mut Vec<u8>) {
    let ends: [&[u8]; 5] = [b"", b"\n\n", b"\r\n", b"\r", b" \n\t\n"];
    let to = *rng.pick(&ends);
    let mut out = Vec::with_capacity(input.len());
    for &b in input.iter() {
        if b == b'\n' && rng.chance(2) {
            out.extend_from_slice(to);
        } else {
            out.push(b);
        }
    }
    *input = out;
}

/// A session: a few seed lines (or a whole seed file), then a few mutations.
fn generate(rng: &mut Rng, seeds: &[Vec<u8>], lines: &[Vec<u8>]) -> Vec<u8> {
    let mut input = if rng.chance(4) {
        rng.pick(seeds).clone()
    } else {
        let mut s = Vec::new();
        for _ in 0..1 + rng.below(8) {
            let line: &Vec<u8> = rng.pick(lines);
            s.extend_from_slice(line);
            s.push(b'\n');
        }
        s
    };
    for _ in 0..rng.below(7) {
        mutate(rng, &mut input, lines);
    }
    input.truncate(256 * 1024);
    input
}

#[test]
fn mutated_sessions_keep_every_invariant() {
    oracle::init();
    oracle::count_panics();
    let (budget, max_iters, seed) = mutator::knobs(5);
    let seeds = seeds();
    let lines = seed_lines(&seeds);
    // The seeds themselves first: they must pass unmutated.
    for s in &seeds {
        if let Err(e) = oracle::check(s) {
            panic!("a seed fails: {e}\ninput: {:?}", String::from_utf8_lossy(s));
        }
    }
    let mut rng = Rng::new(seed);
    let started = Instant::now();
    let (mut iters, mut bytes, mut parse_lines) = (0u64, 0usize, 0usize);
    let mut stats = oracle::Stats::default();
    while iters < max_iters && started.elapsed() < budget {
        let input = generate(&mut rng, &seeds, &lines);
        iters += 1;
        bytes += input.len();
        let outcome = oracle::check_parse(&input).and_then(|n| {
            parse_lines += n;
            oracle::check(&input)
        });
        match outcome {
            Ok(s) => stats += s,
            Err(e) => {
                let path = save_failure("dispatch", &input);
                panic!(
                    "fuzz_dispatch: invariant broken after {iters} inputs (FUZZ_SEED={seed}): {e}\n\
                     input saved to {} ({} bytes): {:?}",
                    path.display(),
                    input.len(),
                    String::from_utf8_lossy(&input[..input.len().min(2000)])
                );
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "fuzz_dispatch: {iters} executions in {secs:.1} s ({:.0} exec/s), {:.1} MiB of input, {} lines, \
         {} requests, {} replies ({} batches), {} progress notifications, {} cancelled; 0 failures (FUZZ_SEED={seed})",
        iters as f64 / secs.max(1e-9),
        bytes as f64 / (1024.0 * 1024.0),
        stats.lines,
        stats.requests,
        stats.replies,
        stats.batches,
        stats.notifications,
        stats.cancelled,
    );
    assert_eq!(stats.lines, parse_lines, "the server and read_line disagree on the number of lines");
    assert!(iters > 0, "no input was run");
}

/// Sanity of the oracle itself: it must catch a missing, a doubled and a non-JSON line.
#[test]
fn the_oracle_rejects_broken_output() {
    let input = b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n";
    let good = b"{\"id\":1,\"jsonrpc\":\"2.0\",\"result\":{}}\n";
    assert!(oracle::verify(input, good).is_ok());
    assert!(oracle::verify(input, b"").is_err(), "a missing reply");
    assert!(oracle::verify(input, &[&good[..], &good[..]].concat()).is_err(), "a doubled reply");
    assert!(oracle::verify(input, &[&good[..], b"oops\n"].concat()).is_err(), "a stray line");
    assert!(oracle::verify(input, b"{\"id\":1,\"result\":{}}\n").is_err(), "no jsonrpc");
    assert!(oracle::verify(input, &good[..good.len() - 1]).is_err(), "no final newline");
    // A batch: the cancelled slow entry may be missing from its array, nothing else may.
    let batch = concat!(
        r#"[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_tags","arguments":{"source":"x"}}},"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"ping"},"#,
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}]"#,
        "\n"
    );
    let pong = r#"{"id":2,"jsonrpc":"2.0","result":{}}"#;
    let call = r#"{"id":1,"jsonrpc":"2.0","result":{}}"#;
    let both = format!("[{call},{pong}]\n");
    assert!(oracle::verify(batch.as_bytes(), both.as_bytes()).is_ok(), "the whole batch");
    assert!(oracle::verify(batch.as_bytes(), format!("[{pong}]\n").as_bytes()).is_ok(), "the cancelled entry dropped");
    assert!(oracle::verify(batch.as_bytes(), format!("[{call}]\n").as_bytes()).is_err(), "the ping dropped");
    assert!(oracle::verify(batch.as_bytes(), format!("[{pong},{call}]\n").as_bytes()).is_err(), "out of order");
    assert!(oracle::verify(batch.as_bytes(), b"").is_err(), "no array");
    // Ids repeat: the cancelled call and an error under the same id (found by CI's fuzz run).
    let twice = concat!(
        r#"[{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"list_tags","arguments":{}}},"#,
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5}},"#,
        r#"{"jsonrpc":"2.0","id":5,"method":"tools/canl"}]"#,
        "\n"
    );
    let err = r#"{"id":5,"jsonrpc":"2.0","error":{"code":-32601,"message":"no such method"}}"#;
    let ok5 = r#"{"id":5,"jsonrpc":"2.0","result":{}}"#;
    assert!(oracle::verify(twice.as_bytes(), format!("[{err}]\n").as_bytes()).is_ok(), "the first 5 dropped");
    assert!(oracle::verify(twice.as_bytes(), format!("[{ok5},{err}]\n").as_bytes()).is_ok(), "both 5s");
    assert!(oracle::verify(twice.as_bytes(), format!("[{ok5},{err},{err}]\n").as_bytes()).is_err(), "a 5 too many");
    assert!(oracle::verify(twice.as_bytes(), b"").is_err(), "the error dropped with the call");
    // Two batches of the same ids, one whose two entries must both be answered: its `[5, 5]` is
    // not taken for the other's, which leaves `[5]` nothing to fit (found by CI's fuzz run).
    let invalid = r#"[{"jsonrpc":"2.0","id":5,"meth":"x"},{"jsonrpc":"2.0","id":5,"method":"tools/canl"}]"#;
    let both_batches = format!("{twice}{invalid}\n");
    let replies = format!("[{err}]\n[{err},{err}]\n");
    assert!(oracle::verify(both_batches.as_bytes(), replies.as_bytes()).is_ok(), "each batch its reply");
    let swapped = format!("[{err},{err}]\n[{err}]\n");
    assert!(oracle::verify(both_batches.as_bytes(), swapped.as_bytes()).is_ok(), "in either order");
    // A batch of one cancelled call goes unanswered, and the `[5]` that comes is the other
    // batch's: the closest fit would give it to the first (found by CI's fuzz run).
    let lone = concat!(
        r#"[{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"list_tags","arguments":{}}},"#,
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5}}]"#,
        "\n"
    );
    for input in [format!("{lone}{twice}"), format!("{twice}{lone}")] {
        assert!(oracle::verify(input.as_bytes(), format!("[{err}]\n").as_bytes()).is_ok(), "the lone call unanswered");
        let all = format!("[{ok5}]\n[{ok5},{err}]\n");
        assert!(oracle::verify(input.as_bytes(), all.as_bytes()).is_ok(), "all answered");
        assert!(oracle::verify(input.as_bytes(), b"").is_err(), "the error never came");
        let three = format!("[{ok5}]\n[{err}]\n[{ok5}]\n");
        assert!(oracle::verify(input.as_bytes(), three.as_bytes()).is_err(), "a reply too many");
    }
}
