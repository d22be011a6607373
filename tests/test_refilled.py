"""The held sentence told again with other fillers replaces it (`agentmem.core.refilled`);
another line, bay, tank or site, a second rule on one subject, or a "not" keeps them apart."""

from __future__ import annotations

import pytest

from agentmem.core.held import Held, judge
from agentmem.core.refilled import refilled

HELD = "Gangway bookings go to the mate, Ola Nordmann, by 17:00 the evening before; late ones wait."


def test_a_new_person_and_hour_in_the_same_sentence_replace_the_held_lesson() -> None:
    draft = "Gangway bookings go to the mate, Rui Costa, by 15:30 the evening before, on the log."
    assert refilled(draft, HELD)
    verdict = judge(draft, [Held(id="h1", text=HELD, type="semantic")], "semantic")
    assert verdict.replaces == ["h1"]


def test_a_new_amount_with_its_unit_replaces() -> None:
    held = "The sampler draws brine from the return header every 45 minutes during a run."
    draft = "The sampler draws brine from the return header every 25 minutes during a run."
    assert refilled(draft, held)


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        # another numbered or lettered one of the kind
        (
            "Press P-3 clamps at 80 bar for sheet steel.",
            "Press P-4 clamps at 65 bar for sheet steel.",
        ),
        ("Kiln 2 fires at 1240 C for stoneware.", "Kiln 5 fires at 1180 C for stoneware."),
        ("Dock A unloads pallets within 30 minutes.", "Dock B unloads pallets within 50 minutes."),
        (
            "The gate 7 barrier lifts after 12 seconds idle.",
            "The gate 9 barrier lifts after 20 seconds idle.",
        ),
        # another named place: one word, so part of the frame
        (
            "Pickup at the Northfield depot closes at 18:00 daily.",
            "Pickup at the Southfield depot closes at 19:00 daily.",
        ),
        # words put inside the frame say which ones: another thing
        (
            "Return crates are held 10 days at the back dock.",
            "Return crates from the Leeds stores are held 4 days at the back dock.",
        ),
        # a second rule on one subject, not the same sentence
        ("Orders over 40 kg need a pallet jack.", "Orders over 25 kg get a second handler."),
        # the held value said again: nothing replaced
        (
            "Gangway bookings go to the mate by 17:00 the evening before.",
            "Gangway bookings go to the mate by 17:00 the evening before, Ola Nordmann says.",
        ),
        # a denial is left to the withdrawal rules
        (
            HELD,
            "Gangway bookings no longer go to the mate, Rui Costa, by 15:30 the evening before.",
        ),
        (HELD, "Gangway bookings do not go to the mate, Rui Costa, by 15:30 the evening before."),
        # nothing to refill
        (
            "Gangway bookings go to the mate the evening before.",
            "Gangway bookings go to the mate the evening before.",
        ),
    ],
)
def test_look_alikes_stay_apart(held: str, draft: str) -> None:
    assert not refilled(draft, held)


@pytest.mark.parametrize(
    "hostile",
    [
        ("Gangway bookings go to the mate, Rui Costa, by 15:30 " * 3000) + "\ud800",  # huge
        "1" * 3_000 + " minutes " + "A" * 900,  # long runs the patterns could backtrack on
        "Aa " * 1_300 + "9 m",
        "T-" * 1_900 + "1",
        "\ud800 Ola Nordmann 9 m \udfff",  # lone surrogates
    ],
)
def test_hostile_texts_never_raise(hostile: str) -> None:
    assert refilled(hostile, HELD) in (True, False)
    assert refilled(HELD, hostile) in (True, False)
    assert refilled(hostile, hostile) in (True, False)
