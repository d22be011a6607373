"""A thing its holder says they handed over is no longer theirs, however the new holder
is told."""

from __future__ import annotations

from agentmem.core.handedon import handed_on
from agentmem.core.held import Held, judge

HELD = "The glaze kiln belongs to the studio crew (Omar Haddad); repairs are booked with him."


def test_a_thing_its_holder_handed_over_is_replaced() -> None:
    """'<the holder> handed <the thing> over' replaces the lesson naming them its holder,
    however the new holder is told."""
    draft = "Omar handed the glaze kiln over on Friday: the facilities desk runs it now."
    assert handed_on(draft, HELD)
    assert judge(draft, [Held("old", HELD, "semantic")], "semantic").replaces == ["old"]


def test_a_handover_not_made_or_of_another_thing_replaces_nothing() -> None:
    """Not handed over yet, another thing handed over, or another giver: no change."""
    assert not handed_on("Omar has not handed the glaze kiln over yet.", HELD)
    assert not handed_on("Omar handed the spare shelves over to the stores.", HELD)
    assert not handed_on("Lena handed the glaze kiln over on Friday.", HELD)
