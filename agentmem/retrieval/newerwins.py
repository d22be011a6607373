"""Two candidates on one subject that give one slot two values: the newer one is told.

`agentmem.retrieval.conflict` retires an older lesson when a newer one gives its slot
another value and says so ("now", "from 3 May", "no longer"). A loop often writes the new
value without the word of change ("a glaze firing holds its peak for 12 minutes", weeks
after "glaze firings hold at peak temperature for 20 minutes"), and a read that holds both
told the two side by side. Here the read judges such a pair itself, on what the two sentences say:

- the older is a lesson (an observation: hook E's patterns count runs, they state no
  rule), the newer a live lesson of the same app (or `_global`) written later, from no
  one document with it (two sections of one file are two things on purpose);
- the older states a value of a kind (a count of a unit, a length of time, a clock time,
  a version or figure, a URL or path: `agentmem.retrieval.conflict.slot_values`) that the
  newer never writes, and the newer states another value of that kind that the older
  never writes;
- the sentences holding the two values share `SAME_SUBJECT` content words (unit words
  aside), one of them not a word of the query every candidate answers; `CUED_SUBJECT`
  are enough when the newer sentence says something changed;
- the newer one tells of no other instance of the older one's thing (another year,
  numbered thing, channel or place: `agentmem.core.lookalike.another_instance`);
- neither text sets the other apart ("the west gate keeps its own fee") and the clauses
  holding the values name no two different things (two desks, two regions, each with a
  value of its own: `agentmem.retrieval.conflict.named_apart`);
- the newer sentence does not name another value of the kind as the one it replaced
  ("the ferry now leaves at 09:15 instead of 09:40" retires 09:40, not an older "the
  freight barge leaves at 11:00": `names_other_old`);
- no lesson written after the newer one states the old value of the same slot again
  (then both live on);
- neither value is one a text writes only to name the claim it withdraws ("Scrap the brand
  rule from 6 Nov: … rank by unit price" gives no date of its own that "as of 18 Nov …"
  could displace, and the new rule beside the withdrawal stays:
  `agentmem.core.withdrawnvalue`).

A run record or hook E's account of runs written before such a newer lesson that quotes
the retired value in a sentence on the same subject, and neither the new value nor a word
of change, tells how things were (`quotes_displaced`); a record that names the old value to
say it changed, or names the new one too, tells the change and stays.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agentmem.core.apart import set_apart
from agentmem.core.cues import old_values
from agentmem.core.lookalike import another_instance
from agentmem.core.model import Hit, Kind, Memory, MemoryType
from agentmem.core.removal import mentions
from agentmem.core.statement import content_and_values, terms
from agentmem.core.whichone import other_size
from agentmem.core.withdrawnvalue import named_withdrawn
from agentmem.retrieval.conflict import (
    GLOBAL,
    NO_SLOT,
    SENTENCE,
    from_runs,
    kinds,
    named_apart,
    says_change,
    slot_values,
    told_kinds,
)
from agentmem.retrieval.stated import CLAUSE, COMMON_KINDS

SAME_SUBJECT = 3  # content words the two value sentences share when nothing says a change
CUED_SUBJECT = 2  # ... when the newer sentence says something changed
QUOTED = 2  # words a record's sentence with the old value shares with the old sentence


@dataclass(frozen=True)
class Displaced:
    """A value an older lesson states that a newer one displaced: its kind, the value, the
    words of the old sentence, the new value, and when the newer lesson was written."""

    kind: str
    value: str
    words: frozenset[str]
    new: str
    when: str


def displaced(hits: Sequence[Hit], every: Sequence[Hit], query: str) -> list[Hit]:
    """`hits` without the lessons a newer live lesson among `hits` and `every` displaced
    (see the module docstring); each displacing lesson among `hits` scores at least what
    the lesson it displaced scored (the newer statement takes the older one's place)."""
    pool = _live([*hits, *every])
    common = set(terms(query).content)
    gone: dict[str, float] = {}
    dropped: set[str] = set()
    for hit in hits:
        if not told_kinds(hit.memory.text):
            continue  # no value of a slot to displace (`values_displaced` finds none)
        for new in pool:
            if values_displaced(hit.memory, new, common, pool):
                gone[new.id] = max(gone.get(new.id, 0.0), hit.score)
                dropped.add(hit.memory.id)
    out = []
    for hit in hits:
        if hit.memory.id in dropped:
            continue
        if gone.get(hit.memory.id, 0.0) > hit.score:
            hit = hit.model_copy(update={"score": gone[hit.memory.id]})
        out.append(hit)
    return sorted(out, key=lambda h: -h.score)


def _live(hits: Sequence[Hit]) -> list[Memory]:
    """The distinct observations among `hits` that nothing among them replaced."""
    replaced = {i for h in hits for i in h.memory.supersedes}
    seen: dict[str, Memory] = {}
    for hit in hits:
        memory = hit.memory
        if memory.id in replaced or memory.kind is not Kind.OBSERVATION:
            continue
        if memory.type is MemoryType.EPISODIC:
            continue
        seen.setdefault(memory.id, memory)
    return list(seen.values())


def values_displaced(
    old: Memory, new: Memory, common: set[str], others: Sequence[Memory] = ()
) -> list[Displaced]:
    """The values of lesson `old` that the newer lesson `new` displaced (module docstring);
    `common` holds the query's words, `others` the lessons a later one may restate in."""
    if old.kind is not Kind.OBSERVATION or old.type is MemoryType.EPISODIC:
        return []
    # Most pairs state no value of one kind: judged on the values, read once per text,
    # before anything is read of the pair.
    if not told_kinds(old.text) & kinds(new.text) or not _pair(old, new):
        return []
    had, has = slot_values(old.text), slot_values(new.text)
    old_low, new_low = old.text.lower(), new.text.lower()
    later: list[Memory] | None = None  # read only for a value found displaced
    out = []
    for (kind, value), _ in had.items():
        if kind in NO_SLOT or kind in COMMON_KINDS or (kind, value) in has:
            continue
        if mentions(new_low, value.lower()):
            continue
        said = _sentence(old.text, value)
        for (other, now), _ in has.items():
            if other != kind or (other, now) in had or mentions(old_low, now.lower()):
                continue
            there = _sentence(new.text, now)
            shared = _words(said) & _words(there) - _words(f"{kind} {value} {now}")
            cued = says_change(there)
            if names_other_old(there, kind, value):
                continue
            if len(shared) < (CUED_SUBJECT if cued else SAME_SUBJECT) or not shared - common:
                continue
            if not cued and _two_subjects(said, value, old.text, there, now, new.text):
                continue
            if named_apart(_clause(old.text, value), old.text, _clause(new.text, now), new.text):
                continue
            if named_withdrawn(new.text, now):
                continue  # the day or figure of a claim the newer one withdraws
            if named_withdrawn(old.text, value):
                break  # the older one names a claim it withdraws by it: none of its own
            gone = Displaced(kind, value, frozenset(_words(said)), now, new.created_at)
            if later is None:
                later = [
                    m for m in others if m.created_at > new.created_at and m.app_id == old.app_id
                ]
            if not _said_again(gone, later):
                out.append(gone)
                break
    return out


def names_other_old(sentence: str, kind: str, value: str) -> bool:
    """`sentence` tells the value of `kind` it moved away from ("instead of 09:40", "from 3
    to 5 days", "was 7") and none of those is `value`: the change it says is of another
    value than this one, which it leaves as it was."""
    named = [
        told
        for start, end in old_values(sentence)
        for (other, told), _ in slot_values(sentence[start:end]).items()
        if other == kind
    ]
    return bool(named) and not any(same_value(told, value) for told in named)


def _pair(old: Memory, new: Memory) -> bool:
    """Whether `new` may displace `old` at all: newer, live, of its app or `_global`, from
    no one document with it, neither set apart from the other, the newer not of another
    instance of the older one's thing, nor of another size of it (`other_size`: "500 ml
    cans:" after "330 ml spec:")."""
    if new.created_at <= old.created_at or new.id == old.id:
        return False
    if new.kind is not Kind.OBSERVATION or new.type is MemoryType.EPISODIC:
        return False
    if new.app_id not in (old.app_id, GLOBAL):
        return False
    if old.source and old.source == new.source and not from_runs(old, new):
        return False
    return not (
        set_apart(new.text, old.text)
        or set_apart(old.text, new.text)
        or another_instance(new.text, old.text)
        or other_size(new.text, old.text)
    )


def _two_subjects(said: str, value: str, old: str, there: str, now: str, new: str) -> bool:
    """Each value's sentence leads to it in words the other text never writes: two things
    of one ground, each with its own value ("smoke-test the pandas extra on 3 versions",
    "smoke-test the arrow extra on 5 versions"; "nightly backups of the ledger take 40
    minutes", "schema migrations of the ledger take 5 minutes"). Unless the newer one says
    it changed, no value displaces then."""
    mine, theirs = set(terms(old).content), set(terms(new).content)
    leads, other = _words(_lead(said, value)), _words(_lead(there, now))
    return bool(leads - theirs) and bool(other - mine)


def _lead(sentence: str, value: str) -> str:
    """The words of `sentence` before `value` (all of it when it does not write it)."""
    at = sentence.lower().find(value.lower())
    return sentence[:at] if at > 0 else sentence


def _said_again(gone: Displaced, later: Sequence[Memory]) -> bool:
    """A lesson written after the displacing one states the old value again, on the same
    subject: then both values live on (two things, each with its own)."""
    for memory in later:
        if (gone.kind, gone.value) not in slot_values(memory.text):
            continue
        if len(_words(_sentence(memory.text, gone.value)) & gone.words) >= CUED_SUBJECT:
            return True
    return False


def retired_here(hits: Sequence[Hit], query: str) -> list[Displaced]:
    """Every value a live lesson among `hits` displaced of another among them."""
    pool = _live(hits)
    common = set(terms(query).content)
    lessons = [h.memory for h in hits if h.memory.kind is Kind.OBSERVATION]
    # A lesson often comes twice (a pack's kept lessons and its pairs): judged once.
    judged: dict[int, list[Displaced]] = {}
    out = []
    for old in lessons:
        if not told_kinds(old.text):
            continue  # no value of a slot to displace
        if (seen := judged.get(id(old))) is None:
            seen = [gone for new in pool for gone in values_displaced(old, new, common, pool)]
            judged[id(old)] = seen
        out += seen
    return out


def quotes_displaced(record: Memory, gone: Sequence[Displaced]) -> bool:
    """A run record (or hook E's account of runs) written before a displacing lesson that
    quotes the value it displaced, in a sentence sharing `QUOTED` words with the old
    lesson's, and names neither the new value nor a change: it tells how things were. Hook
    E's pattern written later still quotes its example run as it went, on that run's day
    ("Example, <a run of before>: … at -16.0 LUFS", `_told_on`); a value is the same
    however many zero decimals it is written with (`same_value`)."""
    if record.kind is Kind.OBSERVATION and record.type is not MemoryType.EPISODIC:
        return False
    earliest = min([record.created_at, *_quoted_days(record)])
    if all(earliest >= item.when for item in gone):
        return False  # told after every displacing lesson: its values go unread
    mine = slot_values(record.text)
    low = record.text.lower()
    for item in gone:
        for kind, value in mine:
            if kind != item.kind or not same_value(value, item.value):
                continue
            said = _sentence(record.text, value)
            if _told_on(record, said) >= item.when or mentions(low, item.new.lower()):
                continue
            if says_change(said):
                continue
            if len(_words(said) & item.words - _words(f"{item.kind} {value}")) >= QUOTED:
                return True
    return False


# Hook E's pattern quotes one run as its example: "Example, 2026-05-09-run-014: …" tells
# what happened that day, however late the pattern was written.
EXAMPLE = re.compile(r"\bExample, (\d{4}-\d{2}-\d{2})[\w-]*:")


def _quoted_days(record: Memory) -> list[str]:
    """The days of the runs hook E's pattern quotes as its example (none for a record)."""
    if record.kind is not Kind.ASSESSMENT:
        return []
    return EXAMPLE.findall(record.text)


def _told_on(record: Memory, sentence: str) -> str:
    """When what `sentence` of `record` tells happened: the day of the run a pattern's
    example sentence quotes, else when the record was written."""
    days = EXAMPLE.findall(sentence) if record.kind is Kind.ASSESSMENT else []
    return days[0] if days else record.created_at


def same_value(a: str, b: str) -> bool:
    """One value however many zero decimals it is written with: "-16.0" is "-16", "2.50"
    is "2.5"."""
    if a == b:
        return True
    try:
        return float(a.replace(",", "")) == float(b.replace(",", ""))
    except ValueError:
        return False


def _sentence(text: str, value: str) -> str:
    return _holding(SENTENCE.split(text), text, value)


def _clause(text: str, value: str) -> str:
    return _holding(CLAUSE.split(text), text, value)


def _holding(parts: Sequence[str], text: str, value: str) -> str:
    held = [p for p in parts if p and value.lower() in p.lower()]
    return " ".join(held) or text


def _words(text: str) -> set[str]:
    return {t for t in content_and_values(text).content if len(t) >= 3 and not t.isdigit()}
