"""The names a text writes: the tokens that name one thing (a host, a path, an identifier,
a number of three digits or more, a name capitalised inside a sentence), as a run record
writes them. `agentmem.retrieval.outlived` and `agentmem.retrieval.denied` link a record
to a later lesson by them."""

from __future__ import annotations

import re

from agentmem.core.spoken import MONTHS, WEEKDAY_NAME

# A token as a record writes one: letters, digits and the joiners of hosts, paths, files
# and identifiers.
TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/-]*[A-Za-z0-9]|[A-Za-z0-9]")
CAMEL = re.compile(r"[a-z][A-Z]")
JOINED = re.compile(r"[_./:]")
LETTER, DIGIT = re.compile(r"[A-Za-z]"), re.compile(r"\d")
YEAR = re.compile(r"(19|20)\d\d")
MIN_NUMBER = 100  # a bare number this large or more: "3 checks", "20 min" name nothing
CALENDAR = re.compile(rf"(?:{MONTHS}|{WEEKDAY_NAME})s?$", re.IGNORECASE)


def distinctive(text: str) -> frozenset[str]:
    """The tokens of `text` that name one thing, lower case: a host, a path or a file
    ("db-2.internal:5432", "conf/app.yaml"), an identifier ("maxConns", "retry_limit",
    "v2", "ab12"), a number of two or more digits that is no year ("48", "300"), a word
    capitalised inside a sentence ("the Acme portal")."""
    out: set[str] = set()
    for sentence in re.split(r"(?<=[.!?;:])\s+|\n+", text):
        for i, match in enumerate(TOKEN.finditer(sentence)):
            token = match.group(0).rstrip(".:")
            if _names(token, first=i == 0):
                out.add(token.lower())
            for part in _parts(token):  # "v1" of "api/v1/items", "8443" of a host's port
                if (LETTER.search(part) and DIGIT.search(part)) or _names(part, first=True):
                    out.add(part.lower())
    return frozenset(out)


def _parts(token: str) -> list[str]:
    pieces = re.split(r"[_./:-]+", token)
    return [p for p in pieces if p] if len(pieces) > 1 else []


def _names(token: str, first: bool) -> bool:
    has_letter, has_digit = bool(LETTER.search(token)), bool(DIGIT.search(token))
    if has_letter and has_digit:
        return True
    if not has_letter:
        return token.isdigit() and int(token) >= MIN_NUMBER and not YEAR.fullmatch(token)
    if token.isupper():
        return False  # "ETA", "TO": an acronym is the app's vocabulary, a shout no name
    if JOINED.search(token) or CAMEL.search(token):
        return True
    if CALENDAR.match(token):
        return False  # "June", "Monday": a day, not a thing
    return not first and token[0].isupper() and len(token) > 1


def tokens(text: str) -> frozenset[str]:
    """Every token of `text`, lower case, with the parts of joined ones ("v1" of "api/v1")."""
    out: set[str] = set()
    for match in TOKEN.finditer(text):
        token = match.group(0).rstrip(".:").lower()
        out.add(token)
        out.update(_parts(token))
    return frozenset(out)
