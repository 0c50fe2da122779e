//! `stress_test`'s rounds per second with the sandbox on: three small programs (the program, the
//! reference, the generator) in C++ and in Python on Codeforces 1A, a fixed number of rounds that
//! all pass, the figure read from the result (`rounds_per_second`: the rounds' wall-clock time,
//! the builds and the problem's fetch left out). Targets: 100 rounds/s for C++, 20 for Python.

use std::process::Stdio;
use std::time::Duration;

use serde_json::{Value, json};

use crate::backend;
use crate::pipes::{Proc, initialize_request, request};
use crate::server::note;
use crate::table::{Cell, Row, Target, cell_or};
use crate::{Opts, TOKEN};

const CPP_PROGRAM: &str = "#include <cstdio>\nint main(){long long n,m,a;if(scanf(\"%lld%lld%lld\",&n,&m,&a)!=3)return 1;\
printf(\"%lld\\n\",((n+a-1)/a)*((m+a-1)/a));}\n";
const CPP_REFERENCE: &str = "#include <cstdio>\nint main(){long long n,m,a,x=0,y=0;if(scanf(\"%lld%lld%lld\",&n,&m,&a)!=3)return 1;\
for(long long i=0;i<n;i+=a)x++;for(long long j=0;j<m;j+=a)y++;printf(\"%lld\\n\",x*y);}\n";
const CPP_GENERATOR: &str = "#include <cstdio>\n#include <cstdlib>\nint main(int c,char**v){unsigned s=atoi(v[1]),z=atoi(v[2]);\
srand(s);printf(\"%d %d %d\\n\",rand()%(z*10)+1,rand()%(z*10)+1,rand()%z+1);}\n";
const PY_PROGRAM: &str = "n, m, a = map(int, input().split())\nprint(((n + a - 1) // a) * ((m + a - 1) // a))\n";
const PY_REFERENCE: &str = "n, m, a = map(int, input().split())\nprint(len(range(0, n, a)) * len(range(0, m, a)))\n";
const PY_GENERATOR: &str = "import random, sys\ns, z = map(int, sys.argv[1:3])\nr = random.Random(s)\n\
print(r.randint(1, z * 10), r.randint(1, z * 10), r.randint(1, z))\n";

/// LeetCode's Two Sum (the fixture's problem 1) in Python and C++, the program its own reference,
/// the testcases generated from the statement (no generator).
const LC_PYTHON: &str = "class Solution:\n    def twoSum(self, nums: List[int], target: int) -> List[int]:\n        \
seen = {}\n        for i, x in enumerate(nums):\n            if target - x in seen:\n                \
return [seen[target - x], i]\n            seen[x] = i\n        return []\n";
const LC_CPP: &str = "class Solution {\npublic:\n    vector<int> twoSum(vector<int>& nums, int target) {\n        \
unordered_map<int, int> seen;\n        for (int i = 0; i < (int)nums.size(); i++) {\n            \
auto it = seen.find(target - nums[i]);\n            if (it != seen.end()) return {it->second, i};\n            \
seen[nums[i]] = i;\n        }\n        return {};\n    }\n};\n";

/// Rounds per second, C++ and Python, on Codeforces 1A and on LeetCode's Two Sum.
pub(crate) struct StressFigures {
    cpp: Result<f64, String>,
    python: Result<f64, String>,
    leetcode_python: Result<f64, String>,
    leetcode_cpp: Result<f64, String>,
}

/// One stress call of `rounds` rounds on Codeforces 1A (`code`: program, reference, generator)
/// or, where `code` has no generator, on LeetCode's Two Sum; its rounds per second.
fn rounds_per_second(p: &mut Proc, id: u64, language: &str, code: [&str; 3], rounds: u64) -> Result<f64, String> {
    let side = |c: &str| json!({"code": c, "language": language});
    let (source, problem) = if code[2].is_empty() { ("leetcode", "1") } else { ("codeforces", "1A") };
    let mut args = json!({"source": source, "id": problem, "language": language, "code": code[0],
        "reference": side(code[1]), "rounds": rounds, "time_budget_s": 300, "time_limit_ms": 10000});
    if !code[2].is_empty() {
        args["generator"] = side(code[2]);
    }
    let cpu = server_cpu_ms(p.child.id());
    p.call(id, &request(id, "tools/call", json!({"name": "stress_test", "arguments": args})))?;
    let v: Value = p.reply_result("stress_test")?["structuredContent"].clone();
    let cpu = server_cpu_ms(p.child.id()).zip(cpu).map(|(after, before)| (after - before) / 1e3);
    if v["verdict"] != "PASSED" || v["rounds"] != rounds {
        return Err(format!("stress_test: {} after {} rounds: {}", v["verdict"], v["rounds"], v["summary"]));
    }
    // CPU time, the server's and its runs' (each waited for): wall time on a shared machine
    // counts the other work too.
    let per_cpu = cpu.map_or("?".into(), |c| {
        format!("{c:.2} CPU s (server and runs), {:.1} rounds per CPU-second", rounds as f64 / c)
    });
    println!(
        "  {source} {language}: {rounds} rounds in {} s, {} rounds/s, {per_cpu}, sandbox {}",
        v["seconds"], v["rounds_per_second"], v["confinement"]["engine"]
    );
    v["rounds_per_second"].as_f64().ok_or_else(|| "no rounds_per_second".into())
}

