"""False supersedes: a draft replaces only what it gives a new value of.

- A value changed twice makes the newest replace the first too, but only what the newest
  itself gives a new value of: what the memory it replaces had replaced on another point
  stays with that memory, so one wrong replacement is not passed on down the line.
- A clause saying another thing keeps what it had ("the night desk keeps its own 22:00
  close") sets that thing apart: a held text about it alone is not replaced.
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.apart import set_apart
from agentmem.core.restate import replaces
from agentmem.core.verdict import Held, judge

from .conftest import semantic

RETRIES = (
    "Ledger export retries are capped at 3 per night; the on-call is paged after the third failure."
)
BOTH = (
    "The ledger export now retries up to 5 times per night and writes its files to the "
    "ledger-v2 bucket."
)
BUCKET = (
    "The ledger export writes its files to the ledger-v3 bucket from today; ledger-v2 is read-only."
)
EIGHT = "The ledger export now retries up to 8 times per night."


def _write(hooks: MemoryHooks, text: str) -> list[str]:
    result = hooks.harvester.submit(semantic(text, app_id="ledger"), trigger="manual")
    assert result.memory_id is not None
    return list(hooks.store.get(result.memory_id).supersedes)


def test_a_new_value_of_another_point_does_not_inherit_the_first_value(
    hooks: MemoryHooks,
) -> None:
    """The bucket moved: the note replaces the lesson that named the old bucket (and the
    retry count), not the retry count that lesson had replaced before."""
    retries = hooks.harvester.submit(semantic(RETRIES, app_id="ledger"), trigger="manual")
    both = _write(hooks, BOTH)
    assert both == [retries.memory_id]
    assert not replaces(BUCKET, RETRIES)
    assert retries.memory_id not in _write(hooks, BUCKET)


def test_a_value_changed_twice_still_replaces_the_first(hooks: MemoryHooks) -> None:
    """The retry count changed again: the newest replaces the first count too."""
    retries = hooks.harvester.submit(semantic(RETRIES, app_id="ledger"), trigger="manual")
    _write(hooks, BOTH)
    assert retries.memory_id in _write(hooks, EIGHT)


KEPT = [
    (
        "Day-desk refunds close at 16:00 now; the night desk keeps its own 22:00 close.",
        "The night desk closes refunds at 22:00; later ones wait for the day desk.",
    ),
    (
        "The street-food permits now need a fire inspection first; market stalls stay on "
        "the yearly inspection.",
        "Market stalls get one inspection a year, in March, before the season opens.",
    ),
    (
        "Expense claims over 500 EUR now go to the finance lead. Marta Lindqvist still signs "
        "off travel claims.",
        "Marta Lindqvist signs off every travel claim before it is paid.",
    ),
]


def test_a_thing_said_to_keep_its_value_is_not_replaced() -> None:
    for draft, held in KEPT:
        assert set_apart(draft, held), draft
        assert judge(draft, [Held("held", held, "semantic")], "semantic").replaces == []


def test_a_rule_for_every_thing_is_still_replaced_when_one_keeps_its_value() -> None:
    """A held rule for every desk opens on the rule, not on the desk said to keep its value:
    the draft changes it."""
    draft = "The Oslo desk closes at 17:00 now; Bergen and Tromso stay at 16:00."
    held = "Every support desk closes at 16:00 local time (Oslo, Bergen, Tromso)."
    assert not set_apart(draft, held)
    assert judge(draft, [Held("held", held, "semantic")], "semantic").replaces == ["held"]


def test_a_story_that_goes_on_keeps_no_value() -> None:
    """ "The job still fails …" tells how a story goes on, not that the job keeps a value of
    its own: the held retry count is replaced."""
    draft = "The nightly export now retries 5 times; the job still fails on the first try."
    held = "The nightly export job retries 3 times before it pages the on-call."
    assert not set_apart(draft, held)
    assert judge(draft, [Held("held", held, "semantic")], "semantic").replaces == ["held"]
