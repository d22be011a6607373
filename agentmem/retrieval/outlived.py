"""A failure record a later lesson outlived: history, not how things are.

A run record is history. A failure, a partial or an aborted run is worth a worker's
reading while what it teaches still holds: its cause, in its summary and its failed
checks. When a later lesson of its app tells a change of the very thing the record names
(the host it could not reach is retired, the vendor it called no longer does the job, the
limit it ran into was lowered), or the run that fixed it wrote a lesson naming it, that
lesson is the later word on it and the record tells how things were: a worker reading
"ran against X, it failed" beside "X is gone" takes X for a way that once worked. The
writer replaces a lesson it sees restated; a run record is never restated, and nothing
links the change to it. Hook E's account of failures is the same history, dated by the
last failure it counts.

The test is structural: a record is outlived by a live lesson told beside it (in the same
pack, or the same hook A bundle), of the same app, written on a later day by another run
or by a document, that names one of the record's own distinctive tokens (`distinctive`: a
host, a path, an identifier, a number of three digits or more, a name capitalised inside a
sentence, a failed check's name) and that either says outright that something changed
(`agentmem.core.cues.says_changed`) or is the lesson of the run that fixed the record
(`agentmem.retrieval.fixrun`). Told beside the record, the lesson carries to the reader
what the record said of that thing, in its later form.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from agentmem.core.cues import says_changed
from agentmem.core.model import SETBACKS, Kind, Memory, MemoryType
from agentmem.core.spoken import MONTHS
from agentmem.harvest.runrecord import read_record
from agentmem.retrieval.lingering import told_when

# A token as a record writes one: letters, digits and the joiners of hosts, paths, files
# and identifiers.
TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/-]*[A-Za-z0-9]|[A-Za-z0-9]")
CAMEL = re.compile(r"[a-z][A-Z]")
JOINED = re.compile(r"[_./:]")
LETTER, DIGIT = re.compile(r"[A-Za-z]"), re.compile(r"\d")
YEAR = re.compile(r"(19|20)\d\d")
MIN_NUMBER = 100  # a bare number this large or more: "3 checks", "20 min" name nothing
CALENDAR = re.compile(rf"(?:{MONTHS}|(?:mon|tues|wednes|thurs|fri|satur|sun)day)s?$", re.IGNORECASE)
# Hook E's account of failures: what it quotes of them, between its quote marks.
QUOTED = re.compile(r'"([^"]+)"')


def distinctive(text: str) -> frozenset[str]:
    """The tokens of `text` that name one thing, lower case: a host, a path or a file
    ("db-2.internal:5432", "conf/app.yaml"), an identifier ("maxConns", "retry_limit",
    "v2", "ab12"), a number of two or more digits that is no year ("48", "300"), a word
    capitalised inside a sentence ("the Acme portal")."""
    out: set[str] = set()
    for sentence in re.split(r"(?<=[.!?;:])\s+|\n+", text):
        for i, match in enumerate(TOKEN.finditer(sentence)):
            token = match.group(0).rstrip(".:")
            if _names(token, first=i == 0):
                out.add(token.lower())
            for part in _parts(token):  # "v1" of "api/v1/items", "8443" of a host's port
                if (LETTER.search(part) and DIGIT.search(part)) or _names(part, first=True):
                    out.add(part.lower())
    return frozenset(out)


def _parts(token: str) -> list[str]:
    pieces = re.split(r"[_./:-]+", token)
    return [p for p in pieces if p] if len(pieces) > 1 else []


def _names(token: str, first: bool) -> bool:
    has_letter, has_digit = bool(LETTER.search(token)), bool(DIGIT.search(token))
    if has_letter and has_digit:
        return True
    if not has_letter:
        return token.isdigit() and int(token) >= MIN_NUMBER and not YEAR.fullmatch(token)
    if token.isupper():
        return False  # "ETA", "TO": an acronym is the app's vocabulary, a shout no name
    if JOINED.search(token) or CAMEL.search(token):
        return True
    if CALENDAR.match(token):
        return False  # "June", "Monday": a day, not a thing
    return not first and token[0].isupper() and len(token) > 1


def account(memory: Memory) -> str:
    """What a setback says of its run: its summary and failed checks with their details
    (not its goal: the goal names the work, not what broke); hook E's pattern, the
    failures it quotes."""
    if memory.kind is Kind.ASSESSMENT:
        return " ".join(QUOTED.findall(memory.text))
    record = read_record(memory.text)
    return " ".join([record.summary, *(c.detail for c in record.failed)])


def checks(memory: Memory) -> frozenset[str]:
    """The names of the checks a record says failed: each names one thing by making."""
    if memory.kind is Kind.ASSESSMENT:
        return frozenset()
    return frozenset(c.name.lower() for c in read_record(memory.text).failed if c.name)


def history_of_failures(memory: Memory) -> bool:
    """A failure, partial or aborted run's record, or hook E's account of failures."""
    if memory.kind is Kind.ASSESSMENT:
        return True
    return memory.type is MemoryType.EPISODIC and memory.outcome in SETBACKS


def outlived(memory: Memory, told: Sequence[Memory], fixes: Collection[str] = ()) -> bool:
    """Whether a lesson in `told` outlived the setback `memory` (module docstring); `fixes`
    are the ids of the lessons of the runs that fixed it."""
    if not history_of_failures(memory):
        return False
    own = distinctive(account(memory)) | checks(memory)
    if not own:
        return False
    when = told_when(memory)
    for lesson in told:
        if (
            lesson.kind is not Kind.OBSERVATION
            or lesson.type is MemoryType.EPISODIC
            or lesson.app_id != memory.app_id
            or lesson.created_at[:10] <= when[:10]
            or (memory.run_id and lesson.run_id == memory.run_id)
        ):
            continue
        if own & _tokens(lesson.text) and (lesson.id in fixes or says_changed(lesson.text)):
            return True
    return False


def _tokens(text: str) -> frozenset[str]:
    out: set[str] = set()
    for match in TOKEN.finditer(text):
        token = match.group(0).rstrip(".:").lower()
        out.add(token)
        out.update(_parts(token))
    return frozenset(out)
