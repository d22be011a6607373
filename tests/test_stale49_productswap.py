"""A held setting told anew for another named product (a name and a model code), the draft
saying the earlier one went: `agentmem.core.productswap`."""

from agentmem.core.held import Held, judge
from agentmem.core.productswap import product_swapped

HELD_LATEX = (
    "With the Synthomer SBR 7340 compound the stenter oven runs 148 °C in all four zones at "
    "14 m/min, and the latex add-on target is 920 g/m² (±40)."
)
NEW_LATEX = (
    "Correction: with Rovene 4042 the add-on target is 860 g/m² (lab cut-and-weigh on 12 "
    "coupons, delam 7.2 lbf/in); the figure posted above belonged to the previous compound."
)
HELD_MIX = (
    "Mix made with Stabilex SE-30 (Hartmann Ingredients, 0.35 % of the mix) must age at least "
    "4 h at 2-5 °C in tanks AT1-AT4 before it goes to the freezers; 48 h is the maximum."
)
NEW_MIX = (
    "CreamLine CL-72 mix (Nordic Gums AB, dosed at 0.40 %) ages at least 8 h at 2-5 °C before "
    "freezing; with less it whips poorly and drips at the F1 filler. The 48 h maximum is "
    "unchanged."
)


def _replaced(new: str, held: str) -> bool:
    return judge(new, [Held("old", held, "semantic")], "semantic").replaces == ["old"]


def test_a_new_compounds_target_told_as_a_correction_replaces_the_old_compounds() -> None:
    held = "With the Synthomer SBR 7340 compound the latex add-on target is 920 g/m² (±40)."
    assert _replaced(NEW_LATEX, held)


def test_a_held_lesson_setting_more_than_the_draft_retells_is_kept() -> None:
    # the oven's 148 °C and 14 m/min are no part of the correction: the lesson still tells them
    assert not product_swapped(NEW_LATEX, HELD_LATEX)
    assert not _replaced(NEW_LATEX, HELD_LATEX)


def test_a_new_stabilisers_ageing_time_with_the_rest_unchanged_replaces_the_old_one() -> None:
    assert _replaced(NEW_MIX, HELD_MIX)


def test_another_products_setting_with_no_word_of_the_old_going_replaces_nothing() -> None:
    # two compounds each with their own target: both may run side by side
    new = "With Rovene 4042 the add-on target is 860 g/m² (lab cut-and-weigh on 12 coupons)."
    assert not product_swapped(new, HELD_LATEX)
    assert not _replaced(new, HELD_LATEX)


def test_a_product_told_as_an_addition_replaces_nothing() -> None:
    new = (
        "Rovene 4042 is also approved for short runs: its add-on target is 860 g/m², the "
        "previous compound staying on the long runs."
    )
    assert not product_swapped(new, HELD_LATEX)


def test_another_setting_of_the_new_product_leaves_the_held_slot_alone() -> None:
    # a new product's own value of another slot (its dose) is no new ageing time
    new = "Correction: CreamLine CL-72 is dosed at 0.40 % of the mix; the previous dose was wrong."
    assert not product_swapped(new, HELD_MIX)


def test_another_lines_product_keeps_the_held_lines_setting() -> None:
    held = "Line 1 with the Synthomer SBR 7340 compound runs a latex add-on target of 920 g/m²."
    new = (
        "Line 2 with Rovene 4042 runs an add-on target of 860 g/m²; the previous compound "
        "stays on line 1."
    )
    assert not product_swapped(new, held)


def test_a_draft_naming_the_held_product_is_no_other_product() -> None:
    new = (
        "Correction: with Rovene 4042 the add-on target is 860 g/m², against 920 g/m² for the "
        "Synthomer SBR 7340 compound."
    )
    assert not product_swapped(new, HELD_LATEX)
