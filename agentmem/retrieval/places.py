"""How a pack's places are shared: lessons over their bar first, then a few failures and at
most one run that went well (`choose`), each kind measured against its own best.

`agentmem.retrieval.select` finds the candidates and filters them; this module decides
which of them take the pack's places, and hook A's history (`agentmem.retrieval.history`)
shares its bar and its `distinct`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet

from agentmem.core.model import SETBACKS, Hit, Kind, Memory, MemoryType
from agentmem.core.restate import restated
from agentmem.core.statement import terms
from agentmem.harvest.once import ONCE_TAG
from agentmem.harvest.runrecord import record_goal
from agentmem.retrieval.news import news
from agentmem.retrieval.remedy import cause_words, on_cause
from agentmem.retrieval.runs import before, latest, sequel
from agentmem.retrieval.toprun import near_top
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import tokenize

RELEVANT = 0.35  # share of the best candidate's score a memory needs (hook A's bar too)
# A packed lesson's bar and places: a worker reads few, so weak matches stay out. On
# twenty-nine loop-benchmark scenarios, 0.45 and six places against 0.5 and five: pack need
# +0.013 on nineteen private ones (five gain, none lose), pack precision -0.006.
LESSON_RELEVANT = 0.45
# Below that bar, (share of the best lesson's score, distinct goal words the lesson must
# share): the further below, the more of the goal it must name. On twenty-two loop-benchmark
# scenarios against the plain bar: pack need +0.03, pack precision -0.01/-0.02; a plain
# bar of 0.35 gained about as much need for -0.04 precision (docs/loopbench.md). Reaching
# further (two words to a quarter, three to 0.15) was tried for a round: one need more on
# four validation scenarios and one or two on thirty-four tuning ones, for pack precision
# -0.010 on those and -0.017 on the repository's ten (dev-webshop 0.78 -> 0.74, under the
# goal); on four scenarios new that round, the round's read changes together found no
# need more and cost 0.006 of pack precision.
LESSON_REACH = ((0.35, 2), (0.25, 3))
# The second-best lesson's bar, on whatever words it shares (`choose`).
RUNNER_UP = 0.25
SAME_WORK = 0.5  # share of the best goal overlap a run's goal needs (module docstring)
MAX_LESSONS = 6  # a worker reads a handful; more, on weaker matches, dilute the pack
MAX_PATTERNS = 2  # hook E's accounts of many runs: more would crowd out the lessons
MAX_FAILURES = 2
MAX_SUCCESSES = 1
SAME_GROUND = 2  # content terms a lesson shares with a newer packed change (`behind`)
LESSONS = tuple(t.value for t in MemoryType if t is not MemoryType.EPISODIC)
RECORDS = (MemoryType.EPISODIC.value,)
LOWEST_SHARE = min(share for share, _ in LESSON_REACH)

Search = Callable[[str, int, Filters], list[Hit]]


def unweighted(hit: Hit) -> Hit:
    """The hit's score without its confidence factor (relevance × decay × boosts)."""
    confidence = hit.memory.confidence
    return hit if confidence <= 0 else hit.model_copy(update={"score": hit.score / confidence})


def same_work(
    records: Sequence[Hit],
    query: str,
    found: Sequence[Hit] = (),
    subject: AbstractSet[str] = frozenset(),
) -> list[Hit]:
    """The records whose run's goal shares the query's words, at least SAME_WORK of the
    best such overlap (each query word counted as often as the query says it), and those
    near the top of the search whose goal names the goal's `subject`
    (`agentmem.retrieval.toprun`).

    The best is that of every record `found`, those left out as telling how things were
    before a change included: the run of the very same goal under an old rule still shows
    what "the same work" is, and a failure on other work that shares a word or two with the
    goal does not take its place."""
    weights = Counter(tokenize(query))
    overlap = {
        h.memory.id: sum(weights[t] for t in set(tokenize(record_goal(h.memory.text))))
        for h in (*records, *found)
    }
    best = max(overlap.values(), default=0)
    overlap = {h.memory.id: overlap[h.memory.id] for h in records}
    if best == 0:  # no run's goal says what this one is about: judge the whole records
        return list(records)
    top = {h.memory.id for h in near_top(records, subject, found)}  # the tags' weight aside
    return [
        h
        for h in records
        if h.memory.id in top
        or (overlap[h.memory.id] > 0 and overlap[h.memory.id] >= SAME_WORK * best)
    ]


