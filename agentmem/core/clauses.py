"""Splitters that cut a text into the clauses several rules read alike.

- `STOPS`: at a sentence's stop, a ";" or a ":" before a space ("Rota: Ana on Monday; Bo
  on Friday. Then …"). A stop with no space after it is inside a word ("v2.1", "12:30").
- `ASIDES`: as `STOPS` for sentences, and at every bracket, ";" and line as well, so an
  aside ("the pump (spare) is off") is a clause of its own; ":" does not cut, a label and
  what follows it ("Owner: Ana") are one clause.

Other splitters stay in their modules on purpose where they cut differently (at a comma
before "and"/"but", at a dash, never at ":"): each reads a shape of its own.
"""

from __future__ import annotations

import re

STOPS = re.compile(r"[.;:]\s+")
ASIDES = re.compile(r"[;()\[\]\n]|[.!?](?=\s|$)")
