"""How often a job runs and how long something takes, said the ways engineers write them,
and a new value of either told in one statement of few shared words.

- A cadence is read as runs per week: "once a day", "daily at 02:00", "nightly", "twice a
  day", "six times a day", "every 4 hours", "hourly", "every 15 minutes", "a 15-minute
  cycle", "weekly", and a cron line ("0 */4 * * *" runs six times a day, "30 2 * * 1-5" five times a week).
  "Daily" before a noun ("the daily budget", "the daily API cap") is a limit per day, no
  cadence; "nightly" and "hourly" before one ("the nightly sync") say how often it runs.
- A wait (a lag) is read in seconds, whatever its unit ("two minutes", "an hour", "90 s"),
  so "within about two minutes" and "up to an hour of lag" are two values of one measure.

`rescheduled` is the rule `agentmem.core.restate` asks: a draft that says something changed,
opens on what the held text is about, and gives it another time, weekday or cadence (or,
when all it opens on is in the held text, another duration): "Sweeps now fire on cron
0 */4 * * *" after "The hot-to-cold sweep runs once a day at 02:00 UTC", "Next-day building
inspection requests close at 2 PM now" after "Requests for next-day building inspections
must be in by 3:00 PM", however few words each shares with the other.
"""

from __future__ import annotations

import re

from agentmem.core.statement import HEAD, NUMBER_WORDS, UNITS, Terms, terms
from agentmem.stores.bm25 import tokenize

MIN_SHARED = 3  # content terms the two texts share besides the new value
DAY_HOURS, WEEK_DAYS = 24, 7
COUNT = rf"(?:\d+|{'|'.join(NUMBER_WORDS)})"
PER_DAY = r"(?:a|per|each|every)\s+day|daily"
# N times a day / week; "once"/"twice"
TIMES = re.compile(
    rf"\b(?P<n>once|twice|{COUNT}\s+times)\s+(?:(?P<day>{PER_DAY})|(?P<week>(?:a|per|each|every)\s+week|weekly))\b",
    re.IGNORECASE,
)
# every N hours / minutes; "every hour", "every night"
EVERY = re.compile(
    rf"\b(?:every|each)\s+(?:(?P<n>{COUNT})\s+)?(?P<unit>minutes?|mins?|hours?|hrs?|h|days?|nights?|weeks?)\b",
    re.IGNORECASE,
)
# how often, in one word: "hourly", "nightly"; "daily" only as an adverb ("runs daily",
# "daily at 02:00"), not before a noun ("the daily budget")
ADVERB = re.compile(
    r"\b(?P<word>hourly|nightly|weekly)\b|\bdaily\b(?=\s+at\b|\s*[.;,)]|\s*$)", re.IGNORECASE
)
# "a 20-minute sync cycle", "a two-hour interval": a length of time before a word that
# names a recurring round (not "a 15-minute window", "a 30-minute timeout": how long)
CYCLE = re.compile(
    rf"\b(?P<n>{COUNT})[\s-](?P<unit>minutes?|mins?|hours?|hrs?|days?)\s+(?:[a-z]+\s+)?"
    r"(?:cycles?|intervals?|cadences?)\b(?!\s+times?\b)",
    re.IGNORECASE,
)
# a cron line's five fields
CRON = re.compile(
    r"(?<![\w:*/-])(?P<minute>[\d*][\d*/,-]*)\s+(?P<hour>[\d*][\d*/,-]*)\s+(?P<dom>[\d*][\d*/,-]*)"
    r"\s+(?P<month>[\d*][\d*/,-]*)\s+(?P<dow>[\d*a-z][\d*/,a-z-]*)(?![\w*])",
    re.IGNORECASE,
)
PER_WEEK = {"minute": DAY_HOURS * 60 * WEEK_DAYS, "hour": DAY_HOURS * WEEK_DAYS, "day": WEEK_DAYS}
# seconds in each unit of time `agentmem.core.statement` reads (UNITS: "mins" is "min")
SECONDS = {"ms": 0.001, "s": 1, "min": 60, "h": 3600, "day": 86400, "week": 604800}
TIME_UNITS = sorted((w for w, unit in UNITS.items() if unit in SECONDS), key=len, reverse=True)
DURATION = re.compile(
    rf"(?<![\w.:/-])(?P<n>\d+(?:\.\d+)?|an?|{'|'.join(NUMBER_WORDS)})[\s-]?"
    rf"(?P<unit>{'|'.join(TIME_UNITS)})\b(?![.:/]\w)",
    re.IGNORECASE,
)


