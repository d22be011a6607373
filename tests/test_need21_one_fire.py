"""Lessons one run reports in one hook C fire are learned together: none is a newer word
on another, however alike their frames ("X are capped at $N per year", "Y have their own
cap of $M per year"). The writer once marked the first superseded by the second, and the
first never reached a worker. A later run's new value of the same thing still replaces it."""

from __future__ import annotations

from pathlib import Path

from agentmem import MemoryHooks
from agentmem.core.verdict import Held, judge
from agentmem.stores.files import EntryFiles

FIRST = "Travel bursaries are capped at $3,000 per year per researcher."
SECOND = "Equipment grants have their own cap of $7,000 per year, set by the lab office."


def _run(run_id: str, *lessons: str) -> dict[str, object]:
    return {
        "run_id": run_id,
        "goal": "Price the research funding calculator",
        "outcome": "success",
        "summary": "Calculator shows both caps.",
        "app_id": "funding-calc",
        "verifiers": [{"name": "unit-tests", "passed": True}],
        "lessons": [{"text": t, "type": "semantic", "confidence": 0.75} for t in lessons],
        "tags": [],
    }


def test_the_judge_alone_keeps_the_second_apart_from_the_first() -> None:
    """The frames match, but the second names another instance ("their own cap") with no
    word of news (`agentmem.core.plainnews.elsewhere_unsaid`): the judge alone, not knowing
    where they came from, replaces nothing either."""
    assert not judge(SECOND, [Held("semantic-1", FIRST, "semantic")], "semantic").replaces


def test_two_lessons_of_one_run_both_stay_live(hooks: MemoryHooks, root: Path) -> None:
    """Both lessons of the one fire are written, neither superseding the other."""
    result = hooks.post_run_classify(run=_run("2027-04-02-r7", FIRST, SECOND))
    assert result.ok
    files = EntryFiles(root)
    written = [files.read(i) for i in result.writes.accepted]
    lessons = [m for m in written if m.text in (FIRST, SECOND)]
    assert len(lessons) == 2
    assert not [m.supersedes for m in lessons if m.supersedes]


def test_a_later_runs_new_value_still_replaces(hooks: MemoryHooks, root: Path) -> None:
    """Another run, later, that gives the bursaries' cap anew replaces the held lesson."""
    first = hooks.post_run_classify(run=_run("2027-04-02-r7", FIRST))
    later = hooks.post_run_classify(
        run=_run(
            "2027-04-09-r9", "Travel bursaries are now capped at $4,000 per year per researcher."
        )
    )
    files = EntryFiles(root)
    old = next(files.read(i) for i in first.writes.accepted if files.read(i).text == FIRST)
    assert any(old.id in files.read(i).supersedes for i in later.writes.accepted)
