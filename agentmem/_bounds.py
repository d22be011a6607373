"""Cutting values down to size for results and log lines, without leaving half a secret.

A fire's result and its log event must stay small whatever a plugin or a host hands in (a
20 MB summary, 100,000 rejected drafts). What is cut says so and how much went, and a cut
never ends inside a word or a PEM/PGP block: a key the cut would halve is dropped whole,
so no prefix of one is left where the secret guard would no longer recognise it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import islice
from typing import Any

PARTIAL_WORD = re.compile(r"\S+\Z")
BLOCK_BEGIN, BLOCK_END = "-----BEGIN ", "-----END "


def clip(text: str, limit: int) -> str:
    """`text` if it fits in `limit` characters; else its start, cut at a word boundary and
    before any unfinished key block, with a marker saying how many characters went."""
    if len(text) <= limit:
        return text
    kept = PARTIAL_WORD.sub("", text[:limit])
    begin = kept.rfind(BLOCK_BEGIN)
    if begin != -1 and kept.find(BLOCK_END, begin) == -1:
        kept = kept[:begin]
    return f"{kept}…[{len(text) - len(kept)} more characters]"


def shrink(value: Any, chars: int, items: int, *, keys: int | None = None, depth: int = 4) -> Any:
    """A JSON-like value with every string clipped to `chars`, every list cut to its first
    `items` entries and every mapping to its first `keys` (default `items`), a last entry
    counting the rest; nesting past `depth` is replaced by a marker. Numbers, booleans,
    None and other objects pass as they are."""
    if isinstance(value, str):
        return clip(value, chars)
    if isinstance(value, Mapping | list | tuple | set | frozenset) and depth <= 0:
        return f"…[{type(value).__name__} nested too deep]"
    if isinstance(value, Mapping):
        most = items if keys is None else keys
        out = {
            clip(str(k), chars): shrink(v, chars, items, keys=keys, depth=depth - 1)
            for k, v in islice(value.items(), most)
        }
        if len(value) > most:
            out["…"] = f"[{len(value) - most} more keys]"
        return out
    if isinstance(value, list | tuple | set | frozenset):
        kept = [shrink(v, chars, items, keys=keys, depth=depth - 1) for v in islice(value, items)]
        if len(value) > items:
            kept.append(f"…[{len(value) - items} more items]")
        return kept
    return value
