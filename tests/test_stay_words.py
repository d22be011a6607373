"""The one vocabulary of staying (`agentmem.core.stays`) and the lists built from it."""

from __future__ import annotations

from agentmem.core.stays import STAY, STAYS, STILL, any_word


def test_stays_reads_every_group() -> None:
    """A verb that keeps, "still" and a word of no change each say a thing stays."""
    for text in ("the pump stays at 4 bar", "the pump is still at 4 bar", "pump untouched"):
        assert STAYS.search(text)
    assert not STAYS.search("the pump now runs at 5 bar")


def test_any_word_reads_whole_words_of_the_groups_only() -> None:
    """A list built of some groups reads their words whole, in any case, and no others."""
    kept = any_word(STAY, STILL)
    assert kept.search("The Annex KEEPS its rota")
    assert not kept.search("the pump is unchanged")
    assert not kept.search("the stillage is full")
