//! LeetCode's C++ built with AddressSanitizer, as LeetCode builds it: a read one past a vector's
//! end is `RE` with ASan's headline and the user's line, in `test_solution` and in `stress_test`;
//! a leak is not an error (LeetCode's code leaks freely); `OJ_CXX="… -fno-sanitize=address"`
//! builds without it, and the result says which. Where the compiler cannot build with ASan here
//! (no runtime installed), the result says so instead.

use std::time::Duration;

use serde_json::{Value, json};

use crate::harness::Server;
use crate::judge::{have, judge_server};
use crate::judge_stress::{py, stressed};
use crate::judge_verdicts::{leetcode, serve};

/// Reads `nums[nums.size()]` (one past the end) when `nums` has three items, on line 5.
const PAST_THE_END: &str = "class Solution {\npublic:\n    int total(vector<int>& nums) {\n        int s = 0;\n        \
if (nums.size() == 3) { volatile int x = nums[nums.size()]; s += x * 0; }\n        \
for (int v : nums) s += v;\n        return s;\n    }\n};\n";

/// Leaks every call's array.
const LEAKS: &str = "class Solution {\npublic:\n    int total(vector<int>& nums) {\n        \
int* copy = new int[nums.size() + 1];\n        int s = 0;\n        for (size_t i = 0; i < nums.size(); i++) s += copy[i] = nums[i];\n        \
return s;\n    }\n};\n";

const CORRECT: &str = "class Solution {\npublic:\n    int total(vector<int>& nums) {\n        int s = 0;\n        \
for (int v : nums) s += v;\n        return s;\n    }\n};\n";

/// The call's structured result and its text.
fn call(s: &mut Server, id: &str, code: &str) -> (Value, String) {
    let args = json!({"source": "leetcode", "id": id, "language": "cpp", "code": code});
    s.send(&json!({"jsonrpc": "2.0", "id": "asan", "method": "tools/call", "params": {"name": "test_solution", "arguments": args}}));
    loop {
        // The first call also builds the driver's session part (minutes on a busy machine).
        let v = s.try_recv(Duration::from_secs(600)).expect("no reply within 600 s");
        if v["id"] == "asan" {
            assert_eq!(v["result"]["isError"], json!(false), "{v}");
            let text = v["result"]["content"][0]["text"].as_str().unwrap_or_default().to_string();
            return (v["result"]["structuredContent"].clone(), text);
        }
    }
}

/// Whether the result says the build had AddressSanitizer; `None` where it could not here.
fn sanitized(v: &Value) -> Option<bool> {
    let why = v["compile"]["standard_why"].as_str().unwrap_or_default();
    if why.contains("cannot build with -fsanitize=address") {
        eprintln!("skipping: the compiler cannot build with AddressSanitizer here");
        return None;
    }
    Some(why.contains("with AddressSanitizer"))
}

#[test]
fn a_read_past_the_end_is_re_with_asans_report_and_a_leak_is_not_an_error() {
    if !have("g++") || !cfg!(target_os = "linux") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    serve(&b, "leetcode", "9500", &leetcode(&[("nums = [1,2]", "3"), ("nums = [1,2,3]", "6")]), None);
    let (v, text) = call(&mut s, "9500", PAST_THE_END);
    if sanitized(&v).is_none() {
        return;
    }
    assert_eq!(sanitized(&v), Some(true), "{v}");
    assert_eq!(v["verdict"], "RE", "{v}");
    let sample = &v["samples"][1];
    assert_eq!((sample["verdict"].as_str(), v["samples"][0]["verdict"].as_str()), (Some("RE"), Some("AC")), "{v}");
    let exit = sample["exit"].as_str().unwrap_or_default();
    for want in ["AddressSanitizer: heap-buffer-overflow", "READ of size 4", "solution.cpp:5"] {
        assert!(exit.contains(want), "{want} not in {exit}");
        assert!(text.contains(want), "{want} not in the text: {text}");
    }
    assert!(sample["stderr_tail"].as_str().unwrap_or_default().contains("ERROR: AddressSanitizer"), "{v}");
    // The limits: on resident memory, not the address space ASan reserves.
    assert!(v["confinement"].to_string().contains("resident memory limited"), "{v}");
    let (v, _) = call(&mut s, "9500", LEAKS);
    assert_eq!(v["verdict"], "AC", "a leak is not an error: {v}");
    // gold's ~200 warnings on clang's ASan runtime are no news of the program's.
    assert!(!v["compile"]["log"].to_string().contains("Cannot export local symbol"), "{v}");
    // The same server: its session's driver part, built with ASan, is built once.
    stress_finds_a_read_past_the_end(&b, &mut s);
}

/// On a server with `OJ_CXX="clang++ -fno-sanitize=address"` (judge_leetcode_cpp.rs's driver
/// test, which shares its session build): the read past the end runs silently, and the result
/// says the build had no sanitizer.
pub(crate) fn oj_cxx_turns_asan_off(b: &crate::backend::Backend, s: &mut Server) {
    serve(b, "leetcode", "9501", &leetcode(&[("nums = [1,2,3]", "6")]), None);
    let (v, text) = call(s, "9501", PAST_THE_END);
    assert!(!sanitized(&v).unwrap_or(false), "{v}");
    // Read silently past the end: the answer is right all the same.
    assert_eq!(v["verdict"], "AC", "{v}");
    assert!(text.contains("without AddressSanitizer"), "{text}");
}

