"""What a replaced lesson stated that its replacement no longer does (`retired_values`):
its commands, paths and identifiers, versions, times and days, and its counts with what
they count. A run record written before the change that still uses one tells of the state
before it (`agentmem.retrieval.beforechange`, `agentmem.retrieval.quoted`). Nothing here
reads memory.
"""

from __future__ import annotations

from agentmem.core.places import addresses
from agentmem.core.statement import CAPITALISED, IDENTIFIER, NUMBER, SPELLED, function_words, terms


def retired_values(old: str, new: str) -> set[str]:
    """What `old` stated that its replacement `new` no longer does: its commands, paths
    and identifiers, versions, times and days, and its counts with what they count ("4
    agents", "1 GB"), as they are written (lower case). A record of a run that still used
    one tells of the state before the change."""
    # A URL or a path is read whole, with its host and path as values of their own: read
    # word by word, a host kept its slashes ("//db.old.example") and a path its port.
    said, old = addresses(old)
    said |= {v for values in terms(old).values.values() for v in values}
    said |= {m.lower() for m in (*IDENTIFIER.findall(old), *CAPITALISED.findall(old)) if len(m) > 3}
    kept, rest = addresses(new)
    kept |= {v for values in terms(rest).values.values() for v in values}
    kept |= {m.lower() for m in IDENTIFIER.findall(rest)}
    out = {v for v in said - kept if not v.isdigit() and v not in new.lower()}
    return out | recounted(old, new)


def recounted(old: str, new: str) -> set[str]:
    """The counts of `old` that `new` gives another count of the same thing ("192 kbps"
    where the newer says "128 kbps"): the one part of what a lesson stated that a text
    taking it back still changes ("not from the bitrate: 128 kbps is fine" of "encode at
    192 kbps"), where the rest it merely leaves unsaid (`agentmem.retrieval.beforechange`)."""
    now = counted(new)
    return {c for word, cs in counted(old).items() if word in now for c in cs - now[word]}


def counted(text: str) -> dict[str, set[str]]:
    """What the text counts: each counted word with its counts as written ("agents": {"4
    agents"}). A count is retired only when the replacement counts the same thing."""
    out: dict[str, set[str]] = {}
    for pattern in (NUMBER, SPELLED):
        for m in pattern.finditer(text):
            word = (m.group(2) or "").lower()
            if word and word not in function_words():
                out.setdefault(word, set()).add(" ".join(m.group(0).lower().split()))
    return out
