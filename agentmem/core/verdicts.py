"""Retractions that judge an earlier claim in other words than "wrong" (`agentmem.core.disowned`
reads "was wrong", a correction's label and the causes denied): "Not true that the
cache needs warming - …", "It isn't true that X", "the cache-warming theory didn't hold
up", "the earlier note misattributed it", "my guess was ruled out". `agentmem.core.withdrawal`
asks it when no other shape reads the text.

The claim withdrawn is what the judgement is of: the clause after "not true that", or the
judged subject when it has words of its own besides its framing ("the cache-warming
theory"); when it has none ("the earlier note misattributed it"), the clauses before it in
its sentence, which tell what was misattributed. The rest is the reason. A judged subject
must be a claim (a theory, a note, a guess: `CLAIMED`) or its writers ("we misread it"):
"the pallet jack didn't hold up" is a thing that broke, no retraction."""

from __future__ import annotations

import re

from agentmem.core.disowned import CLAIMED, SENTENCE
from agentmem.core.statement import STATE, terms

# "Not true that <claim>", "It's not true that …", "That isn't true that …" at a sentence's
# opening or after its topic ("Warm-up: not true that …"); the claim ends at a stop or dash.
NOT_TRUE = re.compile(
    r"^\W*(?:[^.;:!?]{2,60}:\s+)?(?:(?:it|that)(?:'s|\s+is|\s+was)(?:\s+not|n't)|not)\s+"
    r"(?:actually\s+|really\s+)?true\s+that\s+(?P<claim>[^.;:!?—–]{3,160}?)"
    r"(?=\s+-+\s|\s*[.;:!?—–]|\s*$)",
    re.IGNORECASE,
)
# "<subject> didn't hold up | fell apart | was ruled out | misattributed it": the clause
# judging a claim, its subject read back to the clause's opening.
HELD_UP = re.compile(
    r"(?P<subject>[^.;:!?—–]{2,120}?)\s+(?:"
    r"(?:did|does|do)(?:\s+not|n't)\s+(?:hold\s+up|hold\s+water|stand\s+up|pan\s+out|check\s+out"
    r"|hold(?=\s*(?:[.;:,!?—–]|$)))"
    r"|fell\s+apart|(?:is|are|was|were|has\s+been|have\s+been)\s+(?:ruled\s+out|disproved|"
    r"disproven|debunked|withdrawn|retracted)|(?:misattributed|misread|misdiagnosed|misidentified)\s+(?:it|this|that|them)"
    r"|(?:got|had|has|have)\s+(?:it|this|that|the\s+cause)\s+wrong)\b"
    # "…, so that wasn't it": a pointer judged no cause, the clauses before it the claim
    r"|(?P<pointer>^|(?<=\bso\s)|(?<=,\s))(?:that|this)\s+(?:was|is)(?:\s+not|n't)\s+it\b",
    re.IGNORECASE,
)
# HELD_UP without its subject: a sentence it finds nothing in is not tried (the lazy
# subject, tried at every opening, made HELD_UP most of a text's reading).
MAY_HOLD_UP = re.compile(
    HELD_UP.pattern.replace(r"(?P<subject>[^.;:!?—–]{2,120}?)\s+", "", 1), re.I
)
CLAUSE = re.compile(r"[.;:,]\s+|\s+-+\s+|\s*[—–]\s*")
SO = re.compile(r"[\s,;]*\bso\s*$", re.IGNORECASE)
WRITERS = re.compile(r"^\W*(?:i|we)\W*$", re.IGNORECASE)


def judged(text: str) -> tuple[str, str] | None:
    """(the claim withdrawn, the reason given) when the text judges an earlier claim in
    one of the voices of the module docstring, else None."""
    sentences = [s for s in SENTENCE.split(text.strip()) if s]
    for at, sentence in enumerate(sentences):
        rest = [s for i, s in enumerate(sentences) if i != at]
        if (untrue := NOT_TRUE.match(sentence)) is not None:
            reason = sentence[untrue.end() :].lstrip(" -—–.;:")
            return untrue["claim"].strip(), " ".join([reason, *rest]).strip()
        for match in HELD_UP.finditer(sentence) if MAY_HOLD_UP.search(sentence) else ():
            if match["pointer"] is not None:  # "…, so that wasn't it"
                before = [*CLAUSE.split(SO.sub("", sentence[: match.start()])), "that"]
            else:
                before = CLAUSE.split(sentence[: match.end("subject")])
            subject = before[-1].strip()
            if match["pointer"] is None and not (CLAIMED.search(subject) or WRITERS.match(subject)):
                continue
            after = sentence[match.end() :].lstrip(" -—–.;:,")
            if _own_words(subject):
                told = "; ".join(p for p in before[:-1] if p.strip())
                return subject, " ".join(p for p in (told, after, *rest) if p).strip()
            claim = "; ".join(p for p in before[:-1] if p.strip())
            if not terms(claim).content and at > 0:  # judged after the claim: "X. That note …"
                told, *reason = CLAUSE.split(sentences[at - 1], maxsplit=1)
                rest = [*reason, *(s for i, s in enumerate(sentences) if i not in (at - 1, at))]
                claim = told
            if not terms(claim).content:
                continue  # "that guess didn't hold up" alone names no claim
            return claim, " ".join(p for p in (after, *rest) if p).strip()
    return None


def _own_words(subject: str) -> frozenset[str]:
    """The words a judged subject has besides the claim it is and its age ("the earlier
    note" has none; "the cache-warming theory" has its own)."""
    return terms(CLAIMED.sub(" ", subject)).content - STATE
