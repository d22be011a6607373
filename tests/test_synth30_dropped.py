"""Hook A's word cut and lessons that only say a practice was dropped (issue 13)."""

from __future__ import annotations

from agentmem.core.model import Memory
from agentmem.retrieval.history import History
from agentmem.retrieval.synthlines import Line, fit, lines

FACT = Line(
    "lesson", "  - fact [semantic-aaa]: The kiln controller ramps at 80 °C an hour to 1180 °C."
)
DROPPED = Line(
    "dropped",
    "  - fact [semantic-bbb]: We have stopped the weekly glaze viscosity spot check on line two.",
)
LATE = Line(
    "lesson", "  - fact [semantic-ccc]: Kiln B holds its peak for 20 minutes before cooling."
)


def test_a_cut_keeps_a_current_fact_before_a_dropped_practice() -> None:
    """When the words run short, a lesson that only says a practice was dropped goes before
    a fact that holds now, even one told after it; what stays keeps its telling order."""
    room = sum(len(line.text.split()) for line in (FACT, LATE))
    assert fit([FACT, DROPPED, LATE], room) == [FACT, LATE]


def test_a_dropped_practice_is_told_when_the_words_allow() -> None:
    """With words enough, the dropped practice is told in its place."""
    assert fit([FACT, DROPPED, LATE], 500) == [FACT, DROPPED, LATE]


def test_lines_marks_a_withdrawal_as_dropped() -> None:
    """`lines` tells a lesson opening "Stop …" or "We have stopped …" as a dropped practice,
    another lesson as a lesson."""

    def lesson(i: str, text: str) -> Memory:
        return Memory.model_validate(
            {
                "id": f"semantic-{i}",
                "type": "semantic",
                "text": text,
                "confidence": 0.8,
                "user_id": "u",
                "agent_id": "executive",
                "app_id": "kilns",
                "run_id": "2026-03-02-run-001",
                "trigger": "manual",
                "created_at": "2026-03-02T12:00:00+00:00",
            }
        )

    found = History(
        lessons=[
            lesson("a11111111111", "Stop re-firing cracked tiles; they crack again."),
            lesson("b22222222222", "Kiln B holds its peak for 20 minutes."),
        ]
    )
    _, told = lines("K-1", found, lambda text: text)
    assert [line.kind for line in told] == ["dropped", "lesson"]
