"""Stress tests on submissions AtCoder rejected (issue 31, "Trust, measured on real data"): not a
test, not in CI (it needs thirofoo/atcoder-archives and Molmin/atcoder-problems, docs/real-data.md);
the figures are in docs/stress.md.

- `samples`: draws rejected C++ submissions (WA, TLE, RE; one per task, ABC tasks A to D, by
  `--seed`), judges each on its task's samples with `test_solution`, and writes those that pass
  into the work folder (`--work`, outside the repository: archive content is never committed), one
  folder a task: `sub.cpp` (the submission), `statement.md`, `case.json` (its real verdict).
- `stress`: for every task folder where someone wrote `brute.py` (a simple, slow, surely correct
  solution) and `gen.py` (run as `gen.py SEED SIZE`; `gen.py`'s `LARGEST` line gives the largest
  size, e.g. `# LARGEST 200000`), calls `stress_test` with the submission as the program, then
  the largest-input switch alone (`rounds: 0`), and records both verdicts. A `sub.bin` beside
  `sub.cpp` (built by hand) is run as a command instead: on a loaded machine C++ builds with the
  AtCoder Library passed the judge's 60 s compile limit.

    python3 scripts/realcheck/rejected.py samples --work /work/wt/cxx-data
    python3 scripts/realcheck/rejected.py stress --work /work/wt/cxx-data
"""

import argparse
import hashlib
import json
import os
import re
import sys
import time
from pathlib import Path

from archive import Mirror
from atcoder import AtCoder
from backend import Backend
from client import Server
from stress import brief, structured

ROOT = Path(__file__).resolve().parents[2]
ARCHIVE = "thirofoo+atcoder-archives"
_NAME = re.compile(r"^(abc\d+)/(abc\d+_[a-d])_(\d+)_(WA|TLE|RE)\.cpp$")


def parse_args(argv):
    p = argparse.ArgumentParser(prog="realcheck-rejected", description=__doc__.split("\n\n")[0])
    p.add_argument("mode", choices=["samples", "stress"])
    p.add_argument("--draw", default="WA:30,TLE:8,RE:8", help="candidates per real verdict, before the samples")
    p.add_argument("--seed", type=int, default=31)
    p.add_argument("--only", help="comma-separated task ids")
    p.add_argument("--bin", default=str(ROOT / "target/debug/oj-mcp-rs"))
    p.add_argument("--work", default=str(ROOT.parent / "cxx-data"), help="the work folder (outside the repo)")
    p.add_argument("--budget", type=float, default=20.0, help="stress_test's time_budget_s")
    p.add_argument("--rounds", type=int, default=400)
    p.add_argument("--max-size", type=int, help="stress_test's max_size (default: the tool's, 10)")
    p.add_argument("--time-limit-ms", type=int, default=4000,
                   help="the stress rounds' limit: a busy machine's slow start is no verdict")
    p.add_argument("--timeout", type=float, default=300)
    p.add_argument("--mirrors", default=os.environ.get("REALCHECK_MIRRORS", str(ROOT.parent / ".mirror")))
    p.add_argument("--acl", default=os.environ.get("REALCHECK_ACL", "/work/acl"))
    p.add_argument("--largest-only", action="store_true",
                   help="`stress`: only the largest-input run (its records in largest.jsonl)")
    p.add_argument("--python", default="/usr/bin/python3", help="the server's OJ_PYTHON (brute forces, generators)")
    return p.parse_args(argv)


def _rank(seed, key):
    return hashlib.sha256(f"{seed}:{key}".encode()).hexdigest()


def draw(mirror, seed, quota, have):
    """{task: (path, verdict)}: per verdict, tasks in an order drawn from `seed`, one submission
    each (drawn too), no task twice, tasks with a statement only."""
    by = {}
    for p in mirror.paths():
        g = _NAME.match(p)
        if g and g.group(2) in have:
            by.setdefault(g.group(4), {}).setdefault(g.group(2), []).append(p)
    picked = {}
    for verdict, n in quota.items():
        tasks = sorted(by.get(verdict, {}), key=lambda t: _rank(seed, f"{verdict}:{t}"))
        for t in tasks:
            if sum(v == verdict for _, v in picked.values()) >= n:
                break
            if t not in picked:
                picked[t] = (min(by[verdict][t], key=lambda p: _rank(seed, p)), verdict)
    return picked


