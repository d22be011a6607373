"""A text's first reading done with less work (issue 17, cpu47): `statement._joins` stems
the words a text's adjacent words make when written as one in one call of the stemmer
(`words.words_tokens`), not one call a word, and `values.raw_values` asks its patterns of
figures (`values._figures`) only of a text that holds a digit. Each reading is the one the
old way gave: on every text of the first half's pairs files and on hostile drafts."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import Any

import pytest

from agentmem.core.spoken import normalised, spoken_values
from agentmem.core.statement import _joins
from agentmem.core.values import DIGIT, _figures, _without_old_values, raw_values
from agentmem.core.words import tokenized, word_tokens, words_tokens
from agentmem.stores.bm25 import WORD
from tests.conftest import pair_texts

TEXTS = sorted({t for pair in pair_texts() for t in pair})
HOSTILE = [
    # a draft at the size limit: one long clause of words, then of words and figures
    " ".join(f"rollback{i % 97} roll back log in" for i in range(800))[:8000],
    ("The kiln runs at 40 bar on Tuesday, v2.3.1 at 10.0.0.1 since 2031-04-02 07:15. " * 100)[
        :8000
    ],
    "x" * 8000,
    "a b " * 2000,
]


def _old_joins(text: str) -> frozenset[tuple[str, frozenset[str]]]:
    """`statement._joins` as it read before cpu47: each joined word stemmed on its own."""
    words = WORD.findall(text.lower())
    out = set()
    for first, second in itertools.pairwise(words):
        parts = frozenset((*tokenized(first), *tokenized(second)))
        if not parts:
            continue
        for head in {first, *tokenized(first)}:
            out |= {(joined, parts) for joined in word_tokens(head + second) if joined not in parts}
    return frozenset(out)


def test_words_tokens_reads_each_word_as_word_tokens() -> None:
    """`words_tokens` of a list is `word_tokens` of each word, in order: a word stemmed
    whole, a stopword, a word the tokenizer splits or does not keep whole, repeats."""
    words = ["rollback", "into", "v2_flag", "x9", "deduction", "café", "ab", "a", "log-in", "into"]
    words += ["inspected", "rollback", "", "naïve", "the", "théâtre"]
    assert words_tokens(words) == [word_tokens(w) for w in words]
    assert words_tokens([]) == []


@pytest.mark.parametrize("text", [*TEXTS, *HOSTILE])
def test_joins_read_as_one_stem_at_a_time_did(text: str) -> None:
    """`_joins` of every pairs-file text and of drafts at the size limit is the old answer."""
    assert _joins(text) == _old_joins(text)


@pytest.mark.parametrize("text", [*TEXTS, *HOSTILE])
def test_a_text_without_a_digit_has_no_value_in_figures(text: str) -> None:
    """The gate of `raw_values` proves nothing lost: `_figures` of a text with no digit
    (each text's words alone, its digits dropped) finds no value and blanks nothing, and
    `raw_values` of a text with digits reads them as before."""
    rest = spoken_values(_without_old_values(normalised(text)))[1]
    bare = "".join(c for c in rest if DIGIT.fullmatch(c) is None)
    values: dict[str, set[str]] = {}
    assert _figures(bare, values) == bare
    assert values == {}


def test_figures_are_still_read_where_a_digit_is() -> None:
    """A text with figures keeps every value of figures (a time, a date, an address, a
    version, a measure, a count in words beside them)."""
    values, _ = raw_values(
        "Since 2031-04-02 the kiln at 10.0.0.1 runs v2.3.1 at 40 bar from 2:30 pm, two shifts."
    )
    assert values["date"] == {"2031-04-02"}
    assert values["address"] == {"10.0.0.1"}
    assert values["version"] == {"2.3.1"}
    assert values["time"] == {"14:30"}
    assert any("40" in v for v in values.values())
    assert values["number"] >= {"2"}


def _cpu(f: Callable[[str], Any], text: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        f(text)
        best = min(best, time.process_time() - start)
    return best


def test_a_draft_at_the_size_limit_joins_no_slower_than_before() -> None:
    """Hostile input: an 8,000-character draft's joins cost no more than the old reading's
    (a ratio in one run, with room for a busy machine)."""
    text = HOSTILE[0]
    assert _cpu(_joins, text) <= 2 * _cpu(_old_joins, text) + 0.01
