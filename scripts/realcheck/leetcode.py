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


class LeetCode:
    platform = "leetcode"

    def __init__(self, mirrors):
        self.mirror = Mirror(f"{mirrors}/{MIRROR}/repo")
        self.missing = [] if self.mirror.exists() else [MIRROR]
        self._folders = None

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

    def pool(self, lang):
        """(problem number, folder, solution path) for every judgeable problem with a solution in
        `lang`, and the count of problems left out by kind."""
        out, skipped = [], {}
        name = f"Solution.{EXT[lang]}"
        for folder, files in sorted(self.folders().items()):
            if "README_EN.md" not in files or name not in files:
                continue
            kind = self.kind(folder, files)
            if kind:
                skipped[kind] = skipped.get(kind, 0) + 1
                continue
            number = str(int(_FOLDER.match(folder).group(1)))
            out.append((number, folder, f"{folder}/{name}"))
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
        return self.mirror.text(path)
