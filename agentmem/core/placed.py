"""A thing said to be kept somewhere else now, named in fewer words than the held lesson
names it: "Glaze recipes now live in the studio wiki" after "Studio glaze recipes live on
the shared drive under /recipes/; copy them before a firing".

`agentmem.core.newvalue.relocated` asks both texts to open on the same two words and
the held one to say "in" or "from"; a lesson that names the thing with one more word
("studio glaze recipes") or says where it is "on" or "under" is never linked. Here the
thing is what stands before the place verb in each text's clause (its content words): the
draft's must be the held one's, or fewer of them (two at least), so a draft about a part of
it ("mobile test fixtures now live in S3" against "test fixtures live in the repo") is a
case of its own, not the new place of the whole. The draft says "now" before its verb;
the held lesson's place is not named in the draft, nor the draft's in the held lesson
(a text naming both places tells of two), and the two are not one frame told of two
things (`parallel`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.newvalue import parallel
from agentmem.core.statement import function_words, terms
from agentmem.stores.bm25 import tokenize

VERB = (
    r"(?:lives?|sits?|comes?|(?:is|are)\s+(?:kept|stored|held|hosted|served|published|"
    r"pulled|fetched|found))\s+(?:in|on|at|from|under|inside|behind)\b"
)
PLACED = re.compile(
    rf"(?:^|(?<=[.;:!?])\s+)(?:\W{{0,3}})(?P<thing>[^.;:!?]{{3,80}}?)\s+(?P<now>now\s+)?{VERB}"
    r"(?P<place>[^.;:!?]{0,80})",
    re.IGNORECASE,
)
MIN_THING = 2  # content words naming the thing
PLACE_WORDS = 1  # first words of the place that say where it is
WORD = re.compile(r"[\w][\w.-]*[\w]|\w")


@lru_cache(maxsize=4096)
def placements(text: str) -> tuple[tuple[frozenset[str], frozenset[str], bool], ...]:
    """Each (thing, place, said "now") a text tells, as content words."""
    out = []
    for m in PLACED.finditer(text):
        thing = terms(m["thing"]).content
        words = [w.lower() for w in WORD.findall(m["place"])]
        where = [w for w in words if w not in function_words() and not set(tokenize(w)) <= thing]
        out.append((thing, frozenset(where[:PLACE_WORDS]), bool(m["now"])))
    return tuple(out)


def placed_anew(draft: str, held: str) -> bool:
    """The draft says the held lesson's thing is kept somewhere else now (see the module
    docstring)."""
    d_words, h_words = _words(draft), _words(held)
    for thing, place, now in placements(draft):
        if not now or len(thing) < MIN_THING or not place:
            continue
        for old_thing, old_place, _ in placements(held):
            if not old_place or old_place & d_words or not thing <= old_thing:
                continue
            if any(w in h_words and not set(tokenize(w)) <= old_thing for w in place):
                continue
            if not parallel(draft, held):
                return True
    return False


@lru_cache(maxsize=4096)  # a draft meets every held lesson of an add: each read once
def _words(text: str) -> frozenset[str]:
    return frozenset(w.lower() for w in WORD.findall(text))
