"""A retro kept as a Lua table, read as the data it holds.

Some teams keep their records in the language of their tools: a file that returns a Lua
table (`return { lessons = { "…", "…" }, settings = { … } }`, or `retro = { … }`). Read as
text it was one paragraph of braces and quotes, and its lessons never stood apart.
`parsed` reads it as the mapping it is, for `agentmem.harvest.structured` to write as the
sections it stands for: a table of fields a mapping, a table of positional values (or of
keys 1 … n, "[1] = …") a list, a string ("…", '…', or a long "[[ … ]]") its text, a number
a number, `true`/`false` a boolean, `nil` nothing. Comments ("-- …", "--[[ … ]]") are
no part of the data: a line put aside is not what the table holds.

Only a file that is one table is read: after its comments, a `return` or one assignment
(`local name = { … }`, optionally followed by `return name`) of a table constructor, and
nothing else; any other Lua (a function, an expression, a call) gives None. Nesting is
bounded and the text is read once, token by token, so a hostile text is read in linear time.
"""

from __future__ import annotations

import re
from typing import Any

BOUND = 200_000  # a longer text is left as it is
DEPTH = 20  # tables nested deeper than this are no retro
TOKEN = re.compile(
    r"""(?P<space>\s+)
    |(?P<comment>--[^\n]*)
    |(?P<string>"(?:[^"\\\n]|\\[\s\S])*"|'(?:[^'\\\n]|\\[\s\S])*')
    |(?P<number>0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
    |(?P<name>[A-Za-z_][A-Za-z0-9_]*)
    |(?P<op>[{}\[\]=,;.-])""",
    re.VERBOSE,
)
# A long bracket's opening ("[[", "[==["), a long comment's ("--[[") with it: its close is
# found by one search forward, so an unclosed one costs one pass, not one a mark.
LONG = re.compile(r"(?P<comment>--)?\[(?P<level>=*)\[")
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"', "'": "'", "\n": "\n"}


class _NotData(ValueError):
    """Raised when the text is not a Lua file that is one table."""


def _tokens(text: str) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    at = 0
    while at < len(text):
        long = LONG.match(text, at)
        if long is not None:
            close = f"]{long['level']}]"
            end = text.find(close, long.end())
            if end < 0:
                raise _NotData(f"a long bracket at {at} never closed")
            if long["comment"] is None:
                out.append(("string", text[long.end() : end].removeprefix("\n")))
            at = end + len(close)
            continue
        match = TOKEN.match(text, at)
        if match is None:
            raise _NotData(f"no Lua token at {at}")
        at = match.end()
        if match["string"] is not None:
            out.append(("string", _unquote(match["string"][1:-1])))
        elif match["number"] is not None:
            out.append(("number", _number(match["number"])))
        elif match["name"] is not None:
            out.append(("name", match["name"]))
        elif match["op"] is not None:
            out.append(("op", match["op"]))
    return out


def _number(text: str) -> int | float:
    if text[:2].lower() == "0x":
        return int(text, 16)
    return float(text) if any(c in text for c in ".eE") else int(text)


def _unquote(body: str) -> str:
    return re.sub(r"\\(.)", lambda m: ESCAPES.get(m[1], m[1]), body, flags=re.S)


class _Reader:
    def __init__(self, tokens: list[tuple[str, Any]]) -> None:
        self.tokens = tokens
        self.at = 0

    def peek(self, ahead: int = 0) -> tuple[str, Any]:
        at = self.at + ahead
        return self.tokens[at] if at < len(self.tokens) else ("end", None)

    def take(self, value: str | None = None) -> tuple[str, Any]:
        token = self.peek()
        if value is not None and token[1] != value:
            raise _NotData(f"expected {value!r}")
        self.at += 1
        return token

    def value(self, depth: int) -> Any:
        kind, value = self.peek()
        if value == "{":
            return self.table(depth + 1)
        if value == "-" and self.peek(1)[0] == "number":
            self.take()
            return -self.take()[1]
        self.take()
        if kind in ("string", "number"):
            return value
        if kind == "name" and value in ("true", "false", "nil"):
            return {"true": True, "false": False, "nil": None}[value]
        raise _NotData("not a value of data")

    def table(self, depth: int) -> Any:
        if depth > DEPTH:
            raise _NotData("nested too deep")
        self.take("{")
        fields: dict[Any, Any] = {}
        position = 0
        while self.peek()[1] != "}":
            kind, value = self.peek()
            if value == "[" and self.peek(1)[0] != "end":
                self.take()
                key = self.value(depth)
                self.take("]")
                self.take("=")
                fields[key] = self.value(depth)
            elif kind == "name" and self.peek(1)[1] == "=":
                self.take()
                self.take("=")
                fields[value] = self.value(depth)
            else:
                position += 1
                fields[position] = self.value(depth)
            if self.peek()[1] in (",", ";"):
                self.take()
            elif self.peek()[1] != "}":
                raise _NotData("a field not ended")
        self.take("}")
        return _shaped(fields)


def _shaped(fields: dict[Any, Any]) -> Any:
    """A table of keys 1 … n as a list, else a mapping with its keys as text; a nil field
    is no field."""
    fields = {key: value for key, value in fields.items() if value is not None}
    if fields and list(fields) == list(range(1, len(fields) + 1)):
        return list(fields.values())
    if not fields:
        return []
    return {str(key): value for key, value in fields.items()}


def parsed(text: str) -> dict[str, Any] | None:
    """The table a Lua file returns or assigns, as a mapping; None when the text is not a
    Lua file that is one table of fields (see the module docstring)."""
    if len(text) > BOUND or "{" not in text:
        return None
    try:
        reader = _Reader(_tokens(text))
        if reader.peek()[1] == "local":
            reader.take()
        if reader.peek()[1] == "return":
            reader.take()
            data = reader.table(0)
        elif reader.peek()[0] == "name" and reader.peek(1)[1] == "=":
            name = reader.take()[1]
            reader.take("=")
            data = reader.table(0)
            if reader.peek()[1] == "return":
                reader.take()
                reader.take(name)
        else:
            return None
        if reader.peek()[1] == ";":
            reader.take()
        if reader.peek()[0] != "end":
            return None
    except (_NotData, RecursionError):
        return None
    return data if isinstance(data, dict) else None
