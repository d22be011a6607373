"""A held lesson's sentence told again with another holder's name in one place, and no
change word, retires it (`agentmem.core.successor`); another instance of the thing, a
second holder beside the first, or anything else that differs leaves it."""

from __future__ import annotations

import pytest

from agentmem.core.held import Held, judge
from agentmem.core.successor import succeeds

ON_CALL = "Priya Raman is the on-call chemist for the evaporator trips; Tom Achebe covers nights."
CAUSTIC = "Caustic for the evaporator cleaning comes from Halvorsen Chemicals."
BLADES = "Nordcut Tools blades: 0.8 mm kerf on the panel saw."
REPORT = "The monthly scrap report goes to Hannah Okoye by Thursday noon."


def _replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces == ["held-1"]


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        # the holder of a named post, an aside of the held sentence left out
        (
            "Lena Varga is the on-call chemist for the evaporator trips; Tom Achebe covers nights.",
            "Priya Raman (ext. 4410) is the on-call chemist for the evaporator trips; "
            "Tom Achebe covers nights.",
        ),
        # a carrier that holds the slot, told opening the sentence
        (
            "Kessler Cargo is the carrier for the export pallets to Antwerp.",
            "Rotterdam Freight is the carrier for the export pallets to Antwerp.",
        ),
        # a supplier's label leading the sentence, its value told anew beside it
        ("Sagebrook Edge blades: 1.1 mm kerf on the panel saw.", BLADES),
        (
            "Brightwater Supply caustic: 48 % solution, 1.60 EUR/kg delivered.",
            "Halvorsen Chemicals caustic: 48 % solution, 1.45 EUR/kg delivered.",
        ),
    ],
)
def test_another_holder_in_the_held_sentence_replaces(draft: str, held: str) -> None:
    """The same sentence but for the holder's name (and a value beside a supplier's name)
    is the held lesson's successor, though no change word is said (the judge read none of
    these as a replacement before)."""
    assert succeeds(draft, held)
    assert _replaced(draft, held)


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        # a second holder beside the first, or the old one kept
        ("Caustic for the evaporator cleaning also comes from Brightwater Supply.", CAUSTIC),
        (
            "Lena Varga is the on-call chemist for the evaporator trips; Priya Raman stays "
            "reachable for handovers.",
            ON_CALL,
        ),
        # another instance named: another place, another numbered member, another year
        (
            "The sorting hall in Ghent ships the returns to Arden Logistics.",
            "The sorting hall in Tilburg ships the returns to Arden Logistics.",
        ),
        (
            "Press P4 runs the laminate at 180 °C for the oak decor.",
            "Press P3 runs the laminate at 180 °C for the oak decor.",
        ),
        (
            "The 2026 Nordcut Tools catalogue: 0.8 mm kerf on the panel saw.",
            "The 2025 Nordcut Tools catalogue: 0.9 mm kerf on the panel saw.",
        ),
        # a name qualifying a noun mid-sentence: which depot, not who holds the slot
        (
            "Night trunks for the Harwick Road depot leave at 22:00 on weekdays.",
            "Night trunks for the Millbank Quay depot leave at 22:00 on weekdays.",
        ),
        # a place that opens on what it does: one of several places
        (
            "Eastfield North dispatches the frozen orders to the coast stores.",
            "Westfield South dispatches the frozen orders to the coast stores.",
        ),
        # a sentence-initial capital alone is no name: "Weekly" and "Monthly"
        (
            "Monthly filter swaps go to the maintenance planner on the second shift.",
            "Weekly filter swaps go to the maintenance planner on the second shift.",
        ),
        # more than the name differs
        (
            "The quarterly scrap report goes to Farid Benali by Friday noon.",
            REPORT,
        ),
        # a numbered member beside the new supplier: line 6's pumps, not line 4's
        (
            "Line 6 pumps are serviced by Corvel Pumps.",
            "Line 4 pumps are serviced by Ardent Hydraulics.",
        ),
        # a value of another unit beside the new supplier: another measure, not the held one
        ("Sagebrook Edge blades: 1.1 in kerf on the panel saw.", BLADES),
        # the draft names the held holder too
        ("Farid Benali now shares the monthly scrap report with Hannah Okoye.", REPORT),
        # too few shared words to be one slot
        ("Ask Farid Benali.", "Ask Hannah Okoye."),
    ],
)
def test_a_second_thing_or_more_news_is_no_successor(draft: str, held: str) -> None:
    """Another place, member or year, a second holder kept beside the first, a sentence
    that differs by more than the holder, or a name that only opens a sentence: not a
    successor."""
    assert not succeeds(draft, held)


def test_a_holder_closing_the_sentence_is_read_too() -> None:
    """A supplier or a person after "from" or "by", another in its place, is read as the
    held sentence's successor as well (other rules of the judge read these too)."""
    assert succeeds("Caustic for the evaporator cleaning comes from Brightwater Supply.", CAUSTIC)
    assert succeeds(
        "Batch records are signed off by Farid Benali before release.",
        "Batch records are signed off by Hannah Okoye before release.",
    )


def test_a_name_after_for_or_to_names_which_one() -> None:
    """A name after "for" or "to" may be which one of many (a ship, a town the trucks go
    to), not who holds the slot: no successor."""
    assert not succeeds(
        "The berth window for Polar Heron opens at 06:00.",
        "The berth window for Nordic Frost opens at 06:00.",
    )
    assert not succeeds("The monthly scrap report goes to Farid Benali by Thursday noon.", REPORT)


def test_the_held_text_naming_the_new_holder_is_no_successor() -> None:
    """A held lesson that already names the draft's holder (in another role) is not
    succeeded by the draft giving it this one: two holders the held text already tells."""
    held = (
        "Hannah Okoye is the shift lead for packing; Farid Benali is the shift lead for dispatch."
    )
    assert not succeeds("Farid Benali is the shift lead for packing.", held)
