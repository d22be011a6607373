"""Retractions that open on the thing they deny, as people write them in a run's lesson:
"It was not the X: <what it was>" and "Not X: <what it means>". Each withdraws the lesson
that blamed X ("… look like X"), and only that one; an opening "Not" that qualifies
("Not yet: …", "Not needed: …") or "it was not possible to …" retracts nothing."""

from __future__ import annotations

import pytest

from agentmem.core.retract import retraction, withdrawn

GUESS = (
    "Kiln cracks on the glaze line look like the damp shelf paper; dry the shelf paper overnight."
)
TRUE_CAUSE = "Kiln cracks stop once the cooling ramp is slowed to 50 degrees an hour."
OTHER = "The clay order is placed every second Thursday by the studio manager."


def gone(text: str, *held: str) -> list[str]:
    """The held texts a text withdraws (each held text is its own id)."""
    return withdrawn(text, [(h, h) for h in held])


@pytest.mark.parametrize(
    "text",
    [
        "It was not the shelf paper: the kiln cracks on the glaze line came from a cooling "
        "ramp that was too fast. The ramp is now 50 degrees an hour.",
        "Not damp shelf paper: kiln cracks on the glaze line mean the cooling ramp was too "
        "fast, and the kiln cools unevenly near the door. Slow the ramp to 50 degrees an hour.",
    ],
)
def test_an_opening_denial_withdraws_the_lesson_that_blamed_the_thing(text: str) -> None:
    """A text that opens by denying a thing before a colon withdraws the guess that named it,
    not the lesson on the true cause nor an unrelated one."""
    assert retraction(text) is not None
    assert gone(text, GUESS, TRUE_CAUSE, OTHER) == [GUESS]


@pytest.mark.parametrize(
    "text",
    [
        "Not yet: the shelf paper order for the kiln room is still open.",
        "Not needed: damp shelf paper can stay in the kiln room over the weekend.",
        "It was not possible to fire the kiln on Sunday: the shelf paper had run out.",
        "Not every glaze cracks: only the celadon on the damp shelf paper batch did.",
    ],
)
def test_an_opening_not_that_qualifies_retracts_nothing(text: str) -> None:
    """ "Not yet:", "Not needed:", "it was not possible to …" and "Not every …" deny no
    thing: the guess about shelf paper stays."""
    assert retraction(text) is None
    assert gone(text, GUESS, TRUE_CAUSE, OTHER) == []
