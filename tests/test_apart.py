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
        "The Berlin office now closes expense reports on the 25th. The Paris office is different.",
        "The Paris office closes expense reports on the last working day of the month.",
    ),
    (
        "Forklift batteries are swapped every 300 hours, a different interval from the reach trucks.",
        "Reach trucks batteries are swapped every 500 hours or 2 months, whichever comes first.",
    ),
]


@pytest.mark.parametrize(("draft", "held"), APART)
def test_what_a_draft_sets_apart_is_not_replaced(draft: str, held: str) -> None:
    assert replaces(draft, held)  # the words alone would have made it a replacement
    assert set_apart(draft, held)
    assert judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces == []


def test_the_thing_the_draft_does_tell_of_is_still_replaced() -> None:
    draft = "The v2 sensor buffer now holds 2048 samples; the v1 buffer is still 256."
    v2 = Held("v2", "The v2 sensor buffer holds 1024 samples.", "semantic")
    v1 = Held("v1", "The v1 sensor buffer holds 256 samples.", "semantic")
    assert judge(draft, [v2, v1], "semantic").replaces == ["v2"]


def test_the_rule_the_draft_changes_is_replaced_though_it_sets_another_apart() -> None:
    draft = (
        "The Berlin office now closes expense reports on the 25th. The Paris office is different."
    )
    berlin = Held("berlin", "The Berlin office closes expense reports on the 20th.", "semantic")
    assert judge(draft, [berlin], "semantic").replaces == ["berlin"]


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
