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

class ListNode:
    def __init__(self, val=0, next=None):
        self.val = val
        self.next = next

class TreeNode:
    def __init__(self, val=0, left=None, right=None):
        self.val = val
        self.left = left
        self.right = right

def build_list(ns, xs):
    head = None
    for x in reversed(xs):
        head = ns["ListNode"](x, head)
    return head

def build_tree(ns, xs):
    if not xs or xs[0] is None:
        return None
    make = ns["TreeNode"]
    root = make(xs[0])
    queue, i = collections.deque([root]), 1
    while queue and i < len(xs):
        node = queue.popleft()
        for side in ("left", "right"):
            if i < len(xs) and xs[i] is not None:
                child = make(xs[i])
                setattr(node, side, child)
                queue.append(child)
            i += 1
    return root

def convert(ns, annotation, v):
    # LeetCode's ListNode and TreeNode arguments arrive as lists: build them as the judge does.
    ann = str(annotation)
    if not isinstance(v, list):
        return v
    if "ListNode" in ann:
        outer = ann.split("ListNode")[0]
        if "List[" in outer or "list[" in outer:
            return [build_list(ns, x) if isinstance(x, list) else x for x in v]
        return build_list(ns, v)
    if "TreeNode" in ann:
        return build_tree(ns, v)
    return v

def plain(v):
    # A returned ListNode or TreeNode is shown as LeetCode shows it: a list (level order).
    if hasattr(v, "next") and hasattr(v, "val"):
        out, seen = [], 0
        while v is not None and seen < 100000:
            out.append(v.val); v = v.next; seen += 1
        return out
    if hasattr(v, "left") and hasattr(v, "right") and hasattr(v, "val"):
        out, queue = [], collections.deque([v])
        while queue:
            node = queue.popleft()
            out.append(None if node is None else node.val)
            if node is not None:
                queue.append(node.left); queue.append(node.right)
        while out and out[-1] is None:
            out.pop()
        return out
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    return v

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
    for part in split_top(text.strip().replace("\n", ", ")):
        if not part.strip():
            continue
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
    sig = inspect.signature(f).parameters
    if all(n is not None for n in names) and sorted(params(f)) == sorted(names):
        args = [(n, convert(ns, sig[n].annotation, v)) for n, v in args]
        result = f(**{n: v for n, v in args})
    else:
        anns = [p.annotation for p in sig.values()]
        args = [(n, convert(ns, a, v)) for (n, v), a in zip(args, anns)]
        result = f(*[v for _, v in args])
    ret = str(inspect.signature(f).return_annotation)
    first = str(next(iter(sig.values())).annotation) if sig else ""
    def node(a):
        return "ListNode" in a or "TreeNode" in a
    if result is None and args and not node(ret):
        # Nothing returned: an in-place problem, judged by its first argument.
        result = args[0][1]
    if result is None and (node(ret) or node(first)):
        # An empty list or tree is shown as [].
        result = []
    print(json.dumps(plain(result), separators=(",", ":"), default=str))

main()
