# The Python driver of oj-mcp-rs's LeetCode judge. It reads one call as JSON on stdin
# ({"names":[...],"args":[...]} for a method of class Solution, {"methods":[...],"args":[[...]]}
# for a design class; "node", "api" and "nested" say which classes and hidden APIs to build), runs
# the solution in the file named by argv[1] with LeetCode's own prelude, and prints the result as
# LeetCode shows it, as JSON, on the last line of stdout. What the solution prints goes to stderr.
#
# It runs under Python 2.7 too, for code in LeetCode's `Python` (2.7: `xrange`, `iteritems`, a
# `print` statement), which the judge hands to a Python 2 interpreter (driver.rs).
import sys, os, json, inspect, collections, re, time, types

try:
    import builtins
except ImportError:
    import __builtin__ as builtins  # Python 2
PY2 = sys.version_info[0] == 2

# Python 3's own, as LeetCode's `Python3` has them (LeetCode's `Python` lacks them).
PRELUDE3 = """
from typing import *
import statistics
from statistics import mean, median, mode
"""

PRELUDE = """
import sys, os, re, math, cmath, string, random, bisect, heapq, itertools, functools, collections, operator
import copy, datetime, array, fractions, decimal, numbers, json
from collections import *
from heapq import *
from bisect import *
from itertools import *
from functools import *
from math import *
from string import *
from operator import *
from random import *
from copy import deepcopy
# As on LeetCode, `bisect` and `random` are the modules (`bisect.bisect_left(...)`,
# `random.randrange(...)`), not the functions the star imports above bound to the names; their
# functions keep their own names (accepted code calls `choice`, `randint` and `randrange` bare).
import bisect, random
from fractions import Fraction
from decimal import Decimal
inf = float("inf")
try:
    from sortedcontainers import SortedList, SortedDict, SortedSet
except ImportError:
    class _Missing:
        def __init__(self, *a, **k):
            raise ImportError("sortedcontainers is not installed for this Python: pip install sortedcontainers "
                              "(LeetCode's Python has it)")
    SortedList = SortedDict = SortedSet = _Missing
"""


class ListNode(object):
    def __init__(self, val=0, next=None):
        self.val = val
        self.next = next


class TreeNode(object):
    def __init__(self, val=0, left=None, right=None):
        self.val = val
        self.left = left
        self.right = right


class Node(object):
    # A binary tree's node with a `next` pointer (116, 117); the other kinds follow.
    def __init__(self, val=0, left=None, right=None, next=None):
        self.val, self.left, self.right, self.next = val, left, right, next


class ParentNode(object):
    # A binary tree's node with a `parent` pointer (510, 1650, 1666), which build_tree sets; also
    # `Node` where the judge decided no kind (a binary tree).
    def __init__(self, val=0, left=None, right=None, parent=None):
        self.val, self.left, self.right, self.parent = val, left, right, parent


class DoublyNode(object):
    # `Node` with `prev` and `next` and no tree links: a doubly linked list (3263, 3294).
    def __init__(self, val=0, prev=None, next=None):
        self.val, self.prev, self.next = val, prev, next


class MultiNode(object):
    # 430's `Node`: a doubly linked list whose nodes may hang a `child` list.
    def __init__(self, val=0, prev=None, next=None, child=None):
        self.val, self.prev, self.next, self.child = val, prev, next, child


class NaryNode(object):
    def __init__(self, val=None, children=None):
        self.val = val
        self.children = children if children is not None else []


class GraphNode(object):
    def __init__(self, val=0, neighbors=None):
        self.val = val
        self.neighbors = neighbors if neighbors is not None else []


class RandomNode(object):
    def __init__(self, x=0, next=None, random=None):
        self.val, self.next, self.random = int(x), next, random


class BinaryNode(object):
    # `Node` of a binary tree (1597, 1612), or 426's tree made a ring along `left` and `right`.
    def __init__(self, val=0, left=None, right=None):
        self.val, self.left, self.right = val, left, right


class LinkNode(object):
    # `Node` of a singly linked list, circular where the judge says so (708).
    def __init__(self, val=None, next=None):
        self.val, self.next = val, next


class QuadNode(object):
    # `Node` of a quad tree (427, 558).
    def __init__(self, val=False, isLeaf=False, topLeft=None, topRight=None, bottomLeft=None, bottomRight=None):
        self.val, self.isLeaf = val, isLeaf
        self.topLeft, self.topRight, self.bottomLeft, self.bottomRight = topLeft, topRight, bottomLeft, bottomRight


QUADS = ("topLeft", "topRight", "bottomLeft", "bottomRight")


