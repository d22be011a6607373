"""Another count of a thing counted in the same words, after a change named as one ("Since
the press upgrade a batch can hold up to 90 label rolls"), replaces the held count ("capped
at 60 label rolls"), though the two share few words; the same count of another thing, or a
count without a change, does not."""

from __future__ import annotations

from agentmem.core.cues import CHANGE
from agentmem.core.restate import replaces

HELD = "Print batches are capped at 60 label rolls; the batcher splits larger jobs before printing."


def test_since_a_named_change_is_a_change_cue() -> None:
    assert CHANGE.search("Since the press upgrade a batch can hold 90 rolls.")
    assert CHANGE.search("Since the move to Postgres, reports read the replica.")
    assert not CHANGE.search("Since the batcher splits jobs, keep them small.")


def test_a_new_count_of_the_same_thing_replaces_the_old_count() -> None:
    assert replaces(
        "Since the press upgrade a batch can hold up to 90 label rolls; set batch.max_rolls=90 "
        "in press.yaml.",
        HELD,
    )


def test_a_count_of_another_thing_in_the_same_words_is_not_a_replacement() -> None:
    assert not replaces(
        "Since the press upgrade the dryer takes up to 90 label rolls an hour.", HELD
    )
    assert not replaces(
        "Since the press upgrade the packing line handles 90 label rolls an hour.", HELD
    )
