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
denied; a lesson on the kiln's licence) stays.

A draft saying a change did not fix a problem ("the dryer zone 1 change did NOT fix
S-cracks", written for the forming line) withdraws another app's finding that the change
cut the problem's figure ("S-cracks 14 % -> 3 % with dryer zone 1 at 35 C", a kiln retro's
line): `agentmem.core.helpednot`."""

from __future__ import annotations

from collections.abc import Sequence

from agentmem.core.claimed import also_claimed
from agentmem.core.disowned import denied_causes
from agentmem.core.helpednot import helped_not, not_fixed
from agentmem.core.model import Hit
from agentmem.core.retract import names_cause, retraction, withdrawn
from agentmem.core.statement import terms

RETRACTABLE = ("semantic", "procedural")


def denies_across(text: str) -> bool:
    """Whether `withdrawn_across` can withdraw anything for this text, whatever the hits:
    it retracts and denies a cause, or says a change did not fix a problem (`not_fixed`).
    The writer asks it before reading every app's best matches (issue 17: a search for
    each lesson that replaced nothing, all but a few of them for nothing)."""
    return _denies_cause(text) or bool(not_fixed(text))


def _denies_cause(text: str) -> bool:
    return retraction(text) is not None and bool(denied_causes(text))


def withdrawn_across(text: str, app: str, kind: str, hits: Sequence[Hit]) -> list[str]:
    """The ids, among `hits` (the draft's best matches in every app), of other apps' live
    lessons the retraction `text` written for `app` withdraws (see the module docstring)."""
    if not denies_across(text):
        return []
    held = _others(app, kind, hits)
    found: list[str] = []
    if _denies_cause(text):
        denied = [(terms(h).content, terms(t).content) for h, t in denied_causes(text)]
        gone = withdrawn(text, held)
        gone += also_claimed(text, held, gone)
        texts = dict(held)
        found = [
            i
            for i in dict.fromkeys(gone)
            if any(names_cause(h, t, terms(texts[i]).content) for h, t in denied)
        ]
    return found + [i for i, t in held if i not in found and helped_not(text, t)]


def helped_across(text: str, app: str, kind: str, hits: Sequence[Hit]) -> list[str]:
    """The ids, among `hits`, of other apps' live findings that a change the draft says did
    not fix a problem cut that problem's figure (`agentmem.core.helpednot`): asked even
    when the draft withdrew a lesson of its own app (the run's "that cured it" lesson)."""
    if not not_fixed(text):
        return []
    return [i for i, t in _others(app, kind, hits) if helped_not(text, t)]


def _others(app: str, kind: str, hits: Sequence[Hit]) -> list[tuple[str, str]]:
    """Other apps' live lessons of the draft's kind that a retraction may withdraw."""
    return [
        (h.memory.id, h.memory.text)
        for h in hits
        if h.memory.app_id != app
        and h.memory.kind.value == kind
        and not h.explain.get("superseded")
        and h.memory.type.value in RETRACTABLE
    ]
