"""Three withdrawal and look-alike rules read the draft first (issue 17, speed29): most
drafts undo no remedy, judge no claim wrong and qualify no head noun a held lesson names,
so the held lesson's own reading (its prescribed words, its judged-wrong topics, its words)
is skipped for them. The answers are the long paths' (`bench/judge_same.py --diff` found no
verdict moved; `tests/test_judge17_same.py` keeps a sample)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from agentmem.core import ownkind, topicwrong, undoneremedy
from agentmem.core.ownkind import own_kinds
from agentmem.core.topicwrong import named_wrong
from agentmem.core.undoneremedy import undone

HELD = "Rinse the intake filters with warm water before each weekly audit."


@pytest.fixture(autouse=True)
def _cold() -> Iterator[None]:
    undoneremedy._acts.cache_clear()
    undoneremedy._prescribed.cache_clear()
    yield
    undoneremedy._acts.cache_clear()
    undoneremedy._prescribed.cache_clear()


def test_undone_reads_the_held_lesson_only_for_a_draft_that_undoes_something() -> None:
    """A draft with no "stop …ing", "no need to …" or "took … off" leaves the held lesson's
    prescribed words unread; one that undoes the remedy reads them once for every draft."""
    assert not undone("The intake filters are rinsed every week by the night crew.", HELD)
    assert undoneremedy._prescribed.cache_info().misses == 0
    stop = "Please stop rinsing the intake filters with warm water before the audit."
    assert undone(stop, HELD)
    assert undone(stop.replace("Please s", "S"), HELD)
    assert undoneremedy._prescribed.cache_info().misses == 1


def test_undone_keeps_its_answers() -> None:
    """The act undone must be the held lesson's, in no negative clause of it."""
    assert not undone("Please stop painting the loading ramp yellow.", HELD)
    assert not undone(
        "Please stop rinsing the intake filters with warm water.",
        "Never rinse the intake filters with warm water.",
    )
    assert undone("No need to rinse the intake filters with warm water any more.", HELD)


def test_named_wrong_reads_the_held_topics_only_for_a_draft_that_judges_one_wrong(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`topics` is asked of the held lesson only when the draft itself names a claim it
    judges wrong."""
    asked: list[str] = []
    real = topicwrong.topics

    def counted(text: str) -> list[frozenset[str]]:
        asked.append(text)
        return real(text)

    monkeypatch.setattr(topicwrong, "topics", counted)
    assert not named_wrong("The intake filters are rinsed every week.", HELD)
    assert asked == ["The intake filters are rinsed every week."]
    wrong = "That warm water rinse theory was wrong: the gaskets were at fault."
    assert not named_wrong(wrong, HELD)
    assert asked[1:] == [wrong, HELD]


def test_own_kinds_reads_the_held_words_only_for_a_head_both_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The held lesson's words are read only once the draft's head noun is found in its
    first clause; the answers stand."""
    read: list[list[str]] = []
    real = ownkind._terms

    def counted(words: list[str]) -> set[str]:
        read.append(words)
        return real(words)

    monkeypatch.setattr(ownkind, "_terms", counted)
    assert not own_kinds("Loading ramps are swept at dawn.", HELD)
    assert read == []
    held = "Weekday bread loaves are proofed for 3 hours."
    assert own_kinds("Rye test loaves are proofed for 1 hour in the small cabinet.", held)
    assert len(read) == 4  # the two heads' qualifiers, then both texts' words
