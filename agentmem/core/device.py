"""A measuring device replaced: "Fibre diameter now comes from the ODAC 32XY two-axis
gauge", "HW-300 pH is now measured on the Metrohm 913", "The Dynotek FD-400 dynamometer
replaced the old Krauss friction tester". Once the new device takes the measurement, the
old device's lessons (its offset, its correction, its warm-up, "pH is read on the S220")
are stale, though they name the old device only by its model code ("DG-2", "KM-2", "S220")
and share few words with the draft.

A draft tells a takeover in one of four ways (`takeover`):

- "<measurement> now comes from / now uses / is now measured (read, run, tested …) on
  <device>": the device has a model code (a word with a digit: "32XY", "913"); its name
  ends at a clause's end or "as" ("… polariscope as retardation in nm/mm"); a reading
  "run on" wants a device's name, not "Fridays at 07:00";
- the same without "now" ("Moisture on the line is read with the MW-2 microwave
  analyser") when the draft says the old correction gone (`NO_CORRECTION`: "no correction
  is applied", "no offset", "used as read"): alone it tells where a reading is taken;
- "<device> replaced the old <device>": the old one named by its maker or its kind;
- a device named by its code and kind ("the MX-7 moisture analysers", `named`; a number
  after a maker's name is a code too, "Testo 104 core probe") in a draft that says the old
  way gone ("no pan drying step any more", "no longer", the correction gone): the old
  device is the one held texts name by another code beside the same kind ("RX-40 moisture
  analyser"; the kind is its word with the word before it, so a "DO meter" is no "pH
  meter"), and its every lesson goes, one that names only its code ("the RX-40 inlet
  hose") too.

Three more forms (device60), each only in a draft saying the old way gone:

- "<what> <kind> is now the <device>" ("The ILD tester is now the Instron 68SC-5 …
  used as read", `IS_NOW`): the kind is its word with the word before it; held texts name
  the old device by a code beside the same kind or written before the kind's readings
  ("Zwick Z010 ILD readings");
- "<measurement> now <done> on <device>" with any verb of doing ("Cubes are now crushed on
  the Form+Test Alpha 3000 … no correction"): without the correction gone, a verb of doing
  on a code ("now qualified on NXT-06") tells no takeover;
- "no <step> needed" says the old way gone, as "no longer" does ("Photon PX-9 light tester:
  … no warm-up needed"), for a device of the old one's kind.

A press is a kind of device ("C46 cube press"), and "results from the C46" write the C46
as a device.

A tag said to be another kind of device now, its correction gone ("TC-F3 is now a type S
thermocouple with no PLC offset", `NOW_KIND`), retires the held lessons that correct the
reading under that tag (`CORRECTED`: an offset, a correction, "reads 15 °C low"); one of
the tag's place stays. A new device leaves what it measures as it was: a held text naming
no device (a product's limit, "PK48 release limits: peel adhesion >= 5.5 N/25 mm") is
not told anew by the draft's figures (`agentmem.core.devicerun.of_the_reading`, asked by
the judge).

A run may tell it in its record alone ("Commission the new TitraLine 7 titrator … TL7
installed on bench 2", `agentmem.core.devicerun.commissioned`): a successful run that commissions a new (or a
replacement) device of a kind, named by a code in the record, retires the lessons of the
old one (`agentmem.core.devicerun.retired_by_run`): those naming, as a device or as their label ("Hanna
HI-98161: …"), a code the record never names that held texts write beside the same kind
("on the T50 titrator"), or that are of what the new device measures ("ph" of "pH meter",
in the lesson's words or its tags). A lesson naming the new device stays, as does one of
another unit.

A held lesson is the old device's (`retired_device`) when it names, as a device, a model
code the draft never names (beside a device word, "DG-2 laser gauge", or as what a reading
is taken on, "read … on the S220", "KM-2 results"), never names the new device, and is of
the same measurement: it says a word of what the draft says the new device now measures
("diameter", "pH"), or its code is the old device's own, written beside its maker in a held
text ("Krauss KM-2": `aliases`). A lesson about the measured thing itself names no device
code and stays; so does one about another device, which measures something else, and one
of another unit ("kiln 1" beside the draft's "kiln 2", `units`): two devices both in use.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from agentmem.stores.bm25 import tokenize

# a model code: a word holding a digit and at least two characters ("DG-2", "S220", "913")
_CODE = r"(?<![\w-])(?=[\w-]*\d)[A-Za-z0-9][\w-]*[A-Za-z0-9](?![\w-])"
CODE = re.compile(_CODE)
_DEVICE = r"[^.;,:()]{2,50}?"
_READING = (
    r"(?:comes?\s+from|(?P<verb>uses?)|(?:measured|read|(?P<run>run)|taken|tested|checked|logged|weighed"
    r"|(?P<any>done|[a-z]{3,}ed))\s+"
    r"(?:on|with|by|from))\s+(?:the\s+)?"
    rf"(?P<new>{_DEVICE})(?=\s*(?:[.;,:()]|\s-\s|\bwith\b|\band\b|\bas\b|$))"
)
NOW_FROM = re.compile(
    r"(?P<what>[^.;:()]{2,60}?)\s+(?:is\s+|are\s+)?now\s+" + _READING, re.IGNORECASE
)
# the same without "now": a takeover only in a draft saying the old correction gone
READ_ON = re.compile(r"(?P<what>[^.;:()]{2,60}?)\s+(?:is\s+|are\s+)?" + _READING, re.IGNORECASE)
# the draft says the old device's correction gone: "no correction is applied", "with no
# PLC offset", "used as read"; a reading it tells taken on a named device without "now"
# is then a takeover too ("Moisture on the line is read with the MW-2 microwave analyser;
# … no correction is applied")
NO_CORRECTION = re.compile(
    r"\bno\s+(?:[\w-]+\s+)?(?:corrections?|offsets?)\b|\bused\s+as\s+read\b", re.IGNORECASE
)
# a held lesson telling how a device's reading is corrected: its offset, a correction, a
# reading high or low, a re-zero, a drift
CORRECTED = re.compile(
    r"\b(?:offsets?|corrections?|subtract|re-?zero|drifts?)\b"
    r"|\breads?\s+(?:[~\w.,+-]+\s+){0,4}?(?:high|low)\b",
    re.IGNORECASE,
)
REPLACED_OLD = re.compile(
    rf"(?P<new>{_DEVICE})\s+(?:has\s+)?(?:replaced|replaces|took\s+over\s+from)\s+"
    rf"the\s+old\s+(?P<old>{_DEVICE})(?=\s*(?:[.;,:()]|\s-\s|$))",
    re.IGNORECASE,
)
# words that make a model code a device's (it reads, it is read on, it is one of these)
KINDS = (
    r"gauges?|gages?|meters?|testers?|analy[sz]ers?|sensors?|probes?|scales?|balances?|"
    r"calipers?|micrometers?|dynamometers?|viscometers?|rheometers?|spectrometers?|"
    r"photometers?|hygrometers?|thermometers?|titrators?|instruments?|machines?|rigs?|"
    r"readers?|counters?|cameras?|scanners?|cmm|polariscopes?|thermocouples?|presses|press"
)
# what "now uses" a measuring device with: an instrument word ends its name ("optical DO
# meter"); a reader, a machine, a rig is as often a program's or a line's ("cp1252 reader")
KIND = re.compile(
    r"\b(?:gauges?|gages?|meters?|testers?|analy[sz]ers?|sensors?|probes?|calipers?|"
    r"micrometers?|dynamometers?|viscometers?|rheometers?|spectrometers?|photometers?|"
    r"hygrometers?|thermometers?|titrators?|counters?|polariscopes?|thermocouples?)$",
    re.IGNORECASE,
)
READS = r"reads?|readings?|results?|measures?|measurements?"
ON_IT = r"(?:read|measured|tested|checked|weighed|taken|logged)\b[^.;]{0,60}?\b(?:on|with|by)\s+"
# words of a measurement that say only that it is one ("results", "data", "readings")
GENERIC = frozenset(
    tokenize(
        "now new the old all every each our line lab bench data result results read "
        "reading readings value values measurement measurements"
    )
)


@dataclass(frozen=True)
class Takeover:
    """A new device said to take a measurement over: its model codes, the words of what it
    measures (empty when not said), and the old device's words (empty when not named)."""

    new: frozenset[str]
    measures: frozenset[str]
    old: tuple[str, ...]
    kinds: frozenset[tuple[str, ...]] = frozenset()
    # codes said to be another kind of device now, its correction gone ("TC-F3 is now a
    # type S thermocouple with no PLC offset"): the held lessons correcting it are the old one's
    same: frozenset[str] = frozenset()


