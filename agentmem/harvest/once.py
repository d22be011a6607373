"""Hook E's account of a failure seen once: its cause, when its check or its run named one.

A pattern (`agentmem.harvest.patterns`) is what several failures share; most failures of a
loop happen once ("Cropster API 401 Unauthorized: token expired", "hopper bridging on dark
oily beans", "SMS gateway 429 Too Many Requests after 600 messages") and are fixed by the
next run, and a harvest that reads only what recurs says nothing of them. Yet a failure
whose check said why it failed has named its cause, once: that is worth keeping, as long
as it says it was seen once.

So a failed check of a run in the window that no pattern holds (none found now, none a held
pattern cites) is told on its own when its words name a cause (`names_cause`): its check's
detail, else its run's summary, holds `MIN_WORDS` search terms that are not how every
failed check reports (`bare`: "failed", "timeout", "exit code 1", "expected … got …"). It
is not told when its run is one whose lesson was taken back or whose cause a later lesson
denied (the `withdrawn` runs hook E reads), nor when a later successful run of its app that
is not its fix says its cause words (`contradicted`: the check
passed with the cause still there, so it was not the cause). The next successful run of
its app is its fix, told after it by the sentences of its summary that say a word of the
failed check or run (`fixed_by`: "Stripped spaces from IBANs", not "batch submitted at
15:05 CET, before the 15:30 cutoff"; none when it did other work), or, when that run wrote
a lesson of it, left to the lesson ("wrote its fix as a lesson"). An account is read long
after it is written and outlives what it quotes (a later harvest's account or pattern
supersedes it, and the file stays): a setting, a cut-off time or a path the fix's run
stated in passing is replaced later, and a fix told in a lesson is replaced or withdrawn
in the lesson's own name, so the account quotes neither.

Hook E writes one account per app and harvest (`digest`), a reflective assessment at the
floor of the reflective range, below every pattern of several runs (`CONFIDENCE`), tagged
`ONCE_TAG`, citing the records it tells: "Failures seen once in <app> (no pattern yet):
once, on <day>: <check> failed with "<detail>". <summary> The next run passed (<run>): …",
the failures parted by " | ". A later harvest that finds a failure in a pattern writes the
pattern, which supersedes the account (hook E's `held`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from agentmem.core.model import SETBACKS, Memory, Outcome
from agentmem.core.words import function_words
from agentmem.harvest.patterns import Failure, failures_of, generic_words
from agentmem.harvest.phrases import terms
from agentmem.harvest.runrecord import read_record, run_day

ONCE_TAG = "once"
CONFIDENCE = 0.7  # the reflective range's floor: a pattern of two runs starts above it
MIN_WORDS = 2  # search terms a detail must hold, bare ones left out, to name a cause
FIX_CHARS = 200  # of the fix's summary in the text
SUMMARY_CHARS = 300  # of the failed run's summary
MAX_TOLD = 8  # failures of one app one harvest tells (the newest), as many as it cites
# How a check reports that it failed, not why: "timed out", "exit code 1", "returned non-zero
# status", "expected 3 got 4", "assertion failed", "check failed".
BARE = "timeout timed out exit code status returned nonzero non zero expected got assertion "
BARE += "check test tests http unknown see log logs run step job"


@dataclass(frozen=True)
class Once:
    """One failed check no pattern holds, and the run that fixed it (if one did)."""

    failure: Failure
    fix: Memory | None


@lru_cache(maxsize=1)  # two fixed texts, asked for every failure's words
def bare() -> frozenset[str]:
    """Words that say a check failed, not why (`BARE` and hook E's generic words)."""
    return terms(BARE) | generic_words()


def cause_words(text: str) -> frozenset[str]:
    """A text's search terms, numbers and bare words left out."""
    return terms(text) - bare()


def names_cause(text: str) -> bool:
    """Whether a check's detail (or a run's summary) names a cause: `MIN_WORDS` terms that
    are not how every failure reports ("timeout", "exit code 137" and "failed" name none)."""
    return len(cause_words(text)) >= MIN_WORDS


def told(failure: Failure) -> str:
    """What named the failure's cause: its check's detail, else its run's summary when a
    check failed or the run failed outright (a partial run whose checks all passed got past
    what it met, and its summary tells how, not a cause)."""
    if names_cause(failure.detail):
        return failure.detail
    if failure.verifier or failure.memory.outcome is not Outcome.PARTIAL:
        return failure.summary if names_cause(failure.summary) else ""
    return ""


def seen_once(
    episodes: Sequence[Memory],
    recent: Collection[str],
    covered: Collection[str],
    withdrawn: Collection[str] = (),
) -> list[Once]:
    """The failed checks of the records in `recent` (ids) that name a cause, in no pattern
    (`covered`: record ids patterns hold or cite), of no `withdrawn` run, not contradicted,
    in run order; each with its fix."""
    ordered = sorted(episodes, key=lambda m: (run_day(m), m.run_id, m.id))
    out = []
    for memory in ordered:
        if memory.id not in recent or memory.id in covered or memory.outcome not in SETBACKS:
            continue
        if memory.run_id in withdrawn:
            continue
        for failure in failures_of(memory):
            said = told(failure)
            if not said:
                continue
            later = _passed_later(failure, ordered)
            fix = later[0] if later else None
            words = cause_words(said)
            if any(_says(words, m) for m in later[1:]):
                continue  # contradicted: the check passed with its cause still there
            out.append(Once(failure, fix))
    return out


def _passed_later(failure: Failure, ordered: Sequence[Memory]) -> list[Memory]:
    """Successful runs of the failure's app after it, in order (a success's record only
    counts the checks it passed: every check of the app ran and passed)."""
    at = ordered.index(failure.memory)
    return [
        m
        for m in ordered[at + 1 :]
        if m.outcome is Outcome.SUCCESS and m.app_id == failure.memory.app_id
    ]


def _says(words: frozenset[str], success: Memory) -> bool:
    """A success's own account (its summary) says at least half the cause's words (two at
    least): the cause was there, and the check passed."""
    said = terms(read_record(success.text).summary) & words
    return len(said) >= max(2, (len(words) + 1) // 2)


# Where a run's summary parts one thing it did from another: a sentence's end, a semicolon.
PART = re.compile(r"(?<=[.;!?])\s+")


def _parts(summary: str, failure: Failure) -> list[str]:
    """The sentences of `summary` that say a subject word of the failure's check or run."""
    words = _subject(f"{failure.detail} {failure.summary}")
    return [p for p in PART.split(summary.strip()) if _subject(p) & words]


def fixed_by(summary: str, failure: Failure) -> str:
    """The parts of the fix's summary that speak of what failed: those that say a cause
    word of the failure's check or run ("Stripped spaces from IBANs" of "spaces not stripped
    from imported IBANs"), not the rest of what the run did ("batch submitted at 15:05 CET,
    before the 15:30 cutoff"), whose values are the run's own and are replaced as time goes
    on, under an account that is read long after. None when no part says one."""
    told = " ".join(_parts(summary, failure)).rstrip(";,")
    return told if not told or told[-1] in ".!?" else told + "."


def _subject(text: str) -> frozenset[str]:
    """A text's cause words but function words ("from", "after", "done"): what it is of."""
    return cause_words(text) - function_words()


def describe(once: Once, taught: Mapping[str, str] | None = None) -> str:
    """One failure seen once, as a clause of its app's account: "once, on <day>: <check>
    failed with "<detail>". <summary> The next run passed (<run>): <what it did of it>".
    A fix whose run wrote a lesson of what failed (`taught`: a run's id to its lessons'
    text) is not restated: the lesson says it, and is replaced or taken back in its own
    name when it stops holding, where a restatement in this account would go on saying it."""
    failure = once.failure
    what = f"{failure.verifier} failed" if failure.verifier else "the run failed"
    said = f' with "{failure.detail}"' if names_cause(failure.detail) else ""
    parts = [f"once, on {run_day(failure.memory)}: {what}{said}."]
    if failure.summary:
        parts.append(failure.summary[:SUMMARY_CHARS])
    lesson = (taught or {}).get(once.fix.run_id, "") if once.fix is not None else ""
    if once.fix is not None and _parts(lesson, failure):
        parts.append(f"The next run passed ({once.fix.run_id}) and wrote its fix as a lesson.")
    elif once.fix is not None:
        summary = fixed_by(read_record(once.fix.text).summary, failure)[:FIX_CHARS]
        parts.append(
            f"The next run passed ({once.fix.run_id})" + (f": {summary}" if summary else ".")
        )
    return " ".join(parts)


def digest(app_id: str, found: Sequence[Once], taught: Mapping[str, str] | None = None) -> str:
    """The failures one app saw once in a harvest's window (the newest `MAX_TOLD`), as one
    line: "Failures seen once in <app> (no pattern yet): once, on … | once, on …"."""
    told = [describe(o, taught) for o in found][-MAX_TOLD:]
    return f"Failures seen once in {app_id} (no pattern yet): " + " | ".join(told)
