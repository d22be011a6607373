"""A cause a held lesson gave, found unfounded in plain words rather than called wrong:
the thing it said was missing or ignored "was there all along" ("the drain valve was
fitted all along" of "… floods because the drain valve is missing"), or the rule it blamed
never asked for what it said ("the fire code never banned X" of "X is refused because of
the fire code"). `agentmem.core.retract.denies` asks it.

The thing so cleared is the clause's subject, and it must be the held lesson's cause: all
its content words stand in the clause after the lesson's "because", "due to", "caused
by" or "comes from". A thing the lesson names elsewhere, or a subject with no words of
its own ("it was there all along"), clears nothing."""

from __future__ import annotations

import re

from agentmem.core.gainsay import GIVEN
from agentmem.core.nofix import LEAD
from agentmem.core.statement import STATE, terms

# "<thing> was there | was included | had it | was fine all along"
ALONG = re.compile(
    r"(?P<subject>[^.;:!?,—–]{2,60}?)\s+(?:was|were|is|are|has\s+been|had\s+been|had|has)\s+"
    r"[^.;:!?,—–]{0,40}?\ball\s+along\b",
    re.IGNORECASE,
)
# "<rule> never banned | doesn't require | did not ask for …"
NEVER_ASKED = re.compile(
    r"(?P<subject>[^.;:!?,—–]{2,60}?)\s+(?:never|(?:does|did|do)(?:\s+not|n't))\s+"
    r"(?:ban|banned|bans|require|required|requires|forbid|forbade|forbids|mandate|mandated|"
    r"mandates|prohibit|prohibited|prohibits|asks?\s+for|asked\s+for)\b",
    re.IGNORECASE,
)


def unfounded(text: str, held: str) -> bool:
    """The text clears the cause the held lesson gives (see the module docstring)."""
    cause = GIVEN.search(held)
    if cause is None:
        return False
    given = terms(cause["cause"]).content
    for match in (*ALONG.finditer(text), *NEVER_ASKED.finditer(text)):
        said = terms(LEAD.sub("", match["subject"])).content - STATE
        if said and said <= given:
            return True
    return False
