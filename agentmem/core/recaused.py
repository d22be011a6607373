"""A correction that gives another cause of the failure a lesson explained: "Wrong before:
the router does not drop the calls. Dropped support calls come from the headsets' sleep
timer; …" withdraws "dropped support calls come from the router losing the SIP session".
The text speaks as a correction from its opening (a label, "turns out", "scratch that":
`agentmem.core.disowned`), and tells a cause (`GIVEN`: "come from", "because", "caused
by") of the held lesson's own failure, the words before each cause (two at least of them
the same, half of either side's), where the two causes are others (the text's says at
most a third of the held one's). Without the opening a second cause may well sit beside
the first, and a correction giving the same cause again restates it; neither withdraws.
`agentmem.core.retract.denies` asks it."""

from __future__ import annotations

import re

from agentmem.core.disowned import DROPPED, LABEL
from agentmem.core.gainsay import GIVEN
from agentmem.core.statement import terms
from agentmem.core.withdrawal import DENIED, RETRACTED, retraction

BOUNDARY = re.compile(r"[.;:!?—–]\s+|\s+-\s+")
SAME = 2  # words of the failure the two texts share, half of either side's at least
OTHER = 1 / 3  # of the held cause's words the text's cause may say


def recaused(text: str, held: str) -> bool:
    """Whether the text, speaking as a correction, gives another cause of the failure the
    held lesson explains (see the module docstring)."""
    if RETRACTED.match(held) or DENIED.search(held) or retraction(held) is not None:
        return False
    if LABEL.match(text) is None and DROPPED.match(text) is None:
        return False
    given = GIVEN.search(held)
    if given is None:
        return False
    failure, cause = _before(held, given.start()), _words(given["cause"])
    if not failure or not cause:
        return False
    for match in GIVEN.finditer(text):
        told = _before(text, match.start())
        same = told & failure
        if len(same) < SAME or 2 * len(same) < max(len(told), len(failure)):
            continue
        if len(_words(match["cause"]) & cause) <= OTHER * len(cause):
            return True
    return False


def _before(text: str, at: int) -> frozenset[str]:
    """The words of the clause before a cause, what it explains."""
    return _words(BOUNDARY.split(text[:at])[-1])


def _words(text: str) -> frozenset[str]:
    said = terms(text)
    return frozenset(said.content | {v for found in said.values.values() for v in found})
