//! `stress_test` through the binary (`--allow-run`): a planted bug found and shrunk to the
//! smallest failing size; a crashing reference reported as its fault; a difference where the
//! statement accepts several answers not called WA; the largest input too slow; progress and
//! cancellation; LeetCode testcases from a generator, and from the statement without one.

use std::time::Duration;

use serde_json::{Value, json};

use crate::harness::Server;
use crate::judge::{alive, eventually, have, judge_server, marker};
use crate::util::json_reply;

const TOOL: &str = "stress_test";

/// "Print the sum of N numbers", with an optional sentence.
pub(crate) fn sum_problem(extra: &str) -> Value {
    let content = format!(
        "<p>Given N and N integers, print their sum.</p>{extra}<h3>Sample Input 1</h3><pre>3\n1 2 3\n</pre>\
<h3>Sample Output 1</h3><pre>6\n</pre>"
    );
    json!({"id": "sum_a", "source": "atcoder", "title": "Sum", "tags": [], "content": content})
}

const GENERATOR: &str = "import random, sys\nseed, size = map(int, sys.argv[1:3])\nrandom.seed(seed)\n\
print(size)\nprint(*[random.randint(1, 9) for _ in range(size)])\n";
const REFERENCE: &str = "input()\nprint(sum(map(int, input().split())))\n";
/// Wrong from five numbers on: it adds the first four only.
const BUGGY: &str = "input()\nprint(sum(list(map(int, input().split()))[:4]))\n";

/// A call's reply, waited for as long as a loaded machine needs (the harness waits 20 s).
pub(crate) fn call_long(s: &mut Server, args: &Value) -> Value {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let id = format!("stress-call-{}", NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
    s.send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": TOOL, "arguments": args}}));
    loop {
        let v = s.try_recv(Duration::from_secs(300)).unwrap_or_else(|| panic!("no reply to {args}"));
        if v["id"] == id {
            return v;
        }
    }
}

/// The call's structured result, checked against the tool's outputSchema.
pub(crate) fn stressed(s: &mut Server, args: Value) -> Value {
    let r = call_long(s, &args);
    assert_eq!(r["result"]["isError"], json!(false), "{args}: {r}");
    let list = s.request("tools/list", json!({}));
    let tools = list["result"]["tools"].as_array().unwrap();
    let schema = &tools.iter().find(|t| t["name"] == TOOL).unwrap()["outputSchema"];
    let v = r["result"]["structuredContent"].clone();
    let errors = crate::schema_check::check(schema, &v);
    assert!(errors.is_empty(), "{errors:?}: {v}");
    let text = r["result"]["content"][0]["text"].as_str().unwrap();
    for n in v["notes"].as_array().unwrap() {
        assert!(text.contains(n.as_str().unwrap()), "the note {n} is not in the text: {text}");
    }
    v
}

pub(crate) fn py(code: &str) -> Value {
    json!({"code": code, "language": "python"})
}

fn args(program: &str, reference: &str, extra: Value) -> Value {
    let mut a = json!({"source": "atcoder", "id": "sum_a", "language": "python", "code": program,
        "reference": py(reference), "generator": py(GENERATOR), "time_limit_ms": 20000, "time_budget_s": 300});
    for (k, v) in extra.as_object().unwrap() {
        a[k] = v.clone();
    }
    a
}

#[test]
fn a_planted_bug_is_found_and_shrunk() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    b.route("/api/v1/problems/atcoder/sum_a", json_reply(&sum_problem("")));
    let v = stressed(&mut s, args(BUGGY, REFERENCE, json!({"rounds": 40})));
    assert_eq!(v["verdict"], "WA", "{v}");
    let c = &v["counterexample"];
    // Sizes 1 to 4 pass whatever the seed: the smallest failing size is 5.
    assert_eq!((c["fault"].as_str(), c["size"].as_u64()), (Some("program"), Some(5)), "{v}");
    let seed = c["seed"].as_u64().unwrap();
    assert!(c["input"].as_str().unwrap().starts_with("5\n"), "{v}");
    assert_ne!(c["program"]["output"], c["reference"]["output"], "{v}");
    assert_eq!(c["first_difference"]["line"], 1, "{v}");
    // The seed and size reproduce it.
    let out = std::process::Command::new("python3").args(["-c", GENERATOR, &seed.to_string(), "5"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), c["input"].as_str().unwrap());
    // The same program against itself: no difference in the rounds asked for.
    let v = stressed(&mut s, args(REFERENCE, REFERENCE, json!({"rounds": 12})));
    assert_eq!(
        (v["verdict"].as_str(), v["rounds"].as_u64(), v["stopped_by"].as_str()),
        (Some("PASSED"), Some(12), Some("rounds")),
        "{v}"
    );
}

