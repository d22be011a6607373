"""A log line's dateline dates the entry it opens: it is no clock time the entry sets."""

from __future__ import annotations

from agentmem.core.restate import replaces
from agentmem.core.statement import terms

HELD = (
    "Glaze readings moved to after 09:00 for now. 2031-04-02 07:15 Weekend (Ames): "
    "the courier's Sunday van leaves at 12:00, so Sunday crates must be sealed by 11:30."
)
LATER_LOG = (
    "2031-04-09 06:45 Day (Ruiz): the first Korvan clay order bounced with a 409. Tried "
    "again, bounced again. 2031-04-10 15:20 Day (Ruiz): found it, Korvan wants whole 25 kg "
    "sacks. The weight cap noted earlier does not exist. 2031-04-11 10:10 Lab (Ines): "
    "glaze test per Korvan batch from today. 2031-04-12 12:00 Weekend (Ames): week closed. "
    "Clay on order 1,200 kg, due 3 May."
)


def test_a_later_shift_log_replaces_no_lesson_for_its_stamps() -> None:
    """Two shift logs of different weeks each open their entries with a date and a time:
    read as clock times, the later log's stamps were new values of the earlier lesson's
    sealing time, and a note about a supplier retired the Sunday crate rule."""
    assert not replaces(LATER_LOG, HELD)


def test_a_dateline_reads_as_its_date() -> None:
    """The dateline is its date; the times the entry tells stay times."""
    assert terms(LATER_LOG).values.get("time") is None
    assert "2031-04-09" in terms(LATER_LOG).values["date"]
    assert terms(HELD).values["time"] == frozenset({"09:00", "12:00", "11:30"})


def test_a_time_told_after_a_date_mid_sentence_stays_a_time() -> None:
    """A cutover set for a date and hour inside a sentence is a time of day it sets."""
    held = "The archive cutover is planned for 2031-05-01 at 02:00."
    assert terms("The archive cutover moves to 2031-05-01 04:30.").values["time"] == frozenset(
        {"04:30"}
    )
    assert replaces("The archive cutover now runs at 2031-05-01 04:30.", held)
