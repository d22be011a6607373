"""A retro written as data (YAML, JSON, TOML), read as the markdown it stands for.

Some teams keep their retros as key/value documents:

    period: 2027-03-01 to 2027-03-07
    changes:
      - what: kiln B firing schedule
        before: Mondays
        after: Tuesdays
        reason: the gas supplier moved its delivery day
    lessons:
      - Glaze orders over 20 kg go through the new portal.
    open_questions:
      - Should kiln A follow?

The distiller reads sections and list items (`agentmem.harvest.distill`); read as markdown,
such a document had no heading, and its keys were plain lines: its lessons and changes
never reached memory. `as_markdown` writes each top-level key as the heading it stands
for ("open_questions" → "## Open questions", a heading of plans whose items are no facts),
a list as its items, a scalar as its paragraph, and a nested mapping as sections headed by
both keys ("## Lessons — how to"). An item that gives a value before and one after
(`before`/`after`, `old`/`new`, `was`/`now`, `from`/`to`) is the change it tells, in the
words a table of changes is read in (`agentmem.harvest.tables.now_sentence`): "Kiln B
firing schedule is now Tuesdays (was Mondays; reason: …)". Any other item of fields reads
as a table's row does: its first value the subject, the others by their name.

The same retro written as JSON (`{"changes": [{"what": …}]}`), TOML (`[[changes]]`
tables, `key = "value"` lines) or a Lua table (`return { changes = { … } }`,
`agentmem.harvest.luatable`) reads the same. A document is read so when it parses as a
mapping of two keys or more, one of them holding a list or a mapping, and either its name
says it is data (`.yaml`, `.yml`, `.json`, `.toml`, `.lua`) or it has no markdown heading: a note
of "Owner: …" lines holds no list, and a markdown retro with headings stays markdown. A
kanban board's export (columns and cards) is read as its columns (`agentmem.harvest.kanban`).
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import yaml

from agentmem.harvest.kanban import as_markdown as board_markdown
from agentmem.harvest.kanban import is_board
from agentmem.harvest.luatable import parsed as lua_table
from agentmem.harvest.tables import NEW, OLD

DATA_SUFFIXES = (".yaml", ".yml", ".json", ".toml", ".lua")
HEADING = re.compile(r"^\s{0,3}#{1,6}\s+\S", re.MULTILINE)
KEY_WORDS = re.compile(r"[_\s]+")
FEWEST_KEYS = 2


class _PlainLoader(yaml.SafeLoader):
    """YAML without aliases: a retro has no use for them, and a hostile one can nest
    aliases ten deep into a billion items, or make a list that holds itself."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            raise yaml.YAMLError("an alias ('*name') is not read in a retro")
        return super().compose_node(parent, index)


def _yaml(text: str) -> Any:
    return yaml.load(text, Loader=_PlainLoader)  # a SafeLoader that refuses aliases


def _lua(text: str) -> Any:
    """A Lua file that returns or assigns one table (`agentmem.harvest.luatable`)."""
    data = lua_table(text)
    if data is None:
        raise ValueError("not a Lua table")
    return data


def parsed(text: str) -> dict[str, Any] | None:
    """The document as a mapping, from the first of JSON, TOML and YAML that reads it as
    one; None when none does (or it nests too deep to read)."""
    loaders = (json.loads, tomllib.loads, _yaml, _lua)
    for load in loaders:
        try:
            data = load(text)
        except (ValueError, yaml.YAMLError, RecursionError):  # tomllib's, json's: ValueError
            continue
        if isinstance(data, dict):
            return {str(key): value for key, value in data.items()}
    return None


def is_structured(text: str, path: str | Path = "") -> bool:
    """Whether the document is a retro written as data (see the module docstring)."""
    return _of_data(parsed(text), text, path)


