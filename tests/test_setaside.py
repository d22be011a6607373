"""A remedy set aside by another for the same trouble (`agentmem.core.setaside`): the later
text cures or explains the held lesson's trouble another way and undoes the held remedy's
knob, so the held lesson is withdrawn; a second remedy told beside the first, or a cure of
another line's trouble, leaves it."""

from agentmem.core.retract import withdrawn
from agentmem.core.setaside import set_aside

DOSE = "Streaks on dyed yarn: raise the levelling agent to 1.2 % to slow the strike."
ANTIFOAM = (
    "Fermenter 4 needs silicone antifoam dosed at 30 ppm whenever the sugar feed starts, or "
    "it foams over into the exhaust filter."
)
COUNT = (
    "Aluminium cans leak at the seam unless the seamer runs a third roll pass; set roll "
    "passes to 3."
)


def test_a_cure_told_another_way_with_the_setting_put_back_withdraws_the_remedy() -> None:
    """ "back to 0.8 %" in the unit the held lesson raised: its dose is undone."""
    text = (
        "Rinsing the yarn at 40 C before dyeing removed the streaks; levelling agent back to 0.8 %."
    )
    assert set_aside(text, DOSE)
    assert withdrawn(text, [("procedural-aaaa00000001", DOSE)]) == ["procedural-aaaa00000001"]


def test_a_cause_found_with_the_remedy_needed_no_more_withdraws_it() -> None:
    """The trouble explained by another cause, and the held remedy's thing said unneeded."""
    text = (
        "Fermenter 4 foaming came from a cracked sparger ring pulling air in; with the ring "
        "replaced the feed starts clean with no silicone antifoam."
    )
    assert set_aside(text, ANTIFOAM)
    assert withdrawn(text, [("semantic-aaaa00000002", ANTIFOAM)]) == ["semantic-aaaa00000002"]


def test_a_remedy_that_did_not_stop_it_and_the_knob_at_its_old_count_withdraws_it() -> None:
    """ "does not stop X: the cause was …" and the counted thing at another count."""
    text = (
        "An extra roll pass does not stop aluminium can seam leaks: the cause was worn chuck "
        "lips; change the chucks and the seams hold with 2 roll passes."
    )
    assert set_aside(text, COUNT)
    assert withdrawn(text, [("semantic-aaaa00000003", COUNT)]) == ["semantic-aaaa00000003"]


def test_a_second_remedy_beside_the_first_leaves_it() -> None:
    """No knob of the held remedy undone: the two fixes are both kept."""
    text = "Rinsing the yarn at 40 C before dyeing also removed the streaks on the last lot."
    assert not set_aside(text, DOSE)


def test_another_products_trouble_leaves_the_lesson() -> None:
    """A trouble word the held lesson lacks ("steel") tells another product's trouble."""
    text = (
        "An extra roll pass does not stop steel can seam leaks: the cause was worn chuck "
        "lips; the seams hold with 2 roll passes."
    )
    assert not set_aside(text, COUNT)


def test_a_setting_back_in_another_unit_leaves_the_lesson() -> None:
    """ "back to 40 C" undoes no value the held lesson set in %."""
    text = "Rinsing the yarn before dyeing removed the streaks; rinse water back to 40 C."
    assert not set_aside(text, DOSE)


def test_the_trouble_gone_is_not_the_remedy_needed_no_more() -> None:
    """ "with no foam" says the trouble's own word: no thing of the remedy is undone."""
    text = "Fermenter 4 foaming came from a cracked sparger ring; the feed now starts with no foam."
    assert not set_aside(text, ANTIFOAM)


def test_a_retraction_of_what_a_setting_cured_withdraws_the_finding_that_raised_it() -> None:
    """ "… hotter rinse cures the streaks …; rinse back to 40 C" of the finding that raised
    the rinse to 55 C: the trouble the withdrawn claim cured, the setting put back."""
    held = "findings: streaks on lot 12; rinse raised to 55 C on 03-02, two clean lots since."
    text = (
        "Retracted: the 03-02 note that a hotter rinse cures the streaks. They came back on "
        "lot 15. Real cause = worn nozzles; rinse back to 40 C."
    )
    assert set_aside(text, held)
    assert "semantic-aaaa00000004" in withdrawn(text, [("semantic-aaaa00000004", held)])


RINSE = "Dye streaks come from rinse water that is too hard; soften it to 50 ppm first."


def test_a_cause_told_in_the_past_sets_aside_the_cause_held() -> None:
    """ "… were from …", the same trouble, another cause sharing no word."""
    text = "Dye streaks were from an overloaded dye bath: at 12 kg the liquor cannot circulate."
    assert set_aside(text, RINSE)
    assert withdrawn(text, [("semantic-aaaa00000005", RINSE)]) == ["semantic-aaaa00000005"]


def test_a_second_cause_in_the_present_leaves_the_first() -> None:
    """ "also come from" tells a cause beside the held one."""
    text = "Dye streaks also come from an overloaded dye bath; keep loads under 10 kg."
    assert not set_aside(text, RINSE)


def test_a_past_cause_of_another_trouble_leaves_the_lesson() -> None:
    """ "Print streaks" are not the dye streaks the held lesson explains."""
    text = "Print streaks were from an overloaded dye bath."
    assert not set_aside(text, RINSE)


def test_a_level_down_to_a_figure_is_no_cause() -> None:
    """ "flow was down to about 40%" tells a level, not what the trouble came from."""
    held = "Loop 2 runs pump A as duty pump with pump B on standby; changeover is automatic on low flow."
    text = "Pump A tripped; flow was down to about 40% in between. Loop 2 runs with no standby."
    assert not set_aside(text, held)
