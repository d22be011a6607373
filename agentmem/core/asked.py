"""A held lesson's value given anew as the answer to a question about it: a handover's or
an FAQ's "Q: how long is the kiln soaked? A: 20 minutes since the new elements." after
"kilns soak for 30 minutes at peak".

The question names what the lesson is about (two of its content words) and the answer
gives another value of a kind the lesson tells, none of the lesson's own values again
("A: yes, still 30 minutes" restates it). The answer is short and names no subject, so
no frame-reading rule links it to the lesson; the question is its frame. Guarded as the
other value rules are: another thing set apart (`agentmem.core.apart`) and `one_thing`.
"""

from __future__ import annotations

import re

from agentmem.core.apart import set_apart
from agentmem.core.slots import Slot, one_thing, slots
from agentmem.core.statement import terms

# "Q: … ? A: …", "Question: … ? Answer: …", a label before it or not ("Handover Q: …").
ASKED = re.compile(
    r"\b(?:Q|Question)\s*[:.]\s*(?P<q>[^?]{3,240}\?)\s*(?:A|Answer)\s*[:.]\s*(?P<a>\S.*)",
    re.IGNORECASE | re.DOTALL,
)
ABOUT = 2  # content words the question shares with the held lesson


def _kin(a: Slot, b: Slot) -> bool:
    return (
        a.unit == b.unit
        and a.unit != "`"
        and a.measure == b.measure
        and (":" in a.value) == (":" in b.value)
    )


def answered_anew(draft: str, held: str) -> bool:
    """The draft asks what the held lesson is about and answers with another value of a
    kind the lesson tells (see the module docstring)."""
    asked = ASKED.search(draft)
    if asked is None or set_apart(draft, held):
        return False
    if len(terms(asked["q"]).content & terms(held).content) < ABOUT:
        return False
    held_slots, told = slots(held), slots(asked["a"])
    if {s.value for s in told} & {s.value for s in held_slots}:
        return False  # the answer gives the lesson's value again: a restatement
    news = any(_kin(new, old) for new in told for old in held_slots)
    return news and one_thing(draft, held)