#[test]
fn a_crashing_reference_is_the_references_fault() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    b.route("/api/v1/problems/atcoder/sum_a", json_reply(&sum_problem("")));
    let crashing = "n = int(input())\nassert n != 3, 'three'\nprint(sum(map(int, input().split())))\n";
    let v = stressed(&mut s, args(REFERENCE, crashing, json!({"rounds": 10})));
    assert_eq!(v["verdict"], "REFERENCE_FAULT", "{v}");
    let c = &v["counterexample"];
    assert_eq!((c["fault"].as_str(), c["size"].as_u64()), (Some("reference"), Some(3)), "{v}");
    assert_eq!(c["reference"]["verdict"], "RE", "{v}");
    assert!(c["reference"]["stderr_tail"].as_str().unwrap().contains("three"), "{v}");
}

#[test]
fn several_answers_without_a_checker_are_never_wa() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    b.route(
        "/api/v1/problems/atcoder/sum_a",
        json_reply(&sum_problem("<p>If there are multiple answers, print any of them.</p>")),
    );
    let v = stressed(&mut s, args(BUGGY, REFERENCE, json!({"rounds": 20})));
    assert_eq!(v["verdict"], "OUTPUTS_DIFFER", "{v}");
    assert!(v["summary"].as_str().unwrap().contains("give a checker"), "{v}");
    // With a checker that accepts only the reference's answer, the same difference is WA.
    let v = stressed(
        &mut s,
        args(BUGGY, REFERENCE, json!({"rounds": 20, "checker": ["sh", "-c", "cmp -s \"$2\" \"$3\"", "checker"]})),
    );
    assert_eq!(v["verdict"], "WA", "{v}");
    assert!(v["counterexample"]["checker_message"].as_str().unwrap().contains("exited with 1"), "{v}");
}

#[test]
fn the_largest_input_too_slow_is_a_tle() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    b.route("/api/v1/problems/atcoder/sum_a", json_reply(&sum_problem("")));
    let slow = "n = int(input())\nxs = list(map(int, input().split()))\nt = 0\nfor i in range(n):\n    for j in range(n):\n        t += 0\nprint(sum(xs))\n";
    let mut a =
        args(slow, REFERENCE, json!({"rounds": 0, "largest": true, "largest_size": 20000, "time_limit_ms": 1000}));
    a.as_object_mut().unwrap().remove("reference");
    let v = stressed(&mut s, a.clone());
    assert_eq!(v["verdict"], "TLE", "{v}");
    assert_eq!((v["largest"]["too_slow"].as_bool(), v["largest"]["size"].as_u64()), (Some(true), Some(20000)), "{v}");
    assert!(v["summary"].as_str().unwrap().contains("too slow on the largest input"), "{v}");
    a["largest_size"] = json!(5);
    a["time_limit_ms"] = json!(20000);
    let v = stressed(&mut s, a);
    assert_eq!((v["verdict"].as_str(), v["largest"]["verdict"].as_str()), (Some("PASSED"), Some("AC")), "{v}");
}

/// AtCoder's largest inputs run to megabytes (2×10^5 numbers up to 10^10 are 2.2 MB), and so do
/// some outputs (10^5 answers a line): the generator and the program were cut at the samples' 1
/// MB cap, a `GENERATOR_FAULT` ("failed … (OLE)") on AtCoder rejected submissions' largest inputs,
/// where the judge had no complaint about the input.
#[test]
fn the_largest_input_and_its_output_may_run_to_megabytes() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    b.route("/api/v1/problems/atcoder/sum_a", json_reply(&sum_problem("")));
    let generator = "import sys\nn = int(sys.argv[2])\nprint(n)\nprint(*[9999999999 - i for i in range(n)])\n";
    // Prints each number on its line (the size of the input again), then the sum.
    let echo = "n = int(input())\nxs = input().split()\nprint('\\n'.join(xs))\nprint(sum(map(int, xs)))\n";
    let mut a = args(echo, REFERENCE, json!({"rounds": 0, "largest": true, "largest_size": 300000}));
    a.as_object_mut().unwrap().remove("reference");
    a["generator"] = py(generator);
    let v = stressed(&mut s, a);
    assert_eq!((v["verdict"].as_str(), v["largest"]["verdict"].as_str()), (Some("PASSED"), Some("AC")), "{v}");
    assert_eq!(v["largest"]["size"], 300000, "{v}");
    // Not "no difference in 0 rounds", which read as if nothing had run.
    let summary = v["summary"].as_str().unwrap();
    assert!(summary.starts_with("no round run; the largest input (size 300000) ran in "), "{v}");
}

