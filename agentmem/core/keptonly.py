"""A draft whose every value is told as kept gives no new value of anything.

"Kiln 2 keeps its feed limit of 240 t/h", "Trucks still load 27 t payload at 40 t gross;
the rail lessor change does not touch truck loading": each says a value holds as it did.
Read for its words, such a draft looked like a new value of a held lesson on its ground
(kiln 2's free-lime alarm, the new rail wagons' payload) and the writer withdrew that
lesson, though the draft says nothing changed. `agentmem.core.unchanged.left_alone` reads a
kept clause beside a changed one; this reads a draft that has no changed clause at all.

A clause is kept when it says its thing keeps or retains its value, still does what it
did, is unchanged or untouched, and not when ("since May the desk keeps its 23:00 close" is a
change); a draft tells only kept values when it says no word of change and every clause
that gives a value is kept (and at least one does). A restatement is still one, and a lesson told
again with one value said to stay (`agentmem.core.asbefore.told_around`) still its new
word: `agentmem.core.toldanew.tells_anew` asks this only before it reads the draft, whole
or without its kept clauses, as a new value.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.cues import says_changed
from agentmem.core.unchanged import CLAUSE, VALUE

KEPT = re.compile(
    r"\b(?:keeps?|retains?)\s+(?:its|their)\b"
    r"|\bstill\s+(?!(?:to|not|no|need|needs|needed|have|has|had|fail|fails|failed|failing|"
    r"waiting|waits|missing|broken|open|down|off)\b)[a-z]+\b"
    r"|\b(?:does|do|did)\s+not\s+(?:touch|affect|change)\b"
    r"|\b(?:unchanged|untouched|unaffected)\b"
    r"|\b(?:is|are)\s+not\s+affected\b",
    re.IGNORECASE,
)
PART = re.compile(r"[,:]\s+")
# When a change took effect: "since 1 May the desk keeps its 23:00 close" is a change.
WHEN = re.compile(r"\b(?:since|from|starting|effective|as\s+of|beginning|until)\b", re.IGNORECASE)


@lru_cache(maxsize=4096)  # a draft meets many held texts per add: read once
def only_kept(draft: str) -> bool:
    """Every clause of the draft that gives a value says it is kept (module docstring)."""
    if says_changed(draft):  # "now X; Y keeps its 4 pm pickup": the change is X's
        return False
    # a comma or a colon parts clauses too: "salt down to 45 g/L, shade still in tolerance"
    parts = [p for c in CLAUSE.split(draft) if c for p in PART.split(c)]
    valued = [p for p in parts if VALUE.search(p)]
    # "since May the desk keeps its 23:00 close": a change told with a word of keeping
    return bool(valued) and all(KEPT.search(c) and not WHEN.search(c) for c in valued)
