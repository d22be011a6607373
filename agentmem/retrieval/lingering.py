"""What lingers from before a recorded change: older live memories that still state what it
retired.

The writer marks a replaced lesson superseded, so the lesson itself never reaches a reader.
Other memories written before the change may say the same thing in their own words and
nobody replaced them: a review's reminder of the old rule, a how-to quoting the old
setting, hook E's account of failures under the old limit. Each is live, and each tells
how things were.

A run record or hook E's pattern of runs before the change tells how things were when it
quotes what the change retired (`Change`, `retired_by`, `quotes_retired`): the partial run
of a seedling batch "sown 30 days before planting out", after a decision moved the batch to
"six weeks ahead" (one lead time told in two units); the failure of "`sowctl plan`" after
sowctl was switched off. A record that names the new value as well tells the change itself
(a value the replaced lesson said too is no new one). A length of time is one value in any
units (`durations`): a timer's log that prints "hold 20m00s" quotes the "20 minutes" a
change cut to "12m30s". A change is dated by the day it says it takes effect when that is
later than the day it was written (`takes_effect`: "closes on 17 March").

A lesson written before the change may state a retired value too, of the same thing the
replaced lesson said it of (`states_retired`): a how-to that still sends a batch "before
18:00" after the cut-off moved.

A change is read from its pair, the replaced lesson and its replacement: what the old text
stated and the new one no longer does (`Retired`: a time, a version, a count with its unit,
a command or code span, where the replacement gives another of the same kind; a command may
simply be gone). A value counts only when the replacement speaks of what it described: the
clause that holds it in the old text shares a word with the clause holding the new value of
its kind (`said_of`). A timetable note that listed two ferries ("North pier: sails
05:40; South pier: sails 08:15"), replaced by "the North pier ferry sails at 06:20 from
Monday", retired no sailing time: the lesson "the South pier boat leaves at 08:15" still
holds. On thirty-three loop-benchmark scenarios that lesson kind had cost a private one a
need its packs and hook A's synthesis had to carry. Of several such values, a replacement
that gives fewer of the kind retires those said of the most of its words (`nearest`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import NamedTuple

from agentmem.core.apart import set_apart
from agentmem.core.commands import lines, spoken
from agentmem.core.compound import nearest
from agentmem.core.cues import says_changed
from agentmem.core.model import Hit, Kind, Memory
from agentmem.core.removal import mentions
from agentmem.core.spoken import MONTH_ORDER, MONTHS, WEEKDAY_NAME
from agentmem.core.statement import CAPITALISED, CODED, terms
from agentmem.retrieval.commanded import GONE as GONE
from agentmem.retrieval.commanded import OPTION, commands_given, commands_retired, quotes
from agentmem.retrieval.commanded import TOOL as TOOL
from agentmem.retrieval.stated import CLAUSE, COMMON_KINDS, labelled, priced
from agentmem.retrieval.stated import DURATION as DURATION
from agentmem.retrieval.stated import durations as durations
from agentmem.retrieval.stated import said_of as said_of
from agentmem.retrieval.stated import valued as valued
from agentmem.retrieval.unsaid import anew
from agentmem.stores.bm25 import tokenize

SAME_THING = 2  # words a lesson's clause shares with the replaced one's about a value
RESTATED = 0.4  # share of a lesson's words an older statement of the same rule holds
NOTHING: Mapping[str, frozenset[str]] = MappingProxyType({})
NO_TEXTS: Mapping[str, str] = MappingProxyType({})
NO_FRAMES: Mapping[tuple[str, str], frozenset[str]] = MappingProxyType({})


class Retired(NamedTuple):
    """One replaced lesson, when its replacement was written, the values it retired and,
    for each, the words of the clauses that say it in the old text and its new one in the
    replacement (`said_of`)."""

    old: Memory
    when: str
    values: frozenset[str]
    frames: Mapping[str, frozenset[str]] = NOTHING


def retirements(every: Sequence[Hit]) -> list[Retired]:
    """Each replaced lesson on the query with what its replacement retired (see the module
    docstring). Only observations count: hook E's updated pattern counts more runs."""
    hits = [h for h in every if h.memory.kind is Kind.OBSERVATION]
    held = {h.memory.id: h.memory for h in hits}
    out = []
    for hit in hits:
        olds = [held[i] for i in hit.memory.supersedes if i in held]
        if not olds:
            continue  # it replaced nothing the query found: nothing of it to read
        new_text = hit.memory.text
        new, new_labels = terms(new_text).values, labelled(new_text)
        for old in olds:
            frames: dict[str, frozenset[str]] = {}
            for kind, said in terms(old.text).values.items():
                if kind in COMMON_KINDS or (kind != "code" and kind not in new):
                    continue
                found: dict[str, frozenset[str]] = {}
                for value in said - new.get(kind, frozenset()):
                    if frame := _retired(old.text, value, new_text, new.get(kind, ())):
                        found[value] = frame
                # of a compound lesson, the values of the clause the replacement speaks of
                clauses = {value: said_of(old.text, value) for value in found}
                given = [said_of(new_text, v) for v in new.get(kind, ())]
                frames.update({v: found[v] for v in nearest(clauses, given)})
            for label, named in labelled(old.text).items():
                now = new_labels.get(label, set())
                for value in named - now if now else ():  # no new number: not its subject
                    if frame := _retired(old.text, value, new_text, now):
                        frames[value] = frame
            if frames:
                out.append(Retired(old, hit.memory.created_at, frozenset(frames), frames))
    return out


