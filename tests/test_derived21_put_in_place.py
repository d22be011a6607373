"""A thing a replacement put another in its place of: a record naming the old one is history.

A studio glazed its tiles with a spray rig called "mistcoat" until a lesson that replaced
the how-to said they are glazed by "GlazeJet" now, never naming the old rig. A failure
written before ("mistcoat clogged on the cobalt batch") still named the rig: a worker
reading it beside the new lesson takes the rig for one still in use.
"""

from __future__ import annotations

from agentmem.core.takenaway import PLAIN_WORD, put_in_place, told_of
from agentmem.harvest.withdrawn import quotes_taken, taken
from tests.conftest import held

APP = "tile-studio"
OLD = "Studio tiles are glazed with mistcoat (make glaze-run); keep the nozzle warm overnight."
NEW = "Studio tiles are glazed by GlazeJet 4 now (make glaze-run calls glazejet)."


def test_the_thing_in_the_same_place_is_replaced() -> None:
    """Same two words before each ("tiles glazed"), the new one a name: the old is taken."""
    assert put_in_place(OLD, NEW) == {f"{PLAIN_WORD}mistcoat"}


def test_a_replacement_naming_no_thing_takes_nothing() -> None:
    """ "glazed by hand now" puts no named thing in the rig's place."""
    assert put_in_place(OLD, "Studio tiles are glazed by hand now.") == set()


def test_a_thing_the_new_lesson_still_names_is_not_replaced() -> None:
    """A replacement that says the old rig too ("GlazeJet, mistcoat as a spare") keeps it."""
    kept = "Studio tiles are glazed by GlazeJet now; mistcoat stays as the spare rig."
    assert put_in_place(OLD, kept) == set()


def test_a_record_naming_the_replaced_thing_quotes_what_was_taken() -> None:
    """The failure before the replacement names the rig; one that does not stays."""
    old = held(OLD, 2, "procedural-000000000a01", app_id=APP, type="procedural")
    new = held(
        NEW, 9, "procedural-000000000a02", app_id=APP, type="procedural", supersedes=[old.id]
    )
    gone = taken([old, new])
    assert f"{PLAIN_WORD}mistcoat" in gone
    clogged = held(
        "Run 2027-03-05-r1: Glaze the cobalt batch ended in failure. mistcoat clogged twice.",
        5, "episodic-000000000a03", app_id=APP, type="episodic", outcome="failure",
        confidence=1.0,
    )  # fmt: skip
    cracked = held(
        "Run 2027-03-06-r1: Fire the cobalt batch ended in failure. Kiln ramp too fast.",
        6, "episodic-000000000a04", app_id=APP, type="episodic", outcome="failure",
        confidence=1.0,
    )  # fmt: skip
    assert quotes_taken(clogged, gone)
    assert not quotes_taken(cracked, gone)
    assert told_of("The MISTCOAT rig jammed.", f"{PLAIN_WORD}mistcoat")
    assert not told_of("The mist coat was thin.", f"{PLAIN_WORD}mistcoat")
