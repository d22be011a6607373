"""A check's error message: what it says first, before it says where or why.

A check that fails for one cause twice often opens with the same message, filled with
another value each time, and then says something different about it: "row 311 not in
ledger FY-26: the import skipped the second sheet" and "row 47 not in ledger FY-26: the
nightly job read last year's copy". The two explanations share few words, so the rule that
groups failures on most of their words keeps them apart, yet the check said one thing
twice. The opening is the detail up to its first ":", ";", "(" or dash set apart by spaces,
numbers masked (the values vary, the message does not); two openings that are the same
and hold at least `MIN_WORDS` words besides the numbers, `MIN_TERMS` of them search terms
that say more than that something failed, are one message ("3 of 40 tests failed" twice
is no message of its own). A short label ("smoke suite: ...", "e2e: ...") names the check's part, not what went wrong,
and is too short to count.
"""

from __future__ import annotations

import re

from agentmem.harvest.phrases import terms

MIN_WORDS = 4
MIN_TERMS = 3
# Where a message ends and its particulars begin: ": " (not a clock time's colon), ";",
# an opening parenthesis, a spaced dash.
END = re.compile(r":\s|;|\(|\s[-–—]+\s")
NUMBER = re.compile(r"\d+")
WORD = re.compile(r"[a-z#]+(?:[-_.'][a-z#]+)*")
GENERIC = terms("fail failed failure failures error errors exception")


def opening(detail: str) -> str:
    """The detail's message, lower-cased, numbers masked as "#", spacing made one."""
    head = END.split(detail, maxsplit=1)[0]
    return " ".join(WORD.findall(NUMBER.sub("#", head.lower())))


def same_message(a: str, b: str) -> bool:
    """Two details open with one message of `MIN_WORDS` words, `MIN_TERMS` of them terms."""
    said = opening(a)
    if not said or said != opening(b) or len([w for w in said.split() if w != "#"]) < MIN_WORDS:
        return False
    return len(terms(said.replace("#", " ")) - GENERIC) >= MIN_TERMS
