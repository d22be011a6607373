"""Retractions that name only the topic of the lesson they withdraw, and those that say its
claim is not so in its own words (issue 13): "the earlier <topic> rule was wrong", "we
were wrong about the <topic> thing", "wrong diagnosis on <topic>", "the <topic> rule
rested on bad readings", "fix to the <topic> note:", "turns out X never does Y", "there is
no <cause>", "Not <cause>." each withdraw the held lesson; a look-alike on another thing, a
rule said in the negative, a restatement and a lesson that itself says no leave it."""

from __future__ import annotations

import pytest

from agentmem.core.retract import withdrawn
from agentmem.core.topicwrong import named_wrong


def gone(text: str, held: str) -> bool:
    return withdrawn(text, [("held-1", held)]) == ["held-1"]


WITHDRAWN = [
    # a topic judged wrong behind a label naming who withdrew it
    (
        "Pallets over 1.6 m in height are refused at dock B because of the sprinkler clearance.",
        "Withdrawn by facilities: the earlier pallet-height rule was wrong. Dock B takes "
        "pallets of any height; the sprinkler clearance is only checked at dock A.",
    ),
    # a topic judged wrong in the middle of a sentence, after what disproved it
    (
        "Night scans at hall 4 stall because the conveyor fan overheats; a new fan is on order.",
        "Hall 4: fitted the new fan, scans stalled again the next night, so the fan diagnosis "
        "was wrong. The scanner firmware leaks memory; a reboot at midnight stops the stalls.",
    ),
    # the writers wrong about a topic
    (
        "Parcel labels print blank for customers with accents in their surname; strip "
        "accents before printing.",
        "We were wrong about the accents thing. Blank labels came from an empty printer "
        "profile, and surnames with accents print fine.",
    ),
    # a wrong diagnosis on a topic
    (
        "Invoices for leap days are skipped because the billing calendar API rejects Feb 29.",
        "Wrong diagnosis on leap days. The calendar API accepts Feb 29; the invoice job "
        "skips them on purpose (skip_leap=true in billing.toml).",
    ),
    # a rule said to rest on bad data
    (
        "Recalibrate the scales after every 5 batches, because readings drift by 2 g.",
        "The 5-batch recalibration rule rested on bad logs: the old logger rounded every "
        "reading, and the scales hold steady.",
    ),
    # a small fix to a note named by its topic
    (
        "Reorder mails go out at 15% because the stock service reports shelf levels in percent.",
        "Small fix to the reorder note: the stock service sends shelf levels as item counts, "
        "not percent. The 15% is worked out on our side.",
    ),
    # "turns out" and the claim said not so, in its words
    (
        "Late fees are missing from statements because Ledgerly drops charges under 5 USD.",
        "Turns out Ledgerly never drops small charges; our statement template filtered "
        "amounts under 5.",
    ),
    # a past event denied, the true cause told beside
    (
        "Photo uploads over 20 MB fail because the Flickbox media API rejects them.",
        "Flickbox never rejected the uploads. Our proxy body limit was 20m.",
    ),
    # a bare denial of the cause, the rest of the text on the lesson's failure
    (
        "The pump controller restarts every night at 03:00 because of a leak in its sensor poller.",
        "There is no leak: the 03:00 restart of the controller is a scheduled task from "
        "an old install.",
    ),
    # a denial opening with "No," in the lesson's words
    (
        "The 01:00 gaps in the tank readings are the radio carrier's nightly maintenance "
        "window; nothing to be done.",
        "No, the carrier has no nightly maintenance. The 01:00 gaps are our own backup job "
        "restarting the collector.",
    ),
    # a fragment denying the cause alone, the true cause told after it
    (
        "Guests get two confirmation mails when they double-tap Book because the booking "
        "button isn't debounced.",
        "Two confirmation mails: not the button. The mailer retried on a timeout without a "
        "message id.",
    ),
    # the value the cause blames said to be right, and always to have been
    (
        "Sea freight quotes come out too high for light cargo because the stowage factor is "
        "set to 3.0 instead of 2.5.",
        "3.0 is the right stowage factor and always was; light cargo quotes were high "
        "because the port fee lookup doubled.",
    ),
    # what the cause blames said to check out, the true cause traced
    (
        "Readings from the east rain gauge drop out because the logger is out of range of "
        "the Hillcrest repeater.",
        "Site visit: east rain gauge dropouts traced to a loose antenna cable; range to "
        "Hillcrest checks out.",
    ),
    # a claim judged untrue, told in the negative the lesson used in the positive
    (
        "Bin weights read 3% high because the truck scales aren't zeroed at the start of a round.",
        "Not true that the truck scales were unzeroed - the 3% came from the bins being weighed "
        "with their lids on.",
    ),
    # the remedy the lesson prescribes, stopped
    (
        "Night-shift pay for weekend cover is short because the rota counts hours twice; "
        "multiply by 0.8 when paying.",
        "Please stop applying the 0.8 multiplier to night-shift pay - the rota counts hours "
        "correctly; the gap was a missing allowance.",
    ),
    # the remedy the lesson applied, taken back off
    (
        "Boiler B2 trips because its return sensor reads low; I set a +2.5 °C offset on "
        "RT-7 to compensate.",
        "Took the +2.5 °C offset back off RT-7. The sensor agreed with a test probe; B2 "
        "tripped because the pump relay chattered.",
    ),
]


