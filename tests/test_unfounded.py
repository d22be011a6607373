"""A held lesson's cause found unfounded in plain words ("was fitted all along", "never
banned") withdraws the lesson; the same words about a thing the lesson does not give as
its cause, or about nothing named, withdraw nothing."""

from __future__ import annotations

from agentmem.core.unfounded import unfounded
from agentmem.core.verdict import Held, judge

FLOODS = "The wash bay floods after rain because the drain valve is missing on bay 3."
GRILLS = "Charcoal grills are refused at the lake site because of the county fire code."


def _withdrawn(draft: str, held: str) -> bool:
    return judge(draft, [Held("h", held, "semantic")], "semantic").replaces == ["h"]


def test_a_cause_there_all_along_withdraws_the_lesson() -> None:
    """The drain valve the lesson said was missing was fitted all along."""
    draft = (
        "The drain valve was fitted all along. The floods came from leaves blocking the "
        "grate outside bay 3."
    )
    assert unfounded(draft, FLOODS)
    assert _withdrawn(draft, FLOODS)


def test_a_rule_that_never_asked_for_it_withdraws_the_lesson() -> None:
    """The fire code the lesson blamed never banned charcoal grills."""
    draft = (
        "The county fire code never banned charcoal grills; the refusals came from an old "
        "checkbox on the booking form."
    )
    assert unfounded(draft, GRILLS)
    assert _withdrawn(draft, GRILLS)


def test_another_thing_or_nothing_named_clears_no_cause() -> None:
    """The grate is not the cause the lesson gives; "it" names nothing."""
    assert not unfounded("The grate was clean all along.", FLOODS)
    assert not unfounded("It was there all along, we just never looked.", FLOODS)
    assert not unfounded("The drain valve was fitted all along.", GRILLS)