def server_env(args):
    env = dict(os.environ)
    env["OJ_LOG_FILE"] = os.devnull
    env["OJ_PYTHON"] = args.python
    if Path(args.acl, "atcoder").is_dir():
        env["OJ_CXX"] = f"g++ -I{args.acl}"
    return env


def samples(args, ac, backend, server):
    mirror = Mirror(f"{args.mirrors}/{ARCHIVE}/repo")
    quota = {k: int(v) for k, v in (x.split(":") for x in args.draw.split(","))}
    picked = draw(mirror, args.seed, quota, ac.tasks_with_statement())
    only = set(args.only.split(",")) if args.only else None
    out = []
    for task, (path, verdict) in sorted(picked.items()):
        if only and task not in only:
            continue
        obj, facts = ac.problem(task)
        backend.problems[("atcoder", task)] = obj
        code = mirror.text(path)
        sc = structured(server.call({"source": "atcoder", "id": task, "language": "cpp", "code": code}, args.timeout))
        got = (sc or {}).get("verdict")
        rec = {"task": task, "path": path, "real": verdict, "samples": got, "real_limits": facts["real_limits"]}
        out.append(rec)
        print(f"{task} real {verdict}: samples {got}", file=sys.stderr, flush=True)
        if got == "AC":
            d = Path(args.work, task)
            d.mkdir(parents=True, exist_ok=True)
            (d / "sub.cpp").write_text(code)
            (d / "statement.md").write_text(obj["content"] or "")
            (d / "case.json").write_text(json.dumps(rec, indent=1) + "\n")
    Path(args.work, "samples.jsonl").write_text("".join(json.dumps(r) + "\n" for r in out))
    return out


def _prog(d, name):
    return {"language": "python", "file": str(d / name)}


def stress(args, ac, backend, server):
    only = set(args.only.split(",")) if args.only else None
    out = []
    for d in sorted(Path(args.work).iterdir()):
        if not (d / "brute.py").exists() or not (d / "gen.py").exists() or (only and d.name not in only):
            continue
        case = json.loads((d / "case.json").read_text())
        obj, _ = ac.problem(d.name)
        backend.problems[("atcoder", d.name)] = obj
        m = re.search(r"#\s*LARGEST\s+(\d+)", (d / "gen.py").read_text())
        largest = int(m.group(1)) if m else 100000
        base = {"source": "atcoder", "id": d.name, "generator": _prog(d, "gen.py")}
        # `sub.bin`, when there: the submission built beforehand (g++ -std=gnu++17 -O2 -pipe, as the
        # judge builds it), for a machine so loaded that the judge's 60 s compile limit is too short.
        if (d / "sub.bin").exists():
            base["command"] = [str(d / "sub.bin")]
        else:
            base.update(language="cpp", file=str(d / "sub.cpp"))
        start = time.monotonic()
        st = None if args.largest_only else structured(
            server.call(dict(base, reference=_prog(d, "brute.py"), rounds=args.rounds, time_budget_s=args.budget,
                             time_limit_ms=args.time_limit_ms, **({"max_size": args.max_size} if args.max_size else {})),
                        args.timeout, "stress_test"))
        wall = round(time.monotonic() - start, 1)
        real_ms = (case.get("real_limits") or {}).get("time_ms") or 2000
        lg = structured(server.call(dict(base, rounds=0, largest=True, largest_size=largest, time_limit_ms=real_ms),
                                    args.timeout, "stress_test"))
        rec = {"task": d.name, "real": case["real"], "stress": brief(st), "stress_wall": wall,
               "largest": {k: (lg or {}).get(k) for k in ("verdict", "summary", "largest", "notes")},
               "largest_size": largest, "time_limit_ms": real_ms}
        out.append(rec)
        print(f"{d.name} real {case['real']}: stress {rec['stress'].get('verdict')} "
              f"({rec['stress'].get('rounds')} rounds, {wall} s), largest {rec['largest']['verdict']}",
              file=sys.stderr, flush=True)
        with open(Path(args.work, "largest.jsonl" if args.largest_only else "stress.jsonl"), "a") as f:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return out


def main(argv):
    args = parse_args(argv)
    Path(args.work).mkdir(parents=True, exist_ok=True)
    ac = AtCoder(args.mirrors)
    backend = Backend().start()
    server = Server(args.bin, backend.url, server_env(args))
    try:
        (samples if args.mode == "samples" else stress)(args, ac, backend, server)
    finally:
        server.stop()
        backend.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
