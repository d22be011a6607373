"""Retractions that say the held lesson's negative claim holds after all, or that what it
says binds does not (issue 13): "the plotter does print the margins", "the archive keeps
old records intact", "the foreign key exists", "reminders reach the night staff fine",
"the hall is bookable by any team"; "a second signature was never a requirement", "house
practice, not law", "never meant to be locked". Each withdraws the held lesson; a
look-alike on another thing, a condition that restates the rule and a lesson that itself
says no leave it."""

from __future__ import annotations

import pytest

from agentmem.core.flipped import flipped
from agentmem.core.retract import withdrawn
from agentmem.core.unbound import unbound


def gone(text: str, held: str) -> bool:
    return withdrawn(text, [("held-1", held)]) == ["held-1"]


WITHDRAWN = [
    # a verb of loss answered with an emphatic "do"
    (
        "Poster proofs come out without bleed because the plotter skips the margins.",
        "Checked the queue: the plotter does print the margins. The missing bleed was a "
        "template set to A4.",
    ),
    # a verb of loss answered with "intact"
    (
        "Loan histories vanish after the import because the archive truncates records before 1990.",
        "The archive keeps pre-1990 records intact. The histories were dropped by a filter "
        "in our import script.",
    ),
    # a thing said to be missing said to exist
    (
        "Duplicate orders appear at noon because the orders table has no foreign key on "
        "the cart id.",
        "Root cause was misread. The foreign key on the cart id exists; the duplicates "
        "come from the retry worker writing twice.",
    ),
    # a verb said with no answered with "fine"
    (
        "Shift swaps stay unconfirmed overnight because the night staff don't get "
        "reminders from the rota app.",
        "Reminders reach the night staff fine. The rota app hides swaps posted after 20:00.",
    ),
    # "can't" answered with the verb as an "-able" word
    (
        "Youth teams can't book the large hall because the booking site lists it for adults only.",
        "Wrong - the large hall is bookable by any team; the youth teams lacked the hall "
        "permission on their accounts.",
    ),
    # a requirement said never to have been one
    (
        "Refunds over 200 EUR have to be signed by two managers before they are paid.",
        "From the finance office: a second manager signature was never a requirement for "
        "refunds; one manager signs them.",
    ),
    # a law said to be house practice
    (
        "Freezer seals must be checked twice on every shift; it's a legal requirement.",
        "Asked the inspector: checking freezer seals twice a shift is house practice, not law.",
    ),
    # a thing done on purpose said never to have been meant
    (
        "The east door of the depot is locked at noon on purpose; drivers use the west gate.",
        "The east door of the depot was never meant to be locked at noon; the timer on the "
        "lock was set wrong.",
    ),
]


KEPT = [
    # another thing than the lesson's said to hold
    (
        "Poster proofs come out without bleed because the plotter skips the margins.",
        "The staging printer in room 4 does print duplex now for the flyers.",
    ),
    # the rule said again under its condition
    (
        "Exports drop the header row unless the keep_header flag is set.",
        "Exports keep the header row fine once the keep_header flag is set.",
    ),
    # a lesson that says nothing is missing
    (
        "The orders table has a foreign key on the cart id.",
        "The foreign key on the cart id exists.",
    ),
    # a requirement of another thing said not to be one
    (
        "Site visitors must wear steel-toe boots; it's a legal requirement.",
        "A hard hat is not required in the office kitchen.",
    ),
    # a binding rule said again
    (
        "Refunds over 200 EUR have to be signed by two managers before they are paid.",
        "Reminder: two managers sign refunds over 200 EUR; finance checks it monthly.",
    ),
]


@pytest.mark.parametrize(("held", "text"), WITHDRAWN)
def test_withdrawn(held: str, text: str) -> None:
    """Each retraction withdraws the held lesson it answers."""
    assert gone(text, held)


@pytest.mark.parametrize(("held", "text"), KEPT)
def test_kept(held: str, text: str) -> None:
    """A look-alike, a restated rule or a lesson that says no itself is not withdrawn."""
    assert not gone(text, held)
    assert not flipped(text, held)
    assert not unbound(text, held)


CLEARED = [
    # the faulty thing blamed found sound by a check
    (
        "Pressure dips on line 3 are noise from a loose cable clamp; the dashboard hides them.",
        "Line 3 dipped again at noon; the cable clamp was tight and the probe passed a bench test.",
    ),
    # the writers own up to having taken one thing for another
    (
        "Evening flow dips at the intake are the pump's flush cycle; the alert skips 18:00-18:30.",
        "Why 3: we had taken those evening dips for the pump's flush cycle without checking.",
    ),
    # a thing called noise said to be real
    (
        "Door-sensor alerts after 18:00 at the loading bay are noise from the cleaners; mute them.",
        "The door-sensor alerts at the loading bay are real: the latch fails when it is cold.",
    ),
]

CLEARED_KEPT = [
    # the remedy told again: the clamp tightened, not found tight
    (
        "Pressure dips on line 3 are noise from a loose cable clamp; tighten it monthly.",
        "Tightened the cable clamp on line 3; the cable clamp is tight now.",
    ),
    # another thing found sound
    (
        "Pressure dips on line 3 are noise from a loose cable clamp; the dashboard hides them.",
        "The pump housing on line 5 was tight at the last inspection.",
    ),
    # other alerts said to be real
    (
        "Door-sensor alerts after 18:00 at the loading bay are noise from the cleaners; mute them.",
        "Smoke alerts in the paint shop are real; never mute them.",
    ),
]


@pytest.mark.parametrize(("held", "text"), CLEARED)
def test_cleared_withdrawn(held: str, text: str) -> None:
    """A blamed fault found sound, a thing owned up to as mistaken, noise found real."""
    assert gone(text, held)


@pytest.mark.parametrize(("held", "text"), CLEARED_KEPT)
def test_cleared_kept(held: str, text: str) -> None:
    """A remedy told again, or another thing found sound or real, withdraws nothing."""
    assert not gone(text, held)


HELD_CAUSE = (
    "Dropped support calls come from the router losing the SIP session; restart it nightly."
)


def test_a_correction_giving_another_cause_withdraws() -> None:
    """A text opening as a correction that tells another cause of the same failure."""
    text = (
        "Wrong before: the router does not lose sessions. Dropped support calls come from "
        "the headsets' sleep timer; it is off now."
    )
    assert gone(text, HELD_CAUSE)


@pytest.mark.parametrize(
    "text",
    [
        # a second cause without a correction's opening may sit beside the first
        "Dropped support calls also come from the headsets' sleep timer on older models.",
        # the same cause told again behind a label
        "Correction: dropped support calls come from the router losing the SIP session "
        "after a firmware push.",
        # another failure's cause
        "Wrong before: slow transfers come from the queue service polling every 30 s.",
    ],
)
def test_a_cause_beside_or_again_or_of_another_failure_keeps(text: str) -> None:
    """No opening, the same cause, or another failure: the lesson stays."""
    assert not gone(text, HELD_CAUSE)
