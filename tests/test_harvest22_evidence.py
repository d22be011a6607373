"""The failure a lesson was drawn from is its evidence, not evidence against it.

A postmortem written the day a run failed takes its lesson from that failure: the run ran
with the old setting the lesson names ("the seal cure was set to 20 min"), so hook E read
it as a run that did what the lesson says and still failed, and retired a real lesson.
A failure of a later day that ran with the lesson's setting still shows it did not hold.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from agentmem import MemoryHooks
from agentmem.core.model import Memory
from tests.test_judgment_harvest import clocked

__all__ = ["clocked"]  # the fixture: hooks whose clock reads a given day

APP = "kiln-line"
POSTMORTEM = """# Postmortem: glaze crazing on the spring batch

## Lessons
- Hold the kiln at the glaze peak for 45 min before the cool-down; 20 min crazes the glaze.
"""


def failed_firing(hooks: MemoryHooks, run_id: str, summary: str) -> None:
    """One failed firing of the kiln line whose own account states what it ran with."""
    run = {
        "run_id": run_id,
        "goal": "Fire the glaze batch for the showroom order",
        "outcome": "failure",
        "app_id": APP,
        "summary": summary,
        "verifiers": [
            {"name": "glaze-inspect", "passed": False, "detail": "14 of 40 plates crazed"}
        ],
    }
    assert hooks.post_run_classify(run=run).ok


def postmortem_lesson(hooks: MemoryHooks, tmp_path: Path, day: str) -> Memory:
    """The postmortem of `day`, distilled; its lesson about the glaze peak."""
    path = f"retros/{day}-glaze-postmortem.md"
    (tmp_path / "retros").mkdir(exist_ok=True)
    (tmp_path / path).write_text(POSTMORTEM)
    result = hooks.post_retro_distill(retro={"path": path, "app_id": APP})
    assert result.ok
    written = [hooks.store.get(i) for i in result.writes.accepted]
    [lesson] = [m for m in written if "45 min" in m.text]
    return lesson


def not_held(hooks: MemoryHooks) -> list[Memory]:
    return [m for m in hooks.store.list() if "did-not-hold" in m.tags]


def test_the_failure_a_postmortem_was_written_from_does_not_refute_its_lesson(
    clocked: Callable[[str], MemoryHooks], tmp_path: Path
) -> None:
    """The run failed with the glaze peak held 20 min and kiln hold time as its words; the
    postmortem written that day says 45 min, not 20. Same day, same second on the host's
    clock: the failure is the lesson's evidence, so the lesson stays live and in packs."""
    day = clocked("2099-04-07")
    failed_firing(
        day, "2099-04-07-k1", "The kiln hold at the glaze peak was 20 min; the glaze crazed."
    )
    lesson = postmortem_lesson(day, tmp_path, "2099-04-07")
    assert clocked("2099-04-08").judgment_harvest().ok
    assert not not_held(day)
    assert not [m for m in day.store.list() if lesson.id in m.supersedes]


def test_a_later_failure_with_the_lessons_setting_still_did_not_hold(
    clocked: Callable[[str], MemoryHooks], tmp_path: Path
) -> None:
    """After the postmortem, a firing of a later day held the peak the 45 min it says and
    still crazed: that failure is evidence against the lesson, which is retired citing it
    and not the run the postmortem was written from."""
    day = clocked("2099-04-07")
    failed_firing(
        day, "2099-04-07-k1", "The kiln hold at the glaze peak was 20 min; the glaze crazed."
    )
    lesson = postmortem_lesson(day, tmp_path, "2099-04-07")
    later = clocked("2099-04-10")
    failed_firing(
        later,
        "2099-04-10-k2",
        "Held the kiln at the glaze peak for 45 min before the cool-down; the glaze crazed.",
    )
    assert clocked("2099-04-11").judgment_harvest().ok
    [retired] = not_held(later)
    assert retired.supersedes == (lesson.id,)
    assert "2099-04-10-k2" in retired.text and "2099-04-07-k1" not in retired.text


def test_a_label_glued_to_a_number_is_no_setting_a_run_ran_with(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """ "Gate 12B" names a gate, not 12 bytes: a failure whose account names the gate the
    lesson names collided with what the lesson says (the shuttle boards there at 06:40),
    it did not run with its setting, so the lesson is no "did not hold"."""
    day = clocked("2099-05-02")
    lesson = day.harvester.submit(
        {
            "text": "The island shuttle boards at gate 12B at 06:40; no charter may use the "
            "gate before 07:10.",
            "type": "semantic",
            "confidence": 0.8,
            "app_id": "gate-planner",
        },
        trigger="manual",
    )
    later = clocked("2099-05-04")
    run = {
        "run_id": "2099-05-04-g1",
        "goal": "Assign gates for the charter wave",
        "outcome": "failure",
        "app_id": "gate-planner",
        "summary": "Moved the charters to local time as planned; the 12B gate conflicts persist.",
        "verifiers": [
            {
                "name": "gate-conflicts",
                "passed": False,
                "detail": "CONFLICT gate 12B 06:40-07:05: charter inside island shuttle boarding",
            }
        ],
    }
    assert later.post_run_classify(run=run).ok
    assert clocked("2099-05-05").judgment_harvest().ok
    assert not not_held(later)
    assert not [m for m in later.store.list() if lesson.memory_id in m.supersedes]
