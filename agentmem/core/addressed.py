"""A number that names which one, not how much: "holding register 40101", "slave id 3",
"port 8080", "pin 13", "bay 4", "line 112", "Stage 1–3". Config files, protocol maps and
site notes address the things they speak of by a number after a noun of addressing; that
number says WHICH register, device or bay, and is no value of the quantity its clause
measures ("free chlorine is holding register 40101 in mg/l × 100" gives no new free
chlorine). `agentmem.core.slots` marks such a value, and never reads it as a new value of
a held slot; `agentmem.core.values` reads it (and a scale, "× 100") as a value of a kind of
its own, "which", that differs only from another such number ("port 8080", "port 9090").
"""

from __future__ import annotations

import re

# Nouns that address one of many by the number after them: registers and addresses of a
# bus or a memory map, ids and serials, pins and channels of hardware, ports and slots of
# a machine, places of a site (bay, dock, gate, rack), lines and sections of a text, and the
# numbered steps and stages of a series. Read as the last part of an identifier too
# ("slave_id=3", "modbus-addr 7") and in the plural ("registers 40101–40104").
ADDRESSING = frozenset(
    """
    register reg address addr id uid gid pid uuid identifier serial sn tag
    slave node unit station device instance vlan lun irq bus interface
    channel ch pin gpio coil port socket slot bay dock gate berth door platform lane
    rack shelf aisle cabinet locker room ward bed desk
    line row column col section chapter item entry ticket issue pr
    step stage phase nr num
    """.split()  # noqa: SIM905
)
# Not among them, though a memory map or a form uses them so: "offset", "index", "number"
# and "no" stand before a measure as often ("a calibration offset 0.3 %", "Bond work index
# 18 kWh/t", "Reynolds number 2000", "no 30-minute wait").
# Words that join a second number to an addressed one: "registers 40101 to 40104",
# "ports 80 and 443", "pins 2 or 5".
JOINING = frozenset("and or to through thru".split())  # noqa: SIM905
SEPARATOR = re.compile(r"[_.\-/:=]+")
# A BACnet object is named by its type and instance: "analog value 3", "binary input 12",
# "multi-state output 2". "input", "output" and "value" address only after such a type
# ("value 3" alone, "input 12 V" alone, say how much).
OBJECT_TYPES = frozenset("analog analogue binary multistate multi-state".split())  # noqa: SIM905
OBJECTS = frozenset("input output value".split())  # noqa: SIM905
SPAN = re.compile(r"\d+\s*[.\-–]\s*\d")  # a decimal or a range ("0–10 V", "4-20 mA")
# A list whose first item is addressed goes on after a comma with the few words naming each
# next item ("input register 30001, combined chlorine 30003, pH 30005"): what may stand
# between a listed number and the one before it. A number of another length ("register
# 40101, 3 retries") or with a unit after it is a value again.
LISTED = re.compile(r",\s*(?:[^\W\d_][\w/-]*\s+){0,3}")
LISTED_WORD = re.compile(r"[^\W\d_][\w/-]*")
MAX_LISTED_WORDS = 3
MIN_LISTED_DIGITS = 3
ITEM_END = ("", ",", ".", ";", ")", "\n")


def addressing(piece: str) -> bool:
    """The piece is a noun of addressing, or an identifier ending in one ("slave_id")."""
    last = SEPARATOR.split(piece.lower())[-1]
    return last in ADDRESSING or (last.endswith("s") and last[:-1] in ADDRESSING)


def _object(piece: str, before: str) -> bool:
    """`piece` is a BACnet object's kind after its type ("analog value", "binary inputs")."""
    kind = piece.lower()
    return kind.removesuffix("s") in OBJECTS and before.lower() in OBJECT_TYPES


def named(pieces: list[str], value: re.Pattern[str]) -> frozenset[int]:
    """The indices of the values among a clause's `pieces` that follow a noun of
    addressing, directly or as the next number of a list or range begun right after one
    ("registers 40101–40104", "ports 80 and 443"). One pass over the clause."""
    out: set[int] = set()
    open_ = False  # the pieces read so far continue a run addressed by a noun
    for i, piece in enumerate(pieces):
        if value.fullmatch(piece):
            if open_:
                out.add(i)
        elif not (open_ and piece.lower() in JOINING and i - 1 in out):
            open_ = addressing(piece) or (i > 0 and _object(piece, pieces[i - 1]))
    return frozenset(out)


def listed(pieces: list[str], value: re.Pattern[str], head: str) -> frozenset[int]:
    """The index of the value of a clause that goes on, after a comma, with a list whose
    last number `head` was addressed ("combined chlorine 30003" after "free chlorine is
    input register 30001,"): the clause is a few words and one number of `head`'s
    length, nothing after it."""
    if not head or not pieces or len(pieces) > MAX_LISTED_WORDS + 1:
        return frozenset()
    last = pieces[-1]
    words = pieces[:-1]
    if not (value.fullmatch(last) and continues_list(head, last)):
        return frozenset()
    if not all(LISTED_WORD.fullmatch(w) for w in words):
        return frozenset()
    return frozenset((len(pieces) - 1,))


def continues_list(head: str, number: str) -> bool:
    """`number` may go on a list of `head`'s: a whole number of as many digits, three or
    more (after "slave id 3," a "retries 5" is a count)."""
    return number.isdigit() and len(number) == len(head) >= MIN_LISTED_DIGITS


def addressed_before(text: str, start: int) -> bool:
    """The number at `start` of `text` names which one or scales an encoding, no value: it
    follows a noun of addressing, a blank or a "#" between ("holding register 40101", "bay
    #4"), or a times sign after a unit ("in mg/l × 100": the register holds the value a
    hundred times over). Only the few characters before it are read."""
    if scaled_before(text, start):
        return True
    end = _blank_start(text, start)
    begin = _word_start(text, end)
    if not (end < start and begin < end):
        return False
    word = text[begin:end]
    if addressing(word):
        return True
    if word.lower().removesuffix("s") not in OBJECTS:
        return False
    if SPAN.match(text, start):
        return False  # "analog output 0–10 V": the signal's span, no instance
    before = begin
    while before > 0 and text[before - 1] == " ":
        before -= 1
    return _object(word, text[_word_start(text, before) : before])


def scaled_before(text: str, start: int) -> bool:
    """The number at `start` follows a times sign after a unit: a scale ("in mg/l × 100"),
    not a size ("2 × 4")."""
    end = _blank_start(text, start)
    if end == 0 or text[end - 1] != "×":
        return False
    before = end - 1
    while before > 0 and text[before - 1].isspace():
        before -= 1
    return not (before > 0 and text[before - 1].isdigit())


def _blank_start(text: str, start: int) -> int:
    end = start
    while end > 0 and text[end - 1] in " #":
        end -= 1
    return end


def _word_start(text: str, end: int) -> int:
    begin = end
    while begin > 0 and (text[begin - 1].isalnum() or text[begin - 1] in "_-"):
        begin -= 1
    return begin


def listed_after(between: str, head: str, number: str, after: str) -> bool:
    """`number` goes on an addressed list whose last number was `head`, `between` the two
    (`LISTED`: a comma and a few words), and its item ends right `after` it (the first
    character after its digits): a unit or a word after it tells a value ("combined
    chlorine 30003 mg/l")."""
    return (
        bool(head)
        and after in ITEM_END
        and continues_list(head, number)
        and LISTED.fullmatch(between) is not None
    )
