"""A newer lesson that writes the old number only inside another ("release 7.4", "rev 2.40")
has not said the old value again: it still displaces the older lesson's value. Several
made-up domains."""

from __future__ import annotations

import pytest

from agentmem.retrieval.newerwins import values_displaced
from tests.conftest import held


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        pytest.param(
            "Kiln shelves hold 4 glaze trays per firing; the rack counter starts at 4.",
            "Since kiln firmware 7.4 the kiln shelves now hold 6 glaze trays per firing.",
            id="kiln",
        ),
        pytest.param(
            "Ferry decks carry 40 trailers per crossing on the night sailing.",
            "From timetable 2.40 the night sailing ferry decks carry 36 trailers per crossing.",
            id="ferry",
        ),
        pytest.param(
            "Choir folders take 12 scores per singer for the spring concert.",
            "After the 1.12 folder update, choir folders now take 15 scores per singer for the spring concert.",
            id="choir",
        ),
    ],
)
def test_an_old_number_inside_another_is_no_restatement(older: str, newer: str) -> None:
    old = held(older, 1, "semantic-old", app_id="desk")
    new = held(newer, 9, "semantic-new", app_id="desk")
    assert values_displaced(old, new, set())


def test_the_old_number_written_whole_keeps_both() -> None:
    old = held("Kiln shelves hold 4 glaze trays per firing.", 1, "semantic-old", app_id="desk")
    new = held(
        "Kiln shelves now hold 6 glaze trays per firing, 4 on the top shelf.",
        9,
        "semantic-new",
        app_id="desk",
    )
    assert not values_displaced(old, new, set())
