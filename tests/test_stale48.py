"""`agentmem.core.resupplied`: a held lesson's setting told anew beside a new supplier of
the material it names, with no change word ("With Vestra Chemicals' 93 % acid the leach
has to run at 85 °C" after "The NMC leach runs at 80 °C with Norchem 96 % acid"), and what
is not one (another line, another setting, both suppliers kept, another unit)."""

from __future__ import annotations

from agentmem.core.held import Held, judge
from agentmem.core.resupplied import resupplied

LEACH = (
    "The NMC leach runs at 80 °C with Norchem 96 % acid at 2 M, 4 % hydrogen peroxide as "
    "reductant, 100 g/L solids for 4 hours."
)
PRESS = "The board press cures at 150 °C with Ardent Adhesives resin."


def _replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("old", held, "semantic")], "semantic").replaces == ["old"]


def test_a_new_suppliers_acid_with_its_own_leach_temperature_replaces_the_old_setting() -> None:
    draft = (
        "With Vestra Chemicals' 93 % acid the leach has to run at 85 °C; the old temperature "
        "leaves Ni/Co extraction near 90 %."
    )
    assert resupplied(draft, LEACH)
    assert _replaced(draft, LEACH)


def test_a_new_resin_suppliers_cure_temperature_from_a_date_replaces_the_old_one() -> None:
    draft = "From 3 March (Kestrel Polymers resin) the board press cures at 165 °C."
    assert resupplied(draft, PRESS)
    assert _replaced(draft, PRESS)


def test_two_suppliers_resins_named_as_two_kinds_keep_their_own_settings() -> None:
    """With no date and no change word, "Kestrel Polymers resin" against "Ardent Adhesives
    resin" may be two kinds of resin in use (`agentmem.core.ownkind`): the guard stands."""
    draft = "With Kestrel Polymers resin the board press has to cure at 165 °C."
    assert resupplied(draft, PRESS)
    assert not _replaced(draft, PRESS)


def test_a_new_suppliers_graded_material_with_its_own_setting_replaces_the_old_one() -> None:
    """The shape of the leach, in other trades: the grade stays the material's own value."""
    held = "The board press cures at 150 °C with Ardent Adhesives 50 % resin."
    draft = "With Kestrel Polymers' 40 % resin the board press has to cure at 165 °C."
    assert _replaced(draft, held)
    held = "The reactor purge runs for 8 min with Airtek 99.9 % nitrogen."
    draft = "With Halden Gas's 99.5 % nitrogen the purge has to run for 12 min."
    assert _replaced(draft, held)


def test_the_new_supplier_dated_in_brackets_before_the_setting_replaces_it() -> None:
    held = "Fryer oil setpoint is 150 °C with the Sawit Prima palm olein; alarms at 3 °C off it."
    draft = "From 09-23 (Borneo Agri Oils palm olein) the fryer oil setpoint is 146 °C."
    assert resupplied(draft, held)
    assert _replaced(draft, held)


def test_another_line_on_another_suppliers_acid_keeps_the_first_lines_setting() -> None:
    draft = "Line 2 leach runs at 85 °C with Vestra Chemicals acid."
    assert not _replaced(draft, "Line 1 leach runs at 80 °C with Norchem acid.")


def test_a_supplier_added_beside_the_old_one_replaces_nothing() -> None:
    draft = "With Vestra acid as a backup supply the leach runs at 85 °C."
    assert not resupplied(draft, "The leach runs at 80 °C with Norchem acid.")
    draft = "With Vestra acid the leach also runs at 85 °C."
    assert not resupplied(draft, "The leach runs at 80 °C with Norchem acid.")


def test_another_setting_on_the_new_suppliers_material_replaces_nothing() -> None:
    draft = "With Kestrel Polymers resin the dryer has to hold 90 °C."
    assert not resupplied(draft, PRESS)
    assert not _replaced(draft, PRESS)


def test_a_value_of_another_unit_replaces_nothing() -> None:
    draft = "With Kestrel Polymers resin the board press needs 12 % more glue."
    assert not resupplied(draft, PRESS)
    assert not _replaced(draft, PRESS)


def test_both_suppliers_named_tell_no_new_supplier() -> None:
    draft = "With Ardent Adhesives or Kestrel Polymers resin the board press cures at 165 °C."
    assert not resupplied(draft, PRESS)


def test_the_same_supplier_with_a_new_value_is_left_to_the_other_rules() -> None:
    draft = "With Ardent Adhesives resin the board press cures at 165 °C."
    assert not resupplied(draft, PRESS)
