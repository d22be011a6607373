"""What a worker's pack is cut from: the lessons that bear on its goal, then a few failures.

A worker needs what memory has learned (principles, procedures, patterns, facts) about its
goal, and the failures on the same ground with their causes. It does not need the log of
every run that went well. So the candidates are found in two searches of the goal's own
words (its title, description and tags), one over lessons and one over run records, and
chosen like this:

- Lessons first: the `MAX_LESSONS` best scoring at least `LESSON_RELEVANT` of the best
  lesson's score, superseded ones left out (a replaced fact or a retracted lesson never reaches a
  worker). A lesson further below the best still enters when it shares enough of the goal's
  words (`LESSON_REACH`): when one lesson matches the goal on many words, the next one
  that names the same work on two or three is no weak match, while a lesson that shares one
  word by chance stays out.
- For each failure packed, the lesson that speaks of its cause when no chosen lesson does
  (`remedy`), however few of the goal's words it shares.
- For each failure packed, the lesson of the run that fixed it (`agentmem.retrieval.fixrun`:
  the first later run of its app that went well, whose goal names the failure's words),
  sifted as the goal's lessons are (`agentmem.retrieval.sift`): the goal that found a
  failure rarely shares a word with the lesson its fix wrote. On sixteen tuning
  loop-benchmark scenarios pack need 0.880 -> 0.895 (four gain, none loses), pack precision
  0.877 -> 0.869; on eight validation ones, run but never read, 0.884 -> 0.890 (one gains),
  0.908 -> 0.905; on the repository's ten, 0.988 -> 1.0.
- For a packed line of a decision record or an incident's account, when lesson places are
  left, the record's other line on the same ground (`agentmem.retrieval.siblings`): the
  goal finds "the old profile is deleted" and not "jobs launch with the new profile". On
  eight tuning loop-benchmark scenarios pack need 0.955 -> 0.964 (one gains, none loses),
  pack precision 0.9363 -> 0.9366; no change on four validation ones, run but never read;
  on the repository's ten pack need stays 1.0, pack precision 0.8629 -> 0.8634.
- One lesson that says something changed on the goal's subject (`agentmem.retrieval.news`),
  down to a fifth of the best lesson's score: it names the thing that changed, not the goal;
  it enters only as news to an older packed entry on that thing.
- Run records only when they carry what a worker needs: a run that failed (or ended
  partial or aborted) on the same ground, at most `MAX_FAILURES`, and at most one plain
  success: when no lesson was found, when it is the run nearest the goal (how the
  same work went well last time; the newest run that did that work again and went well
  takes its place, `latest`), or when it did a packed setback's work again after it and
  went well (how the failure was got past, `sequel`; it also takes the place of a nearest
  run that went well before a packed setback). "The same ground" is judged on
  the run's goal, not on its whole record: a record is long and shares some word with any
  goal of its app, so a run's goal must share the query's words, at least `SAME_WORK` of
  what the run whose goal shares most does (the goal's tags count as in the query,
  TAG_WEIGHT times), a run left out as telling how things were before a change included.

A run record written before a lesson was replaced, that still names what the replacement
retired (the old command, the old path), tells how things were: it is left out; so is any
plain success written before a change memory recorded on the goal's ground; so is a
plain success written before a lesson said the thing it names was removed ("the --full
flag was removed", "we deleted legacy_export.py"), unless it tells of that removal itself;
so is any record written before a lesson was taken back or replaced that quotes the exact
thing that took away (the withdrawn practice's flag, the replaced count:
`agentmem.harvest.withdrawn.taken`); so is a record or hook E's pattern of runs before a
change that quotes a value it retired on the same subject, or a tool it says is gone
(`agentmem.retrieval.lingering.quotes_retired`, `agentmem.retrieval.beforechange.told_before`); so is a lesson written
before it that states a value it retired of the same thing (`states_retired`); so is a
lesson a newer change turned around (`agentmem.retrieval.flipped`: top to bottom); so is
a lesson a newer live one on its subject gives another value of the same slot, even without
a word of change (`agentmem.retrieval.newerwins`; a record quoting that value goes too), or
that uses a name a newer lesson says is gone (`agentmem.retrieval.namedgone`); so is a
failure record or hook E's pattern a later lesson packed beside it outlived: it names the
record's host, path, identifier or failed check and tells a change of it, or is the lesson
of the run that fixed it, or says a cause the record names was not it
(`agentmem.retrieval.outlived`, `agentmem.retrieval.denied`); so is a plain success one
names anew ("db-orders02" for its "db-orders01", since a change: `renamed`). A
lesson a newer live one retired on the read's own judgement (`agentmem.retrieval.conflict`)
leaves, and the newer one scores at least what it scored (`outdated_in_place`). A
replaced lesson comes back when a lesson on the query says the values it states stay and
nothing that replaced it names them (`agentmem.retrieval.kept`: a decision on its neighbour
was taken for its replacement).

Both searches score with the same question over the same index, so their scores compare;
the goal's tags and kind lift what is tagged the same (`prefer_for_goal`). Confidence is a
floor (the pack drops what is under it), not a weight: a run record's 1.0 once outranked
every lesson's 0.75.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import replace

from agentmem.contexts import Goal
from agentmem.core.model import SETBACKS, Hit, Kind, Memory, MemoryType
from agentmem.core.restate import restated, retraction
from agentmem.harvest.runrecord import record_goal
from agentmem.harvest.withdrawn import quotes_taken, taken
from agentmem.retrieval.beforechange import (
    after_changes,
    removals,
    retired,
    tells_retired,
    told_before,
)
from agentmem.retrieval.conflict import outdated
from agentmem.retrieval.denied import denied_here
from agentmem.retrieval.elsewhere import from_siblings
from agentmem.retrieval.fixrun import fixes
from agentmem.retrieval.kept import still_held
from agentmem.retrieval.newerwins import quotes_displaced
from agentmem.retrieval.news import news
from agentmem.retrieval.outlived import outlived
from agentmem.retrieval.pack import BARE_NUMBER, CANDIDATES, goal_query, prefer_for_goal
from agentmem.retrieval.ranking import SUPERSEDED_FACTOR
from agentmem.retrieval.remedy import cause_words, on_cause
from agentmem.retrieval.runs import before, latest, sequel
from agentmem.retrieval.siblings import MAX_SIBLINGS, siblings
from agentmem.retrieval.sift import sift
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
MAX_FOLLOWED = 3  # replaced lessons whose replacement is looked for, per read
# The store searches one pack makes at most: lessons, run records, every lesson, other
# apps' lessons; each replaced lesson followed and each replacement's old saying; a failure's
# fix, its lesson and the lessons on that lesson's words; the lessons on a failure's own
# words that may deny its cause; a packed lesson's sibling and the lessons on its words
# (bench/scale.py counts them).
MAX_SEARCHES = 4 + 2 * MAX_FOLLOWED + 4 * MAX_FAILURES + 2 * MAX_SIBLINGS
LESSONS = tuple(t.value for t in MemoryType if t is not MemoryType.EPISODIC)
RECORDS = (MemoryType.EPISODIC.value,)
LOWEST_SHARE = min(share for share, _ in LESSON_REACH)

Search = Callable[[str, int, Filters], list[Hit]]


def unweighted(hit: Hit) -> Hit:
    """The hit's score without its confidence factor (relevance × decay × boosts)."""
    confidence = hit.memory.confidence
    return hit if confidence <= 0 else hit.model_copy(update={"score": hit.score / confidence})


