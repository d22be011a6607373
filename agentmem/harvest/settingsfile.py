"""An annotated settings file kept as a retro, read as the changes and lessons it holds.

Some teams keep what they learned as a "known-good settings" file, committed after each
review, each change said in a comment beside its line:

    # Unit 2 -- KNOWN-GOOD SETTINGS
    # Reviewed: 2026-04-27. Attended: L. Hartmann, O. Tate

    [stripper]
    # reboiler_temp_c = 120         # the old solvent
    reboiler_temp_c = 124           # vendor's sheet rev B
    # DO NOT raise above 126 -- degradation climbs fast

    [antifoam]
    max_shots_per_day = 2           # was 3 until the foaming on the 12th

Read as markdown, its comments were headings and its settings plain lines: the distiller
found nothing in it, and every value it replaced stayed current in memory. `as_markdown`
writes what such a file tells in the sections the readers know:

- a live setting beside a commented-out line of the same key (the value dropped), or with
  a comment that says what it was ("# was 3 …"), is a change: "Stripper reboiler temp c
  is now 124 (was 120; vendor's sheet rev B)", under "## Changes";
- a commented-out setting whose key is not live any more no longer applies;
- a comment of the section's own (not a setting put aside) is what the team learned about
  it, led by the section's name ("Stripper: DO NOT raise above 126 …"), under "## Lessons";
- any other setting with a comment is a fact: "Metering vent meter is FT-302 (NOT
  custody)", under "## Facts"; a setting with no comment says nothing a review added;
- the comments before the first setting or section (the file's title, the review date,
  who attended) are filing, not lessons.

A file is read so when most of its lines are `key = value` / `key: value` settings
(identifier keys), `[section]` headers, comments (`#`, `;`) or blank, with three settings
at least, and its comments say something (a comment beside a setting, a setting
commented out, or a comment inside a section); a name ending in .ini, .toml, .cfg, .conf,
.properties or .env is not needed. Anything else, and a settings file with no comment
that says anything (a TOML retro of lists goes on to `agentmem.harvest.structured`), is
left as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from agentmem.harvest.structured import as_markdown as structured
from agentmem.harvest.structured import is_structured

# A `[section]` or `[[table]]` header: a name of word characters, dots, dashes, spaces.
SECTION = re.compile(r"\[{1,2}\s*([\w.\- ]{1,80}?)\s*\]{1,2}")
# `key = value` or `key: value` with an identifier key (no spaces: "Review date: …" in a
# note is prose), the value up to an inline comment (" #", " ;"), which may follow.
SETTING = re.compile(r"([A-Za-z_][\w.\-]{0,80})\s*([=:])\s*(.*)")
# A key before ":" is a setting's when it is no capitalised word ("Owner: Sam" is a note's
# label; "owner: sam", "max_shots: 3" are settings).
COLON_KEY = re.compile(r"[a-z_][\w]*|\w*[_.\-][\w.\-]*")
COMMENT = re.compile(r"[#;]+\s?(.*)")
INLINE = re.compile(r"\s[#;]\s*")
# A comment that tells the value before: "was 3 until …", "previously 14", "up from 2.5".
WAS = re.compile(
    r"^(?:was|previously|formerly|used to be|(?:raised|lowered|changed|up|down) from)\b",
    re.IGNORECASE,
)
# A comment that tells how to run the setting or what not to do, or takes a note back,
# rather than what a part is ("C-101, two packed beds") or what is planned.
RULE = re.compile(
    r"\b(?:do not|don't|never|must|always|only|avoid|no longer|withdrawn|retracted)\b"
    r"|^(?:no|keep|use|check)\b",
    re.IGNORECASE,
)
# ... or says so in capitals ("NOT custody", "NO silicone"): "not a typo" is no rule.
SHOUTED = re.compile(r"\b(?:NOT|NO|NEVER|ONLY|MUST)\b")
# A markdown list item or heading of words ("## Lessons"): the text is a note, not a file.
MARKDOWN = re.compile(r"(?:[-*+]|\d+[.)]|#{2,6})\s+\S")
WORDS = re.compile(r"[^\W_]+")
# What the file tells, most telling first: a retro yields a few lessons at most.
HEADINGS = ("Changes", "Lessons", "Facts")
FEWEST_SETTINGS = 3
SHARE = 0.8  # of the lines that are not blank or comments: settings or section headers
MAX_LINE = 2000  # a longer line is no setting: it is read as text, and never scanned


@dataclass
class _Section:
    """One section's settings, the lines put aside in it, and its own comments."""

    name: str
    live: dict[str, tuple[str, str]] = field(default_factory=dict)  # key: value, comment
    dropped: dict[str, tuple[str, str]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


@lru_cache(maxsize=4096)  # each line is classed, then read again for its parts
def _setting(line: str) -> tuple[str, str, str] | None:
    """A line's key, value and inline comment when it is a setting."""
    if len(line) > MAX_LINE or (match := SETTING.fullmatch(line.strip())) is None:
        return None
    key, rest = match.group(1), match.group(3)
    if match.group(2) == ":" and not COLON_KEY.fullmatch(key):
        return None
    value, comment = rest, ""
    if (inline := INLINE.search(rest)) is not None:
        value, comment = rest[: inline.start()], rest[inline.end() :]
    value = value.strip().strip("\"'")
    if not value or value.endswith(("{", "[", "(")):  # a YAML or TOML block opens
        return None
    return key, value, comment.strip()


def _lines(text: str) -> list[tuple[str, str]]:
    """Each line as (kind, line): section, setting, aside (a setting commented out),
    comment, blank or other."""
    out: list[tuple[str, str]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            out.append(("blank", line))
        elif len(line) <= MAX_LINE and SECTION.fullmatch(line):
            out.append(("section", line))
        elif (comment := COMMENT.fullmatch(line)) is not None:
            said = comment.group(1).strip()
            out.append(("aside" if _setting(said) else "comment", said))
        elif _setting(line) is not None:
            out.append(("setting", line))
        else:
            out.append(("other", line))
    return out


def is_settings_file(text: str) -> bool:
    """Whether the text is an annotated settings file (see the module docstring)."""
    return _is_settings(_lines(text))


def _is_settings(lines: list[tuple[str, str]]) -> bool:
    kinds = [kind for kind, _ in lines]
    body = [kind for kind in kinds if kind not in ("blank", "comment", "aside")]
    settings = kinds.count("setting")
    if settings < FEWEST_SETTINGS or not body:
        return False
    if sum(kind in ("setting", "section") for kind in body) < SHARE * len(body):
        return False
    if any(MARKDOWN.match(line) for kind, line in lines if kind == "other"):
        return False
    return _annotated(lines)


def _annotated(lines: list[tuple[str, str]]) -> bool:
    """Whether a comment says something: beside a setting, put aside, or in a section."""
    begun = False
    for kind, line in lines:
        if kind == "setting" and (parts := _setting(line)) is not None and parts[2]:
            return True
        if begun and kind in ("aside", "comment") and WORDS.search(line):
            return True
        begun = begun or kind in ("section", "setting")
    return False


def _sections(lines: list[tuple[str, str]]) -> list[_Section]:
    """The file's sections in order, the filing before the first one left out."""
    sections: list[_Section] = []
    current: _Section | None = None
    paragraph: list[str] = []
    record = False

    def close() -> None:
        if current is not None and paragraph:
            current.notes.append(_joined(paragraph))
        paragraph.clear()

    for kind, line in lines:
        if kind == "section":
            close()
            name = SECTION.fullmatch(line)
            current = _Section(name.group(1) if name else line)
            # a `[[table]]` is one record of a list (a change, a lesson), not settings:
            # `agentmem.harvest.structured` reads its fields; only its comments are ours
            record = line.startswith("[[")
            sections.append(current)
            continue
        if current is None and kind == "setting":
            current = _Section("")  # a file of settings with no sections (.env, .properties)
            sections.append(current)
        if current is None:
            continue  # the file's title, review date and attendees: filing
        if kind == "comment" and WORDS.search(line):
            paragraph.append(line)
            continue
        close()
        parts = None if record else _setting(line)
        if kind == "setting" and parts is not None:
            current.live[parts[0]] = parts[1:]
        elif kind == "aside" and parts is not None:
            current.dropped.setdefault(parts[0], parts[1:])
    close()
    return sections


def _rule(comment: str) -> bool:
    return RULE.search(comment) is not None or SHOUTED.search(comment) is not None


def _joined(lines: list[str]) -> str:
    """A comment's lines as one text: a line that ends a sentence, or one after which the
    next opens on no lower-case word, ends its own ("04-22 drain …" / "04-23 fill …")."""
    out = lines[0]
    for line in lines[1:]:
        ended = out.endswith((".", "!", "?", ":", ";", ",")) or not line[:1].islower()
        out = f"{out}{'' if out.endswith(('.', '!', '?', ';')) or not ended else '.'} {line}"
    return out


def _name(words: str) -> str:
    """A section's or key's name as words: "compressor.K201" → "compressor K201"."""
    return " ".join(WORDS.findall(words))


def _said(section: str, key: str) -> str:
    """A setting in words, its section as the file names it: "In [line_b], speed". Said
    as "Line b speed", the key of another section read as the same setting (no label is
    heard in "b"); said as "line_b.speed" alone, no word of it was found by a search."""
    words = _name(key)
    return f"In [{section}], {words}" if section else f"{words[:1].upper()}{words[1:]}"


def full_stop(text: str) -> str:
    """The text as a sentence: stripped, with a full stop unless it ends on one already."""
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else f"{text}."


def _items(section: _Section) -> tuple[list[str], list[str], list[str]]:
    """The section's changes (values changed, then settings dropped), lessons and facts,
    each a sentence."""
    changes: list[str] = []
    facts: list[str] = []
    for key, (value, comment) in section.live.items():
        said = _said(section.name, key)
        before = section.dropped.get(key)
        if before is not None and before[0] != value:
            # the value dropped is never written (beside the subject it reads as current),
            # nor its comment, which told of it
            changes.append(
                full_stop(f"{said} is now {value}" + (f" ({comment})" if comment else ""))
            )
        elif comment and WAS.match(comment):
            changes.append(full_stop(f"{said} is now {value} ({comment})"))
        elif _rule(comment):
            facts.append(full_stop(f"{said} is {value} ({comment})"))
    for key, (_, comment) in section.dropped.items():
        if key not in section.live:
            aside = f" ({comment})" if comment else ""
            changes.append(full_stop(f"{_said(section.name, key)} no longer applies{aside}"))
    name = _name(section.name)
    lead = f"{name[:1].upper()}{name[1:]}: " if name else ""
    lessons = [full_stop(f"{lead}{note}") for note in section.notes if _rule(note)]
    return changes, lessons, facts


def as_markdown(text: str, path: str = "") -> str:
    """The text as the changes, lessons and facts it holds when it is an annotated settings
    file; else as it is. A file that is also a retro written as data (a TOML of lists or
    tables) is read as that data (`agentmem.harvest.structured`), what its comments say
    after it: a TOML reader drops comments."""
    lines = _lines(text)  # read once: whether it is a settings file, then its sections
    if not _is_settings(lines):
        return text
    found: tuple[list[str], ...] = ([], [], [])
    for section in _sections(lines):
        for into, items in zip(found, _items(section), strict=True):
            into += items
    out: list[str] = []
    for heading, items in zip(HEADINGS, found, strict=True):
        if items:
            out += ["", f"## {heading}", "", *(f"- {item}" for item in items)]
    if not out:
        return text
    said = "\n".join(out).strip() + "\n"
    return f"{structured(text, path).rstrip()}\n\n{said}" if is_structured(text, path) else said
