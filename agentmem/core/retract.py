"""Retractions: a lesson that begins "Retracted:", or that opens by judging an earlier
claim wrong ("The longer goal timeout was a red herring: …"), withdraws a held one, the one that shares
most with its first clause (the claim withdrawn) beyond what it shares with the rest (the
reason, which a correct lesson may well share). `agentmem.core.restate` asks it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentmem.core.statement import terms

CLAUSE = re.compile(r"[;:]\s+|\.\s+")
# "Retracted: <claim>; <reason>", or a lesson that opens by judging an earlier claim wrong:
# "The longer goal timeout was a red herring: …", "Raising the pool size turned out to be
# no help; …" (the claim is what it judges: its subject).
RETRACTED = re.compile(
    r"^\s*(?:(?:retracted|retraction|withdrawn)\s*:\s*"
    r"|(?P<claim>(?:the|our|that|this|raising|lowering|setting|using|adding)\s[^.;:!?]{3,120}?)"
    r"\s+(?:was|were|is|are|turned\s+out\s+to\s+be|proved\s+to\s+be)\s+(?:just\s+|only\s+)?"
    r"(?:a\s+red\s+herring|wrong|incorrect|mistaken|a\s+dead\s+end|no\s+help|not\s+the\s+"
    r"(?:cause|fix|problem|issue))\b\W*)",
    re.IGNORECASE,
)


def retraction(text: str) -> tuple[str, str] | None:
    """(the claim withdrawn, the reason given) when the text retracts a lesson."""
    match = RETRACTED.match(text)
    if match is None:
        return None
    if match["claim"]:
        return match["claim"], text[match.end() :]
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
