"""A statement that says what kind of rule it is, and which rule it is not, is no new value
of that other rule.

"The night crew wants its shift notes 20 minutes early; that is their own habit, not the
site rule" tells the night crew's wish and says outright that the site rule is another
thing: it replaces no held lesson about the site rule's lead time, however alike the two
frames read ("wants ... 20 minutes" against "the site rule wants notes 45 minutes
before"). The clause, after the statement it points back at ("; that is", ". This is",
", which is"), names what it is ("their own habit", "a courtesy", "the vendor's wish") and, after
"not", the thing it is not. A change told the same way names a value after "not" ("the
cap is 12 now, not 8"), no kind of thing, and is left alone: a thing with a digit in it,
or one called old, previous or current, is no other thing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.words import function_words, tokenized

# "; that is their own habit, not the site rule", ", which is a courtesy and not the policy",
# ". This is the vendor's habit, not our SLA"
NOT_THAT = re.compile(
    r"(?:[.;:,(]\s*|\band\s+|\bbut\s+)(?:that|this|which)\s*(?:'s|\s+is|\s+was)\s+"
    r"(?P<kind>[\w'’-]+(?:\s+[\w'’-]+){0,4}?)\s*,?\s+(?:and\s+|but\s+)?not\s+"
    r"(?:the\s+|our\s+|their\s+|a\s+|an\s+)?(?P<thing>[\w./'’-]+(?:\s+[\w./'’-]+){0,2})",
    re.IGNORECASE,
)
# "not the old one", "not the current rule": the value before, no other thing
STATE = frozenset("old previous former earlier existing current new last usual same".split())  # noqa: SIM905
# "that is now 12, not 8", "this is why, not ...": no kind named
NO_KIND = frozenset("now why how what when where because so also still just".split())  # noqa: SIM905


@lru_cache(maxsize=4096)
def disowned_things(text: str) -> tuple[tuple[str, ...], ...]:
    """The terms of each thing the text says it is not, in a clause that names what it is
    instead (see the module docstring)."""
    found = []
    skip = function_words()
    for match in NOT_THAT.finditer(text):
        kind = match["kind"].lower().split()
        thing = match["thing"]
        if any(c.isdigit() for c in thing + match["kind"]) or NO_KIND & set(kind):
            continue
        words = [w for w in re.findall(r"[\w'’-]+", thing.lower()) if w not in skip]
        if not words or STATE & set(words):
            continue
        found.append(tuple(t for w in words for t in tokenized(w)))
    return tuple(found)


def not_that_kind(draft: str, held: str) -> bool:
    """The draft says it is not a thing the held text names: the first term of that thing
    is among the held text's ("…; that is their own habit, not the site rule" against a
    held lesson on what the site rule wants)."""
    things = disowned_things(draft)
    if not things:
        return False
    held_terms = {t for w in re.findall(r"[\w'’-]+", held.lower()) for t in tokenized(w)}
    # named by its first word ("the site rule": site), as a word of difference names it
    return any(thing and thing[0] in held_terms for thing in things)
