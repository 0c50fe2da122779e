"""AtCoder cases: accepted submissions from three public archives, each paired with its task's
statement from Molmin/atcoder-problems, converted as the backend's crawler converts it."""

import json
import re

from archive import Mirror
from crawler_md import pick_span, to_markdown

STATEMENTS = "Molmin+atcoder-problems"
# archive folder name -> how to list (task, language, path) from its file paths
ARCHIVES = ("yura1685+atcoder-ac-archive", "thirofoo+atcoder-archives", "tawainfer+atcoder-submissions")
EXT = {"py": "python", "cpp": "cpp"}

_YURA = re.compile(r"^atcoder\.jp/[^/]+/([^/]+)/([^/]+)/(\d+)\.(py|cpp)$")
_THIROFOO = re.compile(r"^([^/]+)/(.+)_(\d+)_AC\.(py|cpp)$")
_TAWAINFER = re.compile(r"^(?:.+/)?([^/]+)/([^/]+)/\2\.(py|cpp)$")


def _yura(m):
    for p in m.paths():
        g = _YURA.match(p)
        if g:
            yield g.group(2), EXT[g.group(4)], p


def _without_header(text):
    """thirofoo's archiver puts a `/* Author … Result: AC */` block above each file."""
    if text.startswith("/*") and "*/" in text:
        return text.split("*/", 1)[1].lstrip("\n")
    return text


def _thirofoo(m):
    """Files named `_AC`; some hold only the archiver's header, empty or with `// code not found`
    (it could not fetch the code): those are no submissions."""
    for p in m.paths():
        g = _THIROFOO.match(p)
        if g and _without_header(m.text(p)).strip() not in ("", "// code not found"):
            yield g.group(2), EXT[g.group(4)], p


def _tawainfer(m):
    """The repository lists AtCoder submissions it says were accepted ("AtCoderに提出したACコード"), and each
    task's index.yaml names the accepted submission per language (`cpp: 26663266`): a file counts
    only when its language is named there."""
    paths = set(m.paths())
    for p in paths:
        g = _TAWAINFER.match(p)
        if not g:
            continue
        folder = p.rsplit("/", 1)[0]
        index = m.text(folder + "/index.yaml") if folder + "/index.yaml" in paths else None
        if index and re.search(rf"^{g.group(3)}:\s*\d+\s*$", index, re.M):
            yield g.group(2), EXT[g.group(3)], p


_LISTERS = {ARCHIVES[0]: _yura, ARCHIVES[1]: _thirofoo, ARCHIVES[2]: _tawainfer}


class AtCoder:
    platform = "atcoder"

    def __init__(self, mirrors):
        self.statements = Mirror(f"{mirrors}/{STATEMENTS}/repo")
        self.archives = {name: Mirror(f"{mirrors}/{name}/repo") for name in ARCHIVES}
        self._tasks = None
        self.missing = [n for n, m in [(STATEMENTS, self.statements), *self.archives.items()] if not m.exists()]

    def tasks_with_statement(self):
        """Tasks whose html.json holds a statement (a few hold none: `{"html":{}}`)."""
        if self._tasks is None:
            prefix = "data/statement/"
            tasks = {p[len(prefix) :].split("/")[0] for p in self.statements.paths() if p.endswith("/html.json")}
            self._tasks = {t for t in tasks if pick_span(self._html(t))[0]}
        return self._tasks

    def _html(self, task):
        return json.loads(self.statements.text(f"data/statement/{task}/html.json") or "{}")

    def pool(self, lang):
        """Every (task, archive, path) in `lang` whose task has a statement."""
        have = self.tasks_with_statement()
        out = []
        for name, mirror in self.archives.items():
            if name in self.missing:
                continue
            out += [(task, name, path) for task, l, path in _LISTERS[name](mirror) if l == lang and task in have]
        return sorted(out)

    def problem(self, task):
        """The problem object the backend would serve, plus the real limits it does not keep."""
        html = self._html(task)
        config = json.loads(self.statements.text(f"data/statement/{task}/config.json") or "{}")
        span, lang = pick_span(html)
        contest, _, index = task.rpartition("_")
        obj = {
            "id": task,
            "source": "atcoder",
            "slug": task,
            "title": config.get("title") or task,
            "title_cn": "",
            "difficulty": None,
            "ac_rate": None,
            "rating": None,
            "contest": contest,
            "problem_index": index.upper(),
            "tags": [],
            "link": f"https://atcoder.jp/contests/{contest}/tasks/{task}",
            "category": "Algorithms",
            "paid_only": 0,
            "content": to_markdown(span) if span else None,
            "content_cn": None,
            "similar_questions": [],
        }
        real = {"time_ms": int(config["time"] * 1000) if config.get("time") else None, "memory_mb": config.get("memory")}
        return obj, {"statement_language": lang, "real_limits": real}

    def source(self, archive, path):
        """The submitted code. thirofoo's archiver puts a `/* Author … Result: AC */` block above each
        file; in C++ that is a comment, in Python a syntax error that was never submitted: it goes."""
        text = self.archives[archive].text(path)
        return _without_header(text) if archive == ARCHIVES[1] and path.endswith(".py") else text
