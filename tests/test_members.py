"""One member of a compound held lesson given a new value replaces the lesson, and what it
told of the members the draft leaves unsaid is written again (`agentmem.core.members`);
another member, the same values, another measure and a lesson of one member stay."""

from __future__ import annotations

import time

import pytest

from agentmem import MemoryHooks
from agentmem.core.members import member_renewed
from agentmem.core.writer import Submission
from tests.conftest import ManualClock, semantic

OVENS = "Proofing temperatures: Oven 1 at 38 C for rye, Oven 2 at 32 C for brioche."
BAYS = "Daily throughput is 400 crates on Bay A and 250 crates on Bay B."


@pytest.mark.parametrize(
    ("draft", "held", "rest"),
    [
        # the old value quoted, the other member told unchanged: nothing left to keep
        ("Oven 1 proofing is 35 C now (was 38 C); Oven 2 stays at 32 C.", OVENS, ""),
        # the other member unsaid: it is written again
        (
            "Since the rebuild Bay B throughput is 300 crates a day.",
            BAYS,
            "Daily throughput is 400 crates on Bay A.",
        ),
        ("Oven 2 now proofs at 30 C.", OVENS, "Proofing temperatures: Oven 1 at 38 C for rye."),
    ],
)
def test_a_member_told_anew_renews_the_compound(draft: str, held: str, rest: str) -> None:
    assert member_renewed(draft, held) == rest


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        ("Bay C throughput is now 500 crates.", BAYS),  # a member the lesson does not name
        ("Daily throughput is 400 crates on Bay A and 250 on Bay B in June.", BAYS),  # same
        ("Bay A now opens at 06:00.", BAYS),  # a clock time is no throughput
        ("Bay A now holds 12 forklifts.", BAYS),  # no word of the measure shared
        ("Oven 1 at 38 C proofs rye; Oven 2 at 32 C.", OVENS),  # told again, no change
        ("Bay A throughput is now 300 crates.", "Bay A handles 400 crates a day."),  # one member
    ],
)
def test_near_misses_stay(draft: str, held: str) -> None:
    assert member_renewed(draft, held) is None


def replaced_later(
    hooks: MemoryHooks, clock: ManualClock, app: str, held: str, draft: str
) -> tuple[str, Submission]:
    """The held lesson written, then the draft four days on: the held id and the result."""
    old = hooks.harvester.submit(semantic(held, app_id=app), trigger="manual").memory_id
    assert old
    clock.advance(days=4)
    result = hooks.harvester.submit(semantic(draft, app_id=app), trigger="manual")
    assert result.status == "accepted"
    return old, result


def test_the_writer_replaces_the_compound_and_keeps_the_unsaid_member(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    draft = "Since the rebuild Bay B throughput is 300 crates a day."
    old, result = replaced_later(clocked_hooks, clock, "depot", BAYS, draft)
    assert old in result.record["supersedes"]
    assert len(result.also) == 1
    rest = clocked_hooks.store.get(result.also[0], touch=False)
    assert rest.text == "Daily throughput is 400 crates on Bay A."


@pytest.mark.parametrize(
    "text",
    ["Bay A " * 30_000, "1" * 100_000, ("Oven 1 at 38 C and " * 5_000), "\ud800 Bay B 3 %" * 9_000],
)
def test_hostile_text_reads_in_linear_time(text: str) -> None:
    start = time.process_time()
    member_renewed(text, BAYS)
    member_renewed(OVENS, text)
    assert time.process_time() - start < 10
