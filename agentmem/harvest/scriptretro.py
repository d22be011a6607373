"""A retro kept as a script (a Windows batch file, a VBA module), read as what it tells.

`agentmem.harvest.scriptlines` reads the script line by line; `as_markdown` writes what
its lines hold in the sections the readers know, most telling first (a retro yields a few
lessons at most):

- a setting given a new value, the old one commented out above it ("REM set
  VACUUM_MBAR=55" then "set VACUUM_MBAR=60") or said in its note ("' raised from 2.0 s"),
  is a change: "Vacuum mbar is now 60 (VACUUM_MBAR = 60).", under "## Changes"; the value
  put aside is never written (beside its subject it reads as current), nor its note, which
  told of it; a setting commented out and not live any more no longer applies;
- the live settings are one fact, each with its key (which the writer reads as one
  setting's: `agentmem.core.setkeys`), in words and with its note, under "## Facts";
- each finding in words, a comment or a string the script prints, is a lesson of its own
  ("Finding 2: both cracked runs had noodles at 11.3-11.4 %"), under "## Lessons", in the
  file's order, after the settings: a retro's cap keeps the first of what it yields, and
  a script's last lines are its checks, which repeat its findings.

Filing is no lesson: the title comment (it names the retro) and the comment lines that go
on from it up to a blank comment, a banner or code (what the retro covers, who came); a
line of who owns, chaired or attended ("Chair: H. Lindqvist. Minutes: P. Mensah") or of
where the file is kept ("Filed by OT on SCADA01"); a banner or a label of a few words; a
tally of the period's runs ("Month in numbers: 41 runs, 31 green, 10 red."), which took a
place of the cap; who owns a finding, said at its end ("…, owner: T. Brandt"). A
file is read so when its name says the dialect (.bat, .cmd; .bas, .vba, .vbs, .cls) or its
first line does ("@echo off", "Attribute VB_Name"), and it holds a finding or a setting;
any other text is left as it is.
"""

from __future__ import annotations

import re
from pathlib import PurePath

from agentmem.harvest.codelines import code_lines
from agentmem.harvest.scriptlines import (
    FILING,
    PERSON,
    Item,
    Said,
    Setting,
    basic_lines,
    batch_lines,
)
from agentmem.harvest.settingsfile import full_stop

