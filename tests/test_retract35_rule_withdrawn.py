"""A rule, tip or correction said to be withdrawn after it is named ("The manual
easterly-wind correction of the predicted tide is withdrawn: …") withdraws the lesson that
tells it; an order, a reading or a forecast said to be wrong or withdrawn is no lesson's
withdrawal, and the lesson about the same thing stays."""

from __future__ import annotations

import pytest

from agentmem.core.retract import retraction
from tests.test_retract19_shapes import gone

TIDE = (
    "During easterly winds the port tide table runs about 0.3 m high at Nordkai; deduct 0.3 m "
    "from the predicted height when computing deep-draught windows."
)
PUMP = "Restart the cooling pump before 06:00 so the tank is cold for the first batch."


@pytest.mark.parametrize(
    ("text", "held"),
    [
        (
            "The manual easterly-wind correction of the predicted tide is withdrawn: it was a "
            "one-off surge, and the tool already applies the live gauge residual.",
            TIDE,
        ),
        ("The cooling pump restart rule is withdrawn: the tank cools by itself.", PUMP),
    ],
)
def test_a_named_rule_withdrawn_withdraws_its_lesson(text: str, held: str) -> None:
    said = retraction(text)
    assert said is not None and "withdrawn" not in said[0]
    assert gone(text, held) == [held]


@pytest.mark.parametrize(
    ("text", "held"),
    [
        (
            "The 3.5 mm drill bit order is withdrawn: the supplier ran out until June.",
            "Use the 3.5 mm drill bit for the hinge holes on the oak doors.",
        ),
        (
            "The pump seal order has been withdrawn; Acme ships next month.",
            "Order the pump seals from Acme two weeks ahead of the shutdown.",
        ),
        (
            "The 02:00 boiler pressure reading was wrong: the gauge was stuck at 6.2 bar.",
            "The night shift checks the boiler pressure at 02:00 and logs it in the round sheet.",
        ),
    ],
)
def test_an_order_or_a_reading_withdrawn_withdraws_no_lesson(text: str, held: str) -> None:
    assert gone(text, held) == []
