// The JavaScript and TypeScript driver of oj-mcp-rs's LeetCode judge, built once per session.
//
//   node driver.js --check solution.js              the syntax check (the JavaScript build)
//   node driver.js SOLUTION.js [--source FILE.ts] [--lib PACKAGE GLOBAL FOLDER]...
//
// It reads one call as JSON on stdin ({"names":[...],"args":[...]} for a function,
// {"methods":[...],"args":[[...]]} for a design class; "node", "api", "nested" and "returns" as the
// judge adds them), runs the user's code as a script (its `var`s and functions are globals, its
// errors name its own lines), calls it with the arguments built as LeetCode builds them (nodes
// from the types in the JSDoc or the TypeScript annotations), and prints the result as LeetCode
// shows it, as JSON, on the last line of stdout. What the code prints goes to stderr.
"use strict";
const fs = require("fs");
const vm = require("vm");

// LeetCode's classes, as its JavaScript templates define them.
function ListNode(val, next) {
  this.val = val === undefined ? 0 : val;
  this.next = next === undefined ? null : next;
}

function TreeNode(val, left, right) {
  this.val = val === undefined ? 0 : val;
  this.left = left === undefined ? null : left;
  this.right = right === undefined ? null : right;
}

// `Node` (and `_Node`, its newer name) as the template's comment defines it, by the kind the judge
// read there; a binary tree's node with `next` pointers when there is none.
const NODES = {
  nary: function Node(val, children) {
    this.val = val === undefined ? null : val;
    this.children = children === undefined ? [] : children;
  },
  graph: function Node(val, neighbors) {
    this.val = val === undefined ? 0 : val;
    this.neighbors = neighbors === undefined ? [] : neighbors;
  },
  random: function Node(val, next, random) {
    this.val = val === undefined ? 0 : val;
    this.next = next === undefined ? null : next;
    this.random = random === undefined ? null : random;
  },
  next: function Node(val, left, right, next) {
    this.val = val === undefined ? null : val;
    this.left = left === undefined ? null : left;
    this.right = right === undefined ? null : right;
    this.next = next === undefined ? null : next;
  },
  parent: function Node(val, left, right, parent) {
    this.val = val === undefined ? 0 : val;
    this.left = left === undefined ? null : left;
    this.right = right === undefined ? null : right;
    this.parent = parent === undefined ? null : parent;
  },
  tree: function Node(val, left, right) {
    this.val = val === undefined ? 0 : val;
    this.left = left === undefined ? null : left;
    this.right = right === undefined ? null : right;
  },
  doubly: function Node(val, prev, next) {
    this.val = val === undefined ? 0 : val;
    this.prev = prev === undefined ? null : prev;
    this.next = next === undefined ? null : next;
  },
  list: function Node(val, next) {
    this.val = val === undefined ? null : val;
    this.next = next === undefined ? null : next;
  },
  quad: function Node(val, isLeaf, topLeft, topRight, bottomLeft, bottomRight) {
    this.val = val === undefined ? false : val;
    this.isLeaf = isLeaf === undefined ? false : isLeaf;
    this.topLeft = topLeft === undefined ? null : topLeft;
    this.topRight = topRight === undefined ? null : topRight;
    this.bottomLeft = bottomLeft === undefined ? null : bottomLeft;
    this.bottomRight = bottomRight === undefined ? null : bottomRight;
  },
};
NODES.ring = NODES.tree;
NODES.circular = NODES.list;
// The kinds (the judge's "node", never guessed here) whose `Node` is built as a binary tree.
const TREES = [null, "next", "parent", "tree", "ring"];
// The code's own node classes as the LeetCode class each is (`node::own_classes`): `{ "ListNode2": "ListNode" }`.
let CLASSES = {};

class NestedInteger {
  constructor(value) {
    this._int = typeof value === "number" ? value : null;
    this._list = Array.isArray(value) ? value.map((x) => new NestedInteger(x)) : this._int === null ? [] : null;
  }
  isInteger() {
    return this._int !== null;
  }
  getInteger() {
    return this._int;
  }
  setInteger(value) {
    this._int = value;
    this._list = null;
  }
  add(elem) {
    if (this._list === null) this._list = [];
    this._list.push(elem);
  }
  getList() {
    return this._list;
  }
}

// 284's constructor argument: LeetCode's Iterator over a list.
class ListIterator {
  constructor(items) {
    this.items = items;
    this.i = 0;
  }
  hasNext() {
    return this.i < this.items.length;
  }
  next() {
    return this.items[this.i++];
  }
}

// 1634's polynomial terms, built from `[coefficient, power]` pairs.
function PolyNode(x, y, next) {
  this.coefficient = x === undefined ? 0 : x;
  this.power = y === undefined ? 0 : y;
  this.next = next === undefined ? null : next;
}

// 690's employees, built from `[id, importance, subordinates]`.
function Employee(id, importance, subordinates) {
  this.id = id;
  this.importance = importance;
  this.subordinates = subordinates;
}

class MountainArray {
  constructor(items) {
    this.items = items;
  }
  get(i) {
    return this.items[i];
  }
  length() {
    return this.items.length;
  }
}

// ---- The code's declarations, read from its text: names, parameters, their types.

