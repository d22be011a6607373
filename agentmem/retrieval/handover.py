"""A role handed on: the newer of two lessons names another holder of the same role.

"Kiln firings over 1,200 °C are signed off by Jonah Pratt" and, a month later, "from the
spring term Wen Li signs off every kiln firing over 1,200 °C": one role (the sign-off) over
one thing (the hot firings), two holders. Who holds a role is its value
(`agentmem.core.holders`), so the older lesson tells how things were, and so does a run
record that quotes the old holder at work ("Jonah signed off the glaze test"). The writer
links a handover it recognises (`agentmem.core.takeover`); one worded otherwise ("Jonah
moves to the foundry; from then on Wen approves ...") leaves both live, side by side in
a read.

`holder_retired` judges a pair the read holds, strictly: a role of one kind in a clause of
each, holders in common none, the two clauses sharing `SAME_THING` content words besides
names and role words (one of them not a word of the query every candidate answers), no
phrase swapped between them ("weekend deploys" against "weekday deploys": two roles,
`agentmem.core.newvalue.swapped`), the newer clause not naming the old holder (a
deputy named beside the holder adds one), and the newer text saying that something
changed, when it takes effect, or that someone takes over.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

from agentmem.core.cues import says_changed
from agentmem.core.holders import ROLE, people, same_holder
from agentmem.core.model import Memory, MemoryType
from agentmem.core.newvalue import swapped
from agentmem.core.statement import content_and_values
from agentmem.core.takeover import TAKE_OVER
from agentmem.core.words import function_words
from agentmem.harvest.runrecord import record_goal
from agentmem.retrieval.lingering import takes_effect
from agentmem.retrieval.stated import CLAUSE
from agentmem.stores.bm25 import tokenize

SAME_THING = 2  # content words, names and role words aside, the two holders' clauses share

# A first name alone before the role it does, as a run record writes it: "Jonah signed off
# the glaze test", "Wen approved in #kiln-ops" (a full name is `people`'s).
FIRST_NAME = re.compile(
    r"(?<![\w#@-])([A-Z][a-z]{2,})\s+(?=(?:approv|sign(?:s|ed)?\s+off|owns|reviewed)\w*\b)"
)


class Held(NamedTuple):
    """One clause that gives a role: the role's kind, its holders, the clause's other
    content words, and the clause."""

    role: str
    who: frozenset[str]
    words: frozenset[str]
    clause: str


@lru_cache(maxsize=4096)
def holders(text: str) -> tuple[Held, ...]:
    """Each clause of `text` that names a holder and the role held (see `Held`)."""
    return tuple(_held(text))


def _held(text: str) -> Iterator[Held]:
    for clause in CLAUSE.split(text):
        roles = {m.lastgroup for m in ROLE.finditer(clause) if m.lastgroup}
        who = set(people(clause))
        who |= {n.lower() for n in FIRST_NAME.findall(clause) if n.lower() not in function_words()}
        if not roles or not who:
            continue
        aside = {t for w in who for t in tokenize(w)}
        aside |= {t for m in ROLE.finditer(clause) for t in tokenize(m.group(0))}
        for role in roles:
            yield Held(role, frozenset(who), _content(clause) - aside, clause)


def _content(text: str) -> frozenset[str]:
    return frozenset(t for t in content_and_values(text).content if len(t) >= 3 and not t.isdigit())


def holder_retired(
    old: Memory, new: Memory, common: set[str], later: Sequence[Memory] = ()
) -> bool:
    """Whether `new` hands a role `old` gives to another holder (see the module docstring);
    `common` holds the query's words, `later` the lessons written after `new` (one that
    names the old holder in the role again keeps both)."""
    if not (says_changed(new.text) or TAKE_OVER.search(new.text)) and not takes_effect(
        new.text, new.created_at
    ):
        return False
    goal = _content(record_goal(old.text)) if old.type is MemoryType.EPISODIC else frozenset()
    for was in holders(old.text):
        # A record's clause names who did what ("Jonah signed off in #kiln"): its goal
        # tells what it was done to.
        was = was._replace(words=was.words | goal)
        for now in holders(new.text):
            if now.role != was.role or same_holder(now.who, was.who):
                continue
            if any(_names(now.clause, w) for w in was.who):
                continue
            shared = was.words & now.words
            if len(shared) < SAME_THING or not shared - common:
                continue
            if swapped(was.clause, now.clause, was.who | now.who):
                continue
            if qualified_apart(was.clause, old.text, now.clause, new.text):
                continue
            if not any(_holds_again(m, was) for m in later):
                return True
    return False


WORD = re.compile(r"[A-Za-z][\w-]*")


def qualified_apart(mine: str, old: str, theirs: str, new: str) -> bool:
    """A word both clauses share follows another word in each, neither a word of the other
    text: "weekend setlist changes" against "weekday setlist changes" (two things, each
    with its holder). Names, role words and small words qualify nothing."""
    before_mine, before_theirs = _before(mine), _before(theirs)
    olds, news = set(tokenize(old)), set(tokenize(new))
    return any(
        a != b and a not in news and b not in olds
        for word, a in before_mine.items()
        if (b := before_theirs.get(word))
    )


def _before(clause: str) -> dict[str, str]:
    """Each content word of the clause, with the content word right before it (stemmed)."""
    out: dict[str, str] = {}
    last = ""
    for raw in WORD.findall(clause):
        stem = "-".join(tokenize(raw))
        small = raw.lower() in function_words() or ROLE.fullmatch(raw) is not None
        word = stem if stem and not small and raw[0].islower() else ""
        if word and last:
            out.setdefault(word, last)
        # "Weekend setlist": a sentence may open on its qualifier, in capitals.
        last = "" if small else stem
    return out


def _names(clause: str, holder: str) -> bool:
    """The clause names `holder` whole, or by the first name of it ("Jonah" of "Jonah
    Pratt"); a word of a channel's name ("#kiln-signing") is no holder's."""
    mine, there = tokenize(holder), set(tokenize(clause))
    return bool(mine) and (set(mine) <= there or (holder[0].isalpha() and mine[0] in there))


def _holds_again(memory: Memory, was: Held) -> bool:
    """A later lesson gives the old holder the same role over the same thing."""
    return any(
        h.role == was.role
        and same_holder(h.who, was.who)
        and len(h.words & was.words) >= SAME_THING
        for h in holders(memory.text)
    )
