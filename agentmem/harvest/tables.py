"""A markdown table read as sentences: one per row, its column names giving the meaning.

A weekly retro may keep its patterns, a postmortem its action items and a runbook its known
failure modes in a table; a row read as a line of cells ("| 3 | 2 | 4 |") says nothing, so
each row becomes "first cell (column: cell; column: cell)", the first cell its subject.
A column of row numbers ("#") and empty cells are left out. A table of two columns, or
with no header (its first row blank), reads each row as "key: value".
"""

from __future__ import annotations

import re

ROW = re.compile(r"^\s{0,3}\|(.*)\|\s*$")
RULE = re.compile(r"^:?-{2,}:?$")  # a header's underline cell: ---, :---, ---:
# An action item whose status says it is done is no longer a plan: it is how things are now.
DONE = re.compile(r"^\W*(done|shipped|fixed|merged|completed?|closed|decided|in place)\b", re.I)
# Who does an action item and by when is its bookkeeping; what was done is its content.
BOOKKEEPING = re.compile(r"^\W*(status|owners?|who|assignee|due|by|when|date|ticket)\W*$", re.I)
NUMBER = re.compile(r"^[#\d\s.]*$")
# A table of changes names a column for the value before and one for the value after
# ("| setting | old | new |", "| check | before | after |").
OLD = re.compile(r"^\W*(?:old|before|was|previous|prior|from)\b", re.I)
NEW = re.compile(r"^\W*(?:new|after|now|to)\b", re.I)


def is_table(lines: list[str]) -> bool:
    """Whether a paragraph's lines are a markdown table (every line `| … |`, an underline)."""
    return (
        len(lines) >= 2
        and all(ROW.match(line) for line in lines)
        and all(RULE.match(cell) for cell in cells(lines[1]) if cell)
    )


def cells(line: str) -> list[str]:
    """A row's cells, stripped; `\\|` inside a cell is no border."""
    match = ROW.match(line)
    inner = match.group(1) if match else line
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", inner)]


def rows(lines: list[str]) -> list[dict[str, str]]:
    """Each body row as {column name: cell}; a nameless column is named by its place."""
    header = [name or f"#{at}" for at, name in enumerate(cells(lines[0]))]
    return [dict(zip(header, cells(line), strict=False)) for line in lines[2:]]


def sentence(row: dict[str, str]) -> str:
    """One row as a sentence: its first real cell the subject, the others by their name."""
    kept = [
        (name, value)
        for name, value in row.items()
        if value and not (name.strip() == "#" and NUMBER.match(value))
    ]
    if not kept:
        return ""
    (_, subject), rest = kept[0], kept[1:]
    named = [(name, value) for name, value in rest if not name.startswith("#")]
    if len(named) < len(rest) or len(named) == 1:  # key and value ("Topic | Rule")
        return f"{subject}: {'; '.join(value for _, value in rest)}"
    if not named:
        return subject
    return f"{subject} ({'; '.join(f'{name}: {value}' for name, value in named)})"


def done(row: dict[str, str]) -> bool:
    """Whether an action item's row says it is done (a `status` column, or any cell)."""
    status = [value for name, value in row.items() if name.lower() == "status"]
    return any(DONE.match(value) for value in status or row.values())


def table_sentences(lines: list[str], *, plans: bool = False) -> list[str]:
    """Each row of a table as a sentence; of a table of plans, only the rows said done,
    without their bookkeeping (status, owner, due date): the rest is still work to do."""
    out: list[str] = []
    pair = before_after(lines)
    for row in rows(lines):
        if plans:
            if not done(row):
                continue
            row = {name: value for name, value in row.items() if not BOOKKEEPING.match(name)}
        if text := (now_sentence(row, pair) if pair else sentence(row)):
            out.append(text)
    return out


def before_after(lines: list[str]) -> tuple[str, str] | None:
    """The names of a table's one column of values before and one of values after, if it
    has them and a column besides to name what changed."""
    header = [name or f"#{at}" for at, name in enumerate(cells(lines[0]))]
    old = [name for name in header if OLD.match(name)]
    new = [name for name in header if NEW.match(name)]
    if len(old) != 1 or len(new) != 1 or len(header) < 3:
        return None
    return old[0], new[0]


def now_sentence(row: dict[str, str], pair: tuple[str, str]) -> str:
    """A row of a table of changes as its value now, the other cells (a reason) after it:
    "Door sensor delay is now 2 s (why: false alarms)". The value before is what the row
    replaced, never written beside the subject, where it would read as current; a row whose
    two values are the same "is still" its value."""
    before, after = (row.get(name, "") for name in pair)
    rest = {name: value for name, value in row.items() if name not in pair}
    subject = sentence(dict(list(rest.items())[:1]))
    if not subject or not after:
        return sentence(row)
    named = [f"{name}: {value}" for name, value in list(rest.items())[1:] if value]
    verb = "is still" if before == after else "is now"
    aside = f" ({'; '.join(named)})" if named else ""
    return f"{subject[:1].upper()}{subject[1:]} {verb} {after}{aside}"


def changes(lines: list[str]) -> list[str]:
    """A table of changes (one column of values before, one of values after) as one
    sentence a row whose value changed: "Reorder point is now 12 (was 8)." A row whose two
    values are the same tells no change; a table of no such columns, nothing."""
    if (pair := before_after(lines)) is None:
        return []
    header = [name or f"#{at}" for at, name in enumerate(cells(lines[0]))]
    subjects = [name for name in header if name not in pair]
    if not subjects:
        return []
    out = []
    for row in rows(lines):
        subject, before, after = (row.get(name, "") for name in (subjects[0], *pair))
        if subject and after and before != after:
            was = f" (was {before})" if before else ""
            out.append(f"{subject[:1].upper()}{subject[1:]} is now {after}{was}.")
    return out
