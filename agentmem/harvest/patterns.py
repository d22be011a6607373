"""Hook E's cause mining: what failures share that successes do not.

Within one app, the run records that failed are grouped by the verifier that failed, then
by what that verifier said (its `detail`; the run's summary when it said nothing): two
failures belong together when most of the shorter one's words are in the other, or when,
in one app, both open with one message and go on in other words (`message`). Groups
that tell one cause in their own words (an expired certificate failing a contract test and
an upload; one check's three accounts of a key id in the wrong byte order) are joined on
the rare words they share (`across`). A group
of failures from at least `MIN_RUNS` runs is a pattern; so is a group from `PAIR_RUNS`
distinct runs whose details share an error phrase (the same verifier saying the same
thing twice), or whose one check of one app names one cause family in other words
(`families`: one provider's "invalid mobile number", the next one's "must be E.164"),
or whose runs' own accounts blame one piece of code (`blame`), or whose checks and
accounts say one cause's rare words in other orders (`told`), when no
successful run contradicts it. It is described by

- the words its details share, in order (the error phrase: "canceling statement due to
  lock timeout", "OOMKilled, exit code 137"), or when none are in all of them, the longest
  phrase two of them share;
- its cause words: words in at least half of its records that are at least twice as common
  there as in the app's successful runs. A word as common in successes as in failures (a
  topic: `ui`, `sync`) is no cause;
- one record as an example: a failed run (not a partial one, which tells the workaround
  it got past the failure with) whose summary holds the most cause words, the first such.

Its confidence comes from the evidence: more runs raise it, runs spread over fewer days
than runs (one bad afternoon) lower it, and successful runs that share its cause words
(contradiction; not the run that fixed one of its failures) lower it. It stays inside the reflective range and is never a flat figure.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from agentmem.core.model import SETBACKS, Memory, Outcome
from agentmem.harvest.across import across, fixes
from agentmem.harvest.blame import blamed
from agentmem.harvest.families import failure_families, named
from agentmem.harvest.followup import FollowUp, FollowUps, again
from agentmem.harvest.message import same_message
from agentmem.harvest.phrases import cause_terms, phrase, said_by, telling, terms
from agentmem.harvest.runrecord import read_record, record_goal, run_day
from agentmem.harvest.tagged import by_kind, kind_named
from agentmem.harvest.told import last_said, most_said, rare_words, reworded, shared_rare
from agentmem.stores.bm25 import WORD, tokenize

MIN_RUNS = 3  # failures of distinct runs that make a pattern on any shared words
PAIR_RUNS = 2  # ... or on one error phrase, with no success against it
SAME_CAUSE = 0.5  # share of the shorter text's words the other must hold to group them
LIFT = 2.0  # how much more common in the failures than in successes a cause word must be
MAX_CAUSES = 6
MIN_CAUSE = 3  # letters of a cause word: "re" (of "re-plan") and "ts" (of "spec.ts") say nothing
LOW, HIGH = 0.7, 0.95  # the reflective type's confidence range
GLOBAL = "_global"


@dataclass(frozen=True)
class Failure:
    """One failed check of one run."""

    memory: Memory
    verifier: str
    detail: str
    summary: str

    @property
    def words(self) -> frozenset[str]:
        """What the check said, as search terms (numbers left out: counts vary)."""
        return terms(self.detail or self.summary)


@dataclass
class Pattern:
    """Failures of one verifier with one cause, and what sets them apart."""

    app_id: str
    apps: list[str]  # where the failures happened (app_id is _global when several)
    verifier: str
    failures: list[Failure]
    phrase: str
    causes: list[str]
    example: Failure | None  # none when every failure's run wrote a lesson since taken back
    successes: int
    contradictions: int
    follow_up: FollowUp | None = None  # a later run that went after it (`followup`)
    family: str = ""  # the cause family most of its failures name (`families`), if one
    last: str = ""  # the newest check's words, when the phrase leaves some out (`told`)

    @property
    def runs(self) -> list[str]:
        return sorted({f.memory.run_id for f in self.failures})

    @property
    def days(self) -> list[date]:
        return sorted({run_day(f.memory) for f in self.failures})

    @property
    def confidence(self) -> float:
        """More runs raise it; few distinct days and contradicting successes lower it."""
        runs = len(self.runs)
        support = 1 - 1 / runs  # 2 runs 0.5, 3 runs 0.67, 6 runs 0.83
        spread = min(1.0, len(self.days) / runs)
        against = self.contradictions / (self.contradictions + runs)
        value = LOW + (HIGH - LOW) * support * spread * (1 - against)
        return round(min(HIGH, max(LOW, value)), 2)


def failures_of(memory: Memory) -> list[Failure]:
    """The failed checks a record tells of (the run itself when it names none)."""
    record = read_record(memory.text)
    if record.failed:
        return [Failure(memory, c.name, c.detail, record.summary) for c in record.failed]
    named = [t.removeprefix("fail-") for t in memory.tags if t.startswith("fail-")]
    return [Failure(memory, v, "", record.summary) for v in named or [""]]


def _together(a: Failure, b: Failure) -> bool:
    """Most of the shorter one's words are in the other (or neither said anything), or,
    in one app, both checks open with one message and go on in other words (`message`)."""
    shorter = min(len(a.words), len(b.words))
    if not a.words and not b.words:
        return True
    if a.memory.app_id == b.memory.app_id and same_message(a.detail, b.detail):
        return True
    return shorter > 0 and len(a.words & b.words) >= SAME_CAUSE * shorter


def _groups(failures: Sequence[Failure]) -> list[list[Failure]]:
    """Single-link groups of failures that said the same thing."""
    groups: list[list[Failure]] = []
    for failure in failures:
        joined = [g for g in groups if any(_together(failure, other) for other in g)]
        merged = [failure] + [f for g in joined for f in g]
        groups = [g for g in groups if g not in joined] + [merged]
    return groups


def _persistent(failures: Sequence[Failure]) -> list[list[Failure]]:
    """One verifier failing in `MIN_RUNS` runs of one app, each time in other words about one
    thing ("field 'src_user' unknown", "field 'query' not found; ECS field is
    dns.question.name": a word every one of them says), so no two of them group: the app
    keeps failing that check, which is a pattern of its own (its cause words are what half
    its records share). Where two said the same thing, that
    group is the pattern, and the whole would only restate it."""
    out = []
    for app in sorted({f.memory.app_id for f in failures}):
        mine = [f for f in failures if f.memory.app_id == app]
        runs = {f.memory.run_id for f in mine}
        grouped = max((len({f.memory.run_id for f in g}) for g in _groups(mine)), default=0)
        shared = frozenset.intersection(*(f.words for f in mine)) - generic_words()
        if len(runs) >= MIN_RUNS and grouped < PAIR_RUNS and shared:
            out.append(list(mine))
    return out


def generic_words() -> frozenset[str]:
    """Words any failed check may say: no cause in common ("disk full", "DNS lookup failed"
    and "OOMKilled" are three failures, not one that keeps coming back)."""
    return terms("fail failed failure error errors exception")


def _causes(members: Sequence[Failure], successes: Sequence[Memory], phrase: str) -> list[str]:
    """Words in half the members' records, at least LIFT times as common there as in the
    successes' and not already in the error phrase: the summaries' words first (the runs'
    own account of what went wrong), then the details'."""
    outside = Counter(w for m in successes for w in cause_terms(read_record(m.text).summary))
    said = cause_terms(phrase)
    found: list[str] = []
    for texts in ([f.summary for f in members], [f.detail for f in members]):
        inside = Counter(w for text in texts for w in cause_terms(text))
        surface = _surfaces(texts)
        for word, count in sorted(inside.items(), key=lambda item: (-item[1], item[0])):
            rate_in = count / len(members)
            rate_out = outside[word] / len(successes) if successes else 0.0
            if (
                count * 2 >= len(members)
                and rate_in >= LIFT * rate_out
                and outside[word] < count
                and word not in said
                and word not in generic_words()
                and len(surface.get(word, word)) >= MIN_CAUSE
                and surface.get(word, word) not in found
            ):
                found.append(surface.get(word, word))
    return found[:MAX_CAUSES]


def _surfaces(texts: Iterable[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for text in texts:
        for word in WORD.findall(text):
            for stem in tokenize(word):
                out.setdefault(stem, word.lower())
    return out


def _contradictions(causes: Sequence[str], successes: Sequence[Memory]) -> int:
    """Successful runs whose own account (their summary) holds at least half of the cause
    words. Not the whole record: its goal is the topic a failure of the same goal shares, and
    its frame ("ended in success") is every run's."""
    stems = {s for c in causes for s in tokenize(c)}
    if not stems:
        return 0
    said = [terms(read_record(m.text).summary) for m in successes]
    return sum(1 for words in said if 2 * len(stems & words) >= len(stems))


def mine(
    episodes: Sequence[Memory],
    lessons: Mapping[str, Sequence[Memory]] | None = None,
    withdrawn: Collection[str] = (),
) -> list[Pattern]:
    """The patterns among run records, most runs first. One error seen in several apps
    (a shared certificate, a shared rate limit) is one pattern, kept under `_global`;
    each pattern is contrasted with the successful runs of the apps it spans. A run in
    `withdrawn` wrote a lesson memory has since taken back (`agentmem.harvest.withdrawn`):
    its account is neither a pattern's example nor its follow-up."""
    failed = [f for m in episodes if m.outcome in SETBACKS for f in failures_of(m)]
    by_verifier: dict[str, list[Failure]] = {}
    for failure in failed:
        by_verifier.setdefault(failure.verifier, []).append(failure)
    groups = [g for failures in by_verifier.values() for g in _groups(failures)]
    wins = [m for m in episodes if m.outcome is Outcome.SUCCESS]
    setbacks = [m for m in episodes if m.outcome in SETBACKS]
    joined = across(
        groups, lambda f: f.detail or f.summary, wins, generic_words(), setbacks, _again, _account
    )
    persistent = [g for failures in by_verifier.values() for g in _persistent(failures)]
    followups = FollowUps(episodes, lessons)
    kinds = {_runs(g): (tag, g) for tag, g in by_kind(failed, setbacks, wins)}
    held = {_runs(g) for g in joined + persistent}
    extra = [g for key, (_, g) in kinds.items() if key not in held]  # `tagged`
    # A kind's pattern quotes neither one app's fix of it nor its newest instance (`tagged`)
    only = {_runs(g) for g in extra}
    grouped = [g for g in joined + persistent + extra if len(_runs(g)) >= PAIR_RUNS]
    rare = rare_words(failed, setbacks, wins, generic_words())
    found = []
    for members in grouped:
        runs = len({f.memory.run_id for f in members})
        members.sort(key=lambda f: (f.memory.run_id, f.memory.id))
        verifier = _names(members)
        apps = sorted({f.memory.app_id for f in members})
        successes = [m for m in wins if m.app_id in apps]
        said = (
            phrase([f.detail for f in members])
            or most_said(members)
            or reworded(members, generic_words())
        )
        causes = _causes(members, successes, said)
        fixed = fixes([f.memory for f in members], successes)
        against = _contradictions(causes, [m for m in successes if m.id not in fixed])
        told = telling(said, [f.detail for f in members])
        kind = kinds.get(_runs(members), ("", []))[0]
        if runs < MIN_RUNS and (
            not (
                told
                or kind
                or _kin(members)
                or blamed(members, successes)
                or shared_rare(members, rare, generic_words())
            )
            or against
            or said_by(said, successes)
        ):
            continue  # two runs: one error or one culprit, and no success saying it or its causes
        example = pick_example([f for f in members if f.memory.run_id not in withdrawn], causes)
        follow_up = followups.of([f.memory for f in members], [f.verifier for f in members])
        if follow_up is not None and (follow_up.run.run_id in withdrawn or _runs(members) in only):
            follow_up = None
        found.append(
            Pattern(
                app_id=apps[0] if len(apps) == 1 else GLOBAL,
                apps=apps,
                verifier=verifier,
                failures=members,
                phrase=said,
                causes=causes,
                example=example,
                successes=len(successes),
                contradictions=against,
                follow_up=follow_up,
                family=_family(members) or (kind_named(kind) if kind else ""),
                last="" if _runs(members) in only else last_said(members, said, withdrawn),
            )
        )
    return sorted(found, key=lambda p: (-len(p.runs), p.verifier))


def _runs(members: Sequence[Failure]) -> frozenset[str]:
    return frozenset(f.memory.run_id for f in members)


def pick_example(members: Sequence[Failure], causes: Sequence[str]) -> Failure | None:
    """The failure a pattern quotes: a run that failed (a partial one got past its failure,
    and tells how: "set the limit to 90 and reran", a workaround, not the cause), whose
    account holds the most cause words, the first of those (`members` run in order). A
    later failure of a recurring cause is told by a run that came after whatever the loop
    tried on it ("fell back and forgot the trim"), which the recurrence shows did not fix it."""
    return max(
        members,
        default=None,
        key=lambda f: (
            f.memory.outcome is Outcome.FAILURE,
            _hits(f.summary, causes),
            -members.index(f),
        ),
    )


def _again(a: Failure, b: Failure) -> bool:
    """One of two failures of one check in one app says it is the other failing again
    ("Still 188 unowned findings", "failing again; rerun gave the same 9"): a loop that
    retried and hit the same wall, told in new words."""
    if a.verifier != b.verifier or a.memory.app_id != b.memory.app_id:
        return False
    later = max(a, b, key=lambda f: (run_day(f.memory), f.memory.run_id))
    said = f"{record_goal(later.memory.text)} {later.summary} {later.detail}"
    return bool(terms(said) & again())


def _account(failure: Failure) -> str:
    """What the run said of its failure, when its check said something else."""
    return failure.summary if failure.detail else ""


def _family(members: Sequence[Failure]) -> str:
    """The cause family at least half the failures name (in their check's words, else their
    run's: `failure_families`), as a pattern's text names it; "" when none does."""
    said = Counter(t for f in members for t in failure_families(f.detail, f.summary))
    common = [t for t, n in said.most_common(1) if 2 * n >= len(members)]
    return named(common[0]) if common else ""


def _kin(members: Sequence[Failure]) -> bool:
    """One check of one app failing, each time naming one cause family (in its check's
    words, else its run's): one cause told in two services' words ("invalid mobile
    number" from one provider, "must be E.164" from the next), as telling as one error
    phrase said twice. Checks of several apps naming a family in passing ("found null"
    in one client, "required value missing" in another) need more than that."""
    if len({(f.verifier, f.memory.app_id) for f in members}) != 1:
        return False
    named = [failure_families(f.detail, f.summary) for f in members]
    return bool(frozenset.intersection(*named))


def _names(members: Sequence[Failure]) -> str:
    """The checks that failed, in the order they first did ("a", "a and b", "a, b and c")."""
    names = list(dict.fromkeys(f.verifier for f in members if f.verifier))
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _hits(text: str, causes: Sequence[str]) -> int:
    words = terms(text)
    return sum(1 for c in causes if set(tokenize(c)) & words)
