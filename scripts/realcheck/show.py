"""Shows one case for a reader analysing a miss: the statement as served, the solution sent, and
the recorded result. `show.py atcoder python abc300_a [--statement] [--code]` (by default all)."""

import argparse
import json
import sys
from pathlib import Path

import cases as casemod
from run import ROOT


def main(argv):
    p = argparse.ArgumentParser(prog="show")
    p.add_argument("platform", choices=["atcoder", "leetcode"])
    p.add_argument("lang")
    p.add_argument("id")
    p.add_argument("--statement", action="store_true")
    p.add_argument("--code", action="store_true")
    p.add_argument("--result", action="store_true")
    p.add_argument("--out", default=str(ROOT / "target/realcheck"))
    p.add_argument("--mirrors", default=str(ROOT.parent / ".mirror"))
    a = p.parse_args(argv)
    every = not (a.statement or a.code or a.result)
    rec = None
    path = Path(a.out, f"{a.platform}-{a.lang}.jsonl")
    if path.exists():
        rec = next((r for r in map(json.loads, path.read_text().splitlines()) if r["id"] == a.id), None)
    data = casemod.platform_data(a.platform, a.mirrors)
    found, _ = casemod.build(a.platform, data, a.lang, 0, 22, {a.id})
    if rec and found and rec["path"] != found[0]["path"]:
        # the recorded solution, not the one drawn now
        found[0]["code"] = data.source(rec["archive"], rec["path"]) if a.platform == "atcoder" else data.source(rec["path"])
    if not found:
        print(f"no {a.platform} {a.lang} case {a.id}", file=sys.stderr)
        return 1
    case = found[0]
    if every or a.statement:
        print(f"===== statement ({case['problem']['title']})\n{case['problem']['content']}\n")
    if every or a.code:
        print(f"===== {rec['path'] if rec else case['path']}\n{case['code']}\n")
    if (every or a.result) and rec:
        print("===== result\n" + json.dumps(rec, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
