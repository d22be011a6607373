"""A cause contradicted: a later text says no, in its own words, to the very thing a held
lesson gave as its cause, and tells what the failure came from instead. "Sorter jams
happen because the belt motor stalls under load" is withdrawn by "The belt motor never
stalled. The jams were a worn guide rail", though the text opens on no retraction cue and
never calls the lesson wrong.

What ties the text to the lesson is the cause itself: a clause of the text that says no
(`SAYS_NO`: "never", "isn't", "no …", "nothing in …") is mostly the held lesson's words,
and two of them (one, when it is a name the lesson spells in capitals) are words of the
cause it gave. And the text is about the same failure: beside that clause, another tells
what the failure came from (`OTHER_CAUSE`: "were …", "come from", "because", "the real
cause") in one of the failure's own distinctive words.

A look-alike stays. A lesson whose cause says no itself ("… because the belt is not
tensioned") is restated, not contradicted, by a text that says no to it too; a text that
says no about another part ("the lift motor never stalls") has a word the lesson lacks (a
name, a word before its "no", or a quarter of its words); a
text that says no and tells nothing else ("the motor doesn't stall on the test rig") gives
no other cause; one that tells the cause again beside the clause that says no ("the motor
stalls under load, not the belt") agrees with it."""

from __future__ import annotations

import re

from agentmem.core.deniedcause import FAILS_WHEN, distinctive
from agentmem.core.disowned import REAL
from agentmem.core.gainsay import GIVEN, HELD_CAUSE
from agentmem.core.statement import terms

# A clause that says no to a thing or a deed.
SAYS_NO = re.compile(
    r"\b(?:not|never|no|nothing|nobody|none|neither|nor)\b|n't\b|\bonly\s+(?:one|a\s+single)\b",
    re.IGNORECASE,
)
# Tokens the saying-no leaves behind ("isn't": "isn"), none a thing's word.
NO_WORDS = frozenset(
    "isn wasn aren weren doesn didn don hasn haven hadn won couldn shouldn wouldn noth "  # noqa: SIM905
    "anyth never not onli singl at all".split()
)
# Clauses, split where a text turns from one statement to the next.
CLAUSES = re.compile(r"(?<=[.!?])\s+|[;:]\s+|\s+[—–-]+\s+|,\s+(?:so|but|and)\s+", re.IGNORECASE)
# Another cause of the failure told: "<the failure> were/was/came from/come from …".
OTHER_CAUSE = re.compile(
    r"\b(?:was|were|is|are)\s+(?:all\s+|just\s+|actually\s+|really\s+)?"
    r"(?:a|an|the|our|their|its|from|caused\s+by|due\s+to|ones?)\b"
    r"|\b(?:come|comes|came|coming|stem|stems|stemmed)\s+from\b|\bcaused\s+by\b|\bdue\s+to\b"
    r"|\bbecause\b",
    re.IGNORECASE,
)
# "<the failure> was/were …": a clause telling what the failure was, by its subject.
WAS = re.compile(r"^\W*(?P<subject>\w[^,;:?]{1,100}?)\s+(?:was|were|is|are)\s+\w", re.IGNORECASE)
CAUSE_TIE = 2  # of the clause's words, those of the held cause (one, for a name)
SHARE = 3 / 4  # of the clause's words, those of the held lesson
PREFIX = 5  # letters two stems share to be one word ("regul" of "regulatori")


def contradicted(text: str, held: str) -> bool:
    """Whether the text says no to the cause the held lesson gives and tells another cause
    of the same failure (see the module docstring)."""
    cause = HELD_CAUSE.search(held) or FAILS_WHEN.search(held)
    if cause is None:
        return False
    told = cause.group(cause.lastgroup or 0)
    if SAYS_NO.search(told):
        return False  # a cause that says no itself: saying no to it again agrees
    given = distinctive(terms(told).content) - NO_WORDS
    failure = distinctive(terms(held[: cause.start()]).content) - NO_WORDS - given
    kept = terms(held).content
    names = terms(held).proper
    clauses = [c for c in CLAUSES.split(text) if c and c.strip()]
    for at, clause in enumerate(clauses):
        if (no := SAYS_NO.search(clause)) is None:
            continue
        subject = terms(clause[: no.start()])
        if (
            distinctive(subject.content) - _shared(subject.content, kept)
            or terms(clause).proper - names
        ):
            continue  # said of another thing: "the south gauges never …", "US invoices never …"
        said = distinctive(terms(clause).content) - NO_WORDS
        tied = _shared(said, given)
        # one word of the cause is enough for a name, or beside two of the failure
        one = bool(tied & names) or len(_shared(said, failure)) >= CAUSE_TIE
        if len(tied) < CAUSE_TIE and not (tied and one):
            continue
        if len(_shared(said, kept)) < SHARE * len(said):
            continue  # says no about another thing
        rest = [c for i, c in enumerate(clauses) if i != at]
        if any(_other_cause(c, failure, given) for c in rest):
            return True
    return False


def _other_cause(clause: str, failure: frozenset[str], given: frozenset[str]) -> bool:
    """The clause tells a cause of the failure: a cause's voice, a word of the failure, and
    not the held cause told again."""
    words = distinctive(terms(clause).content)
    was = WAS.match(clause)
    if was is not None and SAYS_NO.search(was["subject"]) is None:
        told = distinctive(terms(was["subject"]).content)
        if _shared(told, failure):
            return True  # "the stalls were a worn rail"
    if not (OTHER_CAUSE.search(clause) or GIVEN.search(clause) or REAL.search(clause)):
        return False
    if SAYS_NO.search(clause) is None and len(_shared(words, given)) >= CAUSE_TIE:
        return False  # the held cause told again: the text agrees with it
    return bool(_shared(words, failure))


def _shared(a: frozenset[str], b: frozenset[str]) -> frozenset[str]:
    """The words of `a` that `b` says too, a stem and a longer one of it counted as one."""
    return frozenset(
        w
        for w in a
        if w in b
        or any(len(w) >= PREFIX and len(v) >= PREFIX and w[:PREFIX] == v[:PREFIX] for v in b)
    )
