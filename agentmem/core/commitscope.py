"""A commit subject leaves what it is about to its scope: "fix(alerts): sender number is
40877" tells a new value of "kiln alarms are texted from sender number 40112" without
naming kiln alarms. `agentmem.core.samething` reads the two as one subject when the draft
is such a subject and shares one more content term than it asks of other texts
(`scoped_subject`).

Not when a clause of the draft says a thing keeps its own or stays as it is, and names the
held text's opening clause: "feat(glaze): default firing = 8 h; stoneware keeps its own
schedule" gives no new value of "stoneware firings run 11 h on their own schedule"."""

from __future__ import annotations

import re

from agentmem.core.statement import terms
from agentmem.core.stays import STAY, any_word

# A commit's type and scope, opening the text: "fix(alerts): ", "feat(kiln-api)!: "
COMMIT = re.compile(r"^\s*[a-z][\w-]*\([\w ./-]+\)!?:\s")
# `agentmem.core.stays`'s words, and a thing's own: not "still" (a subject's "job still
# fails" tells what is wrong, not what is kept) nor "unaffected"
KEPT = any_word(STAY, ("unchanged", "untouched", r"as\s+before", r"its\s+own", r"their\s+own"))
CLAUSE = re.compile(r"[;.]\s+|,\s+")


def scoped_subject(draft: str, held: str, shared: int, needed: int) -> bool:
    """The draft is a commit subject, shares more than `needed` content terms with the held
    text (`shared`), and no clause of it keeps the held text's thing as it is."""
    if COMMIT.match(draft) is None or shared <= needed:
        return False
    opening = terms(CLAUSE.split(held, maxsplit=1)[0]).content
    return not any(
        KEPT.search(clause) and terms(clause).content & opening for clause in CLAUSE.split(draft)
    )