def build_quad(xs):
    # Level order, `[isLeaf, val]` a node, four entries (a node or null) after each node.
    if not xs or xs[0] is None:
        return None
    make = lambda x: QuadNode(bool(x[1]), bool(x[0]))
    root = make(xs[0])
    queue, i = collections.deque([root]), 1
    while queue and i < len(xs):
        node = queue.popleft()
        for side in QUADS:
            if i < len(xs) and xs[i] is not None:
                child = make(xs[i])
                setattr(node, side, child)
                queue.append(child)
            i += 1
    return root


def show_quad(root):
    out, queue = [], collections.deque([root])
    while queue:
        n = queue.popleft()
        out.append(None if n is None else [int(bool(n.isLeaf)), int(bool(n.val))])
        if n is not None:
            queue.extend(getattr(n, side) for side in QUADS)
    while out and out[-1] is None:
        out.pop()
    return out


class Interval(object):
    # LeetCode's `Interval` (759's schedules; older problems' intervals): `[start, end]` in the examples.
    def __init__(self, start=0, end=0):
        self.start, self.end = start, end


class PolyNode(object):
    # 1634's polynomial term: `[[coefficient, power], ...]` in the examples.
    def __init__(self, x=0, y=0, next=None):
        self.coefficient, self.power, self.next = x, y, next


# Which class is `Node`, by the kind the judge decided (the call's "node"): never guessed here.
NODES = {"nary": NaryNode, "graph": GraphNode, "random": RandomNode, "next": Node, "parent": ParentNode,
         "quad": QuadNode, "doubly": DoublyNode, "tree": BinaryNode, "ring": BinaryNode, "list": LinkNode,
         "circular": LinkNode, "multilevel": MultiNode}
# LeetCode's classes, which build the arguments whatever the code defines under their names (as
# LeetCode's own deserializer does: a solution's uncommented copy of `class Node` is its own).
LC = {"ListNode": ListNode, "TreeNode": TreeNode, "PolyNode": PolyNode, "Interval": Interval}
# The kinds whose `Node` is built as a binary tree, and as a linked list.
TREES = (None, "next", "parent", "tree", "ring")
LISTS = ("doubly", "list", "circular", "multilevel")


class Iterator(object):
    # LeetCode's Iterator over a list (284 Peeking Iterator's constructor argument).
    def __init__(self, items):
        self._items, self._i = list(items), 0

    def hasNext(self):
        return self._i < len(self._items)

    def next(self):
        self._i += 1
        return self._items[self._i - 1]


class NestedInteger(object):
    def __init__(self, value=None):
        self._int = value if isinstance(value, int) else None
        self._list = [] if self._int is None else None
        if isinstance(value, list):
            self._list = [NestedInteger(x) for x in value]

    def isInteger(self):
        return self._int is not None

    def getInteger(self):
        return self._int

    def getList(self):
        return self._list

    def setInteger(self, value):
        self._int, self._list = value, None

    def add(self, elem):
        if self._list is None:
            self._list = []
        self._list.append(elem)


def build_list(ns, xs, pos=-1):
    nodes = [LC["ListNode"](x) for x in xs]
    for a, b in zip(nodes, nodes[1:]):
        a.next = b
    if nodes and 0 <= pos < len(nodes):
        nodes[-1].next = nodes[pos]
    return nodes[0] if nodes else None


def build_linked(make, xs, kind):
    # A list of the judge's kind: `prev` links too ("doubly"), the tail linked to the head
    # ("circular"), levels hung by `child` ("multilevel").
    if kind == "multilevel":
        return build_multilevel(make, xs)
    nodes = [make(x) for x in xs]
    for a, b in zip(nodes, nodes[1:]):
        a.next = b
        if kind == "doubly":
            b.prev = a
    if nodes and kind == "circular":
        nodes[-1].next = nodes[0]
    return nodes[0] if nodes else None


def build_multilevel(make, xs):
    # 430: levels separated by a null; more nulls before a level say under which node of the
    # level above it hangs (`child`).
    first, above, at, i = None, [], 0, 0
    while i < len(xs):
        j = i
        while j < len(xs) and xs[j] is not None:
            j += 1
        head = build_linked(make, xs[i:j], "doubly")
        if head and first and at < len(above):
            above[at].child = head
        first, above, n = first or head, [], head
        while n:
            above.append(n)
            n = n.next
        at, i = 0, j + 1
        while i < len(xs) and xs[i] is None:
            at, i = at + 1, i + 1
    return first


