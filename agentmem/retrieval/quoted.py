"""A run record that quotes an address or a path a change retired.

`agentmem.core.retiredvalues.retired_values` reads a replaced lesson's URL whole and gives
its host, its host with the port and its path as values of their own
(`agentmem.core.places.parts`), since a run record quotes an address by a part of it
("connection refused: db.old.example:5432", "GET /api/v1/rows -> 404"). A record written
before the change that names one of them (`agentmem.core.places.address`) as a whole name
(not the start of a longer host or path) tells how things were.

A lesson written before a thing moved to another host that still names the old host
(`names_moved_host`: a shift note of a failure on it) tells how things were too; packs and
hook A leave it out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from agentmem.core.cues import says_changed
from agentmem.core.model import Hit, Kind, Memory, MemoryType
from agentmem.core.places import address, addresses


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


def _hosts(text: str) -> set[str]:
    """The hosts a text gives, with their port and without, in a URL or not (no path)."""
    return {v for v in addresses(text)[0] if "/" not in v and address(v)}


def moved_hosts(every: Sequence[Hit]) -> dict[str, str]:
    """The hosts replaced lessons on the query gave that their replacements moved off, each
    with when: the replacement gives a host of its own and never the old one ("the queue is
    read from mq-b.corp.lan:1415 since the cutover" after "… from mq-a.corp.lan:1414").
    A replacement that names no host retired none (it told another side of the thing).
    Only observations: hook E's updated pattern is a new count, not a move."""
    hits = [h for h in every if h.memory.kind is Kind.OBSERVATION]
    held = {h.memory.id: h.memory for h in hits}
    out: dict[str, str] = {}
    for hit in hits:
        new = hit.memory.text
        given = _hosts(new)
        if not given:
            continue
        for old in (held[i] for i in hit.memory.supersedes if i in held):
            for host in _hosts(old.text) - given:
                if host not in new.lower():
                    out[host] = max(out.get(host, ""), hit.memory.created_at)
    return out


def names_moved_host(lesson: Memory, moved: Mapping[str, str]) -> bool:
    """A lesson written before a move that still names the host the thing moved off, as a
    whole name ("a reconnect storm on mq-a.corp.lan:1414, fine since", a shift's note): it
    tells of the old host as it was. A lesson that tells a change itself (it replaced one,
    or says something changed) names the old host as what was left."""
    if lesson.kind is not Kind.OBSERVATION or lesson.type is MemoryType.EPISODIC:
        return False
    if lesson.supersedes or says_changed(lesson.text):
        return False
    return quotes_address(lesson, moved)
