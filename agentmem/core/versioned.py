"""A named thing written with its version in its name ("policy payout-large-v3",
"layout_v1", "schema-v2"): a newer statement names the same stem with a higher version.

`reversioned` is the rule `agentmem.core.restate` asks: the draft names such a thing at a
higher version than the held text, none at the held one's, and the two share `MIN_SHARED`
terms, two of them outside the thing's name: "Payouts over $50k require 3 of 5 signers under
policy payout-large-v4" after "Payouts above $50k need two approvals under policy
payout-large-v3", though they share few other words.
"""

from __future__ import annotations

import re

from agentmem.core.statement import Terms
from agentmem.core.textcache import textcached
from agentmem.stores.bm25 import tokenize

MIN_SHARED = 3
OUTSIDE = 2  # shared terms outside the versioned name (a policy's, not a log's mention of it)
# a name with a version suffix: "payout-large-v3", "layout_v1", "ingest-schema-v12"
SUFFIXED = re.compile(r"(?<![\w/.-])([A-Za-z][\w-]*?[A-Za-z])[-_][vV](\d+)(?![\w.-])")


@textcached
def suffixed(text: str) -> dict[str, set[int]]:
    """The versions a text names of each stem (lower case)."""
    out: dict[str, set[int]] = {}
    for stem, version in SUFFIXED.findall(text):
        out.setdefault(stem.lower(), set()).add(int(version))
    return out


def reversioned(draft: str, held: str, d: Terms, h: Terms) -> bool:
    """The draft names a stem at a higher version than the held text does, and not at the
    held one's (see the module docstring)."""
    now, before = suffixed(draft), suffixed(held)
    stems = {
        stem
        for stem in now.keys() & before.keys()
        if max(now[stem]) > max(before[stem]) and not now[stem] & before[stem]
    }
    if not stems:
        return False
    shared = d.content & h.content
    named = {t for stem in stems for t in tokenize(stem)}
    return len(shared) >= MIN_SHARED and len(shared - named) >= OUTSIDE
