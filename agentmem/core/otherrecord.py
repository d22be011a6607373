"""A line of another record: two records' lines alike only in their heading.

A review or a decision log is harvested line by line, each line headed by its record
("Postmortem PM-2031-004: kiln overheated — Thermocouples are checked weekly."). A line of
a later record ("Postmortem PM-2031-009: label misprints — the printer now reloads its
template nightly") shares the heading's kind and form with a held line of an earlier one
and nothing else; read whole, the shared heading and the later line's "now" made it a new
value of the earlier line. `other_record` tells such a pair apart: each opens on a heading
that names a record id of the same letters, the draft's not the held one's and the held
one's nowhere in the draft, and after their headings the two share no content word. A later record that speaks of the held line's thing ("DR-15: the nightly
reload now runs at 02:00" of "DR-12: the nightly reload runs at 01:00") shares its words
and is left to the rules.
"""

from __future__ import annotations

import re

from agentmem.core.textcache import textcached
from agentmem.core.words import function_words, tokenized

RECORD_ID = re.compile(r"\b([A-Z]{2,5})-\d+(?:-\d+)*\b")  # "PM-2031-004", "DR-12"
# A heading: a record's id among a text's first words, then a colon ("Postmortem
# PM-2031-004: kiln overheated — ...", "DR-12 (ops board): ...").
HEADING = re.compile(r"^[^:.;]{0,40}?\b([A-Z]{2,5})-\d+(?:-\d+)*\b[^:.;]{0,40}?:")


@textcached
def _heading(text: str) -> tuple[set[str], set[str], str]:
    """The record ids a text names, the letters of the one heading it, and the text after
    its heading."""
    head = HEADING.match(text)
    if head is None:
        return set(), set(), text
    return {m[0] for m in RECORD_ID.finditer(text)}, {head[1]}, text[head.end() :]


def _words(text: str) -> set[str]:
    return {t for t in tokenized(text) if t not in function_words() and not t.isdigit()}


def other_record(draft: str, held: str) -> bool:
    """The draft is a line of another record than the held line's, alike in its heading
    alone (see the module docstring)."""
    ids_d, kinds_d, rest_d = _heading(draft)
    ids_h, kinds_h, rest_h = _heading(held)
    if not ids_d or not ids_h or ids_d & ids_h or not kinds_d & kinds_h:
        return False
    if any(i in draft for i in ids_h):
        return False
    return not _words(rest_d) & _words(rest_h)
