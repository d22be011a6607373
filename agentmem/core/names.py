"""The names a statement mentions (`agentmem.core.statement`): identifiers, capitalised
words, short names in capitals, names written as codes, CamelCase words' parts, and the
file paths it names, with what is no name (a time zone, an aside, a file's extension).
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from agentmem.core.words import tokenized

# A time zone says which clock a time is on ("08:00 UTC"), not what the time is of: no name.
ZONES = frozenset("utc gmt cet cest bst ist eet eest est edt cst cdt pst pdt jst".split())  # noqa: SIM905
# Short names in capitals name a thing even where the word is a stopword ("US", "IT").
ACRONYM = re.compile(r"\b[A-Z]{2,5}\b")
# What a text names outright: capitalised words inside a sentence, short names in capitals
# with their digits ("PS5", "PC", "TRC"), identifiers. Two texts that each name something
# the other does not, and nothing in common, are about two things.
CAPS = re.compile(r"\b[A-Z][A-Z0-9]{1,5}\b")
# Identifiers (mixed case, snake_case, dotted or slashed paths) and capitalised words.
# A match is a whole run of [\w./-] that holds one of those marks; the run is only tried from
# its start, and the mark looked for ahead, so a long run costs its length once (read as
# "[\w./-]*(?:…)[\w./-]*" it was tried from each of its characters: quadratic).
IDENTIFIER = re.compile(r"(?<![\w./-])(?=[\w./-]*?(?:[a-z][A-Z]|_|\w\.\w|\w/\w))[\w./-]+")
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


def _only_in_files(text: str) -> frozenset[str]:
    """The words the text names only inside a file's path (see FILE): said elsewhere as a
    name of their own (`partner-egress` certs), they name a thing, not only where it is."""
    inside = {t for m in FILE.findall(text) for t in tokenized(m)}
    if not inside:  # nothing named inside a path: no need to read the names outside them
        return frozenset()
    rest = FILE.sub(" ", text)
    named = {t for p in (IDENTIFIER, CAPITALISED) for m in p.findall(rest) for t in tokenized(m)}
    return frozenset(inside - named)


def _words(text: str) -> set[str]:
    """The text's words standing alone (not inside a file name), lower case."""
    return {w.lower() for w in re.findall(r"(?<![\w.])[A-Za-z]+(?![\w.])", text)}


def _first_name(text: str, proper: AbstractSet[str]) -> str:
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
