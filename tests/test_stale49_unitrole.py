"""One unit's device told anew with another named make, both texts opening on the unit
(`agentmem.core.unitrole`)."""

from agentmem.core.held import Held, judge
from agentmem.core.unitrole import unit_role_retold

HELD_SORTER = (
    "Line 2's optical sorter is a Tomra Sentinel II: recipe PEA-FINE-07, rated 8 t/h of peas, "
    "reject rate read from OPC UA node ns=2;s=Sentinel.RejectRate."
)
NEW_SORTER = (
    "Line 2 sorts with a Key Technology VERYX B140: rated 12 t/h of peas, reject rate on OPC "
    "UA node ns=3;s=VERYX.Line2.RejectPct, recipes edited on the VERYX HMI."
)


def _replaced(new: str, held: str) -> bool:
    return judge(new, [Held("old", held, "semantic")], "semantic").replaces == ["old"]


def test_a_lines_device_told_with_another_make_replaces_the_held_make() -> None:
    assert _replaced(NEW_SORTER, HELD_SORTER)


def test_another_lines_device_of_another_make_replaces_nothing() -> None:
    new = NEW_SORTER.replace("Line 2", "Line 3")
    assert not unit_role_retold(new, HELD_SORTER)
    assert not _replaced(new, HELD_SORTER)


def test_a_second_device_on_the_line_replaces_nothing() -> None:
    new = "Line 2 also sorts with a Key Technology VERYX B140 for diced carrots."
    assert not unit_role_retold(new, HELD_SORTER)


def test_another_duty_on_the_line_sharing_one_word_replaces_nothing() -> None:
    new = "Line 2 sorter reject bins are emptied by Ana Ruiz at each break."
    assert not unit_role_retold(new, HELD_SORTER)
    assert not _replaced(new, HELD_SORTER)


def test_a_draft_opening_on_no_unit_needs_the_shared_terms_of_a_role() -> None:
    new = "The pea sorts go through a Key Technology VERYX B140 on Line 2."
    assert not unit_role_retold(new, HELD_SORTER)
