"""One rule split into a rule per case: "the retry budget depends on the endpoint: search 3,
checkout 5" after "requests are retried at most 3 times". The held lesson gives one value
for every case; the draft says the value now depends on what kind of case it is and gives
each its own, one of them the old value. The two share little but the subject's first word
and a number, so neither a new value (the held text states no case) nor one subject by
count linked them, and the single rule stayed live beside its split.

A draft splits a held rule when it says its subject "depends on", "varies by", "differs
by" or "is no longer the same for" something, the subject opens on the word the held
lesson opens on ("Retry budget …" of "Retries are …"), and the values it lists per case,
in the clause after the cue, hold one the held lesson states and one it does not. Cases
told for another subject ("the page size depends on the client: web 50, app 20" of a
retry rule), or listing only the values the held one states, split nothing."""

from __future__ import annotations

import re

from agentmem.core.statement import NUMBER, NUMBER_WORDS, terms

DEPENDS = re.compile(
    r"\b(?:depends?\s+on|var(?:y|ies)\s+by|differs?\s+by|(?:is|are)\s+no\s+longer\s+the\s+"
    r"same\s+for)\b",
    re.IGNORECASE,
)
CLAUSE_END = re.compile(r";|\.(?:\s|$)")
CLAUSE_START = re.compile(r".*(?:[.;:!?]\s|^)", re.DOTALL)


def numbers(text: str) -> set[str]:
    """The numbers a text states, digits or words ("two" is "2"), without thousands commas."""
    found = {m.group(1).replace(",", "") for m in NUMBER.finditer(text)}
    spelled = re.finditer(rf"\b({'|'.join(NUMBER_WORDS)})\b", text, re.IGNORECASE)
    return found | {NUMBER_WORDS[m.group(1).lower()] for m in spelled}


def split_by_case(draft: str, held: str) -> bool:
    """The draft splits the held rule into cases (see the module docstring)."""
    match = DEPENDS.search(draft)
    if match is None:
        return False
    before = draft[: match.start()]
    start = CLAUSE_START.match(before)
    subject = terms(before[start.end() if start else 0 :])
    h = terms(held)
    if not subject.head or not h.head or subject.head[0] != h.head[0]:
        return False
    after = draft[match.end() :]
    end = CLAUSE_END.search(after)
    listed = numbers(after[: end.start() if end else len(after)])
    stated = numbers(held)
    return bool(listed & stated) and bool(listed - stated)
