"""A draft against the held memories it was compared with, texts alone: does it restate
one, or replace some (`judge`)? Each is judged by `agentmem.core.restate` (restates,
replaces) and `agentmem.core.retract` (a withdrawal), and a replacement takes with it the
held lessons that still tell the value it retired (`kin`). The store's side, which finds
the held memories, is `agentmem.core.verdict`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from agentmem.core.breach import breaks
from agentmem.core.claimed import also_claimed
from agentmem.core.compound import kept_part, part_told
from agentmem.core.heldmemory import RETRACTABLE, Held, Verdict, replaceable
from agentmem.core.inunits import rate_retold
from agentmem.core.kin import kin, retold
from agentmem.core.nolonger import no_longer_of
from agentmem.core.restate import restates, told_alike
from agentmem.core.retract import withdrawn
from agentmem.core.stillsaid import still_told
from agentmem.core.toldanew import TOLD_OTHERWISE, _anew, tells_anew
from agentmem.core.unchanged import told_changed
from agentmem.core.withdrawgate import may_withdraw

# the judge's public names, and those the store's side (`agentmem.core.verdict`) asks of
# texts alone, which live in the modules the judge was split into
__all__ = [
    "RETRACTABLE",
    "TOLD_OTHERWISE",
    "Held",
    "Verdict",
    "_anew",
    "judge",
    "kin",
    "replaceable",
    "retold",
]


def judge(draft: str, held: Iterable[Held], draft_type: str | None = None) -> Verdict:
    """Compare a draft (of `draft_type`, when known) with held memories (best matches
    first).

    A draft that replaces a live memory is written even if it also restates an older,
    superseded one (a value that came back); one that restates a live memory, or only a
    superseded one, is a duplicate of it.
    """
    verdict = Verdict()
    held = list(held)
    # a new value where a held lesson's stood is read lesson for lesson (not a pattern's counts)
    lesson = draft_type in RETRACTABLE
    stale_match: str | None = None
    told = told_changed(draft)
    for memory in held:
        lessons = lesson and memory.type in RETRACTABLE  # a lesson's draft against a lesson
        said = restates(draft, memory.text) or told_alike(draft, memory.text)
        said = said or rate_retold(memory.text, draft)
        if said and _part_kept(draft, memory, held):
            continue  # one clause of a compound lesson told again: a lesson of its own
        if said and not no_longer_of(draft, memory.text):
            if not memory.superseded:
                return Verdict(restates=memory.id)
            stale_match = stale_match or memory.id
        elif (
            not memory.superseded
            and replaceable(draft_type, memory.type)
            and tells_anew(draft, told, memory.text, lessons)
            and not breaks(draft, memory.text)  # a value past the held limit: it broke
        ):
            verdict.replaces.append(memory.id)
    live = [(m.id, m.text) for m in held if not m.superseded and m.type in RETRACTABLE]
    written = {m.id: m.written for m in held if m.written}
    # a lesson replaced since lives on in what replaced it: a retraction naming its day
    # withdraws that (`agentmem.core.retract.carried`)
    earlier = [(m.id, m.text) for m in held if m.superseded and m.type in RETRACTABLE]
    restated: dict[str, list[str]] = {}
    for m in held:
        if not m.superseded and m.type in RETRACTABLE:
            for old in m.supersedes:
                restated.setdefault(old, []).append(m.id)
    # no lesson live, or a draft with no cue of any withdrawal rule: nothing withdrawn
    cued = bool(live) and may_withdraw(draft, [t for _, t in live])
    gone = withdrawn(draft, live, written, restated, earlier) if cued else []
    gone += also_claimed(draft, live, gone)  # the claim told again in other lessons
    verdict.replaces += [i for i in gone if i not in verdict.replaces]
    verdict.replaces += still_told(draft, live, verdict.replaces)  # "still" said of one
    if not verdict.replaces and stale_match is not None:
        verdict.restates = stale_match
    return verdict


def _part_kept(draft: str, memory: Held, held: Sequence[Held]) -> bool:
    """The draft tells again one clause of a compound held lesson (`agentmem.core.compound`):
    a live one would take it along when a change of another clause replaced it, and a
    replaced one still holds that clause when what replaced it spoke of another."""
    if memory.type not in RETRACTABLE or part_told(draft, memory.text) is None:
        return False
    if not memory.superseded:
        return True
    by = [m for m in held if memory.id in m.supersedes and not m.superseded]
    return bool(by) and all(kept_part(draft, memory.text, m.text) for m in by)
