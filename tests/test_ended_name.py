"""A later text that says the account or contract of a named supplier the held lesson
relies on has ended ("the Kestrel account was closed", "Brightline's contract has ended",
"Kestrel contract not renewed") withdraws the lesson; a place or a session said closed,
or a name the held lesson never uses, withdraws nothing."""

from __future__ import annotations

from agentmem.core.verdict import Held, judge
from agentmem.core.withdrawnname import withdrawn_names

HELD = "Night pages for the cold store go to the Kestrel pager rota, escalating after 15 minutes."


def _replaces(draft: str, held: str) -> bool:
    return judge(draft, [Held("h", held, "semantic")], "semantic").replaces == ["h"]


def test_an_account_or_contract_said_ended_withdraws_the_lesson_naming_it() -> None:
    """Closed, ended, not renewed: each names Kestrel as gone."""
    for draft in (
        "Cold store night pages: Bluejay on-call group; the Kestrel account was closed.",
        "Kestrel's contract has ended. Cold store pages now go to the in-house night rota.",
        "Decision 7: cold store paging moved to Bluejay; Kestrel contract not renewed.",
    ):
        assert {n.word for n in withdrawn_names(draft)} == {"kestrel"}, draft
        assert _replaces(draft, HELD), draft


def test_a_place_closed_or_another_name_ended_withdraws_nothing() -> None:
    """A depot closed on Sundays is shut for a while; another supplier's contract ending
    says nothing of Kestrel."""
    assert not withdrawn_names("The Harbor depot is closed on Sundays for cleaning.")
    assert not _replaces("The Osprey contract has ended; its vans are parked.", HELD)
