"""A change dated by the day it takes effect (`lingering.takes_effect`), as packs and hook A
read it.

A pottery studio books kiln firings through its booking portal v5. On 3 March a studio
notice says the old portal "closes on 17 March", bookings going through v6 after that. A
booking that went well on 9 March through v5 was written after the notice but before the
change took effect: it tells the old way, as a run of the week before does.
"""

from __future__ import annotations

from datetime import UTC, datetime

from agentmem import MemoryHooks
from agentmem.core.model import Memory
from agentmem.retrieval.lingering import quotes_retired, retired_by, takes_effect
from tests.conftest import ManualClock, semantic

APP = "kiln-bookings"
OLD = "Kiln firings are booked through the studio booking portal v5 (POST /v5/firings)."
NEW = (
    "Studio notice: the old booking portal closes on 17 March. After that, book kiln firings "
    "in portal v6 only (POST /v6/firings)."
)
WRITTEN = "2027-03-03T12:00:00+00:00"
BOOKED = "Run 2027-03-09-r4: Book the glaze firing ended in success. Booked through portal v5."


def _record(text: str, day: str) -> Memory:
    return Memory.model_validate(
        {
            "id": "episodic-000000000001", "text": text, "type": "episodic",
            "confidence": 1.0, "user_id": "u", "app_id": APP, "run_id": "r", "trigger": "run",
            "outcome": "success", "created_at": f"{day}T12:00:00+00:00",
        }
    )  # fmt: skip


def test_the_day_a_change_takes_effect_is_read_after_its_opening_words() -> None:
    """ "on", "from", "starting", "as of", "effective", "until" before a day, with or without
    its year (then the year it was written); a month alone or a range is no day."""
    assert takes_effect(NEW, WRITTEN) == "2027-03-17"
    assert takes_effect("starting on 2027-03-01 the kiln runs cone 6", WRITTEN) == "2027-03-01"
    assert takes_effect("as of June 3rd, 2027 glazes are lead-free", WRITTEN) == "2027-06-03"
    assert takes_effect("kept until Nov 2 only", WRITTEN) == "2027-11-02"
    assert takes_effect("the kiln is serviced from May to June", WRITTEN) == ""
    assert takes_effect("the 14 kilns from the old studio", WRITTEN) == ""


def test_a_record_between_the_notice_and_the_day_it_takes_effect_tells_the_old_way() -> None:
    change = retired_by(OLD, NEW, WRITTEN)
    assert change is not None and change.when == "2027-03-17"
    assert quotes_retired(_record(BOOKED, "2027-03-09"), [change])
    assert not quotes_retired(_record(BOOKED, "2027-03-18"), [change])


def test_a_change_that_names_no_later_day_is_dated_when_written() -> None:
    """A day before it was written ("from 1 March" told on the 3rd) changes nothing."""
    said = "The old portal has been closed from 1 March; bookings go through portal v6."
    change = retired_by(OLD, said, WRITTEN)
    assert change is not None and change.when == WRITTEN
    assert not quotes_retired(_record(BOOKED, "2027-03-09"), [change])


def _lesson(hooks: MemoryHooks, text: str, **fields: object) -> str:
    result = hooks.harvester.submit(semantic(text, app_id=APP, **fields), trigger="manual")
    assert result.memory_id is not None
    return result.memory_id


def test_pre_goal_synthesis_tells_no_success_from_before_the_change_took_effect(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Hook A tells how the nearest run that went well did it only when that run is not one
    of the old way: the v5 booking of the 9th, after the notice of the 3rd, is not told."""
    clock.now = datetime(2027, 2, 24, 12, tzinfo=UTC)
    old = _lesson(clocked_hooks, OLD)
    clock.advance(days=7)  # 3 March
    new = _lesson(clocked_hooks, NEW, supersedes=[old])
    clock.advance(days=6)
    run = {
        "run_id": "2027-03-09-r4", "goal": "Book the glaze firing through the portal",
        "outcome": "success", "app_id": APP, "summary": "Booked through portal v5.",
        "verifiers": [{"name": "booking-check", "passed": True}],
    }  # fmt: skip
    assert clocked_hooks.post_run_classify(run=run).ok
    clock.advance(days=10)
    queue = [{"id": "G-1", "title": "Book the glaze firing through the portal", "app_id": APP}]
    text = clocked_hooks.pre_goal_synthesis(queue=queue).synthesis or ""
    assert f"[{new}]" in text
    assert "succeeded: Booked through portal v5" not in text, text
