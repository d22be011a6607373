"""Splitters that cut a text into the clauses several rules read alike.

- `STOPS`: at a sentence's stop, a ";" or a ":" before a space ("Rota: Ana on Monday; Bo
  on Friday. Then …"). A stop with no space after it is inside a word ("v2.1", "12:30").
- `ASIDES`: as `STOPS` for sentences, and at every bracket, ";" and line as well, so an
  aside ("the pump (spare) is off") is a clause of its own; ":" does not cut, a label and
  what follows it ("Owner: Ana") are one clause.
- `SENTENCES`: at a sentence's stop, ";" or ":" before a space or at the text's end, the
  space cut with it ("Kiln 2 is off; use kiln 3: it is warm. Ask Bo!" reads four);
  `DASHED`: at a dash between spaces as well ("the rota - see below - is new").
- `LINES`: after a sentence's stop, "!", "?" or ";" (kept with its sentence) and at every
  line break: "Ana owns it. Bo signs.\nCy" reads "Ana owns it.", "Bo signs.", "Cy".

Other splitters stay in their modules on purpose where they cut differently (at a comma
before "and"/"but", at a dash, never at ":"): each reads a shape of its own.
"""

from __future__ import annotations

import re

STOPS = re.compile(r"[.;:]\s+")
ASIDES = re.compile(r"[;()\[\]\n]|[.!?](?=\s|$)")
SENTENCES = re.compile(r"[.;:!?](?:\s|$)")
DASHED = re.compile(rf"{SENTENCES.pattern}|\s[-–—]\s")
LINES = re.compile(r"(?<=[.;!?])\s+|\n+")