# the words that make a length of time a wait: before it, or right after it
LAG_BEFORE = re.compile(r"\b(?:up to|within|in under|lags?|delay(?:ed)?|behind)\b", re.IGNORECASE)
LAG_AFTER = re.compile(r"\s+(?:of\s+)?(?:lag|delay|behind|late)\b", re.IGNORECASE)
LAG_REACH = 20  # characters before a length of time that may say it is a wait
SENTENCE = re.compile(r"(?<=[.;!?])\s+(?=[A-Z0-9])")


def _count(word: str) -> float:
    word = word.lower()
    return float(NUMBER_WORDS.get(word, word)) if word not in ("a", "an") else 1.0


def _field(field: str, span: int) -> float | None:
    """How many values of `span` a cron field selects ("*/4" of 24 hours: 6)."""
    count = 0
    for part in field.split(","):
        base, _, step = part.partition("/")
        if not (step.isdigit() or not step) or (step and int(step) == 0):
            return None
        if base == "*":
            width = span
        elif "-" in base:
            low, _, high = base.partition("-")
            if not (low.isdigit() and high.isdigit()):
                return None
            width = int(high) - int(low) + 1
        elif base.isdigit():
            width = 1
        else:
            return None
        count += -(-width // int(step)) if step else width
    return float(count)


def _cron(match: re.Match[str]) -> float | None:
    """Runs per week of a cron line that runs every day or on some weekdays."""
    if match["dom"] != "*" or match["month"] != "*":
        return None
    minutes, hours = _field(match["minute"], 60), _field(match["hour"], DAY_HOURS)
    days = 7.0 if match["dow"] == "*" else _field(match["dow"], 7)
    if minutes is None or hours is None or days is None:
        return None
    return minutes * hours * days


def cadences(text: str) -> set[str]:
    """How often the text says something runs, as runs per week."""
    found: set[float] = set()
    for m in CRON.finditer(text):
        if (n := _cron(m)) is not None:
            found.add(n)
    for m in TIMES.finditer(text):
        said = m["n"].lower()
        n = 1.0 if said == "once" else 2.0 if said == "twice" else _count(said.split()[0])
        found.add(n * WEEK_DAYS if m["day"] else n)
    for m in (*EVERY.finditer(text), *CYCLE.finditer(text)):
        unit = m["unit"].lower().rstrip("s")
        unit = {"min": "minute", "hr": "hour", "h": "hour", "night": "day"}.get(unit, unit)
        n = _count(m["n"]) if m["n"] else 1.0
        if unit == "week":
            found.add(1.0 / n)
        elif n:
            found.add(PER_WEEK[unit] / n)
    for m in ADVERB.finditer(text):
        word = (m["word"] or "daily").lower()
        found.add({"hourly": DAY_HOURS * WEEK_DAYS, "weekly": 1}.get(word, WEEK_DAYS))
    return {f"{n:g}/week" for n in found}


def lags(text: str) -> set[float]:
    """The waits the text gives, in seconds: a length of time said as how long something
    lags ("up to an hour of lag", "within about two minutes", "a day behind"), not how long
    a job takes or when an alert fires (and no cadence: "once a day")."""
    for pattern in (TIMES, EVERY, CYCLE, CRON):
        text = pattern.sub(" ", text)
    return {
        _count(m["n"]) * SECONDS[UNITS[m["unit"].lower()]]
        for m in DURATION.finditer(text)
        if LAG_BEFORE.search(text[max(0, m.start() - LAG_REACH) : m.start()])
        or LAG_AFTER.match(text[m.end() :])
    }


def _other(a: frozenset[str] | set[str], b: frozenset[str] | set[str]) -> bool:
    """Each states a value the other does not."""
    return bool(a) and bool(b) and bool(a - b) and bool(b - a)


def swapped_heads(a: str, b: str, ta: Terms, tb: Terms) -> bool:
    """In the opening words of each, a word the other text lacks stands before one both hold:
    "next-day fire inspections" against "next-day building inspections" speak of two
    things, whatever values each gives."""
    first_a = [t for t in tokenize(a) if t in ta.content][: HEAD + 1]
    first_b = [t for t in tokenize(b) if t in tb.content][: HEAD + 1]
    before_a = {w: first_a[i - 1] for i, w in enumerate(first_a) if i}
    before_b = {w: first_b[i - 1] for i, w in enumerate(first_b) if i}
    return any(
        before_a[w] not in tb.content and before_b[w] not in ta.content
        for w in before_a.keys() & before_b.keys()
    )


def _opens_within(d: Terms, h: Terms) -> bool:
    """The draft opens on a word of the held text's head, and the words after it in each
    head are not swapped, each missing from the other text: "Sweeps now …" of "The
    hot-to-cold sweep runs …", not "The invoice backup cron is now …" of "The invoice sync
    runs …"."""
    if d.head[0] not in h.head:
        return False
    after_d = d.head[1:2]
    after_h = h.head[h.head.index(d.head[0]) + 1 :][:1]
    return not (after_d and after_h and after_d[0] not in h.content and after_h[0] not in d.content)


def rescheduled(draft: str, held: str, d: Terms, h: Terms) -> bool:
    """The draft says something changed, shares `MIN_SHARED` terms with the held text, each
    holds the word the other opens on, and the draft gives another time, weekday or cadence
    (`cadences`) of what it opens on, or, when every word it opens on is in the held text,
    another wait (`lags`) of a held job that runs on a cadence, and none the held text gives."""
    if not d.change or not d.head or not h.head or len(d.content & h.content) < MIN_SHARED:
        return False
    if h.head[0] not in d.content:
        return False
    if swapped_heads(draft, held, d, h):
        return False  # fire inspections, not building ones
    if _opens_within(d, h) and (
        any(
            _other(d.values.get(k, frozenset()), h.values.get(k, frozenset()))
            for k in ("time", "day")
        )
        or _other(cadences(draft), cadences(held))
    ):
        return True
    # A held job's lag ("the hourly batch sync; expect up to an hour of lag") that the draft
    # tells anew ("now update from events within about two minutes"), of all it opens on.
    if not set(d.head) <= h.content or d.head[0] not in h.content or not cadences(held):
        return False
    now, before = lags(draft), lags(held)
    return bool(now) and bool(before) and not now & before


def recadenced(draft: str, held: str, d: Terms, h: Terms) -> bool:
    """A sentence of the draft says something changed and gives what the held text opens on
    another cadence, none the held text gives: "Public ledger updates moved to a 10-minute
    cycle; readers see new rows within minutes. The archive copy keeps its weekly run."
    after "Ledger rows are posted to the public view by the nightly job at 22:00". The
    sentence holds the word the held text opens on and the held text the word the sentence
    opens on; after that shared word, the first words that differ must not each be missing
    from the other (`_apart`): "public ledger exports" and "public ledger updates" are two
    things. The draft's other sentences that give a cadence of their own (the archive's
    weekly run) speak of other things and lend the sentence no words."""
    if not d.change or not h.head or len(d.content & h.content) < MIN_SHARED:
        return False
    before = cadences(held)
    if not before:
        return False
    parts = SENTENCE.split(draft)
    plain = [p for p in parts if not cadences(p)]
    for part in parts:
        now = cadences(part)
        if not now or now & before:
            continue
        s = terms(part)
        if not s.change or not s.head or h.head[0] not in s.head or s.head[0] not in h.content:
            continue
        near = set(s.content).union(*(terms(p).content for p in plain))
        if not swapped_heads(part, held, s, h) and not _apart(s, h, near):
            return True
    return False


def _apart(s: Terms, h: Terms, near: set[str]) -> bool:
    """Aligned on the word the held text opens on, the first words of the two heads that
    differ are each missing from the other text (`near`: the sentence and the draft's
    sentences that give no cadence)."""
    pairs = zip(s.head[s.head.index(h.head[0]) :], h.head, strict=False)
    a, b = next(((a, b) for a, b in pairs if a != b), (None, None))
    return a is not None and b is not None and a not in h.content and b not in near
