"""A statement that sets itself apart from another thing is no new value of that thing.

"Turboprop A-checks are every 500 FH, a different interval from the jets" tells the
turboprops' interval and says outright that the jets have their own: it replaces no held
lesson about the jets. Nor does "the release target is 85%; that is a separate number from
the nightly bar" replace the nightly bar, or "EU shops now use the 30-day lowest price; the
UK is different" replace what the UK does, or "day-desk refunds close at 16:00 now; the
night desk keeps its own 22:00 close" replace a lesson about the night desk (`kept_apart`), or "Tier B's cap is 4 hours; same
refusal rule as Tier A" replace Tier A's cap (`compared_apart`). Nor does a text about another
environment, region, tier or platform than the held one's, or one opening on another name
("the sandbox cap is 5" against "the prod cap is 9", `agentmem.core.qualified`).
`agentmem.core.verdict` asks `set_apart` before it lets a draft replace a held memory.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.contrasted import contrasted_apart
from agentmem.core.labels import opens_on_other_member
from agentmem.core.otherkind import not_that_kind
from agentmem.core.qualified import qualified_apart
from agentmem.core.statement import terms
from agentmem.core.words import function_words, tokenized

# The thing named apart: "a different interval from the jets", "a separate number from the
# nightly bar", "unlike the unit tests" ...
_THING = r"(?:the\s+|our\s+|their\s+)?(?P<thing>[\w./-]+(?:\s+[\w./-]+)?)"
FROM = re.compile(
    r"\b(?:different|separate|distinct|apart)\b(?:\s+[\w-]+){0,3}?\s+(?:from|than|to)\s+" + _THING,
    re.IGNORECASE,
)
UNLIKE = re.compile(r"\bunlike\s+" + _THING, re.IGNORECASE)
# ... or said of it in a clause after the one the text is about: "the UK is different",
# "the old fleet is still 256", "online-only promos are not affected". (Not "X stays at 5":
# a held rule for every site, X among them, is what "site A is 10 now; X stays at 5" changes.)
SAID_OF = re.compile(
    r"(?:[.;:,]\s+|\bbut\s+|\band\s+|\bwhile\s+)(?:the\s+)?(?P<thing>[\w./-]+(?:\s+[\w./-]+)?)"
    r"\s+(?:is|are)\s+(?:different|separate|unchanged|not\s+affected|unaffected|still)\b",
    re.IGNORECASE,
)


# ... or said to keep what it had: "the night shift keeps its own 22:00 handover", "the
# EU desk stays at 16:00", "Dana Reyes still signs off the refunds" (a clause after
# the one the text is about). Only a held text that opens on that thing is set apart (see
# `kept_apart`): a held rule for every desk, the EU's among them, is what the draft changes.
KEPT = re.compile(
    r"(?:[.;:,(]\s+|\bbut\s+|\band\s+|\bwhile\s+)(?:the\s+)?"
    r"(?P<thing>[\w./-]+(?:\s+[\w./-]+){0,3}?)\s+(?:"
    r"(?:keeps?|retains?)\s+(?:its|their)\b|"
    r"(?:stays?|remains?)\s+(?:on|at|with)\b|"
    r"(?P<still>still)\s+(?!\w+ing\b)[a-z]+\b)",
    re.IGNORECASE,
)


# ... or compared with it: "Tier B's cap is 4 hours; same refusal rule as Tier A" tells what
# Tier B shares with Tier A, so Tier A is another thing, and a held text that opens on it
# keeps its own value (see `compared_apart`).
SAME_AS = re.compile(
    r"\bsame\s+(?:[\w-]+\s+){0,3}?as\s+(?:(?:in|for|with|on)\s+)?(?:the\s+)?"
    r"(?P<thing>[\w/-]+(?:[ \t]+[\w/-]+)?)",
    re.IGNORECASE,
)
# "the same limit as before", "same as last week", "the same rule as it": no other thing
NOT_A_THING = frozenset(
    "before usual ever always now today yesterday it that this them those one ones".split()  # noqa: SIM905
)


WORD = re.compile(r"\w[\w.-]*\w|\w")
SKIP = frozenset("the a an of and or is are to in on for with that this it".split())  # noqa: SIM905
# "unlike the previous release", "different from the old one": the old value, no other thing
STATE = frozenset("old previous former earlier existing current new last".split())  # noqa: SIM905


def _raw(text: str) -> set[str]:
    return set(WORD.findall(text.lower()))


def _words(text: str) -> list[str]:
    skip = function_words() | SKIP
    return [w for w in WORD.findall(text.lower()) if w not in skip]


def things_apart(text: str) -> list[tuple[list[str], bool]]:
    """The words of each thing a text sets itself apart from, and whether it was named by
    a word of difference before it ("different from X": its first word is enough to know
    it) or said of itself ("X is still ...": all of its words are)."""
    return [(list(words), led) for words, led in _things_apart(text)]


@lru_cache(maxsize=4096)  # a draft meets many held texts per add: read once
def _things_apart(text: str) -> tuple[tuple[tuple[str, ...], bool], ...]:
    found = [(m["thing"], True) for p in (FROM, UNLIKE) for m in p.finditer(text)]
    found += [(m["thing"], False) for m in SAID_OF.finditer(text)]
    return tuple(
        (tuple(words), led)
        for words, led in ((_words(s), led) for s, led in found if not STATE & _raw(s))
        if words
    )


@lru_cache(maxsize=4096)
def _word_set(text: str) -> frozenset[str]:
    """`_words(text)` as a set, once per text."""
    return frozenset(_words(text))


@lru_cache(maxsize=4096)
def _kept(text: str) -> tuple[frozenset[str], ...]:
    """The content terms of each thing the text says keeps what it had (KEPT)."""
    out = []
    for match in KEPT.finditer(text):
        words = terms(match["thing"]).content
        if match["still"] and len(words) < 2:
            continue  # "the job still fails": a story goes on, it keeps no value of its own
        if words and not STATE & _raw(match["thing"]):
            out.append(words)
    return tuple(out)


@lru_cache(maxsize=4096)  # asked of one pair by several rules of an add
def set_apart(draft: str, held: str) -> bool:
    """The draft names apart a thing the held text is about."""
    things = _things_apart(draft)
    held_words = _word_set(held) if things else frozenset()
    opening = _opening(held) if things else frozenset()
    for words, led in things:
        # Said of itself ("the displays are unaffected"), the thing is set apart from a
        # held text about it, one that opens on it, not from one that only mentions it
        # ("reminders go out after 3 days; shorter gaps only show on the dashboard").
        if (
            (words[0] in held_words)
            if led
            else held_words.issuperset(words) and words[0] in opening
        ):
            return True
    return (
        kept_apart(draft, held)
        or opens_on_other_member(draft, held)  # "PM3 …" against "PM1 …"
        or compared_apart(draft, held)
        or contrasted_apart(draft, held)  # "never copy C1's limits", "lower than Norte"
        or of_another_year(draft, held)
        or qualified_apart(draft, held)
        or not_that_kind(draft, held)
    )


# A year that names which thing a text is of: "the 2026 price list", "TY2025 limits", "for
# 2025". Not when a change took effect ("since 2026 …", "from 2025 on"), nor a count or a
# code ("reads 2035 records", "answers 2035"): only after "the", "for", "TY", "FY".
YEAR = re.compile(
    r"(?<![\w.:/-])(?:(?P<tagged>TY|FY)|(?P<led>(?:the|for|tax\s+year|year)\s+))?"
    r"(?P<year>199\d|20[0-3]\d)(?![\w.:/-]|\s*[-–]\s*\d)",
    re.IGNORECASE,
)
WHEN = re.compile(
    r"\b(?:since|from|until|till|before|after|starting|effective|as\s+of|by|in)\s+$", re.IGNORECASE
)


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def years(text: str) -> frozenset[str]:
    """The years a text names its thing by (see YEAR)."""
    found = set()
    for m in YEAR.finditer(text):
        if WHEN.search(text[max(0, m.start() - 12) : m.start()]):
            continue
        if m["tagged"] or m["led"]:
            found.add(m["year"])
    return frozenset(found)


def of_another_year(draft: str, held: str) -> bool:
    """Each names its thing by a year the other does not name ("the 2026 price list"
    against "the 2025 price list"): each year's own fact, not a new value of the other."""
    a, b = years(draft), years(held)
    return bool(a) and bool(b) and not a & b


