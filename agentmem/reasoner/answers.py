"""Reading what a small model answers in content: JSON, fenced or bare, leniently parsed.

Small local models often write in their content what they were asked to send another way:
llama-server's Qwen2.5-Coder-0.5B wrote a tool call as fenced JSON
(`{"name": "read_file", "arguments": {...}}`) instead of a `tool_calls` entry, and drafts
as fenced JSON instead of `propose_memory` calls (issue 18, the recorded exchanges). In
tools mode these are taken as the calls they spell; in json mode the answer is parsed the
same way when the server did not constrain it. Raw newlines inside JSON strings (also
seen) are accepted: `json.loads(strict=False)`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

FENCE = re.compile(r"```[a-zA-Z0-9_-]*[ \t]*\n(.*?)\n?```", re.DOTALL)
MAX_DEPTH = 4  # drafts nested deeper than this in an answer are not looked for


def loads(text: str) -> Any:
    """JSON, accepting raw control characters inside strings; raises ValueError."""
    return json.loads(text, strict=False)


def json_values(content: str) -> list[Any]:
    """The JSON values an answer holds: each fenced block that parses, else the whole
    answer when it parses (bare JSON)."""
    found = []
    for block in FENCE.findall(content):
        try:
            found.append(loads(block))
        except ValueError:
            continue
    if found:
        return found
    try:
        return [loads(content.strip())]
    except ValueError:
        return []


def _walk(value: Any, depth: int = 0) -> Iterator[dict[str, Any]]:
    if depth > MAX_DEPTH:
        return
    if isinstance(value, dict):
        yield value
        for inner in value.values():
            if isinstance(inner, dict | list):
                yield from _walk(inner, depth + 1)
    elif isinstance(value, list):
        for inner in value:
            yield from _walk(inner, depth + 1)


def tool_calls(content: str, tools: tuple[str, ...]) -> list[tuple[str, str]]:
    """`(name, arguments as JSON)` for each object in the answer shaped like a call to one of
    `tools` (`{"name": T, "arguments": {...}}`), or, when `propose_memory` is among them,
    shaped like a draft (`{"text": ..., "type": ...}`)."""
    calls: list[tuple[str, str]] = []
    for value in json_values(content):
        for obj in _walk(value):
            name, arguments = obj.get("name"), obj.get("arguments", obj.get("parameters"))
            if isinstance(name, str) and name in tools and isinstance(arguments, dict):
                calls.append((name, json.dumps(arguments)))
            elif "propose_memory" in tools and isinstance(obj.get("text"), str) and "type" in obj:
                calls.append(("propose_memory", json.dumps(obj)))
    return calls


def first_object(content: str) -> dict[str, Any] | None:
    """The first JSON object the answer holds (bare or fenced), or None."""
    for value in json_values(content):
        if isinstance(value, dict):
            return value
    return None
