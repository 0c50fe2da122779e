//! LeetCode in Python as other archives write it (issue 35): untyped code's answers read by the
//! type LeetCode's signature declares (the examples show it: `true`, a list), and code in
//! LeetCode's `Python` language, which is Python 2.7 (`xrange`, `range` a list, `print x`): run
//! by a Python 2 interpreter where there is one, else refused by name, never blamed with a
//! `NameError`.

use std::time::Duration;

use serde_json::{Value, json};

use crate::harness::Server;
use crate::judge::{have, judge_server};
use crate::judge_verdicts::{leetcode, serve};

fn run(s: &mut Server, id: &str, code: &str) -> Value {
    let args = json!({"source": "leetcode", "id": id, "language": "python", "code": code, "time_limit_ms": 30000});
    s.send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "test_solution", "arguments": args}}));
    loop {
        let v = s.try_recv(Duration::from_secs(600)).expect("no reply within 600 s");
        if v["id"] == id {
            return v["result"].clone();
        }
    }
}

/// Untyped code (no annotation, no docstring): `return 0` where the examples show `false`, and a
/// tuple, a generator, `dict.values()` or a set where they show a list, as LeetCode's signature
/// converts them.
#[test]
fn untyped_answers_read_by_the_type_the_examples_show() {
    if !have("python3") {
        return;
    }
    let (b, mut s) = judge_server(vec![]);
    serve(&b, "leetcode", "9431", &leetcode(&[("n = 4", "true"), ("n = 3", "false")]), None);
    let code = "class Solution:\n    def isEven(self, n):\n        return 1 - n % 2\n";
    let v = run(&mut s, "9431", code);
    assert_eq!(v["structuredContent"]["verdict"], "AC", "{v}");
    let any = "<p>You may return the answer in any order.</p>";
    let examples = leetcode(&[("strs = [\"eat\",\"tea\",\"tan\"]", "[[\"eat\",\"tea\"],[\"tan\"]]")]);
    serve(&b, "leetcode", "9432", &format!("{any}{examples}"), None);
    for ret in ["d.values()", "tuple(d.values())", "(list(g) for g in d.values())", "set(map(tuple, d.values()))"] {
        let code = format!(
            "class Solution:\n    def groupAnagrams(self, strs):\n        d = {{}}\n        for w in strs:\n            \
d.setdefault(''.join(sorted(w)), []).append(w)\n        return {ret}\n"
        );
        let v = run(&mut s, "9432", &code);
        assert!(["AC", "UNVERIFIED"].contains(&v["structuredContent"]["verdict"].as_str().unwrap_or("")), "{ret}: {v}");
    }
}

/// Python 2 code as LeetCode's `Python` ran it: `xrange`, `iteritems`, a `print` statement,
/// `range` a list, `/` flooring integers, parameters given in their order.
const PYTHON2: &str = "class Solution(object):\n    def place(self, n, word, start):\n        \"\"\"\n        \
:type n: int\n        :type word: str\n        :type start: int\n        :rtype: List[int]\n        \"\"\"\n        \
print \"debug\", n\n        out = range(n)\n        for i in xrange(n):\n            out[i] = (start + i * len(word)) / 2\n        \
counts = {}\n        for k, v in counts.iteritems():\n            pass\n        return out\n";

#[test]
fn python_2_code_runs_under_python_2_or_is_refused_by_name() {
    if !have("python3") {
        return;
    }
    let examples = leetcode(&[("n = 3, word = \"ab\", start = 1", "[0,1,2]")]);
    // No Python 2 interpreter: refused, naming Python 2 and what to do, before anything runs.
    let (b, mut s) = judge_server(vec![("OJ_PYTHON2", "/no/such/python2".into())]);
    serve(&b, "leetcode", "9433", &examples, None);
    let v = run(&mut s, "9433", PYTHON2);
    let text = v.to_string();
    assert!(text.contains("Python 2") && text.contains("OJ_PYTHON2"), "{v}");
    assert_ne!(v["structuredContent"]["verdict"], "RE", "{v}");
    // With one (the environment's OJ_PYTHON2, else python2.7 on PATH that says it is 2.x): AC.
    let two = std::env::var("OJ_PYTHON2").unwrap_or_else(|_| "python2.7".into());
    let version = std::process::Command::new(&two).arg("--version").output();
    let is_two = version.is_ok_and(|o| [o.stdout, o.stderr].concat().starts_with(b"Python 2."));
    if !is_two {
        eprintln!("skipping the Python 2 run: no Python 2 interpreter (OJ_PYTHON2, python2.7)");
        return;
    }
    let (b, mut s) = judge_server(vec![("OJ_PYTHON2", two)]);
    serve(&b, "leetcode", "9433", &examples, None);
    let v = run(&mut s, "9433", PYTHON2);
    assert_eq!(v["structuredContent"]["verdict"], "AC", "{v}");
    // LeetCode's `Python` template without a name only Python 2 has: `range` a list there too.
    let template =
        PYTHON2.replace("xrange", "range").replace("print \"debug\", n", "pass").replace(".iteritems()", ".items()");
    let v = run(&mut s, "9433", &template);
    assert_eq!(v["structuredContent"]["verdict"], "AC", "{v}");
}
