"""Any XML document no reader claims, read by its own structure as markdown.

A retro kept as a word processor's XML, a spreadsheet saved as XML or an outliner's file
came to the distiller as lines of tags: a Word paragraph's runs split words mid-word
("Fo" "rklift"), a tracked deletion stood beside its insertion as if both were said, a
table's cells ran into one line. No reader knew the shape, and each new one had needed a
reader of its own. `as_markdown` reads any of them by what its elements hold
(`agentmem.harvest.xmltree` gives the tree, with no entity expanded):

- an element whose children are text runs (runs, spans, leaves) is a paragraph, its runs
  joined as written, no space invented between them;
- a heading, a list item or a table's row is one where the element's name or its style
  says so ("h2", "title", a style "Heading2"; "li", "item", a numbered paragraph; "tr",
  "row"): a markdown heading, bullet, or table row, a table's cells its columns;
- deleted or struck content (elements named "del", "delText", "strike", "s", or a run
  whose properties strike it) is the old text, marked "~~old~~" before the words that
  replace it (`agentmem.harvest.strikes` reads it); inserted content is kept;
- an element whose text is in its attributes (an outline's "text" and "_note") is a
  heading when it holds others, else a bullet;
- what a document shows nobody (its properties, styles, settings, comments) is left out.

A text is such a document (`is_xml`) when it opens with an XML declaration or a tag, is no
HTML page (`agentmem.harvest.htmlpage`, which reads those), and its tags close: markdown,
YAML, CSV and HTML are left as they are.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from agentmem.harvest.htmlpage import is_page
from agentmem.harvest.xmltree import MAX_CHARS, Node, parse

RUNS = frozenset(
    [
        "r",
        "run",
        "span",
        "t",
        "text",
        "emphasis",
        "em",
        "strong",
        "b",
        "i",
        "u",
        "sub",
        "sup",
        "a",
        "link",
        "hyperlink",
        "ins",
        "moveto",
        "smarttag",
        "fldsimple",
        "font",
        "data",
        "phrase",
        "quote",
        "code",
        "literal",
    ]
)
STRUCK = frozenset("del deltext delinstrtext deleted strike s dstrike movefrom".split())  # noqa: SIM905
HIDDEN = frozenset(
    [
        "documentproperties",
        "customdocumentproperties",
        "officedocumentsettings",
        "excelworkbook",
        "styles",
        "style",
        "worksheetoptions",
        "names",
        "fonts",
        "settings",
        "sectpr",
        "comment",
        "comments",
        "annotation",
        "expansionstate",
        "datecreated",
        "datemodified",
        "ownername",
        "owneremail",
        "instrtext",
    ]
)
BREAKS = frozenset({"tab", "br", "cr", "break", "softbreak", "linebreak"})
ROWS = frozenset({"tr", "row"})
ITEMS = frozenset({"li", "listitem", "item"})
HEADINGS = frozenset({"title", "heading", "h", "subject"})
TEXT_ATTRS = ("text", "title", "label")
NOTE_ATTRS = ("_note", "note", "description", "summary")
LEVEL = re.compile(r"^h([1-6])$|heading\s?([1-6])|^title$|^(?:heading|hdr|header)$", re.I)
LISTED = re.compile(r"list|bullet", re.I)
OPENING = re.compile(r"^\s{0,40}(?:<\?xml\b|<[A-Za-z_][\w:.-]{0,80}[\s>/])")
FIRST_TAG = re.compile(r"<(?P<name>[A-Za-z_][\w:.-]{0,80})[\s>/]")
# An HTML page or fragment (Confluence's storage format among them) is htmlpage's or voices'
HTML = frozenset(
    [
        "html",
        "body",
        "head",
        "p",
        "div",
        "span",
        "li",
        "ul",
        "ol",
        "table",
        "tr",
        "td",
        "th",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "a",
        "b",
        "i",
        "u",
        "s",
        "em",
        "strong",
        "del",
        "ins",
        "br",
        "hr",
        "pre",
        "code",
        "blockquote",
        "section",
        "article",
        "time",
        "img",
    ]
)
MOST_WORDS = 3000  # a paragraph longer than this is not diffed word by word
OLD, NEW = "\ue002", "\ue003"  # a struck and an inserted span's edges, until flattened


def is_xml(text: str) -> bool:
    """Whether `text` is an XML document no other reader claims (see the docstring)."""
    if len(text) > MAX_CHARS or not OPENING.match(text.lstrip("\ufeff")) or is_page(text):
        return False
    for tag in FIRST_TAG.finditer(text, 0, 4000):
        name = tag["name"]
        if name.lower() in HTML or name.startswith(("ac:", "ri:")):
            return False
        if not name.lower().startswith("?"):
            break
    return text.count("</") + text.count("/>") >= 3


def as_markdown(text: str) -> str:
    """The document as markdown when `text` is one (`is_xml`); else `text` as it is."""
    if not is_xml(text):
        return text
    lines = _render(parse(text), 0, [], 0)
    out = "\n".join(lines).strip()
    return re.sub(r"\n{3,}", "\n\n", out) + "\n" if out else text


def _props(node: Node) -> list[Node]:
    """The node's property children ("w:pPr", "w:rPr"): elements named for properties."""
    return [c for c in node.children if isinstance(c, Node) and c.local.endswith("pr")]


