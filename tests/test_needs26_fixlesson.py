"""Hook E's follow-up: a run sent to mend a pattern's failures ("Fix … failures") tells
their cause in its lesson, often in none of the words the failed checks said; its lesson
is the follow-up's account all the same."""

from __future__ import annotations

from agentmem.core.model import Memory
from agentmem.harvest.followup import FollowUps
from tests.conftest import held, run_record

APP = "invoice-import"
DETAIL = "ValueError: cannot read due_on '{}' (column due_on, file {}.csv line 4)"


def _record(day: int, n: int, goal: str, summary: str, detail: str = "") -> Memory:
    return run_record(day, n, goal, summary, detail, app_id=APP, check="import-check", others=1)


def test_the_fixing_runs_lesson_is_the_follow_ups_account() -> None:
    """The fix's goal names the failures' words; its lesson shares one of them only."""
    failures = [
        _record(2, 1, "Import the March invoices", "Two files refused.", DETAIL.format("03/14/27", "A1")),
        _record(4, 2, "Import the April invoices", "One file refused.", DETAIL.format("04/02/27", "B7")),
    ]  # fmt: skip
    routine = [_record(d, 10 + d, f"Export ledger {d}", "Ledger exported.") for d in (3, 5, 6)]
    fix = _record(5, 30, "Fix due_on read failures in the invoice loader", "All files load now.")
    lesson = held(
        "The supplier writes due dates month first (US style); parse them with a "
        "month-first format, never day first.",
        5, "procedural-00000000fix1", app_id=APP, run_id=fix.run_id, type="procedural",
        confidence=0.75,
    )  # fmt: skip
    records = [*failures, *routine, fix]
    found = FollowUps(records, {fix.run_id: [lesson]}).of(failures, ["import-check"])
    assert found is not None and found.run.id == fix.id
    assert found.lesson is not None and found.lesson.id == lesson.id
