"""Retractions linked to the old lesson by what they share rather than by its words: a
denied cause told with another verb ("colliding" of "overlapping") and a claim named by
its value ("that 45 s limit"). Each has its near miss: a lesson on another thing with
similar words stays."""

from __future__ import annotations

import pytest

from agentmem.core.retract import withdrawn


def gone(text: str, *held: str) -> list[str]:
    """The held texts a text withdraws (each held text is its own id)."""
    return withdrawn(text, [(h, h) for h in held])


OVERLAP = (
    "Double-counted parcels come from the nightly sweep and the manual rescan overlapping; "
    "never start a manual rescan within an hour of the sweep."
)
SWEEP = "The nightly sweep starts at 01:00 and writes parcel counts to the depot ledger."


@pytest.mark.parametrize(
    "text",
    [
        "That was wrong: the double-counted parcels were never about the sweep and a manual "
        "rescan colliding. The real cause is the scanner key: every relabelled parcel keeps "
        "its old row.",
        "Last week's note on double-counted parcels was wrong. It wasn't a sweep/manual-rescan "
        "clash; relabelled parcels kept their old rows.",
    ],
)
def test_a_cause_denied_in_other_words_withdraws_the_lesson_that_told_it(text: str) -> None:
    """The denied cause's head ("colliding", "clash") is no word of the lesson
    ("overlapping"), but most of its words are: the lesson goes. A lesson naming two of
    its words on another matter (the sweep's start time) stays."""
    assert gone(text, OVERLAP, SWEEP) == [OVERLAP]


def test_a_denied_cause_shared_by_one_word_withdraws_nothing() -> None:
    """A lesson sharing one word of a denied cause of two ("damp sponge" of "damp clay")
    and not its head tells another cause: it stays."""
    text = "That was wrong: the glaze crawling was never damp clay. It is dust on the bisque."
    right = "Glaze crawling stops when the bisque is wiped with a damp sponge before glazing."
    assert gone(text, right) == []


TIMEOUT = (
    "Nightly builds fail on big branches because the link step runs out of time; "
    "LINK_TIMEOUT must be 45 (ci/build.yaml)."
)
WARMUP = "Cache warm-up on the build runners takes 45 min after a runner is reimaged."


def test_a_claim_named_by_its_value_withdraws_the_lesson_that_set_it() -> None:
    """ "That 45 s link limit was wrong" names the lesson by the value it set (45, bare
    in the lesson's setting) and one word: it goes. A lesson stating 45 of another unit
    (minutes) and none of the claim's words stays."""
    text = (
        "That 45 s link limit was wrong: the failing builds came from a stale sysroot on "
        "two runners. With a fresh sysroot the link finishes in seconds at the 10 s limit."
    )
    assert gone(text, TIMEOUT, WARMUP) == [TIMEOUT]
    assert gone(text, WARMUP) == []


CLUTCH = (
    "Stalled belts on line 4 come from a slipping clutch; tighten the clutch before each shift."
)
CLUTCH_SERVICE = "The line 4 clutch is serviced by the maintenance crew every second Monday."


def test_an_opening_denial_of_one_word_reads_what_the_colon_says_it_is_about() -> None:
    """ "Not the clutch: <the failure> come from …" denies one word; what the clause after
    the colon is about ("stalled belts on line 4") makes the claim, so the lesson blaming
    the clutch goes and the clutch's service lesson, naming the clutch alone, stays."""
    text = "Not the clutch: stalled belts on line 4 come from a worn drive roller."
    assert gone(text, CLUTCH, CLUTCH_SERVICE) == [CLUTCH]
