"""Two live lessons that give one slot two values: the newer one tells how things are now.

The writer links a replacement to the lesson it replaced when it recognises the pair; a
replacement worded in a way it did not recognise leaves both live, and a read that holds
both tells the old value beside the new. The read already holds the pair, so it judges
the two itself (`outdated`), and strictly: a false supersession hides a rule that still
holds, a missed one only leaves an old value beside its successor. Both lessons belong to
one app (or the newer one is `_global`, which every app reads) and to no one document (two
runs' lessons carry the host loop's name as their source, which names no document), the
newer was written later, neither sets the other apart (`agentmem.core.apart.set_apart`:
"the south kiln keeps its own 40 minutes"), and both open on one thing (a word of their
heads in common). Then the newer one retires:

- a value of one slot (`slot_retired`): the older states a value (a time, a size, a count
  with its unit however joined to it, a version, a rate, a labelled number) that the newer
  one does not, the newer states another of that kind in a clause sharing `SAME_SLOT`
  content words with the old value's clause (one of them not a word of the query every
  candidate answers), no name in either clause is foreign to the other text (two desks,
  two regions: `named_apart`), and the sentence with the new value says it changed ("now",
  "from 3 May", "since the upgrade", "was removed") or the newer is a decision record
  ("ADR-12: ..."). "Kiln loads cool for 40 minutes before unpacking", then "since the
  new fans, kiln loads cool for 25 minutes", retires the 40;
- or the tool of a job (`tool_retired`): the older runs a command of one tool, the newer
  runs another tool's command in a clause sharing `SAME_SLOT` words with it and never
  names the old tool ("publish the atlas with `mapctl push --all`", then "atlas tiles go
  out with `tiles release --prod`"). One job's new tool needs no change word: a writer who
  names the new way seldom says the old one is gone. Another subcommand of the same tool
  for the same job retires the old command only when the newer sentence says it changed
  (`subcommand_retired`).

Either holds only while no lesson written after the newer one states the old value of the
same slot again, or names the old tool (then both ways live on: two kilns, two products).
A value a text writes only to name the claim it withdraws ("scrap the film rule from 5 Oct:
…") is none of its own, and retires or is retired by none (`agentmem.core.withdrawnvalue`).

- or the holder of a role (`agentmem.retrieval.handover`): the newer one hands the older
  one's sign-off, ownership or on-call of the same thing to someone else and says so
  ("from 4 May Wen Li signs off every kiln firing"). Clauses that share the role's
  subject are enough, without a head in common: a handover opens on the people.

A run record older than such a lesson is judged the same way, but only by its tool and its
holder: "loaded with `kilnctl run --hot`", "Jonah signed off the test" quote how the job
was done then. A record's figures are what a run measured ("cooled in 38 minutes"), no
rule a newer limit replaced, so no value of a slot retires one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache

from agentmem.core.apart import set_apart
from agentmem.core.cadence import SECONDS
from agentmem.core.commands import lines
from agentmem.core.cues import CUE_BACKWARD, says_changed
from agentmem.core.lookalike import another_instance
from agentmem.core.model import Hit, HookName, Kind, Memory, MemoryType
from agentmem.core.places import places
from agentmem.core.removal import mentions
from agentmem.core.restate import retraction
from agentmem.core.statement import CAPITALISED, CODED, RECORD, UNITS, content_and_values, terms
from agentmem.core.withdrawnvalue import named_withdrawn
from agentmem.retrieval.handover import holder_retired, holders
from agentmem.retrieval.stated import CLAUSE, COMMON_KINDS, DURATION, valued
from agentmem.stores.bm25 import tokenize

GLOBAL = "_global"  # a lesson every app reads: its change speaks for each
SAME_SLOT = 2  # content words the clauses holding the old value and the new one share
PATH_KIND = "path"  # the slot of a URL or a path: a new place retires the old one
NO_SLOT = ("date", "code")  # a record's day, a code span: no value of a slot told anew


def outdated(hits: Sequence[Hit], every: Sequence[Hit], query: str) -> list[Hit]:
    """`hits` (lessons or run records) without those a newer lesson among `every` (the
    read's candidate lessons) retired (see the module docstring): a live one, or one replaced
    since by anything but a retraction (`_kept_changes`)."""
    live, common = _live(every), set(terms(query).content)
    changes = [*live, *_kept_changes(every)]
    return [
        h
        for h in hits
        if h.memory.kind is not Kind.OBSERVATION
        or not retirable(h.memory)
        or not any(retired_by_newer(h.memory, new, common, live) for new in changes)
    ]


def _kept_changes(every: Sequence[Hit]) -> list[Memory]:
    """The replaced observations among `every` whose change still stands: replaced by a
    newer saying (a check that enforces the new address, a later how-to), never by a
    retraction. A move of the nightly export to a new folder, replaced later by a check that
    refuses any other folder, still retires the lesson naming the old folder; a later lesson
    that states the old value again keeps it (`retired_by_newer`)."""
    taken_back = {
        i for h in every if retraction(h.memory.text) is not None for i in h.memory.supersedes
    }
    replaced = {i for h in every for i in h.memory.supersedes} - taken_back
    return [
        h.memory for h in every if h.memory.id in replaced and h.memory.kind is Kind.OBSERVATION
    ]


def _live(every: Sequence[Hit]) -> list[Memory]:
    """The observations among `every` that nothing among them replaced."""
    replaced = {i for h in every for i in h.memory.supersedes}
    return [
        h.memory for h in every if h.memory.id not in replaced and h.memory.kind is Kind.OBSERVATION
    ]


def outdated_in_place(hits: Sequence[Hit], every: Sequence[Hit], query: str) -> list[Hit]:
    """`outdated`, each newer lesson among `hits` that retired one scoring at least what the
    one it retired scored, best first: the newer statement takes the older one's place (as
    the writer's replacements do, `agentmem.retrieval.select.in_their_place`). A change is
    often told in words the goal shares less ("parcels now go out from the east depot"
    against "ship a parcel from the north depot, packed in a crate"), and once it fell under
    the pack's bar while the lesson it retired, which held the place, left."""
    kept = outdated(hits, every, query)
    held = {h.memory.id for h in kept}
    gone = [h for h in hits if h.memory.id not in held]
    if not gone:
        return list(kept)
    common, live = set(terms(query).content), _live(every)
    lifted = []
    for hit in kept:
        if hit.memory.kind is not Kind.OBSERVATION:
            lifted.append(hit)
            continue
        olds = [g.score for g in gone if retired_by_newer(g.memory, hit.memory, common, live)]
        if olds and max(olds) > hit.score:
            hit = hit.model_copy(update={"score": max(olds)})
        lifted.append(hit)
    return sorted(lifted, key=lambda h: -h.score)


def retired_by_newer(
    old: Memory, new: Memory, common: set[str], others: Sequence[Memory] = ()
) -> bool:
    """Whether `new` retired a value or the tool `old` states (see the module docstring);
    `common` holds the query's words, `others` the lessons a later one may restate in."""
    if new.created_at <= old.created_at or new.id == old.id:
        return False
    if new.app_id not in (old.app_id, GLOBAL):
        return False
    if old.source and old.source == new.source and not from_runs(old, new):
        return False  # another section of one document
    record = old.type is MemoryType.EPISODIC
    # What each way of retiring needs of both texts, read once per text: most pairs have
    # none of it, and are done with before anything is read of the pair.
    by_holder = bool(holders(old.text) and holders(new.text))
    by_tool = bool(tools(old.text) and tools(new.text))
    by_slot = not record and bool(told := told_kinds(old.text)) and bool(told & kinds(new.text))
    if not (by_holder or by_tool or by_slot):
        return False
    if set_apart(new.text, old.text) or set_apart(old.text, new.text):
        return False
    later = [m for m in others if m.created_at > new.created_at and m.app_id == old.app_id]
    if by_holder and holder_retired(old, new, common, later):
        return True  # the clauses holding the role share the subject's words
    if not record and not set(terms(old.text).head) & set(terms(new.text).head):
        return False  # each opens on a thing of its own
    if (
        by_tool
        and (gone := tool_retired(old.text, new.text, common))
        and not any(mentions(m.text.lower(), t) for m in later for t in gone)
    ):
        return True
    if not by_slot:
        return False  # a run's measured figures are no rule's values
    if another_instance(new.text, old.text):
        return False  # another member's own value ("Line 2 filler now runs 220/min")
    return any(not _said_again(slot, later) for slot in slot_retired(old.text, new.text, common))


def retirable(old: Memory) -> bool:
    """Whether any newer lesson may retire `old` at all (`retired_by_newer`): it gives a
    role, runs a tool, or (a lesson) states a value of a slot."""
    text = old.text
    lesson = old.type is not MemoryType.EPISODIC
    return bool(tools(text) or holders(text) or (lesson and told_kinds(text)))


def from_runs(old: Memory, new: Memory) -> bool:
    """Both lessons were told by runs (hook C): their `source` is the host loop that ran
    them, no document the two are sections of."""
    return old.trigger == new.trigger == HookName.POST_RUN_CLASSIFY.value


def slot_retired(old: str, new: str, common: set[str]) -> list[tuple[str, str, frozenset[str]]]:
    """The values of `old` (kind, value, the words of its clause) that `new` retired: it
    gives another value of the kind in a clause sharing `SAME_SLOT` words with the old
    one's, one not in `common`, no name apart, and says so where it gives it."""
    had, has = slot_values(old), slot_values(new)
    record = RECORD.match(new) is not None
    out = []
    for (kind, value), words in had.items():
        if kind in NO_SLOT or kind in COMMON_KINDS or (kind, value) in has:
            continue
        if mentions(new.lower(), value.lower()):
            continue
        for (other, now), news in has.items():
            if other != kind or (other, now) in had:
                continue
            shared = words & news - set(kind.split())
            if len(shared) < SAME_SLOT or not shared - common:
                continue
            if named_apart(_holding(CLAUSE, old, value), old, _holding(CLAUSE, new, now), new):
                continue
            if not (record or says_change(_holding(SENTENCE, new, now))):
                continue
            if named_withdrawn(new, now):
                continue  # the day or figure of a claim the newer one withdraws
            if not named_withdrawn(old, value):  # else no value of the older one's own
                out.append((kind, value, words))
            break
    return out


def _said_again(slot: tuple[str, str, frozenset[str]], later: Sequence[Memory]) -> bool:
    """A lesson written after the newer one states the old value of the same slot again."""
    kind, value, words = slot
    for memory in later:
        said = slot_values(memory.text).get((kind, value))
        if said and len(said & words) >= SAME_SLOT:
            return True
    return False


# A name: a word in capitals or a word joined to a number ("EU", "QA2", "Line-3"), or a
# capitalised word inside a sentence ("the Lisbon desk", "the desk (Lisbon)").
NAME = re.compile(f"{CODED.pattern}|{CAPITALISED.pattern}")
SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


def named_apart(old_clause: str, old: str, new_clause: str, new: str) -> bool:
    """Each value's clause names a thing the other text never names: two desks, two
    regions, each with a value of its own ("the EU desk closes at 16:00" and, later,
    "since March the APAC desk closes at 18:00")."""
    mine = {n for n in NAME.findall(old_clause) if n.lower() not in new.lower()}
    theirs = {n for n in NAME.findall(new_clause) if n.lower() not in old.lower()}
    return bool(mine and theirs)


def _holding(parts: re.Pattern[str], text: str, value: str) -> str:
    """The parts of `text` (clauses or sentences) that write `value`, or all of it when
    none does (a length of time told in another unit)."""
    held = [p for p in parts.split(text) if value.lower() in p.lower()]
    return " ".join(held) or text


def says_change(text: str) -> bool:
    """The text says something changed, going forward or gone ("now", "was removed")."""
    return says_changed(text) or CUE_BACKWARD.search(text) is not None


@lru_cache(maxsize=4096)
def tools(text: str) -> Mapping[str, str]:
    """The tools whose command lines `text` writes, each with the clause that holds it."""
    out: dict[str, str] = {}
    for clause in CLAUSE.split(text):
        for tool in (c[0] for c in lines(clause)):
            out.setdefault(tool, clause)
    return out


def tool_retired(old: str, new: str, common: set[str]) -> list[str]:
    """The tools of `old` that `new` no longer runs for the same job: it runs another tool
    in a clause sharing `SAME_SLOT` words with the old command's, one not in `common` unless
    the sentence that runs it says it changed (two lessons on one job share the goal's
    words: "since the upgrade a unit is built with `newtool run --unit <u>`" still retires
    "build a unit with `oldtool --unit <u>`"), and names no old tool where the other names
    no new one.
    Also a command of a tool both run (`subcommand_retired`)."""
    olds, news = tools(old), tools(new)
    out = []
    for tool, clause in olds.items():
        if tool in news or mentions(new.lower(), tool):
            continue
        for other, there in news.items():
            if mentions(old.lower(), other):
                continue
            shared = _words(clause) & _words(there) - _words(f"{tool} {other}")
            if len(shared) >= SAME_SLOT and (
                shared - common or says_change(_holding(SENTENCE, new, other))
            ):
                out.append(tool)
                break
    return out + subcommand_retired(old, new)


@lru_cache(maxsize=4096)
def commands(text: str) -> Mapping[tuple[str, str], str]:
    """The (tool, subcommand) pairs whose command lines `text` writes, each with the clause
    that holds it."""
    out: dict[tuple[str, str], str] = {}
    for clause in CLAUSE.split(text):
        for words in lines(clause):
            if len(words) >= 2:
                out.setdefault((words[0], words[1]), clause)
    return out


def subcommand_retired(old: str, new: str) -> list[str]:
    """The commands of `old` ("growctl drip") whose job `new` gives to another subcommand of
    the same tool ("growctl mist") and says so: in a clause sharing `SAME_SLOT` words with
    the old command's (the query's words count: the tool in common already ties the two to
    one kind of work), never naming the old subcommand, in a sentence that says something
    changed ("since the pump swap, trays are now watered with growctl mist <bay>"). One
    tool's subcommands often do two jobs side by side, so unlike a new tool, a new
    subcommand needs the word of change."""
    news = commands(new)
    out = []
    for (tool, sub), clause in commands(old).items():
        if (tool, sub) in news or mentions(new.lower(), sub):
            continue
        for (other, now), there in news.items():
            if other != tool or mentions(old.lower(), now):
                continue
            shared = _words(clause) & _words(there) - _words(f"{tool} {sub} {now}")
            if len(shared) < SAME_SLOT:
                continue
            if says_change(_holding(SENTENCE, new, f"{tool} {now}")):
                out.append(f"{tool} {sub}")
                break
    return out


def _words(text: str) -> set[str]:
    return {t for t in content_and_values(text).content if len(t) >= 3 and not t.isdigit()}


# A number and the unit it counts, joined by a hyphen or a space, signed or not: "a
# 45-second hold", "3 pallets of stock", "-12 dBFS" (`valued` reads the first two as bare
# numbers).
MEASURE = re.compile(
    r"(?<![\w.,/:-])([-\u2212]?\d[\d,]*(?:\.\d+)?)(?:-|\s)(?:of\s+)?([A-Za-z]{2,})\b"
)
# seconds in a second, a minute, an hour written out, from the one table of units; "days",
# "mins", "weeks" stay counts of their own unit, as `slot_values` has always read them
TIME_UNITS = {
    w: SECONDS[UNITS[w]] for w in ("second", "seconds", "minute", "minutes", "hour", "hours")
}


@lru_cache(maxsize=4096)
def kinds(text: str) -> frozenset[str]:
    """The kinds of value `text` states (`slot_values`)."""
    return frozenset(kind for kind, _ in slot_values(text))


@lru_cache(maxsize=4096)
def told_kinds(text: str) -> frozenset[str]:
    """The kinds of value `text` states that a newer value of the kind may retire: a day, a
    code span, a bare number or a weekday tells none."""
    return frozenset(k for k in kinds(text) if k not in NO_SLOT and k not in COMMON_KINDS)


@lru_cache(maxsize=4096)
def slot_values(text: str) -> Mapping[tuple[str, str], frozenset[str]]:
    """`agentmem.retrieval.stated.valued`, a count of any unit however joined to its
    number ("45-second" a length of time, "3 pallets" a count of pallets) and a URL or a
    path (`agentmem.core.places`: "since the disk swap the export writes to /data/out"
    retires /srv/out), with the words of its clause."""
    out = dict(valued(text))
    for clause in CLAUSE.split(text):
        for number, unit in MEASURE.findall(clause):
            if not (stem := tokenize(unit)):
                continue
            value = number.replace(",", "").replace("\u2212", "-")
            if unit.lower() in TIME_UNITS:
                key = (DURATION, f"{float(value) * TIME_UNITS[unit.lower()]:g}")
            else:
                key = ("unit " + stem[0], value)
            out.setdefault(key, frozenset(_words(clause)))
        for place in places(clause):  # a path's own words say where, not what of
            out.setdefault((PATH_KIND, place), frozenset(_words(clause) - _words(place)))
    return out
