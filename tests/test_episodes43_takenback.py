"""The reader shows no claim a later memory took back, whatever memory carries it.

- `agentmem.retrieval.kept.still_held` brings back a replaced lesson a "stays" line names
  the values of, unless its replacement takes it back (says it no longer holds): that is
  no decision on a neighbour mistaken for its replacement.
- `agentmem.retrieval.takenback.untold`: the record of the run that wrote a lesson taken
  back, and a setback whose account followed that lesson while it stood, leave a read that
  holds the taking back; a lesson replaced by a new value, or a setback telling only its
  symptom, leaves the records standing.
"""

from __future__ import annotations

from agentmem.core.model import Hit, Memory
from agentmem.retrieval.kept import still_held
from agentmem.retrieval.takenback import gainsays, untold
from tests.conftest import held, run_record

APP = "bakery-ovens"
CHECK = "bake-profile"

# The run of the 2nd blamed the fan; the run of the 5th followed that advice; a review of
# the 9th found the thermocouple and said the fan was not it.
FAN = (
    "Pale crusts on oven K4 come from its convection fan slowing down; run the K4 fan at"
    " 42.5 Hz during the first bake of the morning."
)
NOT_FAN = (
    "Pale crusts on oven K4 came from thermocouple TC-7 reading 12 degrees high, not the"
    " convection fan; the fan runs at its normal speed again. Check TC-7 first."
)
RETRACTED = (
    "Retracted: the pale crusts were never a fan problem. Disregard the advice to speed up"
    " the K4 convection fan; thermocouple TC-7 read high."
)
NEW_SPEED = "Oven K4's convection fan runs at 48.0 Hz since the bearing swap."


def hit(memory: Memory, score: float = 1.0) -> Hit:
    return Hit(memory=memory, score=score)


def lesson(text: str, day: int, n: int, run: int | None = None, **fields: object) -> Memory:
    run_id = f"2027-03-{day:02d}-run-{run:03d}" if run else f"2027-03-{day:02d}-retro"
    return held(text, day, f"semantic-{day:04d}{n:08d}", app_id=APP, run_id=run_id, **fields)


def failure(day: int, n: int, summary: str) -> Memory:
    detail = "crust colour 41 against the 55 minimum on 3 of 4 trays"
    return run_record(
        day, n, "Morning bake on oven K4", summary, detail, app_id=APP, check=CHECK, others=2
    )


def success(day: int, n: int, summary: str) -> Memory:
    return run_record(day, n, "Morning bake on oven K4", summary, app_id=APP, check=CHECK, others=3)


WROTE = failure(2, 1, "Crusts came out pale; the convection fan on K4 sounded slow.")
FOLLOWED = failure(
    5, 2, "Ran the K4 convection fan at 42.5 Hz as advised; crusts still pale on the first bake."
)
SYMPTOM = failure(6, 3, "Crusts came out pale again on the morning bake.")
AFTER = failure(11, 4, "Ran the K4 convection fan at 42.5 Hz; crusts pale on the first bake.")


def ids(hits: list[Hit]) -> set[str]:
    return {h.memory.id for h in hits}


def test_a_replacement_that_says_the_old_cause_was_not_it_keeps_it_out() -> None:
    """A "stays" line names the old lesson's 42.5 Hz, and the replacement names no value
    of it: a neighbour's decision would bring it back, but the replacement says the fan
    was not it, so the old lesson stays replaced."""
    old = lesson(FAN, 2, 1, run=1)
    new = lesson(NOT_FAN, 9, 2, run=9, supersedes=(old.id,))
    stays = lesson("The proofing cabinet stays at 42.5 Hz for its circulation fan.", 10, 3)
    assert not still_held([hit(new), hit(stays)], [hit(old), hit(new), hit(stays)], 0.5)