#[test]
fn bad_stress_arguments_are_refused_before_anything_runs() {
    let (b, mut s) = judge_server(vec![]);
    b.route("/api/v1/problems/atcoder/sum_a", json_reply(&sum_problem("")));
    let base = args(REFERENCE, REFERENCE, json!({}));
    for (drop, set, says) in [
        ("reference", json!({}), "give `reference`"),
        ("", json!({"reference": "python3 brute.py"}), "`reference` must be an object"),
        ("", json!({"generator": {"code": "x", "language": "cobol"}}), "in `generator`, `language` must be one of"),
        ("", json!({"largest": true}), "needs `largest_size`"),
        ("", json!({"rounds": 0}), "runs no round"),
    ] {
        let mut a = base.clone();
        a.as_object_mut().unwrap().remove(drop);
        for (k, v) in set.as_object().unwrap() {
            a[k] = v.clone();
        }
        let text = s.call_err(TOOL, a);
        assert!(text.contains(says), "{says}: {text}");
    }
}

/// A LeetCode function problem whose answer is unique: the sum of a list.
fn lc_sum_problem() -> Value {
    let content = "<p>Return the sum of <code>nums</code>.</p><p><strong class=\"example\">Example 1:</strong></p>\
<pre><strong>Input:</strong> nums = [1,2,3]\n<strong>Output:</strong> 6</pre><p><strong>Constraints:</strong></p><ul>\
<li><code>1 &lt;= nums.length &lt;= 10<sup>4</sup></code></li><li><code>-10<sup>5</sup> &lt;= nums[i] &lt;= 10<sup>5</sup></code></li>\
<li>The answer is guaranteed to fit in a 32-bit integer.</li></ul>";
    json!({"id": "sum-list", "source": "leetcode", "title": "Sum", "tags": [], "content": content, "category": "Algorithms"})
}

#[test]
fn leetcode_testcases_from_the_statement() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    b.route("/api/v1/problems/leetcode/sum-list", json_reply(&lc_sum_problem()));
    let right = "class Solution:\n    def total(self, nums: List[int]) -> int:\n        return sum(nums)\n";
    // Wrong from five numbers on: the first four only.
    let wrong = "class Solution:\n    def total(self, nums: List[int]) -> int:\n        return sum(nums[:4])\n";
    let a = |code: &str, largest: bool| {
        json!({"source": "leetcode", "id": "sum-list", "language": "python", "code": code, "reference": py(right),
            "rounds": 30, "largest": largest, "time_limit_ms": 20000, "time_budget_s": 60})
    };
    let v = stressed(&mut s, a(right, true));
    assert_eq!(v["verdict"], "PASSED", "{v}");
    assert_eq!(v["largest"]["verdict"], "AC", "{v}");
    let notes = v["notes"].to_string();
    assert!(notes.contains("1 <= nums.length <= 10^4") && notes.contains("fit in a 32-bit integer"), "{notes}");
    let v = stressed(&mut s, a(wrong, false));
    assert_eq!(v["verdict"], "WA", "{v}");
    let input = v["counterexample"]["input"].as_str().unwrap();
    assert!(input.starts_with("nums = [") && input.matches(',').count() >= 4, "{v}");
}

