"""A record pasted where a statement goes (a kanban card, a form's row), read as its words.

Teams paste what their tools export into a retro's list or a run's lessons:

    - {"name": "Bib pickup moves to Hall C", "desc": "Hall B is booked for the expo.",
       "labels": ["logistics"], "idList": "5f2a"}

The writer refuses a text that opens as JSON: that is what a model's draft or tool call
leaking into memory looks like (`agentmem.contracts.junk`), so the pasted card was lost
whole, and with it the fire's only write. `as_statement` reads such an object as the
statement it holds: its prose values in the order written, the first leading the rest
("Bib pickup moves to Hall C — Hall B is booked for the expo."), with what only files the
record left out (ids, links, dates, colours, labels, authors, positions, states). A text
that does not parse as one object, or holds no prose, stays as it is, and the writer
judges it as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from agentmem.harvest.structured import parsed

# Keys whose values file the record rather than say anything: ids, links, dates, colours,
# positions, who and when, labels and states (a label is a topic, not a statement), and
# the column or board a card is filed under.
FILING = re.compile(
    r"(?:id\w*|\w*_?ids?|\w*url|colou?r|pos(?:ition)?|closed|archived|date\w*|due\w*|"
    r"created\w*|updated\w*|time(?:stamp)?|author\w*|by|creator|member\w*|user\w*|"
    r"assignees?|labels?|tags?|state|status|votes?|type|confidence|evidence|priority|"
    r"rank|order|email|list|column|board)",
    re.IGNORECASE,
)
# Keys that point at another record and say what this one does to it ('"retracts":
# "D-114"'): the value alone ("D-114") lost the retraction, so the key is kept as its verb.
POINTING = re.compile(r"retracts|withdraws|revokes|rescinds|supersedes|replaces|reverts", re.I)
LINK = re.compile(r"^(?:https?|ftp|mailto):\S*$", re.IGNORECASE)
LETTER = re.compile(r"[^\W\d_]")
MAX_DEPTH = 6  # a card's checklist's items: deeper than that is not a pasted card
MAX_CHARS = 20_000  # past this a text is no pasted card; the writer judges its length


def _prose(value: Any, depth: int = 0) -> Iterator[str]:
    """The record's prose values in the order written, filing keys' values left out."""
    if depth > MAX_DEPTH:
        return
    if isinstance(value, dict):
        for key, inner in value.items():
            named = _named(inner) if POINTING.fullmatch(str(key)) else ""
            if named:
                yield f"{key} {named}"  # "retracts D-114": its verb kept
            elif not FILING.fullmatch(str(key)):
                yield from _prose(inner, depth + 1)
    elif isinstance(value, list):
        for inner in value:
            yield from _prose(inner, depth + 1)
    elif isinstance(value, str):
        text = " ".join(value.split())
        if LETTER.search(text) and not LINK.match(text):
            yield text


def _named(value: Any) -> str:
    """What a pointing key's value names: a string, or a list's first strings."""
    items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    return ", ".join(" ".join(i.split()) for i in items[:8] if isinstance(i, str) and i.strip())


def as_statement(text: str) -> str:
    """The statement a pasted record holds (see the module docstring); else the text."""
    stripped = text.strip()
    if not (stripped.startswith("{") and stripped.endswith("}")) or len(stripped) > MAX_CHARS:
        return text
    data = parsed(stripped)  # JSON, or YAML's flow form (`{name: …, desc: …}`)
    said = list(dict.fromkeys(_prose(data))) if data is not None else []
    if not said:
        return text
    head, rest = said[0].rstrip(), [s if s[-1] in ".!?" else f"{s}." for s in said[1:]]
    return f"{head} — {' '.join(rest)}" if rest else head
