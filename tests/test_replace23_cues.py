"""Round 23: a change dated by when it takes effect, told in more voices ("from batch 4
onward", "as of the spring menu update", "effective Autumn 2031") says a change, and a
statement opening on a change named as one ("As of the winter menu update …") is about
what follows it. A time that is no change (a range, a thing of that time) says none."""

from __future__ import annotations

import pytest

from agentmem.core.cues import says_changed
from agentmem.core.held import Held, judge
from agentmem.core.statement import terms


@pytest.mark.parametrize(
    "text",
    [
        "For the loft orders, from batch 4 onward the crates carry a blue tag.",
        "As of the spring menu update the soup of the day costs 6 euros.",
        "Per the board vote, effective Autumn 2031: members may book 5 lanes.",
        "Starting Q2 2030 the ferry desk opens at 06:30.",
        "Beginning in March 2029 the clinic closes at noon on Fridays.",
    ],
)
def test_a_change_dated_by_when_it_takes_effect_is_a_change(text: str) -> None:
    """A point from which a statement holds, told mid-sentence or as a season, quarter or
    month of a year, says that something changed."""
    assert says_changed(text)


@pytest.mark.parametrize(
    "text",
    [
        "Invoices from March 2029 to May 2029 are archived in the cold bucket.",
        "The crates from batch 4 carry a blue tag.",
        "As of the report, 12 lanes were booked.",
        "The museum is busiest in Autumn and closes at 17:00.",
    ],
)
def test_a_time_that_is_no_change_says_none(text: str) -> None:
    """A range, a thing of a time and a time of year alone are no change cue."""
    assert not says_changed(text)


def test_the_lead_of_a_named_change_is_not_the_statement_s_head() -> None:
    """ "As of the winter menu update the soup costs …" is about the soup: the clause naming
    the change is when the statement took effect, not what it is about."""
    read = terms("As of the winter menu update the soup costs 6 euros.")
    assert read.head[0] == "soup"


HELD_CAP = "The bakery's large soup pot holds 12 litres per batch."
HELD_TAG = "Loft orders are packed in crates with a red tag on the lid."


def _replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("m1", held, "semantic")], "semantic").replaces == ["m1"]


def test_a_new_value_dated_by_a_named_update_replaces_the_held_one() -> None:
    """A new value told "as of the <named update>" replaces the held value of the same
    thing, though it names the old value as what it was."""
    draft = (
        "As of the spring kitchen update the large soup pot holds 15 litres per batch; "
        "12 litres was too little for the lunch rush."
    )
    assert _replaced(draft, HELD_CAP)


def test_a_new_way_from_a_point_onward_replaces_the_held_one() -> None:
    """ "…, from batch 4 onward <the new way>" replaces the held way of the same thing."""
    draft = "For loft orders, from batch 4 onward the crates get a blue tag on the lid instead."
    assert _replaced(draft, HELD_TAG)


def test_another_things_value_dated_alike_replaces_nothing() -> None:
    """A value of another thing, dated the same way, leaves the held lesson alone."""
    draft = "As of the spring kitchen update the small sauce pan holds 2 litres."
    assert not _replaced(draft, HELD_CAP)


HELD_PODS = "Staging pods of the quote cache run 12 replicas."


@pytest.mark.parametrize(
    "lead",
    ["Effective Autumn 2031,", "As of the spring release", "From batch 4 onward"],
)
def test_another_environments_value_dated_alike_replaces_nothing(lead: str) -> None:
    """The same setting of another environment, told after a lead dating it, is that
    environment's own value: the lead is not what the clause opens on."""
    draft = f"{lead} production pods of the quote cache run 20 replicas."
    assert not _replaced(draft, HELD_PODS)


def test_the_same_environments_value_dated_alike_replaces_the_held_one() -> None:
    """... while the same environment's new count, dated the same way, replaces it."""
    draft = "As of the spring release staging pods of the quote cache run 20 replicas."
    assert _replaced(draft, HELD_PODS)


HELD_LEDGER = "GLAZE_LOG, the glaze ledger, is kept on the studio NAS (nas-a.studio.lan:445)."


def test_a_thing_copied_elsewhere_after_a_named_change_stays_put() -> None:
    """Read after its lead ("Since the spring storage migration …"), a copy of the held
    thing to a second place tells no move of it; a move does."""
    lead = "Since the spring storage migration GLAZE_LOG is"
    assert not _replaced(f"{lead} mirrored to files.vendor.example:443 for reports.", HELD_LEDGER)
    assert _replaced(f"{lead} kept on nas-b.studio.lan:445 now.", HELD_LEDGER)
