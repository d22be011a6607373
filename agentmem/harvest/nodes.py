"""A retro kept as nodes of a config language (KDL, protobuf text format), read as items.

    retro date="2026-03-04" {
        lesson "Kiln B fires on Tuesdays now" reason="gas deliveries moved"
        /-lesson "Kiln B fires on Mondays"
        action "Reprint the kiln card" owner="Ana"
    }

    item { kind: LESSON text: "Glaze orders over 20 kg go through the portal" }

Read as text, such a file was one paragraph of names, quotes and braces. `parse` reads
its nodes: a KDL node is a name, its arguments (strings, numbers) and properties
(`key=value`), and a block of child nodes; a text-format field is a name, ":", and a
value or a block of fields. A node put aside with KDL's `/-` is kept apart (`struck`);
comments (`//`, `/* */`, `#`) and type annotations ("(date)") are no part of the data.
`records` makes each node that says something an item (`agentmem.harvest.records`): its
kind the node's name (or its kind field), its words its text field or its arguments,
its properties and leaf children its other fields. A block of short values (limits,
settings) is read as settings: a value beside a struck one of the same name is a change
("Press pressure is now 2,850 psi"; the value struck is never written, as in
`agentmem.harvest.settingsfile`: a lesson that repeats the old value keeps it current). A node that only holds others (the
retro's own node) is read through.

A text is read so only when it parses as nodes with a block, no bare word stands where
a value goes, and two nodes or more say a sentence: markdown, YAML, Lua and JSON do not.
The text is read once, token by token, nesting at most `MAX_DEPTH` deep.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from agentmem.harvest.records import TEXT_KEYS, Record, kind_of

MAX_CHARS = 1_000_000
MAX_DEPTH = 32
MAX_NODES = 50_000
FEWEST_SAID = 2
SENTENCE_WORDS = 4  # words a value has when it says something, not a setting's value
TOKEN = re.compile(
    r"""(?P<newline>\n)
    |(?P<space>[ \t\r\f]+|\\[ \t]*\n)
    |(?P<raw>r?\#+")
    |(?P<comment>//[^\n]*|\#(?![A-Za-z"\#])[^\n]*|/\*(?:[^*]|\*(?!/))*(?:\*/|\Z))
    |(?P<strike>/-)
    |(?P<string>"(?:[^"\\\n]|\\.)*(?:"|\Z)|'(?:[^'\\\n]|\\.)*(?:'|\Z))
    |(?P<annotation>\([^()\n]{0,80}\))
    |(?P<mark>[{}\[\]<>;=:,])
    |(?P<bare>[^\s{}()\[\]<>;=:,"'\\/][^\s{}()\[\]<>;=:,"'\\]*)""",
    re.VERBOSE | re.DOTALL,
)
NUMBER = re.compile(r"[-+]?(?:0[xob])?[\d_]*\.?\d[\d_]*(?:[eE][-+]?\d+)?")
KEYWORDS = frozenset({"true", "false", "null", "#true", "#false", "#null"})
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'"}
OPEN = {"{": "}", "<": ">"}


class _NotNodes(ValueError):
    """Raised when the text is not a file of nodes."""


@dataclass
class Node:
    """A node: its name, arguments, properties, children, and whether `/-` struck it."""

    name: str
    args: list[str] = field(default_factory=list)
    props: dict[str, str] = field(default_factory=dict)
    children: list[Node] = field(default_factory=list)
    struck: bool = False


def _tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    at = 0
    while at < len(text):
        match = TOKEN.match(text, at)
        if match is None:
            raise _NotNodes(f"no token at {at}")
        kind = match.lastgroup or ""
        at = match.end()
        if kind == "raw":  # r#"…"#: to the quote and as many hashes
            close = '"' + match.group().lstrip("r")[:-1]
            end = text.find(close, at)
            end = len(text) if end < 0 else end
            out.append(("string", text[at:end]))
            at = end + len(close)
        elif kind == "string":
            body = match.group()[1:]
            body = body[:-1] if body.endswith(match.group()[0]) else body
            out.append(("string", re.sub(r"\\(.)", lambda m: ESCAPES.get(m[1], m[1]), body)))
        elif kind not in ("space", "comment", "annotation"):
            out.append((kind, match.group()))
    return out


class _Reader:
    def __init__(self, tokens: list[tuple[str, str]]) -> None:
        self.tokens = tokens
        self.at = 0
        self.count = 0
        self.blocks = 0

    def peek(self, ahead: int = 0) -> tuple[str, str]:
        at = self.at + ahead
        return self.tokens[at] if at < len(self.tokens) else ("end", "")

    def nodes(self, depth: int, close: str | None) -> list[Node]:
        if depth > MAX_DEPTH:
            raise _NotNodes("nested too deep")
        found: list[Node] = []
        while True:
            kind, raw = self.peek()
            if kind == "end":
                if close is not None:
                    raise _NotNodes("a block never closed")
                return found
            if kind == "newline" or raw in (";", ","):
                self.at += 1
                continue
            if close is not None and raw == close:
                self.at += 1
                return found
            struck = kind == "strike"
            self.at += struck
            node = self.node(depth)
            node.struck = struck
            self.count += 1
            if self.count > MAX_NODES:
                raise _NotNodes("too many nodes")
            found.append(node)

    def value(self, joined: bool = False) -> str:
        kind, raw = self.peek()
        self.at += 1
        if kind == "string":
            while joined and self.peek()[0] == "string":  # a text-format field's: one
                raw += self.peek()[1]
                self.at += 1
            return raw
        if kind == "bare" and (NUMBER.fullmatch(raw) or raw in KEYWORDS):
            return raw
        raise _NotNodes(f"no value: {raw[:40]!r}")

    def block(self, depth: int) -> list[Node]:
        close = OPEN[self.peek()[1]]
        self.at += 1
        self.blocks += 1
        return self.nodes(depth + 1, close)

    def node(self, depth: int) -> Node:
        kind, name = self.peek()
        if kind not in ("bare", "string"):
            raise _NotNodes(f"no node name: {name[:40]!r}")
        self.at += 1
        node = Node(name)
        if self.peek()[1] == ":":  # a text-format field: one value, a block, or a list
            self.at += 1
            if self.peek()[1] in OPEN:
                node.children = self.block(depth)
            elif self.peek()[1] == "[":
                self.at += 1
                while self.peek()[1] != "]":
                    if self.peek()[0] == "end":
                        raise _NotNodes("a list never closed")
                    if self.peek()[1] in (",", "\n") or self.peek()[0] == "newline":
                        self.at += 1
                    elif self.peek()[1] in OPEN:
                        node.children.append(Node(name, children=self.block(depth)))
                    else:
                        node.args.append(self.value())
                self.at += 1
            else:
                tkind, token = self.peek()
                node.args.append(token if tkind == "bare" else self.value(joined=True))
                self.at += tkind == "bare"
            return node
        while True:  # a KDL node: arguments and properties up to its block or line's end
            kind, raw = self.peek()
            if kind in ("end", "newline") or raw in (";", "}", ">"):
                return node
            if raw in OPEN:
                node.children = self.block(depth)
                return node
            if kind == "strike":
                self.at += 1
                if self.peek()[1] in OPEN:
                    self.block(depth)
                else:
                    self._arg_or_prop(Node(""))
                continue
            if kind == "bare" and self.peek(1)[1] == ":":
                return node  # the next text-format field on the same line
            self._arg_or_prop(node)

    def _arg_or_prop(self, node: Node) -> None:
        kind, raw = self.peek()
        if kind in ("bare", "string") and self.peek(1)[1] == "=":
            self.at += 2
            node.props[raw] = self.value()
        else:
            node.args.append(self.value())


def parse(text: str) -> list[Node] | None:
    """The text's top-level nodes, or None when it is not a file of nodes with a block."""
    if len(text) > MAX_CHARS or text.lstrip()[:1] in ("{", "[", "<"):
        return None
    try:
        reader = _Reader(_tokens(text))
        found = reader.nodes(0, None)
    except (_NotNodes, RecursionError):
        return None
    return found if reader.blocks else None


def _said(value: str) -> bool:
    return len(value.split()) >= SENTENCE_WORDS


def _fields(node: Node) -> dict[str, str]:
    """A node's fields: its properties, then each leaf child's value."""
    fields = dict(node.props)
    for child in node.children:
        if not child.struck and not child.children and child.args:
            fields.setdefault(child.name, " ".join(child.args))
    return fields


def _is_message(node: Node) -> bool:
    """A node whose children are its fields ("item { kind: LESSON text: "…" }"): leaves,
    each name once, one of them its text; a node holding items (a retro's own node) is not.
    """
    names = [child.name for child in node.children if not child.struck]
    return (
        len(names) == len(set(names))
        and any(name in TEXT_KEYS for name in names)
        and all(not child.children and not child.props for child in node.children)
    )


def _is_settings(node: Node) -> bool:
    """A block of short values (limits, settings): no child says a sentence or holds more."""
    live = [child for child in node.children if not child.struck]
    return bool(live) and all(
        not child.children and len(child.args) <= 1 and not any(map(_said, child.args))
        for child in live
    )


def _settings(node: Node) -> list[Record]:
    """Each live setting of a block as an item; a value beside a struck one, a change."""
    struck = {c.name: " ".join(c.args) for c in node.children if c.struck and c.args}
    found: list[Record] = []
    for child in node.children:
        if child.struck:
            continue
        name = child.name.replace("-", " ").replace("_", " ")
        value = " ".join(child.args) or "; ".join(f"{k} {v}" for k, v in child.props.items())
        before = struck.get(child.name)
        changed = before is not None and before != value
        said = f"{name[:1].upper()}{name[1:]}{' is now ' if changed else ': '}{value}"
        asides = {k: v for k, v in child.props.items() if child.args}
        reason = asides.pop("note", None) or asides.pop("reason", None)
        fields = {"text": said, **({"reason": reason} if reason else {}), **asides}
        found.append(Record(kind=node.name, fields=fields))
    return found


def records(found: list[Node]) -> list[Record]:
    """The items the nodes hold, in order (see the module docstring)."""
    out: list[Record] = []
    for node in found:
        if node.struck:
            continue
        fields = _fields(node)
        own = next((fields[k] for k in TEXT_KEYS if k in fields), None)
        words = own or " ".join(node.args)
        if node.children and not node.args and not _is_message(node):
            out += _settings(node) if _is_settings(node) else records(node.children)
            continue
        if not words:
            continue
        fields = {"text": words, **{k: v for k, v in fields.items() if k != "text"}}
        replaces = fields.get("supersedes") or fields.get("replaces")
        out.append(Record(kind=kind_of(fields) or node.name, fields=fields, replaces=replaces))
    return out


def items(text: str) -> list[Record] | None:
    """The text's items when it is a file of nodes that say things, else None."""
    found = parse(text)
    if found is None:
        return None
    read = records(found)
    said = [r for r in read if _said(r.fields.get("text", ""))]
    return read if len(said) >= FEWEST_SAID else None
