"""A retro kept in AsciiDoc, read as the markdown its markup stands for.

A team that keeps its reviews in AsciiDoc wrote headings as "== Section", lists as "* " and
". ", tables between "|===" lines and struck values as "[.line-through]#old#"; the
distiller read none of it: a section of changes was no section, a table one paragraph of
cells run together, and a review could give no lesson at all. `as_markdown` puts such a
document in the form the readers know: a heading per "= " … "====== " line, a bullet per
"* "/"- " item and a numbered one per ". " item (nested by their marks), a markdown table
per "|===" table (read by `agentmem.harvest.tables`), an admonition ("NOTE: …", or a
"[WARNING]" block) as a paragraph led by its label, struck roles as "~~old~~" (read by
`agentmem.harvest.strikes`), a "+" continuation as part of its item, and listing, literal
and passthrough blocks kept as code. What a document shows nobody is left out: its
attribute entries (":toc:"), comments ("//", "////" blocks), the author and revision lines
under its title, anchors and block attribute lines.

A text is AsciiDoc only when it opens with a document title ("= Title", not MediaWiki's
"= Title =") and holds three AsciiDoc block markers (`is_asciidoc`); markdown, whose headings
are "#", and reStructuredText, MediaWiki or plain text with rules of "=" are left as they
are. The text is read a line at a time, and every pattern is bounded, so a hostile text
is read in linear time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import islice

BOUND = 200_000  # a longer text is left as it is: no retro is that long
MARKERS = 3  # block markers a text needs, beyond its title, to be read as AsciiDoc
LEAD = "\ufeff \t\r\n"  # what may stand before the title: a byte-order mark, blank lines
NESTING = 8  # delimited blocks read inside one another; no document nests deeper
# A document title, not MediaWiki's "= Title =" (whose sections would read as AsciiDoc's)
TITLE = re.compile(r"=[ \t]+[^\n]*?[^=\s][ \t\r]*(?:\n|$)")
MARKER = re.compile(
    r"^(?:={2,6}[ \t]+\S"  # a section title
    r"|\|===\s*$"  # a table
    r"|(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION):[ \t]"  # an admonition paragraph
    r"|\[(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION|cols=[^\]\n]{0,200}|source[^\]\n]{0,100})\]\s*$"
    r"|:!?[A-Za-z0-9_][\w-]{0,60}!?:(?:[ \t\r]|$)"  # an attribute entry
    r"|(?:={4,}|-{4,}|\.{4,}|\+{4,}|\*{4,}|_{4,}|/{4,})\s*$"  # a delimited block
    r"|\[\.?line-through\]#)",
    re.M,
)
SECTION = re.compile(r"^(=(?:={0,5}))[ \t]+(\S.*?)(?:[ \t]+=+)?[ \t]*$")
ATTRIBUTE = re.compile(r"^:(!?[A-Za-z0-9_][\w-]{0,60}!?):(?:[ \t]+(.*?))?[ \t]*$")
BLOCK_ATTRIBUTES = re.compile(r"^\[([^\[\]\n]{0,300})\]\s*$")
ANCHOR = re.compile(r"^\[\[[^\[\]\n]{0,200}\]\]\s*$")
BLOCK_TITLE = re.compile(r"^\.([^.\s].{0,300})$")
BLOCK_MACRO = re.compile(r"^(?:image|include|toc|video|audio|ifdef|ifndef|endif)::[^\s\[]{0,300}\[")
FENCE = re.compile(r"^(={4,}|-{4,}|\.{4,}|\+{4,}|\*{4,}|_{4,}|/{4,}|--|```)\s*$")
UNORDERED = re.compile(r"^[ \t]*(\*{1,5}|-)[ \t]+(\S.*)$")
ORDERED = re.compile(r"^[ \t]*(\.{1,5})[ \t]+(\S.*)$")
NUMBERED = re.compile(r"^[ \t]*\d{1,4}[.)][ \t]+(\S.*)$")
TERM = re.compile(r"^(\S[^:;\n]{0,120}?)(?::{2,4}|;;)(?:[ \t]+(\S.*))?$")
ADMONITION = re.compile(r"^(NOTE|TIP|IMPORTANT|WARNING|CAUTION):[ \t]+(\S.*)$")
LABELS = frozenset({"NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"})
CODE = frozenset({"-", ".", "+", "`"})  # delimiters whose blocks are kept as code
HARD_BREAK = re.compile(r"[ \t]\+$")
TABLE_FENCE = re.compile(r"^\|===\s*$")
# A cell's opening: its spec (span, alignment, style) and the bar; the spec only at a line's
# start or after a space, so a bar in a cell's words ("a\\|b") is no new cell.
CELL = re.compile(
    r"(?:^|(?<=\s))(?:(\d{1,2})(?:\.\d{1,2})?([+*]))?[<^>]?(?:\.[<^>])?[adehlmsv]?(?<!\\)\|"
)
COLS = re.compile(r"cols\s*=\s*\"?([^\"\]]{0,200})")
# Inline markup: a struck role, another role (its text alone), a footnote (in brackets),
# a link or cross reference (its text), and an attribute reference.
STRUCK_ROLE = re.compile(
    r"\[\.?(?:line-through|strike|strikethrough|del|deleted|struck)(?:\.[\w-]{1,40}){0,4}\]"
    r"(#{1,2})([^#\n]{1,300}?)\1"
)
ROLE = re.compile(r"\[\.?[\w-]{1,40}(?:\.[\w-]{1,40}){0,4}\](#{1,2})([^#\n]{1,300}?)\1")
FOOTNOTE = re.compile(r"footnote:[\w-]{0,40}\[([^\[\]\n]{0,500})\]")
LINK = re.compile(r"(?:link:)?(?:https?|mailto|ftp):[^\s\[\]]{1,500}\[([^\[\]\n]{0,300})\]")
XREF = re.compile(r"<<[^<>,\n]{1,200}(?:,[ \t]*([^<>\n]{1,200}))?>>")
UI = re.compile(r"(?:kbd|btn|menu|pass):[^\s\[\]]{0,100}\[([^\[\]\n]{0,300})\]")
REFERENCE = re.compile(r"\{([A-Za-z0-9_][\w-]{0,60})\}")


def is_asciidoc(text: str) -> bool:
    """Whether `text` is an AsciiDoc document (a title, then block markers), not markdown."""
    head = text.lstrip(LEAD)
    if not TITLE.match(head) or len(text) > BOUND:
        return False
    return len(list(islice(MARKER.finditer(head), MARKERS))) >= MARKERS


def as_markdown(text: str) -> str:
    """The document as markdown when `text` is AsciiDoc (`is_asciidoc`); else as it is."""
    if not is_asciidoc(text):
        return text
    lines = text.lstrip(LEAD).splitlines()
    attributes: dict[str, str] = {}
    body = _header(lines, attributes)
    out = _Writer(attributes)
    _read(body, out)
    return out.markdown()


def _header(lines: list[str], attributes: dict[str, str]) -> list[str]:
    """The lines after the header: the title kept as a heading, the author and revision
    lines and attribute entries under it left out (the entries' values kept to expand)."""
    at = 1
    while at < len(lines) and lines[at].strip():
        entry = ATTRIBUTE.match(lines[at])
        if entry:
            attributes[entry[1]] = entry[2] or ""
        elif at > 2 and not lines[at].startswith("//"):
            break  # past the author and revision lines: the body has begun
        at += 1
    return [lines[0], *lines[at:]]


class _Writer:
    """Collects markdown blocks: a list's items one under another, other blocks apart."""

    def __init__(self, attributes: dict[str, str]) -> None:
        self.attributes = attributes
        self.blocks: list[tuple[str, bool]] = []  # markdown, and whether a list item
        self.numbers: list[int] = []  # the open numbered lists' last numbers, by depth

    def add(self, block: str, item: bool = False) -> None:
        if block.strip():
            self.blocks.append((block, item))
            self.numbers = self.numbers if item else []

    def number(self, depth: int) -> int:
        """The next number of a numbered item at `depth` (deeper lists start again)."""
        self.numbers = (self.numbers + [0] * depth)[: depth + 1]
        self.numbers[depth:] = [self.numbers[depth] + 1] if len(self.numbers) > depth else [1]
        return self.numbers[depth]

    def extend(self, lines: list[str]) -> None:
        """More lines for the last block (a "+" continuation of an item)."""
        if self.blocks and self.blocks[-1][1]:
            block, _ = self.blocks[-1]
            lead = len(block) - len(block.lstrip()) + 2
            more = "\n".join(" " * lead + line.strip() for line in lines if line.strip())
            self.blocks[-1] = (f"{block}\n{more}", True)
        else:
            self.add("\n".join(lines))

    def inline(self, text: str) -> str:
        return inline(text, self.attributes)

    def markdown(self) -> str:
        out: list[str] = []
        for at, (block, item) in enumerate(self.blocks):
            out += [] if at == 0 else ["\n" if item and self.blocks[at - 1][1] else "\n\n"]
            out.append(block)
        return "".join(out) + "\n"


def _read(lines: list[str], out: _Writer, depth: int = 0) -> None:
    """Read `lines` (a document's body, or a delimited block's inside, `depth` blocks
    deep) into `out`."""
    at, style, joined = 0, "", False
    while at < len(lines):
        line = lines[at].rstrip()
        at += 1
        fence = FENCE.match(line)
        if fence and depth >= NESTING:  # deeper blocks are read as the lines they hold
            continue
        if fence:
            inside, at = _until(lines, at, fence[1])
            _block(fence[1], inside, style, out, depth + 1)
            style, joined = "", False
        elif TABLE_FENCE.match(line):
            inside, at = _until(lines, at, line.strip())
            out.add(as_table(inside, style, out.inline))
            style = ""
        elif SECTION.match(line):
            section = SECTION.match(line)
            if section:
                out.add("#" * len(section[1]) + " " + out.inline(section[2]))
            style = ""
        elif not line.strip() or line.startswith("//") or ANCHOR.match(line):
            continue
        elif line == "+":
            joined = True
        elif ATTRIBUTE.match(line):
            entry = ATTRIBUTE.match(line)
            if entry:
                out.attributes[entry[1]] = entry[2] or ""
        elif BLOCK_ATTRIBUTES.match(line):
            style = line.strip()[1:-1]
        elif BLOCK_TITLE.match(line) or BLOCK_MACRO.match(line) or line in ("'''", "<<<"):
            continue
        else:
            paragraph, at = _paragraph(lines, at - 1)
            _prose(paragraph, style, joined, out)
            style, joined = "", False


def _until(lines: list[str], at: int, fence: str) -> tuple[list[str], int]:
    """The lines of a delimited block up to its closing `fence`, and where reading goes on."""
    for end in range(at, len(lines)):
        if lines[end].rstrip() == fence:
            return lines[at:end], end + 1
    return lines[at:], len(lines)


def _paragraph(lines: list[str], at: int) -> tuple[list[str], int]:
    """A paragraph or list item from `at`: lines up to a blank line or a new block."""
    paragraph = [lines[at].rstrip()]
    at += 1
    while at < len(lines):
        line = lines[at].rstrip()
        if not line.strip() or line == "+" or FENCE.match(line) or TABLE_FENCE.match(line):
            break
        if _starts_item(line) or SECTION.match(line) or BLOCK_ATTRIBUTES.match(line):
            break
        if not line.startswith("//"):
            paragraph.append(line)
        at += 1
    return paragraph, at


def _starts_item(line: str) -> bool:
    return bool(UNORDERED.match(line) or ORDERED.match(line) or NUMBERED.match(line))


def _block(fence: str, inside: list[str], style: str, out: _Writer, depth: int) -> None:
    """A delimited block: code kept as code, a comment left out, others read for blocks."""
    kind = fence[0]
    if kind == "/":
        return
    if kind in CODE and fence != "--":
        out.add("\n".join(["```", *inside, "```"]))
        return
    label = style.split(",")[0].strip().upper()
    if label in LABELS and inside:  # an admonition block: its first words carry the label
        first = next((n for n, line in enumerate(inside) if line.strip()), 0)
        inside = [*inside[:first], f"{label}: {inside[first].strip()}", *inside[first + 1 :]]
    _read(inside, out, depth)


def _prose(paragraph: list[str], style: str, joined: bool, out: _Writer) -> None:
    """A paragraph: a list item, an admonition, a described term or prose, as markdown."""
    lines = [out.inline(HARD_BREAK.sub("", line)) for line in paragraph]
    first = lines[0]
    listed = UNORDERED.match(first) or ORDERED.match(first)
    admonition, term = ADMONITION.match(first), TERM.match(first)
    if listed:
        depth = 0 if listed[1] == "-" else len(listed[1]) - 1
        lead = "  " * depth + ("- " if listed[1][0] in "*-" else f"{out.number(depth)}. ")
        out.add(
            "\n".join([lead + listed[2], *(" " * len(lead) + ln.strip() for ln in lines[1:])]), True
        )
    elif NUMBERED.match(first):
        out.add("\n".join(lines), True)
    elif joined:
        out.extend(lines)
    elif admonition or style.upper() in LABELS:
        label, rest = (admonition[1], admonition[2]) if admonition else (style.upper(), first)
        out.add("\n".join([f"{label.capitalize()}: {rest}", *lines[1:]]))
    elif term:
        definition = " ".join([term[2] or "", *(ln.strip() for ln in lines[1:])]).strip()
        out.add(f"- {term[1].strip()}: {definition}".rstrip(": "), True)
    else:
        out.add("\n".join(lines))


def inline(text: str, attributes: dict[str, str]) -> str:
    """A line's inline markup as markdown: struck roles struck, other marks their text."""
    text = STRUCK_ROLE.sub(lambda m: f"~~{m[2].strip()}~~", text)
    text = ROLE.sub(lambda m: m[2], text)
    text = FOOTNOTE.sub(lambda m: f" ({m[1].strip()})" if m[1].strip() else "", text)
    text = LINK.sub(lambda m: m[1] or m[0].split("[", 1)[0], text)
    text = XREF.sub(lambda m: m[1] or "", text)
    text = UI.sub(lambda m: m[1], text)
    return REFERENCE.sub(lambda m: attributes.get(m[1], m[0]), text)


def as_table(lines: list[str], style: str, inline: Callable[[str], str]) -> str:
    """A "|===" table's lines as a markdown table: its width from its `cols` or its first
    line, its first row the header when `style` says so or a blank line follows it."""
    cells: list[str] = []
    first_width = 0
    for line in lines:
        opened = list(CELL.finditer(line))
        if not opened:
            if cells and line.strip():  # a cell's text goes on over lines
                cells[-1] += " " + line.strip()
            continue
        for n, cell in enumerate(opened):
            end = opened[n + 1].start() if n + 1 < len(opened) else len(line)
            span = int(cell[1]) if cell[1] and cell[2] == "+" else 1
            cells += [inline(line[cell.end() : end].strip()), *[""] * (span - 1)]
        first_width = first_width or len(cells)
    cols = COLS.search(style)
    width = _width(cols[1]) if cols else first_width
    if not cells or width <= 0:
        return ""
    implicit = len(lines) > 1 and CELL.match(lines[0]) is not None and not lines[1].strip()
    header = "noheader" not in style and ("header" in style or implicit)
    rows = [cells[at : at + width] for at in range(0, len(cells), width)]
    head, body = (rows[0], rows[1:]) if header else ([""] * width, rows)
    out = [_row(head, width), "|" + " --- |" * width, *(_row(row, width) for row in body)]
    return "\n".join(out)


def _width(cols: str) -> int:
    """Columns a `cols` attribute names ("2,1,1", "3*", "<,^,>")."""
    width = 0
    for spec in cols.split(","):
        times = re.match(r"\s*(\d{1,2})\*", spec)
        width += int(times[1]) if times else 1
    return width


def _row(cells: list[str], width: int) -> str:
    padded = [cell.replace("|", "\\|") for cell in cells] + [""] * (width - len(cells))
    return "| " + " | ".join(padded[:width]) + " |"
