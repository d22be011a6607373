"""A held lesson that still sends its work to a holder the draft has just replaced.

"Kiln repairs move to Brightway Ceramics from 1 May: open tickets in their queue BW-KILN"
replaces "kiln repairs are done by Ember Works; tickets go to queue EMB-KILN". A second
lesson written beside the first, "cracked kiln shelves are ticketed to Ember Works in
queue EMB-KILN; attach a photo", shares no value `agentmem.core.slots.siblings` reads,
and still routes the work to the holder the draft took the role from. `still_named` takes
it with the lesson replaced (`agentmem.core.kin.kin`) when:

1. The replaced lesson names a holder (a person, a team, a firm: `holders.people`) that
   the draft does not name, and the draft names another one, each in a holder's place
   (after "by", "to" or "with": "done by Ember Works", "moved to Brightway Ceramics"; a
   name after "in" is a place, "feeds in the East Hall").
2. The other lesson names that old holder in a holder's place, names none of the draft's
   holders, and says no "not" (a lesson that says who does *not* hold the work agrees
   with the change).
3. It tells the same work: it names a code of the replaced lesson the draft no longer
   names (a queue, a contract: "EMB-KILN"), or shares `SHARED` content words with the
   replaced lesson besides the holder's own name. A lesson that names the old holder for
   other work ("Ember Works also sells us glaze") shares neither and stays.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentmem.core.cues import NEGATION
from agentmem.core.holders import people, same_holder
from agentmem.core.statement import terms
from agentmem.stores.bm25 import tokenize

SHARED = 3  # content words, besides the holder's name, a lesson shares with the replaced one
# A code written in capitals with a hyphen: a queue, a contract, a form ("EMB-KILN", "QA-7").
CODE_NAME = re.compile(r"(?<![\w/.-])[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+(?![\w/-]|\.\w)")


# Words that give the name after them a holder's place: "maintained by", "ticketed to".
GIVEN = re.compile(r"\b(?:by|to|with)\s+(?:the\s+)?$", re.IGNORECASE)


def _holding(text: str, names: frozenset[str] | set[str]) -> set[str]:
    """Of `names` (lower case), those the text names in a holder's place: right after
    "by", "to" or "with" ("maintained by Ember Works", "ticketed to Ember Works"), not as a
    place or a thing ("feeds in the East Hall")."""
    low = text.lower()
    return {
        n
        for n in names
        for m in re.finditer(re.escape(n), low)
        if GIVEN.search(low[max(0, m.start() - 30) : m.start()])
    }


def _codes(text: str) -> set[str]:
    return {m.lower() for m in CODE_NAME.findall(text)}


def still_named(
    draft: str, replaced: Sequence[str], others: Sequence[tuple[str, str]]
) -> list[str]:
    """Of `others` (held lessons as id and text), those that still send the work of a
    lesson the draft replaced to the holder the draft took it from (see the module
    docstring)."""
    now = frozenset(_holding(draft, people(draft)))
    if not now:
        return []
    out: list[str] = []
    for old in replaced:
        gone = {p for p in _holding(old, people(old)) if not same_holder(frozenset((p,)), now)}
        gone = {p for p in gone if p not in draft.lower()}
        if not gone:
            continue
        codes = _codes(old) - _codes(draft)
        own = {t for p in gone for t in tokenize(p)}
        words = terms(old).content - own
        for memory_id, text in others:
            theirs = people(text)
            if memory_id in out or not same_holder(
                frozenset(_holding(text, theirs)), frozenset(gone)
            ):
                continue
            if same_holder(theirs, now) or NEGATION.search(text):
                continue
            if codes & _codes(text) or len(terms(text).content & words) >= SHARED:
                out.append(memory_id)
    return out
