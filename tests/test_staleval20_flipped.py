"""Hook A leaves out an older lesson that said a thing never happens ("… never combine"),
once a newer one says it changed and that the same thing now does ("Since RFC-22 … combines
…"): a rule turned around by a negation dropped, no value to compare. Near misses keep
both: no word of change, another thing, the newer clause still negated."""

from __future__ import annotations

import pytest

from agentmem import MemoryHooks
from agentmem.core.cues import says_changed
from tests.conftest import ManualClock, unlinked_pair

APP = "ferry-desk"
QUEUE = [{"id": "F-3", "title": "Price the winter ferry vouchers for residents", "app_id": APP}]
OLD = "A resident voucher and a group fare never combine: the desk charges whichever is cheaper."
NEW = "Since RFC-22 a resident voucher combines with a group fare: apply the group fare first."
FILLER = "Ferry tickets are printed on the thermal roll the harbour office keeps for us."


def _told(hooks: MemoryHooks, clock: ManualClock, old: str, new: str) -> tuple[str, str, str]:
    first, second = unlinked_pair(hooks, clock, old, new, app_id=APP, days=5, filler=FILLER)
    result = hooks.pre_goal_synthesis(queue=QUEUE)
    assert result.ok and result.synthesis is not None
    return first, second, result.synthesis


def test_pre_goal_synthesis_leaves_out_a_never_turned_around(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The newer lesson says the voucher now combines: "never combine" is not told beside
    it."""
    old, new, text = _told(clocked_hooks, clock, OLD, NEW)
    assert f"[{new}]" in text, text
    assert f"[{old}]" not in text, text


@pytest.mark.parametrize(
    "newer",
    [
        # no word of change: it may tell of another desk
        "A resident voucher combines with a group fare on the island route: apply it first.",
        # another thing combines
        "Since RFC-22 a crew pass combines with a cabin upgrade: apply the pass first.",
        # still negated
        "Since RFC-22 a resident voucher still does not combine with a group fare on ferries.",
    ],
)
def test_pre_goal_synthesis_keeps_a_never_without_a_change_of_the_same_thing(
    clocked_hooks: MemoryHooks, clock: ManualClock, newer: str
) -> None:
    """Without a word of change, of another thing, or still negated: the older holds."""
    old, _, text = _told(clocked_hooks, clock, OLD, newer)
    assert f"[{old}]" in text, text


def test_since_a_records_id_says_changed() -> None:
    """ "Since ADR-7 …" opening a sentence says a change; "since the 5 pumps …" does not."""
    assert says_changed("Since ADR-7 the desk takes cards.")
    assert not says_changed("We wait since the 5 pumps broke.")
