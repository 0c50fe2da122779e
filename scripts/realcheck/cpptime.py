"""The time of a LeetCode C++ call on real accepted solutions (issue 32: at most 0.8 s, median),
drawn as the real-data check draws them (same archives, same seed rule, same code shapes). Not a
test and not in CI: it needs the archives (docs/real-data.md).

One server, its cache folder of its own (`--cache`, emptied unless `--keep-cache`): a first call
starts the precompiled prelude's build, which is waited for; then each case is called once (its
code made unique, so no session cache hit) and timed: the call's wall time, the build's
`compile.ms`, and the CPU time of the server's children (the compiler and the runs, from
`/proc/PID/stat`), which a busy machine inflates least. Prints each case and the medians.

    python3 scripts/realcheck/cpptime.py --n 10 --seed 32 [--bin target/debug/oj-mcp-rs]
"""

import argparse
import os
import shutil
import statistics
import sys
import time
import types
from pathlib import Path

try:
    import cases as casemod
except ModuleNotFoundError:
    # Without the check's venv (bs4 reads AtCoder's statements): LeetCode's cases need none of it.
    sys.modules["atcoder"] = types.SimpleNamespace(AtCoder=None)
    import cases as casemod
from backend import Backend
from client import Server

ROOT = Path(__file__).resolve().parents[2]


def children_cpu_ms(pid):
    """User + system time (ms) of the waited-for children of `pid`."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[13]) + int(fields[14])) * 1000 / os.sysconf("SC_CLK_TCK")


def prelude_ready(cache):
    """Whether a key folder under the cache holds the prelude's header and lc.o."""
    root = Path(cache, "oj-mcp-rs/pch")
    return root.is_dir() and any((d / "block.h.gch").is_file() and (d / "lc.o").is_file() for d in root.iterdir())


def main(argv):
    p = argparse.ArgumentParser(prog="cpptime", description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=10)
    p.add_argument("--seed", type=int, default=32)
    p.add_argument("--bin", default=str(ROOT / "target/debug/oj-mcp-rs"))
    p.add_argument("--mirrors", default=os.environ.get("REALCHECK_MIRRORS", str(ROOT.parent / ".mirror")))
    p.add_argument("--archive", default="doocs")
    p.add_argument("--cache", default=str(ROOT / "target/cpptime-cache"))
    p.add_argument("--keep-cache", action="store_true", help="keep the cache folder's headers (else emptied)")
    p.add_argument("--rounds", type=int, default=1, help="times each case is called")
    args = p.parse_args(argv)
    if not args.keep_cache:
        shutil.rmtree(args.cache, ignore_errors=True)
    Path(args.cache).mkdir(parents=True, exist_ok=True)
    data = casemod.platform_data("leetcode", args.mirrors, args.archive)
    todo, _ = casemod.build("leetcode", data, "cpp", args.n, args.seed, None)
    todo = [c for c in todo if c["facts"].get("judgeable")]
    backend = Backend().start()
    for case in todo:
        backend.problems[("leetcode", case["problem"]["id"])] = case["problem"]
    env = dict(os.environ, XDG_CACHE_HOME=args.cache, OJ_LOG_FILE=os.devnull)
    server = Server(args.bin, backend.url, env)
    rows = []
    try:
        first = todo[0]
        server.call({"source": "leetcode", "id": first["problem"]["id"], "code": first["code"], "language": "cpp"}, 900)
        started = time.monotonic()
        while not prelude_ready(args.cache):
            if time.monotonic() - started > 1800:
                raise TimeoutError("the prelude was not built in 30 min")
            time.sleep(1)
        print(f"cpptime: prelude ready after {time.monotonic() - started:.0f} s more", file=sys.stderr)
        for k in range(args.rounds):
            for case in todo:
                code = f"{case['code']}\n// cpptime {k}\n"
                arguments = {"source": "leetcode", "id": case["problem"]["id"], "code": code, "language": "cpp"}
                before, t0 = children_cpu_ms(server.proc.pid), time.monotonic()
                reply = server.call(arguments, 900)
                wall = time.monotonic() - t0
                cpu = children_cpu_ms(server.proc.pid) - before
                s = reply.get("result", {}).get("structuredContent", {})
                compile_ = s.get("compile") or {}
                row = (case["id"], s.get("verdict"), wall * 1000, cpu, compile_.get("ms"), compile_.get("precompiled_header"))
                rows.append(row)
                print("%6s %-4s wall %6.0f ms  cpu %6.0f ms  compile %s ms  pch %s" % row, flush=True)
    finally:
        server.stop()
        backend.stop()
    used = [r for r in rows if r[5]]
    for name, i in (("wall", 2), ("cpu", 3), ("compile", 4)):
        xs = [r[i] for r in used if r[i] is not None]
        if xs:
            print(f"median {name}: {statistics.median(xs):.0f} ms ({min(xs):.0f} to {max(xs):.0f}, {len(xs)} calls)")
    print(f"{len(used)} of {len(rows)} calls used the precompiled prelude; load {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
