"""A run record that quotes an address or a path a change retired.

`agentmem.core.retiredvalues.retired_values` reads a replaced lesson's URL whole and gives
its host, its host with the port and its path as values of their own
(`agentmem.core.places.parts`), since a run record quotes an address by a part of it
("connection refused: db.old.example:5432", "GET /api/v1/rows -> 404"). A record written
before the change that names one of them (`agentmem.core.places.address`) as a whole name
(not the start of a longer host or path) tells how things were.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from agentmem.core.model import Memory
from agentmem.core.places import address


def quotes_address(record: Memory, retired: Mapping[str, str]) -> bool:
    """Whether `record`, written before a change in `retired` (value -> when), names an
    address or a path that change retired."""
    text = record.text.lower()
    for value, when in retired.items():
        if record.created_at >= when or not address(value):
            continue
        if re.search(rf"(?<![\w.-]){re.escape(value)}(?![\w-]|\.\w)", text):
            return True
    return False
