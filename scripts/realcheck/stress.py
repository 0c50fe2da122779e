"""Trust in `stress_test`, measured on real data (issue 31): not a test, not in CI (it needs the
archives, docs/real-data.md); the figures are in docs/stress.md.

- `pairs`: two accepted solutions of the same LeetCode problem (doocs/leetcode's `Solution.<ext>`
  and `Solution2.<ext>`), one the program and one the reference, testcases generated from the
  statement (no generator). Any verdict but PASSED, OUTPUTS_DIFFER (several answers) or
  UNCONFIRMED (a failure on an input that may break a line the generator did not read: no wrong
  answer is claimed) is a false alarm; UNCONFIRMED is counted apart.
- `mutants`: an accepted solution with one planted bug (a comparison changed, a loop bound off by
  one, a 64-bit integer narrowed to 32 bits), kept when it still passes the examples
  (`test_solution` AC), stressed against the original. Any verdict but PASSED is a detection.

One JSON line per case in target/realcheck-stress/<mode>-<language>.jsonl; a summary is printed.

    python3 scripts/realcheck/stress.py pairs --lang python --n 150
    python3 scripts/realcheck/stress.py mutants --lang cpp --n 60
"""

import argparse
import hashlib
import json
import os
import random
import re
import sys
import threading
import queue
import time
from pathlib import Path

from backend import Backend
from client import Server
from leetcode import EXT, LeetCode
import mutclass

ROOT = Path(__file__).resolve().parents[2]


def _rank(seed, key):
    return hashlib.sha256(f"{seed}:{key}".encode()).hexdigest()


def parse_args(argv):
    p = argparse.ArgumentParser(prog="realcheck-stress", description=__doc__.split("\n\n")[0])
    p.add_argument("mode", choices=["pairs", "mutants"])
    p.add_argument("--lang", default="python")
    p.add_argument("--n", type=int, default=150, help="problems (pairs) or mutants kept (mutants)")
    p.add_argument("--seed", type=int, default=31)
    p.add_argument("--only", help="comma-separated problem numbers")
    p.add_argument("--bin", default=str(ROOT / "target/debug/oj-mcp-rs"))
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--budget", type=float, default=6.0, help="stress_test's time_budget_s")
    p.add_argument("--rounds", type=int, default=60, help="stress_test's rounds")
    p.add_argument("--time-limit-ms", type=int, default=4000,
                   help="a generous limit: a busy machine's slow run is no verdict")
    p.add_argument("--timeout", type=float, default=300)
    p.add_argument("--mirrors", default=os.environ.get("REALCHECK_MIRRORS", str(ROOT.parent / ".mirror")))
    p.add_argument("--out", default=str(ROOT / "target/realcheck-stress"))
    p.add_argument("--summary", action="store_true")
    p.add_argument("--resume", action="store_true", help="pairs: skip the problems already in the partial file")
    return p.parse_args(argv)


def pair_pool(lc, lang, seed, n, only):
    """(number, folder, problem object, code 1, code 2), drawn by `seed`."""
    ext = EXT[lang]
    out = []
    for folder, files in lc.folders().items():
        if f"Solution.{ext}" not in files or f"Solution2.{ext}" not in files or "README_EN.md" not in files:
            continue
        if lc.kind(folder, files):
            continue
        out.append(folder)
    out.sort(key=lambda f: _rank(seed, f))
    picked = []
    for folder in out:
        number = str(int(folder.rsplit("/", 1)[1].split(".")[0]))
        if only and number not in only:
            continue
        obj, _ = lc.problem(folder)
        if not obj["content"]:
            continue
        picked.append((number, folder, obj, lc.source(f"{folder}/Solution.{ext}"),
                       lc.source(f"{folder}/Solution2.{ext}")))
        if not only and len(picked) >= n:
            break
    return picked


# ---- planted bugs -------------------------------------------------------------------------------

_CMP = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}


def _code_lines(code, lang):
    """Indexes of lines that are code (not comments, imports or includes)."""
    out = []
    for i, line in enumerate(code.split("\n")):
        s = line.strip()
        if not s or s.startswith(("#", "//", "/*", "*", "import ", "from ", "using ", "package ")):
            continue
        out.append(i)
    return out


