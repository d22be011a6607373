"""What lingers from before a recorded change (`agentmem.retrieval.lingering`).

Hook A, like the pack, leaves out a live lesson written before a change that says again
what the change replaced (a how-to giving a runbook section's old start time); and a value
counts as retired only when the replacement speaks of what it described: a runbook section
that listed two kilns' start times, replaced by one kiln's new time, did not retire the
other kiln's."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock
from tests.test_restated_retired import APP
from tests.test_restated_retired import _lesson as _lesson  # the same kiln app

RULE = (
    "Kiln runbook: glaze firings in the big kiln start at 06:30; the day shift unloads the "
    "kiln once it has cooled below 60 C."
)
HOWTO = (
    "Load the big kiln the evening before: glaze firings start at 06:30 and the day shift "
    "unloads it once cooled; put wadding under every shelf post."
)
CHANGE = (
    "Kiln runbook rev 2: firings start at 05:00 now that the gas contract moved to off-peak hours."
)
QUEUE = [{"id": "K-1", "title": "Plan the glaze firings in the big kiln", "app_id": APP}]


def _synthesis(hooks: MemoryHooks, clock: ManualClock, howto: str, *, after: bool) -> str:
    """The how-to (before the runbook section, or after its change), the section, its
    change a week on; then hook A's synthesis of the queue."""
    if not after:
        _lesson(hooks, howto, type="procedural")
        clock.advance(days=2)
    rule = _lesson(hooks, RULE, source="docs/kiln-runbook.md")
    clock.advance(days=5)
    change = _lesson(hooks, CHANGE, supersedes=[rule], source="docs/kiln-runbook.md")
    # the writer may retire the how-to too: it gives the old start time in the same place
    # (`agentmem.core.slots`); whichever retires it, the planner is told the change only
    assert rule in hooks.store.get(change).supersedes
    if after:
        clock.advance(days=1)
        _lesson(hooks, howto, type="procedural")
    text = hooks.pre_goal_synthesis(queue=QUEUE).synthesis or ""
    assert f"[{change}]" in text
    return text


def test_pre_goal_synthesis_leaves_out_a_how_to_restating_a_replaced_rule(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """A how-to written before the runbook's change still gives the old start time on the
    same subject, in the runbook section's words: the planner is told the change only."""
    text = _synthesis(clocked_hooks, clock, HOWTO, after=False)
    assert "06:30" not in text, text


def test_pre_goal_synthesis_keeps_a_how_to_written_after_the_change(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Written after the change, a how-to with the same words is no leftover of the old
    rule (here it gives the old time for another reason: it is the newer word)."""
    text = _synthesis(clocked_hooks, clock, HOWTO, after=True)
    assert "wadding" in text, text


SECTION = (
    "Kiln runbook, firings: Kiln A (bisque loads; cone 04; Starts: 06:00 on weekdays; "
    "Cooling check: 14:00); Kiln B (glaze loads; cone 6; Starts: 09:00 on weekdays; "
    "Cooling check: 17:00)."
)
KILN_B = "Glaze loads go in Kiln B, not Kiln A: Kiln B starts at 09:00 on weekdays, cone 6."
KILN_A_NOW = "Kiln A bisque firings are lit at 05:00 from Monday; its cooling check moves to 13:00."
GOAL = {"title": "Schedule the glaze loads for Kiln B next week", "app_id": APP}


def test_a_value_the_replacement_does_not_speak_of_is_not_retired(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The runbook section gave both kilns' times; its replacement moves Kiln A's firing.
    Kiln B's 09:00 start is said in words the replacement has nowhere near its new time,
    so the lesson giving it still holds and stays in the worker's pack."""
    hooks = clocked_hooks
    section = _lesson(hooks, SECTION, source="docs/kiln-runbook.md")
    clock.advance(days=1)
    kiln_b = _lesson(hooks, KILN_B)
    clock.advance(days=5)
    _lesson(hooks, KILN_A_NOW, supersedes=[section])
    result = hooks.pre_spawn_pack(goal=GOAL)
    assert result.pack is not None
    assert kiln_b in [e.id for e in result.pack.entries]
