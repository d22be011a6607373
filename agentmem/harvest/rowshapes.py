"""A retro kept as rows of records, in whichever shape: read as the markdown it stands for.

Three shapes keep a retro's items as records of named fields: SQL that writes rows
(`agentmem.harvest.sqlrows`), a JSON export that holds the items somewhere inside it
(`agentmem.harvest.jsonrows`), and a file of config-language nodes
(`agentmem.harvest.nodes`). `as_markdown` asks each in turn; the first that finds two
items or more gives the text as the sections its records stand for
(`agentmem.harvest.records`). Any other text is left as it is, for the other readers.
"""

from __future__ import annotations

import json
import re
from pathlib import PurePath
from typing import Any

from agentmem.harvest import jsonrows, nodes, sqlrows
from agentmem.harvest.records import Record
from agentmem.harvest.records import as_markdown as written

FEWEST = 2
TITLE_WORDS = re.compile(r"[_\-.\s]+")
# A file name's part that only numbers or dates it: "2026", "05", "W37", "V043", "q3".
NUMBERING = re.compile(r"^(?:[a-z]?\d+[a-z]{0,2})$", re.IGNORECASE)
# Words a file name of any retro holds: they name no subject.
ANY_RETRO = re.compile(
    r"^(?:retro(?:spective)?s?|sessions?|notes|minutes|meeting|weekly|week|sprint|dump|export"
    r"|backup)$",
    re.IGNORECASE,
)


def _json(text: str) -> Any:
    if text.lstrip()[:1] not in ("{", "["):
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def rows(text: str) -> list[Record] | None:
    """The text's records when it is one of the shapes of rows, else None."""
    if sqlrows.is_sql(text):
        found = [r for r in sqlrows.records(text) if r.fields]
        return found if len(found) >= FEWEST else None
    data = _json(text)
    if data is not None:
        return jsonrows.records(data)
    return nodes.items(text)


def title(source: str) -> str:
    """The subject a file's name gives its rows (a decision's rows are led by it, as a
    decision record's are): its words less those that only number or date it; "" when
    nothing else is left ("retro-2026-05-11", "V043__retro_2026_09_13"): a file's date
    is no part of a lesson."""
    words = [word for word in TITLE_WORDS.split(PurePath(source).stem) if word]
    subject = [word for word in words if not NUMBERING.match(word)]
    if all(ANY_RETRO.match(word) for word in subject):
        return ""
    return " ".join(subject)


def as_markdown(text: str, source: str = "") -> str:
    """The text as the markdown its rows stand for, titled by its file's name's subject
    (`title`), or as it is."""
    found = rows(text)
    if found is None:
        return text
    return written(found, title=title(source))
