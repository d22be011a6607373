"""Labels: the letter or code that says which one ("Hall D", "gate B", "freezer F4", "T-1").

The terms a restatement is judged by (`agentmem.core.statement`) hold no such label: a
single letter is no search term, and a code of letters and digits ("F4") is neither a
content word nor a value. So "Samples go in freezer F4" read as a restatement of "Samples
go in freezer F2", and "Bib pickup moves to Hall D" of "… to Hall C": the writer called the
new fact a duplicate and dropped it, and the old one stayed the only one told. A draft that
names a label the held text does not is no restatement of it (`restates`): it is another
thing, or the same thing given anew; either way it says something the held text does not.
"""

from __future__ import annotations

import re

# A code of letters and digits ("F4", "T-1", "B7a", "H-9"), or a noun and one capital letter
# ("Hall D", "gate B"; not the pronoun "I"). Capitals only: "a" and "b" in prose are words.
LABEL = re.compile(
    r"\b[A-Z]{1,3}-?\d{1,4}[a-z]?\b|(?<=[A-Za-z]\s)(?<![.!?]\s)\b(?!I\b)[A-Z]\b(?![-'’.]\w)"
)
LONGEST = 20_000  # characters; past this a text is read as it is (the writer caps lengths)


def labels(text: str) -> frozenset[str]:
    """The labels the text names, as written."""
    return frozenset(LABEL.findall(text[:LONGEST]))


def names_other_label(draft: str, held: str) -> bool:
    """Whether the draft names a label the held text does not (see the module docstring)."""
    return bool(labels(draft) - labels(held))
