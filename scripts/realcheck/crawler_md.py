"""AtCoder statements as the real backend stores them. oj-api-rs's crawler (scripts/atcoder.py,
`_clean_problem_markdown`, with scripts/utils/html_converter.py) takes the task page's
`span.lang-en` (else `span.lang-ja`) and rewrites it into Markdown with BeautifulSoup, one pass
per kind of element, in a fixed order. This module does the same passes, in the same order, on the
span that Molmin/atcoder-problems keeps in html.json, so the server under test reads what the
backend would serve. The order matters: an element rewritten first hides the markup of what it
contains (`<strong><var>N</var></strong>` becomes `**N**`, not `**$N$**`)."""

import re
from urllib.parse import urljoin

from bs4 import BeautifulSoup

BASE_URL = "https://atcoder.jp"


def _absolute_urls(soup):
    for img in soup.find_all("img", src=True):
        img["src"] = urljoin(BASE_URL, img["src"])
    for a in soup.find_all("a", href=True):
        if not a["href"].startswith(("#", "javascript:", "mailto:")):
            a["href"] = urljoin(BASE_URL, a["href"])


def _fenced(pre):
    """A `<pre>`'s text: lines right-trimmed, blank lines at either end dropped, the common
    indentation removed."""
    lines = [line.rstrip() for line in pre.get_text().splitlines()]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    margins = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
    cut = min(margins) if margins else 0
    body = "\n".join(line[cut:] for line in lines)
    return f"\n\n```\n{body}\n```\n\n"


def _table(table):
    rows = [[c.get_text(" ", strip=True) for c in tr.find_all(["th", "td"])] for tr in table.find_all("tr")]
    rows = [r for r in rows if r]
    if not rows:
        return ""
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    out = ["| " + " | ".join(rows[0]) + " |", "| " + " | ".join(["---"] * width) + " |"]
    out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    return "\n" + "\n".join(out) + "\n"


# Inline elements, rewritten in one pass in document order (an outer one first).
_INLINE = {
    "var": lambda t: f"${t.get_text(strip=True)}$",
    "strong": lambda t: f"**{t.get_text()}**",
    "em": lambda t: f"*{t.get_text()}*",
    "code": lambda t: f"`{t.get_text()}`",
}


def to_markdown(span_html):
    """The Markdown the crawler stores for one statement span."""
    if not span_html:
        return ""
    soup = BeautifulSoup(span_html, "html.parser")
    _absolute_urls(soup)
    for h in soup.find_all(["h2", "h3"]):
        h.replace_with(f"\n\n## {h.get_text(strip=True)}\n")
    for hr in soup.find_all("hr"):
        hr.replace_with("\n\n")
    for tag in soup.find_all(list(_INLINE)):
        tag.replace_with(_INLINE[tag.name](tag))
    for li in soup.find_all("li"):
        li.replace_with(f"\n- {li.get_text(' ', strip=True)}")
    for pre in soup.find_all("pre"):
        pre.replace_with(_fenced(pre))
    for img in soup.find_all("img", src=True):
        img.replace_with(f"![{img.get('alt') or ''}]({img['src']})")
    for a in soup.find_all("a", href=True):
        a.replace_with(f"[{a.get_text(strip=True) or a['href']}]({a['href']})")
    for table in soup.find_all("table"):
        md = _table(table)
        if md:
            table.replace_with(md)
        else:
            table.decompose()
    for br in soup.find_all("br"):
        br.replace_with("\n")
    for p in soup.find_all("p"):
        p.insert_before("\n\n")
    text = "\n".join(line.rstrip() for line in soup.get_text().splitlines())
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def pick_span(html_json):
    """The span the crawler would take: English when the page has it, else Japanese."""
    spans = (html_json or {}).get("html") or {}
    if spans.get("en"):
        return spans["en"], "en"
    if spans.get("ja"):
        return spans["ja"], "ja"
    return None, None
