"""A thing that now talks to another host (`readdressed`): "kiln-watch reads furnace
readings from hub-2.plant.example:8883 over TLS" after "kiln-watch subscribes to furnace
readings on the broker mq-old.plant.lan:1883". Both open on the same component, say what
it exchanges there in shared words, and give one host each, none the other's: the
component's address moved, though no change word says so and the two domains differ (the
worded rule for a new host of one named thing is `agentmem.core.rehosted`). And a thing
said to have moved to a host (`moved_host`): "kiln logs moved to logs-2.plant.example"
after "kiln and glaze logs are pulled from ftp.plant.lan every hour".

`agentmem.core.held` asks it among the changes told in other words; the judge has already
set apart a draft about another environment, region or tier (`agentmem.core.apart`)."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.headed import OLD
from agentmem.core.newvalue import ALSO
from agentmem.core.places import HOST_PORT
from agentmem.core.qualified import qualifiers
from agentmem.core.statement import terms
from agentmem.core.words import tokenized

# One more place beside the held one: "also mirrors them to …", "a second copy goes to …".
SECOND = re.compile(
    r"\b(?:second|another|additional|in addition|additionally|besides|mirror\w*|cop(?:y|ies))\b",
    re.IGNORECASE,
)
OPENS = 2  # terms the two texts open on alike, at least: the component they are about
EXCHANGED = 1  # terms besides those, before the host, both name: what goes to the host


def beside(draft: str) -> bool:
    """The draft adds a place beside the held one ("also", "a second", "mirrors"): neither
    rule here reads it as a new place for the held text's thing."""
    return ALSO.search(draft) is not None or SECOND.search(draft) is not None


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _host(text: str) -> tuple[str, str] | None:
    """The one host the text gives with a port, and the text before it; None for none or
    several (a text of two hosts tells of two things)."""
    found = {m.group(1).lower(): m.start() for m in HOST_PORT.finditer(text)}
    if len(found) != 1:
        return None
    ((host, at),) = found.items()
    return host, text[:at]


def readdressed(draft: str, held: str) -> bool:
    """Both texts open on the same component and give one host with a port each, another
    in the draft, and the words before each host share what goes there ("furnace
    readings"): the component reaches that thing on a new host. Not when either text
    names the other's host, nor when the draft adds a place beside the held one ("also",
    "a second", "mirrors"), nor when it names an environment, region, platform or tier the
    held text names nothing of."""
    now = _host(draft)  # the draft's side first: without a host, the held text is not read
    if now is None or beside(draft):
        return False  # one more place beside the held one, not a new one for it
    before = _host(held)
    if before is None or now[0] == before[0]:
        return False
    if now[0] in held.lower() or before[0] in draft.lower():
        return False
    named = qualifiers(held)
    if any(kind not in named for kind in qualifiers(draft)):
        return False
    d, h = terms(now[1]), terms(before[1])
    if len(d.head) < OPENS or d.head[:OPENS] != h.head[:OPENS]:
        return False
    return len((d.content & h.content) - set(d.head)) >= EXCHANGED


# A host named by three labels or more ("files.plant.example"), its port if written.
HOST = re.compile(
    r"(?<![\w./:@-])((?:[a-z][a-z0-9-]*\.){2,}[a-z]{2,})(?::\d{2,5})?(?![\w-]|\.\w)", re.I
)
# A thing said to have moved to a host: "kiln logs moved to logs-2.plant.example".
MOVED = re.compile(
    r"^(?P<thing>[^.;:()]*?)\s+(?:have\s+|has\s+)?(?:moved|migrated|switched|cut\s+over)"
    r"\s+(?:over\s+)?to\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?(?P<host>(?:[a-z][a-z0-9-]*\.){2,}[a-z]{2,})",
    re.IGNORECASE,
)


def moved_host(draft: str, held: str) -> bool:
    """The draft opens by saying a thing moved to a host ("Kiln logs moved to
    logs-2.plant.example (HTTPS)"), the held text gives one other host and names that
    thing by the word that says what it is ("kiln and glaze logs are pulled from
    ftp.plant.lan", or by two of its words when the draft says the old place is gone): the
    thing is reached on the new host now. Not when either text names
    the other's host, nor when the draft adds a place beside the held one."""
    told = MOVED.match(draft.strip())
    if told is None or beside(draft):
        return False  # the draft's side first: the held text read only for a move
    before = {m.group(1).lower() for m in HOST.finditer(held)}
    if len(before) != 1:
        return False
    host = told["host"].lower()
    if host in before or next(iter(before)) in draft.lower() or host in held.lower():
        return False
    named = qualifiers(held)
    if any(kind not in named for kind in qualifiers(draft)):
        return False
    thing = terms(told["thing"]).content
    last = tokenized(told["thing"])[-1:] if thing else ()
    if bool(last) and last[0] in terms(held).content:
        return True
    # "the feed poller moved to …; the old gateway shut": the old place said gone, the
    # thing named by two of the held text's words, whatever word says what it is
    return OLD.search(draft) is not None and len(thing & terms(held).content) >= OPENS
