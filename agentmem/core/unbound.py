"""What a lesson says is binding (a law, a requirement, a thing done on purpose) said not
to be: "a second signature was never a requirement for refunds" withdraws "refunds have
to be signed twice before they are paid", "double-checking the seals is house practice,
not law" withdraws "… the seals must be checked twice; it's a legal requirement", "no
rule caps the crate weight" withdraws "crates over 20 kg are refused; that's the rule",
and "the east door was never meant to be locked at noon" withdraws "the east door is
locked at noon on purpose". The held lesson says what binds (`BINDING`); the text says, in
a clause, that nothing does (`UNBOUND`), of the lesson's own things: that sentence says
`NAMED` of the lesson's words (the binding ones aside) and the text `SHARED`, so "a hard
hat is not required in the office" leaves a lesson on the site's boots. A lesson that
itself retracts, or says a thing was not it, is not the one withdrawn.
`agentmem.core.retract.denies` asks it."""

from __future__ import annotations

import re

from agentmem.core.apart import set_apart
from agentmem.core.disowned import SENTENCE
from agentmem.core.statement import terms
from agentmem.core.withdrawal import DENIED, FRAMING, RETRACTED, retraction

BINDING = re.compile(
    r"\blegal(?:ly)?\s+(?:requirement|required|obligation|duty)\b|\b(?:is|'s|are)\s+(?:the\s+)?"
    r"(?:law|rule)\b|\bby\s+law\b|\b(?:required|mandated)\s+by\b|\b(?:mandatory|compulsory)\b"
    r"|\b(?:have|has|had)\s+to\b|\bmust\b|\b(?:is|are)\s+(?:a\s+)?required?(?:ment)?\b"
    r"|\b(?:on\s+purpose|by\s+design|deliberately|intentionally)\b",
    re.IGNORECASE,
)
UNBOUND = re.compile(
    r"\bnot\s+(?:a\s+)?(?:legal\s+)?(?:law|requirement|required|mandatory|compulsory|"
    r"obligatory)\b|\bno\s+(?:law|rule|regulation|(?:legal\s+)?requirement)\b"
    r"|\bnever\s+(?:been\s+)?(?:a\s+)?(?:legal\s+)?(?:requirement|required|mandatory|"
    r"compulsory|law)\b|\b(?:was|were|is|are)\s+never\s+(?:supposed|meant|intended|required)\s+to\b"
    r"|\b(?:is|are|was|were)(?:\s+not|n't)\s+(?:legally\s+)?(?:required|mandatory|compulsory)\b"
    r"|\bnot\s+(?:on\s+purpose|by\s+design|deliberate(?:ly)?|intentional(?:ly)?)\b",
    re.IGNORECASE,
)
# the words that say what binds, none of them a thing the lesson is about (stems)
BOUND = terms(
    "law legal legally requirement required require mandatory compulsory obligatory rule "
    "regulation purpose design deliberately intentionally supposed meant intended never"
).content
NAMED = 1  # of the lesson's words the sentence that unbinds says
SHARED = 3  # of the lesson's words the whole text says


def unbound(text: str, held: str) -> bool:
    """Whether the text says that what the held lesson says binds does not (see the module
    docstring)."""
    if RETRACTED.match(held) or DENIED.search(held) or retraction(held) is not None:
        return False
    if BINDING.search(held) is None or set_apart(text, held):
        return False
    kept = _words(held)
    if len(_words(text) & kept) < SHARED:
        return False
    return any(UNBOUND.search(s) and len(_words(s) & kept) >= NAMED for s in SENTENCE.split(text))


def _words(text: str) -> frozenset[str]:
    """A text's content words and values, less those that say what binds or frame a claim."""
    said = terms(text)
    values = {v for found in said.values.values() for v in found}
    return frozenset(said.content - BOUND - FRAMING | values)
