"""Text a PDF gave (`pdftotext -layout` and its kind), read as the document it lays out.

    Plant Review — February 2026                                   CONFIDENTIAL

    3.1 Reformer ﬁring

    Process gas outlet tempera-
    ture is limited to 805 °C on this charge.
                                                                   Page 1 of 4
    \\f
    Loop pressure held at 188–192 bar(g)       Converter bed 1 inlet 378–382 °C.
    through the month.                         Purge rate 2.1 % of make-up gas.

       Item                     Feb 2026       Jan 2026
       Ammonia, t/d                1,612          1,588

Read as it came, a page's running header and footer sat inside the sentences they cut, a
word hyphenated at a line's end was two words ("tempera- ture"), two passages set side by
side were read across, line by line, into nonsense, and a table's rows ran into one
paragraph; no section was seen, so no reader knew where a lesson began. `as_markdown`
reads the pages: a form feed ends a page; a line that stands at the top or the bottom of
most pages (the header, the footer, "Page 3 of 7" with its numbers read as any) goes; a
word hyphenated at a line's end is joined; a paragraph cut by a page break goes on; a
numbered heading ("3.1 Reformer firing") is a heading; lines whose words stand in columns
are a table, a row a line, and two passages side by side are each read down; a label set
in a margin beside its text ("5.2 Rail      Hopper wagons …") heads that text. Ligatures
("ﬁ") are the letters they join.

A text is such pages (`is_pages`) only when it holds a form feed, or "Page N of M" lines at
least twice, and at least two pages: markdown, data, mail and chat are left as they are.
Every pattern is bounded, so a hostile text is read in linear time.
"""

from __future__ import annotations

import re
from collections import Counter

MAX_CHARS = 1_000_000
MAX_PAGES = 500  # a text of more pages is no retro: left as it is
LIGATURES = str.maketrans(
    {"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st"}
)
PAGE_NO = re.compile(
    r"^\s{0,120}(?:page\s{1,3})?\d{1,4}(?:\s{0,3}(?:of|/)\s{0,3}\d{1,4})?\s{0,3}$", re.I
)
PAGE_OF = re.compile(r"^\s{0,120}page\s{1,3}\d{1,4}\s{1,3}of\s{1,3}\d{1,4}\s{0,3}$", re.I)
EDGE = 3  # lines at a page's top and bottom where a running header or footer stands
# "3.1 Reformer firing", "4    Urea", "2. Key figures": a numbered heading, short, no end stop
HEADING = re.compile(
    r"^\s{0,12}(?P<no>\d{1,2}(?:\.\d{1,2}){0,3})\.?\s{1,8}(?P<title>[A-Z][^\n]{0,70}?)\s*$"
)
ITEM = re.compile(r"^\s{0,12}\d{1,2}(?:\.\d{1,2}){0,3}\.?\s{1,8}(?=[A-Z])")
GAP = re.compile(r"\S(\s{3,})(?=\S)")
CELL_GAP = re.compile(r"\s{2,}")
HYPHEN = re.compile(r"(?<=[^\W\d_])-$")
ENDS = (".", "!", "?", ":", ";")


def is_pages(text: str) -> bool:
    """Whether `text` is a PDF's text laid out in pages (see the module docstring)."""
    if len(text) > MAX_CHARS or text.lstrip()[:1] in ("<", "{", "[", "#", "-"):
        return False
    if text.count("\f") > MAX_PAGES:
        return False
    pages = [page for page in text.split("\f") if page.strip()]
    if len(pages) >= 2:
        return True
    marks = sum(1 for line in text.splitlines() if PAGE_OF.match(line))
    return 2 <= marks <= MAX_PAGES


def as_markdown(text: str) -> str:
    """The pages as markdown when `text` is pages (`is_pages`); else `text` as it is."""
    return read_pages(text) if is_pages(text) else text


