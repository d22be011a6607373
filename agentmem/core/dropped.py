"""A flag, a command or an identifier a draft says is removed, against a held lesson that
uses it (write time; `agentmem.core.removal` reads what a text says is gone)."""

from __future__ import annotations

import re

from agentmem.core.commands import lines
from agentmem.core.removal import mentions, removed

MIN_NAME = 4  # characters of a removed name that retires a lesson naming it
# "release 3.0 deletes `--tiles-v1`": a flag (or code) as the object of a verb of
# removal, wherever the verb stands; a flag names one thing, so no clause start is needed.
DROPS = re.compile(
    r"\b(?:drops|dropped|removes|removed|deletes|deleted|retires|retired)\s+(?:the\s+|its\s+)?"
    r"(?:((?<![\w-])--?[a-z][\w-]*)|`([^`\n]+)`)",
    re.IGNORECASE,
)


def dropped(draft: str, held: str) -> bool:
    """The draft says a name the held lesson uses (a flag, a command, an identifier; not a
    phrase) is removed or gone: "the `--tiles-v1` flag was removed in 3.0" retires "lobby
    screens need their maps built with --tiles-v1". A held lesson that says the
    name is gone itself agrees, and one that runs the name with a tool the draft never
    names is about that tool's own option of the same name ("printctl --tiles-v1 keeps
    working" is no lesson on the map builder's dropped `--tiles-v1`)."""
    gone = [n for n in removed(draft) if " " not in n and len(n) >= MIN_NAME]
    gone += [(m.group(1) or m.group(2)).lower() for m in DROPS.finditer(draft)]
    used = [n for n in gone if mentions(held, n)]
    if not used or removed(held) & set(used):
        return False
    said = set(re.findall(r"[\w-]+", draft.lower()))
    tools = {c[0] for c in lines(held)}
    return not tools or bool(tools & said)