# "<code> [word] <kind>": a device named by its model code and what it is ("CC-9 particle
# counters", "PS-310 particle counter", "T50 titrator"); its kind is the kind word with the
# word before it ("particle counter"), so a "DO meter" is no "pH meter"
NAMED = re.compile(rf"({_CODE})\s+((?:[\w-]+\s+){{0,2}}?)({KINDS})\b", re.IGNORECASE)
# the draft says the old way is gone ("there is no manual purge step any more")
GONE = re.compile(
    r"\bany\s?more\b|\bno\s+longer\b|\bno\s+[\w-]+\s+needed\b|" + NO_CORRECTION.pattern,
    re.IGNORECASE,
)
# "the <what> <kind> is now the <device>" ("The ILD tester is now the Instron 68SC-5"): a
# takeover when the draft says the old correction gone; the kind is its word with the word
# before it
IS_NOW = re.compile(
    rf"(?P<what>[\w-]+)\s+(?P<kind>{KINDS})\s+(?:is|are)\s+now\s+(?:the\s+|an?\s+)?"
    rf"(?P<new>{_DEVICE})(?=\s*(?:[.;,:()]|$))",
    re.IGNORECASE,
)
# "<code> is now a <kind>": the thing under its tag is another kind of device now
NOW_KIND = re.compile(
    rf"({_CODE})\s+(?:is|are)\s+now\s+(?:an?\s+)?[^.;,:()]{{0,40}}?\b(?:{KINDS})\b",
    re.IGNORECASE,
)
SENTENCE = re.compile(r"(?<=[.!?])\s+|\n")
# a unit a lesson is of ("line 2", "block A"): two units, two devices both in use
UNIT_WORDS = (
    *("line", "block", "bench", "unit", "site", "hall", "room", "station", "pond", "tank"),
    "kiln",
)
UNIT = re.compile(rf"\b(?:{'|'.join(UNIT_WORDS)})\s+([A-Z]?\d+|[A-Z])\b", re.IGNORECASE)


