"""A pack entry of a lesson that tells a change states what holds now, not what it retired.

The stored memory keeps every word (hook A tells the history); the pack leaves out the
parenthesis, apposition or clause that only names the retired value or thing, and keeps
the text whole when what would stay leans on what went or states nothing in place.
"""

from __future__ import annotations

import pytest

from agentmem import Hit, Memory
from agentmem.core.model import MemoryType
from agentmem.retrieval.pack import build_pack
from agentmem.retrieval.trim import without_history

TRIMMED = [
    # a value beside the one it replaced: apposition, parenthesis, "from A to B"
    (
        "The kiln cool-down is now 90 minutes, not 60 minutes: glazes crazed at the old pace.",
        "The kiln cool-down is now 90 minutes: glazes crazed at the old pace.",
    ),
    (
        "Greenhouse vents open at 27 °C (was 24 °C) since the new sensors.",
        "Greenhouse vents open at 27 °C since the new sensors.",
    ),
    (
        "Nightly reports run on the analytics replica (formerly warehouse-01).",
        "Nightly reports run on the analytics replica.",
    ),
    (
        "We raised the parcel weight limit from 20 kg to 31 kg for courier B.",
        "We raised the parcel weight limit to 31 kg for courier B.",
    ),
    (
        "The choir moved its rehearsals from the old chapel to the town hall annex.",
        "The choir moved its rehearsals to the town hall annex.",
    ),
    (
        "Refund approvals go to the finance lead now, no longer to the store manager.",
        "Refund approvals go to the finance lead now.",
    ),
    (
        "Builds now run on the shared arm runners instead of the laptop pool.",
        "Builds now run on the shared arm runners.",
    ),
    # a clause that only says a thing ended, beside the one that says what holds now
    (
        "The legacy fax gateway is gone; orders now arrive through the supplier portal.",
        "Orders now arrive through the supplier portal.",
    ),
    (
        "Seed trays go on rack D now; the old potting bench no longer applies after the move.",
        "Seed trays go on rack D now.",
    ),
    (
        "Tickets are triaged in the helpdesk queue; the shared inbox was decommissioned.",
        "Tickets are triaged in the helpdesk queue.",
    ),
    (
        "Lab samples move by pneumatic tube to bay 3. The old courier round goes away next month.",
        "Lab samples move by pneumatic tube to bay 3.",
    ),
    # an older way judged wrong, with what it did: the correction that follows stays
    (
        "Our former guidance to double the thread pool turned out wrong: it starved the "
        "database. Hold the pool at 16 threads per worker and queue the rest.",
        "Hold the pool at 16 threads per worker and queue the rest.",
    ),
    (
        "The previous rule to water daily was a mistake: water the seedlings every third day.",
        "Water the seedlings every third day.",
    ),
    # the correction's own pronoun points inside it, not at the older way
    (
        "The earlier note blaming the thermostat was wrong: the real cause of the cold rooms "
        "is the boiler valve sticking when someone leaves it half open. Fit a new valve.",
        "The real cause of the cold rooms is the boiler valve sticking when someone leaves it "
        "half open. Fit a new valve.",
    ),
]

WHOLE = [
    # "there"/"it" would lose what it points at
    "The old reception desk no longer handles parcels; the mailroom team owns it now.",
    "The hand-copy step is gone: it took an hour each week.",
    # the end is the news: nothing kept says what is in place
    "The visitor badge is no longer needed; guests walk in through the east door.",
    "Locker 9 no longer exists.",
    # a contrast, a condition or a range, not a history
    "Deliveries run daily, not on Sundays.",
    "Read reports from the follower copy, not the writer node.",
    "The press runs from 06:00 to 14:00 on weekdays.",
    "The cache is used to store sessions; entries expire after 10 minutes.",
    "Packets are dropped when the buffer fills; use the bulk endpoint.",
    # what stays would be a fragment
    "The old flag is gone: use --fast.",
    # a judgement that holds now, not an older way taken back
    "Tighter caching is not the fix; the slow pages follow the report exports.",
    # no change told at all
    "Pour the foundation only after the 28-day cure; check with the rebound hammer.",
]


@pytest.mark.parametrize(("told", "now"), TRIMMED)
def test_a_change_is_told_without_what_it_retired(told: str, now: str) -> None:
    """The parenthesis, apposition or clause that only names the retired value or thing is
    left out; what stays says the current rule on its own."""
    assert without_history(told) == now


@pytest.mark.parametrize("text", WHOLE)
def test_text_stays_whole_when_the_rest_would_not_stand(text: str) -> None:
    """No dangling pronoun, no fragment, no contrast or range read as history: when unsure,
    the text is left as it was."""
    assert without_history(text) == text


def _memory(n: int, kind: MemoryType, text: str) -> Memory:
    return Memory.model_validate(
        {
            "id": f"{kind.value}-{n:012x}",
            "text": text,
            "type": kind,
            "confidence": 1.0 if kind is MemoryType.EPISODIC else 0.8,
            "user_id": "tester",
            "app_id": "_global",
            "run_id": "2026-11-29-test",
            "trigger": "manual",
            "created_at": "2026-11-29T10:00:00+00:00",
        }
    )


def test_pack_entries_of_lessons_are_trimmed_run_records_are_not() -> None:
    """Hook B's pack renders a lesson as the rule that holds now; a run record is told as
    it happened, and the memory itself keeps every word."""
    lesson = _memory(1, MemoryType.SEMANTIC, "Label printers now print at 300 dpi, not 203 dpi.")
    run = _memory(
        2, MemoryType.EPISODIC, "Run 7 ended in failure: labels were at 203 dpi, not 300 dpi."
    )
    pack = build_pack([Hit(memory=lesson, score=2.0), Hit(memory=run, score=1.0)])
    texts = {e.id: e.text for e in pack.entries}
    assert texts[lesson.id] == "Label printers now print at 300 dpi."
    assert texts[run.id] == run.text
    assert "203 dpi" not in pack.markdown.split("Run 7")[0]
    assert lesson.text.endswith("not 203 dpi.")
