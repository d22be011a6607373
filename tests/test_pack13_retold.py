"""A belief a retraction took back, told again in an older lesson's own words, leaves the
read too (`agentmem.retrieval.retold`); an older lesson on the same thing that tells no
part of the retracted belief stays."""

from __future__ import annotations

from agentmem.core.model import Hit, Memory, MemoryType
from agentmem.retrieval.retold import still_told

APP = "print-shop"
BELIEF = (
    "Print smudges on press two are caused by damp paper in the morning; dry the stock "
    "for an hour first."
)
TOLD_AGAIN = (
    "Wet mornings bring the smudges and the store room has no heating; damp paper, most likely."
)
OTHER = "Press two takes the heavy card stock only after noon."
RETRACTION = (
    "Retracted: the press two smudges were never caused by damp paper. A worn roller drags "
    "the ink; replace the roller every 50,000 sheets."
)


def _hit(text: str, day: int, memory_id: str, supersedes: tuple[str, ...] = ()) -> Hit:
    memory = Memory.model_validate(
        {
            "id": memory_id,
            "text": text,
            "type": MemoryType.SEMANTIC,
            "confidence": 0.8,
            "user_id": "tester",
            "app_id": APP,
            "run_id": "r",
            "trigger": "manual",
            "created_at": f"2027-01-{day:02d}T12:00:00+00:00",
            "supersedes": supersedes,
        }
    )
    return Hit(memory=memory, score=1.0)


def _read(*extra: Hit) -> list[str]:
    belief = _hit(BELIEF, 1, "m-belief")
    again = _hit(TOLD_AGAIN, 3, "m-again")
    other = _hit(OTHER, 4, "m-other")
    taking = _hit(RETRACTION, 9, "m-retraction", ("m-belief",))
    live = [again, other, taking, *extra]
    return [h.memory.id for h in still_told(live, [belief, *live])]


def test_an_older_lesson_telling_the_retracted_belief_again_leaves() -> None:
    assert "m-again" not in _read()


def test_an_older_lesson_on_the_same_machine_telling_something_else_stays() -> None:
    kept = _read()
    assert "m-other" in kept
    assert "m-retraction" in kept


def test_a_lesson_written_after_the_retraction_stays() -> None:
    """What is said after a retraction was said knowing it."""
    later = _hit(TOLD_AGAIN.replace("Smudges", "Smudges still"), 12, "m-later")
    assert "m-later" in _read(later)


def test_without_a_retraction_nothing_leaves() -> None:
    belief = _hit(BELIEF, 1, "m-belief")
    again = _hit(TOLD_AGAIN, 3, "m-again")
    newer = _hit("Press two smudges come from a worn roller.", 9, "m-new", ("m-belief",))
    live = [again, newer]
    assert [h.memory.id for h in still_told(live, [belief, *live])] == ["m-again", "m-new"]