def named(text: str) -> dict[str, tuple[str, ...]]:
    """The model codes a text names with their kind ("ps-310": ("particl", "counter")); a
    code here holds a letter ("week 48 meter" names no device)."""
    out: dict[str, tuple[str, ...]] = {}
    for m in NAMED.finditer(text):
        if not re.search(r"[A-Za-z]", m.group(1)) and not _after_name(text, m.start(1)):
            continue
        words = [w for w in m.group(2).split() if not CODE.fullmatch(w)]
        kind = tuple(tokenize(" ".join([*words[-1:], m.group(3)])))
        if kind:
            out[m.group(1).lower()] = kind
    return out


# a number after a maker's or a model's name is a model code ("Testo 104", "Ebro TDC 150");
# one after a unit's word is the unit's ("Tank 12"), one after "The" is a count
NAME_BEFORE = re.compile(r"(?<![\w-])([A-Z][A-Za-z]+)\s+$")
NOT_A_NAME = frozenset(
    (
        *("the", "a", "an", "all", "our", "each", "every", "and", "or", "with", "on", "of"),
        *("in", "at", "for", "to", "from", "by", "zone", "lane", "cell", "bay", "week", "day"),
        "year",
        *UNIT_WORDS,  # a number after a unit's word is the unit's ("Tank 12")
    )
)