def _pages(text: str) -> list[list[str]]:
    """The pages, each its lines: at form feeds, or else after each "Page N of M" line."""
    if "\f" in text:
        return [page.split("\n") for page in text.split("\f")]
    pages: list[list[str]] = [[]]
    for line in text.split("\n"):
        pages[-1].append(line)
        if PAGE_OF.match(line):
            pages.append([])
    return pages


def _key(line: str) -> str:
    return re.sub(r"\d{1,9}", "#", " ".join(line.split())).lower()


def _running(pages: list[list[str]]) -> set[str]:
    """The lines (as keys) that stand at the top or bottom of most pages."""
    seen: Counter[str] = Counter()
    for page in pages:
        text = [line for line in page if line.strip()]
        seen.update({_key(line) for line in text[:EDGE] + text[-EDGE:]})
    least = max(2, (len([p for p in pages if any(s.strip() for s in p)]) + 1) // 2)
    return {key for key, count in seen.items() if count >= least}


def read_pages(text: str) -> str:
    """`text` read as pages (see the module docstring), as markdown."""
    pages = _pages(text.translate(LIGATURES).replace("\r\n", "\n"))
    running = _running(pages)
    lines: list[str] = []
    for page in pages:
        body = [
            line.rstrip() for line in page if _key(line) not in running and not PAGE_NO.match(line)
        ]
        while body and not body[-1].strip():
            body.pop()
        while body and not body[0].strip():
            body.pop(0)
        if not body:
            continue
        # a paragraph cut by the page break goes on: no blank line between the halves
        cut = lines and lines[-1].strip() and not lines[-1].rstrip().endswith(ENDS)
        opens = body[0].strip()
        if cut and not ITEM.match(opens) and not HEADING.match(body[0]) and not GAP.search(opens):
            lines += body
        else:
            lines += ["", *body]
    out: list[str] = []
    title = True
    for block in _blocks(lines):
        out += _block(block, title)
        title = title and not out
        out.append("")
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip() + "\n"


def _blocks(lines: list[str]) -> list[list[str]]:
    found: list[list[str]] = [[]]
    for line in lines:
        if line.strip():
            found[-1].append(line)
        elif found[-1]:
            found.append([])
    return [block for block in found if block]


def _block(block: list[str], title: bool) -> list[str]:
    """One block of lines as markdown: a heading, a table, columns, a margin label, prose."""
    first = HEADING.match(block[0])
    numbered = ITEM.match(block[0])
    margin = GAP.search(block[0][numbered.end() :]) if numbered else None
    if numbered and margin and len(block) == 1:  # "5.3 Trucks      27 t payload …"
        depth = min(numbered[0].strip().rstrip(".").count(".") + 2, 6)
        rest = block[0][numbered.end() :]
        return ["#" * depth + " " + rest[: margin.start(1)], "", _joined([rest[margin.end(1) :]])]
    if first and len(block) == 1:
        depth = min(first["no"].count(".") + 2, 6)
        return ["#" * depth + " " + first["title"]]
    if first and not margin and len(first["title"]) < 60 and block[0].rstrip()[-1:] not in ENDS:
        depth = min(first["no"].count(".") + 2, 6)
        return ["#" * depth + " " + first["title"], "", *_block(block[1:], False)]
    if title and all(len(line) - len(line.lstrip()) >= 8 for line in block[:1]):
        return [f"# {_joined([block[0]])}", "", *(_block(block[1:], False) if block[1:] else [])]
    wrapped = _wrapped_rows(block)
    if wrapped is not None:
        return _rows(wrapped)
    column = _column(block)
    if column is not None:
        label = _label(block, column)
        if label is not None:
            return label
        if _table(block):
            return _rows(block)
        left = [line[:column].strip() for line in block]
        if not any(left):  # an indented passage, one column
            return _items(block)
        right = [line[column:].strip() for line in block]
        return [_joined(left), "", _joined(right)]
    if len(block) >= 2 and _table(block):
        return _rows(block)
    return _items(block)


def _items(block: list[str]) -> list[str]:
    """Prose; a numbered paragraph ("5.2  The new charge is …") a list item of its own."""
    found: list[list[str]] = [[]]
    numbered = False
    for line in block:
        item = ITEM.match(line)
        if item:
            found.append([line[item.end() :]])
            numbered = True
        else:
            found[-1].append(line)
    return [
        ("- " if numbered and at else "") + _joined(lines)
        for at, lines in enumerate(found)
        if lines
    ]


def _column(block: list[str]) -> int | None:
    """Where a second column starts in most lines of the block (a gap of 3+ spaces before
    it, at one place), or None."""
    if len(block) < 2:
        return None
    starts: Counter[int] = Counter()
    for line in block:
        indent = len(line) - len(line.lstrip())
        starts.update(
            {m.end(1) for m in GAP.finditer(line[:400])} | ({indent} if indent >= 3 else set())
        )
    if not starts:
        return None
    at, count = starts.most_common(1)[0]
    return at if count >= max(2, (len(block) * 3 + 4) // 5) else None


def _label(block: list[str], column: int) -> list[str] | None:
    """A label in the margin beside its text ("5.2 Rail      Hopper wagons …" and lines
    indented to the text): the label a heading, its text a paragraph."""
    head = block[0][:column].strip()
    rest = block[1:]
    if not head or any(line[:column].strip() for line in rest):
        return None
    numbered = HEADING.match(head)
    name = numbered["title"] if numbered else head
    depth = min(numbered["no"].count(".") + 2, 6) if numbered else 4
    text = _joined([block[0][column:], *(line[column:] for line in rest)])
    return ["#" * depth + " " + name, "", text]


def _cells(line: str) -> list[str]:
    return [cell for cell in CELL_GAP.split(line.strip()) if cell]


def _table(block: list[str]) -> bool:
    """Most lines hold three cells or more, set apart by runs of spaces."""
    wide = sum(1 for line in block if len(_cells(line)) >= 3)
    return wide >= 2 and wide * 3 >= len(block) * 2


def _wrapped_rows(block: list[str]) -> list[list[str]] | None:
    """A table whose last cells wrap onto lines of their own, each such line's text under
    a column the header opens: the rows, each wrapped line joined to its row's cell."""
    starts = [m.start() for m in re.finditer(r"(?:(?<=^)|(?<=\s{2}))\S", block[0])]
    if len(block) < 3 or len(starts) < 3:
        return None
    rows: list[list[str]] = []
    for line in block:
        cells = _cells(line)
        indent = len(line) - len(line.lstrip())
        if len(cells) >= 3:
            rows.append(cells)
        elif rows and len(rows) > 1 and len(cells) == 1 and indent in starts[1:]:
            at = starts.index(indent)
            while len(rows[-1]) <= at:
                rows[-1].append("")
            rows[-1][at] = _joined([rows[-1][at], cells[0]])
        else:
            return None
    wraps = len(block) - len(rows)
    return rows if wraps and len(rows) >= 2 else None


def _rows(block: list[str] | list[list[str]]) -> list[str]:
    """The block as a markdown table, its first line the header."""
    rows = [_cells(line) if isinstance(line, str) else line for line in block]
    width = max(len(row) for row in rows)
    out = []
    for at, row in enumerate(rows):
        cells = [cell.replace("|", "\\|") for cell in row] + [""] * (width - len(row))
        out.append("| " + " | ".join(cells) + " |")
        if at == 0:
            out.append("|" + " --- |" * width)
    return out


def _joined(lines: list[str]) -> str:
    """Lines of one passage as one line: a word hyphenated at a line's end joined."""
    text = ""
    for line in lines:
        part = " ".join(line.split())
        if not part:
            continue
        if HYPHEN.search(text) and part[:1].islower():
            text = text[:-1] + part
        else:
            text = f"{text} {part}" if text else part
    return text
