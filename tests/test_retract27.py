"""Retractions told in other shapes, and a person's slot read strictly (issue 13): a cause
denied of the failure it was given for ("the X was never the Y"), a thing said not to
exist, an emphatic answer to what a lesson said does not happen, a thing said to be in the
opposite state beside another source, the writers' own "I had X wrong" and "Retracting
the X theory:" withdraw the held lesson; a look-alike of each leaves it. A person named in
another role, or over another team's thing, fills no slot of the held lesson."""

from __future__ import annotations

import pytest

from agentmem.core.namedslot import named_anew
from agentmem.core.nofix import no_effect
from agentmem.core.practice import judged_practice
from agentmem.core.retract import withdrawn


def gone(text: str, held: str) -> bool:
    return withdrawn(text, [("held-1", held)]) == ["held-1"]


WITHDRAWN = [
    # the failure said never to have been the cause the lesson gave
    (
        "Kiosk receipts print blank because the thermal head driver resets the font table.",
        "The blank receipt bug was never the thermal head driver; the paper rolls were "
        "loaded upside down.",
    ),
    # a cause denied of the failure without an article
    (
        "Door sensor 12 reports late because the gateway clock drifts 3 seconds; add a -3s "
        "offset on the gateway.",
        "Door sensor 12 lateness wasn't gateway clock drift. The sensor had a debounce of "
        "3 s left from testing; take the -3s offset off again.",
    ),
    # the thing the cause names said not to exist at all
    (
        "Bookings for groups over 12 fail because the limits file policies/groups.yaml caps "
        "parties at 12.",
        "policies/groups.yaml has no party cap at all; the failed group bookings were missing "
        "a deposit.",
    ),
    # what the lesson said does not happen, said with emphasis to happen
    (
        "Members don't get renewal reminders when they pay by direct debit because the "
        "mailer skips debit accounts.",
        "Direct debit members do get renewal reminders, the mailer sends them fine. The "
        "missing reminders belonged to members with expired addresses.",
    ),
    (
        "Invoices from before 2015 cannot be found because those invoices were never scanned.",
        "Invoices from before 2015 were in fact scanned in 2021; the search only reads the "
        "new invoice number format.",
    ),
    # the thing the lesson blames said to be in the opposite state, another source told
    (
        "Parcels over 30 kg cannot be booked online — the weight validator rejects them, so "
        "the desk books them by hand.",
        "Correction: the weight validator accepts heavy parcels fine. The refusals came from "
        "one sender's saved profile, not from any weight limit.",
    ),
    # the writers judging their own claim
    (
        "Shops get two bread deliveries because the ordering app sends the weekly order twice "
        "on Mondays.",
        "I had the Monday bread deliveries wrong. The app sends once; the route planner copies "
        "Sunday's order onto Monday.",
    ),
    (
        "Tank levels read high because the probes report in inches; divide by 2.54 first.",
        "Retracting the inches theory: the probes report centimetres. High tank levels come "
        "from readings taken while the pump runs.",
    ),
]


@pytest.mark.parametrize(("held", "text"), WITHDRAWN)
def test_a_retraction_told_in_another_shape_withdraws_the_lesson(held: str, text: str) -> None:
    """Each shape of the module docstring withdraws the lesson it answers."""
    assert gone(text, held)


KEPT = [
    # a lesson that says the thing is missing, said again
    (
        "Night jobs fail on the staging cluster because the cluster has no GPU quota.",
        "Staging night jobs fail: the cluster has no GPU quota at all.",
    ),
    # an emphatic "do" said of another case than the lesson's
    (
        "Members don't get renewal reminders when they pay by direct debit because the "
        "mailer skips debit accounts.",
        "Card-paying members do get renewal reminders; the mailer sends them at 08:00.",
    ),
    # a state, not a thing, said not to be so
    (
        "The dryer trips because the vent flap sticks shut after rain.",
        "The dryer vent wasn't cleaned last week; book the cleaner for Friday.",
    ),
]


@pytest.mark.parametrize(("held", "text"), KEPT)
def test_a_look_alike_of_a_retraction_withdraws_nothing(held: str, text: str) -> None:
    """A restatement of a missing thing, another case said with emphasis, or a state said
    not to be so is no retraction of the held lesson."""
    assert not gone(text, held)


def test_a_person_in_another_role_or_over_another_teams_thing_is_no_new_holder() -> None:
    """An approver named is no new owner, and another team's rota owner is no new owner of
    the held team's rota; the same role over the same thing still is."""
    held = "Lena Park owns the cargo label templates."
    assert not named_anew(
        "Decision: cargo label template changes are now approved by Ivo Sand.", held
    )
    rota = "The billing team's pager rota is owned by Lena Park."
    assert not named_anew("Decision: the freight team's pager rota is now owned by Ivo Sand.", rota)
    assert named_anew("Decision: the billing team's pager rota is now owned by Ivo Sand.", rota)
    assert named_anew("Decision: Ivo Sand now owns the cargo label templates.", held)


def test_one_reading_of_a_practice_said_to_do_nothing() -> None:
    """A claim "X does not clear Y" judges the practice X, and a lesson that itself says "a
    longer timeout is not a fix" agrees with a text saying longer timeouts did nothing."""
    assert judged_practice("Flushing the cache does not clear the stale tiles") == (
        "Flushing the cache"
    )
    held = (
        "Wait for the scanner's ready event before the first scan; a longer timeout is not a fix."
    )
    assert not no_effect("Correction: a longer timeout did nothing for the missed scans.", held)


def test_a_label_before_a_name_is_no_kind_of_it() -> None:
    """ "chore(owners): T-II refund disputes -> @x" hands on the held lesson's disputes: the
    label's word, set apart by a bracket and a colon, names no other kind of them."""
    held = "Tier II refund disputes that fail the card check escalate to Dr. Lena Park, the finance lead."
    draft = "chore(owners): T-II refund disputes on pay-desk -> @isand (Ivo Sand, finance lead from May 2)"
    assert named_anew(draft, held)