def choose(
    lessons: Sequence[Hit],
    records: Sequence[Hit],
    goal_words: AbstractSet[str] = frozenset(),
    subject: AbstractSet[str] | None = None,
    changes: Sequence[Hit] = (),
) -> list[Hit]:
    """Lessons over their bar, then up to MAX_FAILURES setbacks and MAX_SUCCESSES success.

    `goal_words` (the query's tokens) let a lesson under the bar in by `LESSON_REACH`, and
    `subject` (its title's and tags' tokens; the goal words when None) a change (`news`). The
    second-best lesson needs only `RUNNER_UP` of the best's score, whatever words it shares:
    a lesson that repeats the goal's words sets a bar its runner-up, the next thing memory
    knows about the goal, may fall far under ("Take the hives up to the heather" finds
    "Hives go up to the heather by night, entrances shut" at 1.0 and "Heather honey sets in
    the comb: press it, never spin it" at 0.3). On thirty-eight private scenarios: pack need +0.003 on the thirty-four
    seen and +0.018 on four validation ones, run but never read (one gains in each, none
    loses), no stale entry, pack precision -0.001 and unchanged (-0.007 on the repository's
    ten).

    Each kind is measured against its own best: a run record is long and repeats its goal,
    so it outscores any lesson on the same words and would push every lesson under a
    common bar; so does hook E's pattern, an account of many runs: the lessons' bar is set
    by the best of the others, and a pattern over it competes for their places, at most
    `MAX_PATTERNS` of them (three once filled three of five places, the lessons left out).
    `changes` are all the records the goal found (`runs.changed_later`: a later run of the
    nearest success's shape that tells a change takes its place, in other words).
    """
    advice = [h for h in lessons if h.memory.kind is not Kind.ASSESSMENT]
    best = max((h.score for h in advice or lessons), default=0.0)
    second = {h.memory.id for h in by_score(advice)[1:2] if h.score >= RUNNER_UP * best}
    over = [
        h for h in lessons if h.score > 0 and (h.memory.id in second or within(h, best, goal_words))
    ]
    chosen = distinct(few_patterns(over), MAX_LESSONS)
    relevant = _over_bar(records, RELEVANT)
    setbacks = [h for h in relevant if h.memory.outcome in SETBACKS][:MAX_FAILURES]
    near = [h for h in lessons if h.score > 0 and h.score >= LOWEST_SHARE * best]
    for setback in setbacks:  # what to do about a failure packed (`remedy`)
        if (fix := remedy(setback, near, chosen)) is not None:
            chosen.append(fix)
    on_ground = [h for h in lessons if h.score > 0]  # a change on the goal's own ground
    named = goal_words if subject is None else subject
    chosen += news(on_ground, chosen, best, named, [*chosen, *setbacks], goal_words)
    successes = [h for h in relevant if h.memory.outcome not in SETBACKS][:MAX_SUCCESSES]
    if successes and successes[0] is relevant[0]:
        # the newest doing of its work, or a later run of its shape telling a change
        nearest = latest(relevant, successes[0], _over_bar(changes, RELEVANT))
        # Older than a packed setback, it tells how things went before: a sequel says more.
        successes = (sequel(relevant, setbacks) if before(nearest, setbacks) else []) or [nearest]
    elif chosen:
        # A lesson says more, unless the run nearest the goal went well, or went well on
        # the work of a setback after it (`sequel`).
        successes = sequel(relevant, setbacks)
    return [*chosen, *spare_places(over, chosen, setbacks, successes), *setbacks, *successes]


