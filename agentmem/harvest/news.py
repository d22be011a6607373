"""A note's item that tells how things are now, under a heading of no lesson kind.

A weekly note, a standup log or a day-by-day list tells its changes as items under day
headings ("Tue", "Week 3"), which give no kind: the item that says a change in so many
words ("is now weekly", "no longer goes through …", "moved to …", "from the 5th on") is a
fact a worker needs, and the lesson it replaces stays live without it. An item that only
reports ("deployed today", "quiet") says no change and stays out; so does one that hedges
its "now" ("fine for now").
"""

from __future__ import annotations

import re

from agentmem.core.cues import says_changed

# "for now", "right now", "just now", "now and then": a moment, not a new state; and "since"
# tells how long as often as what changed ("the 31 jobs run since 05-08", "no misses since
# the upgrade"): in a note's item, no cue alone.
MOMENT = re.compile(
    r"\b(?:for|right|just|until|till|by)\s+now\b|\bnow (?:and (?:then|again)|that)\b|\bsince\b",
    re.I,
)

# A change verb that ends its clause reports a job done ("the worn belt replaced.", "the old
# host switched off on the 3rd"), not what holds now ("… replaced by the new belt", "… moved
# to Thursdays").
DONE = re.compile(
    r"\b(?:replaced|moved|switched|retired|deprecated)(?=\s*(?:[.;,)!]|$|\s+(?:today|yesterday)\b))"
    r"|\bswitched off\b",
    re.I,
)


def tells_change(text: str) -> bool:
    """The item says outright that something is now otherwise (`says_changed`): its "now"
    not a moment's nor a reason's ("now that …"), its change verb not a job reported done,
    and it tells rather than asks."""
    told = DONE.sub(" ", MOMENT.sub(" ", text))
    return not text.rstrip().endswith("?") and says_changed(told)
