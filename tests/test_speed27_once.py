"""The writer's judge reads each text once, not once per pair or per rule (issue 17,
speed27): a draft meets every held lesson of an add, and several rules ask one pair the
same question. The quick paths answer as the long ones did (`bench/judge_same.py --diff`
found no verdict moved; `tests/test_judge17_same.py` keeps a sample)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from agentmem.core import apart, namedslot, nofix, otherscope, placed, plainnews
from agentmem.core.words import tokenized, word_tokens
from agentmem.stores.bm25 import _stem, tokenize
from agentmem.stores.folding import ROOTS, fold

CACHES = (
    apart.set_apart,
    namedslot._names,
    namedslot._named,
    namedslot._told_over,
    nofix._stated,
    otherscope.numbers,
    otherscope._sides,
    otherscope._channels,
    placed._words,
    plainnews._markers,
)


@pytest.fixture(autouse=True)
def _cold() -> Iterator[None]:
    for cache in CACHES:
        cache.cache_clear()
    yield
    for cache in CACHES:
        cache.cache_clear()


class Counted:
    """A compiled pattern that counts the texts it was asked to read."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.texts: list[str] = []

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        self.texts.append(text)
        return self.pattern.finditer(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pattern, name)


def test_a_draft_is_read_for_its_states_once_for_every_held_lesson(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`opposite_state` reads the states a text gives once per text: a draft judged against
    three held lessons is read once, each lesson once; the answers are unchanged."""
    counted = Counted(nofix.STATED)
    monkeypatch.setattr(nofix, "STATED", counted)
    draft = "the ferry ticket scanner firmware is current"
    held = [
        "boarding stalls because the ferry ticket scanner firmware is old",
        "the harbour gate rejects expired passes",
        "the ferry ticket scanner firmware is old, so it drops passes",
    ]
    said = [nofix.opposite_state(draft, h) for h in held]
    assert said == [True, False, True]
    assert sorted(counted.texts) == sorted([draft, *held])


def test_a_text_without_a_state_word_is_never_read_for_states(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A text naming none of the state words cannot give a state: the long pattern, which
    tries every opening of the text, is not asked of it."""
    counted = Counted(nofix.STATED)
    monkeypatch.setattr(nofix, "STATED", counted)
    assert nofix._stated("the night barge leaves the pier at 21:40") == ()
    assert counted.texts == []
    assert nofix._stated("The pier crane is DISABLED") == (("The pier crane", "crane", "disabled"),)


def test_the_names_of_a_held_lesson_are_read_once_for_every_draft(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The names, hosts and boxes of a held lesson are read once, whatever the drafts
    judged against it, and give the answer they gave read anew."""
    counted = Counted(namedslot.IDENT)
    monkeypatch.setattr(namedslot, "IDENT", counted)
    held = "Invoices are rendered by Quillpress on host render-07"
    drafts = ["Quillpress is retired; invoices render on Papyra", "host render-07 is gone"]
    over = [namedslot._over(d, held) for d in drafts]
    assert over == [["quillpress"], ["render-07"]]
    assert counted.texts == [held]


def test_one_pair_is_read_apart_once_for_every_rule_that_asks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Several rules ask `set_apart` of one pair in one add: the pair is read once."""
    asked: list[tuple[str, str]] = []
    real = apart.kept_apart

    def kept(draft: str, held: str) -> bool:
        asked.append((draft, held))
        return real(draft, held)

    monkeypatch.setattr(apart, "kept_apart", kept)
    pair = ("the east silo now fills at 6", "the east silo fills at 5")
    assert [apart.set_apart(*pair) for _ in range(3)] == [False] * 3
    assert asked == [pair]


@pytest.mark.parametrize(
    "word",
    [
        "rollback",
        "into",  # a stopword written as one
        "v2_flag",
        "x9",
        "deduction",  # folded
        "inspected",
        "café",  # not ASCII: the long way
        "naïve",
        "ab",
    ],
)
def test_a_joined_word_tokenizes_as_the_tokenizer_does(word: str) -> None:
    """`word_tokens` (the quick way for one lower-case word) gives what `tokenized` does."""
    assert word_tokens(word) == tokenized(word) == tuple(tokenize(word))


def test_fold_tests_every_root_at_once_and_folds_as_before() -> None:
    """`fold` answers as folding root by root did, for stems that end on a root or not."""

    def by_root(stem: str) -> str:
        for ending, folded in ROOTS:
            if stem.endswith(ending) and len(stem) > len(ending):
                return stem[: -len(ending)] + folded
        return stem

    stems = ["deduct", "duct", "descript", "script", "receiv", "assumpt", "conclus", "resolut"]
    stems += ["olut", "kiln", "", "x", "barge", _stem("described"), _stem("resolution")]
    assert [fold(s) for s in stems] == [by_root(s) for s in stems]
