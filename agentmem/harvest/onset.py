"""A sentence that opens on the day a new state took effect: "Since 3 May the kiln fires at
1,180 °C", "Starting with Friday's batch the lab rejects any sample over 2 kg", "As of
12 March, refunds go to the finance desk".

An incident report's "Actions" list and a pasted message often tell a rule now in force
this way, in no change word the news reader (`agentmem.harvest.news`) hears: the date is
the cue. Such an item under a heading of plans is no longer work to do, and such a sentence
in a review's prose is a fact of its own. Only a sentence's opening counts ("… no misses
since 3 May" tells how long, not what changed), only a day follows the cue ("since the
upgrade", "from 01:00 to 03:00" are no onset), and a clause told in the past or looked
ahead to ("since 3 May the feed was down", "from Monday we might …") is a story or a plan.
"""

from __future__ import annotations

import re

from agentmem.core.onset import ONSET

# The clause after the day tells what happened once, or only looks ahead to it.
STORY = re.compile(
    r"\b(?:was|were|had|has been|have been|(?:has|have)\s+\w+ed|should|could|might|may"
    r"|would|plan(?:s|ned)?|propos\w*|consider\w*|hope\w*|maybe|probably)\b|\?",
    re.IGNORECASE,
)


def in_force_from(sentence: str) -> bool:
    """The sentence opens on the day a new state took effect and tells that state (see the
    module docstring)."""
    found = ONSET.match(sentence)
    return found is not None and STORY.search(sentence, found.end()) is None