pub(crate) fn measure_stress(opts: &Opts, failed: &mut bool) -> StressFigures {
    println!("\n== stress_test: rounds per second (program, reference and generator, sandboxed)");
    let served = backend::Backend::start(&backend::fixtures_dir()).with_token(TOKEN);
    let mut c = Proc::command(&opts.server, &served.url());
    c.env("OJ_ALLOW_RUN", "1").stderr(Stdio::null());
    let started = Proc::spawn(c, opts.timeout.max(Duration::from_secs(330))).and_then(|mut p| {
        p.send(&initialize_request())?;
        p.reply(1)?;
        Ok(p)
    });
    let mut p = match note("stress", started, failed) {
        Ok(p) => p,
        Err(e) => {
            let (cpp, python, leetcode_python) = (Err(e.clone()), Err(e.clone()), Err(e.clone()));
            return StressFigures { cpp, python, leetcode_python, leetcode_cpp: Err(e) };
        }
    };
    // A first call builds the three (and warms the caches); the second is measured.
    let _ = rounds_per_second(&mut p, 2, "cpp", [CPP_PROGRAM, CPP_REFERENCE, CPP_GENERATOR], 10);
    let cpp = note(
        "stress cpp",
        rounds_per_second(&mut p, 3, "cpp", [CPP_PROGRAM, CPP_REFERENCE, CPP_GENERATOR], 300),
        failed,
    );
    let _ = rounds_per_second(&mut p, 4, "python", [PY_PROGRAM, PY_REFERENCE, PY_GENERATOR], 4);
    let python = note(
        "stress python",
        rounds_per_second(&mut p, 5, "python", [PY_PROGRAM, PY_REFERENCE, PY_GENERATOR], 60),
        failed,
    );
    let _ = rounds_per_second(&mut p, 6, "python", [LC_PYTHON, LC_PYTHON, ""], 4);
    let leetcode_python =
        note("stress leetcode python", rounds_per_second(&mut p, 7, "python", [LC_PYTHON, LC_PYTHON, ""], 40), failed);
    let _ = rounds_per_second(&mut p, 8, "cpp", [LC_CPP, LC_CPP, ""], 4);
    let leetcode_cpp =
        note("stress leetcode cpp", rounds_per_second(&mut p, 9, "cpp", [LC_CPP, LC_CPP, ""], 100), failed);
    StressFigures { cpp, python, leetcode_python, leetcode_cpp }
}

pub(crate) fn stress_rows(f: &StressFigures, rows: &mut Vec<Row>) {
    let cell = |r: &Result<f64, String>| cell_or(r, |v| Cell::new(format!("{v:.1} rounds/s"), *v));
    rows.push(Row::target(
        "stress_test: C++ rounds per second",
        cell(&f.cpp),
        Cell::default(),
        "≥ 100",
        Target::AtLeast(100.0),
    ));
    rows.push(Row::target(
        "stress_test: Python rounds per second",
        cell(&f.python),
        Cell::default(),
        "≥ 20",
        Target::AtLeast(20.0),
    ));
    for (name, r) in [("Python", &f.leetcode_python), ("C++", &f.leetcode_cpp)] {
        rows.push(Row::info(format!("stress_test: LeetCode {name} rounds per second"), cell(r), Cell::default()));
    }
}

/// The server's CPU time so far and its children's that it waited for (`/proc/PID/stat`: utime,
/// stime, cutime, cstime), in ms; `None` off Linux.
fn server_cpu_ms(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<u64> = rest.split_whitespace().skip(11).take(4).filter_map(|v| v.parse().ok()).collect();
    (fields.len() == 4).then(|| fields.iter().sum::<u64>() as f64 * 1e3 / crate::pipes::sys::clock_ticks() as f64)
}
