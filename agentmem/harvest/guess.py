"""A sentence its author marks as a guess, and a lesson without such sentences (`sure`):
what hook D's distiller (`agentmem.harvest.distill`) leaves out of a lesson."""

from __future__ import annotations

import re

# A sentence whose author says it is a guess ("we suspect …", "untested"): a
# hypothesis to test, not something learned; a later run often refutes it.
GUESS = re.compile(
    r"\b(?:i|we) (?:think|guess|suspect|believe)\b|\bnot (?:yet )?(?:verified|confirmed|tested)\b"
    r"|\b(?:unverified|unconfirmed|untested)\b",
    re.IGNORECASE,
)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(`\"])")


def sure(text: str) -> str:
    """A lesson without the sentences its author marks as a guess ("The kiln runs hot.
    We suspect the relay (untested)." keeps its first sentence): the
    guess is no lesson, and stored as one it outlived the run that refuted it. A lesson
    that is all guess is none ("")."""
    if GUESS.search(text) is None:
        return text
    return " ".join(part for part in SENTENCE_END.split(text) if GUESS.search(part) is None)
