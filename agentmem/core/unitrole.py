"""One unit's device or duty told anew with another holder, the unit named at both openings.

`agentmem.core.successorrole` reads a role told again in a new sentence with another
single holder, and wants the two clauses to share `SHARED` content terms besides the
holders' names: two sentences with one word in common ("sorter") are as often two roles
as one. A clause that opens on a unit of many, named by its noun and number ("Line 2's
optical sorter is a Tomra Sentinel II" held, then "Line 2 sorts with a Key Technology VERYX
B140: rated 12 t/h of peas"), is tied to one thing by that name already: the unit's one
device of the shared word is the role, and its new holder replaces the old.

`unit_role_retold` takes the draft as the held lesson's successor when both texts open on
the same unit (a noun of `INSTANCES` and a number or a letter, only function words before
it) and `retold_role` reads the held role told anew with one shared content term, with every
other test and guard of it (one holder each, neither named in the other text, the same
marks, the held subject's term shared, no word of a second or kept holder).
"""

from __future__ import annotations

from functools import lru_cache

from agentmem.core.samething import NUMBERED
from agentmem.core.successorrole import INSTANCES, retold_role
from agentmem.core.words import function_words, tokenized

OPENING = 24  # characters before the unit's name that still open on it ("The line 2 …")


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _opening_unit(text: str) -> tuple[str, str] | None:
    """The unit a text opens on ("Line 2's sorter …", "The kiln 3 …"), lower case."""
    m = NUMBERED.search(text[: OPENING + 40])
    if m is None or m.start() > OPENING or m[1].lower() not in INSTANCES:
        return None
    if any(w not in function_words() for w in tokenized(text[: m.start()])):
        return None
    return (m[1].lower(), m[2].lower())


def unit_role_retold(draft: str, held: str) -> bool:
    """The draft tells the held lesson's role anew with another holder, both opening on
    one unit (see the module docstring)."""
    unit = _opening_unit(draft)
    return unit is not None and unit == _opening_unit(held) and retold_role(draft, held, 1)
