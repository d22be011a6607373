"""Hook E's follow-up of a pattern (`agentmem.harvest.followup`): a fix whose goal names the
failed check beside a word of its error."""

from __future__ import annotations

from agentmem.core.model import Memory
from agentmem.harvest.followup import FollowUps
from tests.conftest import held, run_record


def test_a_fix_may_name_the_failed_check_beside_one_word_of_its_error() -> None:
    """A run sent to "Fix the ledger rounding" after `ledger-check` said "rounding off by
    0.01": the goal names the check's subject and one word of what it said, and mends it;
    its lesson is the pattern's follow-up."""
    app, check = "invoice-ledger", "ledger-check"
    said = "rounding off by 0.01 on {} invoices against the bank total"

    def record(day: int, n: int, goal: str, summary: str, detail: str = "") -> Memory:
        return run_record(day, n, goal, summary, detail, app_id=app, check=check, others=1)

    failures = [
        record(2, 1, "Post the March invoices", "Posted; totals disagree.", said.format(3)),
        record(3, 2, "Post the April invoices", "Posted; totals disagree.", said.format(5)),
    ]
    routine = [record(d, 10 + d, f"Export the day book {d}", "Exported.") for d in (1, 5, 6)]
    fix = record(4, 20, "Fix the ledger rounding", "Clean run.")
    lesson = held(
        "Amounts are summed first and rounded last.",
        4, "procedural-0000000once2", app_id=app, run_id=fix.run_id, type="procedural",
    )  # fmt: skip
    records = [*routine, *failures, fix]
    found = FollowUps(records, {fix.run_id: [lesson]}).of(failures, [check])
    assert found is not None and found.run.id == fix.id
    assert found.lesson is not None and found.lesson.id == lesson.id