def for_worker(search: Search, goal: Goal, scope: Filters, floor: float = 0.0) -> list[Hit]:
    """The hits a worker's pack is cut from, best first (see the module docstring).

    A lesson under the pack's confidence `floor` is chosen from no more: the pack would
    drop it, and it would have set the bar and taken one of the `MAX_LESSONS` places (a
    note of 0.6 at the top of the lessons left the next place over the bar empty). It
    still counts in what the read knows of changes (`every`), and one over the bar comes
    last, for the pack to drop and count as dropped."""
    query = goal_query(goal)
    live = replace(scope, include_superseded=False)
    lessons = search(query, CANDIDATES, replace(live, types=LESSONS))
    records = search(query, CANDIDATES, replace(live, types=RECORDS))
    lessons, every = in_their_place(
        search, query, scope, [unweighted(h) for h in lessons], add_missed=True
    )
    lessons += from_siblings(search, query, scope, lessons, LESSONS)  # another app's
    best = max((h.score for h in lessons), default=0.0)
    lessons += still_held(lessons, [unweighted(h) for h in every], LESSON_RELEVANT * best)
    # The goal's tags and kind lift some: the order to choose from is the lifted one.
    lessons = by_score(prefer_for_goal(lessons, goal))
    # A rule's second saying, written before a change replaced its first (`restates_old`).
    pairs = [*every, *replaced_by(search, scope, lessons, every)]
    sifted = sift(lessons, pairs, query)  # the read-time filters (`agentmem.retrieval.sift`)
    lessons, moved, newer_values = sifted.lessons, sifted.moved, sifted.newer_values
    records = outdated(records, pairs, query)
    records = by_score(prefer_for_goal([unweighted(h) for h in records], goal))
    # Left out, a record quoting a displaced value still shows what the same work is.
    told = [
        h
        for h in records
        if told_before(h.memory, moved) or quotes_displaced(h.memory, newer_values)
    ]
    records = [h for h in records if h not in told]
    before, gone = retired(every), removals(every)
    # What a lesson's withdrawal or replacement took away, as a record quotes it: kept
    # apart from `before`, since a withdrawal changes no state and dates no plain success.
    gone_by = taken([h.memory for h in every if h.memory.kind is Kind.OBSERVATION])
    records = [h for h in records if not tells_retired(h.memory, before)]
    records = [h for h in records if not quotes_taken(h.memory, gone_by)]
    # A plain success that used what is gone tells how things were; a failure on it is
    # what its removal broke, or why: its cause is still worth a worker's reading.
    records = [
        h for h in records if h.memory.outcome in SETBACKS or not tells_retired(h.memory, gone)
    ]
    records = [
        h for h in records if h.memory.outcome in SETBACKS or after_changes(h.memory, before)
    ]
    subject = set(tokenize(BARE_NUMBER.sub("", " ".join([goal.title, *goal.tags]))))
    # Under the floor: no place, no bar; over the bar, handed on for the pack to drop and
    # count (`dropped`), so an audit still sees what the floor kept from the worker.
    top = max((h.score for h in lessons), default=0.0)
    low = [h for h in lessons if h.memory.confidence < floor and h.score >= LESSON_RELEVANT * top]
    lessons = [h for h in lessons if h.memory.confidence >= floor]
    chosen = choose(lessons, same_work(records, query, told), set(tokenize(query)), subject)
    # How a packed failure was got past, sifted as the goal's lessons were, against them
    # and the lessons on its own words; and a packed lesson's sibling line of its record.
    taught = [h for h in chosen if h.memory.type is not MemoryType.EPISODIC]
    extra = fixes(search, scope, chosen) + siblings(
        search, scope, taught, MAX_LESSONS - len(taught)
    )
    if extra:  # else nothing to sift: the filters would weigh every pair again for nothing
        around = [h for x in extra for h in search(x.memory.text, 8, replace(scope, types=LESSONS))]
        kept = {h.memory.id for h in sift(extra, [*pairs, *around], query).lessons}
        chosen = [*chosen, *(h for h in extra if h.memory.id in kept)]
    # A failure a later lesson packed beside it outlived (`agentmem.retrieval.outlived`).
    # A setback naming a cause a later lesson denied, packed or not (`denied`).
    setbacks = [
        h.memory
        for h in chosen
        if h.memory.type is MemoryType.EPISODIC and h.memory.outcome in SETBACKS
    ]
    denied = denied_here(search, scope, setbacks) if setbacks else frozenset()
    packed = [h.memory for h in chosen]
    fix = {h.memory.id: h.explain["fixed"] for h in chosen if "fixed" in h.explain}
    return [
        h
        for h in chosen
        if h.memory.id not in denied
        and not outlived(h.memory, packed, {i for i, of in fix.items() if of == h.memory.id})
    ] + low


