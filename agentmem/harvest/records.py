"""Rows of a retro kept as records, written as the markdown retro they stand for.

A team's retro tool may keep each item as a record of named fields: a database row
(`agentmem.harvest.sqlrows`), a node of a config language (`agentmem.harvest.nodes`), an
object in a JSON export (`agentmem.harvest.jsonrows`). Whatever the shape, one record is
one item: its kind ("lesson", "went_well", a node's name, a table's name) the section it
stands in, its text field ("text", "what", "lesson", "body", …) the item's words, and the
fields a reader needs beside them (its cause, owner, due date) said after it:

    - Geocode every stop at rooftop precision. (cause: postcode-centroid geocodes)

under "## Lesson", so the distiller types it by its kind as it types a markdown retro's
bullet by its heading. A record that sets an earlier one right (a SQL UPDATE of a row, a
row naming the row it supersedes, a kind that says it corrects) stands under
"## Corrections", labelled with what it corrects ("Correction to an earlier lesson: …")
so the judge reads it as the correction it is; one that withdraws in its own words
("Withdrawn: …") stays as written. A record whose status says it is no longer in force
(superseded, withdrawn) and one that an other record of the same text supersedes are
left out: they are what the retro replaced. A record's id names it within its table (a
dump's `decisions` and `retro_items` both count from 1), so a row replaces only the row of
its own table that it names. An edit of an action item (its words, owner or due date
changed) is the action as it now stands, written under its kind, not a correction: an
action sets no lesson right.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from agentmem.core.withdrawal import retraction

# The field that holds an item's words, first found first.
TEXT_KEYS = ("text", "what", "lesson", "body", "content", "message", "summary", "note")
# The field that says what kind of item it is (a retro tool's column or category).
KIND_KEYS = ("kind", "column", "category", "section", "bucket", "lane")
# Fields said after the words: why, who, by when, from when.
WHY = ("cause", "root_cause", "reason", "because", "why")
WHO_WHEN = ("owner", "assignee", "due", "due_date", "since", "effective", "from", "until")
ASIDE_KEYS = WHY + WHO_WHEN
# A status of a record no longer in force.
NOT_IN_FORCE = re.compile(
    r"^\W*(?:superseded|withdrawn|retracted|rejected|obsolete|replaced|deprecated|void|reverted)\b",
    re.IGNORECASE,
)
# A kind that says the record sets an earlier one right.
CORRECTS = re.compile(r"^\W*(?:correct(?:ion|ed|s)?|errat(?:um|a)|amend(?:ment|ed)?)\b", re.I)
WORDS = re.compile(r"[_\-\s]+")
# Kinds written as one word that stand for two ("howto", "wentwell").
SQUASHED = {"howto": "how to", "wentwell": "went well", "wentwrong": "went wrong"}
LINE = re.compile(r"\s+")
CORRECTED = "Corrections"
# A field that says when a record was written (not when it is due or in force from).
WRITTEN = re.compile(
    r"^(?:session_?date|date|(?:created|decided|recorded|logged|posted)_?(?:at|on|date))$",
    re.IGNORECASE,
)
DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
# Words that already say they set an earlier item right ("Correction: …").
SETS_RIGHT = re.compile(r"^\W*(?:correct(?:ion|ed)|erratum|update)\b", re.IGNORECASE)
# A kind of things to do, not of things learnt ("action_items", "todo").
ACTION = re.compile(
    r"^\W*(?:actions?|action[_\-\s]?items?|to[_\-\s]?dos?|tasks?|follow[_\-\s]?ups?)\W*$", re.I
)


@dataclass
class Record:
    """One item: its kind (or None), its named fields in order, what it corrects (a short
    note of the earlier record, "" when it corrects one not named), its id if it has one."""

    kind: str | None
    fields: dict[str, str] = field(default_factory=dict)
    corrects: str | None = None
    id: str | None = None
    replaces: str | None = None  # the id of an earlier record of the same retro it replaces
    table: str | None = None  # where its id counts (a SQL table); None: the whole retro


def text_of(fields: dict[str, str]) -> str | None:
    """The item's words: its first text field that holds some."""
    lowered = {key.lower(): value for key, value in fields.items()}
    for key in TEXT_KEYS:
        if (value := lowered.get(key)) and value.strip():
            return value
    return None


