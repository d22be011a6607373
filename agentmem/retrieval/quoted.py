"""A run record that quotes an address or a path a change retired, however it was cut.

`agentmem.core.restate.retired_values` reads an address out of a replaced lesson the way
its sentence cut it: the host of a URL keeps the slashes before it ("//db.old.example"),
its path keeps the port before it ("5432/api/v1/rows"). A run record quotes the same
address whole ("connection refused: db.old.example:5432", "GET /api/v1/rows -> 404") and
the exact check never sees it. Here a retired value that names an address or a path is
read by its core: the host without its slashes, the path without its port, and a record
written before the change that names that core as a whole word tells how things were.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from agentmem.core.model import Memory

PORT = re.compile(r"^\d+(?=/)")
MIN_CORE = 6  # characters a core needs: shorter ones ("v1", "a/b") name too little


def core(value: str) -> str | None:
    """The host or path `value` names, without the slashes and port a cut left on it; None
    when it names neither (no dot or slash inside, or too short to be told apart)."""
    found = PORT.sub("", value.strip()).strip("/:")
    if len(found) < MIN_CORE or not re.search(r"\w[./]\w", found):
        return None
    return found.lower()


def quotes_address(record: Memory, retired: Mapping[str, str]) -> bool:
    """Whether `record`, written before a change in `retired` (value -> when), names the
    core of an address or path that change retired."""
    text = record.text.lower()
    for value, when in retired.items():
        found = core(value)
        if found is None or record.created_at >= when:
            continue
        if re.search(rf"(?<![\w.-]){re.escape(found)}(?![\w-]|\.\w)", text):
            return True
    return False
