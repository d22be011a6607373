"""A thing moved to the next machine of its own numbered line: "The kiln hub moved to
kh-04.plant.example:8443; the old box is wiped on Friday" after "kiln-watch reads furnace
readings from kh-02.plant.example:8443 over TLS". The draft calls the thing by what it
is ("the kiln hub"), the held lesson by what it does with it, so the two share the thing
only in the host's own name, and `agentmem.core.readdressed.moved_host`, which asks the
held text to name the thing in words, never linked them.

The draft moves the held lesson's host when:

- it opens by saying a thing moved to a host (`readdressed.MOVED`), and the held text
  gives one host;
- the two hosts are one line of machines: the same domain and port, their first labels
  the same but for their numbers ("kh-02" and "kh-04"), and the draft never names the held
  host's first label (a draft that names "kh-02" as another thing's place keeps it apart);
- a word the draft names the thing by is one the held text says (the host's own stem
  counts: "kh" of "kh-02"), and the draft adds no place beside the held one ("also", "a
  second") nor a qualifier the held text lacks (`agentmem.core.qualified`: the staging
  hub is not the production one).
"""

from __future__ import annotations

import re

from agentmem.core.qualified import qualifiers
from agentmem.core.readdressed import HOST, MOVED, beside
from agentmem.core.statement import terms
from agentmem.core.textcache import textcached

DIGITS = re.compile(r"\d+")


def _parts(host: str) -> tuple[str, str, str]:
    """A host's first label, the rest of its name and its port ("" for none), lower case."""
    name, _, port = host.lower().partition(":")
    first, _, rest = name.partition(".")
    return first, rest, port


@textcached
def moved_to(draft: str) -> tuple[str, str] | None:
    """The draft's own side of the rule, read once a draft: the thing its opening "<thing>
    moved to <host>" names and the first host it gives from there, or None when it says no
    such move or adds a place beside one ("also", "a second"). Without it the rule answers
    False whatever the held text says, so the held text is not read (issue 17)."""
    told = MOVED.match(draft.strip())
    if told is None or beside(draft):
        return None
    after = [m for m in HOST.finditer(draft) if m.start() >= told.start("host")][:1]
    return (told["thing"], after[0].group(0)) if after else None


def renumbered(draft: str, held: str) -> bool:
    """The draft moves the held lesson's thing to another machine of the same numbered line
    (see the module docstring)."""
    moved = moved_to(draft)
    if moved is None:
        return False
    thing, host = moved
    before = {m.group(0).lower() for m in HOST.finditer(held)}
    if len(before) != 1:
        return False
    new, old = _parts(host), _parts(next(iter(before)))
    if new[1:] != old[1:] or new[0] == old[0] or not DIGITS.search(old[0]):
        return False
    if DIGITS.sub("", new[0]) != DIGITS.sub("", old[0]) or old[0] in draft.lower():
        return False
    named = qualifiers(held)
    if any(kind not in named for kind in qualifiers(draft)):
        return False
    return bool(terms(thing).content & terms(held).content)
