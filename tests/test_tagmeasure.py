"""Another measure or action of one tagged thing is no new value of it
(`agentmem.core.tagged.measured_apart`): the word between a tag and its value that says
what the value is of (pH, conductivity, cleaned, inspected, suction, discharge) is part of
its slot. The same measure told anew still replaces. (From kinds36's tests: the tag rule
alone, without its value kinds.)"""

from __future__ import annotations

import time

import pytest

from agentmem.core.held import Held, judge
from agentmem.core.tagged import measured_apart, tagged_anew


def _verdict(draft: str, held: str) -> str:
    found = judge(draft, [Held("held", held, "semantic")], "semantic")
    return "replaces" if found.replaces else "restates" if found.restates else "apart"


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        ("Tank T-4 pH is held at 7.2.", "Tank T-4 conductivity is held at 410 uS."),
        ("Tank T-4 pH is held at 7.2.", "Tank T-4 conductivity now held at 410."),
        ("E-105 cleaned weekly", "E-105 inspected monthly"),
        (
            "Exchanger E-105 is cleaned every 7 days.",
            "Exchanger E-105 is now inspected every 30 days.",
        ),
        (
            "Pump P-101 suction pressure is 1.2 bar.",
            "Pump P-101 discharge pressure is now 6.5 bar.",
        ),
    ],
)
def test_another_measure_or_action_of_one_tag_is_no_new_value(held: str, draft: str) -> None:
    assert not tagged_anew(draft, held)
    assert _verdict(draft, held) != "replaces"


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        ("Pump P-101 suction pressure is 1.2 bar.", "Pump P-101 suction pressure is now 1.6 bar."),
        (
            "Exchanger E-105 is cleaned every 7 days.",
            "Exchanger E-105 is now cleaned every 14 days.",
        ),
        ("Tank T-4 pH setpoint is 7.2.", "Tank T-4 pH setpoint is now 7.0."),
        ("Tank T-4 pH is held at 7.2.", "Tank T-4 pH was raised to 7.4."),
    ],
)
def test_the_same_measure_of_one_tag_told_anew_replaces(held: str, draft: str) -> None:
    assert not measured_apart(draft, held)
    assert _verdict(draft, held) == "replaces"


@pytest.mark.parametrize(
    "text",
    [
        "T-4 " * 25_000,
        "Tank T-4 pH " + "7.2 " * 20_000,
        "E-105 " + "cleaned " * 12_000 + "\ud800 7 days",
    ],
)
def test_hostile_text_reads_in_linear_time(text: str) -> None:
    started = time.monotonic()
    measured_apart(text, text + " now")
    measured_apart(text[:3000], text[:3000] + " now")
    assert time.monotonic() - started < 30  # a hang guard, not a timing claim