def _retired(old: str, value: str, new: str, news: Collection[str]) -> frozenset[str]:
    """The words around `value` in `old` and around its new values `news` in `new`, when
    the replacement retired it (empty when not): it does not say it, and it says another
    value of its kind in a clause sharing a word with the old value's (a code span may
    simply be gone: `news` empty)."""
    if value.lower() in new.lower():
        return frozenset()
    before, after = said_of(old, value), said_of(new, *news)
    if news and not before & after:
        return frozenset()
    return frozenset(before | after)


def restates_old(
    lesson: Memory, olds: Sequence[Retired], replaced: Mapping[str, str] = NO_TEXTS
) -> bool:
    """A live lesson written before a change that says again, in its own words, what the
    change replaced: it gives the retired value and shares the replaced lesson's subject (a
    review's reminder of the rule a run lesson stated first, kept apart by the writer as
    no duplicate).

    A change itself tells a new value, whatever old one it names; it still lingers when a
    later change retired the value it gave as new, one none of the lessons it replaced says
    (their texts by id in `replaced`; unknown, it is kept), said where either text of the
    later pair says that value: "the kiln batch now loads at T-50" in a review, after a decision
    moved the batch to T-35 and replaced the rule that gave T-50."""
    if lesson.kind is not Kind.OBSERVATION:
        return False
    change = bool(lesson.supersedes) or says_changed(lesson.text)
    own = [replaced.get(i) for i in lesson.supersedes]
    if change and (not own or None in own):
        return False
    words = set(tokenize(lesson.text))
    for old, when, values, *rest in olds:
        if lesson.created_at >= when or (old.source and old.source == lesson.source):
            continue  # newer, or a sibling of one document (another section of it)
        if set_apart(lesson.text, old.text):
            continue  # "the EU cluster keeps its own nightly run": another thing's value
        said = [v for v in values if mentions(lesson.text, v.lower())]
        if change:
            frames = rest[0] if rest else NOTHING
            said = [v for v in said if not any(v.lower() in (t or "").lower() for t in own)]
            if any(said_of(lesson.text, v) & frames.get(v, frozenset()) for v in said):
                return True
            continue
        shared = words & set(tokenize(old.text))
        if said and len(shared) >= 3 and len(shared) >= RESTATED * len(words):
            return True
    return False


class Change(NamedTuple):
    """One recorded change as a run record or hook E's pattern may still quote it: when its
    replacement was written, what it retired ((kind, value): the words of the clauses that
    say it in the old text and its successor in the new one) and what it gives instead."""

    when: str
    retired: Mapping[tuple[str, str], frozenset[str]]
    given: frozenset[tuple[str, str]]
    before: Mapping[tuple[str, str], frozenset[str]] = NO_FRAMES  # the old clause's words
    names: frozenset[str] = frozenset()  # the names either text writes (`named`)
    named: frozenset[str] = frozenset()  # those of the clauses holding a retired value


def what_changed(every: Sequence[Hit]) -> list[Change]:
    """What each recorded change on the query retired (see `retired_by`), from every lesson
    on it, replaced ones included. Only observations: hook E's updated pattern counts more
    runs, it changes nothing."""
    hits = [h for h in every if h.memory.kind is Kind.OBSERVATION]
    held = {h.memory.id: h.memory for h in hits}
    out = []
    for hit in hits:
        for old in (held[i] for i in hit.memory.supersedes if i in held):
            if change := retired_by(old.text, hit.memory.text, hit.memory.created_at, True):
                out.append(change)
    return out


