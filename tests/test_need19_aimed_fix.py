"""Hook E's follow-up: a run whose goal says it fixes what the failures' checks said."""

from __future__ import annotations

from agentmem.core.model import Memory, Outcome
from agentmem.harvest.followup import FollowUps
from tests.conftest import held, run_record

APP = "bakery-books"
DETAIL = "FAIL weekly average yield {} loaves != ledger 405 loaves (tolerance 2 loaves)"


def _record(day: int, n: int, goal: str, summary: str, detail: str = "") -> Memory:
    return run_record(day, n, goal, summary, detail, app_id=APP, check="books-check", others=2)


def _loop() -> tuple[list[Memory], Memory, Memory]:
    """Two failed weekly closes, the everyday runs of the books (whose words every run
    shares), and the run that went after the failures and wrote why."""
    failures = [
        _record(2, 1, "Close week 9", "Yield does not match the ledger.", DETAIL.format(412)),
        _record(9, 9, "Close week 10", "Yield is off once more.", DETAIL.format(409)),
    ]
    routine = [
        _record(
            d, d, f"Post weekly yield and average to the ledger, batch {d}", "Ledger ops log ok."
        )
        for d in (3, 4, 5, 6, 7, 8)
    ]
    fix = _record(10, 12, "Fix the weekly yield totals used for ledger averages", "Totals re-cut.")
    lesson = held(
        "Yield totals are counted per local baking day (midnight to midnight); the oven log "
        "stamps UTC, so counting by UTC date moves the night shift into the next day.",
        10, "semantic-0000000000f1", app_id=APP, run_id=fix.run_id,
    )  # fmt: skip
    return [*failures, *routine, fix], fix, lesson


def test_a_goal_that_says_it_fixes_the_failures_is_their_follow_up() -> None:
    """The words of the failed check ("weekly", "yield", "average", "ledger") are the
    topic's, in every run of the books, so no rare word tied the fix to the failures and
    the pattern never told the cause its lesson found (the local baking day)."""
    records, fix, lesson = _loop()
    failures = [r for r in records if r.outcome is Outcome.FAILURE]
    found = FollowUps(records, {fix.run_id: [lesson]}).of(failures, ["books-check"])
    assert found is not None
    assert found.run.id == fix.id
    assert found.lesson is not None and found.lesson.id == lesson.id


def test_a_fix_of_other_words_is_no_follow_up() -> None:
    """A goal that fixes something the failures never said is not theirs."""
    records, fix, lesson = _loop()
    other = _record(10, 12, "Fix the typo on the bread labels", "Labels reprinted.")
    records = [other if r.id == fix.id else r for r in records]
    failures = [r for r in records if r.outcome is Outcome.FAILURE]
    assert FollowUps(records, {fix.run_id: [lesson]}).of(failures, ["books-check"]) is None