def show_multilevel(v):
    # 430 as LeetCode serialises it, the inverse of build_multilevel: each level along `next`, then
    # for its first node with a `child`, a null and one more per node before it, and that level.
    # A flattened answer is one level; a `child` left set shows (LeetCode rejects it).
    out = []
    while v is not None and len(out) < 100000:
        hang, at, n = None, 0, v
        while n is not None and len(out) < 100000:
            out.append(n.val)
            hang = hang or (n if n.child is not None else None)
            at, n = at + (hang is None), n.next
        out += [None] * (at + 1) if hang else []
        v = hang and hang.child
    return out


def build_tree(make, xs):
    if not xs or xs[0] is None:
        return None
    root = make(xs[0])
    queue, i = collections.deque([root]), 1
    while queue and i < len(xs):
        node = queue.popleft()
        for side in ("left", "right"):
            if i < len(xs) and xs[i] is not None:
                child = make(xs[i])
                setattr(node, side, child)
                if make is ParentNode:
                    child.parent = node
                queue.append(child)
            i += 1
    return root


def build_nary(make, xs):
    if not xs or xs[0] is None:
        return None
    root = make(xs[0], [])
    queue, i = collections.deque([root]), 2
    while queue and i <= len(xs):
        node = queue.popleft()
        while i < len(xs) and xs[i] is not None:
            child = make(xs[i], [])
            node.children.append(child)
            queue.append(child)
            i += 1
        i += 1
    return root


def build_graph(make, adj):
    if not adj:
        return None
    nodes = [make(i + 1, []) for i in range(len(adj))]
    for node, ns in zip(nodes, adj):
        node.neighbors = [nodes[j - 1] for j in ns]
    return nodes[0]


def build_random(make, pairs):
    nodes = [make(p[0], None, None) for p in pairs]
    for a, b in zip(nodes, nodes[1:]):
        a.next = b
    for node, p in zip(nodes, pairs):
        node.random = None if p[1] is None else nodes[p[1]]
    return nodes[0] if nodes else None


def find(root, val):
    # The node of a tree or list with this value (a node argument given by its value).
    seen, stack = set(), [root]
    while stack:
        n = stack.pop()
        if n is None or id(n) in seen:
            continue
        seen.add(id(n))
        if getattr(n, "val", None) == val:
            return n
        stack += [getattr(n, k, None) for k in ("left", "right", "next")] + list(getattr(n, "children", None) or [])
    return None


def show(v, kind=None, value=False):
    # A result as LeetCode shows it: nodes as lists, NestedInteger as nested lists; a node where
    # the expected answer is one value (236's lowest common ancestor) as its value.
    if value and hasattr(v, "val"):
        return v.val
    if isinstance(v, (list, tuple)):
        # A list of trees or lists shows an empty one as [] (776's split of a tree).
        nodes = any(hasattr(x, "val") for x in v)
        return [[] if x is None and nodes else show(x, kind, value) for x in v]
    # LeetCode's classes by name (the code's own copy too); other nodes by the judge's kind.
    name = v.__class__.__name__
    if name == "PolyNode":
        out = []
        while v is not None and len(out) < 100000:
            out.append([v.coefficient, v.power])
            v = v.next
        return out
    if name == "NestedInteger":
        return v.getInteger() if v.isInteger() else [show(x) for x in v.getList()]
    if name == "Interval":
        return [v.start, v.end]
    if not hasattr(v, "val"):
        return v
    if name == "ListNode":
        return show_list(v)
    if name == "TreeNode":
        return show_tree(v)
    # No kind: the binary tree built for none.
    return SHOW.get(kind, show_tree)(v)


def show_ring(v, along):
    # A circular list from `v` along `next` (708), or along `right` (426's ring), until it comes back.
    out, n = [], v
    while n is not None and len(out) < 100000:
        out.append(n.val)
        n = getattr(n, along)
        if n is v:
            break
    return out


def show_list(v):
    out = []
    while v is not None and len(out) < 100000:
        out.append(v.val)
        v = v.next
    return out


def show_tree(v):
    out, queue = [], collections.deque([v])
    while queue:
        node = queue.popleft()
        out.append(None if node is None else node.val)
        if node is not None:
            queue.append(getattr(node, "left", None))
            queue.append(getattr(node, "right", None))
    while out and out[-1] is None:
        out.pop()
    return out


def show_nary(v):
    out, queue = [v.val, None], collections.deque([v])
    while queue:
        node = queue.popleft()
        for c in node.children or []:
            out.append(c.val)
            queue.append(c)
        out.append(None)
    while out and out[-1] is None:
        out.pop()
    return out


