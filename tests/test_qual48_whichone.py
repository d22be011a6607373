"""A later lesson about one of two like things (another numbered unit, line, zone or kiln;
another product type or grade) is no new value of the held lesson about the other, unless
it names the held one as what it changes (`agentmem.core.whichone`)."""

from __future__ import annotations

import pytest

from agentmem.core.verdict import Held, judge
from agentmem.core.whichone import kind_compared, other_member

ZONE = (
    "Fire-rated 12.5 mm board (type F) runs kiln zone 1 at 265 °C at most, 20 °C under "
    "standard board; hotter calcines the glass-fibre core at the edges."
)
KILN = (
    "Kiln 2 clinker free lime alarm is at 2.0 % (4-stage preheater, coal only, coarser "
    "meal); kiln 1 keeps 1.5 %. Do not copy kiln 1 limits to kiln 2."
)
SLURRY = (
    "Standard board slurry runs at a water/stucco ratio of 0.78; every +0.01 costs roughly "
    "1.5% more kiln gas to dry out."
)
PRESS = (
    "Press 4 die cushion is set to 35 bar for deep-draw parts; press 3 keeps 28 bar. "
    "Do not copy press 3 settings to press 4."
)
CELLS = "NMC cells charge to 4.2 V at 1C; above 45 °C the charger derates."
CUPS = "Cup filling runs 60 cups/min at a 150 g target; every gram over costs 0.6% yield."


def _replaces(draft: str, held: str) -> bool:
    return judge(draft, [Held("h1", held, "semantic")], "semantic").replaces == ["h1"]


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (
            ZONE,
            "Kiln zone 2 now runs a Watlow F4T on Modbus TCP at 10.40.2.22; setpoints are "
            "written as 32-bit floats in plain °C (285.0 for 285 °C), unscaled.",
        ),
        (
            KILN,
            "Since the switch to EcoFlux RDF, kiln 1 feed is limited to 272 t/h; the RDF's "
            "larger flue gas volume saturates the ID fan above that.",
        ),
        (PRESS, "Since the vendor switch, press 3 tonnage is limited to 180 t."),
        (
            "Pharma-grade bottles run capper line 1 at 40 caps/min with 12 Nm torque.",
            "Line 2 capper now runs a Zalkin head at 48 caps/min after the rebuild.",
        ),
    ],
)
def test_news_of_another_numbered_unit_leaves_the_held_units_lesson(held: str, draft: str) -> None:
    """A draft opening on zone 2 / kiln 1 / press 3, never naming the unit the held lesson
    is about, each with a number of its own, is that unit's own news."""
    assert other_member(draft, held)
    assert not _replaces(draft, held)


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (
            SLURRY,
            "Fire-rated slurry adds 0.3% chopped glass fibre and 2% vermiculite on stucco "
            "weight and runs a water/stucco ratio of 0.82, a little wetter than standard board.",
        ),
        (CELLS, "LFP cells charge to 3.65 V at 0.5C, lower than NMC cells."),
        (CUPS, "Bag filling runs 22 bags/min at a 25 kg target, slower than cup filling."),
    ],
)
def test_another_type_measured_against_the_held_one_leaves_it(held: str, draft: str) -> None:
    """A draft about another product type that names the held type only as a yardstick
    ("wetter than standard board", "lower than NMC cells") is that type's own value."""
    assert kind_compared(draft, held)
    assert not _replaces(draft, held)


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (ZONE, "Kiln zone 1 now tops out at 255 °C for fire-rated board."),
        (KILN, "Kiln 2 free lime alarm is now 2.2 %."),
        (SLURRY, "Standard board slurry now runs at a water/stucco ratio of 0.80."),
        ("Pump 2 is the duty pump; pump 3 stays on standby.", "Pump 3 is now the duty pump."),
        (
            "The ETL runs on Python 2 with 4 workers.",
            "The ETL now runs on Python 3 with 8 workers.",
        ),
        ("Backups run on node 2 at 01:00.", "Backups now run on node 3 at 02:00."),
        ("Line 1 filler runs at 240 bottles/min.", "Line 1 filler now runs 250 bottles/min."),
    ],
)
def test_the_same_unit_or_type_or_a_moved_role_still_replaces(held: str, draft: str) -> None:
    """The held unit or type named again, a role moved to another unit with no value of
    its own, a release ("Python 3") or a place the thing moved to still replace."""
    assert not other_member(draft, held)
    assert not kind_compared(draft, held)
    assert _replaces(draft, held)


def test_a_count_is_no_unit() -> None:
    """A count ("runs 22 bags") names no member of a series called "runs"."""
    assert not other_member("Bag filling runs 22 bags/min.", "Cup filling runs 60 cups/min.")
