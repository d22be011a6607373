"""A packed lesson's sibling: another line of the one record it was distilled from.

A decision record or an incident's account is about one subject, and hook D leads each of
its lessons with the record's title ("ADR-007: builds move to the new runners: …",
"Postmortem: nightly export stalled — …"). A goal often finds one of those lines on its own
words and not the next, which says the same decision's other half in words the goal lacks:
"the old runner profile is deleted; there is no fallback" reaches the worker, "jobs launch
with the new runner profile, on the build pool" does not.

So when a pack holds fewer than its lesson places, the best packed lesson led by a title
(the longest stretch its text shares from the start with another live lesson of the same
source and app, ending where the title ends, at ": " or " — ", of at least `LABEL_WORDS`
words) that names a record of one subject (`ONE_SUBJECT`: a weekly review's title leads
lines on unrelated work) brings its best sibling found by a search of its own text, when
the two say a word in common beyond the title (the same decision's ground) and the sibling
is no run of the record's fields ("Date: … Status: accepted"). At most `MAX_SIBLINGS` per
pack.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from agentmem.core.model import Hit, Kind, Memory, MemoryType
from agentmem.core.statement import terms
from agentmem.stores.base import Filters

Search = Callable[[str, int, Filters], list[Hit]]

LABEL_WORDS = 3
MAX_SIBLINGS = 1
TITLE_CHARS = 160  # where a title that leads a lesson ends, at the latest
LOOKED = 8  # the title's own question's best lessons a sibling is looked for in
LESSON_TYPES = tuple(t.value for t in MemoryType if t is not MemoryType.EPISODIC)
END = re.compile(r": | \u2014 ")
# A record about one subject says so in its title: a decision record, an incident's account.
# A periodic review's title ("Weekly review W23") leads lines on unrelated work.
ONE_SUBJECT = re.compile(
    r"\b(?:adr|decisions?|decided|post-?mortems?|incidents?|outages?|rca|root cause)\b", re.I
)
# A record's own fields ("Date: 2026-05-20 Status: accepted"): no lesson, whatever its title.
FIELDS = re.compile(r"(?:\b[A-Z][a-z]+: \S+.*){2}")


def label(a: str, b: str) -> str:
    """The title two texts open on alike: their common start, cut where a title ends."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    ends = [m.start() for m in END.finditer(a[: n + 3]) if m.end() <= n]
    head = a[: ends[-1]] if ends else ""
    return head if len(head.split()) >= LABEL_WORDS else ""


def siblings(search: Search, scope: Filters, chosen: Sequence[Hit], places: int) -> list[Hit]:
    """The siblings a pack with `places` lesson places left takes (see the module docstring)."""
    if places <= 0:
        return []
    held = {h.memory.id for h in chosen}
    live = replace(scope, include_superseded=False, types=LESSON_TYPES)
    out: list[Hit] = []
    titled = [h for h in chosen if _titled(h.memory)]
    for hit in titled[: min(places, MAX_SIBLINGS)]:  # one search each
        memory = hit.memory
        for found in search(memory.text, LOOKED, live):
            other = found.memory
            if other.id in held or other.source != memory.source or other.app_id != memory.app_id:
                continue
            title = label(memory.text, other.text)
            if not ONE_SUBJECT.search(title) or FIELDS.search(other.text[len(title) :]):
                continue
            own = terms(title).content
            if (terms(memory.text).content - own) & (terms(other.text).content - own):
                out.append(found.model_copy(update={"score": hit.score}))
                held.add(other.id)
                break
    return out


def _titled(memory: Memory) -> bool:
    """A lesson of a record that may be led by a one-subject record's title (what `label`
    confirms against its sibling): no run record, no pattern, a source, a title's cue
    before a title's end."""
    if memory.type is MemoryType.EPISODIC or memory.kind is Kind.ASSESSMENT or not memory.source:
        return False
    ends = [m.start() for m in END.finditer(memory.text[:TITLE_CHARS])]
    return bool(ends) and ONE_SUBJECT.search(memory.text[: ends[-1]]) is not None