def show_graph(v):
    nodes, queue = {}, collections.deque([v])
    while queue:
        n = queue.popleft()
        if n.val in nodes:
            continue
        nodes[n.val] = n
        queue.extend(n.neighbors or [])
    return [[m.val for m in nodes[i].neighbors or []] for i in range(1, len(nodes) + 1)]


def show_random(v):
    nodes = []
    while v is not None:
        nodes.append(v)
        v = v.next
    index = {id(n): i for i, n in enumerate(nodes)}
    return [[n.val, None if n.random is None else index[id(n.random)]] for n in nodes]


def show_next(v):
    out, level = [], v
    while level is not None:
        n, first = level, None
        while n is not None:
            out.append(n.val)
            first = first or getattr(n, "left", None) or getattr(n, "right", None)
            n = n.next
        out.append("#")
        level = first
    return out


SHOW = {"quad": lambda v: show_quad(v), "nary": lambda v: show_nary(v), "graph": lambda v: show_graph(v),
        "random": lambda v: show_random(v), "next": lambda v: show_next(v), "parent": lambda v: show_tree(v),
        "tree": lambda v: show_tree(v), "ring": lambda v: show_ring(v, "right"),
        "circular": lambda v: show_ring(v, "next"), "doubly": lambda v: show_list(v), "list": lambda v: show_list(v),
        "multilevel": lambda v: show_multilevel(v)}


def parameters(f):
    # The parameters a call passes (not `self`), with their annotations (none in Python 2, which
    # has no `inspect.signature`: a class's are its `__init__`'s).
    if not PY2:
        return [(n, "" if p.annotation is inspect.Parameter.empty else str(p.annotation))
                for n, p in inspect.signature(f).parameters.items()]
    init = getattr(f, "__init__", None) if inspect.isclass(f) else f
    try:
        names = inspect.getargspec(init).args
    except TypeError:
        return []  # A class without its own `__init__`.
    bound = inspect.isclass(f) or inspect.ismethod(f) and f.__self__ is not None
    return [(n, "") for n in names[1 if bound else 0:]]


SOURCE = [""]  # The solution's text (main).


def old_type(text):
    # A type as LeetCode's oldest Python template words it (`a tree node`, `{integer[]}`).
    t = text.lower()
    for words, name in ((("tree",), "TreeNode"), (("listnode", "list node", "linked list"), "ListNode"),
                        (("[]", "list of"), "List[]"), (("boolean",), "bool"), (("integer",), "int"),
                        (("float", "double"), "float"), (("string",), "str")):
        if any(w in t for w in words):
            return name
    return ""


def old_signature(f):
    # LeetCode's oldest Python template, on the comment lines above the method: `# @param root, a
    # tree node` or `# @param {TreeNode} root`, and `# @return a boolean` (key " return").
    lines, out = SOURCE[0].splitlines(), {}
    name = getattr(f, "__name__", "")
    for i, line in enumerate(lines):
        if re.match(r"\s*def\s+" + re.escape(name) + r"\s*\(", line):
            j = i - 1
            while j >= 0 and lines[j].strip().startswith("#"):
                c = lines[j].strip()
                m = re.match(r"#\s*@param\s+(?:\{([^}]*)\}\s*(\w+)|(\w+)\s*,\s*(.*))", c)
                if m:
                    out[m.group(2) or m.group(3)] = old_type(m.group(1) or m.group(4))
                m = re.match(r"#\s*@return\s+(.*)", c)
                if m:
                    out[" return"] = old_type(m.group(1))
                j -= 1
            break
    return out


def annotations(f):
    # Each parameter's type as text: its annotation, else the docstring's `:type name: T`, else
    # the oldest template's `# @param` comment.
    doc = inspect.getdoc(f) or ""
    out = collections.OrderedDict()  # In the parameters' order, on Python 2 too.
    old = old_signature(f)
    for name, ann in parameters(f):
        if not ann:
            for line in doc.splitlines():
                if line.strip().startswith(":type " + name + ":"):
                    ann = line.split(":", 2)[2].strip()
        out[name] = ann or old.get(name, "")
    return out


def returns(f):
    # The declared return type as text (`bool`, `List[List[str]]`): the annotation, else the
    # docstring's `:rtype:`; "" when none is declared.
    if not PY2 and inspect.signature(f).return_annotation is None:
        return "None"  # `-> None`: the annotation is the object None, not the string.
    ann = None if PY2 else inspect.signature(f).return_annotation
    if ann is not None and ann is not inspect.Signature.empty:
        plain = isinstance(ann, type) and "[" not in str(ann)
        text = ann if isinstance(ann, str) else ann.__name__ if plain else str(ann)
        return text.replace("typing.", "").strip("'\"")
    for line in (inspect.getdoc(f) or "").splitlines():
        if line.strip().startswith(":rtype:"):
            return line.split(":", 2)[2].strip()
    return old_signature(f).get(" return", "")


