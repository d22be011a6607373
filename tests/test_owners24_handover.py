"""A role handed from one person to another, the handover dated by the month's name.
Guard: two roles of one person."""

from __future__ import annotations

from agentmem.core.handover import handed_over
from agentmem.core.verdict import Held, judge

GLAZE_SIGN_OFF = (
    "Glaze recipes must be signed off by Ben Okoro (Studio Manager) before the first firing."
)


def replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces == ["held-1"]


def test_a_handover_dated_by_the_month_s_name_replaces_the_held_holder() -> None:
    """A day named "since March 3" is a day, not a case of the role: the clause's number made the
    handover read as an exception beside the rule, and no change word was read before a
    day written by its month."""
    draft = (
        "Since March 3 glaze recipes are signed off by Zoe Hart, the Kiln Room lead; "
        "firing without her approval fails with 412."
    )
    assert handed_over(draft, GLAZE_SIGN_OFF)
    assert replaced(draft, GLAZE_SIGN_OFF)


def test_another_role_of_the_old_holder_is_no_handover() -> None:
    """Two roles of one person: his overtime approvals are not the glaze sign-off."""
    draft = (
        "Ben Okoro keeps approving overtime above 40 h a week; that is apart from glaze sign-off."
    )
    assert not replaced(draft, GLAZE_SIGN_OFF)
    held = "Since March 3 glaze recipes are signed off by Zoe Hart, the Kiln Room lead."
    assert not replaced(draft, held)
