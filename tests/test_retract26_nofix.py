"""Retractions told without calling the lesson wrong: a remedy found to have done nothing,
a warning found needless, a pointed-at claim said not to be so, a theory withdrawn; and the
look-alikes that must leave the held lesson alone (`agentmem.core.nofix`)."""

from __future__ import annotations

import pytest

from agentmem.core.nofix import no_effect
from agentmem.core.retract import withdrawn

WITHDRAWN = [
    (
        "Re-seating the fan cable on the lab printer stops the beeping at start-up.",
        "Correction: re-seating the fan cable changed nothing; the beeping went on. It comes "
        "from a failing power supply.",
    ),
    (
        "Flushing the thumbnail cache clears the blurry previews after an upload.",
        "The thumbnail cache flush did nothing for the blurry previews; they are blurry "
        "because the resizer runs at quality 40.",
    ),
    (
        "Raising the socket keepalive to 300 s should keep the badge readers online overnight.",
        "Turns out that lesson was wrong: the 300 s socket keepalive did nothing for the "
        "badge readers going offline. The switch port powers down at midnight.",
    ),
    (
        "Adding a second retry to the invoice mailer fixed the missing invoice mails.",
        "The retries are not what fixed the missing invoice mails; the mail relay was "
        "replaced the same week.",
    ),
    (
        "The bypass valve on the chiller needs replacing; it is why the loop temperature swings.",
        "The bypass valve turned out fine - replacing it changed nothing. The swings come "
        "from a sticking damper.",
    ),
    (
        "Scanner timeouts at the loading dock come from firmware 7 on the handhelds; "
        "downgrade the handhelds to firmware 6.",
        "Correction: reverting the firmware changed nothing. The scanner timeouts at the "
        "loading dock are the dock's access point dropping clients.",
    ),
    (
        "Never run the ledger compaction during opening hours; it locks the tills.",
        "It is safe to run the ledger compaction during opening hours: since the index "
        "rebuild it locks nothing.",
    ),
    (
        "The label service strips the logo block from packing slips; print them from the "
        "old template.",
        "That earlier note was wrong: the label service does not drop the logo block (test "
        "slips print it fine). The real cause is an empty toner cartridge in printer 3.",
    ),
    (
        "Drivers' old phones delay the shuttle alerts; hand out new phones.",
        "The old-phone explanation for late shuttle alerts is withdrawn. Alerts were late on "
        "new phones too; the dispatcher batches them every ten minutes.",
    ),
    (
        "Tills at the garden kiosk drop card payments because the kiosk router firmware is "
        "old; ask the supplier for an update.",
        "Supplier checked: the kiosk router firmware is current. The dropped payments were "
        "the card reader's own SIM losing signal.",
    ),
    (
        "Re-indexing the parts catalogue fixed the empty search results for brake pads.",
        "On the 4th we wrote down that re-indexing the parts catalogue solved it. That was "
        "wrong: the search only worked that day because the cache was warm. The re-index "
        "was not the fix.",
    ),
]

KEPT = [
    (
        "Tills at the garden kiosk drop card payments because the kiosk router firmware is "
        "old; ask the supplier for an update.",
        "The cafe router firmware is current, so the cafe tills need nothing.",
    ),
    (
        "Re-seating the fan cable on the lab printer stops the beeping at start-up.",
        "Re-seating the fan cable did nothing for the paper jams on the office copier.",
    ),
    (
        "Never run the ledger compaction during opening hours; it locks the tills.",
        "Also never run the ledger compaction on stocktake day, even after closing.",
    ),
    (
        "Flushing the thumbnail cache clears the blurry previews after an upload.",
        "Flushing the thumbnail cache does not clear the previews when the upload is a RAW "
        "file; those need a manual re-render.",
    ),
    (
        "The nightly backup fails because the share's quota is 50 GB.",
        "The share's quota was not the cause of the broken payroll import; a column was "
        "renamed in the export.",
    ),
    (
        "Restarting the report worker clears the stuck exports in the orders view.",
        "Restarting the API gateway changed nothing; the slow orders view comes from a "
        "missing index on the orders table.",
    ),
    (
        "The tram depot's wash bay closes at 22:00 on weekdays.",
        "The new brushes in the wash bay made no difference to how long a wash takes.",
    ),
]


@pytest.mark.parametrize(("held", "text"), WITHDRAWN)
def test_withdrawn_without_calling_it_wrong(held: str, text: str) -> None:
    """A remedy that did nothing, a warning found needless, a claim said not to be so, a
    theory withdrawn: each withdraws the held lesson that told it."""
    assert withdrawn(text, [("old", held)]) == ["old"]


@pytest.mark.parametrize(("held", "text"), KEPT)
def test_look_alikes_kept(held: str, text: str) -> None:
    """No effect on another problem, a caution added, a narrower case, a cause denied of
    another problem, another thing restarted, a fact about the same place: all kept."""
    assert withdrawn(text, [("old", held)]) == []


def test_a_lesson_that_itself_says_the_act_does_not_help_is_not_withdrawn_by_it() -> None:
    """ "A larger buffer does not fix the stutter" agrees with a lesson that ends "… larger
    audio buffers do not fix it": that lesson tells another remedy, not the buffers."""
    held = (
        "Audio stutter on the kiosk comes from the USB hub's power saving: disable autosuspend "
        "for the hub; larger audio buffers do not fix it."
    )
    text = (
        "Retracted: a larger audio buffer does not fix kiosk stutter; the cause is the hub's "
        "power saving, disable autosuspend instead."
    )
    assert not no_effect(text, held)


def test_the_occasion_of_a_remedy_is_not_the_act_said_to_do_nothing() -> None:
    """ "Re-running an import overnight was no fix" says nothing of "stop the indexer before
    any import": the import is when that remedy is done, not what it does."""
    held = (
        "Stop the search indexer (idxctl stop) before any import that touches products or "
        "prices; it holds the table lock every 5 minutes."
    )
    text = (
        "Retracted: re-running an import overnight is not a fix; the search indexer holds "
        "the table lock every 5 minutes, day and night."
    )
    assert not no_effect(text, held)
