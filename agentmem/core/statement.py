"""A lesson read as a statement: what it is about (its subject) and what it says of it
(its values), the reading `agentmem.core.restate` compares drafts with.

Values are what can change while the subject stays: numbers with their unit (a count
written as a word too: "two approvals"), clock times, weekdays, versions, dates, commands
and paths as code. The subject is the rest: content terms (stemmed, stopwords out, the
same tokens search uses), the first of them in order (the head: what the text is about),
and the names it mentions (identifiers, capitalised words, short names in capitals). A
text may also say that something changed, and where that change cue points.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from agentmem.core.cues import CHANGE, CUE_BACKWARD, CUE_FORWARD, old_values, pointed_at
from agentmem.core.holders import ROLE as ROLE
from agentmem.core.holders import people
from agentmem.core.spoken import MONTH_NAMES, WEEKDAYS, normalised, spoken_values
from agentmem.core.words import CODE as CODE
from agentmem.core.words import FUNCTION_WORDS as FUNCTION_WORDS
from agentmem.core.words import function_words as function_words
from agentmem.core.words import tokenized
from agentmem.stores.bm25 import WORD

HEAD = 3  # leading content terms that name what a statement is about
# What a phrase says of a thing's state, not what the thing is ("the old scan export"): no
# head term, so "The old scan export is gone; …" is about the scan export.
STATE = frozenset("old previous former earlier existing current".split())  # noqa: SIM905

# A time zone says which clock a time is on ("08:00 UTC"), not what the time is of: no name.
ZONES = frozenset("utc gmt cet cest bst ist eet eest est edt cst cdt pst pdt jst".split())  # noqa: SIM905
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
UNITS = {
    **{u: u for u in ("b", "kb", "mb", "gb", "tb", "kib", "mib", "gib", "tib")},
    **dict.fromkeys(("ms", "millisecond", "milliseconds"), "ms"),
    **dict.fromkeys(("s", "sec", "secs", "second", "seconds"), "s"),
    **dict.fromkeys(("min", "mins", "minute", "minutes"), "min"),
    **dict.fromkeys(("h", "hr", "hrs", "hour", "hours"), "h"),
    **dict.fromkeys(("day", "days"), "day"),
    **dict.fromkeys(("week", "weeks"), "week"),
    **dict.fromkeys(("month", "months"), "month"),
    **dict.fromkeys(("%", "percent", "pct"), "%"),
    **dict.fromkeys(("x", "times"), "x"),
    **dict.fromkeys(("rps", "qps"), "rps"),
}
# Counts written as words ("two approvals", "three stages"): the same value as the digit.
SMALL = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
NUMBER_WORDS = {
    **{word: str(n) for n, word in enumerate(SMALL)},
    **{"eleven": "11", "twelve": "12", "fifteen": "15", "twenty": "20", "thirty": "30"},
}
# "one" is a count only before the word it counts ("one approval", not "the old one").
SPELLED = re.compile(rf"\b({'|'.join(NUMBER_WORDS)})\b(?:[\s-]+([A-Za-z%]+))?", re.IGNORECASE)
DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")  # when a statement took effect, not a measure
# Short names in capitals name a thing even where the word is a stopword ("US", "IT").
ACRONYM = re.compile(r"\b[A-Z]{2,5}\b")
# What a text names outright: capitalised words inside a sentence, short names in capitals
# with their digits ("PS5", "PC", "TRC"), identifiers. Two texts that each name something
# the other does not, and nothing in common, are about two things.
CAPS = re.compile(r"\b[A-Z][A-Z0-9]{1,5}\b")
MARKUP = re.compile(r"(<[!/]?[A-Za-z[][^<>\n]{0,200}>)")  # an HTML tag in prose: code, not words
TIME = re.compile(r"\b\d{1,2}:\d{2}(?::\d{2})?\b")
# A timestamp (ISO 8601: a date, "T" and a time, or a time with its UTC offset) is an
# example of a moment, read as its date, and an offset ("+01:00 in summer") says which clock
# a time is on: neither is a time of day something is set to. Read as times, the "05:00" of
# "e.g. 2026-03-02T07:30:00+02:00" and the "+03:00" of "(+02:00 in winter, +03:00 in summer)" made
# two statements of one rule give each other new clock times.
STAMP = re.compile(
    r"\b(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?"
    r"|[ ]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2}))(?![\w:+-])"
)
OFFSET = re.compile(r"(?<![\w:])[+\u2212-]\d{2}:\d{2}\b")
NAMED = re.compile(r"(?<![.!?:;]\s)(?<!^)\b([A-Z](?:[a-z]{2,}|[A-Z]{1,5}))[ \t]$")  # "Docusaurus "
# A clock time said other ways, read as the same HH:MM: "2:30 pm", "2am", and a daily or
# weekly cron line's minute and hour ("30 2 * * *" runs at 02:30).
MERIDIEM = re.compile(
    r"\b(?P<hour>1[0-2]|0?[1-9])(?::(?P<minute>[0-5]\d))?\s?(?P<half>[ap])\.?m\b\.?", re.I
)
CRON = re.compile(
    r"(?<![\w:*/-])(?P<minute>[0-5]?\d)\s+(?P<hour>2[0-3]|[01]?\d)\s+(?:\*|\d{1,2})\s+\*\s+"
    r"(?:\*|[0-7](?:[-,][0-7])*|[a-z]{3}(?:[-,][a-z]{3})*)(?![\w*])",
    re.I,
)
# A release named after its year keeps the year in front ("firmware bundle 2031v2.5"): one version.
# A host's address ("10.20.4.15"): where a thing is reached, not a release of it
IPV4 = re.compile(r"\b\d{1,3}(?:\.\d{1,3}){3}\b")
VERSION = re.compile(r"\b[vV]\d+(?:\.\d+)*\b|\b\d+\.\d+\.\d+\b|\b\d{4}[vV]\d+(?:\.\d+)+\b")
# A number with its unit; joined groups ("0-12", "03-01", "1,000") are one value. A unit
# hyphenated before its noun is the same measure: "a 30-minute window" is 30 minutes.
NUMBER = re.compile(r"(?<![\w.:/-])(\d[\d,]*(?:[.-]\d+)*)(?:(?:\s?|-(?=[A-Za-z]))(%|[A-Za-z]+\b))?")
# Identifiers (mixed case, snake_case, dotted or slashed paths) and capitalised words.
IDENTIFIER = re.compile(r"[\w./-]*(?:[a-z][A-Z]|_|\w\.\w|\w/\w)[\w./-]*")
# Names in capitals joined by a slash are each one ("HLS/DASH", "CI/CD", "A/B": this or
# that), not a path that names a thing of its own.
ALTERNATIVES = re.compile(r"[A-Z][A-Z0-9]*(?:/[A-Z][A-Z0-9]*)+")
CAPITALISED = re.compile(r"(?<![.!?:;]\s)(?<!^)\b[A-Z][a-z]{2,}\b")
# A name written as a code: capitals with their digits or joined parts ("QA2", "EU", "RX-7B"),
# or a word joined to a number ("dock-7").
CODED = re.compile(r"\b[A-Z][A-Z0-9]+(?:-\w+)*\b|\b[A-Za-z]+-\d+\b")
# A name of joined parts ("bf-cache-prod", "CNP-017", "ci-linux-large"): a bucket, a rule, a
# pool, spelled one way; a word joined once to another ("next-day", "on-call") is no name.
JOINED = re.compile(r"(?<![\w.-])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+(?![\w-])")
# A file's path ("policies/offers.yaml", "load.py"): where something is written, which two
# statements of two things in it can share ("MAX_STREAMS=4 in policies/offers.yaml" and
# "rentals get a 30-day window", both set in that file).
# A path with a directory, or a name with a file type's common extension ("load.py"; not
# "max.poll.interval.ms", a setting's name).
FILE = re.compile(
    r"(?<![\w./-])(?:[\w.-]*/[\w./-]*\w\.[A-Za-z]{1,5}"
    r"|[\w-]+\.(?:py|ya?ml|json|toml|ini|cfg|conf|md|txt|csv|sh|sql|tf|js|ts|go|rs|java|kt|xml|html))"
    r"\b(?![\w/-]|\.\w)"
)
# An aside in brackets ("(Airflow DAG nightly_load)"): what it names is not what a text is about.
ASIDE = re.compile(r"\([^()]*\)")
EXTENSION = re.compile(r"(?<=\w)\.([A-Za-z]{1,4})\b(?![.\w/-])")  # "load.py", "sim.yml"


@dataclass(frozen=True)
class Terms:
    """A text read as a subject (content terms and names) and its values, by kind."""

    content: frozenset[str]
    head: tuple[str, ...]  # the first HEAD content terms, in order: what the text is about
    names: frozenset[str]  # the word tokens of the names the text mentions
    values: Mapping[str, frozenset[str]]
    tokens: frozenset[str]  # every search token of the text, values included
    change: bool  # the text says something changed
    cued: frozenset[str] = frozenset()  # the terms a correction or replacement cue points at
    proper: frozenset[str] = frozenset()  # what it names outright (see CAPS)
    first: str = ""  # the first name it mentions, in text order: what it is about
    cue: frozenset[str] = frozenset()  # the cue's own words ("changed", "replaces")
    # Two adjacent words as one ("roll back" as "rollback", "log in" as "login"), with the
    # terms they make apart: the same thing when the other text writes it as one word.
    joins: frozenset[tuple[str, frozenset[str]]] = frozenset()
    people: frozenset[str] = frozenset()  # the people, teams and channels it names (PEOPLE)
    roles: frozenset[str] = frozenset()  # the roles it gives them (ROLES' keys)
    files: frozenset[str] = frozenset()  # the file paths it names, lower case (see FILE)
    in_files: frozenset[str] = frozenset()  # words it names only inside those paths
    # the head after the labels a text opens on ("ADR-0007: Confidence floor for unreviewed
    # clauses: A clause enters …" is about a clause too), see LABELS
    inner: tuple[str, ...] = ()
    # the values a change moved away from ("from 7 days to 3 days": 7, "10°, not 5°": 5,
    # "instead of Thursday": thursday), see `agentmem.core.cues.old_values`
    moved: frozenset[str] = frozenset()
    # the words a name written in CamelCase is made of ("OvenJSON": oven, json), which a
    # cue may name alone ("the old JSON reader")
    parts: frozenset[str] = frozenset()
    # the names it writes as joined codes ("bf-cache-prod", "CNP-017"), lower case, see
    # JOINED: one thing's exact spelling, which two texts share only when about that thing
    codes: frozenset[str] = frozenset()
    # the amounts of money it states ("$2,500": "2500"), which `values` counts as numbers
    amounts: frozenset[str] = frozenset()


# A bold label that opens a note's bullet ("**Schedule:** the sync now runs at 03:15"): a
# heading of its own, which may or may not name what the rest is about.
# A sentence may open on when it took effect ("Since 06-29 the sites run …", "since the 1.29
# upgrade FlowSchemas use …", "After the move, backups go …", "From sprint 12 on, …"): that clause is not what the
# statement is about, so its head and first name are read after it.
LEAD = re.compile(
    r"^\W{0,3}(?:since|as of|after|following|starting|effective"
    # "From sprint 12 on, …", "From then on …": when it holds, up to its "on"
    r"|from\s+(?:[\w.-]+\s+){0,3}?on(?:wards?)?\b,?|from)\s+"
    r"(?:(?:the\s+)?\S*\d\S*(?:\s+(?!(?:the|a|an|we|it|they|all|our)\b)[a-z][a-z-]+)?\s+"
    r"|[^,;:.\n]{1,40},\s*)",  # a value and what happened then, or a clause up to a comma
    re.IGNORECASE,
)
LABEL = re.compile(r"^\W{0,3}\*\*[^*\n]{1,40}?\*\*\s*:?\s*")
# A record's identifier that opens a lesson drawn from it ("ADR-019: …", "INC-2291: …"):
# it names the document, not what the lesson is about, so the head is read after it.
RECORD = re.compile(r"^\W{0,3}[A-Z]{2,}-\d+[\w.-]*\s*:\s*")


# The short labels a lesson may open on, each up to six words and a colon or a dash: a
# document's title, its section's heading ("Runbook: sync — Limits: …").
LABELS = re.compile(r"^\W{0,3}(?:(?:[^\s:;.—–]+\s+){0,5}[^\s:;.—–]+(?::|\s[—–])\s+){1,3}")


# A dated title that opens a lesson drawn from a document ("Weekly ops review - W21 (May
# 18-22): …", "Verification review, week 19 (May 4-8): …"): it names the document, like
# a record's identifier (RECORD), so what the lesson is about is read after it too.
DATED = re.compile(r"^\W{0,3}[^:;.\n]{3,80}\([^()\n]*\d[^()\n]*\):\s+")


def unlabelled(text: str) -> str:
    """The text without a bold label that opens it (see LABEL)."""
    return LABEL.sub("", text, count=1)


def _values(text: str) -> tuple[dict[str, set[str]], str]:
    """The values a (normalised) text states, by kind, and the text the values were read
    from (code and markup blanked)."""
    values: dict[str, set[str]] = {}
    for match in (*CODE.finditer(text), *MARKUP.finditer(text)):
        values.setdefault("code", set()).add(" ".join(match.group(1).lower().split()))
    # no version inside code, no count inside markup (`<table width="600">` counts nothing)
    rest0 = MARKUP.sub(" ", CODE.sub(lambda m: m.group(0).replace(".", " "), text))
    spoken, rest = spoken_values(_without_old_values(rest0))  # "Tue", "Oct 5"
    for kind, said in spoken.items():
        values.setdefault(kind, set()).update(said)
    for match in (*CRON.finditer(rest), *MERIDIEM.finditer(rest)):
        hour = int(match["hour"])
        if "half" in match.groupdict():
            hour = hour % 12 + (12 if match["half"].lower() == "p" else 0)
        values.setdefault("time", set()).add(f"{hour:02d}:{int(match['minute'] or 0):02d}")
    rest = MERIDIEM.sub(" ", CRON.sub(" ", rest))
    for match in STAMP.finditer(rest):
        values.setdefault("date", set()).add(match.group(1))
    rest = STAMP.sub(" ", rest)
    for match in OFFSET.finditer(rest):
        values.setdefault("offset", set()).add(match.group(0).replace("\u2212", "-"))
    rest = OFFSET.sub(" ", rest)
    for kind, pattern in (("date", DATE), ("time", TIME), ("address", IPV4), ("version", VERSION)):
        for match in pattern.finditer(rest):
            found = match.group(0).lower().lstrip("v")
            values.setdefault(kind, set()).add(found.zfill(5) if kind == "time" else found)
        rest = pattern.sub(" ", rest)
    for match in NUMBER.finditer(rest):
        # A decimal without a unit is a version (release 4.13, Airflow 2.9), not a measure;
        # a whole number right after a name is that thing's version ("Docusaurus 3").
        name = NAMED.search(rest[: match.start()])
        bare = "version" if "." in match.group(1) else "number"
        bare = f"version of {name.group(1).lower()}" if name and bare == "number" else bare
        kind = UNITS.get((match.group(2) or "").lower(), bare)
        values.setdefault(kind, set()).add(match.group(1).replace(",", ""))
    for match in SPELLED.finditer(rest):
        word, unit = match.group(1).lower(), (match.group(2) or "").lower()
        if word == "one" and (not unit or unit in function_words() or not tokenized(unit)):
            continue  # "the old one", "one of them": a pronoun, not a count
        values.setdefault(UNITS.get(unit, "number"), set()).add(NUMBER_WORDS[word])
    for word in WORD.findall(_without_old_values(text).lower()):
        day = word.removesuffix("s")
        if day in DAYS:
            values.setdefault("day", set()).add(day)
    return values, rest0


def _plain(text: str) -> tuple[frozenset[str], set[str], set[str]]:
    """A (normalised) text's tokens, its plain content terms and its short names in
    capitals (see `terms`)."""
    # An identifier also counts by its parts: NCCL_TIMEOUT speaks of a timeout.
    tokens = frozenset(tokenized(text))
    # only a token with "_" or "." has parts (`_parts`)
    tokens |= {p for t in tokens if "_" in t or "." in t for p in _parts(t)}
    plain = {t for t in tokens if not any(map(str.isdigit, t))} - value_words()
    plain -= function_words()
    # "The US region" is not "the EU region": a short name in capitals counts even when it
    # is a stopword as a word ("us", "it").
    acronyms = {
        m.lower()
        for m in ACRONYM.findall(CODE.sub(" ", text))
        if set(tokenized(m)) <= function_words()
    }
    return tokens, plain, acronyms


class Reading(NamedTuple):
    """What `terms` reads first of a text: its content terms and its values, by kind."""

    content: frozenset[str]
    values: Mapping[str, frozenset[str]]


@lru_cache(maxsize=4096)
def content_and_values(text: str) -> Reading:
    """`terms(text).content` and `terms(text).values` alone: the readers of a text's
    values by clause need no more, and the rest of `terms` costs them twice as much."""
    text = normalised(text)
    values, _ = _values(text)
    _, plain, acronyms = _plain(text)
    return Reading(frozenset(plain | acronyms), _frozen(values))


def _frozen(values: Mapping[str, set[str]]) -> dict[str, frozenset[str]]:
    return {k: frozenset(map(_release, v) if "version" in k else v) for k, v in values.items()}


@lru_cache(maxsize=4096)
def terms(text: str) -> Terms:
    text = normalised(text)  # "PEs" as "PE", "prod" as "production" (`spoken`)
    values, rest0 = _values(text)
    tokens, plain, acronyms = _plain(text)
    names = {
        t for m in IDENTIFIER.findall(text) if not ALTERNATIVES.fullmatch(m) for t in tokenized(m)
    }
    names |= {t for m in CAPITALISED.findall(text) for t in tokenized(m)}
    # A file's extension names no thing: "load.py" and "launch.py" share no subject.
    alone = _words(text)
    names -= {t for m in EXTENSION.findall(text) if m.lower() not in alone for t in tokenized(m)}
    record = RECORD.match(text)
    body = text[record.end() :] if record else text
    lead = LEAD.match(body)
    body = body[lead.end() :] if lead else body
    ordered = _ordered(body, plain, acronyms)
    # a record's title leads the lesson ("ADR-0007: Auto-pay floor: An invoice …"), and a
    # dated title (DATED); not a cue's label ("Correction to …:"), nor a note's bold speaker
    labels = LABELS.match(body) if record is not None else DATED.match(body)
    titled = labels is not None
    plain |= acronyms
    proper = (names | acronyms | {m.lower() for m in CAPS.findall(text)}) - value_words() - ZONES
    # a change word points at what the lesson says, not back at a dated title before it
    lesson = body[labels.end() :] if labels is not None and record is None else text
    cued = {t for part in pointed_at(lesson) for t in tokenized(part)} & (plain | proper)
    return Terms(
        content=frozenset(plain),
        head=_head(ordered),
        inner=_head(_ordered(body[labels.end() :], plain, acronyms)) if labels and titled else (),
        names=frozenset(((names & plain) | acronyms) - ZONES),
        values=_frozen(values),
        tokens=tokens | acronyms,
        change=bool(CHANGE.search(text)) or bool(cued),
        cued=frozenset(cued),
        proper=frozenset(proper),
        first=_first_name(ASIDE.sub(lambda m: " " * len(m[0]), body), proper),
        cue=frozenset(
            t
            for pattern in (CUE_FORWARD, CUE_BACKWARD)
            for m in pattern.finditer(text)
            for t in tokenized(m.group(0))
        ),
        joins=_joins(text),
        people=people(text),
        roles=frozenset(
            k.replace("_", "-") for m in ROLE.finditer(text) for k, v in m.groupdict().items() if v
        ),
        files=frozenset(m.lower() for m in FILE.findall(text)),
        in_files=_only_in_files(text),
        moved=frozenset(
            n
            for start, end in old_values(rest0)
            for n in re.findall(rf"{IPV4.pattern}|\d+(?::\d+)?|[a-z]+day", rest0[start:end].lower())
        ),
        parts=camel_parts(text),
        codes=_codes(text),
        amounts=frozenset(m.replace(",", "") for m in AMOUNT.findall(text)),
    )


AMOUNT = re.compile(r"[$€£¥]\s?(\d[\d,]*(?:\.\d+)?)(?![\d.,]*[kKmM%]?\w)")  # "$2,500"
JOINING = frozenset("to of in on by and or the a an at for per".split())  # noqa: SIM905


def _codes(text: str) -> frozenset[str]:
    """The names written as joined codes (JOINED) with a digit or three parts or more, and
    no function word among the parts ("end-to-end", "up-to-date" are words)."""
    out = set()
    for m in JOINED.findall(text):
        parts = m.lower().split("-")
        if not (any(c.isdigit() for c in m) or len(parts) >= 3):
            continue
        if any(part in JOINING for part in parts) or parts[0].isdigit():
            continue
        out.add(m.lower())
    return frozenset(out)


# A word with a capital inside it ("OvenJSON", "kilnLog", "XMLReader"), and its parts.
CAMEL = re.compile(r"\b[A-Za-z]*(?:[a-z][A-Z]|[A-Z]{2}[a-z])[A-Za-z]*\b")
CAMEL_PART = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+")
MIN_PART = 3  # characters of a part that can name a thing


def camel_parts(text: str) -> frozenset[str]:
    """The search terms of the parts of each CamelCase word of the text."""
    return frozenset(
        t
        for word in CAMEL.findall(text)
        for part in CAMEL_PART.findall(word)
        if len(part) >= MIN_PART
        for t in tokenized(part)
    )


def _ordered(body: str, plain: set[str], acronyms: set[str]) -> list[str]:
    """The body's content terms in order, short names in capitals among them."""
    return [
        t
        for chunk in body.split()
        for t in (tokenized(chunk) or [w.lower() for w in ACRONYM.findall(chunk)])
        if t in plain or t in acronyms
    ]


