"""A rule the held lesson applies, now said to apply only to another thing, while the draft
tells the held lesson's own thing anew: the held lesson is replaced. The same rule scoped
to the held lesson's own thing, or scoped with nothing said of that thing, replaces
nothing."""

from __future__ import annotations

import pytest

from agentmem.core.held import Held, judge
from agentmem.core.scoped import rescoped

HELD = "The corridor lights dim in night mode (20:00-06:00) and come back at 06:00."


def _replaced(draft: str) -> bool:
    return judge(draft, [Held("m1", HELD, "semantic")], "semantic").replaces == ["m1"]


def test_a_rule_scoped_to_another_thing_replaces_the_lesson() -> None:
    """Night mode now holds for the lobby only; the corridor lights are told anew."""
    draft = "lighting: corridor lights at full brightness all night; night mode (20:00-06:00) applies only to exit signs."
    assert rescoped(draft, HELD)
    assert _replaced(draft)


@pytest.mark.parametrize(
    "draft",
    [
        "Night mode (20:00-06:00) applies only to the lobby lights.",  # nothing of the corridor
        "Night mode (20:00-06:00) applies only to the corridor lights; the lobby stays lit.",
        "Night mode (21:00-05:00) applies only to the lobby lights; corridor lights stay on.",
    ],
)
def test_a_rule_scoped_otherwise_is_no_replacement_by_scope(draft: str) -> None:
    """The scope is the held lesson's own thing, the held thing is not told anew, or the
    rule is not the held one (other hours): `rescoped` reads none of them."""
    assert not rescoped(draft, HELD)
