"""A change dated by the day it takes effect (`lingering.takes_effect`), as packs and hook A
read it.

A pottery studio books kiln firings through its booking portal v2. On 12 October a notice
says the old portal is switched off "on 20 October", bookings going through v3 from then. A
booking that went well on 15 October through v2 was written after the notice but before
the change took effect: it tells the old way, as a run of the week before does.
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.model import Memory
from agentmem.retrieval.lingering import quotes_retired, retired_by, takes_effect
from tests.conftest import ManualClock, semantic

APP = "kiln-bookings"
OLD = "Kiln firings are booked through the studio booking portal v2 (POST /v2/firings)."
NEW = (
    "Notice: the old studio booking portal is switched off on **20 October**. From then "
    "kiln firings are booked through portal v3 only (POST /v3/firings)."
)
WRITTEN = "2026-10-12T12:00:00+00:00"
BOOKED = "Run 2026-10-15-r4: Book the glaze firing ended in success. Booked through portal v2."


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
    assert takes_effect(NEW, WRITTEN) == "2026-10-20"
    assert takes_effect("starting on 2027-03-01 the kiln runs cone 6", WRITTEN) == "2027-03-01"
    assert takes_effect("as of June 3rd, 2027 glazes are lead-free", WRITTEN) == "2027-06-03"
    assert takes_effect("kept until Nov 2 only", WRITTEN) == "2026-11-02"
    assert takes_effect("the kiln is serviced from May to June", WRITTEN) == ""
    assert takes_effect("the 14 kilns from the old studio", WRITTEN) == ""


def test_a_record_between_the_notice_and_the_day_it_takes_effect_tells_the_old_way() -> None:
    change = retired_by(OLD, NEW, WRITTEN)
    assert change is not None and change.when == "2026-10-20"
    assert quotes_retired(_record(BOOKED, "2026-10-15"), [change])
    assert not quotes_retired(_record(BOOKED, "2026-10-21"), [change])


def test_a_change_that_names_no_later_day_is_dated_when_written() -> None:
    """A day before it was written ("from 3 October" told on the 12th) changes nothing."""
    said = "The old portal was switched off from 3 October; bookings go through portal v3."
    change = retired_by(OLD, said, WRITTEN)
    assert change is not None and change.when == WRITTEN
    assert not quotes_retired(_record(BOOKED, "2026-10-15"), [change])


def _lesson(hooks: MemoryHooks, text: str, **fields: object) -> str:
    result = hooks.harvester.submit(semantic(text, app_id=APP, **fields), trigger="manual")
    assert result.memory_id is not None
    return result.memory_id


def test_pre_goal_synthesis_tells_no_success_from_before_the_change_took_effect(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Hook A tells how the nearest run that went well did it only when that run is not one
    of the old way: the v2 booking of the 15th, after the notice of the 12th, is not told."""
    old = _lesson(clocked_hooks, OLD)
    clock.advance(days=7)  # 12 October
    new = _lesson(clocked_hooks, NEW, supersedes=[old])
    clock.advance(days=3)
    run = {
        "run_id": "2026-10-15-r4", "goal": "Book the glaze firing through the portal",
        "outcome": "success", "app_id": APP, "summary": "Booked through portal v2.",
        "verifiers": [{"name": "booking-check", "passed": True}],
    }  # fmt: skip
    assert clocked_hooks.post_run_classify(run=run).ok
    clock.advance(days=10)
    queue = [{"id": "G-1", "title": "Book the glaze firing through the portal", "app_id": APP}]
    text = clocked_hooks.pre_goal_synthesis(queue=queue).synthesis or ""
    assert f"[{new}]" in text
    assert "succeeded: Booked through portal v2" not in text, text