#[test]
fn leetcode_testcases_from_a_generator() {
    if !have("python3") {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    // Distinct powers of two: exactly one pair sums to the target.
    let generator = "import random, sys\nseed, size = map(int, sys.argv[1:3])\nrandom.seed(seed)\n\
nums = [2 ** k for k in range(size + 2)]\nrandom.shuffle(nums)\ni, j = random.sample(range(len(nums)), 2)\n\
print(f'nums = [{\",\".join(map(str, nums))}], target = {nums[i] + nums[j]}')\n";
    let fast = "class Solution:\n    def twoSum(self, nums, target):\n        seen = {}\n        for i, x in enumerate(nums):\n            if target - x in seen:\n                return [i, seen[target - x]]\n            seen[x] = i\n";
    let brute = "class Solution:\n    def twoSum(self, nums, target):\n        for i in range(len(nums)):\n            for j in range(i + 1, len(nums)):\n                if nums[i] + nums[j] == target:\n                    return [i, j]\n";
    let wrong = "class Solution:\n    def twoSum(self, nums, target):\n        for i in range(len(nums)):\n            for j in range(i + 1, min(len(nums), i + 3)):\n                if nums[i] + nums[j] == target:\n                    return [i, j]\n        return [0, 0]\n";
    let a = |code: &str| {
        json!({"source": "leetcode", "id": "1", "language": "python", "code": code, "reference": py(brute),
            "generator": py(generator), "rounds": 16, "time_limit_ms": 20000, "time_budget_s": 60})
    };
    let v = stressed(&mut s, a(fast));
    assert_eq!(v["verdict"], "PASSED", "{v}");
    let v = stressed(&mut s, a(wrong));
    assert_eq!(v["verdict"], "WA", "{v}");
    assert!(v["counterexample"]["input"].as_str().unwrap().starts_with("nums = ["), "{v}");
}

#[test]
fn stress_reports_progress_and_can_be_cancelled() {
    if !have("python3") || !cfg!(target_os = "linux") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    b.route("/api/v1/problems/atcoder/sum_a", json_reply(&sum_problem("")));
    let m = marker(31);
    // The program becomes a `sleep <marker>`: the rounds last until cancelled.
    let sleeper = format!("import os\nos.execvp('sleep', ['sleep', '{m}'])\n");
    let a = json!({"source": "atcoder", "id": "sum_a", "language": "python", "code": sleeper,
        "reference": py(REFERENCE), "generator": py(GENERATOR), "time_limit_ms": 60000, "time_budget_s": 300});
    s.send(&json!({"jsonrpc": "2.0", "id": "stress-1", "method": "tools/call",
        "params": {"name": TOOL, "_meta": {"progressToken": "p"}, "arguments": a}}));
    assert!(eventually(Duration::from_secs(60), || alive(&m)), "the program never started");
    s.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "stress-1"}}));
    assert!(eventually(Duration::from_secs(5), || !alive(&m)), "processes survived the cancellation");
    let pong = s.request("ping", json!({}));
    assert_eq!(pong["result"], json!({}), "{pong}");
    // Progress, per batch of rounds, before the reply.
    s.send(&json!({"jsonrpc": "2.0", "id": "stress-2", "method": "tools/call",
        "params": {"name": TOOL, "_meta": {"progressToken": "q"},
        "arguments": args(REFERENCE, REFERENCE, json!({"rounds": 25, "time_budget_s": 300}))}}));
    let mut steps = Vec::new();
    let reply = loop {
        let v = s.try_recv(Duration::from_secs(300)).expect("a reply");
        if v["id"] == "stress-2" {
            break v;
        }
        if v["method"] == "notifications/progress" {
            steps.push(v["params"].clone());
        }
    };
    assert_eq!(reply["result"]["structuredContent"]["verdict"], "PASSED", "{reply}");
    let last = steps.last().expect("progress before the reply");
    assert!(last["message"].as_str().unwrap().contains("25 of 25 rounds"), "{last}");
}

/// Prints the seed and the size: each round's input names its seed.
pub(crate) const SEED_GENERATOR: &str = "import sys\nprint(sys.argv[1], sys.argv[2])\n";
pub(crate) const SEED_REFERENCE: &str = "s, z = map(int, input().split())\nprint(s + z)\n";

/// The reference, but with `fault` on seed 7: round 6 of seeds counting from 1, the third round of
/// the second thread's first batch (rounds 4 to 7), or of the first thread's second.
fn faulty_on_seed_7(fault: &str) -> String {
    format!("s, z = map(int, input().split())\nif s == 7:\n    {fault}\nprint(s + z)\n")
}

