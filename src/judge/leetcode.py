# The LeetCode harness of oj-mcp-rs's judge: reads a sample's input (`name = value, ...`) on
# stdin, calls the method of `class Solution` in the file named by argv[1] whose parameters match, and prints
# the return value as JSON (the first argument for a method that returns nothing: in-place).
import sys, json, ast, inspect
from typing import *
import collections, heapq, math, bisect, itertools, functools, string, re, operator
from collections import *
from heapq import *
from math import *
from bisect import *
from itertools import *
from functools import *

def split_top(text):
    parts, depth, quote, cur, i = [], 0, None, "", 0
    while i < len(text):
        c = text[i]
        if quote:
            cur += c
            if c == "\\" and i + 1 < len(text):
                cur += text[i + 1]; i += 1
            elif c == quote:
                quote = None
        elif c in "\"'":
            quote = c; cur += c
        elif c in "[{(":
            depth += 1; cur += c
        elif c in "]})":
            depth -= 1; cur += c
        elif c == "," and depth == 0:
            parts.append(cur); cur = ""
        else:
            cur += c
        i += 1
    parts.append(cur)
    return parts

def value(text):
    text = text.strip()
    try:
        return json.loads(text)
    except Exception:
        pass
    try:
        return ast.literal_eval(text.replace("true", "True").replace("false", "False").replace("null", "None"))
    except Exception:
        return text

def parse(text):
    args, last = [], None
    for part in split_top(text.replace("\n", ", ")):
        name, eq, rest = part.partition("=")
        if eq and name.strip().isidentifier():
            args.append([name.strip(), rest]); last = args[-1]
        elif last is not None:
            last[1] += "," + part
        elif part.strip():
            args.append([None, part])
    return [(n, value(v)) for n, v in args]

def main():
    ns = {k: v for k, v in globals().items() if not k.startswith("__")}
    path = sys.argv[1] if len(sys.argv) > 1 else "solution.py"
    src = open(path, encoding="utf-8").read()
    exec(compile(src, "solution.py", "exec"), ns)
    if "Solution" not in ns:
        sys.exit("harness: solution.py defines no class Solution")
    args = parse(sys.stdin.read())
    names = [n for n, _ in args]
    sol = ns["Solution"]()
    methods = [getattr(sol, m) for m in dir(sol) if not m.startswith("_") and callable(getattr(sol, m))]
    def params(f):
        return [p for p in inspect.signature(f).parameters]
    match = [f for f in methods if params(f) == names] or [f for f in methods if sorted(params(f)) == sorted(names)]
    match = match or [f for f in methods if len(params(f)) == len(args)]
    if not match:
        sys.exit("harness: no method of Solution takes the arguments " + ", ".join(str(n) for n in names))
    f = match[0]
    if all(n is not None for n in names) and sorted(params(f)) == sorted(names):
        result = f(**{n: v for n, v in args})
    else:
        result = f(*[v for _, v in args])
    if result is None and args:
        result = args[0][1]
    print(json.dumps(result, separators=(",", ":"), default=str))

main()
