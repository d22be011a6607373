"""Hook A tells lessons under its relevance bar in two cases: a bundle told fewer than a
handful of lessons hears its own app's next best (the host queued it under that app), and a
failure it tells is followed by the lesson that speaks of its cause (the words of the
failed check), though that lesson shares few words with the bundle's title."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import lesson

OTHER = [  # the rest of memory: what makes the bundle's words rare enough to find
    "The greenhouse doors are locked at six; the key hangs in the potting shed.",
    "Seed orders go to the nursery on the first Monday of the month.",
    "Volunteers sign the visitors' book at the gate before a tour.",
    "The rainwater tanks are drained before the first frost.",
    "Compost bays are turned every second week, oldest bay first.",
    "Tools are oiled after the last shift on Friday.",
]


def _told(hooks: MemoryHooks, queue: list[dict[str, object]]) -> str:
    for text in OTHER:
        lesson(hooks, text, "estate")
    result = hooks.pre_goal_synthesis(queue=queue)
    assert result.ok and result.synthesis is not None
    return result.synthesis


def test_pre_goal_synthesis_tells_its_own_apps_next_lessons_when_few_are_told(
    hooks: MemoryHooks,
) -> None:
    """One lesson repeats the bundle's words and sets a bar the app's other lesson on the
    same work misses; with so few told, the app's lesson is told too. A `_global` note just
    as weak is not: it is on the bundle's ground only by its words."""
    strong = lesson(
        hooks,
        "Repot the orchid collection in bark mix: repotting orchids in soil rots the "
        "collection's roots within a month.",
        "glasshouse",
    )
    weak = lesson(
        hooks,
        "Misting stops two days before orchid benches move; wet leaves bruise when handled.",
        "glasshouse",
    )
    note = lesson(hooks, "Orchid labels are printed in the estate office.", "_global")
    queue = [{"id": "G-1", "title": "Repot the orchid collection", "app_id": "glasshouse"}]
    text = _told(hooks, queue)
    assert f"[{strong}]" in text, text
    assert f"[{weak}]" in text, text
    assert f"[{note}]" not in text, text


def test_pre_goal_synthesis_tells_a_replacement_of_its_apps_lesson_as_its_own(
    hooks: MemoryHooks,
) -> None:
    """A decision written under `_global` that replaced one of the app's lessons counts as
    the app's: it is told beside the lesson that set the bar."""
    lesson(
        hooks,
        "Repot the orchid collection in bark mix: repotting orchids in soil rots the "
        "collection's roots within a month.",
        "glasshouse",
    )
    old = lesson(hooks, "Orchid benches are watered at 07:00 by the morning shift.", "glasshouse")
    decision = hooks.harvester.submit(
        {
            "text": "Decision: orchid benches are now watered at 16:00 by the late shift.",
            "type": "semantic",
            "confidence": 0.8,
            "app_id": "_global",
            "supersedes": [old],
        },
        trigger="manual",
    ).memory_id
    assert decision is not None
    queue = [{"id": "G-2", "title": "Repot the orchid collection", "app_id": "glasshouse"}]
    text = _told(hooks, queue)
    assert f"[{decision}]" in text, text
    assert "07:00" not in text, text


def _failed_run(hooks: MemoryHooks, n: int) -> str:
    run = {
        "run_id": f"2026-04-{10 + n:02d}-r{n}",
        "goal": f"Fire the spring mugs in the big kiln, batch {n}",
        "outcome": "failure",
        "app_id": "pottery",
        "summary": "Glaze firing of the spring mugs.",
        "verifiers": [
            {
                "name": "glaze-check",
                "passed": False,
                "detail": "pinholes across the glaze surface of 14/40 pieces",
            }
        ],
    }
    result = hooks.post_run_classify(run=run)
    assert result.ok
    return result.writes.accepted[0]


MUGS = [  # five lessons that repeat the bundle's words: every place is taken
    "Spring mugs are fired on the top shelf of the big kiln, handles facing the wall.",
    "Spring mugs for the big kiln are waxed at the foot so the glaze does not weld them.",
    "The big kiln takes forty spring mugs a firing; more and the mugs touch.",
    "Spring mugs cool in the big kiln overnight; opening it hot crazes the mugs.",
    "Spring mugs wait a day after glazing before the big kiln, or the glaze crawls.",
]


def test_pre_goal_synthesis_tells_the_lesson_that_speaks_of_a_failures_cause(
    hooks: MemoryHooks,
) -> None:
    """Every place is taken by lessons that repeat the bundle's words; the lesson on the
    failed check's pinholes, older than all of them, names the mugs once, and is told: it
    speaks of the failure told.
    A note as weak that does not speak of the cause is not."""
    answer = lesson(
        hooks,
        "Pinholes across a glaze surface come from a bisque ramped too quickly: slow the bisque "
        "ramp for mugs.",
        "_global",
    )
    for text in MUGS:
        lesson(hooks, text, "pottery")
    other = lesson(hooks, "Mugs for the shop are priced by the potter who threw them.", "_global")
    run = _failed_run(hooks, 1)
    queue = [{"id": "P-1", "title": "Fire the spring mugs in the big kiln", "app_id": "pottery"}]
    text = _told(hooks, queue)
    assert f"[{run}]" in text, text
    assert f"[{answer}]" in text, text
    assert f"[{other}]" not in text, text


def test_pre_goal_synthesis_tells_no_second_answer_when_a_lesson_told_speaks_of_the_cause(
    hooks: MemoryHooks,
) -> None:
    """When a lesson over the bar already speaks of the failure's cause, no weaker one is
    added for it: the history stays short."""
    for text in MUGS[:4]:
        lesson(hooks, text, "pottery")
    told = lesson(
        hooks,
        "Spring mugs in the big kiln show pinholes across the glaze surface when the bisque "
        "ramp is fast.",
        "pottery",
    )
    weaker = lesson(
        hooks,
        "Mugs with pinholes across the glaze surface are sanded and refired once; a second "
        "refire cracks them.",
        "_global",
    )
    _failed_run(hooks, 1)
    queue = [{"id": "P-2", "title": "Fire the spring mugs in the big kiln", "app_id": "pottery"}]
    text = _told(hooks, queue)
    assert f"[{told}]" in text, text
    assert f"[{weaker}]" not in text, text
