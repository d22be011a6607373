"""A note's item that puts a setting's new value in force: "Tue 14:20 - KILN_WAIT_S=90 set
in production after the door faults", "door_wait_s raised to 90 (door_wait_s: 90)", "the
kiln hold becomes 40 minutes". It names the setting by its key and says the value went
live, or says what a thing becomes, in no change word the news reader
(`agentmem.harvest.news`) hears, and the lesson it replaces stays live without it.
An item that plans or proposes the value ("will set", "should be") is not yet in force.
"""

from __future__ import annotations

import re

from agentmem.core.setkeys import settings

# Said of a key with its value: it was put in force (set, raised, rolled out, live …).
IN_FORCE = re.compile(
    r"\b(?:set|raised|lowered|bumped|changed|applied|rolled out|deployed|switched|live"
    r"|in force|in effect|becomes|became)\b",
    re.IGNORECASE,
)
# ... and not looked ahead to, proposed or asked about.
AHEAD = re.compile(
    r"\b(?:will|would|should|could|may|might|plan(?:s|ned)?|propos\w*|consider\w*|once"
    r"|if|unless|until|try|trying|suggest\w*|next)\b|\?",
    re.IGNORECASE,
)


# A value said to be the new one: "the hold time becomes 40 minutes", "the cap became 2 GB".
BECOMES = re.compile(r"\b(?:becomes|became)\s+(?:[\w$-]+\s+){0,2}?\$?\d", re.IGNORECASE)


def sets_value(text: str) -> bool:
    """The item puts a setting's value in force (`sets_key`) or says a thing becomes a new
    value ("the hold time becomes 40 minutes from Monday"), with nothing that looks ahead
    ("will become", "if it becomes")."""
    if AHEAD.search(text):
        return False
    return sets_key(text) or BECOMES.search(text) is not None


def sets_key(text: str) -> bool:
    """The item writes a setting's key with its value and says the value went live, with
    nothing that looks ahead ("MAX_TRAYS=12 deployed to production"; not "we should set
    MAX_TRAYS=12")."""
    return bool(settings(text)) and IN_FORCE.search(text) is not None and not AHEAD.search(text)
