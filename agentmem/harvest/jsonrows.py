"""Items of a retro tool kept inside a JSON export of some other shape, found where they lie.

A retro board's items often reach the repository inside another tool's export: an HTTP
archive of the board's session (`{"log": {"entries": [...]}}`), where each item is a
request's body, a JSON document held in a string ("text": "{\\"column\\": …}") or a
form's name/value pairs; an API dump that wraps its data in one key. Read as generic data
(`agentmem.harvest.structured`), such a file was one mapping of one key, no retro at all,
and the whole of it was proposed as one lesson the writer refused.

`records` walks the data through its wrappers: a string that holds a JSON object or list
is read as the data it holds, and a list of `{"name": …, "value": …}` pairs as the
mapping it stands for. Every mapping that has an item's words (a text field,
`agentmem.harvest.records.TEXT_KEYS`) and says its kind (a column, a kind, a category) is
an item; the file is read as those items when there are two or more of them
(`agentmem.harvest.records` writes them as markdown). The walk visits each value once and
stops at `MAX_DEPTH`; a string is opened only once and only below `MAX_OPENED` characters.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from agentmem.harvest.records import Record, kind_of, text_of

MAX_DEPTH = 40
MAX_OPENED = 200_000
FEWEST = 2
REPLACES_KEYS = ("supersedes", "supersedes_id", "replaces", "corrects")
EDITS = frozenset({"PUT", "PATCH"})
WORDS = 2  # an item's words: a form's encoded body ("column=a&text=b+c") is none


def _opened(value: str) -> Any:
    """A string's JSON object or list, when it holds one; else the string."""
    text = value.strip()
    if len(text) > MAX_OPENED or text[:1] not in ("{", "[") or text[-1:] not in ("}", "]"):
        return value
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return value


def _pairs(value: list[Any]) -> dict[str, Any] | None:
    """A list of name/value pairs as the mapping it stands for; None when it is not one."""
    if not value or not all(isinstance(v, dict) and set(v) >= {"name", "value"} for v in value):
        return None
    return {str(pair["name"]): pair["value"] for pair in value}


def _scalars(data: dict[str, Any]) -> dict[str, str]:
    return {
        str(key): str(value)
        for key, value in data.items()
        if isinstance(value, (str, int, float)) and not isinstance(value, bool)
    }


def _exchange(request: dict[str, Any], response: Any, depth: int) -> Iterator[Record]:
    """The items an HTTP exchange sends: its request's body, each item given the id the
    response names; a PUT or PATCH edits the item its address ends on, so what it sends
    replaces that one (a body of words alone, no kind, is such an edit too)."""
    method = str(request.get("method", "")).upper()
    editing = method in EDITS
    said = [*_walk({k: v for k, v in request.items() if k != "url"}, depth + 1, editing)]
    answered = next(_ids(response, depth), None)
    target = str(request.get("url", "")).rstrip("/").rsplit("/", 1)[-1]
    for record in said:
        if editing:  # the response names the item edited: the one this replaces
            record.replaces = record.replaces or target or answered
        else:
            record.id = record.id or answered
        yield record


def _ids(data: Any, depth: int) -> Iterator[str]:
    """The ids a response's body names (the item it created), first found first."""
    if depth > MAX_DEPTH:
        return
    data = _opened(data) if isinstance(data, str) else data
    if isinstance(data, dict):
        if isinstance(data.get("id"), (str, int)) and not isinstance(data["id"], bool):
            yield str(data["id"])
        for value in data.values():
            yield from _ids(value, depth + 1)


def _walk(data: Any, depth: int, edit: bool = False, deep: bool = True) -> Iterator[Record]:
    if depth > MAX_DEPTH:
        return
    if not deep and isinstance(data, list):  # openly: no pairs, no strings opened
        for value in data:
            yield from _walk(value, depth + 1, edit, deep)
        return
    if isinstance(data, str) and deep:
        opened = _opened(data)
        if opened is not data:
            yield from _walk(opened, depth + 1, edit)
        return
    if isinstance(data, str):
        return
    if isinstance(data, list):
        pairs = _pairs(data)
        if pairs is not None:
            yield from _walk(pairs, depth + 1, edit)
            return
        for value in data:
            yield from _walk(value, depth + 1, edit)
        return
    if not isinstance(data, dict):
        return
    if deep and isinstance(data.get("request"), dict) and "response" in data:
        yield from _exchange(data["request"], data["response"], depth)
        return
    fields = _scalars(data)
    text, kind = text_of(fields), kind_of(fields)
    worded = text is not None and len(text.split()) >= WORDS and _opened(text) is text
    if worded and (kind is not None or edit):
        lowered = {key.lower(): value for key, value in fields.items()}
        replaces = next((lowered[k] for k in REPLACES_KEYS if lowered.get(k)), None)
        yield Record(kind=kind, fields=fields, id=lowered.get("id"), replaces=replaces)
        return
    for value in data.values():
        yield from _walk(value, depth + 1, edit, deep)


def records(data: Any) -> list[Record] | None:
    """The retro items the data holds, wherever they lie (see the module docstring); None
    when it holds fewer than two."""
    try:
        found = list(_walk(data, 0))
        open_ = list(_walk(data, 0, deep=False))
    except RecursionError:
        return None
    # items that lie openly in the data's lists are a retro written as data
    # (`agentmem.harvest.structured` reads it); these are the items buried inside it
    return found if len(found) >= FEWEST and len(open_) < len(found) else None
