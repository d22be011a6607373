"""A host names its runs its own way (ticket numbers, UUIDs); memory files a run by day.

Hook C and hook D file a run whose id does not open on a date under the day the host's
clock says it was recorded, the host's id kept whole after it; every write of such a run
was once rejected (a loop of 105 runs kept nothing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentmem import MemoryHooks
from tests.conftest import ManualClock

RUN = {
    "run_id": "mob-20260907-017",
    "goal": "Register push tokens on the v2 endpoint",
    "outcome": "failure",
    "app_id": "pantry-api",
    "summary": "Token registration returned 404 on the old path.",
    "verifiers": [{"name": "smoke", "passed": False, "detail": "POST /v1/devices -> 404"}],
    "lessons": [{"text": "Push tokens register at POST /v2/push/subscriptions, not /v1/devices."}],
}


def test_a_run_id_without_a_date_is_filed_under_the_day_it_was_recorded(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    result = clocked_hooks.post_run_classify(run=RUN)
    assert result.ok, result.error
    assert len(result.writes.accepted) == 2
    for memory_id in result.writes.accepted:
        assert clocked_hooks.store.get(memory_id).run_id == "2026-10-05-mob-20260907-017"


def test_the_same_run_fired_again_the_next_day_is_still_one_record(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The record's id comes from the host's run id, not the dated one: a retry after
    midnight finds the record it wrote, never a second episode."""
    first = clocked_hooks.post_run_classify(run=RUN)
    clock.advance(days=1)
    again = clocked_hooks.post_run_classify(run=RUN)
    assert again.ok and not again.writes.accepted
    episodes = [m for m in clocked_hooks.store.list() if m.type.value == "episodic"]
    assert [m.id for m in episodes] == [first.writes.accepted[0]]


def test_a_dated_run_id_is_kept_as_the_host_gave_it(clocked_hooks: MemoryHooks) -> None:
    result = clocked_hooks.post_run_classify(run={**RUN, "run_id": "2026-09-07-run-017"})
    assert clocked_hooks.store.get(result.writes.accepted[0]).run_id == "2026-09-07-run-017"


def test_a_run_id_memory_cannot_file_is_refused_naming_the_field(
    clocked_hooks: MemoryHooks,
) -> None:
    """A date before it cannot make every id a run id: one with spaces or slashes is
    refused, the field, the value and what it may hold named, nothing written."""
    result = clocked_hooks.post_run_classify(run={**RUN, "run_id": "sprint 12/run 4"})
    assert not result.ok and not result.writes.accepted
    problems = [p for r in result.writes.rejected for p in r.problems]
    assert problems and all(p["field"] == "run_id" for p in problems)
    assert "sprint 12/run 4" in str(problems[0]["reason"])
    assert "only letters, digits" in str(problems[0]["reason"])
    assert clocked_hooks.store.list() == []


@pytest.mark.parametrize("blank", ["", "   "])
def test_an_empty_run_id_is_refused_not_filed_as_every_runs(
    clocked_hooks: MemoryHooks, blank: str
) -> None:
    """An empty id dated would be one id for every run: the second run's record found
    "held" and never written. It is refused, the field named, before anything is read."""
    result = clocked_hooks.post_run_classify(run={**RUN, "run_id": blank})
    assert not result.ok and result.error is not None
    assert "run.run_id" in result.error.message and "is empty" in result.error.message
    assert clocked_hooks.store.list() == []


def test_a_retrospectives_run_id_without_a_date_is_dated_too(
    clocked_hooks: MemoryHooks, tmp_path: Path
) -> None:
    retro = tmp_path / "retro.md"
    retro.write_text(
        "# Retro\n\n## Lessons\n\n- Push tokens register at POST /v2/push/subscriptions.\n",
        encoding="utf-8",
    )
    result = clocked_hooks.post_retro_distill(retro={"path": str(retro), "run_id": "sprint-12"})
    assert result.ok, result.error
    assert result.writes.accepted
    for memory_id in result.writes.accepted:
        assert clocked_hooks.store.get(memory_id).run_id == "2026-10-05-sprint-12"
