"""Claims in memory text (seed 004, pattern 5): numbers with what they count, percentages,
URLs, file paths and status words, each with the subject a source could confirm.

Extraction is deterministic and conservative: dates, times, versions and memory ids are
not numbers, and a path must look like a file (an extension, or a leading `./` or `/`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from agentmem.settings import witness_subject

ClaimKind = Literal["count", "percent", "url", "path", "status"]

POSITIVE = ("passing", "passed", "green", "deployed", "merged")
NEGATIVE = ("failing", "failed", "red", "broken", "blocked")
STATUSES = "|".join(POSITIVE + NEGATIVE)
# Function words: a number or status word next to one of these says nothing about what it counts.
STOP = frozenset(
    re.findall(
        r"\w+",
        """a an the and or but of to in on at by for with is are was were be been it its this that
    all some no not now still which who what unless if when then than per from into over under
    after before since until as so because while every each more less most least about only
    just also too very out up down off again once""",
    )
)
EXTENSIONS = "py|md|json|toml|yaml|yml|txt|sh|js|ts|cfg|ini|lock|csv|html|rs|go|sql|env|jsonl|ipynb"
_NUM = r"(?<![\w.\-/:#@$])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?![\w\-/:@]|\.\d)"

URL = re.compile(r"https?://[^\s)>\]`'\"<]+")
PATH = re.compile(
    rf"(?<![\w/.:@-])(?:\.{{1,2}}/|/)?(?:[\w.-]+/)*[\w-][\w.-]*\.(?:{EXTENSIONS})(?![\w/.-])"
    r"|(?<![\w/.:@-])\.{1,2}/[\w.-]+(?:/[\w.-]+)*/?"
)
KEY_VALUE = re.compile(
    rf"^\s*(?:[-*]\s+)?(?P<key>[A-Za-z][\w .-]{{0,40}}?)\s*[:=]\s*{_NUM}\s*(?P<pct>%)?\s*$"
)
KEY_STATUS = re.compile(
    rf"^\s*(?:[-*]\s+)?(?P<key>[A-Za-z][\w .-]{{0,40}}?)\s*[:=]\s*(?P<status>{STATUSES})\s*$",
    re.IGNORECASE,
)
PERCENT = re.compile(
    rf"(?:(?P<before>[A-Za-z][\w-]*)\s+(?:(?:is|are|was|at|of)\s+)?)?{_NUM}\s?%"
    r"(?:\s+(?P<after>[A-Za-z][\w-]*))?"
)
COUNT = re.compile(
    rf"{_NUM}\s+(?P<subj>[A-Za-z][\w-]*)"
    rf"(?:\s+(?:(?:are|is|were|was|now|still)\s+)?(?P<status>{STATUSES})\b)?",
    re.IGNORECASE,
)
STATUS = re.compile(
    rf"(?P<subj>[A-Za-z][\w.-]*)\s+(?:(?:is|are|was|were|now|still)\s+)?(?P<status>{STATUSES})\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Claim:
    """One checkable statement: its kind, the words that made it, and what it is about."""

    kind: ClaimKind
    text: str
    subject: str = ""
    number: float | None = None
    decimals: int = 0
    status: str | None = None
    target: str | None = None  # the URL or the path

    def subjects(self) -> list[str]:
        """Names a source might file this under, most specific first."""
        if not self.subject:
            return []
        forms = (
            self.subject,
            self.subject[:-1] if self.subject.endswith("s") else f"{self.subject}s",
        )
        out: list[str] = []
        for form in forms:
            out += (
                [f"{form}_{self.status}", form, f"{self.status}_{form}"] if self.status else [form]
            )
        return list(dict.fromkeys(out))


def _number(whole: str, frac: str | None) -> tuple[float, int]:
    value = float(whole.replace(",", "") + (f".{frac}" if frac else ""))
    return value, len(frac or "")


def _subject(word: str | None) -> str:
    if not word or word.lower() in STOP:
        return ""
    return witness_subject(word)


class _Spans:
    def __init__(self) -> None:
        self.taken: list[tuple[int, int]] = []

    def free(self, start: int, end: int) -> bool:
        return all(end <= a or start >= b for a, b in self.taken)

    def take(self, start: int, end: int) -> None:
        self.taken.append((start, end))


def extract(line: str) -> list[Claim]:
    """Every claim in one line of text, in the order of precedence that resolves overlaps."""
    claims: list[Claim] = []
    spans = _Spans()

    def add(claim: Claim, start: int, end: int) -> None:
        if spans.free(start, end):
            spans.take(start, end)
            claims.append(claim)

    for m in URL.finditer(line):
        url = m.group(0).rstrip(".,;:!?")
        add(Claim("url", url, target=url), m.start(), m.start() + len(url))
    for m in PATH.finditer(line):
        path = m.group(0).rstrip(".,;:!?") if not m.group(0).endswith("/") else m.group(0)
        if path.strip("./"):
            add(Claim("path", path, target=path), m.start(), m.start() + len(path))
    if kv := KEY_VALUE.match(line):
        value, decimals = _number(kv.group(2), kv.group(3))
        kind: ClaimKind = "percent" if kv.group("pct") else "count"
        subject, _, tail = witness_subject(kv.group("key")).rpartition("_")
        status = tail if subject and tail in POSITIVE + NEGATIVE else None
        subject = subject if status else f"{subject}_{tail}".strip("_")
        claim = Claim(kind, kv.group(0).strip(" -*"), subject, value, decimals, status)
        add(claim, kv.start(2), kv.end())
    if ks := KEY_STATUS.match(line):
        status = ks.group("status").lower()
        claim = Claim(
            "status", ks.group(0).strip(" -*"), witness_subject(ks.group("key")), status=status
        )
        add(claim, ks.start("status"), ks.end())
    for m in PERCENT.finditer(line):
        value, decimals = _number(m.group(2), m.group(3))
        subject = _subject(m.group("after")) or _subject(m.group("before"))
        add(Claim("percent", m.group(0), subject, value, decimals), m.start(2), m.end())
    for m in COUNT.finditer(line):
        value, decimals = _number(m.group(1), m.group(2))
        status = m.group("status").lower() if m.group("status") else None
        subject = _subject(m.group("subj"))
        if subject:  # a number with nothing it counts is not a checkable claim
            add(Claim("count", m.group(0), subject, value, decimals, status), m.start(), m.end())
    for m in STATUS.finditer(line):
        status = m.group("status").lower()
        subject = _subject(m.group("subj"))
        if subject:  # "the failing …" names no subject a source could confirm
            add(Claim("status", m.group(0), subject, status=status), m.start("status"), m.end())
    return claims
