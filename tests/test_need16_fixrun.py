"""A packed failure brings the lesson of the run that fixed it (`agentmem.retrieval.fixrun`).

The goal that found a failure often shares no word with the lesson its fix wrote: the
lesson is told in the fix's own words. The fix is the first later run of the failure's app
that went well, soon after it, whose goal names words of the failure's account; its lesson
is the one that run wrote. A later success on other work, one long after, one before the
failure and a lesson another run wrote stay out."""

from __future__ import annotations

from agentmem.contexts import Goal
from agentmem.core.model import Memory
from tests.packsearch import packed


def memory(n: int, app: str, day: int, text: str, kind: str, outcome: str | None = None) -> Memory:
    fields = {
        "id": f"{kind}-{n:012x}", "text": text, "type": kind,
        "confidence": 1.0 if kind == "episodic" else 0.8, "trigger": "post_run_classify",
        "user_id": "u", "app_id": app, "run_id": f"2027-03-{day:02d}-r{n}",
        "created_at": f"2027-03-{day:02d}T12:00:00+00:00",
    }  # fmt: skip
    if outcome is not None:
        fields["outcome"] = outcome
    return Memory.model_validate(fields)


def run(n: int, app: str, day: int, goal: str, outcome: str, said: str) -> Memory:
    text = f"Run 2027-03-{day:02d}-r{n}: {goal} ended in {outcome}. {said}"
    return memory(n, app, day, text, "episodic", outcome)


def taught(n: int, by: Memory, text: str) -> Memory:
    """A lesson the run `by` wrote (its run_id and day)."""
    lesson = memory(n, by.app_id, int(by.run_id[8:10]), text, "procedural")
    return lesson.model_copy(update={"run_id": by.run_id})


def test_a_packed_failure_brings_its_fixs_lesson_bakery() -> None:
    """The proofing run failed on collapsed loaves; the next run fixed the collapse and
    wrote how (a humidity cap the goal never names): that lesson is packed."""
    failed = run(1, "oven-line", 3, "Proof the rye loaves overnight", "failure",
                 "Loaves collapsed in the cabinet. Failed: crumb-check (collapsed rye loaves).")  # fmt: skip
    fixed = run(2, "oven-line", 4, "Stop collapsed rye loaves", "success",
                "Cabinet humidity capped; no collapse in three batches.")  # fmt: skip
    lesson = taught(3, fixed, "Cap cabinet humidity at 78% for rises longer than 8 h.")
    hunch = memory(4, "oven-line", 3, "Overnight proofing of rye loaves needs care.", "semantic")
    goal = Goal(title="Proof the spelt loaves overnight", app_id="oven-line")
    ids = packed([failed, fixed, lesson, hunch], goal)
    assert failed.id in ids
    assert lesson.id in ids


def test_a_packed_failure_brings_its_fixs_lesson_library() -> None:
    """A loan import failed on duplicate item codes; the fix run's lesson (a key to upsert
    on) joins the failure in the pack."""
    failed = run(1, "loan-desk", 10, "Import interlibrary loans from the partner feed",
                 "failure", "Failed: import-check (duplicate item codes rejected, 40 rows).")  # fmt: skip
    fixed = run(2, "loan-desk", 12, "Handle duplicate item codes in the partner import",
                "success", "Rows merged; zero rejects.")  # fmt: skip
    lesson = taught(3, fixed, "Upsert partner rows on (library_code, item_code); never insert.")
    other = memory(4, "loan-desk", 9, "Interlibrary loans from the partner feed arrive daily.",
                   "semantic")  # fmt: skip
    goal = Goal(title="Import interlibrary loans from the second partner feed", app_id="loan-desk")
    ids = packed([failed, fixed, lesson, other], goal)
    assert failed.id in ids
    assert lesson.id in ids


def test_a_packed_failure_brings_its_fixs_lesson_wind_farm() -> None:
    """Turbine telemetry failed on timestamps; the fix's lesson (which clock to read)
    reaches a goal that only names the telemetry."""
    failed = run(1, "scada-feed", 20, "Collect turbine telemetry for the north array",
                 "partial", "Half the samples were dropped: gearbox timestamps in local time.")  # fmt: skip
    fixed = run(2, "scada-feed", 21, "Convert gearbox timestamps to UTC", "success",
                "All samples kept.")  # fmt: skip
    lesson = taught(
        3, fixed, "Gearbox controllers stamp local time; shift them with tz=Europe/Madrid."
    )
    goal = Goal(title="Collect turbine telemetry for the south array", app_id="scada-feed")
    ids = packed([failed, fixed, lesson], goal)
    assert failed.id in ids
    assert lesson.id in ids


def test_no_fix_is_taken_from_other_work_later_runs_or_other_runs_lessons() -> None:
    """A success sharing one word with the failure, one long after it, one before it, and a
    lesson another run wrote in the fix's words: none of their lessons is packed."""
    failed = run(1, "oven-line", 10, "Proof the rye loaves overnight", "failure",
                 "Failed: crumb-check (collapsed rye loaves).")  # fmt: skip
    chance = run(2, "oven-line", 11, "Clean the rye mill", "success", "Mill cleaned.")
    chance_lesson = taught(3, chance, "Clean the mill with the soft brush only.")
    late = run(4, "oven-line", 25, "Fix collapsed rye loaves", "success", "Humidity capped.")
    late_lesson = taught(5, late, "Cap cabinet humidity at 78% for long rises.")
    early = run(6, "oven-line", 8, "Stop collapsed rye loaves", "success", "Shaping changed.")
    early_lesson = taught(7, early, "Shape the dough tighter on the bench.")
    goal = Goal(title="Proof the spelt loaves overnight", app_id="oven-line")
    ids = packed([failed, chance, chance_lesson, late, late_lesson, early, early_lesson], goal)
    assert failed.id in ids
    assert not {chance_lesson.id, late_lesson.id, early_lesson.id} & set(ids)
