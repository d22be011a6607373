"""A role held by someone else: "Raj Patel owns the billing export spec" after "billing
export questions go to Alice Moore; she approves every change". Who holds a role (the
people, teams and channels a statement names, `agentmem.core.statement.people`) is the
role's value; one role over one subject with other people is a new value of it, unless the
two statements speak of two things (`swapped`). `agentmem.core.restate` asks it."""

from __future__ import annotations

from agentmem.core.statement import COPULA, GAP, Terms, framed, naming
from agentmem.stores.bm25 import tokenize


def reassigned(draft: str, held: str, d: Terms, h: Terms) -> bool:
    """One role over one subject, now held by someone else: both give a role (owns, signs
    off, is who to ask), each names people or teams the other does not and none in common,
    and nothing else is swapped between them (`swapped`: the billing tables' approver is not
    the search index's)."""
    if not d.roles & h.roles or not d.people or not h.people or d.people & h.people:
        return False
    named = {t for p in d.people | h.people for t in tokenize(p)}
    return not swapped(draft, held, frozenset(named))


def swapped(a: str, b: str, values: frozenset[str]) -> bool:
    """A phrase of one or two content words in each text, missing from the other, between
    the same two words ("to the billing tables need" against "to the search index need"):
    the two speak of two things. Words in `values` (who holds a role) swap freely."""

    def spans(words: list[str], other: set[str]) -> set[tuple[str, str]]:
        return {
            (words[i - 1], words[i + n])
            for n in (1, 2)
            for i in range(1, len(words) - n)
            if words[i - 1] != GAP
            and words[i - 1] not in COPULA
            and all(w not in other and w not in values and naming(w) for w in words[i : i + n])
        }

    sa, sb = framed(a), framed(b)
    return bool(spans(sa, set(sb)) & spans(sb, set(sa)))
