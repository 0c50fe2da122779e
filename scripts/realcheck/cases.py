"""Which cases run: a seed-drawn sample of problems per platform and language, one accepted
solution each, and what each case is (the problem object served, the code sent, the facts the
statement gives that decide what a right verdict is)."""

import hashlib
import re

from atcoder import AtCoder
from leetcode import LeetCode, shape

LANGS = {
    "atcoder": ["python", "cpp"],
    "leetcode": ["python", "cpp", "java", "go", "rust", "javascript", "typescript"],
}


def default_n(platform, lang):
    if platform == "atcoder":
        return 250
    return 400 if lang == "python" else 100


# An interactive or a scored task cannot be judged from its samples: it is out of "judgeable". Read
# from the statement by the check itself, not from the server's answer (a server that declined a task it
# should judge would otherwise hide its own miss).
_INTERACTIVE = re.compile(
    r"interactive (task|problem)|this (task|problem) is interactive|インタラクティブ|## Input and Output\b|## 入出力\b",
    re.I,
)


# A scored (heuristic, "AHC") task has no expected output: any valid output scores.
_SCORED = re.compile(r"^## (Scoring|得点)\s*$", re.M)


def kind(task, markdown):
    """Why a task cannot be judged from its samples (`interactive`, `scored`), else None."""
    if _INTERACTIVE.search(markdown or ""):
        return "interactive"
    if task.startswith("ahc") or _SCORED.search(markdown or ""):
        return "scored"
    return None


def platform_data(platform, mirrors, archive="doocs"):
    return AtCoder(mirrors) if platform == "atcoder" else LeetCode(mirrors, archive)


def _rank(seed, key):
    return hashlib.sha256(f"{seed}:{key}".encode()).hexdigest()


def _draw(groups, n, seed, only):
    """`groups`: id -> candidate solutions. The ids asked for (`only`), else the first `n` ids in
    an order drawn from `seed`: each id's place is a hash of the seed and the id, so a pool that
    gains or loses an id keeps every other case as it was. One solution per id, drawn the same
    way, so that re-running a case with `--only` picks the same solution as the full run did."""
    ids = sorted(groups, key=lambda i: _rank(seed, i))
    ids = [i for i in ids if i in only] if only else ids[:n]
    return [(i, min(groups[i], key=lambda c: _rank(seed, f"{i}:{c}"))) for i in ids]


def atcoder_cases(data, lang, n, seed, only):
    groups = {}
    for task, archive, path in data.pool(lang):
        groups.setdefault(task, []).append((archive, path))
    cases = []
    for task, (archive, path) in _draw(groups, n, seed, only):
        obj, facts = data.problem(task)
        facts["kind"] = kind(task, obj["content"])
        facts["judgeable"] = bool(obj["content"]) and facts["kind"] is None
        cases.append(
            {"platform": "atcoder", "id": task, "language": lang, "archive": archive, "path": path,
             "problem": obj, "facts": facts, "code": data.source(archive, path)}
        )
    return cases, {}


def leetcode_cases(data, lang, n, seed, only):
    pool, skipped = data.pool(lang)
    groups = {number: [(folder, path)] for number, folder, path in pool}
    cases = []
    for number, (folder, path) in _draw(groups, n, seed, only):
        obj, facts = data.problem(folder)
        facts["judgeable"] = bool(obj["content"])
        code = data.source(path)
        facts["shape"] = shape(code, facts["tags"], obj["content"])
        cases.append(
            {"platform": "leetcode", "id": number, "language": lang, "archive": data.archive, "path": path,
             "problem": obj, "facts": facts, "code": code}
        )
    return cases, {"pool": len(pool), "not_sampled_by_kind": skipped}


def build(platform, data, lang, n, seed, only):
    make = atcoder_cases if platform == "atcoder" else leetcode_cases
    return make(data, lang, n, seed, only)
