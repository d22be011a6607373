"""A retraction's claim told more than once: "Retracted: the dough never collapsed because of
the cold proofing room" withdraws the run's lesson it shares most words with
(`agentmem.core.retract.retracted`), and also the review's line that gave the same cause in
other words ("the dough sinks in the cold proofing room, so the working guess is the
room"), which still tells the claim the retraction denies.

A held lesson is told the claim too when it says at least half of the claim's words (its
negation aside), two at the least, twice as much of the claim as of the reason given (the
true cause, which a correct lesson may well share), and shares `KIN` words with a lesson
withdrawn (it tells what that one told, not only a word or two of the claim). A lesson that itself says the thing was no cause or no fix
agrees with the retraction and stays; so does every lesson when the claim names a day
(that claim names one lesson, the one of that day). `agentmem.core.verdict` asks it once
`agentmem.core.retract.withdrawn` found the lesson withdrawn."""

from __future__ import annotations

from collections.abc import Sequence

from agentmem.core.namedday import month_days
from agentmem.core.practice import judged_practice, no_longer
from agentmem.core.retract import CLAUSE, DAY, DENIED, FRAMING, RETRACTED, retraction
from agentmem.core.statement import terms

LEAST = 2  # claim words a lesson tells at the least
HALF = 0.5  # ... and this share of the claim's words
KIN = 3  # words a lesson shares with one withdrawn
NEGATION = frozenset(("never", "not", "no", "none", "nor", "noth"))


def also_claimed(text: str, held: Sequence[tuple[str, str]], withdrawn: Sequence[str]) -> list[str]:
    """The ids, among (id, text) pairs not `withdrawn` already, of the lessons that tell the
    claim a retraction withdraws, once it withdrew one (see the module docstring)."""
    said = retraction(text)
    if said is None or not withdrawn or DAY.search(said[0]) or month_days(said[0]):
        return []
    claim = terms(judged_practice(said[0]) or said[0]).content - FRAMING - NEGATION
    texts = dict(held)
    gone = [terms(texts[i]).content for i in withdrawn if i in texts]
    stopped = {w for part in no_longer(said[1]) for w in terms(part).content}
    reason = terms(said[1]).content - stopped
    need = max(LEAST, HALF * len(claim))
    out = []
    for memory_id, held_text in held:
        if memory_id in withdrawn or RETRACTED.match(held_text):
            continue
        if DENIED.search(CLAUSE.split(held_text, maxsplit=1)[0]):
            continue  # it says so itself: no cause, no fix
        content = terms(held_text).content
        on_claim = len(claim & content)
        on_reason = len(reason & content) / max(len(reason), 1)
        kin = any(len(content & other) >= KIN for other in gone)
        if kin and on_claim >= need and on_claim / max(len(claim), 1) > 2 * on_reason:
            out.append(memory_id)
    return out
