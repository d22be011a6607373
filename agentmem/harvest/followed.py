"""A failure whose account tells a lesson memory has since taken back.

A loop that wrote a wrong lesson often follows it before anyone finds out: a kiln's glaze
check failed with "crazing on 14 of 20 tiles", a run wrote "crazing comes from a fast cool;
slow the cooling ramp to 50 °C an hour", the next firing "slowed the cooling ramp to 50 °C
an hour as the notes said; crazing unchanged", and a postmortem retracted the lesson (the
glaze's expansion was the cause). The run that wrote the lesson is quoted by no pattern
(`agentmem.harvest.withdrawn`), but the one that followed it is as good an example as any
by its cause words, and a pattern that quotes its account tells the next worker the
retracted remedy in the words of advice, long after the retraction.

Such a run is evidence the remedy failed, and the pattern keeps it among its runs; only its
account is not the example's. A failure's account *follows* a taken-back lesson when it
shares `FOLLOWED_TERMS` of the lesson's content words that its check's own words (the
symptom: "crazing", "tiles") do not say, and that are not function words. The example is
then another failure that follows none (chosen as `agentmem.harvest.patterns.pick_example`
chooses), else the same run told by what its check said, else nothing of its account.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from agentmem.core.model import Memory
from agentmem.core.words import function_words
from agentmem.harvest.patterns import Failure, Pattern, pick_example
from agentmem.harvest.phrases import terms
from agentmem.harvest.withdrawn import LESSONS, takes_back

FOLLOWED_TERMS = 2  # content words a failure's account shares with a taken-back lesson
NUMBERED = re.compile(r"(?<![\w-])[A-Za-z]{1,6}-?\d{1,4}(?![\w-]|\.\w)")  # "gw-02", "FV3"
SHORT = 3  # letters of a term: shorter ones are a prefix's remains ("re" of "re-run")


@dataclass(frozen=True)
class Practice:
    """A lesson memory took back: when it was written, when it was taken back, and its
    content words."""

    written: str
    taken: str
    words: frozenset[str]
    lesson: str  # its id

    def followed_by(self, failure: Failure) -> frozenset[str]:
        """The words by which the failure's account tells this lesson ("slowed", "ramp"):
        its own, shared with the lesson, its check not saying them; none from a run outside
        the time the lesson stood (before it, the same words are the topic; after it, the
        loop no longer followed it)."""
        if not self.written <= failure.memory.created_at < self.taken:
            return frozenset()
        shared = (_content(failure.summary) - terms(failure.detail)) & self.words
        return shared if len(shared) >= FOLLOWED_TERMS else frozenset()


def taken_back(memories: Sequence[Memory]) -> list[Practice]:
    """Every lesson among `memories` that memory has taken back (a retraction, a text
    saying the team no longer does it, hook E's "did not hold")."""
    by_id = {m.id: m for m in memories}
    return [
        Practice(old.created_at, newer.created_at, _content(old.text), old.id)
        for newer in memories
        for old in (by_id.get(i) for i in newer.supersedes)
        if old is not None and old.type in LESSONS and takes_back(newer, old)
    ]


def follows(failure: Failure, practices: Collection[Practice]) -> bool:
    """The failure's account tells one of the taken-back lessons while it stood (see the
    module docstring)."""
    return any(p.followed_by(failure) for p in practices)


def unfollowed(
    pattern: Pattern, practices: Collection[Practice], withdrawn: Collection[str] = ()
) -> Pattern:
    """The pattern with an example that tells no taken-back lesson (see the module
    docstring); runs in `withdrawn` are quoted by no pattern."""
    if not practices:
        return pattern
    example = pattern.example
    if example is not None and follows(example, practices):
        clean = [
            f
            for f in pattern.failures
            if f.summary
            and f.memory.run_id not in withdrawn
            and f.memory.outcome is example.memory.outcome
            and not follows(f, practices)
        ]
        example = pick_example(clean, pattern.causes) or replace(example, summary=_checked(example))
    return replace(pattern, example=example)


def _checked(failure: Failure) -> str:
    """What the failure's check said, named by the check ("" when it said nothing: the
    pattern then quotes no account of the run)."""
    if not failure.detail:
        return ""
    return f"{failure.verifier}: {failure.detail}" if failure.verifier else failure.detail


def _content(text: str) -> frozenset[str]:
    """Its content words, and its names that carry a number ("gw-02": "gw02"), however short
    their parts: such a name tells one thing, as "gateway" does not."""
    named = {re.sub(r"\W", "", n).lower() for n in NUMBERED.findall(text)}
    return frozenset(t for t in terms(text) if len(t) >= SHORT) - function_words() | named
