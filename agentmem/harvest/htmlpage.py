"""A retro kept as an HTML page, read as the markdown its tags stand for.

A team's wiki or intranet page saved as HTML came to the distiller as lines of tags: its
list items were no bullets, its headings no sections, and a table of changes ("Before" /
"Now" columns, the old value in `<del>`) was one paragraph of cell texts run together, so
a whole page could become one lesson holding old and new values alike. `as_markdown` puts
such a page in the form the readers know: a heading per `<h1>`…`<h6>`, a bullet per `<li>`
(nested lists indented), a paragraph per `<p>` or `<div>`, a markdown table per `<table>`
(read by `agentmem.harvest.tables`), struck text (`<del>`, `<s>`, `<strike>`) as `~~…~~`
(read by `agentmem.harvest.strikes`), and `<br>` as a line break; entities are unescaped,
and what a page shows nobody (`<head>`, `<script>`, `<style>`, comments) is left out. Any
tag it does not know is read for its text alone.

A text is a page only when it opens with a tag and holds block tags (`is_page`): markdown
with an inline `<del>` in it, or an XML export of data, is left as it is. Python's own
`html.parser` reads it, a pass over the text.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

# Tags of a page's structure; a text that opens with a tag and holds this many is a page.
BLOCK = re.compile(r"<(?:p|li|h[1-6]|tr|div|ul|ol|table)\b", re.I)
PAGE = 3
HIDDEN = frozenset({"head", "script", "style", "title", "template"})
STRUCK = frozenset({"del", "s", "strike"})
HEADINGS = {f"h{n}": n for n in range(1, 7)}
PARAGRAPHS = frozenset({"p", "div", "blockquote", "section", "article", "pre", "dd", "dt"})
LISTS = frozenset({"ul", "ol"})
SPACE = re.compile(r"\s+")
OPEN, CLOSE = "\ue000", "\ue001"  # where a struck span opens and closes, until it is flat
STRUCK_SPAN = re.compile(f"{OPEN}\\s*([^{OPEN}{CLOSE}]*?)\\s*{CLOSE}")


def is_page(text: str) -> bool:
    """Whether `text` is an HTML page (or fragment) rather than markdown or data."""
    head = text.lstrip()[:1]
    return head == "<" and len(BLOCK.findall(text, 0, 200_000)) >= PAGE


def as_markdown(text: str) -> str:
    """The page as markdown when `text` is one (`is_page`); else `text` as it is."""
    return tags_as_markdown(text) if is_page(text) else text


def tags_as_markdown(text: str) -> str:
    """`text` read as the markdown its tags stand for, page or not (a fragment of one)."""
    reader = _Reader()
    reader.feed(text)
    reader.close()
    return reader.markdown()


class _Reader(HTMLParser):
    """Collects the page as markdown blocks: each block a list of words until it ends."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[tuple[str, bool]] = []  # markdown, and whether a list item
        self.words: list[str] = []  # the open block's text
        self.prefix = ""  # the open block's markdown lead ("## ", "  - ")
        self.hidden = 0  # depth inside tags nobody sees
        self.depth = 0  # list nesting
        self.row: list[str] | None = None  # the open table row's cells
        self.rows: list[tuple[list[str], bool]] = []  # the open table's rows, header or not
        self.cell: list[str] | None = None
        self.header = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in HIDDEN:
            self.hidden += 1
        elif tag in STRUCK:
            self._text(OPEN)
        elif tag == "br":
            self._text("\n")
        elif tag in LISTS:
            self._end()
            self.depth += 1
        elif tag == "li":
            self._end()
            self.prefix = "  " * max(self.depth - 1, 0) + "- "
        elif tag in HEADINGS:
            self._end()
            self.prefix = "#" * HEADINGS[tag] + " "
        elif tag in PARAGRAPHS:
            self._end()
        elif tag == "table":
            self._end()
            self.rows = []
        elif tag == "tr":
            self.row, self.header = [], False
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []
            self.header = self.header or tag == "th"

    def handle_endtag(self, tag: str) -> None:
        if tag in HIDDEN:
            self.hidden = max(self.hidden - 1, 0)
        elif tag in STRUCK:
            self._text(CLOSE)
        elif tag in LISTS:
            self._end()
            self.depth = max(self.depth - 1, 0)
        elif tag in HEADINGS or tag in PARAGRAPHS or tag == "li":
            self._end()
        elif tag in ("td", "th") and self.row is not None and self.cell is not None:
            self.row.append(_flat("".join(self.cell)))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            if any(self.row):
                self.rows.append((self.row, self.header))
            self.row = None
        elif tag == "table":
            self._table()

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self._text(data.replace(OPEN, "").replace(CLOSE, ""))

    def _text(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        elif self.row is None:
            self.words.append(data)

    def _end(self) -> None:
        """Close the open block: its lines, each a line of the markdown."""
        lines = [_flat(line) for line in "".join(self.words).split("\n")]
        lines = [line for line in lines if line]
        if lines:
            lead = self.prefix
            rest = " " * len(lead) if lead.lstrip().startswith("-") else ""
            item = "\n".join([lead + lines[0], *(rest + line for line in lines[1:])])
            self.blocks.append((item, bool(rest)))
        self.words, self.prefix = [], ""

    def _table(self) -> None:
        """The open table as a markdown table, its first row the header."""
        if not self.rows:
            return
        width = max(len(cells) for cells, _ in self.rows)
        (first, header) = self.rows[0]
        head, body = (first, self.rows[1:]) if header else ([], self.rows)  # no <th>: blank
        lines = [_row(head, width), "|" + " --- |" * width]
        lines += [_row(cells, width) for cells, _ in body]
        self.blocks.append(("\n".join(lines), False))
        self.rows = []

    def markdown(self) -> str:
        self._end()
        if self.rows:
            self._table()
        out: list[str] = []
        for at, (block, item) in enumerate(self.blocks):  # a list's items one under another
            out += [] if at == 0 else ["\n" if item and self.blocks[at - 1][1] else "\n\n"]
            out.append(block)
        return "".join(out) + "\n"


def _flat(text: str) -> str:
    """One line of text: runs of white space (a page's own line breaks) one space, a struck
    span "~~words~~" (one with no words dropped)."""
    text = STRUCK_SPAN.sub(lambda m: f" ~~{m[1]}~~ " if m[1].strip() else " ", text)
    return SPACE.sub(" ", text.replace(OPEN, "").replace(CLOSE, "")).strip()


def _row(cells: list[str], width: int) -> str:
    padded = [cell.replace("|", "\\|") for cell in cells] + [""] * (width - len(cells))
    return "| " + " | ".join(padded) + " |"