def in_their_place(
    search: Search, query: str, scope: Filters, lessons: list[Hit], add_missed: bool = False
) -> tuple[list[Hit], list[Hit]]:
    """The live lessons, each replacement scoring at least what the lesson it replaced
    scores on the query: the newer statement takes the older one's place. A correction
    told in other words (a weekly review's "Correction to the … rule") shares few words
    with the goal that found the rule it corrects, and once lost to every other lesson.
    Also every lesson on the query, replaced ones included (what `retired` reads).

    Only replaced lessons that would make the pack's bar are followed (at most
    `MAX_FOLLOWED`), each with one search of its own words for what replaced it; a
    retraction is not followed (it says what no longer holds, not the subject anew).

    With `add_missed` (packs), a replacement the query did not find enters with the score of
    the lesson it replaced; without it (hook A's history), only one the query found is
    lifted, as before (a replacement found by the old lesson's words once entered only when
    its score on that other question happened to be lower). On thirty loop-benchmark
    scenarios, for packs: need +0.002, pack need +0.005 (one scenario, 0.80 -> 0.93), pack
    precision -0.001; for hook A too, one synthesis lost a need (a bundle's places are few)."""
    every = search(query, CANDIDATES, replace(scope, include_superseded=True, types=LESSONS))
    live = {h.memory.id: h for h in lessons}
    best = max((h.score for h in lessons), default=0.0)
    followed = 0
    for hit in every:
        if hit.memory.id in live or followed >= MAX_FOLLOWED:
            continue
        score = unweighted(hit).score / SUPERSEDED_FACTOR
        if score < LOWEST_SHARE * best:
            continue  # it would not have made the pack: neither does its replacement
        followed += 1
        new = replacement(search, hit.memory, scope)
        if new is None or retraction(new.memory.text):
            continue
        if all(h.memory.id != new.memory.id for h in every):
            every = [*every, new]  # `retired` reads the pair, though the query missed it
        held = live.get(new.memory.id, None if add_missed else new)
        if held is None or score > held.score:  # its own score answered another question
            live[new.memory.id] = new.model_copy(update={"score": score})
    return sorted(live.values(), key=lambda h: -h.score), every


