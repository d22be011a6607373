"""Issue 13's stale goal: a duty's holder told anew in any of English's general shapes
(`agentmem.core.reheld`): a deed tied to its holder by a preposition, a copula with a
name, a question and its answer, a label with a role word; and the old holder named again
only as ended. Another instance, another duty, a date, a comparison and a holder still
named leave the held lesson."""

from __future__ import annotations

import pytest

from agentmem.core.held import Held, judge
from agentmem.core.reheld import holdings, reheld

REHELD = [
    (  # a deed no frame lists, tied to the holder by "with"
        "Forklift battery swaps get booked with Voltaro Energy before each night shift.",
        "Forklift battery swaps are handled by Kestrel Power before each night shift.",
    ),
    (  # a copula with a name and nothing after
        "The warehouse label printer is Zebrawing.",
        "The warehouse label printer is supplied by Printek Systems.",
    ),
    (  # a question and its answer
        "Who countersigns the quarterly hedge report? Margot Ellery, treasury lead.",
        "The quarterly hedge report is countersigned by Tobias Rainer.",
    ),
    (  # a label with a role word: "queries" says who answers, not another duty
        "Queries on tenancy deposits: Ruth Okafor.",
        "Tenancy deposits are managed by Colm Fennessy in lettings.",
    ),
    (  # the old holder named again, only as ended
        "Staff lanyards are printed by Badgecraft (formerly Idento).",
        "Staff lanyards are printed by Idento in Leeds.",
    ),
    (  # the old holder struck through
        "Staff lanyards are printed by Badgecraft, ~~Idento~~.",
        "Staff lanyards are printed by Idento in Leeds.",
    ),
]

LEFT = [
    (  # a day is when, not who
        "Forklift battery swaps moved to Thursday.",
        "Forklift battery swaps are handled by Kestrel Power.",
    ),
    (  # a comparison ties nothing to a doer
        "Forklift battery swaps compared with Voltaro Energy took twice as long.",
        "Forklift battery swaps are handled by Kestrel Power.",
    ),
    (  # another unit: a number in the subject
        "The label printer on dock 2 is Zebrawing.",
        "The label printer on dock 1 is supplied by Printek Systems.",
    ),
    (  # a question and its answer of another part of the same report: a term each
        "Who drafts the quarterly hedge report appendix? Margot Ellery.",
        "The quarterly hedge report cover sheet is countersigned by Tobias Rainer.",
    ),
    (  # the old holder still named, not as ended
        "Staff lanyards are printed by Badgecraft; Idento keeps the visitor passes.",
        "Staff lanyards are printed by Idento in Leeds.",
    ),
    (  # the same holder told again in a copula
        "The warehouse label printer is Printek Systems.",
        "The warehouse label printer is supplied by Printek Systems.",
    ),
]


CASES = [(draft, held, True) for draft, held in REHELD] + [(d, h, False) for d, h in LEFT]


@pytest.mark.parametrize(("draft", "held", "told_anew"), CASES)
def test_a_holder_told_anew_in_a_general_shape_replaces_the_lesson(
    draft: str, held: str, told_anew: bool
) -> None:
    """A new named holder of the held duty, told in a shape no verb list names, is read
    and the judge replaces the held lesson by it; a day, a comparison, another unit,
    another duty, the old holder still named or the same holder is no new holder."""
    assert reheld(draft, held) is told_anew
    if told_anew:
        assert judge(draft, [Held("m1", held, "semantic")], "semantic").replaces == ["m1"]


def test_holdings_read_no_holder_from_a_question_word() -> None:
    """A question's "who" is no holder named first; its answer is."""
    found = holdings("Who approves the rota? Priya Nair.")
    assert [h.holder for h in found] == [frozenset({"priya", "nair"})]