#[test]
fn a_crash_a_time_out_and_a_wrong_answer_inside_a_batch_name_their_round() {
    // Emulated (an arm64 build under qemu-user), the server cannot start itself as the init that
    // runs a batch (see judge.rs); there this call got no reply in 300 s (2026-11-28, not yet
    // understood: the rounds alone pass the other stress tests there).
    if !have("python3") || crate::harness::emulated() {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    b.route("/api/v1/problems/atcoder/sum_a", json_reply(&sum_problem("")));
    let a = |fault: &str, time_ms: u64| {
        json!({"source": "atcoder", "id": "sum_a", "language": "python", "code": faulty_on_seed_7(fault),
            "reference": py(SEED_REFERENCE), "generator": py(SEED_GENERATOR), "rounds": 12, "max_size": 1,
            "time_limit_ms": time_ms, "reference_time_limit_ms": 20000, "time_budget_s": 300})
    };
    for (fault, time_ms, verdict) in [
        ("import os; os.abort()", 20000, "RE"),
        // A sleep uses no CPU: it ends at the wall-clock cap (3x the limit), once in the batch and
        // once alone, so the limit is kept short (a round here takes ~0.1 s of CPU).
        ("import time; time.sleep(60)", 3000, "TLE"),
        ("print(0); exit()", 20000, "WA"),
    ] {
        let v = stressed(&mut s, a(fault, time_ms));
        let c = &v["counterexample"];
        assert_eq!(v["verdict"], verdict, "{v}");
        // Round 6: seed 7, at size 1 (`max_size` 1: nothing smaller to look for, and the shrink's
        // 144 rounds are not what this tests; a_planted_bug_is_found_and_shrunk tests them).
        assert_eq!(
            (c["seed"].as_u64(), c["size"].as_u64(), c["input"].as_str()),
            (Some(7), Some(1), Some("7 1\n")),
            "{v}"
        );
        assert_eq!((c["fault"].as_str(), c["program"]["verdict"].as_str()), (Some("program"), Some(verdict)), "{v}");
        assert_eq!(c["reference"]["output"], "8\n", "{v}");
    }
}

/// LeetCode's drivers with `--many` run a batch's testcases in one process: a crash, a time-out
/// and a wrong answer at one testcase still name that round. Python: a solution's global state
/// does not leak from one testcase into the next (each gets a fresh namespace).
#[test]
fn leetcode_testcases_in_one_driver_process_keep_their_verdicts() {
    if !have("python3") || crate::harness::emulated() {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    let python = |fault: &str| {
        format!(
            "calls = []\nclass Solution:\n    def twoSum(self, nums, target):\n        calls.append(1)\n        \
if nums[0] == 7:\n            {fault}\n        return [0, len(calls)]\n"
        )
    };
    let reference = "class Solution:\n    def twoSum(self, nums, target):\n        return [0, 1]\n";
    many_testcases(
        &mut s,
        ("python", reference, "pass"),
        &python,
        &[("raise ValueError('seven')", "RE"), ("while True: pass", "TLE"), ("return [0, 0]", "WA")],
    );
}

/// C++: a child forked per testcase, so that its globals start afresh too.
#[test]
fn leetcode_cpp_testcases_in_one_driver_process_keep_their_verdicts() {
    if !have("python3") || !have("g++") || crate::harness::emulated() {
        return;
    }
    // Without AddressSanitizer (judge_asan.rs has a stress test with it): a null write is a
    // signal either way.
    let (_b, mut s) = judge_server(vec![crate::judge::cxx_without_asan()]);
    let cpp = |fault: &str| {
        format!(
            "int calls = 0;\nclass Solution {{\npublic:\n    vector<int> twoSum(vector<int>& nums, int target) {{\n        \
calls++;\n        if (nums[0] == 7) {{ {fault} }}\n        return {{0, calls}};\n    }}\n}};\n"
        )
    };
    many_testcases(
        &mut s,
        ("cpp", &cpp(""), ""),
        &cpp,
        &[
            ("volatile int* p = nullptr; *p = 1;", "RE"),
            ("throw runtime_error(\"seven\");", "RE"),
            ("for (volatile int i = 0;; i++) {}", "TLE"),
            ("return {0, 0};", "WA"),
        ],
    );
}

/// Java: one JVM, its classes' static fields kept between testcases (as on LeetCode).
#[test]
fn leetcode_java_testcases_in_one_driver_process_keep_their_verdicts() {
    if !have("python3") || !have("javac") || crate::harness::emulated() {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    let java = |fault: &str| {
        format!(
            "class Solution {{\n    public int[] twoSum(int[] nums, int target) {{\n        \
if (nums[0] == 7) {{ {fault} }}\n        return new int[] {{0, 1}};\n    }}\n}}\n"
        )
    };
    many_testcases(
        &mut s,
        ("java", &java(""), ""),
        &java,
        &[
            ("throw new IllegalStateException(\"seven\");", "RE"),
            ("return twoSum(nums, target);", "RE"),
            ("while (nums.length > 0) {}", "TLE"),
            ("return new int[] {0, 0};", "WA"),
        ],
    );
}

/// Go: one process, its package-level variables kept between testcases (as on LeetCode).
#[test]
fn leetcode_go_testcases_in_one_driver_process_keep_their_verdicts() {
    if !have("python3") || !have("go") || crate::harness::emulated() {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    let go = |fault: &str| {
        format!(
            "func twoSum(nums []int, target int) []int {{\n\tif nums[0] == 7 {{\n\t\t{fault}\n\t}}\n\treturn []int{{0, 1}}\n}}\n"
        )
    };
    many_testcases(
        &mut s,
        ("go", &go(""), ""),
        &go,
        &[("return nums[:9]", "RE"), ("for len(nums) > 0 {\n\t\t}", "TLE"), ("return []int{0, 0}", "WA")],
    );
}

/// 3Sum's triplets, each in any order (the statement says so): two accepted solutions whose
/// triplets come in other inner orders agree (a multiset of multisets), not `OUTPUTS_DIFFER`.
#[test]
fn triplets_in_another_inner_order_agree() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    let words = crate::judge_verdicts::THREE_SUM;
    let examples = crate::judge_verdicts::leetcode(&[("nums = [-1,0,1,2,-1,-4]", "[[-1,-1,2],[-1,0,1]]")]);
    crate::judge_verdicts::serve(&b, "leetcode", "9415", &format!("{words}{examples}"), None);
    let solution = |order: &str| {
        format!(
            "from itertools import combinations\nclass Solution:\n    def threeSum(self, nums):\n        \
seen = {{tuple(sorted(t)) for t in combinations(nums, 3) if sum(t) == 0}}\n        return [list(t){order} for t in seen]\n"
        )
    };
    let generator = "import random, sys\nrandom.seed(int(sys.argv[1]))\nn = int(sys.argv[2]) + 2\n\
print('nums = [' + ','.join(str(random.randint(-3, 3)) for _ in range(n)) + ']')\n";
    let v = stressed(
        &mut s,
        json!({"source": "leetcode", "id": "9415", "language": "python", "code": solution(""),
            "reference": py(&solution("[::-1]")), "generator": py(generator), "rounds": 12, "time_limit_ms": 20000,
            "time_budget_s": 300}),
    );
    assert_eq!(v["verdict"], "PASSED", "{v}");
}

/// JavaScript and TypeScript: one `node`, the code run once, its globals kept between testcases
/// (as on LeetCode); vm's timeout ends a busy loop.
#[test]
fn leetcode_javascript_testcases_in_one_driver_process_keep_their_verdicts() {
    if !have("python3") || !have("node") || crate::harness::emulated() {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    let faults = [("return [nums[9].length];", "RE"), ("while (nums.length > 0) {}", "TLE"), ("return [0, 0];", "WA")];
    let js = |fault: &str| {
        format!(
            "let calls = 0;\nvar twoSum = function(nums, target) {{\n    calls++;\n    if (nums[0] === 7) {{ {fault} }}\n    return [0, 1];\n}};\n"
        )
    };
    many_testcases(&mut s, ("javascript", &js(""), ""), &js, &faults);
    if !have("tsc") {
        return;
    }
    let ts = |fault: &str| {
        format!(
            "let calls: number = 0;\nfunction twoSum(nums: number[], target: number): number[] {{\n    calls++;\n    if (nums[0] === 7) {{ {fault} }}\n    return [0, 1];\n}}\n"
        )
    };
    // A throw here (JavaScript's case is a TypeError): the same driver, so one RE suffices.
    let faults = [("throw new Error('seven');", "RE"), faults[1], faults[2]];
    many_testcases(&mut s, ("typescript", &ts(""), ""), &ts, &faults);
}

/// Rust: one process, its statics kept between testcases (as on LeetCode); a panic ends it.
#[test]
fn leetcode_rust_testcases_in_one_driver_process_keep_their_verdicts() {
    if !have("python3") || !have("rustc") || crate::harness::emulated() {
        return;
    }
    let (_b, mut s) = judge_server(crate::judge_leetcode_rust::toolchain_env());
    let rust = |fault: &str| {
        format!(
            "static CALLS: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);\nimpl Solution {{\n    \
pub fn two_sum(nums: Vec<i32>, target: i32) -> Vec<i32> {{\n        \
CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);\n        if nums[0] == 7 {{ {fault} }}\n        vec![0, 1]\n    }}\n}}\n"
        )
    };
    many_testcases(
        &mut s,
        ("rust", &rust(""), ""),
        &rust,
        &[
            ("panic!(\"seven\");", "RE"),
            ("return vec![nums[9]];", "RE"),
            ("while !nums.is_empty() { std::hint::black_box(&nums); }", "TLE"),
            ("return vec![0, 0];", "WA"),
        ],
    );
}

/// Two Sum's testcases from the seed (nums = [seed, size], target = seed + size), the program
/// `code(ok)` first (it passes), then with each fault at seed 7: the verdict, named by round 6.
fn many_testcases(
    s: &mut Server,
    (lang, reference, ok): (&str, &str, &str),
    code: &dyn Fn(&str) -> String,
    faults: &[(&str, &str)],
) {
    let generator = "import sys\ns, z = sys.argv[1:3]\nprint(f'nums = [{s},{z}], target = {int(s) + int(z)}')\n";
    let a = |code: &str, time_ms: u64| {
        json!({"source": "leetcode", "id": "1", "language": lang, "code": code,
            "reference": {"code": reference, "language": lang},
            "generator": py(generator), "rounds": 12, "max_size": 1, "time_limit_ms": time_ms, "reference_time_limit_ms": 20000,
            "time_budget_s": 300})
    };
    let v = stressed(s, a(&code(ok), 20000));
    assert_eq!((v["verdict"].as_str(), v["timeouts_not_repeated"].as_u64()), (Some("PASSED"), Some(0)), "{lang}: {v}");
    for (fault, verdict) in faults {
        // A spin ends at the CPU limit, once in the batch and once alone: 2 s each, 4 s for a JVM
        // (its threads' start and JIT count too; its testcases take well under a second of CPU).
        let time_ms = match (*verdict, lang) {
            ("TLE", "java") => 4000,
            ("TLE", _) => 2000,
            _ => 20000,
        };
        let v = stressed(s, a(&code(fault), time_ms));
        let c = &v["counterexample"];
        assert_eq!(v["verdict"], *verdict, "{lang}, {fault}: {v}");
        // Size 1 throughout (`max_size`): no shrink, which would cost a JVM's 144 rounds here.
        assert_eq!((c["seed"].as_u64(), c["size"].as_u64()), (Some(7), Some(1)), "{lang}, {fault}: {v}");
        assert_eq!(
            (c["fault"].as_str(), c["program"]["verdict"].as_str()),
            (Some("program"), Some(*verdict)),
            "{lang}, {fault}: {v}"
        );
    }
}

#[test]
fn a_program_in_a_batch_cannot_write_outside_its_folder_nor_read_the_token() {
    if !have("python3") || !cfg!(target_os = "linux") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    b.route("/api/v1/problems/atcoder/sum_a", json_reply(&sum_problem("")));
    // Outside the run's folder and outside /tmp (which the sandbox replaces with its own).
    let outside =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("stress-batch-{}", std::process::id()));
    let token = crate::harness::TOKEN;
    // It prints the right sum only where it saw no token (its own environment, and every one it
    // can read in /proc: the init's, the other runs') and its write outside failed.
    let program = format!(
        "import os, glob\nseen = any('{token}' in v for v in os.environ.values())\n\
for f in glob.glob('/proc/*/environ'):\n    try:\n        seen = seen or b'{token}' in open(f, 'rb').read()\n    except OSError:\n        pass\n\
try:\n    open('{}', 'w').write('x')\n    seen = True\nexcept OSError:\n    pass\n\
s, z = map(int, input().split())\nprint(-1 if seen else s + z)\n",
        outside.display()
    );
    let v = stressed(
        &mut s,
        json!({"source": "atcoder", "id": "sum_a", "language": "python", "code": program,
        "reference": py(SEED_REFERENCE), "generator": py(SEED_GENERATOR), "rounds": 12, "time_limit_ms": 20000,
        "time_budget_s": 300}),
    );
    assert_eq!((v["verdict"].as_str(), v["rounds"].as_u64()), (Some("PASSED"), Some(12)), "{v}");
    assert!(!outside.exists(), "the program wrote {}", outside.display());
}