def mutants(code, lang):
    """Every single-site mutant: (kind, line number, new code)."""
    lines = code.split("\n")
    out = []
    for i in _code_lines(code, lang):
        line = lines[i]
        # A comparison with spaces around it (the archives are formatted: templates have none).
        for m in re.finditer(r"(?<=[\w\)\]]) (<=|>=|<|>) (?=[\w\(\-])", line):
            new = line[: m.start(1)] + _CMP[m.group(1)] + line[m.end(1):]
            out.append(("comparison", i + 1, lines[:i] + [new] + lines[i + 1:]))
        # An off-by-one loop bound.
        if lang == "python":
            for m in re.finditer(r"\brange\(([^()]*(?:\([^()]*\)[^()]*)*)\)", line):
                new = line[: m.end(1)] + " - 1" + line[m.end(1):]
                out.append(("off-by-one", i + 1, lines[:i] + [new] + lines[i + 1:]))
        else:
            m = re.search(r"\bfor \(([^;]*); ([^;]*?) (<|<=|>|>=) ([^;]+); ", line)
            if m:
                bound = m.group(4)
                new = line[: m.start(4)] + f"{bound} - 1" + line[m.end(4):] if m.group(3) in ("<", "<=") \
                    else line[: m.start(4)] + f"{bound} + 1" + line[m.end(4):]
                out.append(("off-by-one", i + 1, lines[:i] + [new] + lines[i + 1:]))
        # A 64-bit integer narrowed to 32 bits.
        if lang == "cpp":
            for pat in (r"\blong long\b", r"\bint64_t\b", r"\bll\b"):
                for m in re.finditer(pat, line):
                    new = line[: m.start()] + "int" + line[m.end():]
                    out.append(("narrowing", i + 1, lines[:i] + [new] + lines[i + 1:]))
        elif lang == "java":
            for m in re.finditer(r"\blong\b", line):
                new = line[: m.start()] + "int" + line[m.end():]
                out.append(("narrowing", i + 1, lines[:i] + [new] + lines[i + 1:]))
            for m in re.finditer(r"\(long\)\s*", line):
                new = line[: m.start()] + line[m.end():]
                out.append(("narrowing", i + 1, lines[:i] + [new] + lines[i + 1:]))
    return [(k, n, "\n".join(ls)) for k, n, ls in out]


def mutant_pool(lc, lang, seed, only):
    """(number, folder, problem, original, [(kind, line, mutant)…]) over problems drawn by `seed`,
    each problem's mutants shuffled, the kinds interleaved."""
    pool, _ = lc.pool(lang)
    pool.sort(key=lambda t: _rank(seed, t[1]))
    for number, folder, path in pool:
        if only and number not in only:
            continue
        obj, _ = lc.problem(folder)
        code = lc.source(path)
        if not obj["content"] or not code:
            continue
        ms = mutants(code, lang)
        rng = random.Random(f"{seed}:{number}")
        rng.shuffle(ms)
        yield number, folder, obj, code, ms


# ---- running ------------------------------------------------------------------------------------

def structured(resp):
    if resp is None:
        return None
    if "error" in resp:
        return {"verdict": "PROTOCOL_ERROR", "summary": json.dumps(resp["error"])[:300]}
    r = resp.get("result", {})
    sc = r.get("structuredContent")
    if sc is None:
        text = "".join(c.get("text", "") for c in r.get("content", []))
        return {"verdict": "TOOL_ERROR" if r.get("isError") else "?", "summary": text[:600]}
    return sc


def stress_args(args, lang, number, code, reference):
    return {"source": "leetcode", "id": number, "language": lang, "code": code,
            "reference": {"language": lang, "code": reference},
            "rounds": args.rounds, "time_budget_s": args.budget, "time_limit_ms": args.time_limit_ms}


def brief(sc):
    """What a record keeps of a stress result."""
    if sc is None:
        return {}
    keep = {k: sc.get(k) for k in ("verdict", "summary", "rounds", "seconds", "stopped_by", "notes")}
    ce = sc.get("counterexample")
    if ce:
        keep["counterexample"] = {k: ce.get(k) for k in ("fault", "seed", "size", "input", "first_difference", "note")}
        for side in ("program", "reference"):
            s = ce.get(side) or {}
            # A stderr's end, where the error is (its head is the harness's frames).
            cut = lambda k, v: v[-800:] if k == "stderr_tail" else v[:400]
            keep["counterexample"][side] = {k: (cut(k, str(s.get(k))) if s.get(k) is not None else None)
                                            for k in ("verdict", "output", "stderr_tail", "time_ms")}
    if sc.get("compile_error"):
        keep["compile_error"] = str(sc["compile_error"])[:600]
    return keep


