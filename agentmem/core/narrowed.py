"""A tool cut down to some of its commands: "since kilnctl 3 the write commands are gone; it
offers only `kilnctl status` and `kilnctl log`". A held how-to that runs the tool with a
command of another name ("start a firing with `kilnctl fire --profile bisque`") tells a way
that is gone, though the two share only the tool's name: the draft never names the command
it took away in the held lesson's words ("write commands" for `fire`), so no shared word
links them.

The draft says something was taken away (a removal cue: removed, retired, switched off,
gone, no longer, any more) and, in one clause, that the tool is left with "only" the
commands it names in code. A held command of that tool that none of them begins like (the
tool's words past its name, flags and placeholders aside) was taken away. A draft that
names the held command among those kept, or says "only" of another tool, or adds a way
without taking any away ("you can also run `kilnctl log`"), replaces nothing."""

from __future__ import annotations

import re

from agentmem.core.commands import command
from agentmem.core.removal import removed
from agentmem.core.statement import CODE
from agentmem.core.textcache import textcached

ONLY = re.compile(r"\bonly\b", re.IGNORECASE)
GONE = re.compile(
    r"\b(?:removed|retired|decommissioned|switched off|turned off|disabled|gone|no longer|"
    r"any ?more)\b",
    re.IGNORECASE,
)
CLAUSE = re.compile(r";\s+|\.\s+(?=[A-Z`])")


@textcached
def kept(draft: str) -> dict[str, set[tuple[str, ...]]]:
    """Per tool, the commands a clause of the draft says are all it keeps ("only")."""
    out: dict[str, set[tuple[str, ...]]] = {}
    for clause in CLAUSE.split(draft):
        if not ONLY.search(clause):
            continue
        for m in CODE.finditer(clause):
            words = command(m.group(1))
            if len(words) > 1:
                out.setdefault(words[0], set()).add(words[1:])
    return out


def removes(draft: str) -> bool:
    """The draft says something was taken away: without it nothing was narrowed."""
    return GONE.search(draft) is not None or bool(removed(draft))


def narrowed(draft: str, held: str) -> bool:
    """The held lesson runs a command the draft says its tool no longer has (see the
    module docstring)."""
    if not removes(draft):
        return False
    left = kept(draft)
    if not left:
        return False
    for m in CODE.finditer(held):
        words = command(m.group(1))
        if len(words) < 2 or words[0] not in left:
            continue
        rest = words[1:]
        if not any(rest[: len(k)] == k or k[: len(rest)] == rest for k in left[words[0]]):
            return True
    return False