OPENING = 6  # words a text opens on, function words left out: what it is about


@lru_cache(maxsize=4096)
def _opening(text: str) -> frozenset[str]:
    return frozenset(_words(text)[:OPENING])


def kept_apart(draft: str, held: str) -> bool:
    """The draft says, in a clause after its own news, that the thing the held text opens
    on keeps what it had ("the day desk closes at 16:00 now; the night desk keeps its own
    22:00 close" is no new value of "the night desk closes at 22:00"): told of it, the
    held value stands. A held text that opens on something else (a rule for every desk)
    is still what the draft changes."""
    kept = _kept(draft)
    if not kept:
        return False
    head = set(terms(held).head)
    # a thing of more words than the head holds is read among the held text's opening
    # words ("the county tax ledger sync keeps its own weekly slot" of "the county tax
    # ledger sync runs weekly on Sundays")
    opening = {t for w in _opening(held) for t in tokenized(w)}
    return any(words <= head or (len(words) > len(head) and words <= opening) for words in kept)


def compared_apart(draft: str, held: str) -> bool:
    """The draft says what it shares with another thing ("same rule as Tier A") and the held
    text opens on that thing (every word of it, a one-letter name too, among its first
    words) where the draft's own opening does not: the held text is that other thing's,
    whose value the draft does not change."""
    held_opening = _raw_opening(held)
    draft_opening = _raw_opening(draft)
    for match in SAME_AS.finditer(draft):
        thing = set(WORD.findall(match["thing"].lower()))
        if not thing or thing & (STATE | NOT_A_THING):
            continue
        if thing <= held_opening and not thing <= draft_opening:
            return True
    return False


@lru_cache(maxsize=4096)
def _raw_opening(text: str) -> frozenset[str]:
    """A text's first words, every one (a one-letter name is a name)."""
    return frozenset(WORD.findall(text.lower())[:OPENING])