def _head(ordered: list[str]) -> tuple[str, ...]:
    """The first HEAD terms, each once, a state word ("old", "current") left out."""
    return tuple(dict.fromkeys(t for t in ordered if t not in STATE))[:HEAD]


def _only_in_files(text: str) -> frozenset[str]:
    """The words the text names only inside a file's path (see FILE): said elsewhere as a
    name of their own (`partner-egress` certs), they name a thing, not only where it is."""
    inside = {t for m in FILE.findall(text) for t in tokenized(m)}
    rest = FILE.sub(" ", text)
    named = {t for p in (IDENTIFIER, CAPITALISED) for m in p.findall(rest) for t in tokenized(m)}
    return frozenset(inside - named)


def _without_old_values(text: str) -> str:
    """The text with each value a change moved away from blanked ("cut retention from 7
    days to 3 days" states 3 days, "10°, not 5°" states 10°; see `old_values`)."""
    for start, end in old_values(text):
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _words(text: str) -> set[str]:
    """The text's words standing alone (not inside a file name), lower case."""
    return {w.lower() for w in re.findall(r"(?<![\w.])[A-Za-z]+(?![\w.])", text)}


def _release(version: str) -> str:
    """A version without trailing zero parts: "6.1.0" is "6.1", "2.0" is "2"."""
    return re.sub(r"(?<=\d)(?:\.0+)+$", "", version)


