"""The judge's speed-ups change no verdict: every rule's answer on a fixed sample of made-up
draft/held pairs is the one the code gave before them (`bench/judge_same.py`; regenerate
`tests/data/judge_same.json` with the command in its docstring only when a rule is meant
to change its answers), and answers read from the per-text caches are those read fresh."""

from __future__ import annotations

import json
from pathlib import Path

from agentmem.core.apart import _kept, _things_apart, _word_set
from agentmem.core.counted import _found, _lead_units
from agentmem.core.frames import _framed, naming
from agentmem.core.minrelease import _floors
from agentmem.core.newvalue import _frame_words, _framed_words, _phrases, _routes
from agentmem.core.qualified import _opens, _qualifiers
from agentmem.core.slots import named_terms
from agentmem.core.spelling import spelled_out
from agentmem.core.statement import Terms, terms
from agentmem.core.together import read_together
from agentmem.core.words import letters, tokenized
from bench import judge_same

SAMPLE = Path(__file__).parent / "data" / "judge_same.json"
CACHES = (
    *(terms, read_together, tokenized, letters, naming, _framed, named_terms),
    *(_things_apart, _word_set, _kept, _framed_words, _frame_words, _phrases),
    *(_floors, _lead_units, _found, _routes, _qualifiers, _opens),
)


def _digests(sample: dict[str, int]) -> list[str]:
    rows = judge_same.rows(sample["seed"], sample["pairs"], sample["groups"])
    return [judge_same.digest(row) for row in rows]


def test_every_rule_answers_as_before_on_the_fixed_sample() -> None:
    """Each pair's answers (every rule of `judge_same.PAIR_RULES` and `TEXT_RULES`, both
    texts read as statements and read together, `judge` and `kin` on groups) hash to what
    the code before the shared tokenizer and the per-text caches gave."""
    want = json.loads(SAMPLE.read_text(encoding="utf-8"))
    for cache in CACHES:
        cache.cache_clear()
    cold = _digests(want)
    moved = [i for i, (a, b) in enumerate(zip(cold, want["digests"], strict=True)) if a != b]
    assert moved == [], f"{len(moved)} of {len(cold)} rows answer otherwise, first {moved[:5]}"
    # read again with every cache warm (each text met before, in other pairs): the same
    assert _digests(want) == cold


def test_spelled_out_finds_the_first_run_of_words_whose_initials_spell_a_name() -> None:
    """A name in capitals is found where its letters are the initials of words in a row
    (the first such run), never when the text also writes the name as a word, and not
    across a word that breaks the run."""
    named = terms("The QXR rule holds.")
    assert isinstance(named, Terms)
    found = spelled_out("we ask: quiet xeno rivers, then quiet xeno rafts", named)
    assert found == {"qxr": frozenset(tokenized("quiet xeno rivers"))}
    assert spelled_out("quiet qxr xeno rivers", named) == {}
    assert spelled_out("quiet big xeno rivers", named) == {}
    assert spelled_out("quiet xeno", named) == {}


def test_a_cached_reading_is_not_changed_by_its_callers() -> None:
    """The per-text readings handed out twice are the same values: a caller gets a list
    of its own from `framed`, and frozen sets elsewhere."""
    from agentmem.core.frames import framed

    first = framed("The velk cache holds 30 items; run `velk purge`.")
    first.append("changed")
    assert "changed" not in framed("The velk cache holds 30 items; run `velk purge`.")
    assert isinstance(named_terms("The Velk cache and VELK_MAX"), frozenset)
    assert isinstance(tokenized("velk caches"), tuple)
