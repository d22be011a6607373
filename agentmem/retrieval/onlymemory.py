"""A success's record that is the only memory of a value it set stays in reach of the pack.

The read-time rules leave out a run record written before a change that still quotes what
the change retired (`agentmem.retrieval.beforechange.tells_retired`, `told_before`): an
old run's values went stale. They trust the change: that a replaced lesson's values the
replacement no longer states were retired. Often the replacement is no change of those
values at all: a lesson that adds a test to an acceptance list, a measurement ("reached
12.1 m below CD") beside a design depth, a retro's grab-bag line that shares one word
("flow") with the procedure it replaced. Then the success that set the value ("Spec table
for N330 entered: iodine 77-87 g/kg", "S-1 alarm at 85% and S-2 at 87% of volume",
"frames go to AT-1 within 4 h of the quench") was the only memory still telling it, and
the worker lost it. On the written-blind tuning scenarios such records were the largest
single loss of packs whose need was retrieved.

So a plain success left out by one of those rules comes back when what the rule held
against it is a value it states (no name, tool, path or command: those a change does
retire by leaving them out), and no lesson written after the run gives a value of the
same kind another value in a clause on the same thing (`SAME_THING` words shared with the
record's clause holding it): nothing later tells that slot, so nothing tells it anew. A
stale run's value was changed by a later lesson that says its new value of the same
thing ("temper 180 °C for 2 h" after "temper 170 °C"); that record still goes. So does
one a later lesson names the value of as the old one ("collects at 15:00 instead of
16:30", "FermTempC = 12.0 (was 16.0 …)", `_names_old`), and one whose value sat in a clause
of the replaced lesson its replacement speaks of (`spoken_of`: a remedy taken away by a
lesson on the same trouble). A record's own clause is often short ("settled 2 h"): a later
lesson's clause holding all of its words is on the same thing.

Such a record takes a place of its own beside the pack's one plain success
(`alone_places`): that place goes to the newest doing of the goal's work, which tells how
it went, not the value an older run set. The records are weighed against every lesson the
read holds, replaced ones included (`agentmem.retrieval.select`).

Two more readings keep a record out: a later lesson that says the coded thing it names
changed ("HGS-01 was switched off", `_changed_thing`), or takes back in its words the
practice it applied ("Withdrawn: the longer chamber 2 cure …", `_takes_back`).

Pack need on the written-blind scenarios: first half (111, four of the six of the round
before among them) 1375 -> 1381 of 1522, second half (99) 1261 -> 1266 of 1395; stale items
212 -> 212 and 253 -> 253, no need lost, the repository's ten unchanged. The first try,
without the old values, the temperatures, the short clauses, the changed things and the
takings back, let back six stale records on the first half and two on the second.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence, Set

from agentmem.core.cues import old_values
from agentmem.core.model import Hit, Kind, Memory, MemoryType, Outcome
from agentmem.core.removal import mentions
from agentmem.core.restate import retraction
from agentmem.core.retiredvalues import retired_values
from agentmem.core.statement import content_and_values
from agentmem.harvest.runrecord import read_record
from agentmem.retrieval.commanded import GONE, OPTION, TOOL
from agentmem.retrieval.conflict import NO_SLOT, SENTENCE, says_change
from agentmem.retrieval.lingering import Change, quotes_retired, readings, retired_by
from agentmem.retrieval.newerwins import same_value
from agentmem.retrieval.stated import CLAUSE, COMMON_KINDS

SAME_THING = 2  # words a later lesson's clause shares with the record's about a value
NAMED = (TOOL, GONE, OPTION)  # what a change retires by leaving it out: never a value


def only_memory(record: Memory, lessons: Sequence[Memory]) -> bool:
    """Whether `record` is a plain success stating values of its own (a kind a slot has)
    that no lesson among `lessons` written after it gives another value of, on the same
    thing, nor replaced the lesson that told one of them speaking of it (`spoken_of`): the
    record is the only memory of those values (module docstring)."""
    if record.type is not MemoryType.EPISODIC or record.outcome is not Outcome.SUCCESS:
        return False
    if spoken_of(record, lessons):
        return False
    mine = _values(read_record(record.text).summary)  # not "All 3 check(s) passed"
    if not mine:
        return False
    later = [
        m
        for m in lessons
        if m.created_at > record.created_at
        and m.type is not MemoryType.EPISODIC
        and m.kind is Kind.OBSERVATION
    ]
    labels = [value for kind, value in mine if kind.startswith("label")]
    told = _words(record.text)
    for lesson in later:
        if _names_old(lesson.text, [had for _, had in mine]):
            return False
        if _changed_thing(lesson.text, labels) or _takes_back(lesson.text, told):
            return False
        for (kind, value), words in _values(lesson.text).items():
            for (own, had), said in mine.items():
                if own != kind or same_value(value, had):
                    continue
                # a record's clause is short ("settled 2 h"): all of its words are enough
                if said and len(words & said) >= min(SAME_THING, len(said)):
                    return False
    return True


def _changed_thing(text: str, labels: Sequence[str]) -> bool:
    """A sentence of `text` names a thing the record names by its code ("HGS-01") and says
    it changed ("HGS-01 was switched off on 27 Sep"): the record's values were of it."""
    return any(
        says_change(sentence) and any(mentions(sentence, label) for label in labels)
        for sentence in SENTENCE.split(text)
    )


