"""A retro kept as a recutils file (`.rec`), read one lesson a record.

Such a file holds records of `Field: value` lines between blank lines, a value going on
in lines that open with `+ `, the kind of the records after it declared in `%rec: Finding`
lines (with `%key:`, `%mandatory:` and such descriptors), and `#` comments. Read as
prose, its descriptors ran into the first record's fields and a field's continued lines
were lessons of their own ("+ paper and read after 24 h drying"), so the note that said
the print trials' film weight was never written. Read by its records:

- a record that says something (`Text:`, a retro's `Summary:`) is one lesson, its
  `Cause:`, `Action:` and `Limit:` going on it; who owns it, its id, date and severity
  are filing, left out;
- a record of a setting (`Name:` and `Value:`) is the setting in words, its unit and
  supplier beside it; its `Note:` a lesson of its own;
- a record whose `Status:` says it was superseded, withdrawn or retracted is no lesson,
  and a record commented out (`# Name: …` lines, an old card "kept for reference only")
  is no current one: the setting of its name says the value it replaced ("…: 6.0 % on
  pigment (Sunrise); was 4.5 (Chromaxa)"), as a changed setting is told elsewhere;
- the descriptors and the comments (the file's mode line, its title) say nothing found.

Any other text is left as it is.
"""

from __future__ import annotations

import re

RECORD_KIND = re.compile(r"^%rec:\s*\w", re.M)
FIELD = re.compile(r"^(?P<key>[A-Za-z][\w-]{0,40}):[ \t]?(?P<value>.{0,2000})$", re.M)
GOES_ON = re.compile(r"^\+[ \t]?(?P<more>.{0,2000})$")
ENDED = re.compile(r"\b(?:superseded|withdrawn|retracted|obsolete|deprecated)\b", re.I)
SAYS = ("Text", "Summary")  # the fields whose value is what a record found
GOES_WITH = ("Cause", "Action", "Limit")  # said after it, each under its label
MIN_KINDS = 1
MAX_TEXT = 200_000


def is_recfile(text: str) -> bool:
    """A recutils file: `%rec:` lines declaring its records' kinds, and fields."""
    if len(text) > MAX_TEXT:
        return False
    return len(RECORD_KIND.findall(text)) >= MIN_KINDS and FIELD.search(text) is not None


def _records(text: str, *, aside: bool = False) -> list[dict[str, str]]:
    """The file's records, each its fields in order, a field's `+` lines joined to it;
    `aside`: the records commented out instead (`# Name: …` lines)."""
    records: list[dict[str, str]] = []
    current: dict[str, str] = {}
    last = ""
    for line in [*text.splitlines(), ""]:
        stripped = line.strip()
        commented = stripped.startswith("#")
        if aside:  # a commented-out field's line, or the end of the record put aside
            stripped = stripped.lstrip("#").strip() if commented else ""
            stripped = stripped if FIELD.match(stripped) or GOES_ON.match(stripped) else ""
        elif commented or stripped.startswith("%"):
            continue  # a comment, a descriptor: no field of a record
        if not stripped:
            if current:
                records.append(current)
            current, last = {}, ""
            continue
        if (more := GOES_ON.match(stripped)) is not None and last:
            current[last] = f"{current[last]} {more['more'].strip()}".strip()
            continue
        if (field := FIELD.match(stripped)) is not None:
            last = field["key"]
            current[last] = (
                f"{current[last]}; {field['value'].strip()}"
                if last in current
                else field["value"].strip()
            )
    return records


def _words(name: str) -> str:
    """A setting's name in words: "osf_c_dispersant_pct" → "osf c dispersant pct"."""
    return " ".join(part for part in re.split(r"[_\-.]+", name) if part)


def _said(record: dict[str, str], old: dict[str, dict[str, str]]) -> list[str]:
    """The lessons one record holds (module docstring); `old`: the settings commented out,
    by name (the value a setting's record replaced)."""
    if ENDED.search(record.get("Status", "")):
        return []
    said = next((record[key] for key in SAYS if record.get(key)), "")
    if said:
        more = [f"{key}: {record[key]}" for key in GOES_WITH if record.get(key)]
        return [" ".join(_stopped(part) for part in [said, *more])]
    if record.get("Name") and record.get("Value"):
        unit = record.get("Unit", "")
        unit = "" if unit.lower() in ("n/a", "none", "-") else unit
        beside = "; ".join(record[key] for key in ("Supplier", "Product") if record.get(key))
        setting = f"{_words(record['Name'])} ({record['Name']}): {record['Value']} {unit}".strip()
        setting += f" ({beside})" if beside else ""
        was = old.get(record["Name"], {})
        if was.get("Value") and was["Value"] != record["Value"]:
            before = "; ".join(was[key] for key in ("Supplier", "Product") if was.get(key))
            setting += f"; was {was['Value']}" + (f" ({before})" if before else "")
        note = record.get("Note", "")
        return [_stopped(setting), *([_stopped(note)] if note else [])]
    return []


def _stopped(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else f"{text}."


def as_markdown(text: str) -> str:
    """The recutils retro as its lessons (module docstring), or the text as it is."""
    if not is_recfile(text):
        return text
    old = {record["Name"]: record for record in _records(text, aside=True) if record.get("Name")}
    lessons = [lesson for record in _records(text) for lesson in _said(record, old)]
    if not lessons:
        return text
    return "## Lessons\n\n" + "".join(f"- {lesson}\n" for lesson in lessons)