def test_a_neighbours_decision_still_brings_the_old_lesson_back() -> None:
    """The near miss: the same "stays" line, a replacement that is a decision on another
    oven and takes nothing back. The lesson comes back, as before."""
    old = lesson(FAN, 2, 1, run=1)
    new = lesson(
        "Oven K5's convection fan now runs at 48.0 Hz for rye.", 9, 2, run=9, supersedes=(old.id,)
    )
    stays = lesson("Oven K4's fan stays at 42.5 Hz; only K5 changed.", 10, 3)
    back = still_held([hit(new), hit(stays)], [hit(old), hit(new), hit(stays)], 0.5)
    assert ids(back) == {old.id}


def test_the_record_of_a_taken_back_lessons_run_leaves() -> None:
    """The run that wrote the fan lesson told the same belief in its own account: it leaves
    once the retraction is among the read's lessons."""
    old = lesson(FAN, 2, 1, run=1)
    back = lesson(RETRACTED, 9, 2, supersedes=(old.id,))
    kept = untold([hit(WROTE), hit(SYMPTOM)], [hit(old), hit(back)])
    assert WROTE.id not in ids(kept)


def test_a_setback_that_followed_the_taken_back_advice_leaves() -> None:
    """A failure written while the lesson stood, whose account tells the advice (the fan,
    its speed) beyond what its failed check says, leaves too."""
    old = lesson(FAN, 2, 1, run=1)
    back = lesson(RETRACTED, 9, 2, supersedes=(old.id,))
    kept = untold([hit(FOLLOWED), hit(SYMPTOM)], [hit(old), hit(back)])
    assert ids(kept) == {SYMPTOM.id}


def test_a_setback_after_the_taking_back_or_telling_only_its_symptom_stays() -> None:
    """The near misses: a failure telling only what its check saw, and one written after
    the retraction (the loop no longer followed the lesson then), stay."""
    old = lesson(FAN, 2, 1, run=1)
    back = lesson(RETRACTED, 9, 2, supersedes=(old.id,))
    kept = untold([hit(SYMPTOM), hit(AFTER)], [hit(old), hit(back)])
    assert ids(kept) == {SYMPTOM.id, AFTER.id}


def test_a_new_value_takes_nothing_back() -> None:
    """A lesson replaced by a newer speed is not taken back: the run that wrote it, and a
    setback that ran at the old speed, stay (other rules date them by the retired value)."""
    old = lesson(FAN, 2, 1, run=1)
    newer = lesson(NEW_SPEED, 9, 2, run=9, supersedes=(old.id,))
    records = [hit(WROTE), hit(FOLLOWED), hit(success(3, 5, "Crusts golden at 42.5 Hz."))]
    assert untold(records, [hit(old), hit(newer)]) == records


def test_nothing_taken_back_among_the_lessons_leaves_every_record() -> None:
    """The retraction is what links: without it among the read's lessons, nothing leaves."""
    old = lesson(FAN, 2, 1, run=1)
    records = [hit(WROTE), hit(FOLLOWED)]
    assert untold(records, [hit(old)]) == records


def test_a_document_striking_a_line_on_another_thing_gainsays_nothing() -> None:
    """A weekly note that supersedes the fan lesson and strikes out a line on another oven
    says no only of that oven: no sentence that says no speaks of the fan lesson's thing,
    so it is not taken back, and its run's record stays."""
    old = lesson(FAN, 2, 1, run=1)
    note = lesson(
        "Weekly bakery notes. Proofing humidity is logged per tray now.\n"
        "-- Oven K9 bakes rye at 240 degrees -- wrong, K9 is a deck oven at 220.",
        9,
        2,
        supersedes=(old.id,),
    )
    assert not gainsays(note, old)
    assert untold([hit(WROTE)], [hit(old), hit(note)]) == [hit(WROTE)]


def test_the_denying_sentence_gainsays_the_lesson_it_names() -> None:
    """The replacement's own sentence says no about the fan: it gainsays the lesson."""
    old = lesson(FAN, 2, 1, run=1)
    assert gainsays(lesson(NOT_FAN, 9, 2, run=9, supersedes=(old.id,)), old)
    assert gainsays(lesson(RETRACTED, 9, 3, supersedes=(old.id,)), old)
