"""A draft that sets itself apart from another thing ("a different version from
production", "unlike the unit tests", "the UK is different") replaces no held memory about
that thing, and still replaces what it does tell a new value of."""

from __future__ import annotations

import pytest

from agentmem.core.apart import set_apart
from agentmem.core.restate import replaces
from agentmem.core.verdict import Held, judge

APART = [
    (
        "Staging nodes now run Kubernetes 1.29, a different version from production; "
        "keep the two in separate values files.",
        "Production nodes run Kubernetes 1.27; the upgrade is planned for the autumn.",
    ),
    (
        "Mobile app releases now freeze on Monday 12:00 UTC; the web app is different and "
        "keeps its own freeze.",
        "Web app releases freeze every Wednesday at 18:00 UTC.",
    ),
    (
        "Integration tests now have a 20 minute budget, unlike the unit tests.",
        "Unit tests have a 5 minute budget in CI.",
    ),
    (
        "The EU shops now show the 30-day lowest price as the was-price. The UK is different.",
        "UK shops show the previous price as the was-price after 28 days at that price.",
    ),
    (
        "The ATR A-checks are every 500 FH, a different interval from the jets.",
        "Jets A-checks are planned every 750 FH or 4 months, whichever comes first.",
    ),
]


@pytest.mark.parametrize(("draft", "held"), APART)
def test_what_a_draft_sets_apart_is_not_replaced(draft: str, held: str) -> None:
    assert replaces(draft, held)  # the words alone would have made it a replacement
    assert set_apart(draft, held)
    assert judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces == []


def test_the_thing_the_draft_does_tell_of_is_still_replaced() -> None:
    draft = "The Block 2 command queue now holds 2048 entries; Block 1 is still 256."
    block2 = Held("b2", "The Block 2 command queue holds 1024 entries.", "semantic")
    block1 = Held("b1", "The Block 1 command queue holds 256 entries.", "semantic")
    assert judge(draft, [block2, block1], "semantic").replaces == ["b2"]


def test_the_eu_rule_is_replaced_by_the_draft_that_sets_the_uk_apart() -> None:
    draft = "The EU shops now show the 30-day lowest price as the was-price. The UK is different."
    eu = Held("eu", "EU shops show the price of the day before the sale as the was-price.", "semantic")
    assert judge(draft, [eu], "semantic").replaces == ["eu"]


@pytest.mark.parametrize(
    "draft",
    [
        "The gate is now 0.90, different from before.",
        "The gate is now 0.90; the old value is different.",
        "We now gate on 0.90, unlike the previous release.",
    ],
)
def test_a_difference_from_the_old_value_sets_nothing_apart(draft: str) -> None:
    assert not set_apart(draft, "The release gate is 0.80 on the previous release.")


def test_what_a_text_opens_on_is_its_subject_not_a_thing_set_apart() -> None:
    assert not set_apart("The retry limit is still 3 for now.", "Raise the retry limit to 5.")
