"""One cause told in other words: joining hook E's groups on the rare words they share.

An expired client certificate fails the eligibility contract test in one app and the
archive upload in another; a license check fails three times on a key id read in the wrong
byte order, each time described differently. Each check's failures are grouped on their
own (`patterns`: most of the shorter detail's words in the other); two groups, of one
check or of different ones, are one cause when a failure of one and a failure of the other
share `SHARED` signature words. A signature word is said by at least two failed checks
but by at most `RARE` of them (not "expected", which every assertion says), and at least
`LIFT` times as often, by share, as in the successful runs' own accounts (not a topic word
every run of the app says); identifiers count by their parts (`certificate_expired` says
`certificate` and `expired`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar

from agentmem.core.model import Memory
from agentmem.harvest.followup import words
from agentmem.harvest.runrecord import read_record

SHARED = 3
RARE = 0.25
LIFT = 2.0
F = TypeVar("F")


def across(
    groups: Sequence[list[F]],
    said: Callable[[F], str],
    successes: Sequence[Memory],
    generic: frozenset[str],
) -> list[list[F]]:
    """The groups, those that tell one cause joined (single link); `said` is what a
    member said of itself."""
    told = [[words(said(f)) - generic for f in g] for g in groups]
    count = sum(len(g) for g in groups)
    seen = Counter(w for g in told for each in g for w in each)
    outside = Counter(w for m in successes for w in words(read_record(m.text).summary))
    signature = {
        w
        for w, n in seen.items()
        if 2 <= n <= max(SHARED, RARE * count)
        and n / count >= LIFT * outside[w] / max(1, len(successes))
        and outside[w] < n
    }
    parent = list(range(len(groups)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(len(groups)):
        for j in range(i + 1, len(groups)):
            if any(len(a & b & signature) >= SHARED for a in told[i] for b in told[j]):
                parent[root(j)] = root(i)
    joined: dict[int, list[F]] = {}
    for i, group in enumerate(groups):
        joined.setdefault(root(i), []).extend(group)
    return list(joined.values())
