"""Issue 13's stale goal: a duty's holder told anew with no change word, read from the
texts' shapes (`agentmem.core.reheld`): a deed with its particle ("go out with"), a unit
replaced by another of its series ("VS-01" by "VS-02"), a model's code with a slash, a
name that is no deed, and a held name told by a wider word ("H2SO4 totes" as "acid
totes"). Another unit still named, another deed, another name or another line leaves the
held lesson."""

from __future__ import annotations

import pytest

from agentmem.core.held import Held, judge
from agentmem.core.reheld import held_in_turn, holdings, reheld

REHELD = [
    (  # a deed with its particle: "go out with"
        "Night-shift parcels go out with Parcelink Freight: collection 18:00 from Leeds.",
        "Night-shift parcels ship with Swiftpost Courier from the Leeds depot; book by 16:00.",
    ),
    (  # "farmed out to": the particle's verb is the deed
        "Label printing is farmed out to Inkwell Press.",
        "Label printing is done by Printwise in Hull.",
    ),
    (  # a unit of one series replaced: the new code, another maker, the old one gone
        "The viscosity instrument is VS-02, an Anton Paar ViscoQC with LabX.",
        "All viscosity runs on the Brookfield DV2T (VS-01) with spindle 3.",
    ),
    (  # a unit named by its series' letters ("HPLC"), the role's word ("QA") shared
        "QA HPLC is the Waters Arc (HPLC-07): gradient method G2; results land in the LIMS.",
        "QA assays run on the Agilent 1260 (HPLC-04) with gradient method G1.",
    ),
    (  # a model's code with a slash is one holder, not a list
        "Dissolution checks are run by Erweka DT 126.",
        "Dissolution checks are run by Agilent 708-DS/850-DS.",
    ),
    (  # the held name told by a wider word, the same deed, another holder
        "Acid totes: Baltline Logistics, collected after a phone booking by 09:00 the day before.",
        "H2SO4 totes are collected by Norvik Haulage; book by 10:00 the day before.",
    ),
]

LEFT = [
    (  # the old unit still named as current: two units of one series
        "The viscosity instrument is VS-02, an Anton Paar ViscoQC; VS-01 keeps the old methods.",
        "All viscosity runs on the Brookfield DV2T (VS-01) with spindle 3.",
    ),
    (  # the old unit of the series still named as current
        "QA HPLC is the Waters Arc (HPLC-07); HPLC-04 keeps the stability runs.",
        "QA assays run on the Agilent 1260 (HPLC-04) with gradient method G1.",
    ),
    (  # a unit of another series: another instrument of the same lab
        "QA balance is the Mettler XS205 (BAL-03): weigh standards to 0.01 mg.",
        "QA assays run on the Agilent 1260 (HPLC-04) with gradient method G1.",
    ),
    (  # no series shared and one subject term alone: not read as one duty
        "The viscosity instrument is an Anton Paar ViscoQC.",
        "All viscosity runs on the Brookfield DV2T with spindle 3.",
    ),
    (  # a slash between names is a list of holders
        "Dissolution checks are run by Erweka/Sotax.",
        "Dissolution checks are run by Agilent 708-DS/850-DS.",
    ),
    (  # another line: a number of its own in the draft's subject
        "Line 3 totes: Baltline Logistics, collected by 09:00 the day before.",
        "Line 2 totes are collected by Norvik Haulage; book by 10:00 the day before.",
    ),
    (  # another name, not a wider word: another product's totes
        "NaOH totes: Baltline Logistics, collected after a phone booking by 09:00.",
        "H2SO4 totes are collected by Norvik Haulage; book by 10:00 the day before.",
    ),
    (  # another deed of the same totes
        "Acid totes: Baltline Logistics, rinsed before they are refilled.",
        "H2SO4 totes are collected by Norvik Haulage; book by 10:00 the day before.",
    ),
    (  # a particle that says a bound, not a deed: "up to"
        "Night-shift parcels weigh up to Class C limits.",
        "Night-shift parcels ship with Swiftpost Courier from the Leeds depot.",
    ),
]


@pytest.mark.parametrize(("draft", "held"), REHELD)
def test_a_holder_told_anew_by_the_texts_shapes_replaces_the_lesson(draft: str, held: str) -> None:
    """A new holder read through a particle, a unit's series, a model's slash or a wider
    word: the judge replaces the held lesson by the draft."""
    assert reheld(draft, held)
    verdict = judge(draft, [Held("m1", held, "semantic")], "semantic")
    assert verdict.replaces == ["m1"]


@pytest.mark.parametrize(("draft", "held"), LEFT)
def test_another_unit_name_line_or_deed_is_no_new_holder(draft: str, held: str) -> None:
    """A unit still named, a list, another line, another name or another deed: no new
    holder of the held duty, and no succession that crosses the look-alike guards."""
    assert not reheld(draft, held)
    assert not held_in_turn(draft, held)


def test_a_succession_is_read_only_for_a_series_or_a_wider_word() -> None:
    """`held_in_turn` answers for a unit after another of one series and a name told by a
    wider word, not for a holder told anew of one duty (left to the look-alike guards)."""
    series, parcels, widened = REHELD[2], REHELD[0], REHELD[5]
    assert held_in_turn(*series)
    assert held_in_turn(*widened)
    assert not held_in_turn(*parcels)


def test_a_name_before_a_preposition_is_no_deed() -> None:
    """A name before "with" ("ViscoQC with LabX") is no deed: the clause is read as the
    copula it is, its holder the unit's code."""
    (found,) = holdings("The viscosity instrument is VS-02, an Anton Paar ViscoQC with LabX.")
    assert found.codes == {"vs02"}
    assert "instrument" in found.subject or "instrum" in found.subject
