"""A duty said to be no longer done by its held holder, the new holder told after a colon,
retires the lesson naming the old holder, and with it a held lesson whose sentence said the
duty "still" lay with that holder."""

from __future__ import annotations

from agentmem.core.held import Held, judge
from agentmem.core.nolonger import no_longer_of
from agentmem.core.stillsaid import still_told

RULE = (
    "Kiln firings are run by Mia Lund's in-house team (rota KF-A); glazing (GZ-A) has its own rota."
)
STILL = (
    "Kiln firings still sit with Mia Lund's team on rota KF-A. "
    "And a cracked shelf means the kiln stays cold until it is replaced."
)
MOVED = (
    "Kiln firings no longer run with the in-house team: they go to Hotfire Co-op's rota "
    "KF-EXT, and Hotfire logs each firing through the studio booking API."
)


def test_a_stop_told_before_a_colon_retires_the_lesson_it_ends() -> None:
    """What follows the colon (the new holder, how it reports) is the draft's own: the
    clause with the cue is what must be the held lesson's."""
    assert no_longer_of(MOVED, RULE)


def test_a_stop_of_another_duty_leaves_the_lesson() -> None:
    """Glazing's rota is not what the held lesson gives the in-house team most words for."""
    draft = (
        "Glaze mixing no longer happens on Fridays: the studio mixes on Mondays now, "
        "and the buckets are labelled by date."
    )
    assert not no_longer_of(draft, RULE)


def test_a_still_sentence_falls_with_the_lesson_it_retold() -> None:
    held = [("rule", RULE), ("still", STILL)]
    assert still_told(MOVED, held, ["rule"]) == ["still"]


def test_the_draft_retires_both_when_judged() -> None:
    verdict = judge(
        MOVED,
        [Held("rule", RULE, "semantic"), Held("still", STILL, "semantic")],
        "semantic",
    )
    assert verdict.restates is None
    assert set(verdict.replaces) == {"rule", "still"}


def test_a_still_sentence_on_another_thing_stays() -> None:
    """A "still" said of the glazing rota tells nothing the ended lesson told of firings."""
    other = "Glaze buckets are still labelled by hand every Friday."
    held = [("rule", RULE), ("other", other)]
    assert still_told(MOVED, held, ["rule"]) == []


def test_nothing_replaced_retires_nothing() -> None:
    assert still_told(MOVED, [("still", STILL)], []) == []
