"""A cause answered by a fact: a later text withdraws a lesson's cause by stating, of the
thing the cause was about, what is so ("the indexer does handle umlauts", "the fan is
mounted fine", "the thumbnails render fine"), beside another cause of the same failure.

A held lesson ("Search misses German titles because the indexer drops umlauts") is
withdrawn by "The indexer does handle umlauts; the misses came from a stale synonym file"
when the text affirms a thing of its cause (`AFFIRMED`, `FINE`), tells of the same failure
(a word of what the lesson says went wrong, besides the cause), and gives that failure
another cause ("came from", "because", "the misses were a stale file"). The affirmed
clause names the cause: an emphatic "does <verb>" restates most of the cause's words (two
at least), a thing judged fine is the cause's own thing (its head word is the cause's).

A look-alike stays: a text that only says a thing works ("the indexer does handle umlauts
now") gives no other cause; one on another failure ("imports failed because …" against a
lesson on exports) shares no word of the failure beside generic ones; a lesson that gives
no cause has none to answer."""

from __future__ import annotations

import re

from agentmem.core.cues import NEGATION
from agentmem.core.disowned import REAL
from agentmem.core.gainsay import GIVEN, HELD_CAUSE, PIECE
from agentmem.core.statement import terms

# An emphatic "does <verb>": said of a thing to answer what was said it does not do ("the
# indexer does handle umlauts"). A question ("Why do …?"), "does not", "to do with", "do
# nothing" and a name in capitals ("the DO tags") are none.
AFFIRMED = re.compile(
    r"^\W*(?P<subject>\w[^,;:?]{1,80}?)(?<!\bto)\s+(?:does|do|did)\s+"
    r"(?!(?:not|never|so|too|the|a|an|it|this|that|with|nothing|anything|something)\b)"
    r"(?P<verb>[a-z]\w+)\b"
)
NEGATED = re.compile(rf"{NEGATION.pattern}|\b(?:nothing|nobody|neither)\b|\?", re.IGNORECASE)
# A thing judged fine, or said to work fine: "the fan is mounted fine", "the thumbnails
# render fine", "the hinge was fine in the end" (the judgement closes its clause).
FINE = re.compile(
    r"^\W*(?P<subject>\w[^,;:?]{1,80}?)\s+(?:(?:is|are|was|were|has\s+been|have\s+been)\s+"
    r"(?:\w+\s+)?|(?P<verb>\w+)\s+(?:just\s+)?)(?:fine|ok|okay|correctly|properly)"
    r"(?:\s+(?:after\s+all|all\s+along|the\s+whole\s+time))?\W*$",
    re.IGNORECASE,
)
COPULA = re.compile(r"\s+(?:is|are|was|were|has\s+been|have\s+been)$", re.IGNORECASE)
# "<the failure> was <another cause>": "the misses were a stale synonym file".
WAS_CAUSE = re.compile(
    r"^\W*(?P<subject>\w[^,;:?]{1,100}?)\s+(?:was|were)\s+(?:all\s+|just\s+)?"
    r"(?:a|an|the|our|their|its|from|caused\s+by|due\s+to)\s",
    re.IGNORECASE,
)
SHARE = 2 / 3  # of an emphatic clause's words, those of the cause it answers
# Words that tell a failure happened, not which: "imports failed" and "exports failed"
# tell two failures (stems, as `agentmem.core.statement.terms` gives them).
FAILING = frozenset(
    "fail error issu problem broke break wrong happen bad occur caus becaus".split()  # noqa: SIM905
)


def answered(text: str, held: str) -> bool:
    """Whether the text answers the cause the held lesson gives with a fact, beside
    another cause of the same failure (see the module docstring)."""
    cause = HELD_CAUSE.search(held)
    if cause is None:
        return False
    given = terms(cause["cause"] or cause["when"]).content
    failure = terms(held[: cause.start()]).content - given - FAILING
    pieces = [p for p in PIECE.split(text) if p.strip()]
    for at, piece in enumerate(pieces):
        if not _names_cause(piece, given):
            continue
        rest = [p for i, p in enumerate(pieces) if i != at]
        if not failure & terms(" ".join(rest)).content:
            continue  # another failure, or none told
        if any(_other_cause(p, failure) for p in rest):
            return True
    return False


def _names_cause(piece: str, given: frozenset[str]) -> bool:
    """The piece affirms a thing of the cause whose words are `given`: an emphatic clause
    that restates most of them, or a thing judged fine whose head word is the cause's."""
    if NEGATED.search(piece):
        return False  # a clause that says no, or asks
    if (fine := FINE.match(piece)) is not None:
        return _head(COPULA.sub("", fine["subject"])) in given
    if (emphatic := AFFIRMED.match(piece)) is not None:
        said = terms(piece[emphatic.start("subject") :]).content
        shared = len(said & given)
        return shared >= 2 and shared >= SHARE * len(said)
    return False


def _head(subject: str) -> str:
    """The last content word of a subject, what it names ("the cooling fan": "fan")."""
    for word in reversed(subject.split()):
        if found := terms(word).content:
            return min(found)
    return ""


def _other_cause(piece: str, failure: frozenset[str]) -> bool:
    """The piece gives a cause: "came from", "because", "the real cause", or the failure
    said to have been another thing ("the misses were a stale synonym file")."""
    if GIVEN.search(piece) or REAL.search(piece):
        return True
    was = WAS_CAUSE.match(piece)
    return was is not None and len(terms(was["subject"]).content & failure) >= 2
