"""A new cadence for the same publishing of the same thing replaces the held one, even when
told in a sentence among others ("moved to a 10-minute cycle"); another thing's cadence in
the same draft, another thing that opens on the same words, or another environment's job
keeps its own."""

from __future__ import annotations

from agentmem.core.cadence import cadences, lags, recadenced
from agentmem.core.restate import read_together, replaces

HELD = (
    "Ledger rows are posted to the public view by the nightly job at 22:00; later rows wait a day."
)
DRAFT = (
    "Public ledger updates moved to a 10-minute posting cycle on 3 May. Readers see new rows "
    "within minutes. The archive copy keeps its own weekly run."
)


def test_a_cycle_or_interval_is_a_cadence() -> None:
    assert cadences("moved to a 10-minute posting cycle") == {"1008/week"}
    assert cadences("a two-hour interval") == {"84/week"}
    assert cadences("an hourly run") == {"168/week"}
    assert cadences("a 10-minute window") == set()
    assert cadences("a 10-minute cycle time") == set()
    assert lags("moved to a 10-minute posting cycle") == set()


def test_a_new_cadence_in_one_sentence_replaces_the_held_one() -> None:
    d, h = read_together(DRAFT, HELD)
    assert recadenced(DRAFT, HELD, d, h)
    assert replaces(DRAFT, HELD)


def test_another_things_cadence_is_kept() -> None:
    for held in (
        "Public ledger exports run nightly at 22:00 for the auditors.",
        "Staging ledger rows are posted to the public view by the nightly job at 22:00.",
        "The archive copy of the ledger runs weekly on Sundays and keeps every public row.",
    ):
        d, h = read_together(DRAFT, held)
        assert not recadenced(DRAFT, held, d, h), held


def test_the_same_cadence_or_no_change_replaces_nothing() -> None:
    same = "Public ledger updates moved to the nightly job at 23:00 on 3 May."
    d, h = read_together(same, "The archive copy of the ledger runs weekly.")
    assert not recadenced(same, "The archive copy of the ledger runs weekly.", d, h)
    plain = "Public ledger updates go out on a 10-minute posting cycle. Readers see new rows."
    d, h = read_together(plain, HELD)
    assert not recadenced(plain, HELD, d, h)
