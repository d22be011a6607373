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


def addressing(piece: str) -> bool:
    """The piece is a noun of addressing, or an identifier ending in one ("slave_id")."""
    last = SEPARATOR.split(piece.lower())[-1]
    return last in ADDRESSING or (last.endswith("s") and last[:-1] in ADDRESSING)


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
            open_ = addressing(piece)
    return frozenset(out)


def addressed_before(text: str, start: int) -> bool:
    """The number at `start` of `text` names which one or scales an encoding, no value: it
    follows a noun of addressing, a blank or a "#" between ("holding register 40101", "bay
    #4"), or a times sign after a unit ("in mg/l × 100": the register holds the value a
    hundred times over). Only the few characters before it are read."""
    end = start
    while end > 0 and text[end - 1] in " #":
        end -= 1
    if end > 0 and text[end - 1] == "×" and not text[: end - 1].rstrip()[-1:].isdigit():
        return True  # a scale, not "2 × 4" (a size)
    begin = end
    while begin > 0 and (text[begin - 1].isalnum() or text[begin - 1] in "_-"):
        begin -= 1
    return end < start and begin < end and addressing(text[begin:end])
