"""Hook E's follow-up: a run of another app sent after one of the pattern's checks."""

from __future__ import annotations

from agentmem.core.model import Memory, Outcome
from agentmem.harvest.followup import FollowUps
from tests.conftest import held, run_record

PRESS, UPKEEP = "press-jobs", "press-upkeep"
DETAIL = (
    "colour-proof: delta E {} over limit 3.0 on sheet {}; densitometer cyan drift on "
    "blanket unit D-7"
)


def _record(
    day: int, n: int, goal: str, summary: str, detail: str = "", app_id: str = PRESS
) -> Memory:
    return run_record(
        day, n, goal, summary, detail, app_id=app_id, check="colour-proof", others=2
    )  # fmt: skip


def _loop(goal: str) -> tuple[list[Memory], Memory, Memory]:
    """Two failed proofs in the press app, the everyday runs of both apps, and a run of the
    upkeep app, the day after, that wrote what it found on the press."""
    failures = [
        _record(
            2, 1, "Print the spring catalogue", "Ink batch 44 suspected.", DETAIL.format(6, 14)
        ),
        _record(5, 5, "Print the summer flyers", "Proof off again.", DETAIL.format(5, 3)),
    ]
    routine = [
        _record(d, 10 + d, f"Print order {d}", "Order printed and packed.") for d in (3, 4, 6, 7)
    ] + [
        _record(d, 20 + d, f"Service guillotine {d}", "Blades sharpened.", app_id=UPKEEP)
        for d in (3, 4)
    ]
    went = _record(6, 30, goal, "Swapped the worn blanket on unit D-7.", app_id=UPKEEP)
    lesson = held(
        "Not the ink batch: the proofs failed on a worn blanket on unit D-7, whose cyan "
        "drift the densitometer showed; swap blankets every 40,000 sheets.",
        6, "semantic-0000000000d7", app_id=UPKEEP, run_id=went.run_id,
    )  # fmt: skip
    return [*failures, *routine, went], went, lesson


def test_a_run_of_another_app_whose_goal_names_the_check_is_the_follow_up() -> None:
    """The upkeep run's goal names the check that failed ("colour proof"), a word of the
    topic every proof says, and no rare word of the failures; its lesson names the failures'
    rare words (the blanket, the densitometer's cyan drift). It went after them: its
    lesson is their cause, told after the run's own app had blamed the ink."""
    records, went, lesson = _loop("Find why the colour proof keeps failing")
    failures = [r for r in records if r.outcome is Outcome.FAILURE]
    found = FollowUps(records, {went.run_id: [lesson]}).of(failures, ["colour-proof"])
    assert found is not None
    assert found.run.id == went.id
    assert found.lesson is not None and found.lesson.id == lesson.id


def test_another_apps_lesson_is_no_follow_up_when_its_goal_names_no_check() -> None:
    """The same lesson by an upkeep run whose goal names other work: another app's lesson
    on its own work may share the failures' words by chance."""
    records, went, lesson = _loop("Service the press on schedule")
    failures = [r for r in records if r.outcome is Outcome.FAILURE]
    assert FollowUps(records, {went.run_id: [lesson]}).of(failures, ["colour-proof"]) is None
