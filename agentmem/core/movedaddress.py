"""A thing now reached at another address, told with the old way said gone
(`address_moved`): "uploads go to files-2.example.net:9000; the old share is switched off"
after "Scanners send uploads to nas-a.example.net:445 every hour". The two texts give one
address each, another in the draft, and say what goes there with a shared word before it,
in its own clause ("uploads", "send … to": not "tokens come from …" after a clause on
uploads); the draft says in so many words that something changed or that
the old place is gone ("now", "moved", "the old …", "decommissioned"). A run's own account
of a cut-over reads this way, naming neither the old address nor the component's full
name (`agentmem.core.readdressed` asks the component's opening words alike, and no change
word).

`agentmem.core.held` asks it among the changes told in other words."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.cues import says_changed
from agentmem.core.headed import OLD
from agentmem.core.newvalue import ALSO
from agentmem.core.places import HOST_PORT, places
from agentmem.core.qualified import qualifiers
from agentmem.core.readdressed import SECOND
from agentmem.core.statement import terms

# The old place said gone: "the legacy relay is decommissioned", "… switched off".
GONE = re.compile(
    r"\b(?:decommission(?:ed|ing)?|switched\s+off|shut\s+down|turned\s+off|torn\s+down)\b",
    re.IGNORECASE,
)
CLAUSE = re.compile(r";\s+|[.!?](?:\s+|$)")
# A machine named in lower case, its number last: "build-07", "files-nas2", "hub-3".
MACHINE = re.compile(r"(?<![\w./:-])[a-z][a-z]+(?:-[a-z]+)*-[a-z]*\d{1,3}(?![\w./:-])")
BEFORE = 1  # content terms both texts name before their address, in its clause: what goes there
SHARED = 2  # content terms both texts name, at least: the same thing


def addresses(text: str) -> dict[str, int]:
    """The addresses a text gives (a host with its port, a URL, an absolute path, a machine's name),
    lower case, each with where it starts; one written inside another is one."""
    return dict(_addresses(text))


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _addresses(text: str) -> tuple[tuple[str, int], ...]:
    low = text.lower()
    told = [(m.group(0).lower(), m.start()) for m in HOST_PORT.finditer(text)]
    # a file in a repository ("release/send.py") is code a run edits, not a place
    told += [(p, low.find(p)) for p in places(text) if "://" in p or p.startswith(("/", "~"))]
    told += [(m.group(0), m.start()) for m in MACHINE.finditer(text)]
    found: dict[str, int] = {}
    for address, at in told:
        if not any(address in other or other in address for other in found):
            found[address] = at
    return tuple(found.items())


def _clause(text: str, at: int, end: int | None = None) -> str:
    """The clause of `text` around position `at`: what it says of the address there (a
    clause saying the old place is gone names the old one's qualifiers, not the new's);
    up to `end` when given (what the clause names before the address: what goes there)."""
    start = max((m.end() for m in CLAUSE.finditer(text, 0, at)), default=0)
    if end is not None:
        return text[start:end]
    stop = CLAUSE.search(text, at)
    return text[start : stop.start() if stop else len(text)]


def says_moved(text: str) -> bool:
    """The text says a change, or that the old place is gone."""
    return says_changed(text) or OLD.search(text) is not None or GONE.search(text) is not None


def address_moved(draft: str, held: str) -> bool:
    """See the module docstring. Not when either text names the other's address, nor when
    the draft adds a place beside the held one ("also", "a second", "mirrors"), nor when the
    two name their thing by other qualifiers (staging beside production, another region)."""
    now, before = addresses(draft), addresses(held)
    if len(now) != 1 or len(before) != 1 or not says_moved(draft):
        return False
    ((new, at),), ((old, was),) = now.items(), before.items()
    if new == old or new in held.lower() or old in draft.lower():
        return False
    if ALSO.search(draft) or SECOND.search(draft):
        return False  # one more place beside the held one, not a new one for it
    if qualifiers(_clause(draft, at)) != qualifiers(_clause(held, was)):
        return False  # "the staging broker" is not the one the held text names
    d, h = terms(draft).content, terms(held).content
    said = terms(_clause(draft, at, end=at)).content & terms(_clause(held, was, end=was)).content
    return len(said) >= BEFORE and len(d & h) >= SHARED
