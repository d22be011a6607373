"""A bounded reading of an XML text into a tree, with no DTD and no entity of its own.

`xml.etree` and its kin resolve what a document declares: a billion-laughs entity
expands into gigabytes, and a retro is untrusted input. `parse` reads a text in one
pass with `str.find`: tags, attributes (quoted values may hold ">"), text and CDATA; a
declaration (`<!DOCTYPE …>`, with its internal subset), a comment and a processing
instruction are skipped unread. Only the five predefined entities and character references
are decoded; any other entity stays as written, never expanded. An unterminated tag ends
the reading; a close tag with no open one is ignored; elements nest at most `MAX_DEPTH`
deep (deeper ones are read as their text) and a text holds at most `MAX_NODES` elements.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

MAX_CHARS = 2_000_000
MAX_DEPTH = 48
MAX_NODES = 100_000
MAX_TAG = 50_000  # a longer tag's attributes are not read
ATTR = re.compile(
    r"([^\s=/<>\"']{1,80})\s{0,20}=\s{0,20}(?:\"([^\"]{0,20000})\"|'([^']{0,20000})')"
)
NAME = re.compile(r"[^\s/>]{1,120}")
ENTITY = re.compile(r"&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|(lt|gt|amp|quot|apos));")
NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}


@dataclass
class Node:
    """An element: its name (prefix kept), its attributes, its children in order."""

    name: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)

    @property
    def local(self) -> str:
        """The name without its namespace prefix, lower case ("w:delText" → "deltext")."""
        return self.name.rsplit(":", 1)[-1].lower()

    def attr(self, local: str) -> str | None:
        """The value of the attribute of this local name, whatever its prefix."""
        for key, value in self.attrs.items():
            if key.rsplit(":", 1)[-1].lower() == local:
                return value
        return None


def _char(match: re.Match[str]) -> str:
    if match[3]:
        return NAMED[match[3]]
    code = int(match[1]) if match[1] else int(match[2], 16)
    if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF or code == 0:
        return ""  # no such character: a surrogate, or past the last plane
    return chr(code)


def unescape(text: str) -> str:
    """Character references and the five predefined entities decoded, nothing else."""
    return ENTITY.sub(_char, text) if "&" in text else text


def _tag_end(text: str, start: int) -> int:
    """Where the tag opened at `start` ends (its ">"), quoted values skipped; -1 if never.
    Each mark's next place is looked for again only once the reading has passed it, so a
    tag of many quoted values is read in one pass."""
    at = start
    close, double, single = text.find(">", at), text.find('"', at), text.find("'", at)
    while close >= 0:
        if 0 <= double < at:
            double = text.find('"', at)
        if 0 <= single < at:
            single = text.find("'", at)
        quote = min((q for q in (double, single) if 0 <= q < close), default=-1)
        if quote < 0:
            return close
        after = text.find(text[quote], quote + 1)
        if after < 0:
            return -1
        at = after + 1
        if close < at:
            close = text.find(">", at)
    return -1


def _skip(text: str, start: int) -> int:
    """Past a comment, CDATA's mark, declaration or processing instruction at `start`."""
    for opener, closer in (("<!--", "-->"), ("<?", "?>")):
        if text.startswith(opener, start):
            end = text.find(closer, start + len(opener))
            return len(text) if end < 0 else end + len(closer)
    close = text.find(">", start)
    bracket = text.find("[", start, close if close >= 0 else len(text))
    if bracket >= 0:  # a DOCTYPE's internal subset: to its "]>"
        end = text.find("]>", bracket)
        return len(text) if end < 0 else end + 2
    return len(text) if close < 0 else close + 1


def parse(text: str) -> Node:
    """The text's elements under one root node named "" (see the module docstring)."""
    root = Node("")
    stack = [root]
    nodes = 0
    at, size = 0, min(len(text), MAX_CHARS)
    while at < size:
        lt = text.find("<", at, size)
        if lt < 0:
            stack[-1].children.append(unescape(text[at:size]))
            break
        if lt > at:
            stack[-1].children.append(unescape(text[at:lt]))
        if text.startswith("<![CDATA[", lt):
            end = text.find("]]>", lt)
            end = size if end < 0 else end
            stack[-1].children.append(text[lt + 9 : end])
            at = end + 3
            continue
        if text.startswith(("<!", "<?"), lt):
            at = _skip(text, lt)
            continue
        end = _tag_end(text, lt)
        if end < 0:
            break  # an unterminated tag: the reading ends there
        tag = text[lt + 1 : end]
        at = end + 1
        if tag.startswith("/"):
            name = tag[1:].strip()
            for depth in range(len(stack) - 1, 0, -1):
                if stack[depth].name == name:
                    del stack[depth:]
                    break
            continue
        named = NAME.match(tag)
        if named is None:
            stack[-1].children.append(unescape(f"<{tag}>"))
            continue
        nodes += 1
        if nodes > MAX_NODES:
            break
        found = ATTR.finditer(tag, named.end()) if len(tag) <= MAX_TAG else iter(())
        attrs = {m[1]: unescape(m[2] if m[2] is not None else m[3]) for m in found}
        node = Node(named[0], attrs)
        if len(stack) > MAX_DEPTH:
            continue  # too deep: its text is read as its ancestor's
        stack[-1].children.append(node)
        if not tag.endswith("/"):
            stack.append(node)
    return root
