"""A lesson read as a statement: what it is about (its subject) and what it says of it
(its values), the reading `agentmem.core.restate` compares drafts with.

Values are what can change while the subject stays: numbers with their unit (a count
written as a word too: "two approvals"), clock times, weekdays, versions, dates, commands
and paths as code. The subject is the rest: content terms (stemmed, stopwords out, the
same tokens search uses), the first of them in order (the head: what the text is about),
and the names it mentions (identifiers, capitalised words, short names in capitals). A
text may also say that something changed, and where that change cue points.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import NamedTuple

from agentmem.core.cues import (
    CHANGE,
    CHANGE_NOUN,
    CUE_BACKWARD,
    CUE_FORWARD,
    old_values,
    pointed_at,
    windows_back,
)
from agentmem.core.holders import ROLE as ROLE
from agentmem.core.holders import people
from agentmem.core.names import (
    ACRONYM,
    ALTERNATIVES,
    ASIDE,
    EXTENSION,
    FILE,
    _codes,
    _first_name,
    _only_in_files,
    _words,
    camel_parts,
)
from agentmem.core.names import CAPITALISED as CAPITALISED
from agentmem.core.names import CAPS as CAPS
from agentmem.core.names import CODED as CODED
from agentmem.core.names import IDENTIFIER as IDENTIFIER
from agentmem.core.names import ZONES as ZONES
from agentmem.core.spoken import normalised
from agentmem.core.values import AMOUNT, IPV4, frozen_values, raw_values
from agentmem.core.values import NUMBER as NUMBER
from agentmem.core.values import NUMBER_WORDS as NUMBER_WORDS
from agentmem.core.values import SPELLED as SPELLED
from agentmem.core.values import TIME as TIME
from agentmem.core.values import UNITS as UNITS
from agentmem.core.values import value_words as value_words
from agentmem.core.words import CODE as CODE
from agentmem.core.words import FUNCTION_WORDS as FUNCTION_WORDS
from agentmem.core.words import function_words as function_words
from agentmem.core.words import tokenized, words_tokens
from agentmem.stores.bm25 import WORD

HEAD = 3  # leading content terms that name what a statement is about
# What a phrase says of a thing's state, not what the thing is ("the old scan export"): no
# head term, so "The old scan export is gone; …" is about the scan export.
STATE = frozenset("old previous former earlier existing current".split())  # noqa: SIM905


@dataclass(frozen=True)
class Terms:
    """A text read as a subject (content terms and names) and its values, by kind."""

    content: frozenset[str]
    head: tuple[str, ...]  # the first HEAD content terms, in order: what the text is about
    names: frozenset[str]  # the word tokens of the names the text mentions
    values: Mapping[str, frozenset[str]]
    tokens: frozenset[str]  # every search token of the text, values included
    cued: frozenset[str] = frozenset()  # the terms a correction or replacement cue points at
    proper: frozenset[str] = frozenset()  # what it names outright (see CAPS)
    files: frozenset[str] = frozenset()  # the file paths it names, lower case (see FILE)
    # the head after the labels a text opens on ("ADR-0007: Confidence floor for unreviewed
    # clauses: A clause enters …" is about a clause too), see LABELS
    inner: tuple[str, ...] = ()
    # the values a change moved away from ("from 7 days to 3 days": 7, "10°, not 5°": 5,
    # "instead of Thursday": thursday), see `agentmem.core.cues.old_values`
    moved: frozenset[str] = frozenset()
    # the term a backward cue points at last, and no forward cue ("orders" of "routine
    # orders are no longer …"): the thing it says is no longer so (`subjects._pointed`)
    behind: frozenset[str] = frozenset()
    # The (normalised) text and its body (after a record's identifier, an item label and a
    # lead clause) the readings below are made of. Each is made when first asked: most
    # pairs the judge weighs ask none of them, and together they cost more than the rest.
    text: str = field(default="", repr=False)
    body: str = field(default="", repr=False)

    @cached_property
    def change(self) -> bool:
        """The text says something changed."""
        return bool(self.cued) or bool(CHANGE.search(self.text))

    @cached_property
    def first(self) -> str:
        """The first name it mentions, in text order: what it is about."""
        if not self.proper:  # a name counts only when it is one of these
            return ""
        return _first_name(ASIDE.sub(lambda m: " " * len(m[0]), self.body), self.proper)

    @cached_property
    def cue(self) -> frozenset[str]:
        """The change cue's own words ("changed", "replaces")."""
        return frozenset(
            t
            for pattern in (CUE_FORWARD, CUE_BACKWARD)
            for m in pattern.finditer(self.text)
            for t in tokenized(m.group(0))
        )

    @cached_property
    def joins(self) -> frozenset[tuple[str, frozenset[str]]]:
        """Two adjacent words as one ("roll back" as "rollback", "log in" as "login"), with
        the terms they make apart: the same thing when the other text writes it as one word."""
        return _joins(self.text)

    @cached_property
    def people(self) -> frozenset[str]:
        """The people, teams and channels it names (PEOPLE)."""
        return people(self.text)

    @cached_property
    def roles(self) -> frozenset[str]:
        """The roles it gives them (ROLES' keys)."""
        return frozenset(
            k.replace("_", "-")
            for m in ROLE.finditer(self.text)
            for k, v in m.groupdict().items()
            if v
        )

    @cached_property
    def in_files(self) -> frozenset[str]:
        """The words it names only inside the file paths it names."""
        return _only_in_files(self.text)

    @cached_property
    def parts(self) -> frozenset[str]:
        """The words a name written in CamelCase is made of ("OvenJSON": oven, json), which
        a cue may name alone ("the old JSON reader")."""
        return camel_parts(self.text)

    @cached_property
    def codes(self) -> frozenset[str]:
        """The names it writes as joined codes ("bf-cache-prod", "CNP-017"), lower case, see
        JOINED: one thing's exact spelling, which two texts share only when about that thing."""
        return _codes(self.text)

    @cached_property
    def amounts(self) -> frozenset[str]:
        """The amounts of money it states ("$2,500": "2500"), which `values` counts as
        numbers."""
        return frozenset(m.replace(",", "") for m in AMOUNT.findall(self.text))


