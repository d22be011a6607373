"""A retraction learnt in one app of a lesson another app holds: a loop's apps share their
failures (the kiln crew finds that the glaze line's cracked mugs were never the kiln's
fault), and the run that finds out writes to its own app. The writer compares a draft
with its own app's lessons and `_global`; a retraction there withdraws nothing, and the
other app's lesson keeps telling the cause found wrong.

Read across apps only when the draft retracts, withdrew nothing of its own app, and
denies a cause (`agentmem.core.disowned.denied_causes`): a lesson of another app is
withdrawn when the retraction's claim picks it (`agentmem.core.retract.withdrawn`, or
`agentmem.core.claimed.also_claimed` for the same claim told twice) and it names a cause
denied (`agentmem.core.retract.names_cause`: its head, or most of its words). A lesson of
another app sharing the claim's words but not the denied cause ("the kiln's thermocouple"
denied; a lesson on the kiln's licence) stays."""

from __future__ import annotations

from collections.abc import Sequence

from agentmem.core.claimed import also_claimed
from agentmem.core.disowned import denied_causes
from agentmem.core.model import Hit
from agentmem.core.retract import names_cause, retraction, withdrawn
from agentmem.core.statement import terms

RETRACTABLE = ("semantic", "procedural")


def denies_across(text: str) -> bool:
    """Whether `withdrawn_across` can withdraw anything for this text, whatever the hits:
    it retracts and denies a cause. The writer asks it before reading every app's best
    matches (issue 17: a search for each lesson that replaced nothing, all but a few of
    them for nothing)."""
    return retraction(text) is not None and bool(denied_causes(text))


def withdrawn_across(text: str, app: str, kind: str, hits: Sequence[Hit]) -> list[str]:
    """The ids, among `hits` (the draft's best matches in every app), of other apps' live
    lessons the retraction `text` written for `app` withdraws (see the module docstring)."""
    if not denies_across(text):
        return []
    denied = [(terms(h).content, terms(t).content) for h, t in denied_causes(text)]
    held = [
        (h.memory.id, h.memory.text)
        for h in hits
        if h.memory.app_id != app
        and h.memory.kind.value == kind
        and not h.explain.get("superseded")
        and h.memory.type.value in RETRACTABLE
    ]
    gone = withdrawn(text, held)
    gone += also_claimed(text, held, gone)
    texts = dict(held)
    return [
        i
        for i in dict.fromkeys(gone)
        if any(names_cause(h, t, terms(texts[i]).content) for h, t in denied)
    ]