def _styles(node: Node) -> list[str]:
    """Style names said of the node: its style attributes and its properties' values."""
    found = [
        v for k, v in node.attrs.items() if "style" in k.lower() or k.lower().endswith("class")
    ]
    for prop in _props(node):
        for child in prop.children:
            if isinstance(child, Node) and "style" in child.local:
                found += list(child.attrs.values())
    return found


def _struck(node: Node) -> bool:
    if node.local in STRUCK:
        return True
    for prop in _props(node):
        for child in prop.children:
            if isinstance(child, Node) and child.local in ("strike", "dstrike"):
                return (child.attr("val") or "true").lower() not in ("0", "false", "off")
    return False


def _inserted(node: Node) -> bool:
    return node.local in ("ins", "moveto")


def _flow(node: Node, depth: int = 0, marked: bool = False) -> str:
    """The node's text as written: runs joined with no space put between them; a struck
    span and an inserted one marked at their edges (once, not again inside)."""
    parts: list[str] = []
    for child in node.children:
        if isinstance(child, str):
            parts.append(child)
        elif child.local in HIDDEN or child.local.endswith("pr"):
            continue
        elif child.local in BREAKS:
            parts.append(" ")
        elif depth < 64:
            mark = "" if marked else OLD if _struck(child) else NEW if _inserted(child) else ""
            inner = _flow(child, depth + 1, marked or bool(mark))
            parts.append(f"{mark}{inner}{mark}" if inner.strip() or not mark else "")
    return "".join(parts)


def _text(node: Node) -> str:
    """The node's text, one line: a struck replacement as "~~old~~ new"."""
    return _told(" ".join(_flow(node).split()))


def _told(flow: str) -> str:
    """A paragraph's flow with its tracked changes as the old words struck before the new:
    the words before and after the changes compared, word by word."""
    if OLD not in flow:
        return flow.replace(NEW, "")
    old = re.sub(f"{NEW}[^{NEW}]*{NEW}", "", flow).replace(OLD, "").split()
    new = re.sub(f"{OLD}[^{OLD}]*{OLD}", "", flow).replace(NEW, "").split()
    if not new:
        return f"~~{' '.join(old)}~~"
    if len(old) + len(new) > MOST_WORDS:
        return " ".join(new)
    out: list[str] = []
    ops = SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    for at, (op, i1, i2, j1, j2) in enumerate(ops):
        if op == "equal":
            out += new[j1:j2]
            continue
        gone, said = old[i1:i2], new[j1:j2]
        if gone and len(" ".join(gone)) < 4 and at + 1 < len(ops) and ops[at + 1][0] == "equal":
            # "~~4~~ 6 hours" names nothing: the struck words with the next one
            extra = old[ops[at + 1][1]]
            gone, said = [*gone, extra], [*said, extra]
            ops[at + 1] = (
                "equal",
                ops[at + 1][1] + 1,
                ops[at + 1][2],
                ops[at + 1][3] + 1,
                ops[at + 1][4],
            )
        out += [f"~~{' '.join(gone)}~~"] if gone else []
        out += said
    return " ".join(out)