// The source with comments and the insides of strings, templates and regular expressions blanked
// (line breaks kept), and the brace depth at each position: brackets and words are then found in
// code only.
function mask(src) {
  const out = src.split("");
  const depth = new Int32Array(src.length + 1);
  const blank = (a, b) => {
    for (let k = a; k < b && k < out.length; k++) if (out[k] !== "\n") out[k] = " ";
  };
  const templates = [];
  let d = 0;
  let prev = "";
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i];
    const next = src[i + 1];
    const start = i;
    if (c === "/" && next === "/") {
      const e = src.indexOf("\n", i);
      i = e < 0 ? n : e;
      blank(start, i);
    } else if (c === "/" && next === "*") {
      const e = src.indexOf("*/", i + 2);
      i = e < 0 ? n : e + 2;
      blank(start, i);
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < n && src[j] !== c && src[j] !== "\n") j += src[j] === "\\" ? 2 : 1;
      blank(i + 1, j);
      i = j + 1;
      prev = c;
    } else if (c === "`" || (c === "}" && templates.length && templates[templates.length - 1] === d)) {
      if (c === "}") templates.pop();
      let j = i + 1;
      while (j < n && src[j] !== "`" && !(src[j] === "$" && src[j + 1] === "{")) j += src[j] === "\\" ? 2 : 1;
      blank(i + 1, j);
      if (src[j] === "$") {
        templates.push(d);
        i = j + 2;
      } else {
        i = j + 1;
      }
      prev = "`";
    } else if (c === "/" && regexMayStart(src, i, prev)) {
      let j = i + 1;
      let inClass = false;
      while (j < n && src[j] !== "\n" && (src[j] !== "/" || inClass)) {
        if (src[j] === "\\") j++;
        else if (src[j] === "[") inClass = true;
        else if (src[j] === "]") inClass = false;
        j++;
      }
      blank(i + 1, j);
      i = j + 1;
      prev = "/";
    } else {
      if (c === "{") d++;
      else if (c === "}") d--;
      if (!/\s/.test(c)) prev = c;
      i++;
    }
    depth.fill(d, start, i);
  }
  depth[n] = d;
  return { text: out.join(""), depth };
}

// Whether a `/` at `i` starts a regular expression (after an operator or a keyword), not a division.
function regexMayStart(src, i, prev) {
  if (prev === "" || "(,=:[!&|?{};+-*%<>~^".includes(prev)) return true;
  const word = /([A-Za-z_$][\w$]*)\s*$/.exec(src.slice(Math.max(0, i - 12), i));
  return !!word && /^(return|typeof|case|of|in|void|delete|throw|new|yield|await)$/.test(word[1]);
}

// The index of the bracket closing the one at `open`, in masked text; `<` and `>` count (type
// arguments in TypeScript signatures) except in `=>`.
function closing(text, open) {
  let d = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if ("([{<".includes(c)) d++;
    else if (")]}".includes(c) || (c === ">" && text[i - 1] !== "=")) d--;
    if (d === 0) return i;
  }
  return text.length;
}

// The `}` that closes the `{` at `open` in the masked text (only braces: a body's `<` is a comparison).
function braceEnd(text, open) {
  let d = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") d++;
    else if (text[i] === "}" && --d === 0) return i;
  }
  return text.length;
}

// Splits `s` at the commas outside brackets (TypeScript's `<>` included, `=>` excepted).
function splitTop(s, sep) {
  const parts = [];
  let d = 0;
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if ("([{<".includes(c)) d++;
    else if (")]}".includes(c) || (c === ">" && s[i - 1] !== "=")) d--;
    else if (c === sep && d === 0) {
      parts.push(s.slice(last, i));
      last = i + 1;
    }
  }
  parts.push(s.slice(last));
  return parts;
}

// A parameter list's text (inside the parentheses; masked and original) as [{name, type}].
function params(masked, original) {
  if (!masked.trim()) return [];
  const out = [];
  let at = 0;
  for (const part of splitTop(masked, ",")) {
    const raw = original.slice(at, at + part.length);
    at += part.length + 1;
    const m = /^\s*(?:(?:public|private|protected|readonly|override)\s+)*(\.\.\.)?\s*([A-Za-z_$][\w$]*)?\s*\??\s*/.exec(
      part,
    );
    const rest = part.slice(m[0].length);
    let type = "";
    if (rest.startsWith(":")) {
      const end = splitTop(rest.slice(1), "=")[0];
      type = raw.slice(m[0].length + 1, m[0].length + 1 + end.length).trim();
    }
    if (part.trim()) out.push({ name: m[2] || "", type, rest: !!m[1] });
  }
  return out;
}

// The `/** … */` block right before `at`, if any.
function jsdocBefore(src, at) {
  const before = src.slice(0, at).replace(/\s+$/, "");
  if (!before.endsWith("*/")) return "";
  const start = before.lastIndexOf("/**");
  return start < 0 ? "" : before.slice(start);
}

// The types a JSDoc block gives: {params: {name: type}, ret}.
function jsdocTypes(doc) {
  const types = { params: {}, ret: "" };
  const braces = "\\{((?:[^{}]|\\{[^{}]*\\})*)\\}";
  for (const m of doc.matchAll(new RegExp("@param\\s*" + braces + "\\s*\\[?\\s*([A-Za-z_$][\\w$]*)", "g"))) {
    types.params[m[2]] = m[1].trim();
  }
  const r = new RegExp("@returns?\\s*" + braces).exec(doc);
  if (r) types.ret = r[1].trim();
  return types;
}