def _joins(text: str) -> frozenset[tuple[str, frozenset[str]]]:
    """Each pair of adjacent words written as one word (its first word stemmed or not:
    "rolled back" is "rollback" too), with the terms the two words make apart."""
    words = WORD.findall(text.lower())
    out = set()
    for first, second in itertools.pairwise(words):
        parts = frozenset((*tokenized(first), *tokenized(second)))  # each a word of the text
        if not parts:
            continue
        for head in {first, *tokenized(first)}:
            out |= {(joined, parts) for joined in tokenized(head + second) if joined not in parts}
    return frozenset(out)


def _first_name(text: str, proper: set[str]) -> str:
    """The first of the text's names by position (a capitalised word, a name in capitals
    or an identifier), as a search token."""
    spans = [
        (m.start(), t)
        for pattern in (CAPS, CAPITALISED, IDENTIFIER)
        for m in pattern.finditer(text)
        for t in tokenized(m.group(0))[:1]
        if t in proper and not t.isdigit()  # "0.90" is a value, not a name
    ]
    return min(spans)[1] if spans else ""


def _parts(token: str) -> list[str]:
    pieces = re.split(r"[_.]+", token)
    return [p for piece in pieces if len(pieces) > 1 for p in tokenized(piece)]


@lru_cache(maxsize=1)
def value_words() -> frozenset[str]:
    """Weekdays, units and "am"/"pm" as search tokens: they say a value, not what it is of."""
    abbreviated = (*WEEKDAYS, "tues", "thur", "thurs")
    words = (*DAYS, *UNITS, *NUMBER_WORDS, *abbreviated, *MONTH_NAMES, "am", "pm")
    return frozenset(t for word in words for t in (word, *tokenized(word)))
