"""A lesson cut to what the writer accepts, at a sentence's end.

The writer refuses a draft whose text is longer than `MAX_TEXT` characters; a retro read
as one block (a shape no reader knew, a hostile file of one line) once made such a lesson
and the whole fire was not ok. `fitted` keeps the text's opening, up to the last
sentence's end that fits (else the last space, else the limit itself): a lesson that
says less rather than none.
"""

from __future__ import annotations

import re

from agentmem.core.validate import MAX_TEXT

# A sentence's end: its mark and the space after it.
END = re.compile(r"[.!?;](?=\s)")
LEAST = 0.5  # a cut earlier than this share of the limit loses too much: cut at a space


def fitted(text: str, limit: int = MAX_TEXT) -> str:
    """The text, or its opening up to a sentence's end, within `limit` characters."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    ends = [m.end() for m in END.finditer(head, int(limit * LEAST))]
    if ends:
        return head[: ends[-1]].rstrip()
    space = head.rfind(" ", int(limit * LEAST))
    return head[:space].rstrip() if space > 0 else head
