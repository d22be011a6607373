"""A held lesson that said another one "still" holds falls with it: "The kiln still fires
on the Tuesday rota with Mia Lund's team. Glaze tests need two days." after "kiln firings
are run by Mia Lund's team on the Tuesday rota". A later text that ends the first lesson
("kiln firings no longer run in-house: the Hotfire co-op runs them") shares few words with
the "still" sentence (the holder is named there, not in the draft), so it was left to tell
the old holder on as if nothing had changed.

A held lesson goes with one the draft replaces when one of its sentences says "still" and
tells that lesson again: `KIN` content words of it at least and `MOST` of the sentence's
own, one of them a word the draft does not say (the old value the draft ends), and one a
word the draft says (the same thing). What else the lesson says goes with it: a lesson
that vouched for an ended state is no longer one to trust whole."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentmem.core.statement import terms

KIN = 3  # content words the "still" sentence shares with the lesson replaced
MOST = 0.6  # share of the sentence's content words the replaced lesson says
SENTENCE = re.compile(r"[^.!?\n]+")
STILL = re.compile(r"\bstill\b(?!\s+(?:to|need|needs|needed|have|has|had)\b)", re.IGNORECASE)


def still_told(draft: str, held: Sequence[tuple[str, str]], replaced: Sequence[str]) -> list[str]:
    """The ids, among (id, text) pairs not `replaced` already, of the lessons with a "still"
    sentence that tells a replaced lesson again (see the module docstring)."""
    texts = dict(held)
    gone = [terms(texts[i]).content for i in replaced if i in texts]
    if not gone:
        return []
    said = terms(draft).content
    out = []
    for memory_id, text in held:
        if memory_id in replaced:
            continue
        for sentence in SENTENCE.findall(text):
            if not STILL.search(sentence):
                continue
            own = terms(sentence).content
            if any(_retold(own, old, said) for old in gone):
                out.append(memory_id)
                break
    return out


def _retold(own: frozenset[str], old: frozenset[str], said: frozenset[str]) -> bool:
    shared = own & old
    return (
        len(shared) >= KIN
        and len(shared) >= MOST * len(own)
        and bool(shared - said)
        and bool(shared & said)
    )
