"""The real-data check of `test_solution` (issue 22 point 6, issue 23): accepted solutions from
public archives, judged by the server under test against their public statements, served as the
real backend serves them. Not a test and not in CI: it needs the archives (docs/real-data.md).
`make realcheck` runs it; `--help` lists the options.

Each case is one JSON line in target/realcheck/<platform>-<language>.jsonl; the summary (right /
judgeable per platform and language) is printed and written to target/realcheck/summary.md."""

import argparse
import json
import os
import queue
import sys
import threading
import time
from pathlib import Path

import cases as casemod
import verdicts
from backend import Backend
from client import Server
from leetcode import ARCHIVES

ROOT = Path(__file__).resolve().parents[2]


def parse_args(argv):
    p = argparse.ArgumentParser(prog="realcheck", description=__doc__.split("\n\n")[0])
    p.add_argument("--platform", choices=["atcoder", "leetcode"], action="append",
                   help="platform to check (repeatable; default: both)")
    p.add_argument("--lang", help="comma-separated languages (default: python,cpp on AtCoder, all seven on LeetCode)")
    p.add_argument("--n", type=int, help="cases per language (default: 250 on AtCoder; on LeetCode 400 python, 100 others)")
    p.add_argument("--seed", type=int, default=22)
    p.add_argument("--only", help="comma-separated problem ids to re-run (their lines replace the old ones)")
    p.add_argument("--bin", default=str(ROOT / "target/release/oj-mcp-rs"), help="the server binary under test")
    p.add_argument("--workers", type=int, default=2, help="servers run at once, one call each (default 2)")
    p.add_argument("--timeout", type=float, default=180, help="seconds per call before the server is killed")
    p.add_argument("--mirrors", default=os.environ.get("REALCHECK_MIRRORS", str(ROOT.parent / ".mirror")),
                   help="folder of the bare mirrors, <owner>+<repo>/repo (env REALCHECK_MIRRORS)")
    p.add_argument("--acl", default=os.environ.get("REALCHECK_ACL", str(ROOT.parent / "data/ac-library")),
                   help="a checkout of atcoder/ac-library, put on g++'s include path (env REALCHECK_ACL)")
    p.add_argument("--python", default=sys.executable,
                   help="the server's OJ_PYTHON (default: this venv's, which has AtCoder's usual libraries)")
    p.add_argument("--out", default=str(ROOT / "target/realcheck"))
    p.add_argument("--archive", default="doocs", choices=["doocs", *ARCHIVES],
                   help="LeetCode: whose accepted solutions (statements are doocs' always); use its own --out")
    p.add_argument("--time-limit-ms", type=int,
                   help="the time limit each call asks for (a busy machine's slow starts are no verdict)")
    p.add_argument("--summary", action="store_true", help="only print the summary of the results already there")
    p.add_argument("--refresh-facts", action="store_true",
                   help="recompute the recorded cases' facts (judgeable, kind, shape, limits) from the archives, "
                        "without running anything, then print the summary")
    return p.parse_args(argv)


def server_env(args):
    env = dict(os.environ)
    env["OJ_PYTHON"] = args.python
    # Thousands of judged archive solutions are not the user's practice: no solve log.
    env["OJ_LOG_FILE"] = os.devnull
    if Path(args.acl, "atcoder").is_dir():
        env["OJ_CXX"] = f"g++ -I{args.acl}"
    return env


