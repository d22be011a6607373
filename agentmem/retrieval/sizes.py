"""An amount of memory or storage however it is written: one value of one kind.

A lesson says "give the sorter 12 GB", a run's command line says `-Xmx12g`, a scheduler
request says `--mem=12G`, another lesson "a 12GB heap": the same amount, which a reader
comparing values by their written form takes for four. Here each reads as ("size", MiB):
a number with a byte unit (KB, MB, GB, TB, their -iB forms, joined or not); a number with
a one-letter unit in capitals (12G, 2T: "50M rows" counts rows, so M and K never stand
alone); a one-letter unit in lower case only inside an option ("-Xmx12g", "mem=512m",
"--heap 4g") or before a word of memory ("an 8g heap"): "5m" alone is five minutes.
"""

from __future__ import annotations

import re

SIZE_KIND = "size"
FACTOR = {"k": 1 / 1024, "m": 1.0, "g": 1024.0, "t": 1024.0 * 1024}
MEMORY_WORDS = r"(?:heap|stack|memory|ram|rss|mem|disk|volume|quota|buffer|cache)"

BYTE_UNIT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?([kmgt])i?b\b", re.IGNORECASE)
CAPITAL = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)([GT])(?![\w.-]|\.\w)")
# "-Xmx12g", "-Xss4m", "--mem=12G", "heap_max: 512m", "--heap 4g": a letter unit an option
# holds; "=4g" or "--cap 2t" of any option ("--timeout 5m" is five minutes, so m and k only
# in an option named for memory).
_AMOUNT = r"(\d+(?:\.\d+)?)"
_END = r"(?![\w.-]|\.\w)"
OPTION = re.compile(
    rf"(?:(?<![\w])-X[a-z]{{2,3}}|[\w-]*{MEMORY_WORDS}[\w-]*(?:=|:\s?|\s)){_AMOUNT}([kmgt]){_END}"
    rf"|(?:(?<![\w])[\w-]+=|--[\w-]+\s){_AMOUNT}([gt]){_END}",
    re.IGNORECASE,
)
BEFORE_MEMORY = re.compile(
    rf"(?<![\w.])(\d+(?:\.\d+)?)([kmgt])\s+(?:\w+\s+)?{MEMORY_WORDS}\b", re.IGNORECASE
)


def sizes(text: str) -> set[str]:
    """The amounts of memory or storage `text` states, each in MiB, no trailing zeros
    ("12 GB", "12G", "-Xmx12g" and "12288 MiB" are all "12288")."""
    out = set()
    for pattern in (BYTE_UNIT, CAPITAL, OPTION, BEFORE_MEMORY):
        for match in pattern.finditer(text):
            number, unit = (g for g in match.groups() if g)
            amount = round(float(number) * FACTOR[unit.lower()], 3)
            out.add(f"{amount:f}".rstrip("0").rstrip("."))
    return out
