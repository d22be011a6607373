"""A thing handed on, told by who gave it up: "Ana handed the glaze rota over on Friday:
the studio board keeps it now" after "The glaze rota belongs to the kiln crew (Ana
Ruiz); swaps go through her".

The held lesson says who holds a thing; the draft says that holder handed that thing
over, and may name the new holder in words the held lesson never used ("the studio
board"), or none at all. The rules that read a role handed on compare the two holders'
roles clause by clause (`agentmem.core.handover`); here the old holder's own name is the
cue, so what the new holder does with it may be told any way. The draft hands the held
thing on when:

- it says that someone handed, passed or turned a thing over (or gave it up), not that
  they did not ("has not handed … over yet");
- the giver is named in the held lesson (a person's first name, a team's name), and so
  is every content word of the thing given ("the glaze rota"): not another thing the same
  person gives up.
"""

from __future__ import annotations

import re

from agentmem.core.holders import people, same_holder
from agentmem.core.statement import terms

# "<Giver> handed <the thing> over", "<Giver> handed over <the thing>", "<Giver> passed
# <the thing> (on) to …", "<Giver> gave up <the thing>"; the giver a name in capitals.
GIVEN = re.compile(
    r"(?P<giver>\b[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2})\s+(?:has\s+|have\s+)?"
    r"(?:(?:handed|passed|turned)\s+(?:over\s+|on\s+)?(?P<thing>(?:the|its|his|her|their)\s+"
    r"[^.;:,!?]{2,60}?)\s+(?:over|on|to)\b|(?:gave|given)\s+up\s+(?P<up>(?:the|its|his|her|"
    r"their)\s+[^.;:,!?]{2,60}?)(?=\s+(?:on|to|in|from|at|last|this)\b|[.;:,!?]|$))"
)
NOT = re.compile(r"\b(?:not|never|n't|yet to)\b", re.IGNORECASE)


def handed_on(draft: str, held: str) -> bool:
    """The draft says the held lesson's holder handed its thing on (see the module
    docstring)."""
    holders = people(held)
    if not holders:
        return False
    told = terms(held).content
    for match in GIVEN.finditer(draft):
        if NOT.search(match.group(0)):
            continue
        words = match["giver"].lower().split()  # "Yesterday Rob": the name ends the run
        givers = frozenset(" ".join(words[at:]) for at in range(len(words)))
        thing = terms(match["thing"] or match["up"]).content
        if thing and thing <= told and any(same_holder(frozenset({g}), holders) for g in givers):
            return True
    return False