def run_cases(args, backend, todo):
    """Judges every case on `args.workers` servers; returns the records in `todo`'s order."""
    jobs = queue.Queue()
    for i, case in enumerate(todo):
        jobs.put((i, case))
    records = [None] * len(todo)
    env = server_env(args)
    done = [0]
    lock = threading.Lock()

    def worker():
        server = Server(args.bin, backend.url, env)
        try:
            while True:
                try:
                    i, case = jobs.get_nowait()
                except queue.Empty:
                    return
                arguments = {"source": case["platform"], "id": case["problem"]["id"], "code": case["code"],
                             "language": case["language"]}
                if args.time_limit_ms:
                    arguments["time_limit_ms"] = args.time_limit_ms
                start = time.monotonic()
                try:
                    rec = verdicts.record(case, server.call(arguments, args.timeout), time.monotonic() - start)
                except (TimeoutError, ConnectionError, OSError, ValueError) as e:
                    rec = verdicts.record(case, None, time.monotonic() - start, error=str(e))
                records[i] = rec
                with lock:
                    done[0] += 1
                    mark = "" if rec["right"] else "   <-- miss"
                    print(f"[{done[0]}/{len(todo)}] {rec['platform']} {rec['language']} {rec['id']}: "
                          f"{rec['verdict']} ({rec['seconds']} s){mark}", file=sys.stderr, flush=True)
        finally:
            server.stop()

    threads = [threading.Thread(target=worker, name=f"worker-{k}") for k in range(max(1, args.workers))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return records


def save(out, platform, lang, records, merge):
    """Writes the records; with `merge` (an `--only` run) they replace the lines of the same ids."""
    path = Path(out, f"{platform}-{lang}.jsonl")
    old = []
    if merge and path.exists():
        ids = {r["id"] for r in records}
        old = [r for r in map(json.loads, path.read_text().splitlines()) if r["id"] not in ids]
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in old + records))


def load_all(out):
    records = []
    for path in sorted(Path(out).glob("*.jsonl")):
        records += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return records


def summary(out, extra):
    records = load_all(out)
    text = verdicts.table(verdicts.summarize(records))
    by_shape = verdicts.shapes(records)
    if by_shape:
        text += "\n\n" + by_shape
    if extra:
        text += "\n\n" + "\n".join(extra)
    Path(out, "summary.md").write_text(text + "\n")
    print(text)


def refresh_facts(args):
    """The facts of every recorded case computed again (the check's reading of a statement
    changed; the server's verdicts stand)."""
    for path in sorted(Path(args.out).glob("*.jsonl")):
        records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        if not records:
            continue
        platform, lang = records[0]["platform"], records[0]["language"]
        data = casemod.platform_data(platform, args.mirrors)
        fresh, _ = casemod.build(platform, data, lang, 0, args.seed, {r["id"] for r in records})
        facts = {c["id"]: c["facts"] for c in fresh}
        for r in records:
            for key in ("interactive",):  # facts an older check recorded
                r.pop(key, None)
            r.update(facts.get(r["id"], {}))
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))


def main(argv):
    args = parse_args(argv)
    Path(args.out).mkdir(parents=True, exist_ok=True)
    if args.refresh_facts:
        refresh_facts(args)
    if args.summary or args.refresh_facts:
        summary(args.out, [])
        return 0
    if not os.access(args.bin, os.X_OK):
        print(f"realcheck: no server binary at {args.bin} (cargo build --release, or --bin)", file=sys.stderr)
        return 2
    only = set(args.only.split(",")) if args.only else None
    backend = Backend().start()
    notes = []
    try:
        for platform in args.platform or ["atcoder", "leetcode"]:
            data = casemod.platform_data(platform, args.mirrors, args.archive)
            if data.missing:
                print(f"realcheck: {platform}: missing mirrors under {args.mirrors}: {', '.join(data.missing)} "
                      "(docs/real-data.md)", file=sys.stderr)
                return 2
            langs = args.lang.split(",") if args.lang else casemod.LANGS[platform]
            for lang in langs:
                n = args.n or casemod.default_n(platform, lang)
                todo, info = casemod.build(platform, data, lang, n, args.seed, only)
                if info:
                    notes.append(f"- {platform} {lang}: {json.dumps(info)}")
                for case in todo:
                    backend.problems[(platform, case["problem"]["id"])] = case["problem"]
                print(f"realcheck: {platform} {lang}: {len(todo)} cases", file=sys.stderr, flush=True)
                save(args.out, platform, lang, run_cases(args, backend, todo), merge=only is not None)
    finally:
        backend.stop()
    summary(args.out, notes)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