BATCH = frozenset({".bat", ".cmd"})
BASIC = frozenset({".bas", ".vba", ".vbs", ".cls"})
BATCH_OPENING = re.compile(r"\A\ufeff?\s*@echo\s+off\b", re.I)
BASIC_OPENING = re.compile(r"\A\ufeff?\s*attribute\s+vb_name\s*=", re.I)
# The comment that names the retro: "RETRO 2024-10-25  Bar line 1 - …", "Monthly QA retro".
TITLE = re.compile(r"\bretro(?:spective)?s?\b", re.I)
# A note of who owns an item at its end: after a wide gap ("…  Owner: T. Walsh (closed)"),
# as a clause ("…, owner: T. Brandt") or as a sentence of its own ("… Owner: R. Alvarez
# (process eng.)", a bullet's deeper line gone on it). Who owns a finding is filing: kept,
# the name alone made one team's finding a new word of another file's note on that person.
OWNER_TAIL = re.compile(
    rf"(?:\s{{3,}}|\s*[,;]\s*|(?<=[.!?])\s+)owners?\s*:\s*{PERSON}(?:,\s*{PERSON}){{0,4}}\.?\s*$",
    re.I,
)
# A tally of the period: counts of runs and outcomes, no finding ("Month in numbers: 41
# runs, 31 green, 10 red."): an optional label, then two or more whole counts, each with
# a word or two of what it counts (each another), the later ones parts of the first.
TALLY_PART = re.compile(r"^(\d{1,6})\s+[A-Za-z][a-z]+(?:\s[a-z]{3,})?$")
TALLY_LABEL = re.compile(r"^[A-Z][\w ]{0,40}:\s*")
# A label in capitals opening a finding ("FINDING 1:", "ROOT CAUSE:", "RETRACTED (…):"),
# written as a label of words: the readers know "Retracted:", not "RETRACTED:".
# Letters and spaces only, five letters at least: "HS-PT:", "EMP:" name things, and stay.
SHOUTED_LABEL = re.compile(
    r"^(?P<label>[A-Z](?=[A-Z ]{4})[A-Z ]{3,30})(?=(?:\s\d{1,3})?\s?(?:\([^()\n]{0,40}\))?:)"
)
# A sentence of filing: where the file is kept and who filed it ("Filed by OT on SCADA01",
# "Exported from QA_Retros_2024.xlsm", "File lives in …").
FILED = re.compile(
    r"^(?:(?:kept|filed|exported|saved|stored|prepared|written|minuted)\s+(?:by|on|in|from|at)\b"
    r"|(?:this\s+)?file\s+(?:lives|is\s+kept)\b)",
    re.I,
)
# Where a sentence ends: not after a name's initial ("P. Mensah").
SENTENCE = re.compile(r"(?<=[.;!?])(?<!\b[A-Z]\.)\s+(?=[A-Z])")
# A note that tells the value before: "raised from 2.0 s on 22-May", "…, was 50".
WAS = re.compile(
    r"\b(?:was|previously|formerly|used to be|(?:raised|lowered|changed|up|down|cut) from)\b",
    re.I,
)
LETTERS = re.compile(r"[^\W\d_]{2,}")
NUMBER = re.compile(r"[-+]?\d[\d_]*(?:\.\d+)?")
# A key's last word that is a unit ("…_TEMP_C", "…_MBAR", "…_PCT"), as the value says it.
UNITS = {u: u for u in ("min", "h", "s", "ms", "d", "mbar", "bar", "psi", "kpa", "mm", "cm")}
UNITS.update({u: u for u in ("m", "um", "g", "kg", "t", "ml", "l", "ppm", "rpm", "mv", "kw")})
UNITS.update({"c": "°C", "f": "°F", "pct": "%", "days": "days", "hours": "h", "mins": "min"})
FEWEST_WORDS = 4  # a label of fewer ("--- Kiln ---", "Timeline") says nothing


def dialect_lines(text: str, source: str) -> list[Item] | None:
    """The script's lines read in its dialect, or None when it is no script retro."""
    suffix = PurePath(source).suffix.lower()
    if suffix in BATCH or (suffix not in BASIC and BATCH_OPENING.match(text)):
        return batch_lines(text)
    if suffix in BASIC or BASIC_OPENING.match(text):
        return basic_lines(text)
    return None


def is_tally(text: str) -> bool:
    """Whether the words are a tally of the period (`TALLY_PART`): counts of a whole and
    its parts, which no reader needs as a lesson and which take a place of the cap."""
    parts = [p.strip() for p in re.split(r"[,;]", TALLY_LABEL.sub("", text.strip()).rstrip("."))]
    counts = [m for m in (TALLY_PART.match(p) for p in parts) if m is not None]
    if len(parts) < 2 or len(counts) < len(parts):
        return False
    # what each counts is another word (runs, green, red): one unit again is a measure
    # given twice ("8 hours, 6 hours"), no tally
    if len({m[0].split(None, 1)[1].lower() for m in counts}) < len(counts):
        return False
    first, *rest = (int(m[1]) for m in counts)
    return sum(rest) <= first


def _filing(text: str, titled: bool) -> bool:
    """Whether a comment is filing, not a finding (see the module docstring): the title is
    the first comment that names the retro, before any finding (`titled` when past it)."""
    if len(LETTERS.findall(text)) < FEWEST_WORDS:
        return True
    if all(FILING.match(part) or FILED.match(part) for part in SENTENCE.split(text)):
        return True
    return not titled and TITLE.search(text) is not None


def _finding(text: str) -> str:
    """A finding's words: an owner's name at its end left out, a label in capitals in
    words ("RETRACTED (…):" → "Retracted (…):")."""
    text = " ".join(OWNER_TAIL.sub("", text).split())
    label = SHOUTED_LABEL.match(text)
    if label is not None:
        words = label["label"].strip()
        text = f"{words[:1]}{words[1:].lower()}{text[len(words) :]}"
    return text


CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z][a-z])")  # "dryerMoisture": a word's end and the next's


