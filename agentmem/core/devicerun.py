"""A device's takeover told by a run or leaving a limit as it was: the readings of
`agentmem.core.device` that need its takeover and a held lesson's form together.

- A run that commissions a new device of a kind, naming it by a model code in its record
  ("Commission the new TitraLine 7 titrator … TL7 installed on bench 2", `commissioned`),
  retires the old device's lessons (`retired_by_run`); a lesson labelled by a device, its
  maker before its code ("Hanna HI-98161: …"), is that device's (`_labelled`).
- A new device leaves what it measures as it was: a held lesson naming no device and
  giving a limit of the new device's reading is not told anew by the draft's figures
  (`of_the_reading`, asked by the judge).

Moved out of `agentmem.core.device` (STYLE: modules under 400 lines); no reading changed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from agentmem.core.device import (
    CODE,
    GENERIC,
    KINDS,
    Takeover,
    _as_device,
    codes,
    takeover,
    units,
)
from agentmem.stores.bm25 import tokenize

# A run that commissions a new device of a kind: "Commission the new TitraLine 7 titrator",
# "Commission replacement lab pH meter". The device's own name (capitalised, a code) is
# not its kind: the kind is the kind word with the lower-case word before it ("ph meter").
COMMISSION = re.compile(
    r"\bcommission(?:s|ed|ing)?\s+(?:of\s+)?(?:the\s+|a\s+|an\s+|our\s+)?(?:new|replacement)\s+"
    rf"(?P<what>(?:[\w-]+\s+){{0,4}}?)(?P<kind>{KINDS})\b",
    re.IGNORECASE,
)


FIGURES = re.compile(r"\d*[.,/]?\d+(?:[.,/]\d+)+")


def commissioned(record: str) -> Takeover | None:
    """The takeover a run record tells by commissioning a new device of a kind, named in
    the record by a model code ("TL7 installed on bench 2", "Knick Portamess 913 … in
    service"): its codes, what it measures (the word before its kind word: "ph" of "pH
    meter", none of "titrator") and its kind."""
    m = COMMISSION.search(record)
    new = codes(FIGURES.sub(" ", record))  # "4.01", "2.00/7.00" are readings, not names
    if m is None or not new:
        return None
    words = [w for w in m["what"].split() if w[:1].islower() and not CODE.fullmatch(w)]
    kind = tuple(tokenize(" ".join([*words[-1:], m["kind"]])))
    measures = frozenset(tokenize(" ".join(words[-1:]))) - GENERIC
    return Takeover(frozenset(new), measures, (), frozenset({kind}))


def _labelled(held: str, code: str) -> bool:
    """The held lesson is labelled by a device, its maker before its code ("Hanna
    HI-98161: reads …", "AcidoMat T50: give it …"); a code with a letter (a bare number
    after a word is a unit's, "Tank 12")."""
    if not re.search(r"[a-z]", code):
        return False
    c = re.escape(code)
    return re.match(rf"^\W*[A-Z][A-Za-z]+\s+{c}(?![\w-])\s*:", held, re.IGNORECASE) is not None


def retired_by_run(
    told: Takeover, record: str, held: str, known: Iterable[str] = (), tags: Iterable[str] = ()
) -> bool:
    """A commissioning run's takeover (`commissioned`) retires the held lesson of the old
    device: one naming, as a device or as its label, a code the record never names, of the
    old device (`known`: a code held texts write beside the new one's kind, "the T50
    titrator") or of the measurement the new device takes (a word of it in the lesson or
    its tags: "ph"). A lesson naming the new device stays, as does one of another unit
    ("bench 1" beside the record's "bench 2"): two devices both in use."""
    if told.new & codes(held):
        return False
    if units(record) and units(held) and not units(record) & units(held):
        return False
    said = codes(record)
    old = {c for c in codes(held) - said if _as_device(held, c) or _labelled(held, c)}
    old |= (codes(held) - said) & set(known)
    if not old:
        return False
    if old & set(known):
        return True
    topic = set(tokenize(held)) | {t for tag in tags for t in tokenize(tag)}
    return bool(told.measures & topic)


# a limit a held text gives: "peel adhesion >= 5.5 N/25 mm", "release limits"
LIMIT = re.compile(r"[<>]=|[≤≥]|\blimits?\b", re.IGNORECASE)


def of_the_reading(draft: str, held: str) -> bool:
    """The draft tells a new device taking a reading over (`takeover`) and the held lesson
    names no device (no code written as a device's, no instrument word) and gives a limit
    (`LIMIT`) of what the new device measures ("PK48 … release limits: peel adhesion >=
    5.5 N/25 mm"), which a new device leaves as it was."""
    told = takeover(draft)
    if told is None or told.same or LIMIT.search(held) is None:
        return False
    if not told.measures & set(tokenize(held)):
        return False  # a limit of another thing than the new device measures
    return not re.search(rf"\b(?:{KINDS})\b", held, re.I) and not any(
        _as_device(held, c) or _labelled(held, c) for c in codes(held)
    )
