"""What a draft says stopped, and whether it is what a held lesson tells.

A draft that says something "no longer" happens ("the mobile app no longer bundles fonts")
tells a new state of one practice: the one the cue negates. It shares its opening with
every lesson on the same thing ("the mobile app polls the status endpoint …", "the mobile
app caches push payloads …"), so read as a change of all of them it replaced lessons on
other practices of that thing, true and needed still. A stop is a change of a held lesson
only when what stopped is what the held lesson tells: a content word of what the cue
negates is one of the held lesson's, or the two state one value (a day, a command: "no
longer waits every Thursday" of what is set to Thursdays). A stop of no practice in
particular ("the rule no longer applies", "is no longer needed") names none: it is left to
the other readers.
"""

from __future__ import annotations

import re

from agentmem.core.cues import CHANGE
from agentmem.core.statement import terms

# A stop and what it negates: "no longer <words>", "not/never <words> any more"
STOP = re.compile(
    r"\bno\s+longer\s+(?P<after>[^.;:,()]{1,80})"
    r"|\b(?:not|n't|never)\s+(?P<between>(?:[\w-]+\s+){1,5}?)any\s*more\b",
    re.IGNORECASE,
)
STOP_CUE = re.compile(r"no\s+longer|(?:no|not|never)\b.*\bany ?more|anymore", re.IGNORECASE)
WINDOW = 4  # words of what the cue negates
# Predicates of no practice in particular: what stopped is the held lesson as a whole.
GENERIC = frozenset(
    [
        "appli",
        "apply",
        "hold",
        "need",
        "requir",
        "necessari",
        "true",
        "valid",
        "work",
        "exist",
        "happen",
        "use",
        "used",
        "case",
        "effect",
        "place",
        "allow",
        "support",
        "matter",
        "relev",
        "count",
        "possibl",
    ]
)


def stops_other(draft: str, held: str) -> bool:
    """Every change the draft tells is a stop (`STOP`), and what each stops names nothing
    the held lesson tells (see the module docstring)."""
    cues = [m.group(0) for m in CHANGE.finditer(draft)]
    # "instead" beside a stop tells what took the stopped practice's place, no other change
    stops = [c for c in cues if c.strip().lower() != "instead"]
    if not stops or not all(STOP_CUE.fullmatch(c.strip()) for c in stops):
        return False
    negated = [m["after"] or m["between"] for m in STOP.finditer(draft)]
    if not negated:
        return False
    d, h = terms(draft), terms(held)
    if any(v & h.values.get(kind, frozenset()) for kind, v in d.values.items()):
        return False  # a value both state: the stop is of what the held lesson sets
    said = h.content
    for words in negated:
        what = set(terms(" ".join(words.split()[:WINDOW])).content)
        if not what or what & GENERIC or what & said:
            return False  # a stop of the held lesson's own practice, or of no practice named
    return True
