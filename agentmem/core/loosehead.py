"""Two values in a loose frame (`agentmem.core.slots`: two shared words, such as a person
and a unit) are one thing's only when the two statements open on the same subject.

"Refund requests from members must arrive 48 hours before the event" and "Members can
book until 12 hours before the event starts" share "members" and "hours" around their
values, but the one is about refund requests and the other about booking: two deadlines
of two things, not a new value of one. The subject is read as the statement's head
(`agentmem.core.statement.terms`: the first content words it opens on); two heads with
no word in common tell of two things.
"""

from __future__ import annotations

from agentmem.core.statement import terms


def heads_apart(draft: str, held: str) -> bool:
    """The two texts open on subjects that share no word (see the module docstring)."""
    a, b = terms(draft).head, terms(held).head
    return bool(a) and bool(b) and not set(a) & set(b)
