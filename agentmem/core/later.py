"""A new value told with a change word, in a slot the held lesson fills: a later text that
replaces a lesson in words no worded rule has seen, read by its structure.

A later text often tells a lesson's new value in one sentence among other news (a notice,
a memo, a runbook section): it shares few words with the lesson as a whole, and what
follows the value (who does it now, which days) differs, so neither `restate.replaces`
nor a value read by its whole frame (`agentmem.core.slots.renewed`) links the two. Two
things do, together: the sentence says something changed (a change word: "now", "no
longer", "moved"), and it puts another value of the same unit where the lesson had one,
after two of the same words. "The returns chute is emptied at 19:45 and sorted by the
evening desk" is replaced by a notice's "The returns chute is now emptied at 21:15 each
weekday"; "every glaze load is cooled for 6 hours overnight" by a memo's "a glaze load is
cooled for 4 hours minimum now".

Guarded as `renewed` is: a sentence that states both values (two that hold, or the old
one as history), another thing set apart (`agentmem.core.apart`), another component or
branch opening a parallel sentence, clauses that each name what the other never mentions,
and another kind of value (a clock time is no count) replace nothing.
"""

from __future__ import annotations

from agentmem.core.apart import set_apart
from agentmem.core.restate import says_changed
from agentmem.core.retract import RETRACTED
from agentmem.core.slots import SENTENCE, Slot, _names, _one_thing, slots
from agentmem.core.statement import terms

BEFORE_SHARED = 2  # frame words before the value that the two slots share


def _clock(value: str) -> bool:
    return ":" in value


def _same_slot(new: Slot, old: Slot) -> bool:
    return (
        new.value != old.value
        and new.unit == old.unit
        and new.unit != "`"
        and _clock(new.value) == _clock(old.value)
        and len(set(new.before) & set(old.before)) >= BEFORE_SHARED
    )


def recued(draft: str, held: str) -> bool:
    """A sentence of the draft that says something changed puts another value in a slot
    of the held text (see the module docstring)."""
    if RETRACTED.match(draft) or set_apart(draft, held):
        return False
    held_slots = slots(held)
    in_held = {(s.value, s.unit) for s in held_slots}
    in_draft = {(s.value, s.unit) for s in slots(draft)}
    h_names, h_tokens = _names(held), terms(held).tokens
    for sentence in SENTENCE.split(draft):
        if not says_changed(sentence):
            continue
        d_names, d_tokens = _names(sentence), terms(sentence).tokens
        for new in slots(sentence):
            for old in held_slots:
                if not _same_slot(new, old):
                    continue
                if (old.value, old.unit) in in_draft or (new.value, new.unit) in in_held:
                    continue
                if (new.clause & d_names) - h_tokens and (old.clause & h_names) - d_tokens:
                    continue
                if _one_thing(sentence, held):
                    return True
    return False
