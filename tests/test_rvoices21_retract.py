"""Retractions told in voices beyond a label and "was wrong": an opening that drops what was
said before ("Scratch that … note:", "Disregard what I said about …", "Turns out …"), the
writer judging their own claim ("I was wrong about …"), a cause denied as "an X problem" or
"an X thing" with n't, "were never the problem", "Not the X." as a sentence of its own, and
"caused by B, not A". Each withdraws the lesson on the cause denied; advice that happens to
open with the same verbs ("ignore the lint warnings", "drop the wrapper") withdraws nothing."""

from __future__ import annotations

import pytest

from agentmem.core.retract import retraction, withdrawn

KILN = (
    "Glaze pinholes on the stoneware mugs come from the kiln's 3 kW element burning out; "
    "swap the element before the weekend firing."
)
SPOOL = (
    "Badge printer jobs stall at 9:00 because the print spooler queue fills up on Mondays; "
    "purge the spooler before the shift."
)
MAILS = (
    "Shift reminder texts bounce with 'carrier rejected' because the SMS gateway blocks "
    "messages longer than 160 characters."
)
LABELS = (
    "Parcel labels for Norway get rejected because the carrier needs 8-digit postcodes; pad "
    "postcodes to 8 digits before printing."
)
OTHER = "The packing bench scale is calibrated every Monday by the shift lead."


def gone(text: str, *held: str) -> list[str]:
    """The held texts a text withdraws (each held text is its own id)."""
    return withdrawn(text, [(h, h) for h in held])


@pytest.mark.parametrize(
    ("text", "lesson"),
    [
        # an opening that drops a note pointed at by one word of its own
        (
            "Scratch that element note: the element tested fine at 3 kW. The pinholes come "
            "from a glaze applied too thick; thin it to 1.45 SG.",
            KILN,
        ),
        # what the writer said, dropped, and the thing it blamed said to be fine
        (
            "Disregard what I said about the print spooler and the 9:00 stalls. The spooler "
            "is fine - the badge template pulls a 40 MB logo, so each job waits on the share.",
            SPOOL,
        ),
        # the writer judging their own claim, then what does not exist
        (
            "I was wrong about the Monday badge printer stalls. There is no spooler queue "
            "backlog; the badge template pulls a 40 MB logo from the file share.",
            SPOOL,
        ),
        # "Turns out …" before a cause said never to have been there
        (
            "Turns out long messages were never over 160 characters in the SMS gateway. The "
            "bounces came from a sender id the carrier had not registered.",
            MAILS,
        ),
        # "aren't an X problem" told before a colon
        (
            "The stoneware pinholes aren't a kiln element problem: the glaze goes on too "
            "thick; thin it to 1.45 SG.",
            KILN,
        ),
        # "Not the X." as a sentence of its own, "were never the problem" after it
        (
            "Not the gateway. The reminder bounces were a sender id nobody registered with "
            "the carrier; the SMS gateway length limit was never the problem.",
            MAILS,
        ),
        # "caused by B, not A"
        (
            "Postmortem finding: the Norway label rejections were caused by a missing "
            "service code, not postcode digits. 4-digit postcodes are accepted.",
            LABELS,
        ),
    ],
)
def test_a_voice_that_drops_an_earlier_claim_withdraws_the_lesson_on_it(
    text: str, lesson: str
) -> None:
    assert retraction(text) is not None
    assert gone(text, lesson, OTHER) == [lesson]


@pytest.mark.parametrize(
    "text",
    [
        "Ignore the lint warnings on the kiosk build; they are harmless.",
        "Drop the retry wrapper around the badge printer call; the client retries itself now.",
        "Turns out the kiosk build also needs the strict linter config for the release branch.",
        "Actually, the kiln needs its element checked every 40 firings in winter.",
        "The spooler filling up is not a problem for the label printer, which has its own queue.",
    ],
)
def test_advice_opening_with_the_same_verbs_is_no_retraction(text: str) -> None:
    """The opening verbs drop a claim only when what they point at is one (a note, a tip,
    what someone said), and "Turns out" only with a cause it denies."""
    assert retraction(text) is None
    assert gone(text, KILN, SPOOL, MAILS, LABELS, OTHER) == []


LOCKERS = (
    "Gym locker doors jam at night because the magnetic latches lose power at 22:00; reset "
    "the latch panel after closing."
)
INVOICES = "EU invoices fail to post because the VAT service times out after 5 s."


def test_a_cause_said_not_to_happen_beside_another_cause_withdraws_the_lesson() -> None:
    """No word judges the lesson: the text says its cause does not happen ("latches never
    lose power at 22:00") and gives another one. The clause saying no is mostly the held
    cause's words, and that is the link."""
    text = (
        "The magnetic latches never lose power at 22:00. The jams came from warped door "
        "frames on row C; the frames are planed down."
    )
    assert gone(text, LOCKERS, OTHER) == [LOCKERS]


@pytest.mark.parametrize(
    "text",
    [
        # another thing that does not happen, with a cause of its own
        "US invoices never call the VAT service; they fail to post because the state tax "
        "table is missing rows.",
        # the cause said not to happen, but no other cause given
        "The VAT service doesn't time out after 5 s on the sandbox.",
    ],
)
def test_a_no_to_another_thing_or_without_a_cause_withdraws_nothing(text: str) -> None:
    assert gone(text, INVOICES, OTHER) == []


PRINTS = "Kiosk receipts print blank whenever the thermal paper rolls are loaded upside down."
WEIGHTS = (
    "The parcel weight drift comes from storing weights as float kg: tiny errors add up over "
    "many partial loads."
)


@pytest.mark.parametrize(
    "text",
    [
        "Ruled out the paper rolls for the blank receipts. The print head was dirty.",
        "Paper rolls were a false lead on the blank receipts; the print head was dirty.",
        "Blank kiosk receipts aren't caused by upside-down paper rolls; the print head was dirty.",
        "Root cause of the blank receipts was a dirty print head, not the paper rolls.",
    ],
)
def test_a_lead_judged_wrong_in_the_held_causes_words_withdraws_it(text: str) -> None:
    """A cause told with "whenever" is a cause too; the clause judging it a wrong lead
    (ruled out, a false lead, not caused by, not Y) is linked to the lesson by its words."""
    assert gone(text, PRINTS, OTHER) == [PRINTS]


def test_a_way_said_never_to_be_used_agrees_with_the_lesson_that_blamed_it() -> None:
    """ "Stored as integer grams, never float kg" says no to the way the lesson blamed, and
    judges nothing: it tells the fix the lesson called for, and the lesson stays."""
    text = "Parcel weights are stored as integer grams, never float kg; convert for display only."
    assert gone(text, WEIGHTS, OTHER) == []
