"""Two values in a loose frame (`agentmem.core.slots`: two shared words, such as a person
and a unit) are one thing's only when the two statements open on the same subject.

"Refund requests from members must arrive 48 hours before the event" and "Members can
book until 12 hours before the event starts" share "members" and "hours" around their
values, but the one is about refund requests and the other about booking: two deadlines
of two things, not a new value of one. The subject is read as the statement's head
(`agentmem.core.statement.terms`: the first content words it opens on); two heads with
no word in common tell of two things, unless the two values' clauses share most of what
they do ("lock only after 8 failed logins" of "accounts are locked after 5 failed
logins": a label before either, "Review outcome:", is no subject of its own).
"""

from __future__ import annotations

from agentmem.core.statement import terms

CLAUSE = 3  # words two values' clauses share that make them one doing, whatever the heads


def heads_apart(draft: str, held: str, clauses: frozenset[str] = frozenset()) -> bool:
    """The two texts open on subjects that share no word, and the clauses of their values
    share fewer than `CLAUSE` words (`clauses`: the words they share; see the module
    docstring)."""
    a, b = terms(draft).head, terms(held).head
    return bool(a) and bool(b) and not set(a) & set(b) and len(clauses) < CLAUSE
