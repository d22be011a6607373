"""One kind of failure the loop itself named: a tag its failed runs share across apps.

A loop tells one kind of problem in other words each time because each failure is another
instance of it: a setting missing from one service's config, a flag left at its default in
another's, a value read from a stale file in a third. No two checks share an error phrase,
no three words join them, and they fail under other checks in other apps, so hook E's word
groups (`patterns`, `across`) see pairs at most. What every one of them carries is the tag
the loop filed the run under (its own classification of the work that went wrong), and
that is structure, not wording: the same tag on failed runs of several apps.

A tag is a topic as often as a cause (the app's name, its platform, a component every run
touches). It names a kind of failure here only when

- failed runs of at least two apps carry it (one app's failures sharing a tag share its
  topic; hook E groups those by their checks already);
- the successful runs carry it far less, by share (`LIFT`), and fewer of them than failed
  runs do. A failure's fix, the first successful run of its app after it that carries the
  tag, is left out: it carries the tag because it fixed what the tag names;
- and with only two failed runs, no other successful run carries it at all (one success
  more already holds as many as the failures: a tag of two runs is often a topic).

Such a pattern quotes no follow-up and no newest check (`patterns`): the run that went after
one app's failure fixed that instance, not the kind, and the newest check told its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from agentmem.core.model import Memory
from agentmem.harvest.runrecord import run_day

LIFT = 2.0  # how much more common, by share, among failed runs than among successful ones
MIN_APPS = 2
PAIR = 2  # failed runs of a tag no other success carries


class Tagged(Protocol):
    """A failed check as hook E reads it (`patterns.Failure`)."""

    @property
    def memory(self) -> Memory: ...


F = TypeVar("F", bound=Tagged)


def topics(memory: Memory) -> frozenset[str]:
    """The tags a run record carries from its run (not its outcome nor its failed checks,
    which hook C adds: `outcome-...`, `fail-...`)."""
    return frozenset(t for t in memory.tags if not t.startswith(("outcome-", "fail-")))


def _fixes(tag: str, failed: Sequence[Memory], order: Sequence[Memory]) -> set[str]:
    """For each failed run, the first successful run of its app after it carrying `tag`
    (`order`: the successful runs, oldest first)."""
    out = set()
    for failure in failed:
        after = (run_day(failure), failure.run_id)
        fix = next(
            (
                m
                for m in order
                if m.app_id == failure.app_id
                and (run_day(m), m.run_id) > after
                and tag in topics(m)
            ),
            None,
        )
        if fix is not None:
            out.add(fix.id)
    return out


def kinds(setbacks: Sequence[Memory], successes: Sequence[Memory]) -> dict[str, list[Memory]]:
    """The tags that name a kind of failure (see the module docstring), each with the
    failed runs that carry it, in the order given."""
    out: dict[str, list[Memory]] = {}
    order = sorted(successes, key=lambda m: (run_day(m), m.run_id))
    for tag in sorted({t for m in setbacks for t in topics(m)}):
        failed = [m for m in setbacks if tag in topics(m)]
        runs = len({m.run_id for m in failed})
        if runs < PAIR or len({m.app_id for m in failed}) < MIN_APPS:
            continue
        fixed = _fixes(tag, failed, order)
        wins = sum(1 for m in successes if tag in topics(m) and m.id not in fixed)
        share_in = runs / len({m.run_id for m in setbacks})
        share_out = wins / len(successes) if successes else 0.0
        if share_in >= LIFT * share_out and wins < runs and (runs > PAIR or not wins):
            out[tag] = failed
    return out


def by_kind(
    failures: Sequence[F], setbacks: Sequence[Memory], successes: Sequence[Memory]
) -> list[tuple[str, list[F]]]:
    """The failed checks of the runs each kind's tag is on (`kinds`)."""
    found = kinds(setbacks, successes)
    out = []
    for tag, runs in found.items():
        ids = {m.id for m in runs}
        out.append((tag, [f for f in failures if f.memory.id in ids]))
    return out


def kind_named(tag: str) -> str:
    """How a pattern's text names the kind of failure a tag names."""
    return f"{tag} (the tag these failed runs share across apps, rare on successful runs)"
