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


def as_markdown(text: str, source: str = "") -> str:
    """The text as the markdown its rows stand for, titled by its file's name (a
    decision's rows are led by it as a decision record's are), or as it is."""
    found = rows(text)
    if found is None:
        return text
    return written(found, title=" ".join(TITLE_WORDS.split(PurePath(source).stem)).strip())
