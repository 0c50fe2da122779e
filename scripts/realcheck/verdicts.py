"""One case's result as a record (a JSON line), and the summary over records: per platform and
language, total, judgeable, right (AC, or UNVERIFIED where the statement accepts several answers:
a verdict that agrees with the fact that the solution was accepted), right %, misses by verdict."""

import os
from collections import Counter

RIGHT = {"AC", "UNVERIFIED"}


def _declined_kind(text):
    """What an isError result refused, in a word, from its text (for the summary only)."""
    t = text.lower()
    for needle, kind in [
        ("interactive", "DECLINED:interactive"),
        ("only `language: \"python\"`", "DECLINED:language"),
        ("`language` must be one of", "DECLINED:language"),
        ("no sample tests were found", "DECLINED:no-samples"),
        ("design", "DECLINED:design"),
        ("not installed", "DECLINED:no-compiler"),
        ("not on `path`", "DECLINED:no-compiler"),
    ]:
        if needle in t:
            return kind
    return "DECLINED:other"


def _trim(structured):
    """The structured result without the passing samples' details (kept: number, verdict, time)."""
    s = dict(structured)
    samples = []
    for r in s.get("samples") or []:
        if r.get("verdict") == "AC":
            samples.append({k: r.get(k) for k in ("number", "verdict", "time_ms")})
        else:
            r = dict(r)
            if isinstance(r.get("input"), str) and len(r["input"]) > 600:
                r["input"] = r["input"][:600] + "…"
            samples.append(r)
    s["samples"] = samples
    return s


def record(case, response, seconds, error=None):
    """The JSON line for one case. `response` is the JSON-RPC response (None when the call failed:
    `error` then says how)."""
    rec = {k: case[k] for k in ("platform", "id", "language", "archive", "path")}
    # The load average when the call ended: a TLE on a busy machine is told apart from a slow program.
    load = round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None
    rec.update({"title": case["problem"]["title"], "seconds": round(seconds, 2), "load": load})
    rec.update(case["facts"])
    if error is not None:
        rec.update({"verdict": "TIMEOUT" if "within" in error else "ERROR", "error": error})
    elif "error" in response:
        rec.update({"verdict": "ERROR", "error": response["error"]})
    else:
        result = response["result"]
        text = "\n".join(c.get("text", "") for c in result.get("content", []) if c.get("type") == "text")
        if result.get("isError"):
            rec.update({"verdict": _declined_kind(text), "error": text})
        else:
            s = result.get("structuredContent") or {}
            rec.update({"verdict": s.get("verdict"), "passed": s.get("passed"), "total": s.get("total")})
            rec["result"] = _trim(s)
            rec["notes"] = s.get("notes")
    rec["right"] = rec["verdict"] in RIGHT
    return rec


def summarize(records):
    """Rows of the summary table, one per (platform, language), in a fixed order."""
    rows = {}
    for r in records:
        key = (r["platform"], r["language"])
        row = rows.setdefault(key, {"total": 0, "judgeable": 0, "right": 0, "misses": Counter(), "other": Counter()})
        row["total"] += 1
        if not r.get("judgeable", True):
            row["other"][f"{r.get('kind') or 'no statement'}: {r['verdict']}"] += 1
            continue
        row["judgeable"] += 1
        if r["right"]:
            row["right"] += 1
        else:
            row["misses"][r["verdict"]] += 1
    return rows


def table(rows):
    lines = [
        "| platform | language | total | judgeable | right | right % | misses by verdict | not judgeable: what was said |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (platform, lang), row in sorted(rows.items()):
        pct = f"{100 * row['right'] / row['judgeable']:.1f}" if row["judgeable"] else "-"
        misses = ", ".join(f"{v} {n}" for v, n in row["misses"].most_common()) or "none"
        other = ", ".join(f"{v} {n}" for v, n in sorted(row["other"].items())) or "-"
        lines.append(
            f"| {platform} | {lang} | {row['total']} | {row['judgeable']} | {row['right']} | {pct} | {misses} | {other} |"
        )
    return "\n".join(lines)


def shapes(records):
    """LeetCode only: right / total per shape of problem (what a driver must build), per language."""
    rows = {}
    for r in records:
        if r["platform"] != "leetcode" or not r.get("shape"):
            continue
        cell = rows.setdefault(r["language"], {}).setdefault(r["shape"], [0, 0])
        cell[0] += r["right"]
        cell[1] += 1
    if not rows:
        return ""
    lines = ["| LeetCode language | right / total by shape |", "|---|---|"]
    for lang, cells in sorted(rows.items()):
        parts = ", ".join(f"{k} {a}/{b}" for k, (a, b) in sorted(cells.items(), key=lambda kv: -kv[1][1]))
        lines.append(f"| {lang} | {parts} |")
    return "\n".join(lines)
