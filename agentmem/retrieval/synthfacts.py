"""Hook A's facts from the runs it counts: the clauses of a run's summary that carry
something a worker needs and nothing told says.

Hook A counts and cites every run over the record bar but tells, in words, only the causes
of two failures (their failed checks) and the summary of the nearest success. A run's
summary is often the one place a fact was said ("the Train 2 limit stays 320 °F", "within
±0.3 mm", "the upgrade of ingest-gw forced reconnects"): the run did the work and no
retro distilled it. Telling such runs whole costs a bundle's words, which run out first on
the lessons; so a run is read clause by clause (`clauses`) and a clause is told when it
carries a fact (`facts`: a value, a name a thing is known by, a cause, a changed setting)
of which a value or a name is said by nothing told already (`new_facts`). The runs read
are those a reader may trust as current: a failure the history keeps (one that quotes no
value a change retired, `History.failures`) and a success as fresh as the nearest must
be; the newest first, at most `MAX_FACTS` clauses, one line a run.
On the 16 first-half loop-benchmark scenarios holding a need said only in such a run
(16 needs): synthesis need 63 -> 67 of 84, stale items 41 -> 41, packs unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from agentmem.core.cues import says_changed
from agentmem.core.model import SETBACKS, Memory
from agentmem.core.names import CODED, IDENTIFIER, JOINED
from agentmem.core.statement import terms
from agentmem.harvest.runrecord import read_record
from agentmem.stores.bm25 import tokenize

MAX_FACTS = 3  # clauses told from runs a bundle counts, beside the lines it tells
MAX_CLAUSE_WORDS = 30  # a longer clause is a paragraph, not one fact
# A clause ends at a sentence's end, a semicolon or a dash set apart by spaces.
_ENDS = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])|;\s+|\s+[–—-]\s+")
# Words that give a reason: what went wrong, or why a value is what it is.
CAUSE = re.compile(
    r"\b(?:because|due to|caused by|root cause|traced (?:back )?to|came from|comes from|"
    r"blamed on|was down to|so that|which (?:caused|broke|made)|led to|resulted in)\b",
    re.IGNORECASE,
)
# Words that tell a setting was changed or is held at a value.
SETTING = re.compile(
    r"\b(?:set|raised|lowered|increased|reduced|cut|changed|switched|moved|stays|kept|held)"
    r"\s+(?:it\s+|back\s+)?(?:to|at|from|on)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Fact:
    """One clause of a run's summary told on its own, and the run that said it."""

    run: Memory
    clause: str


def clauses(text: str) -> list[str]:
    """The clauses of a summary, in order, without their closing stop."""
    return [c.strip().rstrip(".") for c in _ENDS.split(text) if c.strip().rstrip(".")]


def facts(clause: str) -> set[str]:
    """The tokens of the values and names `clause` states."""
    read = terms(clause)
    said = {t for vals in read.values.values() for v in vals for t in tokenize(v)}
    said |= set(read.proper)
    said |= {t for t in tokenize(clause) if any(c.isdigit() for c in t)}  # "-28 °C" too
    for pattern in (CODED, JOINED, IDENTIFIER):
        said |= {t for m in pattern.findall(clause) for t in tokenize(m)}
    return {t for t in said if len(t) > 1}  # a lone digit ("Train 2") names nothing


def new_facts(clause: str, told: set[str]) -> set[str]:
    """The fact tokens of `clause` that none of the `told` tokens says."""
    return facts(clause) - told


def _weight(clause: str, new: set[str]) -> int:
    """How much a clause tells: its new facts, and one more for a cause or a change."""
    cue = CAUSE.search(clause) or SETTING.search(clause) or says_changed(clause)
    return len(new) + (1 if cue else 0)


def told_tokens(texts: Iterable[str]) -> set[str]:
    return {t for text in texts for t in tokenize(text)}


def run_facts(
    runs: Sequence[Memory],
    failures: Sequence[Memory],
    told: Iterable[str],
    fresh: Callable[[Memory], bool],
    skip: set[str],
) -> list[Fact]:
    """The clauses worth telling from `runs` (newest first) beside what is `told` (see the
    module docstring): a setback only when it is among the kept `failures`, a success only
    when `fresh`; runs whose ids are in `skip` are told already in their summary's words."""
    kept = {m.id for m in failures}
    said = told_tokens(told)
    out: list[Fact] = []
    for run in runs:
        if len(out) >= MAX_FACTS:
            break
        if run.id in skip:
            continue
        if (run.id not in kept) if run.outcome in SETBACKS else not fresh(run):
            continue
        best = max(
            (
                (_weight(c, new), -i, c)
                for i, c in enumerate(clauses(read_record(run.text).summary))
                if len(c.split()) <= MAX_CLAUSE_WORDS and (new := new_facts(c, said))
            ),
            default=None,
        )
        if best is None:
            continue
        out.append(Fact(run, best[2]))
        said |= told_tokens([best[2]])
    return out
