"""`agentmem.retrieval.takenback.untold`: a success's record of the run that wrote a lesson
later taken back leaves a read only when its own account tells what the denial says no to.

A run that loaded a setting and wrote a lesson of it tells no cause a later "the fan was
not it" denies: its record, the one memory still saying the setting, stays. A success whose
summary told the denied cause leaves, as before. And the taking back is no change:
`agentmem.retrieval.beforechange.retired` reads no value of the lesson it withdrew as
retired, so no success that set it is dated as told before a change.
"""

from __future__ import annotations

from agentmem.core.model import Hit, Memory
from agentmem.retrieval.beforechange import retired
from agentmem.retrieval.takenback import untold
from tests.conftest import held, run_record

APP = "bakery-ovens"

FAN = (
    "Pale crusts on oven K4 come from its convection fan slowing down; run the K4 fan at"
    " 42.5 Hz during the first bake of the morning."
)
NOT_FAN = (
    "Pale crusts on oven K4 came from thermocouple TC-7 reading 12 degrees high, not the"
    " convection fan slowing down. Check TC-7 first."
)


def hit(memory: Memory) -> Hit:
    return Hit(memory=memory, score=1.0)


def lesson(text: str, day: int, n: int, run: int, **fields: object) -> Memory:
    run_id = f"2027-03-{day:02d}-run-{run:03d}"
    return held(text, day, f"semantic-{day:04d}{n:08d}", app_id=APP, run_id=run_id, **fields)


def success(summary: str) -> Memory:
    return run_record(2, 1, "Set the K4 morning bake profile", summary, app_id=APP,
                      check="bake-profile", others=3)  # fmt: skip


def test_a_success_that_only_set_a_profile_stays() -> None:
    """The run's account is its profile's values, no word of the fan's slowing or the pale
    crusts: it tells nothing the denial says no to, and stays."""
    old = lesson(FAN, 2, 1, run=1)
    back = lesson(NOT_FAN, 9, 2, run=9, supersedes=(old.id,))
    record = success("Profile K4-AM loaded: 230 °C for 24 min, steam 8 s, 42.5 Hz.")
    assert untold([hit(record)], [hit(old), hit(back)]) == [hit(record)]


def test_a_success_that_told_the_denied_cause_leaves() -> None:
    """The near miss: the same run's account blames the slowing convection fan for the pale
    crusts, the claim the denial takes back; it leaves."""
    old = lesson(FAN, 2, 1, run=1)
    back = lesson(NOT_FAN, 9, 2, run=9, supersedes=(old.id,))
    record = success("Pale crusts came from the convection fan slowing down; sped it up.")
    assert untold([hit(record)], [hit(old), hit(back)]) == []


def test_a_taking_back_retires_no_value() -> None:
    """`agentmem.retrieval.beforechange.retired`: the lesson that says the fan was not it
    names no fan speed, yet changed none; a success run at 42.5 Hz is no older than a
    change. A replacement giving the fan a new speed still retires the old one."""
    old = lesson(FAN, 2, 1, run=1)
    back = lesson(NOT_FAN, 9, 2, run=9, supersedes=(old.id,))
    assert retired([hit(old), hit(back)]) == {}
    new = lesson("Oven K4's convection fan runs at 48.0 Hz since the bearing swap.", 9, 3, run=9,
                 supersedes=(old.id,))  # fmt: skip
    assert "42.5 hz" in retired([hit(old), hit(new)])
