"""A retraction that tells, beside the claim it withdraws, the cause found since takes the
withdrawn lesson's place in a pack, as any other replacement does: told in the cause's own
words, it shares few of the goal's and was lost to every other lesson. One that says only
what no longer holds takes it too (fix25b): the worker reads that the old belief is gone
rather than an empty place, where it would go back to the belief's first guess."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock, lesson, packed_ids

APP = "front-desk"
OLD = (
    "Badge printer jobs stall at nine because the print spooler queue fills up on Mondays; "
    "purge the spooler queue before the shift."
)
GOAL = {"title": "Badge printer jobs stalling on Monday", "app_id": APP, "kind": "code", "tags": []}
FILLERS = (
    "Visitor badges expire at 18:00; the kiosk prints the expiry on each badge.",
    "The lobby kiosk reboots nightly at 03:00 for updates.",
    "Badge photos are cropped to 600x800 before printing.",
)


def _pack_after(hooks: MemoryHooks, clock: ManualClock, new: str) -> tuple[str, str, list[str]]:
    old = lesson(hooks, OLD, APP)
    for text in FILLERS:
        lesson(hooks, text, APP)
    clock.advance(days=5)
    newer = lesson(hooks, new, APP)
    assert old in hooks.store.get(newer).supersedes
    clock.advance(days=1)
    return old, newer, packed_ids(hooks, GOAL)


def test_a_retraction_telling_the_cause_anew_takes_the_lessons_place(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    new = (
        "Turns out the spooler queue was never the problem. The print queue waited on a 40 MB "
        "logo the template pulled from the file share; it embeds a 200 KB one now."
    )
    old, newer, packed = _pack_after(clocked_hooks, clock, new)
    assert old not in packed
    assert newer in packed


def test_a_retraction_telling_nothing_anew_takes_the_lessons_place_too(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    new = "Retracted: the spooler queue note. Nobody ever measured the queue."
    old, newer, packed = _pack_after(clocked_hooks, clock, new)
    assert old not in packed
    assert newer in packed
