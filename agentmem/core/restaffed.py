"""A post given to someone else with no word of change: "Night shift lead: Omar Reyes (ext.
310). Kiln alarms after 22:00 page him first" after "kiln alarms after 22:00 go to the night
shift lead, Ines Vale (ext. 207)". A roster line names who holds a post now; a newer one
naming another holder of the very post tells that the post changed hands, though it says
no "now" or "since" (`agentmem.core.handover` asks for one).

The draft gives the post to another holder when, in one clause of each text:

- the post is the same, named with at least one word of what it is of ("night shift lead",
  not a bare "lead": every team has one), and the holder stands right beside it ("Night
  shift lead: Omar Reyes", "Omar Reyes, the night shift lead", "the lead (Omar Reyes)"), not
  a person named in passing elsewhere in the clause;
- the holders differ, and the draft's clause names one holder only;
- the draft's clause gives the post no case (a number, "only", "above": a phone extension
  or a date aside), and the draft says nothing of a stand-in ("covers", "while", "until",
  "acting", "on leave": the post's holder is away, not replaced);
- the two texts share a content word besides the post's and the holders' (what the post
  is called on for: the kiln alarms), and no phrase is swapped between the two clauses
  (`agentmem.core.newvalue.swapped`: the north site's night shift lead is not the south's).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from agentmem.core.handover import CASE, CLAUSE, DAY, FILLER, Role, posts, roles
from agentmem.core.holders import ROLE, TITLED, people, same_holder
from agentmem.core.newvalue import swapped
from agentmem.core.statement import function_words, terms
from agentmem.stores.bm25 import tokenize

SMALL = frozenset(tokenize("go goes ext tel phone"))  # shared by any two such lines
# Who stands in for a while: the post's holder is away, not replaced.
STAND_IN = re.compile(
    r"\b(?:while|until|till|covers?|covering|cover for|acting|interim|temporar(?:y|ily)|"
    r"on leave|away|stand-?in|stands? in|filling in|fills? in|this week|tonight|today)\b",
    re.IGNORECASE,
)
# A phone extension or number beside a holder's name is no case of the post.
CONTACT = re.compile(r"\b(?:ext|tel|phone|x)\.?\s*\d[\d\s-]*", re.IGNORECASE)
# The words right before a post's own, back to a small word or a clause's start.
FURTHER = re.compile(r"(?:\b[A-Za-z][\w-]*\s+)+$")
LINKS = frozenset(("is", "are", "was", "remains", "becomes", "now", "as", "new"))
# Between a post and its holder, beside each other: punctuation, and a few small words
# ("Omar Reyes is now the night shift lead", "the lead, Omar Reyes").
BESIDE = re.compile(
    r"^[\s,:;()\[\]—–-]*(?:(?:is|are|was|remains|becomes|now|the|our|new|as)[\s,:()—–-]+)*$",
    re.IGNORECASE,
)


def _further(before: str, named: set[str]) -> str:
    """The words at the end of `before` back to a small word or a holder's name: what more
    a post is of."""
    run = FURTHER.search(before)
    words = run[0].split() if run else []
    kept: list[str] = []
    for word in reversed(words):
        small = word.lower() in function_words() or word.lower() in LINKS
        if small or not tokenize(word) or set(tokenize(word)) & named:
            break
        kept.insert(0, word)
    return " ".join(t for w in kept for t in tokenize(w))


def _beside(role: Role, kind: str) -> str | None:
    """The words that qualify the post `kind` further, before its own ("north site" of "the
    north site night shift lead", "" when none), if the clause names one of its holders
    right beside the post (else None)."""
    lower = role.clause.lower()
    for found, match in posts(role.clause, role.holders):
        if found != kind:
            continue
        named = {t for h in role.holders for t in tokenize(h)}
        further = _further(role.clause[: match.start()], named)
        start = match.start() + len(match["of"]) - len(match["of"].lstrip())
        if holder_beside(lower, role.holders, start, match.end()):
            return further
    return None


def holder_beside(lower: str, holders: Iterable[str], start: int, end: int) -> bool:
    """Whether one of `holders` (lower case) stands right beside the post at
    `lower[start:end]`, only `BESIDE` words between them, before the post or after it."""
    for holder in holders:
        at = lower.find(holder)
        if at < 0:
            continue
        stop = at + len(holder)
        between = lower[stop:start] if stop <= start else lower[end:at]
        if BESIDE.match(between):
            return True
    return False


def restaffed(draft: str, held: str) -> bool:
    """The draft names another holder of a post the held lesson gives (see the module
    docstring)."""
    if STAND_IN.search(draft):
        return False
    shared = (terms(draft).content & terms(held).content) - FILLER - SMALL
    shared -= {t for text in (draft, held) for m in ROLE.finditer(text) for t in tokenize(m[0])}
    for new in roles(draft):
        if len(new.holders) != 1:
            continue
        if CASE.search(CONTACT.sub(" ", DAY.sub(" ", TITLED.sub(" ", new.clause)))):
            continue
        for kind in sorted(k for k in new.kinds if k.startswith("post:") and " " in k):
            mine = _beside(new, kind)
            if mine is None:
                continue
            for old in roles(held):
                if kind not in old.kinds or same_holder(new.holders, old.holders):
                    continue
                if _beside(old, kind) != mine:
                    continue  # the north site's post against the south site's
                everyone = new.holders | old.holders
                aside = {t for h in everyone for t in tokenize(h)} | set(kind[5:].split())
                if shared - aside and not swapped(new.clause, old.clause, everyone):
                    return True
    return False


# "Page Ines Vale for kiln alarms", "Ask Omar Reyes before a glaze change": a lesson that
# opens on who to turn to.
TURN_TO = re.compile(r"^\W*(?:page|call|ask|contact|ping|escalate to|tell)\s+", re.IGNORECASE)


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def tells_who(text: str) -> bool:
    """The text's first clause gives a role and names who holds it ("the kiln rota is owned
    by Ines Vale", "Page Omar Reyes for kiln alarms")."""
    first = CLAUSE.split(text, maxsplit=1)[0]
    return bool(roles(first)) or bool(TURN_TO.match(first) and people(first))


def tells_no_one(text: str) -> bool:
    """The text names no person, team or channel and gives no role: whatever it changes, it
    is not who holds a role ("the kiln now fires on the new controller")."""
    return not people(text) and ROLE.search(text) is None
