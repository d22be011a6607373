"""A look-alike (`agentmem.core.lookalike`): the same wording of another year, another
numbered or coded thing, or another named place of the held thing leaves the held lesson in
place, whichever older replacement rule reads its new value; a new value of the held thing
itself, a port or a quarter among its words, still replaces it.
"""

from __future__ import annotations

import pytest

from agentmem.core.lookalike import another_instance
from agentmem.core.verdict import Held, judge


def _replaces(draft: str, held: str) -> bool:
    return judge(draft, [Held("h1", held, "semantic")], "semantic").replaces == ["h1"]


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (
            "Grant ceiling in the rules engine for 2030 is $41,200 (one applicant, rural areas).",
            "2031 rural one-applicant grant ceiling in the rules engine: $44,900.",
        ),
        (
            "The 2030-31 lease with Harbor Cranes caps each crane at 140 lifts per shift.",
            "Harbor Cranes' 2031-32 lease allows 175 lifts per crane per shift.",
        ),
        (
            "Nightly export limit for starter (plan 1) workspaces is 2,000 rows.",
            "Plan 3 business workspaces can export up to 90,000 rows per night.",
        ),
        (
            "Seat cap for RoboFair Oslo is 900 seats (hall safety limit).",
            "RoboFair Rome: seating capped at 1,300.",
        ),
    ],
)
def test_another_instance_of_the_held_thing_replaces_nothing(held: str, draft: str) -> None:
    """Another year (a single one or a span), another plan number, another named fair: the
    held lesson stays true of its own instance."""
    assert another_instance(draft, held)
    assert not _replaces(draft, held)


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (
            "The label printer listens on port 6110 of lbl-gw.depot.local.",
            "Label printer listener is on port 7300 after the VLAN rework; host unchanged "
            "(lbl-gw.depot.local).",
        ),
        (
            "Hot drinks stop at the end of Q2 at matches: staff flip the drinks_off flag.",
            "Hot drink SKUs now lock automatically at the start of Q3; nobody flips "
            "drinks_off anymore.",
        ),
    ],
)
def test_a_setting_value_or_a_quarter_is_no_other_instance(held: str, draft: str) -> None:
    """A port's new number is a new value, not another numbered thing; a one-letter code
    ("Q3") names no other instance."""
    assert not another_instance(draft, held)
