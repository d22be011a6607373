"""A role handed on, and a run record told before a newer lesson changed its way, at read
time (`agentmem.retrieval.handover`, `agentmem.retrieval.conflict`).

The writer left both live: the newer lesson names another holder of a role, or runs a job
with another tool, in words it did not link to the older lesson. A worker's pack and hook
A's synthesis leave the older holder out, and a pack leaves out the run record that quotes
the old holder or the old tool. Near misses keep both: two things' roles ("weekend" and
"weekday" shows), a new holder told with no word of change, a deputy named beside the old
holder, a later lesson that gives the old holder the role again, a record whose tool the
newer lesson still names."""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.model import Hit, MemoryType
from tests.conftest import ManualClock, held, packed_ids, unlinked_pair

APP = "radio"
GOAL = {"title": "Swap the overnight setlist for the storm special", "app_id": APP}
QUEUE = [{"id": "R-9", "title": "Swap the overnight setlist for the storm special", "app_id": APP}]

HELD_OLD = "Overnight setlist changes need a sign-off from Ilse Varga before they air."
HELD_NEW = (
    "Ilse Varga joins the news desk next month; from 23 October Bram Holt approves "
    "every overnight setlist change."
)


FILLER = "The studio B mixing desk is muted at midnight for the hourly ident."


def _pair(hooks: MemoryHooks, clock: ManualClock, old: str, new: str) -> tuple[str, str]:
    return unlinked_pair(hooks, clock, old, new, app_id=APP, days=9, filler=FILLER)


def _packed(hooks: MemoryHooks) -> list[str]:
    return packed_ids(hooks, GOAL)


def test_pre_spawn_pack_tells_the_newer_holder_of_a_role(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The newer lesson gives the sign-off of overnight setlist changes to another person
    from a day it names: the worker's pack leaves the older holder out."""
    old, new = _pair(clocked_hooks, clock, HELD_OLD, HELD_NEW)
    packed = _packed(clocked_hooks)
    assert new in packed
    assert old not in packed


def test_pre_goal_synthesis_tells_the_newer_holder_of_a_role(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Hook A leaves the older holder out as the pack does."""
    old, new = _pair(clocked_hooks, clock, HELD_OLD, HELD_NEW)
    text = clocked_hooks.pre_goal_synthesis(queue=QUEUE).synthesis or ""
    assert f"[{new}]" in text
    assert f"[{old}]" not in text, text


def _record(hooks: MemoryHooks, run_id: str, summary: str) -> str:
    """A failed run on the goal's own work, recorded by the classifier hook."""
    run = {
        "run_id": run_id, "goal": GOAL["title"], "outcome": "failure", "app_id": APP,
        "summary": summary,
        "verifiers": [{"name": "air-check", "passed": False, "detail": "2 gaps after the news"}],
    }  # fmt: skip
    result = hooks.post_run_classify(run=run)
    assert result.ok
    return result.writes.accepted[0]


def test_pre_spawn_pack_leaves_out_a_record_of_the_old_holder(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """A run record that quotes the old holder at work, written before the handover,
    tells how things were: the pack leaves it out."""
    record = _record(
        clocked_hooks, "2027-03-02-r7", "Cart wall loaded; Ilse approved the setlist change."
    )
    clock.advance(days=2)
    _pair(clocked_hooks, clock, "Storm specials open on the weather jingle.", HELD_NEW)
    assert record not in _packed(clocked_hooks)


def test_pre_spawn_pack_leaves_out_a_record_of_the_old_tool(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """A run record that ran the job with a tool a newer lesson replaced, in words of the
    same job, tells how things were: the pack leaves it out."""
    record = _record(
        clocked_hooks, "2027-03-02-r8", "Loaded with cartwall load --slot late on the playout box."
    )
    clock.advance(days=2)
    _pair(
        clocked_hooks,
        clock,
        "Storm specials open on the weather jingle.",
        "Overnight setlists are loaded with `airdeck queue add --show <id>` on the playout box.",
    )
    assert record not in _packed(clocked_hooks)


def _retires(old: str, new: str, *later: str, kind: MemoryType = MemoryType.SEMANTIC) -> bool:
    from agentmem.retrieval.conflict import retired_by_newer

    first, second = held(old, 1, "m-1", app_id=APP, type=kind), held(new, 8, "m-2", app_id=APP)
    others = [
        first,
        second,
        *(held(t, 12 + i, f"m-{3 + i}", app_id=APP) for i, t in enumerate(later)),
    ]
    return retired_by_newer(first, second, {"swap", "storm", "special"}, others)


def test_a_role_handed_to_another_holder_retires_the_older_lesson() -> None:
    assert _retires(HELD_OLD, HELD_NEW)


def test_a_record_quoting_the_old_holder_by_first_name_is_retired() -> None:
    assert _retires(
        "Run 2027-09-01-r3: Change the overnight setlist for the fundraiser ended in "
        "success. Ilse approved in #radio-ops.",
        HELD_NEW,
        kind=MemoryType.EPISODIC,
    )


def test_a_new_holder_told_with_no_word_of_change_retires_nothing() -> None:
    """ "Bram approves ..." with no word of change may tell a second approver."""
    assert not _retires(HELD_OLD, "Bram Holt approves every overnight setlist change.")


def test_another_things_role_retires_nothing() -> None:
    """Weekend and weekday setlists: one word swapped, two roles."""
    assert not _retires(
        "Weekend setlist changes need a sign-off from Ilse Varga.",
        "From 23 October Bram Holt approves weekday setlist changes.",
    )


def test_a_deputy_named_beside_the_old_holder_retires_nothing() -> None:
    assert not _retires(
        HELD_OLD,
        "From 23 October Bram Holt approves overnight setlist changes while Ilse "
        "Varga is on leave.",
    )


def test_a_role_a_later_lesson_gives_the_old_holder_again_is_kept() -> None:
    assert not _retires(
        HELD_OLD,
        HELD_NEW,
        "Ilse Varga signs off overnight setlist changes again after the news desk trial.",
    )


def test_a_record_whose_tool_the_newer_lesson_still_names_is_kept() -> None:
    assert not _retires(
        "Run 2027-09-01-r4: Load the overnight setlist ended in failure. Loaded with "
        "cartwall load --slot late; 2 gaps.",
        "Overnight setlists are loaded with `airdeck queue add --show <id>`; cartwall "
        "keeps the jingles.",
        kind=MemoryType.EPISODIC,
    )


def test_a_records_measured_figure_is_no_value_a_lesson_retires() -> None:
    """A run's measured 58 seconds of silence is no rule a newer limit replaced."""
    assert not _retires(
        "Run 2027-09-01-r5: Air the storm special ended in success. Dead air of 58 seconds "
        "in the overnight slot, under the alarm.",
        "Since the new playout box, the dead-air alarm in the overnight slot now fires "
        "after 30 seconds.",
        kind=MemoryType.EPISODIC,
    )


def test_outdated_passes_records_a_newer_lesson_leaves_standing() -> None:
    """A record whose holder and tool no newer lesson changed stays."""
    from agentmem.retrieval.conflict import outdated

    record = held(
        "Run 2027-09-01-r6: Swap the storm special ended in failure. Ilse approved.",
        1,
        "r-6",
        app_id=APP,
        type=MemoryType.EPISODIC,
    )
    lesson = held("Storm specials open on the weather jingle.", 8, "m-9", app_id=APP)
    hits = [Hit(memory=record, score=1.0)]
    assert outdated(hits, [Hit(memory=lesson, score=1.0)], "storm special") == hits
