"""Labels: the letter or code that says which one ("Hall D", "gate B", "freezer F4", "T-1").

The terms a restatement is judged by (`agentmem.core.statement`) hold no such label: a
single letter is no search term, and a code of letters and digits ("F4") is neither a
content word nor a value. So "Samples go in freezer F4" read as a restatement of "Samples
go in freezer F2", and "Bib pickup moves to Hall D" of "… to Hall C": the writer called the
new fact a duplicate and dropped it, and the old one stayed the only one told. A draft that
names a label the held text does not is no restatement of it (`restates`): it is another
thing, or the same thing given anew; either way it says something the held text does not.
Two texts that open on two members of one family of codes are about two things
(`opens_on_other_member`): a reading of change must not take one for the other.
"""

from __future__ import annotations

import re
from functools import lru_cache

# A code of letters and digits ("F4", "T-1", "B7a", "H-9"), or a noun and one capital letter
# ("Hall D", "gate B"; not the pronoun "I"). Capitals only: "a" and "b" in prose are words.
LABEL = re.compile(
    r"\b[A-Z]{1,3}-?\d{1,4}[a-z]?\b|(?<=[A-Za-z]\s)(?<![.!?]\s)\b(?!I\b)[A-Z]\b(?![-'’.]\w)"
)
LONGEST = 20_000  # characters; past this a text is read as it is (the writer caps lengths)
# A code that says which member of a family ("PM1", "T-2", "B7"): its letters, its number.
CODE = re.compile(r"\b([A-Z]{1,3})-?(\d{1,4})[a-z]?\b")
OPENING_WORDS = 3  # a text is about the member it names among its first words
VERSIONS = frozenset({"V", "R"})  # "V2", "R14": versions of one thing, not members


@lru_cache(maxsize=4096)  # a draft meets each held text the store found: read once
def labels(text: str) -> frozenset[str]:
    """The labels the text names, as written."""
    return frozenset(LABEL.findall(text[:LONGEST]))


@lru_cache(maxsize=4096)
def _opening_code(text: str) -> str | None:
    opening = text[:LONGEST].split(maxsplit=OPENING_WORDS)[:OPENING_WORDS]
    found = CODE.search(" ".join(opening))
    return found.group(0) if found else None


def opens_on_other_member(draft: str, held: str) -> bool:
    """Both texts open on a member of one family of codes, each another ("PM3 sampling
    frequency …" against "PM1 basis weight samples …"), and the draft never names the held
    one's: two machines' facts, not one told anew. A draft that names the held member too
    ("T-2 takes the overflow while T-1 is relined") may still replace it."""
    mine, theirs = _opening_code(draft), _opening_code(held)
    if mine is None or theirs is None or mine == theirs:
        return False
    ours, others = CODE.match(mine), CODE.match(theirs)
    if ours is None or others is None or ours.group(1) != others.group(1):
        return False
    if ours.group(1) in VERSIONS:  # "V3 of the API is the default" after "V2 …": one API
        return False
    return theirs not in labels(draft)


def names_other_label(draft: str, held: str) -> bool:
    """Whether the draft names a label the held text does not (see the module docstring)."""
    return bool(labels(draft) - labels(held))
