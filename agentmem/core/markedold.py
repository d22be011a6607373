"""A value of the held lesson that the draft marks as the old one, in whatever voice the
mark is made, beside another value of the same kind: "mqtt_broker changed from
cheese-mon-01:1883 to cheese-mon-02:8883", "co2_ppm = 900 -- was 1200", "~~60 min~~ 45
minutes", "<s>Helen Shaw</s> Daniel Owusu", "res-spark-01 (8 workers) retired",
"lead time 24h -> 18h". The held lesson that states the marked value ("the MQTT broker on
cheese-mon-01 port 1883") is what the draft replaces, however differently the two are
worded (`marked_old`).

The mark is read by its shape, not by the words around the subject: a struck span
(markdown, a single tilde pair, HTML, LaTeX, RTF), a value after "was", "formerly",
"previously", "instead of", "rather than", "no longer" or "moved off", what a change went
"from" ("from X to Y", "lowered from X"), a value before an arrow to another of its kind,
a value a state word follows ("gis01 decommissioned", "the 24 t cap is withdrawn", "X
dropped") or a take-out-of-use verb precedes ("the agency withdrew the 2023.4 set"), a
value denied beside a new one ("455 °C now, not 449"), a field's "Old value: X", and what a
new holder "takes over from" or "replaces". A conversion's "from X to Y" ("reprojects from
EPSG:26917 to EPSG:2240") marks nothing, and a currency or unit beside a marked number
("up from CHF 89") is no value of its own. A
value is a token with a digit, or a name or code (capitalised, or joined by "-", "_" or
"."); a number is compared without its unit or thousands separators.

Against false merges (a look-alike about another site, unit or year must stay apart): the
draft must give, outside its marks, another value of the marked one's kind that the held
lesson does not state; the held lesson must not mark the same value itself (a route "from
Shanghai to Hamburg", a report of the same change); the two must share two content words
besides the marked value (one thing, not two things with one value); and one frame told of
two things (`agentmem.core.newvalue.parallel`) stays apart. The caller's guards (another
thing, another kind of it: `agentmem.core.toldanew._anew_told`) apply as to every rule there.
Every pattern is bounded, so a hostile text is read in linear time."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.newvalue import parallel
from agentmem.core.together import read_together
from agentmem.core.words import function_words
from agentmem.stores.bm25 import tokenize

# One token, and one that holds a value: a digit, a capital or a joiner in it.
_SEP = r"\s,;()\[\]{}<>|~\"'`*"
# A token starts only after a separator: a long run of one word is tried once, not at
# every one of its characters.
_TOKEN = rf"(?<![^{_SEP}])[^{_SEP}]{{1,60}}"
_VALUE = rf"(?<![^{_SEP}])(?=[^{_SEP}]{{0,59}}?(?:[0-9A-Z]|\w[_:/.-]\w))" + _TOKEN
# Up to three value tokens after a mark ("was SM7B on 3/4": the span stops at a word or at
# a sentence's end).
_SPAN = rf"(?:(?i:the|an?|our|its)\s+)?{_VALUE}(?:(?<![.:!?])\s+{_VALUE}){{0,2}}"
STRUCK = re.compile(
    r"~~(?P<md>[^~\n]{1,120}?)~~"
    r"|(?<![~\w])~(?P<tilde>[^~\s][^~\n]{0,60}?)~(?![~\w])"
    r"|<(?P<tag>del|s|strike)(?:\s[^<>\n]{0,80})?>(?P<html>[^<>\n]{1,200}?)</(?P=tag)\s*>"
    r"|\\(?:sout|st|xout)\{(?P<tex>[^{}\n]{1,200})\}"
    r"|\\strike\s(?P<rtf>[^\\\n]{1,200}?)\\strike0",
    re.IGNORECASE,
)
BEFORE = re.compile(
    # "was" with no subject before it, a note's ("(was 92 %)", "# was 0.5", "-- was 1200"):
    # "the cause was T-2's table" or "I thought it was 24" calls nothing old
    r"(?:(?:^|[(\[;,#:\n]|--|—)\s{0,3}(?i:was|were)"
    r"|\b(?i:formerly|previously|instead\s+of|rather\s+than|used\s+to\s+be|"
    r"no\s+longer(?:\s+\w{1,20}){0,4}\s+(?:on|at|in|to|via|from)|moved\s+off|"
    r"(?:changed|moved|switched|lowered|raised|reduced|increased|cut|bumped|dropped|"
    r"migrated|went|down|up)\s+from|"
    # a new value and the old one denied beside it ("held at 455 °C now, not 449")
    r"(?:now|nowadays|these\s+days)\s{0,2}[,;:–—-]?\s{0,2}(?:and\s+)?not|"
    # a field's old value by its label ("Old value: MedLogix", "previous setting = 30")
    r"(?:old|previous|prior|former)(?:\s+(?:value|values|setting|entry))?\s{0,2}[:=]|"
    # what a new holder took the place of ("Lerøy takes over from Mowi", "replaces RB-7")
    r"(?:takes?|took|taking)\s+over\s+from|replac(?:es|ed|ing)|supersed(?:es|ed|ing)|"
    r"in\s+(?:the\s+)?place\s+of|successor\s+(?:to|of)|"
    # a thing its holder took out of use, named after the verb ("the agency withdrew the
    # 2023.4 set", "Site IT retired gw01")
    r"(?:withdrew|retired|decommissioned|disconnected|discontinued|"
    r"switched\s+off|shut\s+down|phased\s+out)))\s+(?P<span>" + _SPAN + ")"
)
FROM_TO = re.compile(r"\b(?i:from)\s+(?P<span>" + _SPAN + r")\s+(?i:to|->|→|=>)\s")
# A conversion's "from X to Y" (a reprojection, a transcode, a unit conversion) turns one
# value into another each time it runs: both stay true, nothing is retired.
CONVERTED = re.compile(
    r"\b(?i:reproject|convert|conversion|transform|translat|transcod|resampl|re-?encod|"
    r"encod|decod|handover|hand-?off|hand(?:s|ed)?\s+over)\w{0,6}\b[^.;:!?\n]{0,30}$"
)
ARROW = re.compile(r"(?P<left>" + _TOKEN + r")\s{0,3}(?:->|→|=>)\s{0,3}(?P<right>" + _TOKEN + ")")
_GONE = (
    r"\b(?i:retired|decommissioned|disconnected|removed|"
    r"withdrawn|disabled|deprecated|demoted|switched\s+off|read-only|discontinued|"
    # "X was dropped"; "X dropped" alone is a verb of its own ("Hanna dropped the hold")
    r"(?:is|are|was|were|has\s+been|have\s+been|got)\s+dropped|"
    r"sunset|sunsetted|phased\s+out|superseded|shut\s+down|out\s+of\s+service|"
    r"is\s+dead|is\s+gone|closed\s+down|went\s+bust|lost\s+(?:its|their)\s+(?:permit|"
    r"licen[cs]e|contract|certification|accreditation))\b"
)
GONE = re.compile(_GONE)
AFTER = re.compile(
    # a value and up to three more words of its thing ("pat-vm-03 and its card reader are
    # decommissioned", "the 24 t cap is withdrawn")
    r"(?P<span>" + _VALUE + r"(?:\s+" + _TOKEN + r"){0,3})\s+(?:\([^()\n]{0,40}\)\s+)?"
    r"(?i:(?:is|are|was|were|has\s+been|have\s+been|got|now)\s+)?" + _GONE
)
# A value after a preposition is where or whose the thing gone was ("the keying desk in T1
# is gone"), not the thing itself: T1 stays.
_PLACE = re.compile(r"\b(?i:in|at|on|of|for|from|to|by|near|under|inside|behind)\s+(?:the\s+)?$")
_REACH = 320  # how far before a state word its value may start: four tokens and an aside
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
# A number with its unit or measure word ("24h", "15-minute", "0.5"): compared as the number.
_MEASURED = re.compile(r"(\d+(?:\.\d+)?)-?[a-z%°]{0,10}")
_PART = re.compile(r"\d{1,2}:\d{2}(?!\d)|[A-Za-z0-9][\w.-]{0,59}")  # a time is one value
_TIME = re.compile(r"\d{1,2}:\d{2}")
_NAMED = re.compile(r"[A-Z]|\w[-_.]\w")
# A capital inside a word ("MedLogix", "LBK") names a thing wherever the word stands.
_INNER_CAPITAL = re.compile(r"(?<=\w)[A-Z]")
_RELEASE = re.compile(r"^[vV](?=\d+\.\d)")
_GROUPED = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")  # "1,200" is 1200
# A word of letters alone directly before or after a number: the number's unit or currency.
_WORD_BESIDE = re.compile(r"\b([A-Za-z]{1,12})\s?(?=\d)|(?<=\d)\s?([A-Za-z]{1,12})\b")
MIN_SHARED = 2  # content words besides the marked value's: one thing, not two


@lru_cache(maxsize=4096)  # a held lesson meets many drafts
def _values(text: str) -> frozenset[str]:
    """The value-like tokens of a text, as they are compared: a number without its unit
    or thousands separators, a code ("cheese-mon-01", "SM7B") or a name lower-cased (not a
    sentence's first word: its capital tells nothing)."""
    text = _GROUPED.sub("", text)
    return _read(text, 0, len(text))


def _read(text: str, start: int, end: int) -> frozenset[str]:
    """The values of `text[start:end]`, read in the whole text (whether a word opens a
    sentence is read from what precedes it there)."""
    out: set[str] = set()
    for match in _PART.finditer(text, start, end):
        part = _RELEASE.sub("", match[0].rstrip(".-_"))  # "v2023.4" is release 2023.4
        measured = _MEASURED.fullmatch(part)
        if measured:
            out.add(measured[1])
        elif any(c.isdigit() for c in part):
            out.add(part.lower())
        elif (
            _NAMED.search(part)
            and _worded(part)
            and (_INNER_CAPITAL.search(part) or not _opening(text, match.start()))
        ):
            out.add(part.lower())  # a name or code, not a stopword ("From", "The")
    return frozenset(out)


def _gone_spans(text: str) -> list[tuple[int, int]]:
    """The values a state word says are gone ("X retired"): `AFTER` is tried only in the
    stretch before each state word, so a long text of values and no state word costs one
    scan, not one attempt of four tokens at every value."""
    out: set[tuple[int, int]] = set()
    tried = 0
    for state in GONE.finditer(text):
        start = max(tried, state.start() - _REACH)
        for match in AFTER.finditer(text, start, state.end()):
            if not _PLACE.search(text, max(0, match.start() - 16), match.start()):
                out.add(match.span("span"))
        tried = state.start()
    return sorted(out)


def _converted(text: str, match: re.Match[str]) -> bool:
    """A "from X to Y" a conversion verb a few words before governs (see `CONVERTED`)."""
    return bool(CONVERTED.search(text, max(0, match.start() - 48), match.start()))


def _unitless(text: str, start: int, end: int) -> frozenset[str]:
    """The values a marked span holds, a word beside a number in it read as the number's
    unit or currency ("up from CHF 89", "was 40 EUR"), never as a value of its own: a
    currency is no old value, and the held lesson that prices in it is not retired by it."""
    values = _read(text, start, end)
    numbers = {v for v in values if _kind(v) == "number"}
    if not numbers:
        return values
    words = _WORD_BESIDE.findall(text, start, end)
    beside = {w.lower() for pair in words for w in pair if w and not w[0].isdigit()}
    return frozenset(v for v in values if v not in beside)


def _opening(text: str, start: int) -> bool:
    """The word at `start` opens the text or a sentence (a look at the few characters
    before it, never the whole text before: a text of many words is read in linear time)."""
    before = text[max(0, start - 8) : start]
    if before.strip(" \t\"'*#>-([|") and not before.rstrip().endswith((".", "!", "?", ":")):
        return before.endswith("\n")
    return True


@lru_cache(maxsize=16384)
def _worded(part: str) -> bool:
    """A name carries a subject: no stopword or function word ("From", "The", "Since")."""
    return part.lower() not in function_words() and bool(tokenize(part))


def _kind(value: str) -> str:
    """A number, a code (letters and digits) or a name: a new value is of the old one's."""
    if _NUMBER.fullmatch(value) or _TIME.fullmatch(value):
        return "number"
    return "code" if any(c.isdigit() for c in value) else "name"


@lru_cache(maxsize=4096)
def marked(text: str) -> tuple[frozenset[str], str]:
    """The values the text marks as old, and the text with its marked spans taken out."""
    text = _GROUPED.sub("", text)
    spans: list[tuple[int, int]] = []
    for match in STRUCK.finditer(text):
        spans.append(match.span())
    spans += [m.span("span") for m in BEFORE.finditer(text)]
    spans += [m.span("span") for m in FROM_TO.finditer(text) if not _converted(text, m)]
    spans += _gone_spans(text)
    for match in ARROW.finditer(text):
        left, right = _values(match["left"]), _values(match["right"])
        if {_kind(v) for v in left} & {_kind(v) for v in right}:
            spans.append(match.span("left"))
    old: set[str] = set()
    rest = list(text)
    for start, end in spans:
        old |= _unitless(text, start, end)
        rest[start:end] = " " * (end - start)
    return frozenset(old), "".join(rest)


def marked_old(draft: str, held: str) -> bool:
    """The draft marks a value the held lesson states as the old one and gives another
    of its kind (see the module docstring)."""
    old, rest = marked(draft)
    if not old:
        return False
    stated = _values(held)
    hits = old & stated
    if not hits or hits & marked(held)[0]:
        return False
    new = _values(rest) - stated - old
    kinds = {_kind(v) for v in new}
    if not any(_kind(v) in kinds for v in hits):
        return False
    d, h = read_together(draft, held)
    drop = {w for v in hits for w in tokenize(v)}
    if len((d.content & h.content) - drop) < MIN_SHARED:
        return False
    return not parallel(draft, held, d.people | h.people)
