"""Hook B: a short pack takes the goal's own app's next lesson under the bar.

A lesson on the component a goal builds on often names it in other words than the goal's,
shares two of its words, and scored under the pack's bar: a worker got one lesson and never
the rule of the component it changes. When fewer than `FEW_LESSONS` lessons are chosen, the
app's best live observation down to `OWN_SHARE` of the best that shares `OWN_WORDS` of the
goal's words joins the pack; another app's or `_global` notes, hook E's patterns, a
restatement of a chosen lesson, a lesson a newer packed change speaks of and one sharing a
single word stay out, and a pack with enough lessons takes none."""

from __future__ import annotations

from agentmem import Hit
from agentmem.core.model import Kind, MemoryType
from agentmem.retrieval.ownapp import FEW_LESSONS, OWN_SHARE, own_app
from agentmem.stores.bm25 import tokenize
from tests.test_pack import memory

APP = "rota"
GOAL = set(tokenize("Offer weekend slots to relief drivers; start with the depot list"))
SUBJECT = set(tokenize("Offer weekend slots to relief drivers"))


def lesson(
    n: int, score: float, text: str, app: str = APP, day: str = "05-01", **extra: object
) -> Hit:
    created = f"2026-{day}T12:00:00+00:00"
    found = memory(n, MemoryType.PROCEDURAL, 0.8, text, app_id=app, created_at=created, **extra)
    return Hit(memory=found, score=score)


BEST = lesson(1, 10.0, "Weekend slots are offered to relief drivers on Thursday afternoons.")
LICENCE = lesson(
    2, 3.0, "The rota solver checks each driver's licence class before a weekend shift."
)


def ids(hits: list[Hit]) -> list[str]:
    return [h.memory.id for h in hits]


def test_a_short_pack_takes_the_apps_lesson_under_the_bar() -> None:
    """One lesson chosen: the app's next one, far under the bar, on two goal words, joins."""
    assert ids(own_app([BEST, LICENCE], [BEST], APP, GOAL, SUBJECT)) == ids([LICENCE])


def test_too_weak_or_too_far_a_lesson_stays_out() -> None:
    """Under `OWN_SHARE` of the best, on one goal word, or on the description's words only,
    it is not on the goal's ground."""
    weak = lesson(3, 10.0 * OWN_SHARE * 0.9, "Weekend driver swaps are logged in the rota history.")
    one_word = lesson(4, 3.0, "Shift swaps are logged by the rota clerk every weekend.")
    prose = lesson(5, 3.0, "Start each morning with the depot key list.")
    assert own_app([BEST, weak, one_word, prose], [BEST], APP, GOAL, SUBJECT) == []


def test_other_apps_patterns_and_restatements_stay_out() -> None:
    """Another app's lesson, a `_global` note, hook E's pattern and a restatement of the
    chosen lesson are not the app's next lesson."""
    pattern = lesson(6, 5.0, "Recurring failure in rota: weekend driver check failed in 3 runs.")
    pattern = pattern.model_copy(
        update={"memory": pattern.memory.model_copy(update={"kind": Kind.ASSESSMENT})}
    )
    others = [
        lesson(4, 5.0, "Weekend drivers' invoices are sent on the first working day.", app="pay"),
        lesson(5, 5.0, "The depot closes early for drivers on a weekend.", app="_global"),
        pattern,
        lesson(7, 5.0, "Weekend slots are offered to relief drivers on Thursday afternoons only."),
    ]
    assert own_app([BEST, *others], [BEST], APP, GOAL, SUBJECT) == []


def test_a_lesson_a_newer_packed_change_speaks_of_stays_out() -> None:
    """A newer packed lesson that replaced another and shares its ground may retell it."""
    change = lesson(
        8, 9.0, "Weekend slots now go to relief drivers on Wednesday mornings.", day="06-01",
        supersedes=["procedural-000000000009"],
    )  # fmt: skip
    older = lesson(10, 3.0, "Relief drivers' weekend slots are confirmed by the shift lead.")
    assert own_app([change, older], [change], APP, GOAL, SUBJECT) == []


def test_a_pack_with_enough_lessons_takes_none() -> None:
    """`FEW_LESSONS` lessons chosen: the pack has told its worker enough."""
    chosen = [
        lesson(20 + i, 9.0 - i, f"Weekend rule number {i} for drivers.") for i in range(FEW_LESSONS)
    ]
    assert own_app([*chosen, LICENCE], chosen, APP, GOAL, SUBJECT) == []


def test_no_app_takes_none() -> None:
    """A goal of `_global` names no app whose lessons are on its ground."""
    assert own_app([BEST, LICENCE], [BEST], "_global", GOAL, SUBJECT) == []
