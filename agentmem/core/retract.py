"""Retractions: a lesson that begins "Retracted:" withdraws a held one, the one that shares
most with its first clause (the claim withdrawn) beyond what it shares with the rest (the
reason, which a correct lesson may well share). `agentmem.core.restate` asks it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentmem.core.statement import terms

CLAUSE = re.compile(r"[;:]\s+|\.\s+")
RETRACTED = re.compile(r"^\s*(?:retracted|retraction|withdrawn)\s*:\s*", re.IGNORECASE)


def retraction(text: str) -> tuple[str, str] | None:
    """(the claim withdrawn, the reason given) when the text retracts a lesson."""
    match = RETRACTED.match(text)
    if match is None:
        return None
    claim, *reason = CLAUSE.split(text[match.end() :], maxsplit=1)
    return claim, " ".join(reason)


def retracted(text: str, held: Sequence[tuple[str, str]]) -> str | None:
    """The id, among (id, text) pairs, of the lesson a retraction withdraws, if any."""
    said = retraction(text)
    if said is None:
        return None
    claim, reason = (terms(part).content for part in said)
    best: tuple[float, str] | None = None
    for memory_id, held_text in held:
        if RETRACTED.match(held_text):
            continue  # a retraction is not itself retracted by another one
        content = terms(held_text).content
        on_claim = len(claim & content)
        score = on_claim / max(len(claim), 1) - len(reason & content) / max(len(reason), 1)
        if on_claim >= 2 and score > 0 and (best is None or score > best[0]):
            best = (score, memory_id)
    return None if best is None else best[1]