def as_declared(v, t):
    # A returned value as LeetCode's judge serialises it for the declared type: `-> bool`
    # returning 0 is false, `-> int` returning 3.0 is 3, `-> List[...]` returning a tuple, a
    # generator, dict.values() or a set is that list (each item as the inner type).
    t = t.strip()
    for wrap in ("Optional[", "optional["):
        if t.startswith(wrap) and t.endswith("]"):
            t = t[len(wrap):-1].strip()
    if v is None or not t:
        return v
    # `-> None` (a void method): LeetCode shows null whatever it returns (707's `return -1`).
    if t == "None":
        return None
    if t == "bool" and isinstance(v, (int, float)):
        return bool(v)
    if t == "int" and (isinstance(v, bool) or isinstance(v, float) and v.is_integer()):
        return int(v)
    if t == "float" and isinstance(v, int) and not isinstance(v, bool):
        return float(v)
    if t.split("[")[0] in ("List", "list") and t.endswith("]"):
        if not isinstance(v, (list, str, bytes, dict)) and not hasattr(v, "val") and hasattr(v, "__iter__"):
            v = list(v)
        if isinstance(v, list):
            inner = t[t.index("[") + 1:-1]
            return [as_declared(x, inner) for x in v]
    return v


def convert(ns, ann, v, call, kind):
    # An argument as the method takes it: node lists built, a node given by its value found.
    def node(class_name):
        return class_name in ann
    nested = "List[" in ann or "list[" in ann or "[]" in ann
    if node("PolyNode") and isinstance(v, list):
        head = None
        for c, p in reversed(v):
            head = LC["PolyNode"](c, p, head)
        return head
    if node("Node") and kind == "nary" and nested and isinstance(v, list):
        # 1506: every node of the tree, in any order; the root is the answer.
        root, nodes, queue = build_nary(LC["Node"], v), [], collections.deque()
        queue.extend([root] if root else [])
        while queue:
            n = queue.popleft()
            nodes.append(n)
            queue.extend(n.children)
        return nodes[::-1]
    if node("Interval") and isinstance(v, list):
        def intervals(x):
            return [intervals(y) for y in x] if x and isinstance(x[0], list) else LC["Interval"](*x)
        return intervals(v)
    if node("NestedInteger"):
        return [NestedInteger(x) for x in v] if nested and isinstance(v, list) else NestedInteger(v)
    if node("ListNode"):
        if nested and isinstance(v, list) and all(isinstance(x, list) for x in v):
            return [build_list(ns, x) for x in v]
        if isinstance(v, list):
            return build_list(ns, v, call["named"].get("pos", -1))
        return by_value(call, v)
    if node("Node") and kind == "quad" and isinstance(v, list):
        return build_quad(v)
    if node("Node") and kind in LISTS and isinstance(v, list):
        return build_linked(LC["Node"], v, kind)
    if node("Node") and kind and kind not in TREES and v is not None and not isinstance(v, list):
        # A node given by its value (3294's `node = 5` beside `head`, 1516's `p` and `q`).
        return by_value(call, v)
    if node("TreeNode") or (node("Node") and kind in TREES):
        # A tree whose `Node` has `next` or `parent` links is built of them, whatever the code calls
        # it (116's oldest template: `# @param root, a tree node`).
        make = LC["TreeNode"] if "TreeNode" in ann and kind not in ("next", "parent") else LC["Node"]
        if nested and isinstance(v, list) and call["built"]:
            # 1676's `nodes = [4,7]`: nodes of the tree built first, given by their values.
            return [by_value(call, x, make) for x in v]
        if isinstance(v, list):
            return build_tree(make, v)
        return by_value(call, v, make)
    if node("Node") and isinstance(v, list):
        return {"nary": build_nary, "graph": build_graph, "random": build_random}.get(kind, build_tree)(LC["Node"], v)
    if (node("Node") or kind) and v is None:
        return None
    if (kind == "parent" or "extra" in call) and not ann and v is not None and not isinstance(v, list) and call["built"]:
        # Untyped (1666's docstring names another parameter): a value beside a parent-pointer tree,
        # or beside a structure the method does not take, is one of its nodes (510's `node`,
        # 1650's `p`, 1666's `leaf`, 3294's `node`).
        return by_value(call, v, LC["Node"])
    if kind and isinstance(v, list) and not ann:
        # No annotation (an old template): the kind the judge decided says what the list is.
        if kind == "poly":
            return convert(ns, "PolyNode", v, call, kind)
        if kind in LISTS:
            return build_linked(LC["Node"], v, kind)
        if kind == "quad":
            return build_quad(v)
        builders = {"nary": build_nary, "graph": build_graph, "random": build_random}
        return builders.get(kind, build_tree)(LC["Node"], v)
    return v


