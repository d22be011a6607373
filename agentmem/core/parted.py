"""The writer's side of a partial replacement (`agentmem.core.partial`): which held
lessons a draft tells one part of anew, and what is left of each, found among the held
lessons the draft was compared with."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from agentmem.core.held import RETRACTABLE, Held, judge, replaceable
from agentmem.core.model import Memory
from agentmem.core.partial import replaced_part
from agentmem.core.retract import retraction


def partly_replaced(
    record: Mapping[str, Any], held: Sequence[Memory], siblings: set[str]
) -> dict[str, str]:
    """Of the live `held` lessons of the draft's kind (not of its own document), those
    the draft tells one part of anew, each with the rest of its text; the draft then
    replaces each of them, and the writer writes the rest again."""
    kind = record.get("type")
    if kind not in RETRACTABLE or retraction(record["text"]):
        return {}  # a claim withdrawn takes what rests on it: its parts are no news
    out: dict[str, str] = {}
    for memory in held:
        if (
            memory.id in siblings
            or memory.type.value not in RETRACTABLE
            or not replaceable(kind, memory.type.value)
            or memory.kind.value != record.get("kind", "observation")
        ):
            continue
        found = replaced_part(record["text"], memory.text, partial(_anew, memory.type.value, kind))
        if found is not None:
            out[memory.id] = found.residual
    return out


def _anew(held_type: str, kind: str, draft: str, part: str) -> bool:
    """The judge's reading of the draft against the part alone, standing for the lesson."""
    return bool(judge(draft, [Held("part", part, held_type)], kind).replaces)