/// A compiler that cannot build with ASan here (a stand-in for g++ without libasan: it refuses
/// `-fsanitize=address`): the call is built without it, and the result says so.
#[cfg(unix)]
#[test]
fn without_an_asan_runtime_the_build_is_plain_and_says_so() {
    use std::os::unix::fs::PermissionsExt;
    if !have("g++") {
        return;
    }
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("no-asan-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("g++-without-asan");
    let text = "#!/bin/sh\nfor a in \"$@\"; do [ \"$a\" = -fsanitize=address ] && { echo 'cannot find -lasan' >&2; exit 1; }; done\n\
exec g++ \"$@\"\n";
    std::fs::write(&script, text).unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (b, mut s) = judge_server(vec![("OJ_CXX", script.to_string_lossy().into_owned())]);
    serve(&b, "leetcode", "9503", &leetcode(&[("nums = [1,2,3]", "6")]), None);
    let (v, text) = call(&mut s, "9503", CORRECT);
    assert_eq!(v["verdict"], "AC", "{v}");
    let why = v["compile"]["standard_why"].as_str().unwrap_or_default();
    assert!(why.contains("cannot build with -fsanitize=address here"), "{v}");
    assert!(text.contains("cannot build with -fsanitize=address here"), "{text}");
    // Its runs keep the address-space limit (where `prlimit` is), not ASan's resident one.
    assert!(!v["confinement"].to_string().contains("resident memory limited"), "{v}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A clang++ without compiler-rt's ASan runtime beside a g++ with libasan (a stand-in: clang++
/// refusing `-fsanitize=address`, first on PATH): LeetCode's C++ is built by g++ with ASan, so
/// a read past the end is `RE` as on LeetCode, not a silent pass under a plain clang++ build.
#[cfg(unix)]
#[test]
fn where_only_gxx_builds_with_asan_it_builds_leetcode() {
    use std::os::unix::fs::PermissionsExt;
    if !have("clang++") || !have("g++") {
        return;
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let clang = std::env::split_paths(&path).map(|d| d.join("clang++")).find(|c| c.is_file()).unwrap();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("clang-no-asan-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("clang++");
    let text = format!(
        "#!/bin/sh\nfor a in \"$@\"; do [ \"$a\" = -fsanitize=address ] && {{ echo 'cannot find libclang_rt.asan' >&2; exit 1; }}; done\n\
exec {} \"$@\"\n",
        clang.display()
    );
    std::fs::write(&script, text).unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!("{}:{}", dir.display(), std::env::var("PATH").unwrap_or_default());
    let (b, mut s) = judge_server(vec![("PATH", path)]);
    serve(&b, "leetcode", "9504", &leetcode(&[("nums = [1,2]", "3"), ("nums = [1,2,3]", "6")]), None);
    let (v, _) = call(&mut s, "9504", PAST_THE_END);
    let _ = std::fs::remove_dir_all(&dir);
    let why = v["compile"]["standard_why"].as_str().unwrap_or_default();
    if why.contains("cannot build with -fsanitize=address") {
        eprintln!("skipping: g++ cannot build with AddressSanitizer here either: {why}");
        return;
    }
    assert!(why.contains("compiled by `g++`") && why.contains("with AddressSanitizer"), "{v}");
    assert_eq!(v["verdict"], "RE", "{v}");
}

/// `stress_test` finds a planted read one past the end as `RE` against a correct reference:
/// undefined behaviour that a plain -O2 build runs silently; memory past the limit is `MLE`.
fn stress_finds_a_read_past_the_end(b: &crate::backend::Backend, s: &mut Server) {
    if !have("python3") || crate::harness::emulated() {
        return;
    }
    serve(b, "leetcode", "9502", &leetcode(&[("nums = [1,2]", "3")]), None);
    // Off by one: `<=` reads nums[n], and the sum is right wherever that read does not fault.
    let buggy = CORRECT.replace(
        "for (int v : nums) s += v;",
        "for (size_t i = 0; i <= nums.size(); i++) { volatile int x = nums[i]; if (i < nums.size()) s += x; }",
    );
    let generator = "import sys\ns, z = map(int, sys.argv[1:3])\nprint(f'nums = {[s] * (z + 1)}')\n";
    let v = stressed(
        s,
        json!({"source": "leetcode", "id": "9502", "language": "cpp", "code": buggy,
            "reference": {"code": CORRECT, "language": "cpp"}, "generator": py(generator), "rounds": 8,
            "max_size": 1, "time_limit_ms": 20000, "time_budget_s": 300}),
    );
    let c = &v["counterexample"];
    assert_eq!((v["verdict"].as_str(), c["fault"].as_str()), (Some("RE"), Some("program")), "{v}");
    let exit = c["program"]["exit"].as_str().unwrap_or_default();
    assert!(exit.contains("AddressSanitizer: heap-buffer-overflow") && exit.contains("solution.cpp:"), "{v}");
    // Memory past the limit, in a batch's forked child (no ASan thread there: the driver's own
    // watch) and alone (ASan's): MLE, though the address space is not limited.
    let hog = CORRECT.replace(
        "int s = 0;",
        "int s = 0;\n        if (nums[0] == 7) { vector<vector<char>> v; for (;;) v.emplace_back(1 << 20, 1); }",
    );
    let v = stressed(
        s,
        json!({"source": "leetcode", "id": "9502", "language": "cpp", "code": hog,
            "reference": {"code": CORRECT, "language": "cpp"}, "generator": py(generator), "rounds": 12,
            "max_size": 1, "time_limit_ms": 20000, "memory_limit_mb": 256, "time_budget_s": 300}),
    );
    assert_eq!((v["verdict"].as_str(), v["counterexample"]["seed"].as_u64()), (Some("MLE"), Some(7)), "{v}");
}
