"""LeetCode cases: doocs/leetcode's accepted solutions (`Solution.<ext>`) against the statement
beside them. The description block of its README_EN.md is LeetCode's own `content` HTML, which is
what the backend serves."""

import re

from archive import Mirror

MIRROR = "doocs+leetcode"
EXT = {
    "python": "py",
    "cpp": "cpp",
    "java": "java",
    "go": "go",
    "rust": "rs",
    "javascript": "js",
    "typescript": "ts",
}
# Problems that are not functions to judge from examples: counted apart, never sampled.
# doocs tags its concurrency problems "多线程" even in README_EN.md.
SKIP_TAGS = {
    "Pandas": "pandas",
    "Database": "sql",
    "Shell": "shell",
    "Concurrency": "concurrency",
    "多线程": "concurrency",
    # LeetCode's JavaScript-only problems (category "JavaScript": the server refuses them by kind).
    "JavaScript": "javascript-only",
}

_FOLDER = re.compile(r"^solution/\d{4}-\d{4}/(\d{4})\.[^/]+$")
_HEADING = re.compile(r"^# \[(\d+)\. (.+)\]\((https://leetcode\.com/problems/([^/)]+))/?\)\s*$", re.M)


def front_matter(readme):
    """`difficulty` and `tags` from the README's YAML front matter (a flat subset: no YAML parser)."""
    m = re.match(r"^---\n(.*?)\n---\n", readme, re.S)
    meta = {"difficulty": None, "tags": []}
    if not m:
        return meta
    key = None
    for line in m.group(1).splitlines():
        item = re.match(r"^\s+-\s+(.+)$", line)
        if item and key == "tags":
            meta["tags"].append(item.group(1).strip().strip("'\""))
            continue
        kv = re.match(r"^(\w+):\s*(.*)$", line)
        if kv:
            key = kv.group(1)
            if key == "difficulty":
                meta["difficulty"] = kv.group(2).strip() or None
    return meta


def description(readme):
    m = re.search(r"<!-- description:start -->\n?(.*?)\n?<!-- description:end -->", readme, re.S)
    return m.group(1).strip() if m else None


# What a driver must build for the problem, read from the solution (any language) and the tags:
# the first that applies. For the summary of what the declined languages will meet (issue 23).
_SHAPES = [
    ("design", lambda code, tags, html: "Design" in tags and "Solution" not in code),
    ("api", lambda code, tags, html: "Interactive" in tags),
    ("nested-integer", lambda code, tags, html: "NestedInteger" in code),
    # LeetCode's stub comment, which doocs keeps: "Definition for a Node." (a helper class of the
    # solution's own may be called Node too)
    ("node", lambda code, tags, html: re.search(r"Definition for .*\bNode\b", code) is not None),
    ("list-node", lambda code, tags, html: "ListNode" in code),
    ("tree-node", lambda code, tags, html: "TreeNode" in code),
    ("other-class", lambda code, tags, html: re.search(r"\b(PolyNode|ImmutableListNode|Employee|Sea|BinaryMatrix|"
                                                      r"ArrayReader|MountainArray|CustomFunction|HtmlParser|"
                                                      r"GridMaster|Robot|FontInfo|BigArray|Master)\b", code) is not None),
    ("javascript-only", lambda code, tags, html: "JavaScript" in tags),
]


def shape(code, tags, html):
    for name, test in _SHAPES:
        if test(code or "", tags, html or ""):
            return name
    return "function"