def run_pairs(args, backend, server_env):
    lc = LeetCode(args.mirrors)
    only = set(args.only.split(",")) if args.only else None
    todo = pair_pool(lc, args.lang, args.seed, args.n, only)
    partial = Path(args.out) / f"pairs-{args.lang}.partial.jsonl"
    done = {}
    if args.resume and partial.exists():
        for x in partial.read_text().splitlines():
            if x.strip():
                r = json.loads(x)
                done[r["id"]] = r
        todo = [t for t in todo if t[0] not in done]
    print(f"pairs {args.lang}: {len(todo)} problems", file=sys.stderr, flush=True)
    for number, folder, obj, _, _ in todo:
        backend.problems[("leetcode", obj["id"])] = obj

    def one(server, item):
        number, folder, obj, a, b = item
        start = time.monotonic()
        try:
            sc = structured(server.call(stress_args(args, args.lang, obj["id"], a, b), args.timeout, "stress_test"))
        except (TimeoutError, ConnectionError, OSError, ValueError) as e:
            sc = {"verdict": "HARNESS_ERROR", "summary": str(e)[:300]}
        rec = {"id": number, "folder": folder, "language": args.lang, "wall": round(time.monotonic() - start, 1)}
        rec.update(brief(sc))
        return rec

    return list(done.values()) + parallel(args, server_env, todo, one)


def run_mutants(args, backend, server_env):
    lc = LeetCode(args.mirrors)
    only = set(args.only.split(",")) if args.only else None
    gen = mutant_pool(lc, args.lang, args.seed, only)
    lock = threading.Lock()
    kept = [0]

    def next_item():
        with lock:
            if kept[0] >= args.n:
                return None
            try:
                return next(gen)
            except StopIteration:
                return None

    records = []
    done = [0]

    def worker():
        server = Server(args.bin, backend.url, server_env)
        try:
            while True:
                item = next_item()
                if item is None:
                    return
                number, folder, obj, code, ms = item
                backend.problems[("leetcode", obj["id"])] = obj
                rec = mutate_one(args, server, number, folder, obj, code, ms)
                if rec is None:
                    continue
                with lock:
                    if kept[0] >= args.n:
                        return
                    kept[0] += 1
                    records.append(rec)
                    done[0] += 1
                    print(f"[{kept[0]}/{args.n}] {number} {rec['kind']}@{rec['line']}: {rec.get('verdict')} "
                          f"({rec['wall']} s)", file=sys.stderr, flush=True)
        finally:
            server.stop()

    run_workers(worker, args.workers)
    return records