def _holds_flow(node: Node) -> bool:
    """Whether the node is a paragraph: text of its own, or only runs and leaves under it."""
    has_text = False
    for child in node.children:
        if isinstance(child, str):
            has_text = has_text or bool(child.strip())
            continue
        if child.local in HIDDEN or child.local.endswith("pr") or child.local in BREAKS:
            continue
        leaf = not any(isinstance(c, Node) and not c.local.endswith("pr") for c in child.children)
        if not (child.local in RUNS or child.local in STRUCK or _inserted(child) or leaf):
            return False
        has_text = has_text or bool(_flow(child).strip())
    return has_text


def _level(node: Node) -> int | None:
    """The heading level the element's name or style gives it, or None."""
    if node.local in HEADINGS:
        return 2
    for name in [node.local, *_styles(node)]:
        found = LEVEL.search(name)
        if found:
            digit = found[1] or found[2]
            return int(digit) if digit else 2
    return None


def _listed(node: Node) -> bool:
    if node.local in ITEMS:
        return True
    numbered = any(
        isinstance(c, Node) and c.local == "numpr" for p in _props(node) for c in p.children
    )
    return numbered or any(LISTED.search(s) for s in _styles(node))


def _render(node: Node, depth: int, out: list[str], heads: int) -> list[str]:
    """The node's blocks appended to `out` as markdown lines."""
    if node.local in HIDDEN or depth > 64:
        return out
    if node.local in ROWS:
        _row(node, out)
        return out
    said = next((node.attr(a) for a in TEXT_ATTRS if node.attr(a)), None)
    if said is not None and not _flow(node).strip():
        return _outline(node, said, depth, out, heads)
    if node.name and _holds_flow(node):
        text = _text(node)
        if text:
            level = _level(node)
            lead = "#" * level + " " if level else "- " if _listed(node) else ""
            out += ["", f"{lead}{text}", ""] if not lead.startswith("-") else [f"{lead}{text}"]
        return out
    for child in node.children:
        if isinstance(child, Node):
            _render(child, depth + 1, out, heads)
        elif child.strip() and node.name:
            out += ["", " ".join(child.split()), ""]
    return out


def _outline(node: Node, said: str, depth: int, out: list[str], heads: int) -> list[str]:
    """An element whose text is in its attributes: a heading over the ones it holds, else
    a bullet (its note after its text)."""
    note = next((node.attr(a) for a in NOTE_ATTRS if node.attr(a)), None)
    text = " ".join(said.split())
    if note:
        text = f"{text.rstrip('.')}. {' '.join(note.split())}" if text else " ".join(note.split())
    inner = [c for c in node.children if isinstance(c, Node)]
    if not inner:
        out.append(f"- {text}")
        return out
    out += ["", "#" * min(heads + 1, 6) + f" {text}", ""]
    for child in inner:
        _render(child, depth + 1, out, heads + 1)
    out.append("")
    return out


def _cell(node: Node) -> str:
    """A cell's text on one line: its paragraphs one after another."""
    if _holds_flow(node):
        return _text(node)
    lines = _render(node, 0, [], 6)
    return " ".join(line.lstrip("#- ").strip() for line in lines if line.strip())


def _row(node: Node, out: list[str]) -> None:
    """A table row: its cells as a markdown row; a header row (or the first after other
    blocks) opens a table. A row of one cell is a paragraph, a heading if styled one."""
    shown = [
        c
        for c in node.children
        if isinstance(c, Node) and c.local not in HIDDEN and not c.local.endswith("pr")
    ]
    cells: list[str] = []
    for cell in shown:
        index = cell.attr("index")  # a spreadsheet's cell that says its column
        if index is not None and index.isdigit() and len(cells) < int(index) - 1 <= 200:
            cells += [""] * (int(index) - 1 - len(cells))
        cells.append(_cell(cell).replace("|", "\\|"))
    while cells and not cells[-1]:
        cells.pop()
    if not any(cells):
        return
    if sum(1 for cell in cells if cell) == 1:
        text = next(cell for cell in cells if cell)
        level = next((_level(c) for c in shown if _level(c)), None) or _level(node)
        out += ["", f"{'#' * level} {text}" if level else text, ""]
        return
    line = "| " + " | ".join(cells) + " |"
    styles = [s.lower() for c in [node, *shown] for s in _styles(c)]
    header = any("hdr" in s or "head" in s for s in styles) or all(c.local == "th" for c in shown)
    if header or not out or not out[-1].startswith("|"):
        out += ["", line, "|" + " --- |" * len(cells)]
    else:
        out.append(line)
