"""Headings a note writes without `#`: underlined, in bold, a short label, a day.

A team's retro is often typed in a chat box or a wiki that knows no `#`: its title is
underlined (`===` or `---` on the next line), its sections are a bold line ("**Start**")
or a short plain label ("Action items", "Notes", "takeaways") right above their list,
and a daily note heads each day's lines with the day ("Tue 11.17", "fri 11-20"). Read as
prose, each such label was a paragraph of its own and the list under it belonged to no
section: a note's action items were read as its lessons, its lessons as nothing. Each is
rewritten as the `## heading` it stands for, so every reader of `blocks` sees it.

A numbered or bulleted line that is a question ("3. Was the fix right?") heads the
answer under it, as a FAQ's or a five-whys' questions do.
"""

from __future__ import annotations

import re

SETEXT = re.compile(r"^\s{0,3}(?:=+|-{2,})\s*$")
BOLD = re.compile(r"^\s{0,3}(?:\*\*|__)([^*_]+?)(?::)?(?:\*\*|__)\s*:?\s*$")
ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\S")
ROW = re.compile(r"^\s{0,3}\|")
ATX = re.compile(r"^\s{0,3}#{1,6}\s")
FENCE = re.compile(r"^\s{0,3}(?:```|~~~)")
# A short label: a few words, no sentence's end, maybe a colon ("Action items", "todo:").
LABEL = re.compile(r"^\s{0,3}([A-Za-z][\w/&' ()-]{0,48}?)\s*:?\s*$")
MAX_LABEL_WORDS = 10
MAX_COLON_WORDS = 3  # "Open questions:", not "Releases move through three rings:"
# A day on its own line: a weekday, a date, or both ("Tue 11.17", "fri 11-20", "Thu 19 Nov").
WEEKDAY = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|urday)?\.?"
MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
DATE = rf"(?:\d{{1,4}}[-./]\d{{1,2}}(?:[-./]\d{{1,4}})?|\d{{1,2}}\s+{MONTH}|{MONTH}\s+\d{{1,2}})"
DAY = re.compile(rf"^\s{{0,3}}(?:{WEEKDAY}\s*,?\s*{DATE}?|{DATE})\s*:?\s*$", re.IGNORECASE)
QUESTION = re.compile(r"^\s{0,3}(?:[-*+]|\d+[.)])\s+(.*\?)\s*$")


def explicit(markdown: str) -> str:
    """The markdown with each implicit heading written as `## heading` (see the module)."""
    lines = markdown.splitlines()
    out: list[str] = []
    fenced = False
    for at, line in enumerate(lines):
        if FENCE.match(line):
            fenced = not fenced
        before = lines[at - 1] if at > 0 else ""
        after = lines[at + 1] if at + 1 < len(lines) else ""
        if fenced or not line.strip() or ATX.match(line):
            out.append(line)
        elif SETEXT.match(line) and out and out[-1].startswith("## "):
            continue  # the underline of the heading just written
        elif heading := _heading(line, before, after):
            out.append(f"## {heading}")
        elif question := QUESTION.match(line):
            out.append(f"## {question.group(1)}")
        else:
            out.append(line)
    return "\n".join(out)


def _heading(line: str, before: str, after: str) -> str | None:
    """What a line heads its section with, if it is a heading (see the module)."""
    if ITEM.match(line) or ROW.match(line):
        return None
    alone = not before.strip() or ATX.match(before) is not None
    if SETEXT.match(after) and alone and not SETEXT.match(line):
        return line.strip()
    if not alone:
        return None
    if DAY.match(line) and after.strip():
        return line.strip().rstrip(":")
    listed = ITEM.match(after) is not None or ROW.match(after) is not None
    bold = BOLD.match(line)
    if bold and (listed or not after.strip()) and _short(bold.group(1)):
        return bold.group(1).strip().rstrip(":")
    label = LABEL.match(line)
    # "Releases move through three rings:" introduces its list; "Action items:" heads it
    colon = line.rstrip().endswith(":")
    if label and listed and _short(label.group(1)) and not (colon and _said(label.group(1))):
        return label.group(1).strip()
    return None


def _said(text: str) -> bool:
    """Whether a label ending in ":" is rather a sentence introducing its list."""
    return len(text.split()) > MAX_COLON_WORDS


def _short(text: str) -> bool:
    """A label, not a sentence set apart: a few words, no sentence's end."""
    return len(text.split()) <= MAX_LABEL_WORDS and not text.rstrip().endswith((".", "!", "?"))