def _takes_back(text: str, told: Set[str]) -> bool:
    """`text` takes back a lesson ("Withdrawn: the longer chamber 2 cure did not stop the
    blisters") in `SPOKEN_OF` of the record's words: the run applied what was taken back."""
    return bool(retraction(text)) and len(_words(text) & told) >= SPOKEN_OF


NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")


def _names_old(text: str, values: Sequence[str]) -> bool:
    """`text` names one of `values` as the value a change moved away from ("instead of
    16:30", "was 16.0"): a record quoting it tells how things were."""
    for start, end in old_values(text):
        span = text[start:end]
        told = [span, *NUMBER.findall(span)]
        if any(same_value(t.strip(" %"), v) for t in told for v in values):
            return True
    return False


TEMPERATURE = re.compile(r"(-?\d+(?:[.,]\d+)?)\s*°\s*([CF])\b")


def _values(text: str) -> Mapping[tuple[str, str], frozenset[str]]:
    """The values `text` states of a kind a slot has, each with its clause's words; a
    temperature too ("glycol at 16 °C"), which the reader's readings leave out."""
    out = {
        key: words
        for key, words in readings(text).items()
        if key[0] not in NO_SLOT and key[0] not in COMMON_KINDS
    }
    for clause in CLAUSE.split(text):
        for value, scale in TEMPERATURE.findall(clause):
            out.setdefault((f"°{scale.lower()}", value), frozenset(_words(clause)))
    return out


def quotes_values_only(record: Memory, moved: Sequence[Change]) -> bool:
    """Whether what `told_before` holds against `record` is only values: every change it
    quotes (`quotes_retired`) retired of it no tool, command or option."""
    quoted = [c for c in moved if quotes_retired(record, [c])]
    if not quoted:
        return False
    for change in quoted:
        named = {k: w for k, w in change.retired.items() if k[0] in NAMED}
        if named and quotes_retired(record, [change._replace(retired=named)]):
            return False
    return True


UNIT_AFTER = r"\d[\d.,]*\s*(?:[-–]\s*\d[\d.,]*\s*)?"  # "77-87 g/kg", "2100 mJ/cm²"