def spare_places(
    over: Sequence[Hit], chosen: Sequence[Hit], setbacks: Sequence[Hit], successes: Sequence[Hit]
) -> list[Hit]:
    """The next lessons over their bar, one for each run-record place no record took: a
    pack is as long as memory has things over the bar to tell, and a run on the goal's
    ground that did not come leaves its place to the lesson a worker would have read next
    (`MAX_LESSONS` only keeps weak lessons from crowding out the failures)."""
    spare = MAX_FAILURES + MAX_SUCCESSES - len(setbacks) - len(successes)
    if spare <= 0:
        return []
    held = {h.memory.id for h in chosen}
    changes = [h.memory for h in chosen if h.memory.supersedes]
    more = distinct(few_patterns(over), MAX_LESSONS + spare)
    return [h for h in more if h.memory.id not in held and not behind(h.memory, changes)][:spare]


def behind(lesson: Memory, changes: Sequence[Memory]) -> bool:
    """A packed change (a lesson that replaced another) is newer than `lesson` and shares
    `SAME_GROUND` of its content terms: the older lesson may still tell the way things were
    before it ("hives are inspected weekly" beside "hive checks go fortnightly"), which the
    read-time filters do not always see when it is told in other words. A spare place is
    for the next thing a worker would read, not for that doubt."""
    own = terms(lesson.text).content
    return any(
        change.created_at > lesson.created_at
        and len(own & terms(change.text).content) >= SAME_GROUND
        for change in changes
    )


def remedy(setback: Hit, lessons: Sequence[Hit], chosen: Sequence[Hit]) -> Hit | None:
    """The lesson on a packed setback's cause when no chosen one speaks of it: an observation
    among the candidate `lessons` (`choose` gives those within `LOWEST_SHARE` of the best),
    as `agentmem.retrieval.remedy` finds it. Hook E's pattern of such failures quotes their
    failed check, so it speaks of the cause in its words without saying what to do about
    it: only a chosen observation counts as told."""
    fixes = [h for h in lessons if h.memory.kind is Kind.OBSERVATION]
    advice = [h for h in chosen if h.memory.kind is Kind.OBSERVATION]
    return on_cause(cause_words(setback.memory), fixes, advice)


def few_patterns(hits: Sequence[Hit]) -> list[Hit]:
    """The hits, hook E's patterns after the best `MAX_PATTERNS` left out, and its accounts
    of failures seen once (`ONCE_TAG`: each restates run records a pack carries itself)."""
    patterns = [
        h for h in hits if h.memory.kind is Kind.ASSESSMENT and ONCE_TAG not in h.memory.tags
    ][:MAX_PATTERNS]
    kept = {h.memory.id for h in patterns}
    return [h for h in hits if h.memory.kind is not Kind.ASSESSMENT or h.memory.id in kept]


def within(hit: Hit, best: float, goal_words: AbstractSet[str]) -> bool:
    """Whether a lesson makes the pack's bar, or reaches it on the goal's words it shares."""
    if hit.score >= LESSON_RELEVANT * best:
        return True
    shared = len(goal_words & set(tokenize(hit.memory.text)))
    return any(hit.score >= share * best and shared >= words for share, words in LESSON_REACH)


def by_score(hits: Sequence[Hit]) -> list[Hit]:
    return sorted(hits, key=lambda h: -h.score)


def distinct(hits: Sequence[Hit], limit: int) -> list[Hit]:
    """At most `limit` hits, best first, a different lesson before a restatement: a lesson
    that restates one already chosen (a decision record and the run lesson that quotes it,
    `restated`) takes a slot only when no different lesson is left for it."""
    chosen: list[Hit] = []
    restating: list[Hit] = []
    for hit in hits:
        if len(chosen) >= limit:
            break
        if any(restated(hit.memory.text, c.memory.text) for c in chosen):
            restating.append(hit)
        else:
            chosen.append(hit)
    kept = {h.memory.id for h in [*chosen, *restating[: limit - len(chosen)]]}
    return [h for h in hits if h.memory.id in kept]


def _over_bar(hits: Sequence[Hit], share: float) -> list[Hit]:
    best = max((h.score for h in hits), default=0.0)
    if best <= 0:
        return []
    return sorted((h for h in hits if h.score >= share * best), key=lambda h: -h.score)