def kind_of(fields: dict[str, str]) -> str | None:
    """The item's kind, when a field says it (a short value: a column's name, not a text)."""
    lowered = {key.lower(): value for key, value in fields.items()}
    for key in KIND_KEYS:
        value = lowered.get(key, "").strip()
        if value and len(value) <= 40:
            return value
    return None


def heading(kind: str) -> str:
    """A kind as the heading it stands for: "went_well" → "Went well"."""
    words = WORDS.sub(" ", kind).strip()
    words = SQUASHED.get(words.lower().replace(" ", ""), words)
    return f"{words[:1].upper()}{words[1:]}"


def _line(text: str) -> str:
    return LINE.sub(" ", text).strip()


def item(record: Record) -> str | None:
    """The record as one line: its words, then its asides ("(cause: …; owner: …)")."""
    text = text_of(record.fields)
    if text is None:
        return None
    lowered = {key.lower(): value for key, value in record.fields.items()}
    asides = [
        f"{heading(key).lower()}: {_line(lowered[key]).rstrip('.')}"
        for key in ASIDE_KEYS
        if lowered.get(key, "").strip() and _line(lowered[key]) not in _line(text)
    ]
    said = _line(text)
    if asides:
        said = f"{said} ({'; '.join(asides)})"
    return said


def _corrected(record: Record, said: str) -> str:
    """A correcting record's line, labelled with what it corrects unless it withdraws in
    its own words."""
    if retraction(said) is not None:
        return said
    kind = heading(record.kind).lower() if record.kind else ""
    earlier = f"earlier {kind}" if kind.endswith("s") else f"an earlier {kind}"
    what = record.corrects or (earlier if kind else "")
    if SETS_RIGHT.match(said):
        return said
    return f"Correction to {what or 'an earlier item'}: {said}"


def _day(record: Record) -> str | None:
    """The day a record was written, when a field says it."""
    for key, value in record.fields.items():
        if WRITTEN.match(key) and (day := DAY.match(value.strip())):
            return day.group()
    return None


def newest(records: list[Record]) -> list[Record]:
    """The records of the newest day written, when they say the day: a dump of a retro
    tool's tables holds every earlier session's rows too, and those were read with their
    own retro. Records that say no day are kept."""
    days = {day for record in records if (day := _day(record))}
    if len(days) < 2:
        return records
    last = max(days)
    return [record for record in records if _day(record) in (None, last)]


def _kind(record: Record, kinds: dict[tuple[str | None, str], str | None]) -> str | None:
    """The record's kind: its own, else (an edit that says none) the kind of the record it
    replaces. A row's kind is its table's name when no column says it."""
    if record.kind is None and record.replaces is not None:
        return kinds.get((record.table, record.replaces))
    return record.kind


def as_markdown(records: list[Record], title: str | None = None) -> str:
    """The records as a markdown retro: a section per kind, in the order kinds first come,
    a bullet per record (see the module docstring)."""
    replaced = {(r.table, r.replaces) for r in records if r.replaces}
    kinds = {(r.table, r.id): r.kind for r in records if r.id is not None}
    records = newest(records)
    sections: dict[str, list[str]] = {}
    for record in records:
        status = record.fields.get("status", "")
        if NOT_IN_FORCE.match(status) or (record.table, record.id) in replaced:
            continue
        said = item(record)
        if said is None:
            continue
        kind = _kind(record, kinds)
        if kind is not None and ACTION.match(kind):  # an action edited is the action now
            sections.setdefault(heading(kind), []).append(said)
            continue
        correcting = record.corrects is not None or record.replaces is not None
        if record.kind and CORRECTS.match(record.kind):
            correcting = True
        if correcting:
            sections.setdefault(CORRECTED, []).append(_corrected(record, said))
            continue
        sections.setdefault(heading(record.kind) if record.kind else "Items", []).append(said)
    # an untitled retro still opens with a heading, an empty one: its first section's
    # name is no title to lead its decisions with
    out = [f"# {_line(title or '')}", ""] if title is not None else []
    for name, lines in sections.items():
        out += [f"## {name}", "", *(f"- {line}" for line in dict.fromkeys(lines)), ""]
    return "\n".join(out)