def replaced_by(
    search: Search, scope: Filters, lessons: Sequence[Hit], every: Sequence[Hit]
) -> list[Hit]:
    """The best live lessons that replaced something the query did not find, with what
    they replaced (one search of each one's own words, at most `MAX_FOLLOWED`): a decision
    record's lesson found by the goal replaced a rule told in words the goal lacks, whose
    other sayings the goal may find (`restates_old` reads the pair)."""
    have = {h.memory.id for h in every}
    replaced = replace(scope, include_superseded=True, types=LESSONS)
    out: list[Hit] = []
    for hit in [h for h in lessons[: MAX_LESSONS + 2] if set(h.memory.supersedes) - have][
        :MAX_FOLLOWED
    ]:
        olds = set(hit.memory.supersedes) - have
        out += [hit, *(h for h in search(hit.memory.text, 8, replaced) if h.memory.id in olds)]
    return out


def replacement(search: Search, old: Memory, scope: Filters) -> Hit | None:
    """The live lesson that names `old` in its `supersedes`, if a search of `old`'s words
    finds it."""
    live = replace(scope, include_superseded=False, types=LESSONS)
    return next((h for h in search(old.text, 5, live) if old.id in h.memory.supersedes), None)


def same_work(records: Sequence[Hit], query: str, found: Sequence[Hit] = ()) -> list[Hit]:
    """The records whose run's goal shares the query's words, at least SAME_WORK of the
    best such overlap (each query word counted as often as the query says it).

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
    return [
        h for h in records if overlap[h.memory.id] > 0 and overlap[h.memory.id] >= SAME_WORK * best
    ]


def choose(
    lessons: Sequence[Hit],
    records: Sequence[Hit],
    goal_words: AbstractSet[str] = frozenset(),
    subject: AbstractSet[str] | None = None,
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
        nearest = latest(relevant, successes[0])  # the newest doing of its work
        # Older than a packed setback, it tells how things went before: a sequel says more.
        successes = (sequel(relevant, setbacks) if before(nearest, setbacks) else []) or [nearest]
    elif chosen:
        # A lesson says more, unless the run nearest the goal went well, or went well on
        # the work of a setback after it (`sequel`).
        successes = sequel(relevant, setbacks)
    return [*chosen, *setbacks, *successes]


def remedy(setback: Hit, lessons: Sequence[Hit], chosen: Sequence[Hit]) -> Hit | None:
    """The lesson on a packed setback's cause when no chosen one speaks of it: an observation
    among the candidate `lessons` (`choose` gives those within `LOWEST_SHARE` of the best),
    as `agentmem.retrieval.remedy` finds it."""
    fixes = [h for h in lessons if h.memory.kind is Kind.OBSERVATION]
    return on_cause(cause_words(setback.memory), fixes, chosen)


def few_patterns(hits: Sequence[Hit]) -> list[Hit]:
    """The hits, hook E's patterns after the best `MAX_PATTERNS` left out."""
    patterns = [h for h in hits if h.memory.kind is Kind.ASSESSMENT][:MAX_PATTERNS]
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
