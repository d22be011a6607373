"""Three readings of the judge skip a text that cannot hold what they look for (issue 17,
speed31): a rate needs the word "every", a claim judged in other words ("the theory did
not hold up") needs one of its verbs, and a qualifier needs one of the qualifier words.
Their lazy or per-word work is not done for such a text; the answers are the long paths'
(`bench/judge_same.py --diff` found no verdict moved)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from agentmem.core import qualified, rerated, verdicts
from agentmem.core.qualified import left_alone
from agentmem.core.rerated import rerated as rate_told
from agentmem.core.verdicts import judged


class _Counted:
    """A compiled pattern whose searches are counted."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.calls = 0

    def search(self, text: str, *args: Any) -> re.Match[str] | None:
        self.calls += 1
        return self.pattern.search(text, *args)

    def finditer(self, text: str, *args: Any) -> Any:
        self.calls += 1
        return self.pattern.finditer(text, *args)


def test_a_text_without_every_gives_no_rate_and_is_not_searched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No "every": RATE is never tried; a rate given anew is still read."""
    counted = _Counted(rerated.RATE)
    monkeypatch.setattr(rerated, "RATE", counted)
    assert not rate_told(
        "The greenhouse vents open at 30 degrees and close at 24 degrees.",
        "Greenhouse vents open at 28 degrees.",
    )
    assert counted.calls == 0
    assert rate_told(
        "Greenhouse humidity probes report a reading every 15 minutes.",
        "Greenhouse humidity probes report a reading every 2 hours.",
    )
    assert counted.calls > 0


SENTENCES = [
    "The pump-seal theory did not hold up, the bearings were fine",
    "My guess about the loose hinge was ruled out by the bench test",
    "We misattributed it to the new firmware",
    "The cooling fan fell apart on day three",
    "Our idea that the dye lot caused the streaks didn't pan out",
    "The kiln log shows the hinge, so that wasn't it",
    "That was not it, the fault was in the relay",
    "The gasket note got it wrong",
    "The vendor notes were retracted last spring",
    "Replace the gasket every spring and log the torque",
    "Nothing here judges an earlier claim at all",
]


@pytest.mark.parametrize("sentence", SENTENCES)
def test_the_held_up_gate_finds_every_sentence_held_up_does(sentence: str) -> None:
    """MAY_HOLD_UP is HELD_UP without its subject: wherever HELD_UP finds a judgement, the
    gate finds one too, so skipping a sentence the gate misses loses nothing."""
    found = any(True for _ in verdicts.HELD_UP.finditer(sentence))
    assert not found or verdicts.MAY_HOLD_UP.search(sentence) is not None
    assert verdicts.MAY_HOLD_UP.pattern != verdicts.HELD_UP.pattern  # the subject is gone


def test_a_sentence_without_a_judging_verb_is_not_scanned_by_held_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "judged" gives the same answers, and HELD_UP is tried only on a sentence whose
    judging verb the gate found."""
    counted = _Counted(verdicts.HELD_UP)
    monkeypatch.setattr(verdicts, "HELD_UP", counted)
    assert judged("Rinse the intake filters with warm water before each weekly audit.") is None
    assert counted.calls == 0
    said = judged("The cold-start theory did not hold up: the heaters were on all night.")
    assert said is not None and "heaters" in said[1]
    assert counted.calls == 1


class _CountedKinds(dict[str, frozenset[str]]):
    looked = 0

    def items(self) -> Any:
        type(self).looked += 1
        return super().items()


def test_qualifiers_look_through_the_kinds_only_for_a_qualifier_word(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A word that is no qualifier of any kind is passed over before the kinds are looked
    through; the qualifiers found are the same."""
    kinds = _CountedKinds(qualified.KINDS)
    monkeypatch.setattr(qualified, "KINDS", kinds)
    qualified._qualifiers.cache_clear()
    try:
        assert qualified.qualifiers("The loading dock closes at noon on holidays.") == {}
        assert _CountedKinds.looked == 0
        assert left_alone(
            "The EU warehouse ships at 09:00.", "The APAC warehouse ships at 07:00."
        ) == {"region"}
        assert _CountedKinds.looked > 0
    finally:
        qualified._qualifiers.cache_clear()
