"""A value the draft itself calls the old one: "kilns now fire every 6 h; the previous 8 h
cycle cracked glazes", "we moved the label printers from Zebra 4.1 to Zebra 5.0", "raising
the dryer to 90 °C was the wrong fix: keep it at 70 °C". The draft names the held lesson's
value as what it replaces, and gives another of the same measure: the held lesson that
states that value ("each kiln fires on an 8-hour cycle") is its older word, however few
other words the two share or however differently each opens.

A value is read with its measure: a number with its unit ("8 h", "8-hour", "12 GB"), a
number inside a flag or a setting ("-Xms12g" is 12 GB, "--max-sessions=20" is 20
sessions), or a release of a named thing ("Zebra 4.1"). The draft calls a value old when
it follows "the previous", "the old", "our former" (or prior, original, legacy), when it is
what a change went "from" ("from 8 h to 6 h"), what "instead of" or "rather than" name,
what the draft says it "used to be", or what a claim judged wrong or no fix holds.

Against false merges: the draft must give another value of the same measure (not only
the old one: a lesson about the old setting), the held lesson must state the old value and
none of the new, must not itself call it old (a report of the same change), and the two
must share two content words besides the measure's (one thing measured, not two things on
one unit); one frame told of two things (`agentmem.core.newvalue.parallel`) stays apart."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.newvalue import parallel
from agentmem.core.statement import UNITS
from agentmem.core.together import read_together
from agentmem.stores.bm25 import tokenize

# What the draft calls old, up to the end of the phrase that holds the value.
_SPAN = r"(?:[^\s.;:,()]+\s+){0,3}?[^\s.;:,()]*?\d[^\s.;:,()]*(?:\.\d+)*(?:[ -][A-Za-z%°]+)?"
OLD = re.compile(
    # "the previous 4 s setting": a determiner first ("files 3 days old are purged after
    # 7 days" calls nothing old)
    r"\b(?:the|our|its|their|this|that)\s+(?:previous|old|former|prior|original|legacy|"
    r"outgoing)\s+(?P<old>" + _SPAN + ")"
    r"|\b(?:instead\s+of|rather\s+than|used\s+to\s+be|no\s+longer)\s+(?P<was>" + _SPAN + ")"
    r"|\bfrom\s+(?P<moved>(?:the\s+)?(?:[A-Za-z][\w-]*\s+)?v?\d[\w.]*(?:[ -][A-Za-z%°]+)?)"
    r"\s+(?:to|->|→)\s+(?=\S)",
    re.IGNORECASE,
)
# A claim judged wrong: "doubling the buffer to 12 GB was the wrong fix", "the 30 s timeout
# did not help", wherever in the draft it stands.
JUDGED = re.compile(
    r"(?:^|(?<=[.;:]\s))(?P<claim>[^.;:]{3,160}?)\s+(?:was|were|is|are|turned\s+out\s+to\s+be)"
    r"\s+(?:just\s+|only\s+)?(?:the\s+)?(?:wrong|incorrect|mistaken|a\s+mistake|no\s+help|"
    r"not\s+(?:the|a)\s+(?:fix|cure|cause)|wrong\s+(?:fix|call|value|setting))\b"
    r"|(?:^|(?<=[.;:]\s))(?P<tried>[^.;:]{3,160}?)\s+(?:did|does)\s+not\s+(?:help|fix|work)\b",
    re.IGNORECASE,
)
# A number with its unit: "8 h", "8-hour", "12 GB", "16g"; a number inside a flag or a
# setting: "-Xms12g", "--max-sessions=20", "POOL_SIZE=20".
MEASURE = re.compile(r"(?<![\w.:/=-])(\d+(?:\.\d+)?)(?:\s?-?\s?([A-Za-z%°]+))?(?![\w.])")
FLAG = re.compile(
    r"(?<![\w-])(?:-{1,2}(?P<name>[A-Za-z][\w.-]*?)(?:=|(?<=[a-z])(?=\d))"
    r"|(?P<key>[A-Za-z][\w.-]*)=)"
    r"(?P<num>\d+(?:\.\d+)?)(?P<suffix>[A-Za-z]{0,2})\b"
)
SIZES = {"k": "kb", "m": "mb", "g": "gb", "t": "tb"}
RELEASE = re.compile(r"\b([A-Za-z][\w-]*[A-Za-z])\s+(v?\d+(?:\.\d+)+|v\d+)(?![\w.])")
MIN_SHARED = 2  # content words besides the measure's: one thing measured
STEM = 4  # letters a unit and a flag's word share to be one unit ("conns", "connections")


def _unit(word: str) -> str:
    low = word.lower()
    if low in SIZES and low != "m":  # "16g", "2t" ("m" is as often minutes as megabytes)
        return SIZES[low]
    if low in UNITS:
        return UNITS[low]
    if low == "hour" or low.startswith("hour"):
        return "h"
    stems = tokenize(low)
    return stems[0] if stems and len(low) > 2 else ""


@lru_cache(maxsize=4096)
def measures(text: str) -> frozenset[tuple[str, str]]:
    """The values a text states, each as (number or release, its measure)."""
    out: set[tuple[str, str]] = set()
    for match in FLAG.finditer(text):
        suffix = match["suffix"].lower()
        if suffix[:1] in SIZES and len(suffix) <= 2 and suffix[1:] in ("", "b"):
            out.add((match["num"], SIZES[suffix[:1]]))
        elif not suffix and "-" in (name := match["name"] or match["key"]):
            out.add((match["num"], "flag:" + _unit(name.rsplit("-", 1)[-1])))
    rest = FLAG.sub(" ", text)
    for name, release in RELEASE.findall(rest):
        out.add((release.lower().lstrip("v"), "release:" + "".join(tokenize(name)[-1:])))
    rest = RELEASE.sub(" ", rest)
    for number, word in MEASURE.findall(rest):
        unit = _unit(word) if word else ""
        if unit:
            out.add((number, unit))
    return frozenset(out)


def _same(a: str, b: str) -> bool:
    """One measure: the same unit, or a flag's word and a unit that share their stem."""
    if a == b:
        return True
    x, y = a.removeprefix("flag:"), b.removeprefix("flag:")
    if x == a and y == b:
        return False
    short, long = sorted((x, y), key=len)
    return len(short) >= STEM and long.startswith(short)


@lru_cache(maxsize=4096)
def called_old(text: str) -> frozenset[tuple[str, str]]:
    """The values the text calls old (see the module docstring)."""
    spans = [m["old"] or m["was"] or m["moved"] for m in OLD.finditer(text)]
    spans += [m["claim"] or m["tried"] for m in JUDGED.finditer(text)]
    return frozenset(v for span in spans for v in measures(span))


def named_old(draft: str, held: str) -> bool:
    """The held lesson states a value the draft calls old, and the draft gives another of
    its measure (see the module docstring)."""
    old = called_old(draft)
    if not old:
        return False
    stated, given = measures(held), measures(draft) - old
    if called_old(held):
        return False  # the held text tells a change itself: another report of it
    for value, unit in old:
        if not any(v == value and _same(u, unit) for v, u in stated):
            continue
        new = {v for v, u in given if _same(u, unit) and v != value}
        if not new or any(_same(u, unit) and v in new for v, u in stated):
            continue
        d, h = read_together(draft, held)
        drop = set(tokenize(unit.split(":")[-1]))
        if len((d.content & h.content) - drop) < MIN_SHARED:
            continue
        if parallel(draft, held, d.people | h.people):
            continue
        return True
    return False
