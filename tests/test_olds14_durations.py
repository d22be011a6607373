"""What a recorded change retired, read wider (`lingering.durations`, `retired_by`'s values
given anew, `select.same_work`'s bar).

A pottery studio's kiln: the glaze firing held 20 minutes at peak, then a decision cut the
hold to 12m30s. A failed firing's log still prints "hold 20m00s": one length of time told
in other units, and retired. The bisque firing's 10 minutes stayed as it was: a replacement
that says it again gives nothing new, and a record that quotes it beside the old glaze hold
is no record of the change.
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.model import Memory
from agentmem.core.statement import terms
from agentmem.retrieval.lingering import DURATION, durations, quotes_retired, retired_by
from tests.conftest import ManualClock, semantic

APP = "kiln-studio"
WHEN = "2027-04-10T12:00:00+00:00"
OLD = "Glaze firings hold 20 minutes at peak temperature; bisque firings hold 10 minutes."
NEW = "Glaze firings now hold 12m30s at peak temperature (the new elements overshoot less)."
FAILED = (
    "Run 2027-03-02-r7: Fire the spring glaze load ended in failure. Kiln log: hold 20m00s "
    "at peak temperature, crazing on six bowls."
)


def _record(text: str, day: str, outcome: str | None = "failure") -> Memory:
    return Memory.model_validate(
        {
            "id": "episodic-000000000001", "text": text, "type": "episodic",
            "confidence": 1.0, "user_id": "u", "app_id": APP, "run_id": "r", "trigger": "run",
            "outcome": outcome, "created_at": f"{day}T12:00:00+00:00",
        }
    )  # fmt: skip


def _durations(text: str) -> set[str]:
    return durations(text, terms(text).values)


def test_a_length_of_time_is_one_value_whatever_its_units() -> None:
    """ "20 minutes", "20m00s" and "1200 s" are one value; "1h 15m" is 75 minutes."""
    assert _durations("hold 20 minutes") == _durations("hold 20m00s") == {"1200"}
    assert _durations("a 1h 15m soak and a 90 s vent") == {"4500", "90"}


def test_durations_leave_out_what_is_no_length_of_time() -> None:
    """A version, a model name and a bare number are no durations."""
    assert not _durations("firmware v2m3s on kiln 12; cone 6; model 4m2")


def test_a_hold_told_in_another_unit_is_retired() -> None:
    change = retired_by(OLD, NEW, WHEN)
    assert change is not None and (DURATION, "1200") in change.retired
    assert quotes_retired(_record(FAILED, "2027-03-02"), [change])


def test_a_record_of_the_new_hold_or_of_another_thing_still_holds() -> None:
    """A record after the change, and one of a 20-minute wait of something else (no word of
    its clause is the glaze hold's), tell nothing the change retired."""
    change = retired_by(OLD, NEW, WHEN)
    assert change is not None
    assert not quotes_retired(_record(FAILED, "2027-04-12"), [change])
    other = "Run r9: Clay delivery ended in failure: the van waited 20m00s at the loading gate."
    assert not quotes_retired(_record(other, "2027-03-05"), [change])


KEPT_OLD = "Glaze firings hold 20 minutes at peak; bisque firings hold 10 minutes at peak."
KEPT_NEW = "Glaze firings now hold 15 minutes at peak; bisque firings still hold 10 minutes."


def test_a_value_the_replacement_says_again_is_not_given_anew() -> None:
    """The bisque hold stayed at 10 minutes: a record quoting it beside the old glaze hold
    still tells how things were (only 15 minutes is new)."""
    change = retired_by(KEPT_OLD, KEPT_NEW, WHEN)
    assert change is not None and ("min", "10") not in change.given
    text = (
        "Run r4: Mixed firing ended in failure: glaze held 20 minutes at peak, bisque 10 minutes."
    )
    assert quotes_retired(_record(text, "2027-03-03"), [change])
    both = (
        "Run r5: Glaze hold cut from 20 minutes at peak to 15 minutes at peak, bisque 10 minutes."
    )
    assert not quotes_retired(_record(both, "2027-03-03", "success"), [change])


def _lesson(hooks: MemoryHooks, text: str, **fields: object) -> str:
    result = hooks.harvester.submit(semantic(text, app_id=APP, **fields), trigger="manual")
    assert result.memory_id is not None
    return result.memory_id


def _run(hooks: MemoryHooks, run_id: str, goal: str, summary: str) -> str:
    run = {
        "run_id": run_id, "goal": goal, "outcome": "failure", "app_id": APP,
        "summary": summary,
        "verifiers": [{"name": "kiln-check", "passed": False, "detail": summary}],
    }  # fmt: skip
    result = hooks.post_run_classify(run=run)
    assert result.ok
    return result.writes.accepted[0]


def test_pre_spawn_pack_keeps_the_same_work_bar_of_a_record_it_left_out(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The failed glaze firing of the very goal leaves the pack (it quotes the old hold); a
    failure of other work sharing one word of the goal does not take its place: the left-out
    run still shows what the same work is."""
    old = _lesson(clocked_hooks, OLD)
    clock.advance(days=2)
    same = _run(clocked_hooks, "2027-03-02-r7", "Fire the spring glaze load in the big kiln",
                "Kiln log: hold 20m00s at peak temperature, crazing on six bowls.")  # fmt: skip
    clock.advance(days=1)
    other = _run(clocked_hooks, "2027-03-03-r8", "Restock the spring clay order",
                 "The supplier had no stoneware clay left.")  # fmt: skip
    clock.advance(days=5)
    new = _lesson(clocked_hooks, NEW, supersedes=[old])
    goal = {"title": "Fire the spring glaze load in the big kiln", "app_id": APP}
    result = clocked_hooks.pre_spawn_pack(goal=goal)
    assert result.pack is not None
    ids = [e.id for e in result.pack.entries]
    assert new in ids and same not in ids and other not in ids