# Other archives of accepted solutions (issue 35: the drivers were tuned on doocs'), judged against
# doocs' statements: the mirror, and per language the file name pattern that gives the problem
# number (walkccc/LeetCode: `solutions/1. Two Sum/1.cpp`) or its slug (kamyu104/LeetCode-Solutions:
# `C++/two-sum.cpp`).
ARCHIVES = {
    "walkccc": ("walkccc+LeetCode", {"cpp": r"^solutions/(\d+)\. [^/]+/\1\.cpp$",
                                     "java": r"^solutions/(\d+)\. [^/]+/\1\.java$",
                                     "python": r"^solutions/(\d+)\. [^/]+/\1\.py$"}),
    "kamyu": ("kamyu104+LeetCode-Solutions", {"cpp": r"^C\+\+/([a-z0-9-]+)\.cpp$",
                                              "python": r"^Python/([a-z0-9-]+)\.py$"}),
    # `Medium/Two Sum.java`: the problem's title.
    "varunu28": ("varunu28+LeetCode-Java-Solutions", {"java": r"^(?:Easy|Medium|Hard)/(?P<title>[^/]+)\.java$"}),
    # `leetcode/0089.Gray-Code/89. Gray Code.go` (its tests beside it, `…_test.go`)
    "halfrost": ("halfrost+LeetCode-Go", {"go": r"^leetcode/(\d+)\.[^/]+/[^/]*(?<!_test)\.go$"}),
    # `0201-0300/0207_course-schedule/solution_1_…/course-schedule.go` (one of a problem's solutions)
    "roxasking": ("RoxasKing+leetcode-go", {"go": r"^[\d-]+/(\d+)_[^/]+/(?:[^/]+/)?[^/]+(?<!_test)\.go$"}),
    # `src/solution/s0001_two_sum.rs`
    "aylei": ("aylei+leetcode-rust", {"rust": r"^src/solution/s(\d+)_\w+\.rs$"}),
    # `leetcode/src/d0/_10_regular_expression_matching.rs`
    "rustgym": ("warycat+rustgym", {"rust": r"^leetcode/src/d\d+/_(\d+)_\w+\.rs$"}),
    # `10-regular-expression-matching.js`
    "everthis": ("everthis+leetcode-js", {"javascript": r"^(\d+)-[^/]+\.js$"}),
    # `Algorithms/3Sum Closest/3sum-closest.js`: the title
    "hanzichi": ("hanzichi+leetcode", {"javascript": r"^Algorithms/(?P<title>[^/]+)/[^/]+\.js$"}),
    # `0001-1000/001-100/98-validate.ts`
    "jgyy": ("jgyy+leetcode-typescript", {"typescript": r"^[\d-]+/[\d-]+/(\d+)-[^/]+\.ts$"}),
    # `src/problems/129.Sum-Root-to-Leaf-Numbers.ts`
    "eddyhdzg": ("eddyhdzg+leetcode-typescript-solutions", {"typescript": r"^src/problems/(\d+)[.-][^/]+\.ts$"}),
}

# What an archive's file holds beside the code it submitted to LeetCode (a package clause, imports
# of its own helpers, a `struct Solution` that LeetCode supplies, a second version after `// another`,
# `export`): dropped, so that what is judged is what LeetCode was given. Nothing else is changed.
_CLEAN = {
    "halfrost": [(r"(?m)^package \w+\n", ""), (r'(?m)^\s*"github.com/halfrost/LeetCode-Go/structures"\n', ""),
                 (r'(?m)^import "github.com/halfrost/LeetCode-Go/structures"\n', ""), (r"(?m)^import \(\s*\)\n", ""),
                 (r"(?m)^(// \w+ define\n)?type (\w+) = structures\.\2\n", ""),
                 # one Go package for all its problems: `Constructor729` for LeetCode's `Constructor`
                 (r"\bConstructor\d+\b", "Constructor")],
    "aylei": [(r"(?m)^pub struct Solution \{\}\n", ""), (r"(?m)^use crate::[^;]*;\n", "")],
    "rustgym": [(r"(?m)^struct Solution;\n", ""), (r"(?m)^use rustgym_util::\*;\n", "")],
    "everthis": [(r"(?ms)^// ano+ther.*", "")],
    "eddyhdzg": [(r"(?m)^export ", "")],
}


def _first_typescript(code):
    """eddyhdzg: a file holds a problem's JavaScript and TypeScript submissions, each after a `// JS`
    or `// TS` line and its `// Runtime: …` lines: the first TypeScript one."""
    parts = re.split(r"(?m)^// (TS|JS)\b.*\n", code)
    sections = [body for tag, body in zip(parts[1::2], parts[2::2]) if tag == "TS"] if len(parts) > 1 else [code]
    for section in sections:
        for version in re.split(r"(?m)^(?://(?! Runtime:).*\n)*// Runtime:.*\n", section):
            if re.search(r"(?m)^(?!\s*//)\s*\S", version):
                return version
    return code


_PICK = {"eddyhdzg": _first_typescript}
# Files that are not the code LeetCode ran (rustgym's own list and tree types, halfrost's own
# `template` package): not sampled.
_NOT_LEETCODE = {"rustgym": r"\b(ListLink|TreeLink)\b", "halfrost": r"halfrost/LeetCode-Go/template\b",
                 # aylei's unsolved problems: the generated template, `// TODO` or a literal for a body
                 "aylei": r"// TODO|->[^{;]*\{\s*(0|-1|false|true|None|vec!\[\]|String::new\(\))\s*\}"}


