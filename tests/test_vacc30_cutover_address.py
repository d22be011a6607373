"""Two false replacements that hid a run's own account of a change (issue 13): a standup's
"cut-over <noun>" read as a change word, and another address named in a clause of its own
read as the held thing's new address. Made-up texts."""

from __future__ import annotations

from agentmem.core.cues import says_changed
from agentmem.core.held import Held, judge
from agentmem.core.movedaddress import address_moved


def test_a_cut_over_naming_its_work_says_no_change() -> None:
    assert not says_changed("Cut-over rehearsal, all night orders replayed.")
    assert not says_changed("Wrote the cutover checklist for the kiosks.")


def test_a_cut_over_itself_still_says_a_change() -> None:
    assert says_changed("Cut-over on Friday; kiosks print from the new queue.")
    assert says_changed("Kiosk cutover done, zero failed prints.")
    assert says_changed("The cutover to the new queue went fine.")
    assert says_changed("Cutover started at noon.")


def test_a_report_of_cut_over_tests_replaces_no_account_of_the_change() -> None:
    held = (
        "Label printing now posts one job per parcel to https://print.example.org/v2/labels; "
        "420 night parcels labelled."
    )
    draft = "Cut-over smoke tests, night parcels labelled."
    assert judge(draft, [Held("l1", held, "semantic")], "semantic").replaces == []


def test_an_address_in_a_clause_of_its_own_is_no_new_place_for_the_held_thing() -> None:
    held = "Moved label printing to the print server (POST /print/v2/labels, one job per label)."
    draft = (
        "Label printing no longer uses the LPD queue; every job carries a session key from "
        "/auth/session, valid 10 minutes."
    )
    assert not address_moved(draft, held)


def test_an_address_its_clause_says_the_thing_goes_to_still_moves() -> None:
    held = "Label jobs go to /print/v2/labels every hour."
    draft = "Label jobs now go to /print/v3/labels; the old queue is switched off."
    assert address_moved(draft, held)