// A function whose parameter list opens at `open`: its parameters, types and return type.
function signature(src, m, open, declaredAt) {
  const close = closing(m.text, open);
  const ps = params(m.text.slice(open + 1, close), src.slice(open + 1, close));
  const after = m.text.slice(close + 1);
  let ret = "";
  const colon = /^\s*:/.exec(after);
  if (colon) {
    const end = after.search(/=>|\{/);
    ret = src.slice(close + 1 + colon[0].length, close + 1 + (end < 0 ? after.length : end)).trim();
  }
  const doc = jsdocTypes(jsdocBefore(src, declaredAt));
  for (const p of ps) p.type = p.type || doc.params[p.name] || "";
  // A JSDoc naming other parameters, as many as the function has (1490's `@param {Node} node`
  // above `function(root)`): its types in their order.
  const docTypes = Object.values(doc.params);
  if (docTypes.length === ps.length && !ps.some((p) => p.name in doc.params)) ps.forEach((p, i) => (p.type = p.type || docTypes[i]));
  // The body's end: its closing brace, or for an arrow's expression the end of the line.
  const brace = /^\s*(?::[^{=;]*)?(?:=>)?\s*\{/.exec(after);
  const nl = m.text.indexOf("\n", close);
  const end = brace ? braceEnd(m.text, close + brace[0].length) : nl < 0 ? m.text.length : nl;
  const documented = Object.keys(doc.params).length > 0 || !!doc.ret;
  return { params: ps, ret: ret || doc.ret, documented, at: open, from: declaredAt, end };
}

// Whether the code calls `name` outside its own declaration and body: a helper of another
// function (132's `Manacher(s)` beside `minCut(s)`), not the one LeetCode calls.
function calledElsewhere(text, name, sig) {
  if (sig.from === undefined) return false;
  const re = new RegExp(`(^|[^\\w$.])${name.replace(/\$/g, "\\$")}\\s*\\(`, "g");
  for (const x of text.matchAll(re)) {
    const at = x.index + x[1].length;
    if (at < sig.from || at > sig.end) return true;
  }
  return false;
}

// The code's top-level functions, classes and their methods (`prototype` assignments included).
function declarations(src) {
  const m = mask(src);
  const fns = new Map();
  const classes = new Map();
  const top = (i) => m.depth[i] === 0;
  const method = (cls, name, sig) => {
    if (!classes.has(cls)) classes.set(cls, new Map());
    if (!classes.get(cls).has(name)) classes.get(cls).set(name, sig);
  };
  const id = "[A-Za-z_$][\\w$]*";
  const decl = new RegExp(`\\b(?:async\\s+)?function\\s*\\*?\\s*(${id})\\s*(?:<[^(]*>)?\\s*\\(`, "g");
  for (const x of m.text.matchAll(decl)) {
    if (top(x.index) && !fns.has(x[1])) fns.set(x[1], signature(src, m, x.index + x[0].length - 1, x.index));
  }
  const expr = new RegExp(
    `\\b(?:var|let|const)\\s+(${id})\\s*(?::[^=;]*)?=\\s*(?:async\\s+)?(?:function\\b\\s*\\*?\\s*(?:${id})?\\s*(?:<[^(]*>)?\\s*\\(|(?:<[^(]*>)?\\s*\\(|(${id})\\s*=>)`,
    "g",
  );
  for (const x of m.text.matchAll(expr)) {
    if (!top(x.index) || fns.has(x[1])) continue;
    if (x[2]) {
      fns.set(x[1], { params: [{ name: x[2], type: "" }], ret: "", documented: false, at: x.index });
      continue;
    }
    const open = x.index + x[0].length - 1;
    const sig = signature(src, m, open, x.index);
    const arrow = /^\s*(?::[^=;{]*)?=>/.test(m.text.slice(closing(m.text, open) + 1));
    if (/function\s*\*?\s*[\w$]*\s*(<[^(]*>)?\s*\($/.test(x[0]) || arrow) fns.set(x[1], sig);
  }
  const proto = new RegExp(`\\b(${id})\\.prototype\\.(${id})\\s*=\\s*(?:async\\s+)?function\\b\\s*(?:${id})?\\s*\\(`, "g");
  for (const x of m.text.matchAll(proto)) {
    if (top(x.index)) method(x[1], x[2], signature(src, m, x.index + x[0].length - 1, x.index));
  }
  for (const x of m.text.matchAll(new RegExp(`\\bclass\\s+(${id})`, "g"))) {
    if (!top(x.index)) continue;
    const open = m.text.indexOf("{", x.index);
    if (open < 0) continue;
    classMethods(src, m, x[1], open, closing(m.text, open), method);
    if (!classes.has(x[1])) classes.set(x[1], new Map());
  }
  for (const [name, sig] of fns) sig.called = calledElsewhere(m.text, name, sig);
  for (const sig of fns.values()) if (!sig.documented) farDoc(src, sig);
  return { fns, classes };
}

// LeetCode's JSDoc for a function that helpers (or a `var`) now stand between: the block whose
// `@param` names are the function's parameters, wherever it is (100: `p` and `q` are trees). Its
// types only: which function is LeetCode's is still decided by the block just before one.
function farDoc(src, sig) {
  const names = sig.params.map((p) => p.name);
  if (!names.length || sig.params.some((p) => p.type)) return;
  for (const block of src.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const doc = jsdocTypes(block[0]);
    const keys = Object.keys(doc.params);
    if (keys.length !== names.length || !names.every((n) => n in doc.params)) continue;
    for (const p of sig.params) p.type = doc.params[p.name];
    sig.ret = sig.ret || doc.ret;
    return;
  }
}

// The methods of a class body (between `open` and `close`), each with its signature.
function classMethods(src, m, cls, open, close, method) {
  const mods = "(?:(?:public|private|protected|static|async|override|readonly)\\s+)*";
  const re = new RegExp(`(?:^|[;{}\\n])\\s*${mods}\\*?\\s*([A-Za-z_$][\\w$]*)\\s*(?:<[^(]*>)?\\s*\\(`, "g");
  re.lastIndex = open + 1;
  let x;
  while ((x = re.exec(m.text)) && x.index < close) {
    const at = x.index + x[0].length - 1;
    if (m.depth[at] !== m.depth[open + 1]) {
      re.lastIndex = at + 1;
      continue;
    }
    const end = closing(m.text, at);
    if (/^\s*(:|\{)/.test(m.text.slice(end + 1))) {
      const start = x.index + x[0].search(/\S/);
      method(cls, x[1], signature(src, m, at, start));
    }
    re.lastIndex = end + 1;
  }
}

// ---- Building arguments and showing results as LeetCode does.

function buildList(make, xs, pos) {
  const nodes = xs.map((x) => new make(x));
  nodes.forEach((node, i) => (node.next = nodes[i + 1] || null));
  if (nodes.length && pos >= 0 && pos < nodes.length) nodes[nodes.length - 1].next = nodes[pos];
  return nodes.length ? nodes[0] : null;
}

function buildTree(make, xs) {
  if (!xs.length || xs[0] === null) return null;
  const root = new make(xs[0]);
  const queue = [root];
  let i = 1;
  for (let head = 0; head < queue.length && i < xs.length; head++) {
    for (const side of ["left", "right"]) {
      if (i < xs.length && xs[i] !== null) {
        const child = new make(xs[i]);
        queue[head][side] = child;
        queue.push(child);
      }
      i++;
    }
  }
  return root;
}

function buildNary(make, xs) {
  if (!xs.length || xs[0] === null) return null;
  const root = new make(xs[0], []);
  const queue = [root];
  let i = 2;
  for (let head = 0; head < queue.length && i <= xs.length; head++, i++) {
    for (; i < xs.length && xs[i] !== null; i++) {
      const child = new make(xs[i], []);
      queue[head].children.push(child);
      queue.push(child);
    }
  }
  return root;
}

function buildGraph(make, adj) {
  if (!adj.length) return null;
  const nodes = adj.map((_, i) => new make(i + 1, []));
  nodes.forEach((node, i) => (node.neighbors = adj[i].map((j) => nodes[j - 1])));
  return nodes[0];
}

function buildRandom(make, pairs) {
  const nodes = pairs.map((p) => new make(p[0], null, null));
  nodes.forEach((node, i) => {
    node.next = nodes[i + 1] || null;
    node.random = pairs[i][1] === null ? null : nodes[pairs[i][1]];
  });
  return nodes.length ? nodes[0] : null;
}

function withParents(node, parent) {
  if (node) {
    node.parent = parent;
    withParents(node.left, node);
    withParents(node.right, node);
  }
  return node;
}

// A list of the judge's kind: doubly linked (3263), or circular (708).
function buildLinked(make, xs, kind) {
  const nodes = xs.map((val) => new make(val));
  nodes.forEach((node, i) => {
    if (kind === "doubly") node.prev = nodes[i - 1] || null;
    node.next = nodes[i + 1] || (kind === "circular" ? nodes[0] : null);
  });
  return nodes.length ? nodes[0] : null;
}

const QUAD = ["topLeft", "topRight", "bottomLeft", "bottomRight"];

// A quad tree in level order, each node `[isLeaf, val]`, four entries after each node (427).
function buildQuad(make, xs) {
  const node = (x) => (Array.isArray(x) ? new make(Boolean(x[1]), Boolean(x[0])) : null);
  const root = xs.length ? node(xs[0]) : null;
  const queue = root ? [root] : [];
  for (let i = 1; queue.length && i < xs.length; ) {
    const n = queue.shift();
    for (const side of QUAD) {
      n[side] = i < xs.length ? node(xs[i]) : null;
      if (n[side]) queue.push(n[side]);
      i++;
    }
  }
  return root;
}

function showQuad(root) {
  const out = [];
  const queue = [root];
  while (queue.length) {
    const n = queue.shift();
    out.push(n ? [n.isLeaf ? 1 : 0, n.val ? 1 : 0] : null);
    if (n) queue.push(...QUAD.map((side) => n[side] || null));
  }
  while (out.length && out[out.length - 1] === null) out.pop();
  return out;
}

function buildPolynomial(terms) {
  const nodes = terms.map(([c, p]) => new PolyNode(c, p));
  nodes.forEach((node, i) => (node.next = nodes[i + 1] || null));
  return nodes.length ? nodes[0] : null;
}

const BUILD = {
  nary: buildNary,
  graph: buildGraph,
  random: buildRandom,
  next: buildTree,
  parent: (make, xs) => withParents(buildTree(make, xs), null),
  tree: buildTree,
  ring: buildTree,
  quad: buildQuad,
  doubly: (make, xs) => buildLinked(make, xs, "doubly"),
  list: (make, xs) => buildLinked(make, xs, "list"),
  circular: (make, xs) => buildLinked(make, xs, "circular"),
};

// The node of a tree or list with this value (a node argument given by its value).
function find(root, val) {
  const seen = new Set();
  const stack = [root];
  while (stack.length) {
    const n = stack.pop();
    if (!n || typeof n !== "object" || seen.has(n)) continue;
    seen.add(n);
    if (n.val === val) return n;
    stack.push(n.left, n.right, n.next, ...(Array.isArray(n.children) ? n.children : []));
  }
  return undefined;
}

const isNode = (v) => v !== null && typeof v === "object" && "val" in v;
// A Set, a Map, a generator or `map.values()` where a list is meant: LeetCode's serializer walks it
// (JSON.stringify would write `{}`). Not a node a solution made iterable, not a string.
const iterable = (v) =>
  v !== null && typeof v === "object" && !Array.isArray(v) && !isNode(v) && typeof v[Symbol.iterator] === "function";
const isNested = (v) => v !== null && typeof v === "object" && typeof v.isInteger === "function";

// A result as LeetCode shows it: nodes as lists, NestedInteger as nested lists; a node where the
// expected answer is one value (236's lowest common ancestor) as its value.
function show(v, kind, value) {
  if (v === undefined) return null;
  if (typeof v === "bigint") return Number(v);
  if (value && isNode(v)) return v.val;
  if (ArrayBuffer.isView(v)) return Array.from(v, Number);
  if (iterable(v)) return show(Array.from(v), kind, value);
  if (Array.isArray(v)) return v.map((x) => show(x, kind, value));
  if (isNested(v)) return v.isInteger() ? v.getInteger() : v.getList().map((x) => show(x));
  if (kind === "poly" && v !== null && typeof v === "object") return showList(v, (n) => [n.coefficient, n.power]);
  if (!isNode(v)) return v;
  // LeetCode's classes by name (the code's own, or as the call's "classes" name them); other nodes
  // by the judge's kind; none: the binary tree built for none.
  const name = CLASSES[v.constructor && v.constructor.name] || (v.constructor && v.constructor.name);
  if (name === "ListNode") return showList(v);
  if (name === "TreeNode") return showTree(v);
  if (kind === "quad") return showQuad(v);
  if (kind === "nary") return showNary(v);
  if (kind === "graph") return showGraph(v);
  if (kind === "random") return showRandom(v);
  if (kind === "next") return showNext(v);
  if (kind === "ring") return showCircular(v, "right");
  if (kind === "circular") return showCircular(v, "next");
  return TREES.includes(kind) ? showTree(v) : showList(v);
}

// A circular list's values along `next` (708) or `right` (426) until it comes back; the cap guards
// the value, not the kind.
function showCircular(v, along) {
  const out = [];
  for (let n = v; n && out.length < 100000; n = n[along]) {
    if (out.length && n === v) break;
    out.push(n.val);
  }
  return out;
}

function showList(v, val = (n) => n.val) {
  const out = [];
  for (; v && out.length < 100000; v = v.next) out.push(val(v));
  return out;
}

function showTree(v) {
  const out = [];
  const queue = [v];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head];
    out.push(node ? node.val : null);
    if (node) queue.push(node.left || null, node.right || null);
  }
  while (out.length && out[out.length - 1] === null) out.pop();
  return out;
}

function showNary(v) {
  const out = [v.val, null];
  const queue = [v];
  for (let head = 0; head < queue.length; head++) {
    for (const c of queue[head].children || []) {
      out.push(c.val);
      queue.push(c);
    }
    out.push(null);
  }
  while (out.length && out[out.length - 1] === null) out.pop();
  return out;
}

function showGraph(v) {
  const nodes = new Map();
  const queue = [v];
  for (let head = 0; head < queue.length; head++) {
    const n = queue[head];
    if (nodes.has(n.val)) continue;
    nodes.set(n.val, n);
    queue.push(...(n.neighbors || []));
  }
  const out = [];
  for (let i = 1; i <= nodes.size; i++) out.push(((nodes.get(i) || {}).neighbors || []).map((m) => m.val));
  return out;
}

function showRandom(v) {
  const nodes = [];
  for (; v; v = v.next) nodes.push(v);
  const index = new Map(nodes.map((n, i) => [n, i]));
  return nodes.map((n) => [n.val, n.random ? index.get(n.random) : null]);
}

function showNext(v) {
  const out = [];
  for (let level = v; level && out.length < 100000; ) {
    let first = null;
    for (let n = level; n && out.length < 100000; n = n.next) {
      out.push(n.val);
      first = first || n.left || n.right;
    }
    out.push("#");
    level = first;
  }
  return out;
}

// ---- The call.

// A name the code declared (a class, function, `var`, `let` or `const`), or undefined.
function lookup(name) {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  return vm.runInThisContext(`typeof ${name} === "undefined" ? undefined : ${name}`);
}

// Parameter names that mean a list or a tree where the code gives no types (no JSDoc).
const LIST_NAMES = /^(head|head[AB12]|l[12]|list[12]?)$/;
const TREE_NAMES = /^(root|root[12])$/;

// An argument as the code takes it: node lists built, a node given by its value found.
function convert(ctx, p, v) {
  const t = ownNodes(p.type) || (p.name && LIST_NAMES.test(p.name) ? "ListNode" : TREE_NAMES.test(p.name) ? "TreeNode" : "");
  const has = (name) => new RegExp(`(^|[^\\w$])${name}([^\\w$]|$)`).test(t);
  const many = /\[\]|Array</.test(t);
  const lists = Array.isArray(v) && v.length > 0 && v.every(Array.isArray);
  if (has("NestedInteger")) return many && Array.isArray(v) ? v.map((x) => new NestedInteger(x)) : new NestedInteger(v);
  if (has("MountainArray") && Array.isArray(v)) return new MountainArray(v);
  if (has("Employee") && many && lists) return v.map((e) => new Employee(...e));
  if (has("PolyNode") && Array.isArray(v)) return buildPolynomial(v);
  const node = has("Node") || has("_Node");
  if (has("ListNode")) {
    if (many && (lists || (Array.isArray(v) && !v.length))) return v.map((x) => buildList(ctx.ListNode, x, -1));
    return Array.isArray(v) ? buildList(ctx.ListNode, v, ctx.pos) : byValue(ctx, v);
  }
  if (node && ["doubly", "list", "circular"].includes(ctx.kind) && Array.isArray(v)) {
    return buildLinked(ctx.Node, v, ctx.kind);
  }
  if (node && ctx.kind === "quad" && Array.isArray(v)) return buildQuad(ctx.Node, v);
  if (has("TreeNode") || (node && TREES.includes(ctx.kind))) {
    const make = has("TreeNode") ? ctx.TreeNode : ctx.Node;
    if (many && lists) return v.map((x) => buildTree(make, x));
    if (many && Array.isArray(v)) return v.map((x) => byValue(ctx, x));
    // A node class with `parent` (1650, 1666) gets its parents.
    const root = Array.isArray(v) ? buildTree(make, v) : byValue(ctx, v);
    return ctx.parents && Array.isArray(v) ? withParents(root, null) : root;
  }
  // 1506: every node of one N-ary tree, children before parents (LeetCode's order is any).
  if (node && many && ctx.kind === "nary" && Array.isArray(v) && !lists) return allNodes(buildNary(ctx.Node, v));
  if (node && Array.isArray(v)) return BUILD[ctx.kind](ctx.Node, v);
  // A node of a structure built before, given by its value (1516's `p = 4` in an N-ary tree).
  if (node && ctx.kind && (typeof v === "number" || typeof v === "string")) return byValue(ctx, v);
  if ((node || ctx.kind) && v === null) return null;
  if (ctx.kind && Array.isArray(v) && !t) return BUILD[ctx.kind](ctx.Node, v);
  if (!t && ctx.nodes && typeof v === "number") {
    // A parameter its JSDoc misses, beside node types: a node given by its value (1666's `leaf`).
    const hit = ctx.built.map((root) => find(root, v)).find((n) => n !== undefined);
    if (hit) return hit;
  }
  return v;
}

// A type naming a node class of the code's own (`ListNode2`) as the one the judge read it as.
const ownNodes = (t) => (t || "").replace(/[A-Za-z_$][\w$]*/g, (name) => CLASSES[name] || name);

function allNodes(root) {
  const out = root ? [root] : [];
  for (let head = 0; head < out.length; head++) out.push(...out[head].children);
  return out.reverse();
}

function byValue(ctx, v) {
  for (const root of ctx.built) {
    const hit = find(root, v);
    if (hit !== undefined) return hit;
  }
  return v;
}

// The hidden API built from the example's data; the argument replaced where it is the API itself.
function withApi(call, named) {
  const api = call.api;
  if (!api || !(api.arg in named)) return;
  const data = named[api.arg];
  if (api.name === "isBadVersion") globalThis.isBadVersion = (v) => v >= data;
  else if (api.name === "guess") globalThis.guess = (num) => (num === data ? 0 : num > data ? -1 : 1);
  else if (api.name === "knows") globalThis.knows = (a, b) => !!data[a][b];
  else if (api.name === "MountainArray") named[api.arg] = new MountainArray(data);
}

// The function the example calls: the one whose parameters are the example's names, else one
// whose parameters are among them, else one with as many; among equals, one the rest of the code
// does not call (helpers are called by it), then LeetCode's (documented), then the first declared.
function choose(fns, names) {
  const wanted = names.filter((n) => n);
  // `S` is `s`: LeetCode renamed parameters to lower case (784), the old code still runs.
  const same = (ps) => ps.length === wanted.length && ps.every((p, i) => p.toLowerCase() === wanted[i].toLowerCase());
  const among = (ps) => ps.length > 0 && ps.every((p) => wanted.includes(p));
  const rank = ([, s]) => {
    const ps = s.params.map((p) => p.name);
    const fit = same(ps) ? 3 : among(ps) ? 2 : ps.length === names.length ? 1 : 0;
    return fit * 4 + (s.called ? 0 : 2) + (s.documented ? 1 : 0);
  };
  let best = null;
  for (const entry of fns) {
    if (typeof lookup(entry[0]) !== "function") continue;
    const [r, b] = [rank(entry), best && rank(best)];
    if (!best || r > b || (r === b && entry[1].at < best[1].at)) best = entry;
  }
  return best;
}

function callFunction(call, decl, ctx) {
  const { names, args } = call;
  const named = {};
  names.forEach((n, i) => n && (named[n] = args[i]));
  withApi(call, named);
  ctx.pos = "pos" in named ? named.pos : -1;
  const special = iteratorOrCodec(call, decl, ctx, named);
  if (special) return special.result;
  const fns = new Map([...decl.fns].filter(([name]) => !decl.classes.has(name)));
  const chosen = choose(fns, names);
  if (!chosen) fail("the code defines no function to call");
  let [name, sig] = chosen;
  let f = lookup(name);
  if (call.api && sig.params.length === 1 && sig.params[0].name === call.api.name) {
    // 278 and 277: `var solution = function(isBadVersion) { return function(n) {…} }`.
    f = f(globalThis[call.api.name]);
    const rest = names.filter((n) => n !== call.api.arg);
    const n = call.api.name === "knows" && !rest.length ? [named.graph.length] : rest.map((k) => named[k]);
    return show(f(...n), ctx.kind, call.returns === "value");
  }
  const ps = sig.params;
  const byName = ps.length > 0 && ps.every((p) => p.name in named);
  const pairs = byName ? ps.map((p) => [p, named[p.name]]) : ps.map((p, i) => [p, args[i]]).slice(0, args.length);
  extras(ctx, ps, named, sig.ret);
  ctx.nodes = /Node\b/.test(ps.map((p) => p.type).join(" ") + " " + sig.ret);
  const values = new Array(pairs.length);
  // Lists and trees first (a node given by its value is looked up in them), then the rest.
  const order = pairs.map((_, i) => i).sort((a, b) => Array.isArray(pairs[b][1]) - Array.isArray(pairs[a][1]));
  for (const i of order) {
    values[i] = convert(ctx, pairs[i][0], pairs[i][1]);
    if (isNode(values[i])) ctx.built.push(values[i]);
  }
  const result = f(...values);
  if (result === undefined && !NODE.test(sig.ret)) {
    // Nothing returned: an in-place function, judged by its first argument (or by the list the
    // node given by its value belongs to).
    const first = ctx.extra !== undefined ? ctx.extra : values[0];
    return present(ctx.extra !== undefined ? "Node" : (pairs[0] || [{}])[0].type, first, ctx, call);
  }
  return present(sig.ret, result, ctx, call);
}

const NODE = /ListNode|TreeNode|PolyNode|\b_?Node\b/;

// A result as LeetCode serializes it by the declared type: a truthy object where `boolean` is
// declared is `true` (208's trie node), a digit string where `number` is `3` (400); no node is
// `[]`, or `null` where one value is expected (285), also inside a list of trees (776).
function present(type, v, ctx, call) {
  const t = (type || "").replace(/\s+/g, "");
  const value = call.returns === "value";
  if ((v === null || v === undefined) && NODE.test(t)) return value ? null : [];
  const elem = /^(.*)\[\]$/.exec(t) || /^Array<(.*)>$/.exec(t);
  if (elem && (iterable(v) || ArrayBuffer.isView(v))) v = Array.from(v);
  if (elem && Array.isArray(v) && !/^\(?(ListNode|TreeNode|_?Node)/.test(elem[1])) return v.map((x) => present(elem[1], x, ctx, call));
  if (elem && Array.isArray(v)) return v.map((x) => (x === null || x === undefined ? (value ? null : []) : show(x, ctx.kind, value)));
  if (/^(boolean|bool)$/i.test(t) && v !== null && v !== undefined) return !!v;
  const number = /^(number|integer|int|long|double|float)$/i.test(t);
  if (number && typeof v === "string" && v.trim() !== "" && !isNaN(v)) return Number(v);
  if (number && typeof v === "boolean") return Number(v);
  return show(v, ctx.kind, value);
}

// An argument the function does not take (`head` of 237, beside `node`): built, for a node given
// by its value to be found in, and shown if nothing is returned.
function extras(ctx, ps, named, ret) {
  // The return type too: 1650's `function(p, q)` under a JSDoc of one `node` returns a `Node`.
  const types = ps.map((p) => p.type).join(" ") + " " + (ret || "");
  const tree = /TreeNode/.test(types) ? ctx.TreeNode : /\b_?Node\b/.test(types) && TREES.includes(ctx.kind) && ctx.Node;
  const linked = /\b_?Node\b/.test(types) && ["doubly", "list", "circular"].includes(ctx.kind);
  if (!/ListNode/.test(types) && !tree && !linked) return;
  for (const [n, v] of Object.entries(named)) {
    if (ps.some((p) => p.name === n) || n === "pos" || !Array.isArray(v)) continue;
    const list = /ListNode/.test(types) ? buildList(ctx.ListNode, v, ctx.pos) : linked && buildLinked(ctx.Node, v, ctx.kind);
    const built = list || buildTree(tree, v);
    if (ctx.parents) withParents(built, null);
    ctx.built.push(built);
    if (ctx.extra === undefined) ctx.extra = built;
  }
}

// 341's hidden loop over NestedIterator; a codec's round trip (297 and 449 `serialize` and
// `deserialize`, 271 and 535 `encode` and `decode`): LeetCode checks what comes back.
function iteratorOrCodec(call, decl, ctx, named) {
  if (typeof lookup("NestedIterator") === "function") {
    const it = new (lookup("NestedIterator"))(call.args[0].map((x) => new NestedInteger(x)));
    const out = [];
    while (it.hasNext()) out.push(it.next());
    return { result: out };
  }
  const pairs = [
    ["serialize", "deserialize"],
    ["encode", "decode"],
  ];
  for (const [enc, dec] of pairs) {
    const pair = decl.fns.has(enc) && decl.fns.has(dec) ? [decl.fns.get(enc), lookup(enc), lookup(dec)] : null;
    if (!pair || typeof pair[1] !== "function" || call.args.length !== 1) continue;
    const arg = convert(ctx, pair[0].params[0] || { name: "", type: "" }, call.args[0]);
    return { result: present(decl.fns.get(dec).ret || pair[0].params[0]?.type, pair[2](pair[1](arg)), ctx, call) };
  }
  // 1628: the tree `TreeBuilder`'s `buildTree` makes of the postfix tokens, evaluated.
  const B = lookup("TreeBuilder");
  if (typeof B === "function" && call.args.length === 1) return { result: new B().buildTree(call.args[0]).evaluate() };
  // A `class Codec` (TypeScript's 428 and 431, JavaScript's 428): one object encodes and decodes.
  const C = lookup("Codec");
  if (typeof C !== "function" || call.args.length !== 1) return null;
  const sigs = decl.classes.get("Codec") || new Map();
  const obj = new C();
  for (const [enc, dec] of pairs) {
    if (typeof obj[enc] !== "function" || typeof obj[dec] !== "function") continue;
    const p = sigs.get(enc)?.params[0];
    const arg = convert(ctx, p || { name: "", type: "" }, call.args[0]);
    // Methods written as class fields (428's `serialize = function(root)`) have no signature
    // read: the round trip gives back the problem's `Node`, shown `[]` when empty.
    const type = sigs.get(dec)?.ret || p?.type || (ctx.kind ? "Node" : "");
    return { result: present(type, obj[dec](obj[enc](arg)), ctx, call) };
  }
  return null;
}

function callDesign(call, decl, ctx) {
  const [name, ...methods] = call.methods;
  const C = lookup(name);
  if (typeof C !== "function") fail(`the code defines no class ${name}`);
  const sigs = decl.classes.get(name) || new Map();
  const convertAll = (sig, args) => args.map((v, i) => convert(ctx, (sig && sig.params[i]) || { name: "", type: "" }, v));
  let first = call.args[0];
  if (name === "PeekingIterator" && first.length && Array.isArray(first[0])) first = [new ListIterator(first[0])];
  const ctor = sigs.get("constructor") || decl.fns.get(name);
  const obj = new C(...convertAll(ctor, first));
  const out = [null];
  methods.forEach((m, i) => {
    if (typeof obj[m] !== "function") fail(`${name} has no method ${m}`);
    out.push(present(sigs.get(m)?.ret, obj[m](...convertAll(sigs.get(m), call.args[i + 1])), ctx, call));
  });
  return out;
}

function fail(why) {
  process.stderr.write(`driver: ${why}\n`);
  process.exit(1);
}

// ---- Setup: the command line, LeetCode's globals, the user's code, the answer.

// The code as a script: a top-level `export` (which LeetCode's own solutions sometimes keep) is
// blanked, the columns kept.
function script(file) {
  return fs.readFileSync(file, "utf8").replace(/^(\s*)export(\s+default)?(?=\s+(async\s+)?(function|class|const|let|var)\b)/gm,
    (all, lead) => lead + " ".repeat(all.length - lead.length));
}

// `node driver.js --check FILE`: FILE compiled as the run compiles it (its syntax errors name its
// lines), not run.
function check(file) {
  try {
    new vm.Script(script(file), { filename: file });
  } catch (e) {
    process.stderr.write(`${trim(e.stack)}\n`);
    process.exit(1);
  }
}

// An error's stack without the frames of the driver and of Node itself, below the code's own.
function trim(stack) {
  const lines = String(stack).split("\n");
  const end = lines.findIndex((l) => /^\s+at .*(driver\.js|node:vm|node:internal)/.test(l));
  return (end < 0 ? lines : lines.slice(0, end)).join("\n");
}

function options(argv) {
  const o = { file: argv[0], source: argv[0], libs: [] };
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] === "--source") o.source = argv[++i];
    else if (argv[i] === "--lib") o.libs.push(argv.slice(i + 1, (i += 3) + 1));
    else if (argv[i] === "--many") o.many = Number(argv[++i]);
  }
  return o;
}

// LeetCode's libraries the judge found (lodash as `_`, the @datastructures-js queues by their
// exported names), loaded when first used (lodash takes 60 ms), also by the code's `require`; a
// global the code assigns becomes its own.
function libraries(libs) {
  const loaders = {};
  for (const [pkg, names, folder] of libs) {
    let mod;
    const load = () => (mod = mod || require(folder));
    loaders[pkg] = load;
    for (const name of names.split(",")) {
      const own = (value) => Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
      let queue;
      const get = () => (name === "_" ? load() : name.endsWith("PriorityQueue") ? (queue = queue || older(load()[name])) : load()[name]);
      Object.defineProperty(globalThis, name, { get, set: own, configurable: true });
    }
  }
  globalThis.require = (name) => (name in loaders ? loaders[name]() : require(name));
}

// A priority queue that also takes version 5's options object (`new PriorityQueue({ compare })`,
// `new MinPriorityQueue({ priority })`), as older accepted solutions construct it.
function older(Queue) {
  if (typeof Queue !== "function") return Queue;
  return class extends Queue {
    constructor(options, ...rest) {
      const plain = options && typeof options === "object" && !Array.isArray(options);
      super(plain ? options.compare || options.priority : options, ...rest);
    }
  };
}

// Writes all of `text` to stdout (a pipe may take it in parts).
function write(text) {
  const buf = Buffer.from(text);
  for (let off = 0; off < buf.length; ) {
    try {
      off += fs.writeSync(1, buf, off);
    } catch (e) {
      if (e.code !== "EAGAIN") throw e;
    }
  }
}

// A stack's lines in the emitted JavaScript mapped back to the TypeScript source's (tsc --sourceMap).
function mapStack(stack, o) {
  if (o.source === o.file || !fs.existsSync(o.file + ".map")) return stack;
  const { SourceMap } = require("module");
  const map = new SourceMap(JSON.parse(fs.readFileSync(o.file + ".map", "utf8")));
  const js = require("path").basename(o.file);
  const ts = require("path").basename(o.source);
  return stack.replace(new RegExp(`${js.replace(".", "\\.")}:(\\d+):(\\d+)`, "g"), (all, line, col) => {
    const e = map.findEntry(line - 1, col - 1);
    return e && e.originalLine !== undefined ? `${ts}:${e.originalLine + 1}:${e.originalColumn + 1}` : all;
  });
}

function main(argv) {
  if (argv[0] === "--check") return check(argv[1]);
  const o = options(argv);
  const text = fs.readFileSync(0, "utf8");
  const calls = o.many === undefined ? [text] : text.split("\n").filter((l) => l.trim());
  if (!calls.length) return;
  const first = JSON.parse(calls[0]);
  const kind = first.node || null;
  CLASSES = first.classes || {};
  const NodeClass = NODES[kind] || NODES.next;
  Object.assign(globalThis, { ListNode, TreeNode, Node: NodeClass, _Node: NodeClass, NestedInteger, Employee, PolyNode });
  // What tsc writes for a file with `export` (CommonJS) runs as a script too.
  Object.assign(globalThis, { exports: {}, module: { exports: {} } });
  libraries(o.libs);
  // What the code prints goes to stderr: `process.stdout` is stderr to it and to `console`, which
  // looks it up when it first writes (a new Console costs 16 ms); the answer goes to fd 1 itself.
  Object.defineProperty(process, "stdout", { get: () => process.stderr, configurable: true });
  const code = script(o.file);
  try {
    vm.runInThisContext(code, { filename: require("path").basename(o.file) });
    const decl = declarations(o.source === o.file ? code : fs.readFileSync(o.source, "utf8"));
    calls.forEach((line, n) => (o.many === undefined ? answer(first, decl, kind, "") : many(o.many, n, line, decl, kind)));
  } catch (e) {
    process.stderr.write(`${mapStack(trim(e && e.stack ? e.stack : e), o)}\n`);
    process.exit(1);
  }
}

// `--many MS`, a stress batch's testcases in one process as LeetCode runs them (python.py's `many`):
// a call a line, "N RESULT" printed for each; the code ran once, its globals kept between calls.
// A call past MS (the first counting the process's start) stops the driver: vm's timeout ends
// even a busy loop, and the judge runs that testcase again alone for its verdict.
function many(limit, n, line, decl, kind) {
  const spent = n === 0 ? process.uptime() * 1000 : 0;
  const begin = Date.now();
  globalThis[Symbol.for("oj")] = () => answer(JSON.parse(line), decl, kind, `${n} `);
  vm.runInThisContext('globalThis[Symbol.for("oj")]()', { timeout: Math.max(1, Math.ceil(limit - spent)) });
  if (Date.now() - begin + spent > limit) process.exit(1);
}

// One call's result on a line of fd 1, after `prefix`.
function answer(call, decl, kind, prefix) {
  // The code's own classes where it defines them (its `ListNode` uncommented), else LeetCode's.
  const cls = (n, dflt) => (typeof lookup(n) === "function" ? lookup(n) : dflt);
  const ctx = { kind, built: [], extra: undefined, pos: -1, ListNode: cls("ListNode", ListNode) };
  ctx.parents = kind === "parent";
  ctx.TreeNode = cls("TreeNode", TreeNode);
  ctx.Node = kind ? NODES[kind] || NODES.next : cls("Node", NODES.next);
  const result = "methods" in call ? callDesign(call, decl, ctx) : callFunction(call, decl, ctx);
  const json = JSON.stringify(result, (_, v) => (typeof v === "bigint" ? Number(v) : v));
  write(`${prefix}${json === undefined ? "null" : json}\n`);
}

main(process.argv.slice(2));
