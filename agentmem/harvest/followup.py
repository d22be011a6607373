"""The loop's own account of a failure pattern: a later run that went after it.

A loop that keeps failing on something usually sends a worker after it ("Investigate the
null user_id", "Find what used up the warehouse credits", "Switch the connector to
wall-clock rotation"), often in another app than the one that failed, and that run's
goal, summary and checks are where the cause is written. A pattern's follow-up is a run,
not one of the pattern's own, from the day of its last failure to `AFTER_DAYS` after it (a
run between its failures did not end them: what it said or fixed did not hold), whose goal
names at least `MIN_SHARED` rare words its failed checks said (the error, not the topic,
nor the failed check's own name), or, of one of the pattern's apps or sent after one of
its checks (its goal names the whole check: `_names_check`), that wrote a lesson naming
them (a rerun of a failed goal that worked, and said why; another app's lesson on its own
work may share two words by chance); of those, the one sharing the most with them, rarer words
weighing more (identifiers split into their parts: `not_null_stg_events_user_id` names
`user` and `id`). Rare is in at most `RARE_SHARE` of the other run records (or
`MIN_SHARED`): the app's name and the words of its every run are no link. Where a run went
after the failures, the first success of their app after them that wrote a lesson in their
words is the follow-up before any other: the fix, told by the run that made it (`_fix`).
Where no run went after them in those words, that first success is still their follow-up
when its own account (goal and summary) says `MIN_SHARED` of what their checks said, one of
them rare ("the total now matches the ledger"), and it wrote a lesson; or when a lesson it
wrote restates most of what they said (`RESTATED`, one word rare): the cause is often found
on the way and told in other words than the checks', which never named it.

A run whose goal asks why (`ASKS`: "Find out why the scanned forms lose their dates") may
name the failures in their runs' own words (their summaries) rather than their checks':
for it those count too, and a word is rare when few records but the asking run itself say
it. Such a run that wrote a lesson is the follow-up before any other that went after them
(a later fix that only restates what the checks said), and its lesson is its answer.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache

from agentmem.core.model import Memory, Outcome
from agentmem.harvest.runrecord import read_record, record_goal, run_day
from agentmem.stores.bm25 import tokenize

AFTER_DAYS = 7
RARE_SHARE = 0.1  # of all run records: a word in more is no link
MIN_SHARED = 2
RESTATED = 0.5  # share of the failures' words a fix's lesson says, when no run went after them
SAME_GOAL = 0.6  # share of a goal's words another goal holds that makes it a rerun
# A goal that opens saying it mends something: what follows names what was broken.
FIXES = re.compile(r"\s*(?:fix|repair|correct|resolve|mend)(?:es|ed|ing)?\b", re.IGNORECASE)
# A goal that opens asking why something happens: what follows names the failures as the
# loop saw them, in its runs' own accounts as much as in their checks' words.
ASKS = re.compile(
    r"\s*(?:(?:find|figure|work|sort)\s+out\s+why|find\s+why|why\b|investigate|diagnose"
    r"|root[\s-]cause|look\s+into|explain)\b",
    re.IGNORECASE,
)


CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def words(text: str) -> frozenset[str]:
    """Search terms of the text, identifiers split at `_`, `.`, `-` and where a capital opens
    a part (`SerializationFailure` says `serialization` and `failure`, as
    `serialization_failure` does), numbers left out."""
    parts = re.split(r"[\W_]+", CAMEL.sub(" ", text).lower())
    return frozenset(t for p in parts if p and not any(c.isdigit() for c in p) for t in tokenize(p))


def _account(memory: Memory) -> frozenset[str]:
    """What a record says of its run: goal, summary and the failed checks' details."""
    record = read_record(memory.text)
    said = " ".join([record_goal(memory.text), record.summary, *(c.detail for c in record.failed)])
    return words(said)


def _said(memory: Memory) -> frozenset[str]:
    """What a failure's checks said (its summary when none did): the error, not the topic
    (its goal, which later runs on the same topic share, nor the run's own account)."""
    record = read_record(memory.text)
    return words(" ".join(c.detail for c in record.failed) or record.summary)


