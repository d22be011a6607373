"""A remedy set aside by another for the same trouble: "Vacuum de-airing the cup slip removed
the pinholes; deflocculant dose back to 0.28 %" after "Pinholes on cast cups: raise sodium
silicate to 0.35 %"; "Evaporator 2 foaming came from air drawn in at a worn seal; with the
seal replaced the ramp runs clean with no anti-foam" after "Evaporator 2 needs anti-foam
dosed at 50 ppm …"; "… the cause was a thin adhesive film; coat 30-40 µm and the results
hold with 2 degas cycles" after "LT pads delaminate unless the press runs a third degas
bump; set degas cycles to 3". The later text says no word against the old remedy, so no
retraction rule reads it, yet the team no longer applies it.

Two things must both be told. The text cures or explains the held lesson's own trouble
(`CURED`, `CAUSED`: "removed the pinholes", "X foaming came from", "does not stop X: the
cause was", or what a retraction says the withdrawn claim cured: "hotter oil cures grit"),
every word of that trouble the held lesson's (so "PC delamination" leaves a lesson on LT
pads). And it undoes the held remedy's knob: the thing it acts on is said to be needed no
more ("with no anti-foam", in the held lesson's words beyond the trouble's), a setting goes
"back to" another value in the unit the held lesson set ("back to 0.28 %" of "0.35 %"), or
the thing it counts runs at another count ("with 2 degas cycles" of "degas cycles to 3").
A second remedy told beside the first ("de-airing also helps") undoes no knob and leaves
it.

A cause told as what the trouble was from, in the past ("Parboil brokens were from
under-steaming: …") sets aside the held lesson giving that trouble another cause in the
present ("Parboil brokens come from soak water that is too hot; soak at 60 C"): the same
trouble (every word of it the held lesson's, before its cause, two at least), causes
sharing no word. "Also come from", in the present, tells a second cause beside the first.
`agentmem.core.retract.denies` asks it. The run that finds the real cause often writes to
another app (the lab's shear test) than the one whose remedy it sets aside (the press
line's): `set_aside_across` reads other apps' lessons for a text that `may_set_aside`."""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentmem.core.gainsay import GIVEN
from agentmem.core.model import Hit
from agentmem.core.statement import terms
from agentmem.core.withdrawal import DENIED, FRAMING, RETRACTED

# "down to" a figure is a level, not a cause ("flow was down to about 40%")
DOWN_TO = r"down\s+to(?!\s+(?:about\s+|around\s+|roughly\s+|~\s*)?[\d~])"
STOP = r"(?=\s*[.;:,()!?]|\s+(?:on|in|at|for|with|and|by|after|once|when)\b|\s*$)"
PHRASE = r"[\w\s'-]{2,60}?"
# A clause telling a trouble cured ("removed the pinholes"), explained ("X came from") or a
# remedy that did not stop it, said beside its real cause ("… : the cause was …").
CURED = re.compile(
    rf"\b(?:remov(?:ed|es)|cur(?:ed|es)|fix(?:ed|es)|stop(?:ped|s)|clear(?:ed|s)|solv(?:ed|es)|"
    rf"eliminat(?:ed|es)|got\s+rid\s+of)\s+"
    rf"(?:the\s+|all\s+|its\s+)?(?P<trouble>{PHRASE}){STOP}",
    re.IGNORECASE,
)
CAUSED = re.compile(
    rf"(?:^|[.;:!?]\s+)(?P<trouble>{PHRASE})\s+(?:came|comes|come|were|was|stemmed)\s+"
    rf"(?:from|{DOWN_TO}|due\s+to)\b",
    re.IGNORECASE,
)
UNSTOPPED = re.compile(
    rf"\b(?:does|did|do)(?:\s+not|n't)\s+(?:stop|fix|cure|prevent|solve|clear)\s+"
    rf"(?:the\s+)?(?P<trouble>{PHRASE}){STOP}",
    re.IGNORECASE,
)
CAUSE_WAS = re.compile(
    r"\bthe\s+(?:real\s+|actual\s+|root\s+)?cause\s+(?:was|is|were)\b", re.IGNORECASE
)
# The held remedy's thing needed no more: "with no anti-foam", "without the booster pump".
NO_MORE = re.compile(
    r"\b(?:with\s+no|without(?:\s+any)?|no\s+more|no\s+longer\s+any|no\s+need\s+for)\s+"
    r"(?:the\s+|an?\s+)?(?P<thing>[\w'-]+(?:\s+[\w'-]+)?)",
    re.IGNORECASE,
)
NUMBER = r"\d+(?:[.,]\d+)?"
UNIT = r"%|°\s?[cf]\b|[a-zµμ]{1,4}\b"
BACK = re.compile(rf"\bback\s+(?:to|at)\s+(?P<value>{NUMBER})\s*(?P<unit>{UNIT})", re.IGNORECASE)
VALUE = re.compile(rf"(?<![\w.])(?P<value>{NUMBER})\s*(?P<unit>{UNIT})", re.IGNORECASE)
COUNTED = re.compile(
    r"\bwith\s+(?:only\s+|just\s+)?(?P<count>\d+)\s+(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)",
    re.IGNORECASE,
)
CLAUSE = re.compile(r"[;:]\s+|(?<=[.!?])\s+")
COUNT = re.compile(r"(?<![\w.])(\d+)(?![\w.])|\b(one|two|three|four|five|first|second|third)\b")
WORDS = {"one": 1, "first": 1, "two": 2, "second": 2, "three": 3, "third": 3, "four": 4, "five": 5}
WAS_FROM = re.compile(
    rf"(?:^|[.;:!?]\s+)(?P<trouble>{PHRASE})\s+(?:were|was)\s+(?:from|{DOWN_TO}|due\s+to|"
    rf"caused\s+by)\s+(?P<cause>[^.;:!?]{{3,120}})",
    re.IGNORECASE,
)
TROUBLE = 2  # words of the trouble a cause told in the past names, at least
STEM = 4  # letters two spellings of one word share from the start ("degass", "dega")