def _after_name(text: str, start: int) -> bool:
    """The number at `start` (digits alone: "2024-08-14" is a date) follows a capitalised
    name, not a unit's word nor a function word."""
    if not re.match(r"\d+(?![\w-])", text[start:]):
        return False
    m = NAME_BEFORE.search(text[max(0, start - 40) : start])
    return m is not None and m.group(1).lower() not in NOT_A_NAME


def units(text: str) -> set[str]:
    """The units a text names ("line 2", "block a")."""
    return {m.group(0).lower().split()[0] + " " + m.group(1).lower() for m in UNIT.finditer(text)}


def codes(text: str) -> set[str]:
    """The model codes a text writes, lower-cased."""
    return {m.group(0).lower() for m in CODE.finditer(text)}


# What every match of NOW_FROM or REPLACED_OLD holds (and every draft of the kind form: its
# GONE cue), found without their leading lazy spans: those are tried from every position of
# the text (about 0.5 ms for a 180-character draft, quadratic in a long one), and most
# drafts tell no takeover at all (issue 17).
CUE = re.compile(
    r"\snow\s+(?:comes?|uses?|measured|read|taken|tested|checked|logged|weighed|done|[a-z]{3,}ed)\s"
    r"|\s(?:is|are)\s+now\s+the\s|\bno\s+[\w-]+\s+needed\b"
    r"|(?:replaced|replaces|from)\s+the\s+old\s"
    r"|\bany\s?more\b|\bno\s+longer\b|\snow\s+run\s|" + NO_CORRECTION.pattern,
    re.IGNORECASE,
)


def takeover(draft: str) -> Takeover | None:
    """The takeover the draft tells, if any (see the module docstring)."""
    if CUE.search(draft) is None:
        return None  # no form can match (CUE is a part of each one's match)
    gone = NO_CORRECTION.search(draft) is not None
    same = frozenset(m.group(1).lower() for m in NOW_KIND.finditer(draft)) if gone else frozenset()
    if same:
        return Takeover(frozenset(), frozenset(), (), same=same)
    m = _reading(draft, gone)
    if m is not None:
        what = set(tokenize(CODE.sub(" ", m["what"]))) - GENERIC - {"is", "are"}
        return Takeover(frozenset(codes(m["new"])), frozenset(what), ())
    m = IS_NOW.search(draft) if gone else None
    if m is not None and any(_device_code(m["new"], c) for c in codes(m["new"])):
        kind = tuple(tokenize(f"{m['what']} {m['kind']}"))
        measures = frozenset(tokenize(m["what"])) - GENERIC
        return Takeover(frozenset(codes(m["new"])), measures, (), frozenset({kind}))
    m = REPLACED_OLD.search(draft)
    if m is not None and codes(m["new"]) and not codes(m["old"]):
        old = tuple(w for w in re.findall(r"[\w-]+", m["old"]) if w.lower() not in GENERIC)
        return Takeover(frozenset(codes(m["new"])), frozenset(), old)
    # a device of a kind, in a sentence that says the old way gone
    new = {
        c: k for part in SENTENCE.split(draft) if GONE.search(part) for c, k in named(part).items()
    }
    if new:
        return Takeover(frozenset(new), frozenset(), (), frozenset(new.values()))
    return None


