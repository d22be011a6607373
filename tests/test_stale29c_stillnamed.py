"""A holder swapped: a draft that hands a lesson's work to another holder takes with it the
held lessons that still send that work to the old holder (`agentmem.core.stillnamed`),
found by the old holder's code or by the work's words. A lesson naming the old holder for
other work, one that says who does not hold the work, or one that already names the new
holder stays.
"""

from __future__ import annotations

import pytest

from agentmem.core.held import Held, kin
from agentmem.core.stillnamed import still_named

DRAFT = (
    "Kiln repairs moved to Brightway Ceramics on 3 May: cracks go to the Brightway desk, "
    "queue BW-KILN, answered within a day."
)
OLD = (
    "Kiln repairs (shelves, elements, door seals) are done by Ember Works; cracks are raised "
    "as tickets in their desk queue EMB-KILN, answered within two days."
)


@pytest.mark.parametrize(
    "other",
    [
        "Shelf cracks are ticketed to Ember Works in queue EMB-KILN; attach a photo or the "
        "ticket is bounced.",
        "Element faults in a kiln go to Ember Works as repair tickets; their desk wants the "
        "kiln's serial number.",
    ],
)
def test_a_lesson_still_sending_the_work_to_the_old_holder_goes_with_it(other: str) -> None:
    """Another lesson that routes the replaced lesson's work to the old holder, by its
    queue's code or by the work's own words, is retired with the replaced lesson."""
    held = [Held("old", OLD, "semantic"), Held("other", other, "semantic")]
    assert kin(DRAFT, held, ["old"]) == ["other"]


@pytest.mark.parametrize(
    "other",
    [
        "Ember Works also sells us glaze in 20 kg bags.",  # other work of the old holder
        "Gas burners are serviced by Flint Gasworks under their own contract, not by the "
        "kiln repair firm.",  # says who does not hold it
        "Shelf cracks go to Ember Works until Brightway Ceramics takes over in queue EMB-KILN.",
        "Kiln element faults are ticketed in queue EMB-KILN with a photo.",  # names no holder
    ],
)
def test_a_lesson_not_routing_the_work_to_the_old_holder_stays(other: str) -> None:
    """Other work of the old holder, a lesson naming the new holder or none, and one saying
    who does not do the work, are no retold routing: they stay."""
    assert still_named(DRAFT, [OLD], [("other", other)]) == []


def test_no_holder_swapped_retires_nothing() -> None:
    """A draft that names no other holder (a new answer time from the same firm) takes no
    lesson for naming the firm."""
    draft = "Ember Works now answers kiln repair tickets in queue EMB-KILN within a day."
    other = "Shelf cracks are ticketed to Ember Works in queue EMB-KILN; attach a photo."
    assert still_named(draft, [OLD], [("other", other)]) == []


def test_a_name_in_a_place_is_no_holder() -> None:
    """A capitalised place ("the East Hall") is no holder: a handover that names other
    people takes no lesson for naming the place the replaced one named."""
    draft = "Night shift handed to Ben Cole: feeds in the lagoon halved, pumps checked hourly."
    old = "Ana Ruiz runs the night shift; feeds in the East Hall are halved while pumps are down."
    other = "Feeds in the East Hall stop on a pump alarm; the night shift restarts the pumps."
    assert still_named(draft, [old], [("other", other)]) == []