def _summary(memory: Memory) -> frozenset[str]:
    """What a failed run said of itself (its summary), when its checks said something else."""
    return words(read_record(memory.text).summary)


@lru_cache(maxsize=1)
def again() -> frozenset[str]:
    """Words a run uses to say its failure is an earlier one's again ("Still 188 unowned
    findings", "assigned twice again"): how failures relate, not what failed, so no link
    to a later run either."""
    return words("again still same persists")


@dataclass(frozen=True)
class FollowUp:
    """The run that went after a pattern, and the lesson it wrote on it, if any."""

    run: Memory
    lesson: Memory | None


class FollowUps:
    """The run records and live lessons (by the run_id that wrote them) of one harvest,
    each read once, to find each of its patterns' follow-up (see the module docstring)."""

    def __init__(
        self, records: Sequence[Memory], lessons: Mapping[str, Sequence[Memory]] | None = None
    ) -> None:
        self.records = records
        self.accounts = {m.id: _account(m) for m in records}
        self.seen = Counter(w for said in self.accounts.values() for w in said)
        self.taught = {
            run: [(m, words(m.text)) for m in held] for run, held in (lessons or {}).items()
        }

    def of(self, members: Sequence[Memory], checks: Sequence[str] = ()) -> FollowUp | None:
        """The run that went after the pattern `members` make. The names of the `checks`
        that failed are no link: a later lesson that names the check ("the smoke suite now
        runs on every merge") is about the check, which every run of it names, not about
        why it failed."""
        own = {m.id for m in members}
        seen = self.seen - Counter(w for m in members for w in self.accounts.get(m.id, ()))
        others = len(self.accounts.keys() - own)
        limit = max(MIN_SHARED, RARE_SHARE * others)
        rare = {w for w, n in seen.items() if n <= limit}
        named = {w for check in checks for w in words(check)}
        pattern = {w for m in members for w in _said(m)} & rare - again() - named
        # what the failed runs and their checks said, for a goal that asks why they failed
        asked = {w for m in members for w in _summary(m) | _said(m)} - again() - named
        goals = [words(record_goal(m.text)) for m in members]
        apps = {m.app_id for m in members}
        first = max(run_day(m) for m in members)
        last = first + timedelta(days=AFTER_DAYS)
        best, found = (False, 0.0), None
        for record in self.records:
            if record.id in own or not first <= run_day(record) <= last:
                continue
            goal = words(record_goal(record.text))
            ours = record.app_id in apps or _names_check(goal, checks)
            taught = self.taught.get(record.run_id, []) if ours else []
            lesson, said = max(
                ((m, w & pattern) for m, w in taught),
                key=lambda pair: len(pair[1]),
                default=(None, frozenset[str]()),
            )
            asks = bool(ASKS.match(record_goal(record.text)))
            # rare but for the asking run itself, which says them because it asks about them
            account = self.accounts[record.id]
            sought = {w for w in asked if seen[w] - (w in account) <= limit} if asks else pattern
            aimed = frozenset[str]() if any(_rerun(goal, g) for g in goals) else goal & sought
            if len(aimed | said) < MIN_SHARED:
                continue  # it says in its goal or its lesson that it went after these failures
            if len(said) < MIN_SHARED:
                lesson = None
            answered = asks and len(aimed) >= MIN_SHARED and bool(taught)
            if answered and lesson is None:  # the lesson of a run that asked why is its answer
                lesson = max(taught, key=lambda pair: len(pair[1] & sought))[0]
            weight = sum(math.log(1 + others / seen[w]) for w in account & sought | said)
            if (answered, weight) > best:
                best, found = (answered, weight), FollowUp(record, lesson)
        told = {w for m in members for w in _said(m)} - again() - named
        if found is None:
            return self._fix(members, told, rare, own_words=True, named=named)
        if found.lesson is None and FIXES.match(record_goal(found.run.text)):
            # a run sent to mend the failures tells the cause in its lesson, in its own words
            found = FollowUp(found.run, self._most_said(found.run, told, least=1))
        return self._fix(members, told, rare) or found

    def _after(self, members: Sequence[Memory]) -> list[Memory]:
        """The successful runs of a pattern's apps after its last failure, within
        `AFTER_DAYS` of it, in the order they ran: where the fix is looked for."""
        apps = {m.app_id for m in members}
        last = max((run_day(m), m.run_id) for m in members)
        return sorted(
            (
                r
                for r in self.records
                if r.app_id in apps
                and r.outcome is Outcome.SUCCESS
                and (run_day(r), r.run_id) > last
                and run_day(r) <= last[0] + timedelta(days=AFTER_DAYS)
            ),
            key=lambda r: (run_day(r), r.run_id),
        )

    def _fix(
        self,
        members: Sequence[Memory],
        told: set[str],
        rare: set[str],
        own_words: bool = False,
        named: Collection[str] = (),
    ) -> FollowUp | None:
        """The first success after the failures that says it is their fix: of a pattern's
        apps, after its last failure (within `AFTER_DAYS`). When the loop went after the
        failures (`of` found a run that did), the first success that wrote a lesson in
        `MIN_SHARED` of the failures' words, one of them rare, is the fix, told by the run
        that made it, before any later run on the same ground ("cracks stop once the mould
        dries a full day" before a later lesson on how long the kiln cools).

        With `own_words` (no run went after them in their rare words), the fix must say
        it is one more plainly, in one of three ways:

        - its goal says it mends something (`FIXES`) in `MIN_SHARED` of the failures'
          words, rare or not ("Fix the hourly totals used for the weekly report" after two
          checks failed on the weekly totals), one of them may be a word of the failed
          check's name (`named`: "Fix the ledger rounding" after `ledger-check` said
          "rounding off by 0.01"): the verb names its aim where the words are
          the topic's, which its every run shares. The first such success, whichever came
          first; its lesson is the one that says most of the failures' words (one is
          enough: the fix tells the cause in its own words, "summed over the local day");
        - else the first success's lesson restates most of them (`RESTATED`, one rare): a
          lesson sharing two of their words is no sign the run went after them;
        - or the first success's own account says `MIN_SHARED` of them, one rare, and it
          wrote a lesson (the one that says the most of them).

        A lesson that replaces another is no fix's account there (a retraction restates
        the failure and the remedy it takes back)."""
        after = self._after(members)
        if not after:
            return None
        if own_words:
            for record in after:
                goal = record_goal(record.text)
                aimed = words(goal) & (told | set(named))
                if FIXES.match(goal) and len(aimed) >= MIN_SHARED and aimed & told:
                    return FollowUp(record, self._most_said(record, told, least=1))
        fix = after[0]
        taught = self.taught.get(fix.run_id, [])
        if own_words:
            taught = [(m, w) for m, w in taught if not m.supersedes]
        least = max(MIN_SHARED, RESTATED * len(told)) if own_words else MIN_SHARED
        for lesson, said in taught:
            shared = said & told
            if len(shared) >= least and shared & rare:
                return FollowUp(fix, lesson)
        if not own_words or not taught:
            return None
        shared = self.accounts[fix.id] & told
        if len(shared) >= MIN_SHARED and shared & rare:
            return FollowUp(fix, max(taught, key=lambda pair: len(pair[1] & told))[0])
        return None

    def _most_said(self, record: Memory, told: set[str], least: int) -> Memory | None:
        """The lesson of `record`'s run that says the most of `told`, if at least `least`."""
        taught = [(m, len(w & told)) for m, w in self.taught.get(record.run_id, [])]
        lesson, said = max(taught, key=lambda pair: pair[1], default=(None, 0))
        return lesson if said >= least else None


def _names_check(goal: frozenset[str], checks: Sequence[str]) -> bool:
    """The goal names a check that failed, every word of its name ("Find why the
    golden-master diff keeps failing" of `golden-master-diff`, "Stop the smoke-suite
    failures" of `smoke-suite`): a run of another app sent after that check's failures,
    whose lesson is the loop's account of them as much as their own app's runs' are."""
    return any((named := words(check)) and named <= goal for check in checks)


def _rerun(goal: frozenset[str], other: frozenset[str]) -> bool:
    shorter = min(len(goal), len(other))
    return shorter > 0 and len(goal & other) >= SAME_GOAL * shorter