def by_value(call, v, make=None):
    for root in call["built"]:
        hit = find(root, v)
        if hit is not None:
            return hit
    # A value no built node has (1644's `q = 10`): a node of its own, as LeetCode makes it.
    return make(v) if make is not None and v is not None else v


def with_api(ns, call):
    api = call.get("api")
    # The example names the data as the API's argument, or (1095) `array` beside it.
    arg = api["arg"] if api and api["arg"] in call["named"] else "array"
    if not api or arg not in call["named"]:
        return
    data = call["named"][arg]
    if api["name"] == "isBadVersion":
        ns["isBadVersion"] = lambda v: v >= data
    elif api["name"] == "guess":
        ns["guess"] = lambda num: 0 if num == data else (-1 if num > data else 1)
    elif api["name"] == "knows":
        ns["knows"] = lambda a, b: bool(data[a][b])
        # 277's `n` is not in the example: the number of people in `graph`.
        call["named"].setdefault("n", len(data))
    elif api["name"] == "MountainArray":
        class MountainArray:
            def get(self, i):
                return data[i]

            def length(self):
                return len(data)
        ns["MountainArray"] = MountainArray
        for name in (api["arg"], "mountain_arr", "mountainArr"):
            call["named"][name] = MountainArray()


def choose(sol, names):
    methods = [getattr(sol, m) for m in dir(sol) if not m.startswith("_") and callable(getattr(sol, m))]
    def params(f):
        return [n for n, _ in parameters(f)]
    wanted = [n for n in names if n]
    return ([f for f in methods if params(f) == wanted] or [f for f in methods if set(params(f)) <= set(wanted) and params(f)]
            or [f for f in methods if len(params(f)) == len(names)] or methods)


def unsupplied(f, params, call, by_name):
    """Stops on a method that needs more arguments than the call gives (2901's accepted code of
    2023 takes `n, words, groups`; the problem now gives `words, groups`), naming them: matched by
    position, the arguments would land in the wrong parameters."""
    code = getattr(f, "__code__", None)
    if by_name or code is None:
        return
    needed = code.co_argcount - (1 if getattr(f, "__self__", None) is not None else 0)
    needed -= len(getattr(f, "__defaults__", None) or ())
    if needed > len(call["args"]):
        missing = [p for p in params if p not in call["named"]]
        sys.exit("driver: `%s` takes %d arguments (%s), but the call gives %d (%s); none gives %s: LeetCode's "
                 "signature may have changed since the code was written. Give the method as LeetCode's template "
                 "declares it now." % (f.__name__, needed, ", ".join(params), len(call["args"]),
                                      ", ".join(call["names"]), ", ".join(missing)))


