"""The cause a held lesson gives, and whether a text says no to it: a lesson that tells a
cause ("… come from …", "… because …"), a text that swaps one source for another ("X come
from B, not from A"), and a text that says no to the cause a lesson gives while giving
another beside it (`gainsaid`). Read by `agentmem.core.retract` and its neighbours beside
the retraction shapes of `agentmem.core.disowned`."""

from __future__ import annotations

import re

from agentmem.core.disowned import CLAIMS, REAL, SWAP, SWAPPED
from agentmem.core.statement import terms

SWAPS = re.compile(f"{SWAP}|{SWAPPED}", re.IGNORECASE)
CAUSAL = re.compile(
    r"\b(?:come|comes|came|coming|stem|stems|stemmed|caused|causes|cause|due\s+to|because|"
    r"means|blamed?|from)\b",
    re.IGNORECASE,
)


def causes(held: str) -> bool:
    """Whether a held lesson tells a cause ("… come from …", "… because …"): a text that only
    swaps one source for another ("refund mails come from billing, not from the CRM")
    withdraws no lesson that tells no cause (the CRM's own lesson is a kept fact)."""
    return CAUSAL.search(held) is not None


def swapped(text: str) -> bool:
    """The text denies one source of a thing for another ("X come from B, not from A")."""
    return SWAPS.search(text) is not None


# A cause a lesson gives: the words after "because", "come from", "caused by", "due to".
GIVEN = re.compile(
    r"\b(?:because(?:\s+of)?|(?:come|comes|came|stem|stems|stemmed)\s+from|caused\s+by|due\s+to)"
    r"\s+(?P<cause>(?:[^.;:!?]|[.:](?=\S)){3,160})",
    re.IGNORECASE,
)
# The cause a held lesson gives, in one more way than a text tells one (`GIVEN`): "X
# whenever Y" ("X stops when Y" tells a remedy, no cause; "Y causes X" puts it first).
HELD_CAUSE = re.compile(
    rf"{GIVEN.pattern}|\bwhenever\s+"
    r"(?P<when>(?:[^.;:!?]|[.:](?=\S)){3,160})",
    re.IGNORECASE,
)
# A clause that says no to a thing ("the glaze never runs", "the kilns don't cool at
# night", "not the rolls"), or judges it a wrong lead (`JUDGED`).
JUDGED = re.compile(
    r"(?:\b(?:never|not)|n't)\s+(?:\w+\s+)?(?:caused?|about|due|because|behind|the\s+(?:cause|"
    r"problem|issue|culprit))\b"
    r"|\b(?:was|were|is|are|been)\s+(?:loaded\s+|set\s+|configured\s+)?(?:all\s+)?"
    r"(?:fine|ok|okay|correct|correctly|right|innocent|healthy)\b|\ball\s+along\b"
    r"|\bruled\s+out\b|\bfalse\s+(?:lead|trail|alarm)\b|\bred\s+herring\b|\bdead\s+end\b"
    r"|\bno\s+(?:effect|difference|part|role)\b|\bmisdiagnos\w*|\bmisread\b"
    r"|\b(?:was|were|is|are)\s+(?:off|wrong|mistaken|incorrect)\b"
    rf"|\b(?:{CLAIMS})\b",
    re.IGNORECASE,
)
NEGATED = re.compile(rf"\b(?:never|not)\b|n't\b|{JUDGED.pattern}", re.IGNORECASE)
# Another cause told beside: "came from", "the real cause", "root cause", "fixed it".
OTHERWISE = re.compile(r"\broot\s+cause\b|\bfix(?:ed|es)?\b", re.IGNORECASE)
PIECE = re.compile(r"[;:,]\s+|(?<=[.!?])\s+|\s+[—–-]\s+|\s+but\s+", re.IGNORECASE)
GAINSAID = 2 / 3  # of the words of the clause that says no, the held lesson's words
# words that judge or frame, none of the thing said no to (stems, as `terms` gives them)
JUDGING = frozenset(
    "note lesson theori idea guess claim blame earlier previous wrong fine correct correctli "  # noqa: SIM905
    "right rule out fals lead trail herring misdiagnos misread effect differ all along actual "
    "after never not".split()
)


def gainsaid(text: str, held: str) -> bool:
    """Whether a text says no to the cause a held lesson gives ("… because the kiln
    cools too fast at night") and gives another cause beside it: "the kiln never cools
    fast at night; the cracks came from wet clay", "the rolls were a false lead; the blank
    prints came from a dirty head". Told without a word that names the lesson, the link is the cause itself: a clause of the text that says no or
    judges a lead wrong (`NEGATED`), whose words (less the judging ones) are mostly the
    held lesson's (`GAINSAID` of its own, two of them its cause's), beside a clause
    giving another cause ("came from", "the real cause"), unless it judges a lead wrong
    itself ("the rolls were a false lead", "… weren't caused by the rolls"). A text on
    another thing ("US invoices never call the VAT service; they fail because …" against
    "EU invoices fail because the VAT service times out") says no in words mostly not the
    held lesson's, and one that says no and nothing else ("the VAT service doesn't time out
    on the sandbox", "store them as integers, never as floats") judges nothing and gives no
    other cause: both leave it."""
    cause = HELD_CAUSE.search(held)
    if cause is None:
        return False
    given, kept = terms(cause["cause"] or cause["when"]).content, terms(held).content
    pieces = [p for p in PIECE.split(text) if p.strip()]
    saying_no = [p for p in pieces if NEGATED.search(p)]
    others = [p for p in pieces if p not in saying_no]
    told = any(GIVEN.search(p) or REAL.search(p) or OTHERWISE.search(p) for p in others)
    if not told and not any(JUDGED.search(p) for p in pieces):
        return False  # "stored as integers, never as floats" says no to a way, judges nothing
    for piece in saying_no:
        said = terms(NEGATED.sub(" ", piece)).content - JUDGING  # what it says no to
        shared = len(said & kept)
        if len(said & given) >= 2 and shared >= GAINSAID * len(said):
            return True
    return False