def retired_by(old: str, new: str, when: str, plain: bool = False) -> Change | None:
    """What a replacement retired of what the lesson it replaced stated: a value of a kind
    it gives anew (a time, a size, an option's number, a lead time however told: "90 days
    before" against "four months ahead"), said of the same thing (a word shared by the
    clauses holding the old value and the new), or the command of a tool its own commands
    no longer run ("`shelfctl push --all`" against "`catalog-sync run`"). None when nothing.

    With `plain` (the reader's changes, `what_changed`), also an amount of money
    (`priced`) and what `agentmem.retrieval.commanded` reads: a command written in prose, a
    subcommand or an option's value the replacement gives the job instead."""
    had, has = (readings(old), readings(new)) if plain else (valued(old), valued(new))
    kinds: dict[str, set[str]] = {}
    for kind, value in has:
        kinds.setdefault(kind, set()).add(value)
    retired: dict[tuple[str, str], frozenset[str]] = {}
    before: dict[tuple[str, str], frozenset[str]] = {}
    for (kind, value), words in had.items():
        if (kind, value) in has or kind not in kinds:
            continue
        after = frozenset().union(*(has[kind, v] for v in kinds[kind]))
        if words & after:
            retired[kind, value] = words | after
            before[kind, value] = words
    # of a compound lesson, the values of the clause the replacement speaks of
    for kind, news in kinds.items():
        olds = {key: words for key, words in before.items() if key[0] == kind}
        kept: set[tuple[str, str]] = nearest(olds, [has[kind, v] for v in news])
        for key in set(olds) - kept:
            del retired[key], before[key]
    tools = {_tool(c) for k, c in has if k == "code"}
    commands = frozenset().union(*(w for (k, _), w in has.items() if k == "code"))
    for (kind, span), words in had.items():
        if kind != "code" or not (head := _tool(span)) or head in tools:
            continue
        tool = head.split()[0]
        if mentions(new.lower(), tool) or words & commands:  # else not its subject
            retired[TOOL if _runs(new, tool) else GONE, head] = frozenset()
    if plain:
        for key, words in commands_retired(old, new).items():
            if (TOOL, key[1]) not in retired and (GONE, key[1]) not in retired:
                retired[key] = frozenset()
                before[key] = words
    if not retired:
        return None
    # What it gives anew: a value the lesson it replaced said too is no news ("the bisque
    # kiln stays at 10 minutes" beside the glaze kiln's new hold).
    given = frozenset(v for v in has if v[0] in {k for k, _ in retired} and v not in had)
    names: frozenset[str] = frozenset()
    held: frozenset[str] = frozenset()
    if plain:
        given |= commands_given(old, new)
        names = named(old) | named(new)
        values = [v for k, v in retired if k not in (TOOL, GONE, OPTION)]
        held = frozenset().union(*(named(c) for c in CLAUSE.split(old) if _holds(c, values)))
    return Change(max(when, takes_effect(new, when)), retired, given, before, names, held)


# A name, as `agentmem.retrieval.conflict` reads one (a word in capitals or joined to a
# number, a capitalised word inside a sentence); conflict imports this module.
NAME = re.compile(f"{CODED.pattern}|{CAPITALISED.pattern}")


def _holds(clause: str, values: Sequence[str]) -> bool:
    return any(v.lower() in clause.lower() for v in values)


def named(text: str, own: str = "") -> frozenset[str]:
    """The names `text` writes (`NAME`: "the South depot",
    "EU", "dock-7"), lower case, leaving out those of `own` (a record's run id)."""
    found = {n.lower() for n in NAME.findall(text.strip())}
    return frozenset(n for n in found if n not in own.lower())


def apart(memory: Memory, change: Change) -> bool:
    """A record that names a thing neither text of the change names, while the clauses of
    the change's old values name one the record never does: two regions, two depots, each
    with a value of its own ("a locker at the east gate, €4 a week" is no quote of the
    west gate's €4 a change raised to €6)."""
    mine = named(memory.text, memory.run_id or "") - change.names
    text = memory.text.lower()
    return bool(mine) and any(n not in text for n in change.named)


MONTH_NUMBERS = {m: n for n, m in enumerate(MONTH_ORDER, 1)}
# A day a change takes effect, after the words that open it: "from 12 May", "starting on
# 2027-03-01", "as of June 3rd, 2027", "retired on **9 April**", "until Oct 9".
EFFECTIVE = re.compile(
    r"\b(?:from|starting(?:\s+(?:on|from))?|beginning(?:\s+on)?|as\s+of|effective(?:\s+(?:from|on))?"
    rf"|on|after|until)\s+[*_]*(?:{WEEKDAY_NAME},?\s+)?"
    r"(?:(?P<iso>\d{4}-\d\d-\d\d)"
    rf"|(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m1>{MONTHS})\b\.?(?:,?\s+(?P<y1>\d{{4}}))?"
    rf"|(?P<m2>{MONTHS})\.?\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(?P<y2>\d{{4}}))?)",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)  # asked of each change once per record it may date
