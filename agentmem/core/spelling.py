"""One thing spelled two ways: a name in capitals written out in words ("POD" and
"proof-of-delivery"), two words written as one ("roll back" and "rollback"). Read on two
texts' `agentmem.core.statement.terms`, so their subjects compare (`agentmem.core.together`)."""

from __future__ import annotations

from dataclasses import replace

from agentmem.core.statement import Terms
from agentmem.core.words import letters, tokenized

MIN_ACRONYM = 3  # letters: "PR" or "CI" spells out too many word pairs by chance


def spelled_out(text: str, b: Terms) -> dict[str, frozenset[str]]:
    """Each name in capitals of `b` that `text` writes out in words, its letters their
    initials ("proof-of-delivery" for POD, "service level objective" for SLO), with the
    terms those words make: one thing, named two ways."""
    words, alone, initials = letters(text)
    at: dict[str, int] = {}
    for acronym in b.proper & b.content:
        if len(acronym) < MIN_ACRONYM or not acronym.isalpha() or acronym in alone:
            continue
        # each word gives one initial, so where the acronym starts in them is its first word
        i = initials.find(acronym)
        if i >= 0:
            at[acronym] = i
    # In the order the text writes them out, not the set's: two names may share words
    # (ABC and BCD from "a big cat dozed"), and the first taken claims them in the head.
    return {
        acronym: frozenset(tokenized(" ".join(words[i : i + len(acronym)])))
        for acronym, i in sorted(at.items(), key=lambda a: (a[1], a[0]))
    }


def aligned(a: Terms, b: Terms) -> Terms:
    """`a` with the word pairs it writes apart that `b` writes as one word taken as that
    word ("roll back" against "rollback", "log in" against "login", "fail over" against
    "failover"), so two spellings of one thing share their term."""
    # Only where `b` has the one word and not its parts: "acme Client" against a text
    # with both "acme", "client" and "AcmeClient" tells a rename, not one spelling.
    found = [(j, parts) for j, parts in a.joins if j in b.content and not parts & b.content]
    # sorted, not the set's order: two joins may share a word ("roll back up" gives
    # "rollback" and "backup"), and the first taken claims it in the head and cued terms
    found.sort(key=lambda f: (f[0], sorted(f[1])))
    if not found:
        return a
    content, cued, head = set(a.content), set(a.cued), list(a.head)
    for joined, parts in found:
        content = (content - parts) | {joined}
        if cued & parts:
            cued = (cued - parts) | {joined}
        head = [joined if t in parts else t for t in head]
    return replace(
        a,
        content=frozenset(content),
        cued=frozenset(cued),
        head=tuple(dict.fromkeys(head)),
        tokens=a.tokens | {joined for joined, _ in found},
    )