def _reading(draft: str, gone: bool) -> re.Match[str] | None:
    """A reading said taken on a new device ("now measured on <device>"); without "now"
    ("is read with <device>") only when the draft says the old correction gone: alone it
    tells where a reading is taken, not a change."""
    for pattern in (NOW_FROM, READ_ON) if gone else (NOW_FROM,):
        m = pattern.search(draft)
        if m is None or (m["verb"] is not None and not KIND.search(m["new"].strip())):
            continue
        # "run on" and a reading without "now" want a device's name: a code with a letter
        # or a number after a maker's name ("Instron 3343"), not "Fridays at 07:00"
        if m["any"] is not None and not gone:
            continue  # "now crushed on <device>": a takeover when the old correction is gone
        strict = m["run"] is not None or pattern is READ_ON
        if any(not strict or _device_code(m["new"], c) for c in codes(m["new"])):
            return m
    return None


def _device_code(text: str, code: str) -> bool:
    """The code names a device: it holds a letter, or it is a number after a name."""
    if re.search(r"[a-z]", code):
        return True
    m = re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text, re.IGNORECASE)
    return m is not None and _after_name(text, m.start())


def makers(told: Takeover) -> list[str]:
    """The old device's proper names in a takeover ("Krauss" of "the old Krauss friction
    tester"): a held text that writes one right before a model code names its code."""
    return [w for w in told.old if w[:1].isupper()]


def aliases(told: Takeover, texts: list[str]) -> set[str]:
    """The old device's model codes, as held texts write them right after its maker
    ("Krauss KM-2: give the drum 30 min warm-up …")."""
    out: set[str] = set()
    for maker in makers(told):
        pattern = re.compile(rf"\b{re.escape(maker)}\s+({_CODE})")
        for text in texts:
            out |= {m.group(1).lower() for m in pattern.finditer(text)}
    for text in texts:
        out |= {code for code, kind in named(text).items() if kind in told.kinds}
    # a code written before what the kind measures and a reading ("Z010 ILD readings")
    for kind in (k for k in told.kinds if len(k) == 2):
        pattern = re.compile(
            rf"(?<![\w-])({_CODE})\s+{re.escape(kind[0])}[\w-]*\s+(?:{READS})\b", re.IGNORECASE
        )
        for text in texts:
            out |= {m.group(1).lower() for m in pattern.finditer(text)}
    return out - told.new


def _as_device(held: str, code: str) -> bool:
    """The held lesson writes the code as a device's: beside a device word, followed by
    what it reads, or as what a reading is taken on."""
    c = re.escape(code)
    return (
        re.search(
            rf"(?<![\w-]){c}(?![\w-])\s+(?:[\w-]+\s+){{0,2}}?(?:{KINDS}|{READS})\b", held, re.I
        )
        is not None
        or re.search(rf"\b{ON_IT}(?:[\w-]+\s+){{0,4}}{c}(?![\w-])", held, re.I) is not None
        or re.search(rf"\b(?:{KINDS})\s+{c}(?![\w-])", held, re.I) is not None
        # the readings it gives: "Cube results from the C46"
        or re.search(rf"\b(?:{READS})\s+from\s+(?:the\s+)?{c}(?![\w-])", held, re.I) is not None
    )


def old_devices(draft: str, held: str) -> set[str]:
    """The model codes the held lesson writes as a device's and the draft never names."""
    said = codes(draft)
    return {c for c in codes(held) - said if _as_device(held, c)}


def retired_device(draft: str, held: str, known: Iterable[str] = ()) -> bool:
    """The draft says a new device took over the measurement the held lesson's device took
    (see the module docstring); `known` are the old device's codes found beside its maker."""
    told = takeover(draft)
    if told is not None and told.same:
        # its tag now another kind of device, the correction gone: the held lesson
        # correcting the old one under that tag goes (`CORRECTED`)
        return bool(told.same & codes(held)) and CORRECTED.search(held) is not None
    if told is None or told.new & codes(held):
        return False
    if units(draft) and units(held) and not units(draft) & units(held):
        return False  # another line's device, both in use
    old = old_devices(draft, held) | (codes(held) - codes(draft)) & set(known)
    if not old:
        return False
    if old & set(known):
        return True
    return bool(told.measures & set(tokenize(held)))
