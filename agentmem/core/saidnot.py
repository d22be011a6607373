"""A retraction that says the held lesson's claim is not so, in the lesson's own words,
with no word judging it: "turns out the scanner never crops the margins; …", "the relay
never dropped the packets. Our own filter did", "no, the vendor has no weekly freeze", "not
true that the pumps were unprimed — …", "there is no drift: …". The clause that says no
tells the held claim: most of its words are the lesson's, two of them at least its cause's
("… because the relay drops packets") or, when it gives none, its first clause's. And the
text speaks as a correction (`VOICE`: an opening that turns round, a past "never …ed", "after
all", "there is no", a cause told beside), so a rule said in the negative ("store them as
integers, never as floats") or a look-alike on another thing ("US orders never ship on
Sundays" of a lesson on EU orders, which shares too few words) withdraws nothing.

A bare denial ("Not the firmware.", "there is no leak") names the claim by one or two
words: all of them the cause the lesson gives, and the rest of the text tells of the
lesson's failure in two words of it at least. A lesson that says no itself, in the same
words, agrees with the text and stays. `agentmem.core.retract.denies` asks it."""

from __future__ import annotations

import re

from agentmem.core.apart import set_apart
from agentmem.core.gainsay import CAUSAL, GIVEN, HELD_CAUSE, JUDGING
from agentmem.core.statement import STATE, terms
from agentmem.core.withdrawal import DENIED, FRAMING, RETRACTED, retraction

# The text speaks as a correction: it turns round at its opening, denies a past event
# ("never rejected"), "after all", "there is no …", "not true that …".
VOICE = re.compile(
    r"^\W*(?:(?:it\s+)?turns?\s+out|actually|in\s+fact|no(?=\s*[,.;:!—–-])|nope|not\s+so|"
    r"looked\s+(?:again|into\s+it)|on\s+(?:second|closer)\s+(?:look|inspection))\b"
    r"|\bnever\s+\w+ed\b|\b(?:after\s+all|all\s+along)\b"
    r"|\b(?:there\s+(?:is|was|are|were)|there's)\s+no\b"
    r"|\bnot\s+true\b|\b(?:was|were)\s+down\s+to\b|\btraced\s+to\b"
    r"|\balways\s+(?:was|were|has|had|did)\b"
    # a fragment denying a thing alone: "Not the firmware.", "… : not the relay."
    r"|(?:^|[.;:]\s+)not\s+(?:the\s+|a\s+|an\s+)?[\w-]+(?:\s+[\w-]+)?\s*(?:[.;:]|$)",
    re.IGNORECASE,
)
# A clause that says a thing the held cause blames is right after all: "6000 is the right
# divisor and always was", "the link budget checks out", "alerts reach the pagers fine".
RIGHT = re.compile(
    r"\b(?:is|are|was|were)\s+(?:the\s+)?(?:right|correct)\b|\bchecks?\s+out\b|\bfine\b"
    r"|\bcorrectly\b",
    re.IGNORECASE,
)
# A remedy's outcome, no claim judged: "exports work fine once the flag is set".
ONCE = re.compile(r"\b(?:once|if|when|after|unless|provided|as\s+long\s+as)\b", re.IGNORECASE)
NO = re.compile(r"\b(?:never|not|no|none)\b|n't\b", re.IGNORECASE)
# "Not true that the valves were unsealed": the whole clause judged untrue, whatever its
# own polarity, so a lesson saying no in its words ("… aren't sealed") is what it denies.
UNTRUE = re.compile(r"\bnot\s+(?:actually\s+|really\s+)?true\s+that\b", re.IGNORECASE)
PIECE = re.compile(r"[;:,]\s+|\(|(?<=[.!?])\s+|\s+[—–-]+\s+|\s+but\s+|\)", re.IGNORECASE)
# "Not the firmware.", "there is no leak": a denial naming its thing alone.
BARE = re.compile(
    r"^\W*(?:not|there\s+(?:is|was|are|were)\s+no|there's\s+no|no)\s+(?P<thing>[\w\s-]{2,40}?)"
    r"\W*$",
    re.IGNORECASE,
)
# words of the correction's voice, none of the thing said no to (stems, as `terms` gives)
VOICED = frozenset("turn out actual fact look again true all along ever alway".split())  # noqa: SIM905
SAID = 2 / 3  # of the words of the clause that says no, the held lesson's
LEAST = 2  # of its words the held claim's (its cause, or its first clause)
ABOUT = 2  # words of the lesson's failure the rest of a bare denial tells


def said_not(text: str, held: str) -> bool:
    """Whether the text says, as a correction, that the held lesson's claim is not so (see
    the module docstring)."""
    if RETRACTED.match(held) or DENIED.search(held) or retraction(held) is not None:
        return False  # a retraction, or a lesson saying a thing was not it, agrees with it
    if set_apart(text, held):
        return False
    told = any(GIVEN.search(p) for p in PIECE.split(text) if p and not NO.search(p))
    if VOICE.search(text) is None and not told:
        return False
    given = HELD_CAUSE.search(held)
    claim_text = (given["cause"] or given["when"]) if given else PIECE.split(held)[0]
    claim, kept = terms(claim_text).content, terms(held).content
    agreed = [_said(claim_text)] if NO.search(claim_text) else []  # the lesson says no
    for piece in (p for p in PIECE.split(text) if p and NO.search(p)):
        said = _said(piece)
        if not UNTRUE.search(piece) and any(len(said & a) >= LEAST for a in agreed):
            continue  # the lesson says no to it too
        bare = BARE.match(piece)
        if bare is not None and given is not None:
            thing = terms(bare["thing"]).content - JUDGING
            rest = _told(text.replace(piece, " ")) - thing - claim
            if thing and thing <= claim and len(rest & _told(held)) >= ABOUT:
                return True
        if given is None and CAUSAL.search(piece):
            continue  # "X never caused Y" leaves a lesson that tells X as a fact, blaming nothing
        shared = said & kept
        if len(said & claim) >= LEAST and len(shared) >= SAID * len(said):
            return True
    return given is not None and _right_after_all(text, claim_text, held)


def _right_after_all(text: str, cause: str, held: str) -> bool:
    """A clause of the text, saying no to nothing, says the thing the held lesson's cause
    blames is right ("6000 is the right divisor", "the range checks out"), in the cause's
    words and values (two at least) and mostly the lesson's."""
    claim, kept = _told(cause), _told(held)
    for piece in PIECE.split(text):
        if not piece or NO.search(piece) or ONCE.search(piece) or not RIGHT.search(piece):
            continue
        said = _told(RIGHT.sub(" ", piece)) - JUDGING - VOICED - FRAMING - STATE
        if len(said & claim) >= LEAST and len(said & kept) >= SAID * len(said):
            return True
    return False


def _told(text: str) -> frozenset[str]:
    """A text's words and values ("02:00", "3 kg")."""
    said = terms(text)
    return said.content | {v for found in said.values.values() for v in found}


def _said(piece: str) -> frozenset[str]:
    """The words of what a clause says no to, less those judging it or voicing a
    correction."""
    return frozenset(terms(NO.sub(" ", piece)).content - JUDGING - VOICED - FRAMING - STATE)