def _words(key: str) -> str:
    """A key in words: "SMOKE_TEMP_C" → "smoke temp C" (a one-letter word is a unit), and
    a camel-case one so too: "dryerMoistureTargetPct" → "dryer moisture target pct" (as one
    word, "dryermoisturetargetpct", no search for the dryer's moisture target found it)."""
    key = CAMEL.sub(" ", key)
    words = [w if len(w) == 1 else w.lower() for w in re.split(r"[_.\- ]+", key) if w]
    return " ".join(words)


def _unit_last(words: str, value: str) -> tuple[str, str]:
    """A key's trailing unit put after its value: ("mix vacuum mbar", "60") → ("mix
    vacuum", "60 mbar"), as the value is said and searched for; other keys as they are."""
    head, _, unit = words.rpartition(" ")
    if head and unit.lower() in UNITS and NUMBER.fullmatch(value):
        return head, f"{value} {UNITS[unit.lower()]}"
    return words, value


def _settings(items: list[Item], *, units: bool = False) -> tuple[list[str], str]:
    """The changes the settings tell, and the live ones as one fact (`""` when none)."""
    live: dict[str, Setting] = {}
    aside: dict[str, Setting] = {}
    for item in items:
        if isinstance(item, Setting):
            (aside if item.aside else live)[item.key] = item
    changes: list[str] = []
    facts: list[str] = []
    for key, setting in live.items():
        said = f"{key} = {setting.value}"
        words = _words(key)
        note = f"; {setting.note}" if setting.note else ""
        old = aside.get(key)
        if (old is not None and old.value != setting.value) or WAS.search(setting.note):
            lead = f"{words[:1].upper()}{words[1:]}"
            lead, value = _unit_last(lead, setting.value) if units else (lead, setting.value)
            if units and old is not None and old.value != setting.value:  # the value it ended
                note += f"; was {old.value}" + (f": {old.note}" if old.note else "")
            changes.append(full_stop(f"{lead} is now {value} ({said}{note})"))
        else:
            facts.append(f"{said} ({words}{note})")
    for key in aside.keys() - live.keys():
        words = _words(key)
        changes.append(f"{words[:1].upper()}{words[1:]} ({key}) no longer applies.")
    fact = full_stop("Settings: " + "; ".join(facts)) if facts else ""
    return changes, fact


def as_markdown(text: str, source: str = "") -> str:
    """The script retro as its changes, lessons and facts (see the module docstring), or
    the text as it is."""
    items = dialect_lines(text, source)
    return text if items is None else _written(items, generic=False) or text


def code_markdown(text: str, *, labelled: bool = False) -> str:
    """A program retro of any other language read line by line by form
    (`agentmem.harvest.codelines`), written as a script's is, what its statements say
    before its comments; the text as it is when it is no such program (or, `labelled`, one
    whose comments label no finding)."""
    items = code_lines(text, labelled=labelled)
    return text if items is None else _written(items, generic=True) or text


def _written(items: list[Item], *, generic: bool) -> str:
    lessons: list[str] = []
    printed: list[str] = []  # what a program of another language says in its statements
    titled = False
    in_title = False  # in the comment block the title opens: who, when, what it covers
    for item in items:
        if not isinstance(item, Said) or not LETTERS.search(item.text):
            in_title = False  # a blank comment, a banner or a line of code ends the block
            continue
        if item.comment and (in_title or _filing(item.text, titled or bool(lessons))):
            in_title = in_title or (not titled and TITLE.search(item.text) is not None)
            titled = titled or TITLE.search(item.text) is not None
            continue
        in_title = False
        if is_tally(item.text):
            continue
        said = full_stop(_finding(item.text))
        (printed if not item.comment and generic else lessons).append(said)
    changes, fact = _settings(items, units=generic)
    out: list[str] = []
    # the settings before the findings: a retro's cap keeps the first of what it yields;
    # a program's statements say its findings, before the fact of its settings
    sections = [("Changes", changes), ("Lessons", printed), ("Facts", [fact]), ("Lessons", lessons)]
    for heading, found in sections:
        found = [item for item in found if item]
        if found:
            out += ["", f"## {heading}", "", *(f"- {item}" for item in found)]
    return "\n".join(out).strip() + "\n" if out else ""
