"""A claim judged wrong by a topic the lesson spells as a name or a day ("the K7 advice
was wrong", "so the Friday theory was wrong"): the held lesson that names it is
withdrawn; one naming another part, or another day, stays."""

from __future__ import annotations

import pytest

from agentmem.core.retract import withdrawn


def gone(text: str, held: str) -> bool:
    return withdrawn(text, [("held-1", held)]) == ["held-1"]


WITHDRAWN = [
    # a topic spelled as a code of letters and figures
    (
        "Shelf brackets on aisle 3 keep sagging because those anchors are K7, not K9; use K7 "
        "screws there.",
        "Checked aisle 3 with the anchor chart today: K9, like every other aisle. The K7 "
        "advice was wrong — the sagging brackets were missing spacers.",
    ),
    # a topic that is a day, after what disproved it
    (
        "Harbourside deliveries get delayed in spring because the swing bridge only opens "
        "on Fridays; book Harbourside for Fridays March–May.",
        "The port office puts Harbourside on its daily opening list, so the Friday theory "
        "was wrong. The spring delays were drivers waiting for the fish market lorries.",
    ),
]

KEPT = [
    # another code than the one the lesson names
    (
        "Shelf brackets on aisle 3 keep sagging because those anchors are K7, not K9; use K7 "
        "screws there.",
        "Checked aisle 5 with the anchor chart today. The M4 advice was wrong — the sagging "
        "brackets there were missing spacers.",
    ),
    # another day than the one the lesson names
    (
        "Harbourside deliveries get delayed in spring because the swing bridge only opens "
        "on Fridays; book Harbourside for Fridays March–May.",
        "The port office says the ferry runs every day, so the Monday theory was wrong. The "
        "spring delays were drivers waiting for the fish market lorries.",
    ),
]


@pytest.mark.parametrize(("held", "text"), WITHDRAWN)
def test_a_topic_named_by_a_code_or_a_day_withdraws(held: str, text: str) -> None:
    assert gone(text, held)


@pytest.mark.parametrize(("held", "text"), KEPT)
def test_another_code_or_day_leaves_the_lesson(held: str, text: str) -> None:
    assert not gone(text, held)


OPENED = [
    # a tip taken back by its writer, the truth told after it
    (
        "Orders to Hollins Farm get rejected because their portal refuses CSV uploads; send "
        "theirs as XLSX.",
        "Retracting my XLSX tip for Hollins Farm: their portal takes CSV fine. The rejections "
        "were order numbers with a leading zero.",
    ),
    (
        "The lobby kiosk freezes at noon because the cleaning crew unplugs the router; tape "
        "the plug down.",
        "Taking back our router advice for the lobby kiosk — the crew never touches it. The "
        "freezes were the noon backup saturating the line.",
    ),
]


@pytest.mark.parametrize(("held", "text"), OPENED)
def test_a_tip_taken_back_by_its_writer_withdraws(held: str, text: str) -> None:
    assert gone(text, held)


def test_a_tip_taken_back_on_another_thing_leaves_the_lesson() -> None:
    held = (
        "Orders to Hollins Farm get rejected because their portal refuses CSV uploads; send "
        "theirs as XLSX."
    )
    text = (
        "Retracting my label tip for the warehouse printer: it prints 4x6 fine. The blank "
        "pages were an empty toner cartridge."
    )
    assert not gone(text, held)
