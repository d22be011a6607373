"""A tool, a vendor or a service swapped for another, told as a plain statement of what is
used now (`agentmem.core.swapped`): the held lesson that names the old one is replaced;
a second tool beside the first, another thing's tool, a tool named in a look-alike
sentence, a person put where a product was, or the same tool told again replace nothing."""

from __future__ import annotations

import pytest

from agentmem.core.swapped import swapped, uses
from agentmem.core.verdict import Held, judge

SCHEDULER = "The kiln planner schedules firings with KilnPlan 2.4; its licence comes from lic-kp.studio.lan."
ORDERS = "Glaze and slip orders are sent to shop.glazeco.example by the nightly order job."
RECEIPTS = "Customer receipts go out through Postwick's mail API (50 messages per call)."
SAMPLES = "Clay test results come from the LabTrack portal; results arrive by 09:00."
CURING = (
    "Bisque tiles and glaze tiles are dried with dry-ctl (fan mode, 12-hour cycle) before firing."
)
PACKING = "Orders are packed by Mara Quint at the north bench."


def replaced(draft: str, held: str, kind: str = "semantic") -> bool:
    return judge(draft, [Held("held-1", held, kind)], kind).replaces == ["held-1"]


def test_uses_read_the_name_after_with_from_through_and_to() -> None:
    """A use is a name right after a word that says what a thing is done with, taken from
    or sent to, with the content terms of its clause before that word."""
    found = {(u.family, u.name) for u in uses(SCHEDULER)}
    assert found == {("means", "kilnplan"), ("source", "lic-kp.studio.lan")}
    assert [(u.family, u.name) for u in uses(RECEIPTS)] == [("means", "postwick")]
    assert [(u.family, u.name) for u in uses(ORDERS)] == [("target", "shop.glazeco.example")]


def test_a_compound_word_or_a_clock_time_is_no_name() -> None:
    """ "With next-day delivery", "from 07:00", "by hand": no supplier is named."""
    assert uses("Refills ship with next-day delivery from 07:00, packed by hand.") == ()


def test_the_same_thing_done_with_another_named_tool_replaces_the_lesson() -> None:
    """No change word: the draft tells the held lesson's thing done with another tool."""
    draft = (
        "The kiln planner schedules with FireDesk 3; it takes a seat from lic-fd.studio.lan:7000."
    )
    assert swapped(draft, SCHEDULER)
    assert replaced(draft, SCHEDULER)


def test_a_new_host_for_the_same_things_replaces_the_how_to() -> None:
    """The things sent somewhere else, in fewer words and another verb."""
    draft = "Glaze and slip orders go to orders.claymart.example (order-job --shop claymart), rush orders included."
    assert swapped(draft, ORDERS)
    assert replaced(draft, ORDERS, "procedural")


def test_a_labelled_how_to_and_a_source_told_with_an_equals_sign() -> None:
    """ "lab-sync: result source = lab-hub" tells where clay test results come from now."""
    assert swapped(
        "lab-sync: clay test result source = lab-hub (in-house); no morning batch.", SAMPLES
    )
    assert swapped("tile-prep: bisque tiles dried by air-box (low fan, 10-hour cycle).", CURING)


def test_a_draft_that_ends_the_old_vendor_by_name_replaces_it() -> None:
    """The draft names the old vendor only to say it ends; the subjects share a word."""
    draft = "DR-9 (signed 3 May): customer notices send through Mailory's API; the Postwick contract ends 30 June."
    assert swapped(draft, RECEIPTS)
    assert replaced(draft, RECEIPTS)
    stopped = (
        "The till no longer calls the LabTrack portal; clay test results are read from lab-hub "
        "via the results_daily table."
    )
    assert swapped(stopped, SAMPLES)


@pytest.mark.parametrize(
    "draft",
    [
        # a second tool beside the first, or for a case of its own
        "The kiln planner also schedules glaze tests with FireDesk 3.",
        "Weekend glaze and slip orders are sent to rush.glazeco.example by the order job.",
        "Gift card receipts go out through Mailory as a fallback.",
        # another thing done with another tool
        "Studio newsletters go out through Mailory's list API.",
        "Clay invoices come from the Ledgerly export.",
        # the held tool named again, or its use denied
        "The kiln planner schedules firings with KilnPlan 2.4 and FireDesk 3 exports the plan.",
        "Customer receipts do not go through Mailory yet; Postwick stays until the audit.",
        # the same tool told again
        "KilnPlan 2.4 schedules the kiln planner's firings; the licence is from lic-kp.studio.lan.",
    ],
)
def test_look_alikes_replace_nothing(draft: str) -> None:
    """Beside, for another case, of another thing, negated, or the same tool: no swap."""
    for held in (SCHEDULER, ORDERS, RECEIPTS, SAMPLES):
        assert not swapped(draft, held), held


def test_a_person_where_a_product_was_is_no_swap() -> None:
    """Who signs a thing off is no supplier of it; but one person for another is a swap of
    the same kind."""
    product = "Tile payouts move from Paywell to Coinrail batch transfers (Coinrail API)."
    assert not swapped("Tile payout approval moves to Ines Marlow from June.", product)
    assert swapped("Orders are packed by Tobin Vale at the north bench.", PACKING)


def test_a_retraction_is_left_to_the_retraction_readers() -> None:
    """ "The FireDesk note was wrong" is no new tool of the kiln planner."""
    assert not swapped(
        "The FireDesk note was wrong: the kiln planner schedules with it.", SCHEDULER
    )


def test_another_verb_for_the_same_thing_needs_more_in_common_or_a_change_cue() -> None:
    """ "Card payments are reconciled with Ledgerly" after "card payments are settled
    through Paywell": two uses of one thing, each in a verb of its own; told with "the old
    ..." gone, or over more shared words, it is the same use anew."""
    held = "Card payments are settled through Paywell at the end of each day."
    assert not swapped("Card payments are reconciled with Ledgerly every Friday.", held)
    assert swapped(
        "till: take card payments with Coinrail fields; drop the old Paywell page.", held
    )


def test_a_host_is_read_without_its_port_and_a_case_of_its_own_is_no_swap() -> None:
    """ "kiln-gw.lan:8443" names the host kiln-gw.lan; a draft that gives the host of only
    some of the things ("only the test kilns …") leaves the held host to the rest."""
    held = "Kiln controllers report to kiln-gw.studio.lan:1883 every minute."
    assert [u.name for u in uses("Kiln controllers report to kiln-hub.studio.lan:8883.")] == [
        "kiln-hub.studio.lan"
    ]
    assert swapped("Kiln controllers report to kiln-hub.studio.lan:8883 over TLS.", held)
    assert not swapped(
        "Test kiln controllers report to kiln-stg.studio.lan:1883; only the test kilns use it.",
        held,
    )
