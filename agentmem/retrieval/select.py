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
  takes its place, `latest`, and so does a later run of its shape, filed under the same
  tags, that tells a change: `agentmem.retrieval.runs.changed_later`), or when it did a packed setback's work again after it and
  went well (how the failure was got past, `sequel`; it also takes the place of a nearest
  run that went well before a packed setback). "The same ground" is judged on
  the run's goal, not on its whole record: a record is long and shares some word with any
  goal of its app, so a run's goal must share the query's words, at least `SAME_WORK` of
  what the run whose goal shares most does (the goal's tags count as in the query,
  TAG_WEIGHT times), a run left out as telling how things were before a change included;
  a failure the search ranks near the top whose goal names two words of the goal's title
  and tags is the same work too, however the tags weigh (`agentmem.retrieval.toprun`).
- A pack of fewer than two lessons takes the goal's own app's next lesson, down to a tenth
  of the best, on two of the goal's words, one of its title's or tags'
  (`agentmem.retrieval.ownapp`).
- A run-record place no record took goes to the next lesson over the bar, unless a packed
  change newer than it speaks of its ground (`agentmem.retrieval.places.spare_places`).
  On twenty tuning loop-benchmark scenarios pack need 0.962 -> 0.969 (two gain, none
  loses), pack precision 0.9277 -> 0.9279; no need changed on four validation ones, run
  but never read, nor on the repository's ten.

A run record written before a lesson was replaced, that still names what the replacement
retired (the old command, the old path), tells how things were: it is left out; so is any
plain success written before a change memory recorded on the goal's ground; so is a
plain success written before a lesson said the thing it names was removed ("the --full
flag was removed", "we deleted legacy_export.py"), unless it tells of that removal itself;
so is any record written before a lesson was taken back or replaced that quotes the exact
thing that took away (the withdrawn practice's flag, the replaced count:
`agentmem.harvest.withdrawn.taken`); so is the record of a run whose lesson a later memory
took back, and a setback whose account followed that lesson while it stood, as hook E reads
them (`agentmem.retrieval.takenback`); so is a record or hook E's pattern of runs before a
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
plain success left out by `told_before`, `quotes_displaced` or `tells_retired` only for
values it states comes back when it is the only memory of them: no lesson written after it
gives those values' kind another value on the same thing, and no replacement speaks of the
replaced lesson's clause that held them (`agentmem.retrieval.onlymemory`: "Spec table for
N330 entered: iodine 77-87 g/kg", when the lesson that told the limits was replaced by one
on the OAN tester); it takes a place beside the pack's one plain success. A
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

from dataclasses import replace

from agentmem.contexts import Goal
from agentmem.core.model import SETBACKS, Hit, Kind, MemoryType
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
from agentmem.retrieval.elsewhere import coded, from_siblings
from agentmem.retrieval.fixrun import fixes
from agentmem.retrieval.followed import MAX_FOLLOWED as MAX_FOLLOWED
from agentmem.retrieval.followed import in_their_place as in_their_place
from agentmem.retrieval.followed import replaced_by as replaced_by
from agentmem.retrieval.followed import replacement as replacement
from agentmem.retrieval.kept import still_held
from agentmem.retrieval.newerwins import quotes_displaced
from agentmem.retrieval.onlymemory import (
    alone_places,
    only_memory,
    quotes_values_only,
    tells_values_only,
)
from agentmem.retrieval.outlived import outlived
from agentmem.retrieval.ownapp import own_app
from agentmem.retrieval.pack import BARE_NUMBER, CANDIDATES, goal_query, prefer_for_goal
from agentmem.retrieval.places import LESSON_REACH as LESSON_REACH
from agentmem.retrieval.places import LESSON_RELEVANT as LESSON_RELEVANT
from agentmem.retrieval.places import LESSONS as LESSONS
from agentmem.retrieval.places import LOWEST_SHARE as LOWEST_SHARE
from agentmem.retrieval.places import MAX_FAILURES as MAX_FAILURES
from agentmem.retrieval.places import MAX_LESSONS as MAX_LESSONS
from agentmem.retrieval.places import MAX_PATTERNS as MAX_PATTERNS
from agentmem.retrieval.places import MAX_SUCCESSES as MAX_SUCCESSES
from agentmem.retrieval.places import RECORDS as RECORDS
from agentmem.retrieval.places import RELEVANT as RELEVANT
from agentmem.retrieval.places import RUNNER_UP as RUNNER_UP
from agentmem.retrieval.places import SAME_WORK as SAME_WORK
from agentmem.retrieval.places import Search as Search
from agentmem.retrieval.places import by_score as by_score
from agentmem.retrieval.places import choose as choose
from agentmem.retrieval.places import distinct as distinct
from agentmem.retrieval.places import few_patterns as few_patterns
from agentmem.retrieval.places import remedy as remedy
from agentmem.retrieval.places import same_work as same_work
from agentmem.retrieval.places import unweighted as unweighted
from agentmem.retrieval.places import within as within
from agentmem.retrieval.siblings import MAX_SIBLINGS, siblings
from agentmem.retrieval.sift import sift
from agentmem.retrieval.takenback import untold
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import tokenize

