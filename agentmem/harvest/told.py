"""What two failed runs tell in common when no error phrase does, and the error as last said.

Hook E (`patterns`) makes a pattern of two runs when their checks say one error phrase.
A loop tells one cause in other words each time, so two runs of one cause often share no
two words in a row: "zone 2 thermocouple read 40 C under the pyrometer" and "pyrometer
puts zone 5 hotter; thermocouple offset -38 C"; "lens cap left on: 4/4 frames dark" and
"frames dark again, cap on the lens". What they share is a handful of rare words, in any
order, in their checks' details and their own accounts (summaries). `shared_rare` is that
handful: words both runs say that few failed runs say (`RARE` of them at most) and the
successful runs' accounts say far less often (`LIFT`; a failure's fix, which tells the cause
it fixed, left out: `contrast`). `SHARED` of them make the two runs one cause when both
checks say one and both runs' own accounts `ACCOUNT`: a test runner's stock words ("timeout
exceeded waiting for") are in two checks of two causes alike, and only there. A topic word
every run of the app says, or an everyday word many failures say ("after", "again"), is no
such word.

A pattern's error phrase is what all its checks said, which stops where their values part
("export halted: quota reached on bucket" of one bucket's size and another's retention
lock): `last_said` is the newest check's own words, which tell the cause the phrase leaves
out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import Protocol

from agentmem.core.model import Memory
from agentmem.harvest.across import LIFT, RARE, SHARED, codes, contrast
from agentmem.harvest.families import failure_families
from agentmem.harvest.followup import words
from agentmem.harvest.phrases import phrase, terms
from agentmem.harvest.runrecord import run_day
from agentmem.stores.bm25 import WORD

MIN_LETTERS = 3  # "ok", "ts" and "id" say nothing of a cause
ACCOUNT = 2  # rare words two runs' own accounts must share
LAST_CHARS = 240  # of the newest check's words in a pattern's text
REWORDED = 5  # words two details share, in any order, that tell one error (`reworded`)
PAIRED = 12  # failures whose details are paired to find a phrase two of them say


class Told(Protocol):
    """A failure as hook E reads it (`patterns.Failure`)."""

    @property
    def memory(self) -> Memory: ...

    @property
    def verifier(self) -> str: ...

    @property
    def detail(self) -> str: ...

    @property
    def summary(self) -> str: ...


def said(failure: Told, generic: frozenset[str], account: bool | None = None) -> frozenset[str]:
    """A failure's words (identifiers by their parts), generic and short words left out:
    its check's, with its error codes and the cause families it names (`account` False),
    its run's account's (True), or both (None)."""
    text = " ".join(
        part
        for part, own in ((failure.detail, False), (failure.summary, True))
        if account is None or account is own
    )
    plain = frozenset(w for w in words(text) - generic if len(w) >= MIN_LETTERS)
    if account:
        return plain
    return plain | codes(failure.detail) | failure_families(failure.detail, failure.summary)


def by_run(
    failures: Sequence[Told], generic: frozenset[str], account: bool | None = None
) -> dict[str, frozenset[str]]:
    """Each failed run's words (`said`), over all its failed checks."""
    out: dict[str, frozenset[str]] = {}
    for failure in failures:
        run = failure.memory.run_id
        out[run] = out.get(run, frozenset()) | said(failure, generic, account)
    return out


def rare_words(
    failures: Sequence[Told],
    setbacks: Sequence[Memory],
    successes: Sequence[Memory],
    generic: frozenset[str],
) -> frozenset[str]:
    """Words at least two and at most `RARE` of the failed runs say (never fewer than
    `SHARED` runs allowed), `LIFT` times as often by share as the successful runs' accounts,
    fixes left out, and said by fewer successes than failed runs."""
    runs = by_run(failures, generic)
    seen = Counter(w for said_ in runs.values() for w in said_)
    outside = contrast(setbacks, successes)
    count, wins = len(runs), max(1, len(successes))
    return frozenset(
        w
        for w, n in seen.items()
        if 2 <= n <= max(SHARED, RARE * count)
        and n / count >= LIFT * outside[w] / wins
        and outside[w] < n
    )


def shared_rare(
    members: Sequence[Told], rare: Collection[str], generic: frozenset[str]
) -> frozenset[str]:
    """The rare words both of two runs say (none for another number of runs), when there
    are `SHARED` of them, one in both checks and `ACCOUNT` in both runs' own accounts: the
    runs tell one cause, not only their checks, whose runner's stock words ("timeout",
    "waiting for") two failures of two causes say alike."""
    common = [
        frozenset.intersection(*runs.values()) & frozenset(rare)
        for runs in (by_run(members, generic, False), by_run(members, generic, True))
        if len(runs) == 2
    ]
    if len(common) < 2 or len(common[1]) < ACCOUNT or not common[0]:
        return frozenset()
    both = common[0] | common[1]
    return both if len(both) >= SHARED else frozenset()


def last_said(members: Sequence[Told], phrase: str, skip: Collection[str] = ()) -> str:
    """The newest check's words (of a run not in `skip`), when the error phrase does not
    already say them all; "" else."""
    told = [f for f in members if f.detail and f.memory.run_id not in skip]
    if not told:
        return ""
    newest = max(told, key=lambda f: (run_day(f.memory), f.memory.run_id))
    if terms(newest.detail) <= terms(phrase):
        return ""
    text = f"{newest.verifier}, {newest.detail}" if newest.verifier else newest.detail
    return text if len(text) <= LAST_CHARS else text[: LAST_CHARS - 1].rstrip() + "…"


def most_said(members: Sequence[Told]) -> str:
    """When no words are in every detail (one cause told by several checks), the longest
    error phrase two of them say (of the newest `PAIRED` failures: pairs grow as squares)."""
    newest = members[-PAIRED:]
    found = [
        phrase([a.detail, b.detail])
        for i, a in enumerate(newest)
        for b in newest[i + 1 :]
        if a.memory.run_id != b.memory.run_id
    ]
    return max(found, key=lambda p: (len(WORD.findall(p)), p), default="")


def reworded(members: Sequence[Told], generic: frozenset[str]) -> str:
    """One error its check told in two formats, sharing no two words in a row ("rejected:
    ship_mode=X on order 88 ... carrier code expected" after "carrier code expected for
    ship mode 'X' (rejected)"): when two failures' details share `REWORDED` words, their
    identifiers split into parts, the newest detail is the error as last said."""
    details = [f for f in members if f.detail]
    pairs = [(a, b) for i, a in enumerate(details) for b in details[i + 1 :]]
    if not any(len(words(a.detail) & words(b.detail) - generic) >= REWORDED for a, b in pairs):
        return ""
    return max(details, key=lambda f: (run_day(f.memory), f.memory.run_id)).detail
