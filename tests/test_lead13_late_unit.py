"""A measure whose unit comes one word after its number ("30 straight minutes") is read
with that unit, and its frame from the words after it and the rest of its clause when
the words leading to it are told otherwise: a review's "kiosks with over 12 straight
minutes idle" gives a new value of the lesson "a kiosk whose log shows over 30 straight
minutes idle", with no change word."""

from __future__ import annotations

from agentmem.core.slots import slots
from agentmem.core.verdict import Held, judge

KIOSKS = (
    "A lobby kiosk whose event log shows more than 30 straight minutes idle is wiped and "
    "re-imaged, never handed to a visitor."
)


def _replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("h", held, "semantic")], "semantic").replaces == ["h"]


def test_a_unit_one_word_after_its_number_is_its_unit() -> None:
    (idle,) = [s for s in slots(KIOSKS) if s.value == "30"]
    assert idle.unit == "min"
    assert "straight" in idle.after


def test_a_new_measure_with_its_lead_in_told_otherwise_replaces_the_lesson() -> None:
    draft = (
        "**Kiosk uptime:** facilities reread the vendor's notes. Kiosks and badge printers "
        "with more than 12 straight minutes idle go to the repair shelf. The figure in "
        "older notes was too generous."
    )
    assert _replaced(draft, KIOSKS)


def test_another_measure_of_the_same_unit_replaces_nothing() -> None:
    """Minutes of another thing in another clause: the print queue's wait, not idle time."""
    draft = "The print queue flushes jobs older than 12 straight minutes at the front desk."
    assert not _replaced(draft, KIOSKS)