def _of_data(data: dict[str, Any] | None, text: str, path: str | Path) -> bool:
    """Whether `data`, the document `text` parsed, is a retro written as data."""
    if data is None or len(data) < FEWEST_KEYS:
        return False
    if not any(isinstance(value, (list, dict)) and value for value in data.values()):
        return False
    return Path(path).suffix.lower() in DATA_SUFFIXES or HEADING.search(text) is None


def as_markdown(text: str, path: str | Path = "") -> str:
    """The document as markdown when it is a retro written as data; else as it is."""
    data = parsed(text)  # once: JSON, TOML, YAML and Lua are each tried in turn
    if data is None or not _of_data(data, text, path):
        return text
    try:
        if is_board(data):  # a kanban board's export: its columns are the retro's sections
            return board_markdown(data)
        out: list[str] = []
        for key, value in data.items():
            out += _section(_heading(key), value)
    except RecursionError:  # nested deeper than the interpreter reads: no retro's data
        return text
    return "\n".join(out).strip() + "\n"


def _heading(key: str) -> str:
    """A key as the heading it stands for: "open_questions" → "Open questions"."""
    words = KEY_WORDS.sub(" ", key).strip()
    return f"{words[:1].upper()}{words[1:]}"


def _section(heading: str, value: Any) -> list[str]:
    """One key's section: its heading, then its list, its paragraph, or (a mapping of
    lists or mappings) a section for each of its keys, headed by both keys."""
    if isinstance(value, dict) and any(isinstance(v, (list, dict)) for v in value.values()):
        out: list[str] = []
        for key, inner in value.items():
            out += _section(f"{heading} — {_heading(str(key)).lower()}", inner)
        return out
    out = ["", f"## {heading}", ""]
    if isinstance(value, dict):
        return out + [f"- {_flat(key)}: {_flat(inner)}" for key, inner in value.items()]
    if isinstance(value, list):
        return out + [f"- {_item(item)}" for item in value if _item(item)]
    flat = _flat(value)
    return [*out, flat] if flat else []


def _flat(value: Any) -> str:
    """A scalar's text on one line (a folded or literal block's lines joined); a list's or
    a mapping's each inner value read once (read twice, a retro of lists nested 30 deep
    took 2**30 readings)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "; ".join(flat for flat in map(_flat, value) if flat)
    if isinstance(value, dict):
        return "; ".join(f"{key}: {_flat(inner)}" for key, inner in value.items())
    return " ".join(str(value).split())


def _item(item: Any) -> str:
    """A list item as one line: a scalar as it is, a mapping as the change it tells or as
    its fields."""
    if not isinstance(item, dict):
        return _flat(item)
    read = {str(key): _flat(value) for key, value in item.items()}
    fields = {key: flat for key, flat in read.items() if flat}
    if not fields:
        return ""
    old = [key for key in fields if OLD.match(key)]
    new = [key for key in fields if NEW.match(key)]
    rest = [key for key in fields if key not in (*old[:1], *new[:1])]
    if len(old) == 1 and len(new) == 1 and rest:
        return _change(fields, rest, fields[old[0]], fields[new[0]])
    (_, subject), named = next(iter(fields.items())), list(fields.items())[1:]
    if not named:
        return subject
    return f"{subject} ({'; '.join(f'{_heading(key).lower()}: {value}' for key, value in named)})"


def _change(fields: dict[str, str], rest: list[str], before: str, after: str) -> str:
    """An item of a value before and one after, as what holds now: "Kiln B firing schedule
    is now Tuesdays (was Mondays; reason: …)"; the same value twice "is still" it."""
    subject = fields[rest[0]]
    verb = "is still" if before == after else "is now"
    aside = [f"was {before}"] if before != after else []
    aside += [f"{_heading(key).lower()}: {fields[key].rstrip('.')}" for key in rest[1:]]
    said = f"{subject[:1].upper()}{subject[1:]} {verb} {after.rstrip('.')}"
    return f"{said} ({'; '.join(aside)})." if aside else f"{said}."
