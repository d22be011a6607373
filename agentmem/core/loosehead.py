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
NAMED = 2  # words of a text's subject in the other's clause that name it there


def heads_apart(
    draft: str, held: str, new: frozenset[str] = frozenset(), old: frozenset[str] = frozenset()
) -> bool:
    """The two texts open on subjects that share no word, the clauses of their values (`new`
    in the draft, `old` in the held text) share fewer than `CLAUSE` words, the draft's
    subject is not told in the held value's clause (`NAMED` of its words: "the printer page
    uses a timer; jobs wait 20 minutes" tells of jobs in its second clause, which "print
    jobs now wait 10 minutes" opens on) and the draft names no word of the held subject
    (see the module docstring)."""
    d, h = terms(draft), terms(held)
    a, b = set(d.head), set(h.head)
    if not a or not b or a & b or len(new & old) >= CLAUSE:
        return False
    # the held subject named anywhere in the draft ("the spring portal release" of a held
    # "the archive portal caps …") is the draft's thing too
    return len(a & old) < NAMED and not b & d.tokens