# Every reading of a text `Terms` gives, made at once or when first asked (a comparison of
# two versions of the code reads them all: `bench/judge_same.py`, `bench/terms_same.py`).
READINGS = (
    *("content", "head", "names", "values", "tokens", "change", "cued", "proper", "first"),
    *("cue", "joins", "people", "roles", "files", "in_files", "inner", "moved", "parts"),
    *("codes", "amounts", "behind"),
)


# A bold label that opens a note's bullet ("**Schedule:** the sync now runs at 03:15"): a
# heading of its own, which may or may not name what the rest is about.
# A sentence may open on when it took effect ("Since 06-29 the sites run …", "since the 1.29
# upgrade FlowSchemas use …", "After the move, backups go …", "From sprint 12 on, …"): that clause is not what the
# statement is about, so its head and first name are read after it.
LEAD = re.compile(
    r"^\W{0,3}(?:(?:since|as of|after|following|starting|effective"
    # "From sprint 12 on, …", "From then on …": when it holds, up to its "on"
    r"|from\s+(?:[\w.-]+\s+){0,3}?on(?:wards?)?\b,?|from)\s+"
    # a change named as one: "As of the winter menu update the soup is …"
    rf"(?:(?:the|this|our|that)\s+(?:[\w.-]+\s+){{0,3}}?{CHANGE_NOUN}\s+"
    r"|(?:the\s+)?\S*\d\S*(?:\s+(?!(?:the|a|an|we|it|they|all|our)\b)[a-z][a-z-]+)?\s+"
    r"|[^,;:.\n]{1,40},\s*)"  # a value and what happened then, or a clause up to a comma
    # "From lot 7 onward evening classes …": "onward" ends it, comma or none
    r"|from\s+(?:[\w.-]+\s+){1,3}?onwards?\b,?\s+)",
    re.IGNORECASE,
)
LABEL = re.compile(r"^\W{0,3}\*\*[^*\n]{1,40}?\*\*\s*:?\s*")
# A record's identifier that opens a lesson drawn from it ("ADR-019: …", "INC-2291: …"):
# it names the document, not what the lesson is about, so the head is read after it.
RECORD = re.compile(r"^\W{0,3}[A-Z]{2,}-\d+[\w.-]*\s*:\s*")
# A list's item label that opens a line ("Q2 The queue …", "R3. Our backups …"): one capital and
# a number before a capitalised word, the item's place in a list, not what it is about.
ITEM = re.compile(r"^\W{0,3}[A-Z]\d{1,2}[.:)]?\s+(?=[A-Z][a-z])")


# The short labels a lesson may open on, each up to six words and a colon or a dash: a
# document's title, its section's heading ("Runbook: sync — Limits: …").
LABELS = re.compile(r"^\W{0,3}(?:(?:[^\s:;.—–]+\s+){0,5}[^\s:;.—–]+(?::|\s[—–])\s+){1,3}")


# A dated title that opens a lesson drawn from a document ("Weekly ops review - W21 (May
# 18-22): …", "Verification review, week 19 (May 4-8): …"): it names the document, like
# a record's identifier (RECORD), so what the lesson is about is read after it too.
DATED = re.compile(r"^\W{0,3}[^:;.\n]{3,80}\([^()\n]*\d[^()\n]*\):\s+")


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def unlabelled(text: str) -> str:
    """The text without a bold label that opens it (see LABEL)."""
    return LABEL.sub("", text, count=1)


def _plain(text: str) -> tuple[frozenset[str], set[str], set[str]]:
    """A (normalised) text's tokens, its plain content terms and its short names in
    capitals (see `terms`)."""
    # An identifier also counts by its parts: NCCL_TIMEOUT speaks of a timeout.
    tokens = frozenset(tokenized(text))
    # only a token with "_" or "." has parts (`_parts`)
    tokens |= {p for t in tokens if "_" in t or "." in t for p in _parts(t)}
    plain = {t for t in tokens if not any(map(str.isdigit, t))} - value_words()
    plain -= function_words()
    # "The US region" is not "the EU region": a short name in capitals counts even when it
    # is a stopword as a word ("us", "it").
    acronyms = {
        m.lower()
        for m in ACRONYM.findall(CODE.sub(" ", text))
        if set(tokenized(m)) <= function_words()
    }
    return tokens, plain, acronyms


