"""A sibling app's lesson that names the goal's product or machine by its code.

A name written as a code with a number ("KX-40", "L7") names one thing; a goal's search
reads it without its number (bare numbers name no subject), so another app's lesson on the
same product shared only the code's letters and one more word with the goal, under the
three words a sibling's lesson needs. The code named whole counts as a word shared; a
lesson naming another code of the same letters does not."""

from __future__ import annotations

from agentmem.contexts import Goal
from agentmem.retrieval.elsewhere import coded
from tests.packsearch import packed
from tests.test_need15_elsewhere import memory

GOAL = Goal(
    title="Glaze KX-40 run for the Harlow order",
    description="Two kilns, boxed.",
    app_id="kiln-ops",
)
OWN = memory(1, "kiln-ops", "Harlow order boxes carry the kiln batch label on the short side.")


def test_a_siblings_lesson_naming_the_goals_code_reaches_the_pack() -> None:
    """The lab's spec of the glaze KX-40 shares "glaze", "kx" and the code: it is packed."""
    theirs = memory(2, "glaze-lab", "Glaze KX-40: viscosity 28 s Ford cup, gloss min 85.")
    assert theirs.id in packed([OWN, theirs], GOAL)


def test_a_siblings_lesson_naming_another_code_stays_out() -> None:
    """"KX-12" is another glaze: "glaze" and "kx" are two words, one short of the bar."""
    theirs = memory(2, "glaze-lab", "Glaze KX-12: viscosity 31 s Ford cup, gloss min 80.")
    assert theirs.id not in packed([OWN, theirs], GOAL)


def test_codes_are_names_with_a_number() -> None:
    """A code needs a number: "QA2" and "KX-40" are codes, "EU" and "CI" are not."""
    assert coded("Ship KX-40 and QA2 to the EU via CI") == {"kx-40", "qa2"}