def _title_key(title):
    return re.sub(r"[^a-z0-9]", "", title.lower())


class LeetCode:
    platform = "leetcode"

    def __init__(self, mirrors, archive="doocs"):
        self.mirror = Mirror(f"{mirrors}/{MIRROR}/repo")
        self.missing = [] if self.mirror.exists() else [MIRROR]
        self._folders = None
        self.archive = archive
        self.other, self.patterns = None, {}
        if archive != "doocs":
            name, self.patterns = ARCHIVES[archive]
            self.other = Mirror(f"{mirrors}/{name}/repo")
            self.missing += [] if self.other.exists() else [name]

    def folders(self):
        """Problem folder -> the set of file names in it."""
        if self._folders is None:
            self._folders = {}
            for p in self.mirror.paths():
                folder, _, name = p.rpartition("/")
                if _FOLDER.match(folder):
                    self._folders.setdefault(folder, set()).add(name)
        return self._folders

    def kind(self, folder, files):
        """Why the problem is not sampled (`sql`, `shell`, `pandas`, `concurrency`), else None."""
        meta = front_matter(self.mirror.text(f"{folder}/README_EN.md") or "")
        for tag, kind in SKIP_TAGS.items():
            if tag in meta["tags"]:
                return kind
        if "Solution.py" in files:
            py = self.mirror.text(f"{folder}/Solution.py") or ""
            if re.search(r"^\s*(import pandas|from pandas)", py, re.M):
                return "pandas"
        return None

    def others(self, lang):
        """The other archive's solutions in `lang`: doocs folder -> path."""
        pattern = re.compile(self.patterns.get(lang, r"^$"))
        by_number, by_slug, by_title = {}, {}, {}
        for folder in self.folders():
            by_number[str(int(_FOLDER.match(folder).group(1)))] = folder
            by_title[_title_key(folder.rsplit("/", 1)[1].split(".", 1)[1])] = folder
        out = {}
        for p in self.other.paths():
            m = pattern.match(p)
            if not m:
                continue
            key = m.group(1)
            if "title" in m.groupdict():
                folder = by_title.get(_title_key(key))
            elif key.isdigit():
                folder = by_number.get(str(int(key)))
            else:
                if not by_slug:
                    for f in self.folders():
                        head = _HEADING.search(self.mirror.text(f"{f}/README_EN.md") or "")
                        if head:
                            by_slug[head.group(4)] = f
                folder = by_slug.get(key)
            skip = _NOT_LEETCODE.get(self.archive)
            if folder and not (skip and re.search(skip, self.other.text(p) or "")):
                out[folder] = p
        return out

    def pool(self, lang):
        """(problem number, folder, solution path) for every judgeable problem with a solution in
        `lang`, and the count of problems left out by kind."""
        out, skipped = [], {}
        name = f"Solution.{EXT[lang]}"
        others = self.others(lang) if self.other else None
        for folder, files in sorted(self.folders().items()):
            if "README_EN.md" not in files or (name not in files if others is None else folder not in others):
                continue
            kind = self.kind(folder, files)
            if kind:
                skipped[kind] = skipped.get(kind, 0) + 1
                continue
            number = str(int(_FOLDER.match(folder).group(1)))
            out.append((number, folder, f"{folder}/{name}" if others is None else others[folder]))
        return out, skipped

    def problem(self, folder):
        readme = self.mirror.text(f"{folder}/README_EN.md") or ""
        meta = front_matter(readme)
        head = _HEADING.search(readme)
        number = str(int(_FOLDER.match(folder).group(1)))
        title = head.group(2) if head else folder.split(".", 1)[-1]
        slug = head.group(4) if head else None
        obj = {
            "id": head.group(1) if head else number,
            "source": "leetcode",
            "slug": slug,
            "title": title,
            "title_cn": None,
            "difficulty": meta["difficulty"],
            "ac_rate": None,
            "rating": 0.0,
            "contest": None,
            "problem_index": None,
            "tags": meta["tags"],
            "link": f"https://leetcode.com/problems/{slug}/" if slug else None,
            "category": "Algorithms",
            "paid_only": 0,
            "content": description(readme),
            "content_cn": None,
            "similar_questions": [],
        }
        return obj, {"tags": meta["tags"]}

    def source(self, path):
        if self.other is None:
            return self.mirror.text(path)
        code = _PICK.get(self.archive, str)(self.other.text(path))
        for pattern, repl in _CLEAN.get(self.archive, []):
            code = re.sub(pattern, repl, code)
        return code
