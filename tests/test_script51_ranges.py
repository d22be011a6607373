"""A decimal that bounds a range ("1.4–1.8 N·m", "0.5 – 0.8 bar") is a measure's bound, no
release number (`agentmem.core.values`): read as a version, it made a lesson on one product's
cap torque a new "version" of another lesson that names the product and its calibration
points (4.00, 7.00), and the writer replaced the meter's lesson with the capper's."""

from __future__ import annotations

from agentmem.core.held import Held, judge
from agentmem.core.statement import terms


def test_a_decimal_range_is_no_version() -> None:
    """A decimal range's bound is a value of its own kind, "range" (its upper bound takes
    its unit when it has one); a lone decimal stays a version."""
    values = terms("the 500 ml caps need 1.4–1.8 N·m; the runner is on release 2.4").values
    assert "1.4" in values["range"]
    assert "2.4" in values["version"]
    assert "0.5" in terms("hold 0.5 – 0.8 bar on the line").values["range"]


def test_a_range_of_another_thing_replaces_no_lesson_on_one_product() -> None:
    """Two lessons naming one product code, one of its cap torque range and one of the
    meter that measures it: the second is no new value of the first."""
    held = (
        "KX-40 pH is now measured on the Orion Star A211 with the ROSS electrode; calibrate"
        " it at 4.00, 7.00 and 10.01 at the start of every shift."
    )
    draft = (
        "Reset the capper clutch when switching KX-40 between 250 ml and 500 ml; the 500 ml"
        " caps need 1.4–1.8 N·m."
    )
    assert judge(draft, [Held("h", held, "semantic")], "semantic").replaces == []


def test_a_new_range_of_the_same_setting_still_replaces_it() -> None:
    """The same setting told with another range is still its new value."""
    held = "The KX-40 500 ml caps are torqued to 1.2–1.6 N·m on the capper."
    draft = "The KX-40 500 ml caps are now torqued to 1.4–1.8 N·m on the capper."
    assert judge(draft, [Held("h", held, "semantic")], "semantic").replaces == ["h"]


def test_restatements_and_rules_beside_a_range_are_read_as_before() -> None:
    """A restatement of a range in other words is no new value of it, and a summary that
    names a rule's subject is no new value of the rule's range."""
    held = "Salt must be 3.0–3.5 % water-phase salt; test every batch on the chloride analyser."
    draft = "Just a reminder: water-phase salt between 3.0 and 3.5 %, every batch, on the analyser."
    assert judge(draft, [Held("h", held, "semantic")], "semantic").replaces == []
    rule = "Keep K1 dye liquor pH between 5.0 and 6.0 (alarm at 5.8); check the dosing pump first."
    summary = "Most failed runs trace to three causes: dye liquor pH on K1 and worn printheads."
    assert judge(summary, [Held("h", rule, "procedural")], "semantic").replaces == []
