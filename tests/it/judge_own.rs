//! `test_solution`'s own tests (`custom_tests`): judged like samples with an expected output,
//! shown (`RAN`) without one, a crash still a crash; LeetCode testcases read by the examples'
//! parse, a malformed one or a wrong parameter name refused with what was expected, before
//! anything is built.

use serde_json::json;

use crate::judge::{have, judge_server, judged};

const TOOL: &str = "test_solution";

#[test]
fn own_stdin_tests_with_and_without_an_expected_output() {
    if !have("python3") {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    let code = "n, m, a = map(int, input().split())\nprint(((n + a - 1) // a) * ((m + a - 1) // a))\n";
    let own = json!([
        {"input": "1 1 1\n", "output": "1\n"},
        {"input": "1000000000 1000000000 1\n"},
        {"input": "2 2 1\n", "output": "5\n"},
        {"input": "oops\n"},
    ]);
    let v = judged(
        &mut s,
        json!({"source": "codeforces", "id": "1A", "language": "python", "time_limit_ms": 20000, "code": code, "custom_tests": own}),
    );
    // The sample and own test 1 pass, own test 3 is wrong; 2 ran; 4 crashed.
    assert_eq!(
        (v["verdict"].as_str(), v["passed"].as_u64(), v["total"].as_u64()),
        (Some("WA"), Some(2), Some(3)),
        "{v}"
    );
    assert_eq!((v["own_tests"].as_u64(), v["ran"].as_u64()), (Some(4), Some(1)), "{v}");
    let r = &v["samples"];
    assert_eq!(
        (r[0]["own"].as_bool(), r[1]["own"].as_bool(), r[1]["number"].as_u64()),
        (Some(false), Some(true), Some(1))
    );
    assert_eq!(
        (r[2]["verdict"].as_str(), r[2]["output"].as_str()),
        (Some("RAN"), Some("1000000000000000000\n")),
        "{v}"
    );
    assert_eq!(r[3]["verdict"], "WA", "{v}");
    assert_eq!(r[4]["verdict"], "RE", "{v}");
    let text = s.call(TOOL, json!({"source": "codeforces", "id": "1A", "language": "python", "time_limit_ms": 20000, "code": code, "custom_tests": own}));
    let text = text["result"]["content"][0]["text"].as_str().unwrap().to_string();
    assert!(text.starts_with("# WA: 2/3 tests passed (1 samples, 4 of yours; 1 of yours ran"), "{text}");
    assert!(text.contains("## Your test 2: RAN") && text.contains("1000000000000000000"), "{text}");
    assert!(text.contains("| yours 3 | WA |"), "{text}");
    // Only tests without an expected output, the samples not picked away: RAN beside AC is AC.
    let v = judged(
        &mut s,
        json!({"source": "codeforces", "id": "1A", "language": "python", "time_limit_ms": 20000, "code": code, "custom_tests": [{"input": "3 3 3\n"}]}),
    );
    assert_eq!(v["verdict"], "AC", "{v}");
}

#[test]
fn malformed_own_tests_are_refused_before_anything_runs() {
    let (_b, mut s) = judge_server(vec![]);
    let base = json!({"source": "codeforces", "id": "1A", "language": "python", "code": "print(1)"});
    for (bad, says) in [
        (json!("1 2 3"), "must be an array of objects"),
        (json!([{"output": "1"}]), "test 1 has no `input`"),
        (json!([{"input": "1", "expected": "1"}]), "unknown field `expected`"),
        (json!([{"input": "1", "output": 1}]), "`output` is not a string"),
    ] {
        let mut args = base.clone();
        args["custom_tests"] = bad;
        let text = s.call_err(TOOL, args);
        assert!(text.contains(says), "{says}: {text}");
    }
    // LeetCode: a testcase not written as LeetCode writes one, a parameter misnamed.
    let lc = |t: serde_json::Value| json!({"source": "leetcode", "id": "1", "language": "python", "time_limit_ms": 20000, "code": "class Solution:\n    def twoSum(self, nums, target):\n        return [0, 1]\n", "custom_tests": t});
    let text = s.call_err(TOOL, lc(json!([{"input": "nums = [1,2, target = 3"}])));
    assert!(text.contains("custom test 1 cannot be read") && text.contains("nums = [2,7,11,15], target = 9"), "{text}");
    let text = s.call_err(TOOL, lc(json!([{"input": "num = [1,2], target = 3"}])));
    assert!(text.contains("gives `num, target`, but the method takes `nums, target`"), "{text}");
}

#[test]
fn own_leetcode_testcases_run_through_the_driver() {
    if !have("python3") {
        return;
    }
    let (_b, mut s) = judge_server(vec![]);
    let code = "class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        seen = {}
        for i, x in enumerate(nums):
            if target - x in seen:
                return [seen[target - x], i]
            seen[x] = i
";
    let own = json!([
        {"input": "nums = [1,5,9], target = 14", "output": "[1,2]"},
        {"input": "nums = [3,3], target = 6"},
        {"input": "nums = [1,2], target = 3", "output": "[0,2]"},
    ]);
    let v = judged(
        &mut s,
        json!({"source": "leetcode", "id": "1", "language": "python", "time_limit_ms": 20000, "code": code, "custom_tests": own}),
    );
    let r = v["samples"].as_array().unwrap();
    let own: Vec<_> = r.iter().filter(|r| r["own"] == true).collect();
    assert_eq!(own.len(), 3, "{v}");
    assert_eq!(own[0]["verdict"], "AC", "{v}");
    assert_eq!(
        (own[1]["verdict"].as_str(), own[1]["output"].as_str().map(str::trim)),
        (Some("RAN"), Some("[0,1]")),
        "{v}"
    );
    assert_eq!(own[2]["verdict"], "WA", "{v}");
    assert_eq!(v["verdict"], "WA", "{v}");
}