def takes_effect(text: str, written: str) -> str:
    """The latest day a change says it takes effect, as YYYY-MM-DD ("" when it names none):
    a change written on 1 May that switches the old way off "on 12 May" leaves the runs of
    the days between telling the old way too. A day without its year is in the year the
    change was written."""
    out = ""
    for m in EFFECTIVE.finditer(text):
        if m["iso"]:
            out = max(out, m["iso"])
            continue
        day, month, year = m["d1"] or m["d2"], (m["m1"] or m["m2"]).lower()[:3], m["y1"] or m["y2"]
        if 1 <= int(day) <= 31:
            out = max(out, f"{year or written[:4]}-{MONTH_NUMBERS[month]:02d}-{int(day):02d}")
    return out


def _runs(text: str, tool: str) -> bool:
    """Whether `text` still writes a command line of `tool` and a subcommand, in a code
    span or not (`agentmem.core.commands.lines`: "shelfctl sync --region eu")."""
    return any(len(c) >= 2 and c[0] == tool for c in lines(text))


def _tool(span: str) -> str:
    """The tool a code span runs and its subcommand ("shelfctl push" of "shelfctl push
    --all"): a record quotes a command by its first two words. "" when the span is no
    command (`agentmem.core.commands.spoken`)."""
    return " ".join(spoken(span)[:2])


def readings(text: str) -> dict[tuple[str, str], frozenset[str]]:
    """`valued` and the amounts of money the text states (`priced`): what the reader compares
    a change with."""
    return {**valued(text), **priced(text)}


PATTERN_DAYS = re.compile(r"failed in \d+ runs between \S+ and (\d{4}-\d\d-\d\d)")


def told_when(memory: Memory) -> str:
    """When what a memory tells happened: hook E's pattern, the day of the last failure it
    counts (it is rewritten later with the same runs); anything else, when it was written."""
    if memory.kind is Kind.ASSESSMENT and (m := PATTERN_DAYS.search(memory.text)):
        return m.group(1)
    return memory.created_at


def quotes_retired(memory: Memory, olds: Sequence[Change], tools: bool = True) -> bool:
    """A run record or hook E's pattern of runs before a change that still quotes what it
    retired, said of the same thing, and not what it gives instead (a record that names
    both tells of the change itself): "ran with --workers 8" after the worker count went to
    16. A record of the same moment as the change counts as before it (the run that made it
    names the new value). With `tools` False, only a tool said gone counts, not the old
    command of a tool still run another way."""
    if not olds:
        return False
    when, text = told_when(memory), memory.text
    if all(when > change.when for change in olds):
        return False  # after every change: what it quotes is no value of before
    mine = readings(text)
    for change in olds:
        if when > change.when or change.given & mine.keys() or _runs_given(text, change):
            continue
        for (kind, value), frame in change.retired.items():
            if kind in (TOOL, GONE, OPTION):
                if (tools or kind == GONE) and quotes(text, kind, value):
                    return True
            elif (kind, value) in mine and mine[kind, value] & frame and not apart(memory, change):
                return True
    return False


def _runs_given(text: str, change: Change) -> bool:
    """Whether `text` quotes a command or an option's value the change gives anew."""
    return any(k in (TOOL, OPTION) and quotes(text, k, v) for k, v in change.given)


def states_retired(lesson: Memory, olds: Sequence[Change]) -> bool:
    """A lesson written before a change that still states a value it retired as how things
    are, said of the same thing as the replaced lesson said it: "the kiln's bisque firing
    starts at 21:00" after "bisque firings start at 21:00, glaze ones at 23:00" was replaced
    by "bisque firings now start at 19:30". Of the same thing: its clause holding the value
    shares `SAME_THING` words with the old clause holding it ("the 21:00 call to the
    supplier", in a lesson on the supplier, is another matter).

    A change itself tells of the old value and the new one (`says_changed`); so does a
    lesson that names the new value too; a lesson written at the same moment as the change
    is another part of it. A command of a retired tool is left to the tool's own lessons: a
    how-to names other settings beside it that may still hold."""
    if lesson.supersedes or lesson.kind is not Kind.OBSERVATION:
        return False
    if all(lesson.created_at >= change.when for change in olds):
        return False  # written after every change: it may state anything
    if says_changed(lesson.text):
        return False
    mine = readings(lesson.text)
    for change in olds:
        if lesson.created_at >= change.when or change.given & mine.keys():
            continue
        for key in change.retired:
            words = mine.get(key, frozenset())
            same = len(words & change.before.get(key, frozenset())) >= SAME_THING
            if same and anew(change.given, key[0]):  # not a kind it left unsaid (`unsaid`)
                return True
    return False