def run_workers(worker, n):
    """Runs `worker` on `n` threads (at least one) and waits for them all."""
    threads = [threading.Thread(target=worker) for _ in range(max(1, n))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

def mutate_one(args, server, number, folder, obj, code, ms):
    """The first of a problem's mutants (at most 4 tried, one kind each first) that still passes
    the examples, stressed against the original; None when none passes. The original must pass."""
    base = {"source": "leetcode", "id": obj["id"], "language": args.lang, "time_limit_ms": args.time_limit_ms}
    tried = 0
    seen_kinds = set()
    order = sorted(ms, key=lambda m: m[0] in seen_kinds)
    # One of each kind first, then the rest.
    first, rest = [], []
    for m in ms:
        (rest if m[0] in seen_kinds else first).append(m)
        seen_kinds.add(m[0])
    order = first + rest
    random.Random(f"{args.seed}:{number}:kinds").shuffle(first)
    for kind, line, mutant in order[:4]:
        tried += 1
        try:
            sc = structured(server.call(dict(base, code=mutant), args.timeout))
        except (TimeoutError, ConnectionError, OSError, ValueError):
            continue
        if not sc or sc.get("verdict") != "AC":
            continue
        # The original must pass too (else the problem is not judged right by the tool: skip).
        try:
            orig = structured(server.call(dict(base, code=code), args.timeout))
        except (TimeoutError, ConnectionError, OSError, ValueError):
            return None
        if not orig or orig.get("verdict") not in ("AC",):
            return None
        start = time.monotonic()
        try:
            st = structured(server.call(stress_args(args, args.lang, obj["id"], mutant, code), args.timeout,
                                        "stress_test"))
        except (TimeoutError, ConnectionError, OSError, ValueError) as e:
            st = {"verdict": "HARNESS_ERROR", "summary": str(e)[:300]}
        rec = {"id": number, "folder": folder, "language": args.lang, "kind": kind, "line": line, "tried": tried,
               "mutated_line": mutant.split("\n")[line - 1].strip()[:200],
               "original_line": code.split("\n")[line - 1].strip()[:200],
               "wall": round(time.monotonic() - start, 1)}
        rec.update(brief(st))
        return rec
    return None


def parallel(args, server_env, todo, one):
    jobs = queue.Queue()
    for i, item in enumerate(todo):
        jobs.put((i, item))
    records = [None] * len(todo)
    lock = threading.Lock()
    done = [0]

    def worker():
        server = Server(args.bin, backend_url[0], server_env)
        try:
            while True:
                try:
                    i, item = jobs.get_nowait()
                except queue.Empty:
                    return
                rec = one(server, item)
                records[i] = rec
                with lock:
                    # Each record as it comes too, so that a run stopped early keeps what it did.
                    with open(Path(args.out) / f"{args.mode}-{args.lang}.partial.jsonl", "a") as f:
                        f.write(json.dumps(rec, ensure_ascii=False) + "\n")
                    done[0] += 1
                    mark = "" if rec.get("verdict") in ("PASSED", "OUTPUTS_DIFFER") else "   <-- alarm"
                    mark = "   (unconfirmed: no wrong answer claimed)" if rec.get("verdict") == "UNCONFIRMED" else mark
                    print(f"[{done[0]}/{len(todo)}] {rec['id']}: {rec.get('verdict')} ({rec['wall']} s) "
                          f"{(rec.get('summary') or '')[:100]}{mark}", file=sys.stderr, flush=True)
        finally:
            server.stop()

    run_workers(worker, args.workers)
    return records


backend_url = [None]


def summarize(mode, records, mirrors=None):
    by = {}
    for r in records:
        by[r.get("verdict")] = by.get(r.get("verdict"), 0) + 1
    lines = [f"{mode}: {len(records)} cases: " + ", ".join(f"{k} {v}" for k, v in sorted(by.items(), key=str))]
    if mode == "pairs":
        quiet = sum(by.get(k, 0) for k in ("PASSED", "OUTPUTS_DIFFER"))
        unconfirmed = by.get("UNCONFIRMED", 0)
        n = max(1, len(records))
        lines.append(f"  no counterexample: {quiet} / {len(records)} ({100 * quiet / n:.1f}%); no wrong verdict "
                     f"(UNCONFIRMED too): {quiet + unconfirmed} / {len(records)} ({100 * (quiet + unconfirmed) / n:.1f}%)")
    if mode == "mutants":
        lines += classified(records, mirrors)
    return "\n".join(lines)


def classified(records, mirrors):
    """Each mutant's class (`mutclass`), the rates, per kind, and every case not found with its
    reason: no miss is dropped without one."""
    lc = LeetCode(mirrors) if mirrors else None
    folders = {}
    if lc:
        for f in lc.folders():
            folders.setdefault(str(int(f.rsplit("/", 1)[1].split(".")[0])), f)
    out, classes, kinds = [], [], {}
    for r in records:
        folder = r.get("folder") or folders.get(r["id"])
        code = lc.source(f"{folder}/Solution.{EXT[r['language']]}") if lc and folder else None
        cls, why = mutclass.classify(r, code)
        classes.append(cls)
        kinds.setdefault(r["kind"], []).append(cls)
        if cls != "found":
            out.append(f"  {cls:15} {r['id']:>5} {r['kind']}@{r['line']}: {why}")
    counts = ", ".join(f"{c} {classes.count(c)}" for c in sorted(set(classes)))
    head = [f"  classes: {counts}", f"  {mutclass.rates(classes)}"]
    head += [f"  {k}: {mutclass.rates(v)}" for k, v in sorted(kinds.items())]
    return head + ["  not found:"] + out


def main(argv):
    args = parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{args.mode}-{args.lang}.jsonl"
    if args.summary:
        print(summarize(args.mode, [json.loads(x) for x in path.read_text().splitlines() if x.strip()], args.mirrors))
        return 0
    env = dict(os.environ)
    env["OJ_LOG_FILE"] = os.devnull
    backend = Backend().start()
    backend_url[0] = backend.url
    try:
        run = run_pairs if args.mode == "pairs" else run_mutants
        records = run(args, backend, env)
    finally:
        backend.stop()
    records = [r for r in records if r]
    if args.only and path.exists():
        ids = {r["id"] for r in records}
        old = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
        records = [r for r in old if r["id"] not in ids] + records
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
    text = summarize(args.mode, records, args.mirrors)
    (out / f"{args.mode}-{args.lang}.summary.txt").write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
