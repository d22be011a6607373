"""Run records that tell a lesson memory has since taken back: read as hook E reads them.

A lesson is *taken back* when what supersedes it says it no longer holds: a retraction, a
text saying the team no longer does it, a later lesson that gives another cause and says
the old one was not it ("the dips were the drifting transmitter, not the booster pump").
That is the writer's own reading (`agentmem.harvest.withdrawn.takes_back`, asking
`agentmem.core.retract`), read here only where a sentence of the later text says no about
the lesson's own thing (`gainsays`), and the one hook E already quotes its patterns by: no pattern
quotes the run that wrote such a lesson (`withdrawn_runs`), nor takes as its example a
failure whose account followed it while it stood (`agentmem.harvest.followed`: "a reset
of the burner restarted it but the alarm stayed", after "reset the burner on an alarm").

The reader used it only for the lessons themselves (superseded, never packed). The run
records carrying the same claim reached packs and hook A's bundles: the run that wrote
"odour alarms come from burner flame-outs; reset the burner" told it again in its summary,
and the next run that followed it told it in the words of advice. Both leave a read
(`untold`) when the lesson that took the claim back is among the lessons the read holds
(the query's lessons, replaced ones included): the same question found the claim and its
taking back. A lesson merely replaced by a newer value is not taken back, and leaves the
run's account standing (`agentmem.retrieval.beforechange` dates those).

A success's record of that run leaves only when its own account (the summary, past its
goal) tells what the denial says no to, sharing `SHARED` words with the denying sentence:
a run that loaded a recipe ("Recipe HT-6205-IR: …, temper 170 °C 2 h") and wrote a lesson
of its settings tells no cause a retro's "tempering is NOT the cause of soft rings" denies,
and its record is the only memory left that says the recipe (`told_claim`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from agentmem.core.model import SETBACKS, Hit, Memory, MemoryType
from agentmem.core.words import function_words
from agentmem.harvest.followed import Practice, follows, taken_back
from agentmem.harvest.patterns import failures_of
from agentmem.harvest.phrases import terms
from agentmem.harvest.runrecord import record_goal
from agentmem.harvest.withdrawn import LESSONS, takes_back

# A sentence that says no: the part of a text that can take a lesson back.
DENIAL = re.compile(
    r"\b(?:not|never|no\s+longer|wrong|retract\w*|disregard\w*|mistaken)\b|n't\b", re.I
)
SENTENCE = re.compile(r"(?<=[.;!?])\s+|\n+")
SHARED = 2  # content words a denying sentence shares with the lesson it takes back
# The words every record's frame says, whatever its run told.
FRAME = terms("Run ended in success. All check(s) passed.")


def gainsays(newer: Memory, lesson: Memory) -> bool:
    """Whether `newer` takes the lesson back (`takes_back`, the writer's reading) in a
    sentence that says no and speaks of the lesson's own thing: one sharing `SHARED` of its
    content words ("the dips were the transmitter, not the booster pump" of "the dips come
    from the booster pump"). A document that supersedes a lesson and strikes out a line on
    another thing ("BM-2 can run at 6.2 MW -- wrong") takes nothing back of it."""
    if lesson.type not in LESSONS or not takes_back(newer, lesson):
        return False
    own = terms(lesson.text) - function_words()
    return any(
        DENIAL.search(part) and len(terms(part) & own) >= SHARED
        for part in SENTENCE.split(newer.text)
    )


def gainsaid(lessons: Sequence[Memory]) -> frozenset[str]:
    """The ids of the lessons among `lessons` that one superseding them gainsays."""
    by_id = {m.id: m for m in lessons}
    return frozenset(
        old.id
        for newer in lessons
        for old in (by_id.get(i) for i in newer.supersedes)
        if old is not None and gainsays(newer, old)
    )


def untold(records: Sequence[Hit], lessons: Sequence[Hit]) -> list[Hit]:
    """The `records` that tell no lesson taken back among `lessons` (module docstring):
    neither the record of the run that wrote one nor a run that followed one."""
    held = [h.memory for h in lessons]
    denied = gainsaid(held)
    if not denied:
        return list(records)
    runs = {m.run_id for m in held if m.id in denied}
    said = denials(held, denied)
    practices = [p for p in taken_back(held) if p.lesson in denied]
    return [
        h
        for h in records
        if not (h.memory.run_id in runs and told_claim(h.memory, said.get(h.memory.run_id, [])))
        and not followed(h, practices)
    ]


def denials(lessons: Sequence[Memory], denied: frozenset[str]) -> dict[str, list[frozenset[str]]]:
    """By the run that wrote each denied lesson among `lessons`: the content words of the
    sentences that say no about it (`gainsays`' reading)."""
    by_id = {m.id: m for m in lessons}
    out: dict[str, list[frozenset[str]]] = {}
    for newer in lessons:
        for old in (by_id.get(i) for i in newer.supersedes):
            if old is None or old.id not in denied:
                continue
            own = terms(old.text) - function_words()
            out.setdefault(old.run_id, []).extend(
                frozenset(terms(part) - function_words())
                for part in SENTENCE.split(newer.text)
                if DENIAL.search(part) and len(terms(part) & own) >= SHARED
            )
    return out


def told_claim(record: Memory, said: Sequence[frozenset[str]]) -> bool:
    """Whether the record of a run that wrote a denied lesson tells the claim denied: a
    setback always (its account is the claim's ground), a success when its account past its
    goal shares `SHARED` words with a denying sentence (module docstring)."""
    if record.outcome in SETBACKS or record.type is not MemoryType.EPISODIC:
        return True
    account = terms(record.text) - terms(record_goal(record.text)) - FRAME - function_words()
    return any(len(account & part) >= SHARED for part in said)


def followed(record: Hit, practices: Sequence[Practice]) -> bool:
    """A setback's record whose account tells a taken-back lesson while it stood, in words
    neither its failed check nor its goal says (`agentmem.harvest.followed`: those name the
    symptom and the work, which a lesson on that work shares). A success's summary repeats
    its work's words: only setbacks are read."""
    memory = record.memory
    if memory.type is not MemoryType.EPISODIC or memory.outcome not in SETBACKS:
        return False
    goal = record_goal(memory.text)
    return any(
        follows(replace(f, detail=f"{f.detail} {goal}"), practices) for f in failures_of(memory)
    )