# The store searches one pack makes at most: lessons, run records, every lesson, other
# apps' lessons; each replaced lesson followed and each replacement's old saying; a failure's
# fix, its lesson and the lessons on that lesson's words; the lessons on a failure's own
# words that may deny its cause; a packed lesson's sibling and the lessons on its words
# (bench/scale.py counts them).
MAX_SEARCHES = 4 + 2 * MAX_FOLLOWED + 4 * MAX_FAILURES + 2 * MAX_SIBLINGS


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
    codes = coded(goal.title)  # its product's or machine's code, whole (`elsewhere`)
    lessons += from_siblings(search, query, scope, lessons, LESSONS, codes)  # another app's
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
    # A success that is the only memory of a value it set stays (`onlymemory`): the
    # lessons it is weighed against are every lesson the read holds, replaced ones too.
    held = [h.memory for h in [*pairs, *lessons]]
    # Left out, a record quoting a displaced value still shows what the same work is.
    alone: set[str] = set()  # the ids of the records kept so, dated by no change after
    told = []
    for h in records:
        before_change = told_before(h.memory, moved)
        displaced = quotes_displaced(h.memory, newer_values)  # a value, by its reading
        if not (before_change or displaced):
            continue
        values = not before_change or quotes_values_only(h.memory, moved)
        if values and only_memory(h.memory, held):
            alone.add(h.memory.id)
        else:
            told.append(h)
    records = [h for h in records if h not in told]
    before, gone = retired(every), removals(every)
    # What a lesson's withdrawal or replacement took away, as a record quotes it: kept
    # apart from `before`, since a withdrawal changes no state and dates no plain success.
    gone_by = taken([h.memory for h in every if h.memory.kind is Kind.OBSERVATION])
    unretired = []
    for h in records:
        if tells_retired(h.memory, before):
            values = tells_values_only(h.memory, before)
            # one kept above was weighed against the same lessons: not asked again
            if not (values and (h.memory.id in alone or only_memory(h.memory, held))):
                alone.discard(h.memory.id)
                continue
            alone.add(h.memory.id)
        unretired.append(h)
    records = unretired
    records = [h for h in records if not quotes_taken(h.memory, gone_by)]
    records = untold(records, every)  # nor tells a lesson taken back (`takenback`)
    # A plain success that used what is gone tells how things were; a failure on it is
    # what its removal broke, or why: its cause is still worth a worker's reading.
    records = [
        h for h in records if h.memory.outcome in SETBACKS or not tells_retired(h.memory, gone)
    ]
    # A record kept as the only memory of its values was weighed against those changes.
    records = [
        h
        for h in records
        if h.memory.outcome in SETBACKS or h.memory.id in alone or after_changes(h.memory, before)
    ]
    subject = set(tokenize(BARE_NUMBER.sub("", " ".join([goal.title, *goal.tags]))))
    # Under the floor: no place, no bar; over the bar, handed on for the pack to drop and
    # count (`dropped`), so an audit still sees what the floor kept from the worker.
    top = max((h.score for h in lessons), default=0.0)
    low = [h for h in lessons if h.memory.confidence < floor and h.score >= LESSON_RELEVANT * top]
    lessons = [h for h in lessons if h.memory.confidence >= floor]
    goal_words = set(tokenize(query))
    work = same_work(records, query, told, subject)
    chosen = choose(lessons, work, goal_words, subject, changes=records)
    chosen += alone_places(work, chosen, alone)  # the only memory of a value (`onlymemory`)
    chosen += own_app(lessons, chosen, goal.app_id, goal_words, subject)  # a short pack
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
