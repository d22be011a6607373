"""One fact told again in other words, with the same values and the same names
(`agentmem.core.restate.one_fact`): the writer calls it a duplicate of the held memory, as
it does a restatement in the held memory's own words. The demo's vendor-API lesson, once
as a run lesson and once as a retro line, was two memories in every pack after it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from agentmem.core.restate import restated, told_alike
from agentmem.core.writer import Harvester
from agentmem.settings import settings_from_values
from agentmem.stores import FileStore

HELD = "The vendor API rejects calls without the X-Trace header (400)."
AGAIN = "The vendor API returns 400 unless every request carries the X-Trace header."


def test_the_same_fact_in_other_words_is_a_duplicate_of_the_held_memory(tmp_path: Path) -> None:
    settings = settings_from_values({"AGENTMEM_USER_ID": "t", "AGENTMEM_ROOT": str(tmp_path)})
    harvester = Harvester(
        settings, FileStore(tmp_path), clock=lambda: datetime(2026, 2, 3, tzinfo=UTC)
    )
    fields = {"type": "semantic", "confidence": 0.8, "app_id": "vendor-client"}
    held = harvester.submit({"text": HELD, **fields}, trigger="manual")
    again = harvester.submit({"text": AGAIN, **fields}, trigger="manual")
    assert held.status == "accepted"
    assert (again.status, again.memory_id) == ("duplicate", held.memory_id)
    assert len(list((tmp_path / "entries").glob("*.md"))) == 1
    assert told_alike(AGAIN, HELD) and restated(AGAIN, HELD)


@pytest.mark.parametrize(
    "other",
    [
        "The vendor API returns 429 unless every request carries the X-Trace header.",  # value
        "The vendor API returns 400 unless every request carries the X-Request-Id header.",
        "The billing API returns 400 unless every request carries the X-Trace header.",
        "The vendor API now returns 400 unless every request carries the X-Trace header.",
        "The vendor API never returns 400 when a request carries the X-Trace header.",
        "The vendor API returns 400 unless every request carries the X-Trace header and a "
        "signed body; batch calls also need an idempotency key and a tenant id.",  # says more
    ],
)
def test_another_value_name_thing_change_denial_or_more_stays_apart(other: str) -> None:
    assert not told_alike(other, HELD)


def test_two_rows_of_one_table_and_two_lines_of_one_unit_stay_apart() -> None:
    """Rows that share a site and a number are two things' ("kidney", "heart"); a shared unit
    ("MW") names no thing."""
    kidney = "| kidney | CentraCare St Cloud | 70        | ground courier |"
    heart = "| heart  | CentraCare St Cloud | 70        | charter flight |"
    assert not told_alike(heart, kidney)
    clamp = (
        "turbine-dispatch: manual schedule imports are clamped to each unit's 15 MW/min ramp limit."
    )
    both = "turbine-dispatch: ramp-downs are staged over several intervals; the 15 MW/min limit holds in both directions."
    assert not told_alike(both, clamp)