def call_function(ns, call):
    names, args = call["names"], call["args"]
    call["named"] = dict(zip(names, args))
    with_api(ns, call)
    if "Solution" not in ns and "NestedIterator" in ns:
        # 341: LeetCode's hidden loop over the iterator.
        it, out = ns["NestedIterator"](convert(ns, "List[NestedInteger]", args[0], call, None)), []
        while it.hasNext():
            out.append(it.next())
        return out
    if "Solution" not in ns and "Codec" in ns:
        return round_trip(ns, call)
    if "Solution" not in ns and "TreeBuilder" in ns:
        # 1628: LeetCode builds the expression tree from the postfix tokens and evaluates it.
        return ns["TreeBuilder"]().buildTree(args[0]).evaluate()
    if "Solution" not in ns:
        sys.exit("driver: the code defines no class Solution")
    sol = ns["Solution"]()
    methods = choose(sol, names)
    if not methods:
        sys.exit("driver: class Solution has no method")
    # Not a helper the other methods call, with the same parameters (1568's `count(grid)` beside
    # `minDays(grid)`).
    helpers = [f for f in methods if "self." + f.__name__ + "(" in call.get("source", "")]
    methods = [f for f in methods if f not in helpers] or methods
    f = methods[0]
    anns = annotations(f)
    kind = call.get("node")
    params = list(anns)
    call["built"] = []
    tree = "TreeNode" if any("TreeNode" in a for a in anns.values()) and kind not in ("next", "parent") else "Node"
    linked = kind is not None and (kind in TREES or kind in LISTS)
    # Untyped code (no annotation, or a docstring naming other parameters: 3294's, 1650's) of a
    # problem whose `Node` is a tree or a list: the example's other lists are that structure.
    untyped = linked and not all(anns.values())
    if untyped or any(k in a for a in anns.values() for k in ("ListNode", "TreeNode")) or (
            linked and tree == "Node" and any("Node" in a for a in anns.values())):
        for n, v in call["named"].items():
            # An argument the method does not take (`head` of 237 beside `node`; 1650's `root`
            # beside `p` and `q`): built, for a node given by its value to be found in, and
            # shown if nothing is returned.
            if n not in params and n != "pos" and isinstance(v, list):
                make = build_list if any("ListNode" in a for a in anns.values()) else None
                if make:
                    built = make(ns, v, call["named"].get("pos", -1))
                else:
                    # 3294's `head` beside the `node` the method takes, given by its value.
                    built = build_linked(LC[tree], v, kind) if kind in LISTS else build_tree(LC[tree], v)
                call["built"].append(built)
                call.setdefault("extra", built)
    by_name = bool(params) and all(n in call["named"] for n in params)
    unsupplied(f, params, call, by_name)
    pairs = [(p, call["named"][p]) for p in params] if by_name else list(zip(params, args))
    values = {}
    # Lists and trees first (a node given by its value is looked up in them), then the rest.
    for p, v in sorted(pairs, key=lambda pv: not isinstance(pv[1], list)):
        values[p] = convert(ns, anns[p], v, call, kind)
        if hasattr(values[p], "val"):
            call["built"].append(values[p])
    # The declared type, else the examples' (untyped code: LeetCode's signature declares one).
    declared = returns(f) or call.get("declared") or {"list": "List[]"}.get(call.get("expect"), "")
    result = as_declared(f(*[values[p] for p, _ in pairs]), declared)
    # The declared type, an annotation or an old template's `:rtype:` (Python 2's only one).
    ret = returns(f)
    if result is None and any(k in ret for k in ("ListNode", "TreeNode", "Node")):
        # No node: an empty list or tree, or `null` where the answer is one node (510).
        return None if call.get("returns") == "value" else []
    if result is None:
        # Nothing returned: an in-place problem, judged by its first argument (or by the list
        # the node given by its value belongs to); no node at all is an empty one.
        target = call.get("extra", values.get(params[0]) if params else None)
        if target is None and kind and call.get("returns") != "value":
            return []
        return show(target, kind)
    return show(result, kind, call.get("returns") == "value")


def round_trip(ns, call):
    # A codec (297, 449, 428, 431, 535, 271): LeetCode passes the example's value through one
    # instance's encoding, then its decoding, and shows what comes back.
    codec = ns["Codec"]()
    pair = next(((getattr(codec, e), getattr(codec, d)) for e, d in (("serialize", "deserialize"), ("encode", "decode"))
                 if callable(getattr(codec, e, None)) and callable(getattr(codec, d, None))), None)
    if pair is None:
        sys.exit("driver: class Codec has neither serialize and deserialize nor encode and decode")
    encode, decode = pair
    kind = call.get("node")
    call["built"], call["named"] = [], dict(zip(call["names"], call["args"]))
    value = convert(ns, next(iter(annotations(encode).values()), ""), call["args"][0], call, kind)
    result = decode(encode(value))
    if result is None and (value is None or hasattr(value, "val")):
        return []  # No tree back, for a tree (or none) in: shown as LeetCode shows an empty one.
    return show(result, kind)


def call_design(ns, call):
    methods, args = call["methods"], call["args"]
    # The class under another case where LeetCode renamed it (3242's `neighborSum`, now
    # `NeighborSum`): the code's one class of that name.
    same = [n for n in ns if n.lower() == methods[0].lower() and inspect.isclass(ns[n])]
    if methods[0] not in ns and len(same) == 1:
        ns[methods[0]] = ns[same[0]]
    if methods[0] not in ns:
        sys.exit("driver: the code defines no class " + methods[0])
    kind = call.get("node")
    call["built"], call["named"] = [], {}

    def invoke(f, a):
        anns = list(annotations(f).values())
        # A method without arguments may be written `[null]` (1586's `next` and `prev`).
        if a and len(a) > len(anns) and all(v is None for v in a[len(anns):]):
            a = a[:len(anns)]
        result = f(*[convert(ns, anns[i] if i < len(anns) else "", v, call, kind) for i, v in enumerate(a)])
        return as_declared(result, returns(f)) if inspect.ismethod(f) else result

    first = args[0]
    if methods[0] == "PeekingIterator" and first and isinstance(first[0], list):
        first = [Iterator(first[0])]
    obj = invoke(ns[methods[0]], first)
    out = [None]
    for m, a in zip(methods[1:], args[1:]):
        out.append(show(invoke(getattr(obj, m), a), kind))
    return out


