"""Two texts read as statements side by side, each spelling of one thing taken as the
same in both (`agentmem.core.restate` compares drafts so)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from agentmem.core.spelling import aligned, spelled_out
from agentmem.core.statement import HEAD, Terms, terms


@lru_cache(maxsize=4096)  # a judge asks it of one pair from several rules
def read_together(a: str, b: str) -> tuple[Terms, Terms]:
    """Both texts read as statements, a word pair one writes apart and the other as one
    word taken as that word in both (`aligned`: "roll back" and "rollback"), and a name in
    capitals one spells out in words taken as that name in both (`spelled_out`: POD and
    "proof-of-delivery")."""
    ta, tb = terms(a), terms(b)
    return _abbreviated(aligned(ta, tb), a, tb), _abbreviated(aligned(tb, ta), b, ta)


def _abbreviated(t: Terms, text: str, other: Terms) -> Terms:
    """`t` (of `text`) with the words that spell out a name in capitals of `other` taken
    as that name."""
    found = spelled_out(text, other)
    if not found:
        return t
    content, head = set(t.content), list(t.head)
    for acronym, parts in found.items():
        content = (content - parts) | {acronym}
        head = [acronym if w in parts else w for w in head]
    return replace(
        t,
        content=frozenset(content),
        head=tuple(dict.fromkeys(head))[:HEAD],
        tokens=t.tokens | set(found),
    )