@pytest.mark.parametrize(("held", "text"), WITHDRAWN)
def test_a_topic_or_claim_denied_withdraws_the_lesson(held: str, text: str) -> None:
    """A retraction naming only the lesson's topic, or saying its claim is not so in its
    words, as a correction, withdraws it."""
    assert gone(text, held)


KEPT = [
    # a topic judged wrong that the held lesson does not tell of
    (
        "Pallets taller than 1.6 m are refused at dock B because of the sprinkler clearance.",
        "The earlier forklift-battery rule was wrong; chargers at dock C take any battery.",
    ),
    # another instance said not to get what the held one gets
    (
        "Premier league matches get floodlit pitches at Oakfield until 22:00.",
        "Junior league teams don't get floodlit pitches at all; morning kick-offs only.",
    ),
    # a rule told in the negative, restating the lesson
    (
        "Orders cannot ship before the invoice is approved; the warehouse app blocks it.",
        "No approved invoice, no shipping: the warehouse app holds the order until finance "
        "signs it off.",
    ),
    # the lesson itself says no, and the text agrees
    (
        "The vault door alarm doesn't trip on power cuts because the panel has a battery.",
        "The panel battery means the vault door alarm never trips on a power cut.",
    ),
    # a negation on another thing of the same place
    (
        "Late fees are missing from statements because Ledgerly drops charges under 5 USD.",
        "Turns out the mobile app never shows late fees at all; customers see them by mail.",
    ),
    # a topic two lessons share, the claim told besides it in words this one lacks
    (
        "In the east zone a driver may carry at most 3 parcels at once; the planner "
        "refuses a fourth.",
        "That earlier planner lesson was wrong: the route timeout was never the problem. "
        "Parcels went unassigned because driver positions were stale.",
    ),
    # an earlier correction that agrees with the retraction
    (
        "Correction to the 03-02 lesson: the midnight backup theory was wrong; the press "
        "accepts at most 3 sessions and the client opened 5.",
        "Retracted: the midnight backup explanation for the press errors was wrong. The "
        "press takes at most 3 sessions and we opened 5.",
    ),
    # a code path said to lack what the rule requires: it supports the rule
    (
        "Invoice export must check the tax code against the customer's region, not only the "
        "currency.",
        "Re-exports go through export_again() in redo.py, which had no tax code check; both "
        "paths need it.",
    ),
    # a remedy's outcome, told with a cause: the lesson restated
    (
        "CSV exports fail because the UTF8 flag isn't set on the export job.",
        "CSV exports work fine once the UTF8 flag is set on the export job, because the "
        "parser needs it.",
    ),
]


@pytest.mark.parametrize(("held", "text"), KEPT)
def test_a_look_alike_or_restatement_leaves_the_lesson(held: str, text: str) -> None:
    """A topic judged wrong of another thing, a look-alike of another instance, a rule said
    in the negative, a lesson that itself says no, and a denial of another thing leave it."""
    assert not gone(text, held)


def test_a_topic_names_only_a_lesson_saying_all_its_words() -> None:
    """A correction's topic sharing one of its two words with a lesson ("bid" of the
    "bid-latency note") does not name it."""
    held = "Late bids close 2 hours before the sale; the form then shows a phone number."
    text = (
        "Correction to the earlier bid-latency note: the proxy never cached the price feed. "
        "Frozen bids came from the socket closing after 30 s idle."
    )
    assert not named_wrong(text, held)
    assert named_wrong(text.replace("bid-latency", "late-bid"), held)
