"""A thing a replacement put another in its place of: a record naming the old one is history.

A studio glazed its tiles with a spray rig called "mistcoat" until a lesson that replaced
the how-to said they are glazed by "GlazeJet" now, never naming the old rig. A failure
written before ("mistcoat clogged on the cobalt batch") still named the rig: a worker
reading it beside the new lesson takes the rig for one still in use.
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.takenaway import PLAIN_WORD, put_in_place, told_of
from agentmem.harvest.withdrawn import quotes_taken, taken
from tests.conftest import ManualClock, held, semantic

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


def test_pre_goal_synthesis_tells_no_failure_naming_a_replaced_thing(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Hook A reads what a replacement took away as packs do: the clogged-rig failure,
    written before the rig was replaced, is not told among the bundle's failures; a
    failure that names no replaced thing still is."""

    def lesson(text: str, **fields: object) -> str:
        draft = semantic(text, app_id=APP, type="procedural", confidence=0.8, **fields)
        memory_id = clocked_hooks.harvester.submit(draft, trigger="manual").memory_id
        assert memory_id is not None
        return memory_id

    def failed(run_id: str, summary: str, detail: str) -> None:
        run = {
            "run_id": run_id, "goal": "Glaze the cobalt tile order", "outcome": "failure",
            "app_id": APP, "summary": summary,
            "verifiers": [{"name": "glaze-check", "passed": False, "detail": detail}],
        }  # fmt: skip
        assert clocked_hooks.post_run_classify(run=run).ok

    old = lesson(OLD)
    clock.advance(days=1)
    failed("2027-03-02-r1", "mistcoat clogged on the cobalt tiles.", "mistcoat nozzle blocked")
    failed("2027-03-02-r2", "Cobalt tiles crazed in the kiln.", "crazing on 12 of 40 tiles")
    clock.advance(days=1)
    lesson(NEW, supersedes=[old])
    queue = [{"id": "T-1", "title": "Glaze the cobalt tile order", "app_id": APP}]
    result = clocked_hooks.pre_goal_synthesis(queue=queue)
    assert result.ok and result.synthesis is not None
    assert "mistcoat nozzle" not in result.synthesis
    assert "crazing on 12 of 40 tiles" in result.synthesis