def tells_values_only(record: Memory, retired: Mapping[str, str]) -> bool:
    """Whether what `tells_retired` holds against `record` (the retired things it names,
    dated after it) is only values: each holds a digit its values state, or is the unit
    of one of its numbers ("g/kg" of "77-87 g/kg"); a name, a path or a command is not."""
    told = [
        value
        for value, when in retired.items()
        if record.created_at < when and mentions(record.text, value)
    ]
    if not told:
        return False
    numbers = {v for _, v in _values(read_record(record.text).summary)}
    low = record.text.lower()
    for value in told:
        if re.search(r"[0-9]", value):
            head = re.match(r"[\d.,\-–]+", value.strip())
            number = head.group(0).strip(".,-–") if head else ""
            if not any(same_value(number, n) or number in n for n in numbers):
                return False
        elif not re.search(UNIT_AFTER + re.escape(value), low):
            return False
    return True


MAX_ALONE = 1  # places beside the pack's one plain success for such records
ALONE_RELEVANT = 0.35  # share of the best record's score one needs (the records' own bar)


def alone_places(records: Sequence[Hit], chosen: Sequence[Hit], alone: Set[str]) -> list[Hit]:
    """The best of `records` (the goal's same work) kept as the only memory of its values
    (`alone`), over the records' bar, when the pack does not hold it yet: at most
    `MAX_ALONE`. The pack's one plain-success place goes to the newest doing of the goal's
    work, which tells how it went, not the value an older run set; the record that is the
    only memory of that value takes a place of its own."""
    best = max((h.score for h in records), default=0.0)
    held = {h.memory.id for h in chosen}
    out = [
        h
        for h in records
        if h.memory.id in alone and h.memory.id not in held and h.score >= ALONE_RELEVANT * best
    ]
    return sorted(out, key=lambda h: -h.score)[:MAX_ALONE]


SPOKEN_OF = 3  # words the replaced lesson's clause holding a value shares with its replacement


def spoken_of(record: Memory, lessons: Sequence[Memory]) -> bool:
    """Whether a lesson among `lessons` written after `record` replaced one whose clause
    holding a value the record quotes it speaks of, in `SPOKEN_OF` of that clause's words:
    "Pellet cracking in the pan comes from cores not conditioned 48 h" replaced "Pellet
    cracking in the coating pan: add 1 % gum arabic to the first syrup layers"; the run
    that coated with 1 % gum arabic followed the remedy taken away, though no later lesson
    gives gum arabic another share. A replacement that adds a test, or tells a reading of
    another thing, shares a word or two with the clause, not its subject. A value the
    replacement still states ("2100 holds at 1.4 %" of a dose of 2100 mJ/cm²) it keeps."""
    by_id = {m.id: m for m in lessons}
    summary = read_record(record.text).summary
    mine = readings(record.text)
    for new in lessons:
        if new.created_at <= record.created_at or new.kind is not Kind.OBSERVATION:
            continue
        said = _words(new.text)
        for old in (by_id[i] for i in new.supersedes if i in by_id):
            for value in retired_values(old.text, new.text):
                if not mentions(record.text, value) or _kept(summary, value, new.text):
                    continue
                if len(_words(_clause(old.text, value)) & said) >= SPOKEN_OF:
                    return True
            change = retired_by(old.text, new.text, new.created_at, True)
            if change is None or not quotes_retired(record, [change]):
                continue
            for key, words in change.before.items():
                if key in mine and len(words & said) >= SPOKEN_OF:
                    return True
    return False


def _kept(summary: str, unit: str, new: str) -> bool:
    """A unit the replacement no longer writes, of a number of the record it still does."""
    if re.search(r"[0-9]", unit):  # "²" is a digit to str.isdigit
        return False
    numbers = re.findall(r"(\d[\d.,]*)\s*" + re.escape(unit), summary.lower())
    return any(mentions(new.lower(), n) for n in numbers)


def _words(text: str) -> set[str]:
    """Content words of three letters or more, no number (as `newerwins` reads a clause)."""
    return {t for t in content_and_values(text).content if len(t) >= 3 and not t.isdigit()}


def _clause(text: str, value: str) -> str:
    held = [c for c in CLAUSE.split(text) if value.lower() in c.lower()]
    return " ".join(held) or text