def stub(name):
    # Whether the code's own `class NAME` only passes (an archive's uncommented copy of LeetCode's
    # template, 1634's `class PolyNode:` whose `__init__` is `pass`): LeetCode's class is used.
    lines = SOURCE[0].splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"(\s*)class\s+" + name + r"\b", line)
        if not m:
            continue
        body = []
        for other in lines[i + 1:]:
            if other.strip() and len(other) - len(other.lstrip()) <= len(m.group(1)):
                break
            t = other.strip()
            if t and not t.startswith(("def ", "#", "@")):
                body.append(t)
        return bool(body) and all(t in ("pass", "...") for t in body)
    return False


def native(v):
    # Python 2 reads JSON's strings as `unicode`; LeetCode's `Python` passes `str`.
    if not PY2:
        return v
    if isinstance(v, list):
        return [native(x) for x in v]
    if isinstance(v, dict):
        return dict((native(k), native(x)) for k, x in v.items())
    return v.encode("utf-8") if isinstance(v, unicode) else v  # noqa: F821 (Python 2 only)


def solve(call, src):
    # One call on a fresh namespace: LeetCode's prelude, then the solution, as a process of its own
    # would have them (the modules themselves are imported once).
    LC["Node"] = NODES.get(call.get("node"), ParentNode)
    # The code runs in a module known to `sys.modules`, as a file's does: `@dataclass` looks its
    # class's module up there for a quoted annotation (1206's `next: 'Node' = None`).
    module = types.ModuleType("solution")
    sys.modules["solution"] = module
    ns = module.__dict__
    ns.update(LC, NestedInteger=NestedInteger, Iterator=Iterator)
    exec(PRELUDE if PY2 else PRELUDE3 + PRELUDE, ns)
    # LeetCode's names never hide a built-in (`from math import *` brings a two-argument `pow`).
    for name in dir(builtins):
        if not name.startswith("_") and name in ns:
            ns[name] = getattr(builtins, name)
    call["source"] = SOURCE[0] = src.decode("utf-8", "replace")
    real_stdout, sys.stdout = sys.stdout, sys.stderr
    try:
        exec(compile(src, "solution.py", "exec"), ns)
        for name in LC:
            if stub(name):
                ns[name] = LC[name]
        result = call_design(ns, call) if "methods" in call else call_function(ns, call)
    finally:
        sys.stdout = real_stdout
    return json.dumps(result, separators=(",", ":"), default=str)


def many(limit_ms):
    # A stress batch's testcases in one process, as LeetCode runs them: one call a line of stdin,
    # each result printed as "N RESULT" (N from 0) as soon as it is known. At a call that fails, or
    # that took longer than the limit (counting this process's own start), the driver stops with 1:
    # the judge runs that testcase again alone for its verdict.
    # A call still running at the limit ends the process (the judge's own timer would, later).
    import signal
    signal.signal(signal.SIGALRM, lambda *_: os._exit(1))
    started = time.time()
    for n, line in enumerate(sys.stdin.read().splitlines()):
        begin = time.time()
        spent = begin - started if n == 0 else 0
        signal.setitimer(signal.ITIMER_REAL, max(limit_ms / 1000.0 - spent, 0.001))
        out = solve(native(json.loads(line)), SRC[0])
        signal.setitimer(signal.ITIMER_REAL, 0)
        if (time.time() - begin + spent) * 1000 > limit_ms:
            sys.exit(1)
        sys.stdout.write("%d %s\n" % (n, out))
        sys.stdout.flush()


def main():
    # Compiled from its bytes: Python 2 refuses a coding line in a text it is given decoded.
    with open(sys.argv[1], "rb") as f:
        SRC[0] = f.read()
    if len(sys.argv) > 3 and sys.argv[2] == "--many":
        return many(int(sys.argv[3]))
    call = native(json.loads(sys.stdin.read()))
    sys.stdout.write(solve(call, SRC[0]) + "\n")


SRC = [b""]  # The solution's bytes.
sys.setrecursionlimit(1 << 20)
main()
