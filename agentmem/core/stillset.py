"""A setting that still holds a replaced thing: `SAFE_METER = HD-2` once the HD-2 is gone.

A program retro keeps its settings as one fact ("Settings: …; SAFE_METER = HD-2 (safe
meter; correct with table T-7 above 25 C)"). When a later lesson replaces the lesson that
told of the thing the setting names ("the DX-5 density meter replaced the old spirit safe
hydrometer" of "Hydrotek HD-2 in the spirit safe reads 0.3 % high …"), the setting still
gives the old thing as a live value, in words no sameness reading links to the
replacement. A held lesson that sets a key to a code the replaced lesson named (letters
and a number: `HD-2`, `PF-7020`) and the draft does not name goes with the replacement
(`still_set`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

CODE = re.compile(r"(?<![\w-])[A-Za-z]{1,8}-?\d{1,6}[A-Za-z]{0,3}(?![\w-])")


def _codes(text: str) -> set[str]:
    return {m.group().lower() for m in CODE.finditer(text) if re.search(r"[A-Za-z]", m.group())}


def still_set(draft: str, replaced: Sequence[str], others: Sequence[tuple[str, str]]) -> list[str]:
    """Of `others` (held lessons as id and text), those that set a key to a code a lesson
    the draft replaced named and the draft does not (module docstring)."""
    gone = set().union(*(_codes(text) for text in replaced)) - _codes(draft) if replaced else set()
    if not gone:
        return []
    out = []
    for memory_id, text in others:
        for match in re.finditer(
            r"\b[A-Za-z_][\w.]{0,60}\s*(?::=|=)\s*\"?(?P<v>[^\s;,()\"]{1,40})", text
        ):
            if match["v"].lower() in gone:
                out.append(memory_id)
                break
    return out