class Reading(NamedTuple):
    """What `terms` reads first of a text: its content terms and its values, by kind."""

    content: frozenset[str]
    values: Mapping[str, frozenset[str]]


@lru_cache(maxsize=4096)
def content_and_values(text: str) -> Reading:
    """`terms(text).content` and `terms(text).values` alone: the readers of a text's
    values by clause need no more, and the rest of `terms` costs them twice as much."""
    text = normalised(text)
    values, _ = raw_values(text)
    _, plain, acronyms = _plain(text)
    return Reading(frozenset(plain | acronyms), frozen_values(values))


@lru_cache(maxsize=4096)
def terms(text: str) -> Terms:
    text = normalised(text)  # "PEs" as "PE", "prod" as "production" (`spoken`)
    values, rest0 = raw_values(text)
    tokens, plain, acronyms = _plain(text)
    names = {
        t for m in IDENTIFIER.findall(text) if not ALTERNATIVES.fullmatch(m) for t in tokenized(m)
    }
    names |= {t for m in CAPITALISED.findall(text) for t in tokenized(m)}
    # A file's extension names no thing: "load.py" and "launch.py" share no subject.
    alone = _words(text)
    names -= {t for m in EXTENSION.findall(text) if m.lower() not in alone for t in tokenized(m)}
    record = RECORD.match(text)
    body = text[record.end() :] if record else text
    body = ITEM.sub("", body)
    lead = LEAD.match(body)
    body = body[lead.end() :] if lead else body
    ordered = _ordered(body, plain, acronyms)
    # a record's title leads the lesson ("ADR-0007: Auto-pay floor: An invoice …"), and a
    # dated title (DATED); not a cue's label ("Correction to …:"), nor a note's bold speaker
    labels = LABELS.match(body) if record is not None else DATED.match(body)
    titled = labels is not None
    plain |= acronyms
    proper = (names | acronyms | {m.lower() for m in CAPS.findall(text)}) - value_words() - ZONES
    # a change word points at what the lesson says, not back at a dated title before it
    lesson = body[labels.end() :] if labels is not None and record is None else text
    forward = pointed_at(lesson, back=False)
    windows = windows_back(lesson)  # `pointed_at(lesson)` is forward and then these
    cued = {t for part in (*forward, *(w for x in windows for w in x)) for t in tokenized(part)}
    cued &= plain | proper
    # the thing a backward cue says is no longer so: the last content term before it (the
    # noun of "routine orders are no longer …")
    back = {
        said[-1]
        for window in windows
        if (said := [t for w in window for t in tokenized(w) if t in cued])
    }
    return Terms(
        content=frozenset(plain),
        head=_head(ordered),
        inner=_head(_ordered(body[labels.end() :], plain, acronyms)) if labels and titled else (),
        names=frozenset(((names & plain) | acronyms) - ZONES),
        values=frozen_values(values),
        tokens=tokens | acronyms,
        cued=frozenset(cued),
        behind=frozenset(back - {t for p in forward for t in tokenized(p)}),
        proper=frozenset(proper),
        files=frozenset(m.lower() for m in FILE.findall(text)),
        moved=frozenset(
            n
            for start, end in old_values(rest0)
            for n in re.findall(rf"{IPV4.pattern}|\d+(?::\d+)?|[a-z]+day", rest0[start:end].lower())
        ),
        text=text,
        body=body,
    )


def _ordered(body: str, plain: set[str], acronyms: set[str]) -> list[str]:
    """The body's content terms in order, short names in capitals among them."""
    return [
        t
        for chunk in body.split()
        for t in (tokenized(chunk) or [w.lower() for w in ACRONYM.findall(chunk)])
        if t in plain or t in acronyms
    ]


def _head(ordered: list[str]) -> tuple[str, ...]:
    """The first HEAD terms, each once, a state word ("old", "current") left out."""
    return tuple(dict.fromkeys(t for t in ordered if t not in STATE))[:HEAD]


def _joins(text: str) -> frozenset[tuple[str, frozenset[str]]]:
    """Each pair of adjacent words written as one word (its first word stemmed or not:
    "rolled back" is "rollback" too), with the terms the two words make apart."""
    words = WORD.findall(text.lower())
    pairs = []
    for first, second in itertools.pairwise(words):
        parts = frozenset((*tokenized(first), *tokenized(second)))  # each a word of the text
        if parts:
            pairs += [(head + second, parts) for head in {first, *tokenized(first)}]
    read = words_tokens([word for word, _ in pairs])  # stemmed in one call, not one a word
    return frozenset(
        (joined, parts)
        for (_, parts), tokens in zip(pairs, read, strict=True)
        for joined in tokens
        if joined not in parts
    )


def _parts(token: str) -> list[str]:
    pieces = re.split(r"[_.]+", token)
    return [p for piece in pieces if len(pieces) > 1 for p in tokenized(piece)]
