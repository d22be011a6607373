"""Openings that disown an earlier lesson in a voice of their own, before saying what is
true: "Mistaken lesson — the kiln cracks were never about humidity", "Debunked at the
review: the fan isn't stalling", "We mixed that one up: the scale reads grams", "Bad note
from May, please ignore it: the lid does seal", "Correction to my earlier note: the feed
lists every order", "Retracting my grams tip for the bakery: the scale reads ounces",
"That's wrong - the press has a bulk mode".

Each works as a correction's label does (`agentmem.core.disowned.LABEL`): the causes the
rest denies are the claim withdrawn; when it denies none, its first clause tells the truth
in the withdrawn lesson's own words ("the scale reads grams" of "the scale reads ounces"),
and stands for the claim. What a "mistaken about X" points at is the claim too.

A label must judge a claim (a lesson, a note, an explanation) or the writers' own telling
("we mixed that up"), and stand before a stop or a dash: "bad weather delayed the run"
or "that's wrong for ovens over 200 C" judge no lesson."""

from __future__ import annotations

import re

# Words that name what an earlier text said (`agentmem.core.disowned.CLAIMS`, in nouns).
SAID = r"(?:lesson|note|entry|takeaway|tip|advice|explanation|diagnosis|theory|claim|guess)s?"
STOP = r"\s*(?:[:—–]|\s-+)\s*"
OWNED = re.compile(
    # "Mistaken lesson —", "Bad note from last month, please ignore it:"
    rf"^\W*(?:mistaken|bad|wrong|incorrect|false)\s+(?:earlier\s+|previous\s+|old\s+)?{SAID}"
    rf"\b[^.:;!?—–]{{0,60}}?{STOP}"
    # "Debunked in today's review:", "Debunked:"
    rf"|^\W*(?:debunked|disproved|disproven)\b[^.:;!?—–]{{0,60}}?{STOP}"
    # "We mixed that one up:", "I got that one backwards —"
    r"|^\W*(?:we|i)\s+(?:mixed|muddled)\s+(?:that|this|it)(?:\s+one)?\s+up"
    rf"(?:\s+(?:earlier|before|last\s+\w+))?{STOP}"
    # "we were mistaken about the cache:"
    r"|^\W*(?:we|i)\s+(?:were|was)\s+(?:mistaken|wrong)\s+about\s+"
    rf"(?P<what>[^.:;!?—–]{{2,80}}?){STOP}"
    # "Correction to my earlier note:" (what it corrects is a claim, and no value follows)
    rf"|^\W*correction\s+(?:to|of|on)\s+(?:my|our|the|that|this)\s+(?:\w+\s+){{0,2}}?{SAID}"
    rf"{STOP}"
    # "Retracting my plain-text tip for the mailer:", "Taking back our cache advice —"
    r"|^\W*(?:retracting|withdrawing|taking\s+back|scrapping)\s+(?:my|our|the|that|this)\s+"
    rf"(?P<claim>(?:earlier\s+|previous\s+|old\s+)?[^.:;!?—–]{{0,60}}?\b{SAID}\b"
    rf"[^.:;!?—–]{{0,40}}?){STOP}"
    # "That's wrong -", "That is not right:"
    r"|^\W*(?:that|this)(?:'s|\s+is|\s+was)\s+(?:wrong|incorrect|not\s+(?:right|true|so))"
    rf"(?:{STOP}|\s*[.!]\s+)",
    re.IGNORECASE,
)


def owned_up(text: str) -> re.Match[str] | None:
    """The opening that disowns an earlier lesson (see the module docstring), if any."""
    return OWNED.match(text)


CLAUSE = re.compile(r"[.;:!?](?:\s+|$)|\s+[—–]\s+|\s+-+\s+")


def owned(text: str) -> tuple[str, str] | None:
    """(the claim withdrawn, the reason given) of a text behind such an opening that denies
    no cause (`agentmem.core.disowned` reads those): its first clause, which tells the truth
    in the withdrawn lesson's words, and the rest."""
    label = owned_up(text)
    if label is None:
        return None
    if pointed := label["what"] or label["claim"]:
        return pointed.strip(), text[label.end() :].strip()
    first, *rest = CLAUSE.split(text[label.end() :].strip(), maxsplit=1)
    if not first.strip():
        return None
    return first.strip(), " ".join(rest).strip()