def set_aside(text: str, held: str) -> bool:
    """Whether the text cures or explains the held lesson's trouble another way and undoes
    the knob of the remedy the held lesson gave (see the module docstring)."""
    if RETRACTED.match(held) or DENIED.search(held):
        return False
    if _was_from(text, held):
        return True
    kept = terms(held).content
    trouble = _trouble(text, kept)
    if trouble is None:
        return False
    return _no_more(text, held, trouble) or _back(text, held) or _recounted(text, held)


def _same(a: str, b: str) -> bool:
    return a == b or (min(len(a), len(b)) >= STEM and (a.startswith(b) or b.startswith(a)))


def _within(words: frozenset[str] | set[str], kept: frozenset[str] | set[str]) -> bool:
    return bool(words) and all(any(_same(w, k) for k in kept) for w in words)


def _trouble(text: str, kept: frozenset[str]) -> frozenset[str] | None:
    """The words of the trouble the text cures or explains, when every one is the held
    lesson's; None when it tells none of the held lesson's."""
    found = [m["trouble"] for m in (*CURED.finditer(text), *CAUSED.finditer(text))]
    if CAUSE_WAS.search(text):
        found += [m["trouble"] for m in UNSTOPPED.finditer(text)]
    for said in found:
        words = frozenset(terms(said).content - FRAMING)
        if _within(words, kept):
            return words
    return None


RETRACTABLE = ("semantic", "procedural")


def may_set_aside(text: str) -> bool:
    """Whether the text tells a trouble's cure or cause and undoes some knob, whatever the
    held lessons: the writer asks it before reading every app's best matches (issue 17)."""
    if WAS_FROM.search(text):
        return True
    told = CURED.search(text) or CAUSED.search(text)
    told = told or (CAUSE_WAS.search(text) and UNSTOPPED.search(text))
    return bool(told) and bool(NO_MORE.search(text) or BACK.search(text) or COUNTED.search(text))


def set_aside_across(text: str, app: str, kind: str, hits: Sequence[Hit]) -> list[str]:
    """The ids, among `hits` (the text's best matches in every app), of other apps' live
    lessons whose remedy the text written for `app` sets aside (`set_aside`)."""
    if not may_set_aside(text):
        return []
    return [
        h.memory.id
        for h in hits
        if h.memory.app_id != app
        and h.memory.kind.value == kind
        and not h.explain.get("superseded")
        and h.memory.type.value in RETRACTABLE
        and set_aside(text, h.memory.text)
    ]


def _was_from(text: str, held: str) -> bool:
    """The trouble the held lesson gives a cause of, said to have been from another."""
    given = GIVEN.search(held)
    if given is None:
        return False
    before = re.split(r"[.;:!?]\s+", held[: given.start()])[-1]
    failure, cause = terms(before).content, terms(given["cause"]).content
    for match in WAS_FROM.finditer(text):
        trouble = terms(match["trouble"]).content - FRAMING
        told = terms(match["cause"]).content
        if len(trouble) >= TROUBLE and _within(trouble, failure) and not _shared(told, cause):
            return True
    return False


def _shared(a: frozenset[str], b: frozenset[str]) -> bool:
    return any(_same(x, y) for x in a for y in b)


def _no_more(text: str, held: str, trouble: frozenset[str]) -> bool:
    """The held remedy's thing (words beyond the trouble's, all the held lesson's) said to
    be needed no more."""
    kept = terms(held).content
    for match in NO_MORE.finditer(text):
        thing = {w for w in terms(match["thing"]).content if not _within({w}, trouble)}
        if _within(thing, kept) and not NO_MORE.search(held):
            return True
    return False


def _back(text: str, held: str) -> bool:
    """A setting put back to another value in a unit the held lesson set a value in."""
    set_to = {(_unit(m["unit"]), _number(m["value"])) for m in VALUE.finditer(held)}
    for match in BACK.finditer(text):
        unit, value = _unit(match["unit"]), _number(match["value"])
        if any(u == unit and v != value for u, v in set_to) and (unit, value) not in set_to:
            return True
    return False


def _recounted(text: str, held: str) -> bool:
    """The thing the held lesson counts ("degas cycles to 3") said to run at another count
    ("with 2 degas cycles"), in a clause of the held lesson naming it and no other count."""
    for match in COUNTED.finditer(text):
        thing = terms(match["thing"]).content
        if len(thing) < 1:
            continue
        count = int(match["count"])
        for clause in CLAUSE.split(held):
            if not _within(thing, terms(clause).content):
                continue
            counts = {_counted(m) for m in COUNT.finditer(clause)}
            if counts and count not in counts:
                return True
    return False


def _counted(match: re.Match[str]) -> int:
    return int(match[1]) if match[1] else WORDS[match[2].lower()]


def _unit(unit: str) -> str:
    return re.sub(r"\s", "", unit.lower())


def _number(value: str) -> float:
    return float(value.replace(",", "."))
