"""A clause that says a thing did not change: no part of the change a text tells.

A change of one of two things is often told with a word on the other: "from Monday the
east kiln fires at 1,240 C; the west kiln stays as it is", "Harbor pays $2.40 a crate
now. Nothing changes for Delta." The clause on the other thing names it and says it
holds, so read as part of the change it made the text look like a new word on that thing
too: the lesson that told the west kiln's own heat was taken for replaced, and a later
lesson saying it again was taken for a newer word on the east kiln's change. The judge
reads the change without such clauses (`told_changed`); what it restates is read whole.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.stores.bm25 import tokenize

# Between a text's sentences and its clauses ("…; the west kiln stays as it is").
CLAUSE = re.compile(r"(?<=[.;!?])\s+|\s*;\s*|,\s+(?:but|while|whereas)\s+|\s+[—–]\s+")
# An aside in brackets ("moved to db-2 (port 5432 unchanged)"): said of the change's thing,
# read apart from the clause it stands in.
ASIDE = re.compile(r"\s*\([^()]*\)")
# "<thing> stays as it is | the same", "<thing> is unchanged | not affected", "nothing
# changes for <thing>", "no change to <thing>", "<thing> remains as before", "<thing> is
# still 40 m".
UNCHANGED = re.compile(
    r"\b(?:stays?|remains?|is|are|was|were|will\s+be)\s+(?:as\s+(?:it|they)\s+(?:is|are|was|were)"
    r"|the\s+same|unchanged|as\s+before|untouched|unaffected|not\s+affected)\b"
    r"|\b(?:stays?|remains?)\s+(?:as|where)\s+(?:it|they)\s+(?:is|are|was|were)\b"
    r"|\bnothing\s+(?:changes|changed|is\s+changing|will\s+change)\s+(?:for|on|in|at|with|about)\b"
    r"|\bno\s+changes?\s+(?:for|to|on|in|at)\b"
    r"|\bunchanged\b",
    re.IGNORECASE,
)
# The same, and "<thing> is still 40 m": read so only when every value a text gives stands in
# such clauses (`left_alone`); "v2 now holds 2048; v1 is still 256" is read whole elsewhere,
# so the still-clause keeps v1 apart from the change.
KEPT = re.compile(rf"{UNCHANGED.pattern}|\b(?:is|are)\s+still\b", re.IGNORECASE)


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def told_changed(text: str, words: re.Pattern[str] = UNCHANGED) -> str:
    """`text` without its clauses saying a thing did not change (module docstring); the
    text itself when it has none, or when nothing else is left."""
    bare = ASIDE.sub(lambda m: "" if words.search(m[0]) else m[0], text.strip())
    parts = [p for p in CLAUSE.split(bare) if p and p.strip()]
    kept = [p for p in parts if not words.search(p)]
    if not kept or (len(kept) == len(parts) and bare == text.strip()):
        return text
    return " ".join(p.strip().rstrip(";") for p in kept)


def _unchanged(text: str, words: re.Pattern[str] = UNCHANGED) -> str:
    """What `text` says did not change: its asides and clauses saying so."""
    asides = [m[0] for m in ASIDE.finditer(text) if words.search(m[0])]
    bare = ASIDE.sub(lambda m: "" if words.search(m[0]) else m[0], text)
    return " ".join([*asides, *(p for p in CLAUSE.split(bare) if p and words.search(p))])


# What a text names: a capitalised word anywhere ("Delta", "Harbor"), or an identifier
# joined by dots, dashes or underscores ("mqtt-stg.farm.lan", "order_lines").
# A value: a number standing alone ("40 m", "$2.40", "5ms"), not part of a name ("T-2").
VALUE = re.compile(r"(?<![\w-])\d+(?:[.,]\d+)*(?!-\w)")
NAME = re.compile(r"\b[A-Z][\w]*|\b\w+(?:[._-]\w+)+")


def _names(text: str) -> set[str]:
    """The search terms of what `text` names (a capitalised "The" opening it names nothing)."""
    return {t for m in NAME.findall(text) for t in tokenize(m) if not t.isdigit()}


def left_alone(changing: str, held: str) -> bool:
    """`changing` says in a clause that a thing `held` names did not change, and its other
    clauses (the change) name nothing `held` names: "Harbor now pays $2.40. Nothing
    changes for Delta." leaves "Delta Grocers pays $1.85 a crate" as it is. So does a text
    whose values all stand in the clauses that say they did not change, the rest giving
    none ("dock B is still 40 m; only dock A moved"): it tells no new value of anything."""
    if VALUE.search(_unchanged(changing, KEPT)) and not VALUE.search(told_changed(changing, KEPT)):
        return True  # values kept, none told anew
    told = told_changed(changing)
    if told == changing:
        return False
    kept = _unchanged(changing)
    names = _names(held)
    return bool(names & _names(kept)) and not names & _names(told)
