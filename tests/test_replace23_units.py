"""Round 23: a measure told in another unit than the held lesson's ("cools for 90 min" of a
held "6 hours", "capped at 512 MB" of a held "2 GB") is a new value of it when it stands in
the held measure's frame; the held value told in another unit ("300 s" of "5 minutes",
"2048 MB" of "2 GB") is none, and another thing's or another environment's measure, in
whatever unit, replaces nothing."""

from __future__ import annotations

import pytest

from agentmem.core.held import Held, judge
from agentmem.core.inunits import in_units_of, told_in_units

HELD_COOL = "In the glaze studio the big kiln cools for 6 hours before unloading."
HELD_CAP = "The EU cluster's upload cap for kiln photos is 2 GB."


def _replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("m1", held, "semantic")], "semantic").replaces == ["m1"]


def test_a_measure_is_written_in_the_held_unit() -> None:
    """Minutes in hours, megabytes in gigabytes (the binary convention when it comes out
    plain), a glued unit too."""
    assert in_units_of(HELD_COOL, "The big kiln now cools for 90 min.") == (
        "The big kiln now cools for 1.5 hours."
    )
    assert in_units_of(HELD_CAP, "The cap is now 512 MB.") == "The cap is now 0.5 GB."
    assert in_units_of(HELD_COOL, "It cools 240min now.") == "It cools 4 hours now."


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (HELD_COOL, "The big kiln cools for 360 minutes before unloading."),
        (HELD_CAP, "The EU cluster caps kiln photo uploads at 2048 MB."),
        (HELD_CAP, "The EU cluster caps kiln photo uploads at 2000 MB."),
    ],
)
def test_the_held_value_in_another_unit_is_nothing_new(held: str, draft: str) -> None:
    """The held value told in another unit (either convention of a size) is not rewritten,
    and the draft replaces nothing by it."""
    assert in_units_of(held, draft) is None
    assert told_in_units(held, draft) == []


HELD_LINK = (
    "Kiln photos are resized by the `thumbr` job into the gallery folder, and the share "
    "link we hand to a customer is valid for 20 minutes."
)


def test_a_new_value_in_another_unit_replaces_the_held_one() -> None:
    """The share link's life told anew in hours replaces the held minutes, though the
    note's other sentences (why, which setting) share few words with the lesson."""
    draft = (
        "Customer share links stay valid for 12h now. Buyers opened them the next day and "
        "saw an error; thumbr sets SHARE_TTL=43200."
    )
    assert _replaced(draft, HELD_LINK)


@pytest.mark.parametrize(
    "draft",
    [
        "Customer share links stay valid for 1200 s. Buyers opened them the next day.",
        "Gallery thumbnails now stay cached for 12h. Buyers saw old photos the next day.",
        "In staging, customer share links stay valid for 12h now. Testers opened them later.",
    ],
)
def test_the_same_value_another_thing_or_environment_replaces_nothing(draft: str) -> None:
    """The held value in seconds, another thing's time in hours, and another environment's
    link life in hours leave the held lesson alone."""
    assert not _replaced(draft, HELD_LINK)


@pytest.mark.parametrize(
    "draft",
    [
        "The US cluster's upload cap for kiln photos is now 512 MB.",
        "The EU cluster keeps 512 MB of kiln photo thumbnails in cache.",
    ],
)
def test_another_environments_or_things_size_replaces_nothing(draft: str) -> None:
    """Another cluster's cap, or another thing the same cluster measures, in another unit."""
    assert not _replaced(draft, HELD_CAP)
